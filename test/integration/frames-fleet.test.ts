import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkflowFailedError } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { getPipelineRun, pipelineRunIdOf } from '../../src/read-model/read-model';
import { startEvalPipeline } from '../../src/client';
import { RetryableError } from '../../src/errors';
import { resolveMediaTools } from '../../src/infra/ffmpeg';
import { extractFrames } from '../../src/media/extract';
import { createPool } from '../../src/infra/postgres';
import { createLogger } from '../../src/logger';
import { FrameStore } from '../../src/media/frame-store';
import type { JudgeProvider } from '../../src/providers/provider';
import { activityDeps, createWorker, type PoolWorkers } from '../../src/worker';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server';
import { syntheticVideo } from '../../testkit/videos';

const input = (fragmentId: string, url: string) => ({ fragmentId, projectId: 'p', userId: 'u', userInput: null, animation: { url } });

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-fleet-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A frame store whose local cache is emptied before every read: every frame comes from PostgreSQL. */
class ForgetfulFrameStore extends FrameStore {
  constructor(
    pool: ConstructorParameters<typeof FrameStore>[0],
    private readonly dir: string,
  ) {
    super(pool, { dir, maxBytes: 64 * 1024 * 1024 });
  }
  override async get(key: string): Promise<Buffer> {
    fs.rmSync(this.dir, { recursive: true, force: true });
    return super.get(key);
  }
}

interface Seen {
  worker: string;
  pipelineRunId: string;
  kind: string;
  frames: string[];
}

/**
 * A judge that records what each kind saw (index, time, image digest) and holds
 * every call until three are in flight: with two activity slots per worker, that
 * proves both workers judged kinds of the same run.
 */
function recordingJudge(
  worker: string,
  seen: Seen[],
  inFlight: { n: number; release: () => void; released: Promise<void> },
): JudgeProvider {
  return {
    name: 'recording',
    modelFor: () => 'recording/v1',
    async judge({ definition, frames, manifest }) {
      const pipelineRunId = manifest!.frames[0].key.split('/')[0];
      seen.push({
        worker,
        pipelineRunId,
        kind: definition.kind,
        frames: frames.map((f) => `${f.index}@${f.timestampMs}:${crypto.createHash('sha256').update(f.jpeg).digest('hex')}`),
      });
      if (++inFlight.n >= 3) inFlight.release();
      await Promise.race([inFlight.released, new Promise((r) => setTimeout(r, 15_000))]);
      return { provider: 'recording', model: 'recording/v1', verdict: { score: definition.maxScore, summary: 'seen', issues: [] } };
    },
  };
}

describe('a fleet of workers sharing only Temporal and PostgreSQL', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv({ EVALS_ACTIVITY_CONCURRENCY: '2' });
  });
  afterAll(async () => env?.close());

  it('completes with both workers judging, every kind seeing the same frames, one cache emptied between activities', async () => {
    const seen: Seen[] = [];
    let release!: () => void;
    const inFlight = { n: 0, release: () => release(), released: new Promise<void>((r) => (release = r)) };
    // Two workers as two hosts would run them: own Temporal connection, own pool, own cache and temp dirs.
    const workers: { worker: PoolWorkers; done: Promise<void>; connection: NativeConnection; pool: pg.Pool }[] = [];
    for (const name of ['a', 'b']) {
      const dir = path.join(scratch, `worker-${name}`);
      const pool = createPool(env.databaseUrl);
      const connection = await NativeConnection.connect({ address: env.config.temporal.address! });
      const deps = {
        ...activityDeps(env.config, pool, createLogger('silent'), { allowLocalFiles: true }),
        provider: recordingJudge(name, seen, inFlight),
        frameStore:
          name === 'b'
            ? new ForgetfulFrameStore(pool, path.join(dir, 'cache'))
            : new FrameStore(pool, { dir: path.join(dir, 'cache'), maxBytes: 64 * 1024 * 1024 }),
        workDir: path.join(dir, 'extract'),
      };
      // Two judge slots each: the run's four kinds cannot all land on one worker.
      const config = { ...env.config, judge: { ...env.config.judge, concurrency: 2 } };
      const worker = await createWorker({ connection, config, deps, identity: `worker-${name}` });
      workers.push({ worker, done: worker.run(), connection, pool });
    }
    onTestFinished(async () => {
      for (const w of workers) {
        w.worker.shutdown();
        await w.done;
        await w.connection.close();
        await w.pool.end();
      }
    });
    const video = syntheticVideo('fleet', 'testsrc2=size=320x180:rate=15:duration=3');
    const result = await (await startEvalPipeline(env.client, env.taskQueue, input('frag-fleet', video))).result();
    expect(result.status).toBe('COMPLETED');

    const mine = seen.filter((s) => s.pipelineRunId === result.pipelineRunId);
    expect(mine.map((s) => s.kind).sort()).toEqual([
      'DESIGN_VALIDATION_JSON',
      'ENGAGEMENT_RUBRIC_JSON',
      'VISUAL_RUBRIC_JSON',
      'VISUAL_VALIDATION_JSON',
    ]);
    expect(new Set(mine.map((s) => s.worker))).toEqual(new Set(['a', 'b']));
    // Same frames everywhere, and they are the stored ones.
    const stored = await env.pool.query<{ frame_index: number; timestamp_ms: number; content: Buffer }>(
      'SELECT f.frame_index, f.timestamp_ms, b.content FROM frames f JOIN frame_blobs b ON b.storage_key = f.storage_key WHERE f.pipeline_run_id = $1 ORDER BY f.frame_index',
      [result.pipelineRunId],
    );
    const expected = stored.rows.map(
      (r) => `${r.frame_index}@${r.timestamp_ms}:${crypto.createHash('sha256').update(r.content).digest('hex')}`,
    );
    expect(expected).toHaveLength(16);
    for (const s of mine) expect(s.frames).toEqual(expected);
    // The signal went to PostgreSQL with the frames, for whichever worker judges.
    const signal = await env.pool.query("SELECT jsonb_array_length(signal->'luma') AS n FROM video_signals WHERE pipeline_run_id = $1", [
      result.pipelineRunId,
    ]);
    expect(signal.rows[0].n).toBe(45);
    // One worker downloaded and decoded the video, once; its temp files are gone.
    const extracted = ['a', 'b'].filter((name) => fs.existsSync(path.join(scratch, `worker-${name}`, 'extract')));
    expect(extracted).toHaveLength(1);
    expect(fs.readdirSync(path.join(scratch, `worker-${extracted[0]}`, 'extract'))).toEqual([]);
  });
});

