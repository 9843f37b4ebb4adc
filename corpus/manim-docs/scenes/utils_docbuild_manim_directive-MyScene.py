from manim import *

class MyScene(Scene):
    def construct(self):
        ...
