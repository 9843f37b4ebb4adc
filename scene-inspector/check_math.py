"""
Mathematics on screen, checked by a computer algebra system (SymPy): is what the formulas claim true,
and does each step of a derivation follow from the one before? (docs/math-and-reading.md)

    check_scene(formulas, steps) -> {"formulas": [...], "steps": [...], ...}

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

import math
import random
import re
import signal
import time

# A formula longer than this is not read (a 10,000-term sum written out).
MAX_FORMULA_CHARS = 1000
# CPU seconds one formula or one step may take; a scene's whole check.
FORMULA_CPU_SECONDS = 1.0
SCENE_CPU_SECONDS = 20.0
# A number whose magnitude passes 2**MAX_BITS is not evaluated (2^{2^{2^{100}}}), nor a factorial of more than
# MAX_FACTORIAL.
MAX_BITS = 20_000
MAX_FACTORIAL = 2000
# Digits of precision, points tried, and the relative tolerance of "equal" for exact values.
DIGITS = 30
POINTS = 5
TOLERANCE = 1e-12

# Angles in degrees a trigonometric function of a whole number may mean (`\\sin 30 = \\frac{1}{2}`).
STANDARD_DEGREES = {15, 30, 45, 60, 75, 90, 120, 135, 150, 180, 210, 225, 240, 270, 300, 315, 330, 360}
# Letters that name functions when followed by parentheses; any other letter multiplies them.
FUNCTION_LETTERS = {"f", "g", "h", "F", "G", "H"}
FUNCTION_NAMES = {
    "sin",
    "cos",
    "tan",
    "cot",
    "sec",
    "csc",
    "arcsin",
    "arccos",
    "arctan",
    "sinh",
    "cosh",
    "tanh",
    "log",
    "ln",
    "exp",
}
GREEK = {
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "varepsilon",
    "zeta",
    "eta",
    "theta",
    "vartheta",
    "kappa",
    "lambda",
    "mu",
    "nu",
    "xi",
    "rho",
    "sigma",
    "tau",
    "phi",
    "varphi",
    "chi",
    "psi",
    "omega",
    "Gamma",
    "Delta",
    "Theta",
    "Lambda",
    "Xi",
    "Sigma",
    "Phi",
    "Psi",
    "Omega",
}
# Units written in text (`6\\pi\\,\\text{cm}^2`): a statement in one unit is read without it; two units, not at all.
UNIT = re.compile(
    r"\\(?:text|mathrm|textrm|mbox)\{\s*(mm|cm|m|km|in|ft|mi|mg|g|kg|ms|s|min|h|N|J|W|V|Hz|mL|L|Pa|K|mol|units?)\s*\}(?:\s*\^\s*(?:\{\s*\d\s*\}|\d))?"
)
# Commands whose meaning is fixed and that SymPy's parser reads as meant.
READ_COMMANDS = (
    FUNCTION_NAMES
    | GREEK
    | {
        "frac",
        "dfrac",
        "tfrac",
        "sqrt",
        "cdot",
        "times",
        "div",
        "binom",
        "int",
        "sum",
        "prod",
        "lim",
        "to",
        "infty",
        "pi",
        "partial",
        "lfloor",
        "rfloor",
        "lceil",
        "rceil",
        "pm",
        "mp",
    }
)
# Relations a formula is split at, by how it is checked.
RELATIONS = {
    "=": "=",
    "\\approx": "≈",
    "\\neq": "≠",
    "\\ne": "≠",
    "<": "<",
    ">": ">",
    "\\lt": "<",
    "\\gt": ">",
    "\\le": "≤",
    "\\leq": "≤",
    "\\ge": "≥",
    "\\geq": "≥",
    "\\Rightarrow": "⇒",
    "\\implies": "⇒",
    "\\Longrightarrow": "⇒",
    "\\therefore": "⇒",
    "\\iff": "⇔",
    "\\Leftrightarrow": "⇔",
    "\\Longleftrightarrow": "⇔",
}
# Relations that state a definition or a set membership, not a claim: the formula is skipped.
NOT_CLAIMS = {
    ":=",
    "\\coloneqq",
    "\\equiv",
    "\\sim",
    "\\simeq",
    "\\cong",
    "\\propto",
    "\\in",
    "\\notin",
    "\\subset",
    "\\subseteq",
    "\\supset",
    "\\mapsto",
    "\\rightarrow",
    "\\longrightarrow",
    "\\leftarrow",
    "\\to",
    "\\perp",
    "\\parallel",
    "\\mid",
    "\\circ",
    "\\cup",
    "\\cap",
    "\\setminus",
    "\\forall",
    "\\exists",
}
# Longest first: `:=` before `=`, `\\leq` before `\\le`.
RELATION_NAMES = sorted(list(RELATIONS) + list(NOT_CLAIMS), key=len, reverse=True)
# Layout that changes nothing of the meaning: sizing and spacing commands (a word command ends at a non-letter).
LAYOUT = re.compile(
    r"\\(?:(?:displaystyle|textstyle|scriptstyle|quad|qquad|left|right|big|Big|bigg|Bigg|bigl|bigr|Bigl|Bigr|biggl|biggr)"
    r"(?![a-zA-Z])|[,;!: ])"
)
ELLIPSES = re.compile(r"\\(?:cdots|ldots|dots|vdots|ddots|dotsb|dotsc|dotsm)(?![a-zA-Z])|\.\.\.")
COMMAND = re.compile(r"\\([a-zA-Z]+|.)")


class Skip(Exception):
    """The formula is not checked, for this reason (counted, never flagged)."""


class OutOfTime(Exception):
    pass


def _alarm(signum, frame):
    raise OutOfTime()


# ---- reading


def math_segments(text, mode):
    """The LaTeX of the mathematics in a text: a MathTex's whole string, a Tex's `$...$` and display segments;
    a plain Text only when it is written wholly in symbols (`7 × 8 = 54`)."""
    if mode == "math":
        return [text]
    if mode == "tex":
        found = re.findall(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\[(.+?)\\\]|\\\((.+?)\\\)", text, flags=re.S)
        segments = [next(g for g in groups if g) for groups in found]
        for env in re.findall(r"\\begin\{(?:align\*?|equation\*?|gather\*?)\}(.+?)\\end\{", text, flags=re.S):
            segments.append(env)
        return segments
    if (
        mode == "text"
        and re.fullmatch(r"[0-9a-zA-Z\s+\-−×÷·*/^=≠≈<>≤≥().,²³π√]+", text)
        and not re.search(r"[a-zA-Z]{2,}", text)
    ):
        if not re.search(r"[=≠≈<>≤≥]", text):
            return []
        t = text
        for a, b in (
            ("−", "-"),
            ("×", "\\times "),
            ("÷", "\\div "),
            ("·", "\\cdot "),
            ("²", "^2"),
            ("³", "^3"),
            ("π", "\\pi "),
            ("≠", "\\neq "),
            ("≈", "\\approx "),
            ("≤", "\\le "),
            ("≥", "\\ge "),
            ("*", "\\cdot "),
        ):
            t = t.replace(a, b)
        return [] if "√" in t else [t]
    return []


def lines_of(latex):
    """A formula's lines as statements: `&` dropped, `\\\\` splits lines, and a line that starts with a relation
    continues the one before (`&= x^2 + 1`)."""
    latex = re.sub(r"\\(?:begin|end)\{(?:aligned|align\*?|split|gathered|gather\*?|equation\*?)\}", " ", latex)
    out = []
    for raw in re.split(r"\\\\(?:\[[^\]]*\])?", latex):
        line = raw.replace("&", " ").strip()
        if not line:
            continue
        if out and leading_relation(line):
            out[-1] = out[-1] + " " + line
        else:
            out.append(line)
    return out


def leading_relation(line):
    """The relation a line starts with (`= x + 1`, `\\le 3`; not `\\left(` or `\\int`), or None."""
    return next(
        (
            r
            for r in RELATION_NAMES
            if line.startswith(r) and not (r[0] == "\\" and line[len(r) : len(r) + 1].isalpha())
        ),
        None,
    )


def normalise(latex):
    """The LaTeX with layout removed and notation this reader rewrites in place (degrees, `\\mathrm{d}`,
    thousands separators), or Skip for notation it does not read."""
    if len(latex) > MAX_FORMULA_CHARS:
        raise Skip(f"longer than {MAX_FORMULA_CHARS} characters")
    t = latex
    if ELLIPSES.search(t):
        raise Skip("an ellipsis (a pattern, not a term)")
    if re.search(r"\\begin\{", t):
        raise Skip("a matrix, array or cases")
    units = set(UNIT.findall(t))
    if len(units) > 1:
        raise Skip("quantities in different units")
    t = UNIT.sub(" ", t)
    t = re.sub(r"\\(?:text|mathrm|textrm|mbox)\{\s*\}", " ", t)
    t = re.sub(r"\\(?:mathrm|text|operatorname)\{d\}", "d", t)
    t = re.sub(r"\\(?:textcolor|color)\{[^{}]*\}", "", t)
    t = re.sub(r"\\(?:boxed|mathit)\{", "{", t)
    if re.search(r"\\(?:text|mathrm|textrm|mbox|operatorname|textbf|mathbf|mathbb|mathcal|boldsymbol)\b", t):
        raise Skip("words or styled letters in the formula")
    t = LAYOUT.sub(" ", t)
    # A bare sub- or superscript is one character: braced, so the parser cannot run it into what follows (`^2 2x`).
    t = re.sub(r"([_^])\s*([0-9a-zA-Z])", r"\1{\2}", t)
    t = evaluated(t)
    if re.search(r"[\]|]\s*_", t):
        raise Skip("an evaluation bar ([F(x)]_a^b in a form not read)")
    t = re.sub(r"\\prime\b", "'", t)
    if re.search(r"[)}\]]\s*'", t):
        # `(\frac{\sin x}{x})'`: a derivative with respect to what the formula does not say.
        raise Skip("a prime on an expression")
    if ":" in t:
        # `n = 6: n(n-1) = 30`, `f: A \to B`: a label, a condition or a map before the statement.
        raise Skip("a colon (a label or condition before a statement)")
    t = re.sub(r"(\d+(?:\.\d+)?)\s*\^\s*\{?\s*\\circ\s*\}?", r"\\frac{\1\\pi}{180}", t)
    t = t.replace("\\%", "%")
    if "%" in t:
        raise Skip("a percentage")
    if re.search(r"[^\x20-\x7e]", t):
        raise Skip("characters outside LaTeX's ASCII")
    return t


def braced(t, i):
    """The group `{...}` starting at t[i] and the index after it, or None."""
    if i >= len(t) or t[i] != "{":
        return None
    depth = 0
    for j in range(i, len(t)):
        depth += {"{": 1, "}": -1}.get(t[j], 0)
        if depth == 0:
            return t[i + 1 : j], j + 1
    return None


def evaluated(t):
    """`[F(x)]_{a}^{b}` written out as `(F(b)) - (F(a))`: the bracket's one letter is the variable (a bracket with
    two letters, or none, is left for the Skip after)."""
    for close in [m.start() for m in re.finditer(r"\]\s*_", t)][::-1]:
        depth, start = 0, None
        for i in range(close, -1, -1):
            depth += {"]": 1, "[": -1}.get(t[i], 0)
            if depth == 0:
                start = i
                break
        j = t.index("_", close)
        low = braced(t, j + 1)
        high = low and re.match(r"\s*\^", t[low[1] :]) and braced(t, low[1] + t[low[1] :].index("^") + 1)
        if start is None or not low or not high:
            continue
        inside = t[start + 1 : close]
        letters = set(re.findall(r"(?<![\\a-zA-Z])[a-zA-Z](?![a-zA-Z])", re.sub(r"\\[a-zA-Z]+", " ", inside))) - {"e"}
        if len(letters) != 1:
            continue
        (v,) = letters

        def at(value, v=v, inside=inside):
            return re.sub(r"(?<![\\a-zA-Z])" + v + r"(?![a-zA-Z])", lambda _: "(" + value + ")", inside)

        t = f"{t[:start]}(({at(high[0])}) - ({at(low[0])})){t[high[1] :]}"
    return t


def split_relations(t):
    """Sides and the relations between them, split at top level (outside braces, brackets and parentheses)."""
    sides, relations = [], []
    depth, start, i = 0, 0, 0
    while i < len(t):
        c = t[i]
        if c in "{([":
            depth += 1
        elif c in "})]":
            depth -= 1
        elif depth == 0:
            name = next(
                (
                    n
                    for n in RELATION_NAMES
                    if t.startswith(n, i) and not (n[0] == "\\" and t[i + len(n) : i + len(n) + 1].isalpha())
                ),
                None,
            )
            if name is not None:
                sides.append(t[start:i])
                relations.append(name)
                i += len(name)
                start = i
                continue
            # A comma between digits groups thousands (12,000); any other comma lists terms.
            if c == "," and not (t[i - 1 : i].isdigit() and re.match(r",\d{3}(?!\d)", t[i:])):
                raise Skip("a list or a system (a comma between terms)")
        i += 1
    sides.append(t[start:])
    if depth != 0:
        raise Skip("unbalanced brackets")
    return [s.strip() for s in sides], relations


def check_commands(side):
    for name in COMMAND.findall(side):
        if name.isalpha() and name not in READ_COMMANDS:
            raise Skip(f"notation not read (\\{name})")
        if not name.isalpha() and name not in "{}|":
            raise Skip(f"notation not read (\\{name})")


class Reader:
    """Parses sides once (SymPy's LaTeX parser, ANTLR backend) and applies the reading principles."""

    def __init__(self):
        import sympy
        from sympy.parsing.latex import parse_latex

        self.sp = sympy
        self.parse_latex = parse_latex
        self.cache = {}
        self.log_base = sympy.Symbol("Upsilon")

    def side(self, latex, sign=1):
        """One side as an expression: `sign` is +1 or -1, the reading of `\\pm` (and the opposite of `\\mp`)."""
        return self.both(latex, sign)[0]

    def written(self, latex, sign=1):
        """The side as written (the parser's tree, not evaluated): the shape of a claim is read from it."""
        return self.both(latex, sign)[1]

    def both(self, latex, sign):
        key = (latex, sign)
        if key not in self.cache:
            try:
                self.cache[key] = self._side(latex, sign)
            except Skip as exc:
                self.cache[key] = exc
        if isinstance(self.cache[key], Skip):
            raise self.cache[key]
        return self.cache[key]

    def _side(self, latex, sign):
        sp = self.sp
        check_commands(latex)
        if not latex.strip():
            raise Skip("an empty side")
        text = latex.replace("\\pm", "+" if sign > 0 else "-").replace("\\mp", "-" if sign > 0 else "+")
        # A letter (or a Greek letter, or pi) before parentheses multiplies them, unless it names a function.
        text = re.sub(
            r"(?<![\\a-zA-Z])([a-zA-Z])(\s*)(?=\()",
            lambda m: m.group(0) if m.group(1) in FUNCTION_LETTERS else m.group(1) + " \\cdot ",
            text,
        )
        text = re.sub(
            r"\\(pi|" + "|".join(sorted(GREEK)) + r")\s*(?=\()", lambda m: "\\" + m.group(1) + " \\cdot ", text
        )
        # `\log` without a base: read with each base in turn (Upsilon stands for it).
        text = re.sub(r"\\log(?![a-zA-Z_])", r"\\log_{\\Upsilon}", text)
        try:
            expr = self.parse_latex(text)
        except Exception as exc:  # noqa: BLE001 - the parser's own errors, and a recursion on deep nesting
            raise Skip(f"the parser cannot read it ({type(exc).__name__})") from None
        if isinstance(expr, (sp.logic.boolalg.BooleanAtom, sp.core.relational.Relational)):
            raise Skip("a relation inside a side")
        bound(expr)
        written = self.reread(expr)
        return canonical(written), written

    def reread(self, expr):
        """The parser's guesses undone: a letter before parentheses multiplies them, `e` and `i` standing free are
        constants, a prime on a symbol names its derivative."""
        sp = self.sp
        from sympy.core.function import AppliedUndef

        def unapply(e):
            name = e.func.__name__
            if name in FUNCTION_LETTERS or name.rstrip("'") in FUNCTION_LETTERS and name.endswith("'"):
                return e
            if len(e.args) == 1 and (re.fullmatch(r"[a-zA-Z](_\{?\w+\}?)?", name) or name in GREEK or name == "pi"):
                return sp.Mul(sp.Symbol(name), e.args[0])
            raise Skip(f"an unknown function {name}")

        expr = expr.replace(lambda e: isinstance(e, AppliedUndef), unapply)
        free = {s.name: s for s in expr.free_symbols}
        subs = {}
        if "e" in free:
            subs[free["e"]] = sp.E
        if "i" in free:
            subs[free["i"]] = sp.I
        if "pi" in free:
            subs[free["pi"]] = sp.pi
        if subs:
            expr = expr.subs(subs)
        return expr


def bound(expr):
    """Skip a formula whose numbers are too big to evaluate, before anything is evaluated."""
    import sympy as sp

    def bits(e):
        """log2 of an upper bound of |e| for a numeric subtree, or None when it has symbols."""
        if e.is_Integer:
            return max(1, int(e).bit_length())
        if e.is_Rational:
            return max(1, abs(e.p).bit_length())
        if e.is_Float:
            return 64
        if e.is_NumberSymbol or e is sp.I or e is sp.E:
            return 2
        if e.free_symbols:
            for a in e.args:
                bits(a)
            return None
        if isinstance(e, sp.Pow):
            b, x = bits(e.base), bits(e.exp)
            if b is None or x is None:
                return None
            if x > 64 or (2**x) * b > MAX_BITS:
                raise Skip("a number too large to evaluate")
            return (2**x) * b
        if isinstance(e, (sp.factorial, sp.binomial)):
            for a in e.args:
                n = bits(a)
                if n is not None and n > MAX_FACTORIAL.bit_length():
                    raise Skip("a factorial too large to evaluate")
            n = e.args[0]
            if not n.is_Integer or n < 0:
                return MAX_BITS // 2
            # log2 n! from the gamma function and C(n, k) < 2^n: bits from the number itself, so 7!/(3! 4!) stays small.
            return (
                1 + math.ceil(math.lgamma(int(n) + 1) / math.log(2)) if isinstance(e, sp.factorial) else max(1, int(n))
            )
        parts = [bits(a) for a in e.args]
        known = [p for p in parts if p is not None]
        if isinstance(e, sp.Mul):
            total = sum(known)
        else:
            total = max(known, default=1) + 1
        if total > MAX_BITS:
            raise Skip("a number too large to evaluate")
        return total

    bits(expr)


# ---- checking


class Checker:
    """Checks the formulas and steps of one scene, in the order they were shown, within the scene's budget."""

    def __init__(self):
        import sympy

        self.sp = sympy
        self.reader = Reader()
        self.definitions = {}  # function letter -> (variable, expression); symbol -> expression
        self.rng = random.Random(20261128)
        # The parser's first parse loads its grammar (about half a second): paid here, once per scene.
        self.reader.side("x+1")

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


def canonical(expr):
    """The parser's unevaluated tree evaluated as SymPy would have built it (sums collected, numbers combined);
    its numbers were bounded first."""
    if not expr.args:
        return expr
    return expr.func(*[canonical(a) for a in expr.args])


def rewritable(expr):
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


def derived(expr):
    """Names a derivative or a function (`f'(x)`, `y'`, `f(2)`): its value comes from the scene's definitions."""
    from sympy.core.function import AppliedUndef

    return bool(expr.atoms(AppliedUndef)) or any(s.name.endswith("'") for s in expr.free_symbols)


def has_operator(expr):
    import sympy as sp

    return bool(expr.atoms(sp.Derivative, sp.Integral, sp.Sum, sp.Product, sp.Limit))


def antiderivative_of(integral, F):
    """`\\int f\\,dx = F` (an indefinite integral alone on one side): (f, x, F)."""
    import sympy as sp

    if isinstance(integral, sp.Integral) and len(integral.limits) == 1 and len(integral.limits[0]) == 1:
        return integral.function, integral.limits[0][0], F
    return None


def signs_of(latex):
    return (1, -1) if ("\\pm" in latex or "\\mp" in latex) else (1,)


def printed_tolerance(left, right, relation):
    """How precise a printed decimal is: one unit of its last digit (`3.14` stands for π to 0.01); for `\\approx`
    without a decimal, 1%; exact values otherwise."""
    decimals = [len(m) for m in re.findall(r"\d\.(\d+)", left + " " + right)]
    if decimals:
        return ("abs", 10.0 ** -min(decimals))
    if relation == "≈":
        return ("rel", 0.01)
    return None


def close(a, b, tolerance, scale=None):
    diff = abs(a - b)
    size = max(1.0, abs(a), abs(b), scale or 0)
    if tolerance is None:
        return diff <= TOLERANCE * size
    kind, amount = tolerance
    return diff <= (amount * (1 + 1e-9) if kind == "abs" else amount * size)


def compare(a, relation, b, tolerance):
    if relation in ("=", "≈"):
        return close(a, b, tolerance)
    if relation == "≠":
        return not close(a, b, None)
    if abs(a.imag) > 1e-20 or abs(b.imag) > 1e-20:
        return None
    x, y = a.real, b.real
    return {"<": x < y, ">": x > y, "≤": x <= y or close(a, b, None), "≥": x >= y or close(a, b, None)}.get(relation)


def number(v):
    if v is None:
        return "?"
    if isinstance(v, complex):
        if abs(v.imag) <= 1e-12 * max(1.0, abs(v.real)):
            v = v.real
        else:
            return f"{v.real:.6g}{v.imag:+.6g}i"
    return f"{v:.10g}"


# ---- a scene's formulas and steps, within its budget


def scene_budget():
    """CPU seconds the scene's check may take: SCENE_CPU_SECONDS, or half of what the process has left under its
    CPU limit (the recording came first and must not be lost to a limit the check runs into)."""
    import resource

    limit = resource.getrlimit(resource.RLIMIT_CPU)[0]
    if limit == resource.RLIM_INFINITY:
        return SCENE_CPU_SECONDS
    return max(0.0, min(SCENE_CPU_SECONDS, (limit - time.process_time()) * 0.5))


def check_scene(formulas, steps):
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


def makes_claim(formula):
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


def run_one(check, started, budget, out):
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
