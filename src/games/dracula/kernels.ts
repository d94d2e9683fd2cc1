/**
 * Dracula vs Van Helsing simulator kernel (dracula.games): whole games between two strategies.
 * Each game gets its own deck seed and player seed from the shard's stream, so every strategy pair
 * run with the same --seed plays the same deals (common random numbers), and with `swapFirst` each
 * game is replayed from the same seeds with the other player starting every round: the first-mover
 * edge is a paired difference.
 */
import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import type { Rng } from '../../core/rng.js';
import { Rng as RngClass } from '../../core/rng.js';
import { Memo } from '../../core/memo.js';
import { defineLayout, type Layout } from '../../core/accumulator.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { fmtPct, fmtPctCi, textTable, type Row } from '../../core/format.js';
import { STRATEGIES } from './strategies/index.js';
import type { DraculaPlayer } from './strategy.js';
import type { ParsedStrategy } from '../../play/strategy-registry.js';
import { DraculaGame, WIN_DISTRICT, WIN_HEALTH, WIN_ROUNDS } from './engine.js';
import { loadRules, type DraculaRules } from './rules.js';
import { strength } from './cards.js';

export interface GamesParams {
  rules: DraculaRules;
  dracula: ParsedStrategy;
  helsing: ParsedStrategy;
  /** also replay every game with the other player moving first */
  swapFirst: boolean;
}

function layout(r: DraculaRules) {
  const V = r.values;
  return defineLayout({
    games: 1,
    win: 3, // by WIN_ code
    rounds: 1, roundsSq: 1, roundsHist: r.rounds + 1,
    roundEnd: 3, // END_CALLED, END_CARD, END_DECK
    turns: 1, turnsSq: 1, turnsHist: r.suits * r.values + 1,
    // districts by card value, held and won, non-trump and trump apart (a trump 1 wins most districts,
    // a non-trump 1 almost none): Dracula's card then Van Helsing's, value v at index v − 1
    draculaHeld: V, draculaWon: V, helsingHeld: V, helsingWon: V,
    draculaTrumpHeld: V, draculaTrumpWon: V, helsingTrumpHeld: V, helsingTrumpWon: V,
    // the same games with the other player first: wins by code, and the paired difference of Dracula's win
    flipWin: 3, diff: 1, diffSq: 1,
    // the last turn after a call: how often, districts whose winner it changed, districts gained by its player
    lastTurns: 1, lastChanged: 1, lastGain: 1, lastGainSq: 1,
  });
}
type L = Layout<keyof ReturnType<typeof layout>['offset']>;

/** The engine with statistics hooks writing into the accumulator. */
class StatsGame extends DraculaGame {
  acc = new Float64Array(0);
  L!: L;
  /** replays (the first-mover games) record only the outcome */
  main = true;

  override onDistrict(_d: number, a: number, b: number, draculaWon: boolean): void {
    if (!this.main) return;
    const o = this.L.offset, acc = this.acc, V = this.V, S = this.S;
    const va = a % V, vb = b % V;
    const ta = this.rankOf[(a / V) | 0] === S - 1, tb = this.rankOf[(b / V) | 0] === S - 1;
    acc[(ta ? o.draculaTrumpHeld : o.draculaHeld) + va]++;
    acc[(tb ? o.helsingTrumpHeld : o.helsingHeld) + vb]++;
    if (draculaWon) acc[(ta ? o.draculaTrumpWon : o.draculaWon) + va]++;
    else acc[(tb ? o.helsingTrumpWon : o.helsingWon) + vb]++;
  }

  /** Bit d set when Dracula would win district d now. */
  draculaMask(): number {
    const D = this.D, V = this.V, S = this.S, h = this.hand;
    let m = 0;
    for (let d = 0; d < D; d++) if (strength(h[d], V, this.rankOf, S) > strength(h[D + d], V, this.rankOf, S)) m |= 1 << d;
    return m;
  }

