import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { createPool } from '../../src/infra/postgres';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { ownPostgres, type OwnPostgres } from '../helpers/own-postgres';
import { startFileServer, type FileServer } from '../../testkit/file-server';
import { activityStarts, evalRunStatuses, expectOneCleanRun, pipelineInput } from '../helpers/pipeline-checks';
import { sampleAnimation } from '../../testkit/videos';
import { killWorkerProcesses, spawnWorker } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';

let env: TestEnv | undefined;
let server: FileServer | undefined;
let pool: pg.Pool | undefined;
let postgres: OwnPostgres | undefined;
afterAll(async () => {
  killWorkerProcesses();
  await pool?.end();
  await server?.close();
  await env?.close();
  await postgres?.close();
});

it('survives a PostgreSQL restart in the middle of a pipeline', async () => {
  postgres = await ownPostgres('restart');
  env = await createTestEnv();
  server = await startFileServer();
  pool = createPool(postgres.url);
  // Judge calls take 2 s, so they finish while the database is down and must retry their writes.
  const worker = await spawnWorker(env, { DATABASE_URL: postgres.url, EVALS_LOCAL_JUDGE_DELAY_MS: '2000', EVALS_JUDGE_CONCURRENCY: '5' });
  const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput('frag-pg-restart', server.url(sampleAnimation())));
  await waitFor(
    async () => (await evalRunStatuses(pool!, 'frag-pg-restart').catch(() => [])).filter((s) => s === 'RUNNING').length === 5,
    60_000,
    () => `judging never started:\n${worker.output()}`,
  );

  await postgres.stop();
  await sleep(4_000);
  await postgres.start();

  expect((await handle.result()).status).toBe('COMPLETED');
  await expectOneCleanRun(pool, 'frag-pg-restart');
  const judged = activityStarts(await handle.fetchHistory()).filter((s) => s.type === 'scoreEvalRun');
  expect(judged).toHaveLength(5);
  // The judge activities waited for the database in-process (EVALS_DATABASE_OUTAGE_SECONDS): none had to be retried.
  expect(judged.every((s) => s.attempt === 1)).toBe(true);
});
