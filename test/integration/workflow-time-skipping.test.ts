import type { temporal } from '@temporalio/proto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEvalPipeline, type EvalPipelineHandle } from '../../src/client';
import { createLogger } from '../../src/logger';
import { getPipelineRun } from '../../src/read-model/read-model';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { installRuntime } from '../../src/infra/temporal-runtime';
import { FakeFragmentsApi, type FragmentStep } from '../../testkit/fake-fragments-api';
import { startTimeSkippingEnvironment } from '../../testkit/time-skipping-server';
import { sampleAnimation } from '../../testkit/videos';
import { SEARCH_ATTRIBUTE_NAMES } from '../../workflows/search-attributes';
import { createTestEnv, type TestEnv } from '../helpers/env';

/**
 * The workflow's long waits at their real lengths: the render wait (a read every
 * 15 s for up to 30 minutes) and the fragment read's retry budget (1 s doubling
 * to 1 min, 10 attempts). Temporal's time-skipping test server jumps over the
 * durable timers and the retry backoff, so minutes of workflow time take
 * seconds. Everything else is real: the worker and its activities, the
 * fragments read over HTTP from a loopback fake of the REST interface, the rows
 * in PostgreSQL, frames extracted by ffmpeg, the local judge.
 */

let temporalEnv: TestWorkflowEnvironment;
let env: TestEnv;
let api: FakeFragmentsApi;

beforeAll(async () => {
  // The SDK's runtime, with its logs routed, before the test environment would make its own.
  installRuntime(createLogger('error'));
  temporalEnv = await startTimeSkippingEnvironment(inject('timeSkippingServer'), SEARCH_ATTRIBUTE_NAMES);
  api = await new FakeFragmentsApi(sampleAnimation()).start();
  env = await createTestEnv(api.env, temporalEnv);
  await env.startWorker();
});

afterAll(async () => {
  await env?.close();
  await api?.stop();
  await temporalEnv?.teardown();
});

/** Triggered as `evals trigger` does: the render wait of the configuration, its documented defaults. */
function trigger(fragmentId: string, ...steps: FragmentStep[]): Promise<EvalPipelineHandle> {
  api.script(fragmentId, ...steps);
  return startEvalPipeline(
    env.client,
    env.taskQueue,
    { fragmentId, projectId: 'project-1', userId: 'user-1', userInput: 'Animate Pythagoras' },
    { renderWait: env.config.fragments.renderWait },
  );
}

/** The run's stored outcome, once the workflow has ended with `status`. */
async function ended(handle: EvalPipelineHandle, status: 'COMPLETED' | 'ERROR') {
  const result = await handle.result();
  expect(result).toMatchObject({ status, ...(status === 'ERROR' ? { overallStatus: 'ERROR' } : {}) });
  const run = PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, result.pipelineRunId)).evalPipelineRun;
  expect(run.evalRuns.length).toBeGreaterThan(0);
  // Every kind judged once it proceeds; none when it ends before the animation.
  const expected = status === 'COMPLETED' ? ['PASS', 'FAIL'] : ['SKIPPED'];
  expect(run.evalRuns.filter((r) => !expected.includes(r.status))).toEqual([]);
  return run;
}

const MINUTE = 60_000;
const eventMs = (event: temporal.api.history.v1.IHistoryEvent) =>
  Number(event.eventTime?.seconds ?? 0) * 1000 + Math.floor((event.eventTime?.nanos ?? 0) / 1e6);

/**
 * The fragment reads of a run on the workflow's clock, in ms since it started:
 * when each was scheduled and closed, and the attempt that closed it (the
 * history records only the last attempt of an activity that was retried).
 */
async function fragmentReads(handle: EvalPipelineHandle) {
  const events = (await handle.fetchHistory()).events ?? [];
  const started = eventMs(events[0]);
  const reads = new Map<string, { scheduledMs: number; attempt?: number; closedMs?: number; failed?: boolean }>();
  for (const event of events) {
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled?.activityType?.name === 'fetchFragment') reads.set(String(event.eventId), { scheduledMs: eventMs(event) - started });
    const start = event.activityTaskStartedEventAttributes;
    const read = start && reads.get(String(start.scheduledEventId));
    if (read) read.attempt = start.attempt ?? 0;
    const closed = event.activityTaskCompletedEventAttributes ?? event.activityTaskFailedEventAttributes;
    const closedRead = closed && reads.get(String(closed.scheduledEventId));
    if (closedRead) Object.assign(closedRead, { closedMs: eventMs(event) - started, failed: !!event.activityTaskFailedEventAttributes });
  }
  return { reads: [...reads.values()], endedMs: eventMs(events[events.length - 1]) - started };
}

