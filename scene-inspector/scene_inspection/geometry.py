"""Where things are on screen, in the video's pixels: a leaf's outline and box, a text's glyph size, what lies behind
a text and what strokes cross it, and texts drawn twice over each other."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .colours import hex_of

if TYPE_CHECKING:
    import numpy as np
    from manim import Camera, Mobject

    # An outline as its edges: the start and the end points of each, in pixels.
    Edges = tuple[np.ndarray, np.ndarray]


# [x0, y0, x1, y1] in pixels, y down.
Box = list[float]


def area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def overlap(a: Box, b: Box) -> float:
    return area([max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])])


# Pixels of a typical glyph (between x-height and cap height) per font point at Manim's 8-unit frame height.
GLYPH_UNITS_PER_POINT = 0.0075


def glyph_px(mobject: Mobject, shapes: list[dict], camera: Camera) -> float:
    """How tall the text's letters are on screen, px: from its font size (which follows any scaling) where
    it has one, else the median height of its glyphs (a lone "=" is short whatever its size). The font size is
    the text's size in the scene's plane: a text seen by a 3D camera, or turned out of that plane (an axis label
    stood up along z, whose font size reads 0), is measured as projected, by its glyphs."""
    try:
        size = float(mobject.font_size)
    except Exception:  # noqa: BLE001 - a text without a font size
        size = None
    if size and size > 0 and not hasattr(camera, "reset_rotation_matrix") and flat(mobject):
        return round(size * GLYPH_UNITS_PER_POINT * camera.pixel_height / camera.frame_height, 2)
    heights = sorted(s["box"][3] - s["box"][1] for s in shapes)
    return round(float(heights[len(heights) // 2]), 2)


def flat(mobject: Mobject) -> bool:
    """Whether the mobject lies in the scene's plane (no depth beyond a thousandth of its size)."""
    import numpy as np

    points = mobject.get_all_points()
    if len(points) == 0:
        return True
    extent = np.ptp(points, axis=0)
    return float(extent[2]) <= 1e-3 * max(float(extent[0]), float(extent[1]), 1e-9)


def orientation_of(camera: Camera) -> list[float]:
    """A 3D camera's phi, theta, gamma (degrees) and zoom; a flat camera has none."""
    try:
        return [
            round(float(v), 3)
            for v in (
                camera.get_phi() * 180 / 3.141592653589793,
                camera.get_theta() * 180 / 3.141592653589793,
                camera.get_gamma() * 180 / 3.141592653589793,
                camera.get_zoom(),
            )
        ]
    except AttributeError:
        return []


def open_path(leaf: Mobject) -> bool:
    """A stroke without fill whose ends do not meet: a line, a plot, an arc (a circle's or a polygon's path closes)."""
    try:
        return leaf.get_fill_opacity() <= 0.01 and len(leaf.points) > 0 and not leaf.is_closed()
    except Exception:  # noqa: BLE001 - not a path (an image)
        return False


def visible_leaf(leaf: Mobject) -> bool:
    try:
        fill = leaf.get_fill_opacity() > 0.01
        stroke = leaf.get_stroke_opacity() > 0.01 and leaf.get_stroke_width() > 0
    except Exception:  # noqa: BLE001 - an ImageMobject has neither: it is drawn whole
        return True
    return fill or stroke


def leaf_geometry(camera: Camera, leaf: Mobject) -> dict | None:
    """The leaf's outline in pixels (its curves sampled), box and stroke half-width."""
    import numpy as np

    points = leaf.points
    if len(points) == 0:
        return None
    try:
        pixels = camera.points_to_subpixel_coords(leaf, points)
    except Exception:  # noqa: BLE001 - a camera that cannot place these points
        return None
    n = len(pixels) - len(pixels) % 4
    if n >= 4 and getattr(leaf, "n_points_per_cubic_curve", 4) == 4:
        quads = pixels[:n].reshape(-1, 4, 2)
        t = np.array([0.0, 0.25, 0.5, 0.75, 1.0])[None, :, None]
        p0, p1, p2, p3 = (quads[:, i][:, None] for i in range(4))
        curve = ((1 - t) ** 3) * p0 + 3 * ((1 - t) ** 2) * t * p1 + 3 * (1 - t) * t * t * p2 + (t**3) * p3
        # Edges within each curve: subpaths (a glyph's holes) stay apart, and the even-odd rule needs no order.
        starts, ends = curve[:, :-1].reshape(-1, 2), curve[:, 1:].reshape(-1, 2)
    else:
        starts, ends = pixels[:, :2], np.roll(pixels[:, :2], -1, axis=0)
    outline = np.concatenate([starts, ends])
    if not np.all(np.isfinite(outline)):
        return None
    half = 0.0
    try:
        if leaf.get_stroke_opacity() > 0.01:
            half = (
                leaf.get_stroke_width() * camera.cairo_line_width_multiple * camera.pixel_width / camera.frame_width / 2
            )
    except Exception:  # noqa: BLE001
        pass
    lo = outline.min(axis=0) - half
    hi = outline.max(axis=0) + half
    return {"box": [lo[0], lo[1], hi[0], hi[1]], "edges": (starts, ends), "half": half}


