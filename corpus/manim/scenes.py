"""
The project's labelled corpus of real Manim renders, in the style of Manim's own
gallery. Every scene is either clean or carries exactly one planted defect,
timed so labels.json can say when it is on screen. Rendered at -ql (854x480,
15 fps) by scripts/render-manim-corpus.sh.

The frame is 14.22 x 8 units: x from -7.11 to 7.11, y from -4 to 4.
"""
from manim import *

LIGHT = "#FFFFFF"


# ---------------------------------------------------------------- clean scenes


class CleanTitleFormula(Scene):
    def construct(self):
        title = Text("The Pythagorean theorem", font_size=40).to_edge(UP, buff=0.8)
        formula = MathTex("a^2", "+", "b^2", "=", "c^2", font_size=64)
        self.play(Write(title), run_time=1.5)
        self.play(Write(formula), run_time=1.5)
        self.play(formula.animate.set_color_by_tex("c^2", YELLOW), run_time=1)
        box = SurroundingRectangle(formula, color=BLUE, buff=0.25)
        self.play(Create(box), run_time=1)
        self.wait(1)


class CleanSemiTransparent(Scene):
    def construct(self):
        square = Square(side_length=2.5, color=BLUE, fill_opacity=0.5).shift(LEFT * 2.5)
        circle = Circle(radius=1.3, color=RED, fill_opacity=0.5).shift(RIGHT * 2.5)
        self.play(DrawBorderThenFill(square), DrawBorderThenFill(circle), run_time=1.5)
        sq_label = Text("square", font_size=32).next_to(square, DOWN, buff=0.4)
        ci_label = Text("circle", font_size=32).next_to(circle, DOWN, buff=0.4)
        self.play(FadeIn(sq_label), FadeIn(ci_label), run_time=1)
        self.play(square.animate.shift(RIGHT * 1.5), circle.animate.shift(LEFT * 1.5),
                  sq_label.animate.shift(RIGHT * 1.5 + DOWN * 0.2), ci_label.animate.shift(LEFT * 1.5 + DOWN * 0.2), run_time=2)
        self.wait(1)


class CleanAxesGraph(Scene):
    def construct(self):
        axes = Axes(x_range=[-3, 3, 1], y_range=[-1.5, 1.5, 1], x_length=10, y_length=5, tips=False,
                    axis_config={"include_numbers": True, "font_size": 28})
        graph = axes.plot(lambda x: np.sin(x), color=YELLOW, x_range=[-2.5, 2.5])
        label = MathTex(r"y = \sin(x)", font_size=40).to_corner(UR, buff=0.7)
        self.play(Create(axes), run_time=1.5)
        self.play(Create(graph), run_time=2)
        self.play(Write(label), run_time=1)
        dot = Dot(axes.c2p(-2.5, np.sin(-2.5)), color=RED)
        self.add(dot)
        self.play(MoveAlongPath(dot, graph), run_time=2)
        self.wait(0.5)


class CleanNumberPlane(Scene):
    def construct(self):
        plane = NumberPlane()
        self.play(Create(plane), run_time=1.5)
        vector = Arrow(ORIGIN, [2, 1, 0], buff=0, color=YELLOW)
        self.play(GrowArrow(vector), run_time=1)
        self.play(Rotate(vector, angle=PI / 2, about_point=ORIGIN), run_time=2)
        dot = Dot([-3, -2, 0], color=RED)
        self.play(FadeIn(dot), run_time=0.5)
        self.play(dot.animate.move_to([3, 2, 0]), run_time=2)
        self.wait(0.5)


class CleanTransformShapes(Scene):
    def construct(self):
        shape = Square(side_length=2.5, color=BLUE)
        self.play(Create(shape), run_time=1)
        self.play(Transform(shape, Circle(radius=1.4, color=GREEN)), run_time=1.5)
        self.play(Transform(shape, Triangle(color=ORANGE).scale(1.6)), run_time=1.5)
        self.play(Transform(shape, RegularPolygon(n=6, color=PURPLE).scale(1.5)), run_time=1.5)
        self.play(shape.animate.set_fill(PURPLE, opacity=0.6), run_time=1)
        self.wait(0.5)


