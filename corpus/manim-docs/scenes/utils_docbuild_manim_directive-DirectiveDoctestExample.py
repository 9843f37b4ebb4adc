from manim import *

from manim import Create, Dot, RED, Scene
dot = Dot(color=RED)
dot.color
class DirectiveDoctestExample(Scene):
    def construct(self):
        self.play(Create(dot))
