/**
 * A solve's saved state (`liars solve --checkpoint FILE`): its stores, iteration count and
 * checkpoints, so that a solve of hours survives a stop (Ctrl-C, a closed terminal, a machine's end
 * of day) and the same command continues it, to the same result bit for bit.
 *
 * Layout (version 1), not compressed (regrets compress poorly and the file is rewritten often): a
 * JSON header line (spaces before its newline pad it to a multiple of 8 bytes), then each store —
 * regrets, average sums, and for the predictive algorithms the predictions — as float64 or float32
 * little-endian, the solver's own layout. Any damage is one UserError naming the file.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { UserError } from '../../core/errors.js';
import { checkOutputs, readReason, showPath, writeFileAtomic } from '../../core/files.js';
import { ALGORITHMS, storeBytes, type Algorithm, type ConvergencePoint, type LiarsSolver, type Precision, type SolveOptions, type SolverConfig } from './exact-cfr.js';
import { configLabel } from './strategy-file.js';

export const STATE_FORMAT = 'oddsmith liars-dice solver state';
export const STATE_VERSION = 1;
/** reads and writes of at most this many bytes (one call takes at most 2 GB) */
const CHUNK = 1 << 30;
/** the header holds a few hundred checkpoints at most; a longer first line is not a header */
const MAX_HEADER = 1 << 24;

/** The solve a state belongs to: it continues only a solve of the same game, algorithm and precision. */
export interface SolveIdentity {
  config: SolverConfig;
  algorithm: Algorithm;
  precision: Precision;
}

const identityLabel = (s: SolveIdentity) => `${configLabel(s.config)}, ${s.algorithm}, ${s.precision}`;

/** The stores as bytes, in chunks a single write takes. */
function storeChunks(solver: LiarsSolver): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (const b of solver.sharedBuffers()) for (let off = 0; off < b.byteLength; off += CHUNK) chunks.push(new Uint8Array(b, off, Math.min(CHUNK, b.byteLength - off)));
  return chunks;
}

/** Save the solver's state after checkpoint `convergence[last]`, atomically (a stop mid-write leaves the previous state). */
export function writeSolverState(path: string, solver: LiarsSolver, convergence: readonly ConvergencePoint[]): void {
  const header = JSON.stringify({
    format: STATE_FORMAT, version: STATE_VERSION,
    config: solver.config, algorithm: solver.algorithm, precision: solver.precision,
    iterations: solver.iterations, stores: solver.sharedBuffers().length, storeBytes: storeBytes(solver.config, { algorithm: solver.algorithm, precision: solver.precision }),
    convergence,
  });
  const head = Buffer.from(header + ' '.repeat((8 - ((Buffer.byteLength(header) + 1) % 8)) % 8) + '\n');
  writeFileAtomic(path, [head, ...storeChunks(solver)], 'checkpoint file');
}

/**
 * Check a --checkpoint path before the solve: it must be writable, and if it exists, a regular
 * file holding a state of this same solve. Returns how to resume from it, or undefined (a new solve).
 */
