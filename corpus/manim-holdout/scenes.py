"""The labelled Manim corpus: clean scenes and scenes with exactly one planted defect.

Written in the style of Manim Community's own gallery. Each scene class carries its
label (NAME, DEFECT, DESCRIPTION, EXPECTED, WHERE); defect scenes call
`self.mark("start")` when the defect becomes visible and `self.mark("end")` when it
stops being visible (no "end" mark: it lasts to the end of the video). A defect that
fades or builds in starts halfway through its entrance: `self.mark("start", after=run_time / 2)`. render.py
renders every scene at -ql and writes labels.json from these attributes and marks.

Frame at -ql: 854x480 px, 14.22 x 8 Manim units, so 1 unit = 60 px.
"""

from manim import *

Text.set_default(font="DejaVu Sans")

VISUAL = "VISUAL_VALIDATION_JSON"
DESIGN = "DESIGN_VALIDATION_JSON"
ENGAGEMENT = "ENGAGEMENT_RUBRIC_JSON"

CLIPPED = [(VISUAL, "clipped_content"), (VISUAL, "off_screen")]
OVERLAP = [(VISUAL, "overlap"), (VISUAL, "unreadable_text")]
TINY = [(VISUAL, "unreadable_text"), (DESIGN, "typography"), (DESIGN, "accessibility")]
LOW_CONTRAST = [(DESIGN, "low_contrast"), (DESIGN, "accessibility")]
CLUTTER = [(DESIGN, "clutter"), (ENGAGEMENT, "focus")]
BLANK = [(VISUAL, "blank_frame"), (ENGAGEMENT, "structure")]
STATIC = [(ENGAGEMENT, "static"), (ENGAGEMENT, "pacing")]
PACING = [(ENGAGEMENT, "pacing")]
FLASHING = [(VISUAL, "flashing"), (DESIGN, "accessibility")]


class Labelled:
    """Label of a corpus scene, and the marks that time its defect."""

    NAME = ""
    DEFECT = None
    DESCRIPTION = ""
    EXPECTED = []
    WHERE = None

    def mark(self, name, after=0.0):
        """Time `name` now, or `after` seconds from now (halfway through an entrance that is about to play)."""
        # renderer.time counts the frames written so far: the moment the next frame shows.
        if not hasattr(self, "marks"):
            self.marks = {}
        self.marks[name] = round(self.renderer.time + after, 3)


def title(text, **kwargs):
    return Text(text, font_size=40, **kwargs).to_edge(UP, buff=0.5)


# ---------------------------------------------------------------------------
# Clean scenes
# ---------------------------------------------------------------------------


class CleanTitleFormula(Labelled, Scene):
    NAME = "clean-title-formula"
    DESCRIPTION = "Text and formulas: a title, an equation rewritten with TransformMatchingTex, then boxed."

    def construct(self):
        heading = title("The Pythagorean theorem")
        eq1 = MathTex("a^2", "+", "b^2", "=", "c^2", font_size=72)
        eq2 = MathTex("c", "=", r"\sqrt{", "a^2", "+", "b^2", "}", font_size=72)
        note = Text("for a right triangle with legs a, b", font_size=28, color=GRAY_B).next_to(eq1, DOWN, buff=0.8)
        self.play(Write(heading), run_time=1.5)
        self.play(FadeIn(eq1, shift=UP * 0.5))
        self.play(FadeIn(note))
        self.wait(0.5)
        self.play(TransformMatchingTex(eq1, eq2), run_time=1.5)
        box = SurroundingRectangle(eq2, color=YELLOW, buff=0.25)
        self.play(Create(box))
        self.play(Circumscribe(heading, color=BLUE))
        self.wait(0.5)


class CleanBraceAnnotation(Labelled, Scene):
    NAME = "clean-brace-annotation"
    DESCRIPTION = "The gallery's BraceAnnotation: a segment between two dots with braces and their labels."

    def construct(self):
        dot = Dot([-2, -1, 0])
        dot2 = Dot([2, 1, 0])
        line = Line(dot.get_center(), dot2.get_center()).set_color(ORANGE)
        b1 = Brace(line)
        b1text = b1.get_text("Horizontal distance")
        b2 = Brace(line, direction=line.copy().rotate(PI / 2).get_unit_vector())
        b2text = b2.get_tex("x-x_1")
        self.play(FadeIn(dot), FadeIn(dot2))
        self.play(Create(line))
        self.play(GrowFromCenter(b1), Write(b1text))
        self.play(GrowFromCenter(b2), Write(b2text))
        self.play(Indicate(line, color=YELLOW))
        self.play(dot2.animate.set_color(RED), dot.animate.set_color(BLUE))
        self.wait(1)


class CleanTranslucentVenn(Labelled, Scene):
    NAME = "clean-translucent-venn"
    DESCRIPTION = "Semi-transparent fills: two 50%-opacity circles overlapping, their intersection, labels inside the fills."

    def construct(self):
        heading = title("Sets A and B")
        a = Circle(radius=1.8, color=BLUE, fill_opacity=0.5).shift(LEFT * 1.2 + DOWN * 0.4)
        b = Circle(radius=1.8, color=RED, fill_opacity=0.5).shift(RIGHT * 1.2 + DOWN * 0.4)
        la = MathTex("A", font_size=56).move_to(a.get_center() + LEFT * 0.8)
        lb = MathTex("B", font_size=56).move_to(b.get_center() + RIGHT * 0.8)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(a), DrawBorderThenFill(b), run_time=1.5)
        self.play(Write(la), Write(lb))
        both = Intersection(a, b, color=GREEN, fill_opacity=0.6)
        caption = MathTex(r"A \cap B", font_size=48).next_to(VGroup(a, b), DOWN, buff=0.35)
        self.play(FadeIn(both), Write(caption))
        self.play(both.animate.set_fill(opacity=0.9), run_time=0.8)
        self.play(both.animate.set_fill(opacity=0.6), run_time=0.8)
        self.wait(0.7)


class CleanFlowBoxes(Labelled, Scene):
    NAME = "clean-flow-boxes"
    DESCRIPTION = "Semi-transparent fills: three rounded boxes (30% fill) with their labels inside, joined by arrows."

    def construct(self):
        names = ["Input", "Transform", "Output"]
        colours = [BLUE, GREEN, ORANGE]
        boxes = VGroup(*[
            VGroup(RoundedRectangle(corner_radius=0.2, width=3.2, height=1.5, color=c, fill_opacity=0.3), Text(n, font_size=32))
            for n, c in zip(names, colours)
        ]).arrange(RIGHT, buff=1.0)
        arrows = VGroup(*[Arrow(boxes[i].get_right(), boxes[i + 1].get_left(), buff=0.1) for i in range(2)])
        heading = title("A pipeline")
        self.play(Write(heading))
        for i, box in enumerate(boxes):
            self.play(FadeIn(box, shift=RIGHT * 0.3), run_time=0.7)
            if i < 2:
                self.play(GrowArrow(arrows[i]), run_time=0.5)
        formula = MathTex(r"y = f(x)", font_size=48).next_to(boxes, DOWN, buff=0.9)
        self.play(Write(formula))
        self.play(Circumscribe(boxes[1], color=YELLOW))
        self.play(boxes[1][0].animate.set_fill(opacity=0.6), run_time=0.6)
        self.wait(0.6)