class CleanFadesInOut(Scene):
    def construct(self):
        first = Text("Step 1: draw a triangle", font_size=40)
        self.play(FadeIn(first), run_time=1)
        self.wait(0.5)
        self.play(FadeOut(first), run_time=1)
        tri = Polygon([-2, -1, 0], [2, -1, 0], [-2, 1.5, 0], color=BLUE)
        second = Text("Step 2: mark the right angle", font_size=36).to_edge(UP, buff=0.8)
        self.play(FadeIn(tri), FadeIn(second), run_time=1)
        angle = RightAngle(Line([-2, -1, 0], [2, -1, 0]), Line([-2, -1, 0], [-2, 1.5, 0]), length=0.4, color=YELLOW)
        self.play(Create(angle), run_time=1)
        self.play(FadeOut(VGroup(tri, second, angle)), run_time=1)
        self.play(FadeIn(Text("Done", font_size=48)), run_time=1)


class CleanCameraZoom(MovingCameraScene):
    def construct(self):
        formula = MathTex(r"e^{i\pi} + 1 = 0", font_size=72)
        caption = Text("Euler's identity", font_size=36).next_to(formula, DOWN, buff=0.6)
        self.play(Write(formula), FadeIn(caption), run_time=1.5)
        self.play(self.camera.frame.animate.scale(0.5).move_to(formula[0][0:3]), run_time=2)
        self.wait(0.5)
        self.play(Restore(self.camera.frame) if hasattr(self.camera.frame, "saved_state") else self.camera.frame.animate.scale(2).move_to(ORIGIN), run_time=2)
        self.wait(0.5)


class CleanCameraPan(MovingCameraScene):
    def construct(self):
        shapes = VGroup(
            Circle(radius=0.9, color=RED, fill_opacity=0.6),
            Square(side_length=1.8, color=GREEN, fill_opacity=0.6),
            Triangle(color=BLUE, fill_opacity=0.6).scale(1.1),
            RegularPolygon(n=5, color=YELLOW, fill_opacity=0.6).scale(1.0),
        ).arrange(RIGHT, buff=3.5)
        labels = VGroup(*[Text(name, font_size=28).next_to(s, DOWN, buff=0.3) for name, s in zip(["circle", "square", "triangle", "pentagon"], shapes)])
        group = VGroup(shapes, labels)
        self.camera.frame.move_to(shapes[0]).shift(RIGHT * 1.5)
        self.play(FadeIn(group), run_time=1)
        self.play(self.camera.frame.animate.move_to(shapes[3]).shift(LEFT * 1.5), run_time=4, rate_func=linear)
        self.play(self.camera.frame.animate.move_to(group).scale(1.6), run_time=1.5)
        self.wait(0.5)


class CleanLightBackground(Scene):
    def construct(self):
        self.camera.background_color = LIGHT
        title = Text("Area of a rectangle", font_size=40, color=BLACK).to_edge(UP, buff=0.8)
        rect = Rectangle(width=4, height=2.2, color=BLUE_E, fill_opacity=0.3)
        w = MathTex("w", color=BLACK).next_to(rect, DOWN, buff=0.25)
        h = MathTex("h", color=BLACK).next_to(rect, LEFT, buff=0.25)
        formula = MathTex("A = w \\cdot h", color=BLACK, font_size=48).next_to(rect, RIGHT, buff=0.8)
        self.play(Write(title), run_time=1)
        self.play(Create(rect), run_time=1)
        self.play(FadeIn(w), FadeIn(h), run_time=1)
        self.play(Write(formula), run_time=1.5)
        self.play(rect.animate.set_fill(BLUE_E, opacity=0.6), run_time=1)
        self.wait(0.5)


class CleanSummary(Scene):
    def construct(self):
        title = Text("Summary", font_size=44).to_edge(UP, buff=0.6)
        lines = VGroup(
            Text("1. A right triangle has legs a, b and hypotenuse c", font_size=26),
            Text("2. The squares on the legs add up to the square on c", font_size=26),
            MathTex("a^2 + b^2 = c^2", font_size=40),
            Text("3. It works for every right triangle", font_size=26),
            Text("4. The converse is true as well", font_size=26),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.35).next_to(title, DOWN, buff=0.6)
        self.play(Write(title), run_time=1)
        for line in lines:
            self.play(FadeIn(line, shift=RIGHT * 0.3), run_time=0.8)
        self.play(Indicate(lines[2]), run_time=1)
        self.wait(1)


