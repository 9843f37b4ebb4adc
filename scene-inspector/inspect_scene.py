"""
Scene inspector: runs a Manim scene with drawing replaced by recording, and
writes what is on screen over time, in the video's pixel coordinates.

    python inspect_scene.py < request.json > inspection.json

The request (JSON on stdin): {"files": {"name.py": "source", ...}, "jobs": [{"scene": "ClassName"
or null, "width": px, "height": px, "fps": frames per second, "durationMs": the video's duration,
"toleranceMs": how far a timeline may be from it, "still", "math", "followSeeding": false to skip the second
run that finds what unseeded randomness placed}, ...], "texCache": the TeX cache's directory (read-only
here) or null}: usually one job, the video of one
fragment; tests and benches inspect a corpus's scenes in one run. The source files are written
to ./src (the caller runs this in a private scratch directory) and imported once; they are
untrusted and must run in a sandbox (docs/scene-inspection.md).

Manim's Cairo renderer is driven per frame through `render` (one call per animated frame) and
`freeze_current_frame` (static waits). Both are replaced: each advances the clock exactly as
drawing would and records the scene's visible objects at least ten times a second and at every
animation boundary; nothing is drawn, no file written (dry run, no caching).

The answer (JSON on stdout; anything the scene prints goes to stderr): {protocol, manim,
importCpuSeconds, notes, error (a module that would not import), texCompiled (the .tex texts compiled
here, not served by the TeX cache that "texCache" in the request names), results: one per job}, each
  status     "ok", "no-scene" (no such Scene subclass in the files), "error" (the scene
             raised), "mismatch" (no candidate's timeline matches the video's duration),
             "ambiguous" (several do: their answers are in "matches")
  scene, candidates [{name, durationMs, error}], cpuSeconds (this process), tex {compiles,
  ownCpuSeconds, compilerCpuSeconds, cacheHits} (TeX apart), durationMs, width, height, fps, frameWidth,
  frameHeight (units), units {id: {type, text, file, line, calledFrom, root, rootType, rootClasses, isText, highlight,
             placedLine}} (rootClasses: the root's class and its bases, nearest first)
             (line: where it was made; calledFrom: the line of the scene that called the helper that made it;
             highlight: part of a frame, backing, brace, underline or cross marking a target),
  samples [{t (ms), n (frame), cam [cx, cy, w, h] (units; a 3D camera adds phi, theta, gamma
             in degrees and zoom), bg "#rrggbb", u [unit rows]}],
  plays [{i, start, end (ms), file, line, animations [class names], units [ids]}],
  notes [what could not be recorded]
A unit row: [id, x0, y0, x1, y1, z, fill, fillOpacity, stroke, strokeOpacity, glyphPx,
behind, crossings, root]: the box in pixels (y down), draw order, the dominant fill and stroke
("#rrggbb" or null) with their opacities, how tall its letters are in pixels (text only),
what is drawn behind the text ([unit id or -1 for the background, fill, opacity, share of
the text's box inside it]) and the strokes of other objects that pass through the text's
box, inset a little (a highlight's: through its glyphs' boxes, not over the glyphs it marks)
([[unit id, length in pixels], ...]), null for shapes; and the id of the
mobject in the scene it is part of now (a group it was later moved into, a slice it was added by).
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
import weakref

# Run isolated (-I): the programs beside this one are imported from its own folder.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_math  # noqa: E402

PROTOCOL = 1
SAMPLES_PER_SECOND = 10
MAX_SAMPLES = 4000
MAX_UNITS = 600
# Boxes are bounded to this many pixels either way: far past any frame, and within what src/scene/inspection.ts accepts
# (a plot through an asymptote reaches 1e16).
MAX_PX = 1e6
SOURCE_DIR = os.path.abspath("src")


def user_line():
    """The innermost frame of the scene's own source on the stack (the line that made this call), and the
    outermost one when it differs (the line in construct that called a helper)."""
    frame = sys._getframe(2)
    inner = outer = None
    while frame is not None:
        filename = frame.f_code.co_filename
        if filename.startswith(SOURCE_DIR):
            outer = (os.path.relpath(filename, SOURCE_DIR), frame.f_lineno)
            inner = inner or outer
        frame = frame.f_back
    if inner is None:
        return None, None, None
    return inner[0], inner[1], outer[1] if outer != inner else None


def outermost_user_line():
    """The scene's own line furthest out on the stack: in construct, the call that led here."""
    frame = sys._getframe(2)
    found = (None, None)
    while frame is not None:
        if frame.f_code.co_filename.startswith(SOURCE_DIR):
            found = (os.path.relpath(frame.f_code.co_filename, SOURCE_DIR), frame.f_lineno)
        frame = frame.f_back
    return found


