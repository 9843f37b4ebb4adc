import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/api/keys';
import { createApiServer, listen } from '../../src/api/server';
import { startEvalPipeline } from '../../src/client';
import { PROJECT_ROOT } from '../../src/config';
import { EVAL_KINDS } from '../../src/domain/types';
import { createLogger } from '../../src/logger';
import { getPipelineRun } from '../../src/read-model/read-model';
import { IssuesResponseSchema, PipelineRunResponseSchema, type EvalPipelineRun } from '../../src/read-model/schemas';
import { HOSTILE_TEXTS, hostileAnswer, startFakeOpenAI, type FakeOpenAI } from '../../testkit/fake-openai';
import { sampleAnimation } from '../../testkit/videos';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';

/**
 * A judge endpoint that answers with hostile texts (issue 34): terminal
 * sequences, C1 controls, bidi overrides, markup, spreadsheet formulas and
 * 100 KB strings in summaries, issue descriptions, locations, suggested fixes
 * and a category. Everything `evals run` and `evals show` print or export shows
 * those controls instead of acting on them, CSV cells never start a formula,
 * and the read API still serves the texts exactly as the judge wrote them.
 */

const run = promisify(execFile);
const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const KEY = 'sk-hostile-judge-test';
// Raw control characters a terminal acts on: C0 but tab and line feed, DEL, C1; and the bidi controls that reorder a line.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const RAW_BIDI = /[\u202a-\u202e\u2066-\u2069]/;
// The category one kind answers with: its schema refuses it, so that kind ends ERROR.
const HOSTILE_CATEGORY = '\x1b]0;category\x07=cmd|calc';
const REFUSED_KIND = 'ENGAGEMENT_RUBRIC_JSON';
// How the hostile texts are shown wherever they are printed or exported.
const SHOWN = {
  terminal: 'Clipped \\x1b[2J\\x1b]0;pwned\\x07\\x1b[31mred text\\rOK',
  c1: 'Eight-bit \\x9b2J CSI, \\x9d0;pwned\\x9c OSC and a \\x85 next line',
  bidi: 'Open invoice\\u202egnp.exe\\u202c and \\u2067isolated\\u2069 text',
};

let env: TestEnv;
let fake: FakeOpenAI;
let dir: string;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
  for (const kind of EVAL_KINDS) fake.setAnswer(kind, hostileAnswer(kind, kind === REFUSED_KIND ? { category: HOSTILE_CATEGORY } : {}));
  env = await createTestEnv();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-hostile-'));
  server = createApiServer({ pool: env.pool, basePath: '/v1', log: createLogger('silent') });
  baseUrl = `${(await listen(server, 0, '127.0.0.1')).url}/v1`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await env?.close();
  await fake?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The real CLI in `dir`, judged by the hostile endpoint, logging at info. */
