from manim import *

class TypstTextExample(Scene):
    def construct(self):
        text = Typst(
            r"*Hello* from _Typst!_",
            font_size=72,
        )
        self.add(text)
