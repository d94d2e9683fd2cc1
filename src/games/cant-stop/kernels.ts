/**
 * Can't Stop simulator kernels:
 * - cant-stop.games: whole games between 1–4 strategies (seats rotated game by game, so each
 *   strategy moves first equally often); one player is solitaire (turns to claim the columns);
 * - cant-stop.turn: single turns from the empty board, by a strategy or the exact optimal-turn
 *   policy (its exact counterpart: OptimalTurn in exact.ts).
 */
import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import { Memo } from '../../core/memo.js';
import { defineLayout } from '../../core/accumulator.js';
import { meanEstimate, proportion, Z95, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { fmtPct, fmtPctCi, textTable, type Row } from '../../core/format.js';
import { STRATEGIES } from './strategies/index.js';
import type { ParsedStrategy } from '../../play/strategy-registry.js';
import { CantStopEngine, DRAW, MAX_MOVES } from './engine.js';
import { OptimalTurn, type TurnResult } from './exact.js';
import { COLUMNS, columnSum, loadRules, type CantStopRules } from './rules.js';
import type { CantStopPlayer } from './strategy.js';
import { ROLLS } from './tables.js';

const MAX_PLAYERS = 4;
/** game lengths (turns) are counted in a histogram up to this; longer games go in the last bin */
const TURN_BINS = 200;

export interface GamesParams {
  rules: CantStopRules;
  /** one strategy per player (1–4), in the order given */
  players: ParsedStrategy[];
  /** rotate seats game by game (game g: seat s is played by player (s + g) mod n) */
  rotate: boolean;
}

const gamesLayout = defineLayout({
  games: 1, draws: 1,
  winBySeat: MAX_PLAYERS, winByPlayer: MAX_PLAYERS,
  turns: 1, turnsSq: 1, turnsHist: TURN_BINS + 1,
  rolls: 1, busts: 1,
  claimed: COLUMNS,
});

/** The engine counting rolls and busts into an accumulator. */
class StatsEngine extends CantStopEngine {
  acc = new Float64Array(0);

  protected override onRoll(): void {
    this.acc[gamesLayout.offset.rolls]++;
  }

  protected override onTurnEnd(busted: boolean): void {
    if (busted) this.acc[gamesLayout.offset.busts]++;
  }
}

interface BuiltGames {
  engine: StatsEngine;
  players: CantStopPlayer[];
  seated: CantStopPlayer[];
  moves: Int32Array;
}

const gamesMemo = new Memo<BuiltGames>(8);

function buildGames(p: GamesParams): BuiltGames {
  return gamesMemo.get(JSON.stringify(p), () => {
    const players = p.players.map((s) => STRATEGIES.create(s, p.rules));
    return { engine: new StatsEngine(p.rules, players.length), players, seated: [...players], moves: new Int32Array(MAX_MOVES) };
  });
}

export interface GamesResult {
  games: number;
  players: { player: number; strategy: string; wins: Proportion }[];
  /** wins by seat in the order of play (seat 1 moves first) */
  seats: { seat: number; wins: Proportion }[];
  draws: Proportion;
  /** turns per game (all players' turns) */
  turns: MeanEstimate;
  /** turns per game as a histogram (last bin: that many or more) */
  turnsHistogram: number[];
  bustPerTurn: Proportion;
  rollsPerTurn: number;
  /** share of games in which each column was claimed by someone */
  claimed: { column: number; share: Proportion }[];
}

export const gamesKernel: Kernel<GamesParams, GamesResult> = {
  name: 'cant-stop.games',
  progress: { label: "Can't Stop games", unit: 'games' },
  run(p, rng, count) {
    const { engine, players, seated, moves } = buildGames(p);
    const acc = new Float64Array(gamesLayout.length);
    engine.acc = acc;
    const o = gamesLayout.offset, n = players.length;
    for (let g = 0; g < count; g++) {
      const shift = p.rotate ? g % n : 0;
      for (let s = 0; s < n; s++) seated[s] = players[(s + shift) % n];
      const w = engine.playGame(seated, rng, moves);
      acc[o.games]++;
      if (w === DRAW) acc[o.draws]++;
      else {
        acc[o.winBySeat + w]++;
        acc[o.winByPlayer + ((w + shift) % n)]++;
      }
      const t = engine.turns;
      acc[o.turns] += t;
      acc[o.turnsSq] += t * t;
      acc[o.turnsHist + (t < TURN_BINS ? t : TURN_BINS)]++;
      for (let c = 0; c < COLUMNS; c++) if (engine.claimedBy[c] >= 0) acc[o.claimed + c]++;
    }
    return acc;
  },
  summarize(p, acc) {
    const o = gamesLayout.offset, n = acc[o.games], turns = acc[o.turns];
    return {
      games: n,
      players: p.players.map((s, i) => ({ player: i + 1, strategy: STRATEGIES.label(s), wins: proportion(acc[o.winByPlayer + i], n) })),
      seats: p.players.map((_, i) => ({ seat: i + 1, wins: proportion(acc[o.winBySeat + i], n) })),
      draws: proportion(acc[o.draws], n),
      turns: meanEstimate(n, turns, acc[o.turnsSq]),
      turnsHistogram: Array.from(acc.subarray(o.turnsHist, o.turnsHist + TURN_BINS + 1)),
      bustPerTurn: proportion(acc[o.busts], turns),
      rollsPerTurn: acc[o.rolls] / turns,
      claimed: Array.from({ length: COLUMNS }, (_, c) => ({ column: columnSum(c), share: proportion(acc[o.claimed + c], n) })),
    };
  },
  format: (r, p) => formatGames(r, p),
  finish(p, acc, count, run) {
    const r = gamesKernel.summarize(p, acc, count);
    return { result: { ...r, run }, text: () => formatGames(r, p) + `\n\n${Math.round(run.perSecond)} games/s (${run.workers} worker${run.workers > 1 ? 's' : ''})`, csv: () => gamesRows(r) };
  },
  sample: () => ({ params: { rules: loadRules(), players: [STRATEGIES.parse('rule28'), STRATEGIES.parse('random')], rotate: true }, count: 40 }),
};

const pc = (x: Proportion) => `${fmtPct(x.p, 1)} ${fmtPctCi(x.ci95)}`;
const pm = (m: MeanEstimate, d = 2) => `${m.mean.toFixed(d)} ± ${(Z95 * m.se).toFixed(d)}`;

export function gamesRows(r: GamesResult): Row[] {
  return [
    ...r.players.map((x) => ({ group: 'player', key: `${x.player} ${x.strategy}`, n: x.wins.n, p: x.wins.p, low: x.wins.ci95[0], high: x.wins.ci95[1] })),
    ...r.seats.map((x) => ({ group: 'seat', key: String(x.seat), n: x.wins.n, p: x.wins.p, low: x.wins.ci95[0], high: x.wins.ci95[1] })),
    { group: 'draw', key: 'draw', n: r.draws.n, p: r.draws.p, low: r.draws.ci95[0], high: r.draws.ci95[1] },
    ...r.claimed.map((x) => ({ group: 'column-claimed', key: String(x.column), n: x.share.n, p: x.share.p, low: x.share.ci95[0], high: x.share.ci95[1] })),
  ];
}

export function formatGames(r: GamesResult, p: GamesParams): string {
  const n = p.players.length;
  const rules = `${p.rules.columnsToWin} columns to win`;
  if (n === 1) {
    return [
      `${r.games} solitaire games of ${r.players[0].strategy} (${rules})`,
      '',
      `turns to win ${pm(r.turns, 3)} (sd ${r.turns.sd.toFixed(2)}); busts ${pc(r.bustPerTurn)} of turns; ${r.rollsPerTurn.toFixed(2)} rolls per turn`,
      `draws (turn limit ${p.rules.turnLimit}): ${pc(r.draws)}`,
    ].join('\n');
  }
  const lines = [
    `${r.games} games, ${n} players${p.rotate ? ' (seats rotated game by game)' : ''}: ${r.players.map((x) => x.strategy).join(' vs ')} (${rules})`,
    '',
    textTable([
      ...r.players.map((x) => ({ '': `player ${x.player}`, strategy: x.strategy, wins: fmtPct(x.wins.p, 1), ci95: fmtPctCi(x.wins.ci95) })),
      ...r.seats.map((x) => ({ '': `seat ${x.seat}`, strategy: x.seat === 1 ? '(moves first)' : '', wins: fmtPct(x.wins.p, 1), ci95: fmtPctCi(x.wins.ci95) })),
      { '': 'draws', strategy: `(turn limit ${p.rules.turnLimit})`, wins: fmtPct(r.draws.p, 1), ci95: fmtPctCi(r.draws.ci95) },
    ]),
    '',
    `turns per game ${pm(r.turns)} (all players); busts ${pc(r.bustPerTurn)} of turns; ${r.rollsPerTurn.toFixed(2)} rolls per turn`,
    `columns claimed (share of games): ${r.claimed.map((x) => `${x.column}: ${fmtPct(x.share.p, 0)}`).join(', ')}`,
  ];
  return lines.join('\n');
}

// ---- single turns ------------------------------------------------------------------------------

export interface TurnParams {
  rules: CantStopRules;
  /** a strategy, or null for the exact optimal-turn policy */
  player: ParsedStrategy | null;
}

const turnLayout = defineLayout({ turns: 1, progress: 1, progressSq: 1, busts: 1, rolls: 1, rollsSq: 1 });

/** The exact optimal single turn as a player (empty board, seat 0). */
class OptimalTurnPlayer implements CantStopPlayer {
  constructor(private readonly t: OptimalTurn) {}
  chooseMove(b: CantStopEngine, moves: Int32Array, n: number): number {
    return this.t.bestMove(b, moves, n);
  }
  rollAgain(b: CantStopEngine): boolean {
    return this.t.rollsOn(b);
  }
}

const optimalTurns = new Memo<OptimalTurn>(2);
export const optimalTurn = (rules: CantStopRules): OptimalTurn => optimalTurns.get(JSON.stringify(rules), () => new OptimalTurn(rules));

const turnMemo = new Memo<{ engine: CantStopEngine; player: CantStopPlayer; moves: Int32Array }>(8);

export interface TurnSimResult {
  strategy: string;
  turns: number;
  /** progress kept at the end of the turn, in columns (0 when it busts) */
  progress: MeanEstimate;
  bust: Proportion;
  rolls: MeanEstimate;
}

export const turnKernel: Kernel<TurnParams, TurnSimResult> = {
  name: 'cant-stop.turn',
  progress: { label: "Can't Stop turns", unit: 'turns' },
  run(p, rng, count) {
    const { engine: e, player, moves } = turnMemo.get(JSON.stringify(p), () => ({
      engine: new CantStopEngine(p.rules, 1),
      player: p.player ? STRATEGIES.create(p.player, p.rules) : new OptimalTurnPlayer(optimalTurn(p.rules)),
      moves: new Int32Array(MAX_MOVES),
    }));
    const acc = new Float64Array(turnLayout.length);
    const o = turnLayout.offset;
    for (let t = 0; t < count; t++) {
      e.reset();
      let rolls = 0, progress = 0;
      for (;;) {
        rolls++;
        const n = e.legalMoves(rng.below(ROLLS), moves);
        if (n === 0) {
          acc[o.busts]++;
          break;
        }
        e.applyMove(moves[player.chooseMove(e, moves, n, rng)]);
        if (!player.rollAgain(e, rng)) {
          progress = e.turnProgress();
          break;
        }
      }
      acc[o.turns]++;
      acc[o.progress] += progress;
      acc[o.progressSq] += progress * progress;
      acc[o.rolls] += rolls;
      acc[o.rollsSq] += rolls * rolls;
    }
    return acc;
  },
  summarize(p, acc) {
    const o = turnLayout.offset, n = acc[o.turns];
    return {
      strategy: p.player ? STRATEGIES.label(p.player) : 'optimal turn',
      turns: n,
      progress: meanEstimate(n, acc[o.progress], acc[o.progressSq]),
      bust: proportion(acc[o.busts], n),
      rolls: meanEstimate(n, acc[o.rolls], acc[o.rollsSq]),
    };
  },
  format: (r) => formatTurns(r),
  // what `cant-stop turn` prints, and `oddsmith merge` of its parts: the exact optimum beside the optimal policy
  finish(p, acc, count, run) {
    const r = turnKernel.summarize(p, acc, count);
    const exact = p.player ? null : optimalTurn(p.rules).result;
    return {
      result: { ...r, exact, run },
      text: () => formatTurns(r, exact),
      csv: () => [{ strategy: r.strategy, turns: r.turns, progress: r.progress.mean, progressSe: r.progress.se, bust: r.bust.p, rolls: r.rolls.mean, ...(exact ? { exactProgress: exact.progress, exactBust: exact.bust, exactRolls: exact.rolls } : {}) }],
    };
  },
  sample: () => ({ params: { rules: loadRules(), player: STRATEGIES.parse('rule28') }, count: 200 }),
};

export function formatTurns(r: TurnSimResult, exact: TurnResult | null = null): string {
  const lines = [`${r.turns} single turns of ${r.strategy} from the empty board (simulated): progress ${pm(r.progress, 4)} columns; busts ${pc(r.bust)}; rolls ${pm(r.rolls)}`];
  if (exact) {
    const z = (r.progress.mean - exact.progress) / r.progress.se;
    lines.push(`exact optimal turn: progress ${exact.progress.toFixed(4)} columns; busts ${fmtPct(exact.bust, 2)}; rolls ${exact.rolls.toFixed(3)} (simulated − exact = ${z.toFixed(2)} standard errors)`);
  }
  return lines.join('\n');
}


export const kernels: Kernel<never, unknown>[] = [gamesKernel as Kernel<never, unknown>, turnKernel as Kernel<never, unknown>];

registerKernels(import.meta.url, kernels);
