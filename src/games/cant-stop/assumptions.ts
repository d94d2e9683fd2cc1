/**
 * Can't Stop's assumed rules (docs/rules/cant-stop.md) and the headline findings of docs/cant-stop.md
 * re-measured at each alternative: fixed-seed simulations of whole games with 95% intervals (the
 * whole game has no exact solver at full size). Two tables per rule set: Rule of 28 against random,
 * and Rule of 28 against itself (seats rotated game by game, independent dice every game).
 */
import { UserError } from '../../core/errors.js';
import { fmtPct, fmtPctCi } from '../../core/format.js';
import { applySets } from '../../core/rules.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import type { Assumption, AssumptionsReport, FindingAtValue, FindingCheck } from '../../report/assumptions.js';
import { STRATEGIES } from './strategies/index.js';
import { gamesKernel, type GamesParams, type GamesResult } from './kernels.js';
import { validateRules, type CantStopRules } from './rules.js';

export const ASSUMPTIONS: readonly Assumption[] = [
  { field: 'mustUseBoth', question: 'may a player place only one sum of the chosen pair when both fit?', byDefault: 'true (both must be placed)', why: 'the rulebook: "the two columns into which you must now place markers"', alternatives: ['false'] },
  { field: 'skipOccupied', question: 'does a runner skip spaces held by another player (variant A)?', byDefault: 'false', why: 'the rulebook gives it as a variant, not the rule', alternatives: ['true'] },
  { field: 'columnsToWin', question: 'how many columns win (the rulebook suggests 4 or 5 for longer games)?', byDefault: '3', why: 'the rulebook\'s main rule', alternatives: ['4', '5'] },
  { field: 'turnLimit', question: 'when does a game that never ends become a draw?', byDefault: '1000 turns', why: 'assumed, only to keep simulations finite', alternatives: ['100'] },
];

interface Probe {
  strongWeak: GamesResult;
  mirror: GamesResult;
}

async function play(rules: CantStopRules, specs: string[], games: number, seed: number, workers: number): Promise<GamesResult> {
  const params: GamesParams = { rules, players: specs.map((s) => STRATEGIES.parse(s)), rotate: true };
  const acc = await runShards({ kernel: gamesKernel.name, params, seed, total: games, shardCount: Math.min(16, games) }, { workers });
  return gamesKernel.summarize(params, acc, games);
}

export interface CantStopAssumptionsOptions {
  rules: CantStopRules;
  games: number;
  seed: number;
  workers: number;
  only?: readonly string[];
}

export async function checkAssumptions(o: CantStopAssumptionsOptions): Promise<AssumptionsReport> {
  const fields = ASSUMPTIONS.map((a) => a.field);
  for (const f of o.only ?? []) if (!fields.includes(f)) throw new UserError(`--only: unknown assumption ${JSON.stringify(f)} (known: ${fields.join(', ')})`);
  const chosen = ASSUMPTIONS.filter((a) => !o.only || o.only.includes(a.field));
  const probes = new Map<string, Promise<Probe>>();
  const probe = (rules: CantStopRules) => {
    const key = JSON.stringify(rules);
    if (!probes.has(key)) {
      probes.set(key, (async () => ({
        strongWeak: await play(rules, ['rule28', 'random'], o.games, o.seed, o.workers),
        mirror: await play(rules, ['rule28', 'rule28'], o.games, o.seed + 1, o.workers),
      }))());
    }
    return probes.get(key)!;
  };
  const at = (field: string, value: string) => (value === 'default' ? o.rules : validateRules(applySets(o.rules, [`${field}=${value}`]), `rules with ${field}=${value}`));
  const checks: FindingCheck[] = [];
  for (const a of chosen) {
    const values = ['default', ...a.alternatives];
    const strong: FindingAtValue[] = [], edge: FindingAtValue[] = [];
    for (const v of values) {
      const p = await probe(at(a.field, v));
      const w = p.strongWeak.players[0].wins, s = p.mirror.seats[0].wins;
      strong.push({ value: v, measured: `${fmtPct(w.p, 1)} ${fmtPctCi(w.ci95)}`, holds: w.ci95[0] > 0.95 });
      edge.push({ value: v, measured: `${fmtPct(s.p, 1)} ${fmtPctCi(s.ci95)}`, holds: s.ci95[0] > 0.5 });
    }
    checks.push({ finding: 'Rule of 28 beats random in over 95% of games', field: a.field, values: strong });
    checks.push({ finding: 'between two Rule-of-28 players the first player wins more than half', field: a.field, values: edge });
  }
  return {
    game: "Can't Stop",
    assumptions: chosen,
    checks,
    method: `Simulated: ${o.games.toLocaleString('en-US')} games per table per rule set (rule28 vs random on seed ${o.seed}, rule28 vs rule28 on seed ${o.seed + 1}), seats rotated game by game; 95% Wilson intervals. A finding holds when its whole interval is on its side.`,
  };
}