describe('two worker processes sharing only Temporal and PostgreSQL', () => {
  let env: TestEnv;
  let server: FixtureServer;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    env = await createTestEnv();
    server = await startFixtureServer({ '/fleet.mp4': syntheticVideo('fleet-processes', 'testsrc2=size=320x180:rate=15:duration=3') });
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    await server?.close();
    await env?.close();
  });

  it('completes every pipeline, with activities on both processes and one cache emptied all along', async () => {
    const dirs = ['p1', 'p2'].map((name) => path.join(scratch, `process-${name}`));
    for (const dir of dirs) {
      // Each process gets its own data dir (cache, temp files); the bundle is copied in to spare a rebuild.
      fs.mkdirSync(dir, { recursive: true });
      for (const f of fs.readdirSync(env.config.dataDir).filter((f) => f.startsWith('workflow-bundle-')))
        fs.copyFileSync(path.join(env.config.dataDir, f), path.join(dir, f));
      const child = spawn(process.execPath, ['bin/evals.js', 'worker'], {
        env: childEnv(env, {
          TEMPORAL_ADDRESS: env.config.temporal.address!,
          TEMPORAL_TASK_QUEUE: env.taskQueue,
          EVALS_DATA_DIR: dir,
          EVALS_ALLOW_PRIVATE_ADDRESSES: 'true',
          EVALS_ACTIVITY_CONCURRENCY: '2',
          EVALS_SHUTDOWN_GRACE_SECONDS: '2',
          LOG_LEVEL: 'info',
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        let log = '';
        child.stderr!.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          if (log.includes('worker started')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${log.slice(-500)}`)));
      });
    }
    // The second process forgets its frame cache every few milliseconds: its judges read PostgreSQL.
    const forget = setInterval(() => {
      try {
        fs.rmSync(path.join(dirs[1], 'frame-cache'), { recursive: true, force: true });
      } catch {
        // the worker wrote a frame while we emptied it: next tick
      }
    }, 20);
    try {
      const handles = await Promise.all(
        ['a', 'b', 'c'].map((id) => startEvalPipeline(env.client, env.taskQueue, input(`frag-processes-${id}`, server.url('/fleet.mp4')))),
      );
      const results = await Promise.all(handles.map((h) => h.result()));
      expect(results.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
      const identities = new Set<string>();
      for (const [i, handle] of handles.entries()) {
        const history = await handle.fetchHistory();
        const scheduled = new Map(
          (history.events ?? []).flatMap((e) =>
            e.activityTaskScheduledEventAttributes ? [[String(e.eventId), e.activityTaskScheduledEventAttributes.activityType?.name]] : [],
          ),
        );
        const started = (history.events ?? []).flatMap((e) =>
          e.activityTaskStartedEventAttributes
            ? [
                {
                  type: scheduled.get(String(e.activityTaskStartedEventAttributes.scheduledEventId)),
                  identity: e.activityTaskStartedEventAttributes.identity!,
                },
              ]
            : [],
        );
        // Downloaded and decoded once per pipeline.
        expect(started.filter((s) => s.type === 'extractFrames')).toHaveLength(1);
        for (const s of started) identities.add(s.identity);
        const frames = await env.pool.query('SELECT count(*)::int AS n FROM frames WHERE pipeline_run_id = $1', [results[i].pipelineRunId]);
        expect(frames.rows[0].n).toBe(16);
        const runs = await env.pool.query<{ status: string; provider: string }>(
          'SELECT status, provider FROM eval_runs WHERE pipeline_run_id = $1 AND kind <> $2',
          [results[i].pipelineRunId, 'USER_INPUT_SECURITY'],
        );
        expect(runs.rows.every((r) => r.status === 'PASS' && r.provider === 'local')).toBe(true);
      }
      // Both processes ran activities (default identity: pid@host).
      expect(identities.size).toBe(2);
      for (const child of children) expect([...identities].some((id) => id.startsWith(`${child.pid}@`))).toBe(true);
    } finally {
      clearInterval(forget);
    }
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'extract')) ? fs.readdirSync(path.join(dir, 'extract')) : []).toEqual([]);
  });
});

describe('retries and cancellation', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => env?.close());

  it('keeps the same plan when the extraction is retried after a partial write', async () => {
    const video = syntheticVideo('retry-plan', 'testsrc2=size=320x180:rate=24:duration=5');
    class FlakyFrameStore extends FrameStore {
      private failed = false;
      override async put(pipelineRunId: string, key: string, content: Buffer, contentType?: string): Promise<void> {
        if (!this.failed && key.endsWith('/3.jpg')) {
          this.failed = true;
          throw new RetryableError('database connection lost');
        }
        return super.put(pipelineRunId, key, content, contentType);
      }
    }
    const dir = path.join(scratch, 'retry');
    await env.startWorker({
      frameStore: new FlakyFrameStore(env.pool, { dir: path.join(dir, 'cache'), maxBytes: 64 * 1024 * 1024 }),
      workDir: path.join(dir, 'extract'),
    });
    const handle = await startEvalPipeline(env.client, env.taskQueue, input('frag-retry', video));
    const result = await handle.result();
    expect(result.status).toBe('COMPLETED');
    const history = await handle.fetchHistory();
    const attempts = (history.events ?? []).flatMap((e) =>
      e.activityTaskStartedEventAttributes ? [e.activityTaskStartedEventAttributes.attempt] : [],
    );
    expect(attempts).toContain(2);

    const stored = await env.pool.query<{ timestamp_ms: number }>(
      'SELECT timestamp_ms FROM frames WHERE pipeline_run_id = $1 ORDER BY frame_index',
      [result.pipelineRunId],
    );
    const fresh = await extractFrames(
      video,
      resolveMediaTools(env.config),
      { media: env.config.media, allowLocalFiles: true, workDir: dir, withSignal: true },
      () => undefined,
    );
    expect(stored.rows.map((r) => r.timestamp_ms)).toEqual(fresh.frames.map((f) => f.timestampMs));
    expect(fs.readdirSync(path.join(dir, 'extract'))).toEqual([]);
  });

  it('kills ffmpeg and removes temp files when the workflow is cancelled mid-extraction', async () => {
    const cancelEnv = await createTestEnv();
    try {
      const dir = path.join(scratch, 'cancel');
      fs.mkdirSync(dir, { recursive: true });
      const pids = path.join(dir, 'ffmpeg.pids');
      // The real ffmpeg, made to read at the video's own pace (-re) so it is still running when the cancel lands.
      const wrapper = path.join(dir, 'slow-ffmpeg.sh');
      fs.writeFileSync(wrapper, `#!/bin/sh\necho $$ >> '${pids}'\nexec '${resolveMediaTools(cancelEnv.config).ffmpeg}' -re "$@"\n`, {
        mode: 0o755,
      });
      await cancelEnv.startWorker({
        mediaTools: { ...resolveMediaTools(cancelEnv.config), ffmpeg: wrapper },
        workDir: path.join(dir, 'extract'),
      });
      const video = syntheticVideo('cancel-long', 'testsrc2=size=160x90:rate=10:duration=120');
      const handle = await startEvalPipeline(cancelEnv.client, cancelEnv.taskQueue, input('frag-cancel-ffmpeg', video));
      while (!fs.existsSync(pids) || fs.readFileSync(pids, 'utf8').trim() === '') await new Promise((r) => setTimeout(r, 100));
      const started = fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number);
      expect(started.some(isAlive)).toBe(true);
      await handle.cancel();
      await expect(handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
      // The workflow waits for the extraction to acknowledge the cancel: by now ffmpeg is gone.
      for (const pid of fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number)) expect(isAlive(pid)).toBe(false);
      expect(fs.readdirSync(path.join(dir, 'extract'))).toEqual([]);
      const run = await getPipelineRun(cancelEnv.pool, (await pipelineRunIdOf(cancelEnv.pool, handle.workflowId))!);
      expect(run?.evalPipelineRun).toMatchObject({ status: 'ERROR', summary: expect.stringMatching(/cancelled/) });
    } finally {
      await cancelEnv.close();
    }
  });
});

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
