import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/api/keys';
import { createApiServer, listen } from '../../src/api/server';
import { PROJECT_ROOT } from '../../src/config';
import { createPipelineRun } from '../../src/db/pipeline-runs';
import { createLogger } from '../../src/logger';
import { FixesResponseSchema, type FixesResponse } from '../../src/read-model/fixes';
import { ErrorResponseSchema } from '../../src/read-model/schemas';
import { renderScene } from '../../src/scene/render';
import { repairBudget } from '../../src/scene/repair';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';

/**
 * Verified source patches delivered (docs/fixes.md), on real Manim in the real
 * sandbox, through the real CLI: a label off the right edge is repaired, the
 * patch written into DIR and stored with the run, its issue's suggestedFix
 * says it was verified, the route serves the same JSON under the key rules,
 * and the patched scene's render no longer has the defect.
 */

const run = promisify(execFile);
const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');

/** The repair's own defect scenes: LabelOffRight has a label past the right edge, free to move back inside. */
const SOURCE = path.join(PROJECT_ROOT, 'testkit', 'repair-scenes.py');
const SCENE = fs.readFileSync(SOURCE, 'utf8');
const NAME = path.basename(SOURCE);

let env: TestEnv;
let scratch: string;
const source = SOURCE;
let video: string;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  env = await createTestEnv();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-fixes-'));
  video = path.join(scratch, 'label-off-right.mp4');
  const rendered = await renderScene({
    sources: [{ name: NAME, content: SCENE }],
    scene: 'LabelOffRight',
    width: 854,
    height: 480,
    fps: 15,
    settings: env.config.scene,
    outputPath: video,
  });
  expect(rendered).toMatchObject({ ok: true });
  server = createApiServer({ pool: env.pool, basePath: '/v1', log: createLogger('silent') });
  baseUrl = `${(await listen(server, 0, '127.0.0.1')).url}/v1`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await env?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The real CLI on its own dev server and in-process worker, this file's database. */
