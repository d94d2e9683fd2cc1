/**
 * A generic equilibrium solve's saved state (`<game> equilibrium --checkpoint FILE`), as `liars
 * solve --checkpoint` saves the Liar's Dice solver's: the regret, average and prediction stores,
 * the iteration count and the convergence so far, so that a stopped solve goes on with the same
 * command, to the same iterates bit for bit.
 *
 * Layout: a JSON header line padded to a multiple of 8 bytes, then the stores as float64
 * little-endian, in the tree's slot order. The header names the solve (game, part, rules, seats,
 * algorithm, tree size): a state continues only the same solve. Damage is one UserError.
 */
import { readFileSync, statSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { checkOutputs, readReason, showPath, writeFileAtomic } from '../core/files.js';
import type { TreeCfr } from './cfr.js';

export const EXACT_STATE_FORMAT = 'oddsmith exact solver state';
export const EXACT_STATE_VERSION = 1;

/** What a state belongs to: equal as JSON for the same solve. */
export interface ExactSolveIdentity {
  game: string;
  part: string | null;
  rules: unknown;
  players: number;
  algorithm: string;
  nodes: number;
  infosets: number;
  slots: number;
}

export interface ExactCheckpointPoint {
  iteration: number;
  exploitability: number;
  value0: number;
  cpuSeconds: number;
}

export interface SavedSolve {
  iterations: number;
  convergence: ExactCheckpointPoint[];
  /** fills the solver's stores and iteration count */
  load(cfr: TreeCfr): void;
}

const label = (s: ExactSolveIdentity) => `${s.game}${s.part ? ` ${s.part}` : ''}, ${s.players} seats, ${s.algorithm}, ${s.nodes.toLocaleString('en-US')} nodes`;

/** Save after the last of `convergence`, atomically (a stop mid-write leaves the previous state). */
export function writeExactState(path: string, identity: ExactSolveIdentity, cfr: TreeCfr, convergence: readonly ExactCheckpointPoint[]): void {
  const stores = cfr.stores();
  const header = JSON.stringify({ format: EXACT_STATE_FORMAT, version: EXACT_STATE_VERSION, solve: identity, iterations: cfr.iterations, stores: stores.length, convergence });
  const head = Buffer.from(header + ' '.repeat((8 - ((Buffer.byteLength(header) + 1) % 8)) % 8) + '\n');
  writeFileAtomic(path, [head, ...stores.map((a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength))], 'checkpoint file');
}

/**
 * Check a --checkpoint path before the solve: writable, and if it exists a state of this same solve.
 * Returns how to continue from it, or undefined (a new solve).
 */
export function openExactState(path: string, want: ExactSolveIdentity, storeCount: number): SavedSolve | undefined {
  checkOutputs([{ path, what: 'checkpoint file' }]);
  let data: Buffer;
  try {
    if (!statSync(path).isFile()) throw new UserError(`checkpoint file ${showPath(path)} is not a regular file; give a file name`);
    data = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot read checkpoint file ${showPath(path)}: ${readReason(e)}`);
  }
  const bad = (why: string) => new UserError(`${showPath(path)} is not a usable solver state: ${why} (remove it to start the solve afresh)`);
  const nl = data.indexOf(10);
  if (nl < 0) throw bad('no header line');
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(data.subarray(0, nl).toString('utf8')) as Record<string, unknown>;
    if (doc === null || typeof doc !== 'object') throw new Error();
  } catch {
    throw bad('its JSON header is damaged');
  }
  if (doc.format !== EXACT_STATE_FORMAT) throw bad(`format is not "${EXACT_STATE_FORMAT}"`);
  if (doc.version !== EXACT_STATE_VERSION) throw bad(`version ${JSON.stringify(doc.version)}, this oddsmith reads ${EXACT_STATE_VERSION}`);
  const got = doc.solve as ExactSolveIdentity | undefined;
  if (!got || typeof got !== 'object' || typeof got.game !== 'string' || typeof got.nodes !== 'number') throw bad('its solve (game, rules, algorithm) is missing');
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    const what = JSON.stringify(got.rules) !== JSON.stringify(want.rules) && label(got) === label(want) ? ' under other rules' : '';
    throw new UserError(`checkpoint file ${showPath(path)} holds a solve of ${label(got)}${what}; this command asks for ${label(want)}: give the same options, or another --checkpoint file`);
  }
  const iterations = doc.iterations as number;
  if (!Number.isInteger(iterations) || iterations < 1) throw bad('iterations missing');
  const convergence = doc.convergence as ExactCheckpointPoint[];
  const ok = (p: ExactCheckpointPoint) => p !== null && typeof p === 'object' && [p.iteration, p.exploitability, p.value0, p.cpuSeconds].every((x) => typeof x === 'number' && Number.isFinite(x));
  if (!Array.isArray(convergence) || convergence.length === 0 || !convergence.every(ok) || convergence[convergence.length - 1].iteration !== iterations) throw bad('its checkpoints are missing or do not end at its iteration count');
  const bytes = storeCount * want.slots * 8;
  if (doc.stores !== storeCount || data.length !== nl + 1 + bytes) throw bad(`${data.length - nl - 1} bytes of stores after the header, ${bytes} expected`);
  return {
    iterations,
    convergence,
    load: (cfr) => {
      const body = data.subarray(nl + 1);
      const copy = new Uint8Array(body.length);
      copy.set(body);
      const all = new Float64Array(copy.buffer);
      cfr.stores().forEach((a, k) => {
        const part = all.subarray(k * want.slots, (k + 1) * want.slots);
        for (let j = 0; j < part.length; j++) {
          const x = part[j];
          // regrets of any sign, averages never negative; NaN or infinity is damage
          if (!Number.isFinite(x) || (k === 1 && x < 0)) throw bad(`store ${k} holds ${x} at ${j}`);
        }
        a.set(part);
      });
      cfr.resume(iterations);
    },
  };
}