  /** Does one last card decide too much? Compare the districts before and after the last turn. */
  override lastTurns(q: number): void {
    if (!this.main) {
      super.lastTurns(q);
      return;
    }
    const before = this.draculaMask();
    super.lastTurns(q);
    const after = this.draculaMask();
    const o = this.L.offset, acc = this.acc;
    let changed = before ^ after, flips = 0;
    while (changed) {
      flips++;
      changed &= changed - 1;
    }
    // districts gained by the player taking the last turn (Dracula's count, or Van Helsing's)
    let gain = popcount(after) - popcount(before);
    if (q === 1) gain = -gain;
    acc[o.lastTurns]++;
    if (flips > 0) acc[o.lastChanged]++;
    acc[o.lastGain] += gain;
    acc[o.lastGainSq] += gain * gain;
  }

  override onRoundEnd(kind: number): void {
    if (!this.main) return;
    const o = this.L.offset, acc = this.acc, t = this.roundTurns;
    acc[o.roundEnd + kind]++;
    acc[o.turns] += t;
    acc[o.turnsSq] += t * t;
    acc[o.turnsHist + Math.min(t, this.N)]++;
  }
}

function popcount(x: number): number {
  let n = 0;
  while (x) {
    n++;
    x &= x - 1;
  }
  return n;
}

interface Built {
  game: StatsGame;
  L: L;
  seeds: Int32Array;
}

const memo = new Memo<Built>(8);

function build(p: GamesParams): Built {
  return memo.get(JSON.stringify(p), () => {
    const players: [DraculaPlayer, DraculaPlayer] = [STRATEGIES.create(p.dracula, p.rules), STRATEGIES.create(p.helsing, p.rules)];
    const game = new StatsGame(p.rules, players, new RngClass(1), new RngClass(2));
    const L = layout(p.rules);
    game.L = L;
    return { game, L, seeds: new Int32Array(8) };
  });
}

function seedFrom(rng: Rng, target: Rng, seeds: Int32Array, at: number): void {
  for (let i = 0; i < 4; i++) seeds[at + i] = rng.nextU32() | 0;
  if ((seeds[at] | seeds[at + 1] | seeds[at + 2] | seeds[at + 3]) === 0) seeds[at] = 1;
  for (let i = 0; i < 4; i++) target.s[i] = seeds[at + i];
}

export interface GamesResult {
  dracula: string;
  helsing: string;
  games: number;
  draculaWins: Proportion;
  helsingWins: Proportion;
  /** how games ended: Dracula by a full district, Dracula by surviving the last round, Van Helsing by health */
  endings: { district: Proportion; rounds: Proportion; health: Proportion };
  roundsPerGame: MeanEstimate;
  turnsPerRound: MeanEstimate;
  /** how rounds ended */
  roundEnds: { called: Proportion; endCard: Proportion; deckEmpty: Proportion };
  /** P(the holder wins the district) by the value of the card held, for each role, non-trump and trump cards apart */
  byValue: { value: number; nonTrump: { dracula: Proportion; helsing: Proportion }; trump: { dracula: Proportion; helsing: Proportion } }[];
  /** the same over all values */
  allValues: { nonTrump: { dracula: Proportion; helsing: Proportion }; trump: { dracula: Proportion; helsing: Proportion } };
  /** the last turn after a call: share that changed a district's winner, districts gained by the player taking it */
  lastTurn: { rounds: number; changed: Proportion; gain: MeanEstimate };
  /** with swapFirst: Dracula's win rate when the other player starts, and the paired difference */
  firstMover: null | { startsAsRules: Proportion; otherStarts: Proportion; difference: MeanEstimate };
}

