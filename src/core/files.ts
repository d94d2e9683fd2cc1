import { accessSync, closeSync, constants, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, openSync, realpathSync, renameSync, rmSync, statfsSync, statSync, writeFileSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { UserError } from './errors.js';
import { parseJsonText } from './parse.js';

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

/**
 * What an interrupt leaves behind on purpose (a solve's checkpoint saved): the CLI's "interrupted"
 * line says it instead of "nothing written". The worker thread reports it to the main thread.
 */
let keptReporter: ((what: string) => void) | undefined;
export function reportKept(to: (what: string) => void): void {
  keptReporter = to;
}
export function noteKept(what: string): void {
  keptReporter?.(what);
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
  // writing: only a folder on the way can be missing (reading says "no such file", see readReason)
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

/** Why a file could not be read: as `reason`, but a missing path is a missing file. */
export function readReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : reason(e);
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
    const s = l.isSymbolicLink() ? statOrNull(path) : l;
    if (!s) throw new UserError(`${what} ${showPath(path)} is a symbolic link to nothing`);
    if (s.isDirectory()) throw new UserError(`${what} ${showPath(path)} is a folder; give a file name`);
    const target = writeTarget(path);
    if (target.kind === 'fd') return;
    if (s.isBlockDevice()) throw new UserError(`${what} ${showPath(path)} is a disk device; give a file name`);
    if (s.isSocket()) throw new UserError(`${what} ${showPath(path)} is a socket; give a file name`);
    // a link to a regular file: the file it names is replaced, by a temp file in its own folder
    if (target.kind === 'atomic' && target.path !== path) checkFolders(dirname(target.path), what, path);
  }
}

/** A link to one of this process's open files: /dev/stdout → /proc/self/fd/1, /dev/fd/N, a shell's `>(…)`. */
// built on first use: the workbench bundles this module into a page, where there is no `process`
let ownFd: RegExp | undefined;

/**
 * Where a write to `path` goes. A regular file (or a new one) is replaced atomically (`atomic`); a
 * symbolic link is followed, never replaced: to the regular file it names (replaced atomically
 * there), or, when it names one of this process's open files (/dev/stdout), written to that file
 * descriptor (`fd`) as the shell opened it; a pipe or a terminal or /dev/null is opened and
 * written (`stream`).
 */
type WriteTarget = { kind: 'atomic' | 'stream'; path: string } | { kind: 'fd'; path: string; fd: number };
function writeTarget(path: string): WriteTarget {
  const l = lstatOrNull(path);
  if (!l || l.isFile()) return { kind: 'atomic', path };
  if (!l.isSymbolicLink()) return { kind: 'stream', path };
  let p = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    const own = (ownFd ??= new RegExp(`^/(proc/(self|thread-self|${process.pid})|dev)/fd/(\\d+)$`)).exec(p);
    if (own) return { kind: 'fd', path, fd: Number(own[3]) };
    const at = lstatOrNull(p);
    if (!at?.isSymbolicLink()) break;
    p = resolve(dirname(p), readlinkSync(p));
  }
  if (!statOrNull(path)?.isFile()) return { kind: 'stream', path };
  try {
    return { kind: 'atomic', path: realpathSync(path) };
  } catch {
    return { kind: 'stream', path };
  }
}

/** What a file is written from: text, bytes, or bytes in chunks (a file too large for one buffer). */
export type FileData = string | Uint8Array | readonly Uint8Array[];

/** writeFileSync, also for chunks (written in order through one descriptor). */
function writeData(path: string, data: FileData, flag: 'wx' | 'a'): void {
  if (!Array.isArray(data)) {
    writeFileSync(path, data as string | Uint8Array, { flag });
    return;
  }
  const fd = openSync(path, flag);
  try {
    writeAllToFd(fd, data);
  } finally {
    closeSync(fd);
  }
}

/** Write all of `data` to an open file descriptor (a pipe Node made non-blocking may take it in parts). */
function writeAllToFd(fd: number, data: FileData): void {
  if (Array.isArray(data)) {
    for (const chunk of data as readonly Uint8Array[]) writeAllToFd(fd, chunk);
    return;
  }
  const bytes = typeof data === 'string' ? Buffer.from(data) : data as Uint8Array;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let off = 0; off < bytes.length; ) {
    try {
      off += writeSync(fd, bytes, off, bytes.length - off);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 5); // the reader has not caught up: wait a little
    }
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

