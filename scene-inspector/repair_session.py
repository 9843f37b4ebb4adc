"""
A warm re-inspection session for a scene repair (docs/fixes.md, "Edits and verification"): Manim is
imported once, then each candidate patch is inspected in a forked child of this process, so what one
candidate's code does to modules or Manim's config dies with it, and none pays the import again. Each
child runs as the first inspection did, in namespaces of its own (user, mount, pid, IPC): a fresh
scratch /tmp (its home too), a /proc of its own processes, no IPC objects, nothing left running by
another candidate, so no candidate can tell it is a re-run (a scene that could would be verified
against something else than what it renders). TeX comes from the TeX cache, read-only.

    python repair_session.py      (in the scene's sandbox; JSON lines on stdin and stdout)

First line in: {"files": {name: source}, "job": {scene, width, height, fps, durationMs, toleranceMs},
"candidateSeconds": the wall time one candidate may take, "texCache": the TeX cache's directory (read-only here) or
null, "scratchBytes": the size of each candidate's /tmp}. First line out: {"ready": true, "manim",
"importCpuSeconds"} (or {"ready": false, "error"}: also when candidates cannot have namespaces of their own here).
Then one line out per line in:
  in   {"id", "edits": [SourceEdit, ...]}   (patch_scene.py; [] re-inspects the sources as they are)
  out  {"id", "status": "invalid", "reason"}              an edit could not be applied
       {"id", "status": "ran", "result": {the inspector's answer for the job}, "files": {changed name: text},
        "diff": {name: unified diff}, "changes": [{file, line, before, after}], "cpuSeconds"}
       {"id", "status": "stopped", "reason", ...}          the child ran past its time, died or answered nothing
cpuSeconds is the child's own CPU and its compilers' (TeX), from the kernel. The session ends when its
input does. Anything a scene prints goes to stderr.
"""

from __future__ import annotations

import ctypes
import json
import os
import select
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # sources are rewritten within a second: a cached module could be stale

from patch_scene import PatchError, apply_edits, unified_diffs  # noqa: E402
from scene_inspection.jobs import import_manim, run_job  # noqa: E402
from scene_inspection.sources import error_text, load_scenes, write_sources  # noqa: E402

MAX_ANSWER = 64 * 1024 * 1024
# How long a candidate that has answered may take to end (its namespace's processes going).
END_GRACE_SECONDS = 5
SCRATCH = "/tmp"
DEFAULT_SCRATCH_BYTES = 256 * 1024 * 1024
# <sched.h>, <sys/mount.h>, <linux/capability.h>
CLONE_NEWNS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID = 0x00020000, 0x08000000, 0x10000000, 0x20000000
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REC, MS_PRIVATE = 0x2, 0x4, 0x8, 0x4000, 0x40000
CAPABILITY_VERSION_3 = 0x20080522
LIBC = ctypes.CDLL(None, use_errno=True)


def checked(result, what):
    if result != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"{what}: {os.strerror(errno)}")


def unshare_namespaces():
    """This process in a user, mount and IPC namespace of its own, its children in a pid namespace of their own; the
    same uid and gid as before."""
    uid, gid = os.getuid(), os.getgid()
    checked(LIBC.unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWPID), "unshare")
    for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
        with open(f"/proc/self/{name}", "w") as f:
            f.write(text)
    checked(LIBC.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "mount --make-rprivate /")


def mount_fresh(scratch_bytes):
    """In the new pid namespace: its own /proc, and a fresh, bounded tmpfs on /tmp (and on the working directory, when
    that is elsewhere), so nothing another candidate left is there."""
    checked(LIBC.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None), "mount /proc")
    cwd = os.getcwd()
    options = f"size={scratch_bytes},mode=0755".encode()
    for target in [SCRATCH] + ([cwd] if cwd != SCRATCH and not cwd.startswith(SCRATCH + os.sep) else []):
        checked(LIBC.mount(b"tmpfs", target.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, options), f"mount {target}")
    os.makedirs(cwd, exist_ok=True)
    os.chdir(cwd)


def drop_capabilities():
    """No capabilities, not even in the namespaces made for it: the scene runs as it would in the sandbox itself."""

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]

    checked(LIBC.capset(ctypes.byref(Header(CAPABILITY_VERSION_3, 0)), ctypes.byref((Data * 2)())), "capset")


