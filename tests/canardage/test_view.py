"""What each player may know."""

from __future__ import annotations

import pytest

from rulespec.canardage import Card, View
from tests.canardage.helpers import GAME, W, at, play


@pytest.mark.clause("can.view.hidden")
def test_a_view_shows_the_table_and_the_own_hand_only() -> None:
    s = at("0 1* 2 W 1 0", ["pan", "en-joue", "banzai"], shelters={1: 3}, played=["pan"])
    v = GAME.view(s, 0)
    assert isinstance(v, View)
    assert v.line == s.line and v.targets == (1,) and v.shelters == (-1, 3, -1)
    assert v.hand == s.hands[0] and v.hand_sizes == (3, 3, 3)
    assert v.played == (Card.PAN,) and v.shot == (0, 0, 0)
    assert v.deck_size == len(s.deck) and v.draw_pile_size == len(s.draw_pile)
    assert GAME.view(s, 1).hand == s.hands[1]


@pytest.mark.clause("can.view.hidden")
def test_views_do_not_depend_on_hidden_data() -> None:
    hand = ["pan", "en-joue", "banzai"]
    # Same known bottom (W, W); the shuffled part in another order.
    deck_a = [0, 1, 2, W, W, 0, 1, 2, 0, 1, 2, 0, W, W]
    deck_b = [W, 2, 1, 0, W, 0, 1, 2, 0, 1, 2, 0, W, W]
    a = at("0 1* 2 W 1 2", hand, others=[["pan"] * 3] * 2, shelters={1: 3}, seen=2, deck=deck_a)
    b = at(
        "0 1* 2 W 1 2",
        hand,
        others=[["en-joue"] * 3, ["pan"] * 3],
        shelters={1: 3},
        seen=2,
        deck=deck_b,
    )
    assert a != b and a.draw_pile != b.draw_pile
    assert GAME.view(a, 0) == GAME.view(b, 0)
    assert GAME.view(a, 1) != GAME.view(b, 1)  # player 1's own hand differs


@pytest.mark.clause("can.view.deck-bottom", "can.action.en-avant-marche")
def test_cards_sent_under_the_deck_stay_known_until_they_come_back() -> None:
    deck = [2, 0, 1, 2, 0, 1, 2, 0, 1, W, W, W, 2, W]
    eam = ["en-avant-marche", "pan", "pan"]
    s = at("1 0 W 2 0 1", eam, others=[eam, ["pan"] * 3], deck=deck)
    assert GAME.view(s, 1).deck_bottom == ()
    s = play(s, Card.EN_AVANT_MARCHE)
    s = play(s, Card.EN_AVANT_MARCHE)
    assert GAME.view(s, 2).deck_bottom == (1, 0)  # in the order they went under
    assert s.deck[-2:] == (1, 0)


@pytest.mark.clause("can.view.deck-bottom")
def test_a_known_bottom_card_drawn_back_leaves_the_known_part() -> None:
    deck = [2, 0, 1, 2, 0, 1, 2, 0, 1, W, W, W, 2, W]
    s = at("1* 0 W 2 0 1", ["pan", "pan", "pan"], turn=2, deck=deck, seen=14)
    assert GAME.view(s, 0).deck_bottom == tuple(deck)
    after = play(s, Card.PAN, 0)  # the deck's top card enters the line
    assert after.seen == 13
    assert GAME.view(after, 0).deck_bottom == tuple(deck[1:])


@pytest.mark.clause("can.view.hidden-duck")
def test_a_hidden_duck_is_public() -> None:
    s = at("1/2 W 0 1 0 2", ["pan", "pan", "pan"])
    for p in range(3):
        assert GAME.view(s, p).line[0] == (1, 2)
