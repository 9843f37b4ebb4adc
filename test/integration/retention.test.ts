import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { framesPrunedAt, getPipelineRun } from '../../src/read-model/read-model';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { PROJECT_ROOT } from '../../src/config';
import { migrate } from '../../src/db/migrate';
import { framesDue, pruneFrames } from '../../src/db/retention';
import { resolveMediaTools } from '../../src/infra/ffmpeg';
import { createPool, ensureDatabase } from '../../src/infra/postgres';
import { extractFrames, removeStaleScratch } from '../../src/media/extract';
import { FrameStore } from '../../src/media/frame-store';
import { pipelineRunReport } from '../../src/report/report';
import { startFileServer } from '../../testkit/file-server';
import { sampleAnimation } from '../../testkit/videos';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { pipelineInput } from '../helpers/pipeline-checks';
import { waitFor } from '../helpers/wait';
import { childDataDir, killWorkerProcesses, spawnWorker } from '../helpers/worker-process';

/**
 * Storage does not grow without bound: frames and the whole-video signal of
 * finished runs age out (the record stays), blobs belong to their run, each
 * worker's frame cache is bounded, and a crashed extraction's scratch is removed.
 */

let env: TestEnv;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-retention-'));
const DAY_MS = 24 * 3600_000;

beforeAll(async () => {
  env = await createTestEnv({ EVALS_RETENTION_DAYS: '30' });
  await env.startWorker();
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function finishedRun(fragmentId: string): Promise<string> {
  const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput(fragmentId, sampleAnimation()));
  const result = await handle.result();
  expect(result.status).toBe('COMPLETED');
  return result.pipelineRunId;
}

/** What a pipeline run holds, heavy frame data and record alike. */
async function holdings(pipelineRunId: string) {
  const r = await env.pool.query<{
    frames: number;
    blobs: number;
    signals: number;
    eval_runs: number;
    issues: number;
    pruned: Date | null;
  }>(
    `SELECT (SELECT count(*)::int FROM frames WHERE pipeline_run_id = $1) AS frames,
            (SELECT count(*)::int FROM frame_blobs WHERE pipeline_run_id = $1) AS blobs,
            (SELECT count(*)::int FROM video_signals WHERE pipeline_run_id = $1) AS signals,
            (SELECT count(*)::int FROM eval_runs WHERE pipeline_run_id = $1) AS eval_runs,
            (SELECT count(*)::int FROM eval_issues i JOIN eval_runs e ON e.id = i.eval_run_id WHERE e.pipeline_run_id = $1) AS issues,
            (SELECT frames_pruned_at FROM pipeline_runs WHERE id = $1) AS pruned`,
    [pipelineRunId],
  );
  return r.rows[0];
}

/** Makes a run look as if it finished `days` ago. */
const age = (pipelineRunId: string, days: number) =>
  env.pool.query(`UPDATE pipeline_runs SET completed_at = now() - $2 * interval '1 day' WHERE id = $1`, [pipelineRunId, days]);

describe('retention (EVALS_RETENTION_DAYS)', () => {
  it('prunes the frames and signal of runs finished longer ago, keeps the record, and the report says when', async () => {
    const old = await finishedRun('frag-retention-old');
    const recent = await finishedRun('frag-retention-recent');
    await age(old, 31);
    await age(recent, 29);
    const before = await holdings(old);
    expect(before).toMatchObject({ frames: 16, blobs: 16, signals: 1, eval_runs: 5, pruned: null });
    const served = PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, old, { includeIssues: true }));
    expect(await framesDue(env.pool, env.config.retention.days)).toMatchObject({ pipelineRuns: 1, frames: 16 });

    const pruned = await pruneFrames(env.pool, env.config.retention.days);
    expect(pruned).toMatchObject({ pipelineRuns: 1, frames: 16 });
    expect(pruned!.bytes).toBeGreaterThan(16 * 1000);
    const after = await holdings(old);
    expect(after).toMatchObject({ frames: 0, blobs: 0, signals: 0, eval_runs: 5, issues: before.issues });
    expect(after.pruned).toBeInstanceOf(Date);
    expect(await framesPrunedAt(env.pool, old)).toBe(after.pruned!.toISOString());
    // The product's record is served exactly as before.
    expect(PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, old, { includeIssues: true }))).toEqual(served);
    const report = (await pipelineRunReport(env.pool, old))!;
    const when = `${after.pruned!.toISOString().slice(0, 10)} ${after.pruned!.toISOString().slice(11, 16)} UTC`;
    expect(report).toContain(`The frames and the whole-video signal of this run were pruned on ${when}`);
    expect(report).not.toContain('<img');

    expect(await holdings(recent)).toMatchObject({ frames: 16, blobs: 16, signals: 1, pruned: null });
    expect(await framesPrunedAt(env.pool, recent)).toBeNull();
    expect(await pipelineRunReport(env.pool, recent)).not.toContain('pruned');
    // A second pass finds nothing more to do.
    expect(await pruneFrames(env.pool, env.config.retention.days)).toEqual({ pipelineRuns: 0, frames: 0, bytes: 0 });
    // The tests below count their own runs.
    await env.pool.query('DELETE FROM pipeline_runs WHERE id = $1', [recent]);
  });

  it('runs one pruner at a time: while another process holds the lock a pass steps aside', async () => {
    const run = await finishedRun('frag-retention-locked');
    await age(run, 40);
    const holder = await env.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(727002)');
      expect(await pruneFrames(env.pool, env.config.retention.days)).toBeNull();
      expect((await holdings(run)).blobs).toBe(16);
      // Waiting, it prunes once the holder lets go.
      const waiting = pruneFrames(env.pool, env.config.retention.days, { wait: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await holdings(run)).blobs).toBe(16);
      await holder.query('SELECT pg_advisory_unlock(727002)');
      expect(await waiting).toMatchObject({ pipelineRuns: 1 });
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
    }
  });

  it('`evals prune` prunes with the configured retention, or --days, and --dry-run deletes nothing', async () => {
    const run = await finishedRun('frag-retention-cli');
    await age(run, 3);
    const evals = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(PROJECT_ROOT, 'bin/evals.js'), ...args], {
        env: childEnv(env, { EVALS_RETENTION_DAYS: '2', EVALS_DATA_DIR: scratch }),
      });
    const dry = await evals('prune', '--dry-run');
    expect(dry.stderr).toMatch(/would prune the frames of 1 pipeline run finished more than 2 days ago \(16 frames, \d+\.\d MB\)/);
    expect((await holdings(run)).blobs).toBe(16);
    const kept = await evals('prune', '--days', '4');
    expect(kept.stderr).toMatch(/pruned the frames of 0 pipeline runs finished more than 4 days ago/);
    expect((await holdings(run)).blobs).toBe(16);
    const pruned = await evals('prune');
    expect(pruned.stderr).toMatch(/pruned the frames of 1 pipeline run finished more than 2 days ago \(16 frames/);
    expect(await holdings(run)).toMatchObject({ frames: 0, blobs: 0, signals: 0, eval_runs: 5 });
  });

  it('prunes in the background on a fleet worker, every EVALS_PRUNE_INTERVAL_SECONDS, and logs what it pruned', async () => {
    // A queue of its own: it prunes the shared database but must not take this file's pipelines (local files).
    const worker = await spawnWorker(env, { EVALS_PRUNE_INTERVAL_SECONDS: '0.5', TEMPORAL_TASK_QUEUE: `${env.taskQueue}-fleet` });
    // Finished after the worker started: a later pass, not the one at start, prunes it.
    const run = await finishedRun('frag-retention-fleet');
    await age(run, 31);
    await waitFor(
      async () => (await holdings(run)).pruned !== null,
      30_000,
      () => `frames never pruned:\n${worker.output()}`,
    );
    expect(await holdings(run)).toMatchObject({ frames: 0, blobs: 0, signals: 0, eval_runs: 5 });
    await waitFor(
      () => worker.output().includes('"frames pruned"'),
      5_000,
      () => worker.output(),
    );
    const line = JSON.parse(
      worker
        .output()
        .split('\n')
        .find((l) => l.includes('"frames pruned"'))!,
    );
    expect(line).toMatchObject({ pipelineRuns: 1, frames: 16, retentionDays: 30 });
    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });
});

