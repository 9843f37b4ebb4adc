"""
A warm re-inspection session for a scene repair (docs/fixes.md, "Edits and verification"): Manim is
imported once, then each candidate patch is inspected in a forked child of this process, so what one
candidate's code does to modules or Manim's config dies with it, and none pays the import again. TeX
compiled by one candidate is found by the next in the scratch media directory.

    python repair_session.py      (in the scene's sandbox; JSON lines on stdin and stdout)

First line in: {"files": {name: source}, "job": {scene, width, height, fps, durationMs, toleranceMs},
"candidateSeconds": the wall time one candidate may take, "texCache": the TeX cache's directory (read-only here) or
null}. First line out: {"ready": true, "manim",
"importCpuSeconds"} (or {"ready": false, "error"}). Then one line out per line in:
  in   {"id", "edits": [SourceEdit, ...]}   (patch_scene.py; [] re-inspects the sources as they are)
  out  {"id", "status": "invalid", "reason"}              an edit could not be applied
       {"id", "status": "ran", "result": {the inspector's answer for the job}, "files": {changed name: text},
        "diff": {name: unified diff}, "changes": [{file, line, before, after}], "cpuSeconds"}
       {"id", "status": "stopped", "reason", ...}          the child ran past its time, died or answered nothing
cpuSeconds is the child's own CPU and its compilers' (TeX), from the kernel. The session ends when its
input does. Anything a scene prints goes to stderr.
"""
from __future__ import annotations

import json
import os
import select
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # sources are rewritten within a second: a cached module could be stale

import inspect_scene  # noqa: E402
from patch_scene import PatchError, apply_edits, unified_diffs  # noqa: E402

MAX_ANSWER = 64 * 1024 * 1024


def main():
    import warnings

    warnings.filterwarnings("ignore", category=DeprecationWarning)
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    stdin = sys.stdin
    first = json.loads(stdin.readline() or "{}")
    files = first.get("files") or {}
    job = first.get("job") or {}
    seconds = float(first.get("candidateSeconds") or 120)
    ready = {"ready": True, "notes": []}
    try:
        config = inspect_scene.import_manim(ready, first.get("texCache"))
        del ready["texCompiled"]  # compiled by the candidates' children, who do not report it
    except BaseException as exc:  # noqa: BLE001 - every failure is an answer
        if isinstance(exc, KeyboardInterrupt):
            raise
        config = None
        ready = {"ready": False, "error": inspect_scene.error_text(exc)[-2000:]}
    send(answers, ready)
    if config is None:
        return
    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        send(answers, candidate(request, files, job, config, seconds, answers.fileno()))


def send(answers, message):
    answers.write(json.dumps(message, separators=(",", ":")) + "\n")
    answers.flush()


def candidate(request, files, job, config, seconds, answers_fd):
    """One candidate: patched here (no scene code runs to patch), inspected in a forked child."""
    cid = request.get("id")
    try:
        patched, changes = apply_edits(files, request.get("edits") or [])
    except PatchError as exc:
        return {"id": cid, "status": "invalid", "reason": str(exc)[:1000]}
    changed = {name: text for name, text in patched.items() if text != files.get(name)}
    done = {"id": cid, "files": changed, "diff": unified_diffs(files, changed), "changes": changes}
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        inspect_child(patched, job, config, write_end, answers_fd)
    try:
        os.setpgid(pid, pid)  # the child does too; whichever runs first
    except OSError:
        pass
    os.close(write_end)
    raw, timed_out = read_answer(read_end, pid, time.monotonic() + seconds)
    os.close(read_end)
    for kill in (os.killpg, os.kill):  # the candidate, and whatever it left running
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
    _, status, usage = os.wait4(pid, 0)
    done["cpuSeconds"] = round(usage.ru_utime + usage.ru_stime, 3)
    if timed_out:
        return {**done, "status": "stopped", "reason": f"ran past its {seconds:g} s limit"}
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU:
        return {**done, "status": "stopped", "reason": "used more than its CPU limit"}
    try:
        result = json.loads(raw)
    except ValueError:
        why = f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"exit {os.WEXITSTATUS(status)}"
        return {**done, "status": "stopped", "reason": f"the candidate's run ended without an answer ({why})"}
    return {**done, "status": "ran", "result": result}


def inspect_child(files, job, config, answer_fd, session_fd):
    """In the forked child: the patched sources written and imported afresh, the job run, the answer written."""
    out = {"status": "error", "error": "the candidate's inspection did not finish"}
    try:
        os.setpgid(0, 0)
        os.close(session_fd)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        result = {}
        written = inspect_scene.write_sources(files, [])
        scenes = inspect_scene.load_scenes(written, result)
        out = {"status": "error", "error": result["error"]} if scenes is None else inspect_scene.run_job(job, scenes, config)
    except BaseException as exc:  # noqa: BLE001 - the scene's failure is the candidate's
        out = {"status": "error", "error": inspect_scene.error_text(exc)[-2000:]}
    finally:
        try:
            with os.fdopen(answer_fd, "w") as f:
                json.dump(out, f, separators=(",", ":"))
        finally:
            os._exit(0)


def read_answer(fd, pid, deadline):
    """The child's answer until it closes the pipe, at most MAX_ANSWER bytes, or nothing once the deadline passes."""
    chunks = []
    size = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return b"", True
        ready, _, _ = select.select([fd], [], [], min(left, 1.0))
        if not ready:
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks), False
        size += len(chunk)
        if size > MAX_ANSWER:
            return b"", False
        chunks.append(chunk)


if __name__ == "__main__":
    main()