def error_text(exc):
    """The exception with the innermost line of the scene's source that led to it."""
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename.startswith(SOURCE_DIR):
            where = f" ({os.path.relpath(frame.filename, SOURCE_DIR)}, line {frame.lineno})"
            break
    return f"{type(exc).__name__}: {exc}{where}"


def main():
    import warnings

    # Manim's own deprecation notices would fill the stderr the caller reads errors from.
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    request = json.load(sys.stdin)
    # The answer goes to the real stdout; whatever the scene prints goes to stderr.
    answer = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    result = {"protocol": PROTOCOL, "results": []}
    try:
        inspect_request(request, result)
    except BaseException as exc:  # noqa: BLE001 - every failure is an answer
        if isinstance(exc, KeyboardInterrupt):
            raise
        result["error"] = error_text(exc)[-2000:]
    json.dump(result, answer, separators=(",", ":"))
    answer.flush()


def inspect_request(request, result):
    """Imports the sources once, then runs each job: a scene (or the one that fits) at one video's size and rate."""
    result["notes"] = []
    written = write_sources(request.get("files") or {}, result["notes"])
    config = import_manim(result, request.get("texCache"))
    candidates = load_scenes(written, result)
    if candidates is None:
        return
    for job in request.get("jobs") or []:
        result["results"].append(run_job(job, candidates, config))


def import_manim(result, tex_cache):
    """Imports Manim (timed), replaces drawing by recording and serves TeX from the cache; Manim's config."""
    started = time.process_time()
    import manim
    from manim import config

    result["manim"] = manim.__version__
    result["importCpuSeconds"] = round(time.process_time() - started, 3)
    install_line_tracking()
    install_recording()
    install_tex_cache(tex_cache)
    install_tex_clock()
    result["texCompiled"] = TEX_COMPILED
    return config


def load_scenes(written, result):
    """Imports the written sources; their Scene subclasses, or None (and result["error"]) when one does not import."""
    from manim import Scene

    if SOURCE_DIR not in sys.path:
        sys.path.insert(0, SOURCE_DIR)
    candidates = []
    # Files nearest the top first: a helper its scene imports is then imported by Python, as the scene does, and is
    # found here already.
    for name in written:
        try:
            module = load_source(name)
        except BaseException as exc:  # noqa: BLE001 - a broken module is the scene's error
            if isinstance(exc, KeyboardInterrupt):
                raise
            result["error"] = f"importing {name}: {error_text(exc)}"
            return None
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Scene)
                and value.__module__ == module.__name__
                and value not in candidates
            ):
                candidates.append(value)
    return candidates


def run_job(job, candidates, config):
    """One job's answer, with the CPU it took and its TeX apart."""
    job_started = time.process_time()
    tex_before = dict(TEX_CLOCK)
    outcome = inspect_job(job, candidates, config)
    outcome["cpuSeconds"] = round(time.process_time() - job_started, 3)
    # TeX counted apart: the compiler's processes, and this process's time waiting on and reading their output.
    outcome["tex"] = {k: round(TEX_CLOCK[k] - tex_before[k], 3) for k in TEX_CLOCK}
    return outcome


def write_sources(files, notes):
    """Writes the source files under ./src; answers their names there, nearest the top first."""
    os.makedirs(SOURCE_DIR, exist_ok=True)
    written = []
    for name, content in files.items():
        path = os.path.normpath(os.path.join(SOURCE_DIR, name))
        if not path.startswith(SOURCE_DIR + os.sep) or not name.endswith(".py"):
            notes.append(f"skipped source file {name!r}: not a Python file inside the sources")
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
        written.append(os.path.relpath(path, SOURCE_DIR))
    return sorted(written, key=lambda n: (n.count(os.sep), n))


