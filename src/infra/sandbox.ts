import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { onPath } from './executables';

/**
 * Runs a program on untrusted input (a scene's Python source) in bubblewrap:
 * no network, a read-only system, a private size-bounded scratch directory, an
 * empty environment, no capabilities, its own pid namespace; with limits on CPU
 * time, memory, processes, output and wall time. docs/scene-inspection.md says
 * why bubblewrap and what each limit holds back.
 */

export type SandboxMode = 'bwrap' | 'unsandboxed';

export interface SandboxLimits {
  wallMs: number;
  /** CPU seconds of each process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Address space of each process (RLIMIT_AS) and resident memory of all of them together (watched). */
  memoryBytes: number;
  /** Processes and threads at once. */
  processes: number;
  /** Bytes on stdout, and on stderr. */
  outputBytes: number;
  /** The scratch directory (a tmpfs inside the sandbox), and any one file (RLIMIT_FSIZE). */
  scratchBytes: number;
}

export interface SandboxRun {
  stdout: Buffer;
  /** The last lines the program wrote to stderr. */
  stderrTail: string;
  exitCode: number | null;
  /** Why the sandbox stopped it, if it did (`cpu`: the kernel, at its CPU limit). */
  stopped: null | 'time' | 'cpu' | 'memory' | 'processes' | 'output';
  wallMs: number;
}

const STDERR_TAIL = 4000;
const WATCH_MS = 100;

/** System directories a Python with Manim and TeX needs, read-only; absent ones are skipped. */
const SYSTEM_READ_ONLY = [
  '/usr',
  '/etc/fonts',
  '/etc/texmf',
  '/etc/ld.so.cache',
  '/etc/alternatives',
  '/etc/localtime',
  '/var/lib/texmf',
  '/var/cache/fontconfig',
];
/** On merged-/usr systems these are symlinks into /usr; elsewhere directories. */
const ROOT_LINKS = ['/bin', '/lib', '/lib64', '/lib32', '/sbin'];

export interface SandboxOptions {
  mode: SandboxMode;
  readOnly: readonly string[];
  limits: SandboxLimits;
  env?: Record<string, string>;
  cancel?: AbortSignal;
}

/**
 * Runs the program and resolves when it is gone (whatever it did): it never
 * rejects on the program's behaviour, only when the sandbox cannot start.
 */
export function runSandboxed(program: string, args: readonly string[], opts: SandboxOptions & { input: string }): Promise<SandboxRun> {
  const stdout: Buffer[] = [];
  let stdoutBytes = 0;
  const run = launch(program, args, opts, (chunk) => {
    stdoutBytes += chunk.length;
    if (stdoutBytes > opts.limits.outputBytes) return 'output';
    stdout.push(chunk);
    return undefined;
  });
  run.stdin.end(opts.input);
  return run.ended.then((r) => ({ ...r, stdout: Buffer.concat(stdout) }));
}

/** A long-lived sandboxed program spoken to in lines of text: one line in, one line out. */
export interface SandboxSession {
  /** Sends a line and resolves with the next line the program writes, or null once it has ended. */
  request(line: string): Promise<string | null>;
  /** The next line the program writes (its first, unasked), or null once it has ended. */
  next(): Promise<string | null>;
  /** Ends its input, waits for it to exit (stopping it after `graceMs`) and says how it ended. */
  close(graceMs?: number): Promise<Omit<SandboxRun, 'stdout'>>;
}

/**
 * Starts the program in the same sandbox and under the same limits as
 * `runSandboxed` (the wall limit for the whole session; the output limit for
 * each line), for a caller that asks it several things in turn.
 */