export function openSolverState(path: string, want: SolveIdentity): SolveOptions['resume'] {
  checkOutputs([{ path, what: 'checkpoint file' }]);
  let size: number;
  try {
    const s = statSync(path);
    if (!s.isFile()) throw new UserError(`checkpoint file ${showPath(path)} is not a regular file (a pipe or a device cannot hold a solve); give a file name`);
    size = s.size;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot read checkpoint file ${showPath(path)}: ${readReason(e)}`);
  }
  const bad = (why: string) => new UserError(`${showPath(path)} is not a usable solver state: ${why} (remove it to start the solve afresh)`);
  const { doc, bodyStart } = readHeader(path, bad);
  if (doc.format !== STATE_FORMAT) throw bad(`format is not "${STATE_FORMAT}"`);
  if (doc.version !== STATE_VERSION) throw bad(`version ${JSON.stringify(doc.version)}, this oddsmith reads ${STATE_VERSION}`);
  const c = doc.config as SolverConfig | undefined;
  const got: SolveIdentity = { config: { variant: c?.variant as SolverConfig['variant'], dice: [c?.dice?.[0] ?? NaN, c?.dice?.[1] ?? NaN], sides: c?.sides as number }, algorithm: doc.algorithm as Algorithm, precision: doc.precision as Precision };
  if (!ALGORITHMS.includes(got.algorithm) || (got.precision !== 'float64' && got.precision !== 'float32') || !Array.isArray(c?.dice)) throw bad('its solve (config, algorithm, precision) is missing');
  if (identityLabel(got) !== identityLabel(want)) {
    throw new UserError(`checkpoint file ${showPath(path)} holds a solve of ${identityLabel(got)}; this command asks for ${identityLabel(want)}: give the same options, or another --checkpoint file`);
  }
  const iterations = doc.iterations;
  if (!Number.isInteger(iterations) || (iterations as number) < 1) throw bad('iterations missing');
  const convergence = doc.convergence as ConvergencePoint[];
  const okPoint = (p: ConvergencePoint) => p !== null && typeof p === 'object' && [p.iteration, p.exploitability, p.value0, p.seconds].every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!Array.isArray(convergence) || convergence.length === 0 || !convergence.every(okPoint) || convergence[convergence.length - 1].iteration !== iterations) throw bad('its checkpoints are missing or do not end at its iteration count');
  const bytes = storeBytes(want.config, want);
  // two checks, two messages: the header's count and the file's length can each be wrong
  if (doc.storeBytes !== bytes) throw bad(`its header gives ${JSON.stringify(doc.storeBytes)} bytes of stores, this solve has ${bytes}`);
  if (size !== bodyStart + bytes) throw bad(`${size - bodyStart} bytes of stores after the header, ${bytes} expected`);
  return {
    convergence,
    load: (solver) => {
      readStores(path, bodyStart, solver, bad);
      solver.iterations = iterations as number;
    },
  };
}

function readHeader(path: string, bad: (why: string) => UserError): { doc: Record<string, unknown>; bodyStart: number } {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(Math.min(MAX_HEADER, fstatSync(fd).size));
    const n = readSync(fd, buf, 0, buf.length, 0);
    const nl = buf.subarray(0, n).indexOf(10);
    if (nl < 0) throw bad('no header line');
    try {
      const doc = JSON.parse(buf.subarray(0, nl).toString('utf8')) as unknown;
      if (doc === null || typeof doc !== 'object') throw new Error();
      return { doc: doc as Record<string, unknown>, bodyStart: nl + 1 };
    } catch {
      throw bad('its JSON header is damaged');
    }
  } finally {
    closeSync(fd);
  }
}

/** Read the stores into the solver's own arrays and check every number. */
function readStores(path: string, start: number, solver: LiarsSolver, bad: (why: string) => UserError): void {
  const fd = openSync(path, 'r');
  try {
    let pos = start;
    for (const chunk of storeChunks(solver)) {
      for (let off = 0; off < chunk.length; ) {
        const n = readSync(fd, chunk, off, chunk.length - off, pos);
        if (n === 0) throw bad('cut short');
        off += n;
        pos += n;
      }
    }
  } finally {
    closeSync(fd);
  }
  // regrets of any sign, averages never negative; NaN or infinity is damage
  const [reg, avg, pred] = solver.sharedBuffers().map((b) => (solver.precision === 'float32' ? new Float32Array(b) : new Float64Array(b)));
  for (const [name, a, min] of [['regrets', reg, -Infinity], ['average sums', avg, 0], ['predictions', pred, -Infinity]] as const) {
    if (a === undefined) continue;
    for (let k = 0; k < a.length; k++) if (!(a[k] >= min) || a[k] === Infinity) throw bad(`its ${name} hold ${a[k]} at ${k}`);
  }
}
