/**
 * Equilibrium strategy files: the average strategy of a two-player solve, stored compactly so the
 * `equilibrium:file=PATH` player and `liars exploit` can use it without solving again.
 *
 * A `MaskSource` is any strategy over the solver's public tree: a history is the bitmask of the
 * bids made (exact-cfr.ts), its actions are "liar" (when a bid was made) then each higher bid. It is
 * the solver's `EquilibriumSource` (exact-cfr-source.ts, histories as lists of bid ranks) with
 * histories as one integer, so that the `equilibrium` player's hot loop allocates nothing;
 * `maskSource` adapts any EquilibriumSource.
 * The file keeps only histories the mover reaches with positive probability under its own stored
 * strategy (against any opponent moves): elsewhere a player of the strategy never has to choose.
 * Probabilities below `prune` are dropped and the rest rescaled, then stored as float32; because
 * that changes the strategy a little, the stored strategy's value and exploitability are measured
 * again, exactly, and written beside the solve's own.
 *
 * Layout (version 2), gzip in one or more members: a JSON header line (spaces before its newline
 * pad it to a multiple of 4 bytes), then `masks` as uint32 little-endian, then `probs` as float32
 * little-endian, one block per stored history of actions × mover's hands, action-major; binary, not
 * JSON, because 2v2 dice with 6 sides stores 2.8 GB of probabilities. Any damage — not gzip, cut
 * short, fields missing, lengths or sums wrong — is one UserError naming the file.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { UserError } from '../../core/errors.js';
import { readReason, showPath, writeFileAtomic } from '../../core/files.js';
import type { EquilibriumSource } from './exact-cfr-source.js';
import { handCounts, LiarsSolver, MAX_BIDS, MAX_BIDS_FLOAT32, possibleBids, VARIANTS, type Exploitability, type SolverConfig, type Variant } from './exact-cfr.js';

/** A two-player strategy profile over the solver's public tree (both seats). */
export interface MaskSource {
  readonly config: SolverConfig;
  /** bid ranks B: histories are masks below 2^B */
  readonly bids: number;
  /** actions at `history`: liar first when a bid was made, then every higher bid */
  actionsAt(history: number): number;
  /** the mover's probabilities at `history` for its hand `handIndex` into out[0…]; returns the action count */
  probabilitiesAt(history: number, handIndex: number, out: Float64Array): number;
}

