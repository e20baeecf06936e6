"""JSON of actions, options and states; the position builder's refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rulespec
from rulespec import PositionError, RecordError
from rulespec.canardage import Card, Deal, Discard, Disperse, Options, Play, Reshuffle
from rulespec.canardage.policy import random_card_policy
from rulespec.tools.simulation import play as play_game
from tests.canardage.helpers import GAME, W, at

_ACTIONS: list[Any] = [
    Play(0, Card.TU_LOUCHES, (2, 3)),
    Play(5, Card.EN_AVANT_MARCHE),
    Play(1, Card.CANARCHIE, (), ((0, 1), (W,), (2,))),
    Discard(2, Card.BANZAI),
    Deal((0, W, 1), (Card.PAN, Card.PLANQUE)),
    Reshuffle((Card.DISPERSION,)),
    Disperse((W, 2)),
]


@pytest.mark.parametrize("action", _ACTIONS)
def test_actions_round_trip_through_json(action: Any) -> None:
    data = json.loads(json.dumps(GAME.encode_action(action)))
    assert GAME.decode_action(data) == action


def test_json_names_cards_by_their_ids() -> None:
    assert GAME.encode_action(Play(1, Card.CANARCHIE, (), ((0, 1), (W,)))) == {
        "type": "play",
        "player": 1,
        "card": "canarchie",
        "spaces": [],
        "line": [[0, 1], ["water"]],
    }


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"type": "play", "player": 0, "card": "boom", "spaces": []}, "action.card"),
        ({"type": "play", "player": 9, "card": "pan", "spaces": [1]}, "action.player"),
        ({"type": "play", "player": 0, "card": "pan", "spaces": [1], "x": 1}, "action"),
        ({"type": "disperse", "deck": [7]}, "action.deck[0]"),
        ({"type": "fly"}, "action.type"),
    ],
)
def test_malformed_actions_name_the_place(data: Any, where: str) -> None:
    with pytest.raises(RecordError) as err:
        GAME.decode_action(data)
    assert err.value.where == where


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"hands": [["pan", "pan", "pan"]] * 2}, "state.hands"),
        ({"shelters": [-1, -1, -1, -1]}, "state.shelters"),
        ({"shot": [0, 0]}, "state.shot"),
        ({"turn": 3}, "state.turn"),
        ({"turn": -1}, "state.turn"),
        ({"winners": [3]}, "state.winners[0]"),
        ({"winners": [1, 0]}, "state.winners"),
        ({"winners": [0, 1, 2, 0]}, "state.winners"),
    ],
)
def test_states_of_the_wrong_shape_name_the_place(change: dict[str, Any], where: str) -> None:
    good = GAME.encode_state(GAME.start(3, seed=2))
    assert good["phase"] == "play"
    with pytest.raises(RecordError) as err:
        GAME.decode_state({**good, **change})
    assert err.value.where == where


def test_no_player_is_on_turn_before_the_deal() -> None:
    data = GAME.encode_state(GAME.new_game(3))
    assert GAME.decode_state(data) == GAME.new_game(3)
    with pytest.raises(RecordError) as err:
        GAME.decode_state({**data, "turn": 0})
    assert err.value.where == "state.turn"


def test_options_json_lists_only_changes() -> None:
    assert GAME.encode_options(Options()) == {}
    two = Options(action_deck={**{c.value: 1 for c in Card}, "pan": 40})
    data = GAME.encode_options(two)
    assert data["action_deck"]["pan"] == 40
    assert GAME.decode_options(data) == two
    with pytest.raises(RecordError):
        GAME.decode_options({"action_deck": {"boom": 1}})


@pytest.mark.clause("can.chance.shuffles")
def test_states_and_records_round_trip_and_replay() -> None:
    result = play_game(GAME, 4, "json", policy=random_card_policy)
    record = rulespec.Record.play(GAME, 4, seed=11)
    text = record.to_json()
    again = rulespec.Record.from_json(text)
    assert again == record
    final = again.replay()
    assert GAME.is_over(final) and GAME.winners(final)
    for state in record.states():
        data = json.loads(json.dumps(GAME.encode_state(state)))
        assert GAME.decode_state(data) == state
    assert result.winners


@pytest.mark.parametrize(
    ("line", "kwargs", "message"),
    [
        ("0 1 2 W 1 0 2", {}, "7 spaces, not 6"),
        ("0 1 2 W 1", {"deck": [0] * 3 + [1] * 3 + [2] * 4 + [W] * 4}, "give the whole line"),
        ("0 1 2 W 1 3", {}, "colour in play"),
        ("0 W/1 2 W 1 0", {}, "hides"),
        ("0 1 2 W 1 0", {"targets": [1, 1]}, "one per space"),
        ("0 1 2 W 1 0", {"shelters": {0: 1}}, "start of their turn"),
        ("0 1 2 W 1 0", {"shelters": {1: 1, 2: 1}}, "two Planqué"),
        (
            "0 1 2 W 1 0",
            {"shot": [0, 0, 1], "deck": [0] * 3 + [1] * 3 + [2] * 4 + [W] * 4},
            "colour 2",
        ),
        ("0 W W W W W", {"shot": [0, 5, 5]}, "over"),
        ("0 1 2 W 1 0", {"seen": 99}, "seen"),
        ("0 1 2 W 1 0", {"played": ["pan"] * 12}, "action deck"),
    ],
)
def test_the_position_builder_refuses_unreachable_positions(
    line: str, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        at(line, ["pan", "pan", "pan"], **kwargs)


def test_the_position_builder_refuses_a_wrong_hand_size() -> None:
    with pytest.raises(PositionError, match="holds 4 cards"):
        at("0 1 2 W 1 0", ["pan", "pan", "pan", "pan"])
