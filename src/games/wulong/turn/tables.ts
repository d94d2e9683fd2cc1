import type { WulongRules } from './rules.js';
import { UserError } from '../../../core/errors.js';
import { Memo } from '../../../core/memo.js';

/** One way to set dice aside from a roll: its score and how many dice it uses. */
export interface Choice {
  score: number;
  used: number;
}

/** A roll of n dice up to order: face counts, how many ordered rolls it stands for, what it allows. */
export interface RollClass {
  counts: number[];
  /** ordered outcomes with these counts: n! / Π counts! */
  weight: number;
  bust: boolean;
  instantWin: boolean;
  /** non-dominated set-aside choices: the best score for each number of dice used, fewest dice first */
  choices: Choice[];
  /** every distinct (score, dice used) a set-aside can give, dominated ones included */
  allChoices: Choice[];
}

export interface Tables {
  rules: WulongRules;
  faces: number;
  dice: number;
  /** every score is a multiple of this (the DP's step) */
  unit: number;
  /** classes[n]: the roll classes of n dice (index 0 unused) */
  classes: RollClass[][];
  /** faces^n for each n */
  outcomes: number[];
  /** classOfRoll[n][i]: the class of ordered roll i (base-`faces` digits, one per die) */
  classOfRoll: Uint16Array[];
  /** exact bust count among faces^n ordered rolls, per n */
  bustCount: bigint[];
  /** scores any kept multiset of dice (for ranking the set-asides of a given roll) */
  scorer: Scorer;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Value of setting aside m dice of one face, best over partitions into listed counts (−∞ if none). */
function faceValues(score: Record<string, number>, beyond: 'double' | 'none', dice: number, ofAKind: WulongRules['ofAKind']): number[] {
  const table = new Array<number>(dice + 1).fill(-Infinity);
  // n of a kind by multiplier or fixed score, for counts the face's own table leaves out
  for (const [k, e] of Object.entries(ofAKind ?? {})) {
    const n = Number(k);
    if (score[k] !== undefined || n > dice) continue;
    if (e.score !== undefined) table[n] = e.score;
    else if (score['3'] !== undefined) table[n] = Math.round(score['3'] * e.times!);
  }
  const listed = [...new Set([...Object.keys(score).map(Number), ...table.flatMap((x, c) => (x > -Infinity ? [c] : []))])].sort((a, b) => a - b);
  for (const c of Object.keys(score).map(Number)) table[c] = score[String(c)];
  if (beyond === 'double' && listed.length) {
    const top = listed[listed.length - 1];
    for (let c = top + 1; c <= dice; c++) table[c] = table[c - 1] * 2;
  }
  const best = new Array<number>(dice + 1).fill(-Infinity);
  best[0] = 0;
  for (let m = 1; m <= dice; m++) {
    for (let part = 1; part <= m; part++) {
      if (table[part] > -Infinity && best[m - part] > -Infinity) best[m] = Math.max(best[m], table[part] + best[m - part]);
    }
  }
  return best;
}

/** All count vectors over `faces` faces summing to n, in a fixed order. */
function compositions(n: number, faces: number): number[][] {
  const out: number[][] = [];
  const cur = new Array<number>(faces).fill(0);
  const rec = (f: number, left: number) => {
    if (f === faces - 1) {
      cur[f] = left;
      out.push(cur.slice());
      return;
    }
    for (let c = left; c >= 0; c--) {
      cur[f] = c;
      rec(f + 1, left - c);
    }
  };
  rec(0, n);
  return out;
}

function factorial(n: number): number {
  let r = 1;
  for (let i = 2; i <= n; i++) r *= i;
  return r;
}

/** Scoring of a kept multiset of dice, with patterns (straights, three pairs) and per-face units. */
export class Scorer {
  private readonly faceBest: number[][];
  private readonly patterns: { counts: number[]; score: number }[] = [];
  private readonly memo = new Map<string, number>();
  /** per face, the fewest dice (≥ 3) that form an n of a kind, Infinity if none: what `wholeCombinations` keeps together */
  private readonly kindFrom: number[];
  /** the straights' face counts (the combinations `wholeCombinations` keeps together, besides n of a kind) */
  private readonly straightCounts: number[][];
  /** best() by kept vector read as a number in base dice+1, when that stays an exact integer */
  private readonly memoNum: Map<number, number> | null;
  private readonly radix: number;