export function startSandboxSession(program: string, args: readonly string[], opts: SandboxOptions): SandboxSession {
  const lines: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let partial: Buffer[] = [];
  let partialBytes = 0;
  let gone = false;
  const deliver = (line: string | null) => {
    const w = waiting.shift();
    if (w) w(line);
    else if (line !== null) lines.push(line);
  };
  const run = launch(program, args, opts, (chunk) => {
    let rest = chunk;
    for (let nl = rest.indexOf(10); nl >= 0; nl = rest.indexOf(10)) {
      deliver(Buffer.concat([...partial, rest.subarray(0, nl)]).toString('utf8'));
      partial = [];
      partialBytes = 0;
      rest = rest.subarray(nl + 1);
    }
    partialBytes += rest.length;
    if (partialBytes > opts.limits.outputBytes) return 'output';
    if (rest.length) partial.push(rest);
    return undefined;
  });
  const ended = run.ended.then((r) => {
    gone = true;
    while (waiting.length) waiting.shift()!(null);
    return r;
  });
  const next = () => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (gone) return Promise.resolve(null);
    return new Promise<string | null>((resolve) => waiting.push(resolve));
  };
  return {
    next,
    request(line) {
      if (!gone && run.stdin.writable) run.stdin.write(`${line}\n`);
      return next();
    },
    async close(graceMs = 5000) {
      run.stdin.end();
      const timer = setTimeout(() => run.stop('time'), graceMs);
      const r = await ended;
      clearTimeout(timer);
      return r;
    },
  };
}