def load_source(name):
    """A source file as Manim's own command line loads a scene: from its path, under its dotted name, without importing
    the folders above it as packages. Importing `d.d.….scene` would import every folder as a namespace package, and
    Python's namespace paths recompute their parents' twice per level: 2^depth steps, past any CPU limit at 60
    levels."""
    import importlib.util

    module_name = name[:-3].replace(os.sep, ".")
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, os.path.join(SOURCE_DIR, name))
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


def inspect_job(job, candidates, config):
    width, height, fps = int(job["width"]), int(job["height"]), float(job["fps"])
    wanted = job.get("scene")
    if wanted:
        candidates = [c for c in candidates if c.__name__ == wanted]
        if not candidates:
            return {"status": "no-scene", "error": f"the sources define no Scene subclass named {wanted}"}
    if not candidates:
        return {"status": "no-scene", "error": "the sources define no Scene subclass"}
    target = job.get("durationMs")
    tolerance = job.get("toleranceMs") or 0
    # A still: the video holds the scene's last frame (Manim's -s) for its whole duration.
    still = target / 1000 if job.get("still") and target is not None else None
    tried = []
    matches = []
    for cls in candidates:
        recorder = Recorder(width, height, fps)
        entry = {"name": cls.__name__}
        tried.append(entry)
        try:
            started = time.process_time()
            run_scene(cls, recorder, config, width, height, fps, still)
            recorder.cpu_seconds = time.process_time() - started
        except BaseException as exc:  # noqa: BLE001
            if isinstance(exc, KeyboardInterrupt):
                raise
            entry["error"] = error_text(exc)[-2000:]
            if len(candidates) == 1:
                return {"status": "error", "error": entry["error"], "candidates": tried}
            continue
        entry["durationMs"] = round(recorder.time * 1000)
        if len(candidates) == 1 or target is None or abs(entry["durationMs"] - target) <= tolerance:
            answer = recorder.answer(cls.__name__)
            # A repair's candidates skip it when the scene's inspection found nothing placed by chance: they draw the
            # same.
            if recorder.unseeded and job.get("followSeeding", True):
                follow_seeding(answer, cls, recorder, config, width, height, fps, still)
            if job.get("math"):
                answer["math"] = check_math.check_scene(
                    answer["texts"], [[s[0], s[1], *s[4:]] for s in answer["steps"]]
                )
            matches.append(answer)
    if len(matches) == 1:
        return {**matches[0], "candidates": tried}
    if matches:
        # Several scenes last as long as the video: the caller tells them apart by their pixels.
        return {"status": "ambiguous", "matches": matches, "candidates": tried}
    return {"status": "mismatch", "error": "no scene's timeline matches the video's duration", "candidates": tried}


def configure(config, width, height, fps, still=False):
    config.dry_run = True
    # Manim's -s: every animation skipped (its end state applied), the last frame the picture.
    config.save_last_frame = still
    config.disable_caching = True
    config.write_to_movie = False
    config.media_dir = os.path.abspath("media")
    config.verbosity = "ERROR"
    config.progress_bar = "none"
    frame_shape(config, width, height, fps)


def frame_shape(config, width, height, fps):
    config.pixel_width = width
    config.pixel_height = height
    config.frame_rate = fps
    # Manim's frame is 16:9 unless the render asked for another shape (853.3 x 480 rounds to 854).
    aspect = width / height
    config.frame_width = config.frame_height * (16 / 9 if abs(aspect / (16 / 9) - 1) < 0.01 else aspect)


def run_scene(cls, recorder, config, width, height, fps, still=None):
    """Runs the scene recording; `still` (seconds), the scene as Manim's -s renders it: its last frame, held that
    long."""
    from manim import tempconfig

    global RECORDER
    with tempconfig({}):
        configure(config, width, height, fps, still is not None)
        RECORDER = recorder
        scene = cls()
        recorder.scene = scene
        # Manim seeds Python's and NumPy's generators as the scene starts, from its seed or, without one, afresh.
        before = random_states()
        scene.render()
        recorder.unseeded = scene.random_seed is None and random_states() != before
        if still is not None:
            recorder.hold(scene, scene.renderer, still)


