from manim import *

class DisplayMath(Scene):
    def construct(self):
        eq = MathTypst(r"sum_(k=0)^n k = (n(n+1)) / 2")
        self.add(eq)
