"""Where an edit applies, found on the syntax tree by position: the statement at a line, a call on it, the expression
that names the object a line made, the group it was put in, and the expression a method call is appended to."""

from __future__ import annotations

import ast

from .errors import PatchError

# Calls that make a group of the mobjects given them.
GROUP_CALLS = {"VGroup", "Group", "VDict"}
# Calls on the scene that take objects as arguments: a chain at such a line goes on the object's own expression.
SCENE_CALLS = {
    "play",
    "add",
    "add_foreground_mobject",
    "add_foreground_mobjects",
    "bring_to_front",
    "bring_to_back",
    "remove",
}


def parent_map(tree):
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def covers(node, line):
    return getattr(node, "lineno", None) is not None and node.lineno <= line <= node.end_lineno


def statement_at(tree, line):
    """The innermost simple statement covering the line."""
    found = None
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and covers(node, line) and not hasattr(node, "body"):
            if found is None or (node.lineno, -node.end_lineno) >= (found.lineno, -found.end_lineno):
                found = node
    if found is None:
        raise PatchError(f"line {line} is not a statement of the source")
    return found


def call_name(call):
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def find_call(tree, line, test, missing):
    """The innermost call covering the line that passes the test (one starting on the line first)."""
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and covers(n, line) and test(n)]
    if not calls:
        raise PatchError(missing)
    return min(calls, key=lambda c: (c.lineno != line, c.end_lineno - c.lineno, -c.col_offset))


def enclosing_function(parents, node):
    while node in parents:
        node = parents[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return node
    return None


def resolve_object(tree, parents, made_at, used_at):
    """The object made at a line, as an expression usable at another: the name the line's assignment binds, or
    `self.x`."""
    stmt = statement_at(tree, made_at)
    targets = (
        stmt.targets
        if isinstance(stmt, ast.Assign)
        else [stmt.target]
        if isinstance(stmt, ast.AnnAssign) and stmt.value
        else []
    )
    names = [
        t
        for t in targets
        if isinstance(t, ast.Name)
        or (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self")
    ]
    if len(targets) != 1 or len(names) != 1:
        raise PatchError(f"line {made_at} does not bind the object to one name")
    name = names[0]
    if isinstance(name, ast.Name):
        here = enclosing_function(parents, statement_at(tree, used_at))
        if enclosing_function(parents, stmt) is not here:
            raise PatchError(f"`{name.id}` (line {made_at}) is a name of another function than line {used_at}'s")
    return name


def named(node):
    """A name, or `self.x`: what a group can be found by at another line."""
    return isinstance(node, ast.Name) or (
        isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
    )


def resolve_group(tree, parents, member_at, used_at):
    """The group the object made at a line was put in, by its name: `x.add(...)` on that line, or later in its block
    with the name the line binds (`items.add(VGroup(dot, label))`); or the name bound to a `VGroup(...)` the line's
    call is made inside (`words = VGroup(*[Text(w) for w in ...]).arrange(DOWN)`), or that is made of the list the line
    binds (`texts = [...]` then `words = VGroup(*texts)`)."""
    stmt = statement_at(tree, member_at)

    def added_to(node, uses=None):
        """`x.add(...)` calls in a node (taking `uses` among their arguments, if given): their `x`."""
        for call in ast.walk(node):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "add"
                and named(call.func.value)
            ):
                continue
            # `self.add(...)` puts it on the scene, not in a group.
            if isinstance(call.func.value, ast.Name) and call.func.value.id == "self":
                continue
            if uses is None or any(isinstance(n, ast.Name) and n.id == uses for a in call.args for n in ast.walk(a)):
                return call.func.value
        return None

    def bound_group(value):
        """The name bound to a group call made of `value`'s statement's list or comprehension."""
        for other in ast.walk(tree):
            if isinstance(other, ast.Assign) and len(other.targets) == 1 and named(other.targets[0]):
                calls = [c for c in ast.walk(other.value) if isinstance(c, ast.Call) and call_name(c) in GROUP_CALLS]
                if any(value(c) for c in calls):
                    return other.targets[0]
        return None

    group = added_to(stmt) if isinstance(stmt, ast.Expr) else None
    name = (
        stmt.targets[0]
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
        else None
    )
    if group is None and name is not None:
        # The rest of the block the line is in (a loop's body), then the statements after the block's own.
        node = stmt
        while (
            group is None
            and node in parents
            and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module))
        ):
            parent = parents[node]
            for field in ("body", "orelse", "finalbody"):
                body = getattr(parent, field, None)
                if isinstance(body, list) and node in body:
                    for later in body[body.index(node) + 1 :]:
                        group = group or added_to(later, name.id)
            node = parent
    if group is None:
        # Made inside a group's own call: `VGroup(*[Text(w) for w in words])`.
        group = bound_group(lambda call: covers(call, member_at))
    if group is None and name is not None and isinstance(stmt.value, (ast.List, ast.ListComp)):
        # A list of them, made into a group later: `VGroup(*texts)`.
        group = bound_group(
            lambda call: any(isinstance(n, ast.Name) and n.id == name.id for a in call.args for n in ast.walk(a))
        )
    if group is None:
        raise PatchError(f"line {member_at} puts its object in no group a name binds")
    if isinstance(group, ast.Name):
        here = enclosing_function(parents, statement_at(tree, used_at))
        if enclosing_function(parents, stmt) is not here:
            raise PatchError(f"`{group.id}` (line {member_at}) is a name of another function than line {used_at}'s")
    return group


def chain_target(tree, parents, line, obj):
    """The expression a method call is appended to: an assignment's or expression statement's value; in a call on the
    scene (`self.play(...)`, `self.add(...)`), the object's own expression in it (`label.animate.shift(...)`,
    `label`)."""
    stmt = statement_at(tree, line)
    value = getattr(stmt, "value", None)
    if value is None:
        raise PatchError(f"line {line} has no expression to change")
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and isinstance(value.func.value, ast.Name)
        and value.func.value.id == "self"
        and value.func.attr in SCENE_CALLS
    ):
        if obj is None:
            raise PatchError(f"line {line} calls the scene: the edit needs the line that made the object")
        wanted = ast.unparse(obj)
        uses = [
            n
            for n in ast.walk(value)
            if isinstance(n, (ast.Name, ast.Attribute)) and n is not value.func and ast.unparse(n) == wanted
        ]
        if not uses:
            raise PatchError(f"`{ast.unparse(obj)}` does not appear on line {line}")
        node = uses[0]
        # Up the object's own method chain: `label.animate.shift(RIGHT)` as a whole.
        while parents.get(node) is not None and (
            (isinstance(parents[node], ast.Attribute) and parents[node].value is node)
            or (isinstance(parents[node], ast.Call) and parents[node].func is node)
        ):
            node = parents[node]
        if not isinstance(node, (ast.Name, ast.Attribute, ast.Call)) or node is value:
            raise PatchError(f"the object's expression on line {line} cannot take a method call")
        return node
    if isinstance(
        value, (ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
    ):
        # `labels = [Text(...) for ...]`: a method call there would go on the list, not on one of its objects.
        raise PatchError(f"line {line} makes a collection of objects, not one that can take a method call")
    return value
