"""Render the corpus scenes and, at 480p15 (-ql), write labels.json from their labels and marks.

Run through scripts/render-manim-corpus.sh (it sets up Manim). Arguments: scene
names (NAME, e.g. clean-fades) to re-render only those; default all. QUALITY
(480p15, 720p30 or 1080p60) picks Manim's quality; the higher ones go to a
subfolder named after it and keep the labels, saying where a defect's marks
land more than one 480p15 frame away from its labelled window.
"""

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


def corpus_scenes():
    return [c for c in vars(scenes).values() if isinstance(c, type) and issubclass(c, scenes.Labelled) and c.NAME]


def render(cls, media_dir):
    with tempconfig({"quality": MANIM_QUALITY, "media_dir": media_dir, "disable_caching": True, "verbosity": "WARNING", "progress_bar": "none", "output_file": cls.NAME}):
        scene = cls()
        scene.render()
        shutil.copyfile(scene.renderer.file_writer.movie_file_path, OUT / f"{cls.NAME}.mp4")
        duration = round(scene.renderer.time, 3)
    marks = getattr(scene, "marks", {})
    entry = {
        "file": f"{cls.NAME}.mp4",
        "scene": cls.__name__,
        "durationS": duration,
        "defect": cls.DEFECT,
        "description": cls.DESCRIPTION,
        "expect": [{"kind": k, "category": c} for k, c in cls.EXPECTED],
        "window": None,
        "where": cls.WHERE,
    }
    if cls.DEFECT:
        if "start" not in marks:
            raise SystemExit(f"{cls.__name__}: a defect scene must mark its start")
        entry["window"] = [marks["start"], marks.get("end", duration)]
    return entry


def main(names):
    classes = corpus_scenes()
    known = {c.NAME for c in classes}
    unknown = set(names) - known
    if unknown:
        raise SystemExit(f"unknown scenes: {', '.join(sorted(unknown))} (known: {', '.join(sorted(known))})")
    previous = {v["file"]: v for v in json.loads(LABELS.read_text())["videos"]} if (names or OUT != HERE) and LABELS.exists() else {}
    OUT.mkdir(exist_ok=True)
    videos = []
    with tempfile.TemporaryDirectory(prefix="manim-corpus-") as media_dir:
        for cls in classes:
            if names and cls.NAME not in names:
                if f"{cls.NAME}.mp4" in previous:
                    videos.append(previous[f"{cls.NAME}.mp4"])
                continue
            print(f"rendering {cls.NAME}", flush=True)
            videos.append(render(cls, media_dir))
    if OUT != HERE:
        for v in videos:
            labelled = previous[v["file"]]["window"]
            if labelled and max(abs(a - b) for a, b in zip(v["window"], labelled)) > 1 / 15:
                print(f"{v['file']}: window {v['window']} at {QUALITY}, labelled {labelled}")
        return
    labels = {
        "manim": manim.__version__,
        "render": "manim -ql: 854x480, 15 fps, Manim's default background and styles",
        "videos": videos,
    }
    LABELS.write_text(json.dumps(labels, indent=2) + "\n")
    clean = sum(1 for v in videos if v["defect"] is None)
    print(f"{len(videos)} videos ({clean} clean, {len(videos) - clean} with one defect each); labels in {LABELS.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