class CleanSinCosPlot(Labelled, Scene):
    NAME = "clean-sin-cos-plot"
    DESCRIPTION = "Axes and function graphs: the gallery's SinAndCosFunctionPlot with labels beside the curves."

    def construct(self):
        axes = Axes(x_range=[-10, 10.3, 1], y_range=[-1.5, 1.5, 1], x_length=10, y_length=4.5, axis_config={"color": GREEN}, tips=False).shift(DOWN * 0.4)
        axes_labels = axes.get_axis_labels()
        sin_graph = axes.plot(lambda x: np.sin(x), color=BLUE)
        cos_graph = axes.plot(lambda x: np.cos(x), color=RED)
        sin_label = MathTex(r"\sin(x)", color=BLUE, font_size=40)
        cos_label = MathTex(r"\cos(x)", color=RED, font_size=40)
        VGroup(sin_label, cos_label).arrange(DOWN, aligned_edge=LEFT).to_corner(UR, buff=0.7)
        vert_line = axes.get_vertical_line(axes.i2gp(TAU, cos_graph), color=YELLOW, line_func=Line)
        line_label = MathTex(r"x=2\pi", font_size=36).next_to(axes.i2gp(TAU, cos_graph), UP, buff=0.3)
        self.play(Create(axes), FadeIn(axes_labels), run_time=1.5)
        self.play(Create(sin_graph), FadeIn(sin_label), run_time=1.5)
        self.play(Create(cos_graph), FadeIn(cos_label), run_time=1.5)
        self.play(Create(vert_line), FadeIn(line_label))
        self.play(Indicate(sin_label), Indicate(cos_label))
        self.wait(0.5)


class CleanAreaUnderCurve(Labelled, Scene):
    NAME = "clean-area-under-curve"
    DESCRIPTION = "Axes and function graphs with semi-transparent fills: the area under a curve and Riemann rectangles (gallery GraphAreaPlot)."

    def construct(self):
        ax = Axes(x_range=[0, 5], y_range=[0, 6], x_length=8, y_length=5.2, x_axis_config={"numbers_to_include": [1, 2, 3, 4]}, tips=False).shift(DOWN * 0.3 + LEFT * 1.5)
        labels = ax.get_axis_labels()
        curve = ax.plot(lambda x: 0.25 * x ** 2 + 1, x_range=[0, 4.6], color=BLUE_C)
        area = ax.get_area(curve, x_range=(1, 4), color=[BLUE, GREEN], opacity=0.5)
        rects = ax.get_riemann_rectangles(curve, x_range=[1, 4], dx=0.5, color=YELLOW, fill_opacity=0.5)
        formula = MathTex(r"\int_1^4 \left(\frac{x^2}{4}+1\right)dx", font_size=44).move_to(RIGHT * 4.4 + UP * 1.4)
        value = MathTex(r"= \frac{33}{4}", font_size=44).next_to(formula, DOWN, buff=0.4)
        self.play(Create(ax), FadeIn(labels))
        self.play(Create(curve))
        self.play(FadeIn(rects), run_time=1)
        self.play(Transform(rects, ax.get_riemann_rectangles(curve, x_range=[1, 4], dx=0.25, color=YELLOW, fill_opacity=0.5)))
        self.play(FadeOut(rects), FadeIn(area))
        self.play(Write(formula))
        self.play(Write(value))
        self.wait(0.7)


class CleanNumberPlane(Labelled, Scene):
    NAME = "clean-number-plane"
    DESCRIPTION = "A full-frame NumberPlane (grid and axes to every edge by design) sheared by a matrix, with a vector and a labelled caption."

    def construct(self):
        # Larger than the frame, as LinearTransformationScene does, so the sheared grid still fills it.
        plane = NumberPlane(x_range=[-16, 16, 1], y_range=[-9, 9, 1])
        vector = Arrow(ORIGIN, [2, 1, 0], buff=0, color=YELLOW)
        v_label = MathTex(r"\vec v", color=YELLOW).next_to(vector.get_end(), RIGHT, buff=0.15)
        caption = MathTex(r"\begin{bmatrix} 1 & 1 \\ 0 & 1 \end{bmatrix}", font_size=44).to_corner(UL, buff=0.6)
        caption.add_background_rectangle(opacity=0.85, buff=0.15)
        self.play(Create(plane), run_time=1.5)
        self.play(GrowArrow(vector), FadeIn(v_label))
        self.play(FadeIn(caption))
        self.play(ApplyMatrix([[1, 1], [0, 1]], plane), ApplyMatrix([[1, 1], [0, 1]], vector), v_label.animate.next_to([3, 1, 0], RIGHT, buff=0.15), run_time=2)
        self.wait(0.5)
        self.play(Indicate(v_label))
        self.wait(0.5)


class CleanShapesTransform(Labelled, Scene):
    NAME = "clean-shapes-transform"
    DESCRIPTION = "Shapes transforming: a square becomes a circle, a triangle and a star, rotating and changing colour, under a changing caption."

    def construct(self):
        shape = Square(side_length=2.5, color=BLUE, fill_opacity=0.6)
        caption = Text("Square", font_size=36).next_to(shape, DOWN, buff=0.6)
        self.play(DrawBorderThenFill(shape), Write(caption))
        for target, name in [
            (Circle(radius=1.4, color=RED, fill_opacity=0.6), "Circle"),
            (Triangle(color=GREEN, fill_opacity=0.6).scale(1.6), "Triangle"),
            (Star(n=5, outer_radius=1.5, color=YELLOW, fill_opacity=0.6), "Star"),
        ]:
            new_caption = Text(name, font_size=36).next_to(shape, DOWN, buff=0.6)
            self.play(Transform(shape, target), Transform(caption, new_caption), run_time=1.2)
            self.play(Rotate(shape, PI / 3), run_time=0.6)
        self.play(shape.animate.scale(0.6).shift(UP * 0.3), run_time=0.8)
        self.wait(0.4)