class CleanBraceLabels(Scene):
    def construct(self):
        line = Line(LEFT * 3, RIGHT * 3, color=WHITE)
        dots = VGroup(Dot(LEFT * 3), Dot(RIGHT * 1), Dot(RIGHT * 3))
        self.play(Create(line), FadeIn(dots), run_time=1.5)
        brace_a = Brace(Line(LEFT * 3, RIGHT * 1), DOWN)
        label_a = brace_a.get_tex("a")
        brace_b = Brace(Line(RIGHT * 1, RIGHT * 3), UP)
        label_b = brace_b.get_tex("b")
        self.play(GrowFromCenter(brace_a), Write(label_a), run_time=1)
        self.play(GrowFromCenter(brace_b), Write(label_b), run_time=1)
        total = MathTex("a + b", font_size=48).shift(DOWN * 2.5)
        self.play(Write(total), run_time=1)
        self.play(Indicate(total), run_time=1)
        self.wait(0.5)


class CleanValueTracker(Scene):
    def construct(self):
        axes = Axes(x_range=[0, 4, 1], y_range=[0, 16, 4], x_length=7, y_length=4.5, tips=False,
                    axis_config={"include_numbers": True, "font_size": 24}).shift(LEFT * 1.5)
        graph = axes.plot(lambda x: x ** 2, color=BLUE, x_range=[0, 4])
        t = ValueTracker(0)
        dot = always_redraw(lambda: Dot(axes.c2p(t.get_value(), t.get_value() ** 2), color=YELLOW))
        readout = always_redraw(lambda: VGroup(MathTex("x^2 =", font_size=40), DecimalNumber(t.get_value() ** 2, num_decimal_places=1, font_size=40)).arrange(RIGHT).to_edge(RIGHT, buff=1.0))
        self.play(Create(axes), Create(graph), run_time=1.5)
        self.add(dot, readout)
        self.play(t.animate.set_value(4), run_time=3, rate_func=linear)
        self.play(t.animate.set_value(2), run_time=1.5)
        self.wait(0.5)


class CleanMatrix(Scene):
    def construct(self):
        m = Matrix([[2, 0], [1, 3]])
        v = Matrix([[1], [2]])
        eq = MathTex("=")
        r = Matrix([[2], [7]])
        group = VGroup(m, v, eq, r).arrange(RIGHT, buff=0.4)
        self.play(Write(m), run_time=1)
        self.play(Write(v), run_time=1)
        self.play(Write(eq), Write(r), run_time=1.5)
        self.play(Circumscribe(r), run_time=1.5)
        self.play(group.animate.scale(0.8).shift(UP), run_time=1)
        self.wait(0.5)


class CleanCircleArea(Scene):
    def construct(self):
        circle = Circle(radius=1.8, color=TEAL, fill_opacity=0.3).shift(LEFT * 2.2)
        radius = Line(circle.get_center(), circle.get_right(), color=YELLOW)
        r = MathTex("r", font_size=40).next_to(radius, UP, buff=0.15)
        formula = MathTex(r"A = \pi r^2", font_size=56).shift(RIGHT * 2.8)
        self.play(Create(circle), run_time=1.5)
        self.play(Create(radius), Write(r), run_time=1)
        self.play(Write(formula), run_time=1.5)
        self.play(Rotate(radius, angle=2 * PI, about_point=circle.get_center()), MaintainPositionRelativeTo(r, radius), run_time=2)
        self.wait(0.5)


# ---------------------------------------------------------------- defect scenes


class DefectTextSlidesOffRight(Scene):
    def construct(self):
        text = Text("Similar triangles", font_size=48)
        self.play(Write(text), run_time=1.5)
        self.wait(0.5)
        # Right edge of the text reaches the frame edge about 0.6 s into the move.
        self.play(text.animate.shift(RIGHT * 7), run_time=2, rate_func=linear)
        self.wait(2)


