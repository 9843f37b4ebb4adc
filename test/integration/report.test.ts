import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/api/keys';
import { getFrames, getPipelineRun } from '../../src/read-model/read-model';
import { createApiServer, listen } from '../../src/api/server';
import { startEvalPipeline } from '../../src/client';
import { PROJECT_ROOT } from '../../src/config';
import { createPipelineRun, finishPipelineRun, loadPipelineError } from '../../src/db/pipeline-runs';
import { createLogger } from '../../src/logger';
import { pipelineRunReport } from '../../src/report/report';
import { screenshot } from '../../testkit/chromium';
import { writeFixture } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from '../helpers/env';

let env: TestEnv;
let scratch: string;
beforeAll(async () => {
  env = await createTestEnv();
  await env.startWorker();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-report-'));
});
afterAll(async () => {
  await env?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function evaluate(file: string, userId = 'user-report'): Promise<string> {
  const handle = await startEvalPipeline(env.client, env.taskQueue, {
    fragmentId: `frag-report-${crypto.randomBytes(4).toString('hex')}`,
    projectId: 'project-report',
    userId,
    userInput: 'Animate similar triangles',
    animation: { url: file, title: 'Similar triangles', description: null },
  });
  return (await handle.result()).pipelineRunId;
}

const corpus = (name: string) => path.join(PROJECT_ROOT, 'corpus', 'manim', `${name}.mp4`);

describe('the visual report of a pipeline run', () => {
  it('holds every kind, every issue tied to its frame with its place pinned, the signal strip, and nothing from the network', async () => {
    const id = await evaluate(corpus('defect-label-over-shape'));
    const html = (await pipelineRunReport(env.pool, id))!;
    const run = (await getPipelineRun(env.pool, id, { includeIssues: true }))!.evalPipelineRun;
    const issues = run.evalRuns.flatMap((r) => r.issues ?? []);
    expect(issues.length).toBeGreaterThan(0);

    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`Fragment <code>${run.fragmentId}</code> · attempt 1`);
    expect(html).toContain('<span class="badge big FAIL">FAIL</span>');
    for (const r of run.evalRuns) expect(html).toMatch(new RegExp(`<tr><td>${r.kind}</td><td><span class="badge ${r.status}">`));
    // Every issue is listed once, linked to its frame, and pinned on that frame.
    const rows = [...html.matchAll(/<tr id="issue-(\d+)">([\s\S]*?)<\/tr>/g)];
    expect(rows).toHaveLength(issues.length);
    for (const issue of issues) {
      const row = rows.find(([, , cells]) =>
        cells.includes(
          issue.description
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/"/g, '&quot;')
            .replace(/'/g, '&#39;'),
        ),
      )!;
      expect(row, issue.description).toBeDefined();
      if (issue.frameIndex === null) continue;
      expect(row[2]).toContain(`href="#frame-${issue.frameIndex}"`);
      const figure = new RegExp(`<figure id="frame-${issue.frameIndex}"[^>]*>([\\s\\S]*?)</figure>`).exec(html)![1];
      expect(figure).toContain(`href="#issue-${row[1]}"`);
    }
    // The overlap's box is drawn where the analyzer found it.
    expect(html).toMatch(
      /<div class="pin box sev-MEDIUM" style="left:[\d.]+%;top:[\d.]+%;width:[\d.]+%;height:[\d.]+%"><a class="tag sev-MEDIUM" href="#issue-\d+">\d+\. MEDIUM overlap<\/a>/,
    );
    // Sixteen frames inlined, the signal drawn.
    expect(html.match(/<figure id="frame-\d+"/g)).toHaveLength(16);
    expect(html.match(/src="data:image\/jpeg;base64,/g)).toHaveLength(16);
    expect(html).toMatch(/<svg class="strip"[\s\S]*<polyline class="luma"/);
    // The strip is a time axis in seconds (the render is 6 s long), every stored frame marked at its time and linking to it.
    const strip = /<svg class="strip"[\s\S]*?<\/svg>/.exec(html)![0];
    const ticks = [...strip.matchAll(/<text x="([\d.]+)" y="\d+">([\d.]+) s<\/text>/g)];
    expect(ticks.map((m) => Number(m[2]))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const [, x, seconds] of ticks) expect(Number(x)).toBeCloseTo((Number(seconds) / 6) * 1000, 0);
    const marks = [
      ...strip.matchAll(/<a href="#frame-(\d+)"><path class="frame" d="M([\d.]+),[^"]*"><title>frame \1 · ([\d:.]+)<\/title>/g),
    ];
    const frames = await getFrames(env.pool, id);
    expect(marks.map((m) => Number(m[1]))).toEqual(frames.map((f) => f.index));
    for (const [mark, frame] of marks.map((m, i) => [m, frames[i]] as const)) {
      expect(Number(mark[2])).toBeCloseTo((frame.timestampMs / 6000) * 1000, 0);
      expect(html).toContain(`<figcaption>Frame ${frame.index} · ${mark[3]}`);
    }
    // Nothing to fetch: no URL but data: images and in-page anchors.
    expect(html).not.toMatch(/(?:src|href)="(?!data:|#)/);
    expect(html).not.toMatch(/https?:\/\/|url\(/);
  });

  it('opens in a real headless Chromium and shows the frames and their pins', async () => {
    const id = await evaluate(corpus('defect-text-slides-off-right'));
    const file = path.join(scratch, 'report.html');
    fs.writeFileSync(file, (await pipelineRunReport(env.pool, id))!);
    const png = path.join(scratch, 'report.png');
    screenshot(file, png, { width: 1280, height: 1800 });
    const image = sharp(png);
    const { width, height } = await image.metadata();
    expect([width, height]).toEqual([1280, 1800]);
    // The page is not blank: dark frames and coloured badges and pins make many distinct colours.
    const { channels } = await image.stats();
    expect(channels[0].stdev).toBeGreaterThan(20);
    const { data } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let orange = 0;
    for (let p = 0; p < data.length; p += 3) if (data[p] > 200 && data[p + 1] > 70 && data[p + 1] < 130 && data[p + 2] < 40) orange++;
    // The MEDIUM clipping pin and badge (#e65100) are drawn.
    expect(orange).toBeGreaterThan(50);
  });

  it('says so at the top when the run ended ERROR, and shows what exists of a run still PENDING', async () => {
    const bad = writeFixture('report-not-a-video.mp4', 'not a video');
    const errored = (await pipelineRunReport(env.pool, await evaluate(bad)))!;
    expect(errored).toMatch(/<p class="notice error"><strong>This run ended ERROR:<\/strong> animation is not a readable video/);
    expect(errored).toContain('No frames are stored for this run');

    const temporalRunId = crypto.randomUUID();
    const { pipelineRunId } = await createPipelineRun(env.pool, {
      temporalRunId,
      executionName: `wf-${temporalRunId}`,
      fragmentId: 'frag-pending',
      projectId: 'p',
      userId: 'u',
      renderJobId: null,
    });
    const pending = (await pipelineRunReport(env.pool, pipelineRunId))!;
    expect(pending).toContain('This run is still <strong>PENDING</strong>');
    expect(pending.match(/<span class="badge PENDING">PENDING<\/span>/g)).toHaveLength(5);

    expect(await pipelineRunReport(env.pool, 'no-such-run')).toBeNull();
  });

  it('shows the pipeline error as stored, whatever its text, and the error of a run stored before the field', async () => {
    const temporalRunId = crypto.randomUUID();
    const { pipelineRunId } = await createPipelineRun(env.pool, {
      temporalRunId,
      executionName: `wf-${temporalRunId}`,
      fragmentId: 'frag-error-field',
      projectId: 'p',
      userId: 'u',
      renderJobId: null,
    });
    // Its text reads like the summary's next sentence: read back out of the summary, it was cut there.
    const error = 'the source was refused. ERROR: line 3 is not Python';
    await finishPipelineRun(env.pool, pipelineRunId, error);
    expect(await loadPipelineError(env.pool, pipelineRunId)).toBe(error);
    expect((await pipelineRunReport(env.pool, pipelineRunId))!).toContain(`This run ended ERROR:</strong> ${error}</p>`);

    // A run that ended before migration 013 gets its error from its summary, as the summary wrote it.
    const migration = fs.readFileSync(path.join(PROJECT_ROOT, 'src', 'db', 'migrations', '014_pipeline_error.sql'), 'utf8');
    await env.pool.query('UPDATE pipeline_runs SET error = NULL, summary = $2 WHERE id = $1', [
      pipelineRunId,
      'Pipeline error: animation is not a readable video: a.mp4. ERROR: DESIGN_VALIDATION_JSON SKIPPED.',
    ]);
    await env.pool.query(migration.slice(migration.indexOf('UPDATE')));
    expect(await loadPipelineError(env.pool, pipelineRunId)).toBe('animation is not a readable video: a.mp4');
  });

  it("is served behind the read API's key rules: the owner gets the page, another user and no key do not", async () => {
    const id = await evaluate(corpus('clean-summary'), 'user-owner-report');
    const owner = await createApiKey(env.pool, { userId: 'user-owner-report', credits: 1 });
    const other = await createApiKey(env.pool, { userId: 'user-other-report', credits: 1 });
    const server = createApiServer({ pool: env.pool, basePath: '/v1', log: createLogger('silent') });
    const { url } = await listen(server, 0, '127.0.0.1');
    try {
      const page = await fetch(`${url}/v1/reports/pipeline-runs/${id}`, { headers: { 'x-api-key': owner } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('<span class="badge big PASS">PASS</span>');
      const stranger = await fetch(`${url}/v1/reports/pipeline-runs/${id}`, { headers: { 'x-api-key': other } });
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toEqual({ error: 'pipeline run not found' });
      expect((await fetch(`${url}/v1/reports/pipeline-runs/no-such-run`, { headers: { 'x-api-key': owner } })).status).toBe(404);
      expect((await fetch(`${url}/v1/reports/pipeline-runs/${id}`)).status).toBe(401);
      expect((await fetch(`${url}/v1/reports/pipeline-runs/${id}/extra`, { headers: { 'x-api-key': owner } })).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
