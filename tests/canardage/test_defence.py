"""À couvert, hidden ducks and their covers, and Planqué."""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec.canardage import Card, Disperse, Play
from tests.canardage.helpers import GAME, W, at, legal, line_of, play, refusal, spaces

_DECK = [2, 0, 1, 2, 0, 1, 2, 0, 1, W, W, W, 2]


@pytest.mark.clause("can.action.a-couvert", "can.line.close-up")
def test_a_couvert_hides_your_duck_under_a_neighbour_and_the_line_refills() -> None:
    s = at("1 0 W 2 0 1", ["a-couvert", "pan", "pan"], deck=[*_DECK, W])
    # Duck at 1: under 0 (a duck), never under 2 (water). Duck at 4: under 3 or 5.
    assert spaces(s, Card.A_COUVERT) == [(1, 0), (4, 3), (4, 5)]
    after = play(s, Card.A_COUVERT, 1, 0)
    assert line_of(after) == "0/1 W 2 0 1 2"  # 0 hidden under 1; the deck's top (2) entered
    assert len(after.line) == 6 and after.deck == s.deck[1:]
    assert refusal(s, Card.A_COUVERT, 1, 2) == "can.action.a-couvert"


@pytest.mark.clause("can.action.a-couvert")
def test_your_own_duck_may_serve_as_cover() -> None:
    s = at("0 0 W 1 2 W", ["a-couvert", "pan", "pan"])
    assert spaces(s, Card.A_COUVERT) == [(0, 1), (1, 0)]
    assert play(s, Card.A_COUVERT, 1, 0).line[0] == (0, 0)


@pytest.mark.clause("can.cover.pair", "can.action.a-couvert")
def test_a_pair_neither_covers_again_nor_hides() -> None:
    s = at("1/2 0 W 2 1 0/2", ["a-couvert", "pan", "pan"])
    assert spaces(s, Card.A_COUVERT) == []
    for bad in ((1, 0), (5, 4)):
        assert refusal(s, Card.A_COUVERT, *bad) == "can.cover.pair"


@pytest.mark.clause("can.cover.pair", "can.action.palme-arriere", "can.action.banzai")
def test_a_pair_moves_as_one_card_for_the_covers_owner() -> None:
    s = at("1/2 W 0 1 0 2", ["palme-arriere", "banzai", "pan"], turn=2)
    assert spaces(s, Card.PALME_ARRIERE) == [(0,)]
    assert line_of(play(s, Card.PALME_ARRIERE, 0)) == "W 1/2 0 1 0 2"
    assert line_of(play(s, Card.BANZAI, 5)) == "2 1/2 W 0 1 0"
    # The hidden duck's owner cannot move it: only space 3 shows one of player 1's ducks.
    hidden_owner = at("1/2 W 0 1 0 2", ["palme-arriere", "pan", "pan"], turn=1)
    assert spaces(hidden_owner, Card.PALME_ARRIERE) == [(3,)]
    assert refusal(hidden_owner, Card.PALME_ARRIERE, 0) == "can.cover.pair"


@pytest.mark.clause("can.cover.pair", "can.action.canarchie")
def test_canarchie_moves_a_pair_as_one_card() -> None:
    s = at("1/2 W 0 1 0 2", ["canarchie", "pan", "pan"])
    for action in legal(s, Card.CANARCHIE):
        assert Counter(action.line) == Counter(s.line)
    # six stacks, two of them equal (the 0s): 6!/2! orders, less the current one
    assert len(legal(s, Card.CANARCHIE)) == 359


@pytest.mark.clause("can.cover.pair", "can.action.dispersion")
def test_dispersion_separates_a_pair() -> None:
    s = at("1/2 W 0 1 0 2", ["dispersion", "pan", "pan"])
    mid = play(s, Card.DISPERSION)
    assert Counter(mid.deck) == Counter(s.deck) + Counter([1, 2, W, 0, 1, 0, 2])
    after = GAME.apply(mid, Disperse(tuple(sorted(mid.deck))))
    assert all(len(stack) == 1 for stack in after.line)


@pytest.mark.clause("can.cover.shot", "can.action.pan", "can.shot.owner")
def test_a_shot_cover_dies_and_exposes_the_hidden_duck_in_place() -> None:
    s = at("0 1/2* W 0 1 2", ["pan", "pan", "en-joue"])
    after = play(s, Card.PAN, 1)
    assert line_of(after) == "0 1 W 0 1 2"
    assert after.deck == s.deck  # nothing moved up, nothing entered
    assert after.shot == (0, 0, 1) and after.targets == ()


