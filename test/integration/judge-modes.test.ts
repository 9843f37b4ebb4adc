import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getEvalRunCosts } from '../../src/read-model/read-model';
import { EVAL_KINDS } from '../../src/kinds';
import { FRAME_KINDS } from '../../src/kinds/answer';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { issue, runPipeline } from '../helpers/openai-judge';
import { startFakeOpenAI, type FakeOpenAI } from '../../testkit/fake-openai';
import { LABELLED_ANIMATIONS } from '../../testkit/labelled';
import { answerAsLocalJudge } from '../../testkit/local-judge';

/**
 * EVALS_JUDGE_MODE=combined: one request answers the four frame kinds, each
 * kind still its own eval run; and the two modes record the same issues on the
 * labelled animations when the endpoint answers from what it was shown.
 */

const KEY = 'sk-test-judge-modes-31c9';
let scripted: FakeOpenAI;
let judging: FakeOpenAI;
let combined: TestEnv;
let perKindJudging: TestEnv;
let combinedJudging: TestEnv;

const judgeEnv = (fake: FakeOpenAI, mode: 'per-kind' | 'combined', extra: Record<string, string> = {}) => ({
  EVALS_PROVIDER: 'openai',
  OPENAI_API_KEY: KEY,
  OPENAI_BASE_URL: fake.baseUrl,
  EVALS_MODEL: 'gpt-4.1-mini',
  EVALS_JUDGE_MODE: mode,
  ...extra,
});

beforeAll(async () => {
  scripted = await startFakeOpenAI({ apiKey: KEY });
  judging = await startFakeOpenAI({ apiKey: KEY, judge: answerAsLocalJudge });
  combined = await createTestEnv(judgeEnv(scripted, 'combined'));
  // Without the local pre-checks, every finding recorded is the endpoint's.
  perKindJudging = await createTestEnv(judgeEnv(judging, 'per-kind', { EVALS_LOCAL_PRECHECKS: 'false' }));
  combinedJudging = await createTestEnv(judgeEnv(judging, 'combined', { EVALS_LOCAL_PRECHECKS: 'false' }));
  for (const env of [combined, perKindJudging, combinedJudging]) await env.startWorker();
});
afterAll(async () => {
  for (const env of [combined, perKindJudging, combinedJudging]) await env?.close();
  await scripted?.close();
  await judging?.close();
});
beforeEach(() => scripted.reset());