  constructor(readonly rules: WulongRules) {
    const F = rules.faces.length;
    this.radix = rules.dice + 1;
    this.memoNum = this.radix ** F <= Number.MAX_SAFE_INTEGER ? new Map() : null;
    this.faceBest = rules.faces.map((f) => faceValues(f.score, f.beyond ?? 'none', rules.dice, rules.ofAKind));
    this.kindFrom = rules.faces.map((f) => {
      const listed = Object.keys(f.score).map(Number);
      const extra = Object.entries(rules.ofAKind ?? {}).filter(([, e]) => e.score !== undefined || f.score['3'] !== undefined).map(([k]) => Number(k));
      const top = Math.max(...listed);
      if (f.beyond === 'double') extra.push(Math.max(top + 1, 3));
      return Math.min(...[...listed, ...extra].filter((c) => c >= 3), Infinity);
    });
    this.straightCounts = rules.straights.map((st) => {
      const counts = new Array<number>(F).fill(0);
      for (const id of st.faces) counts[rules.faces.findIndex((f) => f.id === id)]++;
      return counts;
    });
    for (const s of rules.straights) {
      const counts = new Array<number>(F).fill(0);
      for (const id of s.faces) counts[rules.faces.findIndex((f) => f.id === id)]++;
      this.patterns.push({ counts, score: s.score });
    }
    if (rules.threePairs) {
      for (let a = 0; a < F; a++)
        for (let b = a + 1; b < F; b++)
          for (let c = b + 1; c < F; c++) {
            const counts = new Array<number>(F).fill(0);
            counts[a] = counts[b] = counts[c] = 2;
            this.patterns.push({ counts, score: rules.threePairs.score });
          }
    }
    // named multi-set patterns: every assignment of distinct (allowed) faces to the parts; equal parts
    // give the same multiset in several orders, which the set of keys removes
    for (const pat of rules.patterns ?? []) {
      const allowed = pat.faces ? pat.faces.map((id) => rules.faces.findIndex((f) => f.id === id)) : rules.faces.map((_, i) => i);
      const seen = new Set<string>();
      const used = new Array<number>(F).fill(0);
      const rec = (part: number) => {
        if (part === pat.counts.length) {
          const key = used.join(',');
          if (!seen.has(key)) {
            seen.add(key);
            this.patterns.push({ counts: used.slice(), score: pat.score });
          }
          return;
        }
        for (const f of allowed) {
          if (used[f]) continue;
          used[f] = pat.counts[part];
          rec(part + 1);
          used[f] = 0;
        }
      };
      rec(0);
    }
  }

  /** Best score of exactly these dice, every die in some unit; −∞ when they cannot all score. */
  best(kept: readonly number[]): number {
    if (this.memoNum) {
      let i = 0;
      for (let f = kept.length - 1; f >= 0; f--) i = i * this.radix + kept[f];
      const hit = this.memoNum.get(i);
      if (hit !== undefined) return hit;
      const v = this.bestOf(kept);
      this.memoNum.set(i, v);
      return v;
    }
    const key = kept.join(',');
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const v = this.bestOf(kept);
    this.memo.set(key, v);
    return v;
  }

  private bestOf(kept: readonly number[]): number {
    let best = 0;
    for (let f = 0; f < kept.length; f++) best += this.faceBest[f][kept[f]];
    for (const p of this.patterns) {
      if (p.counts.every((c, f) => c <= kept[f])) {
        const rest = this.best(kept.map((k, f) => k - p.counts[f]));
        if (rest > -Infinity) best = Math.max(best, p.score + rest);
      }
    }
    return best;
  }

