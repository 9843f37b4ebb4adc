"""The math corpus (tuning part): math-teaching scenes with one planted math error, one too-brief text, or none.

Written the way an LLM writes Manim for a "teach me X" request: a title, formulas as MathTex,
derivations shown step by step. Each scene class carries its label (NAME, DEFECT, DESCRIPTION,
EXPECTED, WHERE); defect scenes call `self.mark("start")` right after the play that first shows
the wrong formula (or the too-brief text) fully and `self.mark("end")` when it leaves the screen or
is transformed into something else (no "end" mark: it stays to the end of the video). The source
line that creates the wrong formula or the too-brief text ends with the comment `# defect`;
render.py writes its line number as the expected issue's "line". render.py renders every scene at
-ql and writes labels.json from these attributes and marks.

Frame at -ql: 854x480 px, 14.22 x 8 Manim units, so 1 unit = 60 px.
"""

from manim import *

Text.set_default(font="DejaVu Sans")

VISUAL = "VISUAL_VALIDATION_JSON"
ENGAGEMENT = "ENGAGEMENT_RUBRIC_JSON"

MATH_ERROR = [(VISUAL, "math_error")]
PACING = [(ENGAGEMENT, "pacing")]


class Labelled:
    """Label of a corpus scene, and the marks that time its defect."""

    NAME = ""
    DEFECT = None
    DESCRIPTION = ""
    EXPECTED = []
    WHERE = None

    def mark(self, name, after=0.0):
        """Time `name` now, or `after` seconds from now."""
        # renderer.time counts the frames written so far: the moment the next frame shows.
        if not hasattr(self, "marks"):
            self.marks = {}
        self.marks[name] = round(self.renderer.time + after, 3)


def title(text, **kwargs):
    return Text(text, font_size=40, **kwargs).to_edge(UP, buff=0.5)


def line_up_equals(lines, indices):
    """Shift each line sideways so that its part at `indices[i]` (an equals sign) lines up with the first line's."""
    x = lines[0][indices[0]].get_x()
    for line, i in zip(lines[1:], indices[1:]):
        line.shift((x - line[i].get_x()) * RIGHT)


# ---------------------------------------------------------------------------
# Math errors: exactly one planted mathematical error each
# ---------------------------------------------------------------------------


class MathSquareLosesCrossTerm(Labelled, Scene):
    NAME = "math-square-loses-cross-term"
    DEFECT = "square-loses-cross-term"
    DESCRIPTION = "Expanding (x+3)^2 step by step with TransformMatchingTex; the last step gives x^2 + 9, losing the cross term 6x."
    EXPECTED = MATH_ERROR
    WHERE = "centre: (x+3)^2 = x^2 + 9, the last step of the derivation"

    def construct(self):
        heading = title("Expanding a square")
        self.play(Write(heading))
        step1 = MathTex("(x+3)^2", font_size=64)
        self.play(Write(step1))
        self.wait(2.2)
        step2 = MathTex("(x+3)^2", "=", "(x+3)(x+3)", font_size=64)
        caption = Text("multiply out the brackets", font_size=30, color=GRAY_B).next_to(step2, DOWN, buff=0.9)
        self.play(TransformMatchingTex(step1, step2), FadeIn(caption))
        self.wait(4)
        step3 = MathTex("(x+3)^2", "=", "x^2", "+", "9", font_size=64)  # defect
        step3[2:].set_color(YELLOW)
        self.play(TransformMatchingTex(step2, step3))
        self.mark("start")
        self.wait(3)
        box = SurroundingRectangle(step3, color=YELLOW, buff=0.25)
        self.play(Create(box))
        self.wait(2)


class MathDifferenceSquareIdentity(Labelled, Scene):
    NAME = "math-difference-square-identity"
    DEFECT = "square-loses-cross-term"
    DESCRIPTION = "A single boxed 'identity' (a - b)^2 = a^2 - b^2 with a brace label: false on its own (the -2ab term is missing)."
    EXPECTED = MATH_ERROR
    WHERE = "centre: the boxed formula (a - b)^2 = a^2 - b^2"

    def construct(self):
        heading = title("A useful identity")
        self.play(Write(heading))
        self.wait(0.5)
        identity = MathTex("(a - b)^2", "=", "a^2 - b^2", font_size=72).shift(UP * 0.4)  # defect
        identity[0].set_color(BLUE)
        self.play(Write(identity), run_time=1.5)
        self.mark("start")
        self.wait(2)
        brace = Brace(identity[0], DOWN, buff=0.15)
        brace_label = brace.get_text("square of a difference").scale(0.8)
        self.play(GrowFromCenter(brace), FadeIn(brace_label))
        self.wait(3.5)
        box = SurroundingRectangle(identity, color=YELLOW, buff=0.25)
        caption = Text("Use it to simplify squares quickly", font_size=30, color=GRAY_B).to_edge(DOWN, buff=0.8)
        self.play(Create(box), FadeIn(caption))
        self.wait(4.5)


class MathLinearSignSlipLines(Labelled, Scene):
    NAME = "math-linear-sign-slip-lines"
    DEFECT = "linear-sign-slip"
    DESCRIPTION = "Solving 3x + 5 = 20 in lines written one below another: the second line adds 5 instead of subtracting it (3x = 20 + 5), carried to x = 25/3."
    EXPECTED = MATH_ERROR
    WHERE = "second line of the solution: 3x = 20 + 5 (and the lines after it)"

    def construct(self):
        heading = title("Solving a linear equation")
        l1 = MathTex("3x", "+", "5", "=", "20", font_size=52)
        l2 = MathTex("3x", "=", "20", "+", "5", font_size=52)  # defect
        l3 = MathTex("3x", "=", "25", font_size=52)
        l4 = MathTex("x", "=", r"\frac{25}{3}", font_size=52)
        lines = VGroup(l1, l2, l3, l4).arrange(DOWN, buff=0.45).next_to(heading, DOWN, buff=0.6).shift(LEFT * 1.5)
        line_up_equals(lines, [3, 1, 1, 1])
        note = Text("move the 5 across", font_size=28, color=BLUE).next_to(l2, RIGHT, buff=1.2)
        self.play(Write(heading))
        self.play(Write(l1))
        self.wait(2.5)
        self.play(Write(l2), FadeIn(note))
        self.mark("start")
        self.wait(3)
        self.play(Write(l3))
        self.wait(2)
        self.play(Write(l4))
        self.wait(1.5)
        box = SurroundingRectangle(l4, color=YELLOW, buff=0.15)
        self.play(Create(box))
        self.wait(2.5)


class MathLinearSignSlipAligned(Labelled, Scene):
    NAME = "math-linear-sign-slip-aligned"
    DEFECT = "linear-sign-slip"
    DESCRIPTION = "A multi-line aligned MathTex solving 5 - 2x = 11: the second line says -2x = 16 (should be 6), carried to x = -8."
    EXPECTED = MATH_ERROR
    WHERE = "centre: the aligned block, its second line -2x = 16 and the answer x = -8"

    def construct(self):
        heading = title("Solving for x")
        problem = Text("Find x when 5 − 2x = 11", font_size=32, color=GRAY_B).next_to(heading, DOWN, buff=0.5)
        solution = MathTex(r"5 - 2x &= 11 \\ -2x &= 16 \\ x &= -8", font_size=56).next_to(problem, DOWN, buff=0.6)  # defect
        hint = Text("subtract 5, then divide by −2", font_size=28, color=BLUE).to_edge(DOWN, buff=0.7)
        self.play(Write(heading))
        self.play(FadeIn(problem))
        self.wait(3.5)
        self.play(Write(solution), run_time=2.5)
        self.mark("start")
        self.wait(2.5)
        self.play(FadeIn(hint))
        self.wait(4.5)


class MathProductRuleWrongAnswer(Labelled, Scene):
    NAME = "math-product-rule-wrong-answer"
    DEFECT = "wrong-derivative"
    DESCRIPTION = "Product rule for x^2 sin x: u, v, u', v' are right, the final boxed answer 2x sin x + x^2 sin x is wrong (should end x^2 cos x)."
    EXPECTED = MATH_ERROR
    WHERE = "bottom: the boxed final answer d/dx(x^2 sin x) = 2x sin x + x^2 sin x"

    def construct(self):
        heading = title("The product rule")
        rule = MathTex("(uv)'", "=", "u'v", "+", "uv'", font_size=48)
        parts = MathTex(r"u = x^2, \quad v = \sin x", font_size=40)
        derivs = MathTex(r"u' = 2x, \quad v' = \cos x", font_size=40)
        answer = MathTex(r"\frac{d}{dx}\left(x^2 \sin x\right)", "=", r"2x \sin x + x^2 \sin x", font_size=48)  # defect
        VGroup(rule, parts, derivs, answer).arrange(DOWN, buff=0.5).next_to(heading, DOWN, buff=0.5)
        rule.set_color(BLUE)
        self.play(Write(heading))
        self.play(Write(rule))
        self.wait(2.5)
        self.play(FadeIn(parts, shift=UP * 0.2))
        self.wait(3)
        self.play(FadeIn(derivs, shift=UP * 0.2))
        self.wait(3)
        self.play(Write(answer), run_time=1.5)
        self.mark("start")
        box = SurroundingRectangle(answer, color=YELLOW, buff=0.15)
        self.play(Create(box))
        self.wait(4.5)


