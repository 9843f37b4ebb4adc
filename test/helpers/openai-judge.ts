import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import type { EvalKind } from '../../src/kinds';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { getPipelineRun } from '../../src/read-model/read-model';
import { startFakeOpenAI, type FakeOpenAI } from '../../testkit/fake-openai';
import { sampleAnimation } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from './env';

/** What the openai-judge*.test.ts files share: a fake endpoint, a worker judging with it, a pipeline run. */

export const KEY = 'sk-test-judge-7f3a9c21e4b8d05';

/** The worker's environment against the fake endpoint at `baseUrl`. */
export const openAiJudgeEnv = (baseUrl: string, extra: Record<string, string> = {}) => ({
  EVALS_PROVIDER: 'openai',
  OPENAI_API_KEY: KEY,
  OPENAI_BASE_URL: baseUrl,
  EVALS_MODEL: 'gpt-4.1-mini',
  EVALS_MODEL_VISUAL_RUBRIC_JSON: 'rubric-judge-test',
  EVALS_PRICES: JSON.stringify({ 'rubric-judge-test': { input: 1, output: 2 } }),
  ...extra,
});

/** The fake endpoint and the worker judging with it, of the test file that calls useOpenAiJudge. */
export let fake: FakeOpenAI;
export let env: TestEnv;
export const judgeEnv = (extra: Record<string, string> = {}) => openAiJudgeEnv(fake.baseUrl, extra);

/** Starts the fake endpoint and a worker judging with it before the file's tests, resets the fake before each, closes both after. */
export function useOpenAiJudge(): void {
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: KEY, models: ['gpt-4.1-mini', 'rubric-judge-test'] });
    env = await createTestEnv(openAiJudgeEnv(fake.baseUrl));
    await env.startWorker();
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());
}

/** One pipeline run of `url` (the sample animation unless given) to its end, read back in the REST shapes. */
export async function runPipeline(
  testEnv: TestEnv,
  fragmentId: string,
  userInput: string | null = 'Animate the Pythagorean theorem',
  url = sampleAnimation(),
) {
  const handle = await startEvalPipeline(testEnv.client, testEnv.taskQueue, {
    fragmentId,
    projectId: 'project-1',
    userId: 'user-1',
    userInput,
    animation: { url, title: 'Pythagoras', description: 'a^2 + b^2 = c^2' },
  });
  const result = await handle.result();
  const run = PipelineRunResponseSchema.parse(
    await getPipelineRun(testEnv.pool, result.pipelineRunId, { includeIssues: true }),
  ).evalPipelineRun;
  const evalRun = (kind: EvalKind) => run.evalRuns.find((r) => r.kind === kind)!;
  return { handle, result, run, evalRun };
}

export async function frameTimes(testEnv: TestEnv, pipelineRunId: string): Promise<number[]> {
  const r = await testEnv.pool.query<{ timestamp_ms: number }>(
    'SELECT timestamp_ms FROM frames WHERE pipeline_run_id = $1 ORDER BY frame_index',
    [pipelineRunId],
  );
  return r.rows.map((row) => row.timestamp_ms);
}

export const issue = (over: Record<string, unknown>) => ({
  severity: 'MEDIUM',
  category: 'overlap',
  frameIndex: null,
  location: null,
  description: 'Something is wrong.',
  suggestedFix: null,
  ...over,
});
