"""A second held-out set of math-teaching Manim scenes: planted math errors, text shown too briefly to read, and clean traps.

Written after the math and reading-time rules were tuned, and never used for tuning. Each class is
written the way an LLM answers a "teach me X" request, and carries its own label (NAME, DEFECT,
DESCRIPTION, EXPECTED, WHERE). A scene with a defect calls `self.mark("start")` right after the play
that first shows the wrong formula (or the too-brief text) fully, and `self.mark("end")` when it
leaves the screen or starts turning into something else (no "end" mark: it stays to the end of the
video). The source line that creates the wrong formula or the too-brief text ends with the comment
`# defect`; render.py writes its line number into the label.

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


class MathDerivativeConstantKept(Labelled, Scene):
    NAME = "math-derivative-constant-kept"
    DEFECT = "derivative_of_constant_kept"
    DESCRIPTION = "Differentiating f(x) = 5x^4 - 3x^2 + 7 term by term with TransformMatchingTex; the last step reads 20x^3 - 6x + 7: the derivative of the constant 7 is kept as 7 instead of 0."
    EXPECTED = MATH
    WHERE = "centre: f'(x) = 20x^3 - 6x + 7 (should be 20x^3 - 6x), boxed, to the end"

    def construct(self):
        title = Text("Differentiating a polynomial", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        eq = MathTex("f(x)", "=", "5x^4", "-", "3x^2", "+", "7", font_size=60)
        self.play(Write(eq))
        self.wait(2.5)
        rule = MathTex(r"\frac{d}{dx}\, x^n = n\, x^{n-1}", font_size=44, color=BLUE_B).to_edge(DOWN, buff=0.8)
        rule_caption = Text("power rule", font_size=26, color=BLUE_B).next_to(rule, LEFT, buff=0.5)
        self.play(FadeIn(rule), FadeIn(rule_caption))
        self.wait(3)
        split = MathTex(
            "f'(x)", "=", r"\frac{d}{dx}(5x^4)", "-", r"\frac{d}{dx}(3x^2)", "+", r"\frac{d}{dx}(7)", font_size=52
        )
        self.play(TransformMatchingTex(eq, split))
        self.wait(6)
        result = MathTex("f'(x)", "=", "20x^3", "-", "6x", "+", "7", font_size=60)  # defect
        self.play(TransformMatchingTex(split, result))
        self.mark("start")
        self.wait(2.5)
        self.play(Create(SurroundingRectangle(result, color=YELLOW, buff=0.25)))
        self.wait(3)


class MathLinearDistributeSign(Labelled, Scene):
    NAME = "math-linear-distribute-sign"
    DEFECT = "linear_sign_slip"
    DESCRIPTION = "Solving 5(x - 2) = 3x + 8 with ReplacementTransform, one step at a time: after 2x - 10 = 8 the step 'add 10 to both sides' gives 2x = -2 (should be 2x = 18), carried to x = -1 (should be 9)."
    EXPECTED = MATH
    WHERE = "centre: 2x = -2 under the caption 'add 10 to both sides', then the answer x = -1 boxed, to the end"

    def construct(self):
        title = Text("Solving a linear equation", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        eq = MathTex("5(x - 2)", "=", "3x + 8", font_size=64)
        self.play(Write(eq))
        self.wait(3)
        caption = Text("expand the bracket", font_size=30, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(FadeIn(caption))
        self.wait(1)
        step = MathTex("5x - 10", "=", "3x + 8", font_size=64)
        self.play(ReplacementTransform(eq, step))
        self.wait(3)
        caption2 = Text("subtract 3x from both sides", font_size=30, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(ReplacementTransform(caption, caption2))
        self.wait(1)
        step2 = MathTex("2x - 10", "=", "8", font_size=64)
        self.play(ReplacementTransform(step, step2))
        self.wait(3)
        caption3 = Text("add 10 to both sides", font_size=30, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(ReplacementTransform(caption2, caption3))
        self.wait(1)
        step3 = MathTex("2x", "=", "-2", font_size=64)  # defect
        self.play(ReplacementTransform(step2, step3))
        self.mark("start")
        self.wait(3)
        caption4 = Text("divide both sides by 2", font_size=30, color=GRAY_B).to_edge(DOWN, buff=1.0)
        self.play(ReplacementTransform(caption3, caption4))
        self.wait(1)
        answer = MathTex("x", "=", "-1", font_size=72, color=YELLOW)
        self.play(ReplacementTransform(step3, answer))
        self.play(Create(SurroundingRectangle(answer, color=YELLOW, buff=0.25)))
        self.wait(3.5)


class MathLimitConjugateValue(Labelled, Scene):
    NAME = "math-limit-conjugate-value"
    DEFECT = "limit_value"
    DESCRIPTION = "The limit of (sqrt(x + 9) - 3)/x as x -> 0 worked out with Transform: multiply by the conjugate, cancel x, then the last step gives 1/3 (should be 1/(3 + 3) = 1/6)."
    EXPECTED = MATH
    WHERE = "centre: lim_{x->0} (sqrt(x+9) - 3)/x = 1/3 (should be 1/6), boxed, to the end"

    def construct(self):
        title = Text("A limit with a square root", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        lhs = r"\lim_{x \to 0} \frac{\sqrt{x + 9} - 3}{x}"
        eq = MathTex(lhs, font_size=56)
        self.play(Write(eq))
        self.wait(2.5)
        caption = Text("Plugging in x = 0 gives 0/0, so multiply by the conjugate", font_size=26, color=GRAY_B)
        caption.to_edge(DOWN, buff=0.8)
        self.play(FadeIn(caption))
        self.wait(4)
        step1 = MathTex(lhs, "=", r"\lim_{x \to 0} \frac{(\sqrt{x + 9} - 3)(\sqrt{x + 9} + 3)}{x(\sqrt{x + 9} + 3)}", font_size=46)
        self.play(Transform(eq, step1))
        self.wait(7)
        step2 = MathTex(lhs, "=", r"\lim_{x \to 0} \frac{x}{x(\sqrt{x + 9} + 3)}", font_size=52)
        caption2 = Text("(x + 9) - 9 = x on top, then cancel x", font_size=26, color=GRAY_B).to_edge(DOWN, buff=0.8)
        self.play(Transform(eq, step2), ReplacementTransform(caption, caption2))
        self.wait(5.5)
        step3 = MathTex(lhs, "=", r"\lim_{x \to 0} \frac{1}{\sqrt{x + 9} + 3}", font_size=52)
        self.play(Transform(eq, step3))
        self.wait(5)
        final = MathTex(lhs, "=", r"\frac{1}{3}", font_size=56)  # defect
        caption3 = Text("now substitute x = 0", font_size=26, color=GRAY_B).to_edge(DOWN, buff=0.8)
        self.play(Transform(eq, final), ReplacementTransform(caption2, caption3))
        self.mark("start")
        self.wait(2)
        self.play(Create(SurroundingRectangle(eq, color=YELLOW, buff=0.25)))
        self.wait(3)


class MathTrigPythagoreanCosecant(Labelled, Scene):
    NAME = "math-trig-pythagorean-cosecant"
    DEFECT = "trig_identity"
    DESCRIPTION = "A three-line aligned MathTex derives a Pythagorean identity by dividing sin^2 + cos^2 = 1 by cos^2; the last line reads tan^2 + 1 = csc^2 (should be sec^2)."
    EXPECTED = MATH
    WHERE = "centre, third line of the aligned block: tan^2 θ + 1 = csc^2 θ (should be sec^2 θ), boxed, to the end"

    def construct(self):
        title = Text("From one identity to another", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        caption = Text("Divide every term by cos²θ", font_size=28, color=GRAY_B).next_to(title, DOWN, buff=0.4)
        self.play(FadeIn(caption))
        self.wait(2)
        block = MathTex(  # defect
            r"\sin^2\theta + \cos^2\theta &= 1 \\",
            r"\frac{\sin^2\theta}{\cos^2\theta} + \frac{\cos^2\theta}{\cos^2\theta} &= \frac{1}{\cos^2\theta} \\",
            r"\tan^2\theta + 1 &= \csc^2\theta",
            font_size=50,
        ).shift(DOWN * 0.5)
        self.play(Write(block), run_time=3)
        self.mark("start")
        self.wait(3)
        self.play(Create(SurroundingRectangle(block[2], color=YELLOW, buff=0.15)))
        self.wait(4)


class MathAntiderivativePowerCoefficient(Labelled, Scene):
    NAME = "math-antiderivative-power-coefficient"
    DEFECT = "antiderivative_coefficient"
    DESCRIPTION = "Integrating 6x^2 - 4x + 3 term by term in a two-line aligned MathTex; the first line is right, the simplified second line reads 2x^3 - 4x^2 + 3x + C (should be 2x^3 - 2x^2 + 3x + C)."
    EXPECTED = MATH
    WHERE = "centre, second line of the aligned block: = 2x^3 - 4x^2 + 3x + C (should be - 2x^2), to the end"

    def construct(self):
        title = Text("Integrating a polynomial", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        rule = MathTex(r"\int x^n\,dx = \frac{x^{n+1}}{n+1} + C", font_size=44, color=BLUE_B)
        rule.next_to(title, DOWN, buff=0.5)
        self.play(Write(rule))
        self.wait(3.5)
        working = MathTex(  # defect
            r"\int (6x^2 - 4x + 3)\,dx &= 6 \cdot \frac{x^3}{3} - 4 \cdot \frac{x^2}{2} + 3x + C \\"
            r"&= 2x^3 - 4x^2 + 3x + C",
            font_size=46,
        ).shift(DOWN * 0.9)
        self.play(Write(working), run_time=3)
        self.mark("start")
        self.wait(3)
        note = Text("one term at a time", font_size=26, color=GRAY_B).to_edge(DOWN, buff=0.5)
        self.play(FadeIn(note))
        self.wait(4)


class MathSquareMissingMiddle(Labelled, Scene):
    NAME = "math-square-missing-middle"
    DEFECT = "square_drops_cross_term"
    DESCRIPTION = "A single formula states (a + 4)^2 = a^2 + 16, with a brace labelled 'expanded' under the right side; the cross term 8a is missing."
    EXPECTED = MATH
    WHERE = "centre: (a + 4)^2 = a^2 + 16 (should be a^2 + 8a + 16), with a brace under the right side, to the end"

    def construct(self):
        title = Text("Squaring a sum", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        intro = Text("Write the square without brackets:", font_size=30).shift(UP * 1.4)
        self.play(FadeIn(intro))
        self.wait(2.5)
        eq = MathTex("(a + 4)^2", "=", "a^2 + 16", font_size=72)  # defect
        self.play(Write(eq))
        self.mark("start")
        self.wait(2)
        brace = Brace(eq[2], DOWN, buff=0.2)
        label = brace.get_text("expanded")
        self.play(GrowFromCenter(brace), FadeIn(label))
        self.wait(4)


class MathDefiniteIntegralArch(Labelled, Scene):
    NAME = "math-definite-integral-arch"
    DEFECT = "definite_integral_value"
    DESCRIPTION = "The area under the arch y = 4x - x^2 from 0 to 4, shaded on axes; the working [2x^2 - x^3/3] from 0 to 4 = 32 - 64/3 ends in '= 16/3' (should be 32/3)."
    EXPECTED = MATH
    WHERE = "right half, last of four lines: '= 16/3' (should be 32/3), to the end"

    def construct(self):
        title = Text("Area under an arch", font_size=40).to_edge(UP, buff=0.4)
        self.play(Write(title))
        axes = Axes(
            x_range=[0, 4.5, 1], y_range=[0, 5, 1], x_length=5, y_length=4.4,
            axis_config={"include_numbers": True, "font_size": 28},
        ).to_edge(LEFT, buff=0.8).shift(DOWN * 0.4)
        graph = axes.plot(lambda x: 4 * x - x**2, x_range=[0, 4], color=BLUE)
        area = axes.get_area(graph, x_range=[0, 4], color=BLUE, opacity=0.4)
        label = MathTex("y = 4x - x^2", font_size=36, color=BLUE).next_to(axes.c2p(2, 4), UP, buff=0.15)
        self.play(Create(axes), Create(graph), run_time=2)
        self.play(FadeIn(area), Write(label))
        self.wait(2.5)
        line1 = MathTex(r"A = \int_0^4 (4x - x^2)\,dx", font_size=44)
        line2 = MathTex(r"= \Big[\, 2x^2 - \frac{x^3}{3} \,\Big]_0^4", font_size=44)
        line3 = MathTex(r"= 32 - \frac{64}{3}", font_size=44)
        line4 = MathTex(r"= \frac{16}{3}", font_size=44)  # defect
        column = VGroup(line1, line2, line3, line4).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        column.move_to(RIGHT * 3.3 + DOWN * 0.3)
        self.play(Write(line1))
        self.wait(3.5)
        self.play(Write(line2))
        self.wait(4)
        self.play(Write(line3))
        self.wait(3)
        self.play(Write(line4))
        self.mark("start")
        self.wait(5)

class MathLogPowerRule(Labelled, Scene):
    NAME = "math-log-power-rule"
    DEFECT = "log_rule"
    DESCRIPTION = "Two laws of logarithms written one below the other: the product law is right, the power law reads log_b(x^n) = (log_b x)^n (should be n log_b x)."
    EXPECTED = MATH
    WHERE = "lower line: log_b(x^n) = (log_b x)^n (should be n·log_b x), labelled 'power law', to the end"

    def construct(self):
        title = Text("Two laws of logarithms", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        product = MathTex(r"\log_b(xy) = \log_b x + \log_b y", font_size=54).shift(UP * 0.9)
        product_label = Text("product law", font_size=26, color=TEAL).next_to(product, DOWN, buff=0.25)
        self.play(Write(product), FadeIn(product_label))
        self.wait(4)
        power = MathTex(r"\log_b(x^n) = (\log_b x)^n", font_size=54).shift(DOWN * 1.3)  # defect
        power_label = Text("power law", font_size=26, color=TEAL).next_to(power, DOWN, buff=0.25)
        self.play(Write(power), FadeIn(power_label))
        self.mark("start")
        self.wait(3)
        condition = MathTex(r"b > 0,\; b \neq 1,\; x, y > 0", font_size=34, color=GRAY_B).to_edge(DOWN, buff=0.4)
        self.play(FadeIn(condition))
        self.wait(4)


class MathMentalMultiplication(Labelled, Scene):
    NAME = "math-mental-multiplication"
    DEFECT = "arithmetic"
    DESCRIPTION = "14 x 15 split as 14 x 10 + 14 x 5 = 140 + 70, lines written one below another; the final line reads '= 200' (should be 210)."
    EXPECTED = MATH
    WHERE = "centre, last of four lines: '= 200' (should be 210), boxed, to the end"

    def construct(self):
        title = Text("Multiplying in your head", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        lines = VGroup(
            MathTex(r"14 \times 15", font_size=56),
            MathTex(r"= 14 \times 10 + 14 \times 5", font_size=56),
            MathTex(r"= 140 + 70", font_size=56),
            MathTex(r"= 200", font_size=56),  # defect
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.4).shift(DOWN * 0.4)
        self.play(Write(lines[0]))
        self.wait(2)
        hint = Text("split 15 into 10 + 5", font_size=26, color=GRAY_B).to_edge(RIGHT, buff=0.6).shift(UP * 1.2)
        self.play(Write(lines[1]), FadeIn(hint))
        self.wait(3.5)
        self.play(Write(lines[2]))
        self.wait(2.5)
        self.play(Write(lines[3]))
        self.mark("start")
        self.wait(2)
        self.play(Create(SurroundingRectangle(lines[3], color=YELLOW, buff=0.15)))
        self.wait(3)


class MathBinomialSevenChooseThree(Labelled, Scene):
    NAME = "math-binomial-seven-choose-three"
    DEFECT = "binomial_coefficient"
    DESCRIPTION = "Choosing 3 players from 7: C(7,3) = 7!/(3!4!) = (7·6·5)/(3·2·1), lines written one below another, then the answer '= 42' (should be 210/6 = 35)."
    EXPECTED = MATH
    WHERE = "centre, last line: '= 42' (should be 35), with the caption '42 different teams' under it, to the end"

    def construct(self):
        title = Text("How many teams of 3 from 7 players?", font_size=38).to_edge(UP, buff=0.5)
        self.play(Write(title))
        self.wait(1.5)
        line1 = MathTex(r"\binom{7}{3} = \frac{7!}{3!\,4!}", font_size=54)
        line2 = MathTex(r"= \frac{7 \cdot 6 \cdot 5}{3 \cdot 2 \cdot 1}", font_size=54)
        line3 = MathTex(r"= 42", font_size=54)  # defect
        column = VGroup(line1, line2, line3).arrange(DOWN, buff=0.35).shift(DOWN * 0.3)
        line2.align_to(line1[0][5], LEFT)
        line3.align_to(line1[0][5], LEFT)
        self.play(Write(line1))
        self.wait(3.5)
        self.play(Write(line2))
        self.wait(3.5)
        self.play(Write(line3))
        self.mark("start")
        self.wait(2)
        answer = Text("42 different teams", font_size=30, color=YELLOW).to_edge(DOWN, buff=0.5)
        self.play(FadeIn(answer))
        self.wait(4)


# ---------------------------------------------------------------------------
# Too brief to read: exactly one text on screen too short a time
# ---------------------------------------------------------------------------


class BriefQuotientRuleFlash(Labelled, Scene):
    NAME = "brief-quotient-rule-flash"
    DEFECT = "formula_flash"
    DESCRIPTION = "The quotient rule (f/g)' = (f'g - fg')/g^2 fades in under its caption and fades out after 0.3 s at rest; everything else is held."
    EXPECTED = PACING
    WHERE = "centre: (f/g)' = (f'g - fg')/g^2, 0.3 s at rest"

    def construct(self):
        title = Text("The quotient rule", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        caption = Text("To differentiate one function divided by another:", font_size=28).shift(UP * 1.5)
        self.play(FadeIn(caption))
        self.wait(4.5)
        rule = MathTex(r"\left(\frac{f}{g}\right)' = \frac{f'g - fg'}{g^2}", font_size=60)  # defect
        self.play(FadeIn(rule, run_time=0.4))
        self.mark("start")
        self.wait(0.3)
        self.mark("end")
        self.play(FadeOut(rule, run_time=0.4))
        example = MathTex(r"\left(\frac{\sin x}{x}\right)' = \frac{x\cos x - \sin x}{x^2}", font_size=52)
        self.play(Write(example))
        self.wait(6)


class BriefCalculusParagraph(Labelled, Scene):
    NAME = "brief-calculus-paragraph"
    DEFECT = "paragraph_flash"
    DESCRIPTION = "A 44-word paragraph on the fundamental theorem of calculus is on screen for 1.5 s, then replaced by the formula, which is held."
    EXPECTED = PACING
    WHERE = "centre: a five-line paragraph 'Suppose F is any antiderivative of a continuous function f ...', 1.5 s at rest"

    def construct(self):
        title = Text("The Fundamental Theorem of Calculus", font_size=38).to_edge(UP, buff=0.5)
        self.play(Write(title))
        self.wait(1)
        paragraph = Text(  # defect
            "Suppose F is any antiderivative of a continuous\n"
            "function f, meaning F' = f. Then the area under\n"
            "the graph of f from a to b is F(b) minus F(a),\n"
            "so instead of adding up infinitely many strips\n"
            "we only need to find one antiderivative.",
            font_size=26, line_spacing=1.2,
        )
        self.play(FadeIn(paragraph, run_time=0.5))
        self.mark("start")
        self.wait(1.5)
        self.mark("end")
        formula = MathTex(r"\int_a^b f(x)\,dx = F(b) - F(a)", font_size=60)
        self.play(FadeOut(paragraph), FadeIn(formula))
        condition = MathTex(r"\text{where } F'(x) = f(x)", font_size=40, color=GRAY_B).next_to(formula, DOWN, buff=0.6)
        self.play(FadeIn(condition))
        self.wait(5)


class BriefFactoringStepsNoPause(Labelled, Scene):
    NAME = "brief-factoring-steps-no-pause"
    DEFECT = "steps_without_pause"
    DESCRIPTION = "Solving x^2 + 7x + 10 = 0: the problem is held, then the factored form and the two linear equations are transformed one into the next with no pause before the held answer x = -2 or x = -5."
    EXPECTED = PACING
    WHERE = "centre: (x + 2)(x + 5) = 0, then x + 2 = 0 or x + 5 = 0, none at rest"

    def construct(self):
        title = Text("Solving by factoring", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        eq = MathTex("x^2 + 7x + 10 = 0", font_size=64)
        self.play(Write(eq))
        self.wait(3.5)
        factored = MathTex("(x + 2)(x + 5) = 0", font_size=64)  # defect
        self.play(ReplacementTransform(eq, factored), run_time=0.6)
        self.mark("start")
        split = MathTex(r"x + 2 = 0 \quad \text{or} \quad x + 5 = 0", font_size=64)
        self.play(ReplacementTransform(factored, split), run_time=0.6)
        self.mark("end")
        answer = MathTex(r"x = -2 \quad \text{or} \quad x = -5", font_size=64, color=YELLOW)
        self.play(ReplacementTransform(split, answer), run_time=0.6)
        self.wait(5)


class BriefExponentialCaptionReplaced(Labelled, Scene):
    NAME = "brief-exponential-caption-replaced"
    DEFECT = "caption_replaced"
    DESCRIPTION = "Under a plot of y = e^x, a long caption about the slope equalling the height is replaced by a short one after 0.5 s at rest; the rest is held."
    EXPECTED = PACING
    WHERE = "bottom: 'At every point the slope of the curve equals its height, so it grows faster and faster', 0.5 s at rest"

    def construct(self):
        title = Text("The exponential function", font_size=40).to_edge(UP, buff=0.4)
        self.play(Write(title))
        axes = Axes(
            x_range=[-3, 2, 1], y_range=[0, 7, 1], x_length=7, y_length=4,
            axis_config={"include_numbers": True, "font_size": 28},
        ).shift(UP * 0.1)
        graph = axes.plot(lambda x: np.exp(x), x_range=[-3, 1.9], color=GREEN)
        label = MathTex("y = e^x", font_size=40, color=GREEN).next_to(axes.c2p(1.6, np.exp(1.6)), RIGHT, buff=0.3)
        self.play(Create(axes), run_time=1.5)
        self.play(Create(graph), Write(label))
        self.wait(2)
        caption = Text(  # defect
            "At every point the slope of the curve equals its height,\nso it grows faster and faster",
            font_size=26,
        ).to_edge(DOWN, buff=0.35)
        self.play(FadeIn(caption, run_time=0.5))
        self.mark("start")
        self.wait(0.5)
        self.mark("end")
        short = Text("Its slope at x = 0 is 1", font_size=28).to_edge(DOWN, buff=0.4)
        self.play(ReplacementTransform(caption, short))
        dot = Dot(axes.c2p(0, 1), color=YELLOW)
        self.play(FadeIn(dot))
        self.wait(4)


# ---------------------------------------------------------------------------
# Clean: correct mathematics, every text held, notation traps
# ---------------------------------------------------------------------------


class CleanPhysicsRelations(Labelled, Scene):
    NAME = "clean-physics-relations"
    DESCRIPTION = "Relations as definitions (F = ma, p = mv, E_k = ½mv²) with captions, then worked values with units in \\text{}: F = 2 kg · 3 m/s² = 6 N and E_k = ½ · 2 kg · (3 m/s)² = 9 J."

    def construct(self):
        title = Text("Three relations from mechanics", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        rows = VGroup()
        for tex, words in [
            (r"F = ma", "force = mass × acceleration"),
            (r"p = mv", "momentum = mass × velocity"),
            (r"E_k = \tfrac{1}{2} m v^2", "kinetic energy"),
        ]:
            formula = MathTex(tex, font_size=48)
            caption = Text(words, font_size=22, color=GRAY_B)
            rows.add(VGroup(formula, caption).arrange(DOWN, buff=0.15))
        rows.arrange(DOWN, buff=0.55).to_edge(LEFT, buff=1.0).shift(DOWN * 0.3)
        for row in rows:
            self.play(Write(row[0]), FadeIn(row[1]))
            self.wait(2.5)
        given = MathTex(r"m = 2\,\text{kg}, \quad a = 3\,\text{m/s}^2, \quad v = 3\,\text{m/s}", font_size=36)
        force = MathTex(r"F = 2\,\text{kg} \cdot 3\,\text{m/s}^2 = 6\,\text{N}", font_size=36)
        energy = MathTex(r"E_k = \tfrac{1}{2} \cdot 2\,\text{kg} \cdot (3\,\text{m/s})^2 = 9\,\text{J}", font_size=36)
        examples = VGroup(given, force, energy).arrange(DOWN, aligned_edge=LEFT, buff=0.6)
        examples.to_edge(RIGHT, buff=0.6).shift(DOWN * 0.3)
        for line in examples:
            self.play(Write(line))
            self.wait(4)
        self.wait(3)


class CleanQuadraticFormulaSolve(Labelled, Scene):
    NAME = "clean-quadratic-formula-solve"
    DESCRIPTION = "An equation stated as a problem, 2x² - 3x - 2 = 0, the quadratic formula with ± and its coefficients, then TransformMatchingTex through x = (3 ± √25)/4 to x = 2 or x = -1/2, each step held."

    def construct(self):
        title = Text("Solve with the quadratic formula", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        problem = MathTex(r"\text{Solve } 2x^2 - 3x - 2 = 0", font_size=48).next_to(title, DOWN, buff=0.5)
        self.play(Write(problem))
        self.wait(3)
        coeffs = MathTex(r"a = 2, \quad b = -3, \quad c = -2", font_size=40, color=BLUE_B).next_to(problem, DOWN, buff=0.4)
        self.play(FadeIn(coeffs))
        self.wait(3)
        formula = MathTex(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", font_size=54).shift(DOWN * 1.3)
        self.play(Write(formula))
        self.wait(4.5)
        sub = MathTex("x", "=", r"\frac{3 \pm \sqrt{9 + 16}}{4}", font_size=54).move_to(formula)
        self.play(TransformMatchingTex(formula, sub))
        self.wait(4)
        sub2 = MathTex("x", "=", r"\frac{3 \pm 5}{4}", font_size=54).move_to(formula)
        self.play(TransformMatchingTex(sub, sub2))
        self.wait(3.5)
        roots = MathTex("x", "=", r"2 \quad \text{or} \quad x = -\frac{1}{2}", font_size=54, color=YELLOW).move_to(formula)
        self.play(TransformMatchingTex(sub2, roots))
        self.play(Create(SurroundingRectangle(roots, color=YELLOW, buff=0.2)))
        self.wait(5)


class CleanInverseFunctionMaps(Labelled, Scene):
    NAME = "clean-inverse-function-maps"
    DESCRIPTION = "An inverse function: f: x ↦ 3x - 1 read as y = mx + b (m = 3, b = -1), f⁻¹: x ↦ (x + 1)/3, (f⁻¹ ∘ f)(x) = x, f(2) = 5 and f⁻¹(5) = 2, and x ∈ [0, 2] ⇒ f(x) ∈ [-1, 5]."

    def construct(self):
        title = Text("Undoing a function", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        f = MathTex(r"f : x \mapsto 3x - 1", font_size=44, color=BLUE)
        g = MathTex(r"f^{-1} : x \mapsto \frac{x + 1}{3}", font_size=44, color=ORANGE)
        maps = VGroup(f, g).arrange(RIGHT, buff=1.5).next_to(title, DOWN, buff=0.5)
        self.play(Write(f))
        self.wait(2)
        line = MathTex(r"y = mx + b \text{ with } m = 3,\ b = -1", font_size=36, color=GRAY_B).next_to(maps, DOWN, buff=0.4)
        line.align_to(f, LEFT)
        self.play(FadeIn(line))
        self.wait(4)
        self.play(Write(g))
        self.wait(3)
        comp = MathTex(r"(f^{-1} \circ f)(x) = \frac{(3x - 1) + 1}{3} = x", font_size=46).next_to(line, DOWN, buff=0.6).set_x(0)
        self.play(Write(comp))
        self.wait(5)
        values = MathTex(r"f(2) = 5, \qquad f^{-1}(5) = 2", font_size=44).next_to(comp, DOWN, buff=0.5)
        self.play(Write(values))
        self.wait(3.5)
        interval = MathTex(r"x \in [0, 2] \;\Rightarrow\; f(x) \in [-1, 5]", font_size=40, color=GREEN).to_edge(DOWN, buff=0.5)
        self.play(FadeIn(interval))
        self.wait(5)

class CleanOddNumbersSeries(Labelled, Scene):
    NAME = "clean-odd-numbers-series"
    DESCRIPTION = "Sums with ellipses: 1 + 3 + 5 + ⋯ + (2n - 1) = n² written with {{ }} substrings and a brace 'n odd numbers', n = 10 gives 100, 1² + 2² + ⋯ + n² = n(n+1)(2n+1)/6 with n = 4 giving 30, and the geometric series 1 + 1/2 + 1/4 + ⋯ = 2."

    def construct(self):
        title = Text("Adding up patterns", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        odd = MathTex(r"{{1 + 3 + 5 + \cdots + (2n - 1)}} = {{n^2}}", font_size=52).shift(UP * 1.4)
        self.play(Write(odd))
        brace = Brace(odd[0], DOWN, buff=0.15)
        brace_label = brace.get_text("n odd numbers").scale(0.8)
        self.play(GrowFromCenter(brace), FadeIn(brace_label))
        self.play(odd[2].animate.set_color(YELLOW))
        self.wait(3.5)
        ten = MathTex(r"n = 10: \quad 1 + 3 + \cdots + 19 = 100", font_size=40).next_to(brace_label, DOWN, buff=0.45)
        self.play(Write(ten))
        self.wait(4)
        gauss = MathTex(r"1^2 + 2^2 + \cdots + n^2 = \frac{n(n+1)(2n+1)}{6}", font_size=44)
        gauss_ten = MathTex(r"1 + 4 + 9 + 16 = \frac{4 \cdot 5 \cdot 9}{6} = 30", font_size=40)
        lower = VGroup(gauss, gauss_ten).arrange(DOWN, buff=0.3).next_to(ten, DOWN, buff=0.5)
        self.play(Write(gauss))
        self.wait(3.5)
        self.play(Write(gauss_ten))
        self.wait(5)
        self.play(FadeOut(VGroup(ten, gauss, gauss_ten)))
        geometric = MathTex(r"1 + \frac{1}{2} + \frac{1}{4} + \frac{1}{8} + \cdots = 2", font_size=50).next_to(brace_label, DOWN, buff=0.8)
        self.play(Write(geometric))
        caption = Text("each term halves the distance left to 2", font_size=26, color=GRAY_B).next_to(geometric, DOWN, buff=0.5)
        self.play(FadeIn(caption))
        self.wait(5)


class CleanCompoundInterestCounter(Labelled, Scene):
    NAME = "clean-compound-interest-counter"
    DESCRIPTION = "(1 + 1/n)^n evaluated live: a ValueTracker drives n from 1 to 1000 (Integer) and the value (DecimalNumber) from 2 to 2.7169; then lim (1 + 1/n)^n = e ≈ 2.718, ln e = 1 and log 100 = 2, e^{iπ} + 1 = 0, and a closing sentence held to the very end."

    def construct(self):
        title = Text("Where does e come from?", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        tracker = ValueTracker(0)

        def n_now():
            return int(round(10 ** tracker.get_value()))

        n_label = MathTex("n =", font_size=48)
        n_value = Integer(1, font_size=48, group_with_commas=False)
        expr = MathTex(r"\left(1 + \frac{1}{n}\right)^n =", font_size=48)
        value = DecimalNumber(2.0, num_decimal_places=4, font_size=48, color=YELLOW)
        row1 = VGroup(n_label, n_value).arrange(RIGHT, buff=0.2)
        row2 = VGroup(expr, value).arrange(RIGHT, buff=0.2)
        VGroup(row1, row2).arrange(DOWN, buff=0.4, aligned_edge=LEFT).shift(UP * 1.1)
        n_value.add_updater(lambda m: m.set_value(n_now()).next_to(n_label, RIGHT, buff=0.2))
        value.add_updater(lambda m: m.set_value((1 + 1 / n_now()) ** n_now()).next_to(expr, RIGHT, buff=0.2))
        self.play(Write(n_label), Write(expr), FadeIn(n_value), FadeIn(value))
        self.wait(3)
        self.play(tracker.animate.set_value(3), run_time=6, rate_func=linear)
        self.wait(2.5)
        limit = MathTex(r"\lim_{n \to \infty} \left(1 + \frac{1}{n}\right)^n = e \approx 2.718", font_size=46)
        limit.next_to(row2, DOWN, buff=0.45).set_x(0)
        self.play(Write(limit))
        self.wait(4.5)
        logs = MathTex(r"\ln e = 1, \qquad \log 100 = 2, \qquad e^{i\pi} + 1 = 0", font_size=42, color=BLUE_B)
        logs.next_to(limit, DOWN, buff=0.4)
        self.play(FadeIn(logs))
        self.wait(4.5)
        closing = Text("Compounding more and more often approaches e", font_size=28).to_edge(DOWN, buff=0.3)
        self.play(FadeIn(closing))
        self.wait(5.5)


class CleanRotationMatrix(Labelled, Scene):
    NAME = "clean-rotation-matrix"
    DESCRIPTION = "Axes with tick numbers, the point A = (2, 1) with a label 'A' shown for 1.5 s, rotated by 90° with a bmatrix product to (-1, 2); the general rotation matrix and cos 90° = 0, sin 90° = 1 in degrees."

    def construct(self):
        title = Tex(r"Rotating a point by $90^\circ$", font_size=46).to_edge(UP, buff=0.4)
        self.play(Write(title))
        axes = Axes(
            x_range=[-3, 3, 1], y_range=[-1, 3, 1], x_length=5.4, y_length=3.6,
            axis_config={"include_numbers": True, "font_size": 28},
        ).to_edge(LEFT, buff=0.6).shift(DOWN * 0.6)
        self.play(Create(axes), run_time=1.5)
        a = axes.c2p(2, 1)
        arrow_a = Arrow(axes.c2p(0, 0), a, buff=0, color=BLUE)
        dot_a = Dot(a, color=BLUE)
        label_a = MathTex("A", font_size=36, color=BLUE).next_to(dot_a, UR, buff=0.1)
        self.play(GrowArrow(arrow_a), FadeIn(dot_a), FadeIn(label_a))
        self.wait(1.5)
        self.play(FadeOut(label_a))
        general = MathTex(
            r"R_\theta = \begin{bmatrix} \cos\theta & -\sin\theta \\ \sin\theta & \cos\theta \end{bmatrix}", font_size=40
        )
        degrees = MathTex(r"\cos 90^\circ = 0, \quad \sin 90^\circ = 1", font_size=38, color=GRAY_B)
        product = MathTex(
            r"\begin{bmatrix} 0 & -1 \\ 1 & 0 \end{bmatrix} \begin{bmatrix} 2 \\ 1 \end{bmatrix} = \begin{bmatrix} -1 \\ 2 \end{bmatrix}",
            font_size=40,
        )
        right = VGroup(general, degrees, product).arrange(DOWN, buff=0.5).to_edge(RIGHT, buff=0.6).shift(DOWN * 0.4)
        self.play(Write(general))
        self.wait(4)
        self.play(FadeIn(degrees))
        self.wait(3.5)
        self.play(Write(product))
        b = axes.c2p(-1, 2)
        arrow_b = Arrow(axes.c2p(0, 0), b, buff=0, color=YELLOW)
        dot_b = Dot(b, color=YELLOW)
        self.play(TransformFromCopy(arrow_a, arrow_b), FadeIn(dot_b))
        angle = Angle(arrow_a, arrow_b, radius=0.5, color=GRAY_B)
        self.play(Create(angle))
        self.wait(6)


class CleanSineDegreesInequality(Labelled, Scene):
    NAME = "clean-sine-degrees-inequality"
    DESCRIPTION = "Axes in degrees with tick numbers, y = sin x and the line y = 1/2; sin 30° = sin 150° = 1/2, sin x ≥ 1/2 ⇔ 30° ≤ x ≤ 150° on 0° ≤ x < 360° with that stretch highlighted, and 30° = π/6 ≈ 0.524 rad."

    def construct(self):
        title = Text("Where is sin x at least one half?", font_size=38).to_edge(UP, buff=0.35)
        self.play(Write(title))
        axes = Axes(
            x_range=[0, 390, 90], y_range=[-1, 1.3, 0.5], x_length=8.4, y_length=3,
            axis_config={"font_size": 28},
            x_axis_config={"numbers_to_include": [90, 180, 270, 360]},
            y_axis_config={"numbers_to_include": [-1, -0.5, 0.5, 1], "decimal_number_config": {"num_decimal_places": 1}},
        ).shift(UP * 0.9)
        graph = axes.plot(lambda x: np.sin(np.radians(x)), x_range=[0, 360], color=BLUE)
        half = axes.plot(lambda x: 0.5, x_range=[0, 360], color=GRAY_B)
        self.play(Create(axes), run_time=1.5)
        self.play(Create(graph), Create(half))
        self.wait(1.5)
        stretch = axes.plot(lambda x: np.sin(np.radians(x)), x_range=[30, 150], color=YELLOW, stroke_width=7)
        dots = VGroup(Dot(axes.c2p(30, 0.5), color=YELLOW), Dot(axes.c2p(150, 0.5), color=YELLOW))
        values = MathTex(r"\sin 30^\circ = \sin 150^\circ = \frac{1}{2}", font_size=42).next_to(axes, DOWN, buff=0.45)
        self.play(FadeIn(dots), Write(values))
        self.wait(4)
        self.play(Create(stretch))
        answer = MathTex(
            r"\sin x \ge \tfrac{1}{2} \iff 30^\circ \le x \le 150^\circ \quad (0^\circ \le x < 360^\circ)", font_size=40
        ).next_to(values, DOWN, buff=0.35)
        self.play(Write(answer))
        self.wait(6)
        radians = MathTex(r"30^\circ = \frac{\pi}{6} \approx 0.524 \text{ rad}", font_size=36, color=GRAY_B).next_to(answer, DOWN, buff=0.35)
        self.play(FadeIn(radians))
        self.wait(4)


class CleanDiceProbability(Labelled, Scene):
    NAME = "clean-dice-probability"
    DESCRIPTION = "On white, two dice: P(sum = 7) = 6/36 = 1/6, the complement 1 - 1/6 = 5/6, 0 ≤ P(A) ≤ 1, ordered pairs of different faces n(n - 1) = 6·5 = 30, C(6,2) = 15, and the six ways to roll 7 held to the very end."

    def construct(self):
        self.camera.background_color = WHITE
        ink = BLACK
        title = Text("Probability with two dice", font_size=40, color=ink).to_edge(UP, buff=0.5)
        self.play(Write(title))
        seven = MathTex(r"P(\text{sum} = 7) = \frac{6}{36} = \frac{1}{6}", font_size=46, color=ink)
        complement = MathTex(r"P(\text{sum} \neq 7) = 1 - \frac{1}{6} = \frac{5}{6}", font_size=46, color=ink)
        bounds = MathTex(r"0 \le P(A) \le 1", font_size=40, color=GRAY_D)
        left = VGroup(seven, complement, bounds).arrange(DOWN, aligned_edge=LEFT, buff=0.5).to_edge(LEFT, buff=0.7).shift(UP * 0.3)
        self.play(Write(seven))
        self.wait(4)
        self.play(Write(complement))
        self.wait(4)
        self.play(FadeIn(bounds))
        self.wait(2.5)
        ordered = MathTex(r"n = 6: \quad n(n - 1) = 6 \cdot 5 = 30", font_size=42, color=ink)
        ordered_caption = Text("ordered pairs, different faces", font_size=22, color=GRAY_D)
        unordered = MathTex(r"\binom{6}{2} = \frac{30}{2} = 15", font_size=42, color=ink)
        unordered_caption = Text("unordered pairs", font_size=22, color=GRAY_D)
        right = VGroup(ordered, ordered_caption, unordered, unordered_caption).arrange(DOWN, buff=0.2)
        right[2].shift(DOWN * 0.3)
        right[3].shift(DOWN * 0.3)
        right.to_edge(RIGHT, buff=0.8).shift(UP * 0.3)
        self.play(Write(ordered), FadeIn(ordered_caption))
        self.wait(3.5)
        self.play(Write(unordered), FadeIn(unordered_caption))
        self.wait(3.5)
        ways = Text("Sevens: (1,6) (2,5) (3,4) (4,3) (5,2) (6,1)", font_size=28, color=BLUE_E).to_edge(DOWN, buff=0.5)
        self.play(FadeIn(ways))
        self.wait(6)
