"""Duck & Cover refuses chance actions and moves whose fields hold values of the wrong
type, even when they compare equal to the right ones (``True == 1``, ``5.0 == 5``)."""

from __future__ import annotations

import pytest

from rulespec.duck_cover import Cover, Deal, Quack, Reshuffle
from tests.duck_cover.helpers import (
    COVERED5,
    DC,
    FULL_DECK,
    IDENTITY,
    ROWS,
    pile_without,
    play,
    refused,
)

CAPTAIN = pile_without((3, 4, 5))
"""The Captain pile when 3 and 4 lie in the discard zone and 5 is in play."""


@pytest.mark.clause("dc.setup.grid", "dc.setup.draw-deck")
def test_a_deal_of_floats_or_booleans_is_refused() -> None:
    state = DC.new_game(2)
    grids = (IDENTITY, IDENTITY)
    for bad in ((1.0, *IDENTITY[1:]), (True, *IDENTITY[1:])):
        with refused("dc.setup.grid"):
            DC.apply(state, Deal((bad, IDENTITY), FULL_DECK))  # type: ignore[arg-type]
    for pile in ((float(FULL_DECK[0]), *FULL_DECK[1:]), tuple(str(c) for c in FULL_DECK)):
        with refused("dc.setup.draw-deck"):
            DC.apply(state, Deal(grids, pile))  # type: ignore[arg-type]
    with refused("dc.setup.grid"):
        DC.chance_action(state, [[float(c) for c in IDENTITY], IDENTITY, FULL_DECK])
    assert DC.apply(state, Deal(grids, FULL_DECK)).round == 0


@pytest.mark.clause("dc.deck.reshuffle")
def test_a_reshuffle_of_floats_is_refused() -> None:
    state = DC.position(
        [ROWS, COVERED5], card=5, draw_pile=(), captain_pile=CAPTAIN, discard_zone=(3, 4)
    )
    state = play(state, Cover(0, (0, 0)), Quack(1))
    pile = (5, *CAPTAIN)
    for bad in (tuple(float(c) for c in pile), (True, *pile[1:])):
        with refused("dc.deck.reshuffle"):
            DC.apply(state, Reshuffle(bad))  # type: ignore[arg-type]
    assert DC.apply(state, Reshuffle(pile)).draw_pile == CAPTAIN


@pytest.mark.clause("dc.setup.players", "dc.move.cover")
def test_a_move_of_the_wrong_type_is_refused() -> None:
    state = DC.position([ROWS, ROWS], card=5)
    legal = DC.legal_actions(state, 1)
    move = next(a for a in legal if isinstance(a, Cover))
    with refused("dc.setup.players"):
        DC.apply(state, Cover(True, move.to))
    with refused("dc.move.cover"):
        DC.apply(state, Cover(1, (float(move.to[0]), move.to[1])))  # type: ignore[arg-type]
