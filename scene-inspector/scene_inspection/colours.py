"""Colours as the recording reports them: "#rrggbb", the background's, and the one that covers most of a unit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manim import Camera, Mobject


def hex_of(rgb: Sequence[float]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(float(c) * 255))) for c in rgb[:3]))


def background_of(camera: Camera) -> str:
    """The camera's background colour; scenes set it as a colour or a string."""
    from manim import ManimColor

    try:
        return hex_of(ManimColor(camera.background_color).to_rgb())
    except Exception:  # noqa: BLE001 - an exotic value: Manim's default
        return "#000000"


def dominant(leaves: list[Mobject], shapes: list[dict], part: str) -> tuple[str | None, float]:
    """The colour and opacity that cover the most of the unit's box area."""
    weights = {}
    for leaf, shape in zip(leaves, shapes):
        try:
            opacity = leaf.get_fill_opacity() if part == "fill" else leaf.get_stroke_opacity()
            if part == "stroke" and leaf.get_stroke_width() <= 0:
                continue
            if opacity <= 0.01:
                continue
            colour = hex_of((leaf.get_fill_color() if part == "fill" else leaf.get_stroke_color()).to_rgb())
        except Exception:  # noqa: BLE001
            continue
        box = shape["box"]
        area = max(1.0, (box[2] - box[0]) * (box[3] - box[1]))
        key = (colour, round(float(opacity), 2))
        weights[key] = weights.get(key, 0.0) + area
    if not weights:
        return None, 0
    colour, opacity = max(weights, key=weights.get)
    return colour, opacity
