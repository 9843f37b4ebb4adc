import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { type FileServer, startFileServer } from '../../testkit/file-server';
import { PROJECT_ROOT } from '../../src/config';
import { childEnv, createTestEnv, type TestEnv } from './env';
import { waitFor } from './wait';

export interface WorkerProcess {
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

const running = new Set<WorkerProcess>();

/** Kills every worker process still running (test teardown). */
export function killWorkerProcesses(): void {
  for (const worker of running) worker.kill('SIGKILL');
}

export interface SpawnOptions {
  /** In a process group of its own, which a test can signal as a terminal does on Ctrl-C (`process.kill(-pid, 'SIGINT')`). */
  groupLeader?: boolean;
  /** A command the process is run under, which ends by executing its arguments (`unshare … sh -c '…; exec "$@"'`). */
  within?: string[];
}

/** Runs `node bin/evals.js <command>` as a child with this test's env (its own data dir). */
export function spawnEvals(args: string[], env: NodeJS.ProcessEnv, opts: SpawnOptions = {}): WorkerProcess {
  const [command, ...rest] = [...(opts.within ?? []), process.execPath, path.join(PROJECT_ROOT, 'bin', 'evals.js'), ...args];
  const child = spawn(command, rest, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: opts.groupLeader });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const worker: WorkerProcess = {
    pid: child.pid!,
    child,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
  running.add(worker);
  void worker.exited.then(() => running.delete(worker));
  return worker;
}

/** A data dir holding the run's prebuilt workflow bundle, so the child does not bundle again. */
export function childDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-child-'));
  // Traversable: an embedded PostgreSQL started as root runs as the postgres user.
  fs.chmodSync(dir, 0o755);
  for (const f of fs.readdirSync(inject('bundleDir')).filter((f) => f.startsWith('workflow-bundle-'))) {
    fs.copyFileSync(path.join(inject('bundleDir'), f), path.join(dir, f));
  }
  return dir;
}

/**
 * `evals worker [args]` in a child process on this test file's dev server, task
 * queue and database (override with `extra`), resolved once it polls.
 */
export async function spawnWorker(
  env: TestEnv,
  extra: Record<string, string> = {},
  opts: Pick<SpawnOptions, 'within'> & { args?: string[] } = {},
): Promise<WorkerProcess> {
  const worker = spawnEvals(
    ['worker', ...(opts.args ?? [])],
    childEnv(env, {
      TEMPORAL_ADDRESS: env.config.temporal.address!,
      TEMPORAL_TASK_QUEUE: env.taskQueue,
      EVALS_DATA_DIR: childDataDir(),
      EVALS_ALLOW_PRIVATE_ADDRESSES: 'true',
      LOG_LEVEL: 'info',
      ...extra,
    }),
    opts,
  );
  await waitFor(
    () => worker.output().includes('"worker started"'),
    60_000,
    () => `worker did not start:\n${worker.output()}`,
    worker.exited,
  );
  return worker;
}

/**
 * For a file whose cases each spawn worker processes: `setup()` gives a case its own test
 * environment (database, task queue) and file server; after the file, every worker it spawned
 * is killed and each environment and server closed.
 */
export function workerProcessCases() {
  const envs: TestEnv[] = [];
  const servers: FileServer[] = [];
  afterAll(async () => {
    killWorkerProcesses();
    await Promise.all([...envs.map((e) => e.close()), ...servers.map((s) => s.close())]);
  });
  return async function setup(beforeServe?: Parameters<typeof startFileServer>[0]) {
    const env = await createTestEnv();
    envs.push(env);
    const server = await startFileServer(beforeServe);
    servers.push(server);
    return { env, server };
  };
}
