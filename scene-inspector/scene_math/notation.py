"""The LaTeX a formula may be written in to be read: commands whose meaning is fixed, relations and how each is
checked, layout that means nothing, units written in text."""

from __future__ import annotations

import re

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
