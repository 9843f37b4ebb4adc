from manim import *

class InterpolateExample(Scene):
    def construct(self):
        # No need for point alignment:
        dotL = Dot(color=DARK_GREY).to_edge(LEFT)
        dotR = Dot(color=YELLOW).scale(10).to_edge(RIGHT)
        dotMid1 = VMobject().interpolate(dotL, dotR, alpha=0.1)
        dotMid2 = VMobject().interpolate(dotL, dotR, alpha=0.25)
        dotMid3 = VMobject().interpolate(dotL, dotR, alpha=0.5)
        dotMid4 = VMobject().interpolate(dotL, dotR, alpha=0.75)
        dots = VGroup(dotL, dotR, dotMid1, dotMid2, dotMid3, dotMid4)

        # Needs point alignment:
        line = Line(ORIGIN, UP).to_edge(LEFT)
        sq = Square(color=RED, fill_opacity=1, stroke_color=BLUE).to_edge(RIGHT)
        line.align_points(sq)
        mid1 = VMobject().interpolate(line, sq, alpha=0.1)
        mid2 = VMobject().interpolate(line, sq, alpha=0.25)
        mid3 = VMobject().interpolate(line, sq, alpha=0.5)
        mid4 = VMobject().interpolate(line, sq, alpha=0.75)
        linesquares = VGroup(line, sq, mid1, mid2, mid3, mid4)

        self.add(VGroup(dots, linesquares).arrange(DOWN, buff=1))