class DefectTextSlidesOffLeft(Scene):
    def construct(self):
        formula = MathTex(r"\int_0^1 x^2\,dx = \frac{1}{3}", font_size=56)
        self.play(Write(formula), run_time=1.5)
        self.wait(0.5)
        self.play(formula.animate.shift(LEFT * 6), run_time=2, rate_func=linear)
        self.wait(2)


class DefectShapeSlidesOffBottom(Scene):
    def construct(self):
        title = Text("A falling ball", font_size=36).to_edge(UP, buff=0.8)
        ball = Circle(radius=0.8, color=RED, fill_opacity=0.8)
        self.play(Write(title), FadeIn(ball), run_time=1.5)
        self.wait(0.5)
        self.play(ball.animate.shift(DOWN * 4.2), run_time=2, rate_func=linear)
        self.wait(2)


class DefectFormulaCutLeft(Scene):
    def construct(self):
        formula = MathTex(r"f(x) = 3x^2 - 2x + 7", font_size=60).move_to(LEFT * 5.3)
        caption = Text("a quadratic", font_size=32).shift(DOWN * 1.5 + RIGHT * 1.5)
        self.add(formula)
        self.play(FadeIn(caption), run_time=1)
        self.play(Indicate(caption), run_time=1.5)
        self.play(caption.animate.shift(RIGHT * 1.5), run_time=1.5)
        self.wait(1)


class DefectTitleCutTop(Scene):
    def construct(self):
        square = Square(side_length=2.2, color=BLUE, fill_opacity=0.4)
        self.play(Create(square), run_time=1)
        title = Text("Squares and their diagonals", font_size=48).move_to(UP * 3.95)
        self.play(FadeIn(title), run_time=0.5)
        diag = Line(square.get_corner(DL), square.get_corner(UR), color=YELLOW)
        self.play(Create(diag), run_time=1.5)
        self.play(Rotate(VGroup(square, diag), PI / 4), run_time=2)
        self.wait(1)


class DefectLabelsOverlap(Scene):
    def construct(self):
        p = Dot(LEFT * 0.3, color=YELLOW)
        q = Dot(RIGHT * 0.3, color=YELLOW)
        self.play(FadeIn(p), FadeIn(q), run_time=1)
        label_p = Text("point P", font_size=36).next_to(p, UP, buff=0.2)
        # Placed by hand a little higher and to the right: it lands on P's label.
        label_q = Text("point Q", font_size=36).next_to(q, UP, buff=0.2).shift(RIGHT * 0.5 + UP * 0.3)
        self.play(FadeIn(label_p), run_time=1)
        self.play(FadeIn(label_q), run_time=1)
        self.play(Flash(p), Flash(q), run_time=1.5)
        self.wait(1.5)


class DefectFormulasOverlap(Scene):
    def construct(self):
        first = MathTex(r"\sin^2\theta + \cos^2\theta = 1", font_size=48).shift(UP * 1.5)
        second = MathTex(r"\tan\theta = \frac{\sin\theta}{\cos\theta}", font_size=48).shift(DOWN * 1.5)
        self.play(Write(first), run_time=1.5)
        self.play(Write(second), run_time=1.5)
        self.play(second.animate.move_to(first.get_center() + DOWN * 0.25 + RIGHT * 0.4), run_time=1)
        self.wait(2)


class DefectLabelOverGraph(Scene):
    def construct(self):
        axes = Axes(x_range=[-3, 3, 1], y_range=[-1, 9, 2], x_length=9, y_length=5.5, tips=False)
        graph = axes.plot(lambda x: x ** 2, color=BLUE)
        self.play(Create(axes), run_time=1)
        self.play(Create(graph), run_time=1.5)
        # The label sits right on the curve, crossing it.
        label = MathTex(r"y = x^2 \text{ grows quickly}", font_size=40).move_to(axes.c2p(2.05, 4.2))
        self.play(Write(label), run_time=1)
        self.wait(2.5)


