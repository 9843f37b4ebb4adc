"""Derivation steps: one formula turned into the next must follow from it, and the correct form where the CAS can
compute it."""

from __future__ import annotations

from .algebra import DIGITS, close, has_operator, number, printed_tolerance, rewritable, signs_of
from .notation import NOT_CLAIMS, RELATIONS
from .reading import Skip, leading_relation, lines_of, math_segments, normalise, split_relations


class Derivations:
    """The checker's part that decides derivation steps (it reads `self.sp`, `self.reader`, `self.definitions` and
    `self.rng`, set by Checker)."""

    # -- derivations

    def step(self, before, after, mode_before, mode_after, layout=False):
        """One formula turned into the next (or, by `layout`, written below it): the later must follow from the
        earlier. A step by layout alone is read only as a solving sequence: two equations in one and the same
        unknown (formulas stacked for another reason, a list of rules or a system, are not steps)."""
        a_lines = [line for s in math_segments(before, mode_before) for line in lines_of(s)]
        b_lines = [line for s in math_segments(after, mode_after) for line in lines_of(s)]
        if not a_lines or not b_lines or (not layout and (len(a_lines) != 1 or len(b_lines) != 1)):
            raise Skip("not one statement on each side of the step")
        if layout and leading_relation(b_lines[0]):
            return self.continuation(a_lines[-1], b_lines[0])
        if layout:
            self.one_unknown(a_lines[-1], b_lines[0])
            return self.step_between(a_lines[-1], b_lines[0])
        return self.step_between(a_lines[0], b_lines[0])

    def continuation(self, above, line):
        """A line written below another that starts with a relation (`= 140 + 70` under `14 \\times 10 + 14 \\times 5`)
        continues it, as `&=` continues an aligned block: its relation joins the last side above (`\\Rightarrow` joins
        the whole statement above), and the joined chain is read as one."""
        relation = leading_relation(line)
        if relation not in RELATIONS:
            raise Skip("a relation or definition, not a claim")
        if RELATIONS[relation] in ("⇒", "⇔"):
            return self.statement(f"{above} {line}")
        sides, _ = split_relations(normalise(above))
        if not sides[-1]:
            raise Skip("nothing above to continue")
        return self.statement(f"{sides[-1]} {line}", chain=True)

    def one_unknown(self, *lines):
        """Skip unless each line is one equation in the same single unknown."""
        unknowns = set()
        for line in lines:
            sides, relations = split_relations(normalise(line))
            if len(sides) != 2 or relations != ["="]:
                raise Skip("not an equation on each line")
            free = set()
            for side in sides:
                free |= self.reader.side(side).free_symbols - {self.reader.log_base}
            if len(free) != 1:
                raise Skip("not a derivation in one unknown")
            unknowns |= free
        if len(unknowns) != 1:
            raise Skip("not a derivation in one unknown")

    def step_between(self, a, b, whole=False):
        sa, ra = split_relations(normalise(a))
        sb, rb = split_relations(normalise(b))
        if any(r in NOT_CLAIMS for r in ra + rb):
            raise Skip("a relation or definition, not a claim")
        shown = {"before": " ".join(a.split()), "after": " ".join(b.split())}
        if not ra and not rb:
            A, B = (self.resolve(self.reader.side(x, 1)) for x in (sa[0], sb[0]))
            verdict = self.identity(
                A, B, printed_tolerance(sa[0], sb[0], "="), {"left": sa[0], "right": sb[0], "relation": "="}, True
            )
            return {**verdict, "claim": "expression step", **shown}
        if ra and rb and all(RELATIONS.get(r) == "=" for r in ra + rb):
            # Each side's whole equation: a chain's ends.
            E1 = [
                (self.resolve(self.reader.side(sa[0], s)), self.resolve(self.reader.side(sa[-1], s)))
                for s in signs_of(a)
            ]
            E2 = [
                (self.resolve(self.reader.side(sb[0], s)), self.resolve(self.reader.side(sb[-1], s)))
                for s in signs_of(b)
            ]
            return {**self.implied(E1, E2, shown), **shown}
        raise Skip("an expression and an equation")

    def implied(self, E1, E2, shown):
        """Every solution of E1 (any of its ± readings) solves E2 (one of its readings), under one reading of
        `\\log` for both; wrong only when wrong under every reading."""
        sp = self.sp
        base = self.reader.log_base
        everything = [side for pair in E1 + E2 for side in pair]
        if not any(base in side.free_symbols for side in everything):
            return self._implied(E1, E2, shown)
        verdicts = []
        for b in (sp.E, 10, 2):
            try:
                verdicts.append(
                    self._implied(
                        [(lhs.subs(base, b), r.subs(base, b)) for lhs, r in E1],
                        [(lhs.subs(base, b), r.subs(base, b)) for lhs, r in E2],
                        shown,
                    )
                )
            except Skip as exc:
                verdicts.append({"status": "skipped", "why": str(exc)})
        for status in ("ok", "skipped"):
            found = [v for v in verdicts if v["status"] == status]
            if found:
                if status == "skipped":
                    raise Skip(found[0]["why"])
                return found[0]
        return verdicts[0]

    def _implied(self, E1, E2, shown):
        sp = self.sp
        d1s = [lhs - r for lhs, r in E1]
        d2s = [lhs - r for lhs, r in E2]
        variables = set().union(*(d.free_symbols for d in d1s + d2s))
        if not variables:
            raise Skip("no unknowns")
        before = set().union(*(d.free_symbols for d in d1s))
        after = set().union(*(d.free_symbols for d in d2s))
        if after < before and len(before) > 1:
            # The quadratic formula, then `x = \frac{3 \pm 5}{4}`: values put in for its letters, which no step shows.
            raise Skip("values put in for some of its unknowns")
        # E1 an identity: E2 must be one too, unless E2 gives a symbol a value (Euler's formula, then θ = π: a value
        # put into it, not its consequence).
        if all(self.at_points(d, None) is True for d in d1s):
            misses = [self.at_points(d, None) for d in d2s]
            if any(m is True for m in misses):
                return {"status": "ok", "claim": "equation step"}
            if any(isinstance(side, sp.Symbol) for pair in E2 for side in pair):
                raise Skip("a value put into an identity")
            if any(m is None for m in misses):
                raise Skip("undecided at the points tried")
            return {
                "status": "wrong",
                "claim": "equation step",
                "detail": f"the first holds for all values, the second does not ({misses[0]})",
                "expected": None,
            }
        # Fast: the later is the earlier times a nonzero constant.
        for d1 in d1s:
            for d2 in d2s:
                ratio = sp.cancel(d2 / d1) if d1 != 0 else None
                if ratio is not None and ratio.is_number and ratio != 0 and ratio.is_finite:
                    return {"status": "ok", "claim": "equation step"}
        isolated = [side for lhs, r in E2 for side in (lhs, r) if isinstance(side, sp.Symbol) and side in variables]
        order = sorted(variables, key=lambda s: (s not in isolated, s.name))
        for var in order:
            others = sorted(variables - {var}, key=lambda s: s.name)
            counter = None
            checked = 0
            for _ in range(2 if others else 1):
                point = {s: sp.Rational(self.rng.randint(5, 35), 10) for s in others}
                roots = []
                for d1 in d1s:
                    found = self.solutions(d1.subs(point), var)
                    if found is None:
                        roots = None
                        break
                    roots += found
                if roots is None:
                    break

                def solves(r, point=point, var=var):
                    return [self.value(d2.subs({**point, var: r})) for d2 in d2s]

                def kept(values):
                    return any(
                        v is not None and close(v, 0, None, scale=1 + max(abs(x) for x in values if x is not None))
                        for v in values
                    )

                for root in roots:
                    at = {**point, var: root}
                    values = solves(root)
                    if any(v is None for v in values):
                        continue
                    checked += 1
                    if kept(values):
                        continue
                    # Writing a principal root (`c = \\sqrt{a^2 + b^2}`) keeps the positive one of ± on purpose: a
                    # length, a positive quantity. A root lost so, beside its kept negative, is not an error.
                    principal = any(p.exp == sp.Rational(1, 2) for _, side in E2 for p in side.atoms(sp.Pow))
                    if (
                        principal
                        and any(close(complex(r.evalf()), -complex(root.evalf()), None) for r in roots)
                        and kept(solves(-root))
                    ):
                        continue
                    counter = (at, root)
                    break
                if counter:
                    break
            if counter is None and checked:
                return {"status": "ok", "claim": "equation step"}
            if counter:
                at, root = counter
                where = ", ".join(
                    f"{s} = {number(self.value(at[s]) if not isinstance(at[s], (int, float, complex)) else at[s])}"
                    for s in sorted(at, key=lambda s: s.name)
                )
                return {
                    "status": "wrong",
                    "claim": "equation step",
                    "detail": f"{where} solves {shown.get('before', 'the step before')} "
                    f"but not {shown.get('after', 'the next')}",
                    "expected": self.expected_step(E1, E2, var, variables),
                }
        raise Skip("equations the CAS cannot solve")

    def solutions(self, d, var):
        """The finite solutions of d = 0 in var (checked to be solutions), or None when not a finite set."""
        sp = self.sp
        if d.free_symbols - {var}:
            return None
        num, den = sp.fraction(sp.together(d))
        try:
            poly = sp.Poly(num, var)
        except sp.PolynomialError:
            poly = None
        if poly is not None and 1 <= poly.degree() <= 12:
            try:
                roots = [r for r in poly.nroots(n=DIGITS, maxsteps=200)]
            except (sp.polys.polyerrors.PolynomialError, NotImplementedError):
                return None
        else:
            try:
                found = sp.solveset(d, var, domain=sp.S.Complexes)
            except (NotImplementedError, ValueError, TypeError):
                return None
            if not isinstance(found, sp.FiniteSet) or len(found) > 12:
                return None
            roots = list(found)
        out = []
        for r in roots:
            v = self.value(d.subs(var, r))
            if v is not None and close(v, 0, None, scale=abs(complex(r.evalf())) + 1):
                out.append(sp.nsimplify(r, rational=False, tolerance=1e-20) if r.is_Float else r)
        return out

    # -- the correct form, where the CAS can compute it

    def expected_value(self, L, a):
        sp = self.sp
        try:
            v = sp.nsimplify(L.doit()) if has_operator(L) else sp.simplify(L)
            # An exact value short enough to write (`9 \\pi`, `\\frac{32}{3}`; not `\\sin 1`), else the decimal.
            if v.is_number and not v.atoms(sp.Float, sp.Function) and len(sp.latex(v)) <= 40:
                return sp.latex(v)
        except Exception:  # noqa: BLE001 - the fix is a courtesy
            pass
        return number(a) if a is not None else None

    def expected_form(self, L, R, antiderivative, operators=False):
        """The left side in the shape of the right: expanded, factored, or rewritten by the rules of logarithms and
        trigonometry (an operator's result as SymPy gives it: `3 x^{2} - 4 \\sin{4 x}`, not its trigonometry
        expanded); None when no rewriting gives a different form."""
        sp = self.sp
        try:
            if antiderivative:
                integrand, var, _ = antiderivative
                return sp.latex(sp.integrate(integrand, var)) + " + C"
            value = L.doit() if has_operator(L) else L
            if sp.expand(R) == R and not R.atoms(sp.Function):
                shaped = sp.expand(sp.cancel(value))  # a fraction that divides out reads as its quotient
            elif sp.factor(R) == R and not R.atoms(sp.Function):
                shaped = sp.factor(value)
            elif operators:
                return None if value.atoms(sp.Derivative, sp.Integral, sp.Sum, sp.Limit) else sp.latex(value)
            else:
                shaped = sp.expand(sp.expand_log(sp.expand_trig(value), force=True))
            return sp.latex(shaped) if shaped != L else None
        except Exception:  # noqa: BLE001 - the fix is a courtesy
            return None

    def expected_step(self, E1, E2, var, variables):
        """The later step as it should read, when it is solved for one unknown, or has a constant side."""
        sp = self.sp
        if len(variables) != 1 or len(E1) != 1 or len(E2) != 1:
            return None
        d1 = E1[0][0] - E1[0][1]
        roots = self.solutions(d1, var)
        if not roots:
            return None
        l2, r2 = E2[0]
        for free, other, left in ((l2, r2, True), (r2, l2, False)):
            if other.free_symbols:
                continue
            if free != var and rewritable(free):
                # A factoring or an expansion of the step before, in the same shape.
                shaped = sp.factor(d1 + other) if sp.factor(free) == free else sp.expand(d1 + other)
                return f"{sp.latex(shaped)} = {sp.latex(other)}" if left else f"{sp.latex(other)} = {sp.latex(shaped)}"
            values = {sp.nsimplify(free.subs(var, r)) for r in roots}
            if free == var:
                shown = ", ".join(sp.latex(v) for v in values)
                return f"{sp.latex(var)} = {shown}" if left else f"{shown} = {sp.latex(var)}"
            if len(values) == 1:
                v = sp.latex(values.pop())
                return f"{sp.latex(free)} = {v}" if left else f"{v} = {sp.latex(free)}"
        return None
