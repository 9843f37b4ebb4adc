"""Render the third held-out math corpus (manim-math-blind) and, at 480p15 (-ql), write labels.json (a labelled set, docs/calibration.md).

Run through scripts/render-manim-corpus.sh (it sets up Manim):

    CORPUS=corpus/manim-math-blind scripts/render-manim-corpus.sh [NAME ...]

Arguments: scene names (NAME, e.g. math-linear-move-constant) to re-render only those; default all.
QUALITY (480p15, 720p30 or 1080p60) picks Manim's quality; the higher ones go to a subfolder named
after it and keep the labels, saying where a defect's marks land more than one 480p15 frame away from
its labelled window.

Each defect scene's expected issue gets its window from the scene's own marks and its `line` from
the `# defect` comment in scenes.py (the line that creates the wrong formula or the too-brief text).
"""

import inspect
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import manim  # noqa: E402
from manim import tempconfig  # noqa: E402

import scenes  # noqa: E402

LABELS = HERE / "labels.json"
QUALITY = os.environ.get("QUALITY", "480p15")
MANIM_QUALITY = {"480p15": "low_quality", "720p30": "medium_quality", "1080p60": "high_quality"}[QUALITY]
OUT = HERE if QUALITY == "480p15" else HERE / QUALITY
MARKER = "# defect"


def corpus_scenes():
    return [c for c in vars(scenes).values() if isinstance(c, type) and issubclass(c, scenes.Labelled) and c.NAME]


def defect_line(cls):
    """The absolute line in scenes.py marked `# defect` in this class (exactly one for a defect scene, none for a clean one)."""
    lines, start = inspect.getsourcelines(cls)
    marked = [start + i for i, text in enumerate(lines) if text.rstrip().endswith(MARKER)]
    if cls.DEFECT and len(marked) != 1:
        raise SystemExit(f"{cls.__name__}: a defect scene needs exactly one line ending in '{MARKER}' (found {len(marked)})")
    if not cls.DEFECT and marked:
        raise SystemExit(f"{cls.__name__}: a clean scene has a '{MARKER}' line ({marked[0]})")
    return marked[0] if marked else None


def render(cls, media_dir):
    with tempconfig({"quality": MANIM_QUALITY, "media_dir": media_dir, "disable_caching": True, "verbosity": "WARNING", "progress_bar": "none", "output_file": cls.NAME}):
        scene = cls()
        scene.render()
        shutil.copyfile(scene.renderer.file_writer.movie_file_path, OUT / f"{cls.NAME}.mp4")
        duration = round(scene.renderer.time, 3)
    marks = getattr(scene, "marks", {})
    entry = {
        "id": cls.NAME,
        "animation": f"{cls.NAME}.mp4",
        "scene": {"sources": ["scenes.py"], "class": cls.__name__},
        "userInput": None,
        "note": cls.DESCRIPTION,
        "expect": "clean",
    }
    if cls.DEFECT:
        if "start" not in marks:
            raise SystemExit(f"{cls.__name__}: a defect scene must mark its start")
        entry["expect"] = [expected_issue(cls, [marks["start"], marks.get("end", duration)])]
    return entry


def expected_issue(cls, window):
    """The defect as one expected issue: the first kind named, the others' categories as alternatives."""
    kinds = {}
    for kind, category in cls.EXPECTED:
        kinds.setdefault(kind, []).append(category)
    one = lambda kind, categories: {"kind": kind, "category": categories[0]} if len(categories) == 1 else {"kind": kind, "categories": categories}
    (first, categories), *others = kinds.items()
    issue = one(first, categories)
    if others:
        issue["alsoAs"] = [one(kind, cats) for kind, cats in others]
    issue.update({"window": window, "minSeverity": "MEDIUM", "line": defect_line(cls), "name": cls.DEFECT})
    if cls.WHERE:
        issue["note"] = cls.WHERE
    return issue


def main(names):
    classes = corpus_scenes()
    for cls in classes:
        defect_line(cls)
    known = {c.NAME for c in classes}
    unknown = set(names) - known
    if unknown:
        raise SystemExit(f"unknown scenes: {', '.join(sorted(unknown))} (known: {', '.join(sorted(known))})")
    previous = {a["id"]: a for a in json.loads(LABELS.read_text())["animations"]} if (names or OUT != HERE) and LABELS.exists() else {}
    OUT.mkdir(exist_ok=True)
    videos = []
    with tempfile.TemporaryDirectory(prefix="manim-corpus-") as media_dir:
        for cls in classes:
            if names and cls.NAME not in names:
                if cls.NAME in previous:
                    videos.append(previous[cls.NAME])
                continue
            print(f"rendering {cls.NAME}", flush=True)
            videos.append(render(cls, media_dir))
    if OUT != HERE:
        for v in videos:
            if v["expect"] == "clean" or v["id"] not in previous:
                continue
            window, labelled = v["expect"][0]["window"], previous[v["id"]]["expect"][0]["window"]
            if max(abs(a - b) for a, b in zip(window, labelled)) > 1 / 15:
                print(f"{v['animation']}: window {window} at {QUALITY}, labelled {labelled}")
        return
    labels = {
        "format": "evals-labelled-set",
        "version": 1,
        "name": "manim-math-blind",
        "note": f"Real Manim Community {manim.__version__} renders at -ql (854x480, 15 fps) of math-teaching scenes: a third held-out set, written after the rules were tuned and never used for tuning (only reported on): scenes with exactly one planted math error, scenes with one text shown too briefly to read, and clean scenes full of notation traps. Windows come from the scenes' own marks, lines from their '# defect' comments (render.py).",
        "toleranceSeconds": 1,
        "countFrom": "MEDIUM",
        "animations": videos,
    }
    LABELS.write_text(json.dumps(labels, indent=2, ensure_ascii=False) + "\n")
    clean = sum(1 for v in videos if v["expect"] == "clean")
    print(f"{len(videos)} videos ({clean} clean, {len(videos) - clean} with one defect each); labels in {LABELS.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
