"""Setup of a round: « PRÉPARATION » and the first player of « LE JEU »."""

from __future__ import annotations

import random

import pytest

from rulespec import CHANCE, IllegalAction
from rulespec.duo import Deal, Options, Phase, Play, rules
from tests.duo.helpers import ALL_NAMES, DUO, card, deal_order, refused, started

HANDS_2 = [
    ["red-1-circle", "red-2-circle", "red-3-circle", "red-4-circle", "blue-1-cross",
     "blue-2-cross", "blue-3-cross"],
    ["green-1-square", "green-2-square", "green-3-square", "green-4-square", "yellow-1-cross",
     "yellow-2-cross", "yellow-3-cross"],
]  # fmt: skip


@pytest.mark.clause("duo.setup.players")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    state = DUO.new_game(players)
    assert DUO.to_move(state) == (CHANCE,)


@pytest.mark.clause("duo.setup.players")
@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_other_player_counts_are_refused(players: int) -> None:
    with refused("duo.setup.players"):
        DUO.new_game(players)


@pytest.mark.clause("duo.setup.deal")
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, Options(features=1)),  # 4 cards, 7 each
        (2, Options(features=2, jokers=False, hand_size=4)),  # 8 cards: 8 dealt, no piles
        (6, Options(features=3, jokers=False, hand_size=5)),  # 27 cards: 30 dealt
    ],
)
def test_a_deck_too_small_to_deal_from_is_refused_at_the_start(
    players: int, options: Options
) -> None:
    with refused("duo.setup.deal"):
        DUO.new_game(players, options)


@pytest.mark.clause("duo.setup.deal")
def test_the_smallest_deck_that_deals_leaves_an_empty_draw_pile() -> None:
    options = Options(features=2, jokers=False, hand_size=3)  # 8 cards: 6 dealt, 2 piles
    start = DUO.new_game(2, options)
    state = DUO.apply(start, DUO.sample_chance(start, random.Random(0)))
    assert [len(h) for h in state.hands] == [3, 3]
    assert [len(p) for p in state.piles] == [1, 1]
    assert state.draw_pile == ()


@pytest.mark.clause("duo.setup.deal")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal_gives_seven_cards_one_at_a_time(players: int) -> None:
    order = tuple(card(n) for n in ALL_NAMES[:-1])
    state = DUO.apply(DUO.new_game(players), Deal(order))
    for p in range(players):
        # One at a time: seat p receives cards p, p + n, p + 2n, … of the shuffle.
        expected = sorted(order[p + k * players] for k in range(7))
        assert list(state.hands[p]) == expected
    assert state.phase is Phase.TURN


@pytest.mark.clause("duo.setup.deal")
def test_deal_must_be_the_whole_deck() -> None:
    state = DUO.new_game(2)
    order = tuple(card(n) for n in ALL_NAMES[:-1])
    with refused("duo.setup.deal"):
        DUO.apply(state, Deal(order[:-1]))
    with refused("duo.setup.deal"):
        DUO.apply(state, Deal((order[0], *order[:-1])))
    with refused("duo.setup.deal"):  # a Turbo-joker is not in the base game
        DUO.apply(state, Deal((*order[:-1], card("turbo"))))
    turbo = DUO.new_game(2, Options(turbo=True))
    with refused("duo.setup.deal"):  # Turbo-DUO deals 80 cards
        DUO.apply(turbo, Deal(order))


@pytest.mark.clause("duo.setup.deal")
def test_a_deal_comes_only_when_the_match_waits_for_one() -> None:
    order = Deal(tuple(card(n) for n in ALL_NAMES[:-1]))
    state = DUO.apply(DUO.new_game(2), order)
    assert state.phase is Phase.TURN
    with pytest.raises(IllegalAction, match="does not wait for a deal") as info:
        DUO.apply(state, order)
    assert info.value.clause == "duo.setup.deal"