describe('combined judge mode', () => {
  it('asks the four frame kinds in one request and stores five eval runs, each with its own status, score and issues', async () => {
    scripted.setAnswer('VISUAL_VALIDATION_JSON', {
      score: 90,
      summary: 'One overlap.',
      issues: [issue({ frameIndex: 1, description: 'Label on the line.' })],
    });
    scripted.setAnswer('DESIGN_VALIDATION_JSON', {
      score: 50,
      summary: 'Weak contrast.',
      issues: [issue({ category: 'low_contrast', frameIndex: 0 })],
    });
    scripted.setAnswer('ENGAGEMENT_RUBRIC_JSON', {
      criteria: Object.fromEntries(
        ['pacing', 'progression', 'focus', 'structure', 'length'].map((n) => [n, { score: 20, reason: 'fine' }]),
      ),
      summary: 'Lively.',
      issues: [issue({ severity: 'HIGH', category: 'pacing', frameIndex: 2, description: 'Far too fast.' })],
    });
    const { run, evalRun, handle } = await runPipeline(combined, 'frag-combined-statuses');
    expect(run.status).toBe('COMPLETED');
    expect(run.evalRuns).toHaveLength(5);
    expect(evalRun('USER_INPUT_SECURITY')).toMatchObject({ status: 'PASS', score: 95 });
    expect(evalRun('VISUAL_VALIDATION_JSON')).toMatchObject({ status: 'PASS', score: 90, issueCount: 1 });
    expect(evalRun('VISUAL_VALIDATION_JSON').issues).toMatchObject([{ category: 'overlap', frameIndex: 1 }]);
    expect(evalRun('DESIGN_VALIDATION_JSON')).toMatchObject({ status: 'FAIL', score: 50 });
    expect(evalRun('DESIGN_VALIDATION_JSON').issues).toMatchObject([{ category: 'low_contrast', frameIndex: 0 }]);
    expect(evalRun('VISUAL_RUBRIC_JSON')).toMatchObject({ status: 'PASS', score: 100 });
    expect(evalRun('ENGAGEMENT_RUBRIC_JSON')).toMatchObject({ status: 'FAIL', score: 100, highSeverityCount: 1 });
    expect(run.overallStatus).toBe('FAIL');

    // Two requests: the four frame kinds together, the user's message alone.
    expect(scripted.requests).toHaveLength(2);
    const together = scripted.requests.find((r) => r.kinds.length === 4)!;
    expect(together.kinds).toEqual(FRAME_KINDS);
    expect(scripted.requests.find((r) => r.kind === 'USER_INPUT_SECURITY')).toBeDefined();
    // The request's usage is shared between its kinds, exactly.
    const costs = await getEvalRunCosts(combined.pool, run.id);
    const framed = costs.filter((c) => c.kind !== 'USER_INPUT_SECURITY');
    expect(framed.reduce((s, c) => s + c.promptTokens!, 0)).toBe(together.usage.prompt_tokens);
    expect(framed.reduce((s, c) => s + c.completionTokens!, 0)).toBe(together.usage.completion_tokens);

    // One activity scored every kind; the history names it.
    const history = await handle.fetchHistory();
    const scheduled = history.events!.map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name).filter(Boolean);
    expect(scheduled.filter((n) => n === 'scoreEvalRuns')).toHaveLength(1);
    expect(scheduled).not.toContain('scoreEvalRun');
  });

  it('re-asks an invalid part for that kind alone, in the same conversation, its prefix cached', async () => {
    scripted.queue('DESIGN_VALIDATION_JSON', { answer: { score: 'high', summary: 'x', issues: [] } });
    const { run, evalRun } = await runPipeline(combined, 'frag-combined-reask');
    expect(run.overallStatus).toBe('PASS');
    for (const kind of EVAL_KINDS) expect(evalRun(kind).status).toBe('PASS');
    expect(scripted.requests).toHaveLength(3);
    const [first, reask] = scripted.requestsFor('DESIGN_VALIDATION_JSON');
    expect(first.kinds).toEqual(FRAME_KINDS);
    expect(reask.kinds).toEqual(['DESIGN_VALIDATION_JSON']);
    expect(reask.body.messages.slice(0, first.body.messages.length)).toEqual(first.body.messages);
    expect(reask.body.messages.at(-1).content).toMatch(/DESIGN_VALIDATION_JSON\.score/);
    expect(reask.usage.prompt_tokens_details.cached_tokens).toBeGreaterThanOrEqual(1024);
    for (const kind of FRAME_KINDS.filter((k) => k !== 'DESIGN_VALIDATION_JSON')) expect(scripted.requestsFor(kind)).toHaveLength(1);
    const costs = await getEvalRunCosts(combined.pool, run.id);
    expect(costs.find((c) => c.kind === 'DESIGN_VALIDATION_JSON')!.cachedTokens).toBe(
      reask.usage.prompt_tokens_details.cached_tokens + Math.floor(first.usage.prompt_tokens_details.cached_tokens / 4),
    );
  });

  it('ends only the kind answered invalidly twice in ERROR; the others keep their verdicts and the pipeline completes', async () => {
    scripted.queue('VISUAL_RUBRIC_JSON', { content: 'no' }, { content: 'still no' });
    const { run, evalRun, result } = await runPipeline(combined, 'frag-combined-invalid');
    expect(result.status).toBe('COMPLETED');
    expect(run.overallStatus).toBe('ERROR');
    expect(evalRun('VISUAL_RUBRIC_JSON')).toMatchObject({ status: 'ERROR', score: null });
    expect(evalRun('VISUAL_RUBRIC_JSON').summary).toMatch(
      /^Judge error: the judge \(gpt-4\.1-mini\) answered invalidly twice: the answer is not JSON/,
    );
    for (const kind of EVAL_KINDS.filter((k) => k !== 'VISUAL_RUBRIC_JSON')) expect(evalRun(kind).status).toBe('PASS');
    expect(scripted.requestsFor('VISUAL_RUBRIC_JSON')).toHaveLength(2);
  });

  it('retries a failed shared request without asking again the kinds already stored', async () => {
    scripted.queue('USER_INPUT_SECURITY', { status: 500 });
    const { run, evalRun } = await runPipeline(combined, 'frag-combined-retry');
    expect(run.overallStatus).toBe('PASS');
    for (const kind of EVAL_KINDS) expect(evalRun(kind).status).toBe('PASS');
    // The frame kinds were stored on the first attempt; the retry asked only the user-input kind again.
    expect(scripted.requestsFor('USER_INPUT_SECURITY')).toHaveLength(2);
    for (const kind of FRAME_KINDS) expect(scripted.requestsFor(kind)).toHaveLength(1);
  });
});

describe('per-kind and combined modes on the labelled animations', () => {
  const defectsFound: string[] = [];
  it.each(LABELLED_ANIMATIONS.map((a) => [a.name, a] as const))(
    '%s: the same statuses and issues in both modes',
    async (name, animation) => {
      const perKind = await runPipeline(perKindJudging, `frag-modes-per-kind-${name}`, undefined, animation.file());
      const together = await runPipeline(combinedJudging, `frag-modes-combined-${name}`, undefined, animation.file());
      const findings = (r: typeof perKind) =>
        Object.fromEntries(
          FRAME_KINDS.map((kind) => [
            kind,
            {
              status: r.evalRun(kind).status,
              score: r.evalRun(kind).score,
              issues: (r.evalRun(kind).issues ?? []).map((i) => `${i.severity} ${i.category} ${i.frameIndex}`).sort(),
            },
          ]),
        );
      expect(findings(together)).toEqual(findings(perKind));
      for (const defect of animation.defects) {
        if (together.evalRun(defect.kind).issues?.some((i) => i.category === defect.category))
          defectsFound.push(`${name}: ${defect.category}`);
      }
    },
  );

  // The comparison above means something only if the endpoint found labelled defects from what it was shown: those
  // visible in the sampled frames (flashing and a black tail show in the whole-video signal, which no request carries).
  it('finds the labelled defects visible in the frames, through either mode', () => {
    expect(defectsFound).toEqual(
      expect.arrayContaining(['all-black: blank_frame', 'text-off-edge: clipped_content', 'still: static', 'low-contrast: low_contrast']),
    );
  });
});
