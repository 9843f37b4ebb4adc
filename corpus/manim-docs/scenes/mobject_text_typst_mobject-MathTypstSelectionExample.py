from manim import *

class MathTypstSelectionExample(Scene):
    def construct(self):
        equation = MathTypst(
            "{{ a^2 + b^2 : lhs }} = {{ c^2 }}",
            font_size=72,
        )
        equation.select("lhs").set_color(BLUE)
        equation.select(0).set_color(YELLOW)
        self.add(equation)
