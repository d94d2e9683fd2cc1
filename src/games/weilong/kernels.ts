/**
 * Weilong simulator kernels.
 *  - weilong.games: whole games at a table of strategies; by seat, strategy and Son; round length;
 *    round endings; and each Son's ability worth by common random numbers (every game is replayed
 *    from the same seeds with one Son's ability switched off; the per-game differences are paired).
 *    Seats rotate game by game (in a shard's game g, seat s gets the strategy listed at (s + g) mod P,
 *    as in mahjong), so "by seat" is the seat effect alone and "by strategy" is free of it.
 *  - weilong.turn: single turns from a given Collected set (checks the exact Markov chain).
 */
import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import type { Rng } from '../../core/rng.js';
import { defineLayout, type Layout } from '../../core/accumulator.js';
import { Memo } from '../../core/memo.js';
import { meanEstimate, proportion, Z95 } from '../../core/stats.js';
import { getStrategy } from './strategies/index.js';
import { ALL_ABILITIES, END_DRAGON, END_ELEMENT, ROLL_AGAIN, ROUND_OVER, TURN_OVER, WeilongGame, type WeilongStrategy } from './engine.js';
import { loadRules, SON_NAMES, type WeilongRules } from './rules.js';
import type { GamesResult, RatioEstimate, TurnSimResult } from './summary.js';
import { simulateRows, simulateText } from './text.js';

export type { GamesResult, RatioEstimate, TurnSimResult } from './summary.js';

export interface GamesParams {
  rules: WeilongRules;
  /** strategy name per slot (2..5 players); slot i sits in seat i when seats are fixed */
  strategies: string[];
  /** rotate seats game by game so that every strategy sits in every seat equally often (false: fixed seats) */
  rotate: boolean;
  /** also replay each game with each Son's ability off (6× the work) */
  abilityWorth: boolean;
}

/** round-length histogram: bins 1..HIST_MAX-1 turns, the last bin is "HIST_MAX or more" */
export const HIST_MAX = 80;

/** Ability worth, per Son k: sums over games of the paired differences d (with − without) and the Son's rounds n. */
export const WORTH = defineLayout({ dWin: 1, dWin2: 1, dPts: 1, dPts2: 1, n: 1, n2: 1, dWinN: 1, dPtsN: 1 });

type GamesSlot =
  | 'games' | 'seatWin' | 'seatWinSq' | 'seatPts' | 'seatPtsSq' | 'stratN' | 'stratWin' | 'stratPts' | 'stratPtsSq'
  | 'sonRounds' | 'sonWins' | 'sonElement' | 'sonDragon' | 'sonPts' | 'sonPtsSq' | 'sonUses' | 'startGames' | 'startWin'
  | 'rounds' | 'stalled' | 'turns' | 'turnsSq' | 'hist' | 'worth';

/** The games accumulator: per seat (P), per distinct strategy, per Son (5), per round, and ability worth. */
export function gamesLayout(p: GamesParams): { P: number; names: string[]; layout: Layout<GamesSlot>; size: number } {
  const P = p.strategies.length;
  const names = [...new Set(p.strategies)];
  const S = names.length;
  const layout = defineLayout<GamesSlot>({
    games: 1,
    seatWin: P, seatWinSq: P, seatPts: P, seatPtsSq: P,
    stratN: S, stratWin: S, stratPts: S, stratPtsSq: S,
    sonRounds: 5, sonWins: 5, sonElement: 5, sonDragon: 5, sonPts: 5, sonPtsSq: 5, sonUses: 5,
    startGames: 5, startWin: 5,
    rounds: 1, stalled: 1, turns: 1, turnsSq: 1, hist: HIST_MAX + 1,
    worth: 5 * WORTH.length,
  });
  return { P, names, layout, size: layout.length };
}

