"""A game that never ends is cut at its length cap, and its record says so."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rulespec
from rulespec import Record
from rulespec.core.declaration import length_cap
from rulespec.tools import verify
from rulespec.tools.simulation import play

CAN = rulespec.game("canardage")
# Pan alone never lets anyone's last duck fall... (a deck of Pan only shoots only
# targeted ducks, and nothing ever targets one): a game of it never ends.
ENDLESS = CAN.decode_options({"action_deck": {"pan": 52}})


def _player_actions(record: Record) -> int:
    return sum(1 for step in record.steps if hasattr(step, "player"))


def test_record_play_cuts_an_endless_game_at_the_cap() -> None:
    record = Record.play(CAN, 3, seed=1, options=ENDLESS)
    assert record.truncated
    assert _player_actions(record) == length_cap(CAN, 3, ENDLESS)
    data = json.loads(record.to_json())
    assert data["truncated"] is True
    assert Record.from_json(record.to_json()) == record
    assert "cut at its length cap" in str(verify(record))


def test_a_finished_game_is_not_truncated_and_writes_no_field() -> None:
    record = Record.play(CAN, 3, seed=1)
    assert not record.truncated
    assert "truncated" not in record.to_data()
    assert CAN.is_over(record.replay())


def test_a_record_without_the_field_reads_as_not_truncated_and_a_bad_value_is_refused() -> None:
    data: dict[str, Any] = Record.play(CAN, 3, seed=2, steps=5).to_data()
    assert Record.from_data(dict(data)).truncated is False
    with pytest.raises(rulespec.RecordError, match="truncated: expected true or false"):
        Record.from_data({**data, "truncated": 1})


def test_simulation_cuts_an_endless_game_and_counts_it() -> None:
    result = play(CAN, 3, "1", options=ENDLESS, record=True)
    assert result.truncated and result.winners == ()
    assert dict(result.events)["cut:length-cap"] == 1
    assert result.record is not None and result.record.truncated


@pytest.mark.parametrize("game_id", ["duck-and-cover", "duo"])
def test_a_simultaneous_game_is_cut_only_where_a_turn_starts(game_id: str) -> None:
    g = rulespec.game(game_id)
    # A tiny cap through the rules as printed: replay until the cut and check that the
    # state after the record's last step waits for every player of the turn or one.
    record = Record.play(g, 3, seed=4, options=g.default_options())
    state = record.replay()
    cap = length_cap(g, 3, state.options)
    assert _player_actions(record) <= cap + (3 if g.declaration.simultaneous else 0)
    if record.truncated and g.declaration.simultaneous:
        assert len(g.to_move(state)) == 3
