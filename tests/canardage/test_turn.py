"""Setup, the turn, drawing and the shuffles."""

from __future__ import annotations

from collections import Counter

import pytest

from rulespec import CHANCE, IllegalAction
from rulespec.canardage import (
    DEFAULT_ACTION_DECK,
    Card,
    Deal,
    Discard,
    Options,
    Phase,
    Play,
    Reshuffle,
)
from rulespec.canardage.cards import DECK_ORDER
from tests.canardage.helpers import GAME, W, at, legal, play

# The published composition, in the catalogue's (FACTS.md's) words.
_FACTS = {
    "pan": 12, "en-joue": 10, "en-avant-marche": 6, "palme-avant": 3, "palme-arriere": 3,
    "planque": 3, "a-couvert": 2, "tu-louches": 2, "rectifier-gauche": 2,
    "rectifier-droite": 2, "canarchie": 2, "tireur-d-elite": 1, "double-viseur": 1,
    "canardage": 1, "banzai": 1, "dispersion": 1,
}  # fmt: skip


@pytest.mark.clause("can.setup.players")
def test_three_to_six_players() -> None:
    for n in (3, 4, 5, 6):
        assert len(GAME.new_game(n).hands) == n
    for n in (1, 2, 7):
        with pytest.raises(IllegalAction) as err:
            GAME.new_game(n)
        assert err.value.clause == "can.setup.players"


@pytest.mark.clause("can.setup.action-deck")
def test_the_default_action_deck_is_the_published_one() -> None:
    assert dict(zip((c.value for c in DECK_ORDER), DEFAULT_ACTION_DECK, strict=True)) == _FACTS
    assert Options().deck_size == 52 == len(Options().deck())
    two = Options(action_deck={**_FACTS, "tireur-d-elite": 2})
    assert Counter(two.deck())[Card.TIREUR_D_ELITE] == 2 and two.deck_size == 53
    with pytest.raises(IllegalAction) as err:
        GAME.new_game(6, Options(action_deck={"pan": 23}))
    assert err.value.clause == "can.setup.action-deck"


@pytest.mark.clause("can.setup.duck-deck", "can.setup.colours", "can.chance.shuffles")
def test_the_deal_shuffles_five_ducks_per_colour_in_play_and_five_water_cards() -> None:
    for n in (3, 6):
        s = GAME.new_game(n)
        assert GAME.to_move(s) == (CHANCE,)
        ducks, actions = GAME.chance(s).piles
        assert Counter(ducks) == Counter({**{c: 5 for c in range(n)}, W: 5})
        assert Counter(actions) == Counter(Options().deck())


@pytest.mark.clause("can.setup.line", "can.setup.hands", "can.turn.first-player")
def test_the_deal_lays_the_line_from_the_back_and_deals_three_cards_each() -> None:
    ducks = (0, 1, 2, W, 1, 2, *([0] * 4), *([1] * 3), *([2] * 3), *([W] * 4))
    actions = tuple(reversed(Options().deck()))
    s = GAME.apply(GAME.new_game(3), Deal(ducks, actions))
    # The first card turned up takes space 5; the sixth takes space 0.
    assert s.line == ((2,), (1,), (W,), (2,), (1,), (0,))
    assert s.deck == ducks[6:]
    for p in range(3):
        assert Counter(s.hands[p]) == Counter(actions[3 * p : 3 * p + 3])
    assert s.draw_pile == actions[9:]
    assert s.turn == 2 and s.phase is Phase.PLAY  # the duck at the head is colour 2


@pytest.mark.clause("can.turn.first-player")
def test_water_at_the_head_skips_to_the_first_duck() -> None:
    ducks = (0, 0, 0, 1, W, W, *([0] * 2), *([1] * 4), *([2] * 5), *([W] * 3))
    s = GAME.apply(GAME.new_game(3), Deal(ducks, Options().deck()))
    assert s.line[:3] == ((W,), (W,), (1,))
    assert s.turn == 1