class MathChainRuleMissingFactor(Labelled, Scene):
    NAME = "math-chain-rule-missing-factor"
    DEFECT = "wrong-derivative"
    DESCRIPTION = "d/dx e^{3x} transformed (TransformMatchingTex) into d/dx e^{3x} = e^{3x}: the chain-rule factor 3 is missing."
    EXPECTED = MATH_ERROR
    WHERE = "centre: d/dx e^{3x} = e^{3x}"

    def construct(self):
        heading = title("Differentiating an exponential")
        self.play(Write(heading))
        problem = MathTex(r"\frac{d}{dx}", r"e^{3x}", font_size=72)
        self.play(Write(problem))
        self.wait(2.6)
        result = MathTex(r"\frac{d}{dx}", r"e^{3x}", "=", r"e^{3x}", font_size=72)  # defect
        result[3].set_color(YELLOW)
        self.play(TransformMatchingTex(problem, result))
        self.mark("start")
        self.wait(2.5)
        caption = Text("The exponential is its own derivative", font_size=30, color=GRAY_B).next_to(result, DOWN, buff=1.0)
        self.play(FadeIn(caption))
        self.wait(4.5)


class MathAntiderivativeXex(Labelled, Scene):
    NAME = "math-antiderivative-x-ex"
    DEFECT = "wrong-antiderivative"
    DESCRIPTION = "A single formula, the integral of x e^x given as x^2/2 e^x + C (should be (x - 1)e^x + C)."
    EXPECTED = MATH_ERROR
    WHERE = "centre: the formula ∫ x e^x dx = x^2/2 e^x + C"

    def construct(self):
        heading = title("Finding an antiderivative")
        formula = MathTex(r"\int x e^{x}\,dx", "=", r"\frac{x^2}{2}\, e^{x} + C", font_size=64)  # defect
        formula[0].set_color(BLUE)
        caption = Text("integrate each factor on its own", font_size=30, color=GRAY_B).next_to(formula, DOWN, buff=0.9)
        self.play(Write(heading))
        self.wait(0.5)
        self.play(Write(formula), run_time=2)
        self.mark("start")
        self.wait(2)
        self.play(FadeIn(caption))
        self.wait(4.5)


