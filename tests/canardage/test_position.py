"""The position builder: only the documented values; partial positions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec import PositionError
from rulespec.canardage import Card, Options, position
from tests.canardage.helpers import GAME, W
from tests.integers import Index

LINE = "0 1 2 W 1 0"
HANDS = [["pan", "en-joue", "banzai"], ["pan"] * 3, ["pan"] * 3]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"line": "0 1_0 2 W 1 0"}, "line: space 1: '1_0'"),
        ({"line": "0 +1 2 W 1 0"}, r"line: space 1: '\+1'"),
        ({"line": "0 １ 2 W 1 0"}, "line: space 1: '１'"),
        ({"line": "0 ١ 2 W 1 0"}, "line: space 1: '١'"),
        ({"line": "0 ² 2 W 1 0"}, "line: space 1: '²'"),
        ({"line": "0 1/ 2 W 1 0"}, "line: space 1: '1/'"),
        ({"line": [[0], [1.0], [2], [W], [1], [0]]}, r"line\[1\]\[0\]: expected a whole number"),
        ({"line": [[0], ["1"], [2], [W], [1], [0]]}, r"line\[1\]\[0\]: expected a whole number"),
        ({"line": [[0], [True], [2], [W], [1], [0]]}, r"line\[1\]\[0\]: expected a whole number"),
        ({"line": [[0], 1, [2], [W], [1], [0]]}, r"line\[1\]: expected a list"),
        ({"line": 5}, "line: expected a list"),
        ({"targets": [1.5]}, r"targets\[0\]: expected a whole number, not 1.5"),
        ({"targets": [True]}, r"targets\[0\]: expected a whole number, not True"),
        ({"targets": 1}, "targets: expected a list"),
        ({"turn": 1.0}, "turn: expected a whole number, not 1.0"),
        ({"turn": False}, "turn: expected a whole number, not False"),
        ({"seen": 0.0}, "seen: expected a whole number"),
        ({"shot": [0, 0, 0.0]}, r"shot\[2\]: expected a whole number"),
        ({"shelters": {1.0: 1}}, "shelters: expected a whole number"),
        ({"shelters": {1: "1"}}, r"shelters\[1\]: expected a whole number"),
        ({"shelters": [1]}, "shelters: expected a mapping"),
        ({"deck": [0, 1.0]}, r"deck\[1\]: expected a whole number"),
        ({"hands": [["pan"] * 3, ["pan"] * 3, "pan"]}, r"hands\[2\]: expected a list"),
        ({"hands": [["pan"] * 3, ["pan"] * 3, [3]]}, r"hands\[2\]\[0\]: 3 is not an action card"),
        ({"hands": 3}, "hands: expected a list"),
        ({"played": ["boom"]}, r"played\[0\]: 'boom' is not an action card"),
        ({"draw_pile": "pan"}, "draw_pile: expected a list"),
        ({"options": {"action_deck": {}}}, "options: expected rulespec.canardage.Options"),
    ],
)
def test_values_of_another_kind_are_refused_saying_where(
    change: dict[str, Any], where: str
) -> None:
    arguments: dict[str, Any] = {"line": LINE, "hands": HANDS, **change}
    with pytest.raises(PositionError, match=f"^{where}"):
        position(**arguments)


def test_whole_numbers_of_any_integer_type_are_accepted() -> None:
    state = position(LINE, HANDS, targets=[Index(2)], turn=Index(2), shelters={1: Index(2)})
    assert state.targets == (2,) and state.turn == 2 and state.shelters == (-1, 2, -1)
    assert type(state.targets[0]) is int and type(state.turn) is int


# -- partial positions -------------------------------------------------------------


def test_a_short_line_is_completed_from_the_deck_in_colour_order() -> None:
    state = position("1* W 2/1", HANDS, shot=[5, 0, 0])
    # Colour 0 is shot out; colour 1 has three ducks left, then colour 2's four, then water.
    assert state.line == ((1,), (W,), (2, 1), (1,), (1,), (1,))
    assert state.targets == (0,)
    assert state.deck == (2,) * 4 + (W,) * 4
    assert GAME.violations(state) == ()


def test_unnamed_and_short_hands_are_dealt_in_the_rulebook_order() -> None:
    state = position(LINE, [None, ["planque"], None, None], played=["en-joue"] * 10)
    order = [c for c in GAME.default_options().deck() if c is not Card.EN_JOUE]
    assert order[:4] == [Card.DOUBLE_VISEUR] + [Card.PAN] * 3
    assert state.hands[0] == (Card.DOUBLE_VISEUR, Card.PAN, Card.PAN)
    assert state.hands[1] == (Card.PAN, Card.PAN, Card.PLANQUE)
    assert state.hands[2] == state.hands[3] == (Card.PAN,) * 3
    assert state.draw_pile[:3] == (Card.PAN, Card.PAN, Card.TIREUR_D_ELITE)  # 12 Pan in all
    assert GAME.violations(state) == ()


def test_too_few_action_cards_to_complete_a_hand_is_refused() -> None:
    small = Options(action_deck={"pan": 7})
    with pytest.raises(PositionError, match=r"hands\[2\]: no action card is left"):
        position(LINE, [None, None, None], options=small)


@given(st.data())
def test_a_partial_position_is_a_valid_state_with_the_named_cards_in_place(
    data: st.DataObject,
) -> None:
    players = data.draw(st.integers(3, 6), label="players")
    spaces = data.draw(st.integers(1, 6), label="spaces")
    ducks = [c for c in range(players) for _ in range(5)] + [W] * 5
    front = data.draw(st.permutations(ducks), label="ducks")[:spaces]
    deck = list(GAME.default_options().deck())
    cards = data.draw(st.permutations(deck), label="cards")
    hands: list[list[Card] | None] = []
    for _ in range(players):
        size = data.draw(st.integers(-1, 3))
        hands.append(None if size < 0 else cards[:size])
        cards = cards[max(size, 0) :]
    line = " ".join("W" if c == W else str(c) for c in front)
    state = position(line, hands)
    assert state.line[:spaces] == tuple((c,) for c in front)
    for p, hand in enumerate(hands):
        assert len(state.hands[p]) == 3
        assert hand is None or Counter(hand) <= Counter(state.hands[p])
    assert GAME.violations(state) == ()
    assert len(GAME.legal_actions(state, state.turn)) > 0