def relations(uid: int, geometry: dict[int, dict], camera: Camera) -> tuple[list, list | None]:
    """What is drawn behind a text unit, and whose strokes cross its box."""
    import numpy as np

    text = geometry[uid]
    x0, y0, x1, y1 = text["box"]
    w, h = x1 - x0, y1 - y0
    # A 5x3 grid of points over the text's box, inset so glyph edges do not count.
    gx = x0 + w * np.array([0.1, 0.3, 0.5, 0.7, 0.9])
    gy = y0 + h * np.array([0.2, 0.5, 0.8])
    grid = np.array([[x, y] for y in gy for x in gx])
    behind = [-1, None, 0, 1.0]
    best_z = -1
    crossings = []
    inner = (x0 + w * 0.08, y0 + h * 0.15, x1 - w * 0.08, y1 - h * 0.15)
    # A highlight's strokes count only where they cut glyphs (each glyph's box, inset) it does not mark (inside its
    # extent): a frame round one term of a formula runs in the gaps beside its neighbours, a cross over a word
    # marks it.
    glyphs = [
        (
            b[0] + (b[2] - b[0]) * 0.08,
            b[1] + (b[3] - b[1]) * 0.15,
            b[2] - (b[2] - b[0]) * 0.08,
            b[3] - (b[3] - b[1]) * 0.15,
        )
        for b in (shape["box"] for shape in text["shapes"])
    ]
    for other_id, other in geometry.items():
        # Its own group's strokes are the text's own (a brace's tip, an axis's ticks), never crossings; its fills are
        # still what it is read against (a label on its dot, a backing it sits on).
        own = other["root"] == text["root"]
        if other_id == uid or other["text"]:
            continue
        ox0, oy0, ox1, oy1 = other["box"]
        if ox1 < x0 or ox0 > x1 or oy1 < y0 or oy0 > y1:
            continue
        for leaf, shape in zip(other["leaves"], other["shapes"]):
            try:
                fill_opacity = leaf.get_fill_opacity()
                stroke_visible = leaf.get_stroke_opacity() > 0.01 and leaf.get_stroke_width() > 0
            except Exception:  # noqa: BLE001
                continue
            if fill_opacity > 0.01 and other["z"] < text["z"] and other["z"] > best_z:
                share = float(np.mean(inside(shape["edges"], grid)))
                if share > 0:
                    best_z = other["z"]
                    behind = [
                        other_id,
                        hex_of(leaf.get_fill_color().to_rgb()),
                        round(float(fill_opacity), 2),
                        round(share, 2),
                    ]
            elif stroke_visible and other["z"] < text["z"] and other["z"] > best_z and 2 * shape["half"] >= h * 0.5:
                # A stroke as wide as the letters is painted under the text as a fill is (a swatch drawn as a thick
                # line).
                share = float(np.mean(near(shape["edges"], grid, shape["half"])))
                if share > 0:
                    best_z = other["z"]
                    behind = [
                        other_id,
                        hex_of(leaf.get_stroke_color().to_rgb()),
                        round(float(leaf.get_stroke_opacity()), 2),
                        round(share, 2),
                    ]
            if stroke_visible and not own:
                marks = other["marks"]
                if marks is None:
                    length = stroke_length_inside(shape["edges"], inner)
                else:
                    cut = [
                        g
                        for g in glyphs
                        if not (
                            g[0] >= marks[0] - 1
                            and g[1] >= marks[1] - 1
                            and g[2] <= marks[2] + 1
                            and g[3] <= marks[3] + 1
                        )
                    ]
                    length = sum(stroke_length_inside(shape["edges"], g) for g in cut)
                if length > 0:
                    crossings.append([other_id, length])
    merged = {}
    for other_id, share in crossings:
        merged[other_id] = merged.get(other_id, 0) + share
    return behind, [[k, round(v, 1)] for k, v in merged.items()] or None