@pytest.mark.clause("can.turn.order", "can.turn.draw", "can.turn.play-one")
def test_a_turn_plays_one_card_draws_the_top_card_and_passes_clockwise() -> None:
    s = at("0 1 2 W 1 0", ["en-avant-marche", "pan", "pan"], turn=2)
    top = s.draw_pile[0]
    after = play(s, Card.EN_AVANT_MARCHE)
    assert after.turn == 0  # after the last seat comes seat 0
    assert Counter(after.hands[2]) == Counter([Card.PAN, Card.PAN, top])
    assert after.draw_pile == s.draw_pile[1:]
    assert after.played == (Card.EN_AVANT_MARCHE,)
    assert after.hands[:2] == s.hands[:2]


@pytest.mark.clause("can.turn.order", "can.turn.play-one")
def test_only_the_player_on_turn_plays_and_only_cards_in_hand() -> None:
    s = at("0 1* 2 W 1 0", ["pan", "pan", "pan"])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Play(1, Card.PAN, (1,)))
    assert err.value.clause == "can.turn.order"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Play(0, Card.EN_JOUE, (0,)))
    assert err.value.clause == "can.turn.play-one"
    assert len(GAME.legal_actions(s, 1)) == 0


@pytest.mark.clause("can.turn.discard")
def test_discard_only_when_nothing_is_playable_one_choice_per_card() -> None:
    s = at("0 1 2 W 1 0", ["pan", "canardage", "pan"])
    assert list(legal(s)) == [Discard(0, Card.PAN), Discard(0, Card.CANARDAGE)]
    after = GAME.apply(s, Discard(0, Card.CANARDAGE))
    assert after.played == (Card.CANARDAGE,) and after.line == s.line and after.turn == 1
    playable = at("0 1 2 W 1 0", ["pan", "en-joue", "pan"])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(playable, Discard(0, Card.PAN))
    assert err.value.clause == "can.turn.discard"


def _rest(hands: list[list[str]], shelters: int = 0) -> list[str]:
    """The action cards that are in no hand (every other card already played)."""
    left = Counter(Options().deck())
    left.subtract(Card(c) for hand in hands for c in hand)
    left[Card.PLANQUE] -= shelters
    return [c.value for c in left.elements()]


@pytest.mark.clause("can.deck.reshuffle", "can.chance.shuffles")
def test_an_empty_draw_pile_is_rebuilt_after_the_play_before_the_draw() -> None:
    hands = [["en-avant-marche", "pan", "pan"], ["pan"] * 3, ["pan"] * 3]
    s = at("0 1 2 W 1 0", hands[0], others=hands[1:], draw_pile=[], played=_rest(hands))
    mid = play(s, Card.EN_AVANT_MARCHE)
    assert mid.phase is Phase.RESHUFFLE and GAME.to_move(mid) == (CHANCE,)
    assert mid.turn == 0 and len(mid.hands[0]) == 2
    (pile,) = GAME.chance(mid).piles
    assert Counter(pile) == Counter(s.played) + Counter([Card.EN_AVANT_MARCHE])
    order = tuple(reversed(pile))
    after = GAME.apply(mid, Reshuffle(order))  # type: ignore[arg-type]
    assert after.played == () and after.draw_pile == order[1:]
    assert Counter(after.hands[0]) == Counter([Card.PAN, Card.PAN, order[0]])
    assert after.turn == 1 and after.phase is Phase.PLAY


@pytest.mark.clause("can.deck.reshuffle")
def test_no_reshuffle_while_the_draw_pile_has_cards() -> None:
    s = at("0 1 2 W 1 0", ["pan", "pan", "pan"])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Reshuffle(()))
    assert err.value.clause == "can.deck.reshuffle"


@pytest.mark.clause("can.deck.reshuffle", "can.action.planque")
def test_a_planque_on_the_line_is_not_reshuffled() -> None:
    hands = [["en-avant-marche", "pan", "pan"], ["pan"] * 3, ["pan"] * 3]
    rest = _rest(hands, shelters=1)
    s = at("0 1 2 W 1 0", hands[0], others=hands[1:], draw_pile=[], played=rest, shelters={2: 4})
    (pile,) = GAME.chance(play(s, Card.EN_AVANT_MARCHE)).piles
    assert Counter(pile)[Card.PLANQUE] == 2  # the third lies on space 4
