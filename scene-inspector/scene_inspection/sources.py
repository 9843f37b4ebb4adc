"""The scene's untrusted sources: written under ./src, imported as Manim's command line imports a scene, and the
lines of them that made an object or raised an error."""

from __future__ import annotations

import os
import sys
import traceback
from types import ModuleType

SOURCE_DIR = os.path.abspath("src")


def user_line() -> tuple[str | None, int | None, int | None]:
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


def outermost_user_line() -> tuple[str | None, int | None]:
    """The scene's own line furthest out on the stack: in construct, the call that led here."""
    frame = sys._getframe(2)
    found = (None, None)
    while frame is not None:
        if frame.f_code.co_filename.startswith(SOURCE_DIR):
            found = (os.path.relpath(frame.f_code.co_filename, SOURCE_DIR), frame.f_lineno)
        frame = frame.f_back
    return found


def error_text(exc: BaseException) -> str:
    """The exception with the innermost line of the scene's source that led to it."""
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename.startswith(SOURCE_DIR):
            where = f" ({os.path.relpath(frame.filename, SOURCE_DIR)}, line {frame.lineno})"
            break
    return f"{type(exc).__name__}: {exc}{where}"


def write_sources(files: dict[str, str], notes: list[str]) -> list[str]:
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


def load_source(name: str) -> ModuleType:
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


def load_scenes(written: list[str], result: dict) -> list[type] | None:
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
