"""Held-out math-teaching Manim scenes: planted math errors, text shown too briefly to read, and clean traps.

Each class is written the way an LLM answers a "teach me X" request, and carries its own label
(NAME, DEFECT, DESCRIPTION, EXPECTED, WHERE). A scene with a defect calls `self.mark("start")`
right after the play that first shows the wrong formula (or the too-brief text) fully, and
`self.mark("end")` when it leaves the screen or starts turning into something else (no "end"
mark: it stays to the end of the video). The source line that creates the wrong formula or the
too-brief text ends with the comment `# defect`; render.py writes its line number into the label.

Frame at -ql: 854x480 px, 14.22 x 8 Manim units.
"""

from manim import *

Text.set_default(font="DejaVu Sans")

VISUAL = "VISUAL_VALIDATION_JSON"
ENGAGEMENT = "ENGAGEMENT_RUBRIC_JSON"

MATH = [(VISUAL, "math_error")]
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


# ---------------------------------------------------------------------------
# Math errors: exactly one wrong formula or step each
# ---------------------------------------------------------------------------


class MathSquareDropsCrossTerm(Labelled, Scene):
    NAME = "math-square-drops-cross-term"
    DEFECT = "square_drops_cross_term"
    DESCRIPTION = "Expanding (3x - 2)^2 with ReplacementTransform; the last step reads 9x^2 + 4, the cross term -12x is lost."
    EXPECTED = MATH
    WHERE = "centre: (3x - 2)^2 = 9x^2 + 4 (should be 9x^2 - 12x + 4), boxed, to the end"

    def construct(self):
        header = Text("Expanding a square", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(header))
        step = MathTex("(3x - 2)^2", font_size=64)
        self.play(Write(step))
        self.wait(2)
        product = MathTex("(3x - 2)^2", "=", "(3x - 2)(3x - 2)", font_size=64)
        self.play(ReplacementTransform(step, product))
        self.wait(2.5)
        hint = Text("multiply every term by every term", font_size=28, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(FadeIn(hint, shift=UP * 0.2))
        self.wait(3)
        expanded = MathTex("(3x - 2)^2", "=", "9x^2 + 4", font_size=64)  # defect
        self.play(ReplacementTransform(product, expanded))
        self.mark("start")
        self.wait(2.5)
        self.play(Create(SurroundingRectangle(expanded, color=YELLOW, buff=0.2)))
        self.wait(2.5)


class MathLinearSignSlip(Labelled, Scene):
    NAME = "math-linear-sign-slip"
    DEFECT = "linear_sign_slip"
    DESCRIPTION = "Solving 7 - 3x = 19 line by line: subtracting 7 gives -3x = 26 (should be 12), carried to x = -26/3."
    EXPECTED = MATH
    WHERE = "second line, left of centre: -3x = 26, and the answer x = -26/3 under it, to the end"

    def construct(self):
        header = Text("Solve for x", font_size=40).to_edge(UP, buff=0.6)
        lines = VGroup(
            MathTex("7 - 3x", "=", "19", font_size=56),
            MathTex("-3x", "=", "26", font_size=56),  # defect
            MathTex("x", "=", r"-\frac{26}{3}", font_size=56),
        ).arrange(DOWN, buff=0.7).shift(LEFT * 2 + DOWN * 0.3)
        for line in lines[1:]:
            line.shift(RIGHT * (lines[0][1].get_x() - line[1].get_x()))
        notes = VGroup(
            Text("subtract 7 from both sides", font_size=26, color=BLUE_B),
            Text("divide both sides by -3", font_size=26, color=BLUE_B),
        )
        for note, line in zip(notes, lines[1:]):
            note.next_to(line, RIGHT, buff=1.0).set_x(3.2)
        self.play(Write(header))
        self.play(Write(lines[0]))
        self.wait(2.5)
        self.play(Write(lines[1]), FadeIn(notes[0]))
        self.mark("start")
        self.wait(3.5)
        self.play(Write(lines[2]), FadeIn(notes[1]))
        self.wait(3)
        self.play(Create(SurroundingRectangle(lines[2], color=GREEN, buff=0.15)))
        self.wait(2)


class MathProductRuleSign(Labelled, Scene):
    NAME = "math-derivative-product-rule-sign"
    DEFECT = "derivative_sign"
    DESCRIPTION = "Product rule for x^3 cos x: u, v and their derivatives are right (v' = -sin x), but the result is written 3x^2 cos x + x^3 sin x."
    EXPECTED = MATH
    WHERE = "bottom line: f'(x) = 3x^2 cos x + x^3 sin x (should be minus x^3 sin x), boxed, to the end"

    def construct(self):
        header = Text("The product rule", font_size=40).to_edge(UP, buff=0.5)
        rule = MathTex(r"(uv)' = u'v + uv'", font_size=52, color=YELLOW)
        func = MathTex(r"f(x) = x^3 \cos x", font_size=48)
        parts = VGroup(
            MathTex(r"u = x^3"),
            MathTex(r"v = \cos x"),
            MathTex(r"u' = 3x^2"),
            MathTex(r"v' = -\sin x"),
        ).arrange_in_grid(rows=2, cols=2, buff=(1.6, 0.35), col_alignments="ll")
        result = MathTex(r"f'(x) = 3x^2 \cos x + x^3 \sin x", font_size=52)  # defect
        VGroup(rule, func, parts, result).arrange(DOWN, buff=0.5).next_to(header, DOWN, buff=0.5)
        self.play(Write(header))
        self.play(Write(rule))
        self.wait(2.5)
        self.play(FadeIn(func, shift=DOWN * 0.2))
        self.wait(2)
        self.play(LaggedStart(*[FadeIn(p) for p in parts], lag_ratio=0.4))
        self.wait(3.5)
        self.play(Write(result))
        self.mark("start")
        self.wait(3)
        self.play(Create(SurroundingRectangle(result, color=BLUE, buff=0.15)))
        self.wait(2)


class MathAntiderivativeFactor(Labelled, Scene):
    NAME = "math-antiderivative-wrong-factor"
    DEFECT = "antiderivative_factor"
    DESCRIPTION = "After the substitution u = 3x, the integral of cos(3x) is given as 3 sin(3x) + C (should be sin(3x)/3 + C)."
    EXPECTED = MATH
    WHERE = "centre: the integral of cos(3x) dx = 3 sin(3x) + C, with a brace under the right side, to the end"

    def construct(self):
        header = Tex(r"Integrating $\cos(3x)$", font_size=48).to_edge(UP, buff=0.6)
        hint = Tex(r"Substitute $u = 3x$, so that $du = 3\,dx$.", font_size=38, color=GRAY_A).next_to(header, DOWN, buff=0.7)
        answer = MathTex(r"\int \cos(3x)\,dx", "=", r"3\sin(3x) + C", font_size=60).shift(DOWN * 0.4)  # defect
        brace = Brace(answer[2], DOWN, buff=0.2)
        brace_label = brace.get_text("an antiderivative").scale(0.8)
        self.play(Write(header))
        self.wait(0.5)
        self.play(FadeIn(hint))
        self.wait(3.5)
        self.play(Write(answer), run_time=1.5)
        self.mark("start")
        self.wait(3)
        self.play(GrowFromCenter(brace), FadeIn(brace_label))
        self.wait(3)


class MathDefiniteIntegralValue(Labelled, Scene):
    NAME = "math-definite-integral-value"
    DEFECT = "definite_integral_value"
    DESCRIPTION = "The area under 3x^2 + 1 on [0, 2] worked out in a three-line aligned MathTex; the first two lines are right, the last says 12 (should be 10)."
    EXPECTED = MATH
    WHERE = "right half: the last line of the aligned working, '= 12', to the end"

    def construct(self):
        header = Tex(r"Area under $y = 3x^2 + 1$ from $0$ to $2$", font_size=44).to_edge(UP, buff=0.5)
        axes = Axes(
            x_range=[0, 2.5, 1],
            y_range=[0, 16, 4],
            x_length=4.2,
            y_length=4.6,
            axis_config={"include_numbers": True, "font_size": 24},
        ).to_edge(LEFT, buff=0.9).shift(DOWN * 0.5)
        curve = axes.plot(lambda x: 3 * x**2 + 1, x_range=[0, 2.2], color=BLUE)
        area = axes.get_area(curve, x_range=[0, 2], color=BLUE, opacity=0.4)
        work = MathTex(  # defect
            r"\int_0^2 (3x^2 + 1)\,dx &= \Big[x^3 + x\Big]_0^2 \\ &= (8 + 2) - (0 + 0) \\ &= 12",
            font_size=42,
        ).to_edge(RIGHT, buff=0.7).shift(DOWN * 0.3)
        self.play(Write(header))
        self.play(Create(axes), run_time=1.5)
        self.play(Create(curve))
        self.play(FadeIn(area))
        self.wait(1)
        self.play(Write(work), run_time=3)
        self.mark("start")
        self.wait(4.5)


class MathFractionSumDenominators(Labelled, Scene):
    NAME = "math-fraction-sum-denominators"
    DEFECT = "fraction_sum"
    DESCRIPTION = "2/3 + 1/4 rewritten over 12 correctly, then Transform to '= 11/24': the denominators were added (should be 11/12)."
    EXPECTED = MATH
    WHERE = "centre: the end of the chain, 8/12 + 3/12 = 11/24, to the end"

    def construct(self):
        header = Text("Adding fractions", font_size=40).to_edge(UP, buff=0.6)
        chain = MathTex(r"\frac{2}{3} + \frac{1}{4}", font_size=72)
        note = Text("rewrite both over the common denominator 12", font_size=28, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(Write(header))
        self.play(Write(chain))
        self.wait(2.5)
        self.play(Transform(chain, MathTex(r"\frac{2}{3} + \frac{1}{4} = \frac{8}{12} + \frac{3}{12}", font_size=72)), FadeIn(note))
        self.wait(4.5)
        self.play(Transform(chain, MathTex(r"\frac{2}{3} + \frac{1}{4} = \frac{8}{12} + \frac{3}{12} = \frac{11}{24}", font_size=72)))  # defect
        self.mark("start")
        self.wait(3.5)
        self.play(Indicate(chain, color=YELLOW))
        self.wait(1.5)


class MathLogQuotientRule(Labelled, Scene):
    NAME = "math-log-quotient-as-ratio"
    DEFECT = "log_rule"
    DESCRIPTION = "On white: three logarithm rules one below another; the product and power rules are right, the quotient rule says log(x/y) = log x / log y."
    EXPECTED = MATH
    WHERE = "middle row: log_b(x/y) = log_b x / log_b y (should be log_b x - log_b y), to the end"

    def construct(self):
        self.camera.background_color = WHITE
        header = Text("Three rules for logarithms", font_size=40, color=BLACK).to_edge(UP, buff=0.6)
        rules = VGroup(
            MathTex(r"\log_b(xy) = \log_b x + \log_b y", color=BLACK),
            MathTex(r"\log_b\left(\frac{x}{y}\right) = \frac{\log_b x}{\log_b y}", color=BLACK),  # defect
            MathTex(r"\log_b\left(x^n\right) = n \log_b x", color=BLACK),
        ).arrange(DOWN, buff=0.7).shift(RIGHT * 1.2 + DOWN * 0.4)
        names = VGroup(*[Text(n, font_size=28, color=BLUE_E) for n in ("product", "quotient", "power")])
        for name, rule in zip(names, rules):
            name.move_to([-4.6, rule.get_y(), 0])
        self.play(Write(header))
        self.wait(0.5)
        self.play(FadeIn(names[0]), Write(rules[0]))
        self.wait(3)
        self.play(FadeIn(names[1]), Write(rules[1]))
        self.mark("start")
        self.wait(3.5)
        self.play(FadeIn(names[2]), Write(rules[2]))
        self.wait(3.5)


class MathTrigDoubleAngle(Labelled, Scene):
    NAME = "math-trig-double-angle-sign"
    DEFECT = "trig_identity"
    DESCRIPTION = "cos 2θ = cos²θ - sin²θ, then eq.become(...) turns it into cos 2θ = 2cos²θ + 1 (should be - 1) while the hint sin²θ = 1 - cos²θ is shown."
    EXPECTED = MATH
    WHERE = "centre: cos 2θ = 2cos²θ + 1, from the become() to the end"

    def construct(self):
        header = Text("A double-angle identity", font_size=40).to_edge(UP, buff=0.6)
        eq = MathTex(r"\cos 2\theta = \cos^2\theta - \sin^2\theta", font_size=60)
        hint = Tex(r"Replace $\sin^2\theta$ by $1 - \cos^2\theta$", font_size=40, color=TEAL_B).to_edge(DOWN, buff=1.2)
        self.play(Write(header))
        self.play(Write(eq))
        self.wait(3)
        self.play(FadeIn(hint, shift=UP * 0.2))
        self.wait(3.5)
        eq.become(MathTex(r"\cos 2\theta = 2\cos^2\theta + 1", font_size=60))  # defect
        self.mark("start")
        self.wait(3.5)
        self.play(Indicate(eq))
        self.wait(1.5)


class MathFactoringWrongRoots(Labelled, Scene):
    NAME = "math-factoring-wrong-roots"
    DEFECT = "factoring_changes_roots"
    DESCRIPTION = "x^2 - x - 6 = 0 factored as (x - 2)(x + 3) = 0 (that is x^2 + x - 6; should be (x - 3)(x + 2)), carried to x = 2 or x = -3."
    EXPECTED = MATH
    WHERE = "middle line: (x - 2)(x + 3) = 0, and the answer under it, to the end"

    def construct(self):
        header = Text("Solving by factoring", font_size=40).to_edge(UP, buff=0.6)
        problem = MathTex("x^2 - x - 6", "=", "0", font_size=60)
        factored = MathTex("(x - 2)(x + 3)", "=", "0", font_size=60)  # defect
        roots = MathTex(r"x = 2 \quad \text{or} \quad x = -3", font_size=60)
        VGroup(problem, factored, roots).arrange(DOWN, buff=0.8).shift(DOWN * 0.3)
        factored.shift(RIGHT * (problem[1].get_x() - factored[1].get_x()))
        self.play(Write(header))
        self.play(Write(problem))
        self.wait(2.5)
        self.play(Write(factored))
        self.mark("start")
        self.wait(3)
        self.play(FadeIn(roots, shift=DOWN * 0.3))
        self.wait(3)
        self.play(Create(SurroundingRectangle(roots, color=YELLOW, buff=0.15)))
        self.wait(2)


class MathDivideByXLosesRoot(Labelled, Scene):
    NAME = "math-cubic-divide-by-x"
    DEFECT = "lost_root"
    DESCRIPTION = "x^3 = 4x: 'divide both sides by x' gives x^2 = 4 and x = ±2, losing the root x = 0 (TransformFromCopy for each line)."
    EXPECTED = MATH
    WHERE = "second line: x^2 = 4 after dividing by x, then x = ±2 boxed as the answer, to the end"

    def construct(self):
        header = Tex(r"Solve $x^3 = 4x$", font_size=48).to_edge(UP, buff=0.6)
        first = MathTex("x^3", "=", "4x", font_size=56)
        divided = MathTex("x^2", "=", "4", font_size=56)  # defect
        answer = MathTex("x", "=", r"\pm 2", font_size=56)
        steps = VGroup(first, divided, answer).arrange(DOWN, buff=0.8).shift(LEFT * 2 + DOWN * 0.3)
        for line in steps[1:]:
            line.shift(RIGHT * (first[1].get_x() - line[1].get_x()))
        why = VGroup(
            Text("divide both sides by x", font_size=26, color=YELLOW),
            Text("take square roots", font_size=26, color=YELLOW),
        )
        for note, line in zip(why, steps[1:]):
            note.move_to([2.8, line.get_y(), 0])
        self.play(Write(header))
        self.play(Write(first))
        self.wait(2)
        self.play(TransformFromCopy(first, divided), FadeIn(why[0]))
        self.mark("start")
        self.wait(3)
        self.play(TransformFromCopy(divided, answer), FadeIn(why[1]))
        self.wait(3)
        self.play(Create(SurroundingRectangle(answer, color=GREEN, buff=0.15)))
        self.wait(2)


class MathLimitAfterCancelling(Labelled, Scene):
    NAME = "math-limit-after-cancelling"
    DEFECT = "limit_value"
    DESCRIPTION = "lim x->2 of (x^2 - 4)/(x - 2): factor, cancel, then the final TransformMatchingTex step says the limit is 2 (should be 4)."
    EXPECTED = MATH
    WHERE = "centre: lim (x^2 - 4)/(x - 2) = 2, boxed, to the end"

    def construct(self):
        lim = r"\lim_{x \to 2} \frac{x^2 - 4}{x - 2}"
        header = Text("A limit of the form 0/0", font_size=40).to_edge(UP, buff=0.6)
        caption = Text("factor the top, then cancel x - 2", font_size=28, color=GRAY_B).to_edge(DOWN, buff=1.0)
        e1 = MathTex(lim, font_size=56)
        e2 = MathTex(lim, "=", r"\lim_{x \to 2} \frac{(x - 2)(x + 2)}{x - 2}", font_size=56)
        e3 = MathTex(lim, "=", r"\lim_{x \to 2} (x + 2)", font_size=56)
        e4 = MathTex(lim, "=", "2", font_size=56)  # defect
        self.play(Write(header))
        self.play(Write(e1))
        self.wait(3)
        self.play(TransformMatchingTex(e1, e2), FadeIn(caption))
        self.wait(5.5)
        self.play(TransformMatchingTex(e2, e3))
        self.wait(4.5)
        self.play(TransformMatchingTex(e3, e4))
        self.mark("start")
        self.wait(3)
        self.play(Create(SurroundingRectangle(e4, color=YELLOW, buff=0.2)))
        self.wait(2)


class MathSumOfCubesClosedForm(Labelled, Scene):
    NAME = "math-sum-of-cubes-closed-form"
    DEFECT = "sum_closed_form"
    DESCRIPTION = "The sum of the first n cubes given the closed form n^2(n+1)^2/2 (should be divided by 4), with a brace 'closed form'."
    EXPECTED = MATH
    WHERE = "centre: sum_{k=1}^n k^3 = n^2(n+1)^2 / 2, to the end"

    def construct(self):
        header = Text("The sum of the first n cubes", font_size=40).to_edge(UP, buff=0.6)
        written_out = MathTex(r"1^3 + 2^3 + 3^3 + \cdots + n^3", "=", r"\sum_{k=1}^{n} k^3", font_size=50)
        closed = MathTex(r"\sum_{k=1}^{n} k^3", "=", r"\frac{n^2(n+1)^2}{2}", font_size=60)  # defect
        VGroup(written_out, closed).arrange(DOWN, buff=0.9).shift(DOWN * 0.2)
        brace = Brace(closed[2], RIGHT, buff=0.2)
        label = brace.get_text("closed form").scale(0.8)
        self.play(Write(header))
        self.play(Write(written_out))
        self.wait(3.5)
        self.play(Write(closed))
        self.mark("start")
        self.wait(3)
        self.play(GrowFromCenter(brace), FadeIn(label))
        self.wait(2.5)


class MathBinomialSixChooseTwo(Labelled, Scene):
    NAME = "math-binomial-six-choose-two"
    DEFECT = "binomial_coefficient"
    DESCRIPTION = "Choosing 2 of 6 books: C(6,2) = 6!/(2!4!) = 720/(2·24) = 30, a wrong last value (should be 15)."
    EXPECTED = MATH
    WHERE = "centre: the chain ending '= 30', last part boxed, to the end"

    def construct(self):
        header = Text("Choosing books", font_size=40).to_edge(UP, buff=0.6)
        question = Tex(r"In how many ways can we choose $2$ of $6$ books?", font_size=40).next_to(header, DOWN, buff=0.8)
        chain = MathTex(r"\binom{6}{2}", "=", r"\frac{6!}{2!\,4!}", "=", r"\frac{720}{2 \cdot 24}", "=", "30", font_size=56).shift(DOWN * 0.6)  # defect
        self.play(Write(header))
        self.play(FadeIn(question))
        self.wait(4.5)
        self.play(Write(chain), run_time=2)
        self.mark("start")
        self.wait(3.5)
        self.play(Create(SurroundingRectangle(chain[-1], color=YELLOW, buff=0.15)))
        self.wait(2)


class MathCircleAreaArithmetic(Labelled, Scene):
    NAME = "math-circle-area-arithmetic"
    DEFECT = "arithmetic"
    DESCRIPTION = "A circle of radius 3 cm: A = πr² (right), then A = π·3² = 6π cm² (should be 9π)."
    EXPECTED = MATH
    WHERE = "right half, second formula: A = π·3² = 6π cm², to the end"

    def construct(self):
        header = Text("Area of a circle", font_size=40).to_edge(UP, buff=0.6)
        disc = Circle(radius=1.6, color=BLUE, fill_opacity=0.3).shift(LEFT * 3.6 + DOWN * 0.5)
        radius = Line(disc.get_center(), disc.get_right(), color=YELLOW)
        r_label = MathTex(r"r = 3\,\text{cm}", font_size=34).next_to(radius, UP, buff=0.15)
        general = MathTex(r"A = \pi r^2", font_size=56)
        worked = MathTex(r"A = \pi \cdot 3^2 = 6\pi\ \text{cm}^2", font_size=56)  # defect
        VGroup(general, worked).arrange(DOWN, buff=0.9, aligned_edge=LEFT).move_to(RIGHT * 2.6 + DOWN * 0.5)
        self.play(Write(header))
        self.play(Create(disc), Create(radius))
        self.play(Write(r_label))
        self.wait(1.5)
        self.play(Write(general))
        self.wait(2.5)
        self.play(Write(worked))
        self.mark("start")
        self.wait(3.5)
        self.play(Circumscribe(worked, color=YELLOW))
        self.wait(1.5)


# ---------------------------------------------------------------------------
# Too brief to read: correct mathematics, one text on screen too short a time
# ---------------------------------------------------------------------------


class BriefQuadraticFormulaFlash(Labelled, Scene):
    NAME = "brief-quadratic-formula-flash"
    DEFECT = "formula_flash"
    DESCRIPTION = "The quadratic formula fades in (0.3 s), rests 0.3 s and fades out (0.3 s); the sentence before and after are held."
    EXPECTED = PACING
    WHERE = "centre, under the sentence: x = (-b ± sqrt(b^2 - 4ac)) / 2a, 0.3 s at rest"

    def construct(self):
        header = Text("The quadratic formula", font_size=40).to_edge(UP, buff=0.6)
        intro = Tex(r"Every equation $ax^2 + bx + c = 0$ with $a \neq 0$ is solved by", font_size=40).shift(UP * 1.5)
        formula = MathTex(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", font_size=64).shift(DOWN * 0.4)  # defect
        outro = Text("Next: where this formula comes from", font_size=32, color=BLUE_B).to_edge(DOWN, buff=1.0)
        self.play(Write(header))
        self.play(Write(intro), run_time=1.5)
        self.wait(5)
        self.play(FadeIn(formula), run_time=0.3)
        self.mark("start")
        self.wait(0.3)
        self.mark("end")
        self.play(FadeOut(formula), run_time=0.3)
        self.play(FadeIn(outro))
        self.wait(4)


class BriefParagraphProbability(Labelled, Scene):
    NAME = "brief-probability-paragraph"
    DEFECT = "paragraph_flash"
    DESCRIPTION = "A 44-word paragraph on what a probability is, on screen for 1.5 s (fades included); the formula after it is held."
    EXPECTED = PACING
    WHERE = "centre: a five-line paragraph, 1 s at rest"

    def construct(self):
        header = Text("What is a probability?", font_size=40).to_edge(UP, buff=0.6)
        paragraph = Text(  # defect
            "A probability is a number between zero and one that\n"
            "measures how likely an event is. Zero means the event\n"
            "never happens, one means it is certain, and every value\n"
            "in between describes how often it happens when the\n"
            "experiment is repeated many times.",
            font_size=28,
            line_spacing=1.2,
        ).shift(DOWN * 0.3)
        bound = MathTex(r"0 \le P(A) \le 1", font_size=72)
        self.play(Write(header))
        self.wait(1)
        self.play(FadeIn(paragraph), run_time=0.25)
        self.mark("start")
        self.wait(1)
        self.mark("end")
        self.play(FadeOut(paragraph), run_time=0.25)
        self.play(Write(bound))
        self.wait(3.5)


class BriefDerivationNoPause(Labelled, Scene):
    NAME = "brief-linear-steps-no-pause"
    DEFECT = "steps_without_pause"
    DESCRIPTION = "Solving 4(x - 1) = 2x + 6: the three middle steps are TransformMatchingTex'd one into the next (0.5 s each) with no wait; the problem and the answer x = 5 are held."
    EXPECTED = PACING
    WHERE = "centre: 4x - 4 = 2x + 6, 2x - 4 = 6, 2x = 10, none at rest"

    def construct(self):
        header = Tex(r"Solve $4(x - 1) = 2x + 6$", font_size=48).to_edge(UP, buff=0.6)
        s0 = MathTex("4(x - 1)", "=", "2x + 6", font_size=64)
        s1 = MathTex("4x - 4", "=", "2x + 6", font_size=64)  # defect
        s2 = MathTex("2x - 4", "=", "6", font_size=64)
        s3 = MathTex("2x", "=", "10", font_size=64)
        s4 = MathTex("x", "=", "5", font_size=64)
        self.play(Write(header))
        self.wait(1)
        self.play(Write(s0))
        self.wait(3)
        self.play(TransformMatchingTex(s0, s1), run_time=0.5)
        self.mark("start")
        self.play(TransformMatchingTex(s1, s2), run_time=0.5)
        self.play(TransformMatchingTex(s2, s3), run_time=0.5)
        self.mark("end")
        self.play(TransformMatchingTex(s3, s4), run_time=0.5)
        self.play(Create(SurroundingRectangle(s4, color=GREEN, buff=0.2)))
        self.wait(3)


class BriefCaptionReplaced(Labelled, Scene):
    NAME = "brief-sine-caption-replaced"
    DEFECT = "caption_replaced"
    DESCRIPTION = "A sine wave on axes; a 60-character caption about its period is replaced by the next caption after 0.5 s."
    EXPECTED = PACING
    WHERE = "bottom: 'One full wave takes 2π units of x, so the period of sin x is 2π', 0.5 s at rest"

    def construct(self):
        header = Text("The sine wave", font_size=40).to_edge(UP, buff=0.5)
        axes = Axes(
            x_range=[0, 7, 1],
            y_range=[-1.5, 1.5, 1],
            x_length=10,
            y_length=3.2,
            axis_config={"include_numbers": True, "font_size": 24},
        ).shift(DOWN * 0.2)
        wave = axes.plot(np.sin, x_range=[0, 2 * PI], color=YELLOW)
        label = MathTex(r"y = \sin x", color=YELLOW, font_size=40).next_to(axes.c2p(PI / 2, 1), UP, buff=0.25)
        first = Text("One full wave takes 2π units of x, so the period of sin x is 2π", font_size=26).to_edge(DOWN, buff=0.5)  # defect
        second = Text("Its values stay between -1 and 1", font_size=26).to_edge(DOWN, buff=0.5)
        self.play(Write(header))
        self.play(Create(axes), run_time=1.5)
        self.play(Create(wave), Write(label), run_time=1.5)
        self.wait(2.5)
        self.play(FadeIn(first), run_time=0.4)
        self.mark("start")
        self.wait(0.5)
        self.mark("end")
        self.play(ReplacementTransform(first, second), run_time=0.5)
        self.wait(4.5)


class BriefBulletsVanish(Labelled, Scene):
    NAME = "brief-exponent-bullets-vanish"
    DEFECT = "bullets_vanish"
    DESCRIPTION = "Five laws of exponents as a BulletedList (Tex with inline math) fade in and vanish after 1 s; the summary line after is held."
    EXPECTED = PACING
    WHERE = "centre: five bullet lines, 1 s at rest"

    def construct(self):
        header = Text("Laws of exponents", font_size=40).to_edge(UP, buff=0.5)
        laws = BulletedList(  # defect
            r"$a^m \cdot a^n = a^{m+n}$",
            r"$a^m / a^n = a^{m-n}$",
            r"$(a^m)^n = a^{mn}$",
            r"$a^0 = 1$",
            r"$a^{-n} = 1 / a^n$",
            font_size=44,
            buff=0.35,
        ).shift(DOWN * 0.4)
        summary = Text("All five come from counting factors of a", font_size=32, color=BLUE_B)
        self.play(Write(header))
        self.wait(1)
        self.play(FadeIn(laws), run_time=0.5)
        self.mark("start")
        self.wait(1)
        self.mark("end")
        self.play(FadeOut(laws), run_time=0.5)
        self.play(FadeIn(summary))
        self.wait(5.5)


class BriefTheoremStatement(Labelled, Scene):
    NAME = "brief-mean-value-statement"
    DEFECT = "statement_flash"
    DESCRIPTION = "The mean value theorem stated in a three-line Tex sentence with inline math (about 30 words), on screen 1 s at rest; its formula after it is held."
    EXPECTED = PACING
    WHERE = "centre: the three-line statement 'If f is continuous on [a, b] ...', 1 s at rest"

    def construct(self):
        header = Text("The mean value theorem", font_size=40).to_edge(UP, buff=0.6)
        statement = Tex(  # defect
            r"If $f$ is continuous on $[a, b]$ and differentiable on $(a, b)$, \\"
            r"then there is at least one point $c$ in $(a, b)$ \\"
            r"where the tangent is parallel to the chord from $a$ to $b$.",
            font_size=36,
        )
        formula = MathTex(r"f'(c) = \frac{f(b) - f(a)}{b - a}", font_size=64)
        caption = Text("slope of the tangent = slope of the chord", font_size=28, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(Write(header))
        self.wait(1)
        self.play(FadeIn(statement), run_time=0.4)
        self.mark("start")
        self.wait(1)
        self.mark("end")
        self.play(FadeOut(statement), run_time=0.4)
        self.play(Write(formula))
        self.wait(2)
        self.play(FadeIn(caption))
        self.wait(5.5)


# ---------------------------------------------------------------------------
# Clean scenes: correct mathematics, everything held long enough, notation full of traps
# ---------------------------------------------------------------------------


class CleanDefinitionsSheet(Labelled, Scene):
    NAME = "clean-definitions-sheet"
    DESCRIPTION = "A formula sheet of definitions and relations (F = ma, A = πr², E = mc², y = mx + b, f(x) = x²), each with a caption, written one by one and held."

    def construct(self):
        header = Text("Formulas worth knowing", font_size=40).to_edge(UP, buff=0.5)
        rows = [
            (r"F = ma", "Newton's second law"),
            (r"A = \pi r^2", "area of a circle"),
            (r"E = mc^2", "mass and energy"),
            (r"y = mx + b", "a straight line"),
            (r"f(x) = x^2", "a parabola"),
        ]
        formulas = VGroup(*[MathTex(t, font_size=46) for t, _ in rows]).arrange(DOWN, buff=0.45, aligned_edge=LEFT)
        formulas.move_to([-2.4, -0.4, 0])
        captions = VGroup()
        for f, (_, words) in zip(formulas, rows):
            captions.add(Text(words, font_size=28, color=GRAY_B).move_to([0.6, f.get_y(), 0], aligned_edge=LEFT))
        self.play(Write(header))
        for f, c in zip(formulas, captions):
            self.play(Write(f), FadeIn(c, shift=LEFT * 0.2))
            self.wait(2)
        self.wait(2)


class CleanSolveLinearSteps(Labelled, Scene):
    NAME = "clean-solve-linear-steps"
    DESCRIPTION = "An equation stated as a problem, 2x + 3 = 7, solved with TransformMatchingTex (2x = 4, x = 2), each step held, then checked."

    def construct(self):
        header = Text("Solve for x", font_size=40).to_edge(UP, buff=0.6)
        problem = MathTex("2x", "+ 3", "=", "7", font_size=68)
        step = MathTex("2x", "=", "4", font_size=68)
        answer = MathTex("x", "=", "2", font_size=68)
        notes = [
            Text("subtract 3 from both sides", font_size=28, color=BLUE_B).to_edge(DOWN, buff=1.2),
            Text("divide both sides by 2", font_size=28, color=BLUE_B).to_edge(DOWN, buff=1.2),
        ]
        check = MathTex(r"2 \cdot 2 + 3 = 7 \ \checkmark", font_size=44, color=GREEN).next_to(answer, DOWN, buff=1.0)
        self.play(Write(header))
        self.play(Write(problem))
        self.wait(2.5)
        self.play(TransformMatchingTex(problem, step), FadeIn(notes[0]))
        self.wait(3.5)
        self.play(TransformMatchingTex(step, answer), ReplacementTransform(notes[0], notes[1]))
        self.wait(3.5)
        self.play(FadeOut(notes[1]), Create(SurroundingRectangle(answer, color=YELLOW, buff=0.2)))
        self.play(Write(check))
        self.wait(3)


class CleanQuadraticPlusMinus(Labelled, Scene):
    NAME = "clean-quadratic-plus-minus"
    DESCRIPTION = "The quadratic formula with ±, applied to x² - 9 = 0 in a three-line aligned MathTex ending x = ±3."

    def construct(self):
        header = Text("The quadratic formula", font_size=40).to_edge(UP, buff=0.5)
        formula = MathTex(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", font_size=50)
        problem = MathTex(r"x^2 - 9 = 0", r"\qquad a = 1,\ b = 0,\ c = -9", font_size=40)
        top = VGroup(formula, problem).arrange(RIGHT, buff=1.0).next_to(header, DOWN, buff=0.5)
        work = MathTex(
            r"x &= \frac{0 \pm \sqrt{0^2 - 4(1)(-9)}}{2(1)} \\ &= \frac{\pm 6}{2} \\ &= \pm 3",
            font_size=42,
        ).next_to(top, DOWN, buff=0.6)
        self.play(Write(header))
        self.play(Write(formula))
        self.wait(3.5)
        self.play(FadeIn(problem))
        self.wait(3)
        self.play(Write(work), run_time=2.5)
        self.wait(5)
        self.play(Create(SurroundingRectangle(work, color=YELLOW, buff=0.15)))
        self.wait(1.5)


class CleanSetsAndIntervals(Labelled, Scene):
    NAME = "clean-sets-and-intervals"
    DESCRIPTION = "A number line with tick numbers: the closed interval x ∈ [0, 1] ⇔ 0 ≤ x ≤ 1, then the set {x ∈ ℝ : x² < 4} = (-2, 2) with open ends."

    def construct(self):
        header = Text("Intervals and sets", font_size=40).to_edge(UP, buff=0.6)
        line = NumberLine(x_range=[-3, 3, 1], length=10, include_numbers=True, font_size=30).shift(DOWN * 0.6)
        closed = VGroup(
            Line(line.n2p(0), line.n2p(1), color=YELLOW, stroke_width=8),
            Dot(line.n2p(0), color=YELLOW, radius=0.1),
            Dot(line.n2p(1), color=YELLOW, radius=0.1),
        )
        closed_tex = MathTex(r"x \in [0, 1]", r"\iff", r"0 \le x \le 1", font_size=48, color=YELLOW).shift(UP * 1.5)
        opened = VGroup(
            Line(line.n2p(-2), line.n2p(2), color=BLUE, stroke_width=8),
            Circle(radius=0.1, color=BLUE, stroke_width=4).set_fill(BLACK, opacity=1).move_to(line.n2p(-2)),
            Circle(radius=0.1, color=BLUE, stroke_width=4).set_fill(BLACK, opacity=1).move_to(line.n2p(2)),
        )
        open_tex = MathTex(r"\{x \in \mathbb{R} : x^2 < 4\} = (-2, 2)", font_size=48, color=BLUE).shift(UP * 1.5)
        self.play(Write(header))
        self.play(Create(line), run_time=1.5)
        self.wait(0.5)
        self.play(Write(closed_tex))
        self.play(Create(closed))
        self.wait(3.5)
        self.play(FadeOut(closed), FadeOut(closed_tex))
        self.play(Write(open_tex))
        self.play(Create(opened))
        self.wait(4)


class CleanCompositionMaps(Labelled, Scene):
    NAME = "clean-composition-maps"
    DESCRIPTION = "On white: maps f: x ↦ x², g: x ↦ x + 1, both compositions g∘f and f∘g, and (g∘f)(2) = 5 ≠ 9 = (f∘g)(2)."

    def construct(self):
        self.camera.background_color = WHITE
        header = Text("Composing functions", font_size=40, color=BLACK).to_edge(UP, buff=0.5)
        maps = VGroup(
            MathTex(r"f : x \mapsto x^2", color=BLACK),
            MathTex(r"g : x \mapsto x + 1", color=BLACK),
        ).arrange(RIGHT, buff=2.0).shift(UP * 1.8)
        compositions = VGroup(
            MathTex(r"(g \circ f)(x) = g(f(x)) = x^2 + 1", color=BLUE_E),
            MathTex(r"(f \circ g)(x) = f(g(x)) = (x + 1)^2", color=RED_E),
        ).arrange(DOWN, buff=0.5, aligned_edge=LEFT).shift(UP * 0.1)
        example = MathTex(r"(g \circ f)(2) = 5 \neq 9 = (f \circ g)(2)", color=BLACK).shift(DOWN * 1.7)
        caption = Text("The order of composition matters", font_size=28, color=GRAY_D).to_edge(DOWN, buff=0.6)
        self.play(Write(header))
        self.play(FadeIn(maps[0]))
        self.wait(2)
        self.play(FadeIn(maps[1]))
        self.wait(2)
        self.play(Write(compositions[0]))
        self.wait(3)
        self.play(Write(compositions[1]))
        self.wait(3)
        self.play(Write(example))
        self.wait(3)
        self.play(FadeIn(caption))
        self.wait(4)


class CleanGaussSum(Labelled, Scene):
    NAME = "clean-gauss-sum"
    DESCRIPTION = "1 + 2 + ⋯ + n = n(n+1)/2 written with {{ }} substrings and a brace 'n terms', then the case n = 100 (= 5050) and a pairing caption."

    def construct(self):
        header = Text("Adding the numbers from 1 to n", font_size=40).to_edge(UP, buff=0.6)
        general = MathTex(r"{{ 1 + 2 + \cdots + n }} = {{ \frac{n(n+1)}{2} }}", font_size=60)
        brace = Brace(general[0], DOWN, buff=0.2)
        brace_label = brace.get_tex(r"n \text{ terms}")
        example = MathTex(r"{{ 1 + 2 + \cdots + 100 }} = {{ \frac{100 \cdot 101}{2} }} = 5050", font_size=60)
        pairing = Text("pair 1 with 100, 2 with 99, ...: fifty pairs of 101", font_size=28, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(Write(header))
        self.play(Write(general))
        self.wait(3)
        self.play(GrowFromCenter(brace), Write(brace_label))
        self.wait(2.5)
        self.play(FadeOut(brace), FadeOut(brace_label))
        self.play(TransformMatchingTex(general, example))
        self.wait(3.5)
        self.play(FadeIn(pairing))
        self.wait(6)


class CleanConstantsCounter(Labelled, Scene):
    NAME = "clean-constants-counter"
    DESCRIPTION = "Approximations π ≈ 3.14159 and e ≈ 2.71828, then √2 ≈ a DecimalNumber driven by a ValueTracker from 1 to 1.4142, and a closing line held to the very end."

    def construct(self):
        header = Text("Famous constants", font_size=40).to_edge(UP, buff=0.6)
        pi_line = MathTex(r"\pi \approx 3.14159", font_size=56)
        e_line = MathTex(r"e \approx 2.71828", font_size=56)
        root_label = MathTex(r"\sqrt{2} \approx", font_size=56)
        VGroup(pi_line, e_line, root_label).arrange(DOWN, buff=0.6, aligned_edge=LEFT).shift(LEFT * 1.2 + UP * 0.3)
        tracker = ValueTracker(1)
        value = DecimalNumber(1, num_decimal_places=4, font_size=56)
        value.add_updater(lambda m: m.set_value(tracker.get_value()).next_to(root_label, RIGHT, buff=0.25))
        closing = Text("The digits of all three never end", font_size=30, color=BLUE_B).to_edge(DOWN, buff=0.8)
        self.play(Write(header))
        self.play(Write(pi_line))
        self.wait(2.5)
        self.play(Write(e_line))
        self.wait(2.5)
        self.play(Write(root_label), FadeIn(value))
        self.play(tracker.animate.set_value(1.4142), run_time=2.5)
        self.wait(3)
        self.play(FadeIn(closing))
        self.wait(4.5)


class CleanEulerIdentity(Labelled, Scene):
    NAME = "clean-euler-identity"
    DESCRIPTION = "Euler's formula e^{iθ} = cos θ + i sin θ, θ = π substituted, and TransformFromCopy into e^{iπ} + 1 = 0, boxed."

    def construct(self):
        header = Text("Euler's identity", font_size=40).to_edge(UP, buff=0.6)
        formula = MathTex(r"e^{i\theta} = \cos\theta + i\sin\theta", font_size=56).shift(UP * 1.4)
        setting = Tex(r"Set $\theta = \pi$:", font_size=40).next_to(formula, DOWN, buff=0.6)
        substituted = MathTex(r"e^{i\pi} = \cos\pi + i\sin\pi = -1", font_size=56).next_to(setting, DOWN, buff=0.5)
        identity = MathTex(r"e^{i\pi} + 1 = 0", font_size=72, color=YELLOW).next_to(substituted, DOWN, buff=0.8)
        self.play(Write(header))
        self.play(Write(formula))
        self.wait(3.5)
        self.play(FadeIn(setting))
        self.wait(1.5)
        self.play(Write(substituted))
        self.wait(3.5)
        self.play(TransformFromCopy(substituted, identity))
        self.wait(1)
        self.play(Create(SurroundingRectangle(identity, color=YELLOW, buff=0.2)))
        self.wait(3)


class CleanMatrixProduct(Labelled, Scene):
    NAME = "clean-matrix-product"
    DESCRIPTION = "A 2 × 2 matrix product in bmatrix notation, two of its entries worked out underneath, and the determinant of the first matrix."

    def construct(self):
        header = Text("Multiplying 2 × 2 matrices", font_size=40).to_edge(UP, buff=0.5)
        product = MathTex(
            r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix}",
            r"\begin{bmatrix} 2 & 0 \\ 1 & 3 \end{bmatrix}",
            "=",
            r"\begin{bmatrix} 4 & 6 \\ 10 & 12 \end{bmatrix}",
            font_size=52,
        ).shift(UP * 1.0)
        entries = VGroup(
            MathTex(r"c_{11} = 1 \cdot 2 + 2 \cdot 1 = 4", font_size=40),
            MathTex(r"c_{22} = 3 \cdot 0 + 4 \cdot 3 = 12", font_size=40),
        ).arrange(RIGHT, buff=1.2).next_to(product, DOWN, buff=0.7)
        det = MathTex(r"\det \begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix} = 1 \cdot 4 - 2 \cdot 3 = -2", font_size=40).next_to(entries, DOWN, buff=0.6)
        self.play(Write(header))
        self.play(FadeIn(product[0]), FadeIn(product[1]))
        self.wait(1.5)
        self.play(Write(product[2]), Write(product[3]))
        self.wait(3.5)
        self.play(Write(entries[0]))
        self.wait(3)
        self.play(Write(entries[1]))
        self.wait(3)
        self.play(Write(det))
        self.wait(4)


class CleanCommonLogs(Labelled, Scene):
    NAME = "clean-common-logs"
    DESCRIPTION = "Logarithms written without a base (log = base 10, ln = base e): log 100 = 2, log 1000 = 3, log 0.01 = -2, ln e³ = 3, log₂ 32 = 5, and log 20 + log 5 = log 100 = 2."

    def construct(self):
        header = Text("Logarithms", font_size=40).to_edge(UP, buff=0.5)
        convention = Tex(r"$\log$ means base $10$, and $\ln$ means base $e$", font_size=38, color=GRAY_A).next_to(header, DOWN, buff=0.5)
        values = VGroup(
            MathTex(r"\log 100 = 2"),
            MathTex(r"\log 1000 = 3"),
            MathTex(r"\log 0.01 = -2"),
            MathTex(r"\ln e^3 = 3"),
            MathTex(r"\log_2 32 = 5"),
        ).arrange_in_grid(rows=2, cols=3, buff=(1.0, 0.6)).shift(DOWN * 0.1)
        combined = MathTex(r"\log 20 + \log 5 = \log 100 = 2", font_size=52, color=YELLOW).to_edge(DOWN, buff=1.0)
        self.play(Write(header))
        self.play(FadeIn(convention))
        self.wait(3)
        for v in values:
            self.play(Write(v), run_time=0.8)
            self.wait(1.5)
        self.wait(1)
        self.play(Write(combined))
        self.wait(4)


class CleanSpecialAngles(Labelled, Scene):
    NAME = "clean-special-angles"
    DESCRIPTION = "Unit circle with a 30° angle, a point label 'P' that comes and goes (1.2 s), the height 1/2 marked, and sin 30° = 1/2, cos 60° = 1/2, tan 45° = 1, cos 30° = √3/2 in degrees."

    def construct(self):
        header = Text("Special angles", font_size=40).to_edge(UP, buff=0.5)
        center = LEFT * 3.6 + DOWN * 0.5
        circle = Circle(radius=2.2, color=GRAY_B).move_to(center)
        x_axis = Line(center + LEFT * 2.6, center + RIGHT * 2.6, color=GRAY)
        y_axis = Line(center + DOWN * 2.6, center + UP * 2.6, color=GRAY)
        point = center + 2.2 * np.array([np.cos(PI / 6), np.sin(PI / 6), 0])
        radius = Line(center, point, color=YELLOW)
        dot = Dot(point, color=YELLOW)
        p_label = MathTex("P", font_size=40).next_to(dot, UR, buff=0.1)
        arc = Arc(radius=0.7, start_angle=0, angle=PI / 6, arc_center=center, color=YELLOW)
        angle_label = MathTex(r"30^\circ", font_size=28).move_to(center + 1.15 * np.array([np.cos(PI / 12), np.sin(PI / 12), 0]))
        height = DashedLine(point, [point[0], center[1], 0], color=BLUE)
        height_label = MathTex(r"\frac{1}{2}", font_size=32, color=BLUE).next_to(height, LEFT, buff=0.12).shift(DOWN * 0.15)
        facts = VGroup(
            MathTex(r"\sin 30^\circ = \frac{1}{2}"),
            MathTex(r"\cos 60^\circ = \frac{1}{2}"),
            MathTex(r"\tan 45^\circ = 1"),
            MathTex(r"\cos 30^\circ = \frac{\sqrt{3}}{2}"),
        ).arrange(DOWN, buff=0.45, aligned_edge=LEFT).move_to(RIGHT * 3.4 + DOWN * 0.4)
        self.play(Write(header))
        self.play(Create(x_axis), Create(y_axis), Create(circle))
        self.play(Create(radius), FadeIn(dot), Create(arc), Write(angle_label))
        self.play(FadeIn(p_label))
        self.wait(1.2)
        self.play(FadeOut(p_label))
        self.play(Create(height), Write(height_label))
        self.wait(1.5)
        self.play(Write(facts[0]))
        self.wait(2.5)
        for fact in facts[1:]:
            self.play(Write(fact))
            self.wait(2.2)
        self.wait(1.5)


class CleanUnitsCylinder(Labelled, Scene):
    NAME = "clean-units-cylinder"
    DESCRIPTION = "Volume of a cylinder with units in \\text{}: V = πr²h, r = 3 cm, h = 5 cm, V = 45π cm³ ≈ 141.4 cm³, beside a drawing with r and h marked."

    def construct(self):
        header = Text("Volume of a cylinder", font_size=40).to_edge(UP, buff=0.5)
        cx = -4.2
        top = Ellipse(width=2.8, height=1.1, color=BLUE).move_to([cx, 1.3, 0])
        bottom = Ellipse(width=2.8, height=1.1, color=BLUE).move_to([cx, -2.0, 0])
        sides = VGroup(
            Line([cx - 1.4, 1.3, 0], [cx - 1.4, -2.0, 0], color=BLUE),
            Line([cx + 1.4, 1.3, 0], [cx + 1.4, -2.0, 0], color=BLUE),
        )
        r_line = Line([cx, 1.3, 0], [cx + 1.4, 1.3, 0], color=YELLOW)
        r_label = MathTex("r", font_size=36, color=YELLOW).next_to(r_line, UP, buff=0.08)
        h_brace = Brace(sides[0], LEFT, buff=0.15)
        h_label = h_brace.get_tex("h")
        lines = VGroup(
            MathTex(r"V = \pi r^2 h", font_size=48),
            MathTex(r"r = 3\,\text{cm}, \quad h = 5\,\text{cm}", font_size=44),
            MathTex(r"V = \pi\,(3\,\text{cm})^2\,(5\,\text{cm})", font_size=44),
            MathTex(r"V = 45\pi\,\text{cm}^3 \approx 141.4\,\text{cm}^3", font_size=44),
        ).arrange(DOWN, buff=0.55, aligned_edge=LEFT).move_to(RIGHT * 2.4 + DOWN * 0.3)
        self.play(Write(header))
        self.play(Create(top), Create(bottom), Create(sides))
        self.play(Create(r_line), Write(r_label), GrowFromCenter(h_brace), Write(h_label))
        self.wait(1)
        self.play(Write(lines[0]))
        self.wait(2.5)
        for line in lines[1:]:
            self.play(Write(line))
            self.wait(3)
        self.play(Create(SurroundingRectangle(lines[3], color=YELLOW, buff=0.15)))
        self.wait(2)


class CleanParabolaInequality(Labelled, Scene):
    NAME = "clean-parabola-inequality"
    DESCRIPTION = "On white: axes with tick numbers, y = x² - 2x - 3 = (x + 1)(x - 3), the interval where it is negative highlighted, vertex (1, -4), and x² - 2x - 3 < 0 ⇔ -1 < x < 3."

    def construct(self):
        self.camera.background_color = WHITE
        header = Tex(r"Where is $x^2 - 2x - 3$ negative?", font_size=46, color=BLACK).to_edge(UP, buff=0.4)
        axes = Axes(
            x_range=[-2, 4, 1],
            y_range=[-6, 6, 2],
            x_length=6,
            y_length=5,
            axis_config={"include_numbers": True, "font_size": 22},
            tips=False,
        ).set_color(BLACK).to_edge(LEFT, buff=0.7).shift(DOWN * 0.45)
        curve = axes.plot(lambda x: x**2 - 2 * x - 3, x_range=[-1.8, 3.8], color=BLUE_D)
        negative = Line(axes.c2p(-1, 0), axes.c2p(3, 0), color=RED_D, stroke_width=8)
        vertex = Dot(axes.c2p(1, -4), color=BLACK)
        vertex_label = MathTex("(1, -4)", font_size=30, color=BLACK).next_to(vertex, DOWN, buff=0.15)
        facts = VGroup(
            MathTex(r"x^2 - 2x - 3 = (x + 1)(x - 3)", font_size=38, color=BLACK),
            MathTex(r"\text{roots: } x = -1,\ x = 3", font_size=38, color=BLACK),
            MathTex(r"x^2 - 2x - 3 < 0 \iff -1 < x < 3", font_size=38, color=RED_D),
        ).arrange(DOWN, buff=0.6, aligned_edge=LEFT).move_to(RIGHT * 3.6 + DOWN * 0.3)
        self.play(Write(header))
        self.play(Create(axes), run_time=1.5)
        self.play(Create(curve))
        self.wait(0.5)
        self.play(Write(facts[0]))
        self.wait(3)
        self.play(Write(facts[1]))
        self.wait(2.5)
        self.play(FadeIn(vertex), Write(vertex_label))
        self.wait(2)
        self.play(Create(negative), Write(facts[2]))
        self.wait(4.5)


class CleanAreaCounter(Labelled, Scene):
    NAME = "clean-area-counter"
    DESCRIPTION = "The area under y = 2x from 0 to t grows with a ValueTracker; DecimalNumber readouts of t and the area (= t²) beside ∫₀ᵗ 2x dx = t², and a closing sentence held at the very end."

    def construct(self):
        header = Tex(r"Area under $y = 2x$", font_size=46).to_edge(UP, buff=0.5)
        axes = Axes(
            x_range=[0, 4, 1],
            y_range=[0, 8, 2],
            x_length=5.2,
            y_length=4.4,
            axis_config={"include_numbers": True, "font_size": 24},
        ).to_edge(LEFT, buff=0.9).shift(DOWN * 0.5)
        line = axes.plot(lambda x: 2 * x, x_range=[0, 3.8], color=BLUE)
        t = ValueTracker(0.5)
        area = always_redraw(lambda: axes.get_area(line, x_range=[0, t.get_value()], color=GREEN, opacity=0.5))
        integral = MathTex(r"\int_0^t 2x\,dx = t^2", font_size=50).move_to(RIGHT * 3.3 + UP * 1.3)
        t_label = MathTex("t =", font_size=44)
        a_label = MathTex(r"\text{area} =", font_size=44)
        VGroup(t_label, a_label).arrange(DOWN, buff=0.5, aligned_edge=RIGHT).move_to(RIGHT * 2.6 + DOWN * 0.5)
        t_value = DecimalNumber(0.5, num_decimal_places=2, font_size=44)
        a_value = DecimalNumber(0.25, num_decimal_places=2, font_size=44)
        t_value.add_updater(lambda m: m.set_value(t.get_value()).next_to(t_label, RIGHT, buff=0.2))
        a_value.add_updater(lambda m: m.set_value(t.get_value() ** 2).next_to(a_label, RIGHT, buff=0.2))
        closing = Text("When t = 3, the area is 9", font_size=30, color=YELLOW).move_to(RIGHT * 3.3 + DOWN * 2.6)
        self.play(Write(header))
        self.play(Create(axes), Create(line), run_time=1.5)
        self.play(FadeIn(area))
        self.play(Write(integral))
        self.wait(2.5)
        self.play(Write(t_label), Write(a_label), FadeIn(t_value), FadeIn(a_value))
        self.wait(1.5)
        self.play(t.animate.set_value(3), run_time=4)
        self.wait(1)
        self.play(FadeIn(closing))
        self.wait(3.5)


class CleanBinomialCoinFlips(Labelled, Scene):
    NAME = "clean-binomial-coin-flips"
    DESCRIPTION = "Binomial coefficients: (a + b)³ expanded, C(3,2) = 3, P(2 heads in 3 flips) = 3/8, and a Tex sentence with C(n,2) = n(n-1)/2 handshakes."

    def construct(self):
        header = Text("Counting heads", font_size=40).to_edge(UP, buff=0.5)
        rows = VGroup(
            MathTex(r"(a + b)^3 = a^3 + 3a^2b + 3ab^2 + b^3", font_size=44),
            MathTex(r"\binom{3}{2} = \frac{3!}{2!\,1!} = 3", font_size=44),
            MathTex(r"P(\text{2 heads in 3 flips}) = \binom{3}{2}\left(\frac{1}{2}\right)^3 = \frac{3}{8}", font_size=44),
            Tex(r"Among $n$ people there are $\displaystyle\binom{n}{2} = \frac{n(n-1)}{2}$ handshakes.", font_size=38),
        ).arrange(DOWN, buff=0.45).next_to(header, DOWN, buff=0.45)
        self.play(Write(header))
        self.play(Write(rows[0]))
        self.wait(3.5)
        self.play(Write(rows[1]))
        self.wait(3)
        self.play(Write(rows[2]))
        self.wait(4)
        self.play(FadeIn(rows[3]))
        self.wait(6)
