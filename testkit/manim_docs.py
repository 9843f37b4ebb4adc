"""Manim's documentation examples: the `.. manim::` blocks of the installed Manim's docstrings.

    python manim_docs.py extract                 -> JSON on stdout: {manim, examples: [{module, qualname, scene,
                                                    lastFrame, options, source}]}
    python manim_docs.py render DIR QUALITY      -> reads [{id, scene, lastFrame, file}] (JSON) on stdin, renders
                                                    each in this one process, as Manim's own docs build does, one
                                                    JSON line per scene on stdout: {id, ok, output | error, seconds}

Run with the Manim environment's Python (testkit/manim-docs.ts does). One process renders every scene: importing
Manim costs seconds, a docs example often less.
"""

import ast
import json
import os
import signal
import sys
import time
import traceback


def docstrings(path):
    """(qualified name, docstring) of a module file's module, classes and functions, nested ones included."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = []

    def walk(node, prefix):
        doc = ast.get_docstring(node, clean=True)
        if doc:
            found.append((prefix, doc))
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                walk(child, f"{prefix}.{child.name}" if prefix else child.name)

    walk(tree, "")
    return found


def directives(doc):
    """Each `.. manim:: Name` block of a docstring: its scene, options and code (as the directive reads them)."""
    lines = doc.splitlines()
    i = 0
    while i < len(lines):
        stripped = lines[i].lstrip()
        if not stripped.startswith(".. manim::"):
            i += 1
            continue
        indent = len(lines[i]) - len(stripped)
        scene = stripped[len(".. manim::"):].strip()
        options = {}
        body = []
        i += 1
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
            body.append(lines[i])
            i += 1
        while body and not body[-1].strip():
            body.pop()
        # Options first (`:name: value`), then a blank line, then the code.
        k = 0
        while k < len(body) and body[k].strip().startswith(":"):
            name, _, value = body[k].strip()[1:].partition(":")
            options[name] = value.strip()
            k += 1
        code = body[k:]
        while code and not code[0].strip():
            code.pop(0)
        margin = min((len(c) - len(c.lstrip()) for c in code if c.strip()), default=0)
        code = [c[margin:] for c in code]
        if code and code[0].startswith(">>> "):  # a doctest block: only its statements, as the directive does
            code = [c[4:] for c in code if c.startswith((">>> ", "... "))]
        yield scene, options, "\n".join(code) + "\n"


def extract():
    import manim

    root = os.path.dirname(manim.__file__)
    examples = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            module = "manim." + os.path.relpath(path, root)[:-3].replace(os.sep, ".")
            module = module.removesuffix(".__init__")
            for qualname, doc in docstrings(path):
                for scene, options, code in directives(doc):
                    examples.append(
                        {
                            "module": module,
                            "qualname": qualname or None,
                            "scene": scene,
                            "lastFrame": "save_last_frame" in options,
                            "options": options,
                            "source": "from manim import *\n\n" + code,
                        }
                    )
    json.dump({"manim": manim.__version__, "examples": examples}, sys.stdout, indent=1)


class Timeout(Exception):
    pass


def render(out_dir, quality):
    """Each job's scene at the quality (`480p15`...): a video, or for a last-frame example its last frame as a PNG."""
    import manim
    from manim import config, tempconfig

    jobs = json.load(sys.stdin)
    height, rate = (int(n) for n in quality.split("p"))
    width = {480: 854, 720: 1280, 1080: 1920}[height]  # Manim's own -ql, -qm, -qh sizes
    config.progress_bar = "none"
    config.verbosity = "ERROR"
    config.disable_caching = True

    def stop(_signum, _frame):
        raise Timeout("rendering took longer than 300 s")

    signal.signal(signal.SIGALRM, stop)
    for job in jobs:
        started = time.monotonic()
        media = os.path.join(out_dir, "media", job["id"])
        namespace = {}
        outcome = {"id": job["id"]}
        try:
            with open(job["file"], encoding="utf-8") as f:
                code = compile(f.read(), job["file"], "exec")
            settings = {
                "media_dir": media,
                "pixel_height": height,
                "pixel_width": width,
                "frame_rate": rate,
                "save_last_frame": job["lastFrame"],
                "write_to_movie": not job["lastFrame"],
                "output_file": job["id"],
                # The docs build reads assets from its _static folder; an example needing one fails here, recorded.
                "assets_dir": os.path.join(out_dir, "assets"),
            }
            if job["lastFrame"]:
                settings["format"] = "png"
            signal.alarm(300)
            with tempconfig(settings):
                exec(code, namespace)
                scene = namespace[job["scene"]]()
                scene.render()
                written = scene.renderer.file_writer
                output = written.image_file_path if job["lastFrame"] else written.movie_file_path
            signal.alarm(0)
            if not os.path.exists(output):
                raise RuntimeError("the scene plays no animation: Manim wrote no video")
            outcome.update(ok=True, output=str(output))
        except BaseException as exc:  # noqa: BLE001 - a scene that fails is recorded and skipped
            signal.alarm(0)
            if isinstance(exc, KeyboardInterrupt):
                raise
            last = traceback.format_exception_only(type(exc), exc)[-1].strip()
            outcome.update(ok=False, error=last[-500:])
        outcome["seconds"] = round(time.monotonic() - started, 2)
        print(json.dumps(outcome), flush=True)
    del manim


if __name__ == "__main__":
    if sys.argv[1] == "extract":
        extract()
    elif sys.argv[1] == "render":
        render(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f"unknown command {sys.argv[1]!r}")
