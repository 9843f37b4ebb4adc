import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { freePort } from '../../src/infra/temporal';
import { PROBE_PATHS } from '../../src/metrics';
import { LOCAL_MODEL } from '../../src/analyzers/scoring';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { startFileServer, type FileServer } from '../../testkit/file-server';
import { evalRunStatuses, pipelineInput } from '../helpers/pipeline-checks';
import { waitFor } from '../helpers/wait';
import { sampleAnimation, writeFixture } from '../../testkit/videos';
import { childDataDir, killWorkerProcesses, spawnEvals, spawnWorker, type WorkerProcess } from '../helpers/worker-process';

let env: TestEnv;
let server: FileServer;
let worker: WorkerProcess;
let metricsPort: number;
const apiKey = `sk-test-${crypto.randomBytes(12).toString('hex')}`;
let good: { workflowId: string; pipelineRunId: string };
let bad: { workflowId: string; pipelineRunId: string };

beforeAll(async () => {
  env = await createTestEnv();
  server = await startFileServer();
  metricsPort = await freePort();
  worker = await spawnWorker(env, {
    EVALS_METRICS_PORT: String(metricsPort),
    EVALS_METRICS_HOST: '127.0.0.1',
    EVALS_ACTIVITY_CONCURRENCY: '6',
    EVALS_WORKFLOW_TASK_CONCURRENCY: '3',
    // A configured key (the local provider is still chosen explicitly) must never be logged.
    OPENAI_API_KEY: apiKey,
    EVALS_PROVIDER: 'local',
    LOG_LEVEL: 'debug',
  });
  const goodHandle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput('frag-observed', server.url(sampleAnimation())));
  const badHandle = await startEvalPipeline(
    env.client,
    env.taskQueue,
    pipelineInput('frag-observed-bad', server.url(writeFixture('observed-not-a-video.mp4', 'plain text\n'))),
  );
  good = { workflowId: goodHandle.workflowId, pipelineRunId: (await goodHandle.result()).pipelineRunId };
  bad = { workflowId: badHandle.workflowId, pipelineRunId: (await badHandle.result()).pipelineRunId };
});
const envs: TestEnv[] = [];
afterAll(async () => {
  killWorkerProcesses();
  await server?.close();
  await Promise.all([env?.close(), ...envs.map((e) => e.close())]);
});

