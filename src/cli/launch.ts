/**
 * The CLI runs its command on a worker thread; the main thread only relays output and waits for
 * signals. A command's work may keep its thread busy for minutes (an exact solver, a shard run in
 * the thread, a sweep), and Node runs a signal handler only when the main thread is idle: so the
 * main thread stays idle, and on SIGINT/SIGTERM it stops the worker at once (Worker.terminate()
 * interrupts even a tight loop), undoes the temp files the worker reported, prints one line and
 * exits 130 (SIGINT) or 143 (SIGTERM, 128 + 15, the shell's convention). A worker stuck in a system
 * call (opening a named pipe nobody writes) cannot be stopped, and Node's exit would wait for it
 * forever: then the signal's own default action ends the process (the shell sees the same 130/143).
 * The process's stdin is read here and relayed, so no read of it is pending when the process exits.
 */
import { PassThrough } from 'node:stream';
import { MessageChannel, Worker, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { reportKept, reportTemporaries, undoTemporaries, type Temporary } from '../core/files.js';

/** What the main thread hands the command's worker. */
interface CliWorkerData {
  oddsmithCli: {
    argv: string[];
    /** the main thread's terminal: a worker's own stdout/stderr are pipes, never terminals */
    stdout: { isTTY: boolean; columns?: number };
    stderr: { isTTY: boolean; columns?: number };
    port: MessagePort;
  };
}

/** Worker → main thread. */
type Message = { temp: string; t: Temporary | null } | { code: number } | { fd: 1 | 2; chunk: string | Uint8Array } | { stdin: 'start' } | { kept: string };
/** Main thread → worker: the terminal's size, and the process's stdin when the command reads it. */
type Reply = { columns?: number; outColumns?: number } | { stdinChunk: Uint8Array } | { stdinEnd: true };

/** How long a stopped worker may take to end (a big write finishing) before the process ends without it. */
const STOP_GRACE_MS = 2000;

export const INTERRUPTED = 'oddsmith: interrupted; nothing written\n';
/** The "interrupted" line when the command kept something on purpose (a checkpoint saved). */
export const interruptedKeeping = (kept: string) => `oddsmith: interrupted; ${kept}\n`;
export const exitCodeOf = (signal: 'SIGINT' | 'SIGTERM') => (signal === 'SIGINT' ? 130 : 143);

/** Main thread: run the CLI (`entry`, the module that calls serve()) on a worker, relay, handle signals. */
export function launch(entry: string, argv: string[]): void {
  const { port1, port2 } = new MessageChannel();
  const temps = new Map<string, Temporary>();
  let code: number | undefined;
  let kept: string | undefined;
  let readingStdin = false;
  const take = (m: Message) => {
    if ('fd' in m) (m.fd === 1 ? process.stdout : process.stderr).write(m.chunk);
    else if ('code' in m) code = m.code;
    else if ('stdin' in m) relayStdin();
    else if ('kept' in m) kept = m.kept;
    else if (m.t) temps.set(m.temp, m.t);
    else temps.delete(m.temp);
  };
  const relayStdin = () => {
    if (readingStdin) return;
    readingStdin = true;
    process.stdin.on('data', (chunk: Buffer) => port1.postMessage({ stdinChunk: new Uint8Array(chunk) } satisfies Reply));
    process.stdin.on('end', () => port1.postMessage({ stdinEnd: true } satisfies Reply));
    process.stdin.on('error', () => port1.postMessage({ stdinEnd: true } satisfies Reply));
  };
  port1.on('message', take);
  const data: CliWorkerData = {
    oddsmithCli: {
      argv,
      stdout: { isTTY: process.stdout.isTTY === true, columns: process.stdout.columns },
      stderr: { isTTY: process.stderr.isTTY === true, columns: process.stderr.columns },
      port: port2,
    },
  };
  const worker = new Worker(new URL(entry), { workerData: data, transferList: [port2], stdout: true, stderr: true });
  // the worker's own stdio streams carry nothing of the command's (see relay() below): only what
  // Node itself might print there is passed on
  worker.stdout.pipe(process.stdout);
  worker.stderr.pipe(process.stderr);
  const resize = () => port1.postMessage({ columns: process.stderr.columns, outColumns: process.stdout.columns } satisfies Reply);
  if (process.stderr.isTTY) process.stderr.on('resize', resize);

  // `oddsmith … | head` closes the pipe early: that is not an error
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });

  let stopping = false;
  const stop = (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) return; // a second Ctrl-C while stopping changes nothing
    stopping = true;
    const finish = (stuck: boolean) => {
      // what the worker reported but this thread has not read yet
      for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) take(m.message as Message);
      undoTemporaries(temps.values());
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K'); // the progress line, if one is drawn
      process.stderr.write(kept === undefined ? INTERRUPTED : interruptedKeeping(kept));
      if (stuck) {
        // process.exit() would wait for the stuck worker: the default action of the signal does not
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      process.exit(exitCodeOf(signal));
    };
    // terminate() stops the worker between two JS steps; a long native call (a big write) ends first,
    // and a blocked one (a named pipe nobody writes) never does
    const late = setTimeout(() => finish(true), STOP_GRACE_MS);
    const done = () => {
      clearTimeout(late);
      finish(false);
    };
    worker.terminate().then(done, done);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  worker.on('error', (e: Error) => {
    // an exception outside main()'s own handling: a bug
    process.stderr.write(`oddsmith: internal error (a bug, please report it)\n${e?.stack ?? e}\n`);
    code = 1;
  });
  worker.on('exit', (exit) => {
    if (stopping) return;
    for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) take(m.message as Message);
    port1.close();
    process.stderr.off('resize', resize);
    // the command is done: stop reading stdin (a terminal or pipe left open would keep this process)
    if (readingStdin) process.stdin.destroy();
    // main()'s code, else the worker's own (a command may set process.exitCode as it ends)
    process.exitCode = code || exit;
  });
}

