"""Third held-out math-teaching Manim scenes: planted math errors, text shown too briefly to read, and clean traps.

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


class MathSquareBinomialLines(Labelled, Scene):
    NAME = "math-square-binomial-lines"
    DEFECT = "square_drops_cross_term"
    DESCRIPTION = "The rule (a + b)^2 = a^2 + 2ab + b^2, then (2t + 5)^2 expanded in lines written one below another; the last line reads 4t^2 + 25, the cross term 20t is lost."
    EXPECTED = MATH
    WHERE = "centre, third of three lines: = 4t^2 + 25 (should be 4t^2 + 20t + 25), boxed, to the end"

    def construct(self):
        title = Text("Squaring a Binomial", font_size=42, color=BLUE).to_edge(UP, buff=0.5)
        self.play(Write(title))
        rule = MathTex("(a + b)^2 = a^2 + 2ab + b^2", font_size=44, color=YELLOW)
        rule.next_to(title, DOWN, buff=0.5)
        self.play(FadeIn(rule, shift=DOWN * 0.3))
        self.wait(3)

        line1 = MathTex("(2t + 5)^2", font_size=54)
        line2 = MathTex("= (2t + 5)(2t + 5)", font_size=54)
        line3 = MathTex("= 4t^2 + 25", font_size=54)  # defect
        lines = VGroup(line1, line2, line3).arrange(DOWN, aligned_edge=LEFT, buff=0.45)
        lines.next_to(rule, DOWN, buff=0.7)
        self.play(Write(line1))
        self.wait(1.5)
        self.play(Write(line2))
        self.wait(2)
        self.play(Write(line3))
        self.mark("start")
        box = SurroundingRectangle(line3, color=GREEN, buff=0.15)
        self.play(Create(box))
        self.wait(5)


class MathLinearMoveConstant(Labelled, Scene):
    NAME = "math-linear-move-constant"
    DEFECT = "linear_sign_slip"
    DESCRIPTION = "Solving 5x + 9 = 2x - 12 with TransformMatchingTex; under the caption 'Subtract 9 from both sides' the step reads 3x = -12 + 9, carried to 3x = -3 and the boxed answer x = -1 (should be x = -7)."
    EXPECTED = MATH
    WHERE = "centre: 3x = -12 + 9 (should be -12 - 9), then 3x = -3 and x = -1 boxed (should be x = -7), to the end"

    def construct(self):
        title = Text("Solving a linear equation", font_size=40).to_edge(UP)
        self.play(Write(title))
        eq = MathTex("5x", "+", "9", "=", "2x", "-", "12", font_size=64)
        self.play(Write(eq))
        self.wait(2)

        caption = Text("Subtract 2x from both sides", font_size=30, color=YELLOW).to_edge(DOWN, buff=0.8)
        self.play(FadeIn(caption))
        step1 = MathTex("3x", "+", "9", "=", "-12", font_size=64)
        self.play(TransformMatchingTex(eq, step1))
        self.wait(2.5)

        self.play(Transform(caption, Text("Subtract 9 from both sides", font_size=30, color=YELLOW).to_edge(DOWN, buff=0.8)))
        step2 = MathTex("3x", "=", "-12", "+", "9", font_size=64)  # defect
        self.play(TransformMatchingTex(step1, step2))
        self.mark("start")
        self.wait(3)

        step3 = MathTex("3x", "=", "-3", font_size=64)
        self.play(TransformMatchingTex(step2, step3))
        self.wait(2)
        self.play(Transform(caption, Text("Divide both sides by 3", font_size=30, color=YELLOW).to_edge(DOWN, buff=0.8)))
        answer = MathTex("x", "=", "-1", font_size=72, color=GREEN)
        self.play(TransformMatchingTex(step3, answer))
        self.play(Create(SurroundingRectangle(answer, color=GREEN, buff=0.2)))
        self.wait(4)


class MathDerivativeCosineSign(Labelled, Scene):
    NAME = "math-derivative-cosine-sign"
    DEFECT = "wrong_derivative"
    DESCRIPTION = "The power rule and d/dx cos(kx) = -k sin(kx) at the top, then a two-line aligned MathTex: f(x) = x^3 + cos(4x), f'(x) = 3x^2 + 4 sin(4x); the sign of the sine term is lost."
    EXPECTED = MATH
    WHERE = "centre, second line of the aligned block: f'(x) = 3x^2 + 4 sin(4x) (should be 3x^2 - 4 sin(4x)), boxed, to the end"

    def construct(self):
        title = Text("Differentiating term by term", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        rules = VGroup(
            MathTex(r"\frac{d}{dx}\,x^n = n x^{n-1}", font_size=40),
            MathTex(r"\frac{d}{dx}\cos(kx) = -k\sin(kx)", font_size=40),
        ).arrange(RIGHT, buff=1.2)
        rules.next_to(title, DOWN, buff=0.6)
        self.play(FadeIn(rules))
        self.wait(4)

        work = MathTex(  # defect
            r"f(x) &= x^3 + \cos(4x) \\",
            r"f'(x) &= 3x^2 + 4\sin(4x)",
            font_size=58,
        )
        work.next_to(rules, DOWN, buff=0.9)
        self.play(Write(work[0]))
        self.wait(2)
        self.play(Write(work[1]))
        self.mark("start")
        self.play(Create(SurroundingRectangle(work[1], color=ORANGE, buff=0.15)))
        self.wait(5)


class MathAntiderivativeCosFactor(Labelled, Scene):
    NAME = "math-antiderivative-cos-factor"
    DEFECT = "wrong_antiderivative"
    DESCRIPTION = "Integrating cos(2x) after the substitution u = 2x, du = 2 dx; the result reads 2 sin(2x) + C, multiplied by 2 instead of divided."
    EXPECTED = MATH
    WHERE = "centre: ∫ cos(2x) dx = 2 sin(2x) + C (should be ½ sin(2x) + C), with a brace 'antiderivative' under the right side, to the end"

    def construct(self):
        title = Text("Integrating cos(2x)", font_size=42).to_edge(UP, buff=0.6)
        self.play(Write(title))
        sub = MathTex(r"u = 2x, \qquad du = 2\,dx", font_size=46, color=BLUE_B)
        sub.next_to(title, DOWN, buff=0.7)
        self.play(Write(sub))
        self.wait(3)

        result = MathTex(r"\int \cos(2x)\,dx", "=", r"2\sin(2x) + C", font_size=62)  # defect
        result.shift(DOWN * 0.4)
        self.play(Write(result))
        self.mark("start")
        brace = Brace(result[2], DOWN, buff=0.15)
        label = brace.get_text("antiderivative")
        self.play(GrowFromCenter(brace), FadeIn(label))
        self.wait(5)


class MathDefiniteIntegralRoot(Labelled, Scene):
    NAME = "math-definite-integral-root"
    DEFECT = "wrong_definite_integral"
    DESCRIPTION = "Axes with y = sqrt(x) and the area from 1 to 4 shaded; on the right, lines one below another: ∫_1^4 sqrt(x) dx = [2/3 x^{3/2}]_1^4 = 2/3 (8 - 1) = 16/3; the last line should be 14/3."
    EXPECTED = MATH
    WHERE = "right half, last of four lines: '= 16/3' (should be 14/3), to the end"

    def construct(self):
        title = Text("Area under y = √x", font_size=38).to_edge(UP, buff=0.4)
        self.play(Write(title))
        axes = Axes(
            x_range=[0, 5, 1],
            y_range=[0, 2.5, 1],
            x_length=5.5,
            y_length=3.6,
            tips=False,
            axis_config={"include_numbers": True, "font_size": 24},
        ).to_edge(LEFT, buff=0.7).shift(DOWN * 0.5)
        graph = axes.plot(lambda x: np.sqrt(x), x_range=[0, 5], color=BLUE)
        area = axes.get_area(graph, x_range=[1, 4], color=BLUE, opacity=0.4)
        self.play(Create(axes), Create(graph))
        self.play(FadeIn(area))
        self.wait(1.5)

        lines = VGroup(
            MathTex(r"\int_1^4 \sqrt{x}\,dx", font_size=46),
            MathTex(r"= \left[\tfrac{2}{3}\,x^{3/2}\right]_1^4", font_size=46),
            MathTex(r"= \tfrac{2}{3}\,(8 - 1)", font_size=46),
            MathTex(r"= \frac{16}{3}", font_size=46),  # defect
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        lines.to_edge(RIGHT, buff=1.0).shift(DOWN * 0.3)
        for line in lines[:-1]:
            self.play(Write(line))
            self.wait(2)
        self.play(Write(lines[-1]))
        self.mark("start")
        self.wait(5)


class MathFractionDifferenceStep(Labelled, Scene):
    NAME = "math-fraction-difference-step"
    DEFECT = "fraction_arithmetic"
    DESCRIPTION = "5/6 - 1/4 with Transform steps: over the common denominator 12 it becomes 10/12 - 3/12, then the next step reads 5/6 - 1/4 = 8/12 (should be 7/12), boxed."
    EXPECTED = MATH
    WHERE = "centre: 5/6 - 1/4 = 8/12 (should be 7/12), boxed, to the end"

    def construct(self):
        title = Text("Subtracting fractions", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        expr = MathTex(r"\frac{5}{6} - \frac{1}{4}", font_size=66)
        self.play(Write(expr))
        self.wait(2)

        note = Text("Common denominator: 12", font_size=30, color=YELLOW).to_edge(DOWN, buff=1.0)
        self.play(FadeIn(note))
        self.play(Transform(expr, MathTex(r"\frac{5}{6} - \frac{1}{4} = \frac{10}{12} - \frac{3}{12}", font_size=66)))
        self.wait(3)
        self.play(FadeOut(note))
        self.play(Transform(expr, MathTex(r"\frac{5}{6} - \frac{1}{4} = \frac{8}{12}", font_size=66)))  # defect
        self.mark("start")
        self.play(Create(SurroundingRectangle(expr, color=YELLOW, buff=0.2)))
        self.wait(5)


class MathLogSumRule(Labelled, Scene):
    NAME = "math-log-sum-rule"
    DEFECT = "false_log_rule"
    DESCRIPTION = "Laws of logarithms: the product rule with the example log_2(8·4) = 3 + 2 = 5, then a 'Sum rule' log_2(x + y) = log_2 x + log_2 y, which is false."
    EXPECTED = MATH
    WHERE = "lower row, labelled 'Sum rule': log_2(x + y) = log_2 x + log_2 y (no such rule), to the end"

    def construct(self):
        title = Text("Laws of Logarithms", font_size=42, color=TEAL).to_edge(UP, buff=0.5)
        self.play(Write(title))

        product_label = Text("Product rule", font_size=28, color=YELLOW)
        product = MathTex(r"\log_2(xy) = \log_2 x + \log_2 y", font_size=48)
        example = MathTex(r"\log_2(8 \cdot 4) = 3 + 2 = 5", font_size=40, color=GRAY_B)
        sum_label = Text("Sum rule", font_size=28, color=YELLOW)
        wrong = MathTex(r"\log_2(x + y) = \log_2 x + \log_2 y", font_size=48)  # defect

        block = VGroup(product_label, product, example, sum_label, wrong).arrange(DOWN, buff=0.35)
        block.next_to(title, DOWN, buff=0.5)
        sum_label.shift(DOWN * 0.3)
        wrong.shift(DOWN * 0.3)

        self.play(FadeIn(product_label), Write(product))
        self.wait(3)
        self.play(FadeIn(example, shift=UP * 0.2))
        self.wait(3)
        self.play(FadeIn(sum_label), Write(wrong))
        self.mark("start")
        self.wait(6)


class MathTrigCosDifference(Labelled, Scene):
    NAME = "math-trig-cos-difference"
    DEFECT = "wrong_trig_identity"
    DESCRIPTION = "Angle addition formulas in a three-line aligned MathTex: sin(A + B) and cos(A + B) right, then cos(A - B) = cos A cos B - sin A sin B (the sign should be +)."
    EXPECTED = MATH
    WHERE = "centre, third line of the aligned block: cos(A - B) = cos A cos B - sin A sin B (should be + sin A sin B), boxed, to the end"

    def construct(self):
        title = Text("Angle addition formulas", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        block = MathTex(  # defect
            r"\sin(A + B) &= \sin A \cos B + \cos A \sin B \\",
            r"\cos(A + B) &= \cos A \cos B - \sin A \sin B \\",
            r"\cos(A - B) &= \cos A \cos B - \sin A \sin B",
            font_size=46,
        )
        block.next_to(title, DOWN, buff=0.9)
        self.play(Write(block[0]))
        self.wait(3)
        self.play(Write(block[1]))
        self.wait(3)
        self.play(Write(block[2]))
        self.mark("start")
        self.play(Create(SurroundingRectangle(block[2], color=RED_B, buff=0.12)))
        note = Text("Memorise all three!", font_size=30, color=GRAY_B).to_edge(DOWN, buff=0.8)
        self.play(FadeIn(note))
        self.wait(5)


class MathFactoringChangesRoots(Labelled, Scene):
    NAME = "math-factoring-changes-roots"
    DEFECT = "factoring_changes_roots"
    DESCRIPTION = "Solving x^2 - x - 12 = 0 by factoring with TransformMatchingTex; the factored form reads (x - 3)(x + 4) = 0, carried to the boxed roots x = 3 or x = -4 (should be (x - 4)(x + 3), x = 4 or x = -3)."
    EXPECTED = MATH
    WHERE = "centre: (x - 3)(x + 4) = 0 (should be (x - 4)(x + 3) = 0), then x = 3 or x = -4 boxed, to the end"

    def construct(self):
        title = Text("Solve by factoring", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        eq = MathTex("x^2", "-", "x", "-", "12", "=", "0", font_size=64)
        self.play(Write(eq))
        self.wait(2)
        hint = Tex(r"Find two numbers with product $-12$ and sum $-1$", font_size=38, color=BLUE_B)
        hint.to_edge(DOWN, buff=0.9)
        self.play(FadeIn(hint))
        self.wait(3)

        factored = MathTex("(x - 3)", "(x + 4)", "=", "0", font_size=64)  # defect
        self.play(TransformMatchingTex(eq, factored))
        self.mark("start")
        self.wait(3.5)
        roots = MathTex("x = 3", r"\quad\text{or}\quad", "x = -4", font_size=64)
        self.play(TransformMatchingTex(factored, roots))
        self.play(Create(SurroundingRectangle(roots, color=GREEN, buff=0.2)))
        self.wait(4)


class MathBinomialNineChooseFour(Labelled, Scene):
    NAME = "math-binomial-nine-choose-four"
    DEFECT = "wrong_binomial_coefficient"
    DESCRIPTION = "Choosing 4 pizza toppings out of 9: the formula n!/(k!(n-k)!) and then C(9,4) = 9!/(4! 5!) = 84 (should be 126), with the caption '84 different pizzas'."
    EXPECTED = MATH
    WHERE = "centre, second formula: C(9,4) = 9!/(4! 5!) = 84 (should be 126), with the caption '84 different pizzas' under it, to the end"

    def construct(self):
        title = Text("Counting pizza toppings", font_size=40).to_edge(UP, buff=0.5)
        question = Text("Choose 4 of 9 toppings. How many different pizzas?", font_size=28, color=GRAY_A)
        question.next_to(title, DOWN, buff=0.4)
        self.play(Write(title))
        self.play(FadeIn(question))
        self.wait(3)

        formula = MathTex(r"\binom{n}{k} = \frac{n!}{k!\,(n-k)!}", font_size=52)
        formula.next_to(question, DOWN, buff=0.6)
        self.play(Write(formula))
        self.wait(3)
        value = MathTex(r"\binom{9}{4} = \frac{9!}{4!\,5!} = 84", font_size=52, color=YELLOW)  # defect
        value.next_to(formula, DOWN, buff=0.5)
        self.play(Write(value))
        self.mark("start")
        caption = Text("84 different pizzas", font_size=30).next_to(value, DOWN, buff=0.5)
        self.play(FadeIn(caption))
        self.wait(5)


class MathCubicDivideByX(Labelled, Scene):
    NAME = "math-cubic-divide-by-x"
    DEFECT = "divide_by_x_loses_root"
    DESCRIPTION = "Solving x^3 = 9x with TransformMatchingTex: under 'Divide both sides by x' it becomes x^2 = 9, then x = ±3 and 'Two solutions: x = 3 and x = -3'; the root x = 0 is lost."
    EXPECTED = MATH
    WHERE = "centre: x^2 = 9 from x^3 = 9x (loses x = 0), then x = ±3 boxed and 'Two solutions' (there are three), to the end"

    def construct(self):
        title = Text("Solving a cubic equation", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        eq = MathTex("x^3", "=", "9x", font_size=68)
        self.play(Write(eq))
        self.wait(2)

        caption = Text("Divide both sides by x", font_size=30, color=YELLOW).to_edge(DOWN, buff=1.0)
        self.play(FadeIn(caption))
        step = MathTex("x^2", "=", "9", font_size=68)  # defect
        self.play(TransformMatchingTex(eq, step))
        self.mark("start")
        self.wait(3)

        self.play(Transform(caption, Text("Take the square root", font_size=30, color=YELLOW).to_edge(DOWN, buff=1.0)))
        roots = MathTex("x", "=", r"\pm 3", font_size=68)
        self.play(TransformMatchingTex(step, roots))
        self.play(Create(SurroundingRectangle(roots, color=GREEN, buff=0.2)))
        self.wait(2)
        self.play(Transform(caption, Text("Two solutions: x = 3 and x = -3", font_size=30, color=GREEN).to_edge(DOWN, buff=1.0)))
        self.wait(4)


class MathLimitRationalInfinity(Labelled, Scene):
    NAME = "math-limit-rational-infinity"
    DEFECT = "wrong_limit"
    DESCRIPTION = "Limit at infinity of a rational function after the tip 'divide top and bottom by the highest power of x': lim_{x→∞} (4x^2 - x)/(2x^2 + 7) = 4 (should be 2)."
    EXPECTED = MATH
    WHERE = "centre: lim_{x→∞} (4x^2 - x)/(2x^2 + 7) = 4 (should be 2), with a caption about leading terms under it, to the end"

    def construct(self):
        title = Text("Limits at infinity", font_size=42).to_edge(UP, buff=0.5)
        tip = Text("Divide top and bottom by the highest power of x", font_size=28, color=BLUE_B)
        tip.next_to(title, DOWN, buff=0.5)
        self.play(Write(title))
        self.play(FadeIn(tip))
        self.wait(4)

        limit = MathTex(r"\lim_{x \to \infty} \frac{4x^2 - x}{2x^2 + 7} = 4", font_size=64)  # defect
        self.play(Write(limit))
        self.mark("start")
        caption = Text("Only the leading terms matter", font_size=30, color=YELLOW).next_to(limit, DOWN, buff=0.8)
        self.play(FadeIn(caption, shift=UP * 0.2))
        self.wait(5)


class MathGeometricSumClosedForm(Labelled, Scene):
    NAME = "math-geometric-sum-closed-form"
    DEFECT = "wrong_sum_closed_form"
    DESCRIPTION = "Three closed forms of sums in an aligned MathTex: sum of k = n(n+1)/2, sum of 2k = n(n+1), then sum_{k=0}^{n-1} 2^k = 2^{n+1} - 1 (should be 2^n - 1)."
    EXPECTED = MATH
    WHERE = "centre, third line of the aligned block: sum_{k=0}^{n-1} 2^k = 2^{n+1} - 1 (should be 2^n - 1), highlighted, to the end"

    def construct(self):
        title = Text("Sums worth memorising", font_size=40, color=GOLD).to_edge(UP, buff=0.5)
        self.play(Write(title))
        block = MathTex(  # defect
            r"\sum_{k=1}^{n} k &= \frac{n(n+1)}{2} \\",
            r"\sum_{k=1}^{n} 2k &= n(n+1) \\",
            r"\sum_{k=0}^{n-1} 2^k &= 2^{n+1} - 1",
            font_size=48,
        )
        block.next_to(title, DOWN, buff=0.6)
        for part in block[:-1]:
            self.play(Write(part))
            self.wait(3)
        self.play(Write(block[-1]))
        self.mark("start")
        self.play(block[-1].animate.set_color(YELLOW))
        self.wait(5)


class MathRectangleAreaProduct(Labelled, Scene):
    NAME = "math-rectangle-area-product"
    DEFECT = "arithmetic"
    DESCRIPTION = "A 15 cm by 12 cm rectangle with braces; lines written one below another: A = l × w, A = 15 cm × 12 cm, A = 170 cm^2 (should be 180 cm^2)."
    EXPECTED = MATH
    WHERE = "right half, third of three lines: A = 170 cm^2 (should be 180 cm^2), boxed, to the end"

    def construct(self):
        title = Text("Area of a rectangle", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        rect = Rectangle(width=4.0, height=2.6, color=BLUE, fill_opacity=0.25).move_to(LEFT * 2.7 + DOWN * 0.3)
        bottom = Brace(rect, DOWN)
        side = Brace(rect, LEFT)
        length = bottom.get_tex(r"15\,\text{cm}")
        width = side.get_tex(r"12\,\text{cm}")
        self.play(Create(rect))
        self.play(GrowFromCenter(bottom), GrowFromCenter(side), FadeIn(length), FadeIn(width))
        self.wait(2)

        lines = VGroup(
            MathTex(r"A = l \times w", font_size=48),
            MathTex(r"A = 15\,\text{cm} \times 12\,\text{cm}", font_size=48),
            MathTex(r"A = 170\,\text{cm}^2", font_size=48),  # defect
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.5)
        lines.move_to(RIGHT * 3.5 + DOWN * 0.3)
        self.play(Write(lines[0]))
        self.wait(2)
        self.play(Write(lines[1]))
        self.wait(2.5)
        self.play(Write(lines[2]))
        self.mark("start")
        self.play(Create(SurroundingRectangle(lines[2], color=YELLOW, buff=0.15)))
        self.wait(5)


# ---------------------------------------------------------------------------
# Too brief to read: correct mathematics, one text or formula on screen too short a time
# ---------------------------------------------------------------------------


class BriefChainRuleFlash(Labelled, Scene):
    NAME = "brief-chain-rule-flash"
    DEFECT = "formula_flash"
    DESCRIPTION = "The chain rule d/dx f(g(x)) = f'(g(x)) g'(x) fades in and out with 0.3 s at rest; the introduction and the worked example sin(x^2) are held long enough."
    EXPECTED = PACING
    WHERE = "centre: d/dx f(g(x)) = f'(g(x)) g'(x), 0.3 s at rest"

    def construct(self):
        title = Text("The chain rule", font_size=42).to_edge(UP, buff=0.6)
        intro = Text("For a function inside another function:", font_size=30, color=GRAY_A)
        intro.next_to(title, DOWN, buff=0.6)
        self.play(Write(title))
        self.play(FadeIn(intro))
        self.wait(4)

        rule = MathTex(r"\frac{d}{dx} f(g(x)) = f'(g(x))\, g'(x)", font_size=58)  # defect
        self.play(FadeIn(rule), run_time=0.5)
        self.mark("start")
        self.wait(0.3)
        self.mark("end")
        self.play(FadeOut(rule), run_time=0.5)

        example = MathTex(r"\frac{d}{dx}\sin(x^2) = 2x\cos(x^2)", font_size=58, color=YELLOW)
        self.play(Write(example))
        self.wait(5)


class BriefLogParagraph(Labelled, Scene):
    NAME = "brief-log-paragraph"
    DEFECT = "paragraph_flash"
    DESCRIPTION = "A 43-word paragraph on what a logarithm is, in six lines, on screen for 1.5 s; the title and the example log_2 8 = 3 are held long enough."
    EXPECTED = PACING
    WHERE = "centre: a six-line paragraph 'A logarithm answers one question: to what power must we raise the base ...', 1.5 s at rest"

    def construct(self):
        title = Text("What is a logarithm?", font_size=42, color=TEAL).to_edge(UP, buff=0.5)
        self.play(Write(title))
        self.wait(1.5)
        paragraph = Text(  # defect
            "A logarithm answers one question: to what power\n"
            "must we raise the base to get a given number?\n"
            "Because exponents turn multiplication into addition,\n"
            "logarithms turn products into sums, which is why\n"
            "sailors and astronomers once used log tables\n"
            "to multiply large numbers.",
            font_size=28,
            line_spacing=1.2,
        )
        paragraph.next_to(title, DOWN, buff=0.6)
        self.play(FadeIn(paragraph), run_time=0.6)
        self.mark("start")
        self.wait(1.5)
        self.mark("end")
        self.play(FadeOut(paragraph), run_time=0.5)

        example = MathTex(r"\log_2 8 = 3", r"\quad\text{because}\quad", r"2^3 = 8", font_size=56)
        example[0].set_color(YELLOW)
        self.play(Write(example))
        self.wait(5)


class BriefTriangleBullets(Labelled, Scene):
    NAME = "brief-triangle-bullets"
    DEFECT = "bullets_vanish"
    DESCRIPTION = "Five bullet lines of facts about triangles appear and vanish after 1 s; a triangle with base 6 and height 4 and its area A = ½ · 6 · 4 = 12 follow, held long enough."
    EXPECTED = PACING
    WHERE = "centre: five bullet lines 'The three angles add up to 180°' ... 'In a right triangle a² + b² = c²', 1 s at rest"

    def construct(self):
        title = Text("Five facts about triangles", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        self.wait(1.5)
        bullets = VGroup(  # defect
            Text("• The three angles add up to 180°", font_size=28),
            Text("• Area = ½ × base × height", font_size=28),
            Text("• Each side is shorter than the other two together", font_size=28),
            Text("• An equilateral triangle has three 60° angles", font_size=28),
            Text("• In a right triangle a² + b² = c²", font_size=28),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.35)
        bullets.next_to(title, DOWN, buff=0.6)
        self.play(FadeIn(bullets, lag_ratio=0.1), run_time=0.8)
        self.mark("start")
        self.wait(1)
        self.mark("end")
        self.play(FadeOut(bullets), run_time=0.5)

        triangle = Polygon(LEFT * 3, RIGHT * 3, LEFT * 1 + UP * 4, color=BLUE).scale(0.6).shift(LEFT * 3 + DOWN * 0.8)
        height = DashedLine(triangle.get_vertices()[2], [triangle.get_vertices()[2][0], triangle.get_vertices()[0][1], 0], color=YELLOW)
        base_label = MathTex("b = 6", font_size=36).next_to(triangle, DOWN, buff=0.2)
        height_label = MathTex("h = 4", font_size=36, color=YELLOW).next_to(height, RIGHT, buff=0.15)
        self.play(Create(triangle), Create(height))
        self.play(FadeIn(base_label), FadeIn(height_label))
        self.wait(2)
        area = MathTex(r"A = \tfrac{1}{2}\cdot 6 \cdot 4 = 12", font_size=52).move_to(RIGHT * 3 + DOWN * 0.3)
        self.play(Write(area))
        self.wait(5)


class BriefCompleteSquareNoPause(Labelled, Scene):
    NAME = "brief-complete-square-no-pause"
    DEFECT = "steps_without_pause"
    DESCRIPTION = "Completing the square for x^2 + 6x + 5 = 0: the steps x^2 + 6x + 9 = 4, (x + 3)^2 = 4 and x + 3 = ±2 are transformed one into the next with no pause; the equation and the answer x = -1 or x = -5 are held."
    EXPECTED = PACING
    WHERE = "centre: x^2 + 6x + 9 = 4, then (x + 3)^2 = 4, then x + 3 = ±2, none at rest"

    def construct(self):
        title = Text("Completing the square", font_size=40).to_edge(UP, buff=0.6)
        self.play(Write(title))
        eq = MathTex("x^2 + 6x", "+ 5", "= 0", font_size=64)
        self.play(Write(eq))
        self.wait(3)

        step1 = MathTex("x^2 + 6x", "+ 9", "= 4", font_size=64)  # defect
        step2 = MathTex("(x + 3)^2", "= 4", font_size=64)
        step3 = MathTex("x + 3", r"= \pm 2", font_size=64)
        self.play(TransformMatchingTex(eq, step1), run_time=0.6)
        self.mark("start")
        self.play(TransformMatchingTex(step1, step2), run_time=0.6)
        self.play(TransformMatchingTex(step2, step3), run_time=0.6)
        self.mark("end")
        answer = MathTex(r"x = -1", r"\quad\text{or}\quad", r"x = -5", font_size=64, color=GREEN)
        self.play(TransformMatchingTex(step3, answer))
        self.wait(5)


# ---------------------------------------------------------------------------
# Clean: correct mathematics, everything held long enough, notation traps
# ---------------------------------------------------------------------------


class CleanCircleRelations(Labelled, Scene):
    NAME = "clean-circle-relations"
    DESCRIPTION = "A circle with centre label 'O' shown for 1.5 s and radius r; the relations A = πr², C = 2πr and π ≈ 3.14, then r = 3 cm worked with units in \\text{}: A = 9π cm² ≈ 28.27 cm², C = 6π cm ≈ 18.85 cm."

    def construct(self):
        title = Text("Circles: area and circumference", font_size=38).to_edge(UP, buff=0.5)
        self.play(Write(title))
        circle = Circle(radius=1.7, color=BLUE).move_to(LEFT * 3.6 + DOWN * 0.4)
        centre = Dot(circle.get_center())
        radius = Line(circle.get_center(), circle.point_at_angle(0), color=YELLOW)
        r_label = MathTex("r", color=YELLOW).next_to(radius, UP, buff=0.12)
        o_label = MathTex("O").next_to(centre, DOWN + LEFT, buff=0.1)
        self.play(Create(circle), FadeIn(centre))
        self.play(FadeIn(o_label))
        self.wait(1.5)
        self.play(FadeOut(o_label))
        self.play(Create(radius), FadeIn(r_label))
        self.wait(1)

        relations = VGroup(
            MathTex(r"A = \pi r^2", font_size=50),
            MathTex(r"C = 2\pi r", font_size=50),
            MathTex(r"\pi \approx 3.14", font_size=50, color=GRAY_B),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.45)
        relations.move_to(RIGHT * 2.6 + DOWN * 0.4)
        for rel in relations:
            self.play(Write(rel))
            self.wait(2)
        self.wait(1)

        worked = VGroup(
            MathTex(r"r = 3\,\text{cm}", font_size=44),
            MathTex(r"A = 9\pi\,\text{cm}^2 \approx 28.27\,\text{cm}^2", font_size=44),
            MathTex(r"C = 6\pi\,\text{cm} \approx 18.85\,\text{cm}", font_size=44),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.45)
        worked.move_to(RIGHT * 2.7 + DOWN * 0.4)
        self.play(FadeOut(relations))
        for line in worked:
            self.play(Write(line))
            self.wait(3)
        self.wait(2)


class CleanLinearProblemAndLine(Labelled, Scene):
    NAME = "clean-linear-problem-and-line"
    DESCRIPTION = "A problem 'Solve 4x - 7 = 13' solved in lines one below another (4x = 20, x = 5) with the check 4 · 5 - 7 = 13 ✓; then axes with tick numbers, y = mx + b read as y = 4x - 7 (m = 4, b = -7), the line y = 13 and their crossing (5, 13) labelled."

    def construct(self):
        title = Text("Problem: solve for x", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        lines = VGroup(
            MathTex("4x - 7 = 13", font_size=56),
            MathTex("4x = 20", font_size=56),
            MathTex("x = 5", font_size=56, color=GREEN),
        ).arrange(DOWN, buff=0.45)
        lines.next_to(title, DOWN, buff=0.7)
        self.play(Write(lines[0]))
        self.wait(2.5)
        add = Text("add 7, then divide by 4", font_size=26, color=GRAY_B).to_edge(DOWN, buff=0.7)
        self.play(FadeIn(add))
        for line in lines[1:]:
            self.play(Write(line))
            self.wait(2)
        check = MathTex(r"4 \cdot 5 - 7 = 13 \;\checkmark", font_size=44, color=BLUE_B).next_to(lines, DOWN, buff=0.5)
        self.play(FadeOut(add), Write(check))
        self.wait(3)
        self.play(FadeOut(lines), FadeOut(check))

        axes = Axes(
            x_range=[0, 6, 1],
            y_range=[-8, 16, 4],
            x_length=6,
            y_length=4.8,
            tips=False,
            axis_config={"include_numbers": True, "font_size": 22},
        ).to_edge(LEFT, buff=0.8).shift(DOWN * 0.4)
        line = axes.plot(lambda x: 4 * x - 7, x_range=[0.25, 5.75], color=YELLOW)
        level = DashedLine(axes.c2p(0, 13), axes.c2p(6, 13), color=GRAY)
        point = Dot(axes.c2p(5, 13), color=GREEN)
        point_label = MathTex("(5, 13)", font_size=32).next_to(point, DR, buff=0.1)
        self.play(Create(axes))
        self.play(Create(line))
        form = VGroup(
            MathTex("y = mx + b", font_size=46),
            MathTex(r"m = 4,\quad b = -7", font_size=40),
            MathTex("y = 4x - 7", font_size=46, color=YELLOW),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.4)
        form.to_edge(RIGHT, buff=0.8).shift(UP * 0.5)
        self.play(Write(form[0]))
        self.wait(2)
        self.play(Write(form[1]))
        self.wait(2)
        self.play(Write(form[2]))
        self.wait(2)
        self.play(Create(level), FadeIn(point), FadeIn(point_label))
        self.wait(4)


class CleanFunctionMachines(Labelled, Scene):
    NAME = "clean-function-machines"
    DESCRIPTION = "Two function machines f: x ↦ x² and g: x ↦ x + 1 with 3 → 9 → 10; (g ∘ f)(x) = x² + 1, (f ∘ g)(x) = (x + 1)² = x² + 2x + 1, g ∘ f ≠ f ∘ g, (f ∘ g)(3) = 16, and x ∈ [0, 1] ⇒ x² ∈ [0, 1]."

    def construct(self):
        title = Text("Composing functions", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))

        f_box = RoundedRectangle(width=2.6, height=1.3, corner_radius=0.2, color=BLUE)
        g_box = RoundedRectangle(width=2.6, height=1.3, corner_radius=0.2, color=ORANGE)
        f_text = MathTex(r"f: x \mapsto x^2", font_size=36).move_to(f_box)
        g_text = MathTex(r"g: x \mapsto x + 1", font_size=36).move_to(g_box)
        f_m = VGroup(f_box, f_text)
        g_m = VGroup(g_box, g_text)
        machines = VGroup(f_m, g_m).arrange(RIGHT, buff=2.0).shift(UP * 0.9)
        inp = MathTex("3", font_size=48).next_to(f_m, LEFT, buff=1.0)
        mid = MathTex("9", font_size=48).move_to(VGroup(f_m, g_m))
        out = MathTex("10", font_size=48).next_to(g_m, RIGHT, buff=1.0)
        arrows = VGroup(
            Arrow(inp.get_right(), f_m.get_left(), buff=0.15),
            Arrow(f_m.get_right(), mid.get_left(), buff=0.15),
            Arrow(mid.get_right(), g_m.get_left(), buff=0.15),
            Arrow(g_m.get_right(), out.get_left(), buff=0.15),
        )
        self.play(Create(f_box), Write(f_text), Create(g_box), Write(g_text))
        self.wait(3)
        self.play(FadeIn(inp), GrowArrow(arrows[0]))
        self.play(GrowArrow(arrows[1]), FadeIn(mid))
        self.play(GrowArrow(arrows[2]), GrowArrow(arrows[3]), FadeIn(out))
        self.wait(2.5)

        gf = MathTex(r"(g \circ f)(x) = x^2 + 1", font_size=46)
        fg = MathTex(r"(f \circ g)(x) = (x + 1)^2 = x^2 + 2x + 1", font_size=46)
        order = MathTex(r"g \circ f \neq f \circ g, \qquad (f \circ g)(3) = 16", font_size=42, color=YELLOW)
        facts = VGroup(gf, fg, order).arrange(DOWN, buff=0.35).next_to(machines, DOWN, buff=0.6)
        self.play(Write(gf))
        self.wait(2.5)
        self.play(Write(fg))
        self.wait(3.5)
        self.play(Write(order))
        self.wait(3.5)

        self.play(FadeOut(facts))
        interval = MathTex(r"x \in [0, 1] \;\Rightarrow\; x^2 \in [0, 1]", font_size=50, color=BLUE_B)
        interval.next_to(machines, DOWN, buff=0.9)
        self.play(Write(interval))
        self.wait(4)


class CleanQuadraticTwoRoots(Labelled, Scene):
    NAME = "clean-quadratic-two-roots"
    DESCRIPTION = "Warm-up x² = 9 ⇒ x = ±3; then the quadratic formula with ±, the problem x² - 4x + 1 = 0 (a = 1, b = -4, c = 1), the discriminant b² - 4ac = 12 > 0 written with {{ }} substrings, and TransformMatchingTex through x = (4 ± √12)/2 to x = 2 ± √3 ≈ 3.732 or 0.268, each step held."

    def construct(self):
        title = Text("The quadratic formula", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        warm = MathTex(r"x^2 = 9 \;\Rightarrow\; x = \pm 3", font_size=50)
        self.play(Write(warm))
        self.wait(3)
        self.play(warm.animate.scale(0.7).to_corner(UL, buff=0.4).shift(DOWN * 0.9))

        formula = MathTex(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", font_size=54, color=YELLOW)
        formula.next_to(title, DOWN, buff=0.5)
        self.play(Write(formula))
        self.wait(3)

        problem = MathTex("x^2 - 4x + 1 = 0", font_size=50)
        coeffs = MathTex(r"a = 1,\quad b = -4,\quad c = 1", font_size=40, color=GRAY_B)
        VGroup(problem, coeffs).arrange(DOWN, buff=0.3).next_to(formula, DOWN, buff=0.5)
        self.play(Write(problem))
        self.wait(2)
        self.play(FadeIn(coeffs))
        self.wait(2.5)

        disc = MathTex("{{b^2 - 4ac}}", " = 16 - 4 = 12 > 0", font_size=46).to_edge(DOWN, buff=0.8)
        self.play(Write(disc))
        self.wait(3.5)

        steps = [
            MathTex(r"x = \frac{4 \pm \sqrt{12}}{2}", font_size=54),
            MathTex(r"x = 2 \pm \sqrt{3}", font_size=54),
            MathTex(r"x \approx 3.732 \quad\text{or}\quad x \approx 0.268", font_size=50, color=GREEN),
        ]
        for s in steps:
            s.move_to(DOWN * 1.0)
        self.play(FadeOut(coeffs), FadeOut(disc), problem.animate.shift(UP * 0.1))
        self.play(Write(steps[0]))
        self.wait(3)
        for prev, nxt in zip(steps, steps[1:]):
            self.play(TransformMatchingTex(prev, nxt))
            self.wait(3.5)


class CleanSeriesAndE(Labelled, Scene):
    NAME = "clean-series-and-e"
    DESCRIPTION = "1 + 2 + ⋯ + n = n(n+1)/2 written with {{ }} substrings and a brace 'n terms', n = 100 gives 5050; the geometric series 1 + 1/3 + 1/9 + ⋯ = 3/2; e = 1 + 1 + 1/2! + 1/3! + ⋯ ≈ 2.718, ln e = 1, log 100 = 2 and e^{iπ} + 1 = 0, the last held to the very end."

    def construct(self):
        title = Text("Adding up infinitely many numbers?", font_size=38).to_edge(UP, buff=0.5)
        self.play(Write(title))
        gauss = MathTex(r"{{ 1 + 2 + \cdots + n }} = {{ \frac{n(n+1)}{2} }}", font_size=56)
        gauss.next_to(title, DOWN, buff=0.8)
        self.play(Write(gauss))
        brace = Brace(gauss[0], DOWN)
        terms = brace.get_text("n terms").scale(0.8)
        self.play(GrowFromCenter(brace), FadeIn(terms))
        self.wait(3.5)
        hundred = MathTex(r"1 + 2 + \cdots + 100 = \frac{100 \cdot 101}{2} = 5050", font_size=46, color=YELLOW)
        hundred.next_to(terms, DOWN, buff=0.6)
        self.play(Write(hundred))
        self.wait(4)

        self.play(FadeOut(VGroup(gauss, brace, terms, hundred)))
        geometric = MathTex(r"1 + \frac{1}{3} + \frac{1}{9} + \cdots = \frac{1}{1 - \frac{1}{3}} = \frac{3}{2}", font_size=52)
        geometric.next_to(title, DOWN, buff=0.8)
        self.play(Write(geometric))
        self.wait(4)
        e_series = MathTex(r"e = 1 + 1 + \frac{1}{2!} + \frac{1}{3!} + \cdots \approx 2.718", font_size=52, color=BLUE_B)
        e_series.next_to(geometric, DOWN, buff=0.6)
        self.play(Write(e_series))
        self.wait(4)
        logs = MathTex(r"\ln e = 1, \qquad \log 100 = 2", font_size=48)
        logs.next_to(e_series, DOWN, buff=0.5)
        self.play(FadeIn(logs))
        self.wait(3)
        euler = MathTex(r"e^{i\pi} + 1 = 0", font_size=60, color=GOLD)
        euler.next_to(logs, DOWN, buff=0.5)
        self.play(Write(euler))
        self.wait(4)


class CleanCoinFlipsCounter(Labelled, Scene):
    NAME = "clean-coin-flips-counter"
    DESCRIPTION = "P(at least one head) = 1 - (1/2)^n with a ValueTracker driving n from 1 to 10 (Integer) and P (DecimalNumber) from 0.5000 to 0.9990; then 0 ≤ P ≤ 1, C(4,2) = 6 and P(exactly 2 heads in 4 flips) = 6/16 = 3/8 = 0.375, and a closing sentence held to the very end."

    def construct(self):
        title = Text("Flipping a fair coin n times", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title))
        formula = MathTex(r"P(\text{at least one head}) = 1 - \left(\tfrac{1}{2}\right)^n", font_size=50)
        formula.next_to(title, DOWN, buff=0.6)
        self.play(Write(formula))
        self.wait(4)

        tracker = ValueTracker(1)
        n_label = MathTex("n =", font_size=50)
        n_value = Integer(1, font_size=50)
        p_label = MathTex("P =", font_size=50)
        p_value = DecimalNumber(0.5, num_decimal_places=4, font_size=50, color=YELLOW)
        row = VGroup(n_label, n_value, p_label, p_value).arrange(RIGHT, buff=0.3)
        p_label.shift(RIGHT * 0.8)
        p_value.shift(RIGHT * 0.8)
        row.next_to(formula, DOWN, buff=0.8)
        n_value.add_updater(lambda m: m.set_value(round(tracker.get_value())))
        p_value.add_updater(lambda m: m.set_value(1 - 0.5 ** round(tracker.get_value())))
        self.play(FadeIn(row))
        self.wait(2)
        self.play(tracker.animate.set_value(10), run_time=4, rate_func=linear)
        self.wait(3)
        n_value.clear_updaters()
        p_value.clear_updaters()
        bound = MathTex(r"0 \le P \le 1", font_size=44, color=GRAY_B).next_to(row, DOWN, buff=0.5)
        self.play(FadeIn(bound))
        self.wait(2.5)

        self.play(FadeOut(VGroup(formula, row, bound)))
        exact = MathTex(r"\binom{4}{2} = 6", font_size=50)
        prob = MathTex(r"P(\text{exactly 2 heads in 4}) = \frac{6}{16} = \frac{3}{8} = 0.375", font_size=46)
        VGroup(exact, prob).arrange(DOWN, buff=0.6).next_to(title, DOWN, buff=0.8)
        self.play(Write(exact))
        self.wait(2.5)
        self.play(Write(prob))
        self.wait(4)
        closing = Text("More flips, more chances: the probability climbs towards 1.", font_size=28, color=GREEN)
        closing.to_edge(DOWN, buff=0.8)
        self.play(FadeIn(closing))
        self.wait(6)


class CleanUnitCircleDegrees(Labelled, Scene):
    NAME = "clean-unit-circle-degrees"
    DESCRIPTION = "Axes with tick numbers ±1 and the unit circle, the point P at 30° with its label 'P' shown for 1.5 s; sin 30° = 1/2, cos 30° = √3/2 ≈ 0.866, sin²θ + cos²θ = 1, -1 ≤ sin θ ≤ 1 and 180° = π rad."

    def construct(self):
        title = Text("The unit circle", font_size=40).to_edge(UP, buff=0.4)
        self.play(Write(title))
        axes = Axes(
            x_range=[-1.5, 1.5, 0.5],
            y_range=[-1.5, 1.5, 0.5],
            x_length=5.2,
            y_length=5.2,
            tips=False,
        ).to_edge(LEFT, buff=0.8).shift(DOWN * 0.4)
        # Tick numbers set off diagonally so the circle through (±1, 0) and (0, ±1) does not cross them.
        ticks = VGroup(
            MathTex("1", font_size=28).move_to(axes.c2p(1, 0) + DR * 0.3),
            MathTex("-1", font_size=28).move_to(axes.c2p(-1, 0) + DL * 0.3),
            MathTex("1", font_size=28).move_to(axes.c2p(0, 1) + UL * 0.3),
            MathTex("-1", font_size=28).move_to(axes.c2p(0, -1) + DL * 0.3),
        )
        unit = axes.x_axis.unit_size
        circle = Circle(radius=unit, color=BLUE).move_to(axes.c2p(0, 0))
        self.play(Create(axes), Create(circle), FadeIn(ticks))

        angle = 30 * DEGREES
        p = axes.c2p(np.cos(angle), np.sin(angle))
        radius = Line(axes.c2p(0, 0), p, color=YELLOW)
        dot = Dot(p, color=YELLOW)
        p_label = MathTex("P", font_size=40).next_to(dot, UR, buff=0.1)
        arc = Arc(radius=0.5, start_angle=0, angle=angle, arc_center=axes.c2p(0, 0))
        arc_label = MathTex(r"30^\circ", font_size=28).next_to(arc, RIGHT, buff=0.1).shift(UP * 0.05)
        self.play(Create(radius), FadeIn(dot), Create(arc), FadeIn(arc_label))
        self.play(FadeIn(p_label))
        self.wait(1.5)
        self.play(FadeOut(p_label))
        drop = DashedLine(p, axes.c2p(np.cos(angle), 0), color=GREEN)
        self.play(Create(drop))
        self.wait(1)

        facts = VGroup(
            MathTex(r"\sin 30^\circ = \frac{1}{2}", font_size=42),
            MathTex(r"\cos 30^\circ = \frac{\sqrt{3}}{2} \approx 0.866", font_size=42),
            MathTex(r"\sin^2\theta + \cos^2\theta = 1", font_size=42),
            MathTex(r"-1 \le \sin\theta \le 1", font_size=42),
            MathTex(r"180^\circ = \pi\ \text{rad}", font_size=42, color=GOLD),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.32)
        facts.to_edge(RIGHT, buff=0.9).shift(DOWN * 0.3)
        for fact in facts:
            self.play(Write(fact))
            self.wait(2.5)
        self.wait(2)


class CleanMatrixOnWhite(Labelled, Scene):
    NAME = "clean-matrix-on-white"
    DESCRIPTION = "On white: A = [[2, 1], [1, 3]] as a bmatrix, the product A·[1, 2] = [2 + 2, 1 + 6] = [4, 7], det A = 2·3 - 1·1 = 5 ≠ 0, the inverse (1/5)[[3, -1], [-1, 2]] and A A^{-1} = I."

    def construct(self):
        self.camera.background_color = WHITE
        title = Text("Matrices: product, determinant, inverse", font_size=36, color=BLACK).to_edge(UP, buff=0.5)
        self.play(Write(title))
        a_def = MathTex(r"A = \begin{bmatrix} 2 & 1 \\ 1 & 3 \end{bmatrix}", font_size=50, color=BLACK)
        a_def.next_to(title, DOWN, buff=0.6)
        self.play(Write(a_def))
        self.wait(3)

        product = MathTex(
            r"\begin{bmatrix} 2 & 1 \\ 1 & 3 \end{bmatrix} \begin{bmatrix} 1 \\ 2 \end{bmatrix} = \begin{bmatrix} 2 + 2 \\ 1 + 6 \end{bmatrix} = \begin{bmatrix} 4 \\ 7 \end{bmatrix}",
            font_size=46,
            color=BLACK,
        )
        product.next_to(a_def, DOWN, buff=0.6)
        self.play(Write(product))
        self.wait(5)

        self.play(FadeOut(product))
        det = MathTex(r"\det A = 2 \cdot 3 - 1 \cdot 1 = 5 \neq 0", font_size=46, color=BLACK)
        inv = MathTex(r"A^{-1} = \frac{1}{5}\begin{bmatrix} 3 & -1 \\ -1 & 2 \end{bmatrix}", font_size=46, color=DARK_BLUE)
        check = MathTex(r"A\,A^{-1} = I", font_size=46, color=BLACK)
        VGroup(det, inv, check).arrange(DOWN, buff=0.45).next_to(a_def, DOWN, buff=0.5)
        self.play(Write(det))
        self.wait(3.5)
        self.play(Write(inv))
        self.wait(3.5)
        self.play(Write(check))
        self.wait(3)
