"""Duo refuses deals and plays whose fields hold values of the wrong type, even when
they compare equal to the right ones (``True == 1``, ``3.0 == 3``)."""

from __future__ import annotations

import random

import pytest

from rulespec.duo import Deal, Draw, Play
from tests.duo.helpers import DUO, refused


@pytest.mark.clause("duo.setup.deal")
def test_a_deal_of_floats_or_booleans_is_refused() -> None:
    state = DUO.new_game(3)
    deck = [int(c) for c in DUO.chance(state).piles[0]]  # type: ignore[call-overload]
    order = tuple(random.Random(4).sample(deck, len(deck)))
    for bad in (
        tuple(float(c) for c in order),
        tuple(True if c == 1 else c for c in order),
        tuple(str(c) for c in order),
    ):
        with refused("duo.setup.deal"):
            DUO.apply(state, Deal(bad))  # type: ignore[arg-type]
        with refused("duo.setup.deal"):
            DUO.chance_action(state, [bad])
    assert DUO.apply(state, Deal(order)).hands[0] == tuple(sorted(order[0:21:3]))


@pytest.mark.clause("duo.setup.players", "duo.setup.piles", "duo.turn.play")
def test_a_play_of_the_wrong_type_is_refused_even_when_equal_to_a_legal_one() -> None:
    state = DUO.start(2, seed=1)
    first = next(a for a in DUO.legal_actions(state, 0) if isinstance(a, Play))
    with refused("duo.setup.players"):
        DUO.apply(state, Play(False, first.card, first.pile))
    with refused("duo.setup.piles"):
        DUO.apply(state, Play(0, first.card, bool(first.pile)))
    with refused("duo.turn.play"):
        DUO.apply(state, Play(0, float(first.card), first.pile))  # type: ignore[arg-type]
    with refused("duo.setup.players"):
        DUO.apply(state, Draw(0.0))  # type: ignore[arg-type]
    assert DUO.apply(state, first) != state
