from manim import *

class DashedVMobjectExample(Scene):
    def construct(self):
        r = 0.5

        top_row = OpenGLVGroup()  # Increasing num_dashes
        for dashes in range(2, 12):
            circ = DashedVMobject(Circle(radius=r, color=WHITE), num_dashes=dashes)
            top_row.add(circ)

        middle_row = OpenGLVGroup()  # Increasing dashed_ratio
        for ratio in np.arange(1 / 11, 1, 1 / 11):
            circ = DashedVMobject(
                Circle(radius=r, color=WHITE), dashed_ratio=ratio
            )
            middle_row.add(circ)

        sq = DashedVMobject(Square(1.5, color=RED))
        penta = DashedVMobject(RegularPolygon(5, color=BLUE))
        bottom_row = OpenGLVGroup(sq, penta)

        top_row.arrange(buff=0.4)
        middle_row.arrange()
        bottom_row.arrange(buff=1)
        everything = OpenGLVGroup(top_row, middle_row, bottom_row).arrange(DOWN, buff=1)
        self.add(everything)
