/**
 * Weilong simulator kernels.
 *  - weilong.games: whole games at a table of strategies; by seat, strategy and Son; round length;
 *    round endings; and each Son's ability worth by common random numbers (every game is replayed
 *    from the same seeds with one Son's ability switched off; the per-game differences are paired).
 *  - weilong.turn: single turns from a given Collected set (checks the exact Markov chain).
 */
import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import type { Rng } from '../../core/rng.js';
import { meanEstimate, proportion, Z95, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { getStrategy } from '../../../strategies/weilong/index.js';
import { END_ELEMENT, ROUND_OVER, TURN_OVER, WeilongGame } from './engine.js';
import { loadRules, SON_NAMES, type WeilongRules } from './rules.js';
import { simulateText } from './text.js';

export interface GamesParams {
  rules: WeilongRules;
  /** strategy name per seat (2..5 seats) */
  strategies: string[];
  /** also replay each game with each Son's ability off (6× the work) */
  abilityWorth: boolean;
}

/** round-length histogram: bins 1..HIST_MAX-1 turns, the last bin is "HIST_MAX or more" */
export const HIST_MAX = 80;

/** Accumulator layout (offsets into the Float64Array). */
export function gamesLayout(p: GamesParams) {
  const P = p.strategies.length;
  const names = [...new Set(p.strategies)];
  let o = 0;
  const at = (n: number) => ((o += n), o - n);
  return {
    P,
    names,
    games: at(1),
    seatWin: at(P), seatWinSq: at(P), seatPts: at(P), seatPtsSq: at(P),
    stratN: at(names.length), stratWin: at(names.length), stratPts: at(names.length), stratPtsSq: at(names.length),
    sonRounds: at(5), sonWins: at(5), sonElement: at(5), sonDragon: at(5), sonPts: at(5), sonPtsSq: at(5), sonUses: at(5),
    startGames: at(5), startWin: at(5),
    rounds: at(1), stalled: at(1), turns: at(1), turnsSq: at(1), hist: at(HIST_MAX + 1),
    // ability worth per Son k: sums of d_win, d_win², d_pts, d_pts², n, n², d_win·n, d_pts·n (8 each)
    worth: at(40),
    size: o,
  };
}
type GamesLayout = ReturnType<typeof gamesLayout>;

/** The game engine with per-round bookkeeping for the kernel. */
export class SimGame extends WeilongGame {
  acc: Float64Array = new Float64Array(0);
  L!: GamesLayout;
  /** main run (true): accumulate everything; replay (false): only per-game Son tallies */
  main = true;
  readonly gWins = new Float64Array(5);
  readonly gPts = new Float64Array(5);
  readonly gN = new Float64Array(5);
  private readonly usesBefore = new Float64Array(5);

  startGame(): void {
    this.gWins.fill(0);
    this.gPts.fill(0);
    this.gN.fill(0);
  }

  /**
   * Per-Son figures follow the player dealt that Son for the round (startHolder), so a Fifth Son who
   * trades into another card keeps the credit (and the blame) for what his ability did.
   */
  override onRoundEnd(): void {
    const winner = this.winnerCard >= 0 ? this.holder[this.winnerCard] : -1;
    for (let k = 0; k < 5; k++) {
      const p = this.startHolder[k];
      if (p < 0) continue;
      this.gN[k]++;
      this.gPts[k] += this.roundPoints[p];
      if (winner === p) this.gWins[k]++;
    }
    if (!this.main) return;
    const a = this.acc, L = this.L;
    a[L.rounds]++;
    const t = this.roundTurns;
    a[L.turns] += t;
    a[L.turnsSq] += t * t;
    a[L.hist + (t >= HIST_MAX ? HIST_MAX : t)]++;
    if (this.winnerCard < 0) a[L.stalled]++;
    for (let k = 0; k < 5; k++) {
      const p = this.startHolder[k];
      if (p < 0) continue;
      const pts = this.roundPoints[p];
      a[L.sonRounds + k]++;
      a[L.sonPts + k] += pts;
      a[L.sonPtsSq + k] += pts * pts;
      a[L.sonUses + k] += this.abilityUses[k] - this.usesBefore[k];
      this.usesBefore[k] = this.abilityUses[k];
      if (winner === p) {
        a[L.sonWins + k]++;
        if (this.endKind === 0) a[L.sonElement + k]++;
        else if (this.endKind === 1) a[L.sonDragon + k]++;
      }
    }
  }

  /** the table's strategy index per seat, and copies of the main run's per-Son tallies */
  stratIndex = new Int32Array(5);
  readonly onWins = new Float64Array(5);
  readonly onPts = new Float64Array(5);
  readonly onN = new Float64Array(5);

  /** One game: seed words from the shard's stream, the main run, and (worth) the five replays. */
  playOne(rng: Rng, worth: boolean): void {
    this.seeds[0] = rng.nextU32();
    this.seeds[1] = rng.nextU32();
    this.playMain();
    if (worth) this.playWorth();
  }

  /**
   * One game from the seed words in `seeds`, every ability on; accumulate by seat, strategy and
   * starting Son. (Accumulation lives in methods, not in the caller's loop: a long loop in a
   * function called once may run unoptimized, and there every double it touches is boxed.)
   */
  playMain(): void {
    const acc = this.acc, L = this.L, P = this.players;
    this.main = true;
    this.setAbilityMask(31);
    this.startGame();
    this.syncUses();
    this.playSeededGame();
    acc[L.games]++;
    for (let s = 0; s < P; s++) {
      const w = this.winShare[s], pts = this.score[s], si = this.stratIndex[s], fc = this.firstCard[s];
      acc[L.seatWin + s] += w;
      acc[L.seatWinSq + s] += w * w;
      acc[L.seatPts + s] += pts;
      acc[L.seatPtsSq + s] += pts * pts;
      acc[L.stratN + si]++;
      acc[L.stratWin + si] += w;
      acc[L.stratPts + si] += pts;
      acc[L.stratPtsSq + si] += pts * pts;
      acc[L.startGames + fc]++;
      acc[L.startWin + fc] += w;
    }
    this.onWins.set(this.gWins);
    this.onPts.set(this.gPts);
    this.onN.set(this.gN);
  }

  /** Replay the same game once per Son with that Son's ability off; accumulate the paired differences. */
  playWorth(): void {
    const acc = this.acc, L = this.L;
    this.main = false;
    for (let k = 0; k < 5; k++) {
      if (!this.rules.abilities[k]) continue;
      this.setAbilityMask(31 & ~(1 << k));
      this.startGame();
      this.playSeededGame();
      const dw = this.onWins[k] - this.gWins[k], dp = this.onPts[k] - this.gPts[k], n = this.onN[k];
      const o = L.worth + 8 * k;
      acc[o] += dw;
      acc[o + 1] += dw * dw;
      acc[o + 2] += dp;
      acc[o + 3] += dp * dp;
      acc[o + 4] += n;
      acc[o + 5] += n * n;
      acc[o + 6] += dw * n;
      acc[o + 7] += dp * n;
    }
    this.syncUses();
  }

  syncUses(): void {
    for (let k = 0; k < 5; k++) this.usesBefore[k] = this.abilityUses[k];
  }
}

const simCache = new Map<string, { g: SimGame }>();

function simFor(p: GamesParams) {
  const key = JSON.stringify(p);
  let s = simCache.get(key);
  if (!s) {
    const g = new SimGame(p.rules);
    g.setPlayers(p.strategies.map(getStrategy));
    const L = gamesLayout(p);
    g.L = L;
    g.stratIndex = Int32Array.from(p.strategies.map((n) => L.names.indexOf(n)));
    s = { g };
    simCache.set(key, s);
  }
  return s;
}

/** Play `count` games on `rng` into `acc` (exported for the allocation test and the bench). */
export function playGames(p: GamesParams, rng: Rng, count: number, acc: Float64Array): void {
  const { g } = simFor(p);
  g.acc = acc;
  const worth = p.abilityWorth;
  for (let i = 0; i < count; i++) g.playOne(rng, worth);
}

export interface RatioEstimate {
  estimate: number;
  se: number;
  ci95: [number, number];
}

/** Σd / Σn with the delta-method standard error over independent games. */
function ratio(G: number, sd: number, sd2: number, sn: number, sn2: number, sdn: number): RatioEstimate {
  if (G < 2 || sn === 0) return { estimate: NaN, se: NaN, ci95: [NaN, NaN] };
  const r = sd / sn;
  const ss = Math.max(0, sd2 - 2 * r * sdn + r * r * sn2);
  const se = Math.sqrt(ss / (G * (G - 1))) / (sn / G);
  return { estimate: r, se, ci95: [r - Z95 * se, r + Z95 * se] };
}

export interface GamesResult {
  game: 'weilong';
  players: number;
  strategies: string[];
  games: number;
  bySeat: { seat: number; strategy: string; winRate: Proportion; meanPoints: MeanEstimate }[];
  byStrategy: { strategy: string; seats: number; playerGames: number; winRate: Proportion; meanPoints: MeanEstimate }[];
  bySon: {
    son: number;
    name: string;
    roundsHeld: number;
    roundWinRate: Proportion;
    elementEndings: number;
    dragonEndings: number;
    meanRoundPoints: MeanEstimate;
    abilityUsesPerRound: number;
    startingSonGameWinRate: Proportion;
  }[];
  rounds: { count: number; stalled: number; meanTurns: MeanEstimate; histogram: { turns: string; rounds: number }[] };
  roundEndings: { element: number; dragon: number; stalled: number };
  abilityWorth: { son: number; name: string; roundWinRateChange: RatioEstimate; roundPointsChange: RatioEstimate }[] | null;
}

export const gamesKernel: Kernel<GamesParams, GamesResult> = {
  name: 'weilong.games',
  sample: () => ({ params: { rules: loadRules(), strategies: ['adaptive', 'element', 'dragon'], abilityWorth: true }, count: 200 }),
  run(p, rng, count) {
    const acc = new Float64Array(gamesLayout(p).size);
    playGames(p, rng, count, acc);
    return acc;
  },
  summarize(p, a) {
    const L = gamesLayout(p);
    const G = a[L.games];
    const bySeat = p.strategies.map((s, i) => ({
      seat: i + 1,
      strategy: s,
      winRate: proportion(a[L.seatWin + i], G),
      meanPoints: meanEstimate(G, a[L.seatPts + i], a[L.seatPtsSq + i]),
    }));
    const byStrategy = L.names.map((s, i) => ({
      strategy: s,
      seats: p.strategies.filter((x) => x === s).length,
      playerGames: a[L.stratN + i],
      winRate: proportion(a[L.stratWin + i], a[L.stratN + i]),
      meanPoints: meanEstimate(a[L.stratN + i], a[L.stratPts + i], a[L.stratPtsSq + i]),
    }));
    const bySon = [0, 1, 2, 3, 4].map((k) => ({
      son: k + 1,
      name: SON_NAMES[k],
      roundsHeld: a[L.sonRounds + k],
      roundWinRate: proportion(a[L.sonWins + k], a[L.sonRounds + k]),
      elementEndings: a[L.sonElement + k],
      dragonEndings: a[L.sonDragon + k],
      meanRoundPoints: meanEstimate(a[L.sonRounds + k], a[L.sonPts + k], a[L.sonPtsSq + k]),
      abilityUsesPerRound: a[L.sonRounds + k] ? a[L.sonUses + k] / a[L.sonRounds + k] : NaN,
      startingSonGameWinRate: proportion(a[L.startWin + k], a[L.startGames + k]),
    }));
    const histogram: { turns: string; rounds: number }[] = [];
    let last = 1;
    for (let t = 1; t <= HIST_MAX; t++) if (a[L.hist + t] > 0) last = t;
    for (let t = 1; t <= last; t++) histogram.push({ turns: t === HIST_MAX ? `${HIST_MAX}+` : String(t), rounds: a[L.hist + t] });
    let element = 0, dragon = 0;
    for (let k = 0; k < 5; k++) {
      element += a[L.sonElement + k];
      dragon += a[L.sonDragon + k];
    }
    const abilityWorth = p.abilityWorth
      ? [0, 1, 2, 3, 4]
          .filter((k) => p.rules.abilities[k])
          .map((k) => {
            const o = L.worth + 8 * k;
            return {
              son: k + 1,
              name: SON_NAMES[k],
              roundWinRateChange: ratio(G, a[o], a[o + 1], a[o + 4], a[o + 5], a[o + 6]),
              roundPointsChange: ratio(G, a[o + 2], a[o + 3], a[o + 4], a[o + 5], a[o + 7]),
            };
          })
      : null;
    return {
      game: 'weilong',
      players: L.P,
      strategies: p.strategies,
      games: G,
      bySeat,
      byStrategy,
      bySon,
      rounds: { count: a[L.rounds], stalled: a[L.stalled], meanTurns: meanEstimate(a[L.rounds], a[L.turns], a[L.turnsSq]), histogram },
      roundEndings: { element, dragon, stalled: a[L.stalled] },
      abilityWorth,
    };
  },
  format: (r) => simulateText(r),
};

// ---------------------------------------------------------------- single turns

export interface TurnParams {
  rules: WeilongRules;
  son: number;
  strategy: string;
  /** Collected counts by face, index 0 unused, 1..6 */
  collected: number[];
  /** ability of this Son on (true) or off */
  ability: boolean;
}

/** accumulator: trials, element, dragon, sum net collected, sum², ended at once */
export const turnKernel: Kernel<TurnParams, TurnSimResult> = {
  name: 'weilong.turn',
  sample: () => ({ params: { rules: loadRules(), son: 1, strategy: 'adaptive', collected: [0, 0, 0, 0, 0, 0, 0], ability: true }, count: 20_000 }),
  run(p, rng, count) {
    const acc = new Float64Array(6);
    simulateTurns(p, rng, count, acc);
    return acc;
  },
  summarize(p, a) {
    const n = a[0];
    return {
      trials: n,
      pElement: proportion(a[1], n),
      pDragon: proportion(a[2], n),
      expectedCollected: meanEstimate(n, a[3], a[4]),
      pEndAtOnce: proportion(a[5], n),
    };
  },
};

export interface TurnSimResult {
  trials: number;
  pElement: Proportion;
  pDragon: Proportion;
  expectedCollected: MeanEstimate;
  pEndAtOnce: Proportion;
}

const turnCache = new Map<string, WeilongGame>();

/** Simulate single solo turns from the given Collected set (dice from `rng`). */
export function simulateTurns(p: TurnParams, rng: Rng, count: number, acc: Float64Array): void {
  const key = JSON.stringify(p);
  let g = turnCache.get(key);
  if (!g) {
    g = new WeilongGame(p.rules);
    turnCache.set(key, g);
  }
  const c = p.son - 1;
  g.setupSolo(c, getStrategy(p.strategy));
  g.setAbilityMask(p.ability ? 31 : 31 & ~(1 << c));
  g.streams[c] = rng;
  let start = 0;
  for (let f = 1; f <= 6; f++) start += p.collected[f];
  for (let i = 0; i < count; i++) {
    g.setCollected(c, p.collected);
    let rolls = 0, res = TURN_OVER;
    while (g.ncol[c] < 5) {
      g.rollFor(c);
      rolls++;
      res = g.resolveRoll(c);
      if (res !== 1) break;
    }
    acc[0]++;
    if (res === ROUND_OVER) {
      if (g.endKind === END_ELEMENT) acc[1]++;
      else acc[2]++;
    } else if (rolls <= 1) acc[5]++;
    const net = g.ncol[c] - start;
    acc[3] += net;
    acc[4] += net * net;
  }
}

export const kernels: Kernel<never, unknown>[] = [gamesKernel as Kernel<never, unknown>, turnKernel as Kernel<never, unknown>];

registerKernels(import.meta.url, kernels);