async function evals(args: string[], timeout = 480_000): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [EVALS, ...args], {
      env: childEnv(env, { EVALS_DATA_DIR: path.join(scratch, 'data') }),
      timeout,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${pathname}`, { headers });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, etag: response.headers.get('etag') };
}

describe('evals run --fixes DIR', () => {
  it('refuses a DIR that is a file, or cannot be made, with exit 2 before anything starts', async () => {
    const file = path.join(scratch, 'a-file');
    fs.writeFileSync(file, 'x');
    const dangling = path.join(scratch, 'dangling-link');
    fs.symlinkSync(path.join(scratch, 'nowhere'), dangling);
    const cases: [string[], RegExp][] = [
      [['--source', source, '--fixes', file], /--fixes .*a-file is a file/],
      [['--source', source, '--fixes', path.join(scratch, 'missing', 'fixes')], /cannot make --fixes .*no directory/],
      // A directory nothing can be made in (the kernel's /proc), and a link to nowhere: named, before anything starts.
      [['--source', source, '--fixes', '/proc/evalsfixes'], /cannot make --fixes \/proc\/evalsfixes: /],
      [['--source', source, '--fixes', dangling], /--fixes .*dangling-link is a link to .*nowhere, which does not exist/],
      [['--fixes', path.join(scratch, 'fixes')], /--fixes patches the scene of the --source files: give them too/],
      [['--source', source, '--render'], /--render renders the patch --fixes DIR writes: give --fixes too/],
    ];
    for (const [args, message] of cases) {
      // Refused at once; a run that started anyway is cut short here rather than left spinning.
      const result = await evals(['run', video, ...args], 90_000);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(fs.existsSync(path.join(scratch, 'data'))).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('x');
  });

  it('writes the verified patch and fixes.json, stores it with the run, serves it, and the patched render has no clipped label', async () => {
    const dir = path.join(scratch, 'fixes');
    const report = path.join(scratch, 'report.html');
    const result = await evals([
      'run',
      video,
      '--source',
      source,
      '--scene',
      'LabelOffRight',
      '--fixes',
      dir,
      '--render',
      '--html',
      report,
      '--quiet',
    ]);
    expect(result.code, result.stderr).toBe(1);

    // DIR: the patched source, the patched render, fixes.json: nothing else.
    expect(fs.readdirSync(dir).sort()).toEqual(['LabelOffRight.patched.mp4', 'fixes.json', NAME]);
    const fixes: FixesResponse = FixesResponseSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'fixes.json'), 'utf8')));
    const label = fixes.fixes.find((f) => f.issue.category === 'clipped_content' || f.issue.category === 'off_screen');
    expect(label, JSON.stringify(fixes.fixes.map((f) => [f.issue.category, f.verdict, f.reinspection]))).toBeDefined();
    expect(label!.verdict).toBe('verified');
    expect(label!.issue.id).not.toBeNull();
    expect(label!.diff[NAME]).toMatch(/^-.*next_to\(circle, RIGHT/m);
    expect(fixes.combined.verdict).toBe('verified');
    // The repair's budget, from what the run's own inspection cost (docs/fixes.md, "The budget").
    const inspected = await env.pool.query<{ wall_ms: number; cpu_seconds: string }>(
      'SELECT wall_ms, cpu_seconds FROM scene_inspections WHERE pipeline_run_id = $1',
      [fixes.pipelineRunId],
    );
    const cost = { wallMs: inspected.rows[0].wall_ms, cpuSeconds: Number(inspected.rows[0].cpu_seconds) };
    expect(fixes.budget).toEqual({ ...repairBudget(cost), reached: fixes.budget!.reached });

    // The patched file is the original with the combined diff applied, and nothing else changed.
    const patched = fs.readFileSync(path.join(dir, NAME), 'utf8');
    expect(patched).not.toBe(SCENE);
    expect(patched).toBe(fixes.combined.files[NAME]);
    const applied = path.join(scratch, 'applied.py');
    fs.copyFileSync(source, applied);
    execFileSync('patch', ['--silent', applied], { input: fixes.combined.diff[NAME] });
    expect(fs.readFileSync(applied, 'utf8')).toBe(patched);

    // The stored issue's suggestedFix says the change and that it was verified; the summary counts it.
    const stored = await env.pool.query<{ suggested_fix: string; summary: string }>(
      'SELECT i.suggested_fix, p.summary FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id JOIN pipeline_runs p ON p.id = r.pipeline_run_id WHERE i.id = $1',
      [label!.issue.id],
    );
    expect(stored.rows[0].suggested_fix).toBe(label!.suggestedFix);
    expect(stored.rows[0].suggested_fix).toMatch(/verified/);
    expect(stored.rows[0].summary).toMatch(/Repair: [1-9]\d* of \d+ scene findings? got a verified fix/);

    // The report shows the diff beside its issue, escaped.
    const html = fs.readFileSync(report, 'utf8');
    expect(html).toContain('<th>Source patch</th>');
    expect(html).toContain('<span class="verdict verified">verified</span>');
    expect(html).toMatch(/<span class="del">-.*next_to\(circle, RIGHT/);

    // --render: the verdicts before and after; after, no clipped or off-screen label.
    expect(result.stdout).toMatch(/Before and after the patch/);
    expect(result.stdout).toMatch(new RegExp(`${label!.issue.category} [1-9]\\d* → 0`));

    // The route: the same JSON, under the run routes' key rules.
    const owner = await createApiKey(env.pool, { userId: 'local', credits: 5 });
    const other = await createApiKey(env.pool, { userId: 'someone-else', credits: 5 });
    const served = await get(`/evals/pipeline-runs/${fixes.pipelineRunId}/fixes`, { 'x-api-key': owner });
    expect(served.status).toBe(200);
    expect(FixesResponseSchema.parse(served.body)).toEqual(fixes);
    expect(
      (await get(`/evals/pipeline-runs/${fixes.pipelineRunId}/fixes`, { 'x-api-key': owner, 'if-none-match': served.etag! })).status,
    ).toBe(304);
    expect((await get(`/evals/pipeline-runs/${fixes.pipelineRunId}/fixes`)).status).toBe(401);
    const hidden = await get(`/evals/pipeline-runs/${fixes.pipelineRunId}/fixes`, { 'x-api-key': other });
    expect(hidden.status).toBe(404);
    expect(ErrorResponseSchema.parse(hidden.body).error).toBe('pipeline run not found');
    // A run of the owner's with no repair.
    const bare = await createPipelineRun(env.pool, {
      temporalRunId: `bare-${Date.now()}`,
      executionName: 'bare',
      fragmentId: 'bare',
      projectId: 'p',
      userId: 'local',
      renderJobId: null,
    });
    const none = await get(`/evals/pipeline-runs/${bare.pipelineRunId}/fixes`, { 'x-api-key': owner });
    expect(none.status).toBe(404);
    expect(ErrorResponseSchema.parse(none.body).error).toMatch(/has no fixes/);
  });
});