class CleanFades(Labelled, Scene):
    NAME = "clean-fades"
    DESCRIPTION = "Fades in and out: three steps of a derivation fade in with a shift and fade out into the next, then everything fades out."

    def construct(self):
        heading = title("Completing the square")
        steps = [
            MathTex(r"x^2 + 6x + 5 = 0", font_size=60),
            MathTex(r"(x + 3)^2 - 9 + 5 = 0", font_size=60),
            MathTex(r"(x + 3)^2 = 4", font_size=60),
        ]
        self.play(FadeIn(heading, shift=DOWN * 0.3))
        self.play(FadeIn(steps[0], shift=UP * 0.4))
        self.wait(0.6)
        for a, b in zip(steps, steps[1:]):
            self.play(FadeOut(a, shift=UP * 0.4), FadeIn(b, shift=UP * 0.4))
            self.wait(0.6)
        answer = MathTex(r"x = -1 \text{ or } x = -5", font_size=48, color=YELLOW).next_to(steps[-1], DOWN, buff=0.6)
        self.play(FadeIn(answer, scale=1.2))
        self.wait(0.6)
        self.play(FadeOut(heading), FadeOut(steps[-1]), FadeOut(answer))


class CleanCameraZoom(Labelled, MovingCameraScene):
    NAME = "clean-camera-zoom"
    DESCRIPTION = "Camera zoom: a labelled triangle, the camera zooms into the right-angle marker and back out (the triangle's sides run past the frame while zoomed in, by design)."

    def construct(self):
        a, b, c = np.array([-3, -2, 0]), np.array([3, -2, 0]), np.array([-3, 2, 0])
        tri = Polygon(a, b, c, color=WHITE)
        right = RightAngle(Line(a, b), Line(a, c), length=0.4, color=YELLOW)
        labels = VGroup(
            MathTex("a").next_to(Line(a, c), LEFT),
            MathTex("b").next_to(Line(a, b), DOWN),
            MathTex("c").move_to((b + c) / 2 + np.array([0.4, 0.35, 0])),
        )
        heading = Text("Right triangle", font_size=36).to_edge(UP, buff=0.5).shift(RIGHT * 3)
        self.play(Create(tri), FadeIn(heading))
        self.play(Write(labels))
        self.play(Create(right))
        self.camera.frame.save_state()
        # Zoomed in, every label is either wholly in view or wholly out of it; they cross the edges only while the camera moves.
        self.play(self.camera.frame.animate.scale(0.25).move_to(a + np.array([0.5, 0.5, 0])), run_time=1.2)
        self.play(right.animate.set_color(RED), run_time=0.8)
        self.wait(0.4)
        self.play(Restore(self.camera.frame), run_time=1.2)
        self.wait(0.6)


class CleanCameraFollow(Labelled, MovingCameraScene):
    NAME = "clean-camera-follow"
    DESCRIPTION = "Camera pan: the gallery's FollowingGraphCamera, the camera zooms onto a dot and follows it along a curve, then restores."

    def construct(self):
        self.camera.frame.save_state()
        ax = Axes(x_range=[-1, 10], y_range=[-1, 10])
        graph = ax.plot(lambda x: np.sin(x), color=BLUE, x_range=[0, 3 * PI])
        moving_dot = Dot(ax.i2gp(graph.t_min, graph), color=ORANGE)
        dot_1 = Dot(ax.i2gp(graph.t_min, graph))
        dot_2 = Dot(ax.i2gp(graph.t_max, graph))
        self.add(ax, graph, dot_1, dot_2, moving_dot)
        self.play(self.camera.frame.animate.scale(0.5).move_to(moving_dot))

        def update_curve(mob):
            mob.move_to(moving_dot.get_center())

        self.camera.frame.add_updater(update_curve)
        self.play(MoveAlongPath(moving_dot, graph, rate_func=linear), run_time=3)
        self.camera.frame.remove_updater(update_curve)
        self.play(Restore(self.camera.frame))
        self.wait(0.5)


class CleanLightBackground(Labelled, Scene):
    NAME = "clean-light-background"
    DESCRIPTION = "A light background: black and dark blue text, a formula, translucent dark shapes and a curve on white."

    def construct(self):
        self.camera.background_color = WHITE
        heading = title("Growth of a circle", color=BLACK)
        circle = Circle(radius=1.0, color=DARK_BLUE, fill_opacity=0.4).shift(LEFT * 3.5 + DOWN * 0.3)
        radius = Line(circle.get_center(), circle.get_right(), color=BLACK)
        r_label = MathTex("r", color=BLACK).next_to(radius, UP, buff=0.1)
        formula = MathTex(r"A = \pi r^2", color=DARK_BLUE, font_size=60).shift(RIGHT * 2.5 + UP * 0.8)
        ax = Axes(x_range=[0, 2, 0.5], y_range=[0, 13, 4], x_length=4, y_length=2.4, tips=False, axis_config={"color": BLACK}).shift(RIGHT * 2.5 + DOWN * 1.9)
        curve = ax.plot(lambda r: PI * r ** 2, color=MAROON)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(circle), Create(radius), Write(r_label))
        self.play(Write(formula))
        self.play(Create(ax), Create(curve))
        self.play(circle.animate.scale(1.4), radius.animate.scale(1.4, about_point=circle.get_center()), r_label.animate.shift(RIGHT * 0.2 + UP * 0.15), run_time=1.5)
        self.play(Circumscribe(formula, color=MAROON))
        self.wait(0.5)


class CleanSummary(Labelled, Scene):
    NAME = "clean-summary"
    DESCRIPTION = "A dense but well laid out final summary: a title, six bullet points in a column, three boxed key formulas beside them and a closing line."

    def construct(self):
        heading = title("Summary")
        points = VGroup(*[
            Text(s, font_size=26) for s in [
                "1. Right triangles: legs a, b",
                "2. Hypotenuse c is the longest side",
                "3. Squares on the sides add up",
                "4. Converse: test any triangle",
                "5. Distance between two points",
                "6. Works in any dimension",
            ]
        ]).arrange(DOWN, aligned_edge=LEFT, buff=0.36).to_edge(LEFT, buff=0.9).shift(DOWN * 0.2)
        formulas = VGroup(
            MathTex(r"a^2 + b^2 = c^2", font_size=40),
            MathTex(r"c = \sqrt{a^2 + b^2}", font_size=40),
            MathTex(r"d = \sqrt{\Delta x^2 + \Delta y^2}", font_size=40),
        ).arrange(DOWN, buff=0.7).to_edge(RIGHT, buff=1.0).shift(DOWN * 0.2)
        boxes = VGroup(*[SurroundingRectangle(f, color=BLUE, buff=0.18) for f in formulas])
        closing = Text("Next: the law of cosines", font_size=28, color=GRAY_B).to_edge(DOWN, buff=0.5)
        self.play(Write(heading))
        self.play(LaggedStart(*[FadeIn(p, shift=RIGHT * 0.3) for p in points], lag_ratio=0.3), run_time=2.5)
        self.play(LaggedStart(*[Write(f) for f in formulas], lag_ratio=0.4), run_time=2)
        self.play(Create(boxes))
        self.play(points[2].animate.set_color(YELLOW), boxes[0].animate.set_color(YELLOW))
        self.play(FadeIn(closing, shift=UP * 0.2))
        self.wait(0.8)


