"""
Scene inspector: runs a Manim scene with drawing replaced by recording, and
writes what is on screen over time, in the video's pixel coordinates.

    python inspect_scene.py < request.json > inspection.json

The request and the answer are described in scene_inspection/protocol.py; the parts that run a request are in
scene_inspection/ (jobs.py runs them). The sources are untrusted and must run in a sandbox
(docs/scene-inspection.md).
"""

from __future__ import annotations

import json
import os
import sys

# Run isolated (-I): the programs beside this one are imported from its own folder.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scene_inspection.jobs import inspect_request  # noqa: E402
from scene_inspection.protocol import PROTOCOL, Answer  # noqa: E402
from scene_inspection.sources import error_text  # noqa: E402


def main() -> None:
    import warnings

    # Manim's own deprecation notices would fill the stderr the caller reads errors from.
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    request = json.load(sys.stdin)
    # The answer goes to the real stdout; whatever the scene prints goes to stderr.
    answer = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    result: Answer = {"protocol": PROTOCOL, "results": []}
    try:
        inspect_request(request, result)
    except BaseException as exc:  # noqa: BLE001 - every failure is an answer
        if isinstance(exc, KeyboardInterrupt):
            raise
        result["error"] = error_text(exc)[-2000:]
    json.dump(result, answer, separators=(",", ":"))
    answer.flush()


if __name__ == "__main__":
    main()
