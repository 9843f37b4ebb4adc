import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';
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

/** 39 animations; at --concurrency 2 with a judge that never answers, two pipelines are in flight and 37 wait. */
const BATCH = path.join(PROJECT_ROOT, 'corpus', 'manim-holdout');
const batchRun = (projectId: string) => ['run', BATCH, '--concurrency', '2', '--project-id', projectId, '--user-input', 'hello'];
// Judge slots for both pipelines' five kinds: the judge pool runs EVALS_JUDGE_CONCURRENCY activities at once.
const NEVER_ANSWERS = { EVALS_LOCAL_JUDGE_DELAY_MS: '600000', EVALS_JUDGE_CONCURRENCY: '10' };

/** The animations whose progress shows a kind judging. */
function judging(output: string): Set<string> {
  return new Set([...output.matchAll(/^(\S+) \[[\d.]+ s\] \w+ judging$/gm)].map((m) => m[1]));
}

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

/** The batch's pipeline runs in the test's database, with their eval runs' statuses. */
async function pipelineRuns(projectId: string) {
  const rows = await env.pool.query<{ status: string; summary: string; statuses: string[] }>(
    `SELECT p.status, p.summary, array_agg(r.status) AS statuses FROM pipeline_runs p JOIN eval_runs r ON r.pipeline_run_id = p.id
     WHERE p.project_id = $1 GROUP BY p.id`,
    [projectId],
  );
  return rows.rows;
}

it('a batch interrupted by SIGINT to the node process alone starts no more pipelines and ends those in flight ERROR "cancelled"', async () => {
  const run = spawnEvals(batchRun('interrupt-node'), childEnv(env, { EVALS_DATA_DIR: childDataDir(), ...NEVER_ANSWERS }));
  await waitFor(
    () => judging(run.output()).size === 2,
    90_000,
    () => `judging never started:\n${run.output()}`,
    run.exited,
  );
  run.kill('SIGINT');
  expect(await run.exited, run.output()).toBe(130);
  expect(run.output()).toContain('interrupted: no more pipelines start; cancelling the 2 in flight');
  expect(run.output().match(/ started pipeline /g)).toHaveLength(2);
  expect(run.output().match(/ERROR +error: not started: interrupted/g)).toHaveLength(37);

  const rows = await pipelineRuns('interrupt-node');
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row).toMatchObject({ status: 'ERROR', summary: 'cancelled' });
    expect(row.statuses.filter((s) => !['ERROR', 'SKIPPED'].includes(s))).toEqual([]);
  }
});

it('a batch interrupted from a terminal (SIGINT to its process group) is cancelled on a live stack, which the CLI then stops; nothing stays RUNNING', async () => {
  const stack = { EVALS_DATA_DIR: childDataDir(), DATABASE_URL: '', EVALS_EMBEDDED_PG_PORT: String(await freePort()) };
  const run = spawnEvals(batchRun('interrupt-group'), childEnv(env, { ...stack, ...NEVER_ANSWERS }), { groupLeader: true });
  await waitFor(
    () => judging(run.output()).size === 2,
    90_000,
    () => `judging never started:\n${run.output()}`,
    run.exited,
  );
  const stackProcesses = descendants(run.pid);
  expect(stackProcesses.map(commandOf)).toEqual(expect.arrayContaining(['temporal', 'postgres']));
  process.kill(-run.pid, 'SIGINT');

  expect(await run.exited, run.output()).toBe(130);
  // The terminal's signal reached the CLI alone: no error from a database or dev server gone under it.
  expect(run.output()).not.toMatch(/^\{"level":[56]0/m);
  expect(run.output().match(/ started pipeline /g)).toHaveLength(2);
  expect(stackProcesses.filter(running)).toEqual([]);

  const listed = spawnEvals(['list', '--json'], childEnv(env, stack));
  expect(await listed.exited, listed.output()).toBe(0);
  const runs = listed
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { status: string; summary: string });
  expect(runs).toEqual([
    expect.objectContaining({ status: 'ERROR', summary: 'cancelled' }),
    expect.objectContaining({ status: 'ERROR', summary: 'cancelled' }),
  ]);
});