class CleanMovingAngle(Labelled, Scene):
    NAME = "clean-moving-angle"
    DESCRIPTION = "Updaters: the gallery's MovingAngle, an angle and its theta label follow a rotating line."

    def construct(self):
        rotation_center = LEFT
        theta_tracker = ValueTracker(110)
        line1 = Line(LEFT, RIGHT)
        line_moving = Line(LEFT, RIGHT)
        line_ref = line_moving.copy()
        line_moving.rotate(theta_tracker.get_value() * DEGREES, about_point=rotation_center)
        a = Angle(line1, line_moving, radius=0.5, other_angle=False)
        tex = MathTex(r"\theta").move_to(Angle(line1, line_moving, radius=0.5 + 3 * SMALL_BUFF, other_angle=False).point_from_proportion(0.5))
        self.add(line1, line_moving, a, tex)
        self.wait(0.5)
        line_moving.add_updater(lambda x: x.become(line_ref.copy()).rotate(theta_tracker.get_value() * DEGREES, about_point=rotation_center))
        a.add_updater(lambda x: x.become(Angle(line1, line_moving, radius=0.5, other_angle=False)))
        tex.add_updater(lambda x: x.move_to(Angle(line1, line_moving, radius=0.5 + 3 * SMALL_BUFF, other_angle=False).point_from_proportion(0.5)))
        self.play(theta_tracker.animate.set_value(40))
        self.play(theta_tracker.animate.increment_value(140))
        self.play(tex.animate.set_color(RED), run_time=0.5)
        self.play(theta_tracker.animate.set_value(350))
        self.play(theta_tracker.animate.set_value(110), run_time=1.5)


class CleanMatrixProduct(Labelled, Scene):
    NAME = "clean-matrix-product"
    DESCRIPTION = "Formulas: a 2x2 matrix product, a highlight box moving over a row and a column, entries of the result appearing."

    def construct(self):
        heading = title("Row times column")
        m1 = Matrix([[1, 2], [3, 4]])
        m2 = Matrix([[5, 6], [7, 8]])
        eq = MathTex("=")
        result = Matrix([[19, 22], [43, 50]])
        group = VGroup(m1, m2, eq, result).arrange(RIGHT, buff=0.4).shift(DOWN * 0.3)
        entries = result.get_entries()
        for e in entries:
            e.set_opacity(0)
        self.play(Write(heading))
        self.play(FadeIn(m1), FadeIn(m2), FadeIn(eq), FadeIn(result.get_brackets()))
        row = SurroundingRectangle(m1.get_rows()[0], color=YELLOW, buff=0.15)
        col = SurroundingRectangle(m2.get_columns()[0], color=YELLOW, buff=0.15)
        self.play(Create(row), Create(col))
        for k, (r, c) in enumerate([(0, 0), (0, 1), (1, 0), (1, 1)]):
            if k > 0:
                self.play(
                    row.animate.move_to(m1.get_rows()[r]),
                    col.animate.move_to(m2.get_columns()[c]),
                    run_time=0.6,
                )
            self.play(entries[2 * r + c].animate.set_opacity(1), run_time=0.6)
        self.play(FadeOut(row), FadeOut(col))
        self.play(Circumscribe(result, color=BLUE))
        self.wait(0.5)


# ---------------------------------------------------------------------------
# Defect scenes: exactly one planted defect each
# ---------------------------------------------------------------------------


class DefectTextSlidesOffRight(Labelled, Scene):
    NAME = "defect-text-slides-off-right"
    DEFECT = "slides_off_edge"
    DESCRIPTION = "The equation slides right too far and stays cut by the right edge ('+ 2ab + b^2' is lost)."
    EXPECTED = CLIPPED
    WHERE = "right edge"

    def construct(self):
        heading = title("Expanding a square")
        eq = MathTex(r"(a+b)^2 = a^2 + 2ab + b^2", font_size=56)
        self.play(Write(heading))
        self.play(Write(eq), run_time=1.5)
        self.wait(0.5)
        # Linear, split at the moment its right end reaches the frame edge.
        speed = 2.0
        to_edge_dist = config.frame_x_radius - eq.get_right()[0]
        self.play(eq.animate.shift(RIGHT * to_edge_dist), run_time=to_edge_dist / speed, rate_func=linear)
        self.mark("start")
        self.play(eq.animate.shift(RIGHT * 2.5), run_time=2.5 / speed, rate_func=linear)
        self.play(Indicate(heading), run_time=1.0)
        self.wait(2.0)


class DefectShapeFallsOffBottom(Labelled, Scene):
    NAME = "defect-shape-falls-off-bottom"
    DEFECT = "slides_off_edge"
    DESCRIPTION = "A square drops down through the bottom edge and leaves the frame while the circle beside it stays."
    EXPECTED = CLIPPED
    WHERE = "bottom edge"

    def construct(self):
        heading = title("Two shapes")
        square = Square(side_length=2, color=BLUE, fill_opacity=0.6).shift(LEFT * 2.5 + DOWN * 0.3)
        circle = Circle(radius=1, color=RED, fill_opacity=0.6).shift(RIGHT * 2.5 + DOWN * 0.3)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(square), DrawBorderThenFill(circle))
        speed = 1.5
        to_edge_dist = square.get_bottom()[1] + config.frame_y_radius
        self.play(square.animate.shift(DOWN * to_edge_dist), circle.animate.rotate(PI / 4), run_time=to_edge_dist / speed, rate_func=linear)
        self.mark("start")
        self.play(square.animate.shift(DOWN * 2.0), run_time=2.0 / speed, rate_func=linear)
        self.mark("end")
        self.remove(square)
        self.play(circle.animate.set_color(YELLOW), run_time=1.0)
        self.play(circle.animate.shift(LEFT * 2.5), run_time=1.5)
        self.wait(0.5)


class DefectCameraPanCutsTitle(Labelled, MovingCameraScene):
    NAME = "defect-camera-pan-cuts-title"
    DEFECT = "slides_off_edge"
    DESCRIPTION = "The camera pans right to the second diagram and leaves the title cut by the left edge (only 'shapes' remains)."
    EXPECTED = CLIPPED
    WHERE = "left edge"

    def construct(self):
        heading = Text("Areas of shapes", font_size=40).to_edge(UP, buff=0.5).shift(LEFT * 1.5)
        square = Square(side_length=2.2, color=BLUE, fill_opacity=0.5).shift(LEFT * 2.5 + DOWN * 0.5)
        s_label = MathTex("A = s^2").next_to(square, DOWN)
        circle = Circle(radius=1.2, color=GREEN, fill_opacity=0.5).shift(RIGHT * 5.0 + DOWN * 0.5)
        c_label = MathTex(r"A = \pi r^2").next_to(circle, DOWN)
        self.add(circle, c_label)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(square), Write(s_label))
        self.wait(0.5)
        self.play(FadeOut(square), FadeOut(s_label), run_time=0.6)
        # Pan right at constant speed, split where the title's left end meets the frame's left edge.
        frame = self.camera.frame
        speed = 2.5
        first = heading.get_left()[0] - (frame.get_center()[0] - config.frame_x_radius)
        self.play(frame.animate.shift(RIGHT * first), run_time=first / speed, rate_func=linear)
        self.mark("start")
        self.play(frame.animate.shift(RIGHT * (5.5 - first)), run_time=(5.5 - first) / speed, rate_func=linear)
        self.play(Indicate(c_label))
        self.play(circle.animate.scale(1.2), run_time=1.0)
        self.wait(0.5)


