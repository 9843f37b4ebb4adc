import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPipelineRun } from '../../src/read-model/read-model';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { PROJECT_ROOT } from '../../src/config';
import { loadSceneInspection } from '../../src/db/scene-inspections';
import type { SceneSource } from '../../src/fragments/scene-sources';
import { pipelineRunReport } from '../../src/report/report';
import { FakeFragmentsApi } from '../../testkit/fake-fragments-api';
import { createTestEnv, type TestEnv } from '../helpers/env';

/**
 * Scene inspection on real Manim in the real sandbox, through the pipeline:
 * the corpus's own renders with their sources, hostile sources that try to
 * escape, and sources that are broken in every ordinary way. Whatever the
 * source does, the run completes with its pixel verdict and a note.
 */

const CORPUS = path.join(PROJECT_ROOT, 'corpus', 'manim');
const corpusSource: SceneSource = { name: 'scenes.py', content: fs.readFileSync(path.join(CORPUS, 'scenes.py'), 'utf8') };
const video = (file: string) => path.join(CORPUS, file);
/** One class of the corpus's scenes, as a fragment's own source would hold it. */
const oneScene = (name: string): SceneSource => {
  const start = corpusSource.content.indexOf(`class ${name}(`);
  const end = corpusSource.content.indexOf('\nclass ', start + 1);
  return { name: 'scene.py', content: `from manim import *\n\n${corpusSource.content.slice(start, end < 0 ? undefined : end)}\n` };
};

/** A secret in the worker's own environment: no scene may read it. */
const SECRET = `scene-secret-${process.pid}-${Date.now()}`;
process.env.EVALS_TEST_SCENE_SECRET = SECRET;

let env: TestEnv;
let listener: net.Server;
let connections = 0;
let listenerPort = 0;
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-escape-'));

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as net.AddressInfo).port;
  env = await createTestEnv({ EVALS_SCENE_TIMEOUT_SECONDS: '25', EVALS_SCENE_CPU_SECONDS: '15', EVALS_SCENE_MEMORY_MB: '1536' });
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
  listener?.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

async function evaluate(fragmentId: string, file: string, sources: SceneSource[] | null, scene: string | null = null) {
  const handle = await startEvalPipeline(env.client, env.taskQueue, {
    fragmentId,
    projectId: 'project-scene',
    userId: 'user-1',
    userInput: null,
    animation: { url: file, title: 'Scene', description: null, sources, scene },
  });
  const result = await handle.result();
  const run = PipelineRunResponseSchema.parse(
    await getPipelineRun(env.pool, result.pipelineRunId, { includeIssues: true }),
  ).evalPipelineRun;
  const inspection = await loadSceneInspection(env.pool, result.pipelineRunId);
  const origins = await env.pool.query<{ category: string; origin: string | null; suggested_fix: string | null }>(
    'SELECT i.category, i.origin, i.suggested_fix FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE r.pipeline_run_id = $1',
    [result.pipelineRunId],
  );
  return { run, inspection, issues: origins.rows, pipelineRunId: result.pipelineRunId };
}

const hostile = (body: string): SceneSource[] => [
  {
    name: 'scene.py',
    content: `from manim import *\nimport os, socket, sys\n\nclass Hostile(Scene):\n    def construct(self):\n${body
      .split('\n')
      .map((l) => `        ${l}`)
      .join('\n')}\n        self.play(Write(Text("hello")))\n        self.wait(1)\n`,
  },
];