class DefectLabelOverShape(Scene):
    def construct(self):
        circle = Circle(radius=1.6, color=GREEN, stroke_width=6)
        self.play(Create(circle), run_time=1.5)
        # Straddles the circle's outline: half inside, half outside.
        label = Text("unit circle radius one", font_size=34).move_to(circle.get_right() + LEFT * 0.3 + UP * 0.6)
        self.play(FadeIn(label), run_time=1)
        self.play(circle.animate.set_stroke(YELLOW), run_time=1)
        self.wait(2.5)


class DefectTinyText(Scene):
    def construct(self):
        square = Square(side_length=3, color=BLUE)
        self.play(Create(square), run_time=1)
        note = Text("The diagonal of a unit square has length square root of two", font_size=9).next_to(square, DOWN, buff=0.3)
        self.play(FadeIn(note), run_time=1)
        diag = Line(square.get_corner(DL), square.get_corner(UR), color=YELLOW)
        self.play(Create(diag), run_time=1.5)
        self.wait(2.5)


class DefectTinyFormula(Scene):
    def construct(self):
        axes = Axes(x_range=[0, 5, 1], y_range=[0, 5, 1], x_length=6, y_length=4.5, tips=False)
        line = axes.plot(lambda x: 0.8 * x + 0.5, color=YELLOW)
        self.play(Create(axes), run_time=1)
        self.play(Create(line), run_time=1)
        formula = MathTex(r"y = 0.8x + 0.5 \quad \text{slope } m = \frac{\Delta y}{\Delta x}", font_size=11).next_to(axes, RIGHT, buff=0.3)
        self.play(FadeIn(formula), run_time=1)
        self.play(line.animate.set_color(ORANGE), run_time=1.5)
        self.wait(1.5)


class DefectLowContrastDarkGrey(Scene):
    def construct(self):
        title = Text("Prime numbers", font_size=44, color="#303030").to_edge(UP, buff=0.9)
        numbers = Text("2   3   5   7   11   13", font_size=40, color="#303030")
        self.play(FadeIn(title), run_time=1)
        self.play(Write(numbers), run_time=2)
        self.play(numbers.animate.shift(DOWN * 0.8), run_time=1.5)
        self.wait(1.5)


class DefectLowContrastYellowOnWhite(Scene):
    def construct(self):
        self.camera.background_color = LIGHT
        title = Text("Fractions", font_size=44, color="#FFF59D").to_edge(UP, buff=0.9)
        frac = MathTex(r"\frac{1}{2} + \frac{1}{3} = \frac{5}{6}", font_size=60, color="#FFF59D")
        self.play(FadeIn(title), run_time=1)
        self.play(Write(frac), run_time=2)
        self.play(frac.animate.scale(1.15), run_time=1.5)
        self.wait(1.5)


class DefectClutterLabels(Scene):
    def construct(self):
        title = Text("Parts of a triangle", font_size=36).to_edge(UP, buff=0.5)
        self.play(Write(title), run_time=1)
        words = ["vertex", "edge", "angle", "side", "base", "height", "median", "altitude", "bisector", "centroid",
                 "incenter", "circumcenter", "orthocenter", "area", "perimeter", "acute", "obtuse", "right", "scalene", "isosceles",
                 "equilateral", "hypotenuse", "leg", "midpoint", "segment", "ray", "line", "point", "degree", "radian",
                 "sine", "cosine", "tangent", "ratio", "similar", "congruent"]
        rng = np.random.default_rng(7)
        labels = VGroup()
        for i, w in enumerate(words):
            col, row = i % 6, i // 6
            x = -5.6 + col * 2.25 + rng.uniform(-0.35, 0.35)
            y = 2.1 - row * 0.8 + rng.uniform(-0.2, 0.2)
            labels.add(Text(w, font_size=20, color=random_bright_color()).move_to([x, y, 0]))
        self.play(LaggedStart(*[FadeIn(l) for l in labels], lag_ratio=0.03), run_time=2)
        self.play(labels.animate.shift(UP * 0.1), run_time=1.5)
        self.wait(1.5)


