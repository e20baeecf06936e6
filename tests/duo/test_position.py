"""The position builder accepts what a match can reach and refuses the rest."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec import PositionError
from rulespec.duo import Options, Phase
from tests.duo.helpers import ALL_NAMES, DUO, card
from tests.integers import Index

HANDS = [["red-3-cross", "blue-1-circle"], ["green-2-triangle"]]
PILES = [["red-3-circle"], ["blue-1-square"]]


def test_a_valid_position() -> None:
    state = DUO.position(HANDS, PILES)
    assert state.phase is Phase.TURN and state.turn == 0 and state.turn_pile is None
    assert state.hands[0] == tuple(sorted(card(n) for n in HANDS[0]))
    # The draw pile holds the other 71 cards, in card order.
    used = {card(n) for h in HANDS for n in h} | {card(p[0]) for p in PILES}
    assert state.draw_pile == tuple(sorted({card(n) for n in ALL_NAMES[:-1]} - used))
    assert DUO.violations(state) == ()


def test_cards_may_be_given_as_numbers_and_turn_and_round_are_kept() -> None:
    state = DUO.position(
        [[card(n) for n in h] for h in HANDS],
        PILES,
        turn=1,
        round=2,
        round_scores=[(-3, -4), (2, 0)],
        options=Options(first_player=1),
    )
    assert state.turn == 1 and state.round == 2 and state.starter == 1
    assert DUO.scores(state) == (-1, -4)
    assert DUO.violations(state) == ()


@pytest.mark.parametrize(
    ("hands", "piles", "kwargs", "message"),
    [
        ([HANDS[0]], PILES, {}, "2 to 6 players"),
        (HANDS, PILES[:1], {}, "two discard piles"),
        ([HANDS[0], []], PILES, {}, "player 1 has no card"),
        ([HANDS[0], ["red-3-cross"]], PILES, {}, "red-3-cross is there too often"),
        (HANDS, [["red-3-circle", "blue-4-square"], ["blue-1-square"]], {}, "cannot have been"),
        (HANDS, [[], ["blue-1-square"]], {}, "pile 0 is empty"),
        ([["purple-3-cross"], ["green-2-triangle"]], PILES, {}, "not a Duo card"),
        ([["turbo"], ["green-2-triangle"]], PILES, {}, "too often"),
        (HANDS, PILES, {"draw_pile": ["green-1-cross"]}, "is missing"),
        (HANDS, PILES, {"turn": 2}, "not a seat"),
        (HANDS, PILES, {"turn_pile": 0}, "no card was played on it"),
        (HANDS, PILES, {"turn_pile": 2}, "expected 0, 1 or None"),
        (HANDS, PILES, {"round": 1}, "one score list per finished round"),
        (HANDS, PILES, {"round": 1, "round_scores": [(10, 0)]}, "reach the target"),
        (HANDS, PILES, {"round": 1, "round_scores": [(3, 1)]}, "not reachable"),
        (HANDS, PILES, {"round": 1, "round_scores": [(-3, 0)]}, "not reachable"),
        (HANDS, PILES, {"round": 1, "round_scores": [(-3,)]}, "expected 2 whole numbers"),
        (HANDS, PILES, {"options": Options(max_rounds=1), "round": 1,
                        "round_scores": [(-1, -1)]}, "round limit"),
        (HANDS, PILES, {"options": Options(first_player=3)}, "not a seat"),
    ],
)  # fmt: skip
def test_unreachable_positions_are_refused(
    hands: list[list[str]], piles: list[list[str]], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        DUO.position(hands, piles, **kwargs)  # type: ignore[arg-type]


def test_turn_pile_after_a_card_this_turn() -> None:
    state = DUO.position(HANDS, [["red-3-circle", "red-3-square"], ["blue-1-square"]], turn_pile=0)
    assert state.turn_pile == 0
    assert list(DUO.legal_actions(state, 0))[-1].__class__.__name__ == "Stop"


# -- only the documented syntax --------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"hands": [["1_0"], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: '1_0' is not a Duo card"),
        ({"hands": [["+5"], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: '\+5'"),
        ({"hands": [["５"], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: '５'"),
        ({"hands": [["٥"], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: '٥'"),
        ({"hands": [[5.0], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: 5.0 is not a card"),
        ({"hands": [[True], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: True is not a card"),
        ({"hands": [[77], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: 77 is not a card"),
        ({"hands": [[None], ["green-2-triangle"]]}, r"hands\[0\]\[0\]: None"),
        ({"hands": [5, ["green-2-triangle"]]}, r"hands\[0\]: expected a list"),
        ({"hands": ["red-3-cross", ["green-2-triangle"]]}, r"hands\[0\]: expected a list"),
        ({"hands": 5}, "hands: expected a list"),
        ({"piles": "ab"}, "piles: expected a list"),
        ({"piles": [5, None]}, r"piles\[0\]: expected a list"),
        ({"draw_pile": "red-1-circle"}, "draw_pile: expected a list"),
        ({"turn": 1.0}, "turn: expected a whole number, not 1.0"),
        ({"turn": True}, "turn: expected a whole number, not True"),
        ({"turn": "1"}, "turn: expected a whole number"),
        ({"turn_pile": True}, "turn_pile: expected a whole number, not True"),
        ({"turn_pile": 0.0}, "turn_pile: expected a whole number, not 0.0"),
        ({"round": 1.0}, "round: expected a whole number, not 1.0"),
        ({"round": 1, "round_scores": [[-1.0, -1]]}, r"round_scores\[0\]\[0\]: expected a whole"),
        ({"round": 1, "round_scores": [5]}, r"round_scores\[0\]: expected a list"),
        ({"options": {"turbo": True}}, "options: expected rulespec.duo.Options"),
    ],
)
def test_values_of_another_kind_are_refused_saying_where(
    change: dict[str, object], where: str
) -> None:
    arguments: dict[str, object] = {"hands": HANDS, "piles": PILES, **change}
    with pytest.raises(PositionError, match=f"^{where}"):
        DUO.position(**arguments)  # type: ignore[arg-type]


def test_whole_numbers_of_any_integer_type_are_cards_and_seats() -> None:
    hands: list[list[int | str]] = [[card(n) for n in HANDS[0]], list(HANDS[1])]
    state = DUO.position(hands, PILES, turn=Index(1))
    assert state.turn == 1 and type(state.turn) is int
    assert state == DUO.position(HANDS, PILES, turn=1)


# -- partial positions -------------------------------------------------------------


def test_unnamed_hands_and_piles_are_dealt_in_card_order() -> None:
    state = DUO.position([None, ["red-3-circle"], None], [None, ["red-3-cross"]])
    assert state.hands[1] == (card("red-3-circle"),)
    assert state.piles[1] == (card("red-3-cross"),)
    # blue-1-circle, blue-1-square, … in card order: seven to player 0, seven to player 2,
    # then the starting card of pile 0; the draw pile holds the rest, in card order.
    order = [c for c in range(76) if c not in (card("red-3-circle"), card("red-3-cross"))]
    assert state.hands[0] == tuple(order[:7])
    assert state.hands[2] == tuple(order[7:14])
    assert state.piles[0] == (order[14],)
    assert state.draw_pile == tuple(order[15:])
    assert DUO.violations(state) == ()
    assert len(DUO.legal_actions(state, 0)) > 0


def test_every_part_may_be_left_unnamed() -> None:
    state = DUO.position([None] * 6, options=Options(turbo=True))
    assert [len(h) for h in state.hands] == [7] * 6 and len(state.draw_pile) == 80 - 44
    assert DUO.violations(state) == ()


def test_too_few_cards_left_to_deal_is_refused() -> None:
    with pytest.raises(PositionError, match="too few to deal"):
        DUO.position([None, None], draw_pile=[card(n) for n in ALL_NAMES[:70]])


@given(st.data())
def test_a_partial_position_is_a_valid_state_with_the_named_cards_in_place(
    data: st.DataObject,
) -> None:
    players = data.draw(st.integers(2, 6), label="players")
    cards = data.draw(st.permutations(range(76)), label="deck")
    hands: list[list[int] | None] = []
    for _ in range(players):
        size = data.draw(st.integers(0, 7))
        hands.append(None if size == 0 else cards[:size])
        cards = cards[size:]
    piles = [data.draw(st.sampled_from([None, [c]])) for c in cards[:2]]
    state = DUO.position(hands, piles)
    for p, hand in enumerate(hands):
        assert state.hands[p] == (tuple(sorted(hand)) if hand else state.hands[p])
        assert len(state.hands[p]) == (len(hand) if hand else 7)
    for i, pile in enumerate(piles):
        assert pile is None or state.piles[i] == tuple(pile)
    assert DUO.violations(state) == ()
    assert len(DUO.legal_actions(state, state.turn)) > 0
