"""TeX as the scene compiles it: timed, and served from the host's cache where an entry holds the very .tex text."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .protocol import MAX_TEX_COMPILED, MAX_TEX_TEXT_CHARS, TexCounts

if TYPE_CHECKING:
    from manim import TexTemplate

TEX_CACHE_COMPILER = ("latex", ".dvi")
MAX_CACHED_SVG_BYTES = 1 << 20


class TexLog:
    """What the scene's TeX cost, counted apart from the scene (a cache hit in the scratch media directory costs
    nothing), and the .tex texts compiled here (not served by the TeX cache), for the caller to compile again in a
    TeX-only sandbox."""

    def __init__(self) -> None:
        self.clock: TexCounts = {"compiles": 0, "ownCpuSeconds": 0.0, "compilerCpuSeconds": 0.0, "cacheHits": 0}
        self.compiled: list[str] = []


def install_tex_clock(log: TexLog) -> None:
    """Times every TeX compilation (a cache hit in the scratch media directory costs nothing)."""
    import resource

    import manim.mobject.text.tex_mobject as tex_mobject

    original = tex_mobject.tex_to_svg_file

    def timed(*args: object, **kwargs: object) -> Path:
        own, children = time.process_time(), resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            return original(*args, **kwargs)
        finally:
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            log.clock["ownCpuSeconds"] += time.process_time() - own
            compiler = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
            log.clock["compilerCpuSeconds"] += compiler
            log.clock["compiles"] += 1 if compiler > 0 else 0

    tex_mobject.tex_to_svg_file = timed


def install_tex_cache(directory: str | None, log: TexLog) -> None:
    """Serves TeX from the host's cache (read-only here; filled by the caller in a TeX-only sandbox) by the sha256
    of the whole .tex text, for Manim's default compiler; an entry that fails its checks is compiled as before."""
    if not directory:
        return
    import manim.mobject.text.tex_mobject as tex_mobject
    from manim import config
    from manim.utils.tex_file_writing import generate_tex_file

    original = tex_mobject.tex_to_svg_file

    def cached(expression: str, environment: str | None = None, tex_template: TexTemplate | None = None) -> Path:
        template = tex_template or config["tex_template"]
        if (template.tex_compiler, template.output_format) != TEX_CACHE_COMPILER:
            return original(expression, environment, tex_template)
        tex_file = generate_tex_file(expression, environment, template)
        text = tex_file.read_text(encoding="utf-8")
        svg = cached_svg(directory, text)
        if svg is not None:
            log.clock["cacheHits"] += 1
            out = tex_file.with_suffix(".svg")
            out.write_bytes(svg)
            return out
        result = original(expression, environment, tex_template)
        if len(text) <= MAX_TEX_TEXT_CHARS and len(log.compiled) < MAX_TEX_COMPILED and text not in log.compiled:
            log.compiled.append(text)
        return result

    tex_mobject.tex_to_svg_file = cached


def cached_svg(directory: str, text: str) -> bytes | None:
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


def is_dvisvgm_svg(data: bytes) -> bool:
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
