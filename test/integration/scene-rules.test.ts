import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { EvalKind } from '../../src/domain/types';
import type { NormalizedIssue } from '../../src/domain/issue';
import { timelineOf } from '../../src/scene/inspection';
import { runInspector } from '../../src/scene/inspector';
import { sceneResults, storedFrames as manifestOf } from '../../testkit/scene-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });

/**
 * The layout rules as principles, on real Manim: scenes run through the real
 * inspector in its sandbox, each finding normalised as the pipeline stores it.
 */
const SOURCE = `from manim import *


class CrowdedLabels(Scene):
    def construct(self):
        labels = VGroup(*[Text(f"point {i}", font_size=28).move_to([-5.5 + (i % 8) * 1.45, 2.6 - (i // 8) * 0.32, 0]) for i in range(40)])
        self.play(FadeIn(labels))
        self.wait(2)


class NumberGrid(Scene):
    def construct(self):
        numbers = VGroup(*[Integer(n, font_size=26) for n in range(1, 101)]).arrange_in_grid(rows=10, cols=10, buff=(0.45, 0.18))
        self.play(FadeIn(numbers))
        self.wait(2)


class ChartWithLabels(Scene):
    def construct(self):
        chart = BarChart(
            values=[-5, 40, -10, 20, -3, 12, 30, 8, -7, 15],
            bar_names=["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
            y_range=[-20, 50, 10], y_length=5, x_length=10, x_axis_config={"font_size": 28},
        )
        self.play(Create(chart), FadeIn(chart.get_bar_labels(font_size=24)))
        self.wait(2)


class TablesAndMatrices(Scene):
    def construct(self):
        table = IntegerTable([[n * m for n in range(1, 6)] for m in range(1, 5)], col_labels=[Integer(n) for n in range(1, 6)], include_outer_lines=True).scale(0.5)
        matrices = VGroup(Matrix([[2, -1], [0, 3]]), Matrix([[1, 0, 4], [-1, 2, 5], [7, 8, 9]])).arrange(RIGHT, buff=1.5).scale(0.7)
        self.play(FadeIn(Group(table, matrices).arrange(DOWN, buff=0.4)))
        self.wait(2)


class ScatteredLabels(Scene):
    def construct(self):
        rng = np.random.default_rng(5)
        words = VGroup(*[Text(f"item {i}", font_size=22).move_to([-5.4 + (i % 6) * 2.1 + rng.uniform(-0.3, 0.3), 2.4 - (i // 6) * 0.9 + rng.uniform(-0.15, 0.15), 0]) for i in range(30)])
        self.play(FadeIn(words))
        self.wait(2)


class Highlights(Scene):
    def construct(self):
        formula = MathTex(r"\\frac{d}{dx}f(x)g(x)=", r"f(x)\\frac{d}{dx}g(x)", "+", r"g(x)\\frac{d}{dx}f(x)").shift(UP * 2)
        frame = SurroundingRectangle(formula[1], buff=0.1)
        sum_ = MathTex(r"a^2 + b^2 = c^2")
        brace = Brace(sum_, DOWN)
        wrong = Text("two plus two is five", font_size=32).shift(DOWN * 2)
        crossed = Cross(wrong[11:])
        term = Text("the derivative", font_size=32).shift(DOWN * 3)
        line = Line(LEFT * 4, RIGHT * 4).move_to(term)
        term.add_background_rectangle(opacity=1, buff=0.1)
        self.play(Write(formula), FadeIn(sum_, wrong), Create(line), FadeIn(term))
        self.play(Create(frame), GrowFromCenter(brace), Create(Underline(sum_)), Create(crossed))
        self.wait(1)
        self.play(Circumscribe(sum_), Indicate(formula[3]))
        self.wait(1)


class FrameThroughWord(Scene):
    def construct(self):
        word = Text("framed", font_size=36).shift(UP)
        frame = SurroundingRectangle(word, buff=0.4)
        neighbour = Text("neighbour", font_size=36).move_to(frame.get_bottom())
        self.play(FadeIn(word, neighbour))
        self.play(Create(frame))
        self.wait(2)


class FieldCreated(Scene):
    def construct(self):
        stream_lines = StreamLines(lambda p: (p[0] * UR + p[1] * LEFT) - p, x_range=[-7, 7, 1], y_range=[-4, 4, 1], stroke_width=3, virtual_time=1, max_anchors_per_line=5)
        self.play(stream_lines.create())
        self.wait(1)


class PlaneBentAndMoved(Scene):
    def construct(self):
        plane = NumberPlane()
        self.play(Create(plane))
        self.play(ApplyMatrix([[1, 1], [0, 1]], plane))
        self.wait(1)
        self.play(plane.animate.shift(RIGHT * 2))
        plane.prepare_for_nonlinear_transform()
        self.play(plane.animate.apply_function(lambda p: p + np.array([np.sin(p[1]), np.sin(p[0]), 0])))
        self.wait(1)


class ChartOnAScale(Scene):
    def construct(self):
        chart = BarChart(
            values=[3, 8, 13, 21, 34, 55, 89, 55, 34, 21, 13, 8],
            bar_names=[chr(65 + i) for i in range(12)],
            y_range=[0, 90, 1], y_length=6, x_length=11,
            y_axis_config={"numbers_to_include": [1, 2, 3, 5, 8, 13, 21, 34, 55, 89], "font_size": 20},
            x_axis_config={"font_size": 24},
        )
        self.play(Create(chart))
        self.wait(2)


class PlotPastTheTop(Scene):
    def construct(self):
        axes = Axes(x_range=[-3, 3], y_range=[0, 9], y_length=6)
        self.add(axes)
        self.play(Create(axes.plot(lambda x: 2 * x ** 2)), Create(Circle().shift(UP * 3.5 + RIGHT * 4.5)))
        self.wait(1)


class PlaneAndShinyText(Scene):
    def construct(self):
        text = Text("So shiny!").move_to([3, 2.5, 0])
        self.add(ComplexPlane().add_coordinates(), text, AnimatedBoundary(text, colors=[RED, GREEN, BLUE]))
        self.wait(2)


class LabelStoodUp(ThreeDScene):
    def construct(self):
        axes = ThreeDAxes()
        self.set_camera_orientation(phi=2 * PI / 5, theta=PI / 5)
        self.add(axes, axes.get_z_axis_label(Tex("$z$-label")))
        self.wait(1)


class Swatches(Scene):
    def construct(self):
        swatches = VGroup(*[Line(ORIGIN, RIGHT * 3, stroke_width=55, color=c) for c in (PINK, YELLOW, WHITE)]).arrange(DOWN, buff=0.6)
        for line in swatches:
            line.add(Text("a name", color=BLACK).scale(0.6).move_to(line))
        self.play(FadeIn(swatches))
        self.wait(2)


class StillCutLabel(Scene):
    def construct(self):
        self.play(FadeIn(Square()))
        self.add(Text("a caption wider than the frame of this video, cut at both edges", font_size=40))


class LabelsOnDots(Scene):
    def construct(self):
        dots = VGroup(LabeledDot("3"), LabeledDot(MathTex("a", color=BLACK)), LabeledDot(Text("ii", color=BLACK, font_size=24))).arrange(RIGHT)
        self.play(FadeIn(dots))
        self.wait(2)


class LingeringTransforms(Scene):
    def construct(self):
        numbers = VGroup(*[Integer(i) for i in range(4, 7)]).arrange(UP, buff=1)
        self.add(numbers)
        self.play(Transform(numbers[0], numbers[1]))
        self.play(Transform(numbers[1], numbers[2]))
        self.wait()


class DigitsOverDigits(Scene):
    def construct(self):
        self.add(Integer(5), Integer(6))
        self.wait()


class BoxesInUnevenGrid(Scene):
    def construct(self):
        rng = np.random.default_rng(3)
        boxes = VGroup(*[Rectangle(WHITE, rng.random() + 0.5, rng.random() + 0.5).add(Text(str(i + 1)).scale(0.5)) for i in range(22)])
        self.add(boxes.arrange_in_grid(buff=(0.25, 0.5), col_alignments="lccccr", row_alignments="uccd", col_widths=[2, *[None] * 4, 2], flow_order="dr"))
        self.wait()


class ScatteredBoxes(Scene):
    def construct(self):
        rng = np.random.default_rng(3)
        boxes = VGroup(*[Rectangle(WHITE, rng.random() * 0.4 + 0.5, rng.random() * 0.4 + 0.5).add(Text(str(i + 1)).scale(0.5)).move_to([rng.uniform(-6, 6), rng.uniform(-3.3, 3.3), 0]) for i in range(24)])
        self.add(boxes)
        self.wait()
`;

