/**
 * Exact single-turn odds: a Markov chain over Collected states (the Supply is the rest of the five
 * dice). From each state every roll of the Supply is enumerated as a multiset with its multinomial
 * probability (the First Son's re-rolls of 6s are expanded level by level), the engine's own
 * `resolveRoll` applies the strategy's decisions, and the chain is solved as a linear system.
 * Using the engine itself means the odds and the simulator cannot disagree about the rules; the
 * test compares them anyway (the simulator draws real dice, re-rolls included).
 *
 * A single turn is played solo: abilities that act on other players (Second and Fourth Son on an
 * opponent, the Fifth Son's trade) have no one to act on, so only their effect on the player's own
 * dice is counted.
 */
import { UserError } from '../../core/errors.js';
import { Memo } from '../../core/memo.js';
import { ALL_ABILITIES, END_ELEMENT, ROLL_AGAIN, ROUND_OVER, WeilongGame } from './engine.js';
import { FIRST_SON, type WeilongStrategy } from './strategy.js';
import { SON_NAMES, type WeilongRules } from './rules.js';

const POW6 = [1, 6, 36, 216, 1296, 7776, 46656];
const FACT = [1, 1, 2, 6, 24, 120];

/** A Collected (or roll) multiset as counts by face 1..6, encoded base 6 (each count ≤ 5). */
function encode(counts: ArrayLike<number>, base = 1): number {
  let x = 0;
  for (let f = 1; f <= 6; f++) x += counts[f - 1 + base] * POW6[f - 1];
  return x;
}
function decodeInto(x: number, out: Int8Array | number[], base = 1): void {
  for (let f = 1; f <= 6; f++) {
    out[f - 1 + base] = x % 6;
    x = Math.floor(x / 6);
  }
}

/** Every multiset of n dice with its probability: [code, prob] pairs (built once per n and thread). */
const rollTables = new Memo<[number, number][]>(8);
function rollsOf(n: number): [number, number][] {
  return rollTables.get(String(n), () => buildRolls(n));
}

function buildRolls(n: number): [number, number][] {
  const t: [number, number][] = [];
  const c = [0, 0, 0, 0, 0, 0];
  const rec = (f: number, left: number) => {
    if (f === 5) {
      c[5] = left;
      let ways = FACT[n];
      for (const k of c) ways /= FACT[k];
      t.push([c[0] + 6 * c[1] + 36 * c[2] + 216 * c[3] + 1296 * c[4] + 7776 * c[5], ways / POW6[n]]);
      return;
    }
    for (let k = 0; k <= left; k++) {
      c[f] = k;
      rec(f + 1, left - k);
    }
  };
  rec(0, n);
  return t;
}

/** Parse "1,1,3" (or "" / "none") into counts by face (index 1..6). */
export function parseCollected(text: string): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'none') return counts;
  const parts = t.split(',');
  for (const part of parts) {
    const v = Number(part.trim());
    if (!Number.isInteger(v) || v < 1 || v > 6) throw new UserError(`--collected must list die faces 1..6 separated by commas (got ${JSON.stringify(text)})`);
    counts[v]++;
  }
  if (parts.length > 5) throw new UserError(`--collected lists ${parts.length} dice but a player has only 5`);
  return counts;
}

/** Reject a Collected set the Son could not hold at the start of a turn (finished sets end the round). */
export function checkCollected(son: number, counts: number[], supply?: number): void {
  const n = counts.reduce((a, b) => a + b, 0);
  if (n > 5) throw new UserError(`--collected lists ${n} dice but a player has only 5`);
  if (supply !== undefined && supply !== 5 - n) throw new UserError(`--supply ${supply} is impossible with ${n} Collected dice (Supply + Collected = 5, so --supply must be ${5 - n})`);
  if (counts[son] === 5) throw new UserError(`impossible Collected set for the ${SON_NAMES[son - 1]}: five ${son}s already ended the round`);
  if (counts[1] === 1 && counts[2] === 1 && counts[3] === 1 && counts[4] === 1 && counts[5] === 1) throw new UserError('impossible Collected set: a Dragon (1,2,3,4,5) already ended the round');
}

export interface TurnOdds {
  son: number;
  name: string;
  strategy: string;
  ability: boolean;
  collected: number[];
  supply: number;
  /** probability the turn completes five of the element */
  pElement: number;
  /** probability the turn completes a Dragon */
  pDragon: number;
  /** pElement + pDragon */
  pFinish: number;
  /** expected Collected dice gained this turn (net of dice the Son returns to his own Supply) */
  expectedCollected: number;
  /** probability the turn ends after its first roll without finishing (or there was nothing to roll) */
  pEndAtOnce: number;
  /** expected rolls in the turn (First Son re-rolls not counted as rolls) */
  expectedRolls: number;
  /** Collected states in the chain */
  states: number;
  /** probability mass of First Son re-roll chains deeper than the cut-off (< 1e-15) */
  truncatedMass: number;
}

/**
 * Exact single-turn odds for Son `son` (1..5) from Collected `counts` (by face, index 1..6) under
 * `strategy`, with the Son's ability on or off. The strategy is handed in (by name through the
 * registry: `turnOdds` in questions.ts), so the solver never imports the strategies.
 */
