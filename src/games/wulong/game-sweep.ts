import { UserError } from '../../core/errors.js';
import { readJsonFile } from '../../core/files.js';
import { rulesPath } from '../../core/paths.js';
import { getPath, withNumber } from '../../core/validate.js';
import { runExperiment } from '../../parallel/pool.js';
import { validateRules, type WulongRules } from './rules.js';
import { validateGameRules } from './game-rules.js';
import { checkGameParams, policyTablesFor } from './game-engine.js';
import type { PlayerSpec } from './game-passive.js';
import { sweepKernel, type GameResult, type SweepParams } from './game-kernel.js';

/** One swept field: a dotted rules path and its values. */
export interface SweepField {
  path: string;
  values: number[];
}

const MAX_POINTS = 400;

function num(text: string, what: string): number {
  const t = text.trim().replace(/_/g, '');
  const v = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(v)) throw new UserError(`${what}: "${text}" is not a number`);
  return v;
}

/**
 * Parse "--set path=values": values are "a..b" (step 1), "a..b:step", "a,b,c" or one number.
 * Ranges include both ends (rounded to 1e-9 so 0.5 steps do not drift).
 */
export function parseSetSpec(text: string): SweepField {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UserError(`--set ${text}: expected FIELD=VALUES, e.g. bettingCards.panda.odds=1..4`);
  const path = text.slice(0, eq).trim();
  const spec = text.slice(eq + 1).trim();
  const what = `--set ${path}`;
  let values: number[];
  const range = /^(.+?)\.\.(.+?)(?::(.+))?$/.exec(spec);
  if (range) {
    const a = num(range[1], what), b = num(range[2], what), step = range[3] === undefined ? 1 : num(range[3], what);
    if (step <= 0) throw new UserError(`${what}: the step must be positive (got ${step})`);
    if (b < a) throw new UserError(`${what}: the range ${spec} runs backwards`);
    const count = Math.floor((b - a) / step + 1e-9) + 1;
    if (count > MAX_POINTS) throw new UserError(`${what}: ${count} values is too many (at most ${MAX_POINTS})`);
    values = Array.from({ length: count }, (_, i) => Math.round((a + i * step) * 1e9) / 1e9);
  } else {
    values = spec.split(',').map((x) => num(x, what));
  }
  if (values.length === 0) throw new UserError(`${what}: no values`);
  return { path, values };
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
  if (combos.length > MAX_POINTS) throw new UserError(`the sweep has ${combos.length} points (at most ${MAX_POINTS})`);
  return combos.map((vals) => {
    let r = raw;
    const values: Record<string, number> = {};
    fields.forEach((f, i) => {
      r = withNumber(r, f.path, vals[i]);
      values[f.path] = vals[i];
    });
    const label = fields.map((f, i) => `${f.path}=${vals[i]}`).join(' ');
    const rules = validateRules(r, `rules with --set ${label}`);
    validateGameRules(rules, `rules with --set ${label}`);
    return { values, rules };
  });
}

/** The raw rules file (for --set on the file's own fields). */
export function readRawRules(path?: string): unknown {
  return readJsonFile(path ?? rulesPath('wulong'), 'rules file');
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
  for (const p of points) checkGameParams({ rules: p.rules, players, fixedSeats: o.fixedSeats });
  const params: SweepParams = { points: points.map((p) => ({ values: p.values, rules: p.rules })), players, fixedSeats: o.fixedSeats };
  const acc = await runExperiment({ kernel: sweepKernel.name, params, seed: o.seed, total: o.games, shardCount: Math.max(1, Math.min(o.shardCount, o.games)) }, { workers: o.workers, onShardDone: o.onShard });
  const results = sweepKernel.summarize(params, acc, o.games);
  return { rules: points[0].rules.name, fields, players: players.map((p) => p.label), gamesPerPoint: o.games, seed: o.seed, points: points.map((p, i) => pointResult(p, players, results[i])) };
}