@pytest.mark.clause("duo.setup.draw-pile", "duo.setup.piles")
def test_piles_start_with_the_next_two_cards_and_the_rest_is_the_draw_pile() -> None:
    deal = deal_order(2, HANDS_2, ["blue-4-square", "joker-3"], ["green-1-circle"])
    state = started(2, deal)
    assert state.piles == ((card("blue-4-square"),), (card("joker-3"),))
    assert state.draw_pile[0] == card("green-1-circle")
    assert len(state.draw_pile) == 76 - 14 - 2
    assert state.draw_pile == deal.order[16:]


@pytest.mark.clause("duo.setup.piles", "duo.place.on-joker", "duo.place.no-joker-on-joker")
def test_a_joker_turned_up_starts_its_pile() -> None:
    hands = [list(h) for h in HANDS_2]
    hands[0][6] = "joker-red"
    deal = deal_order(2, hands, ["joker-3", "green-4-cross"])
    state = started(2, deal)
    assert state.piles[0] == (card("joker-3"),)
    # The number joker on top asks for a 3: red-3-circle fits, a red 1 and a joker do not.
    assert DUO.apply(state, Play(0, card("red-3-circle"), 0)).piles[0][-1] == card("red-3-circle")
    with refused("duo.place.on-joker"):
        DUO.apply(state, Play(0, card("red-1-circle"), 0))
    with refused("duo.place.no-joker-on-joker"):
        DUO.apply(state, Play(0, card("joker-red"), 0))


@pytest.mark.clause("duo.setup.piles", "duo.place.turbo")
def test_a_turbo_joker_turned_up_takes_any_card() -> None:
    hands = [list(h) for h in HANDS_2]
    hands[0][6] = "joker-green"
    deal = deal_order(2, hands, ["turbo", "green-4-cross"], turbo=True)
    state = started(2, deal, Options(turbo=True))
    assert state.piles[0] == (card("turbo"),)
    legal = DUO.legal_actions(state, 0)
    for name in [*hands[0]]:
        assert Play(0, card(name), 0) in legal


@pytest.mark.clause("duo.setup.first-player")
def test_the_youngest_starts() -> None:
    third = ["yellow-4-circle", "yellow-4-square", "yellow-4-triangle", "yellow-4-cross",
             "blue-1-circle", "blue-1-square", "blue-1-triangle"]  # fmt: skip
    deal = deal_order(3, [HANDS_2[0], HANDS_2[1], third], ["blue-4-square", "joker-3"])
    for first in (0, 1, 2):
        state = started(3, deal, Options(first_player=first))
        assert DUO.to_move(state) == (first,)
        others = [p for p in range(3) if p != first]
        for p in others:
            assert len(DUO.legal_actions(state, p)) == 0
    with refused("duo.setup.first-player"):
        DUO.new_game(3, Options(first_player=3))
    with pytest.raises(ValueError):
        Options(first_player=6)


def test_no_player_action_before_the_deal() -> None:
    state = DUO.new_game(2)
    with pytest.raises(IllegalAction):
        DUO.apply(state, Play(0, card("red-1-circle"), 0))
    assert len(DUO.legal_actions(state, 0)) == 0


def test_a_deal_the_game_drew_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """As ``drawn_deal`` documents: a deal drawn from the state's deck is known to hold
    the deck, so applying it skips the deck check; a deal built by hand is checked."""
    checked: list[Deal] = []
    monkeypatch.setattr(rules, "check_deal", lambda state, action: checked.append(action))
    state = DUO.new_game(3, Options(turbo=True))
    drawn = DUO.sample_chance(state, random.Random(5))
    assert isinstance(drawn, Deal)
    assert DUO.apply(state, drawn).phase is Phase.TURN
    assert checked == []
    assert DUO.apply(state, Deal(drawn.order)) == DUO.apply(state, drawn)
    assert checked == [Deal(drawn.order)]