class MathAntiderivativeInverseSquare(Labelled, Scene):
    NAME = "math-antiderivative-inverse-square"
    DEFECT = "wrong-antiderivative"
    DESCRIPTION = "Power rule stated correctly, then a multi-line aligned derivation of ∫ 1/x^2 dx whose last line drops the sign: 1/x + C (should be -1/x + C)."
    EXPECTED = MATH_ERROR
    WHERE = "lower block: its third line = 1/x + C"

    def construct(self):
        heading = title("The power rule for integrals")
        rule = MathTex(r"\int x^n\,dx = \frac{x^{n+1}}{n+1} + C \quad (n \neq -1)", font_size=42, color=BLUE)
        rule.next_to(heading, DOWN, buff=0.5)
        work = MathTex(r"\int \frac{1}{x^2}\,dx &= \int x^{-2}\,dx \\ &= \frac{x^{-1}}{-1} + C \\ &= \frac{1}{x} + C", font_size=48)  # defect
        work.next_to(rule, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(Write(rule), run_time=1.5)
        self.wait(3.5)
        self.play(Write(work), run_time=3)
        self.mark("start")
        self.wait(5)
        self.play(Indicate(work, scale_factor=1.05))
        self.wait(1.5)


class MathDefiniteIntegralXSquared(Labelled, Scene):
    NAME = "math-definite-integral-x-squared"
    DEFECT = "wrong-definite-integral"
    DESCRIPTION = "Area under x^2 on [0, 3] shaded on axes; the derivation beside it reaches 27/3 - 0, then its final step says the integral is 27 (should be 9)."
    EXPECTED = MATH_ERROR
    WHERE = "right half: the last step ∫_0^3 x^2 dx = 27"

    def construct(self):
        heading = title("Area under a parabola")
        ax = Axes(x_range=[0, 3.5, 1], y_range=[0, 10, 2], x_length=5, y_length=4.4, tips=False, axis_config={"include_numbers": True, "font_size": 28})
        ax.to_edge(LEFT, buff=0.8).shift(DOWN * 0.6)
        curve = ax.plot(lambda x: x ** 2, x_range=[0, 3.15], color=BLUE)
        area = ax.get_area(curve, x_range=(0, 3), color=BLUE, opacity=0.4)
        self.play(Write(heading))
        self.play(Create(ax), run_time=1.5)
        self.play(Create(curve), FadeIn(area))
        step1 = MathTex(r"\int_0^3 x^2\,dx", "=", r"\left[\frac{x^3}{3}\right]_0^3", font_size=44).move_to(RIGHT * 3.4 + UP * 0.3)
        self.play(Write(step1))
        self.wait(3.8)
        step2 = MathTex(r"\int_0^3 x^2\,dx", "=", r"\frac{27}{3} - 0", font_size=44).move_to(step1)
        self.play(TransformMatchingTex(step1, step2))
        self.wait(3.6)
        step3 = MathTex(r"\int_0^3 x^2\,dx", "=", "27", font_size=44).move_to(step1)  # defect
        self.play(TransformMatchingTex(step2, step3))
        self.mark("start")
        box = SurroundingRectangle(step3, color=YELLOW, buff=0.2)
        self.play(Create(box))
        self.wait(3.5)


class MathDefiniteIntegralSine(Labelled, Scene):
    NAME = "math-definite-integral-sine"
    DEFECT = "wrong-definite-integral"
    DESCRIPTION = "One arch of sin x shaded on axes; the single formula under it says ∫_0^π sin x dx = 0 (should be 2)."
    EXPECTED = MATH_ERROR
    WHERE = "bottom: the formula ∫_0^π sin x dx = 0"

    def construct(self):
        heading = title("One arch of the sine curve")
        ax = Axes(x_range=[0, 3.5, 1], y_range=[0, 1.2, 0.5], x_length=7, y_length=3, tips=False, axis_config={"include_numbers": True, "font_size": 26})
        ax.next_to(heading, DOWN, buff=0.5)
        curve = ax.plot(np.sin, x_range=[0, PI], color=GREEN)
        area = ax.get_area(curve, x_range=(0, PI), color=GREEN, opacity=0.4)
        pi_label = MathTex(r"\pi", font_size=34).next_to(ax.c2p(PI, 0), UP, buff=0.15)
        self.play(Write(heading))
        self.play(Create(ax), run_time=1.5)
        self.play(Create(curve), FadeIn(pi_label))
        self.play(FadeIn(area))
        formula = MathTex(r"\int_0^{\pi} \sin x\,dx", "=", "0", font_size=56).next_to(ax, DOWN, buff=0.5)  # defect
        self.play(Write(formula), run_time=1.5)
        self.mark("start")
        self.wait(2.5)
        self.play(Indicate(formula[2], color=YELLOW))
        self.wait(3)


class MathTimesTableSevenEight(Labelled, Scene):
    NAME = "math-times-table-seven-eight"
    DEFECT = "false-arithmetic"
    DESCRIPTION = "Four lines of the 8 times table written one below another; the second says 7 x 8 = 54."
    EXPECTED = MATH_ERROR
    WHERE = "second line of the table: 7 × 8 = 54"

    def construct(self):
        heading = title("The 8 times table")
        rows = VGroup(
            MathTex(r"6 \times 8 = 48", font_size=56),
            MathTex(r"7 \times 8 = 54", font_size=56),  # defect
            MathTex(r"8 \times 8 = 64", font_size=56),
            MathTex(r"9 \times 8 = 72", font_size=56),
        ).arrange(DOWN, buff=0.45).next_to(heading, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(Write(rows[0]))
        self.wait(2.2)
        self.play(Write(rows[1]))
        self.mark("start")
        self.wait(2.5)
        self.play(Write(rows[2]))
        self.wait(2.2)
        self.play(Write(rows[3]))
        self.wait(2.5)


class MathFractionSumDenominator(Labelled, Scene):
    NAME = "math-fraction-sum-denominator"
    DEFECT = "false-arithmetic"
    DESCRIPTION = "1/3 + 1/4 rewritten over 12 (correct), then TransformMatchingTex to 1/3 + 1/4 = 7/24 (should be 7/12)."
    EXPECTED = MATH_ERROR
    WHERE = "centre: the last step 1/3 + 1/4 = 7/24"

    def construct(self):
        heading = title("Adding fractions")
        self.play(Write(heading))
        s1 = MathTex(r"\frac{1}{3}", "+", r"\frac{1}{4}", font_size=72)
        self.play(Write(s1))
        self.wait(2.5)
        s2 = MathTex(r"\frac{1}{3}", "+", r"\frac{1}{4}", "=", r"\frac{4}{12}", "+", r"\frac{3}{12}", font_size=72)
        note = Text("common denominator: 12", font_size=30, color=GRAY_B).next_to(s2, DOWN, buff=0.9)
        self.play(TransformMatchingTex(s1, s2), FadeIn(note))
        self.wait(4)
        s3 = MathTex(r"\frac{1}{3}", "+", r"\frac{1}{4}", "=", r"\frac{7}{24}", font_size=72)  # defect
        s3[4].set_color(YELLOW)
        self.play(TransformMatchingTex(s2, s3))
        self.mark("start")
        self.wait(4)


class MathLogQuotientRule(Labelled, Scene):
    NAME = "math-log-quotient-rule"
    DEFECT = "false-log-rule"
    DESCRIPTION = "Three laws of logarithms written one below another; the product and power laws are right, the third says log(a/b) = log a / log b."
    EXPECTED = MATH_ERROR
    WHERE = "third line: log(a/b) = log a / log b"

    def construct(self):
        heading = title("Laws of logarithms")
        laws = VGroup(
            MathTex(r"\log(ab) = \log a + \log b", font_size=52),
            MathTex(r"\log\left(a^n\right) = n \log a", font_size=52),
            MathTex(r"\log\left(\frac{a}{b}\right) = \frac{\log a}{\log b}", font_size=52),  # defect
        ).arrange(DOWN, buff=0.6).next_to(heading, DOWN, buff=0.7)
        self.play(Write(heading))
        self.play(Write(laws[0]))
        self.wait(3)
        self.play(Write(laws[1]))
        self.wait(2.8)
        self.play(Write(laws[2]))
        self.mark("start")
        self.wait(3)
        box = SurroundingRectangle(laws, color=BLUE, buff=0.3)
        self.play(Create(box))
        self.wait(2)


class MathLogSumStep(Labelled, Scene):
    NAME = "math-log-sum-step"
    DEFECT = "false-log-rule"
    DESCRIPTION = "log_2 8 + log_2 4 transformed into log_2 8 + log_2 4 = log_2(8 + 4): a sum of logs taken as the log of a sum."
    EXPECTED = MATH_ERROR
    WHERE = "centre: log_2 8 + log_2 4 = log_2(8 + 4)"

    def construct(self):
        heading = title("Combining logarithms")
        self.play(Write(heading))
        s1 = MathTex(r"\log_2 8", "+", r"\log_2 4", font_size=64)
        self.play(Write(s1))
        self.wait(3)
        s2 = MathTex(r"\log_2 8", "+", r"\log_2 4", "=", r"\log_2 (8 + 4)", font_size=64)  # defect
        s2[4].set_color(YELLOW)
        caption = Text("add the arguments", font_size=30, color=GRAY_B).next_to(s2, DOWN, buff=0.9)
        self.play(TransformMatchingTex(s1, s2), FadeIn(caption))
        self.mark("start")
        self.wait(3)
        box = SurroundingRectangle(s2, color=YELLOW, buff=0.2)
        self.play(Create(box))
        self.wait(2)


class MathCosDoubleAngleAligned(Labelled, Scene):
    NAME = "math-cos-double-angle-aligned"
    DEFECT = "wrong-trig-identity"
    DESCRIPTION = "An aligned three-line derivation of cos 2x: the first two lines are right, the third gives 2cos^2 x + 1 (should be 2cos^2 x - 1)."
    EXPECTED = MATH_ERROR
    WHERE = "centre: the aligned block's third line = 2cos^2 x + 1"

    def construct(self):
        heading = title("A double-angle identity")
        fact = MathTex(r"\sin^2 x + \cos^2 x = 1", font_size=40, color=BLUE).next_to(heading, DOWN, buff=0.5)
        work = MathTex(r"\cos 2x &= \cos^2 x - \sin^2 x \\ &= \cos^2 x - \left(1 - \cos^2 x\right) \\ &= 2\cos^2 x + 1", font_size=50)  # defect
        work.next_to(fact, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(FadeIn(fact))
        self.wait(3)
        self.play(Write(work), run_time=3)
        self.mark("start")
        self.wait(7.8)


class MathTanSecIdentity(Labelled, Scene):
    NAME = "math-tan-sec-identity"
    DEFECT = "wrong-trig-identity"
    DESCRIPTION = "sin^2 + cos^2 = 1 divided by cos^2 x (correct), then ReplacementTransform to tan^2 x + 1 = csc^2 x (should be sec^2 x)."
    EXPECTED = MATH_ERROR
    WHERE = "centre: tan^2 x + 1 = csc^2 x"

    def construct(self):
        heading = title("From one identity to another")
        self.play(Write(heading))
        s1 = MathTex(r"\sin^2 x + \cos^2 x = 1", font_size=60)
        self.play(Write(s1))
        self.wait(3)
        note = Text("divide every term by cos² x", font_size=30, color=GRAY_B).to_edge(DOWN, buff=1.0)
        s2 = MathTex(r"\frac{\sin^2 x}{\cos^2 x} + \frac{\cos^2 x}{\cos^2 x} = \frac{1}{\cos^2 x}", font_size=60)
        self.play(FadeIn(note))
        self.play(ReplacementTransform(s1, s2))
        self.wait(6)
        s3 = MathTex(r"\tan^2 x + 1 = \csc^2 x", font_size=60)  # defect
        self.play(ReplacementTransform(s2, s3))
        self.mark("start")
        self.wait(2)
        box = SurroundingRectangle(s3, color=YELLOW, buff=0.2)
        self.play(Create(box))
        self.wait(2)


class MathFactoringChangesRoots(Labelled, Scene):
    NAME = "math-factoring-changes-roots"
    DEFECT = "factoring-changes-roots"
    DESCRIPTION = "x^2 - 5x + 6 = 0 factored as (x - 2)(x + 3) = 0 (roots 2, -3 instead of 2, 3), carried to the answer x = 2 or x = -3."
    EXPECTED = MATH_ERROR
    WHERE = "centre: (x - 2)(x + 3) = 0, then the roots written below it"

    def construct(self):
        heading = title("Solving by factoring")
        self.play(Write(heading))
        s1 = MathTex("x^2 - 5x + 6", "=", "0", font_size=64).shift(UP * 0.8)
        self.play(Write(s1))
        self.wait(2.8)
        s2 = MathTex("(x - 2)(x + 3)", "=", "0", font_size=64).move_to(s1)  # defect
        self.play(TransformMatchingTex(s1, s2))
        self.mark("start")
        self.wait(3)
        roots = MathTex(r"x = 2 \quad \text{or} \quad x = -3", font_size=52, color=YELLOW).next_to(s2, DOWN, buff=0.9)
        self.play(Write(roots))
        self.wait(3.5)


class MathDivideByXLosesRoot(Labelled, Scene):
    NAME = "math-divide-by-x-loses-root"
    DEFECT = "divides-by-x-loses-root"
    DESCRIPTION = "x^2 = 3x, 'divide both sides by x', TransformMatchingTex to x = 3 boxed as the solution: the root x = 0 is lost."
    EXPECTED = MATH_ERROR
    WHERE = "centre: x = 3, the step after dividing x^2 = 3x by x"

    def construct(self):
        heading = title("Solve  x² = 3x")
        self.play(Write(heading))
        s1 = MathTex("x^2", "=", "3x", font_size=72)
        self.play(Write(s1))
        self.wait(2)
        note = Text("divide both sides by x", font_size=30, color=GRAY_B).next_to(s1, DOWN, buff=1.0)
        self.play(FadeIn(note))
        self.wait(3)
        s2 = MathTex("x", "=", "3", font_size=72)  # defect
        self.play(TransformMatchingTex(s1, s2))
        self.mark("start")
        box = SurroundingRectangle(s2, color=YELLOW, buff=0.25)
        self.play(Create(box))
        self.wait(3.5)


class MathLimitSin3x(Labelled, Scene):
    NAME = "math-limit-sin-3x"
    DEFECT = "wrong-limit"
    DESCRIPTION = "The standard limit sin x / x -> 1 (correct), then below it lim sin 3x / x = 1 (should be 3)."
    EXPECTED = MATH_ERROR
    WHERE = "lower formula: lim_{x→0} sin 3x / x = 1"

    def construct(self):
        heading = title("A standard limit")
        known = MathTex(r"\lim_{x \to 0} \frac{\sin x}{x} = 1", font_size=56).shift(UP * 1.2)
        wrong = MathTex(r"\lim_{x \to 0} \frac{\sin 3x}{x} = 1", font_size=56).shift(DOWN * 1.2)  # defect
        arrow = Arrow(known.get_bottom(), wrong.get_top(), buff=0.25, color=GRAY)
        self.play(Write(heading))
        self.play(Write(known))
        self.wait(3)
        self.play(GrowArrow(arrow))
        self.play(Write(wrong))
        self.mark("start")
        self.wait(3)
        self.play(Circumscribe(wrong, color=YELLOW))
        self.wait(1.5)


class MathLimitAtInfinity(Labelled, Scene):
    NAME = "math-limit-at-infinity"
    DEFECT = "wrong-limit"
    DESCRIPTION = "lim (2x^2 + 1)/(x^2 - 3) as x -> ∞ rewritten by dividing by x^2 (correct), then a boxed final answer = 0 (should be 2)."
    EXPECTED = MATH_ERROR
    WHERE = "bottom: the boxed final answer lim (2x^2+1)/(x^2-3) = 0"

    def construct(self):
        heading = title("A limit at infinity")
        lim = r"\lim_{x \to \infty}"
        s1 = MathTex(lim, r"\frac{2x^2 + 1}{x^2 - 3}", font_size=52).next_to(heading, DOWN, buff=0.6)
        s2 = MathTex(lim, r"\frac{2x^2 + 1}{x^2 - 3}", "=", lim, r"\frac{2 + \frac{1}{x^2}}{1 - \frac{3}{x^2}}", font_size=52).move_to(s1)
        note = Text("divide top and bottom by x²", font_size=28, color=GRAY_B).next_to(s2, DOWN, buff=0.5)
        answer = MathTex(lim, r"\frac{2x^2 + 1}{x^2 - 3}", "=", "0", font_size=52).next_to(note, DOWN, buff=0.6)  # defect
        self.play(Write(heading))
        self.play(Write(s1))
        self.wait(3.8)
        self.play(TransformMatchingTex(s1, s2), FadeIn(note))
        self.wait(4.5)
        self.play(Write(answer))
        self.mark("start")
        box = SurroundingRectangle(answer, color=YELLOW, buff=0.15)
        self.play(Create(box))
        self.wait(3)


class MathSumOfSquaresClosedForm(Labelled, Scene):
    NAME = "math-sum-of-squares-closed-form"
    DEFECT = "wrong-sum-closed-form"
    DESCRIPTION = "Sum of the first n squares written as a sum (correct), then its closed form with /3 instead of /6."
    EXPECTED = MATH_ERROR
    WHERE = "centre: sum_{k=1}^n k^2 = n(n+1)(2n+1)/3"

    def construct(self):
        heading = title("Sum of the first n squares")
        sigma = MathTex(r"1^2 + 2^2 + \cdots + n^2 = \sum_{k=1}^{n} k^2", font_size=52).shift(UP * 1.1)
        closed = MathTex(r"\sum_{k=1}^{n} k^2", "=", r"\frac{n(n+1)(2n+1)}{3}", font_size=60).shift(DOWN * 1.0)  # defect
        closed[2].set_color(YELLOW)
        self.play(Write(heading))
        self.play(Write(sigma), run_time=1.5)
        self.wait(3.5)
        self.play(Write(closed), run_time=1.5)
        self.mark("start")
        self.wait(2.5)
        box = SurroundingRectangle(closed, color=YELLOW, buff=0.2)
        self.play(Create(box))
        self.wait(2.5)


class MathGeometricSumClosedForm(Labelled, Scene):
    NAME = "math-geometric-sum-closed-form"
    DEFECT = "wrong-sum-closed-form"
    DESCRIPTION = "S, rS and S - rS = 1 - r^n written one below another (correct), then a boxed final answer with r^{n+1} in place of r^n."
    EXPECTED = MATH_ERROR
    WHERE = "bottom: the boxed sum_{k=0}^{n-1} r^k = (1 - r^{n+1})/(1 - r)"

    def construct(self):
        heading = title("A finite geometric sum")
        lines = VGroup(
            MathTex("S", "=", r"1 + r + r^2 + \cdots + r^{n-1}", font_size=44),
            MathTex("rS", "=", r"r + r^2 + \cdots + r^{n}", font_size=44),
            MathTex("S - rS", "=", r"1 - r^{n}", font_size=44),
        ).arrange(DOWN, buff=0.4).next_to(heading, DOWN, buff=0.5)
        line_up_equals(lines, [1, 1, 1])
        answer = MathTex(r"\sum_{k=0}^{n-1} r^k", "=", r"\frac{1 - r^{n+1}}{1 - r}", font_size=52).next_to(lines, DOWN, buff=0.5)  # defect
        self.play(Write(heading))
        for line in lines:
            self.play(Write(line))
            self.wait(3)
        self.play(Write(answer))
        self.mark("start")
        box = SurroundingRectangle(answer, color=YELLOW, buff=0.15)
        self.play(Create(box))
        self.wait(3.5)


class MathBinomialSixTwo(Labelled, Scene):
    NAME = "math-binomial-six-two"
    DEFECT = "wrong-binomial-coefficient"
    DESCRIPTION = "C(6,2) = 6!/(2!4!) = (6·5)/(2·1), each a TransformMatchingTex of the previous, then C(6,2) = 30 (should be 15)."
    EXPECTED = MATH_ERROR
    WHERE = "centre: the last step C(6, 2) = 30"

    def construct(self):
        heading = title("Choosing 2 from 6")
        caption = Text("ways to choose 2 items out of 6", font_size=30, color=GRAY_B).next_to(heading, DOWN, buff=0.5)
        self.play(Write(heading))
        self.play(FadeIn(caption))
        s1 = MathTex(r"\binom{6}{2}", "=", r"\frac{6!}{2!\,4!}", font_size=72)
        self.play(Write(s1))
        self.wait(3.2)
        s2 = MathTex(r"\binom{6}{2}", "=", r"\frac{6 \cdot 5}{2 \cdot 1}", font_size=72)
        self.play(TransformMatchingTex(s1, s2))
        self.wait(3.2)
        s3 = MathTex(r"\binom{6}{2}", "=", "30", font_size=72)  # defect
        s3[2].set_color(YELLOW)
        self.play(TransformMatchingTex(s2, s3))
        self.mark("start")
        self.wait(3.5)


class MathFactorialArrangements(Labelled, Scene):
    NAME = "math-factorial-arrangements"
    DEFECT = "wrong-factorial"
    DESCRIPTION = "Four lettered tiles; the number of arrangements written as 4! = 4·3·2·1 = 12 (should be 24); the probability formula 1/4! below is right."
    EXPECTED = MATH_ERROR
    WHERE = "middle: 4! = 4 · 3 · 2 · 1 = 12"

    def construct(self):
        heading = title("Arranging four letters")
        tiles = VGroup(*[
            VGroup(Square(side_length=0.9, color=BLUE, fill_opacity=0.3), Text(ch, font_size=36))
            for ch in "ABCD"
        ]).arrange(RIGHT, buff=0.3).next_to(heading, DOWN, buff=0.6)
        count = MathTex(r"4! = 4 \cdot 3 \cdot 2 \cdot 1 = 12", font_size=56).next_to(tiles, DOWN, buff=0.7)  # defect
        prob = MathTex(r"P(\text{ABCD}) = \frac{1}{4!}", font_size=48).next_to(count, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(LaggedStart(*[FadeIn(t, shift=DOWN * 0.3) for t in tiles], lag_ratio=0.2))
        self.wait(1.5)
        self.play(Write(count), run_time=1.5)
        self.mark("start")
        self.wait(3)
        self.play(FadeIn(prob))
        self.wait(3.5)


# ---------------------------------------------------------------------------
# Too brief to read: mathematics correct, one text on screen too short
# ---------------------------------------------------------------------------


class BriefFormulaFlash(Labelled, Scene):
    NAME = "brief-formula-flash"
    DEFECT = "formula-too-brief"
    DESCRIPTION = "The quadratic formula fades in and out with 0.3 s at rest; the title and the worked example after it are held long enough."
    EXPECTED = PACING
    WHERE = "centre: the quadratic formula, 0.3 s at rest"

    def construct(self):
        heading = title("The quadratic formula")
        self.play(Write(heading))
        self.wait(1)
        formula = MathTex(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", font_size=64)  # defect
        self.play(FadeIn(formula), run_time=0.5)
        self.mark("start")
        self.wait(0.3)
        self.mark("end")
        self.play(FadeOut(formula), run_time=0.5)
        example = MathTex(r"x^2 - 4 = 0 \;\Rightarrow\; x = \pm 2", font_size=56)
        self.play(Write(example))
        self.wait(4)


class BriefParagraphFlash(Labelled, Scene):
    NAME = "brief-paragraph-flash"
    DEFECT = "paragraph-too-brief"
    DESCRIPTION = "A paragraph of about forty words on what the derivative means, on screen for 1.5 s; the definition after it is held."
    EXPECTED = PACING
    WHERE = "centre: the five-line paragraph, 1.5 s at rest"

    def construct(self):
        heading = title("Why the derivative matters")
        self.play(Write(heading))
        self.wait(1.5)
        paragraph = Text(  # defect
            "The derivative measures how fast a quantity changes.\n"
            "If the position of a car is a function of time,\n"
            "its derivative is the speed at each instant.\n"
            "Engineers, economists and biologists use it\n"
            "to study growth, motion and change.",
            font_size=28,
            line_spacing=1.2,
        )
        self.play(FadeIn(paragraph), run_time=0.5)
        self.mark("start")
        self.wait(1.5)
        self.mark("end")
        self.play(FadeOut(paragraph), run_time=0.5)
        definition = MathTex(r"f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}", font_size=56)
        self.play(Write(definition), run_time=1.5)
        self.wait(5)


class BriefDerivationNoPause(Labelled, Scene):
    NAME = "brief-derivation-no-pause"
    DEFECT = "derivation-steps-too-brief"
    DESCRIPTION = "Completing the square for x^2 + 6x + 5 = 0: the problem and the answer are held, the three steps between are transformed one into the next with no pause."
    EXPECTED = PACING
    WHERE = "centre: the intermediate steps x^2+6x+9 = 4, (x+3)^2 = 4, x+3 = ±2"

    def construct(self):
        heading = title("Completing the square")
        self.play(Write(heading))
        s1 = MathTex("x^2 + 6x + 5", "=", "0", font_size=64)
        self.play(Write(s1))
        self.wait(3)
        s2 = MathTex("x^2 + 6x + 9", "=", "4", font_size=64)  # defect
        s3 = MathTex("(x + 3)^2", "=", "4", font_size=64)
        s4 = MathTex("x + 3", "=", r"\pm 2", font_size=64)
        s5 = MathTex(r"x = -1 \quad \text{or} \quad x = -5", font_size=64)
        self.play(TransformMatchingTex(s1, s2), run_time=0.6)
        self.mark("start")
        self.play(TransformMatchingTex(s2, s3), run_time=0.6)
        self.play(TransformMatchingTex(s3, s4), run_time=0.6)
        self.mark("end")
        self.play(TransformMatchingTex(s4, s5), run_time=0.8)
        self.wait(4.5)


class BriefCaptionReplaced(Labelled, Scene):
    NAME = "brief-caption-replaced"
    DEFECT = "caption-too-brief"
    DESCRIPTION = "Triangle area: a long caption about measuring the height is replaced after half a second; the formula and the short caption after it are held."
    EXPECTED = PACING
    WHERE = "bottom: the long caption (about 70 characters), 0.5 s at rest"

    def construct(self):
        heading = title("Area of a triangle")
        tri = Polygon([-2.5, -0.8, 0], [2.5, -0.8, 0], [0.8, 1.6, 0], color=BLUE, fill_opacity=0.3).shift(LEFT * 2.5)
        height = DashedLine([0.8 - 2.5, 1.6, 0], [0.8 - 2.5, -0.8, 0], color=YELLOW)
        h_label = MathTex("h", color=YELLOW, font_size=40).next_to(height, RIGHT, buff=0.1)
        base_brace = Brace(tri, DOWN, buff=0.1)
        b_label = base_brace.get_tex("b")
        formula = MathTex(r"A = \frac{1}{2}\, b\, h", font_size=64).move_to(RIGHT * 3.8 + UP * 0.4)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(tri))
        self.play(GrowFromCenter(base_brace), Write(b_label), Create(height), Write(h_label))
        self.wait(1.5)
        self.play(Write(formula))
        self.wait(2.5)
        long_caption = Text("The height is measured at a right angle to the base,\nnot along the slanted side.", font_size=28, color=GRAY_B).to_edge(DOWN, buff=0.6)  # defect
        self.play(FadeIn(long_caption), run_time=0.5)
        self.mark("start")
        self.wait(0.5)
        self.mark("end")
        short_caption = Text("half of base times height", font_size=28, color=GRAY_B).to_edge(DOWN, buff=0.6)
        self.play(ReplacementTransform(long_caption, short_caption), run_time=0.5)
        self.wait(4.5)


class BriefBulletsVanish(Labelled, Scene):
    NAME = "brief-bullets-vanish"
    DEFECT = "list-too-brief"
    DESCRIPTION = "Five bullet lines of exponent rules fade in and vanish after a second; the worked example after them is held."
    EXPECTED = PACING
    WHERE = "centre: the five-line bulleted list, 1 s at rest"

    def construct(self):
        heading = title("Rules of exponents")
        self.play(Write(heading))
        self.wait(1)
        rules = BulletedList(  # defect
            r"$a^m \cdot a^n = a^{m+n}$",
            r"$a^m / a^n = a^{m-n}$",
            r"$(a^m)^n = a^{mn}$",
            r"$a^0 = 1$ for $a \neq 0$",
            r"$a^{-n} = 1 / a^n$",
            font_size=40,
        ).next_to(heading, DOWN, buff=0.5)
        self.play(FadeIn(rules), run_time=0.5)
        self.mark("start")
        self.wait(1)
        self.mark("end")
        self.play(FadeOut(rules), run_time=0.5)
        example = MathTex(r"2^3 \cdot 2^4 = 2^7 = 128", font_size=60)
        self.play(Write(example))
        self.wait(4)


class BriefTheoremStatement(Labelled, Scene):
    NAME = "brief-theorem-statement"
    DEFECT = "statement-too-brief"
    DESCRIPTION = "The fundamental theorem of calculus as a Tex sentence with inline math, shown for 0.8 s before it is transformed into a held example."
    EXPECTED = PACING
    WHERE = "centre: the Tex sentence 'If F'(x) = f(x) on [a, b], then ...', 0.8 s at rest"

    def construct(self):
        heading = title("The fundamental theorem")
        self.play(Write(heading))
        self.wait(1)
        statement = Tex(r"If $F'(x) = f(x)$ on $[a, b]$, then \\ $\displaystyle\int_a^b f(x)\,dx = F(b) - F(a)$.", font_size=48)  # defect
        self.play(FadeIn(statement), run_time=0.6)
        self.mark("start")
        self.wait(0.8)
        self.mark("end")
        example = MathTex(r"\int_1^2 2x\,dx = 2^2 - 1^2 = 3", font_size=60)
        self.play(ReplacementTransform(statement, example))
        self.wait(4.5)


class BriefGraphLabelFlash(Labelled, Scene):
    NAME = "brief-graph-label-flash"
    DEFECT = "label-too-brief"
    DESCRIPTION = "A parabola on axes; its formula label f(x) = x^2 - 4x + 3 is on screen for 0.4 s; the root labels after it are held."
    EXPECTED = PACING
    WHERE = "upper right of the plot: the label f(x) = x^2 - 4x + 3, 0.4 s at rest"

    def construct(self):
        heading = title("Where a parabola meets the x-axis")
        ax = Axes(x_range=[-1, 5, 1], y_range=[-2, 6, 2], x_length=7, y_length=4.6, tips=False, axis_config={"include_numbers": True, "font_size": 26})
        ax.next_to(heading, DOWN, buff=0.4)
        curve = ax.plot(lambda x: x ** 2 - 4 * x + 3, x_range=[0, 4], color=BLUE)
        self.play(Write(heading))
        self.play(Create(ax), run_time=1.5)
        self.play(Create(curve))
        label = MathTex(r"f(x) = x^2 - 4x + 3", font_size=40, color=BLUE).next_to(ax.c2p(0.4, 5.2), RIGHT, buff=0)  # defect
        self.play(FadeIn(label), run_time=0.4)
        self.mark("start")
        self.wait(0.4)
        self.mark("end")
        self.play(FadeOut(label), run_time=0.4)
        dots = VGroup(Dot(ax.c2p(1, 0), color=YELLOW), Dot(ax.c2p(3, 0), color=YELLOW))
        r1 = MathTex("x = 1", font_size=30, color=YELLOW).next_to(dots[0], UP + RIGHT, buff=0.1)
        r2 = MathTex("x = 3", font_size=30, color=YELLOW).next_to(dots[1], UP + LEFT, buff=0.1)
        self.play(FadeIn(dots), Write(r1), Write(r2))
        self.wait(4)


# ---------------------------------------------------------------------------
# Clean scenes: correct mathematics, every text held long enough, notation that is easy to misread
# ---------------------------------------------------------------------------


class CleanNewtonSecondLaw(Labelled, Scene):
    NAME = "clean-newton-second-law"
    DESCRIPTION = "F = ma as a definition, its units in \\text{}, and a worked example 2 kg × 3 m/s² = 6 N."

    def construct(self):
        heading = title("Newton's second law")
        law = MathTex("F", "=", "m", "a", font_size=96)
        law[0].set_color(YELLOW)
        words = Text("force = mass × acceleration", font_size=30, color=GRAY_B).next_to(law, DOWN, buff=0.5)
        self.play(Write(heading))
        self.play(Write(law))
        self.play(FadeIn(words))
        self.wait(3.5)
        self.play(VGroup(law, words).animate.shift(UP * 1.3))
        units = MathTex(r"1\,\text{N} = 1\,\text{kg} \cdot \text{m/s}^2", font_size=44).next_to(words, DOWN, buff=0.6)
        self.play(Write(units))
        self.wait(3)
        example = MathTex(r"F = 2\,\text{kg} \times 3\,\text{m/s}^2 = 6\,\text{N}", font_size=44, color=BLUE).next_to(units, DOWN, buff=0.5)
        self.play(Write(example))
        self.wait(4.5)


class CleanCircleArea(Labelled, Scene):
    NAME = "clean-circle-area"
    DESCRIPTION = "A circle with its radius r; A = πr² as a definition, then r = 2 gives A = 4π ≈ 12.57."

    def construct(self):
        heading = title("Area of a circle")
        circle = Circle(radius=1.6, color=BLUE, fill_opacity=0.3).shift(LEFT * 3.5 + DOWN * 0.4)
        radius = Line(circle.get_center(), circle.get_right(), color=YELLOW)
        r_label = MathTex("r", color=YELLOW, font_size=40).next_to(radius, UP, buff=0.1)
        formula = MathTex("A", "=", r"\pi", "r^2", font_size=72).move_to(RIGHT * 2.5 + UP * 0.8)
        self.play(Write(heading))
        self.play(Create(circle))
        self.play(Create(radius), Write(r_label))
        self.play(Write(formula))
        self.wait(2.5)
        example = MathTex(r"r = 2 \;\Rightarrow\; A = 4\pi \approx 12.57", font_size=44).next_to(formula, DOWN, buff=0.8)
        self.play(Write(example))
        self.wait(4.5)


class CleanFunctionMap(Labelled, Scene):
    NAME = "clean-function-map"
    DESCRIPTION = "f(x) = x² as a definition, the map notation x ↦ x², f(2) = 4, and the graph on axes with tick numbers and a marked point."

    def construct(self):
        heading = title("A function")
        ax = Axes(x_range=[-3, 3, 1], y_range=[0, 9, 3], x_length=5.5, y_length=4.4, tips=False, axis_config={"include_numbers": True, "font_size": 26})
        ax.to_edge(LEFT, buff=0.7).shift(DOWN * 0.6)
        curve = ax.plot(lambda x: x ** 2, x_range=[-3, 3], color=BLUE)
        defs = VGroup(
            MathTex("f(x) = x^2", font_size=52),
            MathTex(r"f : x \mapsto x^2", font_size=52),
            MathTex("f(2) = 4", font_size=52, color=YELLOW),
        ).arrange(DOWN, buff=0.6, aligned_edge=LEFT).move_to(RIGHT * 3.5 + DOWN * 0.3)
        dot = Dot(ax.c2p(2, 4), color=YELLOW)
        self.play(Write(heading))
        self.play(Create(ax), run_time=1.5)
        self.play(Write(defs[0]), Create(curve))
        self.wait(2.2)
        self.play(Write(defs[1]))
        self.wait(2.5)
        self.play(Write(defs[2]), FadeIn(dot, scale=1.5))
        self.wait(3)


class CleanSlopeIntercept(Labelled, Scene):
    NAME = "clean-slope-intercept"
    DESCRIPTION = "y = mx + b as a definition, then the line y = 2x + 1 plotted on axes; a point label A comes and goes (1.3 s), the formula is held to the end."

    def construct(self):
        heading = title("Slope-intercept form")
        general = MathTex("y", "=", "m", "x", "+", "b", font_size=60).to_corner(UR, buff=0.6).shift(DOWN * 0.9)
        general[2].set_color(YELLOW)
        general[5].set_color(GREEN)
        ax = Axes(x_range=[-2, 3, 1], y_range=[-3, 7, 2], x_length=5.5, y_length=5, tips=False, axis_config={"include_numbers": True, "font_size": 26})
        ax.to_edge(LEFT, buff=0.8).shift(DOWN * 0.5)
        line = ax.plot(lambda x: 2 * x + 1, x_range=[-2, 3], color=BLUE)
        specific = MathTex("y = 2x + 1", font_size=52, color=BLUE).next_to(general, DOWN, buff=0.8)
        self.play(Write(heading))
        self.play(Write(general))
        self.wait(2.5)
        self.play(Create(ax), run_time=1.5)
        self.play(Create(line), Write(specific))
        self.wait(2.5)
        point = Dot(ax.c2p(1, 3), color=YELLOW)
        point_label = Text("A", font_size=32, color=YELLOW).next_to(point, RIGHT, buff=0.15)
        self.play(FadeIn(point), FadeIn(point_label), run_time=0.5)
        self.wait(1.4)
        self.play(FadeOut(point_label), run_time=0.5)
        self.wait(2.5)


class CleanSolveLinear(Labelled, Scene):
    NAME = "clean-solve-linear"
    DESCRIPTION = "An equation to solve, 2x + 3 = 7, stated as the problem, then solved step by step with TransformMatchingTex to x = 2 and checked."

    def construct(self):
        heading = title("Solve for x")
        self.play(Write(heading))
        s1 = MathTex("2x", "+", "3", "=", "7", font_size=72)
        self.play(Write(s1))
        self.wait(2.5)
        s2 = MathTex("2x", "=", "4", font_size=72)
        self.play(TransformMatchingTex(s1, s2))
        self.wait(2.2)
        s3 = MathTex("x", "=", "2", font_size=72)
        self.play(TransformMatchingTex(s2, s3))
        box = SurroundingRectangle(s3, color=YELLOW, buff=0.25)
        self.play(Create(box))
        self.wait(2)
        check = MathTex(r"\text{check: } 2 \cdot 2 + 3 = 7", font_size=44, color=GRAY_B).next_to(box, DOWN, buff=0.8)
        self.play(FadeIn(check))
        self.wait(3.5)


class CleanQuadraticFormula(Labelled, Scene):
    NAME = "clean-quadratic-formula"
    DESCRIPTION = "ax² + bx + c = 0 and the quadratic formula with ±, then x² - 9 = 0 solved to x = ±3."

    def construct(self):
        heading = title("The quadratic formula")
        general = MathTex(r"ax^2 + bx + c = 0", font_size=52).next_to(heading, DOWN, buff=0.6)
        formula = MathTex(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", font_size=60).next_to(general, DOWN, buff=0.7)
        box = SurroundingRectangle(formula, color=YELLOW, buff=0.2)
        example = MathTex(r"x^2 - 9 = 0", font_size=52).next_to(formula, DOWN, buff=0.8).shift(LEFT * 2)
        roots = MathTex(r"x = \pm 3", font_size=52, color=GREEN).next_to(example, RIGHT, buff=1.5)
        arrow = Arrow(example.get_right(), roots.get_left(), buff=0.2)
        self.play(Write(heading))
        self.play(Write(general))
        self.wait(2.2)
        self.play(Write(formula), run_time=1.5)
        self.play(Create(box))
        self.wait(3.5)
        self.play(Write(example))
        self.wait(2)
        self.play(GrowArrow(arrow), Write(roots))
        self.wait(3)


class CleanIntervalNotation(Labelled, Scene):
    NAME = "clean-interval-notation"
    DESCRIPTION = "Set notation: x ∈ [0, 1] and 0 ≤ x ≤ 1 on a number line, then A = {1, 2, 3} with 2 ∈ A and 5 ∉ A."

    def construct(self):
        heading = title("Intervals and sets")
        interval = MathTex(r"x \in [0, 1]", r"\iff", r"0 \le x \le 1", font_size=52).next_to(heading, DOWN, buff=0.6)
        line = NumberLine(x_range=[-1, 2, 0.5], length=8, include_numbers=True, font_size=28).shift(DOWN * 0.2)
        segment = Line(line.n2p(0), line.n2p(1), color=YELLOW, stroke_width=8)
        ends = VGroup(Dot(line.n2p(0), color=YELLOW), Dot(line.n2p(1), color=YELLOW))
        sets = MathTex(r"A = \{1, 2, 3\}, \quad 2 \in A, \quad 5 \notin A", font_size=48).to_edge(DOWN, buff=0.8)
        self.play(Write(heading))
        self.play(Write(interval))
        self.wait(3)
        self.play(Create(line))
        self.play(Create(segment), FadeIn(ends))
        self.wait(2)
        self.play(Write(sets))
        self.wait(4.5)


class CleanComposition(Labelled, Scene):
    NAME = "clean-composition"
    DESCRIPTION = "Two function definitions, their composition (g ∘ f)(x) = (x + 1)², and both orders evaluated at 2 (9 and 5)."

    def construct(self):
        heading = title("Composing functions")
        defs = MathTex(r"f(x) = x + 1, \qquad g(x) = x^2", font_size=52).next_to(heading, DOWN, buff=0.6)
        comp = MathTex(r"(g \circ f)(x)", "=", "g(f(x))", "=", "(x + 1)^2", font_size=52).next_to(defs, DOWN, buff=0.7)
        evals = VGroup(
            MathTex(r"(g \circ f)(2) = 9", font_size=48, color=YELLOW),
            MathTex(r"(f \circ g)(2) = 5", font_size=48, color=GREEN),
        ).arrange(RIGHT, buff=1.2).next_to(comp, DOWN, buff=0.8)
        self.play(Write(heading))
        self.play(Write(defs))
        self.wait(3.5)
        self.play(Write(comp))
        self.wait(4)
        self.play(FadeIn(evals[0]))
        self.wait(2.5)
        self.play(FadeIn(evals[1]))
        self.wait(3)


class CleanGaussSum(Labelled, Scene):
    NAME = "clean-gauss-sum"
    DESCRIPTION = "1 + 2 + ⋯ + n = n(n+1)/2 with a brace 'n terms' under the sum, then the case n = 100 giving 5050."

    def construct(self):
        heading = title("Adding 1 to n")
        sum_ = MathTex(r"1 + 2 + \cdots + n", "=", r"\frac{n(n+1)}{2}", font_size=64).shift(UP * 0.8)
        brace = Brace(sum_[0], DOWN, buff=0.15)
        brace_label = brace.get_text("n terms").scale(0.8)
        case = MathTex(r"1 + 2 + \cdots + 100 = \frac{100 \cdot 101}{2} = 5050", font_size=48, color=YELLOW).to_edge(DOWN, buff=0.9)
        self.play(Write(heading))
        self.play(Write(sum_), run_time=1.5)
        self.play(GrowFromCenter(brace), FadeIn(brace_label))
        self.wait(3.5)
        self.play(Write(case), run_time=1.5)
        self.wait(5.5)


class CleanApproximations(Labelled, Scene):
    NAME = "clean-approximations"
    DESCRIPTION = "A table of approximations with ≈: π ≈ 3.14, √2 ≈ 1.414, e ≈ 2.718, 22/7 ≈ 3.143."

    def construct(self):
        heading = title("Useful approximations")
        rows = VGroup(
            MathTex(r"\pi \approx 3.14", font_size=56),
            MathTex(r"\sqrt{2} \approx 1.414", font_size=56),
            MathTex(r"e \approx 2.718", font_size=56),
            MathTex(r"\frac{22}{7} \approx 3.143", font_size=56),
        ).arrange(DOWN, buff=0.45, aligned_edge=LEFT).next_to(heading, DOWN, buff=0.5)
        self.play(Write(heading))
        for row in rows:
            self.play(FadeIn(row, shift=RIGHT * 0.3))
            self.wait(2)
        self.play(Indicate(rows[0]), Indicate(rows[3]))
        self.wait(2)


class CleanEulerIdentity(Labelled, Scene):
    NAME = "clean-euler-identity"
    DESCRIPTION = "Euler's formula e^{iθ} = cos θ + i sin θ, then θ = π, transformed to e^{iπ} = -1 and e^{iπ} + 1 = 0."

    def construct(self):
        heading = title("Euler's identity")
        self.play(Write(heading))
        s1 = MathTex(r"e^{i\theta}", "=", r"\cos\theta + i\sin\theta", font_size=64)
        self.play(Write(s1))
        self.wait(3)
        note = MathTex(r"\theta = \pi", font_size=44, color=YELLOW).next_to(s1, DOWN, buff=0.9)
        self.play(FadeIn(note))
        self.wait(2)
        s2 = MathTex(r"e^{i\pi}", "=", "-1", font_size=64)
        self.play(TransformMatchingTex(s1, s2), FadeOut(note))
        self.wait(2.2)
        s3 = MathTex(r"e^{i\pi}", "+", "1", "=", "0", font_size=72)
        self.play(TransformMatchingTex(s2, s3))
        box = SurroundingRectangle(s3, color=YELLOW, buff=0.25)
        self.play(Create(box))
        self.wait(3)


class CleanLogBaseTen(Labelled, Scene):
    NAME = "clean-log-base-ten"
    DESCRIPTION = "log without a base (base 10): log 100 = 2 and log 1000 = 3, with ln e = 1 and log_2 8 = 3 beside them."

    def construct(self):
        heading = title("Logarithms")
        left = VGroup(
            MathTex(r"\log 100 = 2", font_size=56),
            MathTex(r"\log 1000 = 3", font_size=56),
        ).arrange(DOWN, buff=0.6, aligned_edge=LEFT)
        right = VGroup(
            MathTex(r"\ln e = 1", font_size=56),
            MathTex(r"\log_2 8 = 3", font_size=56),
        ).arrange(DOWN, buff=0.6, aligned_edge=LEFT)
        VGroup(left, right).arrange(RIGHT, buff=2.0).shift(UP * 0.3)
        caption = Text("log with no base means base 10", font_size=30, color=GRAY_B).to_edge(DOWN, buff=0.9)
        self.play(Write(heading))
        self.play(Write(left[0]))
        self.wait(1.8)
        self.play(Write(left[1]), FadeIn(caption))
        self.wait(3.5)
        self.play(Write(right[0]))
        self.wait(1.8)
        self.play(Write(right[1]))
        self.wait(2.5)


class CleanTrigDegrees(Labelled, Scene):
    NAME = "clean-trig-degrees"
    DESCRIPTION = "A 30° angle on the unit circle, then sin 30° = 1/2, cos 60° = 1/2 and tan 45° = 1 written with ^\\circ."

    def construct(self):
        heading = title("Special angles")
        center = LEFT * 3.5 + DOWN * 0.5
        circle = Circle(radius=2, color=GRAY).move_to(center)
        point = center + 2 * np.array([np.cos(PI / 6), np.sin(PI / 6), 0])
        radius = Line(center, point, color=BLUE)
        base = Line(center, center + RIGHT * 2, color=GRAY_B)
        rise = DashedLine(point, [point[0], center[1], 0], color=YELLOW)
        angle = Angle(base, radius, radius=0.6, color=WHITE)
        angle_label = MathTex(r"30^\circ", font_size=32).next_to(angle, RIGHT, buff=0.1).shift(UP * 0.12)
        values = VGroup(
            MathTex(r"\sin 30^\circ = \frac{1}{2}", font_size=52),
            MathTex(r"\cos 60^\circ = \frac{1}{2}", font_size=52),
            MathTex(r"\tan 45^\circ = 1", font_size=52),
        ).arrange(DOWN, buff=0.5, aligned_edge=LEFT).move_to(RIGHT * 3.2 + DOWN * 0.3)
        self.play(Write(heading))
        self.play(Create(circle), Create(base))
        self.play(Create(radius), Create(angle), Write(angle_label))
        self.play(Create(rise))
        self.wait(1)
        for v in values:
            self.play(Write(v))
            self.wait(2.2)
        self.wait(1)


class CleanMatrixProduct(Labelled, Scene):
    NAME = "clean-matrix-product"
    DESCRIPTION = "A 2x2 matrix times a vector in bmatrix, equal to (17, 39), and AI = A."

    def construct(self):
        heading = title("Multiplying a matrix and a vector")
        product = MathTex(
            r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}",
            r"\begin{bmatrix} 5 \\ 6 \end{bmatrix}",
            "=",
            r"\begin{bmatrix} 1 \cdot 5 + 2 \cdot 6 \\ 3 \cdot 5 + 4 \cdot 6 \end{bmatrix}",
            "=",
            r"\begin{bmatrix} 17 \\ 39 \end{bmatrix}",
            font_size=52,
        ).shift(UP * 0.3)
        product[0].set_color(BLUE)
        product[5].set_color(YELLOW)
        identity = MathTex(r"A I = A", font_size=48, color=GRAY_B).to_edge(DOWN, buff=0.9)
        self.play(Write(heading))
        self.play(Write(product[:2]))
        self.wait(2)
        self.play(Write(product[2:4]))
        self.wait(4)
        self.play(Write(product[4:]))
        self.wait(3)
        self.play(FadeIn(identity))
        self.wait(2.5)


class CleanInequality(Labelled, Scene):
    NAME = "clean-inequality"
    DESCRIPTION = "The inequality 3x - 2 < 7 solved with TransformMatchingTex to x < 3, shown on a number line with an open dot."

    def construct(self):
        heading = title("Solving an inequality")
        self.play(Write(heading))
        s1 = MathTex("3x", "-", "2", "<", "7", font_size=64).shift(UP * 1.2)
        self.play(Write(s1))
        self.wait(2.5)
        s2 = MathTex("3x", "<", "9", font_size=64).move_to(s1)
        self.play(TransformMatchingTex(s1, s2))
        self.wait(2.2)
        s3 = MathTex("x", "<", "3", font_size=64).move_to(s1)
        self.play(TransformMatchingTex(s2, s3))
        self.wait(1.5)
        line = NumberLine(x_range=[0, 6, 1], length=8, include_numbers=True, font_size=30).shift(DOWN * 1.3)
        open_dot = Circle(radius=0.12, color=YELLOW, stroke_width=4).move_to(line.n2p(3))
        ray = Arrow(line.n2p(3) + LEFT * 0.15, line.n2p(0) + LEFT * 0.4, buff=0, color=YELLOW, stroke_width=6)
        self.play(Create(line))
        self.play(Create(open_dot), GrowArrow(ray))
        self.wait(3)


class CleanValueCounter(Labelled, Scene):
    NAME = "clean-value-counter"
    DESCRIPTION = "A ValueTracker drives a dot along y = x² and two DecimalNumber counters (x and x²); the final values are held."

    def construct(self):
        heading = title("Watching x² grow")
        ax = Axes(x_range=[0, 3, 1], y_range=[0, 9, 3], x_length=5.5, y_length=4.6, tips=False, axis_config={"include_numbers": True, "font_size": 26})
        ax.to_edge(LEFT, buff=0.8).shift(DOWN * 0.5)
        curve = ax.plot(lambda x: x ** 2, color=BLUE)
        t = ValueTracker(0.5)
        dot = always_redraw(lambda: Dot(ax.c2p(t.get_value(), t.get_value() ** 2), color=YELLOW))
        x_label = MathTex("x =", font_size=48)
        x_value = DecimalNumber(0.5, num_decimal_places=2, font_size=48)
        y_label = MathTex("x^2 =", font_size=48)
        y_value = DecimalNumber(0.25, num_decimal_places=2, font_size=48)
        readout = VGroup(VGroup(x_label, x_value).arrange(RIGHT, buff=0.2), VGroup(y_label, y_value).arrange(RIGHT, buff=0.2))
        readout.arrange(DOWN, buff=0.6, aligned_edge=LEFT).move_to(RIGHT * 3.6)
        x_value.add_updater(lambda m: m.set_value(t.get_value()))
        y_value.add_updater(lambda m: m.set_value(t.get_value() ** 2))
        self.play(Write(heading))
        self.play(Create(ax), Create(curve), run_time=1.5)
        self.play(FadeIn(dot), Write(readout))
        self.wait(2)
        self.play(t.animate.set_value(3), run_time=4, rate_func=linear)
        self.wait(3)


class CleanPythagorasSubstrings(Labelled, Scene):
    NAME = "clean-pythagoras-substrings"
    DESCRIPTION = "A right triangle with braced legs 3 and 4; {{a^2}} + {{b^2}} = {{c^2}} transformed with TransformMatchingTex into 3² + 4² = 5², then 9 + 16 = 25."

    def construct(self):
        heading = title("The Pythagorean theorem")
        a, b = 3, 4
        tri = Polygon(ORIGIN, RIGHT * b * 0.6, UP * a * 0.6, color=BLUE, fill_opacity=0.25).move_to(LEFT * 3.6 + DOWN * 0.5)
        corner = tri.get_vertices()[0]
        brace_b = Brace(Line(corner, corner + RIGHT * b * 0.6), DOWN, buff=0.1)
        brace_a = Brace(Line(corner, corner + UP * a * 0.6), LEFT, buff=0.1)
        label_b = brace_b.get_tex("4")
        label_a = brace_a.get_tex("3")
        label_c = MathTex("5", font_size=44).move_to(tri.get_center() + UR * 0.55)
        eq1 = MathTex("{{a^2}} + {{b^2}} = {{c^2}}", font_size=64).move_to(RIGHT * 3 + UP * 0.4)
        self.play(Write(heading))
        self.play(Create(tri))
        self.play(GrowFromCenter(brace_a), GrowFromCenter(brace_b), Write(label_a), Write(label_b), Write(label_c))
        self.play(Write(eq1))
        self.wait(2.5)
        eq2 = MathTex("{{3^2}} + {{4^2}} = {{5^2}}", font_size=64).move_to(eq1)
        self.play(TransformMatchingTex(eq1, eq2))
        self.wait(2.5)
        eq3 = MathTex("9 + 16 = 25", font_size=64, color=YELLOW).next_to(eq2, DOWN, buff=0.7)
        self.play(Write(eq3))
        self.wait(3)


class CleanPowerRule(Labelled, Scene):
    NAME = "clean-power-rule"
    DESCRIPTION = "The power rule d/dx xⁿ = n xⁿ⁻¹, then f(x) = x³ as a definition transformed into f'(x) = 3x², and d/dx sin x = cos x."

    def construct(self):
        heading = title("The power rule")
        rule = MathTex(r"\frac{d}{dx}\, x^n = n\, x^{n-1}", font_size=60, color=BLUE).next_to(heading, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(Write(rule))
        self.wait(3)
        f = MathTex("f(x)", "=", "x^3", font_size=60)
        self.play(Write(f))
        self.wait(2.5)
        fp = MathTex("f'(x)", "=", "3x^2", font_size=60)
        self.play(TransformMatchingTex(f, fp))
        self.wait(2.2)
        sine = MathTex(r"\frac{d}{dx} \sin x = \cos x", font_size=52, color=GREEN).next_to(fp, DOWN, buff=0.9)
        self.play(Write(sine))
        self.wait(3.5)


class CleanAreaIntegral(Labelled, Scene):
    NAME = "clean-area-integral"
    DESCRIPTION = "The area under y = x on [0, 2] shaded on axes with tick numbers; ∫_0^2 x dx = [x²/2]_0^2 = 2 beside it."

    def construct(self):
        heading = title("Area as an integral")
        ax = Axes(x_range=[0, 3, 1], y_range=[0, 3, 1], x_length=4.8, y_length=4.8, tips=False, axis_config={"include_numbers": True, "font_size": 28})
        ax.to_edge(LEFT, buff=1.0).shift(DOWN * 0.5)
        line = ax.plot(lambda x: x, x_range=[0, 2.8], color=BLUE)
        area = ax.get_area(line, x_range=(0, 2), color=BLUE, opacity=0.4)
        label = MathTex("y = x", font_size=40, color=BLUE).next_to(ax.c2p(2.8, 2.8), RIGHT, buff=0.2)
        integral = MathTex(r"\int_0^2 x\,dx = \left[\frac{x^2}{2}\right]_0^2 = 2", font_size=48).move_to(RIGHT * 3.4 + UP * 0.5)
        triangle = MathTex(r"\tfrac{1}{2} \cdot 2 \cdot 2 = 2", font_size=40, color=GRAY_B).next_to(integral, DOWN, buff=0.7)
        self.play(Write(heading))
        self.play(Create(ax), run_time=1.5)
        self.play(Create(line), FadeIn(label))
        self.play(FadeIn(area))
        self.play(Write(integral), run_time=1.5)
        self.wait(3.5)
        self.play(FadeIn(triangle))
        self.wait(3)


class CleanBinomialProbability(Labelled, Scene):
    NAME = "clean-binomial-probability"
    DESCRIPTION = "Two heads in five fair coin tosses: P(X = 2) = C(5,2)(1/2)^5, C(5,2) = 10, so 10/32 = 5/16."

    def construct(self):
        heading = title("Two heads in five tosses")
        setup = MathTex(r"P(X = 2) = \binom{5}{2} \left(\frac{1}{2}\right)^5", font_size=52).next_to(heading, DOWN, buff=0.6)
        coeff = MathTex(r"\binom{5}{2} = \frac{5 \cdot 4}{2} = 10", font_size=48).next_to(setup, DOWN, buff=0.6)
        result = MathTex(r"P(X = 2) = \frac{10}{32} = \frac{5}{16}", font_size=52, color=YELLOW).next_to(coeff, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(Write(setup))
        self.wait(3)
        self.play(Write(coeff))
        self.wait(2.8)
        self.play(Write(result))
        self.wait(4)


class CleanDerivativeLimit(Labelled, Scene):
    NAME = "clean-derivative-limit"
    DESCRIPTION = "The limit definition of the derivative, then an aligned multi-line computation for x² ending in 2x."

    def construct(self):
        heading = title("The derivative as a limit")
        definition = MathTex(r"f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}", font_size=48, color=BLUE).next_to(heading, DOWN, buff=0.5)
        work = MathTex(
            r"\lim_{h \to 0} \frac{(x+h)^2 - x^2}{h} &= \lim_{h \to 0} \frac{2xh + h^2}{h} \\ &= \lim_{h \to 0} (2x + h) \\ &= 2x",
            font_size=46,
        ).next_to(definition, DOWN, buff=0.6)
        self.play(Write(heading))
        self.play(Write(definition), run_time=1.5)
        self.wait(3.5)
        self.play(Write(work), run_time=3)
        self.wait(8.5)


class CleanTriangleAngles(Labelled, Scene):
    NAME = "clean-triangle-angles"
    DESCRIPTION = "A triangle with angles α, β, γ, α + β + γ = 180°, and a closing sentence held at the very end of the video."

    def construct(self):
        heading = title("Angles of a triangle")
        A, B, C = np.array([-3, -1.2, 0]), np.array([3, -1.2, 0]), np.array([-0.8, 1.6, 0])
        tri = Polygon(A, B, C, color=BLUE)
        labels = VGroup(
            MathTex(r"\alpha", font_size=44).move_to(A + np.array([0.75, 0.3, 0])),
            MathTex(r"\beta", font_size=44).move_to(B + np.array([-0.95, 0.3, 0])),
            MathTex(r"\gamma", font_size=44).move_to(C + np.array([0.05, -0.65, 0])),
        )
        fact = MathTex(r"\alpha + \beta + \gamma = 180^\circ", font_size=56, color=YELLOW).next_to(tri, DOWN, buff=0.5)
        self.play(Write(heading))
        self.play(Create(tri))
        self.play(Write(labels))
        self.wait(1.5)
        self.play(Write(fact))
        self.wait(3)
        self.play(FadeOut(tri), FadeOut(labels), fact.animate.shift(UP * 3))
        closing = Text("The angles of any triangle\nadd up to 180 degrees.", font_size=36, line_spacing=1.2).next_to(fact, DOWN, buff=1.0)
        self.play(FadeIn(closing))
        self.wait(6)


class CleanFractionArithmetic(Labelled, Scene):
    NAME = "clean-fraction-arithmetic"
    DESCRIPTION = "Three fraction facts written one below another: 1/2 + 1/3 = 5/6, 2/3 · 3/4 = 1/2, 3/4 ÷ 1/2 = 3/2."

    def construct(self):
        heading = title("Working with fractions")
        facts = VGroup(
            MathTex(r"\frac{1}{2} + \frac{1}{3} = \frac{5}{6}", font_size=56),
            MathTex(r"\frac{2}{3} \cdot \frac{3}{4} = \frac{1}{2}", font_size=56),
            MathTex(r"\frac{3}{4} \div \frac{1}{2} = \frac{3}{2}", font_size=56),
        ).arrange(DOWN, buff=0.5).next_to(heading, DOWN, buff=0.5)
        self.play(Write(heading))
        for fact in facts:
            self.play(Write(fact))
            self.wait(2.5)
        self.wait(1)


class CleanGeometryUnits(Labelled, Scene):
    NAME = "clean-geometry-units"
    DESCRIPTION = "A 4 cm by 3 cm rectangle with side labels; A = lw and P = 2(l + w) as definitions, then 12 cm² and 14 cm with units in \\text{}."

    def construct(self):
        heading = title("Rectangle: area and perimeter")
        rect = Rectangle(width=4, height=3, color=BLUE, fill_opacity=0.25).shift(LEFT * 3.3 + DOWN * 0.4)
        l_label = MathTex(r"l = 4\,\text{cm}", font_size=36).next_to(rect, DOWN, buff=0.2)
        w_label = MathTex(r"w = 3\,\text{cm}", font_size=36).next_to(rect, RIGHT, buff=0.2)
        defs = VGroup(
            MathTex("A = lw", font_size=52),
            MathTex("P = 2(l + w)", font_size=52),
        ).arrange(DOWN, buff=0.5, aligned_edge=LEFT).move_to(RIGHT * 3.8 + UP * 1.0)
        values = VGroup(
            MathTex(r"A = 12\,\text{cm}^2", font_size=48, color=YELLOW),
            MathTex(r"P = 14\,\text{cm}", font_size=48, color=YELLOW),
        ).arrange(DOWN, buff=0.5, aligned_edge=LEFT).next_to(defs, DOWN, buff=0.7).align_to(defs, LEFT)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(rect))
        self.play(Write(l_label), Write(w_label))
        self.wait(1.5)
        self.play(Write(defs))
        self.wait(3)
        self.play(Write(values))
        self.wait(4)


class CleanTexExpansion(Labelled, Scene):
    NAME = "clean-tex-expansion"
    DESCRIPTION = "(a + b)² = a² + 2ab + b² with the cross term boxed, then a Tex sentence with inline math: expanding (x + 2)² gives x² + 4x + 4."

    def construct(self):
        heading = title("Squaring a sum")
        identity = MathTex("(a + b)^2", "=", "a^2", "+", "2ab", "+", "b^2", font_size=64).shift(UP * 1.0)
        cross = Brace(identity[4], DOWN, buff=0.1, color=YELLOW)
        cross_label = Text("cross term", font_size=26, color=YELLOW).next_to(cross, DOWN, buff=0.15)
        sentence = Tex(r"Expanding $(x + 2)^2$ gives $x^2 + 4x + 4$.", font_size=44).to_edge(DOWN, buff=1.0)
        self.play(Write(heading))
        self.play(Write(identity))
        self.wait(3)
        self.play(Create(cross), FadeIn(cross_label))
        self.wait(2)
        self.play(Write(sentence), run_time=1.5)
        self.wait(5.7)


class CleanQuadraticRoots(Labelled, Scene):
    NAME = "clean-quadratic-roots"
    DESCRIPTION = "Two equations solved correctly in lines one below another: x² - 5x + 6 = 0 factored as (x-2)(x-3), and x² = 3x as x(x - 3) = 0 keeping x = 0."

    def construct(self):
        heading = title("Solving quadratics")
        left = VGroup(
            MathTex("x^2 - 5x + 6 = 0", font_size=46),
            MathTex("(x - 2)(x - 3) = 0", font_size=46),
            MathTex(r"x = 2 \;\text{or}\; x = 3", font_size=46, color=YELLOW),
        ).arrange(DOWN, buff=0.5)
        right = VGroup(
            MathTex("x^2 = 3x", font_size=46),
            MathTex("x(x - 3) = 0", font_size=46),
            MathTex(r"x = 0 \;\text{or}\; x = 3", font_size=46, color=YELLOW),
        ).arrange(DOWN, buff=0.5)
        VGroup(left, right).arrange(RIGHT, buff=1.6).next_to(heading, DOWN, buff=0.8)
        self.play(Write(heading))
        for line in left:
            self.play(Write(line))
            self.wait(2.2)
        for line in right:
            self.play(Write(line))
            self.wait(2.2)
        self.wait(1)
