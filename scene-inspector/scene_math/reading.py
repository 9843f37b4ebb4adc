"""A formula's LaTeX read conservatively, never evaluated as code: split into lines and relations, checked against
the notation read, each side parsed by SymPy's LaTeX parser, numbers bounded before anything is evaluated."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from .algebra import canonical
from .notation import COMMAND, ELLIPSES, FUNCTION_LETTERS, GREEK, LAYOUT, READ_COMMANDS, RELATION_NAMES, UNIT

if TYPE_CHECKING:
    from sympy import Expr


# A formula longer than this is not read (a 10,000-term sum written out).
MAX_FORMULA_CHARS = 1000
# A number whose magnitude passes 2**MAX_BITS is not evaluated (2^{2^{2^{100}}}), nor a factorial of more than
# MAX_FACTORIAL.
MAX_BITS = 20_000
MAX_FACTORIAL = 2000


class Skip(Exception):
    """The formula is not checked, for this reason (counted, never flagged)."""


def math_segments(text: str, mode: str | None) -> list[str]:
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


def lines_of(latex: str) -> list[str]:
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


def leading_relation(line: str) -> str | None:
    """The relation a line starts with (`= x + 1`, `\\le 3`; not `\\left(` or `\\int`), or None."""
    return next(
        (
            r
            for r in RELATION_NAMES
            if line.startswith(r) and not (r[0] == "\\" and line[len(r) : len(r) + 1].isalpha())
        ),
        None,
    )


def normalise(latex: str) -> str:
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


def split_relations(t: str) -> tuple[list[str], list[str]]:
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


def check_commands(side: str) -> None:
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


def bound(expr: Expr) -> None:
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
