/**
 * The assumptions table of any game over the interface, from its rules schema alone: every field
 * marked `assumed` (src/core/schema.ts) is re-run at each alternative value, and the balance
 * figures (the first player's win rate and the game's length, as `balance` measures them) and the
 * game's own findings (StateGame.findings, in self-play) are compared with the default's.
 *
 * Alternatives, in this order: the field's declared `alternatives`; else a switch's other value, a
 * choice's other values; else, for a number, half and double its default within its range (the
 * range's end when halving or doubling leaves it where it is). Lists and sections have no generic
 * alternative (a game's own assumptions table covers them), and are listed as not re-measured.
 *
 * The verdict of a finding at an alternative: "holds" when it moved less than Z_REAL (3) standard
 * errors of the difference (the same test `oddsmith diff` applies); "sensitive" when it moved more,
 * or when the first player's edge appears or vanishes; "fails" when the first player's edge turns
 * into a significant handicap or the reverse. Every value is run on the same seed (common random
 * numbers, as a `--set a..b` sweep), which makes the test conservative.
 */
import { UserError } from '../core/errors.js';
import { fmtNum, fmtPct, fmtPctCi, textTable, wrapWords, type Row } from '../core/format.js';
import { getPath } from '../core/rules.js';
import { assumedFields, oneBasedPaths, type Field, type ObjectField, type RulesSchema } from '../core/schema.js';
import type { Json } from '../core/validate.js';
import type { GameDescriptor } from '../games/types.js';
import { runExperiment as runShards } from '../parallel/pool.js';
import { Z_REAL } from '../report/findings.js';
import { playKernelName, registerStateKernels, stateGameOf } from './kernels.js';
import { summarizeMatches } from './match.js';
import { makePlayer, playerNames } from './players.js';

/** One assumed field of the schema and the values it is re-run at. */
export interface GenericAssumption {
  field: string;
  /** what the rules text leaves open (the schema's `assumed`) */
  assumed: string;
  help: string;
  unit: string;
  /** the default as `--set` writes it */
  byDefault: string;
  /** the values re-run (as `--set` writes them); empty when `skipped` */
  alternatives: string[];
  /** how the alternatives were chosen */
  chosenBy: string;
  /** why the field is not re-measured generically */
  skipped?: string;
}

/** `unmeasured`: no game at the default or at the value measured the finding (it said NaN every time) */
export type Verdict = 'holds' | 'sensitive' | 'fails' | 'unmeasured';

/** A finding measured at one value of one field. */
export interface Measurement {
  /** "default" or the alternative value */
  value: string;
  estimate: number;
  se: number;
  ci95: [number, number];
  /** games it was measured over */
  n: number;
  /** the figure as printed: "52.1% [50.3, 53.9]" */
  text: string;
  /** absent for the default; `invalid` with `problem` when the rules refuse the value */
  verdict?: Verdict;
  /** the difference from the default in standard errors of the difference */
  z?: number;
}

export interface FindingCheck {
  finding: string;
  kind: 'rate' | 'value';
  field: string;
  values: Measurement[];
}

/** A value the rules refuse (a range that depends on another field, a file without the field). */
export interface Refused { field: string; value: string; problem: string }

export interface FindingSummary {
  finding: string;
  kind: 'rate' | 'value';
  /** the default's measurement */
  atDefault: Measurement;
  /** what the default says, in words ("the first player has an edge") */
  statement: string;
  /** the worst verdict over every alternative */
  verdict: Verdict;
  /** the alternatives (field=value) at which it is sensitive or fails */
  at: string[];
}

export interface GenericAssumptionsReport {
  game: string;
  title: string;
  command: string;
  player: string;
  players: number;
  /** the first player's fair share: 1 / seats (1 / teams where the game has teams) */
  fairShare: number;
  deals: number;
  seed: number;
  /** the rules file the defaults come from (its `name`, or "default") */
  rules: string;
  assumptions: GenericAssumption[];
  summaries: FindingSummary[];
  checks: FindingCheck[];
  refused: Refused[];
  method: string;
}

