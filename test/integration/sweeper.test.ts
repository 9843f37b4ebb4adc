import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPipelineRun } from '../../src/read-model/read-model';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { pipelineRunIdOf } from '../../src/read-model/read-model';
import { createLogger } from '../../src/logger';
import { sweepOnce } from '../../src/sweeper';
import { FakeFragmentsApi } from '../../testkit/fake-fragments-api';
import { sampleAnimation } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { waitFor } from '../helpers/wait';
import { killWorkerProcesses, spawnWorker } from '../helpers/worker-process';

/**
 * A pipeline run whose workflow closes without its final step (an operator's
 * terminate, a timeout) ends ERROR in the database, by the sweeper of the fleet.
 */

let api: FakeFragmentsApi;
let env: TestEnv;

beforeAll(async () => {
  api = await new FakeFragmentsApi(sampleAnimation()).start();
  env = await createTestEnv({ FRAGMENTS_API_URL: api.baseUrl, FRAGMENTS_API_KEY: api.apiKey });
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
  await api?.stop();
});

const storedRun = async (pipelineRunId: string) => PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, pipelineRunId)).evalPipelineRun;

describe('the sweeper', () => {
  it('ends a terminated pipeline ERROR within the sweep interval, naming the workflow closing status, its eval runs SKIPPED', async () => {
    const worker = await spawnWorker(env, { FRAGMENTS_API_URL: api.baseUrl, FRAGMENTS_API_KEY: api.apiKey, EVALS_SWEEP_SECONDS: '1' });
    api.script('frag-terminated', { status: 200, rendered: false });
    const handle = await startEvalPipeline(env.client, env.taskQueue, { fragmentId: 'frag-terminated', projectId: 'p', userId: 'u' }, { renderWait: { pollIntervalMs: 500, limitMs: 600_000 } });
    let pipelineRunId: string | null = null;
    await waitFor(async () => (pipelineRunId = await pipelineRunIdOf(env.pool, handle.workflowId)) !== null, 60_000, () => 'the pipeline run row');
    // A row younger than 30 s may belong to a workflow still starting: make this one older.
    await env.pool.query(`UPDATE pipeline_runs SET created_at = now() - interval '1 minute' WHERE id = $1`, [pipelineRunId]);
    await handle.terminate('operator terminated it');
    expect((await storedRun(pipelineRunId!)).status).toBe('PENDING');

    await waitFor(async () => (await storedRun(pipelineRunId!)).status === 'ERROR', 20_000, () => 'the sweeper to end the run');
    const run = await storedRun(pipelineRunId!);
    expect(run.overallStatus).toBe('ERROR');
    expect(run.summary).toMatch(/its workflow ended TERMINATED before the pipeline finished/);
    expect(run.evalRuns).toHaveLength(5);
    expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
    worker.kill('SIGKILL');
    await worker.exited;
  });

  it('leaves running workflows alone, and ends rows whose workflow Temporal does not know only where that is safe', async () => {
    // A worker without the sweeper: only this test sweeps.
    await env.startWorker();
    const log = createLogger('error');
    api.script('frag-running', { status: 200, rendered: false });
    const running = await startEvalPipeline(env.client, env.taskQueue, { fragmentId: 'frag-running', projectId: 'p', userId: 'u' }, { renderWait: { pollIntervalMs: 500, limitMs: 600_000 } });
    let runningId: string | null = null;
    await waitFor(async () => (runningId = await pipelineRunIdOf(env.pool, running.workflowId)) !== null, 60_000, () => 'the pipeline run row');
    // A row left by a stack whose dev server is gone: no workflow of this Temporal owns it.
    await env.pool.query(
      `INSERT INTO pipeline_runs (id, fragment_id, project_id, user_id, attempt_number, status, execution_name, temporal_run_id, created_at)
       VALUES ('orphan-run', 'frag-orphan', 'p', 'u', 1, 'RUNNING', 'eval-pipeline:frag-orphan', '00000000-0000-4000-8000-000000000000', now() - interval '1 hour')`,
    );
    await env.pool.query(`UPDATE pipeline_runs SET created_at = now() - interval '1 hour' WHERE id = $1`, [runningId]);

    expect(await sweepOnce(env.pool, env.client, log, { endMissing: false, minAgeSeconds: 0 })).toEqual([]);
    expect((await env.pool.query(`SELECT status FROM pipeline_runs WHERE id = 'orphan-run'`)).rows[0].status).toBe('RUNNING');

    expect(await sweepOnce(env.pool, env.client, log, { endMissing: true, minAgeSeconds: 0 })).toEqual([{ pipelineRunId: 'orphan-run', closedAs: 'NOT_FOUND' }]);
    const orphan = await env.pool.query<{ status: string; overall_status: string; summary: string }>(`SELECT status, overall_status, summary FROM pipeline_runs WHERE id = 'orphan-run'`);
    expect(orphan.rows[0]).toMatchObject({ status: 'ERROR', overall_status: 'ERROR' });
    expect(orphan.rows[0].summary).toMatch(/no longer exists in Temporal/);
    expect((await storedRun(runningId!)).status).toBe('PENDING');
    await running.terminate('test done');
  });
});
