"""The ``@implements`` registry: which function implements which clause."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["implementations", "implementations_by_clause", "implements"]

F = TypeVar("F", bound=Callable[..., object])

_REGISTRY: dict[str, list[Callable[..., object]]] = {}


def implements(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as the implementation of one or more clauses.

    The function is returned unchanged; the registry records it so that the
    traceability checks and the docs can find the code behind each clause.

    >>> @implements("dc.score.splashes")
    ... def score(): ...
    >>> score in implementations("dc.score.splashes")
    True
    """

    def mark(function: F) -> F:
        for clause_id in clause_ids:
            found = _REGISTRY.setdefault(clause_id, [])
            if function not in found:
                found.append(function)
        return function

    return mark


def implementations(clause_id: str | None = None) -> tuple[Callable[..., object], ...]:
    """The functions registered for ``clause_id`` (or for every clause when ``None``).

    Only modules already imported have registered; importing ``rulespec``
    imports every game.
    """
    if clause_id is not None:
        return tuple(_REGISTRY.get(clause_id, ()))
    seen: list[Callable[..., object]] = []
    for functions in _REGISTRY.values():
        seen.extend(f for f in functions if f not in seen)
    return tuple(seen)


def implementations_by_clause() -> dict[str, tuple[Callable[..., object], ...]]:
    """Every clause id that a function implements, with those functions, in the order
    they registered.

    >>> found = implementations_by_clause()
    >>> found["duo.score.out"] == implementations("duo.score.out")
    True
    """
    return {clause_id: tuple(functions) for clause_id, functions in _REGISTRY.items()}


def implemented_clauses() -> frozenset[str]:
    """Every clause id that at least one function implements."""
    return frozenset(_REGISTRY)
