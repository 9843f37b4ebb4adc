"""
Scene renderer: renders one scene of a fragment's Manim source to an mp4, as Manim's command line does.

    python render_scene.py < request.json > video.mp4

The request (JSON on stdin): {"files": {"name.py": "source", ...}, "scene": "ClassName", "width": px,
"height": px, "fps": frames per second, "texCache": the TeX cache's directory or null}. It runs in the
scene sandbox (docs/scene-inspection.md) in a private scratch directory: the sources are written to ./src,
Manim renders into ./media, and the video's bytes go to stdout, so the sandbox needs no writable path on
the host. Anything the scene prints goes to stderr; a failure exits 1 with its reason as stderr's last line.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from scene_inspection.jobs import frame_shape  # noqa: E402
from scene_inspection.sources import error_text, load_source, write_sources  # noqa: E402
from scene_inspection.tex_cache import TexLog, install_tex_cache  # noqa: E402


def main():
    request = json.load(sys.stdin)
    video = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        movie = render(request)
    except BaseException as exc:  # noqa: BLE001 - every failure is an answer
        if isinstance(exc, KeyboardInterrupt):
            raise
        print(f"render failed: {error_text(exc)[-1000:]}", file=sys.stderr)
        sys.exit(1)
    with open(movie, "rb") as f:
        while chunk := f.read(1 << 20):
            video.write(chunk)
    video.flush()


def render(request):
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)
    notes = []
    written = write_sources(request.get("files") or {}, notes)
    for note in notes:
        print(note, file=sys.stderr)

    from manim import Scene, config, tempconfig

    install_tex_cache(request.get("texCache"), TexLog())
    sys.path.insert(0, os.path.abspath("src"))
    wanted = request["scene"]
    scene_class = None
    for name in written:
        module = load_source(name)
        value = vars(module).get(wanted)
        if isinstance(value, type) and issubclass(value, Scene) and value.__module__ == module.__name__:
            scene_class = value
    if scene_class is None:
        raise LookupError(f"the sources define no Scene subclass named {wanted}")
    with tempconfig({}):
        frame_shape(config, int(request["width"]), int(request["height"]), float(request["fps"]))
        config.media_dir = os.path.abspath("media")
        config.verbosity = "ERROR"
        config.progress_bar = "none"
        config.disable_caching = True
        config.format = "mp4"
        scene = scene_class()
        scene.render()
        movie = scene.renderer.file_writer.movie_file_path
    if not movie or not os.path.isfile(movie):
        raise RuntimeError("Manim wrote no video (the scene has no animation and no wait?)")
    return movie


if __name__ == "__main__":
    main()
