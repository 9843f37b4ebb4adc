from manim import *

class ArcExample(Scene):
    def construct(self):
        self.add(Arc(angle=PI))
