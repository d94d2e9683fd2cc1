import { cpSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UserError } from './errors.js';

/**
 * Output files. Every write goes through a temp file in the target's folder and a rename, so a
 * reader never sees half a file; every failure (a folder where a file should be, a path under a
 * regular file, /proc, a full disk, a name too long) is one line for the user and leaves no temp
 * file behind. Temp files and folders still in flight are listed so that an interrupt (Ctrl-C)
 * can remove them too.
 */
const inFlight = new Set<string>();
let serial = 0;

/** Remove every temp file/folder still being written (called on SIGINT/SIGTERM before exiting). */
export function removeTemporaries(): void {
  for (const p of inFlight) rmSync(p, { recursive: true, force: true });
  inFlight.clear();
}

/** A path as it appears in a one-line message: quoted, long ones shortened in the middle. */
export function showPath(p: string): string {
  const s = p.length > 80 ? `${p.slice(0, 40)}…${p.slice(-30)}` : p;
  return JSON.stringify(s);
}

const REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'name too long',
  ENOENT: 'no such folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'it already exists',
  ELOOP: 'too many symbolic links',
  EINVAL: 'invalid path for this file system',
  EIO: 'input/output error',
  EXDEV: 'cannot rename across file systems',
};

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  return (code && REASONS[code]) ?? (code ? code : String((e as Error)?.message ?? e).split('\n')[0]);
}

function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // ENOTDIR: a file above it; the walk up the folders names it
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw new UserError(`cannot use ${showPath(p)}: ${reason(e)}`);
  }
}

/** stat following links; null for a dangling link. */
function statOrNull(p: string): Stats | null {
  try {
    return statSync(p);
  } catch {
    return null;
  }
}

const NAME_MAX = 255;

/**
 * Check the folders above `path` without creating any: each existing ancestor must be a folder
 * (a regular file or a dangling link is named). Returns the missing folders, outermost first.
 * Walking the chain ourselves avoids Node 20's recursive mkdirSync, which spins forever under /proc.
 */
function checkFolders(dir: string, what: string, target: string): string[] {
  const missing: string[] = [];
  let d = resolve(dir);
  for (;;) {
    const l = lstatOrNull(d);
    if (l) {
      const s = l.isSymbolicLink() ? statOrNull(d) : l;
      if (!s) throw new UserError(`cannot write ${what} ${showPath(target)}: ${showPath(d)} is a symbolic link to nothing`);
      if (!s.isDirectory()) throw new UserError(`cannot write ${what} ${showPath(target)}: ${showPath(d)} is a file, not a folder`);
      return missing.reverse();
    }
    if (Buffer.byteLength(basename(d)) > NAME_MAX) throw new UserError(`cannot write ${what} ${showPath(target)}: a folder name is longer than ${NAME_MAX} bytes`);
    missing.push(d);
    const up = dirname(d);
    if (up === d) return missing.reverse();
    d = up;
  }
}

/**
 * Check, before any long computation, that `path` can become an output file: not a folder, not a
 * trailing slash, not a dangling link or a device, a short enough name, folders above it usable.
 * Creates nothing.
 */
export function checkWritable(path: string, what = 'output file'): void {
  if (path === '') throw new UserError(`${what} needs a file name (got "")`);
  if (path.endsWith('/') || path.endsWith(sep)) throw new UserError(`${what} ${showPath(path)} ends with "/": give a file name, not a folder`);
  if (Buffer.byteLength(basename(path)) > NAME_MAX) throw new UserError(`${what} ${showPath(path)}: the file name is longer than ${NAME_MAX} bytes`);
  checkFolders(dirname(path), what, path);
  const l = lstatOrNull(path);
  if (l) {
    if (l.isDirectory()) throw new UserError(`${what} ${showPath(path)} is a folder; give a file name`);
    if (l.isSymbolicLink()) {
      const s = statOrNull(path);
      if (!s) throw new UserError(`${what} ${showPath(path)} is a symbolic link to nothing`);
      if (s.isDirectory()) throw new UserError(`${what} ${showPath(path)} is a folder; give a file name`);
      if (!s.isFile()) throw new UserError(`${what} ${showPath(path)} is not a regular file`);
    } else if (!l.isFile()) throw new UserError(`${what} ${showPath(path)} is not a regular file`);
  }
}

/** Create the missing folders above a checked path, one level at a time; returns those it made. */
function makeFolders(dir: string, what: string, target: string): string[] {
  const made: string[] = [];
  for (const d of checkFolders(dir, what, target)) {
    try {
      mkdirSync(d);
      made.push(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statOrNull(d)?.isDirectory()) continue;
      removeFolders(made);
      throw new UserError(`cannot write ${what} ${showPath(target)}: cannot create folder ${showPath(d)}: ${reason(e)}`);
    }
  }
  return made;
}

/** Remove folders this write created (innermost first), when the write failed. */
function removeFolders(made: readonly string[]): void {
  for (const d of [...made].reverse()) rmSync(d, { recursive: true, force: true });
}

