"""
Source patches on Python's syntax tree: the edits a scene repair proposes (src/scene/repair/index.ts,
SourceEdit), applied to a scene's files without running them.

Each edit finds its node by position (`ast` with `lineno`/`col_offset`), changes that node, and
`ast.unparse`s only the changed node back into that node's exact span: the rest of the file stays
byte-identical (comments and formatting included). The new text is one line; when the span covered
several, the newlines it had are kept before the call's closing parenthesis, so every line after it
keeps its number (later edits, and findings matched by line, still point at the same code). The
result is parsed again before it is accepted.

Why `ast` and not LibCST: LibCST would keep a changed node's own formatting, but it ships a compiled
parser, and the sandbox runs on the Manim environment as installed, with nothing added; the standard
library's `ast` is there already, and splicing only the changed node keeps the rest of the file as is.

An edit (JSON): {"file", "line", "object" (optional: the line that made the object), "op"}, op one of
  {"kind": "keyword", "call", "keyword", "value"}   set or replace a keyword of the call named `call` at `line`
  {"kind": "chain", "call"}                          append a method call (`shift(0.4 * LEFT)`) to the expression
                                                     at `line`
  {"kind": "animate", "animation"}                   add an animation to the `self.play(...)` at `line`
  {"kind": "wait", "seconds"}                        hold the scene longer after the statement at `line`: the
                                                     `self.wait(...)` right after it waits that much more, or
                                                     `; self.wait(seconds)` is added on its last line
  {"kind": "before", "statement"}                    run expression statements (`a; b`) just before the statement
                                                     at `line`, on that line
                                                     (`group.arrange_in_grid(...); self.play(...)`)
Expression texts are parsed as Python; the name `__object__` in them stands for the object (the name
its creation line binds, or `self.x`), and `__group__` for the group the object made at the edit's
"member" line was put in (`labels.add(Text(...))`, `items.add(VGroup(dot, label))`,
`words = VGroup(*[Text(w) for w in ...])`).
"""

from __future__ import annotations

import ast
import difflib
import re

from scene_patch.errors import PatchError
from scene_patch.targets import (
    call_name,
    chain_target,
    find_call,
    parent_map,
    resolve_group,
    resolve_object,
    statement_at,
)

OBJECT = "__object__"
GROUP = "__group__"
BOM = "\ufeff"
# Python's lines end at \r\n, \r and \n only: str.splitlines also breaks at U+2028, U+2029, U+0085, form feed and
# vertical tab, which the tokenizer reads inside a line, and every line number after one would be off.
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def split_lines(text):
    """The text's lines as Python counts them, each with its line end."""
    return LINE.findall(text)


def apply_edits(files, edits):
    """The files with every edit applied in order (each on the result of the last), and one change per edit:
    {"file", "line", "before", "after"}. Only files among `files` are ever touched."""
    patched = dict(files)
    changes = []
    for edit in edits:
        name = edit.get("file")
        if name not in patched:
            raise PatchError(f"{name!r} is not one of the scene's source files")
        text, change = apply_edit(patched[name], edit)
        patched[name] = text
        changes.append({"file": name, **change})
    return patched, changes


