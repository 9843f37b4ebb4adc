from manim import *

from manim import RegularPolygon, Arrow
class MyCustomArrowTip(ArrowTip, RegularPolygon):
    def __init__(self, length=0.35, **kwargs):
        RegularPolygon.__init__(self, n=5, **kwargs)
        self.width = length
        self.stretch_to_fit_height(length)
arr = Arrow(
    np.array([-2, -2, 0]), np.array([2, 2, 0]), tip_shape=MyCustomArrowTip
)
isinstance(arr.tip, RegularPolygon)
from manim import Scene, Create
class CustomTipExample(Scene):
    def construct(self):
        self.play(Create(arr))
