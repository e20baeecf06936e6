"""Refused deals and plays name the rule and say why; the sequences of legal actions
and of Canarchie's new orders behave as the lists they stand for."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from rulespec import IllegalAction
from rulespec.canardage import Card, Deal, Options, Play, rules
from rulespec.canardage.rules import CLAUSES, arrangements, legal_actions
from rulespec.plugin.piles import pile_of
from tests.canardage.helpers import GAME, W, at


def _like_a_list(seq: Sequence[Any]) -> None:
    listed = list(seq)
    n = len(listed)
    assert n == len(seq) and n >= 2
    assert [seq[i] for i in range(-n, n)] == listed + listed
    assert list(seq[1:3]) == listed[1:3] and list(seq[::-1]) == listed[::-1]
    for i in (n, n + 1, -n - 1):
        with pytest.raises(IndexError):
            _ = seq[i]


@pytest.mark.clause("can.action.canarchie")
def test_canarchie_s_new_orders_index_like_a_list() -> None:
    _like_a_list(arrangements(((1,), (W,), (0,), (2,))))


@pytest.mark.clause("can.turn.play-one", "can.action.canarchie", "can.turn.discard")
def test_legal_actions_and_each_card_s_uses_index_like_lists() -> None:
    # Nothing can be played: the legal actions are one discard per card.
    _like_a_list(legal_actions(at("0 1 2 W 1 0", ["pan", "canardage", "pan"]), 0))
    s = at("1/2 W 0 1 0 2", ["canarchie", "pan", "en-joue"], targets=[2])
    legal = legal_actions(s, 0)
    _like_a_list(legal)
    many = legal.uses(Card.CANARCHIE)
    assert len(many) == 359
    _like_a_list(many)
    assert list(many) == [a for a in legal if a.card is Card.CANARCHIE]


def _refusal(state: Any, action: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    return info.value


@pytest.mark.clause("can.setup.duck-deck")
def test_a_deal_with_another_duck_deck_is_refused() -> None:
    s = GAME.new_game(3)
    ducks = (*[0, 1, 2, W] * 5,)
    actions = Options().deck()
    assert GAME.apply(s, Deal(ducks, actions)).line
    for wrong in [(*ducks[:-1], 0), ducks[:-1], (*ducks, 1), (*ducks[:-1], 3)]:
        error = _refusal(s, Deal(wrong, actions))
        assert error.clause == "can.setup.duck-deck", wrong


@pytest.mark.clause("can.action.double-viseur", "can.action.canardage")
def test_two_target_cards_refuse_spaces_that_are_not_front_then_back_neighbours() -> None:
    s = at("0 1 W 2 0 1", ["double-viseur", "pan", "pan"])
    error = _refusal(s, Play(0, Card.DOUBLE_VISEUR, (1, 3)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.DOUBLE_VISEUR],
        "the two targets go on two adjacent spaces, front one first",
    )
    s = at("0 1 W 2 0 1", ["canardage", "pan", "pan"], targets=[2, 3])
    error = _refusal(s, Play(0, Card.CANARDAGE, (3, 2)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.CANARDAGE],
        "Canardage shoots two neighbouring targeted spaces, front one first",
    )


@pytest.mark.clause("can.action.banzai", "can.action.a-couvert")
def test_a_duck_in_front_cannot_banzai_and_cannot_hide_under_water() -> None:
    s = at("0 W 1 2 0 1", ["banzai", "a-couvert", "pan"])
    error = _refusal(s, Play(0, Card.BANZAI, (0,)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.BANZAI],
        "your duck is already first: Banzaï must move it to the front",
    )
    error = _refusal(s, Play(0, Card.A_COUVERT, (0, 1)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.A_COUVERT],
        "a duck cannot hide under a water card",
    )


@pytest.mark.clause("can.turn.play-one")
@pytest.mark.parametrize(
    "spaces",
    [
        [0],
        ("0",),
        0,
        (0.0,),
        (True,),
    ],
)
def test_spaces_that_are_not_whole_numbers_are_refused(spaces: Any) -> None:
    s = at("0 1 W 2 0 1", ["pan", "pan", "en-joue"], targets=[0])
    error = _refusal(s, Play(0, Card.PAN, spaces))
    assert error.clause == CLAUSES[Card.PAN]
    assert error.reason == f"spaces must be a tuple of whole numbers, not {spaces!r}"


@pytest.mark.clause("can.turn.order", "can.setup.players")
def test_a_seat_of_the_game_out_of_turn_is_refused_by_the_turn_order() -> None:
    """Seat 0 is a seat of the game: playing out of turn breaks the turn order, not the
    number of players; only a seat the game does not have names the setup."""
    s = at("0 1 2 W 1 0", ["pan", "en-joue", "pan"], turn=1)
    assert Play(1, Card.EN_JOUE, (0,)) in legal_actions(s, 1)
    for seat in (0, 2):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(seat, Card.EN_JOUE, (0,)))
        assert err.value.clause == "can.turn.order"
        assert "player 1's turn" in err.value.reason
    for seat in (-1, 3):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(seat, Card.EN_JOUE, (0,)))
        assert err.value.clause == "can.setup.players"


@pytest.mark.clause("can.turn.play-one")
def test_legal_actions_hold_nothing_but_the_player_s_actions() -> None:
    s = at("0* 1 2 W 1 0", ["pan", "en-joue", "tu-louches"])
    actions = legal_actions(s, 0)
    first = actions[0]
    assert isinstance(first, Play) and first in actions
    strangers: list[object] = [
        object(),
        None,
        "pan",
        first.card,
        (first.player, first.card, first.spaces),
        Play(0, first.card.value, first.spaces),  # type: ignore[arg-type]
        Play(1, first.card, first.spaces),
        Deal((0,) * 6, (Card.PAN,) * 3),
    ]
    for stranger in strangers:
        assert stranger not in actions, stranger
    assert all(a in actions for a in actions)


@pytest.mark.clause("can.action.tu-louches")
def test_a_refused_tu_louches_says_which_space_is_wrong() -> None:
    s = at("0* 1 2 W 1 0", ["tu-louches", "pan", "en-joue"])
    for spaces, reason in (
        ((1, 2), "space 1 is not targeted"),
        ((0, 2), "space 2 is not beside the targeted space 0"),
    ):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, Play(0, Card.TU_LOUCHES, spaces))
        assert err.value.clause == "can.action.tu-louches"
        assert reason in err.value.reason, err.value.reason


@pytest.mark.clause("can.action.a-couvert", "can.action.planque")
def test_a_refused_hide_or_planque_on_water_says_so() -> None:
    s = at("1 2 W 0 1 2", ["a-couvert", "planque", "pan"])
    error = _refusal(s, Play(0, Card.A_COUVERT, (3, 2)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.A_COUVERT],
        "a duck cannot hide under a water card",
    )
    error = _refusal(s, Play(0, Card.A_COUVERT, (3, 5)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.A_COUVERT],
        "space 5 is not beside your duck",
    )
    error = _refusal(s, Play(0, Card.PLANQUE, (2,)))
    assert (error.clause, error.reason) == (
        CLAUSES[Card.PLANQUE],
        "a Planqué card goes on a duck, not on water",
    )


def test_a_shuffle_the_game_drew_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """As ``rules.sampled`` documents: a chance action the game shuffled from a state's
    own piles is legal by construction, and applying it there checks it no further; the
    same shuffle built by hand is checked."""
    checked: list[object] = []

    def counted(pile: object, kind: type) -> bool:
        checked.append(pile)
        return pile_of(pile, kind)

    monkeypatch.setattr(rules, "pile_of", counted)
    state = GAME.new_game(4)
    drawn = GAME.sample_chance(state, random.Random(2))
    assert isinstance(drawn, Deal)
    after = GAME.apply(state, drawn)
    assert checked == []
    assert GAME.apply(state, Deal(drawn.ducks, drawn.actions)) == after
    assert checked == [drawn.ducks, drawn.actions]