@pytest.mark.clause("can.cover.forward", "can.action.en-avant-marche", "can.view.deck-bottom")
def test_a_pair_at_the_front_goes_under_the_deck_together() -> None:
    s = at("1/2 W 0 1 0 2", ["en-avant-marche", "pan", "pan"])
    after = play(s, Card.EN_AVANT_MARCHE)
    assert after.deck[-2:] == (1, 2)  # hidden duck, then its cover at the very bottom
    assert after.seen == 2
    assert after.shot == s.shot
    assert line_of(after).startswith("W 0 1 0 2 ")
    assert GAME.view(after, 0).deck_bottom == (1, 2)


@pytest.mark.clause("can.action.planque")
def test_planque_lies_on_a_duck_of_any_colour_never_on_water() -> None:
    s = at("0 W 1 2 W 1", ["planque", "pan", "pan"], shelters={2: 2})
    assert spaces(s, Card.PLANQUE) == [(0,), (3,), (5,)]  # 2 already has one
    after = play(s, Card.PLANQUE, 3)
    assert after.shelters == (3, -1, 2)
    assert Card.PLANQUE not in after.played
    for bad in (1, 2):
        assert refusal(s, Card.PLANQUE, bad) == "can.action.planque"


@pytest.mark.clause("can.action.planque", "can.turn.order")
def test_planque_is_taken_off_when_its_players_turn_comes_back() -> None:
    s = at("0 W 1 2 W 1", ["planque", "en-avant-marche", "en-avant-marche"])
    s = play(s, Card.PLANQUE, 0)
    assert s.turn == 1 and s.shelters[0] == 0
    s = play(s, Card.EN_AVANT_MARCHE)
    assert s.turn == 2 and s.shelters[0] == 0  # the card stays though the line moved
    s = play(s, Card.EN_AVANT_MARCHE)
    assert s.turn == 0 and s.shelters[0] == -1
    assert s.played[-1] is Card.PLANQUE


@pytest.mark.clause("can.planque.space", "can.action.pan", "can.action.en-joue")
def test_a_protected_duck_can_be_targeted_but_not_shot() -> None:
    s = at("0 1* 2 W 1 0", ["pan", "en-joue", "tireur-d-elite"], turn=2, shelters={1: 1})
    assert spaces(s, Card.PAN) == []
    assert (1,) not in spaces(s, Card.TIREUR_D_ELITE)
    assert refusal(s, Card.PAN, 1) == "can.planque.space"
    s2 = at("0 1 2 W 1 0", ["en-joue", "pan", "pan"], turn=2, shelters={1: 1})
    assert (1,) in spaces(s2, Card.EN_JOUE)


@pytest.mark.clause("can.planque.space", "can.action.canardage", "can.action.tu-louches")
def test_no_shot_of_any_card_kills_a_protected_duck() -> None:
    s = at("0 1* 2* W 1 0", ["canardage", "tu-louches", "pan"], turn=0, shelters={2: 2})
    assert spaces(s, Card.CANARDAGE) == []
    # (1, 2) would shoot the protected duck; the target on 2 may still aim beside it.
    assert spaces(s, Card.TU_LOUCHES) == [(1, 0), (2, 1)]
    assert (2,) not in spaces(s, Card.PAN) and (1,) in spaces(s, Card.PAN)


@pytest.mark.clause("can.planque.space")
def test_planque_protects_the_space_not_the_duck() -> None:
    s = at("0 1 2* W 1 0", ["en-avant-marche", "pan", "pan"], turn=0, shelters={2: 2})
    after = play(s, Card.EN_AVANT_MARCHE)
    # The card stays on space 2, which now holds the water card; the duck 2 moved to 1.
    assert after.shelters[2] == 2 and after.line[1] == (2,) and after.line[2] == (W,)
    nxt = at("1 2 W* 1 0 0", ["pan", "pan", "pan"], turn=2, shelters={1: 2})
    assert spaces(nxt, Card.PAN) == [(2,)]  # water on a protected space may be fired at
    assert play(nxt, Card.PAN, 2).targets == ()


@pytest.mark.clause("can.turn.discard", "can.planque.space")
def test_a_hand_whose_only_shots_are_protected_must_discard() -> None:
    s = at("0 1* 2 W 1 0", ["pan", "pan", "tu-louches"], turn=2, shelters={1: 1})
    assert spaces(s, Card.TU_LOUCHES) == [(1, 0), (1, 2)]
    s = at("W 1* W W 1 0", ["pan", "pan", "pan"], turn=2, shelters={1: 1})
    actions = list(legal(s))
    assert [type(a).__name__ for a in actions] == ["Discard"]
    assert GAME.apply(s, actions[0]).played[-1] is Card.PAN
    assert not any(isinstance(a, Play) for a in actions)