class DefectTitleCutTop(Labelled, Scene):
    NAME = "defect-title-cut-top"
    DEFECT = "partly_outside_from_start"
    DESCRIPTION = "The title is placed too high (to_edge with a negative buffer): its top is cut by the top edge for the whole video."
    EXPECTED = CLIPPED
    WHERE = "top edge"

    def construct(self):
        heading = Text("Transformations", font_size=48).to_edge(UP, buff=-0.25)
        shape = Square(side_length=2.4, color=BLUE, fill_opacity=0.6)
        self.add(heading)
        self.mark("start")
        self.play(DrawBorderThenFill(shape))
        self.play(Transform(shape, Circle(radius=1.3, color=RED, fill_opacity=0.6)), run_time=1.5)
        self.play(shape.animate.shift(LEFT * 2.5), run_time=1.0)
        self.play(Transform(shape, Triangle(color=GREEN, fill_opacity=0.6).scale(1.5).shift(LEFT * 2.5)), run_time=1.5)
        self.play(shape.animate.shift(RIGHT * 5), run_time=1.5)
        self.wait(0.5)


class DefectEquationTooWide(Labelled, Scene):
    NAME = "defect-equation-too-wide"
    DEFECT = "partly_outside_from_start"
    DESCRIPTION = "A long expansion is wider than the frame: both its ends are cut by the left and right edges as soon as it appears."
    EXPECTED = CLIPPED
    WHERE = "left and right edges"

    def construct(self):
        heading = title("Binomial expansion")
        eq = MathTex(r"(x+y)^5 = x^5 + 5x^4y + 10x^3y^2 + 10x^2y^3 + 5xy^4 + y^5", font_size=68)
        note = Text("coefficients from Pascal's triangle", font_size=28, color=GRAY_B).next_to(eq, DOWN, buff=0.8)
        self.play(Write(heading))
        self.mark("start", after=0.15)
        self.play(FadeIn(eq), run_time=0.3)
        self.play(FadeIn(note, shift=UP * 0.2))
        self.play(Indicate(note), run_time=1.0)
        self.play(note.animate.set_color(YELLOW), run_time=1.0)
        self.wait(1.5)


class DefectCircleCutRight(Labelled, Scene):
    NAME = "defect-circle-cut-right"
    DEFECT = "partly_outside_from_start"
    DESCRIPTION = "A large circle is placed so that its right third is outside the frame from the first frame on."
    EXPECTED = CLIPPED
    WHERE = "right edge"

    def construct(self):
        heading = title("The unit circle").shift(LEFT * 3)
        circle = Circle(radius=2.4, color=BLUE).move_to(RIGHT * 5.8 + DOWN * 0.4)
        dot = Dot(circle.point_at_angle(PI * 0.75), color=YELLOW)
        radius = Line(circle.get_center(), dot.get_center(), color=YELLOW)
        formula = MathTex(r"x^2 + y^2 = 1", font_size=56).shift(LEFT * 3.5 + DOWN * 0.4)
        self.add(heading, circle)
        self.mark("start")
        self.play(Write(formula))
        self.play(Create(radius), FadeIn(dot))
        self.play(Rotate(radius, angle=PI / 2, about_point=circle.get_center()), MoveAlongPath(dot, Arc(radius=2.4, start_angle=PI * 0.75, angle=PI / 2, arc_center=circle.get_center())), run_time=2)
        self.play(Indicate(formula))
        self.wait(1)


class DefectLabelsOverlap(Labelled, Scene):
    NAME = "defect-labels-overlap"
    DEFECT = "labels_overlap"
    DESCRIPTION = "Two point labels are both placed above points that are close together, so the second label is drawn across the first."
    EXPECTED = OVERLAP
    WHERE = "centre"

    def construct(self):
        heading = title("Two nearby points")
        plane = Axes(x_range=[0, 6], y_range=[0, 4], x_length=8, y_length=4.5, tips=False).shift(DOWN * 0.5)
        p = Dot(plane.c2p(2.5, 2), color=BLUE)
        q = Dot(plane.c2p(3.1, 2.1), color=RED)
        lp = MathTex(r"P = (2.5,\ 2.0)", font_size=40, color=BLUE).next_to(p, UP, buff=0.25)
        lq = MathTex(r"Q = (3.1,\ 2.1)", font_size=40, color=RED).next_to(q, UP, buff=0.25)
        self.play(Write(heading), Create(plane))
        self.play(FadeIn(p, scale=2), Write(lp))
        self.mark("start", after=0.3)
        self.play(FadeIn(q, scale=2), FadeIn(lq), run_time=0.6)
        self.play(Flash(q, color=RED))
        self.play(p.animate.scale(1.5), q.animate.scale(1.5), run_time=1.0)
        self.play(p.animate.scale(1 / 1.5), q.animate.scale(1 / 1.5), run_time=1.0)
        self.wait(1)


class DefectFormulaOverFormula(Labelled, Scene):
    NAME = "defect-formula-over-formula"
    DEFECT = "labels_overlap"
    DESCRIPTION = "The next step of a derivation is written at the same place without removing the previous one: two formulas drawn over each other."
    EXPECTED = OVERLAP
    WHERE = "centre"

    def construct(self):
        heading = title("Solving for x")
        eq1 = MathTex(r"2x + 3 = 11", font_size=64)
        eq2 = MathTex(r"x = \frac{11 - 3}{2}", font_size=64)
        self.play(Write(heading))
        self.play(Write(eq1))
        self.wait(0.5)
        self.mark("start", after=0.5)
        self.play(Write(eq2), run_time=1.0)
        result = MathTex(r"x = 4", font_size=56, color=YELLOW).next_to(eq1, DOWN, buff=1.2)
        self.play(FadeIn(result, shift=UP * 0.3))
        self.play(Indicate(result))
        self.wait(1.5)


