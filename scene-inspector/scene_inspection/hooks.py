"""Manim patched once per process: mobjects remember the lines that made and placed them, and Cairo's renderer
advances the clock as drawing would while the current recorder records instead of drawing."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from .sources import user_line
from .texts import text_types

if TYPE_CHECKING:
    from .recorder import Recorder


class Recording:
    """The recorder of the scene that runs now (one at a time): Manim's patched renderer and `become` report to it."""

    def __init__(self) -> None:
        self.recorder: Recorder | None = None


def install_line_tracking(recording: Recording) -> None:
    """Every mobject remembers the line of the scene's source that made it, and that last placed it."""
    from manim import Mobject

    original_init = Mobject.__init__

    def init(self, *args, **kwargs):
        if "_inspector_line" not in self.__dict__:
            self._inspector_file, self._inspector_line, self._inspector_called = user_line()
        original_init(self, *args, **kwargs)

    Mobject.__init__ = init
    original_become = Mobject.become

    def become(self, mobject, *args, **kwargs):
        result = original_become(self, mobject, *args, **kwargs)
        recorder = recording.recorder
        if recorder is not None and isinstance(self, text_types()) and isinstance(mobject, text_types()):
            recorder.rewritten(self, mobject)
        return result

    Mobject.become = become
    from manim import MarkupText, MathTex, Paragraph, Text

    # A text's parts (a MathTex's substrings, a Text's glyphs) know their text: a scene that writes `eq[0]`, then
    # `eq[1]`, shows one formula. A weak reference, which copying keeps as it is.
    for cls in (MathTex, Text, MarkupText, Paragraph):

        def made(self, *args, __original=cls.__init__, **kwargs):
            __original(self, *args, **kwargs)
            for part in self.submobjects:
                part._inspector_part_of = weakref.ref(self)

        cls.__init__ = made
    for method in (
        "shift",
        "move_to",
        "next_to",
        "to_edge",
        "to_corner",
        "align_to",
        "scale",
        "arrange",
        "set_x",
        "set_y",
        "rotate",
        "set_width",
        "set_height",
        "stretch_to_fit_width",
        "scale_to_fit_width",
        "scale_to_fit_height",
        "center",
        "surround",
        "match_width",
        "match_height",
    ):
        original = getattr(Mobject, method, None)
        if original is None:
            continue

        def placed(self, *args, __original=original, **kwargs):
            _, inner, called = user_line()
            line = called or inner
            if line is not None:
                self._inspector_placed = line
            return __original(self, *args, **kwargs)

        placed.__name__ = method
        setattr(Mobject, method, placed)


def install_recording(recording: Recording) -> None:
    """Cairo's renderer advances the clock as drawing would, and the current recorder records instead of drawing."""
    from manim.renderer.cairo_renderer import CairoRenderer

    original_play = CairoRenderer.play

    def add_frame(self, frame, num_frames=1):
        if not self.skip_animations:
            self.time += num_frames / self.camera.frame_rate

    def render(self, scene, time, moving_mobjects=None):
        recording.recorder.frame(scene, self)
        add_frame(self, None)

    def freeze_current_frame(self, duration):
        recording.recorder.sample(recording.recorder.scene, self)
        add_frame(self, None, int(duration * self.camera.frame_rate))

    def play(self, scene, *args, **kwargs):
        recording.recorder.begin_play(scene, self, args)
        original_play(self, scene, *args, **kwargs)
        recording.recorder.end_play(scene, self)

    def save_static_frame_data(self, scene, static_mobjects):
        self.static_image = None

    CairoRenderer.update_frame = lambda self, *args, **kwargs: None
    CairoRenderer.get_frame = lambda self: None
    CairoRenderer.scene_finished = lambda self, scene: None
    CairoRenderer.save_static_frame_data = save_static_frame_data
    CairoRenderer.add_frame = add_frame
    CairoRenderer.render = render
    CairoRenderer.freeze_current_frame = freeze_current_frame
    CairoRenderer.play = play