def random_states():
    import random

    import numpy as np

    state = np.random.get_state()
    return random.getstate(), state[0], state[1].tobytes(), state[2:]


# A second run may take at most this share of the CPU the process has left under its limit.
SECOND_RUN_SHARE = 0.5
# A unit whose box moved by more than this many pixels between the two runs was placed by chance.
MOVED_PX = 1


def follow_seeding(answer, cls, recorder, config, width, height, fps, still):
    """A scene that drew from generators its render did not seed (Manim's seed unset) placed what depends on them
    as the render cannot be known to have: it runs once more, seeded afresh as Manim does, and every unit whose box
    moves by more than a pixel in any sample (or every unit, when the two timelines differ or a second run cannot
    be afforded) is marked `unseeded`: its layout is the pixels' to judge."""
    import resource

    started = time.process_time()
    limit = resource.getrlimit(resource.RLIMIT_CPU)[0]
    spent = recorder.cpu_seconds
    moved = set(answer["units"])
    if limit == resource.RLIM_INFINITY or spent <= (limit - started) * SECOND_RUN_SHARE:
        again = Recorder(width, height, fps)
        try:
            run_scene(cls, again, config, width, height, fps, still)
            second = again.answer(cls.__name__)
        except Exception:  # noqa: BLE001 - drawn otherwise, the scene raised: none of its layout is known to hold
            second = None
        if second is not None and [s["t"] for s in second["samples"]] == [s["t"] for s in answer["samples"]]:
            moved = set()
            for one, two in zip(answer["samples"], second["samples"]):
                rows = {r[0]: r[1:5] for r in two["u"]}
                for r in one["u"]:
                    other = rows.pop(r[0], None)
                    if other is None or max(abs(a - b) for a, b in zip(r[1:5], other)) > MOVED_PX:
                        moved.add(str(r[0]))
                moved.update(str(k) for k in rows if str(k) in answer["units"])
    for uid in moved:
        answer["units"][uid]["unseeded"] = True
    if moved:
        answer["notes"] = sorted(
            set(answer["notes"])
            | {
                f"{len(moved)} objects are placed by randomness the render did not seed (Manim's seed unset): "
                "where the video shows them is not recorded, so their layout is judged from the pixels"
            }
        )


def install_line_tracking():
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
        if RECORDER is not None and isinstance(self, text_types()) and isinstance(mobject, text_types()):
            RECORDER.rewritten(self, mobject)
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


RECORDER = None
TEX_CLOCK = {"compiles": 0, "ownCpuSeconds": 0.0, "compilerCpuSeconds": 0.0, "cacheHits": 0}
# The .tex texts compiled here (not served by the TeX cache), for the caller to compile again in a TeX-only sandbox.
TEX_COMPILED = []
TEX_CACHE_COMPILER = ("latex", ".dvi")
MAX_CACHED_SVG_BYTES = 1 << 20
# Bounds of what is reported (src/scene/inspection.ts checks them again).
MAX_TEX_TEXT_CHARS = 64 * 1024
MAX_TEX_COMPILED = 200


def install_tex_clock():
    """Times every TeX compilation (a cache hit in the scratch media directory costs nothing)."""
    import resource

    import manim.mobject.text.tex_mobject as tex_mobject

    original = tex_mobject.tex_to_svg_file

    def timed(*args, **kwargs):
        own, children = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            return original(*args, **kwargs)
        finally:
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            TEX_CLOCK["ownCpuSeconds"] += time.process_time() - own
            compiler = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
            TEX_CLOCK["compilerCpuSeconds"] += compiler
            TEX_CLOCK["compiles"] += 1 if compiler > 0 else 0

    tex_mobject.tex_to_svg_file = timed


