from manim import *

class CreateScene(Scene):
    def construct(self):
        self.play(Create(Square()))
