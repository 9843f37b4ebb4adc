import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/api/keys';
import { createApiServer, listen } from '../../src/api/server';
import type { LabelledSetJson } from '../../src/calibration/labelled-set';
import type { CalibrationReport } from '../../src/calibration/summary';
import { PROJECT_ROOT } from '../../src/config';
import { createLogger } from '../../src/logger';
import { getPipelineRun } from '../../src/read-model/read-model';
import { findChromium } from '../../testkit/chromium';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { childDataDir } from '../helpers/worker-process';

/**
 * Human review end to end: runs made by `evals calibrate`, reviewed in a real
 * Chromium on the report `evals serve` serves to a reviewer's key (an issue
 * marked wrong, a missed one added on a frame, Done), exported as a labelled
 * set, calibrated against again: the figures move exactly as the review says.
 */

const run = promisify(execFile);
const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const corpus = (name: string) => path.join(PROJECT_ROOT, 'corpus', 'manim', `${name}.mp4`);

let env: TestEnv;
let dir: string;
let dataDir: string;
let browser: Browser;
let server: ReturnType<typeof createApiServer>;
let url: string;

beforeAll(async () => {
  env = await createTestEnv();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-review-'));
  dataDir = childDataDir();
  server = createApiServer({ pool: env.pool, basePath: '/v1', log: createLogger('silent') });
  url = (await listen(server, 0, '127.0.0.1')).url;
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  server?.close();
  await env?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function evals(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const options = {
    env: childEnv(env, { TEMPORAL_ADDRESS: env.config.temporal.address!, TEMPORAL_TASK_QUEUE: env.taskQueue, EVALS_DATA_DIR: dataDir }),
    timeout: 180_000,
    cwd: dir,
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [EVALS, ...args], options);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function calibrate(set: string): Promise<CalibrationReport> {
  const result = await evals(['calibrate', set, '--config', `pixels=${path.join(dir, 'pixels.env')}`, '--json', '--user-id', 'team']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as CalibrationReport;
}

describe('human review of a served report, exported as labels', () => {
  it('marks an issue wrong and adds a missed one in Chromium; the export, calibrated against, moves the figures as the review says', async () => {
    fs.writeFileSync(path.join(dir, 'pixels.env'), 'EVALS_PROVIDER=local\nEVALS_SCENE_INSPECTION=off\n');
    const labelled: LabelledSetJson = {
      format: 'evals-labelled-set',
      version: 1,
      name: 'corpus',
      animations: [
        {
          id: 'title',
          animation: corpus('defect-title-cut-top'),
          expect: [{ kind: 'VISUAL_VALIDATION_JSON', categories: ['clipped_content', 'off_screen'], window: [1, 6] }],
        },
      ],
    };
    fs.writeFileSync(path.join(dir, 'corpus.json'), JSON.stringify(labelled));
    const before = await calibrate('corpus.json');
    expect(before.configurations[0].overall).toMatchObject({ expected: 1, found: 1, falseFindings: 0 });
    const runId = before.configurations[0].runs['corpus/title'];
    const record = await getPipelineRun(env.pool, runId, { includeIssues: true });
    const issues = record!.evalPipelineRun.evalRuns.flatMap((r) => (r.issues ?? []).map((i) => ({ ...i, kind: r.kind })));
    const cut = issues.find((i) => i.kind === 'VISUAL_VALIDATION_JSON' && i.category === 'clipped_content')!;
    expect(cut).toBeDefined();

    const created = await evals(['keys', 'create', '--user-id', 'team', '--credits', '1', '--reviewer', 'Ada']);
    expect(created.stderr).toContain('Reviewer key (signed Ada) created for user team');
    const reviewerKey = created.stdout.trim();
    const readKey = await createApiKey(env.pool, { userId: 'team', credits: 1 });
    const reportUrl = `${url}/v1/reports/pipeline-runs/${runId}`;

    // A read-only key gets the report without controls, and may not post.
    const readOnly = await (await fetch(reportUrl, { headers: { 'x-api-key': readKey } })).text();
    expect(readOnly).not.toMatch(/data-verdict="|<script nonce|<form id="missed-form"/);
    const refused = await fetch(`${reportUrl}/reviews`, {
      method: 'POST',
      headers: { 'x-api-key': readKey, 'content-type': 'application/json' },
      body: JSON.stringify({ complete: true }),
    });
    expect(refused.status).toBe(403);
    // A browser without the key is asked for it.
    const challenged = await fetch(reportUrl);
    expect([challenged.status, challenged.headers.get('www-authenticate')]).toEqual([401, 'Basic realm="evals reports", charset="UTF-8"']);

    // The reviewer, in Chromium, the key given as the password the browser asks for.
    const context = await browser.newContext({
      httpCredentials: { username: 'Ada', password: reviewerKey },
      viewport: { width: 1280, height: 1600 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(reportUrl);
    await expect.poll(() => page.locator('.review-bar').textContent()).toContain('Reviewing as Ada');

    await Promise.all([page.waitForNavigation(), page.click(`button[data-verdict="wrong"][data-issue="${cut.id}"]`)]);
    expect(await page.getAttribute(`button[data-verdict="wrong"][data-issue="${cut.id}"]`, 'aria-pressed')).toBe('true');

    // A click on frame 3, a third across and halfway down: the judge missed clutter there.
    const shot = page.locator('#frame-3 .shot');
    const box = (await shot.boundingBox())!;
    await shot.click({ position: { x: box.width / 3, y: box.height / 2 } });
    await page.selectOption('#missed-form select[name="kind"]', 'DESIGN_VALIDATION_JSON');
    await page.selectOption('#missed-form select[name="category"]', 'clutter');
    await Promise.all([page.waitForNavigation(), page.click('#missed-form button[type="submit"]')]);
    expect(await page.locator('#frame-3 .missed-pin').textContent()).toBe('missed: clutter (Ada)');

    await Promise.all([page.waitForNavigation(), page.click('button[data-complete]')]);
    expect(await page.locator('p.reviewed').textContent()).toMatch(/^Reviewed by Ada \(\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)\.$/);
    await page.screenshot({ path: path.join(dir, 'review.png'), fullPage: false });
    expect(errors).toEqual([]);
    await context.close();

    // Stored beside the run, served with it; the run's own record is unchanged.
    const served = (await (await fetch(`${reportUrl}/reviews`, { headers: { 'x-api-key': readKey } })).json()) as any;
    expect(served.reviews.verdicts).toEqual([expect.objectContaining({ issueId: cut.id, reviewer: 'Ada', verdict: 'wrong' })]);
    expect(served.reviews.missed).toEqual([
      expect.objectContaining({ reviewer: 'Ada', kind: 'DESIGN_VALIDATION_JSON', category: 'clutter', frameIndex: 3 }),
    ]);
    expect(served.reviews.missed[0].x).toBeCloseTo(1 / 3, 1);
    expect(served.reviews.completed.map((c: any) => c.reviewer)).toEqual(['Ada']);
    expect(await getPipelineRun(env.pool, runId, { includeIssues: true })).toEqual(record);
    // The read-only report shows the review, without controls.
    const shown = await (await fetch(reportUrl, { headers: { 'x-api-key': readKey } })).text();
    expect(shown).toContain('<span class="tally wrong" title="Ada">wrong 1</span>');
    expect(shown).not.toMatch(/data-verdict="|<script nonce/);

    // Exported: the kept issues and the missed one expected, the issue marked wrong left out.
    const exported = await evals(['labels', 'export', '--name', 'reviewed', '--out', 'reviewed.json']);
    expect(exported.code, exported.stderr).toBe(0);
    const set = JSON.parse(fs.readFileSync(path.join(dir, 'reviewed.json'), 'utf8')) as LabelledSetJson & {
      animations: { expect: any[] }[];
    };
    const kept = issues.filter((i) => i.id !== cut.id);
    expect(set.animations).toHaveLength(1);
    expect(set.animations[0].animation).toBe(path.relative(dir, corpus('defect-title-cut-top')));
    expect(set.animations[0].expect).toHaveLength(kept.length + 1);
    expect(set.animations[0].expect).toContainEqual(expect.objectContaining({ kind: 'DESIGN_VALIDATION_JSON', category: 'clutter' }));

    // Calibrated against the export, the same run (not judged again): the missed clutter is not found, the cut the reviewer rejected is a false finding.
    const after = await calibrate('reviewed.json');
    const figures = after.configurations[0];
    expect(figures.runs['reviewed/' + set.animations[0].id]).toBe(runId);
    expect(figures.overall).toMatchObject({ expected: kept.length + 1, found: kept.length, trueFindings: kept.length, falseFindings: 1 });
    expect(figures.kinds.DESIGN_VALIDATION_JSON).toMatchObject({
      expected: kept.filter((i) => i.kind === 'DESIGN_VALIDATION_JSON').length + 1,
      passFail: expect.objectContaining({ labelOnlyFails: 1 }),
    });
    expect(figures.kinds.VISUAL_VALIDATION_JSON!.falseFindings).toBe(1);

    // Agreement: the cut wrong, the kept issues right (Done), the clutter missed.
    const agreement = await evals(['agreement']);
    expect(agreement.stdout).toMatch(/VISUAL_VALIDATION_JSON\s+clipped_content\s+\d+\s+1\s+0\s+\d+%/);
    expect(agreement.stdout).toMatch(/DESIGN_VALIDATION_JSON\s+clutter\s+0\s+0\s+1\s+0%/);
    const metrics = await evals(['agreement', '--prometheus']);
    expect(metrics.stdout).toContain('evals_review_issues{kind="DESIGN_VALIDATION_JSON",category="clutter",verdict="missed"} 1');
    expect(metrics.stdout).toContain('evals_review_issues{kind="VISUAL_VALIDATION_JSON",category="clipped_content",verdict="wrong"} 1');
    const later = await evals(['agreement', '--since', new Date(Date.now() + 60_000).toISOString()]);
    expect(later.stdout.trim()).toMatch(/^no reviews since /);
  });

  it('refuses reviews that are not JSON from this server, or name what the run does not have, with the field at fault', async () => {
    const key = await createApiKey(env.pool, { userId: 'team', credits: 1, reviewer: 'Bo' });
    const runId = (await env.pool.query<{ id: string }>("SELECT id FROM pipeline_runs WHERE user_id = 'team' LIMIT 1")).rows[0].id;
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${url}/v1/reports/pipeline-runs/${runId}/reviews`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`Bo:${key}`).toString('base64')}`, 'content-type': 'application/json', ...headers },
        body,
      });
    const cases: [Promise<Response>, number, string][] = [
      [post('{"complete": true}', { 'content-type': 'text/plain' }), 415, 'a review is JSON (content-type: application/json)'],
      [post('{"complete": true}', { origin: 'https://elsewhere.example' }), 403, "a review must come from this server's report page"],
      [post('{"complete": true}', { 'sec-fetch-site': 'cross-site' }), 403, "a review must come from this server's report page"],
      [post('{"complete": true}', { 'sec-fetch-site': 'same-site' }), 403, "a review must come from this server's report page"],
      [post('not json'), 400, 'the review is not JSON'],
      [post('{"issueId": "nope", "verdict": "right"}'), 404, 'issue not found in this pipeline run'],
      [post('{"issueId": "x", "verdict": "maybe"}'), 400, 'verdict: must be right or wrong'],
      [
        post('{"missed": {"kind": "VISUAL_VALIDATION_JSON", "category": "clutter", "frameIndex": 0, "x": 0.5, "y": 0.5}}'),
        400,
        'missed.category: must be a category of VISUAL_VALIDATION_JSON',
      ],
      [
        post('{"missed": {"kind": "VISUAL_VALIDATION_JSON", "category": "overlap", "frameIndex": 999, "x": 0.5, "y": 0.5}}'),
        404,
        'frame not found in this pipeline run (or its frames were pruned)',
      ],
      [
        post('{"missed": {"kind": "VISUAL_VALIDATION_JSON", "category": "overlap", "frameIndex": 0, "x": 1.5, "y": 0.5}}'),
        400,
        'missed.x: must be from 0 to 1',
      ],
      [post(JSON.stringify({ complete: true, pad: 'x'.repeat(20_000) })), 413, 'a review is at most 16 KB'],
    ];
    for (const [response, status, error] of cases) {
      const r = await response;
      expect(r.status, error).toBe(status);
      expect(((await r.json()) as { error: string }).error).toContain(error);
    }
    const other = await createApiKey(env.pool, { userId: 'someone-else', credits: 1, reviewer: 'Cy' });
    expect(
      (
        await fetch(`${url}/v1/reports/pipeline-runs/${runId}/reviews`, {
          method: 'POST',
          headers: { 'x-api-key': other, 'content-type': 'application/json' },
          body: '{"complete": true}',
        })
      ).status,
    ).toBe(404);
    expect((await env.pool.query("SELECT count(*)::int AS n FROM run_reviews WHERE reviewer IN ('Bo', 'Cy')")).rows[0].n).toBe(0);
  });
});
