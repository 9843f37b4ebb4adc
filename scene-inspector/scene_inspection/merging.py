"""A sample's rows kept within the bound: the shapes one line of the source made merged into one unit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .protocol import MAX_UNITS, UnitRow

if TYPE_CHECKING:
    from .recorder import Recorder


def capped(rows: list[UnitRow], recorder: Recorder) -> tuple[list[UnitRow], dict[int, int]]:
    """At most MAX_UNITS rows, every object still covered: every text kept; the shapes one line of the source made
    (of one type: a field's arrows, a cloud of dots added one by one) merged into one unit whose box holds them all,
    the largest such families first, then per root if that is not enough. Returns the rows in draw order and which
    unit each merged one now belongs to."""
    merged_into = {}
    families = {}
    for row in rows:
        unit = recorder.units[row[0]]
        if not unit["isText"]:
            families.setdefault((None, unit["type"], unit["file"], unit["line"]), []).append(row)
    for by_root in (False, True):
        if by_root:
            regrouped = {}
            for members in families.values():
                for row in members:
                    regrouped.setdefault((row[13], None, None, None), []).append(row)
            families = regrouped
        for key, members in sorted(families.items(), key=lambda kv: -len(kv[1])):
            if len(rows) <= MAX_UNITS:
                break
            if len(members) < 2:
                continue
            merged = merged_row(key, members, recorder)
            gone = {m[0] for m in members}
            for uid in gone:
                merged_into[uid] = merged[0]
            for k, v in list(merged_into.items()):
                if v in gone:
                    merged_into[k] = merged[0]
            rows = [r for r in rows if r[0] not in gone] + [merged]
            families[key] = [merged]
    return sorted(rows[:MAX_UNITS] if len(rows) > MAX_UNITS else rows, key=lambda r: r[5]), merged_into


def merged_row(key: tuple, members: list[UnitRow], recorder: Recorder) -> UnitRow:
    """One unit for many shapes: their box, the draw order of the first, the colours of the largest; under their
    root, or under itself when they came from several (dots added one by one)."""
    uid = recorder.ids.setdefault(("merged",) + key, len(recorder.ids))
    first = recorder.units[members[0][0]]
    roots = {r[13] for r in members}
    root = roots.pop() if len(roots) == 1 else uid
    if uid not in recorder.units:
        recorder.units[uid] = {
            **first,
            "type": first["type"] if key[1] is not None else first["rootType"],
            "text": None,
            "root": root,
        }
        if root == uid:
            recorder.units[uid]["rootType"] = first["type"]
            recorder.units[uid].pop("rootClasses", None)
        if key[1] is None:
            recorder.units[uid]["file"] = recorder.units[uid]["line"] = recorder.units[uid]["calledFrom"] = None
    largest = max(members, key=lambda r: (r[3] - r[1]) * (r[4] - r[2]))
    box = [
        min(r[1] for r in members),
        min(r[2] for r in members),
        max(r[3] for r in members),
        max(r[4] for r in members),
    ]
    return [uid, *box, min(r[5] for r in members), *largest[6:10], None, None, None, root]
