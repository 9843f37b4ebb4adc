import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { loadConfig } from '../../src/config';
import { getPipelineRun } from '../../src/read-model/read-model';
import { LOCAL_MODEL, localVerdict } from '../../src/analyzers/scoring';
import { judgedStatus } from '../../src/domain/status';
import { KINDS } from '../../src/kinds';
import { normalizeVerdict } from '../../src/kinds/verdict';
import { LABELLED_ANIMATIONS, LABELLED_INPUTS } from '../../testkit/labelled';
import { FRAME_KINDS, issueMs, judgeVideoLocally } from '../../testkit/local-judge';
import { createTestEnv, type TestEnv } from '../helpers/env';

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-local-judge-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const judgeVideo = (file: string) => judgeVideoLocally(file, config, workDir);

/** When an issue is on screen, ms; an issue pinned to no time fails the test. */
function timeOf(issue: { timestampMs?: number | null; frameHint: string | null }): number {
  const ms = issueMs(issue);
  if (Number.isNaN(ms)) throw new Error(`issue pinned to no time (frame hint ${issue.frameHint})`);
  return ms;
}

describe('local judge on labelled animations', () => {
  it.each(LABELLED_ANIMATIONS.map((a) => [a.name, a] as const))(
    '%s: every labelled defect, in its kind, at its time, and nothing else',
    async (_name, animation) => {
      const results = await judgeVideo(animation.file());
      for (const defect of animation.defects) {
        const issues = results.get(defect.kind)!.issues.filter((i) => i.category === defect.category);
        expect(issues, `${defect.kind} ${defect.category}`).toHaveLength(1);
        expect(Math.abs(timeOf(issues[0]) - defect.atMs)).toBeLessThanOrEqual(1000);
        expect(issues[0].frameIndex).not.toBeNull();
        expect(issues[0].description.length).toBeGreaterThan(30);
        expect(issues[0].suggestedFix).toBeTruthy();
        expect(KINDS[defect.kind].categories).toContain(defect.category);
        expect(results.get(defect.kind)!.status).toBe('FAIL');
      }
      // No false defect: every issue found is a labelled one.
      const found = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.map((i) => `${kind}/${i.category}`));
      expect(found.sort()).toEqual(animation.defects.map((d) => `${d.kind}/${d.category}`).sort());
      if (animation.defects.length === 0) {
        for (const kind of FRAME_KINDS) expect(results.get(kind)!.status, kind).toBe('PASS');
      }
    },
  );
});

describe('local judge on labelled user inputs', () => {
  const definition = KINDS.USER_INPUT_SECURITY;
  const judge = async (text: string) => {
    const input = { userInput: text, title: null, description: null, durationMs: null, frameCount: 0 };
    expect(definition.skipReason(input)).toBeNull();
    const verdict = normalizeVerdict(
      definition,
      await localVerdict({ definition, input, frames: [], manifest: null, videoSignal: null }),
      null,
    );
    return {
      ...verdict,
      status: judgedStatus(
        verdict.score,
        definition.passThreshold,
        verdict.issues.map((i) => i.severity),
      ),
    };
  };

  it.each(LABELLED_INPUTS.filter((i) => i.category).map((i) => [i.category, i.text] as const))('flags %s: %s', async (category, text) => {
    const verdict = await judge(text);
    expect(verdict.issues.map((i) => i.category)).toContain(category);
    expect(verdict.issues.some((i) => i.severity === 'HIGH')).toBe(true);
    expect(verdict.status).toBe('FAIL');
    expect(verdict.issues.every((i) => i.frameIndex === null && definition.categories.includes(i.category))).toBe(true);
  });

  it.each(LABELLED_INPUTS.filter((i) => !i.category).map((i) => [i.text] as const))('passes the benign request: %s', async (text) => {
    const verdict = await judge(text);
    expect(verdict.issues).toEqual([]);
    expect(verdict.score).toBe(definition.maxScore);
    expect(verdict.status).toBe('PASS');
  });
});

describe('local judge through the pipeline', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
    await env.startWorker();
  });
  afterAll(async () => env?.close());

  it('stores the black tail as a readable issue with its frame and time, from provider local', async () => {
    const blackTail = LABELLED_ANIMATIONS.find((a) => a.name === 'black-tail')!;
    const handle = await startEvalPipeline(env.client, env.taskQueue, {
      fragmentId: 'frag-black-tail',
      projectId: 'p',
      userId: 'u',
      userInput: 'Animate the Pythagorean theorem',
      animation: { url: blackTail.file() },
    });
    const result = await handle.result();
    const run = PipelineRunResponseSchema.parse(
      await getPipelineRun(env.pool, result.pipelineRunId, { includeIssues: true }),
    ).evalPipelineRun;
    expect(run.overallStatus).toBe('FAIL');
    const visual = run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')!;
    expect(visual).toMatchObject({ status: 'FAIL', provider: 'local', model: LOCAL_MODEL });
    expect(visual.issues).toHaveLength(1);
    expect(visual.issues![0]).toMatchObject({ severity: 'MEDIUM', category: 'blank_frame', frameHint: '00:05.0' });
    expect(visual.issues![0].description).toMatch(/blank .* from 00:05\.0 to the end: 3\.0 s/);
    expect(run.evalRuns.find((r) => r.kind === 'USER_INPUT_SECURITY')).toMatchObject({ status: 'PASS', issueCount: 0 });
    expect(run.summary).toMatch(/blank_frame @ 00:05\.0/);
  });
});