class DefectLabelOverCurve(Labelled, Scene):
    NAME = "defect-label-over-curve"
    DEFECT = "label_over_graph"
    DESCRIPTION = "The graph's label is placed on the curve itself, so the parabola runs through the text."
    EXPECTED = OVERLAP
    WHERE = "upper right of the graph"

    def construct(self):
        ax = Axes(x_range=[-3, 3], y_range=[0, 9, 3], x_length=7, y_length=5.5, tips=False).shift(DOWN * 0.4)
        curve = ax.plot(lambda x: x ** 2, x_range=[-3, 3], color=BLUE)
        label = MathTex(r"f(x) = x^2", font_size=48).move_to(ax.c2p(2.1, 4.41))
        dot = Dot(ax.c2p(-2, 4), color=YELLOW)
        self.play(Create(ax))
        self.play(Create(curve))
        self.mark("start", after=0.4)
        self.play(Write(label), run_time=0.8)
        self.play(FadeIn(dot))
        self.play(MoveAlongPath(dot, ax.plot(lambda x: x ** 2, x_range=[-2, 0])), run_time=1.5)
        self.play(dot.animate.scale(1.5), run_time=0.8)
        self.wait(1)


class DefectLabelOverShape(Labelled, Scene):
    NAME = "defect-label-over-shape"
    DEFECT = "label_over_shape"
    DESCRIPTION = "The side label 'hypotenuse' is placed on the triangle's slanted side: the edge crosses the word."
    EXPECTED = OVERLAP
    WHERE = "centre"

    def construct(self):
        heading = title("A right triangle")
        a, b, c = np.array([-3, -2, 0]), np.array([3, -2, 0]), np.array([-3, 1.6, 0])
        tri = Polygon(a, b, c, color=BLUE, fill_opacity=0.3)
        leg_a = MathTex("a").next_to(Line(a, c), LEFT)
        leg_b = MathTex("b").next_to(Line(a, b), DOWN)
        hyp = Text("hypotenuse", font_size=36).move_to((b + c) / 2)
        self.play(Write(heading))
        self.play(DrawBorderThenFill(tri))
        self.play(Write(leg_a), Write(leg_b))
        self.mark("start", after=0.3)
        self.play(FadeIn(hyp), run_time=0.6)
        self.play(Indicate(leg_a), Indicate(leg_b))
        self.play(tri.animate.set_fill(opacity=0.5), run_time=1.0)
        self.play(tri.animate.set_fill(opacity=0.3), run_time=1.0)
        self.wait(1)


class DefectTinyText(Labelled, Scene):
    NAME = "defect-tiny-text"
    DEFECT = "text_too_small"
    DESCRIPTION = "The explanation under the diagram is set at font size 10 (6 px capitals at 480p): unreadable."
    EXPECTED = TINY
    WHERE = "bottom"

    def construct(self):
        heading = title("Thales' theorem")
        circle = Circle(radius=1.8, color=BLUE).shift(UP * 0.1)
        a, b = circle.point_at_angle(PI), circle.point_at_angle(0)
        c = circle.point_at_angle(PI * 0.35)
        tri = Polygon(a, b, c, color=YELLOW)
        note = Text(
            "Any triangle inscribed in a semicircle, with the diameter as one side, has a right angle opposite the diameter.",
            font_size=10,
        ).next_to(circle, DOWN, buff=0.5)
        self.play(Write(heading), Create(circle))
        self.play(Create(tri))
        self.mark("start", after=0.3)
        self.play(FadeIn(note), run_time=0.6)
        moved = circle.point_at_angle(PI * 0.7)
        self.play(Transform(tri, Polygon(a, b, moved, color=YELLOW)), run_time=1.5)
        self.play(Transform(tri, Polygon(a, b, c, color=YELLOW)), run_time=1.5)
        self.wait(1)


class DefectTinyAxisLabels(Labelled, Scene):
    NAME = "defect-tiny-axis-labels"
    DEFECT = "text_too_small"
    DESCRIPTION = "Axis numbers at font size 12 (5 px digits at 480p), axis names and the graph's formula at 14: too small to read."
    EXPECTED = TINY
    WHERE = "around the axes"

    def construct(self):
        ax = Axes(
            x_range=[0, 10, 1], y_range=[0, 100, 20], x_length=9, y_length=5.5, tips=False,
            axis_config={"font_size": 12, "include_numbers": True},
        ).shift(DOWN * 0.2)
        names = ax.get_axis_labels(MathTex("t", font_size=14), MathTex("v(t)", font_size=14))
        curve = ax.plot(lambda t: t ** 2, x_range=[0, 10], color=YELLOW)
        formula = MathTex(r"v(t) = t^2 \text{ m/s}", font_size=14).move_to(ax.c2p(3, 70))
        self.add(ax, names)
        self.mark("start")
        self.play(Create(curve), run_time=2.0)
        self.play(Write(formula))
        dot = Dot(ax.c2p(0, 0), color=RED)
        self.play(MoveAlongPath(dot, curve), run_time=2.0)
        self.wait(0.8)


class DefectLowContrastGrey(Labelled, Scene):
    NAME = "defect-low-contrast-grey"
    DEFECT = "low_contrast_text"
    DESCRIPTION = "Title and formulas in dark grey (#333333) on Manim's black background: about 1.7:1."
    EXPECTED = LOW_CONTRAST
    WHERE = "all text"

    def construct(self):
        grey = "#333333"
        heading = title("Difference of squares", color=grey)
        eq1 = MathTex(r"a^2 - b^2", font_size=64, color=grey)
        eq2 = MathTex(r"(a - b)(a + b)", font_size=64, color=grey).next_to(eq1, DOWN, buff=0.8)
        self.mark("start", after=0.3)
        self.play(FadeIn(heading), run_time=0.6)
        self.play(Write(eq1))
        self.play(Write(eq2))
        self.play(eq1.animate.shift(LEFT * 2), eq2.animate.shift(RIGHT * 2), run_time=1.2)
        self.play(eq1.animate.shift(RIGHT * 2), eq2.animate.shift(LEFT * 2), run_time=1.2)
        self.wait(0.8)


class DefectLowContrastYellowOnWhite(Labelled, Scene):
    NAME = "defect-low-contrast-yellow-on-white"
    DEFECT = "low_contrast_text"
    DESCRIPTION = "Light yellow text and formula (#FFF1B6) on a white background: about 1.1:1."
    EXPECTED = LOW_CONTRAST
    WHERE = "all text"

    def construct(self):
        self.camera.background_color = WHITE
        pale = YELLOW_A
        heading = title("Slope of a line", color=pale)
        formula = MathTex(r"m = \frac{y_2 - y_1}{x_2 - x_1}", font_size=64, color=pale).shift(UP * 0.3)
        line = Line(LEFT * 3 + DOWN * 2.5, RIGHT * 3 + DOWN * 1.2, color=DARK_BLUE, stroke_width=6)
        self.mark("start", after=0.3)
        self.play(Create(line), FadeIn(heading), run_time=0.6)
        self.play(Write(formula))
        self.play(Rotate(line, angle=PI / 10), run_time=1.2)
        self.play(Rotate(line, angle=-PI / 5), run_time=1.2)
        self.play(Indicate(formula, color=YELLOW_B))
        self.wait(0.8)