class DefectClutterShapes(Scene):
    def construct(self):
        rng = np.random.default_rng(11)
        things = VGroup()
        for i in range(28):
            x, y = -5.8 + (i % 7) * 1.9, 2.6 - (i // 7) * 1.7
            shape = [Circle(radius=0.35), Square(side_length=0.6), Triangle().scale(0.4)][i % 3]
            shape.set_color(random_bright_color()).set_fill(opacity=0.5).move_to([x + rng.uniform(-0.2, 0.2), y, 0])
            tag = MathTex(f"x_{{{i}}}", font_size=26).next_to(shape, RIGHT, buff=0.08)
            things.add(VGroup(shape, tag))
        self.play(FadeIn(Text("Variables", font_size=32).to_edge(UP, buff=0.2)), run_time=0.5)
        self.play(LaggedStart(*[GrowFromCenter(t) for t in things], lag_ratio=0.04), run_time=2)
        self.play(things.animate.scale(0.98), run_time=1.5)
        self.wait(1.5)


class DefectBlankMiddle(Scene):
    def construct(self):
        first = MathTex(r"2 + 2 = 4", font_size=64)
        self.play(Write(first), run_time=1.5)
        self.wait(0.5)
        self.play(FadeOut(first), run_time=0.5)
        self.wait(3)
        second = MathTex(r"2 \times 2 = 4", font_size=64)
        self.play(Write(second), run_time=1.5)
        self.wait(1)


class DefectBlankEnd(Scene):
    def construct(self):
        tri = Triangle(color=BLUE, fill_opacity=0.5).scale(1.5)
        label = Text("an equilateral triangle", font_size=36).next_to(tri, DOWN, buff=0.4)
        self.play(DrawBorderThenFill(tri), run_time=1.5)
        self.play(FadeIn(label), run_time=1)
        self.play(Rotate(tri, PI / 3), run_time=1)
        self.play(FadeOut(tri), FadeOut(label), run_time=0.5)
        self.wait(4)


class DefectStaticHold(Scene):
    def construct(self):
        formula = MathTex(r"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}", font_size=60)
        caption = Text("Gauss's formula", font_size=36).next_to(formula, DOWN, buff=0.6)
        self.play(Write(formula), run_time=1.5)
        self.play(FadeIn(caption), run_time=0.5)
        self.wait(11)
        self.play(Indicate(formula), run_time=1)


class DefectFastCuts(Scene):
    def construct(self):
        items = [
            MathTex("x + 1", font_size=72), Square(side_length=2.5, color=RED, fill_opacity=0.8),
            Text("Lemma", font_size=64), Circle(radius=1.5, color=GREEN, fill_opacity=0.8),
            MathTex(r"\sqrt{2}", font_size=96), Triangle(color=BLUE, fill_opacity=0.8).scale(2),
            Text("Proof", font_size=64), MathTex(r"\pi r^2", font_size=96),
            RegularPolygon(n=6, color=YELLOW, fill_opacity=0.8).scale(2), Text("QED", font_size=72),
        ]
        positions = [LEFT * 3, RIGHT * 3, UP * 2, DOWN * 2, ORIGIN, LEFT * 3 + UP, RIGHT * 3 + DOWN, LEFT * 2 + DOWN * 2, RIGHT * 2 + UP * 2, ORIGIN]
        for item, pos in zip(items, positions):
            self.clear()
            self.add(item.move_to(pos))
            self.wait(1.1)


class DefectFlashingFull(Scene):
    def construct(self):
        formula = MathTex(r"f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}", font_size=48)
        self.play(Write(formula), run_time=1.5)
        self.wait(0.5)
        flash = Rectangle(width=15, height=9, stroke_width=0, fill_color=WHITE, fill_opacity=1)
        for _ in range(10):
            self.add(flash)
            self.wait(0.1)
            self.remove(flash)
            self.wait(0.1)
        self.wait(2)


class DefectFlashingRegion(Scene):
    def construct(self):
        title = Text("Attention!", font_size=40).to_edge(UP, buff=0.5)
        self.play(Write(title), run_time=1)
        panel = Rectangle(width=9, height=5.2, stroke_width=0, fill_color=WHITE, fill_opacity=1).shift(DOWN * 0.6)
        for _ in range(8):
            self.add(panel)
            self.wait(2 / 15)
            self.remove(panel)
            self.wait(2 / 15)
        self.wait(2.5)