/** The value of one sample line `name{labels} value` of a scrape. */
function sample(scrape: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of scrape.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('a worker process in operation', () => {
  it('serves its own and the Temporal runtime metrics on one Prometheus endpoint', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const scrape = await response.text();

    expect(sample(scrape, 'evals_pipeline_runs_total', { status: 'COMPLETED', overall_status: 'FAIL' })).toBe(1);
    expect(sample(scrape, 'evals_pipeline_runs_total', { status: 'ERROR', overall_status: 'ERROR' })).toBe(1);
    expect(sample(scrape, 'evals_eval_runs_total', { kind: 'USER_INPUT_SECURITY', status: 'FAIL' })).toBe(1);
    expect(sample(scrape, 'evals_eval_runs_total', { kind: 'VISUAL_VALIDATION_JSON', status: 'PASS' })).toBe(1);
    const frames = await env.pool.query('SELECT count(*)::int AS n FROM frames WHERE pipeline_run_id = $1', [good.pipelineRunId]);
    expect(sample(scrape, 'evals_frames_extracted_total')).toBe(frames.rows[0].n);
    expect(sample(scrape, 'evals_extraction_seconds_count')).toBe(1);
    expect(sample(scrape, 'evals_bad_inputs_total', { reason: 'unreadable-media', activity: 'extractFrames' })).toBe(1);
    expect(sample(scrape, 'evals_judge_latency_seconds_count', { kind: 'VISUAL_VALIDATION_JSON', model: LOCAL_MODEL, outcome: 'ok' })).toBe(
      1,
    );
    expect(sample(scrape, 'evals_judge_calls_in_flight')).toBe(0);
    expect(sample(scrape, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    // Core's metrics, with the configured slot counts.
    const queue = { task_queue: env.taskQueue };
    expect(sample(scrape, 'temporal_worker_task_slots_available', { ...queue, worker_type: 'ActivityWorker' })).toBe(6);
    expect(sample(scrape, 'temporal_worker_task_slots_available', { ...queue, worker_type: 'WorkflowWorker' })).toBe(3);
    expect(sample(scrape, 'temporal_workflow_completed', queue)).toBe(2);
  });

  it('logs JSON lines naming the workflow, pipeline run, fragment and kind', () => {
    const lines = worker
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(5);
    const judged = lines.filter((l) => l.msg === 'eval run finished' && l.workflowId === good.workflowId);
    expect(judged.map((l) => l.kind).sort()).toEqual([
      'DESIGN_VALIDATION_JSON',
      'ENGAGEMENT_RUBRIC_JSON',
      'USER_INPUT_SECURITY',
      'VISUAL_RUBRIC_JSON',
      'VISUAL_VALIDATION_JSON',
    ]);
    for (const line of judged)
      expect(line).toMatchObject({ pipelineRunId: good.pipelineRunId, fragmentId: 'frag-observed', activityType: 'scoreEvalRun' });
    // A workflow's own log line (through Temporal's logger) carries the same identity.
    expect(lines.find((l) => l.msg === 'pipeline run ended in ERROR')).toMatchObject({
      workflowId: bad.workflowId,
      pipelineRunId: bad.pipelineRunId,
      fragmentId: 'frag-observed-bad',
    });
  });

  it('never writes the API key or the database password', () => {
    const password = decodeURIComponent(new URL(env.databaseUrl).password);
    expect(password.length).toBeGreaterThan(8);
    const output = worker.output();
    expect(output).toContain('"worker started"');
    expect(output).not.toContain(apiKey);
    expect(output).not.toContain(password);
    expect(output).not.toContain(encodeURIComponent(password));
  });

  it('answers /healthz while alive and /readyz while polling, and turns not ready as soon as SIGTERM arrives, before it stops', async () => {
    const probe = async (port: number, path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      return { status: response.status, body: await response.text() };
    };
    expect(await probe(metricsPort, PROBE_PATHS.liveness)).toEqual({ status: 200, body: 'alive\n' });
    expect(await probe(metricsPort, PROBE_PATHS.readiness)).toEqual({ status: 200, body: 'ready\n' });
    expect((await probe(metricsPort, '/nothing')).status).toBe(404);

    // A worker of its own with judge calls slow enough to drain for a while.
    const own = await createTestEnv();
    envs.push(own);
    const port = await freePort();
    const draining = await spawnWorker(own, {
      EVALS_METRICS_PORT: String(port),
      EVALS_LOCAL_JUDGE_DELAY_MS: '6000',
      EVALS_JUDGE_CONCURRENCY: '5',
    });
    expect((await probe(port, PROBE_PATHS.readiness)).status).toBe(200);
    const handle = await startEvalPipeline(own.client, own.taskQueue, pipelineInput('frag-draining', server.url(sampleAnimation())));
    const allRunning = async () => (await evalRunStatuses(own.pool, 'frag-draining')).filter((s) => s === 'RUNNING').length === 5;
    await waitFor(allRunning, 60_000, () => `judging never started:\n${draining.output()}`);

    let exited = false;
    void draining.exited.then(() => (exited = true));
    draining.kill('SIGTERM');
    await waitFor(
      async () => (await probe(port, PROBE_PATHS.readiness)).status === 503,
      3_000,
      () => 'readyz still 200 after SIGTERM',
    );
    // Not ready while the judge calls in progress still run: the process has not stopped.
    expect(exited).toBe(false);
    expect(await allRunning()).toBe(true);
    expect(await probe(port, PROBE_PATHS.readiness)).toEqual({ status: 503, body: 'not ready: draining\n' });
    expect(await probe(port, PROBE_PATHS.liveness)).toEqual({ status: 200, body: 'alive\n' });
    expect(await draining.exited).toBe(0);
    expect(await evalRunStatuses(own.pool, 'frag-draining')).not.toContain('RUNNING');
    await handle.terminate('the test ends here');
  });

  it('refuses to start with a client certificate (mTLS) against a server without TLS, naming the address and the TLS settings', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-mtls-'));
    const [cert, key] = [path.join(dir, 'client.pem'), path.join(dir, 'client.key')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=evals-worker',
      ],
      { stdio: 'pipe' },
    );
    const address = env.config.temporal.address!;
    const child = spawnEvals(
      ['worker'],
      childEnv(env, {
        TEMPORAL_ADDRESS: address,
        TEMPORAL_TLS_CLIENT_CERT_PATH: cert,
        TEMPORAL_TLS_CLIENT_KEY_PATH: key,
        EVALS_DATA_DIR: childDataDir(),
      }),
    );
    expect(await child.exited).toBe(4);
    expect(child.output()).toContain(
      `TEMPORAL_ADDRESS: cannot connect to Temporal at ${address} (namespace default, TLS with client certificate)`,
    );
    expect(child.output()).not.toContain('PRIVATE KEY');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