/** The schema field at a dotted path (undefined inside lists and maps). */
export function fieldAt(schema: RulesSchema, path: string): Field | undefined {
  let f: Field = schema.root;
  for (const k of path.split('.')) {
    if (f.kind !== 'object') return undefined;
    const next: Field | undefined = (f as ObjectField).fields[k];
    if (!next) return undefined;
    f = next;
  }
  return f;
}

const setText = (x: Json): string => (typeof x === 'string' ? x : JSON.stringify(x));

/** The values a field is re-run at, and how they were chosen (see the file's comment). */
export function alternativesOf(f: Field, current: unknown): { values: string[]; chosenBy: string } | { skipped: string } {
  const cur = current === undefined ? undefined : setText(current as Json);
  const others = (xs: readonly Json[]) => [...new Set(xs.map(setText))].filter((x) => x !== cur);
  if (Array.isArray(f.alternatives) && f.alternatives.length) {
    const bad = f.alternatives.find((x) => x === null || typeof x === 'object');
    if (bad !== undefined) return { skipped: `declared alternative ${JSON.stringify(bad)} is not a single value (--set takes numbers, true/false and words)` };
    return { values: others(f.alternatives), chosenBy: 'declared by the game' };
  }
  switch (f.kind) {
    case 'boolean': return { values: others([true, false]), chosenBy: 'the other value' };
    case 'enum': return { values: others(f.values), chosenBy: 'the other values' };
    case 'integer':
    case 'number': {
      if (typeof current !== 'number') return { skipped: 'no default to vary' };
      const lo = typeof f.min === 'number' ? f.min : -Infinity, hi = typeof f.max === 'number' ? f.max : Infinity;
      const clamp = (x: number) => Math.min(hi, Math.max(lo, f.kind === 'integer' || f.whole !== undefined ? Math.round(x) : x));
      let values = others([clamp(current / 2), clamp(current * 2)]);
      let chosenBy = 'half and double the default, within its range';
      if (values.length < 2) {
        values = others([...values.map(Number), ...[lo, hi].filter(Number.isFinite)]);
        chosenBy = 'half and double the default, or its range\'s ends';
      }
      return values.length ? { values: values.sort((a, b) => Number(a) - Number(b)), chosenBy } : { skipped: 'its range holds only its default' };
    }
    default: return { skipped: `a ${f.kind === 'valueOf' ? 'choice among other fields\' values' : f.kind}: no generic alternative (declare \`alternatives\` on the field, or give the game its own assumptions table)` };
  }
}

/** Every assumed field of the schema with its alternatives, at these (validated) rules. */
export function genericAssumptions(schema: RulesSchema, rules: unknown): GenericAssumption[] {
  const oneBased = oneBasedPaths(schema);
  return assumedFields(schema).map(({ path, assumed }) => {
    const f = fieldAt(schema, path);
    const current = getPath(rules, path, oneBased);
    const base = { field: path, assumed, help: f?.help ?? '', unit: f?.unit ?? '', byDefault: current === undefined ? '(absent)' : typeof current === 'object' ? JSON.stringify(current) : String(current) };
    if (!f) return { ...base, alternatives: [], chosenBy: '', skipped: 'inside a list or map: no generic alternative (give the game its own assumptions table)' };
    const alt = alternativesOf(f, current);
    return 'skipped' in alt ? { ...base, alternatives: [], chosenBy: '', skipped: alt.skipped } : { ...base, alternatives: alt.values, chosenBy: alt.chosenBy };
  });
}

/** What one rule set measures: the balance figures, then the game's findings. */
interface Probe {
  firstPlayer: Omit<Measurement, 'value' | 'text'>;
  length: Omit<Measurement, 'value' | 'text'>;
  findings: Omit<Measurement, 'value' | 'text'>[];
}

