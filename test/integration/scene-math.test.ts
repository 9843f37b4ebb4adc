import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { EvalKind } from '../../src/domain/types';
import type { NormalizedIssue } from '../../src/domain/issue';
import { timelineOf, type SceneTimeline } from '../../src/scene/inspection';
import { quotedLines, runInspector } from '../../src/scene/inspector';
import { sceneResults, storedFrames as manifestOf } from '../../testkit/scene-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });

/**
 * The mathematics and reading-time rules on real Manim (docs/math-and-reading.md):
 * scenes run through the real inspector in its sandbox, the formulas checked by
 * SymPy there, each finding normalised as the pipeline stores it.
 */
const SOURCE = String.raw`from manim import *


class WrongDerivative(Scene):
    def construct(self):
        title = Text("Power rule", font_size=40).to_edge(UP)
        rule = MathTex(r"\frac{d}{dx} x^3 = 2x^2")
        self.play(Write(title), Write(rule))
        self.wait(2)


class RightDerivative(Scene):
    def construct(self):
        rule = MathTex(r"\frac{d}{dx} x^3 = 3x^2")
        self.play(Write(rule))
        self.wait(2)


class ExpansionSteps(Scene):
    def construct(self):
        a = MathTex("(x-y)^2")
        b = MathTex("(x-y)(x-y)")
        c = MathTex("x^2 - y^2")
        self.play(Write(a))
        self.wait(1.5)
        self.play(TransformMatchingTex(a, b))
        self.wait(1.5)
        self.play(TransformMatchingTex(b, c))
        self.wait(1.5)


class SolvingWithSlip(Scene):
    def construct(self):
        eq = MathTex("2x + 3 = 7")
        self.play(Write(eq))
        self.wait(1.5)
        step = MathTex("2x = 10")
        self.play(ReplacementTransform(eq, step))
        self.wait(1.5)
        answer = MathTex("x = 5")
        self.play(ReplacementTransform(step, answer))
        self.wait(1.5)


class FactorInPlace(Scene):
    def construct(self):
        eq = MathTex("x^2 - 5x + 6 = 0")
        self.play(Write(eq))
        self.wait(1.5)
        self.play(eq.animate.become(MathTex("(x-2)(x-4) = 0")))
        self.wait(1.5)


class DivideByXCopies(Scene):
    def construct(self):
        first = MathTex("x^3", "=", "4x")
        second = MathTex("x^2", "=", "4").next_to(first, DOWN)
        self.play(Write(first))
        self.wait(1.5)
        self.play(TransformFromCopy(first, second))
        self.wait(1.5)


class AlignedPartByPart(Scene):
    def construct(self):
        block = MathTex(
            r"\sum_{k=1}^{n} k &= \frac{n(n+1)}{2} \\",
            r"\sum_{k=0}^{n-1} 2^k &= 2^{n+1} - 1",
        )
        self.play(Write(block[0]))
        self.wait(2)
        self.play(Write(block[1]))
        self.wait(2)


class ColumnOfContinuations(Scene):
    def construct(self):
        lines = VGroup(
            MathTex(r"14 \times 15"),
            MathTex(r"= 14 \times 10 + 14 \times 5"),
            MathTex(r"= 140 + 70"),
            MathTex(r"= 200"),
        ).arrange(DOWN, aligned_edge=LEFT)
        for line in lines:
            self.play(Write(line))
            self.wait(2)


class Traps(Scene):
    def construct(self):
        lines = VGroup(
            MathTex("F = ma"),
            MathTex(r"A = \pi r^2"),
            MathTex(r"x \in [0, 1]"),
            MathTex(r"1 + 2 + \cdots + n = \frac{n(n+1)}{2}"),
            MathTex(r"e^{i\pi} + 1 = 0"),
            MathTex(r"x = \pm 3"),
            MathTex(r"\pi \approx 3.14"),
            MathTex("{{a}}^2 + {{b}}^2 = {{c}}^2"),
            MathTex(r"\log 100 = 2"),
        ).arrange(DOWN, buff=0.15).scale(0.55)
        self.play(FadeIn(lines))
        self.wait(4)


class FlashFormula(Scene):
    def construct(self):
        formula = MathTex(r"\int_0^1 x^2 \, dx = \frac{1}{3}")
        self.play(FadeIn(formula))
        self.wait(0.3)
        self.play(FadeOut(formula))
        self.play(Create(Circle()))
        self.wait(1)


class HeldFormula(Scene):
    def construct(self):
        formula = MathTex(r"\int_0^1 x^2 \, dx = \frac{1}{3}")
        self.play(FadeIn(formula))
        self.wait(2.5)
        self.play(FadeOut(formula))
        self.play(Create(Circle()))
        self.wait(1)


class BriefParagraph(Scene):
    def construct(self):
        text = Paragraph(
            "The derivative measures how fast a function changes.",
            "At each point it is the slope of the tangent line,",
            "the limit of the slopes of secant lines through nearby",
            "points, as those points come closer and closer.",
            font_size=26,
        )
        self.play(FadeIn(text))
        self.wait(1.5)
        self.play(FadeOut(text))
        self.play(Create(Square()))
        self.wait(1)


class BriefList(Scene):
    def construct(self):
        bullets = VGroup(
            Text("The angles of a triangle add up to 180 degrees", font_size=26),
            Text("The longest side is opposite the largest angle", font_size=26),
            Text("Two sides together are longer than the third", font_size=26),
        ).arrange(DOWN, aligned_edge=LEFT)
        self.play(FadeIn(bullets))
        self.wait(1)
        self.play(FadeOut(bullets))
        self.play(Create(Square()))
        self.wait(1)


class ThreeLabels(Scene):
    def construct(self):
        labels = VGroup(MathTex("a"), MathTex("b"), MathTex("c")).arrange(RIGHT)
        self.play(FadeIn(labels), run_time=0.5)
        self.wait(1)
        self.play(FadeOut(labels), run_time=0.5)
        self.play(Create(Square()))
        self.wait(1)


class HeldAtTheEnd(Scene):
    def construct(self):
        self.play(Create(Square()))
        self.wait(1)
        self.play(Write(Text("Thank you for watching this lesson on derivatives", font_size=30)))


class FiveHundredSums(Scene):
    def construct(self):
        sums = VGroup(*[Text(f"{a} + {a + 1} = {2 * a + 1}", font_size=10) for a in range(500)]).arrange_in_grid(rows=25, buff=0.05)
        tower = MathTex(r"2^{2^{2^{100}}} = 4").to_edge(DOWN)
        self.add(sums, tower)
        self.wait(1)
`;

