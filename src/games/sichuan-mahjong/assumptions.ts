/**
 * Sichuan mahjong's assumed rules (docs/rules/sichuan-mahjong.md) and the headline findings of the
 * full-deal report page re-measured at each alternative. Two tables per rule set, fixed seeds,
 * seats rotated: the page's table (greedy, value, random, greedy) and the win-declaring table
 * (value:minFan=2 against three always-declaring value players; by symmetry an always-declaring
 * player there would average 0, so the decliner's points per deal are what declining is worth).
 * Each finding is simulated (95% intervals); the exact hand values behind the options are tests.
 */
import { Memo } from '../../core/memo.js';
import { UserError } from '../../core/errors.js';
import type { Assumption, AssumptionsReport, FindingAtValue, FindingCheck } from '../../report/assumptions.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { fmtPct, wrapWords } from '../../core/format.js';
import { loadRules, type SichuanRules } from './rules.js';
import { dealKernel, type DealParams, type DealSummary } from './kernels.js';
import { applySets } from '../../core/rules.js';
import { validateRules } from './rules.js';

export const PAGE_TABLE = ['greedy', 'value', 'random', 'greedy'] as const;
/** the declining variant measured (':' separates its parameters, so the list stays comma-separated) */
export const DECLINER = 'value:minFan=2';
export const DECLINE_TABLE = [DECLINER, 'value', 'value', 'value'] as const;

export interface SichuanAssumptionsOptions {
  /** re-run only these assumptions (fields); default all */
  only?: readonly string[];
  rules?: SichuanRules;
  workers?: number;
  /** deals per table per rule set (default 2,000) */
  deals?: number;
  seed?: number;
  cache?: Memo<Promise<Probe>>;
}

export interface Probe {
  page: DealSummary;
  decline: DealSummary;
}

async function play(rules: SichuanRules, strategies: readonly string[], deals: number, seed: number, workers: number): Promise<DealSummary> {
  const params: DealParams = { rules, strategies: [...strategies], rotate: true };
  const acc = await runShards({ kernel: dealKernel.name, params, seed, total: deals, shardCount: Math.min(16, deals) }, { workers });
  return dealKernel.summarize(params, acc, deals);
}

/** Runs kept per report: more than every rule set the checks visit, so nothing is evicted. */
export const PROBE_CACHE = 256;

/** Both tables at `rules` (memoized in `o.cache`). */
export function probe(rules: SichuanRules, o: SichuanAssumptionsOptions = {}): Promise<Probe> {
  const deals = o.deals ?? 2000, seed = o.seed ?? 16, workers = o.workers ?? 1;
  const key = JSON.stringify([rules, deals, seed]);
  const build = (): Promise<Probe> => (async () => ({ page: await play(rules, PAGE_TABLE, deals, seed, workers), decline: await play(rules, DECLINE_TABLE, deals, seed, workers) }))();
  return o.cache ? o.cache.get(key, build) : build();
}

export const ASSUMPTIONS: (Assumption & { sets: Record<string, string[]> })[] = [
  { field: 'rootCounts', question: 'which four-of-a-kind is a root: any four held, or only a declared kong?', byDefault: 'any-four', why: '"holds all four tiles (hand and sets), kong or not"', alternatives: ['kong-only'], sets: { 'kong-only': ['rootCounts=kong-only'] } },
  { field: 'robbedKongPays', question: 'who pays a robbed kong: the kong maker as a discarder, or for everyone?', byDefault: 'kong-maker', why: 'the robbed tile is paid like a discard', alternatives: ['kong-maker-for-all'], sets: { 'kong-maker-for-all': ['robbedKongPays=kong-maker-for-all'] } },
  { field: 'selfDrawBonusInCap', question: 'does the self-draw bonus sit inside the 32-point cap (maxFan)?', byDefault: 'false', why: '"base value + 1": the cap is on the base value', alternatives: ['true'], sets: { true: ['selfDrawBonusInCap=true'] } },
  { field: 'declinedWinWaitsForDraw', question: 'after passing a discard win, may a player win on a discard before drawing?', byDefault: 'true (must draw)', why: 'the usual table rule; the sheet is silent', alternatives: ['false'], sets: { false: ['declinedWinWaitsForDraw=false'] } },
  { field: 'flowerPigPaysWinners', question: 'does a flower pig pay players who already won?', byDefault: 'true', why: '"every non-pig player"', alternatives: ['false'], sets: { false: ['flowerPigPaysWinners=false'] } },
  { field: 'flowerPigPaysReadyCheck', question: 'does a flower pig also pay the ready-hand check?', byDefault: 'false', why: '"other" not-ready players pay it', alternatives: ['true'], sets: { true: ['flowerPigPaysReadyCheck=true'] } },
  { field: 'readyCheckCountsDeadWaits', question: 'does the ready-hand check count waits with no live copy?', byDefault: 'true', why: '"every tile that would complete the hand"', alternatives: ['false'], sets: { false: ['readyCheckCountsDeadWaits=false'] } },
  { field: 'lastTileIncludesDiscard', question: 'does "winning on the last tile" cover the discard after it?', byDefault: 'true', why: 'that discard is the last tile played', alternatives: ['false'], sets: { false: ['lastTileIncludesDiscard=false'] } },
  { field: 'outsideHandInSevenPairs', question: 'can seven pairs also score outside hand?', byDefault: 'false', why: 'outside hand is read on sets', alternatives: ['true'], sets: { true: ['outsideHandInSevenPairs=true'] } },
];

