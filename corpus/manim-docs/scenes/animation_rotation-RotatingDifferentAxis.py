from manim import *

class RotatingDifferentAxis(ThreeDScene):
    def construct(self):
        axes = ThreeDAxes()
        cube = Cube()
        arrow2d = Arrow(start=[0, -1.2, 1], end=[0, 1.2, 1], color=YELLOW_E)
        cube_group = VGroup(cube,arrow2d)
        self.set_camera_orientation(gamma=0, phi=40*DEGREES, theta=40*DEGREES)
        self.add(axes, cube_group)
        play_kw = {"run_time": 1.5}
        self.play(Rotating(cube_group, PI), **play_kw)
        self.play(Rotating(cube_group, PI, axis=UP), **play_kw)
        self.play(Rotating(cube_group, 180*DEGREES, axis=RIGHT), **play_kw)
        self.wait(0.5)