/** The game engine with per-round bookkeeping for the kernel. */
export class SimGame extends WeilongGame {
  acc: Float64Array = new Float64Array(0);
  /** slot offsets of the accumulator */
  L!: Readonly<Record<GamesSlot, number>>;
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
        if (this.endKind === END_ELEMENT) a[L.sonElement + k]++;
        else if (this.endKind === END_DRAGON) a[L.sonDragon + k]++;
      }
    }
  }

  /** the table's strategy index per seat (this game's), and copies of the main run's per-Son tallies */
  readonly stratIndex = new Int32Array(5);
  /** per slot (the listed order): its strategy and its index among the distinct strategies */
  slotStrategies: WeilongStrategy[] = [];
  slotIndex = new Int32Array(5);
  readonly onWins = new Float64Array(5);
  readonly onPts = new Float64Array(5);
  readonly onN = new Float64Array(5);
  /** per Son, after replayEachAbilityOff: his round wins and points with − without his ability (0: the rules leave it off) */
  readonly dWin = new Float64Array(5);
  readonly dPts = new Float64Array(5);

  /** Seat the slots for one game: slot (s + rotation) mod P sits in seat s (allocation-free). */
  seatSlots(rotation: number): void {
    const P = this.players;
    for (let s = 0; s < P; s++) {
      const slot = (s + rotation) % P;
      this.strategies[s] = this.slotStrategies[slot];
      this.stratIndex[s] = this.slotIndex[slot];
    }
  }

  /** One game: its seating, seed words from the shard's stream, the main run, and (worth) the five replays. */
  playOne(rng: Rng, worth: boolean, rotation: number): void {
    this.seatSlots(rotation);
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
    this.playAllOn();
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
  }

  /**
   * The game in `seeds` with every ability on (accumulated as `main` says); each Son's tallies kept
   * in onWins, onPts, onN for the replays.
   */
  playAllOn(): void {
    this.setAbilityMask(ALL_ABILITIES);
    this.startGame();
    this.syncUses();
    this.playSeededGame();
    this.onWins.set(this.gWins);
    this.onPts.set(this.gPts);
    this.onN.set(this.gN);
  }

  /**
   * One game both ways, per Son — the ability worth of `weilong simulate` and of the ladder: after
   * playAllOn, the same game replayed from the same seeds once per Son with his ability alone off,
   * nothing accumulated; into dWin[k], dPts[k] his round wins and points with − without it.
   */
  replayEachAbilityOff(): void {
    this.main = false;
    for (let k = 0; k < 5; k++) {
      this.dWin[k] = 0;
      this.dPts[k] = 0;
      if (!this.rules.abilities[k]) continue;
      this.setAbilityMask(ALL_ABILITIES & ~(1 << k));
      this.startGame();
      this.playSeededGame();
      this.dWin[k] = this.onWins[k] - this.gWins[k];
      this.dPts[k] = this.onPts[k] - this.gPts[k];
    }
  }

  /** Replay the same game once per Son with that Son's ability off; accumulate the paired differences. */
  playWorth(): void {
    const acc = this.acc, L = this.L, W = WORTH.offset;
    this.replayEachAbilityOff();
    for (let k = 0; k < 5; k++) {
      if (!this.rules.abilities[k]) continue;
      const dw = this.dWin[k], dp = this.dPts[k], n = this.onN[k];
      const o = L.worth + WORTH.length * k;
      acc[o + W.dWin] += dw;
      acc[o + W.dWin2] += dw * dw;
      acc[o + W.dPts] += dp;
      acc[o + W.dPts2] += dp * dp;
      acc[o + W.n] += n;
      acc[o + W.n2] += n * n;
      acc[o + W.dWinN] += dw * n;
      acc[o + W.dPtsN] += dp * n;
    }
    this.syncUses();
  }

  syncUses(): void {
    for (let k = 0; k < 5; k++) this.usesBefore[k] = this.abilityUses[k];
  }
}

/** one engine per table (rules, strategies) and thread: built once, reused by every shard */
const sims = new Memo<SimGame>(16);

function simFor(p: GamesParams): SimGame {
  return sims.get(JSON.stringify(p), () => {
    const g = new SimGame(p.rules);
    g.setPlayers(p.strategies.map(getStrategy));
    const { names, layout } = gamesLayout(p);
    g.L = layout.offset;
    g.slotStrategies = p.strategies.map(getStrategy);
    g.slotIndex = Int32Array.from(p.strategies.map((n) => names.indexOf(n)));
    return g;
  });
}

/** Play `count` games on `rng` into `acc` (exported for the allocation test and the bench). */
export function playGames(p: GamesParams, rng: Rng, count: number, acc: Float64Array): void {
  const g = simFor(p);
  g.acc = acc;
  const worth = p.abilityWorth, P = g.players;
  // the rotation follows the game's index in the shard: the same for any worker count
  for (let i = 0; i < count; i++) g.playOne(rng, worth, p.rotate ? i % P : 0);
}

/** Σd / Σn with the delta-method standard error over independent games. */
function ratio(G: number, sd: number, sd2: number, sn: number, sn2: number, sdn: number): RatioEstimate {
  if (G < 2 || sn === 0) return { estimate: NaN, se: NaN, ci95: [NaN, NaN] };
  const r = sd / sn;
  const ss = Math.max(0, sd2 - 2 * r * sdn + r * r * sn2);
  const se = Math.sqrt(ss / (G * (G - 1))) / (sn / G);
  return { estimate: r, se, ci95: [r - Z95 * se, r + Z95 * se] };
}

