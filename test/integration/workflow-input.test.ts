import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemporalCli } from '../../src/infra/temporal';
import { sampleAnimation } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from '../helpers/env';

/**
 * The workflow's input as a client in another language sends it: started with
 * Temporal's own CLI (docs/workflow-input.md), not through startEvalPipeline's
 * checks. A malformed input used to reach the first activity, which threw a
 * TypeError and was retried for minutes with no row and no reason to be seen.
 */

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
});

/** Temporal's CLI against this run's dev server, bounded: a workflow that never ended would fail the test here, not hang it. */
function temporal(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = findTemporalCli(env.config)!;
  return new Promise((resolve) =>
    execFile(
      cli,
      [...args, '--address', env.config.temporal.address!, '--namespace', env.config.temporal.namespace],
      { timeout: 60_000, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    ),
  );
}

/**
 * Starts evalPipeline with Temporal's CLI (no --input when input is undefined), waits for its result, and describes it.
 * An input past what a command line may carry (128 KB an argument) goes in a file, as an operator would send it.
 */
async function startWithCli(workflowId: string, input: string | undefined) {
  let given: string[] = [];
  if (input !== undefined && input.length > 100_000) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evals-input-')), 'input.json');
    fs.writeFileSync(file, input);
    given = ['--input-file', file];
  } else if (input !== undefined) given = ['--input', input];
  const started = await temporal([
    'workflow',
    'start',
    '--type',
    'evalPipeline',
    '--task-queue',
    env.taskQueue,
    '--workflow-id',
    workflowId,
    ...given,
  ]);
  expect(started.code, started.stderr).toBe(0);
  const result = await temporal(['workflow', 'result', '--workflow-id', workflowId]);
  const described = await temporal(['workflow', 'describe', '--workflow-id', workflowId, '--output', 'json']);
  expect(described.code, described.stderr).toBe(0);
  const shown = await temporal(['workflow', 'describe', '--workflow-id', workflowId]);
  const history = await temporal(['workflow', 'show', '--workflow-id', workflowId, '--output', 'json']);
  return {
    result,
    shown: shown.stdout,
    description: JSON.parse(described.stdout) as { workflowExecutionInfo: { status: string } },
    history: JSON.parse(history.stdout) as { events: Record<string, unknown>[] },
  };
}

const rowsOf = async (fragmentId: string) =>
  (await env.pool.query('SELECT count(*)::int AS n FROM pipeline_runs WHERE fragment_id = $1', [fragmentId])).rows[0].n as number;

describe("evalPipeline started by Temporal's CLI", () => {
  it('runs a well-formed input, optional fields given as null', async () => {
    const input = {
      fragmentId: 'frag-cli-ok',
      projectId: 'project-1',
      userId: 'user-1',
      renderJobId: null,
      userInput: null,
      animation: { url: sampleAnimation(), title: null, description: null, sources: null, scene: null },
      renderWait: null,
      notes: null,
    };
    const { result, description } = await startWithCli('eval-pipeline:frag-cli-ok', JSON.stringify(input));
    expect(result.code, result.stderr).toBe(0);
    expect(description.workflowExecutionInfo.status).toBe('WORKFLOW_EXECUTION_STATUS_COMPLETED');
    expect(result.stdout).toMatch(/"status":\s*"COMPLETED"/);
    expect(await rowsOf('frag-cli-ok')).toBe(1);
  });

  it.each([
    [
      'missing projectId and userId',
      JSON.stringify({ fragmentId: 'frag-cli-missing', animation: { url: sampleAnimation() } }),
      'frag-cli-missing',
      /projectId: missing \(expected string\); userId: missing \(expected string\)/,
    ],
    [
      'a wrong type',
      JSON.stringify({
        fragmentId: 'frag-cli-type',
        projectId: 7,
        userId: 'user-1',
        renderWait: { pollIntervalMs: 'soon', limitMs: 60000 },
      }),
      'frag-cli-type',
      /projectId: expected string, got a number; renderWait\.pollIntervalMs: expected number, got a string/,
    ],
    [
      'a control character in an id',
      JSON.stringify({ fragmentId: 'frag-cli-nul', projectId: 'project-1', userId: 'user\u0000x' }),
      'frag-cli-nul',
      /userId: user id holds a control character/,
    ],
    ['a bare JSON string', JSON.stringify('frag-cli-bare'), 'frag-cli-bare', /input: expected object, got a string/],
    // Every element wrong: an error naming each would pass Temporal's message limit, and its workflow task would be retried for ever.
    [
      '300,000 bad notes',
      JSON.stringify({ fragmentId: 'frag-cli-notes', projectId: 'p', userId: 'u', notes: Array(300_000).fill(1) }),
      'frag-cli-notes',
      /invalid evalPipeline input: notes: at most 16 notes, got 300,000(;|$)/m,
    ],
    [
      '100,000 bad sources',
      JSON.stringify({
        fragmentId: 'frag-cli-sources',
        projectId: 'p',
        userId: 'u',
        animation: { url: 'https://example.com/a.mp4', sources: Array(100_000).fill({ a: 1 }) },
      }),
      'frag-cli-sources',
      /invalid evalPipeline input: animation\.sources: at most 32 files, got 100,000(;|$)/m,
    ],
    [
      'every note of sixteen wrong',
      JSON.stringify({ fragmentId: 'frag-cli-16-notes', projectId: 'p', userId: 'u', notes: Array(16).fill({ a: 1 }) }),
      'frag-cli-16-notes',
      /invalid evalPipeline input: notes\[0\]: expected string, got an object(; notes\[\d\]: expected string, got an object){4}; and 11 more problems(\.|$)/m,
    ],
    [
      'a 1.5 MB user message',
      JSON.stringify({ fragmentId: 'frag-cli-long-text', projectId: 'p', userId: 'u', userInput: 'x'.repeat(1_500_000) }),
      'frag-cli-long-text',
      /invalid evalPipeline input: userInput: at most 32,200 characters, got 1,500,000(;|$)/m,
    ],
    ['no input at all', undefined, 'frag-cli-none', /input: missing \(expected object\)/],
  ])('fails at once, not retried, naming the field: %s', async (_name, input, fragmentId, reason) => {
    const { result, shown, description, history } = await startWithCli(`eval-pipeline:${fragmentId}`, input);
    expect(result.code).not.toBe(0);
    expect(description.workflowExecutionInfo.status).toBe('WORKFLOW_EXECUTION_STATUS_FAILED');
    const failed = history.events.find((e) => e.workflowExecutionFailedEventAttributes) as {
      workflowExecutionFailedEventAttributes: {
        failure: { message: string; applicationFailureInfo: { type: string; nonRetryable: boolean } };
      };
    };
    expect(failed.workflowExecutionFailedEventAttributes.failure.message).toMatch(reason);
    // Bounded whatever the input: a few fields and a count.
    expect(failed.workflowExecutionFailedEventAttributes.failure.message.length).toBeLessThan(2000);
    expect(failed.workflowExecutionFailedEventAttributes.failure.applicationFailureInfo).toMatchObject({
      type: 'PermanentError:bad-input',
      nonRetryable: true,
    });
    // What an operator sees: the CLI's result and its description name the field too.
    expect(`${result.stdout}${result.stderr}`).toMatch(reason);
    expect(shown).toMatch(reason);
    // Nothing was scheduled, so nothing retried; no row without a valid fragment.
    expect(history.events.filter((e) => e.activityTaskScheduledEventAttributes)).toEqual([]);
    expect(await rowsOf(fragmentId)).toBe(0);
  });
});
