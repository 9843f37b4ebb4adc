"""Small questions asked of SymPy expressions: their shape, their operators, and whether two values are close."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sympy import Expr


# How near a printed decimal must be: ("abs", amount) to its last digit, or ("rel", share) for `\approx`.
Tolerance = tuple[str, float]

# Digits of precision, points tried, and the relative tolerance of "equal" for exact values.
DIGITS = 30
POINTS = 5
TOLERANCE = 1e-12


def canonical(expr: Expr) -> Expr:
    """The parser's unevaluated tree evaluated as SymPy would have built it (sums collected, numbers combined);
    its numbers were bounded first."""
    if not expr.args:
        return expr
    return expr.func(*[canonical(a) for a in expr.args])


def rewritable(expr: Expr) -> bool:
    """Written in a form that rewriting changes: a product with a sum in it, a sum raised to a power, a fraction
    with unknowns below, a function of a compound argument."""
    import sympy as sp

    for e in sp.preorder_traversal(expr):
        if isinstance(e, sp.Mul) and any(isinstance(a, sp.Add) for a in e.args):
            return True
        if isinstance(e, sp.Pow) and (isinstance(e.base, sp.Add) or (e.exp.is_negative and e.base.free_symbols)):
            return True
        if isinstance(e, sp.Function) and any(not a.is_Atom and a.free_symbols for a in e.args):
            return True
    return False


def derived(expr: Expr) -> bool:
    """Names a derivative or a function (`f'(x)`, `y'`, `f(2)`): its value comes from the scene's definitions."""
    from sympy.core.function import AppliedUndef

    return bool(expr.atoms(AppliedUndef)) or any(s.name.endswith("'") for s in expr.free_symbols)


def has_operator(expr: Expr) -> bool:
    import sympy as sp

    return bool(expr.atoms(sp.Derivative, sp.Integral, sp.Sum, sp.Product, sp.Limit))


def antiderivative_of(integral: Expr, F: Expr) -> tuple[Expr, Expr, Expr] | None:
    """`\\int f\\,dx = F` (an indefinite integral alone on one side): (f, x, F)."""
    import sympy as sp

    if isinstance(integral, sp.Integral) and len(integral.limits) == 1 and len(integral.limits[0]) == 1:
        return integral.function, integral.limits[0][0], F
    return None


def signs_of(latex: str) -> tuple[int, ...]:
    return (1, -1) if ("\\pm" in latex or "\\mp" in latex) else (1,)


def printed_tolerance(left: str, right: str, relation: str) -> Tolerance | None:
    """How precise a printed decimal is: one unit of its last digit (`3.14` stands for π to 0.01); for `\\approx`
    without a decimal, 1%; exact values otherwise."""
    decimals = [len(m) for m in re.findall(r"\d\.(\d+)", left + " " + right)]
    if decimals:
        return ("abs", 10.0 ** -min(decimals))
    if relation == "≈":
        return ("rel", 0.01)
    return None


def close(a: complex, b: complex, tolerance: Tolerance | None, scale: float | None = None) -> bool:
    diff = abs(a - b)
    size = max(1.0, abs(a), abs(b), scale or 0)
    if tolerance is None:
        return diff <= TOLERANCE * size
    kind, amount = tolerance
    return diff <= (amount * (1 + 1e-9) if kind == "abs" else amount * size)


def compare(a: complex, relation: str, b: complex, tolerance: Tolerance | None) -> bool | None:
    if relation in ("=", "≈"):
        return close(a, b, tolerance)
    if relation == "≠":
        return not close(a, b, None)
    if abs(a.imag) > 1e-20 or abs(b.imag) > 1e-20:
        return None
    x, y = a.real, b.real
    return {"<": x < y, ">": x > y, "≤": x <= y or close(a, b, None), "≥": x >= y or close(a, b, None)}.get(relation)


def number(v: complex | None) -> str:
    if v is None:
        return "?"
    if isinstance(v, complex):
        if abs(v.imag) <= 1e-12 * max(1.0, abs(v.real)):
            v = v.real
        else:
            return f"{v.real:.6g}{v.imag:+.6g}i"
    return f"{v:.10g}"
