import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { NativeConnection } from '@temporalio/worker';
import type pg from 'pg';
import { inject } from 'vitest';
import type { ActivityDeps } from '../../activities';
import { loadConfig, type Config } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { createPool, ensureDatabase } from '../../src/infra/postgres';
import { createLogger } from '../../src/logger';
import { installRuntime } from '../../src/infra/temporal-runtime';
import { activityDeps, createWorker, type PoolWorkers } from '../../src/worker';

export interface TestEnv {
  config: Config;
  pool: pg.Pool;
  databaseUrl: string;
  client: Client;
  connection: NativeConnection;
  taskQueue: string;
  /** Starts a worker (every pool) on this file's task queue; stopped by close(). */
  startWorker(overrides?: Partial<ActivityDeps> & { identity?: string }): Promise<PoolWorkers>;
  close(): Promise<void>;
}

/** Environment variables for a child `evals` process pointed at this file's database. */
export function childEnv(env: TestEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: env.databaseUrl,
    TEMPORAL_ADDRESS: '',
    OPENAI_API_KEY: '',
    EVALS_PROVIDER: 'local',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * A fresh database and task queue on the run's shared PostgreSQL and, unless
 * given a time-skipping test environment (whose connections its owner closes),
 * on the run's shared dev server.
 */
export async function createTestEnv(configEnv: Record<string, string> = {}, temporal?: TestWorkflowEnvironment): Promise<TestEnv> {
  installRuntime(createLogger('error'));
  const name = `evals_test_${crypto.randomBytes(6).toString('hex')}`;
  const adminUrl = inject('pgAdminUrl');
  await ensureDatabase(adminUrl, name);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const pool = createPool(databaseUrl);
  await migrate(pool);
  const taskQueue = `test-${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-test-data-'));
  // The global setup already bundled the workflow code into bundleDir.
  for (const f of fs.readdirSync(inject('bundleDir')).filter((f) => f.startsWith('workflow-bundle-'))) {
    fs.copyFileSync(path.join(inject('bundleDir'), f), path.join(dataDir, f));
  }
  const config = loadConfig({
    ...process.env,
    OPENAI_API_KEY: '',
    EVALS_PROVIDER: 'local',
    TEMPORAL_ADDRESS: temporal?.address ?? inject('temporalAddress'),
    TEMPORAL_TASK_QUEUE: taskQueue,
    DATABASE_URL: databaseUrl,
    EVALS_DATA_DIR: dataDir,
    EVALS_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...configEnv,
  });
  const clientConnection = temporal ? undefined : await Connection.connect({ address: config.temporal.address! });
  // The test environment's client skips time while it waits for a workflow's result.
  const client = temporal?.client ?? new Client({ connection: clientConnection!, namespace: config.temporal.namespace });
  const connection = temporal?.nativeConnection ?? (await NativeConnection.connect({ address: config.temporal.address! }));
  const log = createLogger('silent');
  const running: { worker: PoolWorkers; done: Promise<void> }[] = [];

  return {
    config,
    pool,
    databaseUrl,
    client,
    connection,
    taskQueue,
    async startWorker(overrides = {}) {
      const { identity, ...depsOverrides } = overrides;
      const deps = { ...activityDeps(config, pool, log, { allowLocalFiles: true }), ...depsOverrides };
      const worker = await createWorker({ connection, config, deps, identity });
      running.push({ worker, done: worker.run() });
      return worker;
    },
    async close() {
      for (const { worker, done } of running) {
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await done.catch(() => undefined);
      }
      if (!temporal) {
        await connection.close();
        await clientConnection!.close();
      }
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