const SCENES = [
  'CrowdedLabels',
  'NumberGrid',
  'ChartWithLabels',
  'TablesAndMatrices',
  'ScatteredLabels',
  'Highlights',
  'FrameThroughWord',
  'FieldCreated',
  'PlaneBentAndMoved',
  'ChartOnAScale',
  'PlotPastTheTop',
  'PlaneAndShinyText',
  'LabelStoodUp',
  'Swatches',
  'StillCutLabel',
  'LabelsOnDots',
  'LingeringTransforms',
  'DigitsOverDigits',
  'BoxesInUnevenGrid',
  'ScatteredBoxes',
] as const;
type SceneName = (typeof SCENES)[number];
/** Rendered as stills (Manim's `-s`: the last frame, held 1 s), as the documentation shows some examples. */
const STILLS: readonly SceneName[] = ['StillCutLabel'];

describe('scene rules on real Manim', () => {
  const issues = new Map<SceneName, (NormalizedIssue & { kind: EvalKind })[]>();
  beforeAll(async () => {
    const ran = await runInspector(
      [{ name: 'scenes.py', content: SOURCE }],
      SCENES.map((scene) => ({
        scene,
        width: 854,
        height: 480,
        fps: 15,
        durationMs: STILLS.includes(scene) ? 1000 : 0,
        still: STILLS.includes(scene),
      })),
      { ...config.scene, limits: { ...config.scene.limits, wallMs: 600_000, cpuSeconds: 600 } },
    );
    if (!('answer' in ran)) throw new Error(`the inspector did not run: ${JSON.stringify(ran)}`);
    SCENES.forEach((scene, i) => {
      const timeline = timelineOf(ran.answer.results[i], ran.answer.manim ?? null, {});
      if (!timeline) throw new Error(`${scene}: ${ran.answer.results[i]?.error ?? ran.answer.error}`);
      const results = sceneResults(timeline, manifestOf(timeline));
      issues.set(
        scene,
        [...results].flatMap(([kind, v]) => v.issues.map((issue) => ({ ...issue, kind }))),
      );
    });
  }, 600_000);

  it('one defect, one issue: forty labels crowded over each other are one overlap issue saying how many and where', () => {
    const overlaps = issues.get('CrowdedLabels')!.filter((i) => i.category === 'overlap');
    expect(overlaps.length).toBeGreaterThan(0);
    expect(overlaps.length).toBeLessThanOrEqual(5);
    const [merged] = overlaps;
    const count = Number(/^(\d+) overlap issues at \d\d:\d\d\.\d (at the|in the)/.exec(merged.description)?.[1]);
    expect(count).toBeGreaterThanOrEqual(20);
    expect(merged.description).toMatch(/Text "point \d+" \(line 6\) is drawn over Text "point \d+"/);
    expect(merged.region).not.toBeNull();
  });

  it('clutter counts what the eye reads separately: a grid of numbers, a chart with its labels, tables and matrices are each one structure', () => {
    for (const scene of ['NumberGrid', 'ChartWithLabels', 'TablesAndMatrices'] as const) {
      expect(
        issues.get(scene)!.filter((i) => i.category === 'clutter' && i.severity !== 'LOW'),
        scene,
      ).toEqual([]);
    }
  });

  it('a chart is a coordinate system, whatever its class: its numbers on an uneven scale and its bar names are one structure', () => {
    expect(issues.get('ChartOnAScale')!.filter((i) => i.category === 'clutter' && i.severity !== 'LOW')).toEqual([]);
  });

  it('thirty labels scattered by hand are still clutter, though their group is one mobject', () => {
    const clutter = issues.get('ScatteredLabels')!.filter((i) => i.category === 'clutter');
    expect(clutter.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(clutter[0].description).toMatch(/^30 separate pieces of text/);
  });

  it('a highlight around its target is not an overlap: a frame round one term, a brace, an underline, a cross, a backing, Circumscribe and Indicate', () => {
    expect(issues.get('Highlights')!.filter((i) => i.category === 'overlap')).toEqual([]);
  });

  it('a frame whose edge runs through a word it does not surround is an overlap of that word', () => {
    const overlaps = issues.get('FrameThroughWord')!.filter((i) => i.category === 'overlap');
    expect(overlaps.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(overlaps[0].description).toMatch(/^Text "neighbour" \(line \d+\) has SurroundingRectangle \(line \d+\) running through it/);
  });

  it('a field or plane filling the frame is never clipping: stream lines drawn one by one, a plane sheared, moved and bent', () => {
    for (const scene of ['FieldCreated', 'PlaneBentAndMoved'] as const)
      expect(
        issues.get(scene)!.filter((i) => i.category === 'clipped_content' || i.category === 'off_screen'),
        scene,
      ).toEqual([]);
  });

  it('a still is inspected as what it shows, its last frame: a caption cut by both edges', () => {
    const clipped = issues.get('StillCutLabel')!.filter((i) => i.category === 'clipped_content');
    expect(clipped.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(clipped[0].description).toMatch(
      /Text "a caption wider than the frame.*" \(line \d+\) is cut by the left and right edges of the frame from 00:00\.0 to the end/,
    );
  });

  it('a label is read against what it sits on, its own dot too: dark labels on light dots are not low contrast', () => {
    expect(issues.get('LabelsOnDots')!.filter((i) => i.category === 'low_contrast')).toEqual([]);
  });

  it('a plot or a line leaving the frame runs on out of view; a circle leaving it is cut', () => {
    const clipped = issues.get('PlotPastTheTop')!.filter((i) => i.category === 'clipped_content');
    expect(clipped.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(clipped[0].description).toMatch(/^Circle \(line \d+\) is cut by the top/);
  });

  it("a frame-filling plane's numbers are cut where the plane is, and a boundary tracing a text is not a text over it", () => {
    expect(issues.get('PlaneAndShinyText')!.filter((i) => ['clipped_content', 'overlap'].includes(i.category))).toEqual([]);
  });

  it('a label stood up along the z axis is measured as the 3D camera shows it, not by a font size that reads 0', () => {
    expect(issues.get('LabelStoodUp')!.filter((i) => i.category === 'unreadable_text')).toEqual([]);
  });

  it("a Transform's source left showing its target's glyphs, exactly over it, is one text drawn twice; two digits in one place are an overlap", () => {
    expect(issues.get('LingeringTransforms')!.filter((i) => i.category === 'overlap')).toEqual([]);
    const overlaps = issues.get('DigitsOverDigits')!.filter((i) => i.category === 'overlap');
    expect(overlaps.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(overlaps[0].description).toMatch(/^Integer "5" \(line \d+\) is drawn over Integer "6"/);
  });

  it('numbered boxes of uneven sizes in a grid, their rows and columns aligned at an edge, are one structure; scattered, they are clutter', () => {
    expect(issues.get('BoxesInUnevenGrid')!.filter((i) => i.category === 'clutter' && i.severity !== 'LOW')).toEqual([]);
    const clutter = issues.get('ScatteredBoxes')!.filter((i) => i.category === 'clutter');
    expect(clutter.map((i) => i.severity)).toEqual(['MEDIUM']);
    expect(clutter[0].description).toMatch(/^24 separate pieces of text/);
  });

  it('a text on a stroke as wide as its letters is read against that stroke: black names on light swatches', () => {
    // Read against the black background they would be HIGH; on pink (Lc 38) black is below large text's Lc 45, no worse.
    const found = issues.get('Swatches')!.filter((i) => i.category === 'low_contrast');
    expect(found.map((i) => [i.severity, /on (the \w+ of \w+)/.exec(i.description)?.[1]])).toEqual([['LOW', 'the fill of Line']]);
  });
});