/** Depth (bids made) and the last bid's rank (−1 at the root) of a history. */
export function depthOf(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
export function topOf(mask: number): number {
  return mask === 0 ? -1 : 31 - Math.clz32(mask);
}

export function actionCount(bids: number, mask: number): number {
  return (mask === 0 ? 0 : 1) + bids - 1 - topOf(mask);
}

/** Any EquilibriumSource with bitmask histories (allocates a rank list per call: for writing files, not play). */
export function maskSource(src: EquilibriumSource): MaskSource {
  const B = src.bids.length;
  const ranks = (mask: number): number[] => {
    const r: number[] = [];
    for (let b = 0; b < B; b++) if (mask & (1 << b)) r.push(b);
    return r;
  };
  return {
    config: src.config,
    bids: B,
    actionsAt: (mask) => actionCount(B, mask),
    probabilitiesAt: (mask, h, out) => { src.probabilitiesAt(ranks(mask), h, out); return actionCount(B, mask); },
  };
}

/** A solver's average strategy as a source (read live: later iterations change it). */
export function solverSource(solver: LiarsSolver): MaskSource {
  return {
    config: solver.config,
    bids: solver.B,
    actionsAt: (mask) => actionCount(solver.B, mask),
    probabilitiesAt: (mask, h, out) => solver.averageAt(mask, topOf(mask), depthOf(mask), h, out),
  };
}

/** Write a source's strategy into `solver.avg` (every history: absent ones are left at 0, i.e. uniform). */
export function loadIntoSolver(source: MaskSource, solver: LiarsSolver, histories: Iterable<number>): void {
  const Hm = solver.Hmax, out = new Float64Array(solver.B + 1);
  solver.avg.fill(0);
  for (const mask of histories) {
    const p = depthOf(mask) & 1, Hp = solver.H[p], base = solver.off[mask] * Hm;
    for (let h = 0; h < Hp; h++) {
      const n = source.probabilitiesAt(mask, h, out);
      for (let a = 0; a < n; a++) solver.avg[base + a * Hm + h] = out[a];
    }
  }
}

export interface SolveSummary {
  iterations: number;
  target: number;
  value0: number;
  br0: number;
  br1: number;
  exploitability: number;
}

/** What the file says about the stored (pruned, float32) strategy, measured exactly. */
export interface StoredSummary {
  prune: number;
  histories: number;
  value0: number;
  br0: number;
  br1: number;
  exploitability: number;
}

export const FILE_FORMAT = 'oddsmith liars-dice equilibrium';
export const FILE_VERSION = 2;

/** A strategy read from (or about to be written to) a file. */
export class StoredStrategy implements MaskSource {
  readonly bids: number;
  readonly hands: [number, number];
  /**
   * offset of each stored history's block in `probs`, −1 where none: a table over all 2^bids
   * histories (64 MB at 24 bids), because a Map holds at most 2^24 entries and 2v2 dice with 6
   * sides stores nearly all 2^24
   */
  private readonly at: Int32Array;
  /** `at` is given when the reader has built it already while checking the file */
  constructor(readonly config: SolverConfig, readonly masks: Uint32Array, readonly probs: Float32Array, readonly solveInfo: SolveSummary, public stored: StoredSummary, at?: Int32Array) {
    this.bids = possibleBids(config);
    this.hands = handCounts(config);
    this.at = at ?? offsetTable(this.bids, this.hands, masks, (i, m) => { throw new Error(`history ${i} (${m}) is outside the game or stored twice`); }).at;
  }
  actionsAt(mask: number): number {
    return actionCount(this.bids, mask);
  }
  /** Uniform at a history the file does not hold (the strategy never reaches it itself). */
  probabilitiesAt(mask: number, h: number, out: Float64Array): number {
    const n = actionCount(this.bids, mask), off = this.at[mask];
    if (off < 0) {
      for (let a = 0; a < n; a++) out[a] = 1 / n;
      return n;
    }
    const H = this.hands[depthOf(mask) & 1];
    for (let a = 0; a < n; a++) out[a] = this.probs[off + a * H + h];
    return n;
  }
  has(mask: number): boolean {
    return this.at[mask] >= 0;
  }
}

/**
 * The source pruned and rounded to float32, keeping the histories its movers reach: a walk from the
 * root carrying each seat's own reach per hand; a history is kept when its mover's reach is positive
 * for some hand, and the walk goes on below it while either seat's reach is. Histories are stored in
 * the walk's order (depth first, lower bids first), so the file is the same on every run; the
 * output arrays are sized for every history (untouched pages cost no memory) and no per-history
 * array is made: 2v2 dice with 6 sides walks 2^24 histories.
 */
export function compactStrategy(source: MaskSource, solveInfo: SolveSummary, prune: number): StoredStrategy {
  const { config, bids: B } = source;
  const H = handCounts(config);
  let bound = 0;
  for (let m = 0; m < 2 ** B; m++) bound += actionCount(B, m) * H[depthOf(m) & 1];
  const probs = new Float32Array(bound), masks = new Uint32Array(2 ** B);
  let total = 0, kept = 0;
  const out = new Float64Array(B + 1);
  // reach of the mover's next history, one buffer per depth (siblings reuse it in turn)
  const next = Array.from({ length: B + 2 }, () => new Float64Array(Math.max(H[0], H[1])));
  const walk = (mask: number, depth: number, r0: Float64Array, r1: Float64Array): void => {
    const p = depth & 1, Hp = H[p], n = actionCount(B, mask), hasLiar = mask === 0 ? 0 : 1;
    const mine = p === 0 ? r0 : r1, other = p === 0 ? r1 : r0;
    let moverReaches = false;
    for (let h = 0; h < Hp; h++) if (mine[h] > 0) moverReaches = true;
    const at = total;
    if (moverReaches) {
      for (let h = 0; h < Hp; h++) {
        source.probabilitiesAt(mask, h, out);
        let sum = 0;
        for (let a = 0; a < n; a++) { if (out[a] < prune) out[a] = 0; sum += out[a]; }
        // every action below the cut: keep the most likely one (the source's argmax)
        if (sum === 0) {
          source.probabilitiesAt(mask, h, out);
          let best = 0;
          for (let a = 1; a < n; a++) if (out[a] > out[best]) best = a;
          for (let a = 0; a < n; a++) out[a] = a === best ? 1 : 0;
          sum = 1;
        }
        for (let a = 0; a < n; a++) probs[at + a * Hp + h] = out[a] / sum;
      }
      masks[kept++] = mask;
      total += n * Hp;
    }
    let otherReaches = false;
    for (let h = 0; h < H[1 - p]; h++) if (other[h] > 0) otherReaches = true;
    if (!moverReaches && !otherReaches) return;
    const child = next[depth + 1];
    for (let a = hasLiar; a < n; a++) {
      const b = topOf(mask) + 1 + a - hasLiar;
      for (let h = 0; h < Hp; h++) child[h] = moverReaches ? mine[h] * probs[at + a * Hp + h] : 0;
      if (p === 0) walk(mask | (1 << b), depth + 1, child, r1);
      else walk(mask | (1 << b), depth + 1, r0, child);
    }
  };
  walk(0, 0, new Float64Array(H[0]).fill(1), new Float64Array(H[1]).fill(1));
  // a copy when most of the room went unused; else a view (its unused tail was never touched)
  const fit = <T extends Float32Array | Uint32Array>(a: T, n: number): T => (n > a.length / 2 ? a.subarray(0, n) : a.slice(0, n)) as T;
  return new StoredStrategy(config, fit(masks, kept), fit(probs, total), solveInfo, { prune, histories: kept, value0: NaN, br0: NaN, br1: NaN, exploitability: NaN });
}

/** An empty solver for a stored strategy's game: float32 stores above MAX_BIDS bids (2v2 dice with 6 sides), as its solve had. */
export function emptySolverFor(s: StoredStrategy): LiarsSolver {
  return new LiarsSolver(s.config, { precision: s.bids > MAX_BIDS ? 'float32' : 'float64' });
}

/**
 * Exact value and exploitability of a stored strategy, through a solver's traversals: `solver` when
 * given (its strategy is overwritten: a solve that has just been saved, so as not to need its
 * memory twice), else a new one (emptySolverFor).
 */
export function measureStored(s: StoredStrategy, solver?: LiarsSolver): { value0: number } & Exploitability {
  const into = solver ?? emptySolverFor(s);
  loadIntoSolver(s, into, s.masks);
  // 0: both players' loaded (average) strategies, whatever profile a pcfr+last solve had chosen
  return { value0: into.value0(0), ...into.exploitability(0) };
}

/** gzip members of at most this many input bytes: a 2v2 6-sided strategy (2.8 GB) is never one buffer */
const GZIP_CHUNK = 1 << 28;

/**
 * Prune, round, measure again and write atomically. Returns what was written. `solver`: the solve
 * whose strategy `source` reads, to be reused for the measuring (see measureStored).
 */
export function writeStrategyFile(path: string, source: MaskSource, solveInfo: SolveSummary, prune: number, solver?: LiarsSolver): StoredStrategy {
  const s = compactStrategy(source, solveInfo, prune);
  const m = measureStored(s, solver);
  s.stored = { ...s.stored, value0: m.value0, br0: m.br0, br1: m.br1, exploitability: m.exploitability };
  const header = JSON.stringify({
    format: FILE_FORMAT, version: FILE_VERSION,
    config: s.config, bids: s.bids, hands: s.hands,
    solve: solveInfo, stored: s.stored, probabilities: s.probs.length,
  });
  // spaces before the newline so that the arrays after it start at a multiple of 4 bytes
  const head = Buffer.from(header + ' '.repeat((4 - ((Buffer.byteLength(header) + 1) % 4)) % 4) + '\n');
  const bytes = (a: Uint32Array | Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const members: Buffer[] = [gzipSync(Buffer.concat([head, bytes(s.masks)]), { level: 6 })];
  const probs = bytes(s.probs);
  for (let off = 0; off < probs.length; off += GZIP_CHUNK) members.push(gzipSync(probs.subarray(off, off + GZIP_CHUNK), { level: 6 }));
  writeFileAtomic(path, members, 'strategy file');
  return s;
}

/** Read a strategy file, checking everything; one UserError naming the file and what is wrong. */
export function readStrategyFile(path: string): StoredStrategy {
  const bad = (why: string) => new UserError(`${showPath(path)} is not a usable equilibrium strategy file: ${why}`);
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (e) {
    throw new UserError(`cannot read strategy file ${showPath(path)}: ${readReason(e)}`);
  }
  let data: Buffer;
  try {
    data = gunzipSync(raw);
  } catch (e) {
    throw bad(raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b ? `cut short or damaged (${(e as Error).message})` : 'not gzip (write one with `oddsmith liars solve --out FILE`)');
  }
  const nl = data.indexOf(10);
  let doc: Record<string, unknown>;
  try {
    if (nl < 0) throw new Error('no header line');
    doc = JSON.parse(data.subarray(0, nl).toString('utf8')) as Record<string, unknown>;
  } catch {
    throw bad('its JSON header is damaged');
  }
  if (doc === null || typeof doc !== 'object' || doc.format !== FILE_FORMAT) throw bad(`format is not "${FILE_FORMAT}"`);
  if (doc.version !== FILE_VERSION) throw bad(`version ${JSON.stringify(doc.version)}, this oddsmith reads ${FILE_VERSION} (write it again with \`oddsmith liars solve --out FILE\`)`);
  const c = doc.config as SolverConfig | undefined;
  const okDice = Array.isArray(c?.dice) && c!.dice.length === 2 && c!.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 3);
  const okBids = okDice && Number.isInteger(c!.sides) && (c!.dice[0] + c!.dice[1]) * c!.sides <= MAX_BIDS_FLOAT32;
  if (!c || !VARIANTS.includes(c.variant as Variant) || !okBids || c.sides < 2 || c.sides > 6) throw bad('config (variant, dice, sides) missing or out of range');
  const config: SolverConfig = { variant: c.variant, dice: [c.dice[0], c.dice[1]], sides: c.sides };
  const num = (o: unknown, k: string): number => {
    const v = (o as Record<string, unknown> | undefined)?.[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`field ${k} missing or not a number`);
    return v;
  };
  const solveInfo: SolveSummary = { iterations: num(doc.solve, 'iterations'), target: num(doc.solve, 'target'), value0: num(doc.solve, 'value0'), br0: num(doc.solve, 'br0'), br1: num(doc.solve, 'br1'), exploitability: num(doc.solve, 'exploitability') };
  const stored: StoredSummary = { prune: num(doc.stored, 'prune'), histories: num(doc.stored, 'histories'), value0: num(doc.stored, 'value0'), br0: num(doc.stored, 'br0'), br1: num(doc.stored, 'br1'), exploitability: num(doc.stored, 'exploitability') };
  // typed-array views need 4-byte alignment: copy in the rare case the inflated buffer lacks it
  let body = data.subarray(nl + 1);
  if (body.byteOffset % 4 !== 0) body = Buffer.from(new Uint8Array(body));
  if (body.length < stored.histories * 4) throw bad(`${stored.histories} histories announced, ${Math.floor(body.length / 4)} stored`);
  if (body.length % 4 !== 0) throw bad('probabilities cut short');
  const masks = new Uint32Array(body.buffer, body.byteOffset, stored.histories);
  const probs = new Float32Array(body.buffer, body.byteOffset + stored.histories * 4, body.length / 4 - stored.histories);
  const B = possibleBids(config);
  const hands = handCounts(config);
  if (doc.bids !== B || !Array.isArray(doc.hands) || doc.hands[0] !== hands[0] || doc.hands[1] !== hands[1]) throw bad(`its bids and hands (${JSON.stringify(doc.bids)}, ${JSON.stringify(doc.hands)}) are not ${B} and [${hands.join(',')}], those of its config`);
  const { at, need } = offsetTable(B, hands, masks, (i, m) => { throw bad(`history ${i} (${m}) is not a bid set of this game or is stored twice`); });
  if (probs.length !== need) throw bad(`${need} probabilities expected, ${probs.length} stored`);
  if (masks.length === 0 || masks[0] !== 0) throw bad('the opening history is missing');
  // every hand's probabilities at every history sum to 1 (float32 rounding aside)
  let off = 0;
  for (const m of masks) {
    const n = actionCount(B, m), Hp = hands[depthOf(m) & 1];
    for (let h = 0; h < Hp; h++) {
      let sum = 0;
      for (let a = 0; a < n; a++) {
        const x = probs[off + a * Hp + h];
        if (!(x >= 0)) throw bad(`a negative or missing probability at history ${m}`);
        sum += x;
      }
      if (Math.abs(sum - 1) > 1e-5) throw bad(`probabilities at history ${m}, hand ${h} sum to ${sum}, not 1`);
    }
    off += n * Hp;
  }
  return new StoredStrategy(config, masks, probs, solveInfo, stored, at);
}

/** Offset of each stored history's block of probabilities (−1 where none) and the probabilities all blocks need; `fail` is called at a history outside the game or stored twice. */
function offsetTable(bids: number, hands: [number, number], masks: Uint32Array, fail: (i: number, m: number) => never): { at: Int32Array; need: number } {
  const at = new Int32Array(2 ** bids).fill(-1);
  let need = 0;
  for (let i = 0; i < masks.length; i++) {
    const m = masks[i];
    if (m >= 2 ** bids || at[m] >= 0) fail(i, m);
    at[m] = need;
    need += actionCount(bids, m) * hands[depthOf(m) & 1];
  }
  return { at, need };
}

/** "seed, 2 v 1 dice, 6 sides" */
export function configLabel(c: SolverConfig): string {
  return `${c.variant}, ${c.dice[0]} v ${c.dice[1]} dice, ${c.sides} sides`;
}
