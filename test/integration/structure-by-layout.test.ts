import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { NormalizedIssue } from '../../src/domain/issue';
import { timelineOf } from '../../src/scene/inspection';
import { runInspector } from '../../src/scene/inspector';
import { renderScene } from '../../src/scene/render';
import { forUser } from '../../src/scene/tex-cache';
import { judgeVideoLocally } from '../../testkit/local-judge';
import { sceneResults, storedFrames as manifestOf } from '../../testkit/scene-corpus';

/**
 * Structure by layout, not by looks (docs/fixes.md, "The structure rule"): texts
 * a rule laid out stay one structure while their cells are recoloured, faded,
 * grown, ringed or crossed out, as sieves, tables and step-by-step highlights do.
 * Real Manim: each scene inspected from its source and rendered, its video
 * judged from pixels alone. Texts scattered by hand and recoloured are still clutter.
 * One scene's labels are formulas (the number line's), the others' are text: each
 * formula is compiled twice here (by the inspection and for the cache the render reads).
 */
const SOURCE = `from manim import *


class Sieve(Scene):
    def construct(self):
        title = Text("Sieve of Eratosthenes", font_size=34).to_edge(UP, buff=0.3)
        numbers = VGroup(*[Text(str(n), font_size=22) for n in range(1, 101)])
        numbers.arrange_in_grid(rows=10, cols=10, buff=(0.45, 0.2)).next_to(title, DOWN, buff=0.3)
        self.play(Write(title), FadeIn(numbers), run_time=0.5)
        self.play(numbers[0].animate.set_opacity(0.3), run_time=0.3)
        for p in [2, 3, 5, 7]:
            ring = Circle(radius=0.24, color=YELLOW).move_to(numbers[p - 1])
            self.play(numbers[p - 1].animate.set_color(YELLOW), Create(ring), run_time=0.3)
            self.play(*[numbers[m - 1].animate.set_color(GREY).set_opacity(0.35) for m in range(p * p, 101, p)], run_time=0.3)
        primes = [n for n in range(11, 101) if all(n % d for d in range(2, int(n ** 0.5) + 1))]
        self.play(*[numbers[n - 1].animate.set_color(YELLOW) for n in primes], run_time=0.5)
        self.wait(2)


class SieveCellByCell(Scene):
    def construct(self):
        cells = []
        for i in range(100):
            cells.append(Text(str(i + 1), font_size=22).move_to([-4.05 + (i % 10) * 0.9, 3.3 - (i // 10) * 0.72, 0]))
        self.play(*[FadeIn(c) for c in cells], run_time=0.5)
        for p in [2, 3, 5, 7]:
            self.play(Transform(cells[p - 1], Text(str(p), font_size=28, color=YELLOW).move_to(cells[p - 1])), run_time=0.3)
            self.play(*[cells[m - 1].animate.set_color(GREY_B).set_opacity(0.4) for m in range(p * p, 101, p)], run_time=0.3)
        self.wait(2)


class RecolouredGrid(Scene):
    def construct(self):
        cells = VGroup(*[Text(str(n), font_size=40) for n in range(1, 49)]).arrange_in_grid(rows=6, cols=8, buff=0.55)
        self.play(FadeIn(cells), run_time=0.5)
        for k in range(0, 48, 7):
            self.play(cells[k].animate.set_color(RED).scale(1.3), run_time=0.2)
        self.play(cells[1::2].animate.set_opacity(0.3), run_time=0.3)
        self.play(*[Create(Cross(cells[k], stroke_width=3)) for k in range(3, 48, 9)], run_time=0.3)
        self.wait(2)


class TableHighlightedRow(Scene):
    def construct(self):
        table = Table(
            [[str(r * c) for c in range(1, 7)] for r in range(1, 6)],
            col_labels=[Text(str(c)) for c in range(1, 7)],
            row_labels=[Text(str(r)) for r in range(1, 6)],
            include_outer_lines=True,
        ).scale(0.55)
        self.play(Create(table), run_time=0.8)
        row = table.get_rows()[3]
        self.play(row.animate.set_color(YELLOW), Create(SurroundingRectangle(row, color=YELLOW)), run_time=0.4)
        self.play(table.get_entries((4, 4)).animate.scale(1.4), run_time=0.3)
        self.wait(2)


class NumberLineLabelled(Scene):
    def construct(self):
        line = NumberLine(x_range=[-12, 12, 1], length=13)
        self.add(line)
        labels = []
        for n in range(-12, 13):
            label = MathTex(str(n), font_size=26).next_to(line.n2p(n), DOWN)
            self.add(label)
            labels.append(label)
        for label in labels:
            self.play(label.animate.set_color(YELLOW).scale(1.2), run_time=0.1)
        for label in labels[::4]:
            self.play(Transform(label, label.copy().set_color(RED)), run_time=0.1)
        self.wait(2)


class ScatteredRecoloured(Scene):
    def construct(self):
        rng = np.random.default_rng(4)
        words = VGroup(*[Text(f"n{i}", font_size=24).move_to([-5.4 + (i % 8) * 1.5 + rng.uniform(-0.3, 0.3), 2.6 - (i // 8) * 1.2 + rng.uniform(-0.2, 0.2), 0]) for i in range(40)])
        self.play(FadeIn(words), run_time=0.5)
        self.play(*[words[k].animate.set_color(YELLOW) for k in range(0, 40, 3)], run_time=0.3)
        self.wait(2)
`;

