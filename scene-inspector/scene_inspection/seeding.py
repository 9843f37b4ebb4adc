"""Randomness the render did not seed: a second run, seeded afresh, finds what it placed."""

from __future__ import annotations

import time
from collections.abc import Callable

from .protocol import JobResult


def random_states() -> tuple:
    """Python's and NumPy's generators' states, to compare: whether a render drew from them."""
    import random

    import numpy as np

    state = np.random.get_state()
    return random.getstate(), state[0], state[1].tobytes(), state[2:]


# A second run may take at most this share of the CPU the process has left under its limit.
SECOND_RUN_SHARE = 0.5
# A unit whose box moved by more than this many pixels between the two runs was placed by chance.
MOVED_PX = 1


def _colours(row: list) -> tuple:
    """What a unit's contrast is read from in a sample: its fill and stroke with their opacities, and the fill behind
    a text (unit, colour, opacity)."""
    behind = row[11]
    return (row[6], round(row[7], 3), row[8], round(row[9], 3), behind and (behind[0], behind[1], round(behind[2], 3)))


def follow_seeding(answer: JobResult, spent: float, run_again: Callable[[], JobResult]) -> None:
    """A scene that drew from generators its render did not seed (Manim's seed unset) placed or coloured what depends
    on them as the render cannot be known to have: it runs once more, seeded afresh as Manim does. Every unit whose box
    moves by more than a pixel in any sample (or every unit, when the two timelines differ or a second run cannot be
    afforded) is marked `unseeded`: its layout is the pixels' to judge. A unit that keeps its place but changes
    colour, or what is behind it does, is marked `unseededColour`: its contrast is the pixels' to judge. A colour
    drawn from a palette can be drawn again (Manim's `random_color` draws 64 colours, so about 2 objects in 100 keep
    their colour by chance) and is then not marked.
    `spent`: the CPU the first run took."""
    import resource

    started = time.process_time()
    limit = resource.getrlimit(resource.RLIMIT_CPU)[0]
    moved = set(answer["units"])
    recoloured: set[str] = set()
    if limit == resource.RLIM_INFINITY or spent <= (limit - started) * SECOND_RUN_SHARE:
        try:
            second = run_again()
        except Exception:  # noqa: BLE001 - drawn otherwise, the scene raised: none of its layout is known to hold
            second = None
        if second is not None and [s["t"] for s in second["samples"]] == [s["t"] for s in answer["samples"]]:
            moved = set()
            for one, two in zip(answer["samples"], second["samples"]):
                rows = {r[0]: r for r in two["u"]}
                for r in one["u"]:
                    other = rows.pop(r[0], None)
                    if other is None or max(abs(a - b) for a, b in zip(r[1:5], other[1:5])) > MOVED_PX:
                        moved.add(str(r[0]))
                    elif _colours(r) != _colours(other):
                        recoloured.add(str(r[0]))
                moved.update(str(k) for k in rows if str(k) in answer["units"])
    recoloured -= moved
    for uid in moved:
        answer["units"][uid]["unseeded"] = True
    for uid in recoloured:
        answer["units"][uid]["unseededColour"] = True
    notes = set(answer["notes"])
    if moved:
        notes.add(
            f"{len(moved)} objects are placed by randomness the render did not seed (Manim's seed unset): "
            "where the video shows them is not recorded, so their layout is judged from the pixels"
        )
    if recoloured:
        notes.add(
            f"{len(recoloured)} objects are coloured by randomness the render did not seed (Manim's seed unset): "
            "their colours in the video are not recorded, so their contrast is judged from the pixels"
        )
    if moved or recoloured:
        answer["notes"] = sorted(notes)
