import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { formatRun } from '../../src/cli/format';
import { getEvalRunCosts } from '../../src/read-model/read-model';
import { KINDS, type EvalKind } from '../../src/kinds';
import { createTestEnv } from '../helpers/env';
import { issue, judgeEnv, runPipeline, useOpenAiJudge, env, fake } from '../helpers/openai-judge';

/** The OpenAI judge when the answer is invalid or the endpoint fails: re-asks, retries, timeouts, rejections. */

useOpenAiJudge();

describe('openai judge: bad answers and endpoint faults', () => {
  it('re-asks once with the validation error: broken JSON, wrong shape, a frameIndex naming no frame', async () => {
    fake.queue('VISUAL_VALIDATION_JSON', { content: 'Sure! Here is my verdict: {score: 90' });
    fake.queue('VISUAL_RUBRIC_JSON', { answer: { score: 80, summary: 'no criteria', issues: [] } });
    fake.queue('DESIGN_VALIDATION_JSON', {
      answer: { score: 90, summary: 'fine', issues: [issue({ category: 'clutter', frameIndex: 99 })] },
    });
    const { run, evalRun } = await runPipeline(env, 'frag-openai-reask');
    expect(run.overallStatus).toBe('PASS');

    const cases: [EvalKind, RegExp][] = [
      ['VISUAL_VALIDATION_JSON', /not JSON/],
      ['VISUAL_RUBRIC_JSON', /does not match the schema \(.*criteria/],
      ['DESIGN_VALIDATION_JSON', /frameIndex 99 names no frame/],
    ];
    for (const [kind, error] of cases) {
      expect(evalRun(kind).status).toBe('PASS');
      const [first, second] = fake.requestsFor(kind);
      expect(fake.requestsFor(kind)).toHaveLength(2);
      const reask = second.body.messages.slice(first.body.messages.length);
      expect(reask[0].role).toBe('assistant');
      expect(reask[1]).toMatchObject({ role: 'user' });
      expect(reask[1].content).toMatch(error);
      const cost = (await getEvalRunCosts(env.pool, run.id)).find((c) => c.kind === kind)!;
      expect(cost.promptTokens).toBe(first.usage.prompt_tokens + second.usage.prompt_tokens);
    }
    expect(fake.requestsFor('ENGAGEMENT_RUBRIC_JSON')).toHaveLength(1);
  });

  it('ends the eval run in ERROR (never FAIL) when the answer is invalid twice; the pipeline still completes', async () => {
    fake.queue('VISUAL_VALIDATION_JSON', { content: 'not json at all' }, { content: '{"score": "high"}' });
    const { run, evalRun, result } = await runPipeline(env, 'frag-openai-broken');
    expect(result.status).toBe('COMPLETED');
    expect(run.status).toBe('COMPLETED');
    expect(run.overallStatus).toBe('ERROR');
    expect(evalRun('VISUAL_VALIDATION_JSON')).toMatchObject({ status: 'ERROR', score: null, issueCount: 0 });
    expect(evalRun('VISUAL_VALIDATION_JSON').summary).toMatch(
      /^Judge error: the judge \(gpt-4\.1-mini\) answered invalidly twice: the answer does not match the schema/,
    );
    expect(run.summary).toMatch(/Errors: VISUAL_VALIDATION_JSON: Judge error/);
    // A permanent failure: no activity retry asked again.
    expect(fake.requestsFor('VISUAL_VALIDATION_JSON')).toHaveLength(2);
    expect(run.evalRuns.filter((r) => r.kind !== 'VISUAL_VALIDATION_JSON').every((r) => r.status === 'PASS')).toBe(true);
  });

  it("waits for a 429's retry-after, then succeeds", async () => {
    fake.queue('DESIGN_VALIDATION_JSON', {
      status: 429,
      headers: { 'retry-after': '3' },
      body: { error: { message: 'Rate limit reached', type: 'requests' } },
    });
    const { handle, evalRun } = await runPipeline(env, 'frag-openai-429');
    expect(evalRun('DESIGN_VALIDATION_JSON').status).toBe('PASS');
    const [limited, retried] = fake.requestsFor('DESIGN_VALIDATION_JSON');
    expect(fake.requestsFor('DESIGN_VALIDATION_JSON')).toHaveLength(2);
    // The retry came no earlier than the server asked (the default first retry would be after 2 s) ...
    expect(retried.receivedAt - limited.receivedAt).toBeGreaterThanOrEqual(3000);
    // ... because the failure carried the server's delay to Temporal.
    const history = await handle.fetchHistory();
    const started = history.events!.filter((e) => e.activityTaskStartedEventAttributes?.lastFailure?.message?.includes('429'));
    expect(started).toHaveLength(1);
    expect(Number(started[0].activityTaskStartedEventAttributes!.lastFailure!.applicationFailureInfo!.nextRetryDelay!.seconds)).toBe(3);
  });

  it('retries a 500, then succeeds', async () => {
    fake.queue('VISUAL_RUBRIC_JSON', { status: 500 });
    const { handle, evalRun } = await runPipeline(env, 'frag-openai-500');
    expect(evalRun('VISUAL_RUBRIC_JSON').status).toBe('PASS');
    expect(fake.requestsFor('VISUAL_RUBRIC_JSON')).toHaveLength(2);
    // Retried by Temporal (the SDK's own retries are off), with the policy's backoff rather than a server delay.
    const history = await handle.fetchHistory();
    const retried = history.events!.filter((e) => e.activityTaskStartedEventAttributes?.lastFailure);
    expect(retried).toHaveLength(1);
    expect(retried[0].activityTaskStartedEventAttributes).toMatchObject({
      attempt: 2,
      lastFailure: { message: 'the judge endpoint failed (500)' },
    });
    expect(retried[0].activityTaskStartedEventAttributes!.lastFailure!.applicationFailureInfo!.nextRetryDelay).toBeFalsy();
  });

  it('times out a hung response and retries it', async () => {
    // A worker of its own with a short timeout: the shared one keeps the default, so a request slowed by a
    // busy machine is never retried where a test counts requests.
    const hurriedEnv = await createTestEnv(judgeEnv({ EVALS_JUDGE_TIMEOUT_SECONDS: '2' }));
    try {
      await hurriedEnv.startWorker();
      fake.queue('ENGAGEMENT_RUBRIC_JSON', { hang: true });
      const { handle, evalRun } = await runPipeline(hurriedEnv, 'frag-openai-hang');
      expect(evalRun('ENGAGEMENT_RUBRIC_JSON').status).toBe('PASS');
      expect(fake.requestsFor('ENGAGEMENT_RUBRIC_JSON')).toHaveLength(2);
      const history = await handle.fetchHistory();
      const retried = history.events!.find((e) => e.activityTaskStartedEventAttributes?.lastFailure?.message?.includes('timed out'));
      expect(retried?.activityTaskStartedEventAttributes?.lastFailure?.message).toBe(
        'judge request timed out after 2 s (EVALS_JUDGE_TIMEOUT_SECONDS)',
      );
    } finally {
      await hurriedEnv.close();
    }
  });

  it('names the model and its variable when the endpoint does not know the model (404)', async () => {
    const missingEnv = await createTestEnv(judgeEnv({ EVALS_MODEL_DESIGN_VALIDATION_JSON: 'gpt-does-not-exist' }));
    try {
      await missingEnv.startWorker();
      const { run, evalRun } = await runPipeline(missingEnv, 'frag-openai-404');
      expect(run.status).toBe('COMPLETED');
      expect(run.overallStatus).toBe('ERROR');
      expect(evalRun('DESIGN_VALIDATION_JSON').summary).toBe(
        'Judge error: model gpt-does-not-exist not found at the judge endpoint (404; check EVALS_MODEL_DESIGN_VALIDATION_JSON and OPENAI_BASE_URL)',
      );
      expect(fake.requestsFor('DESIGN_VALIDATION_JSON')).toHaveLength(1);
    } finally {
      await missingEnv.close();
    }
  });

  it('ends every judged run in ERROR on a rejected key (401): one request each, and the key is nowhere', async () => {
    const wrongKey = 'sk-test-wrong-5be1d0c9a7f24e3';
    const logLines: string[] = [];
    const log = pino({ level: 'trace' }, new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) }));
    const wrongEnv = await createTestEnv(judgeEnv({ OPENAI_API_KEY: wrongKey }));
    try {
      await wrongEnv.startWorker({ log });
      const { handle, result, run } = await runPipeline(wrongEnv, 'frag-openai-401');
      expect(run.status).toBe('COMPLETED');
      expect(run.overallStatus).toBe('ERROR');
      for (const r of run.evalRuns) {
        expect(r).toMatchObject({ status: 'ERROR', summary: 'Judge error: OPENAI_API_KEY rejected by the judge endpoint (401)' });
      }
      // Permanent: no retry storm.
      expect(fake.requests).toHaveLength(5);
      for (const kind of Object.keys(KINDS) as EvalKind[]) expect(fake.requestsFor(kind)).toHaveLength(1);
      // The fake echoed the key in its 401 body, as the real service does; none of it got through.
      const dump = await wrongEnv.pool.query<{ row: string }>(
        `SELECT t::text AS row FROM pipeline_runs t UNION ALL SELECT t::text FROM eval_runs t
         UNION ALL SELECT t::text FROM eval_issues t UNION ALL SELECT t::text FROM frames t`,
      );
      const history = JSON.stringify(await handle.fetchHistory(), (_k, v) =>
        v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : v,
      );
      const everything = [
        dump.rows.map((r) => r.row).join('\n'),
        history,
        JSON.stringify(result),
        logLines.join(''),
        formatRun(run, await getEvalRunCosts(wrongEnv.pool, run.id), { issues: true }),
      ];
      expect(history).toContain('OPENAI_API_KEY rejected');
      expect(logLines.length).toBeGreaterThan(0);
      for (const text of everything) {
        expect(text).not.toContain(wrongKey);
        expect(text).not.toContain('5be1d0c9a7f24e3');
      }
    } finally {
      await wrongEnv.close();
    }
  });
});