def inside(edges: Edges, points: np.ndarray) -> np.ndarray:
    """Even-odd rule over the outline's edges: which points lie inside it."""
    import numpy as np

    (x, y), (xn, yn) = edges[0].T, edges[1].T
    dy = np.where(yn - y == 0, 1e-12, yn - y)
    px, py = np.asarray(points, dtype=float).reshape(-1, 2).T[:, :, None]
    crosses = ((y > py) != (yn > py)) & (px < (xn - x) * (py - y) / dy + x)
    return np.count_nonzero(crosses, axis=1) % 2 == 1


# Texts whose boxes agree within this many pixels on every side may be one drawing twice; their glyphs decide.
SAME_BOX_PX = 1
# At most this many points a side sample the two drawings (a pixel apart, or coarser for a big text).
SAME_GRID = 32
# Two drawings are one when they differ on at most this share of the points either covers.
SAME_SHARE = 0.1


def drawn_twice(geometry: dict[int, dict]) -> list[list[int]]:
    """Texts drawn exactly over another (a Transform's source left showing its target's glyphs, where the target is
    too): [[the later, the earlier in draw order], ...]. The points are what is drawn, whatever text each was made
    from: one box within a pixel and the same pixels inside their glyphs."""
    import numpy as np

    texts = sorted((g["z"], uid) for uid, g in geometry.items() if g["text"])
    pairs = []
    for k, (_, later) in enumerate(texts):
        b = geometry[later]["box"]
        for _, earlier in texts[:k]:
            a = geometry[earlier]["box"]
            if max(abs(a[i] - b[i]) for i in range(4)) > SAME_BOX_PX:
                continue
            nx = min(SAME_GRID, max(2, int(b[2] - b[0]) + 1))
            ny = min(SAME_GRID, max(2, int(b[3] - b[1]) + 1))
            grid = np.array([[x, y] for y in np.linspace(b[1], b[3], ny) for x in np.linspace(b[0], b[2], nx)])
            covered = [
                np.logical_or.reduce([inside(s["edges"], grid) for s in geometry[uid]["shapes"]])
                for uid in (earlier, later)
            ]
            either = np.count_nonzero(covered[0] | covered[1])
            if either and np.count_nonzero(covered[0] ^ covered[1]) <= SAME_SHARE * either:
                pairs.append([later, earlier])
                break
    return pairs


def near(edges: Edges, points: np.ndarray, distance: float) -> np.ndarray:
    """Which points lie within `distance` of the outline's edges (under a stroke that wide on each side)."""
    import numpy as np

    a, b = edges
    d = b - a
    length2 = np.maximum((d**2).sum(axis=1), 1e-12)
    result = np.zeros(len(points), dtype=bool)
    for i, p in enumerate(points):
        t = np.clip(((p - a) * d).sum(axis=1) / length2, 0, 1)
        closest = a + d * t[:, None]
        result[i] = bool(np.min(np.hypot(*(closest - p).T)) <= distance)
    return result


def stroke_length_inside(edges: Edges, box: Sequence[float]) -> float:
    """Length of the outline's edges inside the box (each edge clipped to it, Liang-Barsky)."""
    import numpy as np

    a, b = edges
    d = b - a
    x0, y0, x1, y1 = box
    lo = np.zeros(len(a))
    hi = np.ones(len(a))
    for p, q in ((-d[:, 0], a[:, 0] - x0), (d[:, 0], x1 - a[:, 0]), (-d[:, 1], a[:, 1] - y0), (d[:, 1], y1 - a[:, 1])):
        parallel = p == 0
        r = np.where(parallel, 0, q / np.where(parallel, 1, p))
        lo = np.where(~parallel & (p < 0), np.maximum(lo, r), lo)
        hi = np.where(~parallel & (p > 0), np.minimum(hi, r), hi)
        hi = np.where(parallel & (q < 0), -1, hi)
    inside = np.clip(hi - lo, 0, None)
    return float((inside * np.hypot(d[:, 0], d[:, 1])).sum())
