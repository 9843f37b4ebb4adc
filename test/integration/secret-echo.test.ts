import { afterAll, beforeAll, expect, it } from 'vitest';
import { getPipelineRun, listIssues } from '../../src/read-model/read-model';
import { startEvalPipeline } from '../../src/client';
import { EVAL_KINDS } from '../../src/domain/types';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { passingAnswer, startFakeOpenAI, type FakeOpenAI } from '../../testkit/fake-openai';
import { sampleAnimation } from '../../testkit/videos';

/**
 * A judge endpoint that echoes the request's key into its answers (issue 23,
 * finding 6): the key reaches no row of the database, no workflow result or
 * history, and nothing the read model serves.
 */

const KEY = 'sk-echoed-9d2c71f0a4be3e55';
let fake: FakeOpenAI;
let env: TestEnv;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  env = await createTestEnv({
    EVALS_PROVIDER: 'openai',
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: fake.baseUrl,
    EVALS_JUDGE_TIMEOUT_SECONDS: '5',
  });
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
});

/** Every row of every table of the service's database, as text. */
async function everyRow(): Promise<string> {
  const tables = await env.pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
  let text = '';
  for (const { tablename } of tables.rows) {
    const rows = await env.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${tablename} t`);
    text += rows.rows.map((r) => r.row).join('\n');
  }
  return text;
}

it('scrubs a key the judge endpoint echoes, from everything stored, returned and served', async () => {
  const echo = `your key is ${KEY}`;
  for (const kind of EVAL_KINDS) {
    const answer = passingAnswer(kind) as { summary: string; issues: unknown[] };
    fake.setAnswer(kind, {
      ...answer,
      summary: `Fine (${echo}).`,
      issues: [
        {
          severity: 'LOW',
          category:
            kind === 'USER_INPUT_SECURITY'
              ? 'prompt_injection'
              : kind.startsWith('VISUAL_RUBRIC')
                ? 'clarity'
                : kind.startsWith('ENGAGEMENT')
                  ? 'pacing'
                  : kind.startsWith('DESIGN')
                    ? 'low_contrast'
                    : 'overlap',
          frameIndex: null,
          location: null,
          description: echo,
          suggestedFix: echo,
        },
      ],
    });
  }
  // One kind's endpoint fails with the key in its error: the eval run's ERROR reason must not carry it.
  fake.queue('DESIGN_VALIDATION_JSON', {
    status: 400,
    body: { error: { message: `bad request from ${KEY}`, type: 'invalid_request_error' } },
  });

  const handle = await startEvalPipeline(env.client, env.taskQueue, {
    fragmentId: 'frag-secret-echo',
    projectId: 'project-1',
    userId: 'user-1',
    userInput: 'Animate a circle',
    animation: { url: sampleAnimation(), title: 'Circle', description: null },
  });
  const result = await handle.result();
  expect(fake.requests.length).toBeGreaterThanOrEqual(5);

  const served = JSON.stringify([
    await getPipelineRun(env.pool, result.pipelineRunId, { includeIssues: true }),
    await listIssues(env.pool, result.pipelineRunId),
  ]);
  // The answers were stored (the echo is there, the key is not).
  expect(served).toContain('your key is [redacted]');
  expect(served).not.toContain(KEY);
  expect(JSON.stringify(result)).not.toContain(KEY);
  expect(JSON.stringify(await handle.fetchHistory())).not.toContain(KEY);
  const rows = await everyRow();
  expect(rows).toContain('[redacted]');
  expect(rows).not.toContain(KEY);
});
