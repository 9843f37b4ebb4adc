from manim import *

class TypstLabelSelectionExample(Scene):
    def construct(self):
        text = Typst(
            r'''
            #box[
                *Typst* labels also work in regular markup.
            ] <headline>

            #let pick(body) = [#box(body) <picked>]
            We can highlight #pick[multiple] #pick[fragments] at once.
            ''',
            font_size=42,
        )
        text.select("headline").set_color(BLUE)
        text.select("picked").set_color(YELLOW)
        self.add(text)
