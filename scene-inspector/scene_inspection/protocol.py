"""
The inspector's messages: the request it reads (JSON on stdin) and the answer it writes (JSON on stdout), as
src/scene/inspection.ts validates them again on the host (docs/scene-inspection.md).

The request: {"files": {"name.py": "source", ...}, "jobs": [{"scene": "ClassName" or null, "width": px, "height": px,
"fps": frames per second, "durationMs": the video's duration, "toleranceMs": how far a timeline may be from it,
"still", "math", "followSeeding": false to skip the second run that finds what unseeded randomness placed}, ...],
"texCache": the TeX cache's directory (read-only here) or null}: usually one job, the video of one fragment; tests
and benches inspect a corpus's scenes in one run. The source files are written to ./src (the caller runs this in a
private scratch directory) and imported once; they are untrusted and must run in a sandbox.

Manim's Cairo renderer is driven per frame through `render` (one call per animated frame) and `freeze_current_frame`
(static waits). Both are replaced: each advances the clock exactly as drawing would and records the scene's visible
objects at least ten times a second and at every animation boundary; nothing is drawn, no file written (dry run, no
caching).

The answer (anything the scene prints goes to stderr): {protocol, manim, importCpuSeconds, notes, error (a module that
would not import), texCompiled (the .tex texts compiled here, not served by the TeX cache that "texCache" in the
request names), results: one per job}, each
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

from typing import Any, Literal, NotRequired, TypedDict

PROTOCOL = 1

# Bounds of what is reported (src/scene/inspection.ts checks them again).
MAX_SAMPLES = 4000
MAX_UNITS = 600
# Boxes are bounded to this many pixels either way: far past any frame, and within what src/scene/inspection.ts accepts
# (a plot through an asymptote reaches 1e16).
MAX_PX = 1e6
MAX_TEX_TEXT_CHARS = 64 * 1024
MAX_TEX_COMPILED = 200
MAX_CLASSES = 32
MAX_TEXT_CHARS = 4000
# Different texts one recording reports at most.
MAX_TEXTS = 10_000


class Job(TypedDict):
    """One video to explain: the scene that drew it (or None: whichever fits), at its size, rate and duration."""

    scene: NotRequired[str | None]
    width: int
    height: int
    fps: float
    durationMs: NotRequired[int | None]
    toleranceMs: NotRequired[int | None]
    still: NotRequired[bool]
    math: NotRequired[bool]
    followSeeding: NotRequired[bool]


class Request(TypedDict):
    files: dict[str, str]
    jobs: list[Job]
    texCache: NotRequired[str | None]


class Candidate(TypedDict):
    """A Scene subclass tried for a job: its timeline's length, or why it did not run."""

    name: str
    durationMs: NotRequired[int]
    error: NotRequired[str]


class TexCounts(TypedDict):
    """TeX counted apart from the scene's own CPU: compilations, this process's and the compiler's CPU, cache hits."""

    compiles: int
    ownCpuSeconds: float
    compilerCpuSeconds: float
    cacheHits: int


class Unit(TypedDict):
    """A unit on screen: a text object as a whole, or one shape; where it was made and what it is part of."""

    type: str
    text: str | None
    file: str | None
    line: int | None
    calledFrom: int | None
    root: int
    rootType: str
    rootLine: int | None
    rootClasses: NotRequired[list[str]]
    isText: bool
    highlight: NotRequired[bool]
    open: NotRequired[bool]
    placedLine: NotRequired[int]
    unseeded: NotRequired[bool]
    unseededColour: NotRequired[bool]
    shows: NotRequired[list[list[int]]]


# [id, x0, y0, x1, y1, z, fill, fillOpacity, stroke, strokeOpacity, glyphPx, behind, crossings, root] (above).
UnitRow = list[Any]


class Sample(TypedDict):
    t: int
    n: int
    cam: list[float]
    bg: str
    u: list[UnitRow]
    same: NotRequired[list[list[int]]]


class Play(TypedDict):
    i: int
    start: int
    end: int
    file: str | None
    line: int | None
    animations: list[str]
    units: list[int]
    texts: NotRequired[list[list[Any]]]


class ShownText(TypedDict):
    """A text or formula the scene shows: its string as written, how, the line that made it, its glyphs drawn."""

    text: str
    mode: Literal["math", "tex", "text"]
    file: str | None
    line: int | None
    glyphs: int


Status = Literal["ok", "no-scene", "error", "mismatch", "ambiguous"]


class JobResult(TypedDict):
    """One job's answer: a scene's recorded timeline ("ok"), or why there is none."""

    status: Status
    error: NotRequired[str]
    candidates: NotRequired[list[Candidate]]
    cpuSeconds: NotRequired[float]
    tex: NotRequired[TexCounts]
    scene: NotRequired[str]
    durationMs: NotRequired[int]
    width: NotRequired[int]
    height: NotRequired[int]
    fps: NotRequired[float]
    frameWidth: NotRequired[float | None]
    frameHeight: NotRequired[float | None]
    units: NotRequired[dict[str, Unit]]
    samples: NotRequired[list[Sample]]
    plays: NotRequired[list[Play]]
    texts: NotRequired[list[ShownText]]
    steps: NotRequired[list[list[Any]]]
    math: NotRequired[dict[str, Any]]
    notes: NotRequired[list[str]]
    matches: NotRequired[list[JobResult]]


class Answer(TypedDict):
    """The whole answer: Manim's version and import time, the TeX compiled here, one result per job."""

    protocol: int
    results: list[JobResult]
    manim: NotRequired[str]
    importCpuSeconds: NotRequired[float]
    notes: NotRequired[list[str]]
    error: NotRequired[str]
    texCompiled: NotRequired[list[str]]
