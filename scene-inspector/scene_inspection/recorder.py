"""The recorder: one scene's run as the timeline the inspector answers (samples of what is on screen, plays, units
and the texts they show)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .colours import background_of, dominant
from .geometry import (
    area,
    drawn_twice,
    glyph_px,
    leaf_geometry,
    open_path,
    orientation_of,
    overlap,
    relations,
    visible_leaf,
)
from .merging import capped
from .protocol import MAX_PX, MAX_SAMPLES, MAX_TEXT_CHARS, MAX_TEXTS, MAX_UNITS, JobResult
from .sources import outermost_user_line
from .texts import class_names, family_and_texts, highlight_types, part_of, shown_by, text_of, text_types
from .transforms import TRANSFORM_GROUPS, copies, kept_share, leaf_animations, transform_ends

if TYPE_CHECKING:
    from manim import Mobject, Scene
    from manim.renderer.cairo_renderer import CairoRenderer

# Samples at least this many times a second while animations play (and at every play's start and end).
SAMPLES_PER_SECOND = 10


class Recorder:
    """One run of one scene, recorded: the patched renderer drives it (begin_play, frame, end_play, sample), and
    `answer` is the job's result."""

    def __init__(self, width: int, height: int, fps: float) -> None:
        self.width, self.height, self.fps = width, height, fps
        self.stride = max(1, int(fps // SAMPLES_PER_SECOND))
        self.samples = []
        self.plays = []
        self.units = {}
        self.ids = {}
        self.keep = []
        self.scene = None
        self.time = 0.0
        self.frames_in_play = 0
        self.unseeded = False
        self.cpu_seconds = 0.0
        self.notes = set()
        self.current = None
        # What texts show: every text or formula seen ({text, mode, file, line, glyphs}), and the steps of derivations
        # (one formula turned into the next: [from, to, t, play]).
        self.texts = []
        self.text_ids = {}
        self.steps = []
        self.seen = {}

    # ---- the clock

    def begin_play(self, scene: Scene, renderer: CairoRenderer, animations: Sequence = ()) -> None:
        self.scene = scene
        self.frames_in_play = 0
        file, line = outermost_user_line()
        self.current = {"i": len(self.plays), "start": round(renderer.time * 1000), "file": file, "line": line}
        # What each transform of a text into another keeps, measured before it changes anything: per animation, the
        # share of its source text's glyphs; for a matching transform, the glyphs it matches (of any text in its
        # source).
        self.kept = {}
        self.matched = {}
        for animation in leaf_animations([a for a in animations if hasattr(a, "mobject")]):
            source, target = transform_ends(animation)
            if type(animation).__name__ in TRANSFORM_GROUPS and getattr(animation, "animations", None):
                self.matched[id(animation)] = {
                    id(m) for m in animation.animations[0].mobject.family_members_with_points()
                }
            share = kept_share(animation, source, target)
            if share is not None:
                self.kept[id(animation)] = share

    def end_play(self, scene: Scene, renderer: CairoRenderer) -> None:
        self.time = renderer.time
        play = self.current or {"i": len(self.plays), "start": round(renderer.time * 1000), "file": None, "line": None}
        play["end"] = round(renderer.time * 1000)
        animations = getattr(scene, "animations", None) or []
        play["animations"] = [type(a).__name__ for a in animations]
        touched = set()
        for animation in animations:
            mobject = getattr(animation, "mobject", None)
            if mobject is not None:
                touched.update(self.unit_ids_below(mobject))
        play["units"] = sorted(touched)
        texts = {}
        for animation in leaf_animations(animations):
            source, target = transform_ends(animation)
            if source is not None and target is not None and isinstance(source, text_types()):
                self.transformed(source, target, animation, play)
            mobject = getattr(animation, "mobject", None)
            matched = self.matched.get(id(animation))
            # A copy's source is left as it was: only what moves is played on.
            for part in [mobject] if mobject is source or copies(animation) else [mobject, source]:
                if part is None:
                    continue
                for m in family_and_texts(part):
                    if id(m) in self.ids and isinstance(m, text_types()):
                        kept = self.kept.get(id(animation)) if m is source else None
                        if matched is not None:
                            leaves = m.family_members_with_points()
                            kept = (
                                round(sum(1 for leaf in leaves if id(leaf) in matched) / len(leaves), 3)
                                if leaves
                                else None
                            )
                        texts.setdefault(
                            self.ids[id(m)], [type(animation).__name__, *([kept] if kept is not None else [])]
                        )
        if texts:
            play["texts"] = sorted([uid, *entry] for uid, entry in texts.items())
        self.plays.append(play)
        self.current = None
        self.sample(scene, renderer)

    def frame(self, scene: Scene, renderer: CairoRenderer) -> None:
        n = round(renderer.time * self.fps)
        if self.frames_in_play == 0 or n % self.stride == 0:
            self.sample(scene, renderer)
        self.frames_in_play += 1
        self.time = renderer.time

    def hold(self, scene: Scene, renderer: CairoRenderer, seconds: float) -> None:
        """The scene's last frame as the whole timeline: one sample at 0, held `seconds` (what Manim's -s shows)."""
        self.samples, self.plays, self.units = [], [], {}
        renderer.time = 0
        self.sample(scene, renderer)
        self.time = seconds

    # ---- what texts show

    def text_index(self, shows, mob=None):
        """The index of a shown text (text, mode, file, line) in `texts`, added when new with the glyphs of the
        mobject that made it (counted once: a transform's source takes on its target's number of parts)."""
        if shows not in self.text_ids:
            if len(self.texts) >= MAX_TEXTS:
                self.notes.add(f"recorded at most {MAX_TEXTS} different texts")
                return None
            self.text_ids[shows] = len(self.texts)
            text, mode, file, line = shows
            glyphs = len(mob.family_members_with_points()) if mob is not None else 0
            self.texts.append(
                {"text": text[:MAX_TEXT_CHARS], "mode": mode, "file": file, "line": line, "glyphs": glyphs}
            )
        return self.text_ids[shows]

    def showing(self, uid, mob, box):
        """Records the text a text unit shows at this sample (its own, or what a transform or `become` made it), and
        when and where each text is seen (its widest box: all its lines drawn)."""
        shows = shown_by(mob)
        if shows is None:
            return
        index = self.text_index(shows, mob)
        if index is None:
            return
        seen = self.seen.setdefault(index, {"first": self.sample_t, "last": self.sample_t, "box": box})
        seen["last"] = self.sample_t
        if area(box) > area(seen["box"]):
            seen["box"] = box
        history = self.units[uid].setdefault("shows", [])
        if (not history or history[-1][1] != index) and len(history) < MAX_TEXTS:
            history.append([self.sample_t, index])

    def transformed(self, source, target, animation, play):
        """A transform turned one text into another: a derivation step; the source now shows the target's text
        unless the target takes its place in the scene (into a shape, it shows no text)."""
        stays = getattr(animation, "replace_mobject_with_target_in_scene", False) is False and not copies(animation)
        after = shown_by(target) if isinstance(target, text_types()) else None
        if after is None:
            if stays:
                source._inspector_shows = False
            return
        before = shown_by(source)
        if before is not None:
            self.text_index(before, source)
        self.text_index(after, target)
        self.step(before, after, play["end"], play["i"])
        if stays:
            source._inspector_shows = after

    def rewritten(self, mob: Mobject, other: Mobject) -> None:
        """`a.become(b)`: a shows b's text from now on, a step of a derivation rewritten in place."""
        after = shown_by(other)
        if after is None:
            return
        self.text_index(after, other)
        self.step(shown_by(mob), after, round(self.time * 1000), len(self.plays))
        mob._inspector_shows = after

    def step(self, before, after, t, play):
        """One formula turned into another, once per pair."""
        if before is None or before[0] == after[0] or len(self.steps) >= MAX_TEXTS:
            return
        pair = [self.text_index(before), self.text_index(after)]
        if None not in pair and pair not in [s[:2] for s in self.steps]:
            self.steps.append([*pair, t, play])

    # ---- what is on screen

    def id_of(self, mobject):
        key = id(mobject)
        if key not in self.ids:
            self.ids[key] = len(self.ids)
            self.keep.append(mobject)
        return self.ids[key]

    def unit_ids_below(self, mobject):
        """Ids of the units already seen in this mobject's family."""
        return [self.ids[id(m)] for m in family_and_texts(mobject) if id(m) in self.ids]

    def sample(self, scene: Scene | None, renderer: CairoRenderer) -> None:
        if scene is None or len(self.samples) >= MAX_SAMPLES:
            if len(self.samples) >= MAX_SAMPLES:
                self.notes.add(f"recorded at most {MAX_SAMPLES} samples")
            return
        t = round(renderer.time * 1000)
        if self.samples and self.samples[-1]["t"] == t:
            self.samples.pop()
        camera = renderer.camera
        if hasattr(camera, "reset_rotation_matrix"):
            # A 3D camera computes its projection when it draws; nothing draws here.
            camera.reset_rotation_matrix()
            self.notes.add(
                "3D scene: boxes are the camera's projection of each object; draw order follows the scene, not depth"
            )
        center = camera.frame_center
        self.sample_t = t
        rows, copies = self.units_on_screen(scene, camera)
        self.samples.append(
            {
                "t": t,
                "n": round(renderer.time * self.fps),
                "cam": [
                    round(float(center[0]), 4),
                    round(float(center[1]), 4),
                    round(float(camera.frame_width), 4),
                    round(float(camera.frame_height), 4),
                    *orientation_of(camera),
                ],
                "bg": background_of(camera),
                "u": rows,
            }
        )
        if copies:
            self.samples[-1]["same"] = copies

    def units_on_screen(self, scene, camera):
        from manim.utils.family import extract_mobject_family_members

        roots = list(scene.mobjects) + [m for m in scene.foreground_mobjects if m not in scene.mobjects]
        leaves = extract_mobject_family_members(roots, use_z_index=camera.use_z_index, only_those_with_points=True)
        order = {id(leaf): z for z, leaf in enumerate(leaves)}
        units = {}  # unit mobject id -> {"mob", "root", "leaves"}
        for root in roots:
            self.collect(root, root, None, None, units)
        rows = []
        geometry = {}
        for unit in units.values():
            visible = [leaf for leaf in unit["leaves"] if id(leaf) in order and visible_leaf(leaf)]
            if not visible:
                continue
            shapes = [leaf_geometry(camera, leaf) for leaf in visible]
            shapes = [s for s in shapes if s is not None]
            if not shapes:
                continue
            if any(type(leaf).__name__ == "ImageMobject" for leaf in visible):
                self.notes.add("raster images are recorded as boxes: what they show is not seen")
            box = [
                min(s["box"][0] for s in shapes),
                min(s["box"][1] for s in shapes),
                max(s["box"][2] for s in shapes),
                max(s["box"][3] for s in shapes),
            ]
            uid = self.id_of(unit["mob"])
            is_text = unit["text"]
            if uid not in self.units:
                mob = unit["mob"]
                self.units[uid] = {
                    "type": type(mob).__name__,
                    "text": text_of(mob) if is_text else None,
                    "file": getattr(mob, "_inspector_file", None),
                    "line": getattr(mob, "_inspector_line", None),
                    "calledFrom": getattr(mob, "_inspector_called", None),
                    "root": self.id_of(unit["root"]),
                    "rootType": type(unit["root"]).__name__,
                    "rootLine": getattr(unit["root"], "_inspector_line", None)
                    if unit["root"] is not unit["mob"]
                    else None,
                    # What the root is, not only its class's name: any subclass of Axes or NumberLine is one.
                    "rootClasses": class_names(type(unit["root"])),
                    "isText": is_text,
                }
                if unit["highlight"] is not None:
                    self.units[uid]["highlight"] = True
            # As last seen: a circle being drawn is an open arc until its path closes.
            if not is_text and open_path(unit["mob"]):
                self.units[uid]["open"] = True
            elif not is_text:
                self.units[uid].pop("open", None)
            placed = getattr(unit["mob"], "_inspector_placed", None) or getattr(unit["root"], "_inspector_placed", None)
            if placed is not None:
                self.units[uid]["placedLine"] = placed
            if is_text:
                self.showing(uid, unit["mob"], box)
            fill, fill_opacity = dominant(visible, shapes, "fill")
            stroke, stroke_opacity = dominant(visible, shapes, "stroke")
            glyph = None
            if is_text:
                glyph = glyph_px(unit["mob"], shapes, camera)
            z = min(order[id(leaf)] for leaf in visible)
            rows.append(
                [
                    uid,
                    *[round(float(min(MAX_PX, max(-MAX_PX, v))), 1) for v in box],
                    z,
                    fill,
                    fill_opacity,
                    stroke,
                    stroke_opacity,
                    glyph,
                    None,
                    None,
                    self.id_of(unit["root"]),
                ]
            )
            geometry[uid] = {
                "shapes": shapes,
                "leaves": visible,
                "root": self.units[uid]["root"],
                "z": z,
                "box": box,
                "text": is_text,
                "highlight": unit["highlight"],
            }
        # A highlight's extent is its whole mobject's (a cross's two strokes, a brace's path).
        extents = {}
        for g in geometry.values():
            if g["highlight"] is not None:
                e = extents.get(g["highlight"])
                extents[g["highlight"]] = (
                    g["box"]
                    if e is None
                    else [
                        min(e[0], g["box"][0]),
                        min(e[1], g["box"][1]),
                        max(e[2], g["box"][2]),
                        max(e[3], g["box"][3]),
                    ]
                )
        for g in geometry.values():
            g["marks"] = extents.get(g["highlight"]) if g["highlight"] is not None else None
        copies = drawn_twice(geometry)
        merged_into = {}
        if len(rows) > MAX_UNITS:
            self.notes.add(
                f"more than {MAX_UNITS} objects in a sample: the shapes one line made are recorded as one, "
                "with the box of them all"
            )
            rows, merged_into = capped(rows, self)
        for row in rows:
            if row[0] in geometry and geometry[row[0]]["text"]:
                behind, crossings = relations(row[0], geometry, camera)
                # What the text is measured against is what the recording holds: a merged shape stands for its parts.
                behind[0] = merged_into.get(behind[0], behind[0])
                if crossings:
                    summed = {}
                    for other, length in crossings:
                        other = merged_into.get(other, other)
                        summed[other] = round(summed.get(other, 0) + length, 1)
                    crossings = [[k, v] for k, v in summed.items()]
                row[11], row[12] = behind, crossings
        return rows, copies

    def collect(self, mobject, root, text_unit, highlight, units):
        """Groups the leaves under their unit: a text object as a whole, any other leaf alone (with the highlight it
        is part of, if any)."""
        # A highlight's copies of its target's glyphs (AnimatedBoundary traces them) are its strokes, not text to read.
        if text_unit is None and highlight is None and isinstance(mobject, text_types()):
            text_unit = mobject
            units[id(mobject)] = {"mob": mobject, "root": root, "leaves": [], "text": True, "highlight": None}
        elif text_unit is None and highlight is None and part_of(mobject) is not None:
            # A part shown without its text (`Write(eq[1])`): the text is the unit, with the parts shown so far.
            text_unit = part_of(mobject)
            units.setdefault(
                id(text_unit), {"mob": text_unit, "root": root, "leaves": [], "text": True, "highlight": None}
            )
        if highlight is None and isinstance(mobject, highlight_types()):
            # A backing a text carries (add_background_rectangle) is a shape of its own, not one of its glyphs.
            highlight, text_unit = id(mobject), None
        if len(mobject.points) > 0:
            if text_unit is not None:
                units[id(text_unit)]["leaves"].append(mobject)
            else:
                units[id(mobject)] = {
                    "mob": mobject,
                    "root": root,
                    "leaves": [mobject],
                    "text": False,
                    "highlight": highlight,
                }
        for child in mobject.submobjects:
            self.collect(child, root, text_unit, highlight, units)

    def layout_steps(self):
        """Formulas written one after another as lines of a derivation: the next appears below the last while it is
        still shown, or takes its place within a second. [from, to, t, play, "layout"], checked only as a solving
        sequence in one unknown (scene-inspector/check_math.py)."""
        formulas = sorted((s["first"], k) for k, s in self.seen.items() if self.texts[k]["mode"] in ("math", "tex"))
        steps = []
        for (_, a), (t, b) in zip(formulas, formulas[1:]):
            A, B = self.seen[a], self.seen[b]
            below = (
                B["first"] <= A["last"]
                and B["box"][1] >= A["box"][3] - 4
                and min(A["box"][2], B["box"][2]) > max(A["box"][0], B["box"][0])
            )
            replaced = 0 <= B["first"] - A["last"] <= 1000 and overlap(A["box"], B["box"]) > 0.3 * min(
                area(A["box"]), area(B["box"])
            )
            pair = [a, b]
            if (
                (below or replaced)
                and pair not in [s[:2] for s in self.steps]
                and self.texts[a]["text"] != self.texts[b]["text"]
            ):
                steps.append([a, b, t, len(self.plays), "layout"])
        return steps

    def answer(self, name: str) -> JobResult:
        return {
            "status": "ok",
            "scene": name,
            "durationMs": round(self.time * 1000),
            "width": self.width,
            "height": self.height,
            "fps": self.fps,
            "frameWidth": self.samples[0]["cam"][2] if self.samples else None,
            "frameHeight": self.samples[0]["cam"][3] if self.samples else None,
            "units": {str(k): v for k, v in self.units.items()},
            "samples": self.samples,
            "plays": self.plays,
            "texts": self.texts,
            "steps": (self.steps + self.layout_steps())[:MAX_TEXTS],
            "notes": sorted(self.notes),
        }