it('a second Ctrl-C quits at once, naming the pipelines it left unfinished; the stack it abandons stops', async () => {
  const run = spawnEvals(batchRun('interrupt-twice'), childEnv(env, { EVALS_DATA_DIR: childDataDir(), ...NEVER_ANSWERS }), {
    groupLeader: true,
  });
  await waitFor(
    () => judging(run.output()).size === 2,
    90_000,
    () => `judging never started:\n${run.output()}`,
    run.exited,
  );
  const stackProcesses = descendants(run.pid);
  process.kill(-run.pid, 'SIGINT');
  await waitFor(
    () => run.output().includes('interrupted:'),
    10_000,
    () => run.output(),
    run.exited,
  );
  process.kill(-run.pid, 'SIGINT');

  expect(await run.exited, run.output()).toBe(130);
  // Two were in flight; either may have finished its cancellation between the two signals (a judge pool with free
  // slots cancels both in about 0.1 s), and the message says which case it was.
  expect(run.output()).toMatch(
    /quitting at once: (left [12] pipelines? unfinished \(corpus\/manim-holdout\/[^)]+\.mp4\): their runs stay RUNNING in DATABASE_URL|no pipeline was left unfinished); the stack this command started stops as it exits/,
  );
  await waitFor(
    () => !stackProcesses.some(running),
    30_000,
    () => `still running: ${stackProcesses.filter(running).map(commandOf).join(', ')}`,
  );
});

it("a terminal's Ctrl-C during extraction cancels the pipeline: ffmpeg, in a process group of its own, is not killed into a decode error", async () => {
  const video = syntheticVideo('interrupt-long', 'testsrc2=size=640x360:rate=30:duration=60');
  const run = spawnEvals(['run', video, '--fragment-id', 'frag-extracting'], childEnv(env, { EVALS_DATA_DIR: childDataDir() }), {
    groupLeader: true,
  });
  await waitFor(
    () => descendants(run.pid).map(commandOf).includes('ffmpeg'),
    90_000,
    () => `ffmpeg never ran:\n${run.output()}`,
    run.exited,
  );
  process.kill(-run.pid, 'SIGINT');
  await run.exited;
  const rows = await env.pool.query<{ status: string; summary: string }>(
    `SELECT status, summary FROM pipeline_runs WHERE fragment_id = 'frag-extracting'`,
  );
  expect(rows.rows, run.output()).toEqual([{ status: 'ERROR', summary: 'cancelled' }]);
});

it('`evals run` killed with SIGKILL takes its dev server and embedded PostgreSQL with it; the next stack on the same data dir ends its run ERROR at start', async () => {
  const dataDir = childDataDir();
  const stack = { EVALS_DATA_DIR: dataDir, DATABASE_URL: '', EVALS_EMBEDDED_PG_PORT: String(await freePort()) };
  const killed = spawnEvals(['run', sampleAnimation(), '--fragment-id', 'frag-killed'], childEnv(env, { ...stack, ...NEVER_ANSWERS }));
  await waitFor(
    () => (killed.output().match(/ judging/g) ?? []).length >= 4,
    90_000,
    () => `judging never started:\n${killed.output()}`,
    killed.exited,
  );
  const stackProcesses = descendants(killed.pid);
  expect(stackProcesses.map(commandOf)).toEqual(expect.arrayContaining(['temporal', 'postgres']));
  killed.kill('SIGKILL');
  await killed.exited;
  await waitFor(
    () => !stackProcesses.some(running),
    30_000,
    () => `left running: ${stackProcesses.filter(running).map(commandOf).join(', ')}`,
  );

  const next = spawnEvals(['run', sampleAnimation(), '--fragment-id', 'frag-next', '--quiet'], childEnv(env, stack));
  expect(await next.exited, next.output()).toBe(0);
  const listed = spawnEvals(['list', '--fragment-id', 'frag-killed', '--json'], childEnv(env, stack));
  expect(await listed.exited, listed.output()).toBe(0);
  const [run] = listed
    .output()
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { status: string; overallStatus: string; summary: string });
  expect(run).toMatchObject({ status: 'ERROR', overallStatus: 'ERROR' });
  expect(run.summary).toMatch(/its workflow no longer exists in Temporal/);
});
