/**
 * Findings that carry their assumptions: every rule a rulebook leaves open, how the project models it
 * by default, and — re-measured at each alternative — whether each headline finding still holds.
 * Each game fills these in (src/games/<game>/assumptions.ts); this file only shapes and prints them,
 * so that `oddsmith <game> assumptions` and the last section of the game's report page are one table.
 */
import { escapeHtml, type Section } from './page.js';
import type { Row } from '../core/format.js';

/** One open choice of the rulebook, reachable by `--set field=value`. */
export interface Assumption {
  /** the rules-file field, e.g. "game.safeLimitPerPlayer" */
  field: string;
  /** what the rulebook leaves open, one short line */
  question: string;
  /** the project's default, as a reader would write it */
  byDefault: string;
  /** why that default, one short line */
  why: string;
  /** the alternatives that were re-run */
  alternatives: readonly string[];
}

/** A headline finding re-measured at one value of one assumption. */
export interface FindingAtValue {
  /** the assumption's value ("default" reads as the project's default) */
  value: string;
  /** the measured figure with its interval or "exact", e.g. "+2.3% [1.9, 2.7]" */
  measured: string;
  /** whether the finding, as stated on the page, still holds at this value */
  holds: boolean;
}

export interface FindingCheck {
  /** the finding as the page states it */
  finding: string;
  /** the assumption varied (Assumption.field) */
  field: string;
  /** the default first, then each alternative */
  values: readonly FindingAtValue[];
}

export interface AssumptionsReport {
  game: string;
  assumptions: readonly Assumption[];
  checks: readonly FindingCheck[];
  /** how the checks were measured: sample sizes, seed, exact or simulated */
  method: string;
}

/** One row per assumption (what is assumed); for --csv and the first table. */
export function assumptionRows(r: AssumptionsReport): Row[] {
  return r.assumptions.map((a) => ({ field: a.field, question: a.question, default: a.byDefault, why: a.why, alternatives: a.alternatives.join('; ') }));
}

/** One row per (finding, value): what survives. */
export function findingRows(r: AssumptionsReport): Row[] {
  return r.checks.flatMap((c) => c.values.map((v) => ({ finding: c.finding, field: c.field, value: v.value, measured: v.measured, holds: v.holds ? 'yes' : 'NO' })));
}

/** Plain text that fits 100 columns: one block per assumption, then one block per finding. */
export function assumptionsText(r: AssumptionsReport): string {
  const out: string[] = [`Assumptions of the ${r.game} model (each is an option: --set field=value)`, ''];
  for (const a of r.assumptions) {
    out.push(`${a.field}`, `  open:         ${a.question}`, `  default:      ${a.byDefault} — ${a.why}`, `  alternatives: ${a.alternatives.join('; ')}`, '');
  }
  out.push('Headline findings re-measured at each alternative', '');
  for (const c of r.checks) {
    out.push(`${c.finding}  [varying ${c.field}]`);
    const w = Math.max(...c.values.map((v) => v.value.length));
    for (const v of c.values) out.push(`  ${v.value.padEnd(w)}  ${v.holds ? 'holds   ' : 'FAILS   '} ${v.measured}`);
    out.push('');
  }
  out.push(r.method);
  return out.join('\n');
}

/** The "Assumptions" section that ends each game's report page. */
export function assumptionsSection(r: AssumptionsReport): Section {
  const list = r.assumptions
    .map((a) => `<li><code>${escapeHtml(a.field)}</code> — ${escapeHtml(a.question)} Default: <b>${escapeHtml(a.byDefault)}</b> (${escapeHtml(a.why)}). Alternatives: ${escapeHtml(a.alternatives.join('; '))}.</li>`)
    .join('\n');
  // each finding once, with every assumption value it fails at; a finding that fails at a default
  // (each check's first value) fails as the page states it, which is not "sensitive"
  const failsAt = new Map<string, string[]>();
  const failsByDefault = new Set<string>();
  for (const c of r.checks) {
    if (!c.values.some((v) => !v.holds)) continue;
    failsAt.set(c.finding, [...(failsAt.get(c.finding) ?? []), `${c.field} = ${c.values.filter((v) => !v.holds).map((v) => v.value).join(', ')}`]);
    if (c.values[0] && !c.values[0].holds) failsByDefault.add(c.finding);
  }
  const stated = (finding: string) => `${finding} (fails at ${failsAt.get(finding)!.join('; ')})`;
  const sensitive = [...failsAt.keys()].filter((f) => !failsByDefault.has(f)).map(stated);
  const fails = [...failsByDefault].map(stated);
  const holding = new Set(r.checks.map((c) => c.finding).filter((f) => !failsAt.has(f))).size;
  return {
    heading: 'Assumptions',
    id: 'assumptions',
    sensitive,
    fails,
    holding,
    html: `<p>What the rulebook leaves open, how this page models it, and whether each headline finding survives the alternatives (re-run at each; <code>oddsmith ${escapeHtml(r.game)} assumptions</code> prints the same table). ${escapeHtml(r.method)}</p>\n<ul>\n${list}\n</ul>`,
    // the verdict next to the finding: on a phone the columns after the first two are off-screen
    table: { rows: findingRows(r).map(({ finding, holds, ...rest }) => ({ finding, holds, ...rest })) },
  };
}

