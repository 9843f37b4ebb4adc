from manim import *

class TangentialArcCorners(Scene):
    def construct(self):
        # Create two intersecting lines
        line1 = DashedLine(start=3 * LEFT, end=3 * RIGHT, color=GREY)
        line2 = DashedLine(start=3 * UP, end=3 * DOWN, color=GREY)

        # All four corner configurations with different colors
        arc_pp = TangentialArc(line1, line2, radius=1.5, corner=(1, 1), color=RED)
        arc_pn = TangentialArc(line1, line2, radius=1.5, corner=(1, -1), color=GREEN)
        arc_np = TangentialArc(line1, line2, radius=1.5, corner=(-1, 1), color=BLUE)
        arc_nn = TangentialArc(line1, line2, radius=1.5, corner=(-1, -1), color=YELLOW)

        # Labels for each arc
        label_pp = Text("(1,1)", font_size=24, color=RED).next_to(arc_pp, UR, buff=0.1)
        label_pn = Text("(1,-1)", font_size=24, color=GREEN).next_to(arc_pn, DR, buff=0.1)
        label_np = Text("(-1,1)", font_size=24, color=BLUE).next_to(arc_np, UL, buff=0.1)
        label_nn = Text("(-1,-1)", font_size=24, color=YELLOW).next_to(arc_nn, DL, buff=0.1)

        self.add(line1, line2, arc_pp, arc_pn, arc_np, arc_nn)
        self.add(label_pp, label_pn, label_np, label_nn)
