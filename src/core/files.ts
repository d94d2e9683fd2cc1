import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { UserError } from './errors.js';

/** Write via a temp file and rename, so a reader never sees half a file and a crash leaves none. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** Read and parse a JSON file the user named; any failure is the user's to fix. */
export function readJsonFile(path: string, what = 'file'): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UserError(`cannot read ${what} ${path}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserError(`${what} ${path} is not valid JSON: ${(e as Error).message}`);
  }
}
