"""Small builders shared by the Duck & Cover unit tests.

Expected values in the tests are written by hand from the rulebooks; these
helpers only build inputs (deals, positions) and play the steps a test names.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import pytest

import rulespec
from rulespec.duck_cover import GAME, MAX, REPEAT, Action, Deal, DuckAndCover, Quack, State

__all__ = [
    "COVERED5",
    "DC",
    "FULL_DECK",
    "IDENTITY",
    "MAX",
    "REPEAT",
    "ROWS",
    "SPLASH",
    "STACKED",
    "deal",
    "deck_starting",
    "pile_without",
    "play",
    "quack_all",
    "refused",
]


DC: DuckAndCover = GAME
"""The game as the registry serves it: ``rulespec.game("duck-and-cover")`` is this object."""

ROWS = """
 1  2  3  4
 5  6  7  8
 9 10 11 12
"""
"""The 4 × 3 grid that the identity permutation deals."""

COVERED5 = """
  1 2 3 4
5/6 7 8 9
 10 11 12 .
"""
"""The 5 lies under the 6 at (0, 1): on a 5, this player can only say « Coin »."""

STACKED = """
 1     2    .  4
 .  9/5/6 3/7  8
10    11    . 12
"""
"""The 6 tops the stack 9, 5, 6 at (1, 1); the 7 tops 3, 7 at (2, 1); holes at (2, 0),
(0, 1) and (2, 2)."""

IDENTITY: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)

FULL_DECK: tuple[int, ...] = (
    *(1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6),
    *(7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12),
    MAX,
    REPEAT,
)
"""The 26 draw cards, written out from the rulebook's list of material."""

SPLASH: dict[int, int] = {
    1: 0,
    2: 1,
    3: 1,
    4: 2,
    5: 2,
    6: 2,
    7: 3,
    8: 3,
    9: 3,
    10: 4,
    11: 4,
    12: 5,
}
"""Splashes per duck card, copied from FACTS.md."""


def deck_starting(*first: int) -> tuple[int, ...]:
    """A 26-card draw pile whose first cards are ``first``, the rest in deck order."""
    rest = list(FULL_DECK)
    for card in first:
        rest.remove(card)
    return (*first, *rest)


def pile_without(placed: Sequence[int], first: Sequence[int] = ()) -> tuple[int, ...]:
    """The draw pile when ``placed`` lie elsewhere (in play, on a pile): ``first``
    on top, then the rest of the deck in deck order."""
    rest = list(FULL_DECK)
    for card in (*placed, *first):
        rest.remove(card)
    return (*first, *rest)


def deal(
    players: int,
    first: Sequence[int] = (),
    grids: Sequence[Sequence[int]] | None = None,
    state: State | None = None,
) -> State:
    """Apply a hand-made Deal: identity grids unless given, the draw pile starting
    with ``first``; on a new game unless ``state`` waits for a deal."""
    before = DC.new_game(players) if state is None else state
    orders = tuple(tuple(g) for g in grids) if grids is not None else (IDENTITY,) * players
    result: State = DC.apply(before, Deal(orders, deck_starting(*first)))
    return result


def play(state: State, *actions: Action) -> State:
    """Apply ``actions`` in order."""
    for action in actions:
        state = DC.apply(state, action)
    return state


def quack_all(state: State) -> State:
    """Every player still to move says « Coin »."""
    return play(state, *(Quack(p) for p in DC.to_move(state)))


@contextmanager
def refused(clause: str) -> Iterator[None]:
    """Expect an :class:`rulespec.IllegalAction` that names ``clause``."""
    with pytest.raises(rulespec.IllegalAction) as info:
        yield
    assert info.value.clause == clause, str(info.value)
    assert str(info.value).startswith(f"{clause}: ")