export const gamesKernel: Kernel<GamesParams, GamesResult> = {
  name: 'weilong.games',
  progress: { label: 'Weilong games', unit: 'games' },
  sample: () => ({ params: { rules: loadRules(), strategies: ['adaptive', 'element', 'dragon'], rotate: true, abilityWorth: true }, count: 200 }),
  run(p, rng, count) {
    const acc = new Float64Array(gamesLayout(p).size);
    playGames(p, rng, count, acc);
    return acc;
  },
  summarize(p, a) {
    const { P, names, layout } = gamesLayout(p);
    const L = layout.offset;
    const G = a[L.games];
    // with rotation no strategy owns a seat: a seat's figures are the seat effect alone
    const bySeat = p.strategies.map((s, i) => ({
      seat: i + 1,
      ...(p.rotate ? {} : { strategy: s }),
      winRate: proportion(a[L.seatWin + i], G),
      meanPoints: meanEstimate(G, a[L.seatPts + i], a[L.seatPtsSq + i]),
    }));
    const byStrategy = names.map((s, i) => ({
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
            const o = L.worth + WORTH.length * k, W = WORTH.offset;
            return {
              son: k + 1,
              name: SON_NAMES[k],
              roundWinRateChange: ratio(G, a[o + W.dWin], a[o + W.dWin2], a[o + W.n], a[o + W.n2], a[o + W.dWinN]),
              roundPointsChange: ratio(G, a[o + W.dPts], a[o + W.dPts2], a[o + W.n], a[o + W.n2], a[o + W.dPtsN]),
            };
          })
      : null;
    return {
      game: 'weilong',
      players: P,
      strategies: p.strategies,
      rotate: p.rotate,
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
  // what `weilong simulate` prints, and `oddsmith merge` of its parts
  finish(p, a, count, run) {
    const r = gamesKernel.summarize(p, a, count);
    const result = { ...r, seed: run.seed, workers: run.workers, shardCount: run.shardCount, seconds: run.seconds, gamesPerSecond: run.perSecond };
    const text = () => simulateText(r) + `\n\n${Math.round(run.perSecond)} games/s${p.abilityWorth ? ' (each also replayed 5× for ability worth)' : ''} (${run.workers} worker${run.workers > 1 ? 's' : ''}, ${run.seconds.toFixed(2)} s)`;
    return { result, text, csv: () => simulateRows(r) };
  },
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

/** The single-turn accumulator: turns, five-of-element, Dragon, Σ net Collected, Σ net², turns ended at once. */
export const TURN = defineLayout({ trials: 1, element: 1, dragon: 1, collected: 1, collected2: 1, endAtOnce: 1 });

export const turnKernel: Kernel<TurnParams, TurnSimResult> = {
  name: 'weilong.turn',
  progress: { label: 'Weilong turns', unit: 'turns' },
  sample: () => ({ params: { rules: loadRules(), son: 1, strategy: 'adaptive', collected: [0, 0, 0, 0, 0, 0, 0], ability: true }, count: 20_000 }),
  run(p, rng, count) {
    const acc = new Float64Array(TURN.length);
    simulateTurns(p, rng, count, acc);
    return acc;
  },
  summarize(p, a) {
    const T = TURN.offset, n = a[T.trials];
    return {
      trials: n,
      pElement: proportion(a[T.element], n),
      pDragon: proportion(a[T.dragon], n),
      expectedCollected: meanEstimate(n, a[T.collected], a[T.collected2]),
      pEndAtOnce: proportion(a[T.endAtOnce], n),
    };
  },
};

/** one solo engine per turn position and thread */
const turnGames = new Memo<WeilongGame>(64);

/** Simulate single solo turns from the given Collected set (dice from `rng`) into a TURN accumulator. */
export function simulateTurns(p: TurnParams, rng: Rng, count: number, acc: Float64Array): void {
  const g = turnGames.get(JSON.stringify(p), () => new WeilongGame(p.rules));
  const c = p.son - 1, T = TURN.offset;
  g.setupSolo(c, getStrategy(p.strategy));
  g.setAbilityMask(p.ability ? ALL_ABILITIES : ALL_ABILITIES & ~(1 << c));
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
      if (res !== ROLL_AGAIN) break;
    }
    acc[T.trials]++;
    if (res === ROUND_OVER) {
      if (g.endKind === END_ELEMENT) acc[T.element]++;
      else acc[T.dragon]++;
    } else if (rolls <= 1) acc[T.endAtOnce]++;
    const net = g.ncol[c] - start;
    acc[T.collected] += net;
    acc[T.collected2] += net * net;
  }
}

export const kernels: Kernel<never, unknown>[] = [gamesKernel as Kernel<never, unknown>, turnKernel as Kernel<never, unknown>];

registerKernels(import.meta.url, kernels);
