/**
 * Weilong's assumed rules (docs/rules/weilong.md) and the headline findings of the main report page
 * re-measured at each alternative: fixed-seed, small simulations with 95% intervals (Weilong has no
 * exact whole-game solver). Two tables are played per rule set: five `adaptive` players with each
 * ability's worth (the Sons page) and the four strategies at one table (the strategies page).
 * Runs are memoized per rule set, so the report's penalty section and the assumptions table share them.
 */
import { Memo } from '../../core/memo.js';
import { UserError } from '../../core/errors.js';
import type { Assumption, AssumptionsReport, FindingAtValue, FindingCheck } from '../../report/assumptions.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { fmtPct, fmtPctCi, wrapWords } from '../../core/format.js';
import { applySets, loadRules, SON_SHORT, type WeilongRules } from './rules.js';
import { gamesKernel, type GamesParams } from './kernels.js';
import type { GamesResult } from './summary.js';

export const TABLE_STRATEGIES = ['adaptive', 'element', 'dragon', 'noability'] as const;
export const SONS_STRATEGIES = ['adaptive', 'adaptive', 'adaptive', 'adaptive', 'adaptive'] as const;
/** the penalty numbers the rankings are shown at (the same on every card) */
export const PENALTY_VALUES = [0, 5, 10, 20] as const;
/** the seed of the table of four when none is given (the five adaptive players play on seed + 1) */
export const ASSUMPTIONS_SEED = 16;

export interface WeilongAssumptionsOptions {
  /** re-run only these assumptions (fields); default all */
  only?: readonly string[];
  rules?: WeilongRules;
  workers?: number;
  /** games per table per rule set (default 2,000) */
  games?: number;
  seed?: number;
  /** shared between calls (report page and assumptions table): key → both tables at one rule set */
  cache?: Memo<Promise<Probe>>;
}

/** Both tables at one rule set. */
export interface Probe {
  table: GamesResult;
  sons: GamesResult;
}

async function play(rules: WeilongRules, strategies: readonly string[], abilityWorth: boolean, games: number, seed: number, workers: number): Promise<GamesResult> {
  const params: GamesParams = { rules, strategies: [...strategies], rotate: true, abilityWorth };
  const acc = await runShards({ kernel: gamesKernel.name, params, seed, total: games, shardCount: Math.min(16, games) }, { workers });
  return gamesKernel.summarize(params, acc, games);
}

/** Runs kept per report: more than every rule set the checks visit, so nothing is evicted. */
export const PROBE_CACHE = 256;

/** Both tables at `rules` (memoized in `o.cache`). */
export function probe(rules: WeilongRules, o: WeilongAssumptionsOptions = {}): Promise<Probe> {
  const games = o.games ?? 2000, seed = o.seed ?? ASSUMPTIONS_SEED, workers = o.workers ?? 1;
  const key = JSON.stringify([rules, games, seed]);
  const build = (): Promise<Probe> => (async () => ({
    table: await play(rules, TABLE_STRATEGIES, false, games, seed, workers),
    sons: await play(rules, SONS_STRATEGIES, true, games, seed + 1, workers),
  }))();
  return o.cache ? o.cache.get(key, build) : build();
}

export const withPenalty = (rules: WeilongRules, v: number): WeilongRules => ({ ...rules, penalty: [v, v, v, v, v] });

export const ASSUMPTIONS: (Assumption & { sets: Record<string, string[]> })[] = [
  {
    field: 'penalty',
    question: 'the "penalty number at the bottom of the card" is added to losers, never printed',
    byDefault: '5',
    why: 'every card; > 0: an empty hand must not score like a win; ~ a loser\'s 7 pips',
    alternatives: ['0 (no penalty)', '10', '20'],
    // Sons 1..5, as a person types them (the rules' penalty array is one-based for --set)
    sets: { '0 (no penalty)': ['penalty.1=0', 'penalty.2=0', 'penalty.3=0', 'penalty.4=0', 'penalty.5=0'], '10': ['penalty.1=10', 'penalty.2=10', 'penalty.3=10', 'penalty.4=10', 'penalty.5=10'], '20': ['penalty.1=20', 'penalty.2=20', 'penalty.3=20', 'penalty.4=20', 'penalty.5=20'] },
  },
  {
    field: 'secondSonChanges',
    question: 'Second Son (Son 2): one change of a Collected 2 per 6 rolled, or per roll?',
    byDefault: 'per-roll',
    why: 'the sheet: "If he rolls a 6, he may change any … Collected 2"',
    alternatives: ['per-six'],
    sets: { 'per-six': ['secondSonChanges=per-six'] },
  },
  {
    field: 'fifthSonCollectsTradeSixes',
    question: 'may the Fifth Son (Son 5) set aside and hand over the 6s that trigger his trade?',
    byDefault: 'true',
    why: 'any rolled die may be set aside; the trade spends no dice',
    alternatives: ['false'],
    sets: { false: ['fifthSonCollectsTradeSixes=false'] },
  },
  {
    field: 'thirdSonConvertedThreeContinues',
    question: 'does a 3 the Third Son (Son 3) makes from two 6s earn another roll?',
    byDefault: 'false',
    why: 'the 3 was converted, not rolled',
    alternatives: ['true'],
    sets: { true: ['thirdSonConvertedThreeContinues=true'] },
  },
  {
    field: 'voluntaryStop',
    question: 'may a player stop rolling while the rules let him roll again?',
    byDefault: 'true',
    why: '"may continue to roll"; no shipped strategy stops',
    alternatives: ['false'],
    sets: { false: ['voluntaryStop=false'] },
  },
];

