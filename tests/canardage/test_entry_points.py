"""Canardage refuses actions whose fields hold values of the wrong type, even when they
compare equal to legal ones (``True == 1``, ``1.0 == 1``)."""

from __future__ import annotations

from typing import Any

import pytest

from rulespec import IllegalAction
from rulespec.canardage import Card, Discard, Disperse, Phase, Play
from tests.canardage.helpers import GAME, W, at, legal, play


@pytest.mark.clause("can.setup.players")
def test_a_player_of_the_wrong_type_is_refused_even_when_equal_to_the_one_on_turn() -> None:
    s = at("0 1 2 W 1 0", ["pan", "en-joue", "pan"], turn=1)
    assert Play(1, Card.EN_JOUE, (0,)) in legal(s)
    for bad in (True, 1.0):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(bad, Card.EN_JOUE, (0,)))  # type: ignore[arg-type]
        assert err.value.clause == "can.setup.players"
    stuck = at("0 1 2 W 1 0", ["pan", "canardage", "pan"], turn=1)
    assert Discard(1, Card.PAN) in legal(stuck)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(stuck, Discard(True, Card.PAN))
    assert err.value.clause == "can.setup.players"


@pytest.mark.clause("can.action.en-joue")
def test_spaces_of_the_wrong_type_are_refused_even_when_equal_to_legal_ones() -> None:
    s = at("0 1 2 W 1 0", ["pan", "en-joue", "pan"])
    assert Play(0, Card.EN_JOUE, (1,)) in legal(s)
    for bad in ((True,), (1.0,), [1]):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(0, Card.EN_JOUE, bad))  # type: ignore[arg-type]
        assert err.value.clause == "can.action.en-joue"
        assert "whole numbers" in err.value.reason


@pytest.mark.clause("can.action.canarchie")
def test_a_new_line_of_the_wrong_type_is_refused_even_when_equal_to_a_legal_one() -> None:
    s = at("0 0 0 W* W 1", ["canarchie", "pan", "pan"])
    new = ((W,), (1,), (0,), (W,), (0,), (0,))
    assert Play(0, Card.CANARCHIE, (), new) in legal(s)
    bads: list[Any] = [(*new[:1], (True,), *new[2:]), (*new[:1], (1.0,), *new[2:])]
    for bad in bads:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(0, Card.CANARCHIE, (), bad))
        assert err.value.clause == "can.action.canarchie"


@pytest.mark.clause("can.action.dispersion", "can.chance.shuffles")
def test_the_dispersion_shuffle_is_refused_outside_a_dispersion_and_with_foreign_cards() -> None:
    s = at("0 1* 2 W 1 0", ["dispersion", "pan", "pan"], seen=2)
    mid = play(s, Card.DISPERSION)
    assert mid.phase is Phase.DISPERSION
    for state in (s, GAME.apply(mid, Disperse(mid.deck))):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, Disperse(mid.deck))
        assert err.value.clause == "can.chance.shuffles"
    for bad in (tuple(float(c) for c in mid.deck), tuple(str(c) for c in mid.deck)):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(mid, Disperse(bad))  # type: ignore[arg-type]
        assert err.value.clause == "can.action.dispersion"