def install_tex_cache(directory):
    """Serves TeX from the host's cache (read-only here; filled by the caller in a TeX-only sandbox) by the sha256
    of the whole .tex text, for Manim's default compiler; an entry that fails its checks is compiled as before."""
    if not directory:
        return
    import manim.mobject.text.tex_mobject as tex_mobject
    from manim import config
    from manim.utils.tex_file_writing import generate_tex_file

    original = tex_mobject.tex_to_svg_file

    def cached(expression, environment=None, tex_template=None):
        template = tex_template or config["tex_template"]
        if (template.tex_compiler, template.output_format) != TEX_CACHE_COMPILER:
            return original(expression, environment, tex_template)
        tex_file = generate_tex_file(expression, environment, template)
        text = tex_file.read_text(encoding="utf-8")
        svg = cached_svg(directory, text)
        if svg is not None:
            TEX_CLOCK["cacheHits"] += 1
            out = tex_file.with_suffix(".svg")
            out.write_bytes(svg)
            return out
        result = original(expression, environment, tex_template)
        if len(text) <= MAX_TEX_TEXT_CHARS and len(TEX_COMPILED) < MAX_TEX_COMPILED and text not in TEX_COMPILED:
            TEX_COMPILED.append(text)
        return result

    tex_mobject.tex_to_svg_file = cached


def cached_svg(directory, text):
    """The cached SVG of a .tex text, or None: the entry must hold this very text under its sha256, and an SVG
    as dvisvgm writes it, within the size bound (docs/scene-inspection.md)."""
    import hashlib

    key = hashlib.sha256(text.encode("utf-8")).hexdigest()
    try:
        with open(os.path.join(directory, key + ".tex"), encoding="utf-8") as f:
            if f.read(len(text) + 1) != text:
                return None
        with open(os.path.join(directory, key + ".svg"), "rb") as f:
            svg = f.read(MAX_CACHED_SVG_BYTES + 1)
    except (OSError, UnicodeDecodeError):
        return None
    return svg if is_dvisvgm_svg(svg) else None


def is_dvisvgm_svg(data):
    """Whole (not cut off) SVG written by dvisvgm, within the size bound; src/scene/tex-cache.ts holds the host's
    twin."""
    head = data[:400]
    return (
        len(data) <= MAX_CACHED_SVG_BYTES
        and head.startswith(b"<?xml")
        and b"dvisvgm" in head
        and b"<svg" in head
        and data.rstrip().endswith(b"</svg>")
    )


def install_recording():
    """Cairo's renderer advances the clock as drawing would, and the current recorder records instead of drawing."""
    from manim.renderer.cairo_renderer import CairoRenderer

    original_play = CairoRenderer.play

    def add_frame(self, frame, num_frames=1):
        if not self.skip_animations:
            self.time += num_frames / self.camera.frame_rate

    def render(self, scene, time, moving_mobjects=None):
        RECORDER.frame(scene, self)
        add_frame(self, None)

    def freeze_current_frame(self, duration):
        RECORDER.sample(RECORDER.scene, self)
        add_frame(self, None, int(duration * self.camera.frame_rate))

    def play(self, scene, *args, **kwargs):
        RECORDER.begin_play(scene, self, args)
        original_play(self, scene, *args, **kwargs)
        RECORDER.end_play(scene, self)

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


TEXT_TYPES = None


def text_types():
    global TEXT_TYPES
    if TEXT_TYPES is None:
        from manim import DecimalNumber, MarkupText, Paragraph, SingleStringMathTex, Text

        TEXT_TYPES = (Text, MarkupText, Paragraph, SingleStringMathTex, DecimalNumber)
    return TEXT_TYPES


HIGHLIGHT_TYPES = None


def highlight_types():
    """Shapes made to mark a target: a frame or backing around it, a brace, an underline, a cross over it, a boundary
    tracing its outline."""
    global HIGHLIGHT_TYPES
    if HIGHLIGHT_TYPES is None:
        from manim import AnimatedBoundary, Brace, Cross, SurroundingRectangle, Underline

        HIGHLIGHT_TYPES = (SurroundingRectangle, Brace, Underline, Cross, AnimatedBoundary)
    return HIGHLIGHT_TYPES


MAX_CLASSES = 32


def class_names(cls):
    """A class and its bases, nearest first (Python's method resolution order), without `object`."""
    return [c.__name__ for c in cls.__mro__ if c is not object][:MAX_CLASSES]


def part_of(mobject):
    """The text a mobject is a part of, while that text exists."""
    ref = getattr(mobject, "_inspector_part_of", None)
    return ref() if ref is not None else None


def family_and_texts(mobject):
    """A mobject's family and the texts its parts belong to: writing `eq[1]` plays on `eq`."""
    family = mobject.get_family()
    texts = {id(t): t for t in (part_of(m) for m in family) if t is not None}
    if not texts:
        return family
    ids = {id(m) for m in family}
    return family + [t for k, t in texts.items() if k not in ids]


