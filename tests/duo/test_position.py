"""The position builder accepts what a match can reach and refuses the rest."""

from __future__ import annotations

import pytest

from rulespec import PositionError
from rulespec.duo import Options, Phase
from tests.duo.helpers import ALL_NAMES, DUO, card

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