export const gamesKernel: Kernel<GamesParams, GamesResult> = {
  name: 'dracula.games',
  progress: { label: 'Dracula games', unit: 'games' },
  run(p, rng, count) {
    const { game, L, seeds } = build(p);
    const acc = new Float64Array(L.length);
    game.acc = acc;
    const o = L.offset;
    for (let i = 0; i < count; i++) {
      seedFrom(rng, game.deckRng, seeds, 0);
      seedFrom(rng, game.rng, seeds, 4);
      game.main = true;
      game.firstFlip = 0;
      const w = game.playGame();
      acc[o.games]++;
      acc[o.win + w]++;
      const r = game.round + 1;
      acc[o.rounds] += r;
      acc[o.roundsSq] += r * r;
      acc[o.roundsHist + r]++;
      if (p.swapFirst) {
        for (let k = 0; k < 4; k++) {
          game.deckRng.s[k] = seeds[k];
          game.rng.s[k] = seeds[4 + k];
        }
        game.main = false;
        game.firstFlip = 1;
        const w2 = game.playGame();
        acc[o.flipWin + w2]++;
        const d = (w === WIN_HEALTH ? 0 : 1) - (w2 === WIN_HEALTH ? 0 : 1);
        acc[o.diff] += d;
        acc[o.diffSq] += d * d;
      }
    }
    return acc;
  },
  summarize(p, acc) {
    const L = layout(p.rules), o = L.offset, n = acc[o.games];
    const rounds = acc[o.roundEnd] + acc[o.roundEnd + 1] + acc[o.roundEnd + 2];
    const dw = acc[o.win + WIN_DISTRICT] + acc[o.win + WIN_ROUNDS];
    const byValue: GamesResult['byValue'] = [];
    const V = p.rules.values, sum = (at: number) => acc.subarray(at, at + V).reduce((x, y) => x + y, 0);
    // value v (index v − 1), or every value for v = −1
    const share = (won: number, held: number, v: number) => (v < 0 ? proportion(sum(won), sum(held)) : proportion(acc[won + v], acc[held + v]));
    const kinds = (v: number) => ({
      nonTrump: { dracula: share(o.draculaWon, o.draculaHeld, v), helsing: share(o.helsingWon, o.helsingHeld, v) },
      trump: { dracula: share(o.draculaTrumpWon, o.draculaTrumpHeld, v), helsing: share(o.helsingTrumpWon, o.helsingTrumpHeld, v) },
    });
    for (let v = 0; v < V; v++) byValue.push({ value: v + 1, ...kinds(v) });
    return {
      dracula: STRATEGIES.label(p.dracula),
      helsing: STRATEGIES.label(p.helsing),
      games: n,
      draculaWins: proportion(dw, n),
      helsingWins: proportion(acc[o.win + WIN_HEALTH], n),
      endings: { district: proportion(acc[o.win + WIN_DISTRICT], n), rounds: proportion(acc[o.win + WIN_ROUNDS], n), health: proportion(acc[o.win + WIN_HEALTH], n) },
      roundsPerGame: meanEstimate(n, acc[o.rounds], acc[o.roundsSq]),
      turnsPerRound: meanEstimate(rounds, acc[o.turns], acc[o.turnsSq]),
      roundEnds: { called: proportion(acc[o.roundEnd], rounds), endCard: proportion(acc[o.roundEnd + 1], rounds), deckEmpty: proportion(acc[o.roundEnd + 2], rounds) },
      byValue,
      lastTurn: { rounds: acc[o.lastTurns], changed: proportion(acc[o.lastChanged], acc[o.lastTurns]), gain: meanEstimate(acc[o.lastTurns], acc[o.lastGain], acc[o.lastGainSq]) },
      allValues: kinds(-1),
      firstMover: p.swapFirst ? { startsAsRules: proportion(dw, n), otherStarts: proportion(acc[o.flipWin + WIN_DISTRICT] + acc[o.flipWin + WIN_ROUNDS], n), difference: meanEstimate(n, acc[o.diff], acc[o.diffSq]) } : null,
    };
  },
  format: (r, p) => formatGames(r, p),
  // what `dracula simulate` prints, and `oddsmith merge` of its parts
  finish(p, acc, count, run) {
    const r = gamesKernel.summarize(p, acc, count);
    return { result: { ...r, run }, text: () => formatGames(r, p) + `\n\n${Math.round(run.perSecond)} games/s (${run.workers} worker${run.workers > 1 ? 's' : ''})`, csv: () => simRows(r) };
  },
  sample: () => ({ params: { rules: loadRules(), dracula: STRATEGIES.parse('greedy'), helsing: STRATEGIES.parse('random'), swapFirst: true }, count: 40 }),
};

const pc = (x: Proportion) => `${fmtPct(x.p, 1)} ${fmtPctCi(x.ci95)}`;
const mean = (m: MeanEstimate, d = 2) => `${m.mean.toFixed(d)} ± ${(1.959963984540054 * m.se).toFixed(d)}`;