class DefectLowContrastOneLine(Labelled, Scene):
    NAME = "defect-low-contrast-one-line"
    DEFECT = "low_contrast_text"
    DESCRIPTION = "Title and formula are white, but the explanation line is dark navy (#1F2A44) on black: about 1.5:1, among high-contrast text."
    EXPECTED = LOW_CONTRAST
    WHERE = "the line under the formula"

    def construct(self):
        heading = title("Euler's identity")
        eq = MathTex(r"e^{i\pi} + 1 = 0", font_size=72)
        note = Text("five constants in one equation", font_size=34, color="#1F2A44").next_to(eq, DOWN, buff=0.8)
        self.play(Write(heading))
        self.play(Write(eq))
        self.mark("start", after=0.3)
        self.play(FadeIn(note), run_time=0.6)
        self.play(Circumscribe(eq, color=BLUE))
        self.play(eq.animate.scale(1.1), run_time=0.8)
        self.play(eq.animate.scale(1 / 1.1), run_time=0.8)
        self.wait(1)


class DefectClutterLabels(Labelled, Scene):
    NAME = "defect-clutter-labels"
    DEFECT = "clutter"
    DESCRIPTION = "A scatter of 36 points, each with its own value label, all on screen at once: readable one by one, too many to follow."
    EXPECTED = CLUTTER
    WHERE = "whole frame"

    def construct(self):
        heading = Text("Measurements", font_size=36).to_edge(UP, buff=0.4)
        rng = np.random.default_rng(7)
        items = VGroup()
        for row in range(6):
            for col in range(6):
                x = -6.0 + col * 2.1 + rng.uniform(-0.2, 0.2)
                y = 2.2 - row * 0.95 + rng.uniform(-0.1, 0.1)
                value = rng.integers(10, 99)
                dot = Dot([x, y, 0], radius=0.06, color=[BLUE, GREEN, YELLOW, RED][(row + col) % 4])
                label = Text(f"s{row * 6 + col + 1}={value}", font_size=22).next_to(dot, RIGHT, buff=0.1)
                items.add(VGroup(dot, label))
        self.play(FadeIn(heading))
        self.mark("start", after=0.5)
        self.play(LaggedStart(*[FadeIn(i) for i in items], lag_ratio=0.05), run_time=1.0)
        self.play(Indicate(items[14]), run_time=1.0)
        self.play(items[20][0].animate.scale(2), run_time=1.0)
        self.play(items[20][0].animate.scale(0.5), run_time=1.0)
        self.wait(1)


class DefectClutterFormulas(Labelled, Scene):
    NAME = "defect-clutter-formulas"
    DEFECT = "clutter"
    DESCRIPTION = "Thirty formulas of mixed sizes and colours are scattered over the whole frame at once, none overlapping: no order, nothing to read first."
    EXPECTED = CLUTTER
    WHERE = "whole frame"

    def construct(self):
        texts = [
            r"a^2+b^2=c^2", r"\sin^2 x+\cos^2 x=1", r"e^{i\pi}=-1", r"\int x\,dx", r"\frac{d}{dx}x^n", r"\sum_{k=1}^n k",
            r"\sqrt{2}", r"\log_2 8=3", r"n!", r"\binom{n}{k}", r"\pi r^2", r"\cos 2x",
            r"\lim_{x\to0}\frac{\sin x}{x}", r"f(g(x))", r"x^{-1}", r"\nabla f", r"\det A", r"\vec u\cdot\vec v",
            r"2^{10}=1024", r"\tan x", r"\phi=1.618", r"e^x", r"\ln(ab)", r"|z|^2=z\bar z",
            r"F=ma", r"E=mc^2", r"\Delta x", r"y=mx+b", r"V=\tfrac43\pi r^3", r"P(A\cap B)",
        ]
        rng = np.random.default_rng(3)
        colours = [WHITE, BLUE, YELLOW, GREEN, RED, TEAL, ORANGE, PINK]
        placed = VGroup()
        for i, t in enumerate(texts):
            mob = MathTex(t, font_size=int(rng.choice([30, 36, 42, 48])), color=colours[i % len(colours)])
            # Rejection sampling: inside the frame with a margin, apart from everything already placed.
            for _ in range(2000):
                mob.move_to([rng.uniform(-6.4, 6.4), rng.uniform(-3.4, 3.4), 0])
                inside = mob.get_left()[0] > -6.6 and mob.get_right()[0] < 6.6 and mob.get_bottom()[1] > -3.6 and mob.get_top()[1] < 3.6
                apart = all(
                    mob.get_left()[0] > o.get_right()[0] + 0.2 or mob.get_right()[0] < o.get_left()[0] - 0.2
                    or mob.get_bottom()[1] > o.get_top()[1] + 0.15 or mob.get_top()[1] < o.get_bottom()[1] - 0.15
                    for o in placed
                )
                if inside and apart:
                    break
            else:
                raise RuntimeError(f"no room for {t}")
            placed.add(mob)
        self.mark("start", after=0.6)
        self.play(LaggedStart(*[FadeIn(m, scale=0.8) for m in placed], lag_ratio=0.05), run_time=1.2)
        self.play(Indicate(placed[7]), run_time=1.0)
        self.play(Indicate(placed[15]), run_time=1.0)
        self.play(placed[0].animate.set_color(YELLOW), run_time=0.8)
        self.wait(1)


class DefectBlankMiddle(Labelled, Scene):
    NAME = "defect-blank-middle"
    DEFECT = "blank_stretch"
    DESCRIPTION = "Everything fades out and the screen stays empty (plain background) for 3 s before the second part starts."
    EXPECTED = BLANK
    WHERE = "whole frame"

    def construct(self):
        heading = title("Part 1: the circle")
        circle = Circle(radius=1.5, color=BLUE, fill_opacity=0.5)
        self.play(Write(heading), DrawBorderThenFill(circle))
        self.play(circle.animate.scale(0.7), run_time=0.8)
        self.play(FadeOut(heading), FadeOut(circle), run_time=0.6)
        self.mark("start")
        self.wait(3)
        self.mark("end")
        heading2 = title("Part 2: the square")
        square = Square(side_length=2.5, color=GREEN, fill_opacity=0.5)
        self.play(FadeIn(heading2), DrawBorderThenFill(square))
        self.play(Rotate(square, PI / 4))
        self.wait(0.5)


class DefectBlankStart(Labelled, Scene):
    NAME = "defect-blank-start"
    DEFECT = "blank_stretch"
    DESCRIPTION = "The video opens on 3 s of empty background (a wait before the first animation)."
    EXPECTED = BLANK
    WHERE = "whole frame"

    def construct(self):
        self.mark("start")
        self.wait(3)
        self.mark("end")
        heading = title("Powers of two")
        eq = MathTex(r"2^0, 2^1, 2^2, 2^3, \ldots", font_size=60)
        values = MathTex(r"1, 2, 4, 8, \ldots", font_size=60, color=YELLOW).next_to(eq, DOWN, buff=0.7)
        self.play(Write(heading))
        self.play(Write(eq))
        self.play(TransformFromCopy(eq, values), run_time=1.2)
        self.wait(0.8)


