/**
 * Grading Wulong/Farkle turn decisions against the exact optimum (maximum expected turn score):
 * `oddsmith wulong grade` and the workbench trainer both call `gradeDecision`, so a decision
 * gets the same grade in both.
 *
 * A decision is one of
 * - `{"total": 300, "dice": 2, "action": "stop"}`: stop or roll at a turn total with dice to roll;
 * - `{"total": 0, "dice": 5, "roll": "D,T,3,3,5", "setAside": "D,T"}`: which dice to set aside
 *   after a roll (graded as if the rest of the turn is then played optimally).
 * The loss is the expected turn score the choice gives up (best EV − chosen EV, never negative).
 */
import { UserError } from '../../../core/errors.js';
import { TurnAnalysis } from './exact.js';
import { parseRoll } from './tables.js';
import type { WulongRules } from './rules.js';

export interface Decision {
  total: number;
  dice: number;
  action?: 'roll' | 'stop';
  roll?: string;
  setAside?: string;
}

export interface Grade {
  kind: 'stop-or-roll' | 'set-aside';
  total: number;
  dice: number;
  roll: string | null;
  chosen: string;
  best: string;
  chosenEv: number;
  bestEv: number;
  /** expected points given up: bestEv − chosenEv (0 for an optimal choice) */
  loss: number;
  optimal: boolean;
  why: string;
}

const round1 = (x: number) => x.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** `x` checked to be a decision object; `where` names it in the message (`line 3`). */
export function parseDecision(x: unknown, where: string): Decision {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) throw new UserError(`${where}: a decision is a JSON object, e.g. {"total":300,"dice":2,"action":"stop"}`);
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!['total', 'dice', 'action', 'roll', 'setAside'].includes(k)) throw new UserError(`${where}: unknown field "${k}" (fields: total, dice, action, roll, setAside)`);
  const int = (k: string) => {
    const v = o[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new UserError(`${where}: ${k} must be an integer ≥ 0 (got ${JSON.stringify(v)})`);
    return v;
  };
  const d: Decision = { total: int('total'), dice: int('dice') };
  if ('action' in o) {
    if (o.action !== 'roll' && o.action !== 'stop') throw new UserError(`${where}: action must be "roll" or "stop" (got ${JSON.stringify(o.action)})`);
    if ('roll' in o || 'setAside' in o) throw new UserError(`${where}: give either action (stop or roll) or roll with setAside, not both`);
    d.action = o.action;
    return d;
  }
  if (typeof o.roll !== 'string' || typeof o.setAside !== 'string') throw new UserError(`${where}: give action ("roll" or "stop"), or roll and setAside as text (e.g. "roll":"D,T,3,3,5","setAside":"D,T")`);
  d.roll = o.roll;
  d.setAside = o.setAside;
  return d;
}

/** The largest turn total the decisions ask about: a TurnAnalysis for them needs its table that far. */
export function maxTotal(decisions: readonly Decision[]): number {
  return decisions.reduce((m, d) => Math.max(m, d.total), 0);
}

/** One decision graded against the exact optimum of `a` (built with a table reaching its total). */
export function gradeDecision(a: TurnAnalysis, d: Decision, where = 'decision'): Grade {
  const at = (f: () => Grade) => {
    try {
      return f();
    } catch (e) {
      if (e instanceof UserError) throw new UserError(`${where}: ${e.message.replace(/^--(score|dice|roll)\b/, '$1')}`);
      throw e;
    }
  };
  return at(() => (d.action !== undefined ? gradeStop(a, d, d.action) : gradeSetAside(a, d)));
}

function gradeStop(a: TurnAnalysis, d: Decision, action: 'roll' | 'stop'): Grade {
  const r = a.advise(d.total, d.dice);
  if (action === 'stop' && r.stopEv === null) throw new UserError(`stopping is not allowed at a turn total of ${d.total} (the minimum bank is ${a.rules.minimumBank})`);
  const ev = (x: 'roll' | 'stop') => (x === 'stop' ? r.stopEv! : r.rollEv);
  const chosenEv = ev(action), bestEv = ev(r.action);
  const loss = Math.max(0, bestEv - chosenEv);
  const why = r.stopEv === null
    ? `below the minimum bank of ${a.rules.minimumBank} the turn must go on: rolling is worth ${round1(r.rollEv)}`
    : `stopping banks ${r.stopEv.toLocaleString('en-US')}; rolling ${d.dice} ${d.dice === 1 ? 'die' : 'dice'} on is worth ${round1(r.rollEv)} on average (the roll busts with ${(100 * r.bustRisk).toFixed(2)}%)`;
  return { kind: 'stop-or-roll', total: d.total, dice: d.dice, roll: null, chosen: action, best: r.action, chosenEv, bestEv, loss, optimal: action === r.action || loss === 0, why };
}

/** Face ids in the rules' face order, comma-separated (the form rankSetAsides writes). */
function canonical(a: TurnAnalysis, text: string): string {
  const counts = parseRoll(a.tables, text);
  return counts.flatMap((k, f) => Array<string>(k).fill(a.rules.faces[f].id)).join(',');
}

function gradeSetAside(a: TurnAnalysis, d: Decision): Grade {
  const r = a.rankSetAsides(d.total, d.dice, d.roll!);
  if (r.instantWin) throw new UserError(`the roll ${d.roll} is ${r.instantWin}: the game is won at once, there is nothing to decide`);
  if (r.bust) throw new UserError(`the roll ${d.roll} scores nothing (a bust): there is nothing to decide`);
  let wanted: string;
  try {
    wanted = canonical(a, d.setAside!);
  } catch (e) {
    throw new UserError(`setAside: ${(e as Error).message.replace(/^--roll: /, '')}`);
  }
  const chosen = r.options.find((o) => o.setAside === wanted);
  if (!chosen) throw new UserError(`setAside ${d.setAside} is not a scoring set-aside of the roll ${d.roll} (choices: ${r.options.map((o) => o.setAside).join(' | ')})`);
  const best = r.options[0];
  const loss = Math.max(0, best.ev - chosen.ev);
  const describe = (o: typeof best) => `${o.setAside} (${o.score} points, total ${o.newTotal}, then ${o.then}${o.then === 'roll' ? ` ${o.diceLeft} ${o.diceLeft === 1 ? 'die' : 'dice'}` : ''}): EV ${round1(o.ev)}`;
  const why = chosen === best || loss === 0
    ? `best: ${describe(best)}${r.options.length > 1 ? `; next best ${describe(r.options.find((o) => o !== chosen)!)}` : ''}`
    : `best: ${describe(best)}; yours: ${describe(chosen)}`;
  return { kind: 'set-aside', total: d.total, dice: d.dice, roll: d.roll!, chosen: chosen.setAside, best: best.setAside, chosenEv: chosen.ev, bestEv: best.ev, loss, optimal: loss === 0, why };
}

export { summarize, type SessionSummary } from '../../../core/grades.js';

/** A TurnAnalysis of `rules` whose table reaches every total of `decisions`. */
export function analysisFor(rules: WulongRules, decisions: readonly Decision[]): TurnAnalysis {
  return new TurnAnalysis(rules, undefined, maxTotal(decisions) + 1);
}