describe('frame blobs belong to their pipeline run', () => {
  it('are deleted with their run', async () => {
    const run = await finishedRun('frag-retention-cascade');
    expect((await holdings(run)).blobs).toBe(16);
    await env.pool.query('DELETE FROM pipeline_runs WHERE id = $1', [run]);
    const left = await env.pool.query('SELECT count(*)::int AS n FROM frame_blobs WHERE storage_key LIKE $1', [`${run}/%`]);
    expect(left.rows[0].n).toBe(0);
  });

  it('are tied to their run by the migration, and blobs of runs deleted before it are dropped', async () => {
    const name = `evals_test_fk_${crypto.randomBytes(4).toString('hex')}`;
    await ensureDatabase(inject('pgAdminUrl'), name);
    const pool = createPool(inject('pgAdminUrl').replace(/\/[^/]*$/, `/${name}`));
    try {
      // The schema as it was before frame blobs had a pipeline run.
      const dir = path.join(PROJECT_ROOT, 'src', 'db', 'migrations');
      const migration = fs.readdirSync(dir).find((f) => f.startsWith('005_'))!;
      await pool.query('CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const file of fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql') && f < migration)
        .sort()) {
        await pool.query(fs.readFileSync(path.join(dir, file), 'utf8'));
        await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      }
      await pool.query(
        `INSERT INTO pipeline_runs (id, fragment_id, project_id, user_id, attempt_number, status, temporal_run_id) VALUES ('run-1', 'f', 'p', 'u', 1, 'COMPLETED', 't-1')`,
      );
      await pool.query(
        `INSERT INTO frame_blobs (storage_key, content_type, content) VALUES ('run-1/0.jpg', 'image/jpeg', '\\x01'), ('run-gone/0.jpg', 'image/jpeg', '\\x02')`,
      );

      expect(await migrate(pool)).toContain(migration);
      const blobs = await pool.query('SELECT storage_key, pipeline_run_id FROM frame_blobs');
      expect(blobs.rows).toEqual([{ storage_key: 'run-1/0.jpg', pipeline_run_id: 'run-1' }]);
      await pool.query(`DELETE FROM pipeline_runs WHERE id = 'run-1'`);
      expect((await pool.query('SELECT count(*)::int AS n FROM frame_blobs')).rows[0].n).toBe(0);
    } finally {
      await pool.end();
    }
  });
});