  /**
   * Whether `wholeCombinations` forbids this set-aside: it takes part of a combination the roll
   * holds — some but not all dice of an n of a kind (n ≥ 3), or any die of a straight without the
   * whole straight. Other patterns (three pairs…) are not constrained.
   */
  private splitsCombination(roll: readonly number[], kept: readonly number[]): boolean {
    for (let f = 0; f < roll.length; f++) if (roll[f] >= this.kindFrom[f] && kept[f] > 0 && kept[f] < roll[f]) return true;
    for (const st of this.straightCounts) {
      if (!st.every((c, f) => c <= roll[f])) continue;
      const touches = st.some((c, f) => c > 0 && kept[f] > 0);
      if (touches && !st.every((c, f) => c <= kept[f])) return true;
    }
    return false;
  }

  /**
   * Calls visit(score, used) for every legal set-aside from a roll, in the order of options(),
   * without building the kept vectors (compileTables needs only score and dice used).
   */
  eachOption(roll: readonly number[], visit: (score: number, used: number) => void): void {
    const kept = new Array<number>(roll.length).fill(0);
    const whole = this.rules.wholeCombinations === true;
    const F = roll.length;
    const rec = (f: number, used: number) => {
      if (f === F) {
        if (used === 0) return;
        if (whole && this.splitsCombination(roll, kept)) return;
        const score = this.best(kept);
        if (score > -Infinity) visit(score, used);
        return;
      }
      for (let c = 0; c <= roll[f]; c++) {
        kept[f] = c;
        rec(f + 1, used + c);
      }
      kept[f] = 0;
    };
    rec(0, 0);
  }

