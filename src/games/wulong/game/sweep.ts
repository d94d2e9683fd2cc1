import { UserError } from '../../../core/errors.js';
import { getPath, readRawRules, setPath, MAX_SWEEP_POINTS, type SweepField } from '../../../core/rules.js';
import { runExperiment } from '../../../parallel/pool.js';
import { validateRules, type WulongRules } from '../turn/rules.js';
import { validateGameRules } from './rules.js';
import { checkGameParams } from './engine.js';
import { bettorFor } from '../strategies/index.js';
import { policyTablesFor } from './policy-tables.js';
import type { PlayerSpec } from './strategy.js';
import { sweepKernel, type GameResult, type SweepParams } from './kernels.js';

/**
 * `wulong sweep`: the full game at every point of a grid of one or two numeric rules fields.
 * Fields come from core/rules parseSweepSet (`--set field=a..b[:step]|a,b,c`), the raw rules from
 * core/rules readRawRules; every point is re-validated as a rules file.
 */
export type { SweepField };

/** The raw JSON of a Wulong rules preset or file, before validation: what a sweep varies. */
export function rawRules(nameOrPath?: string): unknown {
  return readRawRules('wulong', nameOrPath).raw;
}

export interface SweepPoint {
  values: Record<string, number>;
  rules: WulongRules;
}

/** Every combination of the fields' values, each re-validated as a rules file (errors name the --set). */
export function sweepPoints(raw: unknown, fields: SweepField[]): SweepPoint[] {
  if (fields.length === 0) throw new UserError('sweep needs at least one --set FIELD=VALUES');
  if (fields.length > 2) throw new UserError(`sweep varies one or two fields at a time (got ${fields.length} --set options)`);
  if (fields.length === 2 && fields[0].path === fields[1].path) throw new UserError(`--set ${fields[0].path} is given twice`);
  for (const f of fields) {
    if (typeof getPath(raw, f.path) !== 'number') throw new UserError(`--set ${f.path}: no numeric rules field by that name`);
  }
  const combos: number[][] = fields.length === 1 ? fields[0].values.map((v) => [v]) : fields[0].values.flatMap((a) => fields[1].values.map((b) => [a, b]));
  if (combos.length > MAX_SWEEP_POINTS) throw new UserError(`the sweep has ${combos.length} points (at most ${MAX_SWEEP_POINTS})`);
  return combos.map((vals) => {
    let r = raw;
    const values: Record<string, number> = {};
    fields.forEach((f, i) => {
      r = setPath(r, f.path, String(vals[i]));
      values[f.path] = vals[i];
    });
    const label = fields.map((f, i) => `${f.path}=${vals[i]}`).join(' ');
    const rules = validateRules(r, `rules with --set ${label}`);
    validateGameRules(rules, `rules with --set ${label}`);
    return { values, rules };
  });
}

export interface SweepCard {
  card: string;
  name: string;
  odds: number;
  /** exact, at the initial betting phase, under the first player's turn policy */
  exactProbability: number;
  exactEvPerChip: number;
  fairOdds: number | null;
  /** realised in play (raises included); null when nobody bet on it */
  realisedEvPerChip: number | null;
  realisedSe: number | null;
  /** share of all bets placed on this card */
  betShare: number;
}

export interface SweepPointResult {
  values: Record<string, number>;
  games: number;
  winRates: { label: string; p: number; ci95: [number, number] }[];
  winSpread: number;
  turnsMean: number;
  turnsSe: number;
  endings: Record<string, number>;
  cards: SweepCard[];
}

export interface SweepResult {
  rules: string;
  fields: SweepField[];
  players: string[];
  gamesPerPoint: number;
  seed: number;
  points: SweepPointResult[];
}

export interface SweepOptions {
  games: number;
  seed: number;
  shardCount: number;
  workers: number;
  fixedSeats?: boolean;
  onShard?: (done: number, of: number) => void;
}

function pointResult(p: SweepPoint, players: PlayerSpec[], r: GameResult): SweepPointResult {
  // exact opening odds (initial betting phase: nothing revealed) under the first player's policy
  const pol = policyTablesFor(p.rules, players[0].policy);
  const C = p.rules.bettingCards.length, row = pol.sim.dice * C, vp = pol.voidP[pol.sim.dice];
  const totalBets = r.cards.reduce((s, c) => s + c.bets, 0);
  return {
    values: p.values,
    games: r.games,
    winRates: r.strategies.map((s) => ({ label: s.label, p: s.win.p, ci95: s.win.ci95 })),
    winSpread: r.winSpread,
    turnsMean: r.length.turnsMean,
    turnsSe: r.length.se,
    endings: Object.fromEntries(Object.entries(r.endings).map(([k, v]) => [k, v.p])),
    cards: p.rules.bettingCards.map((c, i) => {
      const prob = pol.winP[row + i], lose = 1 - prob - vp;
      return {
        card: c.id,
        name: c.name,
        odds: c.odds,
        exactProbability: prob,
        exactEvPerChip: prob * c.odds - lose,
        fairOdds: prob > 0 ? lose / prob : null,
        realisedEvPerChip: r.cards[i].evPerChip,
        realisedSe: r.cards[i].se,
        betShare: totalBets > 0 ? r.cards[i].bets / totalBets : 0,
      };
    }),
  };
}

/** Run the game at every point of the sweep as one experiment (same stream at every point: common random numbers). */
export async function runSweep(points: SweepPoint[], fields: SweepField[], players: PlayerSpec[], o: SweepOptions): Promise<SweepResult> {
  for (const p of points) checkGameParams({ rules: p.rules, players, fixedSeats: o.fixedSeats }, bettorFor);
  const params: SweepParams = { points: points.map((p) => ({ values: p.values, rules: p.rules })), players, fixedSeats: o.fixedSeats };
  const acc = await runExperiment({ kernel: sweepKernel.name, params, seed: o.seed, total: o.games, shardCount: Math.max(1, Math.min(o.shardCount, o.games)) }, { workers: o.workers, onShardDone: o.onShard });
  const results = sweepKernel.summarize(params, acc, o.games);
  return { rules: points[0].rules.name, fields, players: players.map((p) => p.label), gamesPerPoint: o.games, seed: o.seed, points: points.map((p, i) => pointResult(p, players, results[i])) };
}