async function evals(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const extra = {
    EVALS_DATA_DIR: path.join(dir, 'data'),
    EVALS_PROVIDER: 'openai',
    OPENAI_API_KEY: KEY,
    OPENAI_BASE_URL: fake.baseUrl,
    LOG_LEVEL: 'info',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [EVALS, ...args], {
      cwd: dir,
      env: childEnv(env, extra),
      timeout: 240_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

function expectNoRawControls(what: string, text: string, opts: { bidi: boolean } = { bidi: true }): void {
  const control = RAW_CONTROL.exec(text);
  expect(
    control,
    `${what}: raw U+${control?.[0].charCodeAt(0).toString(16).padStart(4, '0')} near ${JSON.stringify(text.slice(Math.max(0, (control?.index ?? 0) - 40), (control?.index ?? 0) + 40))}`,
  ).toBeNull();
  if (opts.bidi) expect(RAW_BIDI.exec(text)?.[0], `${what}: raw bidi control`).toBeUndefined();
}

/** RFC 4180 CSV: rows of cells, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else cell += c;
  }
  return rows;
}

describe('a judge that answers with hostile texts', () => {
  // The file name is a formula too; the other one hides its extension behind a right-to-left override.
  const FORMULA_FILE = '=HYPERLINK("http:x","y").mp4';
  const BIDI_FILE = 'clip\u202e4pm.exe.mp4';
  let result: { code: number; stdout: string; stderr: string };
  let pipelineRunIds: string[];
  const readOut = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

  beforeAll(async () => {
    fs.copyFileSync(sampleAnimation(), path.join(dir, FORMULA_FILE));
    fs.copyFileSync(path.join(PROJECT_ROOT, 'corpus', 'manim', 'clean-summary.mp4'), path.join(dir, BIDI_FILE));
    result = await evals([
      'run',
      FORMULA_FILE,
      BIDI_FILE,
      '--user-input',
      'Animate a circle',
      '--csv',
      'out.csv',
      '--junit',
      'out.xml',
      '--html',
      'reports',
      '--concurrency',
      '2',
    ]);
    pipelineRunIds = (await env.pool.query<{ id: string }>("SELECT id FROM pipeline_runs WHERE user_id = 'local'")).rows.map((r) => r.id);
  });

  it('evals run judges both animations through the endpoint and fails them, one kind in ERROR (exit 3)', () => {
    // The hostile category is refused by the answer schema, so that kind ends ERROR: exit 3 outranks FAIL's 1.
    expect(result.code, result.stderr.slice(-2000)).toBe(3);
    expect(fake.requests.length).toBeGreaterThanOrEqual(10);
    expect(pipelineRunIds).toHaveLength(2);
  });

  it('evals run: stdout and stderr (progress, logs) show every control character', () => {
    expectNoRawControls('stdout', result.stdout);
    expectNoRawControls('stderr', result.stderr);
    // The summary table: each animation's worst issue at its location (a judge's formula), shown, with the file names.
    expect(result.stdout).toContain(`${FORMULA_FILE}  FAIL`);
    expect(result.stdout).toContain('clip\\u202e4pm.exe.mp4');
    expect(result.stdout).toMatch(/\sFAIL\s+HIGH \w+ @ \S/);
    // Progress names the files; the logs (at info) are JSON lines.
    expect(result.stderr).toContain('clip\\u202e4pm.exe.mp4 started pipeline');
    expect(result.stderr).toMatch(/^\{.*"level":30/m);
  });

  it('evals run --csv: no cell starts a formula, numbers stay numbers, controls shown', () => {
    const csv = readOut('out.csv');
    expectNoRawControls('CSV', csv);
    const [header, ...rows] = parseCsv(csv);
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      for (const [i, cell] of row.entries()) {
        // Text cells only: numbers stay numbers (scores and counts are never negative).
        if (/^\d+$/.test(cell)) continue;
        expect(cell, `${header[i]}: ${cell.slice(0, 80)}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    expect(rows.map((r) => r[header.indexOf('score')])).toEqual(expect.arrayContaining(['10', '100', '']));
    // Neutralised the OWASP way: a leading quote inside a quoted cell, the text otherwise kept.
    expect(csv).toContain(`"'=HYPERLINK(""http:x"",""y"").mp4"`);
    // Each judged kind's worst issue sits at its location, a formula (the refused kind has none).
    const at = new Set(rows.map((r) => r[header.indexOf('worst_issue_at')]));
    for (const kind of EVAL_KINDS.filter((k) => k !== REFUSED_KIND))
      expect(at).toContain(`'${(hostileAnswer(kind) as { issues: { location: string }[] }).issues[0].location}`);
    const worst = (kind: string) => rows.find((r) => r[header.indexOf('kind')] === kind)![header.indexOf('worst_issue')];
    expect(worst('USER_INPUT_SECURITY')).toContain(SHOWN.terminal);
    expect(worst('VISUAL_VALIDATION_JSON')).toContain(SHOWN.c1);
    expect(worst('DESIGN_VALIDATION_JSON')).toContain(SHOWN.bidi);
  });

  it('evals run --junit and --html: controls shown, markup escaped', () => {
    const junit = readOut('out.xml');
    expectNoRawControls('JUnit', junit);
    const report = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testsuite' || name === 'testcase',
    }).parse(junit);
    const cases = (report.testsuites.testsuite as { testcase: { name: string; failure?: { '#text': string } }[] }[]).flatMap(
      (s) => s.testcase,
    );
    expect(cases.find((c) => c.name === 'VISUAL_RUBRIC_JSON')!.failure!['#text']).toContain('<script>alert("x")</script>');
    expect(cases.find((c) => c.name === 'USER_INPUT_SECURITY')!.failure!['#text']).toContain(SHOWN.terminal);
    expect(cases.find((c) => c.name === 'VISUAL_VALIDATION_JSON')!.failure!['#text']).toContain(SHOWN.c1);
    expect(cases.find((c) => c.name === 'DESIGN_VALIDATION_JSON')!.failure!['#text']).toContain(SHOWN.bidi);

    const pages = fs.readdirSync(path.join(dir, 'reports'));
    expect(pages.sort()).toEqual(['=HYPERLINK("http:x","y").html', 'clip\u202e4pm.exe.html'].sort());
    for (const page of pages) {
      const html = readOut(path.join('reports', page));
      expectNoRawControls(page, html);
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b title=&quot;\\x1b&quot;&gt;bold&lt;/b&gt;');
      expect(html).not.toContain('<script>alert');
      for (const text of Object.values(SHOWN)) expect(html).toContain(text);
    }
  });

  it('evals show --issues shows them too, and --json and the read API serve exactly what the judge wrote', async () => {
    expect(pipelineRunIds).toHaveLength(2);
    for (const id of pipelineRunIds) {
      const shown = await evals(['show', id, '--issues']);
      expect(shown.code, shown.stderr).toBe(0);
      expectNoRawControls('show stdout', shown.stdout);
      expectNoRawControls('show stderr', shown.stderr);
      for (const text of Object.values(SHOWN)) expect(shown.stdout).toContain(text);
      expect(shown.stdout).toContain(HOSTILE_TEXTS.long);
      // The kind whose category the schema refused ended ERROR, its reason in the table.
      expect(shown.stdout).toMatch(new RegExp(`${REFUSED_KIND}\\s+ERROR`));

      // The same run as JSON: control characters escaped, the value the judge wrote.
      const json = await evals(['show', id, '--issues', '--json']);
      expectNoRawControls('show --json', json.stdout);
      const printed = PipelineRunResponseSchema.parse(JSON.parse(json.stdout)).evalPipelineRun;
      expectJudgeTexts(printed);

      const key = await createApiKey(env.pool, { userId: 'local', credits: 10 });
      const served = await fetch(`${baseUrl}/evals/pipeline-runs/${id}?includeIssues=true`, { headers: { 'x-api-key': key } });
      expect(served.status).toBe(200);
      const body = PipelineRunResponseSchema.parse(await served.json()).evalPipelineRun;
      expectJudgeTexts(body);
      expect(body).toEqual(printed);
      const issues = IssuesResponseSchema.parse(
        await (await fetch(`${baseUrl}/evals/pipeline-runs/${id}/issues`, { headers: { 'x-api-key': key } })).json(),
      );
      expect(issues.issues.map((i) => i.description)).toEqual(
        expect.arrayContaining([HOSTILE_TEXTS.terminal, HOSTILE_TEXTS.c1, HOSTILE_TEXTS.bidi, HOSTILE_TEXTS.markup]),
      );
    }
  });
});

/** Every judged kind's issue carries the hostile texts exactly as the endpoint sent them (the refused kind ended ERROR). */
function expectJudgeTexts(run: EvalPipelineRun): void {
  for (const kind of EVAL_KINDS) {
    const evalRun = run.evalRuns.find((r) => r.kind === kind)!;
    if (kind === REFUSED_KIND) {
      expect(evalRun.status).toBe('ERROR');
      continue;
    }
    const sent = (hostileAnswer(kind) as { issues: { description: string; suggestedFix: string; location: string }[] }).issues[0];
    expect(evalRun.status).toBe('FAIL');
    expect(evalRun.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          description: sent.description,
          suggestedFix: sent.suggestedFix,
          frameHint: sent.location,
          frameIndex: null,
        }),
      ]),
    );
    expect(evalRun.summary).toContain(`${HOSTILE_TEXTS.terminal} ${HOSTILE_TEXTS.bidi}`);
  }
}

describe('the run summary', () => {
  it('puts a full stop after the source files left out, before the scene note', async () => {
    await env.startWorker();
    const handle = await startEvalPipeline(env.client, env.taskQueue, {
      fragmentId: 'frag-notes',
      projectId: 'project-1',
      userId: 'user-1',
      userInput: null,
      animation: {
        url: sampleAnimation(),
        title: null,
        description: null,
        sources: [
          { name: 'scene.py', content: 'x = 1\n' },
          { name: '../escape.py', content: 'y = 2\n' },
        ],
      },
    });
    const { pipelineRunId } = await handle.result();
    const summary = (await getPipelineRun(env.pool, pipelineRunId))!.evalPipelineRun.summary!;
    expect(summary).toMatch(
      / Source files left out: "\.\.\/escape\.py" \(not a plain relative path or not text\)\. Scene: the source files are not a Manim scene \(nothing imports manim\): layout judged from pixels\.$/,
    );
  });
});