const NOT_RENDERED: FragmentStep = { status: 200, rendered: false };
const RENDERED: FragmentStep = { status: 200, rendered: true };
const UNAVAILABLE: FragmentStep = { status: 503 };

describe('the render wait, at its real length', () => {
  it('proceeds with an animation rendered after 20 minutes, read on the next poll', async () => {
    const handle = await trigger('frag-late', NOT_RENDERED);
    // Twenty minutes of the workflow's clock, its polls answered "not rendered yet", then the render lands.
    await temporalEnv.sleep(20 * MINUTE);
    api.render('frag-late');
    await ended(handle, 'COMPLETED');
    const { reads } = await fragmentReads(handle);
    // A read every 15 s: 81 at most over the 20 minutes, then the one that finds it, at most one poll later.
    expect(reads.length).toBe(api.requestsFor('frag-late'));
    expect(reads.length).toBeGreaterThanOrEqual(75);
    expect(reads.length).toBeLessThanOrEqual(82);
    const found = reads[reads.length - 1];
    expect(found.scheduledMs).toBeGreaterThanOrEqual(20 * MINUTE);
    expect(found.scheduledMs).toBeLessThan(20 * MINUTE + 15_000 + 10_000);
  });

  it('ends the run ERROR at 30 minutes when the render never comes, "animation not rendered within 30m", every eval run SKIPPED', async () => {
    const handle = await trigger('frag-never', NOT_RENDERED);
    expect((await ended(handle, 'ERROR')).summary).toContain('animation not rendered within 30m');
    const { reads, endedMs } = await fragmentReads(handle);
    expect(reads.length).toBe(api.requestsFor('frag-never'));
    // A read every 15 s from 0 to 30 minutes: 121 at most.
    expect(reads.length).toBeGreaterThanOrEqual(115);
    expect(reads.length).toBeLessThanOrEqual(121);
    // The last read is the one the limit's timer woke, not the next poll: the run ends right after it.
    expect(reads[reads.length - 1].scheduledMs).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(endedMs).toBeLessThan(30 * MINUTE + 15_000);
  });
});

/** The backoff between the 10 attempts of a read: 1, 2, 4, 8, 16, 32 s, then 1 min three times. */
const RETRY_BACKOFF_MS = (1 + 2 + 4 + 8 + 16 + 32 + 60 + 60 + 60) * 1000;

describe("the fragment read's retry budget, at its real length", () => {
  it('ends the run ERROR after 10 attempts over about four minutes when the fragments API keeps answering 503', async () => {
    const handle = await trigger('frag-unavailable', UNAVAILABLE);
    expect((await ended(handle, 'ERROR')).summary).toContain('fragments API answered HTTP 503');
    expect(api.requestsFor('frag-unavailable')).toBe(10);
    const { reads } = await fragmentReads(handle);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ attempt: 10, failed: true });
    const spent = reads[0].closedMs! - reads[0].scheduledMs;
    expect(spent).toBeGreaterThanOrEqual(RETRY_BACKOFF_MS);
    // The attempts themselves take real time, which the server does not skip.
    expect(spent).toBeLessThan(RETRY_BACKOFF_MS + 30_000);
  });

  it('proceeds when the fragments API recovers on the last attempt of the budget', async () => {
    const handle = await trigger('frag-recovers', ...Array<FragmentStep>(9).fill(UNAVAILABLE), RENDERED);
    await ended(handle, 'COMPLETED');
    expect(api.requestsFor('frag-recovers')).toBe(10);
    const { reads } = await fragmentReads(handle);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ attempt: 10, failed: false });
    expect(reads[0].closedMs! - reads[0].scheduledMs).toBeGreaterThanOrEqual(RETRY_BACKOFF_MS);
  });
});
