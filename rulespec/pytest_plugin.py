"""The rulespec pytest plugin: the ``rulespec_clause`` marker and the conformance fixtures.

Loaded by pytest in every environment where rulespec is installed (entry
point ``pytest11``), so it imports nothing beyond pytest and rulespec's core;
in particular not Hypothesis. The fixtures import the conformance kit
(:mod:`rulespec.testing`, the ``testing`` extra) only when a test uses them:

- ``rulespec_check``: :func:`rulespec.testing.check`, to call with your adapter;
- ``rulespec_golden``: :func:`rulespec.testing.golden.check_golden`, which
  replays the shipped golden games through your adapter.

A test cites the rulespec clauses it asserts with the namespaced marker::

    @pytest.mark.rulespec_clause("dc.move.cover", "dc.move.stack")
    def test_cover_carries_the_stack(): ...

A cited id that no catalogue knows fails the run at collection. The plugin
reads no other marker unless a project asks it to: the ini option
``rulespec_clause_markers`` lists the marker names it checks (default
``rulespec_clause``). rulespec's own test suite adds the short name
``clause``; a project that has a ``clause`` marker of its own keeps it, and
the plugin leaves it alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

__all__ = ["MARKER", "cited_clauses", "rulespec_check", "rulespec_golden"]

MARKER = "rulespec_clause"
"""The plugin's own marker name, checked in every project."""

_INI = "rulespec_clause_markers"


@pytest.fixture
def rulespec_check() -> Callable[..., Any]:
    """:func:`rulespec.testing.check`: ``rulespec_check(MyAdapter(), "duck-and-cover")``."""
    from rulespec.testing import check

    return check


@pytest.fixture
def rulespec_golden() -> Callable[..., int]:
    """:func:`rulespec.testing.golden.check_golden`: ``rulespec_golden(MyAdapter(), "duo")``."""
    from rulespec.testing.golden import check_golden

    return check_golden


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        _INI,
        "marker names whose arguments are rulespec clause ids, checked at collection",
        type="linelist",
        default=[MARKER],
    )


def _marker_names(config: pytest.Config) -> tuple[str, ...]:
    names = [str(n) for n in config.getini(_INI)]
    return tuple(dict.fromkeys([MARKER, *names]))


def pytest_configure(config: pytest.Config) -> None:
    for name in _marker_names(config):
        config.addinivalue_line(
            "markers", f"{name}(*ids): the rulespec clauses this test asserts (ids from spec/)"
        )


def cited_clauses(item: pytest.Item, names: Sequence[str] = (MARKER,)) -> tuple[str, ...]:
    """The clause ids that ``item``'s markers named ``names`` cite."""
    ids: list[str] = []
    for name in names:
        for mark in item.iter_markers(name=name):
            ids.extend(str(a) for a in mark.args)
    return tuple(ids)


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    names = _marker_names(config)
    cited = {(item.nodeid, cid) for item in items for cid in cited_clauses(item, names)}
    if not cited:
        return
    from rulespec.rulebook.clauses import clause

    def known(clause_id: str) -> bool:  # reads only the catalogue of the id's game
        try:
            clause(clause_id)
        except KeyError:
            return False
        return True

    unknown = sorted((cid, node) for node, cid in cited if not known(cid))
    if unknown:
        lines = "\n".join(f"  {cid!r} in {node}" for cid, node in unknown)
        raise pytest.UsageError(f"tests cite clause ids that no catalogue has:\n{lines}")