describe('scene inspection through the pipeline (real Manim, real sandbox)', () => {
  it('takes the layout from the scene: a label sliding off the right edge is found exactly, with the line to change', async () => {
    const { run, inspection, issues, pipelineRunId } = await evaluate(
      'scene-slides-off',
      video('defect-text-slides-off-right.mp4'),
      [corpusSource],
      'DefectTextSlidesOffRight',
    );
    expect(run.status).toBe('COMPLETED');
    expect(inspection?.status).toBe('inspected');
    expect(inspection?.timeline?.scene).toBe('DefectTextSlidesOffRight');
    expect(run.summary).toMatch(/Scene: layout from the scene DefectTextSlidesOffRight \(its timeline matches the video within \d+ ms/);
    const visual = run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')!;
    expect(visual.status).toBe('FAIL');
    const clipped = visual.issues!.find((i) => i.category === 'clipped_content')!;
    expect(clipped.description).toMatch(
      /Text "Similar triangles" \(line \d+\) is cut by the right edge of the frame from 00:03\.\d to the end/,
    );
    expect(clipped.suggestedFix).toMatch(/^line 226: `self\.play\(text\.animate\.shift\(RIGHT \* 7\)/);
    expect(issues.find((i) => i.category === 'clipped_content')?.origin).toBe('scene');
    // The report draws the scene's boxes and says who found what.
    const html = (await pipelineRunReport(env.pool, pipelineRunId))!;
    expect(html).toContain('id="show-scene"');
    expect(html.match(/class="scene-box text"/g)?.length).toBeGreaterThan(10);
    expect(html).toContain('<span class="origin scene">scene</span>');
  });

  it('what the formulas claim and how long they stay: a wrong derivation step fails visual validation, a formula flashed by is a pacing issue, both stored on their frames and served', async () => {
    const math = path.join(PROJECT_ROOT, 'corpus', 'manim-math');
    const source: SceneSource = { name: 'scenes.py', content: fs.readFileSync(path.join(math, 'scenes.py'), 'utf8') };
    const wrong = await evaluate(
      'scene-math-slip',
      path.join(math, 'math-linear-sign-slip-aligned.mp4'),
      [source],
      'MathLinearSignSlipAligned',
    );
    expect(wrong.inspection?.status).toBe('inspected');
    const visual = wrong.run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')!;
    expect(visual.status).toBe('FAIL');
    const [error] = visual.issues!.filter((i) => i.category === 'math_error');
    expect(error.severity).toBe('HIGH');
    expect(error.frameIndex).not.toBeNull();
    expect(error.frameHint).toMatch(/^00:(0[89]|1\d)\.\d/);
    expect(error.description).toMatch(
      /\(line 153: .*\) is false: one of its lines does not follow from the line before: `5 - 2x = 11` becomes `-2x = 16`/,
    );
    expect(error.suggestedFix).toMatch(/^line 153: .*should read `- 2 x = 6`/);
    expect(wrong.issues.find((i) => i.category === 'math_error')?.origin).toBe('scene');

    const brief = await evaluate('scene-math-brief', path.join(math, 'brief-formula-flash.mp4'), [source], 'BriefFormulaFlash');
    const engagement = brief.run.evalRuns.find((r) => r.kind === 'ENGAGEMENT_RUBRIC_JSON')!;
    const [pacing] = engagement.issues!.filter((i) => i.category === 'pacing');
    expect(pacing.severity).toBe('MEDIUM');
    expect(pacing.description).toMatch(/\(line 677: .*\) can be read for 0\.\d s .* needs about \d\.\d s at 17 characters a second/);
    expect(engagement.issues!.filter((i) => i.category === 'static')).toEqual([]);

    // Formulas written and held 3 to 4 s to be read: reading time, not a picture that looks stuck.
    const held = await evaluate('scene-math-held', path.join(math, 'clean-composition.mp4'), [source], 'CleanComposition');
    const rubric = held.run.evalRuns.find((r) => r.kind === 'ENGAGEMENT_RUBRIC_JSON')!;
    expect(rubric.issues!.filter((i) => i.category === 'static' || i.category === 'pacing')).toEqual([]);
  });

  it('a clean scene passes with no layout finding, the pixel guesses set aside', async () => {
    const { run, inspection } = await evaluate('scene-clean-plane', video('clean-number-plane.mp4'), [corpusSource], 'CleanNumberPlane');
    expect(inspection?.status).toBe('inspected');
    for (const kind of ['VISUAL_VALIDATION_JSON', 'DESIGN_VALIDATION_JSON'] as const) {
      const r = run.evalRuns.find((e) => e.kind === kind)!;
      expect(
        r.issues!.filter((i) => i.severity !== 'LOW'),
        kind,
      ).toEqual([]);
      expect(r.status, kind).toBe('PASS');
    }
  });

  it('contains every escape a hostile source tries, and each run still ends with its pixel verdict', async () => {
    const attempts: Record<string, string> = {
      network: `s = socket.create_connection(("127.0.0.1", ${listenerPort}), timeout=3)\ns.sendall(b"escaped")`,
      // Anything it found would reach the stored note in the exception it raises.
      secrets: `leak = os.environ.get("EVALS_TEST_SCENE_SECRET", "") + open("/proc/1/environ").read() + open("/proc/self/environ").read()\nif "scene-secret" in leak:\n    raise RuntimeError(leak)`,
      'write outside': `for target in [${JSON.stringify(path.join(outside, 'escaped'))}, ${JSON.stringify(path.join(PROJECT_ROOT, 'escaped-by-scene'))}, "/escaped"]:\n    try:\n        open(target, "w").write("x")\n    except OSError:\n        pass`,
      'fork bomb': 'while True:\n    os.fork()',
      'endless loop': 'while True:\n    pass',
      '20 GB': 'hog = bytearray(20 * 1024 ** 3)',
      '100 MB output': 'for _ in range(100):\n    print("x" * (1024 * 1024))',
    };
    const runs = await Promise.all(
      Object.entries(attempts).map(
        async ([name, body], i) => [name, await evaluate(`scene-escape-${i}`, video('clean-circle-area.mp4'), hostile(body))] as const,
      ),
    );
    const notes = Object.fromEntries(runs.map(([name, r]) => [name, r.inspection?.note ?? '']));
    for (const [name, r] of runs) {
      expect(r.run.status, name).toBe('COMPLETED');
      expect(['failed', 'discarded'], `${name}: ${notes[name]}`).toContain(r.inspection?.status);
      // The pixel judge judged the layout: no finding came from the scene.
      expect(
        r.issues.filter((i) => i.origin === 'scene'),
        name,
      ).toEqual([]);
      expect(r.run.evalRuns.find((e) => e.kind === 'VISUAL_VALIDATION_JSON')!.provider, name).toBe('local');
    }
    expect(connections).toBe(0);
    expect(fs.existsSync(path.join(outside, 'escaped'))).toBe(false);
    expect(fs.existsSync(path.join(PROJECT_ROOT, 'escaped-by-scene'))).toBe(false);
    expect(fs.existsSync('/escaped')).toBe(false);
    const stored = await env.pool.query<{ text: string }>(`SELECT coalesce(timeline::text, '') || note AS text FROM scene_inspections`);
    expect(stored.rows.some((r) => r.text.includes(SECRET))).toBe(false);
    expect(notes.network).toMatch(/the scene raised (OSError|ConnectionRefusedError|socket\.gaierror|TimeoutError)/);
    expect(notes['fork bomb']).toMatch(/reached its limit of 32 processes|used more than its 1536 MB of memory|BlockingIOError/);
    expect(notes['endless loop']).toMatch(/ran past its 25 s limit|used more than its 15 s of CPU/);
    expect(notes['20 GB']).toMatch(/MemoryError|used more than its 1536 MB/);
    expect(notes['100 MB output']).toMatch(/wrote more than 64 MB of output/);
  });

  it('a scene that raises, a timeline that is not the video, and files that hold no scene are notes on runs that complete', async () => {
    const [raises, mismatch, noScene, notManim] = await Promise.all([
      evaluate('scene-raises', video('clean-circle-area.mp4'), hostile('x = 1 / 0')),
      evaluate('scene-mismatch', video('clean-circle-area.mp4'), [corpusSource], 'DefectStaticHold'),
      evaluate('scene-none', video('clean-circle-area.mp4'), [
        { name: 'helpers.py', content: 'from manim import *\n\ndef title(text):\n    return Text(text)\n' },
      ]),
      evaluate('scene-not-manim', video('clean-circle-area.mp4'), [{ name: 'main.py', content: 'print("hello")\n' }]),
    ]);
    expect(raises.inspection?.note).toMatch(
      /^the scene raised ZeroDivisionError: division by zero \(scene\.py, line 6\): layout judged from pixels$/,
    );
    expect(mismatch.inspection?.note).toMatch(
      /the timeline of DefectStaticHold \(14\.07 s\) does not match the video \(6\.53 s; \d+ ms allowed\): inspection discarded/,
    );
    expect(noScene.inspection?.note).toBe('the sources define no Scene subclass: layout judged from pixels');
    expect(notManim.inspection?.note).toMatch(/not a Manim scene/);
    for (const r of [raises, mismatch, noScene, notManim]) {
      expect(r.run.status).toBe('COMPLETED');
      expect(r.run.summary).toMatch(/Scene: .*layout judged from pixels\./);
    }
  });

  it("reads the scene from the fragment's files, asking for them with the files flag; a file nested too deep or given twice is left out, and the run says so", async () => {
    const api = await new FakeFragmentsApi(video('defect-title-cut-top.mp4')).start();
    try {
      const scene = oneScene('DefectTitleCutTop').content;
      api.files.set('frag-with-files', { 'scene.py': scene, 'README.md': 'not python' });
      api.files.set('frag-deep-file', { [`${'d/'.repeat(60)}scene.py`]: scene });
      // As a list, a second scene.py would replace the first when the files are written: the first is kept.
      api.files.set('frag-file-twice', [
        { path: 'scene.py', content: scene },
        { path: 'scene.py', content: hostile('x = 1 / 0')[0].content },
      ]);
      for (const id of ['frag-with-files', 'frag-deep-file', 'frag-file-twice']) api.render(id);
      const local = await createTestEnv({ ...api.env, EVALS_SCENE_TIMEOUT_SECONDS: '25', EVALS_SCENE_CPU_SECONDS: '15' });
      try {
        await local.startWorker();
        const [files, deep, twice] = await Promise.all(
          ['frag-with-files', 'frag-deep-file', 'frag-file-twice'].map(async (fragmentId) => {
            const result = await (
              await startEvalPipeline(local.client, local.taskQueue, { fragmentId, projectId: 'p', userId: 'u', userInput: null })
            ).result();
            const run = PipelineRunResponseSchema.parse(await getPipelineRun(local.pool, result.pipelineRunId)).evalPipelineRun;
            return { run, inspection: await loadSceneInspection(local.pool, result.pipelineRunId) };
          }),
        );
        expect(api.requests.every((r) => r.query.get('includeFiles') === 'true')).toBe(true);
        expect(files.inspection?.status, files.inspection?.note).toBe('inspected');
        expect(files.inspection?.timeline?.scene).toBe('DefectTitleCutTop');
        expect(deep.run.status).toBe('COMPLETED');
        expect(deep.run.summary).toContain(`Source files left out: "${'d/'.repeat(30)}" (more than 16 directories deep)`);
        expect(deep.inspection?.note).toBe('no scene source: layout judged from pixels');
        expect(twice.run.summary).toContain('Source files left out: scene.py (a second file at that path; the first is kept)');
        expect(twice.inspection?.status, twice.inspection?.note).toBe('inspected');
        expect(twice.inspection?.timeline?.scene).toBe('DefectTitleCutTop');
      } finally {
        await local.close();
      }
    } finally {
      await api.stop();
    }
  });
});