const LAID_OUT = ['Sieve', 'SieveCellByCell', 'RecolouredGrid', 'TableHighlightedRow', 'NumberLineLabelled'] as const;
const SCENES = [...LAID_OUT, 'ScatteredRecoloured'] as const;
type SceneName = (typeof SCENES)[number];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-structure-'));
fs.chmodSync(dir, 0o755); // a root worker runs scenes as a uid of their own
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const config = loadConfig({ EVALS_PROVIDER: 'local', EVALS_DATA_DIR: path.join(dir, 'data') });
// One user's scenes: the renders read the TeX the inspection compiled.
const settings = forUser(config.scene, 'structure-test-user');

const clutterOf = (issues: NormalizedIssue[]) =>
  issues.filter((i) => i.category === 'clutter').map((i) => `${i.severity} ${i.description}`);

describe('structure by layout, not by looks, on real Manim', () => {
  const fromScene = new Map<SceneName, string[]>();
  const fromPixels = new Map<SceneName, string[]>();
  beforeAll(async () => {
    const sources = [{ name: 'scenes.py', content: SOURCE }];
    const ran = await runInspector(
      sources,
      SCENES.map((scene) => ({ scene, width: 854, height: 480, fps: 15, durationMs: 0 })),
      { ...settings, limits: { ...settings.limits, wallMs: 600_000, cpuSeconds: 600 } },
    );
    if (!('answer' in ran)) throw new Error(`the inspector did not run: ${JSON.stringify(ran)}`);
    for (const [i, scene] of SCENES.entries()) {
      const timeline = timelineOf(ran.answer.results[i], ran.answer.manim ?? null, {});
      if (!timeline) throw new Error(`${scene}: ${ran.answer.results[i]?.error ?? ran.answer.error}`);
      fromScene.set(scene, clutterOf([...sceneResults(timeline, manifestOf(timeline)).values()].flatMap((v) => v.issues)));
      const video = path.join(dir, `${scene}.mp4`);
      const rendered = await renderScene({ sources, scene, width: 854, height: 480, fps: 15, settings, outputPath: video });
      if (!rendered.ok) throw new Error(`${scene} did not render: ${rendered.reason}`);
      const judged = await judgeVideoLocally(video, config, dir);
      fromPixels.set(scene, clutterOf([...judged.values()].flatMap((v) => v.issues)));
    }
  }, 900_000);

  it.each(LAID_OUT)('%s: cells recoloured, faded, grown, ringed or crossed out stay one structure, from the scene', (scene) => {
    expect(fromScene.get(scene)).toEqual([]);
  });

  it.each(LAID_OUT)('%s: and from pixels alone', (scene) => {
    expect(fromPixels.get(scene)).toEqual([]);
  });

  it('forty texts scattered by hand, some recoloured, are still too many at once, from the scene and from pixels', () => {
    expect(fromScene.get('ScatteredRecoloured')).toEqual([
      expect.stringMatching(/^MEDIUM 40 separate pieces of text are on screen at once/),
    ]);
    expect(fromPixels.get('ScatteredRecoloured')).toEqual([
      expect.stringMatching(/^MEDIUM Up to \d+ separate labels, formulas and shapes/),
    ]);
  });
});
