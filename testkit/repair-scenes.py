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


class TwoHundredLabels(Scene):
    def construct(self):
        # Two hundred labels dropped anywhere in the frame, forty at a time: each drawn over others, far too many at once.
        pick = random.Random(11)
        for start in range(0, 200, 40):
            batch = VGroup()
            for i in range(start, start + 40):
                label = Text(f"label {i}", font_size=20).move_to([pick.uniform(-6, 6), pick.uniform(-3.4, 3.4), 0])
                batch.add(label)
            self.play(FadeIn(batch), run_time=0.2)
            self.wait(0.4)
        self.wait(0.6)
