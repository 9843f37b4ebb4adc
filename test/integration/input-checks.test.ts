import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { PermanentError } from '../../src/errors';
import { resolveMediaTools } from '../../src/infra/ffmpeg';
import { extractFrames } from '../../src/media/extract';
import { probeVideo } from '../../src/media/probe';
import { getPipelineRun } from '../../src/read-model/read-model';
import { PROJECT_ROOT } from '../../src/config';
import { evalPipeline } from '../../workflows';
import { FakeFragmentsApi } from '../../testkit/fake-fragments-api';
import { growingPictureVideo, sampleAnimation, understatedDurationVideo } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from '../helpers/env';

/**
 * Inputs checked where they enter (issue 23, finding 4): ids and texts at the
 * client, the CLI and the fragment read, before anything starts; texts bounded
 * before any Temporal field; media limits held on what is decoded.
 */

let env: TestEnv;
let api: FakeFragmentsApi;

beforeAll(async () => {
  api = await new FakeFragmentsApi(sampleAnimation()).start();
  env = await createTestEnv(api.env);
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
  await api?.stop();
});

const request = (over: Record<string, unknown> = {}) => ({
  fragmentId: 'frag-input',
  projectId: 'project-1',
  userId: 'user-1',
  animation: { url: sampleAnimation() },
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<PermanentError> {
  const err = await promise.then(
    () => new Error('accepted'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PermanentError);
  expect((err as PermanentError).reason).toBe('bad-input');
  return err as PermanentError;
}

/** Workflows ever started on this file's task queue. */
async function started(): Promise<number> {
  return (await env.client.workflow.count(`TaskQueue = "${env.taskQueue}"`)).count;
}

describe('the client refuses bad ids and texts before starting anything', () => {
  it.each([
    ['a NUL in the user id', { userId: 'user\u0000x' }, /user id holds a control character/],
    ['a NUL in the fragment id', { fragmentId: 'frag-nul\u0000' }, /fragment id holds a control character/],
    ['a newline in the project id', { projectId: 'p\nq' }, /project id holds a control character/],
    ['an over-long fragment id', { fragmentId: `frag-${'x'.repeat(300)}` }, /fragment id has 305 characters, over the 255-character limit/],
    ['an empty user id', { userId: '' }, /user id is empty/],
    ['a bell in the user message', { userInput: 'ding\u0007' }, /user message holds a control character/],
  ])('%s', async (_name, over, reason) => {
    const before = await started();
    const err = await refusal(startEvalPipeline(env.client, env.taskQueue, request(over)));
    expect(err.message).toMatch(reason);
    // The message names the field, never echoes the value.
    expect(err.message).not.toContain('x'.repeat(300));
    expect(await started()).toBe(before);
  });

  it('bounds a 5 MB title before it reaches the workflow details: the start succeeds and the run completes', async () => {
    const title = 'T'.repeat(5 * 1024 * 1024);
    const handle = await startEvalPipeline(
      env.client,
      env.taskQueue,
      request({ fragmentId: 'frag-huge-title', animation: { url: sampleAnimation(), title } }),
    );
    const result = await handle.result();
    expect(result.status).toBe('COMPLETED');
    const description = await handle.describe();
    expect(JSON.stringify(await description.staticDetails()).length).toBeLessThan(1_000);
  });

  it('fails at once a workflow started around the client with a NUL in an id (no retries for minutes, no row)', async () => {
    const started = Date.now();
    const handle = await env.client.workflow.start(evalPipeline, {
      taskQueue: env.taskQueue,
      workflowId: 'eval-pipeline:frag-direct-nul',
      args: [{ fragmentId: 'frag-direct-nul', projectId: 'p', userId: 'u\u0000', animation: { url: sampleAnimation() } }],
    });
    await expect(handle.result()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(30_000);
    const history = JSON.stringify(await handle.fetchHistory());
    expect(history).toMatch(/user id holds a control character/);
    expect((await env.pool.query(`SELECT count(*)::int AS n FROM pipeline_runs WHERE fragment_id = 'frag-direct-nul'`)).rows[0].n).toBe(0);
  });
});

describe('the fragment read', () => {
  it('ends the run ERROR, with its reason, when the fragments API sends a control character', async () => {
    api.script('frag-bad-description', { status: 200, rendered: true });
    api.descriptions.set('frag-bad-description', 'squares\u0000on each side');
    const handle = await startEvalPipeline(
      env.client,
      env.taskQueue,
      { fragmentId: 'frag-bad-description', projectId: 'p', userId: 'u' },
      { renderWait: { pollIntervalMs: 300, limitMs: 60_000 } },
    );
    const result = await handle.result();
    expect(result.status).toBe('ERROR');
    const run = (await getPipelineRun(env.pool, result.pipelineRunId))!.evalPipelineRun;
    expect(run.summary).toMatch(
      /fragment frag-bad-description from the fragments API is refused: its description holds a control character/,
    );
  });
});

describe('the CLI refuses bad ids and texts with exit 2, starting nothing', () => {
  const cli = (args: string[], dataDir: string) =>
    spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'evals.js'), ...args], {
      env: {
        ...process.env,
        EVALS_DATA_DIR: dataDir,
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        DATABASE_URL: '',
        OPENAI_API_KEY: '',
        EVALS_PROVIDER: 'local',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it.each([
    [
      'trigger with a control character in the fragment id',
      ['trigger', '--fragment-id', 'frag\u0001', '--project-id', 'p', '--user-id', 'u'],
      /fragment id holds a control character/,
    ],
    [
      'trigger with a 256-character fragment id',
      ['trigger', '--fragment-id', 'f'.repeat(256), '--project-id', 'p', '--user-id', 'u'],
      /fragment id has 256 characters, over the 255-character limit/,
    ],
    ['run with an escape sequence in the user id', ['run', '--user-id', 'user\u001b[31m', 'SAMPLE'], /user id holds a control character/],
    [
      'run with a control character in the title',
      ['run', '--title', 'bad\u0002title', 'SAMPLE'],
      /animation title holds a control character/,
    ],
  ])('%s', (_name, args, reason) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-input-cli-'));
    try {
      const result = cli(
        args.map((a) => (a === 'SAMPLE' ? sampleAnimation() : a)),
        dataDir,
      );
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(reason);
      // Nothing started: no embedded PostgreSQL, no dev server record.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('media limits hold on what is decoded, not on what the header declares', () => {
  const media = () => ({ ...env.config.media, maxDurationSeconds: 600, maxPixels: 64 * 64 * 4 });

  it('refuses 900 s of frames behind a header that says 10 s', async () => {
    const err = await probeVideo(resolveMediaTools(env.config), understatedDurationVideo(), media()).then(
      () => new Error('accepted'),
      (e: unknown) => e,
    );
    expect((err as PermanentError).reason).toBe('too-large');
    expect((err as Error).message).toMatch(/frames run past 899\.0 s \(its header says 10\.0 s\), over the 600 s limit/);
  });

  it.each([false, true])('refuses pictures larger than the header says (signal pass: %s)', async (withSignal) => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-input-media-'));
    try {
      const err = await extractFrames(
        growingPictureVideo(),
        resolveMediaTools(env.config),
        { media: media(), allowLocalFiles: true, workDir, withSignal },
        () => undefined,
      ).then(
        () => new Error('accepted'),
        (e: unknown) => e,
      );
      expect((err as PermanentError).reason).toBe('too-large');
      expect((err as Error).message).toMatch(/decodes to 1280x720 pictures \(its header says 64x64\), over the 16384-pixel limit/);
    } finally {
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});
