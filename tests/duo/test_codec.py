"""JSON: states, actions, options and records round-trip; malformed data says where."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

import rulespec
from rulespec import Record, RecordError
from rulespec.duo import Deal, Draw, Options, Play, Stop
from tests.duo.helpers import DUO, card
from tests.duo.strategies import Played, played


@given(played())
def test_states_round_trip(match: Played) -> None:
    data = DUO.encode_state(match.state)
    assert DUO.decode_state(json.loads(json.dumps(data))) == match.state


@given(played(max_steps=40))
def test_records_round_trip_and_replay(match: Played) -> None:
    record = Record(DUO.id, match.players, match.options, match.steps)
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.replay() == match.state


def test_actions_as_written() -> None:
    assert DUO.encode_action(Play(2, card("green-4-cross"), 1)) == {
        "type": "play",
        "player": 2,
        "card": "green-4-cross",
        "pile": 1,
    }
    assert DUO.encode_action(Stop(1)) == {"type": "stop", "player": 1}
    assert DUO.encode_action(Draw(0)) == {"type": "draw", "player": 0}
    deal = Deal((card("turbo"), card("joker-3")))
    assert DUO.encode_action(deal) == {"type": "deal", "order": ["turbo", "joker-3"]}
    for action in (Play(2, card("joker-cross"), 0), Stop(5), Draw(3), deal):
        assert DUO.decode_action(DUO.encode_action(action)) == action


def test_options_list_only_what_differs() -> None:
    assert DUO.encode_options(Options()) == {}
    opts = Options(turbo=True, first_player=3, exhausted="empty-draw", max_rounds=40)
    data = DUO.encode_options(opts)
    assert data == {"turbo": True, "first_player": 3, "exhausted": "empty-draw", "max_rounds": 40}
    assert DUO.decode_options(data) == opts
    opts = Options(max_rounds=2, leader_wins=True)
    data = DUO.encode_options(opts)
    assert data == {"max_rounds": 2, "leader_wins": True}
    assert DUO.decode_options(data) == opts


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"type": "play", "player": 0, "card": "red-9-circle", "pile": 0}, "action.card"),
        ({"type": "play", "player": 0, "card": 3, "pile": 0}, "action.card"),
        ({"type": "play", "player": 0, "card": "red-1-circle", "pile": 2}, "action.pile"),
        ({"type": "play", "player": 0, "card": "red-1-circle"}, "action"),
        ({"type": "stop", "player": 6}, "action.player"),
        ({"type": "draw", "player": 0, "pile": 1}, "action"),
        ({"type": "shuffle"}, "action.type"),
        ({"type": "deal", "order": "turbo"}, "action.order"),
        ([], "action"),
    ],
)
def test_malformed_actions_say_where(data: object, where: str) -> None:
    with pytest.raises(RecordError) as info:
        DUO.decode_action(data)
    assert info.value.where == where


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"turbo": "yes"}, "options.turbo"),
        ({"exhausted": "never"}, "options.exhausted"),
        ({"first_player": 6}, "options.first_player"),
        ({"max_rounds": 0}, "options.max_rounds"),
        ({"leader_wins": 1}, "options.leader_wins"),
        ({"colour_blind": True}, "options"),
    ],
)
def test_malformed_options_say_where(data: dict[str, object], where: str) -> None:
    with pytest.raises(RecordError) as info:
        DUO.decode_options(data)
    assert info.value.where == where


def test_malformed_states_say_where() -> None:
    good = DUO.encode_state(DUO.start(2, seed=1))
    for key, value, where in [
        ("phase", "lunch", "state.phase"),
        ("players", 7, "state.players"),
        ("turn", 2, "state.turn"),
        ("turn_pile", 3, "state.turn_pile"),
        ("hands", [["red-1-circle", "nope"], ["red-2-circle"]], "state.hands[0][1]"),
        ("piles", "x", "state.piles"),
    ]:
        with pytest.raises(RecordError) as info:
            DUO.decode_state({**good, key: value})
        assert info.value.where == where, key
    with pytest.raises(RecordError):
        DUO.decode_state({**good, "extra": 1})


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"hands": [["red-1-circle"]]}, "state.hands"),
        ({"hands": [["red-1-circle"]] * 3}, "state.hands"),
        ({"piles": [["red-1-circle"]]}, "state.piles"),
        ({"round": 1, "round_scores": [[3]]}, "state.round_scores[0]"),
        ({"round": 1, "round_scores": [[3, 0, 0]]}, "state.round_scores[0]"),
        ({"phase": "over", "turn_pile": 0}, "state.turn_pile"),
        ({"options": {"first_player": 4}}, "state.options.first_player"),
        ({"phase": "deal", "round": 0}, "state.hands"),
    ],
)
def test_states_of_the_wrong_shape_say_where(change: dict[str, Any], where: str) -> None:
    good = DUO.encode_state(DUO.start(2, seed=1))
    with pytest.raises(RecordError) as info:
        DUO.decode_state({**good, **change})
    assert info.value.where == where


def test_a_record_of_duo_names_the_game() -> None:
    record = Record.play(DUO, 3, seed=4, steps=12)
    data = json.loads(record.to_json())
    assert data["game"] == "duo" and len(data["steps"]) == 12
    assert data["steps"][0]["type"] == "deal" and len(data["steps"][0]["order"]) == 76
    assert rulespec.game(data["game"]) is DUO
