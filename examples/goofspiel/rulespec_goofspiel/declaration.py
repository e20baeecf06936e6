"""What rulespec's shared tools need to know of Goofspiel, declared once (see
:mod:`rulespec.core.declaration`): the parts only they use are named by module, as
strings, and imported when first needed."""

from __future__ import annotations

from typing import Any

from rulespec.core.declaration import Declaration

__all__ = ["DECLARATION", "chance_bound", "rule_bound"]


def rule_bound(game: Any, players: int, options: Any) -> int:
    """The most player actions a game takes: one bid per player and prize."""
    return int(options.cards) * players


def chance_bound(game: Any, players: int, options: Any, length: int) -> int:
    """One chance step a game: the shuffle of the prize deck."""
    return 1


DECLARATION = Declaration(
    prefix="gs.",
    catalogue="rulespec_goofspiel:spec/goofspiel.toml",
    languages=("fr",),
    simultaneous=True,
    rule_bound="rulespec_goofspiel.declaration:rule_bound",
    chance_bound="rulespec_goofspiel.declaration:chance_bound",
    examples="rulespec_goofspiel.examples",
)
"""Goofspiel's declaration."""