class DefectStaticHold(Labelled, Scene):
    NAME = "defect-static-hold"
    DEFECT = "long_static_hold"
    DESCRIPTION = "After a short build the picture holds, completely unchanged, for 12 s before the last step."
    EXPECTED = STATIC
    WHERE = "whole frame"

    def construct(self):
        heading = title("Sum of the first n integers")
        eq = MathTex(r"1 + 2 + \cdots + n = \frac{n(n+1)}{2}", font_size=60)
        self.play(Write(heading))
        self.play(Write(eq), run_time=1.5)
        self.mark("start")
        self.wait(12)
        self.mark("end")
        self.play(Circumscribe(eq, color=YELLOW))
        self.wait(0.3)


class DefectStaticEnd(Labelled, Scene):
    NAME = "defect-static-end"
    DEFECT = "long_static_hold"
    DESCRIPTION = "The proof finishes and the last frame is held unchanged for 10 s (a long final wait)."
    EXPECTED = STATIC
    WHERE = "whole frame"

    def construct(self):
        heading = title("Odd numbers add up to squares")
        eq = MathTex(r"1 + 3 + 5 + \cdots + (2n-1) = n^2", font_size=56).shift(UP * 1.2)
        squares = VGroup(*[Square(side_length=0.5, color=BLUE, fill_opacity=0.6) for _ in range(16)]).arrange_in_grid(4, 4, buff=0.05).shift(DOWN * 1.6)
        self.play(Write(heading))
        self.play(Write(eq), run_time=1.5)
        self.play(LaggedStart(*[FadeIn(sq, scale=0.5) for sq in squares], lag_ratio=0.1), run_time=2.0)
        self.play(Circumscribe(eq, color=YELLOW))
        self.mark("start")
        self.wait(10)


class DefectFastCuts(Labelled, Scene):
    NAME = "defect-fast-cuts"
    DEFECT = "fast_cuts"
    DESCRIPTION = "Twelve different slides cut in hard, one every 0.67 s: too fast to read any of them."
    EXPECTED = PACING
    WHERE = "whole frame"

    def construct(self):
        slides = [
            ("Limits", r"\lim_{x\to 0}\frac{\sin x}{x} = 1", BLUE),
            ("Derivatives", r"\frac{d}{dx}x^n = nx^{n-1}", GREEN),
            ("Integrals", r"\int_0^1 x^2\,dx = \frac13", YELLOW),
            ("Series", r"\sum_{n=0}^{\infty}\frac{1}{2^n} = 2", RED),
            ("Exponentials", r"e^{a+b} = e^a e^b", PURPLE),
            ("Logarithms", r"\ln(ab) = \ln a + \ln b", TEAL),
            ("Trigonometry", r"\sin^2x + \cos^2x = 1", ORANGE),
            ("Vectors", r"\vec u\cdot\vec v = |u||v|\cos\theta", PINK),
            ("Matrices", r"\det(AB) = \det A\,\det B", BLUE),
            ("Complex numbers", r"|z|^2 = z\bar z", GREEN),
            ("Probability", r"P(A\cup B) \le P(A)+P(B)", YELLOW),
            ("Combinatorics", r"\binom{n}{k} = \frac{n!}{k!(n-k)!}", RED),
        ]
        for i, (name, tex, colour) in enumerate(slides):
            self.clear()
            shape = [Square(side_length=1.6), Circle(radius=0.9), Triangle().scale(1.1)][i % 3].set_fill(colour, opacity=0.6).set_stroke(colour)
            shape.shift(DOWN * 1.8 + (LEFT if i % 2 else RIGHT) * 3.5)
            self.add(title(name, color=colour), MathTex(tex, font_size=56).shift(UP * 0.2), shape)
            if i == 1:
                self.mark("start")
            self.wait(0.667)
        self.mark("end")
        self.play(self.mobjects[2].animate.shift(UP * 0.5), run_time=0.8)
        self.wait(0.4)


def _blinker(mob, on_colour, off_colour, frames_on, frames_off):
    """Updater alternating a mobject's fill between two colours, frame by frame."""
    state = {"frame": 0}

    def update(m, dt):
        if dt == 0:
            return
        period = frames_on + frames_off
        m.set_fill(on_colour if state["frame"] % period < frames_on else off_colour, opacity=1)
        state["frame"] += 1

    mob.add_updater(update)


class DefectFlashingFullFrame(Labelled, Scene):
    NAME = "defect-flashing-full-frame"
    DEFECT = "flashing"
    DESCRIPTION = "For 2 s the whole frame alternates between white and black every frame (7.5 flashes a second)."
    EXPECTED = FLASHING
    WHERE = "whole frame"

    def construct(self):
        heading = title("Attention!")
        eq = MathTex(r"F = ma", font_size=72)
        self.play(Write(heading), Write(eq))
        self.wait(0.5)
        flash = FullScreenRectangle(stroke_width=0).set_fill(WHITE, opacity=1)
        _blinker(flash, WHITE, BLACK, 1, 1)
        self.add(flash)
        self.mark("start")
        self.wait(2)
        self.mark("end")
        self.remove(flash)
        self.play(eq.animate.scale(1.3).set_color(YELLOW))
        self.play(eq.animate.scale(1 / 1.3))
        self.wait(0.5)


class DefectFlashingLargeShape(Labelled, Scene):
    NAME = "defect-flashing-large-shape"
    DEFECT = "flashing"
    DESCRIPTION = "The panel behind a bar chart (about 45% of the frame) blinks between bright yellow and black five times a second for 2.4 s."
    EXPECTED = FLASHING
    WHERE = "lower half"

    def construct(self):
        heading = title("Sum of squares")
        eq = MathTex(r"\sum_{k=1}^{n} k^2 = \frac{n(n+1)(2n+1)}{6}", font_size=48).shift(UP * 1.7)
        panel = Rectangle(width=12, height=4.2, stroke_width=0).set_fill(BLACK, opacity=1).shift(DOWN * 1.6)
        bars = VGroup(*[
            Rectangle(width=0.8, height=0.13 * k * k, color=BLUE, fill_opacity=0.8) for k in range(1, 6)
        ]).arrange(RIGHT, buff=0.4, aligned_edge=DOWN).move_to(panel).align_to(panel, DOWN).shift(UP * 0.3)
        self.play(Write(heading))
        self.add(panel)
        self.play(Write(eq))
        self.play(LaggedStart(*[GrowFromEdge(b, DOWN) for b in bars], lag_ratio=0.2), run_time=1.2)
        _blinker(panel, YELLOW, BLACK, 2, 1)
        self.mark("start")
        self.wait(2.4)
        self.mark("end")
        panel.clear_updaters()
        panel.set_fill(BLACK, opacity=1)
        self.play(Circumscribe(eq, color=YELLOW))
        self.wait(0.8)
