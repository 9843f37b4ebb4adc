import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { isProcessAlive } from '../infra/executables';
import { openTemporal, type TemporalConnections } from '../infra/temporal';
import type { Logger } from '../logger';
import { SEARCH_ATTRIBUTE_NAMES } from '../../workflows/search-attributes';

/**
 * `evals dev` records where its Temporal server listens, in its data
 * directory, so an `evals run` on the same machine may hand it local files: its
 * worker reads them from the same disk.
 */
interface DevServerRecord {
  address: string;
  namespace: string;
  taskQueue: string;
  pid: number;
}

const recordFile = (config: Config) => path.join(config.dataDir, 'dev-server.json');

export function recordDevServer(config: Config, address: string): () => void {
  const file = recordFile(config);
  const record: DevServerRecord = { address, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue, pid: process.pid };
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(record));
  return () => fs.rmSync(file, { force: true });
}

/** Whether TEMPORAL_ADDRESS is a live `evals dev` of this machine, with the same namespace and task queue. */
export function isLocalDevServer(config: Config): boolean {
  let record: DevServerRecord;
  try {
    record = JSON.parse(fs.readFileSync(recordFile(config), 'utf8')) as DevServerRecord;
  } catch {
    return false;
  }
  const sameAddress = (a: string) => a.replace(/^(localhost|127\.0\.0\.1):/, 'loopback:');
  if (!config.temporal.address || sameAddress(record.address) !== sameAddress(config.temporal.address)) return false;
  if (record.namespace !== config.temporal.namespace || record.taskQueue !== config.temporal.taskQueue) return false;
  return isProcessAlive(record.pid);
}

/** The Temporal runtime, with the SDK alone: installed while the stack's servers start. */
const runtimeModule = () => require('../infra/temporal-runtime') as typeof import('../infra/temporal-runtime');
/** The worker's modules, the heaviest the CLI loads: loaded while the first connection to Temporal is made. */
const workerModule = () => require('../worker') as typeof import('../worker');

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The sweeper of a stack a command started itself (`evals dev`, `evals run`):
 * sole user of its embedded database, it also ends what an earlier stack left
 * unfinished, created before `startedAt`.
 */
export function startLocalBackgroundWork(config: Config, log: Logger, stack: CommandStack, startedAt: Date): { stop(): Promise<void> } {
  return workerModule().startBackgroundWork({
    config,
    pool: stack.db.pool,
    client: stack.temporal.client,
    log,
    localStack: { soleDatabaseUser: stack.db.soleEmbeddedUser, startedAt },
  });
}

/** What a command that runs pipelines (`evals run`, `evals calibrate`) works on. */
export interface CommandStack {
  db: Database;
  temporal: TemporalConnections;
}

/**
 * The database (DATABASE_URL, or PostgreSQL embedded in the data dir) and
 * Temporal (TEMPORAL_ADDRESS, or a dev server of the command's own), started
 * side by side, each step said through `note`; on a stack of its own also the
 * sweeper and retention a fleet runs, so rows an earlier stack left unfinished
 * are ended. `use` runs on it; both are closed after, whatever happens, and
 * when one fails to start the other is closed before the error is thrown.
 * The Temporal runtime is installed while the servers start, with no shutdown
 * signals: Ctrl-C cancels the command's pipelines rather than draining its
 * in-process workers, which must finish the cancellations.
 */
export async function withCommandStack<T>(
  config: Config,
  log: Logger,
  note: (line: string) => void,
  use: (stack: CommandStack) => Promise<T>,
): Promise<T> {
  const remote = config.temporal.address !== undefined;
  note(config.database.url ? 'connecting to DATABASE_URL' : `starting PostgreSQL (embedded, in ${config.dataDir})`);
  note(remote ? `connecting to Temporal at ${config.temporal.address}` : 'starting a Temporal dev server');
  const startedAt = new Date();
  // The Temporal runtime loads once both servers have been spawned (or one of them failed first), while
  // they start: loaded earlier, its synchronous loading would hold a spawn back. The worker's own modules
  // load while the first connection is made.
  const dbSpawned = deferred();
  const temporalSpawned = deferred();
  const onSpawned = (spawned: Deferred) => async () => {
    spawned.resolve();
    await Promise.all([dbSpawned.promise, temporalSpawned.promise]);
    runtimeModule().installRuntime(log, { shutdownSignals: [] });
  };
  const opening = openDatabase(config, note, onSpawned(dbSpawned));
  const connecting = openTemporal(config, note, {
    searchAttributes: SEARCH_ATTRIBUTE_NAMES,
    whileStarting: onSpawned(temporalSpawned),
    whileConnecting: workerModule,
  });
  opening.then(dbSpawned.resolve, dbSpawned.resolve);
  connecting.then(temporalSpawned.resolve, temporalSpawned.resolve);
  const [opened, connected] = await Promise.allSettled([opening, connecting]);
  const db = opened.status === 'fulfilled' ? opened.value : undefined;
  const temporal = connected.status === 'fulfilled' ? connected.value : undefined;
  try {
    if (!db || !temporal) throw opened.status === 'rejected' ? opened.reason : (connected as PromiseRejectedResult).reason;
    const background = remote ? null : startLocalBackgroundWork(config, log, { db, temporal }, startedAt);
    try {
      return await use({ db, temporal });
    } finally {
      await background?.stop();
    }
  } finally {
    // Side by side: the command's workers are down, neither server waits on the other.
    await Promise.all([temporal?.close(), db?.close()]);
  }
}
