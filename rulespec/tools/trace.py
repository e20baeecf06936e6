"""Traceability: which code implements each clause, and which tests check it.

Both links come from the code itself: the ``@implements`` registry for the
implementing functions, and a static reading of the tests' ``clause`` markers
(the test files are parsed, not run).
"""

from __future__ import annotations

import ast
import functools
import inspect
from collections.abc import Iterable
from pathlib import Path

import attrs

from rulespec.rulebook.clauses import Clause, clauses
from rulespec.rulebook.implements import implementations_by_clause

__all__ = ["CodeRef", "Gap", "TestRef", "Trace", "gaps", "implementations_of", "test_citations"]


@attrs.frozen
class CodeRef:
    """A function that implements a clause: its dotted name and where it is defined."""

    name: str
    module: str
    file: str
    line: int


@attrs.frozen
class TestRef:
    """A test that cites a clause: its node id (``path::Class::name``) and line."""

    __test__ = False  # not a pytest test class

    nodeid: str
    file: str
    line: int


@attrs.frozen
class Trace:
    """One clause with its implementations and its tests."""

    clause: Clause
    code: tuple[CodeRef, ...]
    tests: tuple[TestRef, ...]


@attrs.frozen
class Gap:
    """Something the traceability rules forbid."""

    clause: str
    problem: str

    def __str__(self) -> str:
        return f"{self.clause}: {self.problem}"


def _code_ref(function: object) -> CodeRef:
    target = inspect.unwrap(function)  # type: ignore[arg-type]
    module = getattr(target, "__module__", "?")
    name = getattr(target, "__qualname__", repr(target))
    code = getattr(target, "__code__", None)
    if code is not None:  # a function: its first line (a decorator's), without reading it
        return CodeRef(f"{module}.{name}", module, code.co_filename, code.co_firstlineno)
    try:
        file = inspect.getsourcefile(target) or "?"
        line = inspect.getsourcelines(target)[1]
    except (OSError, TypeError):
        file, line = "?", 0
    return CodeRef(f"{module}.{name}", module, file, line)


def implementations_of() -> dict[str, tuple[CodeRef, ...]]:
    """Every clause id cited by ``@implements``, with the functions that cite it.

    Every game has registered its functions by then: importing any module of
    rulespec first imports the package, and the package imports every game.
    """
    found = implementations_by_clause()
    return {cid: tuple(_code_ref(f) for f in functions) for cid, functions in found.items()}


def _marker_ids(node: ast.expr) -> list[str]:
    """Clause ids in ``pytest.mark.rulespec_clause("a", "b")`` or its short form
    ``pytest.mark.clause`` (or a list/tuple of marks)."""
    if isinstance(node, ast.List | ast.Tuple):
        return [cid for element in node.elts for cid in _marker_ids(element)]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("clause", "rulespec_clause")
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "mark"
    ):
        return [
            a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
    return []


def _collect(
    body: Iterable[ast.stmt],
    prefix: str,
    inherited: list[str],
    rel: str,
    out: dict[str, list[TestRef]],
) -> None:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            ids = inherited + [c for d in node.decorator_list for c in _marker_ids(d)]
            for cid in ids:
                out.setdefault(cid, []).append(TestRef(f"{prefix}::{node.name}", rel, node.lineno))
        elif isinstance(node, ast.ClassDef):
            ids = inherited + [c for d in node.decorator_list for c in _marker_ids(d)]
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
                ):
                    ids += _marker_ids(stmt.value)
            _collect(node.body, f"{prefix}::{node.name}", ids, rel, out)


def test_citations(tests: Path) -> dict[str, tuple[TestRef, ...]]:
    """Every clause id cited by a ``rulespec_clause`` (or ``clause``) marker in the test
    files under ``tests``.

    Markers on functions, on classes (applied to their methods) and in a
    module's ``pytestmark`` are read statically, without importing the tests. A
    file is parsed again only when its text has changed since the last call.
    """
    found: dict[str, list[TestRef]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        rel = path.relative_to(tests.parent).as_posix()
        for cid, ref in _file_citations(str(path), rel, path.read_text(encoding="utf-8")):
            found.setdefault(cid, []).append(ref)
    return {cid: tuple(refs) for cid, refs in found.items()}


@functools.lru_cache(maxsize=4096)
def _file_citations(file: str, rel: str, text: str) -> tuple[tuple[str, TestRef], ...]:
    """The ``(clause id, test)`` pairs of the test file ``file``, in the order they stand."""
    tree = ast.parse(text, filename=file)
    module_ids: list[str] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
        ):
            module_ids += _marker_ids(stmt.value)
    out: dict[str, list[TestRef]] = {}
    _collect(tree.body, rel, module_ids, rel, out)
    return tuple((cid, ref) for cid, refs in out.items() for ref in refs)


test_citations.__test__ = False  # type: ignore[attr-defined]


def traces(game: str, tests: Path) -> tuple[Trace, ...]:
    """Each clause of ``game`` in reading order with its code and its tests."""
    code = implementations_of()
    cited = test_citations(tests)
    return tuple(Trace(c, code.get(c.id, ()), cited.get(c.id, ())) for c in clauses(game))


def gaps(tests: Path) -> tuple[Gap, ...]:
    """Every breach of the traceability rules, over all games.

    A cited id (in code or tests) that no catalogue has; an implemented
    clause with no implementation or no test; an implementation or a test of
    a clause that is not marked implemented.
    """
    known = {c.id: c for c in clauses()}
    code = implementations_of()
    cited = test_citations(tests)
    found: list[Gap] = []
    for cid in sorted(code.keys() - known.keys()):
        found.append(Gap(cid, f"cited by {code[cid][0].name} but in no catalogue"))
    for cid in sorted(cited.keys() - known.keys()):
        found.append(Gap(cid, f"cited by test {cited[cid][0].nodeid} but in no catalogue"))
    for cid, c in known.items():
        if c.status == "implemented":
            if cid not in code:
                found.append(Gap(cid, "implemented, but no function carries @implements for it"))
            if cid not in cited:
                found.append(Gap(cid, "implemented, but no test cites it"))
        elif c.status == "retired" and cid in code:
            found.append(Gap(cid, "retired, but code still implements it"))
        elif c.status == "not-formalized" and cid in code:
            found.append(Gap(cid, "not formalized, but code claims to implement it"))
    return tuple(found)