/** What identifies a file whichever path names it (links, `./x` and `x`): its device and inode. */
function identity(path: string): string | null {
  const s = statOrNull(path);
  return s && (s.isFile() || s.isDirectory()) ? `${s.dev}:${s.ino}` : null;
}

/** Files this run has read (rules files, experiments, part files): no output may replace one. */
const inputsRead = new Map<string, { path: string; what: string }>();
function noteInput(path: string, what: string): void {
  const id = identity(path);
  if (id && !inputsRead.has(id)) inputsRead.set(id, { path, what });
}

/** An input a command reads: an output naming the same file is refused before the work. */
export interface InputPath {
  path: string;
  /** how the message names it: "rules file" */
  what: string;
}

/** Refuse an output that is one of the inputs (or one this run has read): it would overwrite what it was computed from. */
function checkNotInput(output: OutputPath, inputs: readonly InputPath[]): void {
  const id = identity(output.path);
  if (!id) return;
  // a file read earlier must still be that file (a test runs many commands in one process, and a
  // deleted file's inode number is reused)
  const read = inputsRead.get(id);
  const same = inputs.find((i) => identity(i.path) === id) ?? (read && identity(read.path) === id ? read : undefined);
  if (same) throw new UserError(`${output.what} ${showPath(output.path)} is the ${same.what} ${showPath(same.path)} this command reads; write the ${output.what} to another file`);
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
export function checkOutputs(outputs: readonly OutputPath[], inputs: readonly InputPath[] = []): void {
  for (const o of outputs) {
    (o.folder ? checkFolderWritable : checkWritable)(o.path, o.what);
    checkNotInput(o, inputs);
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
export function writeFileAtomic(path: string, data: FileData, what = 'output file'): void {
  writeFilesAtomic([[path, data]], what);
}

/**
 * Write several files as one: every file goes to a temp file first and only when all are written
 * are they renamed into place; a failure removes the temp files and the folders it made, so either
 * all files are new or none is (a report page never has half its charts).
 */
export function writeFilesAtomic(files: readonly (readonly [string, FileData])[], what = 'output file'): void {
  for (const [path] of files) {
    checkWritable(path, what);
    checkNotInput({ path, what }, []);
  }
  const made: string[] = [];
  const temps: [string, string][] = [];
  const through: [WriteTarget, FileData][] = [];
  let current = files[0]?.[0] ?? '';
  try {
    for (const [given, data] of files) {
      current = given;
      const target = writeTarget(given);
      if (target.kind !== 'atomic') {
        through.push([target, data]);
        continue;
      }
      const path = target.path;
      const dir = dirname(path);
      made.push(...makeFolders(dir, what, path));
      // a short fixed-length temp name: a long target name must not make the temp name too long
      const tmp = join(dir, `.oddsmith-${process.pid}-${++serial}.tmp`);
      track(tmp, { remove: tmp });
      temps.push([tmp, path]);
      writeData(tmp, data, 'wx');
    }
    for (const [tmp, path] of temps) {
      current = path;
      renameSync(tmp, path);
      untrack(tmp);
    }
    // a stream cannot be replaced or taken back: written last, when every file is in place
    for (const [target, data] of through) {
      current = target.path;
      if (target.kind === 'fd') writeAllToFd(target.fd, data);
      else writeData(target.path, data, 'a');
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
    throw new UserError(`cannot read ${what} ${showPath(path)}: ${readReason(e)}`);
  }
  noteInput(path, what);
  return parseJsonText(text, `${what} ${showPath(path)}`);
}

/**
 * Each non-blank line of a file the user named, or of stdin for `-` (a log of decisions to grade),
 * parsed as JSON and checked by `check` (given the value and `line N` to name it), in line order,
 * with its line number. An unreadable file or a bad line is one message naming it.
 */
export async function readJsonLines<T>(source: string, what: string, check: (value: unknown, where: string) => T): Promise<{ line: number; value: T }[]> {
  let lines: string[];
  if (source !== '-') {
    try {
      lines = readFileSync(source, 'utf8').split(/\r?\n/);
    } catch (e) {
      throw new UserError(`cannot read ${what} ${showPath(source)}: ${readReason(e)}`);
    }
  } else {
    lines = [];
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) lines.push(line);
  }
  const out: { line: number; value: T }[] = [];
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    let x: unknown;
    try {
      x = JSON.parse(text);
    } catch (e) {
      throw new UserError(`line ${i + 1}: not valid JSON: ${(e as Error).message.split('\n')[0]}`);
    }
    out.push({ line: i + 1, value: check(x, `line ${i + 1}`) });
  });
  return out;
}