interface Finding {
  finding: string;
  measure(p: Probe): { measured: string; holds: boolean };
}

const f2 = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(2);
const ci = (c: [number, number]) => `[${f2(c[0])}, ${f2(c[1])}]`;

function findings(base: Probe): Finding[] {
  const ranked = (p: Probe) => [...p.page.bySlot].sort((a, b) => b.points.mean - a.points.mean);
  const top = ranked(base)[0].strategy;
  return [
    {
      finding: `${top} earns the most points per deal`,
      measure: (p) => {
        const r = ranked(p);
        return { measured: r.slice(0, 2).map((s) => `${s.slot}:${s.strategy} ${f2(s.points.mean)} ${ci(s.points.ci95)}`).join(' > '), holds: r[0].strategy === top };
      },
    },
    {
      finding: 'random loses clearly (interval below all others)',
      measure: (p) => {
        const rnd = p.page.bySlot.find((s) => s.strategy === 'random')!;
        const others = p.page.bySlot.filter((s) => s.strategy !== 'random');
        return { measured: `random ${f2(rnd.points.mean)} ${ci(rnd.points.ci95)}`, holds: others.every((s) => s.points.ci95[0] > rnd.points.ci95[1]) };
      },
    },
    {
      finding: 'Most wins are plain hands (no fan)',
      measure: (p) => {
        const plain = p.page.fan.find((f) => f.id === 'plain')!;
        return { measured: `${fmtPct(plain.shareOfWins, 1)} of ${p.page.wins} wins`, holds: plain.shareOfWins > 0.5 };
      },
    },
    {
      finding: `Passing cheap wins (${DECLINER}) gains nothing clear`,
      measure: (p) => {
        const d = p.decline.bySlot[0];
        return { measured: `${f2(d.points.mean)} ${ci(d.points.ci95)} pts/deal, ${d.declinedPerDeal.toFixed(3)} passes/deal`, holds: d.points.ci95[0] <= 0 && d.points.ci95[1] >= 0 };
      },
    },
  ];
}

export async function checkAssumptions(o: SichuanAssumptionsOptions = {}): Promise<AssumptionsReport> {
  const rules = o.rules ?? loadRules();
  const opt = { ...o, cache: o.cache ?? new Memo<Promise<Probe>>(PROBE_CACHE) };
  const fields = ASSUMPTIONS.map((a) => a.field);
  for (const f of o.only ?? []) if (!fields.includes(f)) throw new UserError(`--only: unknown assumption ${JSON.stringify(f)} (known: ${fields.join(', ')})`);
  const chosen = o.only?.length ? ASSUMPTIONS.filter((a) => o.only!.includes(a.field)) : ASSUMPTIONS;
  const base = await probe(rules, opt);
  const fs = findings(base);
  const checks: FindingCheck[] = [];
  for (const a of chosen) {
    const at: Probe[] = [];
    for (const alt of a.alternatives) at.push(await probe(validateRules(applySets(rules, a.sets[alt]), 'rules with --set'), opt));
    for (const f of fs) {
      const values: FindingAtValue[] = [{ value: `default (${a.byDefault})`, ...f.measure(base) }];
      a.alternatives.forEach((alt, i) => values.push({ value: alt, ...f.measure(at[i]) }));
      checks.push({ finding: f.finding, field: a.field, values });
    }
  }
  const deals = o.deals ?? 2000;
  return {
    game: 'mahjong',
    assumptions: chosen.map(({ sets: _sets, ...a }) => a),
    checks,
    method: wrapWords(`Simulated at each value: ${deals.toLocaleString('en-US')} deals of greedy, value, random, greedy and ${deals.toLocaleString('en-US')} deals of ${DECLINE_TABLE.join(', ')}, seats rotated, seed ${o.seed ?? 16}; 95% intervals. The same walls at every value (common random numbers), so a finding that moves moved because of the rule.`),
  };
}
