"""The animations of a play, and what a transform of one text into another starts from, turns into and keeps."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .texts import text_types

if TYPE_CHECKING:
    from manim import Animation, Mobject


# Groups that are one transform of one mobject into another (their parts are pieces of it).
TRANSFORM_GROUPS = {"TransformMatchingShapes", "TransformMatchingTex", "TransformMatchingAbstractBase"}


def leaf_animations(animations: Iterable[Animation]) -> Iterator[Animation]:
    """The animations of a play, groups (AnimationGroup, Succession, LaggedStart) opened."""
    for animation in animations:
        inner = getattr(animation, "animations", None)
        if inner and type(animation).__name__ not in TRANSFORM_GROUPS:
            yield from leaf_animations(inner)
        else:
            yield animation


def kept_share(animation: Animation, source: Mobject | None, target: Mobject | None) -> float | None:
    """The share of a text's glyphs a transform into another text leaves readable while it plays: a matching
    transform (TransformMatchingTex, TransformMatchingShapes) the glyphs it moves to their place in the new text; any
    other the glyphs it turns into the same glyph, moved at most (`Tex("Fade", "In")` into `Tex("Fade", "Out")` keeps
    "Fade"). None for an animation that is not a transform of a text into a text."""
    import numpy as np

    if source is None or target is None or not isinstance(source, text_types()) or not isinstance(target, text_types()):
        return None
    before = source.family_members_with_points()
    if not before:
        return None
    if type(animation).__name__ in TRANSFORM_GROUPS:
        kept = (
            len(animation.animations[0].mobject.family_members_with_points())
            if getattr(animation, "animations", None)
            else 0
        )
    else:
        after = target.family_members_with_points()

        def same(a: Mobject, b: Mobject) -> bool:
            return a.points.shape == b.points.shape and np.allclose(
                a.points - a.points.mean(0), b.points - b.points.mean(0), atol=1e-3
            )

        kept = sum(1 for a, b in zip(before, after) if same(a, b))
    return round(min(1.0, kept / len(before)), 3)


def transform_ends(animation: Animation) -> tuple[Mobject | None, Mobject | None]:
    """The mobject a transform starts from and the one it turns into, or (None, None)."""
    if hasattr(animation, "to_add") and hasattr(animation, "to_remove"):
        removed = animation.to_remove[0] if animation.to_remove else None
        return removed, animation.to_add
    target = getattr(animation, "target_mobject", None)
    if target is None:
        return None, None
    if copies(animation):
        # TransformFromCopy(a, b) is Transform(b, a) played backwards: b moves into place, a stays as it was.
        return target, getattr(animation, "mobject", None)
    return getattr(animation, "mobject", None), target


def copies(animation: Animation) -> bool:
    return any(c.__name__ == "TransformFromCopy" for c in type(animation).__mro__)