/** Worker thread: the CLI started by launch(), or null when this thread is not one. */
export function cliWorkerData(): CliWorkerData['oddsmithCli'] | null {
  return (workerData as Partial<CliWorkerData> | null)?.oddsmithCli ?? null;
}

/** Worker thread: look like the main thread's terminal, report temp files, run `main`, report its exit code. */
export function serve(main: (argv: string[]) => Promise<number>): void {
  const d = cliWorkerData();
  if (!d) throw new Error('serve() runs on the worker started by launch()');
  // a command draws progress and wraps help for the terminal the person sees
  if (d.stdout.isTTY) Object.assign(process.stdout, { isTTY: true, columns: d.stdout.columns });
  if (d.stderr.isTTY) Object.assign(process.stderr, { isTTY: true, columns: d.stderr.columns });
  let stdin: PassThrough | undefined;
  d.port.on('message', (m: Reply) => {
    if ('stdinChunk' in m) stdin?.write(Buffer.from(m.stdinChunk));
    else if ('stdinEnd' in m) {
      stdin?.end();
      d.port.unref();
    } else {
      if (d.stderr.isTTY) Object.assign(process.stderr, { columns: m.columns });
      if (d.stdout.isTTY) Object.assign(process.stdout, { columns: m.outColumns });
    }
  });
  d.port.unref(); // resize messages must not keep the worker alive once the command is done
  reportTemporaries((temp, t) => d.port.postMessage({ temp, t } satisfies Message));
  reportKept((what) => d.port.postMessage({ kept: what } satisfies Message));
  relay(process.stdout, 1, d.port);
  relay(process.stderr, 2, d.port);
  // a worker has no stdin of its own: the main thread relays the process's when a command asks for
  // it (--jsonl); the port then keeps this thread waiting for it
  Object.defineProperty(process, 'stdin', {
    configurable: true,
    get: () => {
      if (!stdin) {
        stdin = new PassThrough();
        d.port.ref();
        d.port.postMessage({ stdin: 'start' } satisfies Message);
      }
      return stdin;
    },
  });
  main(d.argv).then((code) => {
    d.port.postMessage({ code } satisfies Message);
    d.port.unref(); // done: stdin not read to its end must not keep this thread
    if (code !== 0) process.exitCode = code;
  });
}

/**
 * Send what the command writes to stdout and stderr over one port, in the order written: a
 * worker's own two streams are relayed separately (each waits for the main thread between writes),
 * so a line on stderr could overtake lines on stdout; a person (and the docs examples, which read
 * both streams as one) must see them as written.
 */
function relay(stream: NodeJS.WriteStream, fd: 1 | 2, port: MessagePort): void {
  stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((e?: Error | null) => void), cb?: (e?: Error | null) => void) => {
    const done = typeof encoding === 'function' ? encoding : cb;
    const data = typeof chunk === 'string' && typeof encoding === 'string' && encoding !== 'utf8' && encoding !== 'utf-8' ? Buffer.from(chunk, encoding) : chunk;
    port.postMessage({ fd, chunk: data } satisfies Message);
    if (done) queueMicrotask(() => done(null));
    return true;
  }) as typeof stream.write;
}