const SCENES = [
  'WrongDerivative',
  'RightDerivative',
  'ExpansionSteps',
  'SolvingWithSlip',
  'FactorInPlace',
  'DivideByXCopies',
  'AlignedPartByPart',
  'ColumnOfContinuations',
  'Traps',
  'FlashFormula',
  'HeldFormula',
  'BriefParagraph',
  'BriefList',
  'ThreeLabels',
  'HeldAtTheEnd',
  'FiveHundredSums',
] as const;
type SceneName = (typeof SCENES)[number];
type Issue = NormalizedIssue & { kind: EvalKind };

const lineOf = (name: string) => SOURCE.split('\n').findIndex((l) => l.includes(name)) + 1;

describe('mathematics and reading time on real Manim', () => {
  const issues = new Map<SceneName, Issue[]>();
  const timelines = new Map<SceneName, SceneTimeline>();
  beforeAll(async () => {
    const ran = await runInspector(
      [{ name: 'scenes.py', content: SOURCE }],
      SCENES.map((scene) => ({ scene, width: 854, height: 480, fps: 15, durationMs: 0 })),
      { ...config.scene, limits: { ...config.scene.limits, wallMs: 600_000, cpuSeconds: 600 } },
    );
    if (!('answer' in ran)) throw new Error(`the inspector did not run: ${JSON.stringify(ran)}`);
    SCENES.forEach((scene, i) => {
      const result = ran.answer.results[i];
      // The source lines quoted as the pipeline quotes them.
      const timeline = timelineOf(result, ran.answer.manim ?? null, quotedLines([{ name: 'scenes.py', content: SOURCE }], [result]));
      if (!timeline) throw new Error(`${scene}: ${result?.error ?? ran.answer.error}`);
      timelines.set(scene, timeline);
      issues.set(
        scene,
        [...sceneResults(timeline, manifestOf(timeline))].flatMap(([kind, v]) => v.issues.map((issue) => ({ ...issue, kind }))),
      );
    });
  }, 600_000);

  const of = (scene: SceneName, category: string) => issues.get(scene)!.filter((i) => i.category === category);

  it('a false formula is a HIGH math_error of visual validation, on the frame it is first fully shown, with its line and the correct form', () => {
    const [found, ...more] = of('WrongDerivative', 'math_error');
    expect(more).toEqual([]);
    expect(found.kind).toBe('VISUAL_VALIDATION_JSON');
    expect(found.severity).toBe('HIGH');
    expect(found.description).toContain(`line ${lineOf('rule = MathTex')}`);
    expect(found.description).toMatch(/checked by SymPy/);
    expect(found.suggestedFix).toContain('`2x^{2}` should read `3 x^{2}`');
    // Written over its first second: first fully shown at its end.
    const at = timelines.get('WrongDerivative')!;
    expect(found.frameIndex).not.toBeNull();
    expect(manifestOf(at).frames[found.frameIndex!].timestampMs).toBeGreaterThanOrEqual(900);
    expect(of('RightDerivative', 'math_error')).toEqual([]);
  });

  it('a derivation step that does not follow is found on the step, whichever way the scene transforms', () => {
    const expansion = of('ExpansionSteps', 'math_error');
    expect(expansion.map((i) => i.severity)).toEqual(['HIGH']);
    expect(expansion[0].description).toContain(`line ${lineOf('c = MathTex')}`);
    expect(expansion[0].description).toMatch(/does not follow from the step before it, "\(x-y\)\(x-y\)"/);
    expect(expansion[0].suggestedFix).toContain('x^{2} - 2 x y + y^{2}');

    const slip = of('SolvingWithSlip', 'math_error');
    expect(slip.map((i) => i.severity)).toEqual(['HIGH']);
    expect(slip[0].description).toContain(`line ${lineOf('step = MathTex')}`);
    expect(slip[0].description).toMatch(/x = 2 solves 2x \+ 3 = 7 but not 2x = 10/);
    expect(slip[0].suggestedFix).toContain('`2 x = 4`');

    const factored = of('FactorInPlace', 'math_error');
    expect(factored.map((i) => i.severity)).toEqual(['HIGH']);
    expect(factored[0].description).toMatch(/x = 3 solves x\^2 - 5x \+ 6 = 0 but not \(x-2\)\(x-4\) = 0/);

    // TransformFromCopy(a, b) plays b from a copy of a: the step is a to b, and a stays as it was.
    const copied = of('DivideByXCopies', 'math_error');
    expect(copied.map((i) => i.severity)).toEqual(['HIGH']);
    expect(copied[0].description).toContain(`line ${lineOf('second = MathTex')}`);
    expect(copied[0].description).toMatch(/x = 0 solves x\^3 = 4x but not x\^2 = 4/);
    expect(of('DivideByXCopies', 'pacing')).toEqual([]);
  });

  it('a formula written part by part is read whole, and a line below that starts with `=` continues the one above', () => {
    // block[0], then block[1]: the scene holds the parts, never the MathTex; the formula is still one text.
    const aligned = of('AlignedPartByPart', 'math_error');
    expect(aligned.map((i) => i.severity)).toEqual(['HIGH']);
    expect(aligned[0].description).toContain(`line ${lineOf('block = MathTex')}`);
    expect(aligned[0].suggestedFix).toContain('`2^{n} - 1`');
    // Found once all of it is written, not while only its first (true) line shows.
    const at = timelines.get('AlignedPartByPart')!;
    expect(manifestOf(at).frames[aligned[0].frameIndex!].timestampMs).toBeGreaterThanOrEqual(3000);

    const column = of('ColumnOfContinuations', 'math_error');
    expect(column.map((i) => i.severity)).toEqual(['HIGH']);
    expect(column[0].description).toMatch(
      /MathTex "= 200" \(line \d+: `MathTex\(r"= 200"\),`\) continues "= 140 \+ 70" above it, and `140 \+ 70 = 200` does not hold/,
    );
    expect(column[0].suggestedFix).toContain('`200` should read `210`');
  });

  it('relations, definitions, notation no parser reads, approximations and \\pm are never a math_error', () => {
    expect(of('Traps', 'math_error')).toEqual([]);
    const math = timelines.get('Traps')!.math!;
    const skipped = math.formulas.filter((f) => f.status === 'skipped').map((f) => f.why);
    expect(skipped).toEqual(
      expect.arrayContaining([
        'a definition',
        expect.stringMatching(/^a relation or definition \(in\)/),
        expect.stringMatching(/^an ellipsis/),
      ]),
    );
    expect(math.formulas.filter((f) => f.status === 'ok').length).toBeGreaterThanOrEqual(3);
  });

  it('a formula faded in and out with 0.3 s at rest is a MEDIUM pacing issue of the engagement rubric, with the times and the wait it lacks', () => {
    const [found, ...more] = of('FlashFormula', 'pacing');
    expect(more).toEqual([]);
    expect(found.kind).toBe('ENGAGEMENT_RUBRIC_JSON');
    expect(found.severity).toBe('MEDIUM');
    expect(found.description).toMatch(
      /can be read for 0\.3 s \(shown at rest or moving from 00:01\.0\); a \d+-symbol formula needs about \d\.\d s/,
    );
    expect(found.suggestedFix).toMatch(
      /self\.wait\(\d\.\d\)` after the animation that shows it \(line \d+: `self\.play\(FadeIn\(formula\)\)`\)/,
    );
    expect(of('HeldFormula', 'pacing')).toEqual([]);
  });

  it('a paragraph of forty words on screen for 1.5 s needs far longer; what is on screen when the video ends is held by the player', () => {
    const [found] = of('BriefParagraph', 'pacing');
    expect(found.severity).toBe('MEDIUM');
    expect(found.description).toMatch(/can be read for 1\.5 s/);
    expect(Number(/needs about (\d+\.\d) s/.exec(found.description)?.[1])).toBeGreaterThan(8);
    expect(of('HeldAtTheEnd', 'pacing')).toEqual([]);
    // A list of texts shown together names the line of each text and the line that grouped them.
    const [list, ...rest] = of('BriefList', 'pacing');
    expect(rest).toEqual([]);
    expect(list.description).toMatch(/3 texts shown together/);
    expect(list.description).toContain(`in the group made at line ${lineOf('bullets = VGroup')}`);
    // Three one-letter labels shown together for a second: read together, the shortest time counts once.
    expect(of('ThreeLabels', 'pacing')).toEqual([]);
  });

  it('five hundred claims and a tower of powers: every formula answered within the limits, the tower skipped and counted', () => {
    const math = timelines.get('FiveHundredSums')!.math!;
    expect(math.formulas).toHaveLength(501);
    const tower = timelines.get('FiveHundredSums')!.texts!.findIndex((t) => t.text.includes('2^{2^{2^{100}}}'));
    expect(math.formulas[tower]).toMatchObject({ status: 'skipped', why: 'a number too large to evaluate' });
    expect(math.formulas.filter((f) => f.status === 'ok').length).toBeGreaterThanOrEqual(400);
    expect(of('FiveHundredSums', 'math_error')).toEqual([]);
  });
});
