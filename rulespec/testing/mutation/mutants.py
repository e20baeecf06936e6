"""Mutants of a Python module: small, plausible bugs made from its syntax tree.

Five kinds, each a one-token (or one-statement) change of the source text:

- ``arithmetic``: ``+`` ↔ ``-``, ``*`` ↔ ``//``, ``/`` → ``*``, ``%`` → ``//``,
  ``&`` ↔ ``|``, ``<<`` ↔ ``>>`` (also in ``+=`` and the like);
- ``comparison``: ``<`` ↔ ``<=``, ``>`` ↔ ``>=``, ``==`` ↔ ``!=``,
  ``in`` ↔ ``not in``, ``is`` ↔ ``is not``;
- ``constant``: a number ``n`` → ``n + 1``, ``True`` ↔ ``False``;
- ``statement``: a statement replaced by ``pass``;
- ``boolean``: ``and`` ↔ ``or``, ``not x`` → ``x``.

Left alone: docstrings, imports, definitions themselves (their bodies are
mutated), annotations, decorators, f-strings, ``__all__``, ``if
TYPE_CHECKING:`` blocks and any line marked ``# pragma: no mutate``. Every
mutant is checked: its source parses to the intended tree.

>>> source = "def bonus(n):\\n    return n + 1 if n > 0 else 0\\n"
>>> for m in mutants_of(source, "bonus.py"):
...     print(m.id, "|", m.after)
bonus.py:2:5:statement:pass | pass
bonus.py:2:14:arithmetic:- | return n - 1 if n > 0 else 0
bonus.py:2:16:constant:2 | return n + 2 if n > 0 else 0
bonus.py:2:23:comparison:>= | return n + 1 if n >= 0 else 0
bonus.py:2:25:constant:1 | return n + 1 if n > 1 else 0
bonus.py:2:32:constant:1 | return n + 1 if n > 0 else 1
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs

__all__ = ["KINDS", "Mutant", "mutants_of", "sample", "sound"]

KINDS = ("arithmetic", "comparison", "constant", "statement", "boolean")
"""The kinds of mutant, in the order they are listed."""

_ARITHMETIC: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
_SYMBOLS: dict[type[ast.AST], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
    ast.Div: "/",
    ast.Mod: "%",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.And: "and",
    ast.Or: "or",
}
_COMPARISON: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_KEPT_STATEMENTS = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Import,
    ast.ImportFrom,
    ast.Global,
    ast.Nonlocal,
    ast.Pass,
)
_PRAGMA = "pragma: no mutate"


@attrs.frozen
class Mutant:
    """One mutant of one file: which text changes, and how.

    ``start`` and ``end`` are UTF-8 byte offsets into the file; the mutant's
    source is the file with those bytes replaced by ``replacement``.
    """

    path: str
    """The file, as given (usually relative to the project root)."""
    line: int
    """The line of the change, from 1."""
    column: int
    """The column of the change, from 1, in characters."""
    kind: str
    """One of :data:`KINDS`."""
    token: str
    """What the change puts in: ``<=``, ``2``, ``pass``..."""
    start: int
    end: int
    replacement: str
    before: str
    """The changed line as it reads in the file (stripped)."""
    after: str
    """The same line in the mutant (stripped)."""
    node: int
    """The changed node's index in :func:`ast.walk` order of the file's tree."""

    @property
    def id(self) -> str:
        """A stable name: ``path:line:column:kind:token``."""
        return f"{self.path}:{self.line}:{self.column}:{self.kind}:{self.token}"

    def apply(self, source: str) -> str:
        """The mutant's source, made from the file's ``source``."""
        data = source.encode()
        return (data[: self.start] + self.replacement.encode() + data[self.end :]).decode()


def sample(
    mutants: Sequence[Mutant], size: int, seed: int, sources: Mapping[str, str] | None = None
) -> list[Mutant]:
    """``size`` of ``mutants`` drawn uniformly with ``seed``, in file order.

    With ``sources`` (each path's text), a drawn mutant that is not
    :func:`sound` is passed over and the next one drawn. The same mutants,
    seed and sources give the same sample on every platform.

    >>> pool = mutants_of("x = 1\\ny = x + 2\\n", "m.py")
    >>> [m.id for m in sample(pool, 2, seed=3)] == [m.id for m in sample(pool, 2, seed=3)]
    True
    """
    ordered = sorted(mutants, key=lambda m: (m.path, m.start, m.kind, m.token))
    draw = list(range(len(ordered)))
    random.Random(seed).shuffle(draw)
    picked: list[int] = []
    for i in draw:
        if len(picked) == size:
            break
        if sources is None or sound(ordered[i], sources[ordered[i].path]):
            picked.append(i)
    return [ordered[i] for i in sorted(picked)]


@attrs.frozen
class _Change:
    """A candidate before it is checked: a node (by walk index) and how it changes."""

    index: int
    kind: str
    token: str
    start: int
    end: int
    replacement: str
    edit: Callable[[ast.AST], ast.AST | None]
    """Changes a fresh copy of the node; returns a node that replaces it, if any."""


class _Source:
    """Byte offsets of a module's lines."""

    def __init__(self, text: str) -> None:
        self.data = text.encode()
        self.starts = [0]
        for match in re.finditer(b"\n", self.data):
            self.starts.append(match.end())

    def offset(self, line: int, column: int) -> int:
        return self.starts[line - 1] + column

    def where(self, offset: int) -> tuple[int, int]:
        line = max(i for i, s in enumerate(self.starts) if s <= offset)
        column = len(self.data[self.starts[line] : offset].decode())
        return line + 1, column + 1

    def line_text(self, data: bytes, line: int) -> str:
        start = self.starts[line - 1]
        stop = data.find(b"\n", start)
        return data[start : stop if stop >= 0 else len(data)].decode().strip()

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (
            self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
            self.offset(node.end_lineno, node.end_col_offset),  # type: ignore[attr-defined]
        )

    def token(self, after: ast.AST, before: ast.AST, symbol: str) -> tuple[int, int] | None:
        """Where ``symbol`` stands between the end of ``after`` and the start of ``before``."""
        lo = self.offset(after.end_lineno, after.end_col_offset)  # type: ignore[attr-defined]
        hi = self.offset(before.lineno, before.col_offset)  # type: ignore[attr-defined]
        words = symbol.split()
        pattern = r"\s+".join(re.escape(w) for w in words)
        if symbol[0].isalpha():
            pattern = rf"\b{pattern}\b"
        else:
            pattern = rf"(?<![<>=!/*&|]){pattern}(?![<>=/*])"
        found = re.search(pattern.encode(), self.data[lo:hi])
        return (lo + found.start(), lo + found.end()) if found else None


def _skipped_children(node: ast.AST) -> set[int]:
    """The children of ``node`` that are never mutated (by ``id``)."""
    skipped: list[ast.AST | None] = []
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        skipped += [node.returns, *node.decorator_list]
        skipped += [a.annotation for a in ast.walk(node.args) if isinstance(a, ast.arg)]
    elif isinstance(node, ast.ClassDef):
        skipped += node.decorator_list
    elif isinstance(node, ast.AnnAssign):
        skipped.append(node.annotation)
    elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
        skipped += node.body
    body = getattr(node, "body", None)
    if isinstance(body, list) and body:
        first = body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skipped.append(first)
        for statement in body:
            if isinstance(statement, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = (
                    statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                )
                if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                    skipped.append(statement)
    return {id(n) for n in skipped if n is not None}


def _walk(tree: ast.AST, pragma_lines: set[int]) -> Iterator[tuple[int, ast.AST]]:
    """Every node that may be mutated, with its index in ``ast.walk`` order."""
    skipped: set[int] = set()
    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skipped or isinstance(node, ast.JoinedStr):
            skipped.update(id(n) for n in ast.walk(node))
            continue
        skipped |= _skipped_children(node)
        if getattr(node, "lineno", None) in pragma_lines:
            continue
        yield index, node


def _swap_op(new: type[ast.AST], which: int | None = None) -> Callable[[ast.AST], None]:
    def edit(node: ast.AST) -> None:
        if which is None:
            node.op = new()  # type: ignore[attr-defined]
        else:
            node.ops[which] = new()  # type: ignore[attr-defined]

    return edit


def _changes(node: ast.AST, index: int, src: _Source) -> Iterator[_Change]:
    if isinstance(node, ast.stmt) and not isinstance(node, _KEPT_STATEMENTS):
        is_text = isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        if not is_text:
            start, end = src.span(node)
            yield _Change(index, "statement", "pass", start, end, "pass", lambda n: ast.Pass())
    if isinstance(node, ast.BinOp | ast.AugAssign):
        new = _ARITHMETIC.get(type(node.op))
        left, right = (
            (node.left, node.right)
            if isinstance(node, ast.BinOp)
            else (
                node.target,
                node.value,
            )
        )
        symbol = _SYMBOLS.get(type(node.op), "")
        if isinstance(node, ast.AugAssign):
            symbol += "="
        where = src.token(left, right, symbol) if new is not None else None
        if new is not None and where is not None:
            token = _SYMBOLS[new] + ("=" if isinstance(node, ast.AugAssign) else "")
            yield _Change(index, "arithmetic", token, *where, token, _swap_op(new))
    elif isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            new_cmp = _COMPARISON[type(op)]
            where = src.token(operands[i], operands[i + 1], _SYMBOLS[type(op)])
            if where is not None:
                token = _SYMBOLS[new_cmp]
                yield _Change(index, "comparison", token, *where, token, _swap_op(new_cmp, i))
    elif isinstance(node, ast.BoolOp):
        new_bool = ast.Or if isinstance(node.op, ast.And) else ast.And
        spans = [
            src.token(a, b, _SYMBOLS[type(node.op)])
            for a, b in zip(node.values, node.values[1:], strict=False)
        ]
        if spans and all(s is not None for s in spans):
            token = _SYMBOLS[new_bool]
            first = spans[0]
            assert first is not None
            # Every operator of the chain changes: one text edit from the first to the last.
            last = spans[-1]
            assert last is not None
            text = src.data[first[0] : last[1]].decode()
            text = re.sub(rf"\b{_SYMBOLS[type(node.op)]}\b", token, text)
            yield _Change(index, "boolean", token, first[0], last[1], text, _swap_op(new_bool))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        start, end = src.span(node)
        inner = src.data[slice(*src.span(node.operand))].decode()

        def operand(n: ast.AST) -> ast.AST:
            return n.operand  # type: ignore[attr-defined, no-any-return]

        yield _Change(index, "boolean", "not", start, end, f"({inner})", operand)
    elif isinstance(node, ast.Constant) and type(node.value) in (bool, int, float):
        value = node.value
        assert isinstance(value, bool | int | float)
        new_value = (not value) if isinstance(value, bool) else value + 1
        start, end = src.span(node)

        def edit(n: ast.AST) -> None:
            n.value = new_value  # type: ignore[attr-defined]

        yield _Change(index, "constant", repr(new_value), start, end, repr(new_value), edit)


def _expected(tree: ast.Module, nodes: list[ast.AST], change: _Change) -> str:
    """The dump of ``tree`` (whose walk is ``nodes``) with ``change`` made in place."""
    target = nodes[change.index]
    replacement = change.edit(target)
    if replacement is not None and replacement is not target:
        for parent in nodes:
            for field, value in ast.iter_fields(parent):
                if value is target:
                    setattr(parent, field, replacement)
                elif isinstance(value, list):
                    value[:] = [replacement if v is target else v for v in value]
    return ast.dump(tree)


def mutants_of(source: str, path: str, *, checked: bool = True) -> list[Mutant]:
    """Every mutant of the module ``source``, named after ``path``, in file order.

    Each is :func:`sound` unless ``checked`` is false (checking takes a parse
    of the module per mutant: leave it to :func:`sample` for large modules).

    Raises:
        SyntaxError: ``source`` is not Python.
    """
    tree = ast.parse(source)
    src = _Source(source)
    pragma = {i + 1 for i, text in enumerate(source.splitlines()) if _PRAGMA in text}
    found: list[Mutant] = []
    for index, node in _walk(tree, pragma):
        for change in _changes(node, index, src):
            data = src.data[: change.start] + change.replacement.encode() + src.data[change.end :]
            line, column = src.where(change.start)
            mutant = Mutant(
                path=path,
                line=line,
                column=column,
                kind=change.kind,
                token=change.token,
                start=change.start,
                end=change.end,
                replacement=change.replacement,
                before=src.line_text(src.data, line),
                after=src.line_text(data, line),
                node=index,
            )
            if not checked or sound(mutant, source):
                found.append(mutant)
    return sorted(found, key=lambda m: (m.start, m.kind, m.token))


def sound(mutant: Mutant, source: str) -> bool:
    """Whether ``mutant``'s source parses to ``source``'s tree with the intended change."""
    try:
        made = ast.dump(ast.parse(mutant.apply(source)))
    except SyntaxError:
        return False
    tree = ast.parse(source)
    nodes = list(ast.walk(tree))
    if mutant.node >= len(nodes):
        return False
    src = _Source(source)
    for change in _changes(nodes[mutant.node], mutant.node, src):
        if (change.kind, change.token, change.start) == (mutant.kind, mutant.token, mutant.start):
            return made == _expected(tree, nodes, change)
    return False