describe('the frame cache (EVALS_FRAME_CACHE_MB)', () => {
  const files = (dir: string) => fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp'));
  const size = (dir: string) => files(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
  /** 64 000 bytes, different for each i. */
  const frame = (i: number) => crypto.createHash('sha256').update(String(i)).digest('hex').repeat(1000);

  it('stays within its size, evicting the least recently used frames, which PostgreSQL still serves', async () => {
    const run = await finishedRun('frag-retention-cache');
    const dir = path.join(scratch, 'cache');
    const store = new FrameStore(env.pool, { dir, maxBytes: 300_000 });
    for (let i = 0; i < 4; i++) await store.put(run, `${run}/cache-${i}.jpg`, Buffer.from(frame(i)));
    expect(files(dir)).toHaveLength(4);
    // Frame 0 is read again, so frame 1 is now the least recently used.
    await store.get(`${run}/cache-0.jpg`);
    await store.put(run, `${run}/cache-4.jpg`, Buffer.from(frame(4)));
    expect(size(dir)).toBeLessThanOrEqual(300_000);
    expect(files(dir).sort()).toEqual([0, 2, 3, 4].map((i) => `${run}_cache-${i}.jpg`));
    await store.put(run, `${run}/cache-5.jpg`, Buffer.from(frame(5)));
    expect(files(dir).sort()).toEqual([0, 3, 4, 5].map((i) => `${run}_cache-${i}.jpg`));
    expect((await store.get(`${run}/cache-1.jpg`)).toString()).toBe(frame(1));
    expect(files(dir).sort()).toEqual([0, 1, 4, 5].map((i) => `${run}_cache-${i}.jpg`));

    // Another process over the same directory finds what is there, oldest first, and keeps to its own bound.
    const restarted = new FrameStore(env.pool, { dir, maxBytes: 150_000 });
    expect((await restarted.get(`${run}/cache-5.jpg`)).toString()).toBe(frame(5));
    expect(size(dir)).toBeLessThanOrEqual(150_000);
    expect(files(dir).sort()).toEqual([1, 5].map((i) => `${run}_cache-${i}.jpg`));
  });

  it('is off with EVALS_FRAME_CACHE_MB=0: frames come from PostgreSQL alone', async () => {
    const run = await finishedRun('frag-retention-nocache');
    const dir = path.join(scratch, 'no-cache');
    const store = new FrameStore(env.pool, { dir, maxBytes: 0 });
    await store.put(run, `${run}/nocache.jpg`, Buffer.from('jpeg'));
    expect((await store.get(`${run}/nocache.jpg`)).toString()).toBe('jpeg');
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('extraction scratch', () => {
  const host = os.hostname().replace(/[^A-Za-z0-9-]/g, '-');

  /** The pid of a process that has exited. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.once('exit', resolve));
    return child.pid!;
  }

  it("removes what dead processes left, never a live process's, this one's included", async () => {
    const dir = path.join(scratch, 'extract');
    const longAgo = new Date(Date.now() - DAY_MS);
    const dirs = {
      dead: `run-${host}.${await deadPid()}.0123abcd-Ab12Cd`,
      // An earlier process that had this process's pid (a restarted container's pid 1).
      samePidEarlier: `run-${host}.${process.pid}.0123abcd-Ef34Gh`,
      live: `run-${host}.${process.ppid}.0123abcd-Ij56Kl`,
      otherHost: `run-elsewhere.${await deadPid()}.0123abcd-Mn78Op`,
      otherHostOld: `run-elsewhere.${await deadPid()}.0123abcd-Qr90St`,
      legacy: 'run-Xy12Ab',
      legacyOld: 'run-Zz98Yy',
    };
    for (const d of Object.values(dirs)) {
      fs.mkdirSync(path.join(dir, d), { recursive: true });
      fs.writeFileSync(path.join(dir, d, 'animation'), Buffer.alloc(1024));
    }
    for (const d of [dirs.otherHostOld, dirs.legacyOld]) fs.utimesSync(path.join(dir, d), longAgo, longAgo);

    // An extraction of this process in progress, held in its download.
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const server = await startFileServer(() => (held(), new Promise(() => undefined)));
    const cancel = new AbortController();
    const extraction = extractFrames(
      server.url(sampleAnimation()),
      resolveMediaTools(env.config),
      { media: env.config.media, allowLocalFiles: false, workDir: dir, withSignal: false },
      () => undefined,
      cancel.signal,
    ).catch((err: unknown) => err);
    try {
      await holding;
      const ours = fs.readdirSync(dir).find((d) => d.startsWith(`run-${host}.${process.pid}.`) && d !== dirs.samePidEarlier)!;
      expect(ours).toBeDefined();

      expect(await removeStaleScratch(dir, env.config.media)).toBe(4);
      expect(fs.readdirSync(dir).sort()).toEqual([ours, dirs.live, dirs.otherHost, dirs.legacy].sort());
    } finally {
      cancel.abort();
      await extraction;
      await server.close();
    }
  });

  it('a worker killed during extraction leaves scratch that the retry removes, and a worker removes at start', async () => {
    let downloadStarted!: () => void;
    const started = new Promise<void>((resolve) => (downloadStarted = resolve));
    const server = await startFileServer((_name, nth) =>
      nth === 1 ? (downloadStarted(), new Promise(() => undefined)) : Promise.resolve(),
    );
    const dataDir = childDataDir();
    const extractDir = path.join(dataDir, 'extract');
    const queue = `${env.taskQueue}-scratch`;
    const scratchDirs = () => fs.readdirSync(extractDir).filter((d) => d.startsWith('run-'));
    try {
      const first = await spawnWorker(env, { EVALS_DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: queue });
      const handle = await startEvalPipeline(env.client, queue, pipelineInput('frag-retention-scratch', server.url(sampleAnimation())));
      await started;
      // A second worker on the same data dir starts while the first extracts: the live scratch stays.
      const second = await spawnWorker(env, { EVALS_DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: queue });
      expect(scratchDirs()).toHaveLength(1);
      first.kill('SIGKILL');
      await first.exited;
      expect(scratchDirs()).toHaveLength(1);

      // The second worker retries the extraction and removes what the first left.
      expect((await handle.result()).status).toBe('COMPLETED');
      expect(scratchDirs()).toEqual([]);

      // A worker started on the data dir removes what a dead one left.
      const dead = path.join(extractDir, `run-${host}.${await deadPid()}.0123abcd-Uv12Wx`);
      fs.mkdirSync(dead);
      second.kill('SIGTERM');
      await second.exited;
      const third = await spawnWorker(env, { EVALS_DATA_DIR: dataDir, TEMPORAL_TASK_QUEUE: queue });
      expect(fs.existsSync(dead)).toBe(false);
      expect(third.output()).toContain('removed the scratch of extractions whose worker died');
      third.kill('SIGTERM');
      await third.exited;
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