/** The main table of `dracula simulate --csv`. */
export function simRows(r: GamesResult): Row[] {
  const rows: Row[] = [
    { group: 'outcome', key: 'dracula', n: r.games, p: r.draculaWins.p, low: r.draculaWins.ci95[0], high: r.draculaWins.ci95[1] },
    { group: 'outcome', key: 'dracula-district', n: r.games, p: r.endings.district.p, low: r.endings.district.ci95[0], high: r.endings.district.ci95[1] },
    { group: 'outcome', key: 'dracula-rounds', n: r.games, p: r.endings.rounds.p, low: r.endings.rounds.ci95[0], high: r.endings.rounds.ci95[1] },
    { group: 'outcome', key: 'helsing-health', n: r.games, p: r.helsingWins.p, low: r.helsingWins.ci95[0], high: r.helsingWins.ci95[1] },
  ];
  for (const b of r.byValue) {
    for (const [kind, x] of [['nontrump', b.nonTrump], ['trump', b.trump]] as const) {
      rows.push({ group: 'district-by-value', key: `dracula-${kind}-${b.value}`, n: x.dracula.n, p: x.dracula.p, low: x.dracula.ci95[0], high: x.dracula.ci95[1] });
      rows.push({ group: 'district-by-value', key: `helsing-${kind}-${b.value}`, n: x.helsing.n, p: x.helsing.p, low: x.helsing.ci95[0], high: x.helsing.ci95[1] });
    }
  }
  return rows;
}

export function formatGames(r: GamesResult, p: GamesParams): string {
  const first = p.rules.firstPlayer === 'alternate' ? 'alternating, Dracula first' : p.rules.firstPlayer === 'dracula' ? 'Dracula' : 'Van Helsing';
  const lines = [
    `${r.games} games: Dracula ${r.dracula} vs Van Helsing ${r.helsing} (health ${p.rules.health}, ${p.rules.rounds} rounds, ${p.rules.suits}×${p.rules.values} deck)`,
    '',
    textTable([
      { outcome: 'Dracula wins', share: fmtPct(r.draculaWins.p, 1), ci95: fmtPctCi(r.draculaWins.ci95) },
      { outcome: '  by a full district', share: fmtPct(r.endings.district.p, 1), ci95: fmtPctCi(r.endings.district.ci95) },
      { outcome: `  by surviving ${p.rules.rounds} rounds`, share: fmtPct(r.endings.rounds.p, 1), ci95: fmtPctCi(r.endings.rounds.ci95) },
      { outcome: 'Van Helsing wins (health 0)', share: fmtPct(r.helsingWins.p, 1), ci95: fmtPctCi(r.helsingWins.ci95) },
    ]),
    '',
    `rounds per game ${mean(r.roundsPerGame)}; turns per round ${mean(r.turnsPerRound)}`,
    `rounds ended by a call ${pc(r.roundEnds.called)}, by an endRound card ${pc(r.roundEnds.endCard)}, by an empty deck ${pc(r.roundEnds.deckEmpty)}`,
  ];
  if (r.lastTurn.rounds > 0) lines.push(`last turn after a call (${r.lastTurn.rounds} rounds): changed a district's winner in ${pc(r.lastTurn.changed)}; districts gained by the player taking it ${mean(r.lastTurn.gain)}`);
  if (r.firstMover) {
    const d = r.firstMover.difference;
    lines.push(
      `first mover (same deals replayed): Dracula wins ${pc(r.firstMover.startsAsRules)} when ${first} starts, ${pc(r.firstMover.otherStarts)} when the other starts;` +
        ` edge ${(d.mean * 100).toFixed(1)} points ± ${(1.959963984540054 * d.se * 100).toFixed(1)}`,
    );
  }
  lines.push('', 'districts won by the value of the card held, non-trump and trump apart (P(win), 95% interval):');
  const row = (value: string, b: GamesResult['allValues']) => ({ value, 'Dracula non-trump': pc(b.nonTrump.dracula), 'Helsing non-trump': pc(b.nonTrump.helsing), 'Dracula trump': pc(b.trump.dracula), 'Helsing trump': pc(b.trump.helsing) });
  lines.push(textTable([...r.byValue.map((b) => row(String(b.value), b)), row('all', r.allValues)]));
  return lines.join('\n');
}

export const kernels: Kernel<never, unknown>[] = [gamesKernel as Kernel<never, unknown>];

registerKernels(import.meta.url, kernels);