def parsed(text, what):
    """The text's syntax tree, or a PatchError saying that `what` does not parse (a hostile source may nest deep)."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise PatchError(f"{what} does not parse: {exc}") from None


def apply_edit(source, edit):
    """One edit; a byte order mark stays as the file had it (the parser refuses it in text, the tokenizer reads it in
    bytes)."""
    if source.startswith(BOM):
        text, change = apply_edit(source[len(BOM) :], edit)
        return BOM + text, change
    tree = parsed(source, "the source")
    line = int(edit["line"])
    op = edit["op"]
    parents = parent_map(tree)
    obj = resolve_object(tree, parents, int(edit["object"]), line) if edit.get("object") else None
    group = resolve_group(tree, parents, int(edit["member"]), line) if edit.get("member") else None
    kind = op.get("kind")
    if kind == "keyword":
        call = find_call(
            tree, line, lambda c: call_name(c) == op["call"], f"no `{op['call']}(...)` call on line {line}"
        )
        value = substitute(parse_expression(op["value"]), obj, group)
        old = next((k for k in call.keywords if k.arg == op["keyword"]), None)
        if old is not None:
            # Only the value changes: the rest of the call stays as written.
            target, new = old.value, value
        else:
            target = call
            new = ast.Call(
                func=call.func,
                args=list(call.args),
                keywords=[*call.keywords, ast.keyword(arg=op["keyword"], value=value)],
            )
    elif kind == "chain":
        method = parse_expression(op["call"])
        if not (isinstance(method, ast.Call) and isinstance(method.func, ast.Name)):
            raise PatchError(f"`{op['call']}` is not a method call")
        method = substitute(method, obj, group)
        target = chain_target(tree, parents, line, obj)
        new = ast.Call(
            func=ast.Attribute(value=target, attr=method.func.id, ctx=ast.Load()),
            args=method.args,
            keywords=method.keywords,
        )
    elif kind == "animate":
        play = find_call(
            tree,
            line,
            lambda c: isinstance(c.func, ast.Attribute) and c.func.attr == "play",
            f"no `self.play(...)` on line {line}",
        )
        animation = substitute(parse_expression(op["animation"]), obj, group)
        new = ast.Call(func=play.func, args=[*play.args, animation], keywords=list(play.keywords))
        target = play
    elif kind == "wait":
        return hold(source, tree, parents, line, op.get("seconds"))
    elif kind == "before":
        return before(source, tree, line, [substitute(e, obj, group) for e in parse_expressions(op["statement"])])
    else:
        raise PatchError(f"unknown edit {kind!r}")
    return splice(source, tree, target, new)


# Manim's `self.wait()` without a duration waits this long (DEFAULT_WAIT_TIME).
DEFAULT_WAIT = 1.0


def hold(source, tree, parents, line, seconds):
    """The scene held `seconds` longer after the statement at `line`: its next statement, a `self.wait(d)` with a
    number (or none, Manim's default second), waits d + seconds; otherwise `self.wait(seconds)` follows it on its
    last line, so every later line keeps its number."""
    if not isinstance(seconds, (int, float)) or not 0 < seconds <= 600:
        raise PatchError(f"`{seconds}` is not a number of seconds to wait")
    stmt = statement_at(tree, line)
    parent = parents.get(stmt)
    body = next(
        (
            b
            for b in (getattr(parent, f, None) for f in ("body", "orelse", "finalbody"))
            if isinstance(b, list) and stmt in b
        ),
        [],
    )
    after = body[body.index(stmt) + 1] if stmt in body and body.index(stmt) + 1 < len(body) else None
    wait = after.value if isinstance(after, ast.Expr) and isinstance(after.value, ast.Call) else None
    if (
        wait is not None
        and call_name(wait) == "wait"
        and isinstance(wait.func, ast.Attribute)
        and ast.unparse(wait.func.value) == "self"
        and not wait.keywords
        and len(wait.args) <= 1
    ):
        old = (
            wait.args[0].value
            if wait.args and isinstance(wait.args[0], ast.Constant)
            else (None if wait.args else DEFAULT_WAIT)
        )
        if isinstance(old, (int, float)) and not isinstance(old, bool):
            new = ast.Call(func=wait.func, args=[ast.Constant(round(old + seconds, 2))], keywords=[])
            return splice(source, tree, wait, new)
    lines = source.splitlines(keepends=True)
    end = stmt.end_lineno - 1
    raw = lines[end].encode("utf-8")
    text = (
        "".join(lines[:end])
        + raw[: stmt.end_col_offset].decode("utf-8")
        + f"; self.wait({round(seconds, 2)})"
        + raw[stmt.end_col_offset :].decode("utf-8")
        + "".join(lines[end + 1 :])
    )
    parsed(text, "the patched source")
    return text, {"line": stmt.end_lineno, "before": shown(source, end, end), "after": shown(text, end, end)}


def before(source, tree, line, expressions):
    """`a; b; ` put just before the statement at `line`, on its first line: they run first, and every line keeps
    its number."""
    stmt = statement_at(tree, line)
    lines = split_lines(source)
    start = stmt.lineno - 1
    raw = lines[start].encode("utf-8")
    head, tail = raw[: stmt.col_offset].decode("utf-8"), raw[stmt.col_offset :].decode("utf-8")
    text = (
        "".join(lines[:start])
        + head
        + "".join(ast.unparse(e) + "; " for e in expressions)
        + tail
        + "".join(lines[start + 1 :])
    )
    parsed(text, "the patched source")
    return text, {"line": stmt.lineno, "before": shown(source, start, start), "after": shown(text, start, start)}


def parse_expression(text):
    try:
        return ast.parse(str(text), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise PatchError(f"`{text}` is not a Python expression: {exc}") from None


def parse_expressions(text):
    """Expression statements separated by `;`, and nothing else (no assignment, import or block)."""
    try:
        body = ast.parse(str(text)).body
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise PatchError(f"`{text}` is not Python expressions: {exc}") from None
    if not body or not all(isinstance(node, ast.Expr) for node in body) or "\n" in str(text):
        raise PatchError(f"`{text}` is not Python expressions on one line")
    return [node.value for node in body]


def substitute(node, obj, group=None):
    """`__object__` replaced by the object's own expression, `__group__` by its group's."""

    class Replace(ast.NodeTransformer):
        def visit_Name(self, name):
            if name.id == OBJECT:
                if obj is None:
                    raise PatchError("the edit names the object, but no line that made it")
                return ast.parse(ast.unparse(obj), mode="eval").body
            if name.id == GROUP:
                if group is None:
                    raise PatchError("the edit names the group, but no line that made one of its members")
                return ast.parse(ast.unparse(group), mode="eval").body
            return name

    return Replace().visit(node)


def splice(source, tree, target, new):
    """The source with `target`'s exact span replaced by `new` unparsed, its line count kept; parsed again. The parts of
    `new` taken from the source unchanged keep their own text (quotes, raw strings, spacing)."""
    lines = split_lines(source)
    start, end = target.lineno - 1, target.end_lineno - 1
    # Columns are UTF-8 byte offsets.
    head = lines[start].encode("utf-8")[: target.col_offset].decode("utf-8")
    tail = lines[end].encode("utf-8")[target.end_col_offset :].decode("utf-8")
    after = unparse_keeping(source, tree, new)
    spare = (end - start) - after.count("\n")
    if spare < 0:
        raise PatchError("the changed expression is longer than the lines it replaces")
    if spare > 0:
        if not after.endswith(")"):
            raise PatchError("the changed expression spans several lines and is not a call")
        indent = lines[start][: len(lines[start]) - len(lines[start].lstrip())]
        after = after[:-1] + "\n" * spare + indent + ")"
    text = "".join(lines[:start]) + head + after + tail + "".join(lines[end + 1 :])
    parsed(text, "the patched source")
    return text, {"line": target.lineno, "before": shown(source, start, end), "after": shown(text, start, end)}


def shown(text, start, end):
    """Lines start..end (0-based) as one line, for a sentence."""
    return " ".join(x.strip() for x in split_lines(text)[start : end + 1] if x.strip())


# Expressions that need no parentheses before a method call.
ATOMS = (
    ast.Name,
    ast.Attribute,
    ast.Call,
    ast.Subscript,
    ast.List,
    ast.Dict,
    ast.Set,
    ast.ListComp,
    ast.DictComp,
    ast.SetComp,
)


def unparse_keeping(source, tree, new):
    """`new` unparsed, each expression it takes unchanged from the source written as the source has it."""
    originals = {id(n) for n in ast.walk(tree)}
    # Kept text followed by `.method`, or that is only valid in parentheses, goes in parentheses unless it is an atom.
    before_dot = {id(n.value) for n in ast.walk(new) if isinstance(n, ast.Attribute)}
    kept = {}

    class Keep(ast.NodeTransformer):
        def visit(self, node):
            if node is not new and isinstance(node, ast.expr) and id(node) in originals:
                text = ast.get_source_segment(source, node)
                if text is not None:
                    name = f"__kept_{len(kept)}__"
                    bare = isinstance(node, ATOMS) or (
                        id(node) not in before_dot and not isinstance(node, (ast.GeneratorExp, ast.NamedExpr))
                    )
                    kept[name] = text if bare or text.startswith("(") else f"({text})"
                    return ast.Name(id=name, ctx=ast.Load())
            return self.generic_visit(node)

    text = ast.unparse(ast.fix_missing_locations(Keep().visit(new)))
    if any(name in source for name in kept):
        raise PatchError("the source uses the names the patcher keeps its parts under")
    for name, original in kept.items():
        text = text.replace(name, original)
    return text


def unified_diffs(before, after):
    """A unified diff per changed file, `a/name` to `b/name`."""
    return {
        name: "".join(difflib.unified_diff(split_lines(before[name]), split_lines(text), f"a/{name}", f"b/{name}"))
        for name, text in after.items()
        if text != before.get(name)
    }