/** Write via a temp file and rename, so a reader never sees half a file and a failure leaves none. */
export function writeFileAtomic(path: string, data: string | Uint8Array, what = 'output file'): void {
  writeFilesAtomic([[path, data]], what);
}

/**
 * Write several files as one: every file goes to a temp file first and only when all are written
 * are they renamed into place; a failure removes the temp files and the folders it made, so either
 * all files are new or none is (a report page never has half its charts).
 */
export function writeFilesAtomic(files: readonly (readonly [string, string | Uint8Array])[], what = 'output file'): void {
  for (const [path] of files) checkWritable(path, what);
  const made: string[] = [];
  const temps: [string, string][] = [];
  let current = files[0]?.[0] ?? '';
  try {
    for (const [path, data] of files) {
      current = path;
      const dir = dirname(path);
      made.push(...makeFolders(dir, what, path));
      // a short fixed-length temp name: a long target name must not make the temp name too long
      const tmp = join(dir, `.oddsmith-${process.pid}-${++serial}.tmp`);
      inFlight.add(tmp);
      temps.push([tmp, path]);
      writeFileSync(tmp, data, { flag: 'wx' });
    }
    for (const [tmp, path] of temps) {
      current = path;
      renameSync(tmp, path);
      inFlight.delete(tmp);
    }
  } catch (e) {
    for (const [tmp] of temps) {
      rmSync(tmp, { force: true });
      inFlight.delete(tmp);
    }
    removeFolders(made);
    if (e instanceof UserError) throw e;
    // ENOENT in a folder that exists: a file system that takes no new files (/proc, /sys)
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'this folder takes no new files' : reason(e);
    throw new UserError(`cannot write ${what} ${showPath(current)}: ${why}`);
  }
}

/**
 * A folder written as a whole: the caller writes into `dir` (a temp folder next to the target,
 * starting as a copy of the target when `keep` is set), then `commit()` swaps it in; until then the
 * target is untouched, so a killed run never leaves a folder without its index. `abort()` removes
 * the temp folder.
 */
export function stageFolder(target: string, what = 'output folder', keep = true): { dir: string; commit(): void; abort(): void } {
  if (target === '') throw new UserError(`${what} needs a folder name (got "")`);
  const abs = resolve(target);
  if (Buffer.byteLength(basename(abs)) > NAME_MAX) throw new UserError(`${what} ${showPath(target)}: the folder name is longer than ${NAME_MAX} bytes`);
  const l = lstatOrNull(abs);
  let exists = false;
  if (l) {
    const s = l.isSymbolicLink() ? statOrNull(abs) : l;
    if (!s) throw new UserError(`${what} ${showPath(target)} is a symbolic link to nothing`);
    if (!s.isDirectory()) throw new UserError(`${what} ${showPath(target)} is a file, not a folder`);
    if (l.isSymbolicLink()) throw new UserError(`${what} ${showPath(target)} is a symbolic link; give the folder itself`);
    exists = true;
  }
  const parent = dirname(abs);
  const made = makeFolders(parent, what, target);
  const tag = `${process.pid}-${++serial}`;
  const dir = join(parent, `.oddsmith-${tag}.tmp`);
  const old = join(parent, `.oddsmith-${tag}.old`);
  inFlight.add(dir);
  try {
    if (exists && keep) cpSync(abs, dir, { recursive: true, preserveTimestamps: true });
    else mkdirSync(dir);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    inFlight.delete(dir);
    removeFolders(made);
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'this folder takes no new folders' : reason(e);
    throw new UserError(`cannot write ${what} ${showPath(target)}: ${why}`);
  }
  return {
    dir,
    commit() {
      try {
        if (exists) {
          inFlight.add(old);
          renameSync(abs, old);
        }
        renameSync(dir, abs);
        inFlight.delete(dir);
        rmSync(old, { recursive: true, force: true });
        inFlight.delete(old);
      } catch (e) {
        // put the previous folder back if it was moved aside
        if (exists && statOrNull(old) && !statOrNull(abs)) renameSync(old, abs);
        removeTemporaries();
        throw new UserError(`cannot write ${what} ${showPath(target)}: ${reason(e)}`);
      }
    },
    abort() {
      rmSync(dir, { recursive: true, force: true });
      inFlight.delete(dir);
      if (!exists) removeFolders(made);
    },
  };
}

/**
 * Whether JSON data nests objects/arrays more than `max` deep. Checked without recursion: a file
 * nested 100,000 deep parses fine but would overflow the stack of any recursive validator.
 */
export function nestedDeeperThan(v: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (d >= max) return true;
    for (const y of Object.values(x)) if (typeof y === 'object' && y !== null) stack.push([y, d + 1]);
  }
  return false;
}

/** Read and parse a JSON file the user named; any failure is the user's to fix. */
export function readJsonFile(path: string, what = 'file'): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read ${what} ${showPath(path)}: ${(e as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a folder' : reason(e)}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UserError(`${what} ${showPath(path)} is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
}
