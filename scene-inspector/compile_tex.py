"""
TeX compiler for the TeX cache: compiles .tex texts to SVG with the commands Manim runs for its default
template (latex to DVI, then dvisvgm), and nothing else: no scene code runs here, and Manim is not imported.

    python compile_tex.py < request.json > answer.json

The request (JSON on stdin): {"texts": [".tex text", ...]}; the answer: one JSON line per text, in the
same order, as each is done (what is done counts when the sandbox stops it): {"svg": SVG text or null}.
It runs in the scene sandbox in a private scratch directory; the caller checks every SVG and stores it
under the sha256 of its text (src/scene/tex-cache.ts).
"""

import json
import subprocess
import sys

# One runaway text (a TeX loop) must not use up the time of the others.
COMPILE_SECONDS = 20


def compile_one(index, text):
    name = f"t{index}"
    with open(f"{name}.tex", "w", encoding="utf-8") as f:
        f.write(text)
    # As manim.utils.tex_file_writing.compile_tex and convert_to_svg spell them for latex and .dvi.
    latex = [
        "latex",
        "-interaction=batchmode",
        "-output-format=dvi",
        "-halt-on-error",
        "-output-directory=.",
        f"{name}.tex",
    ]
    dvisvgm = ["dvisvgm", "--page=1", "--no-fonts", "--verbosity=0", f"--output={name}.svg", f"{name}.dvi"]
    for command in (latex, dvisvgm):
        done = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=COMPILE_SECONDS,
        )
        if done.returncode != 0:
            return None
    with open(f"{name}.svg", "rb") as f:
        return f.read().decode("utf-8")


def main():
    texts = json.load(sys.stdin)["texts"]
    for index, text in enumerate(texts):
        try:
            svg = compile_one(index, text)
        except (OSError, UnicodeDecodeError, subprocess.TimeoutExpired):
            svg = None
        print(json.dumps({"svg": svg}), flush=True)


if __name__ == "__main__":
    main()