/** Starts the program in its sandbox with its watchdog, wall limit and cancel; stdout goes to `onStdout`, which may stop it. */
function launch(
  program: string,
  args: readonly string[],
  opts: SandboxOptions,
  onStdout: (chunk: Buffer) => NonNullable<SandboxRun['stopped']> | undefined,
): { stdin: Writable; stop(why: NonNullable<SandboxRun['stopped']>): void; ended: Promise<Omit<SandboxRun, 'stdout'>> } {
  const { limits } = opts;
  const env = {
    HOME: '/tmp',
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    // One thread per numeric library: threads count against the process limit.
    OMP_NUM_THREADS: '1',
    OPENBLAS_NUM_THREADS: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONNOUSERSITE: '1',
    ...opts.env,
  };
  const scratch = opts.mode === 'unsandboxed' ? fs.mkdtempSync(path.join(os.tmpdir(), 'evals-scene-')) : null;
  if (scratch) fs.chmodSync(scratch, 0o777); // the program may run as a uid of its own
  const [command, ...commandArgs] = sandboxCommand(opts.mode, { program, args, readOnly: opts.readOnly, env, limits });
  const started = Date.now();
  const child = spawn(command, commandArgs, {
    cwd: scratch ?? '/',
    env: opts.mode === 'unsandboxed' ? env : { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let stopped: SandboxRun['stopped'] = null;
  const stop = (why: NonNullable<SandboxRun['stopped']>) => {
    stopped ??= why;
    killGroup(child.pid);
  };
  const ended = new Promise<Omit<SandboxRun, 'stdout'>>((resolve, reject) => {
    let stderrBytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const why = onStdout(chunk);
      if (why) stop(why);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderrBytes += chunk.length;
      if (stderrBytes > limits.outputBytes) return stop('output');
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.stdin.on('error', () => undefined); // the program may exit without reading its input
    const deadline = setTimeout(() => stop('time'), limits.wallMs);
    const watch = setInterval(() => {
      const usage = treeUsage(child.pid!);
      if (usage.tasks >= limits.processes) stop('processes');
      else if (usage.rssBytes > limits.memoryBytes) stop('memory');
    }, WATCH_MS);
    const onCancel = () => killGroup(child.pid);
    opts.cancel?.addEventListener('abort', onCancel, { once: true });
    child.once('error', (err) => {
      clearTimeout(deadline);
      clearInterval(watch);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(deadline);
      clearInterval(watch);
      opts.cancel?.removeEventListener('abort', onCancel);
      if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
      // RLIMIT_CPU ends a process with SIGXCPU; bubblewrap reports its child's signal as 128 + the number.
      if (!stopped && (signal === 'SIGXCPU' || code === 128 + os.constants.signals.SIGXCPU)) stopped = 'cpu';
      resolve({ stderrTail: stderr, exitCode: code, stopped, wallMs: Date.now() - started });
    });
  });
  return { stdin: child.stdin, stop, ended };
}

/** A program as the sandbox runs it: what it may read, its environment, its limits. */
interface SandboxedProgram {
  program: string;
  args: readonly string[];
  readOnly: readonly string[];
  env: Record<string, string>;
  limits: SandboxLimits;
}

/** The command line: rlimits, a uid of its own when run as root, then bubblewrap (or the program alone). */
function sandboxCommand(mode: SandboxMode, run: SandboxedProgram): string[] {
  const { program, args, limits } = run;
  const rlimits = [
    `--as=${limits.memoryBytes}:${limits.memoryBytes}`,
    // A soft limit below the hard one: the kernel sends SIGXCPU at the soft limit (which names
    // the cause), and SIGKILL only at the hard one, which it prefers when the two are equal.
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 2}`,
    `--fsize=${limits.scratchBytes}:${limits.scratchBytes}`,
    `--nproc=${limits.processes}:${limits.processes}`,
    '--nofile=256:256',
    '--core=0:0',
  ];
  // Root is exempt from the process limit, so a root worker runs the program as a uid of its own.
  const uid = 200_000 + crypto.randomInt(60_000);
  const user = process.getuid?.() === 0 ? ['setpriv', `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--'] : [];
  return ['prlimit', ...rlimits, '--', ...user, ...(mode === 'bwrap' ? bwrapArgs(run) : [program, ...args])];
}

function bwrapArgs({ program, args, readOnly, env, limits }: SandboxedProgram): string[] {
  const out = ['bwrap', '--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--hostname', 'sandbox'];
  for (const dir of ROOT_LINKS) {
    const link = readLink(dir);
    if (link !== null) out.push('--symlink', link, dir);
    else if (fs.existsSync(dir)) out.push('--ro-bind', dir, dir);
  }
  for (const dir of SYSTEM_READ_ONLY) out.push('--ro-bind-try', dir, dir);
  // The scratch /tmp first: a checkout or venv under /tmp is bound over it, not hidden by it.
  out.push('--proc', '/proc', '--dev', '/dev', '--size', String(limits.scratchBytes), '--tmpfs', '/tmp');
  for (const dir of readOnly) out.push('--ro-bind', dir, dir);
  out.push('--chdir', '/tmp', '--clearenv');
  // /dev is a tmpfs of bubblewrap's with no size: read-only, so the sized /tmp is the only place a program writes.
  for (const [name, value] of Object.entries(env)) out.push('--setenv', name, value);
  out.push('--remount-ro', '/', '--remount-ro', '/dev', '--', program, ...args);
  return out;
}

function readLink(file: string): string | null {
  try {
    return fs.readlinkSync(file);
  } catch {
    return null;
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Tasks (processes and threads) and resident memory of a process and everything below it. */
function treeUsage(root: number): { tasks: number; rssBytes: number } {
  let tasks = 0;
  let rssBytes = 0;
  const pending = [root];
  const pageSize = 4096;
  while (pending.length) {
    const pid = pending.pop()!;
    try {
      const threads = fs.readdirSync(`/proc/${pid}/task`);
      tasks += threads.length;
      rssBytes += Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * pageSize;
      for (const tid of threads) {
        for (const child of fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' '))
          if (child.trim()) pending.push(Number(child));
      }
    } catch {
      // exited while we looked
    }
  }
  return { tasks, rssBytes };
}

/**
 * Null when the mode can run programs here; otherwise why not, in words an
 * operator can act on. Checked once per process by running `true` in it.
 */
export function sandboxProblem(mode: SandboxMode, readOnly: readonly string[]): string | null {
  if (!onPath('prlimit')) return 'prlimit (util-linux) is not on PATH';
  if (process.getuid?.() === 0 && !onPath('setpriv')) return 'setpriv (util-linux) is not on PATH';
  if (mode === 'bwrap' && !onPath('bwrap')) return 'bubblewrap is not installed (apt-get install bubblewrap)';
  const limits: SandboxLimits = {
    wallMs: 10_000,
    cpuSeconds: 5,
    memoryBytes: 256 << 20,
    processes: 8,
    outputBytes: 1 << 20,
    scratchBytes: 1 << 20,
  };
  const [command, ...args] = sandboxCommand(mode, { program: '/bin/true', args: [], readOnly, env: {}, limits });
  const probe = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  if (probe.status === 0) return null;
  const why = (probe.stderr || probe.error?.message || `exit ${probe.status}`).trim();
  return mode === 'bwrap'
    ? `bubblewrap cannot start a sandbox here (${why}); in a container it needs user namespaces (docs/scene-inspection.md)`
    : `cannot run programs as another user here (${why})`;
}
