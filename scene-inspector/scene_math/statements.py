"""A formula on its own: its statements read, sorted into claims, definitions and conditions, and each claim
decided at points."""

from __future__ import annotations

import math
import re

from .algebra import (
    DIGITS,
    POINTS,
    antiderivative_of,
    close,
    compare,
    derived,
    has_operator,
    number,
    printed_tolerance,
    rewritable,
)
from .notation import NOT_CLAIMS, RELATIONS, STANDARD_DEGREES
from .reading import Skip, lines_of, math_segments, normalise, split_relations


class Statements:
    """The checker's part that decides a formula's statements (it reads `self.sp`, `self.reader`, `self.definitions`
    and `self.rng`, set by Checker)."""

    # -- a formula on its own

    def formula(self, latex, mode):
        """{status: ok | wrong | skipped, why, ...}: the first wrong statement of the formula decides."""
        results = []
        segments = math_segments(latex, mode)
        if not segments:
            return {"status": "skipped", "why": "no formula"}
        for segment in segments:
            lines = lines_of(segment)
            for line in lines:
                try:
                    results.append(self.statement(line))
                except Skip as exc:
                    results.append({"status": "skipped", "why": str(exc)})
            # An aligned block of equations in one unknown is a derivation: each line follows from the one before.
            for a, b in zip(lines, lines[1:]):
                try:
                    self.one_unknown(a, b)
                    results.append({**self.step_between(a, b), "line": lines.index(b)})
                except Skip:
                    continue
        wrong = [r for r in results if r["status"] == "wrong"]
        if wrong:
            return wrong[0]
        ok = [r for r in results if r["status"] == "ok"]
        return ok[0] if ok else results[0]

    def statement(self, line, chain=False):
        """One line's claim; `chain` when its first side continues a chain above it (each pair a rewriting)."""
        text = normalise(line)
        sides, relations = split_relations(text)
        if len(sides) == 1:
            raise Skip("an expression (no claim)")
        for r in relations:
            if r in NOT_CLAIMS:
                raise Skip(f"a relation or definition ({r.lstrip(chr(92))}), not a claim")
        if any(RELATIONS[r] in ("⇒", "⇔") for r in relations):
            return self.implications(sides, relations)
        if len(sides) == 2 and not chain:
            return self.pair(sides[0], RELATIONS[relations[0]], sides[1], alone=True)
        # A chain A = B = C: each adjacent pair, as a rewriting (the first side may be a definition's name).
        verdict, skipped = None, None
        for k, r in enumerate(relations):
            if k == 0 and self.defines(sides[0], sides[1]):
                continue
            try:
                verdict = self.pair(sides[k], RELATIONS[r], sides[k + 1], alone=False)
            except Skip as exc:
                # One pair not read (an evaluation at values it does not give): the others are still claims.
                skipped = skipped or exc
                continue
            if verdict["status"] == "wrong":
                return {**verdict, "pair": k}
        if verdict is None and skipped:
            raise skipped
        return verdict or {"status": "skipped", "why": "a definition"}

    def implications(self, sides, relations):
        """`A = B \\Rightarrow C = D \\Rightarrow ...`: each statement follows from the one before."""
        statements, current = [], sides[0]
        for relation, side in zip(relations, sides[1:]):
            if RELATIONS[relation] in ("⇒", "⇔"):
                statements.append(current)
                current = side
            else:
                current = f"{current} {relation} {side}"
        statements.append(current)
        verdict = None
        for a, b in zip(statements, statements[1:]):
            verdict = self.step_between(a, b)
            if verdict["status"] == "wrong":
                return verdict
        return verdict

    def defines(self, left, right):
        """Records `f(x) = ...` and `y = ...` as the scene's definitions; whether `left` is such a name."""
        sp = self.sp
        from sympy.core.function import AppliedUndef

        try:
            name = self.reader.side(left, 1)
            value = self.reader.side(right, 1)
        except Skip:
            return bool(re.fullmatch(r"\s*[a-zA-Z](_\{?\w+\}?)?(\([a-z]\))?\s*", left))
        if isinstance(name, AppliedUndef) and len(name.args) == 1 and isinstance(name.args[0], sp.Symbol):
            function = name.func.__name__
            if function.endswith("'"):
                # f'(x) = ... claims a derivative when f is defined; else it defines nothing checkable.
                return function.rstrip("'") not in self.definitions
            self.definitions[function] = (name.args[0], value)
            return True
        if isinstance(name, sp.Symbol):
            if name.name.endswith("'"):
                return name.name.rstrip("'") not in self.definitions
            if value.free_symbols and name not in value.free_symbols:
                self.definitions[name.name] = (None, value)
            return True
        return False

    def pair(self, left, relation, right, alone):
        """One relation between two sides, with `\\pm` read both ways (both must hold)."""
        if alone and self.defines(left, right):
            raise Skip("a definition")
        if relation == "≈" or relation == "=":
            tolerance = printed_tolerance(left, right, relation)
        else:
            tolerance = None
        signs = (1, -1) if re.search(r"\\[pm]p\b|\\pm|\\mp", left + right) else (1,)
        verdicts = []
        for sign in signs:
            written = (self.reader.written(left, sign), self.reader.written(right, sign))
            L = self.resolve(self.reader.side(left, sign))
            R = self.resolve(self.reader.side(right, sign))
            verdicts.append(self.relation(L, relation, R, tolerance, alone, left, right, written))
        wrong = [v for v in verdicts if v["status"] == "wrong"]
        return wrong[0] if wrong else verdicts[0]

    def resolve(self, expr):
        """The scene's definitions put in: `f(2)`, `f'(x)`, `\\frac{dy}{dx}`, `y'`."""
        sp = self.sp
        from sympy.core.function import AppliedUndef

        def apply(e):
            name = e.func.__name__
            base = name.rstrip("'")
            primes = len(name) - len(base)
            if base not in self.definitions or self.definitions[base][0] is None:
                raise Skip(f"an unknown function {name}")
            var, value = self.definitions[base]
            if primes:
                value = sp.diff(value, var, primes)
            return value.subs(var, e.args[0])

        expr = expr.replace(lambda e: isinstance(e, AppliedUndef), apply)
        for s in list(expr.free_symbols):
            base = s.name.rstrip("'")
            if s.name.endswith("'") and base in self.definitions:
                var, value = self.definitions[base]
                free = sorted(value.free_symbols, key=lambda x: x.name) if var is None else [var]
                if len(free) != 1:
                    raise Skip(f"{s.name}: a derivative with respect to what")
                expr = expr.subs(s, sp.diff(value, free[0], len(s.name) - len(base)))
            elif s.name.endswith("'"):
                raise Skip(f"{s.name}: a derivative of something undefined")
        for d in expr.atoms(sp.Derivative):
            inner = d.expr
            if isinstance(inner, sp.Symbol) and inner.name in self.definitions:
                expr = expr.subs(d, sp.Derivative(self.definitions[inner.name][1], *d.variable_count))
        return expr

    def relation(self, L, relation, R, tolerance, alone, left, right, written):
        free = (L.free_symbols | R.free_symbols) - {self.reader.log_base}
        # An operator's result: a derivative, integral, sum, product or limit, a prime, a function the scene defined.
        operators = any(has_operator(w) or derived(w) for w in written)
        shown = {"left": " ".join(left.split()), "right": " ".join(right.split()), "relation": relation}
        if not free:
            return self.closed(L, relation, R, tolerance, shown)
        if relation != "=":
            # An approximation with unknowns holds near some point the formula does not say.
            raise Skip("an inequality or approximation with unknowns (a condition)")
        for d in [*L.atoms(self.sp.Derivative), *R.atoms(self.sp.Derivative)]:
            if any(v not in d.expr.free_symbols for v in d.variables) and d.expr.free_symbols - set(d.variables):
                # d/dx of letters without x: the letters stand for functions of x (dy/dx, d(uv)/dx).
                raise Skip("a derivative of letters that stand for functions")
        for i in [*L.atoms(self.sp.Integral), *R.atoms(self.sp.Integral)]:
            if not set(i.variables) & i.function.free_symbols and i.function.free_symbols:
                raise Skip("an integral of letters that stand for functions")
        # In a chain a pair with unknowns on one side only is an evaluation (`n(n-1) = 6 \cdot 5`), not a claim.
        same = L.free_symbols - {self.reader.log_base} == R.free_symbols - {self.reader.log_base}
        claimed = operators or (not alone and same) or self.identity_shape(L, R, written)
        return self.identity(L, R, tolerance, shown, operators, claimed)

    def identity_shape(self, L, R, written):
        """Whether `L = R` claims to hold for all values: both sides have the same unknowns and one is written as
        the other rewritten (a product or power of sums, a fraction, a function of a compound argument), with the
        same leading term when both are polynomials (expanding or factoring keeps it; the slips it is for lose a
        lower term). `3x + 2 = x + 10` and `4(x - 1) = 2x + 6` are conditions; `2(x + 3) = 2x + 3` a claim."""
        sp = self.sp
        base = {self.reader.log_base}
        # The unknowns as written: `\\log_b x / \\log_b y` has b, though its value does not.
        fl, fr = (w.free_symbols - base for w in written)
        if not fl or fl != fr or not any(rewritable(w) for w in written):
            return False
        try:
            symbols = sorted((L.free_symbols | R.free_symbols) - base, key=str)
            lead = [sp.Poly(side, *symbols).LT(order="grlex") for side in (L, R)]
        except sp.PolynomialError:
            return True
        (ml, cl), (mr, cr) = lead
        return ml == mr and sp.simplify(cl - cr) == 0

    # -- truth

    def readings(self, L, R):
        """The pair under each reading of what the notation leaves open: `\\log` without a base (e, 10, 2), and a
        trigonometric function of a whole number of degrees written without `^\\circ` (`\\sin 30`), in radians
        and in degrees."""
        sp = self.sp
        base = self.reader.log_base
        out = (
            [(L.subs(base, b), R.subs(base, b)) for b in (sp.E, 10, 2)]
            if base in L.free_symbols | R.free_symbols
            else [(L, R)]
        )
        trig = (sp.sin, sp.cos, sp.tan, sp.cot, sp.sec, sp.csc)
        angles = [
            f for f in L.atoms(*trig) | R.atoms(*trig) if f.args[0].is_Integer and int(f.args[0]) in STANDARD_DEGREES
        ]
        if angles:
            degrees = {f: f.func(f.args[0] * sp.pi / 180) for f in angles}
            out += [(a.xreplace(degrees), b.xreplace(degrees)) for a, b in out]
        return out

    def value(self, expr):
        """A number at DIGITS digits, or None when it is not one (an infinity, undefined, unevaluated)."""
        sp = self.sp
        try:
            v = expr.doit() if has_operator(expr) else expr
            v = v.evalf(DIGITS)
        except (ZeroDivisionError, ValueError, TypeError, ArithmeticError, NotImplementedError):
            return None
        if (
            not v.is_number
            or v.has(sp.zoo, sp.oo, -sp.oo, sp.nan)
            or v.atoms(sp.Limit, sp.Integral, sp.Sum, sp.Product)
        ):
            return None
        try:
            c = complex(v)
        except (TypeError, ValueError, OverflowError):
            return None
        # Beyond a float's range (2000!): an infinity compares equal to anything, so it is no value to compare.
        return c if math.isfinite(c.real) and math.isfinite(c.imag) else None

    def closed(self, L, relation, R, tolerance, shown):
        """A statement with no unknowns, evaluated: it fails only if it fails under every reading."""
        values = [(self.value(a), self.value(b)) for a, b in self.readings(L, R)]
        outcomes = [None if a is None or b is None else compare(a, relation, b, tolerance) for a, b in values]
        if any(o is True for o in outcomes):
            return {"status": "ok", "claim": "arithmetic", **shown}
        if None in outcomes:
            raise Skip("a value the CAS cannot compute")
        a, b = values[0]
        L0 = self.readings(L, R)[0][0]
        equal = relation in ("=", "≈")
        return {
            "status": "wrong",
            "claim": "arithmetic",
            **shown,
            "expected": self.expected_value(L0, a) if equal and len(values) == 1 else None,
            "detail": f"{shown['left']} is {number(a)}, not {number(b)}"
            if equal
            else f"{number(a)} {relation} {number(b)} is false",
        }

    def identity(self, L, R, tolerance, shown, operators, claimed=True):
        """`L = R` for all values of its unknowns, tested at points (an antiderivative by differentiating). Not
        `claimed` (an equation that may be a condition): it is checked when it holds, and skipped when it does not."""
        sp = self.sp
        antiderivative = antiderivative_of(L, R) or antiderivative_of(R, L)
        if antiderivative:
            integrand, var, F = antiderivative
            L, R = integrand, sp.diff(F, var)
        outcomes = [self.at_points(a - b, tolerance) for a, b in self.readings(L, R)]
        if any(o is True for o in outcomes):
            return {"status": "ok", "claim": "identity", **shown}
        if not claimed:
            raise Skip("an equation in its unknowns (a condition, not a claim)")
        if None in outcomes:
            raise Skip("undecided at the points tried")
        claim = "antiderivative" if antiderivative else ("operator" if operators else "identity")
        return {
            "status": "wrong",
            "claim": claim,
            **shown,
            "expected": self.expected_form(L, R, antiderivative, operators) if len(outcomes) == 1 else None,
            "detail": outcomes[0],
        }

    def points(self, expr):
        """Test points: positive rationals, or small integers for a symbol that counts (a sum's bound, a factorial)."""
        sp = self.sp
        counting = set()
        for s in expr.atoms(sp.Sum, sp.Product):
            for limit in s.limits:
                for end in limit[1:]:
                    counting |= end.free_symbols
        for f in expr.atoms(sp.factorial, sp.binomial):
            for a in f.args:
                counting |= a.free_symbols
        symbols = sorted(expr.free_symbols, key=lambda s: s.name)
        out = []
        for _ in range(POINTS):
            out.append(
                {
                    s: sp.Integer(self.rng.randint(2, 7)) if s in counting else sp.Rational(self.rng.randint(5, 35), 10)
                    for s in symbols
                }
            )
        return out

    def at_points(self, difference, tolerance):
        """True when the difference vanishes at every point tried; where it clearly does not, in words; None when
        too few points give a finite value or it misses at one point only."""
        values = []
        for point in self.points(difference):
            v = self.value(difference.subs(point))
            if v is not None:
                values.append((point, v))
        if len(values) < 3:
            return None
        misses = [(p, v) for p, v in values if not close(v, 0, tolerance)]
        if not misses:
            return True
        if len(misses) < 2:
            return None
        point, v = misses[0]
        if not point:
            return f"the two sides differ by {number(v)}"
        at = ", ".join(f"{s} = {point[s]}" for s in sorted(point, key=lambda s: s.name))
        return f"at {at} the two sides differ by {number(v)}"
