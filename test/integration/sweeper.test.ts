import { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPipelineRun } from '../../src/read-model/read-model';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { pipelineRunIdOf } from '../../src/read-model/read-model';
import { createLogger } from '../../src/logger';
import { sweepOnce } from '../../src/sweeper';
import { startDevServer } from '../../src/infra/temporal';
import { temporalIdentity } from '../../src/infra/temporal-identity';
import { activityDeps, createWorker, type PoolWorkers } from '../../src/worker';
import { SEARCH_ATTRIBUTE_NAMES } from '../../workflows/search-attributes';
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
  env = await createTestEnv(api.env);
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
  await api?.stop();
});

const storedRun = async (pipelineRunId: string) =>
  PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, pipelineRunId)).evalPipelineRun;

describe('the sweeper', () => {
  it('ends a terminated pipeline ERROR within the sweep interval, naming the workflow closing status, its eval runs SKIPPED', async () => {
    const worker = await spawnWorker(env, { ...api.env, EVALS_SWEEP_SECONDS: '1' });
    api.script('frag-terminated', { status: 200, rendered: false });
    const handle = await startEvalPipeline(
      env.client,
      env.taskQueue,
      { fragmentId: 'frag-terminated', projectId: 'p', userId: 'u' },
      { renderWait: { pollIntervalMs: 500, limitMs: 600_000 } },
    );
    let pipelineRunId: string | null = null;
    await waitFor(
      async () => (pipelineRunId = await pipelineRunIdOf(env.pool, handle.workflowId)) !== null,
      60_000,
      () => 'the pipeline run row',
    );
    // A row younger than 30 s may belong to a workflow still starting: make this one older.
    await env.pool.query(`UPDATE pipeline_runs SET created_at = now() - interval '1 minute' WHERE id = $1`, [pipelineRunId]);
    await handle.terminate('operator terminated it');
    expect((await storedRun(pipelineRunId!)).status).toBe('PENDING');

    await waitFor(
      async () => (await storedRun(pipelineRunId!)).status === 'ERROR',
      20_000,
      () => 'the sweeper to end the run',
    );
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
    const running = await startEvalPipeline(
      env.client,
      env.taskQueue,
      { fragmentId: 'frag-running', projectId: 'p', userId: 'u' },
      { renderWait: { pollIntervalMs: 500, limitMs: 600_000 } },
    );
    let runningId: string | null = null;
    await waitFor(
      async () => (runningId = await pipelineRunIdOf(env.pool, running.workflowId)) !== null,
      60_000,
      () => 'the pipeline run row',
    );
    // A row left by a stack whose dev server is gone: no workflow of this Temporal owns it.
    await env.pool.query(
      `INSERT INTO pipeline_runs (id, fragment_id, project_id, user_id, attempt_number, status, execution_name, temporal_run_id, created_at)
       VALUES ('orphan-run', 'frag-orphan', 'p', 'u', 1, 'RUNNING', 'eval-pipeline:frag-orphan', '00000000-0000-4000-8000-000000000000', now() - interval '1 hour')`,
    );
    await env.pool.query(`UPDATE pipeline_runs SET created_at = now() - interval '1 hour' WHERE id = $1`, [runningId]);

    const temporal = await temporalIdentity(env.client.workflowService, env.config.temporal.namespace);
    expect(await sweepOnce(env.pool, env.client, log, temporal, { scope: 'own', endMissing: false, minAgeSeconds: 0 })).toEqual([]);
    expect((await env.pool.query(`SELECT status FROM pipeline_runs WHERE id = 'orphan-run'`)).rows[0].status).toBe('RUNNING');

    // The orphan has no recorded Temporal (written before runs recorded theirs): a fleet's sweeper takes it.
    expect(await sweepOnce(env.pool, env.client, log, temporal, { scope: 'own', endMissing: true, minAgeSeconds: 0 })).toEqual([]);
    expect(
      await sweepOnce(env.pool, env.client, log, temporal, { scope: 'own-and-unrecorded', endMissing: true, minAgeSeconds: 0 }),
    ).toEqual([{ pipelineRunId: 'orphan-run', closedAs: 'NOT_FOUND' }]);
    const orphan = await env.pool.query<{ status: string; overall_status: string; summary: string }>(
      `SELECT status, overall_status, summary FROM pipeline_runs WHERE id = 'orphan-run'`,
    );
    expect(orphan.rows[0]).toMatchObject({ status: 'ERROR', overall_status: 'ERROR' });
    expect(orphan.rows[0].summary).toMatch(/no longer exists in Temporal/);
    expect((await storedRun(runningId!)).status).toBe('PENDING');
    await running.terminate('test done');
  });

  it('ends only the runs of its own Temporal: a second Temporal server on the same database keeps its live run', async () => {
    const log = createLogger('error');
    const say = () => undefined;
    const other = await startDevServer(env.config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
    let worker: PoolWorkers | undefined;
    let running: Promise<void> | undefined;
    try {
      // The other stack: its own dev server, this file's database, a judge slow enough to sweep while it runs.
      const config = { ...env.config, judge: { ...env.config.judge, local: { delayMs: 4_000 } } };
      worker = await createWorker({
        connection: other.connection,
        config,
        deps: activityDeps(config, env.pool, log, { allowLocalFiles: true }),
      });
      running = worker.run();
      const otherClient = new Client({ connection: other.connection, namespace: env.config.temporal.namespace });
      const handle = await startEvalPipeline(otherClient, env.taskQueue, {
        fragmentId: 'frag-other-temporal',
        projectId: 'p',
        userId: 'u',
        animation: { url: sampleAnimation() },
      });
      let runId: string | null = null;
      await waitFor(
        async () => (runId = await pipelineRunIdOf(env.pool, handle.workflowId)) !== null,
        60_000,
        () => 'the other stack to create its run',
      );
      await env.pool.query(`UPDATE pipeline_runs SET created_at = now() - interval '1 hour' WHERE id = $1`, [runId]);

      const ours = await temporalIdentity(env.client.workflowService, env.config.temporal.namespace);
      const theirs = await temporalIdentity(otherClient.workflowService, env.config.temporal.namespace);
      expect(theirs.clusterId).not.toBe(ours.clusterId);
      const recorded = await env.pool.query('SELECT temporal_namespace, temporal_cluster_id FROM pipeline_runs WHERE id = $1', [runId]);
      expect(recorded.rows[0]).toEqual({ temporal_namespace: theirs.namespace, temporal_cluster_id: theirs.clusterId });

      // This file's Temporal does not know the workflow: a sweeper that ended rows it cannot find would end this live run.
      const swept = await sweepOnce(env.pool, env.client, log, ours, { scope: 'own-and-unrecorded', endMissing: true, minAgeSeconds: 0 });
      expect(swept.map((r) => r.pipelineRunId)).not.toContain(runId);
      expect((await storedRun(runId!)).status).not.toBe('ERROR');

      const result = await handle.result();
      expect(result.status).toBe('COMPLETED');
      const run = await storedRun(runId!);
      expect(run.status).toBe('COMPLETED');
      expect(run.evalRuns.every((r) => r.status !== 'ERROR')).toBe(true);
    } finally {
      if (worker?.getState() === 'RUNNING') worker.shutdown();
      await running?.catch(() => undefined);
      await other.stop();
    }
  });
});
