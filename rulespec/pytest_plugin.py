"""The rulespec pytest plugin: the ``clause`` marker and the conformance fixtures.

Loaded by pytest in every environment where rulespec is installed (entry
point ``pytest11``), so it imports nothing beyond pytest and rulespec's core;
in particular not Hypothesis. The fixtures import the conformance kit
(:mod:`rulespec.testing`, the ``testing`` extra) only when a test uses them:

- ``rulespec_check``: :func:`rulespec.testing.check`, to call with your adapter;
- ``rulespec_golden``: :func:`rulespec.testing.golden.check_golden`, which
  replays the shipped golden games through your adapter.

A test cites the clauses it asserts::

    @pytest.mark.clause("dc.move.cover", "dc.move.stack")
    def test_cover_carries_the_stack(): ...

A cited id that no catalogue knows fails the run at collection.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

__all__ = ["cited_clauses", "rulespec_check", "rulespec_golden"]


@pytest.fixture
def rulespec_check() -> Callable[..., Any]:
    """:func:`rulespec.testing.check`: ``rulespec_check(MyAdapter(), "duck-and-cover")``."""
    from rulespec.testing import check

    return check


@pytest.fixture
def rulespec_golden() -> Callable[..., int]:
    """:func:`rulespec.testing.golden.check_golden`: ``rulespec_golden(MyAdapter())``."""
    from rulespec.testing.golden import check_golden

    return check_golden


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clause(*ids): the rulespec clauses this test asserts (ids from spec/)"
    )


def cited_clauses(item: pytest.Item) -> tuple[str, ...]:
    """The clause ids that ``item``'s ``clause`` markers cite."""
    ids: list[str] = []
    for mark in item.iter_markers(name="clause"):
        ids.extend(str(a) for a in mark.args)
    return tuple(ids)


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    cited = {(item.nodeid, cid) for item in items for cid in cited_clauses(item)}
    if not cited:
        return
    from rulespec.core.clauses import catalogues

    known = {c.id for cat in catalogues() for c in cat.clauses}
    unknown = sorted((cid, node) for node, cid in cited if cid not in known)
    if unknown:
        lines = "\n".join(f"  {cid!r} in {node}" for cid, node in unknown)
        raise pytest.UsageError(f"tests cite clause ids that no catalogue has:\n{lines}")
