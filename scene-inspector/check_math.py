"""
Mathematics on screen, checked by a computer algebra system (SymPy): is what the formulas claim true,
and does each step of a derivation follow from the one before? (docs/math-and-reading.md)

    check_scene(formulas, steps) -> {"formulas": [...], "steps": [...], ...}

Its parts are in scene_math/: notation.py (the LaTeX read), reading.py (a formula read into SymPy), statements.py
and derivations.py (the checker's two halves), algebra.py (questions asked of expressions).

A formula's LaTeX is read conservatively, never evaluated as code: it is split at its top-level
relations (`=`, `\\approx`, `<`, `\\Rightarrow`, ...), every command in it must be on a list of
commands whose meaning is fixed (anything else, `\\cdots`, `\\vec`, `\\text{...}`, a matrix, is notation
not read, and the formula is skipped), and each side is parsed by SymPy's LaTeX parser (its ANTLR
backend, which builds expressions without evaluating them). What a parser would guess is decided by
principle:
  - `e` and `i` standing free are Euler's number and the imaginary unit (a sum's index `i` is bound);
  - a letter before parentheses multiplies them (`n(n+1)`), unless it is a function letter
    (f, g, h, F, G, H, or one the scene defined with `f(x) = ...`);
  - `\\log` without a base is read with base e, 10 and 2, and a claim fails only if it fails under each;
  - a decimal is as precise as its digits: `\\pi = 3.14` holds (to its last digit), as `\\approx` does;
  - `\\pm` is both signs at once: an identity holds with both, an equation's solutions are both.
A formula is a claim to check when it is closed (no free symbol: arithmetic, a definite integral, a
limit, a finite sum), when a side is an operator's result (a derivative, an antiderivative, a sum, a
product, a limit), when it is a chain `A = B = C` (each adjacent pair), or when it is an identity by its
shape (both sides have the same unknowns, and one is the other rewritten: expanded, factored, a rule of
logarithms or trigonometry; polynomial sides keep their leading term, as a rewriting does). An equation
with a lone symbol or function on one side (`A = \\pi r^2`,
`f(x) = x^2`) is a definition; an equation whose sides are already as simple as they get (`2x + 3 = 7`)
is a condition on its unknowns. Both are skipped as statements and take part in derivations.

A derivation step (one formula turned into the next) must follow from the one before: consecutive
expressions are equal; every solution of an equation solves the next equation too (moving a term across
or squaring both sides keeps them; a wrong factoring or a lost root does not).

Truth is decided numerically, at points, at 30 digits: a claim fails only where it fails at several
points and the values are finite there; undecided is skipped, never flagged. Every formula runs under a
CPU timer, numbers are bounded before anything is evaluated, and the scene has a CPU budget: what runs
out is skipped and counted.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable
from types import FrameType

from scene_math.derivations import Derivations
from scene_math.reading import Reader, Skip, lines_of, math_segments, normalise, split_relations
from scene_math.statements import Statements

# CPU seconds one formula or one step may take; a scene's whole check.
FORMULA_CPU_SECONDS = 1.0
SCENE_CPU_SECONDS = 20.0


class Checker(Statements, Derivations):
    """Checks the formulas and steps of one scene, in the order they were shown, within the scene's budget."""

    def __init__(self) -> None:
        import sympy

        self.sp = sympy
        self.reader = Reader()
        self.definitions = {}  # function letter -> (variable, expression); symbol -> expression
        self.rng = random.Random(20261128)
        # The parser's first parse loads its grammar (about half a second): paid here, once per scene.
        self.reader.side("x+1")


class OutOfTime(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise OutOfTime()


def scene_budget() -> float:
    """CPU seconds the scene's check may take: SCENE_CPU_SECONDS, or half of what the process has left under its
    CPU limit (the recording came first and must not be lost to a limit the check runs into)."""
    import resource

    limit = resource.getrlimit(resource.RLIMIT_CPU)[0]
    if limit == resource.RLIM_INFINITY:
        return SCENE_CPU_SECONDS
    return max(0.0, min(SCENE_CPU_SECONDS, (limit - time.process_time()) * 0.5))


def check_scene(formulas: list[dict], steps: list[list]) -> dict:
    """formulas: [{"text", "mode"}] in the order first shown; steps: [[from index, to index]] (a transform turned
    one into the next). Answers a result per formula and per step, the CPU they took and whether the budget ran
    out."""
    started = time.process_time()
    budget = scene_budget()
    out = {"formulas": [], "steps": [], "budgetSpent": False}
    claims = [makes_claim(f) for f in formulas]
    if not steps and True not in claims:
        out["formulas"] = [{"status": "skipped", "why": why} for why in claims]
        out["cpuSeconds"] = round(time.process_time() - started, 3)
        return out
    try:
        checker = Checker()
        out["startCpuSeconds"] = round(time.process_time() - started, 3)
    except Exception as exc:  # noqa: BLE001 - no CAS installed: nothing is checked
        out["error"] = f"{type(exc).__name__}: {exc}"[:300]
        return out
    previous = signal.signal(signal.SIGPROF, _alarm)
    try:
        per_formula = []
        for f, claim in zip(formulas, claims):
            if claim is True:
                per_formula.append(run_one(lambda f=f: checker.formula(f["text"], f["mode"]), started, budget, out))
            else:
                per_formula.append({"status": "skipped", "why": claim})
        for a, b, *how in steps:
            layout = "layout" in how
            result = run_one(
                lambda a=a, b=b, layout=layout: checker.step(
                    formulas[a]["text"], formulas[b]["text"], formulas[a]["mode"], formulas[b]["mode"], layout
                ),
                started,
                budget,
                out,
            )
            out["steps"].append({"from": a, "to": b, **({"layout": True} if layout else {}), **result})
        out["formulas"] = per_formula
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    out["cpuSeconds"] = round(time.process_time() - started, 3)
    return out


def makes_claim(formula: dict) -> bool | str:
    """True when a text has a statement to read (a relation at its top level), else why it is skipped (the reading
    refused it, or no relation); cheap, before SymPy is imported."""
    why = "no claim (no relation in it)"
    for segment in math_segments(formula.get("text") or "", formula.get("mode")):
        for line in lines_of(segment):
            try:
                if len(split_relations(normalise(line))[0]) > 1:
                    return True
            except Skip as exc:
                why = str(exc)
    return why


def run_one(check: Callable[[], dict], started: float, budget: float, out: dict) -> dict:
    """One check under its CPU timer; what is left of the scene's budget bounds it too."""
    left = budget - (time.process_time() - started)
    if left <= 0.01:
        out["budgetSpent"] = True
        return {"status": "skipped", "why": "the scene's time for checking mathematics ran out"}
    one = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, min(FORMULA_CPU_SECONDS, left))
    try:
        result = check()
    except Skip as exc:
        result = {"status": "skipped", "why": str(exc)}
    except OutOfTime:
        result = {"status": "skipped", "why": "the CAS took too long"}
    except (RecursionError, MemoryError):
        result = {"status": "skipped", "why": "too deep or too large to check"}
    except Exception as exc:  # noqa: BLE001 - SymPy's own failures: undecided, never flagged
        result = {"status": "skipped", "why": f"the CAS failed ({type(exc).__name__})"}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    result["cpuMs"] = round((time.process_time() - one) * 1000, 1)
    return {k: (v[:400] if isinstance(v, str) else v) for k, v in result.items()}