export function turnOddsUnder(rules: WeilongRules, son: number, counts: number[], strategy: WeilongStrategy, ability = true): TurnOdds {
  checkCollected(son, counts);
  const c = son - 1;
  const g = new WeilongGame(rules);
  g.setupSolo(c, strategy);
  g.setAbilityMask(ability ? ALL_ABILITIES : ALL_ABILITIES & ~(1 << c));
  const start = encode(counts);
  const index = new Map<number, number>();
  const states: number[] = [];
  const add = (s: number) => {
    if (!index.has(s)) {
      index.set(s, states.length);
      states.push(s);
    }
    return index.get(s)!;
  };
  add(start);
  // per state: terminal contributions and transitions
  const rows: { to: Map<number, number>; pE: number; pD: number; coll: number; once: number; dead: boolean }[] = [];
  const sc = new Int8Array(8);
  const rc = new Int8Array(8);
  let truncated = 0;
  for (let i = 0; i < states.length; i++) {
    const s = states[i];
    decodeInto(s, sc);
    let nS = 0;
    for (let f = 1; f <= 6; f++) nS += sc[f];
    const row = { to: new Map<number, number>(), pE: 0, pD: 0, coll: 0, once: 0, dead: nS === 5 };
    rows.push(row);
    if (nS === 5) {
      row.coll = 5;
      row.once = 1;
      continue;
    }
    // final roll distribution (after First Son re-rolls)
    const final = new Map<number, number>();
    let level = new Map<number, number>();
    for (const [code, p] of rollsOf(5 - nS)) level.set(code, p);
    for (let depth = 0; level.size > 0; depth++) {
      const next = new Map<number, number>();
      for (const [code, p] of level) {
        const sixes = Math.floor(code / 7776);
        let reroll = false;
        if (c === FIRST_SON && g.abilityOn[FIRST_SON] && sixes > 0 && (depth === 0 || rules.firstSonRerollAgain)) {
          g.setCollected(c, sc);
          decodeInto(code, rc);
          g.roll.fill(0);
          for (let f = 1; f <= 6; f++) g.roll[f] = rc[f];
          reroll = strategy.firstSonReroll(g.view, c);
        }
        if (!reroll) {
          final.set(code, (final.get(code) ?? 0) + p);
          continue;
        }
        if (depth > 200 || p < 1e-30) {
          truncated += p;
          continue;
        }
        const base = code - sixes * 7776;
        for (const [rcode, q] of rollsOf(sixes)) next.set(base + rcode, (next.get(base + rcode) ?? 0) + p * q);
      }
      level = next;
    }
    for (const [code, p] of final) {
      g.setCollected(c, sc);
      decodeInto(code, rc);
      g.roll.fill(0);
      for (let f = 1; f <= 6; f++) g.roll[f] = rc[f];
      const r = g.resolveRoll(c);
      if (r === ROUND_OVER) {
        if (g.endKind === END_ELEMENT) row.pE += p;
        else row.pD += p;
        row.coll += 5 * p;
      } else {
        const to = encode(g.col, c * 8 + 1);
        if (r === ROLL_AGAIN) {
          const j = add(to);
          row.to.set(j, (row.to.get(j) ?? 0) + p);
        } else {
          row.coll += g.ncol[c] * p;
          row.once += p;
        }
      }
    }
  }
  // Solve x = b + T x for four right-hand sides (element, dragon, final Collected count, rolls).
  const m = states.length;
  const A = new Float64Array(m * m);
  const B = new Float64Array(m * 4);
  for (let i = 0; i < m; i++) {
    A[i * m + i] += 1;
    for (const [j, p] of rows[i].to) A[i * m + j] -= p;
    B[i * 4] = rows[i].pE;
    B[i * 4 + 1] = rows[i].pD;
    B[i * 4 + 2] = rows[i].coll;
    B[i * 4 + 3] = rows[i].dead ? 0 : 1;
  }
  solve(A, B, m, 4);
  let n0 = 0;
  for (let f = 1; f <= 6; f++) n0 += counts[f];
  const pE = B[0], pD = B[1];
  return {
    son,
    name: SON_NAMES[c],
    strategy: strategy.name,
    ability,
    collected: expand(counts),
    supply: 5 - n0,
    pElement: pE,
    pDragon: pD,
    pFinish: pE + pD,
    expectedCollected: B[2] - n0,
    pEndAtOnce: rows[0].once,
    expectedRolls: B[3],
    states: m,
    truncatedMass: truncated,
  };
}

function expand(counts: number[]): number[] {
  const out: number[] = [];
  for (let f = 1; f <= 6; f++) for (let i = 0; i < counts[f]; i++) out.push(f);
  return out;
}

/** Gaussian elimination with partial pivoting, in place: A x = B (B has k columns). */
function solve(A: Float64Array, B: Float64Array, m: number, k: number): void {
  for (let col = 0; col < m; col++) {
    let piv = col;
    for (let r = col + 1; r < m; r++) if (Math.abs(A[r * m + col]) > Math.abs(A[piv * m + col])) piv = r;
    if (piv !== col) {
      for (let j = 0; j < m; j++) [A[col * m + j], A[piv * m + j]] = [A[piv * m + j], A[col * m + j]];
      for (let j = 0; j < k; j++) [B[col * k + j], B[piv * k + j]] = [B[piv * k + j], B[col * k + j]];
    }
    const d = A[col * m + col];
    for (let r = 0; r < m; r++) {
      if (r === col) continue;
      const f = A[r * m + col] / d;
      if (f === 0) continue;
      for (let j = col; j < m; j++) A[r * m + j] -= f * A[col * m + j];
      for (let j = 0; j < k; j++) B[r * k + j] -= f * B[col * k + j];
    }
  }
  for (let r = 0; r < m; r++) for (let j = 0; j < k; j++) B[r * k + j] /= A[r * m + r];
}