def text_of(mobject):
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


MAX_TEXT_CHARS = 4000
# Different texts one recording reports at most (src/scene/inspection.ts checks it again).
MAX_TEXTS = 10_000


def text_mode(mobject):
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


def shown_by(mobject):
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


def leaf_animations(animations):
    """The animations of a play, groups (AnimationGroup, Succession, LaggedStart) opened."""
    for animation in animations:
        inner = getattr(animation, "animations", None)
        if inner and type(animation).__name__ not in TRANSFORM_GROUPS:
            yield from leaf_animations(inner)
        else:
            yield animation


# Groups that are one transform of one mobject into another (their parts are pieces of it).
TRANSFORM_GROUPS = {"TransformMatchingShapes", "TransformMatchingTex", "TransformMatchingAbstractBase"}


def kept_share(animation, source, target):
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

        def same(a, b):
            return a.points.shape == b.points.shape and np.allclose(
                a.points - a.points.mean(0), b.points - b.points.mean(0), atol=1e-3
            )

        kept = sum(1 for a, b in zip(before, after) if same(a, b))
    return round(min(1.0, kept / len(before)), 3)


def transform_ends(animation):
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


def copies(animation):
    return any(c.__name__ == "TransformFromCopy" for c in type(animation).__mro__)


def area(box):
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def overlap(a, b):
    return area([max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])])


def hex_of(rgb):
    return "#{:02x}{:02x}{:02x}".format(*(max(0, min(255, round(float(c) * 255))) for c in rgb[:3]))


class Recorder:
    def __init__(self, width, height, fps):
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

    def begin_play(self, scene, renderer, animations=()):
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

    def end_play(self, scene, renderer):
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

    def frame(self, scene, renderer):
        n = round(renderer.time * self.fps)
        if self.frames_in_play == 0 or n % self.stride == 0:
            self.sample(scene, renderer)
        self.frames_in_play += 1
        self.time = renderer.time

    def hold(self, scene, renderer, seconds):
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

    def rewritten(self, mob, other):
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

    def sample(self, scene, renderer):
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

    def answer(self, name):
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


def capped(rows, recorder):
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


def merged_row(key, members, recorder):
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


# Pixels of a typical glyph (between x-height and cap height) per font point at Manim's 8-unit frame height.
GLYPH_UNITS_PER_POINT = 0.0075


def glyph_px(mobject, shapes, camera):
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


def flat(mobject):
    """Whether the mobject lies in the scene's plane (no depth beyond a thousandth of its size)."""
    import numpy as np

    points = mobject.get_all_points()
    if len(points) == 0:
        return True
    extent = np.ptp(points, axis=0)
    return float(extent[2]) <= 1e-3 * max(float(extent[0]), float(extent[1]), 1e-9)


def orientation_of(camera):
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


def background_of(camera):
    """The camera's background colour; scenes set it as a colour or a string."""
    from manim import ManimColor

    try:
        return hex_of(ManimColor(camera.background_color).to_rgb())
    except Exception:  # noqa: BLE001 - an exotic value: Manim's default
        return "#000000"


def open_path(leaf):
    """A stroke without fill whose ends do not meet: a line, a plot, an arc (a circle's or a polygon's path closes)."""
    try:
        return leaf.get_fill_opacity() <= 0.01 and len(leaf.points) > 0 and not leaf.is_closed()
    except Exception:  # noqa: BLE001 - not a path (an image)
        return False


def visible_leaf(leaf):
    try:
        fill = leaf.get_fill_opacity() > 0.01
        stroke = leaf.get_stroke_opacity() > 0.01 and leaf.get_stroke_width() > 0
    except Exception:  # noqa: BLE001 - an ImageMobject has neither: it is drawn whole
        return True
    return fill or stroke


def leaf_geometry(camera, leaf):
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


def dominant(leaves, shapes, part):
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


def relations(uid, geometry, camera):
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


def inside(edges, points):
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


def drawn_twice(geometry):
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


def near(edges, points, distance):
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


def stroke_length_inside(edges, box):
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


if __name__ == "__main__":
    main()