/** The findings of the main page, each as (statement at the default, test at a value). */
interface Finding {
  finding: string;
  measure(p: Probe): { measured: string; holds: boolean };
}

const pc = (x: number) => fmtPct(x, 1);
const pcI = (c: [number, number]) => fmtPctCi(c, 1);

function findings(): Finding[] {
  return [
    {
      finding: 'Son 1 (First) wins the most rounds (5 adaptive)',
      measure: (p) => {
        const s = [...p.sons.bySon].sort((a, b) => b.roundWinRate.p - a.roundWinRate.p);
        return { measured: s.slice(0, 2).map((x) => `${SON_SHORT[x.son - 1]} ${pc(x.roundWinRate.p)} ${pcI(x.roundWinRate.ci95)}`).join(' > '), holds: s[0].son === 1 };
      },
    },
    {
      finding: 'Abilities worth most: Sons 1 and 5; least: Son 3',
      measure: (p) => {
        const w = [...p.sons.abilityWorth!].sort((a, b) => b.roundWinRateChange.estimate - a.roundWinRateChange.estimate);
        const top = new Set([w[0].son, w[1].son]);
        const t = (x: (typeof w)[number]) => `${SON_SHORT[x.son - 1]} ${(x.roundWinRateChange.estimate * 100).toFixed(1)} ${pcI(x.roundWinRateChange.ci95)}`;
        return { measured: `${t(w[0])}, ${t(w[1])}; ${t(w[4])} pp`, holds: top.has(1) && top.has(5) && w[4].son === 3 };
      },
    },
    {
      finding: 'adaptive wins most games at the table of four',
      measure: (p) => {
        const s = [...p.table.byStrategy].sort((a, b) => b.winRate.p - a.winRate.p);
        return { measured: s.slice(0, 2).map((x) => `${x.strategy} ${pc(x.winRate.p)} ${pcI(x.winRate.ci95)}`).join(' > '), holds: s[0].strategy === 'adaptive' };
      },
    },
    {
      finding: 'Abilities pay: adaptive beats noability (no overlap)',
      measure: (p) => {
        const a = p.table.byStrategy.find((x) => x.strategy === 'adaptive')!.winRate, n = p.table.byStrategy.find((x) => x.strategy === 'noability')!.winRate;
        return { measured: `adaptive ${pc(a.p)} ${pcI(a.ci95)}, noability ${pc(n.p)} ${pcI(n.ci95)}`, holds: a.ci95[0] > n.ci95[1] };
      },
    },
  ];
}

/** Every assumption with its alternatives, and each finding re-measured at each. */
export async function checkAssumptions(o: WeilongAssumptionsOptions = {}): Promise<AssumptionsReport> {
  const rules = o.rules ?? loadRules();
  const opt = { ...o, cache: o.cache ?? new Memo<Promise<Probe>>(PROBE_CACHE) };
  const fields = ASSUMPTIONS.map((a) => a.field);
  for (const f of o.only ?? []) if (!fields.includes(f)) throw new UserError(`--only: unknown assumption ${JSON.stringify(f)} (known: ${fields.join(', ')})`);
  const chosen = o.only?.length ? ASSUMPTIONS.filter((a) => o.only!.includes(a.field)) : ASSUMPTIONS;
  const base = await probe(rules, opt);
  const checks: FindingCheck[] = [];
  const fs = findings();
  // runs in order (one rule set at a time: the workers are busy with its shards)
  const at: Record<string, Probe[]> = {};
  for (const a of chosen) {
    at[a.field] = [];
    for (const alt of a.alternatives) at[a.field].push(await probe(applySets(rules, a.sets[alt]), opt));
  }
  for (const a of chosen) {
    for (const f of fs) {
      const values: FindingAtValue[] = [{ value: `default (${a.byDefault})`, ...f.measure(base) }];
      a.alternatives.forEach((alt, i) => values.push({ value: alt, ...f.measure(at[a.field][i]) }));
      checks.push({ finding: f.finding, field: a.field, values });
    }
  }
  const games = o.games ?? 2000;
  return {
    game: 'weilong',
    assumptions: chosen.map(({ sets: _sets, ...a }) => a),
    checks,
    method: wrapWords(`Simulated at each value: ${games.toLocaleString('en-US')} games of 5 adaptive players with each ability switched off in turn (common random numbers), and ${games.toLocaleString('en-US')} games of adaptive, element, dragon and noability at one table, seats rotated game by game; seed ${o.seed ?? ASSUMPTIONS_SEED}; 95% intervals (Wilson for win rates). drawNewFrom and the safety valve maxTurnsPerRound are assumptions too, but apply only to two players and to stalled rounds (under 0.1%), so they are not re-run here.`),
  };
}
