"""A request's jobs: Manim imported and patched once, the sources loaded once, then each job's scene run recording
(the one that fits the video, when several could), its seeding followed and its mathematics checked."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import check_math

from .hooks import Recording, install_line_tracking, install_recording
from .protocol import Answer, Job, JobResult, Request
from .recorder import Recorder
from .seeding import follow_seeding, random_states
from .sources import error_text, load_scenes, write_sources
from .tex_cache import TexLog, install_tex_cache, install_tex_clock

if TYPE_CHECKING:
    from manim._config.utils import ManimConfig


@dataclass
class Inspector:
    """What importing Manim set up once per process, passed to every job: Manim's config, the slot of the recorder the
    patched renderer records into, and what TeX cost."""

    config: ManimConfig
    recording: Recording
    tex: TexLog


def inspect_request(request: Request, result: Answer) -> None:
    """Imports the sources once, then runs each job: a scene (or the one that fits) at one video's size and rate."""
    result["notes"] = []
    written = write_sources(request.get("files") or {}, result["notes"])
    inspector = import_manim(result, request.get("texCache"))
    candidates = load_scenes(written, result)
    if candidates is None:
        return
    for job in request.get("jobs") or []:
        result["results"].append(run_job(job, candidates, inspector))


def import_manim(result: Answer, tex_cache: str | None) -> Inspector:
    """Imports Manim (timed), replaces drawing by recording and serves TeX from the cache."""
    started = time.process_time()
    import manim
    from manim import config

    result["manim"] = manim.__version__
    result["importCpuSeconds"] = round(time.process_time() - started, 3)
    recording = Recording()
    tex = TexLog()
    install_line_tracking(recording)
    install_recording(recording)
    install_tex_cache(tex_cache, tex)
    install_tex_clock(tex)
    result["texCompiled"] = tex.compiled
    return Inspector(config, recording, tex)


def run_job(job: Job, candidates: list[type], inspector: Inspector) -> JobResult:
    """One job's answer, with the CPU it took and its TeX apart."""
    job_started = time.process_time()
    clock = inspector.tex.clock
    tex_before = dict(clock)
    outcome = inspect_job(job, candidates, inspector)
    outcome["cpuSeconds"] = round(time.process_time() - job_started, 3)
    # TeX counted apart: the compiler's processes, and this process's time waiting on and reading their output.
    outcome["tex"] = {k: round(clock[k] - tex_before[k], 3) for k in clock}
    return outcome


def inspect_job(job: Job, candidates: list[type], inspector: Inspector) -> JobResult:
    """The scene's answer, or of the one candidate whose timeline matches the video (several: all of theirs)."""
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
            run_scene(cls, recorder, inspector, width, height, fps, still)
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
                again = partial(recorded_answer, cls, inspector, width, height, fps, still)
                follow_seeding(answer, recorder.cpu_seconds, again)
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


def configure(config: ManimConfig, width: int, height: int, fps: float, still: bool = False) -> None:
    """Manim's config for a recording: a dry run at the video's size and rate, nothing cached or written."""
    config.dry_run = True
    # Manim's -s: every animation skipped (its end state applied), the last frame the picture.
    config.save_last_frame = still
    config.disable_caching = True
    config.write_to_movie = False
    config.media_dir = os.path.abspath("media")
    config.verbosity = "ERROR"
    config.progress_bar = "none"
    frame_shape(config, width, height, fps)


def frame_shape(config: ManimConfig, width: int, height: int, fps: float) -> None:
    """Manim's frame at the video's size and rate (render_scene.py renders with the same)."""
    config.pixel_width = width
    config.pixel_height = height
    config.frame_rate = fps
    # Manim's frame is 16:9 unless the render asked for another shape (853.3 x 480 rounds to 854).
    aspect = width / height
    config.frame_width = config.frame_height * (16 / 9 if abs(aspect / (16 / 9) - 1) < 0.01 else aspect)


def run_scene(
    cls: type, recorder: Recorder, inspector: Inspector, width: int, height: int, fps: float, still: float | None = None
) -> None:
    """Runs the scene recording; `still` (seconds), the scene as Manim's -s renders it: its last frame, held that
    long."""
    from manim import tempconfig

    with tempconfig({}):
        configure(inspector.config, width, height, fps, still is not None)
        inspector.recording.recorder = recorder
        scene = cls()
        recorder.scene = scene
        # Manim seeds Python's and NumPy's generators as the scene starts, from its seed or, without one, afresh.
        before = random_states()
        scene.render()
        recorder.unseeded = scene.random_seed is None and random_states() != before
        if still is not None:
            recorder.hold(scene, scene.renderer, still)


def recorded_answer(
    cls: type, inspector: Inspector, width: int, height: int, fps: float, still: float | None
) -> JobResult:
    """The scene run once more, recorded afresh: its answer."""
    recorder = Recorder(width, height, fps)
    run_scene(cls, recorder, inspector, width, height, fps, still)
    return recorder.answer(cls.__name__)
