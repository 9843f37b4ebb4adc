"""Scenes with one layout defect each, for the scene repair's tests (test/integration/scene-repair.test.ts)."""
import random

from manim import *


class LabelOffRight(Scene):
    def construct(self):
        circle = Circle(radius=1).shift(LEFT * 2)
        label = Text("Similar triangles", font_size=40).next_to(circle, RIGHT, buff=4.5)
        self.play(Create(circle), FadeIn(label), run_time=1)
        self.wait(1)


class OverlappingFormulas(Scene):
    def construct(self):
        first = MathTex(r"a^2 + b^2 = c^2", font_size=60)
        second = MathTex(r"e^{i\pi} + 1 = 0", font_size=60).next_to(first, DOWN, buff=-0.4)
        self.play(Write(first), Write(second), run_time=1)
        self.wait(1)


class TinyText(Scene):
    def construct(self):
        note = Text("read me if you can", font_size=10)
        self.play(FadeIn(note), run_time=1)
        self.wait(1)


class DarkOnDark(Scene):
    def construct(self):
        title = Text("Dark on dark", font_size=48, color="#1E1E1E")
        self.play(FadeIn(title), run_time=1)
        self.wait(1.5)


class Leftover(Scene):
    def construct(self):
        square = Square().shift(LEFT * 2)
        caption = Text("a square", font_size=36).shift(RIGHT * 2)
        self.play(FadeIn(square), FadeIn(caption), run_time=1)
        self.wait(1)  # read; then the square goes and its caption stays behind
        self.play(FadeOut(square), run_time=1)
        self.wait(2.5)


class TextOffTheEdge(Scene):
    def construct(self):
        circle = Circle(radius=1)
        label = Text("Off the edge").shift(10 * RIGHT)
        self.add(circle, label)
        self.wait(2)


class Crowded(Scene):
    def construct(self):
        # Scattered by hand, not laid out by rule: each must be read on its own (a grid would be one structure).
        spots, pick = [], random.Random(5)
        while len(spots) < 24:
            x, y = pick.uniform(-6, 6), pick.uniform(-3.4, 3.4)
            if all(abs(x - a) > 1.3 or abs(y - b) > 0.5 for a, b in spots):
                spots.append((x, y))
        words = VGroup(*[Text(f"word {i}", font_size=20).move_to([x, y, 0]) for i, (x, y) in enumerate(spots)])
        self.add(words)
        self.wait(1.5)


class NoRoomToTheLeft(Scene):
    def construct(self):
        caption = Text("A caption that fills the left", font_size=56).to_edge(LEFT, buff=0.1)
        label = Text("cut off here", font_size=56).next_to(caption, RIGHT, buff=0.2)
        self.play(FadeIn(caption), FadeIn(label), run_time=1)
        self.wait(1)


class FlashedFormula(Scene):
    def construct(self):
        formula = MathTex(r"\int_0^1 x^2 \, dx = \frac{1}{3}")
        self.play(FadeIn(formula), run_time=1)
        self.wait(0.3)
        self.play(FadeOut(formula), run_time=1)
        self.play(Create(Circle()), run_time=1)
        self.wait(1)


class CrowdedOverlapping(Scene):
    def construct(self):
        # Twenty-eight words dropped anywhere: too many at once, several drawn over others.
        pick = random.Random(3)
        words = VGroup(*[Text(f"term {i}", font_size=26).move_to([pick.uniform(-5.5, 5.5), pick.uniform(-3, 3), 0]) for i in range(28)])
        self.play(FadeIn(words), run_time=1)
        self.wait(1.5)


class ScatteredByHand(Scene):
    def construct(self):
        # Twenty-two texts, two to a line and each its own: no one group crowds the frame, so none can be arranged.
        self.add(Text("alpha", font_size=22).move_to([-6.03, 3.02, 0]), Text("beta", font_size=22).move_to([-4.75, 2.07, 0]))
        self.add(Text("gamma", font_size=22).move_to([-2.99, 3.10, 0]), Text("delta", font_size=22).move_to([-1.26, 1.83, 0]))
        self.add(Text("epsilon", font_size=22).move_to([0.84, 3.17, 0]), Text("zeta", font_size=22).move_to([2.07, 2.02, 0]))
        self.add(Text("eta", font_size=22).move_to([4.36, 3.07, 0]), Text("theta", font_size=22).move_to([6.00, 1.83, 0]))
        self.add(Text("iota", font_size=22).move_to([-6.21, 0.47, 0]), Text("kappa", font_size=22).move_to([-4.71, -0.46, 0]))
        self.add(Text("lambda", font_size=22).move_to([-2.53, 0.86, 0]), Text("mu", font_size=22).move_to([-1.10, -0.14, 0]))
        self.add(Text("nu", font_size=22).move_to([0.48, 0.57, 0]), Text("xi", font_size=22).move_to([2.09, -0.44, 0]))
        self.add(Text("omicron", font_size=22).move_to([4.14, 0.45, 0]), Text("pi", font_size=22).move_to([5.50, -0.76, 0]))
        self.add(Text("rho", font_size=22).move_to([-6.18, -1.51, 0]), Text("sigma", font_size=22).move_to([-4.86, -2.46, 0]))
        self.add(Text("tau", font_size=22).move_to([-2.30, -1.97, 0]), Text("upsilon", font_size=22).move_to([-0.87, -3.07, 0]))
        self.add(Text("phi", font_size=22).move_to([0.42, -1.75, 0]), Text("chi", font_size=22).move_to([2.16, -3.00, 0]))
        self.wait(1.5)


class TwoHundredLabels(Scene):
    def construct(self):
        # Two hundred labels dropped anywhere in the frame, forty at a time: each drawn over others, far too many at once.
        pick = random.Random(11)
        spots = [[pick.uniform(-6, 6), pick.uniform(-3.4, 3.4), 0] for _ in range(200)]
        first = VGroup(*[Text(f"label {i}", font_size=20).move_to(spots[i]) for i in range(0, 40)])
        second = VGroup(*[Text(f"label {i}", font_size=20).move_to(spots[i]) for i in range(40, 80)])
        third = VGroup(*[Text(f"label {i}", font_size=20).move_to(spots[i]) for i in range(80, 120)])
        fourth = VGroup(*[Text(f"label {i}", font_size=20).move_to(spots[i]) for i in range(120, 160)])
        fifth = VGroup(*[Text(f"label {i}", font_size=20).move_to(spots[i]) for i in range(160, 200)])
        for batch in (first, second, third, fourth, fifth):
            self.play(FadeIn(batch), run_time=0.2)
            self.wait(0.4)
        self.wait(0.6)


class CrowdedBand(Scene):
    def construct(self):
        # Twenty-four words scattered by hand in the band a heading and a footnote leave: no room to arrange them.
        heading = Paragraph("Words of the lesson", "read them all", "before we go on", font_size=40, alignment="center").move_to(1.95 * UP)
        footnote = Paragraph("Each word is a term", "we define below", "in its own scene", font_size=40, alignment="center").move_to(1.95 * DOWN)
        spots, pick = [], random.Random(7)
        for _ in range(20000):
            x, y = pick.uniform(-6.2, 6.2), pick.uniform(-0.6, 0.6)
            if len(spots) < 24 and all(abs(x - a) > 1.1 or abs(y - b) > 0.3 for a, b in spots):
                spots.append((x, y))
        words = VGroup(*[Text(f"term {i}", font_size=18).move_to([x, y, 0]) for i, (x, y) in enumerate(spots)])
        self.add(heading, footnote)
        self.play(FadeIn(words), run_time=1)
        self.wait(1.5)
