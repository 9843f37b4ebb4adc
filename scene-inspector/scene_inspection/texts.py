"""What a mobject is as text: which classes are texts and highlights, what a text shows and how it is written."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from .protocol import MAX_CLASSES

if TYPE_CHECKING:
    from manim import Mobject


# What a text shows: (text, mode, file, line) of the text it was made as, or of what it was turned into.
Shows = tuple[str, str, str | None, int | None]


# Looked up once, and only when asked: importing Manim takes seconds and waits until the inspector imports it.
@cache
def text_types() -> tuple[type, ...]:
    """Mobjects that are a text as a whole: a text, a formula, a number display."""
    from manim import DecimalNumber, MarkupText, Paragraph, SingleStringMathTex, Text

    return (Text, MarkupText, Paragraph, SingleStringMathTex, DecimalNumber)


@cache
def highlight_types() -> tuple[type, ...]:
    """Shapes made to mark a target: a frame or backing around it, a brace, an underline, a cross over it, a boundary
    tracing its outline."""
    from manim import AnimatedBoundary, Brace, Cross, SurroundingRectangle, Underline

    return (SurroundingRectangle, Brace, Underline, Cross, AnimatedBoundary)


def class_names(cls: type) -> list[str]:
    """A class and its bases, nearest first (Python's method resolution order), without `object`."""
    return [c.__name__ for c in cls.__mro__ if c is not object][:MAX_CLASSES]


def part_of(mobject: Mobject) -> Mobject | None:
    """The text a mobject is a part of, while that text exists."""
    ref = getattr(mobject, "_inspector_part_of", None)
    return ref() if ref is not None else None


def family_and_texts(mobject: Mobject) -> list[Mobject]:
    """A mobject's family and the texts its parts belong to: writing `eq[1]` plays on `eq`."""
    family = mobject.get_family()
    texts = {id(t): t for t in (part_of(m) for m in family) if t is not None}
    if not texts:
        return family
    ids = {id(m) for m in family}
    return family + [t for k, t in texts.items() if k not in ids]


def text_of(mobject: Mobject) -> str | None:
    for attr in ("original_text", "tex_string"):
        value = getattr(mobject, attr, None)
        if isinstance(value, str):
            return value
    lines = getattr(getattr(mobject, "lines_text", None), "original_text", None)
    if isinstance(lines, str):
        return lines
    # Not `hasattr(get_value)`: every Mobject answers it (its getters are generated) and then raises.
    from manim import DecimalNumber

    if isinstance(mobject, DecimalNumber):
        try:
            return f"{mobject.get_value():g}"
        except Exception:  # noqa: BLE001
            return None
    return None


def text_mode(mobject: Mobject) -> str | None:
    """How a text's string is written: LaTeX math (MathTex), LaTeX text with math in it (Tex), plain text; None for
    a number display (DecimalNumber, Integer)."""
    from manim import DecimalNumber, SingleStringMathTex, Tex

    if isinstance(mobject, DecimalNumber):
        return None
    if isinstance(mobject, Tex):
        return "tex"
    if isinstance(mobject, SingleStringMathTex):
        return "math"
    return "text"


def shown_by(mobject: Mobject) -> Shows | None:
    """What a text mobject shows: (text, mode, file, line) of the text it was made as, or of what a transform or
    `become` made it show since."""
    shows = getattr(mobject, "_inspector_shows", None)
    if shows is not None:
        return shows or None
    text = text_of(mobject)
    mode = text_mode(mobject)
    if text is None or mode is None:
        return None
    return (text, mode, getattr(mobject, "_inspector_file", None), getattr(mobject, "_inspector_line", None))
