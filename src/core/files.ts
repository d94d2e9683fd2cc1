import { accessSync, constants, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statfsSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UserError } from './errors.js';

/**
 * Output files. Every write goes through a temp file in the target's folder and a rename, so a
 * reader never sees half a file; every failure (a folder where a file should be, a path under a
 * regular file, /proc, a full disk, a name too long) is one line for the user and leaves no temp
 * file behind. Temp files and folders still in flight are listed so that an interrupt (Ctrl-C)
 * can remove them too.
 */
/**
 * What an interrupt must undo: a temp file or folder to remove, or a folder moved aside during a
 * swap (`from`) to put back at `to` when the new one has not taken its place yet.
 */
export type Temporary = { remove: string } | { from: string; to: string };
const inFlight = new Map<string, Temporary>();
let serial = 0;
/** Told of every temp added (`t`) or done with (null): the CLI's worker thread reports them to the main thread. */
let reporter: ((key: string, t: Temporary | null) => void) | undefined;
export function reportTemporaries(to: (key: string, t: Temporary | null) => void): void {
  reporter = to;
}
function track(key: string, t: Temporary): void {
  inFlight.set(key, t);
  reporter?.(key, t);
}
function untrack(key: string): void {
  if (inFlight.delete(key)) reporter?.(key, null);
}

/** Undo the given temporaries: remove temp files/folders, put a folder moved aside back if its replacement is not in place. */
export function undoTemporaries(list: Iterable<Temporary>): void {
  for (const t of list) {
    try {
      if ('remove' in t) rmSync(t.remove, { recursive: true, force: true });
      else if (!existsSync(t.to) && existsSync(t.from)) renameSync(t.from, t.to);
      else rmSync(t.from, { recursive: true, force: true });
    } catch {
      // best effort: the process is exiting on a signal
    }
  }
}

/** Remove every temp file/folder still being written (called on SIGINT/SIGTERM before exiting). */
export function removeTemporaries(): void {
  undoTemporaries([...inFlight.values()]);
  for (const k of [...inFlight.keys()]) untrack(k);
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

export function reason(e: unknown): string {
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

/** File systems the kernel makes up (/proc, /sys, ...): they take no new files, whoever asks. */
const SYSTEM_FS: Record<number, string> = {
  0x9fa0: 'proc', 0x62656572: 'sysfs', 0x27e0eb: 'cgroup', 0x63677270: 'cgroup2', 0x64626720: 'debugfs',
  0x74726163: 'tracefs', 0x73636673: 'securityfs', 0x1cd1: 'devpts', 0xcafe4a11: 'bpf', 0x62656570: 'configfs',
  0x6165676c: 'pstore', 0xde5e81e4: 'efivarfs', 0x19800202: 'mqueue', 0x42494e4d: 'binfmt_misc', 0x65735543: 'fusectl',
};

/**
 * The nearest existing folder of an output must take new files: not a kernel file system (root
 * may "write" /proc as far as permissions go, and Node 20's recursive mkdir spins there), and
 * writable by this user (a read-only mount, a folder of someone else).
 */
function checkUsableFolder(d: string, what: string, target: string): void {
  let fs: string | undefined;
  try {
    fs = SYSTEM_FS[Number(statfsSync(realpathSync(d)).type)];
  } catch {
    fs = undefined; // statfs unsupported here: the write itself will say what is wrong
  }
  if (fs) throw new UserError(`cannot write ${what} ${showPath(target)}: this folder takes no new files (${showPath(d)} is on ${fs}, a system file system)`);
  try {
    accessSync(d, constants.W_OK);
  } catch (e) {
    throw new UserError(`cannot write ${what} ${showPath(target)}: ${showPath(d)}: ${reason(e)}`);
  }
}

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
      checkUsableFolder(d, what, target);
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

/**
 * Check, before any work, that `path` can become an output folder (written as a whole by
 * stageFolder): not a file, a dangling link or a link, a short enough name, folders above it usable.
 * Creates nothing.
 */
export function checkFolderWritable(path: string, what = 'output folder'): void {
  if (path === '') throw new UserError(`${what} needs a folder name (got "")`);
  const abs = resolve(path);
  if (Buffer.byteLength(basename(abs)) > NAME_MAX) throw new UserError(`${what} ${showPath(path)}: the folder name is longer than ${NAME_MAX} bytes`);
  const l = lstatOrNull(abs);
  if (l) {
    const s = l.isSymbolicLink() ? statOrNull(abs) : l;
    if (!s) throw new UserError(`${what} ${showPath(path)} is a symbolic link to nothing`);
    if (!s.isDirectory()) throw new UserError(`${what} ${showPath(path)} is a file, not a folder`);
    if (l.isSymbolicLink()) throw new UserError(`${what} ${showPath(path)} is a symbolic link; give the folder itself`);
  }
  checkFolders(dirname(abs), what, path);
}

/** An output a command will write: a file (written atomically) or a folder (swapped in whole). */
export interface OutputPath {
  path: string;
  /** how the message names it: "partial result", "chart", "report page" */
  what: string;
  folder?: boolean;
}

/**
 * The one check every command runs on all its output paths before it starts work, so a bad path
 * is refused at once rather than after minutes of computing (the atomic write at the end stays).
 */
export function checkOutputs(outputs: readonly OutputPath[]): void {
  for (const o of outputs) (o.folder ? checkFolderWritable : checkWritable)(o.path, o.what);
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
      track(tmp, { remove: tmp });
      temps.push([tmp, path]);
      writeFileSync(tmp, data, { flag: 'wx' });
    }
    for (const [tmp, path] of temps) {
      current = path;
      renameSync(tmp, path);
      untrack(tmp);
    }
  } catch (e) {
    for (const [tmp] of temps) {
      rmSync(tmp, { force: true });
      untrack(tmp);
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
  checkFolderWritable(target, what);
  const abs = resolve(target);
  const exists = lstatOrNull(abs) !== null;
  const parent = dirname(abs);
  const made = makeFolders(parent, what, target);
  const tag = `${process.pid}-${++serial}`;
  const dir = join(parent, `.oddsmith-${tag}.tmp`);
  const old = join(parent, `.oddsmith-${tag}.old`);
  track(dir, { remove: dir });
  try {
    if (exists && keep) cpSync(abs, dir, { recursive: true, preserveTimestamps: true });
    else mkdirSync(dir);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    untrack(dir);
    removeFolders(made);
    const why = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'this folder takes no new folders' : reason(e);
    throw new UserError(`cannot write ${what} ${showPath(target)}: ${why}`);
  }
  return {
    dir,
    commit() {
      try {
        if (exists) {
          // an interrupt between the two renames puts the old folder back
          track(old, { from: old, to: abs });
          renameSync(abs, old);
        }
        renameSync(dir, abs);
        untrack(dir);
        rmSync(old, { recursive: true, force: true });
        untrack(old);
      } catch (e) {
        // put the previous folder back if it was moved aside
        if (exists && statOrNull(old) && !statOrNull(abs)) renameSync(old, abs);
        removeTemporaries();
        throw new UserError(`cannot write ${what} ${showPath(target)}: ${reason(e)}`);
      }
    },
    abort() {
      rmSync(dir, { recursive: true, force: true });
      untrack(dir);
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
