from manim import *

class ExamplePartialSpheres(ThreeDScene):
    def construct(self):
        self.set_camera_orientation(phi=PI / 4)
        sphere1 = Sphere(
            center=(-3, 0, 0),
            resolution=(10, 20),
            u_range=[TAU / 4, 3 * TAU / 4],
        )
        sphere1.set_color(RED)
        self.add(sphere1)
        sphere2 = Sphere(
            center=(0, 0, 0),
            resolution=(20, 10),
            v_range=[0, TAU / 4],
        )
        sphere2.set_color(GREEN)
        self.add(sphere2)
        sphere3 = Sphere(
            center=(3, 0, 0),
            resolution=(5, 10),
            u_range=[3 * TAU / 4, TAU],
            v_range=[TAU / 4, TAU / 2],
        )
        sphere3.set_color(BLUE)
        self.add(sphere3)