def isolation_problem(scratch_bytes):
    """Why a candidate cannot run in namespaces of its own here, or None: tried once, in a child, at the start."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        why = b""
        try:
            unshare_namespaces()
            inner = os.fork()
            if inner == 0:
                try:
                    mount_fresh(scratch_bytes)
                    drop_capabilities()
                    os._exit(0)
                except BaseException as exc:  # noqa: BLE001 - the reason is the answer
                    os.write(write_end, str(exc).encode()[:500])
                    os._exit(1)
            os.waitpid(inner, 0)
        except BaseException as exc:  # noqa: BLE001
            why = str(exc).encode()[:500]
        os.write(write_end, why)
        os._exit(0)
    os.close(write_end)
    reason = b""
    while chunk := os.read(read_end, 4096):
        reason += chunk
    os.close(read_end)
    os.waitpid(pid, 0)
    return reason.decode("utf-8", "replace") or None


def reachable_from_candidates(directory):
    """The TeX cache as the candidates can still read it: each mounts a fresh /tmp, which hides a cache kept under
    it (the default data directory is), so it is read through a descriptor opened now, before that mount."""
    if not directory:
        return directory
    try:
        return f"/proc/self/fd/{os.open(directory, os.O_RDONLY | os.O_DIRECTORY)}"
    except OSError:
        return None


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
    scratch_bytes = int(first.get("scratchBytes") or DEFAULT_SCRATCH_BYTES)
    ready = {"ready": True, "notes": []}
    try:
        inspector = import_manim(ready, reachable_from_candidates(first.get("texCache")))
        del ready["texCompiled"]  # compiled by the candidates' children, who do not report it
        problem = isolation_problem(scratch_bytes)
        if problem:
            inspector = None
            ready = {
                "ready": False,
                "error": f"candidates cannot run in namespaces of their own here ({problem}), "
                "so none could be verified as a first run",
            }
    except BaseException as exc:  # noqa: BLE001 - every failure is an answer
        if isinstance(exc, KeyboardInterrupt):
            raise
        inspector = None
        ready = {"ready": False, "error": error_text(exc)[-2000:]}
    send(answers, ready)
    if inspector is None:
        return
    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        send(answers, candidate(request, files, job, inspector, seconds, scratch_bytes, answers.fileno()))


def send(answers, message):
    answers.write(json.dumps(message, separators=(",", ":")) + "\n")
    answers.flush()


def candidate(request, files, job, inspector, seconds, scratch_bytes, answers_fd):
    """One candidate: patched here (no scene code runs to patch), inspected in a forked child."""
    cid = request.get("id")
    try:
        patched, changes = apply_edits(files, request.get("edits") or [])
    except PatchError as exc:
        return {"id": cid, "status": "invalid", "reason": str(exc)[:1000]}
    except Exception as exc:  # noqa: BLE001 - a patcher's fault is this candidate's, never the session's end
        return {
            "id": cid,
            "status": "invalid",
            "reason": f"the edit could not be applied ({type(exc).__name__}: {exc})"[:1000],
        }
    changed = {name: text for name, text in patched.items() if text != files.get(name)}
    done = {"id": cid, "files": changed, "diff": unified_diffs(files, changed), "changes": changes}
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        inspect_child(patched, job, inspector, scratch_bytes, write_end, answers_fd)
    try:
        os.setpgid(pid, pid)  # the child does too; whichever runs first
    except OSError:
        pass
    os.close(write_end)
    raw, timed_out = read_answer(read_end, pid, time.monotonic() + seconds)
    os.close(read_end)
    status, usage = reap(pid, time.monotonic() + (0 if timed_out else END_GRACE_SECONDS))
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


def reap(pid, deadline):
    """The child's end and its CPU: waited for until the deadline (it passes the candidate's end on once the candidate
    has exited, and its CPU with it), then stopped, with whatever it left running in its group."""
    while time.monotonic() < deadline and os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None:
        time.sleep(0.01)
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
    _, status, usage = os.wait4(pid, 0)
    return status, usage


def inspect_child(files, job, inspector, scratch_bytes, answer_fd, session_fd):
    """In the forked child: namespaces of its own, the first process of whose pid namespace waits for the candidate and
    passes its end on (when it goes, everything the candidate left running goes with it)."""
    status = 1
    try:
        os.setpgid(0, 0)
        os.close(session_fd)
        unshare_namespaces()
        init = os.fork()
        if init == 0:
            os._exit(first_process(files, job, inspector, scratch_bytes, answer_fd))
        os.close(answer_fd)
        _, status = os.waitpid(init, 0)
    except BaseException:  # noqa: BLE001 - the candidate's run ends without an answer
        pass
    # The candidate's end, as the session reads it: a signal it died of (SIGXCPU at its CPU limit), else its exit.
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1
    if code > 128:
        try:
            signal.signal(code - 128, signal.SIG_DFL)
        except (OSError, ValueError):
            pass  # SIGKILL keeps its action; an unknown number is no signal
        try:
            os.kill(os.getpid(), code - 128)
        except (OSError, ValueError):
            pass
    os._exit(code)


def first_process(files, job, inspector, scratch_bytes, answer_fd):
    """Pid 1 of the candidate's namespace: mounts its fresh scratch, runs the candidate in a child and reaps whatever it
    leaves; its exit is the candidate's (128 + the signal that ended it)."""
    try:
        mount_fresh(scratch_bytes)
    except OSError as exc:
        with os.fdopen(answer_fd, "w") as f:
            json.dump({"status": "error", "error": f"no fresh scratch for the candidate ({exc})"}, f)
        return 0
    candidate_pid = os.fork()
    if candidate_pid == 0:
        drop_capabilities()
        run_candidate(files, job, inspector, answer_fd)
    os.close(answer_fd)
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return 1
        if pid == candidate_pid:
            return 128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def run_candidate(files, job, inspector, answer_fd):
    """The patched sources written and imported afresh, the job run, the answer written."""
    out = {"status": "error", "error": "the candidate's inspection did not finish"}
    try:
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        result = {}
        written = write_sources(files, [])
        scenes = load_scenes(written, result)
        out = {"status": "error", "error": result["error"]} if scenes is None else run_job(job, scenes, inspector)
    except BaseException as exc:  # noqa: BLE001 - the scene's failure is the candidate's
        out = {"status": "error", "error": error_text(exc)[-2000:]}
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
