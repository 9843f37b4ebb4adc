from manim import *

class IntegerTableExample(Scene):
    def construct(self):
        t0 = IntegerTable(
            [[0,30,45,60,90],
            [90,60,45,30,0]],
            col_labels=[
                MathTex(r"\frac{ \sqrt{0} }{2}"),
                MathTex(r"\frac{ \sqrt{1} }{2}"),
                MathTex(r"\frac{ \sqrt{2} }{2}"),
                MathTex(r"\frac{ \sqrt{3} }{2}"),
                MathTex(r"\frac{ \sqrt{4} }{2}")],
            row_labels=[MathTex(r"\sin"), MathTex(r"\cos")],
            h_buff=1,
            element_to_mobject_config={"unit": r"^{\circ}"})
        self.add(t0)