const FIRST = "first player's win rate";
const LENGTH = 'game length (decisions)';

export interface GenericAssumptionsOptions {
  rules?: string;
  set: readonly string[];
  /** the player in every seat (default: as `balance`, the game's first player) */
  player?: string;
  /** seats (default: the game's usual table) */
  players?: number;
  deals: number;
  seed: number;
  workers: number;
  /** re-run only these fields */
  only?: readonly string[];
  /** one line per rule set run (stderr) */
  log?: (line: string) => void;
}

/** Re-measure the balance figures and the game's findings at each alternative of each assumed field. */
export async function checkGenericAssumptions(g: GameDescriptor, o: GenericAssumptionsOptions): Promise<GenericAssumptionsReport> {
  // games loaded from modules after the kernels module was imported
  await registerStateKernels();
  const sg = stateGameOf(g.id);
  const rm = await g.rules();
  if (!rm.schema) throw new UserError(`${g.id} has no rules schema: there are no assumed fields to re-measure`);
  const schema = rm.schema;
  const rules = rm.loadRules(o.rules, o.set);
  const all = genericAssumptions(schema, rules);
  const known = all.map((a) => a.field);
  for (const f of o.only ?? []) if (!known.includes(f)) throw new UserError(`--only: ${JSON.stringify(f)} is not an assumed field of ${g.id} (assumed: ${known.join(', ') || 'none'})`);
  const assumptions = all.filter((a) => !o.only || o.only.includes(a.field));
  const player = o.player ?? (playerNames(sg)[1] ?? 'uniform');
  const seats = sg.seats(rules);
  const P = o.players ?? seats.default;
  if (P < seats.min || P > seats.max) throw new UserError(`--players: ${g.id} seats ${seats.min}..${seats.max} players under these rules (got ${P})`);
  for (let s = 0; s < P; s++) makePlayer(sg, rules, player, s, P);
  const findings = sg.findings ?? [];
  const shardCount = Math.min(16, o.deals);
  const units = sg.teams ? new Set(sg.teams).size : P;
  const fair = 1 / units;

  const probe = async (r: unknown): Promise<Probe> => {
    const params = { game: g.id, rules: r, entrants: Array.from({ length: P }, () => player) };
    const acc = await runShards({ kernel: playKernelName(g.id), params, seed: o.seed, total: o.deals, shardCount }, { workers: o.workers });
    const m = summarizeMatches(sg, params, acc);
    const w = m.seats[0].winRate;
    const out: Probe = {
      firstPlayer: { estimate: w.p, se: w.se, ci95: [w.ci95[0], w.ci95[1]], n: m.games },
      length: { estimate: m.length.mean, se: m.length.se, ci95: [m.length.ci95[0], m.length.ci95[1]], n: m.games },
      findings: [],
    };
    if (findings.length) {
      const { findingsKernelName, registerFindingsKernels, summarizeFindings } = await import('./assumptions-kernel.js');
      registerFindingsKernels();
      const fp = { game: g.id, rules: r, player, players: P };
      const facc = await runShards({ kernel: findingsKernelName(g.id), params: fp, seed: o.seed + 1, total: o.deals, shardCount }, { workers: o.workers });
      out.findings = summarizeFindings(fp, facc).map((f) => ({ estimate: f.estimate.mean, se: f.estimate.se, ci95: [f.estimate.ci95[0], f.estimate.ci95[1]], n: f.estimate.n }));
    }
    return out;
  };

  const names = [FIRST, LENGTH, ...findings.map((f) => f.name)];
  const kinds: ('rate' | 'value')[] = ['rate', 'value', ...findings.map((f) => f.kind)];
  const pick = (p: Probe, i: number) => (i === 0 ? p.firstPlayer : i === 1 ? p.length : p.findings[i - 2]);
  const text = (i: number, m: Omit<Measurement, 'value' | 'text'>) => (m.n === 0 ? '- (not measured in any game)' : kinds[i] === 'rate' ? `${fmtPct(m.estimate, 1)} ${fmtPctCi(m.ci95)}` : `${fmtNum(m.estimate, 2)} [${fmtNum(m.ci95[0], 2)}, ${fmtNum(m.ci95[1], 2)}]`);
  // the first player's side of the fair share: +1 an edge, −1 a handicap, 0 none detected
  const side = (m: { ci95: [number, number] }) => (m.ci95[0] > fair ? 1 : m.ci95[1] < fair ? -1 : 0);

  o.log?.(`  ${g.id} assumptions: default rules, ${P} × ${player}, ${o.deals.toLocaleString('en-US')} deals`);
  const base = await probe(rules);
  const checks: FindingCheck[] = [];
  const refused: Refused[] = [];
  for (const a of assumptions.filter((x) => !x.skipped)) {
    const rows: Measurement[][] = names.map((_, i) => [{ value: 'default', text: text(i, pick(base, i)), ...pick(base, i) }]);
    for (const v of a.alternatives) {
      let r: unknown;
      try {
        r = rm.loadRules(o.rules, [...o.set, `${a.field}=${v}`]);
        const s = sg.seats(r);
        if (P < s.min || P > s.max) throw new UserError(`${g.id} seats ${s.min}..${s.max} players under these rules, not ${P}`);
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        refused.push({ field: a.field, value: v, problem: e.message });
        continue;
      }
      o.log?.(`  ${g.id} assumptions: ${a.field}=${v}`);
      const p = await probe(r);
      names.forEach((_, i) => {
        const d = pick(base, i), m = pick(p, i);
        const se = Math.sqrt(d.se * d.se + m.se * m.se);
        const z = m.n && d.n ? (se > 0 ? Math.abs(m.estimate - d.estimate) / se : m.estimate === d.estimate ? 0 : Infinity) : NaN;
        let verdict: Verdict = Number.isNaN(z) ? 'unmeasured' : z <= Z_REAL ? 'holds' : 'sensitive';
        if (i === 0 && verdict !== 'unmeasured') {
          const sd = side(d), sm = side(m);
          if (sd !== 0 && sm === -sd) verdict = 'fails';
          else if (sd !== sm) verdict = 'sensitive';
        }
        rows[i].push({ value: v, text: text(i, m), ...m, z, verdict });
      });
    }
    names.forEach((finding, i) => checks.push({ finding, kind: kinds[i], field: a.field, values: rows[i] }));
  }

  const statement = (i: number): string => {
    const m = pick(base, i);
    if (m.n === 0) return 'no game measured it at the default rules';
    if (i !== 0) return `${text(i, m)} at the default rules`;
    const s = side(m);
    return s > 0 ? `the first player has an edge (fair share ${fmtPct(fair, 1)})` : s < 0 ? `the first player has a handicap (fair share ${fmtPct(fair, 1)})` : `no first-player edge detected (fair share ${fmtPct(fair, 1)})`;
  };
  const rank: Record<Verdict, number> = { unmeasured: -1, holds: 0, sensitive: 1, fails: 2 };
  const summaries: FindingSummary[] = names.map((finding, i) => {
    const mine = checks.filter((c) => c.finding === finding);
    const alts = mine.flatMap((c) => c.values.slice(1).map((v) => ({ at: `${c.field}=${v.value}`, verdict: v.verdict! })));
    const verdict = alts.reduce<Verdict>((w, x) => (rank[x.verdict] > rank[w] ? x.verdict : w), pick(base, i).n ? 'holds' : 'unmeasured');
    const base0 = pick(base, i);
    return { finding, kind: kinds[i], atDefault: { value: 'default', text: text(i, base0), ...base0 }, statement: statement(i), verdict, at: alts.filter((x) => x.verdict === verdict && verdict !== 'holds').map((x) => x.at) };
  });
  const name = (rules as { name?: unknown }).name;
  return {
    game: g.id,
    title: g.title,
    command: g.invoke ?? g.command,
    player,
    players: P,
    fairShare: fair,
    deals: o.deals,
    seed: o.seed,
    rules: typeof name === 'string' ? name : o.rules ?? 'default',
    assumptions,
    summaries,
    checks,
    refused,
    method: `Simulated: ${o.deals.toLocaleString('en-US')} deals per rule set, ${P} × ${player} in every seat, seed ${o.seed} for every value (common random numbers). The balance figures are \`${g.invoke ?? g.command} balance --strategies ${player}${o.players ? ` --players ${P}` : ''} --set field=value --deals ${o.deals} --seed ${o.seed} --shard-count ${shardCount}\` (seats rotated over each deal, intervals clustered by deal)${findings.length ? `; the game's findings are one self-play game per deal, seed ${o.seed + 1}, normal 95% intervals` : ''}. A finding holds at a value when it moved less than ${Z_REAL} standard errors of the difference; it is sensitive when it moved more or the first player's edge appeared or vanished; it fails when the edge turned into a significant handicap or the reverse.`,
  };
}

const VERDICT_WORD: Record<Verdict, string> = { unmeasured: 'not measured in any game', holds: 'holds at every alternative', sensitive: 'sensitive to', fails: 'fails at' };

/** One line per finding: its default and verdict. */
export function summaryLine(s: FindingSummary): string {
  return `${s.finding}: ${s.statement} — ${VERDICT_WORD[s.verdict]}${s.at.length ? ` ${s.at.join(', ')}` : ''}`;
}

/** The assumed fields, one row each (--csv of the first table; the page's first table). */
export function assumptionRows(r: GenericAssumptionsReport): Row[] {
  return r.assumptions.map((a) => ({ field: a.field, default: a.byDefault, alternatives: a.skipped ? `not re-measured: ${a.skipped}` : `${a.alternatives.join('; ')} (${a.chosenBy})`, assumed: a.assumed }));
}

/** One row per (finding, field, value): what `--csv` prints and the page's table. */
export function checkRows(r: GenericAssumptionsReport): Row[] {
  return r.checks.flatMap((c) => c.values.map((v) => ({ finding: c.finding, field: c.field, value: v.value, measured: v.text, z: v.z === undefined ? '' : Number.isFinite(v.z) ? v.z.toFixed(1) : '-', verdict: v.verdict ?? '' })));
}

/** Plain text within 100 columns. */
export function genericAssumptionsText(r: GenericAssumptionsReport): string {
  const out = [`${r.title}: the assumed rules, re-measured from the rules schema`, `(each is an option: --set field=value)`, ''];
  if (!r.assumptions.length) out.push('The rules schema marks no field as assumed.', '');
  for (const a of r.assumptions) {
    out.push(`${a.field}${a.unit ? ` (${a.unit})` : ''}: ${a.help}`);
    out.push(wrapWords(`assumed: ${a.assumed}`, 96).replace(/\n/g, '\n    ').replace(/^/, '  '));
    out.push(`  default: ${a.byDefault}`);
    out.push(a.skipped ? wrapWords(`not re-measured: ${a.skipped}`, 96).replace(/\n/g, '\n    ').replace(/^/, '  ') : `  alternatives: ${a.alternatives.join('; ')} (${a.chosenBy})`, '');
  }
  out.push('Findings, and their verdicts over every alternative:');
  for (const s of r.summaries) out.push(wrapWords(summaryLine(s), 96).replace(/\n/g, '\n    ').replace(/^/, '  '));
  out.push('');
  if (r.checks.length) {
    out.push('Each finding at each value:');
    out.push(textTable(checkRows(r), { keys: 3 }), '');
  }
  for (const x of r.refused) out.push(wrapWords(`${x.field}=${x.value}: not run, the rules refuse it: ${x.problem}`, 100));
  if (r.refused.length) out.push('');
  out.push(wrapWords(r.method, 100));
  return out.join('\n');
}
