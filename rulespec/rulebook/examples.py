"""Worked examples: a move drawn before and after, next to the clauses it shows.

Each game lists its examples in the module it declares as ``examples``
(:func:`rulespec.duck_cover.examples.examples` and the like). The site draws
them beside the clauses they cite, and the test suite checks each one: the
move is legal in ``before`` and ``game.apply(before, action) == after``.

A caption marks the facts it states (``Player :fact:`0 <duo-stop.before.to_move>`
ends their turn``), which ``facts`` gives as data: the test suite checks them
against the engine and the marks against them in every language
(:mod:`rulespec.rulebook.facts`); the site shows the marked words plain.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.game import game as registered

__all__ = ["Example", "Value", "examples_of"]

Value = int | str | tuple[int | str, ...]
"""A stated fact: a number, a name (a player's, a card's), or several."""


@attrs.frozen
class Example:
    """One worked example of a game's rules.

    ``before`` and ``after`` are written out independently (with the game's
    position builder, or as a change to ``before``), so that the test suite
    can check the engine against them. ``view`` names the player whose view
    is drawn; ``None`` draws the whole table. ``facts`` are the facts the
    caption states, by moment and name as the game's ``facts()`` reads them
    (``{"before": {"to_move": "0"}}``); ``players`` names the seats when the
    caption does (otherwise a player is named by their seat, ``"0"``).
    """

    name: str
    """A short unique name, such as ``"dc-cover"`` (cited by ``.. rules:example::``)."""
    clauses: tuple[str, ...]
    """The clauses it shows, the one it is drawn beside first."""
    caption: str
    before: Any
    action: Any
    after: Any
    view: int | None = None
    facts: Mapping[str, Mapping[str, Value]] = attrs.field(factory=dict)
    players: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """The players' names, seat by seat: ``players``, or the seat numbers.

        >>> examples_of("duo")[0].names()
        ('0', '1')
        """
        return self.players or tuple(str(seat) for seat in range(self.before.players))


def examples_of(game: str) -> tuple[Example, ...]:
    """The worked examples of ``game`` (an id such as ``"duo"``).

    >>> [e.name for e in examples_of("duo")][:2]
    ['duo-two-features', 'duo-one-pile']
    """
    declared = registered(game).declaration
    if declared.examples is None:
        return ()
    found: tuple[Example, ...] = declared.load(declared.examples).examples()
    return found
