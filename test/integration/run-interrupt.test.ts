import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../src/infra/temporal';
import { createTestEnv, childEnv, type TestEnv } from '../helpers/env';
import { sampleAnimation, syntheticVideo } from '../../testkit/videos';
import { childDataDir, killWorkerProcesses, spawnEvals } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
});

it('`evals run` interrupted with Ctrl-C cancels its pipeline and leaves every row terminal', async () => {
  const run = spawnEvals(
    ['run', sampleAnimation(), '--fragment-id', 'frag-interrupted', '--user-input', 'hello'],
    childEnv(env, { EVALS_DATA_DIR: childDataDir(), EVALS_LOCAL_JUDGE_DELAY_MS: '600000' }),
  );
  await waitFor(() => (run.output().match(/ judging/g) ?? []).length >= 5, 90_000, () => `judging never started:\n${run.output()}`, run.exited);
  run.kill('SIGINT');
  // The run ends ERROR ("cancelled"): the animation was not evaluated.
  expect(await run.exited).toBe(3);
  expect(run.output()).toContain('interrupted: cancelling the pipelines');

  const rows = await env.pool.query<{ status: string; summary: string; statuses: string[] }>(
    `SELECT p.status, p.summary, array_agg(r.status) AS statuses FROM pipeline_runs p JOIN eval_runs r ON r.pipeline_run_id = p.id
     WHERE p.fragment_id = 'frag-interrupted' GROUP BY p.id`,
  );
  expect(rows.rows).toHaveLength(1);
  expect(rows.rows[0].status).toBe('ERROR');
  expect(rows.rows[0].summary).toMatch(/cancelled/);
  expect(rows.rows[0].statuses.filter((s) => !['ERROR', 'SKIPPED'].includes(s))).toEqual([]);
});

/** Every process below `pid`, children first, read before it dies. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** A process's command name, or '' once it has gone. */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Whether a process still runs (a zombie has ended; only its exit status is left to read). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

it('a terminal\'s Ctrl-C during extraction cancels the pipeline: ffmpeg, in a process group of its own, is not killed into a decode error', async () => {
  const video = syntheticVideo('interrupt-long', 'testsrc2=size=640x360:rate=30:duration=60');
  const run = spawnEvals(['run', video, '--fragment-id', 'frag-extracting'], childEnv(env, { EVALS_DATA_DIR: childDataDir() }), { groupLeader: true });
  await waitFor(() => descendants(run.pid).map(commandOf).includes('ffmpeg'), 90_000, () => `ffmpeg never ran:\n${run.output()}`, run.exited);
  process.kill(-run.pid, 'SIGINT');
  await run.exited;
  const rows = await env.pool.query<{ status: string; summary: string }>(`SELECT status, summary FROM pipeline_runs WHERE fragment_id = 'frag-extracting'`);
  expect(rows.rows, run.output()).toEqual([{ status: 'ERROR', summary: 'cancelled' }]);
});

it('`evals run` killed with SIGKILL takes its dev server and embedded PostgreSQL with it; the next stack on the same data dir ends its run ERROR at start', async () => {
  const dataDir = childDataDir();
  const stack = { EVALS_DATA_DIR: dataDir, DATABASE_URL: '', EVALS_EMBEDDED_PG_PORT: String(await freePort()) };
  const killed = spawnEvals(['run', sampleAnimation(), '--fragment-id', 'frag-killed'], childEnv(env, { ...stack, EVALS_LOCAL_JUDGE_DELAY_MS: '600000' }));
  await waitFor(() => (killed.output().match(/ judging/g) ?? []).length >= 4, 90_000, () => `judging never started:\n${killed.output()}`, killed.exited);
  const stackProcesses = descendants(killed.pid);
  expect(stackProcesses.map(commandOf)).toEqual(expect.arrayContaining(['temporal', 'postgres']));
  killed.kill('SIGKILL');
  await killed.exited;
  await waitFor(() => !stackProcesses.some(running), 30_000, () => `left running: ${stackProcesses.filter(running).map(commandOf).join(', ')}`);

  const next = spawnEvals(['run', sampleAnimation(), '--fragment-id', 'frag-next', '--quiet'], childEnv(env, stack));
  expect(await next.exited, next.output()).toBe(0);
  const listed = spawnEvals(['list', '--fragment-id', 'frag-killed', '--json'], childEnv(env, stack));
  expect(await listed.exited, listed.output()).toBe(0);
  const [run] = listed.output().trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { status: string; overallStatus: string; summary: string });
  expect(run).toMatchObject({ status: 'ERROR', overallStatus: 'ERROR' });
  expect(run.summary).toMatch(/its workflow no longer exists in Temporal/);
});
