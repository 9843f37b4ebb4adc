import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineRunResponseSchema } from '../../src/api/schemas';
import { PROJECT_ROOT } from '../../src/config';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { writeFixture } from '../../testkit/videos';

const run = promisify(execFile);
const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const SAMPLE = path.join(PROJECT_ROOT, 'examples', 'pythagoras.mp4');

let env: TestEnv;
let dataDir: string;

beforeAll(async () => {
  env = await createTestEnv();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-cli-'));
});
afterAll(async () => {
  await env?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the real CLI: its own dev server and in-process worker, this file's database. */
async function evals(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [EVALS, ...args], { env: childEnv(env, { EVALS_DATA_DIR: dataDir }), timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('npx evals', () => {
  it('run --json prints exactly the seed shape, and the same file again is the next attempt', async () => {
    const first = await evals(['run', SAMPLE, '--json', '--user-input', 'Show the Pythagorean theorem with squares on each side']);
    expect(first.code, first.stderr).toBe(0);
    const response = PipelineRunResponseSchema.parse(JSON.parse(first.stdout));
    const pipeline = response.evalPipelineRun;
    expect(pipeline.status).toBe('COMPLETED');
    expect(pipeline.attemptNumber).toBe(1);
    expect(pipeline.overallStatus).not.toBeNull();
    expect(pipeline.summary).toBeTruthy();
    expect(pipeline.evalRuns).toHaveLength(5);
    expect(pipeline.evalRuns.every((r) => Array.isArray(r.issues) && !['PENDING', 'RUNNING'].includes(r.status))).toBe(true);
    // Progress per kind went to stderr, not stdout.
    expect(first.stderr).toMatch(/VISUAL_VALIDATION_JSON\s+(RUNNING|PASS|FAIL)/);

    const second = await evals(['run', SAMPLE, '--json']);
    expect(second.code, second.stderr).toBe(0);
    const again = PipelineRunResponseSchema.parse(JSON.parse(second.stdout)).evalPipelineRun;
    expect(again.fragmentId).toBe(pipeline.fragmentId);
    expect(again.attemptNumber).toBe(2);

    const shown = await evals(['show', pipeline.id, '--issues']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Pipeline run ${pipeline.id}`);
    expect(shown.stdout).toMatch(/VISUAL_VALIDATION_JSON\s+(PASS|FAIL)/);
  });

  it('reports a bad input as an ERROR run with a non-zero exit and the reason', async () => {
    const bad = writeFixture('cli-not-a-video.mp4', 'not a video at all');
    const result = await evals(['run', bad]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/status ERROR/);
    expect(result.stdout).toMatch(/not a readable video/);
  });

  it('rejects bad usage with exit 2 and a message', async () => {
    const missing = await evals(['run', path.join(dataDir, 'missing.mp4')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    const unknown = await evals(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command: frobnicate/);
  });
});