  /** Every legal set-aside from a roll (face counts): the kept dice and their score. */
  options(roll: readonly number[]): { kept: number[]; score: number; used: number }[] {
    const out: { kept: number[]; score: number; used: number }[] = [];
    const kept = new Array<number>(roll.length).fill(0);
    const whole = this.rules.wholeCombinations === true;
    const rec = (f: number) => {
      if (f === roll.length) {
        const used = kept.reduce((a, b) => a + b, 0);
        if (used === 0) return;
        if (whole && this.splitsCombination(roll, kept)) return;
        const score = this.best(kept);
        if (score > -Infinity) out.push({ kept: kept.slice(), score, used });
        return;
      }
      for (let c = 0; c <= roll[f]; c++) {
        kept[f] = c;
        rec(f + 1);
      }
      kept[f] = 0;
    };
    rec(0);
    return out;
  }
}

/** Compile rules into roll classes and lookup tables (once per rules; everything after is lookups). */
export function compileTables(rules: WulongRules): Tables {
  const F = rules.faces.length, N = rules.dice;
  if (F ** N > 50_000_000) throw new UserError(`rules: ${F} faces and ${N} dice make too many ordered rolls to tabulate`);
  const scorer = new Scorer(rules);
  const instantFace = rules.instantWin ? rules.faces.findIndex((f) => f.id === rules.instantWin!.face) : -1;
  const classes: RollClass[][] = [[]];
  const outcomes = [1];
  const classOfRoll: Uint16Array[] = [new Uint16Array(1)];
  const bustCount: bigint[] = [0n];
  const scores: number[] = [];
  for (let n = 1; n <= N; n++) {
    const list: RollClass[] = [];
    // class of a count vector, keyed by the vector read in base dice+1 while that number is exact
    const index = new Map<number | string, number>();
    const numeric = (N + 1) ** F <= Number.MAX_SAFE_INTEGER;
    const keyOf = (counts: readonly number[]): number | string => {
      if (!numeric) return counts.join(',');
      let k = 0;
      for (let f = F - 1; f >= 0; f--) k = k * (N + 1) + counts[f];
      return k;
    };
    let bust = 0n;
    for (const counts of compositions(n, F)) {
      const weight = factorial(n) / counts.reduce((a, c) => a * factorial(c), 1);
      // best score per number of dice used (the non-dominated choices) and every distinct
      // (used, score) in first-seen order
      const bestByUsed = new Array<number>(n + 1).fill(-Infinity);
      const allChoices: Choice[] = [];
      const seen = new Set<number>();
      scorer.eachOption(counts, (score, used) => {
        if (score > bestByUsed[used]) bestByUsed[used] = score;
        const key = score * (n + 1) + used;
        if (!seen.has(key)) {
          seen.add(key);
          allChoices.push({ used, score });
        }
      });
      const choices: Choice[] = [];
      for (let used = 1; used <= n; used++) if (bestByUsed[used] > -Infinity) choices.push({ used, score: bestByUsed[used] });
      for (const c of allChoices) scores.push(c.score);
      const instantWin = instantFace >= 0 && counts[instantFace] >= rules.instantWin!.count;
      // a scoreless roll the rules pay for: one choice, all dice used (so hot dice rolls them all again)
      const paid = choices.length === 0 ? rules.scoreless?.find((x) => x.dice === n) : undefined;
      if (paid) {
        choices.push({ used: n, score: paid.score });
        allChoices.push({ used: n, score: paid.score });
        scores.push(paid.score);
      }
      if (choices.length === 0) bust += BigInt(weight);
      index.set(keyOf(counts), list.length);
      list.push({ counts, weight, bust: choices.length === 0, instantWin, choices, allChoices });
    }
    // ordered roll i of n dice = roll i' of the first n − 1 dice (i mod F^(n−1)) plus a last die of
    // face f (i div F^(n−1)): its class is the class of i' with one more f. One lookup per
    // (class, face) instead of one per ordered roll keeps a workbench edit quick.
    const total = F ** n, prev = F ** (n - 1);
    const map = new Uint16Array(total);
    const prevClasses = n === 1 ? [{ counts: new Array<number>(F).fill(0) }] : classes[n - 1];
    const prevMap = n === 1 ? new Uint16Array(1) : classOfRoll[n - 1];
    const succ = new Uint16Array(prevClasses.length * F);
    prevClasses.forEach((c, k) => {
      for (let f = 0; f < F; f++) {
        c.counts[f]++;
        succ[k * F + f] = index.get(keyOf(c.counts))!;
        c.counts[f]--;
      }
    });
    for (let f = 0; f < F; f++) for (let j = 0; j < prev; j++) map[f * prev + j] = succ[prevMap[j] * F + f];
    classes.push(list);
    outcomes.push(total);
    classOfRoll.push(map);
    bustCount.push(bust);
  }
  if (rules.instantWin) scores.push(rules.instantWin.value || 1);
  scores.push(rules.minimumBank || scores[0] || 1);
  for (const c of rules.bettingCards) {
    if (c.min) scores.push(c.min);
  }
  const unit = scores.filter((s) => s > 0).reduce((a, b) => gcd(a, b));
  return { rules, faces: F, dice: N, unit, classes, outcomes, classOfRoll, bustCount, scorer };
}

const compiled = new Memo<Tables>(16);
/** The compiled tables of these rules, built once per thread (a sweep or a game compiles each rules variant once). */
export function tablesFor(rules: WulongRules): Tables {
  return compiled.get(JSON.stringify(rules), () => compileTables(rules));
}

/** Parse a roll given as face ids or 1-based face numbers ("D,T,3,3,5" or "1,2,3,3,5") into counts. */
export function parseRoll(tables: Tables, text: string): number[] {
  const counts = new Array<number>(tables.faces).fill(0);
  // every comma separates a face: "D,,T" and "" are typing mistakes, not shorter rolls
  if (text.trim() === '') throw new UserError('--roll needs the faces rolled, e.g. D,T,3,3,5 (got "")');
  const parts = text.trim().split(/\s*,\s*|\s+/);
  if (parts.some((p) => p === '')) throw new UserError(`--roll: an empty face between commas (got ${JSON.stringify(text)})`);
  for (const p of parts) {
    let f = tables.rules.faces.findIndex((x) => x.id.toLowerCase() === p.toLowerCase() || x.name.toLowerCase() === p.toLowerCase());
    if (f < 0 && /^\d+$/.test(p) && Number(p) >= 1 && Number(p) <= tables.faces) f = Number(p) - 1;
    if (f < 0) throw new UserError(`--roll: unknown face "${p}" (faces: ${tables.rules.faces.map((x) => x.id).join(', ')})`);
    counts[f]++;
  }
  return counts;
}
