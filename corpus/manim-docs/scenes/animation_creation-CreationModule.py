from manim import *

from manim import ManimBanner
class CreationModule(Scene):
    def construct(self):
        s1 = Square()
        s2 = Square()
        s3 = Square()
        s4 = Square()
        VGroup(s1, s2, s3, s4).set_x(0).arrange(buff=1.9).shift(UP)
        s5 = Square()
        s6 = Square()
        s7 = Square()
        VGroup(s5, s6, s7).set_x(0).arrange(buff=2.6).shift(2 * DOWN)
        t1 = Text("Write", font_size=24).next_to(s1, UP)
        t2 = Text("AddTextLetterByLetter", font_size=24).next_to(s2, UP)
        t3 = Text("Create", font_size=24).next_to(s3, UP)
        t4 = Text("Uncreate", font_size=24).next_to(s4, UP)
        t5 = Text("DrawBorderThenFill", font_size=24).next_to(s5, UP)
        t6 = Text("ShowIncreasingSubsets", font_size=22).next_to(s6, UP)
        t7 = Text("ShowSubmobjectsOneByOne", font_size=22).next_to(s7, UP)

        self.add(s1, s2, s3, s4, s5, s6, s7, t1, t2, t3, t4, t5, t6, t7)

        texts = [Text("manim", font_size=29), Text("manim", font_size=29)]
        texts[0].move_to(s1.get_center())
        texts[1].move_to(s2.get_center())
        self.add(*texts)

        objs = [ManimBanner().scale(0.25) for _ in range(5)]
        objs[0].move_to(s3.get_center())
        objs[1].move_to(s4.get_center())
        objs[2].move_to(s5.get_center())
        objs[3].move_to(s6.get_center())
        objs[4].move_to(s7.get_center())
        self.add(*objs)

        self.play(
            # text creation
            Write(texts[0]),
            AddTextLetterByLetter(texts[1]),
            # mobject creation
            Create(objs[0]),
            Uncreate(objs[1]),
            DrawBorderThenFill(objs[2]),
            ShowIncreasingSubsets(objs[3]),
            ShowSubmobjectsOneByOne(objs[4]),
            run_time=3,
        )

        self.wait()
