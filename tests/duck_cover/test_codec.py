"""JSON of states, actions and records: round trips, malformed input, replay errors."""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec.duck_cover import Cover, Duck, Phase, Quack
from tests.duck_cover.helpers import DC

# -- round trips ------------------------------------------------------------------


def through_json(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 1, None), (5, 2, 700), (7, 3, 400)])
def test_states_and_actions_survive_json(players: int, seed: int, steps: int | None) -> None:
    record = rulespec.Record.play(DC, players=players, seed=seed, steps=steps)
    phases = set()
    for state in record.states():
        assert DC.decode_state(through_json(DC.encode_state(state))) == state
        phases.add(state.phase)
    for action in record.steps:
        assert DC.decode_action(through_json(DC.encode_action(action))) == action
    if steps is None:
        assert phases == set(Phase)
    assert rulespec.Record.from_json(record.to_json()) == record
    assert rulespec.Record.from_json(record.to_json(indent=2).encode()) == record


def test_a_half_submitted_turn_survives_json() -> None:
    state = DC.position(["1 2 3 4\n5 6 7 8\n9 10 11 12"] * 3, card=6)
    state = DC.apply(DC.apply(state, Duck(2, (-1, 1))), Cover(0, (1, 0)))
    assert DC.decode_state(through_json(DC.encode_state(state))) == state


def test_draw_cards_and_positions_are_written_as_documented() -> None:
    assert DC.encode_action(Duck(1, (-1, 0))) == {"type": "duck", "player": 1, "to": [-1, 0]}
    assert DC.encode_action(Quack(3)) == {"type": "quack", "player": 3}
    data = DC.encode_state(DC.position(["1 2 3 4\n5 6 7 8\n9 10 11 12"] * 2, card=13))
    assert data["card"] == "max"
    assert "repeat" in data["draw_pile"]


# -- malformed actions ------------------------------------------------------------

BAD_ACTIONS: list[tuple[Any, str]] = [
    ({"type": "cover", "player": 0, "to": [1]}, "action.to"),
    ({"type": "cover", "player": 0, "to": [1, 2, 3]}, "action.to"),
    ({"type": "cover", "player": 0, "to": "1,2"}, "action.to"),
    ({"type": "cover", "player": 0, "to": [1, 2.5]}, "action.to[1]"),
    ({"type": "duck", "player": 0, "to": [True, 2]}, "action.to[0]"),
    ({"type": "duck", "player": "0", "to": [1, 2]}, "action.player"),
    ({"type": "duck", "player": 7, "to": [1, 2]}, "action.player"),
    ({"type": "quack", "player": -1}, "action.player"),
    ({"type": "quack"}, "action"),
    ({"type": "quack", "player": 0, "to": [0, 0]}, "action"),
    ({"player": 0}, "action"),
    ({"type": "jump", "player": 0}, "action.type"),
    ({"type": None}, "action.type"),
    ([], "action"),
    ("cover", "action"),
    (None, "action"),
    ({"type": "deal", "grids": [[1, 2, 13]], "draw_pile": []}, "action.grids[0][2]"),
    ({"type": "deal", "grids": [list(range(1, 14))], "draw_pile": []}, "action.grids[0]"),
    ({"type": "deal", "grids": {}, "draw_pile": []}, "action.grids"),
    ({"type": "deal", "grids": [], "draw_pile": ["max", "joker"]}, "action.draw_pile[1]"),
    ({"type": "deal", "grids": [], "draw_pile": [0]}, "action.draw_pile[0]"),
    ({"type": "reshuffle", "draw_pile": "max"}, "action.draw_pile"),
    ({"type": "reshuffle", "draw_pile": [1, 13]}, "action.draw_pile[1]"),
    ({"type": "reshuffle", "draw_pile": [1] * 27}, "action.draw_pile"),
]


@pytest.mark.parametrize(("data", "where"), BAD_ACTIONS)
def test_a_malformed_action_names_its_place(data: Any, where: str) -> None:
    with pytest.raises(rulespec.RecordError) as info:
        DC.decode_action(data)
    assert info.value.where == where
    assert str(info.value).startswith(f"{where}: ")


def _small_record() -> rulespec.Record:
    return rulespec.Record.play(DC, players=2, seed=4, steps=12)


@pytest.mark.parametrize(
    ("step", "where"),
    [
        ({"type": "cover", "player": 0, "to": [1]}, "steps[3].to"),
        ({"type": "duck", "player": 0, "to": [1, "2"]}, "steps[3].to[1]"),
        ({"type": "quack", "player": 0.0}, "steps[3].player"),
        ({"type": "hop"}, "steps[3].type"),
    ],
)
def test_a_malformed_step_of_a_record_names_its_index(step: Any, where: str) -> None:
    data = through_json(_small_record().to_data())
    data["steps"][3] = step
    with pytest.raises(rulespec.RecordError) as info:
        rulespec.Record.from_json(json.dumps(data))
    assert info.value.where == where
    assert str(info.value).startswith(f"{where}: ")


# -- malformed states -------------------------------------------------------------


def _state_data() -> dict[str, Any]:
    record = rulespec.Record.play(DC, players=3, seed=8, steps=30)
    data: dict[str, Any] = through_json(DC.encode_state(record.replay()))
    assert data["phase"] == "turn"
    return data


def _set(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


BAD_STATES: list[tuple[tuple[Any, ...], Any, str]] = [
    (("players",), 8, "state.players"),
    (("players",), "3", "state.players"),
    (("phase",), "dance", "state.phase"),
    (("phase",), ["turn"], "state.phase"),
    (("round",), 3, "state.round"),
    (("grids",), {}, "state.grids"),
    (("grids", 0, 0), [[0, 0]], "state.grids[0][0]"),
    (("grids", 0, 0, 1), [], "state.grids[0][0][1]"),
    (("grids", 1, 2, 1, 0), 13, "state.grids[1][2][1][0]"),
    (("grids", 1, 2, 0), [0], "state.grids[1][2][0]"),
    (("card",), 15, "state.card"),
    (("card",), "joker", "state.card"),
    (("previous",), "five", "state.previous"),
    (("previous",), "repeat", "state.previous"),
    (("draw_pile", 0), "joker", "state.draw_pile[0]"),
    (("captain_pile",), None, "state.captain_pile"),
    (("discard_zone",), [None], "state.discard_zone[0]"),
    (("previous_discarded",), "no", "state.previous_discarded"),
    (("submitted", 1), {"type": "reshuffle", "draw_pile": []}, "state.submitted[1]"),
    (("submitted", 1), {"type": "quack"}, "state.submitted[1]"),
    (("round_scores",), [[1, "2", 3]], "state.round_scores[0][1]"),
    (("options",), [], "state.options"),
    (("extra",), 1, "state"),
    (("grids",), [], "state.grids"),
    (("submitted",), [None, None], "state.submitted"),
    (("submitted", 2), {"type": "quack", "player": 1}, "state.submitted[2].player"),
    (("round_scores",), [[1, 2]], "state.round_scores[0]"),
    (("round_scores",), [[1, 2, 3, 4]], "state.round_scores[0]"),
    (("card",), None, "state.card"),
    (("phase",), "reshuffle", "state.card"),
    (("phase",), "deal", "state.grids"),  # round 0 is dealt: no grid yet
]


@pytest.mark.parametrize(("path", "value", "where"), BAD_STATES)
def test_a_malformed_state_names_its_place(path: tuple[Any, ...], value: Any, where: str) -> None:
    data = _state_data()
    _set(data, path, value)
    with pytest.raises(rulespec.RecordError) as info:
        DC.decode_state(data)
    assert info.value.where == where
    assert str(info.value).startswith(f"{where}: ")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"gifts": [5, 6]}, "state.gifts"),
        ({"gifts": [5, 6, 7], "phase": "reshuffle", "card": None}, "state.gifts"),
        ({"gifts": [5, 6, 407]}, "state.gifts[2]"),
    ],
)
def test_low_blows_gifts_have_one_duck_per_player_of_the_families_in_play(
    change: dict[str, Any], where: str
) -> None:
    data = {**_state_data(), "options": {"low_blows": True}, **change}
    if data["phase"] != "turn":
        data["submitted"] = []
    with pytest.raises(rulespec.RecordError) as info:
        DC.decode_state(data)
    assert info.value.where == where


def test_a_foreign_duck_belongs_to_a_family_in_play() -> None:
    data = {**_state_data(), "options": {"low_blows": True}}
    data["grids"][1][2][1] = [407]
    with pytest.raises(rulespec.RecordError) as info:
        DC.decode_state(data)
    assert info.value.where == "state.grids[1][2][1][0]"
    data["grids"][1][2][1] = [307]
    assert DC.decode_state(data).grids[1].cells[2][1] == (307,)


def test_a_state_without_a_key_is_refused() -> None:
    for key in list(_state_data()):
        data = _state_data()
        del data[key]
        with pytest.raises(rulespec.RecordError, match=f"^state: missing key '{key}'$"):
            DC.decode_state(data)


def test_malformed_options_inside_a_state_are_placed_in_the_state() -> None:
    """Every other error in a state is placed under ``state.``; options too."""
    data = _state_data()
    data["options"] = {"splashes": [1, 2, 3]}
    with pytest.raises(rulespec.RecordError) as info:
        DC.decode_state(data)
    assert info.value.where == "state.options.splashes"


# -- records that are not records -------------------------------------------------


def test_every_truncation_of_a_record_is_a_record_error() -> None:
    text = _small_record().to_json()
    for end in range(len(text)):
        with pytest.raises(rulespec.RecordError):
            rulespec.Record.from_json(text[:end])


GARBAGE: list[str | bytes] = [
    "",
    " ",
    "null",
    "0",
    "1e400",
    "NaN",
    '"record"',
    "[]",
    "{}",
    "{",
    "}",
    "[1, 2",
    "\x00",
    "{'format': 'rulespec-record'}",
    '{"format": "rulespec-record"}',
    '{"format": "rulespec-record", "version": 1, "game": "duck-and-cover", "players": 2,'
    ' "options": {}, "steps": {}}',
    '{"format": "rulespec-record", "version": 1, "game": "chess", "players": 2,'
    ' "options": {}, "steps": []}',
    '{"format": "rulespec-record", "version": 1, "game": "duck-and-cover", "players": 8,'
    ' "options": {}, "steps": []}',
    '{"format": "rulespec-record", "version": 1, "game": "duck-and-cover", "players": 2,'
    ' "options": {"splashes": "many"}, "steps": []}',
    '{"format": "rulespec-record", "version": [1], "game": "duck-and-cover", "players": 2,'
    ' "options": {}, "steps": []}',
    "[" * 100_000,
    b"\xff\xfe\xfa",
    b"",
    b"\x80",
]


@pytest.mark.parametrize("text", GARBAGE)
def test_garbage_is_a_record_error(text: str | bytes) -> None:
    with pytest.raises(rulespec.RecordError):
        rulespec.Record.from_json(text)


@given(st.text(max_size=200))
def test_any_text_is_a_record_or_a_record_error(text: str) -> None:
    with contextlib.suppress(rulespec.RecordError):
        rulespec.Record.from_json(text)


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-20, max_value=30)
    | st.floats(allow_nan=True)
    | st.sampled_from(["max", "repeat", "cover", "duck", "quack", "deal", "reshuffle", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if prefix:
        yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


_BASE = through_json(rulespec.Record.play(DC, players=2, seed=6, steps=8).to_data())
_PATHS = sorted(_paths(_BASE), key=repr)


@given(st.sampled_from(_PATHS), JSON)
def test_a_mutated_record_is_refused_cleanly(path: tuple[Any, ...], value: Any) -> None:
    """Any value anywhere: a RecordError on reading or a ReplayError on replay, nothing else."""
    data = copy.deepcopy(_BASE)
    _set(data, path, value)
    try:
        record = rulespec.Record.from_json(json.dumps(data))
    except rulespec.RecordError:
        return
    with contextlib.suppress(rulespec.ReplayError):
        record.replay()


# -- replay errors ----------------------------------------------------------------


@pytest.mark.clause("dc.move.must-move")
def test_replay_names_the_illegal_step_and_its_clause() -> None:
    record = _small_record()
    index = next(i for i, s in enumerate(record.steps) if isinstance(s, Cover | Duck))
    player = record.steps[index].player
    steps = list(record.steps)
    steps[index] = Quack(player)
    bad = rulespec.Record(record.game, record.players, record.options, tuple(steps))
    with pytest.raises(rulespec.ReplayError) as info:
        bad.replay()
    assert info.value.index == index
    assert info.value.clause == "dc.move.must-move"
    assert str(info.value).startswith(f"steps[{index}]: dc.move.must-move: ")
    reread = rulespec.Record.from_json(bad.to_json())
    with pytest.raises(rulespec.ReplayError, match=rf"^steps\[{index}\]: dc.move.must-move"):
        reread.replay()


@pytest.mark.clause("dc.turn.simultaneous")
def test_replay_refuses_a_second_action_in_one_turn() -> None:
    record = _small_record()
    index = next(i for i, s in enumerate(record.steps) if isinstance(s, Cover | Duck | Quack))
    steps = (*record.steps[: index + 1], record.steps[index], *record.steps[index + 1 :])
    bad = rulespec.Record(record.game, record.players, record.options, steps)
    with pytest.raises(rulespec.ReplayError) as info:
        list(bad.states())
    assert info.value.index == index + 1
    assert info.value.clause == "dc.turn.simultaneous"


@pytest.mark.clause("dc.setup.players")
def test_replay_refuses_a_player_who_is_not_seated() -> None:
    record = _small_record()
    steps = (*record.steps[:1], Quack(5))
    bad = rulespec.Record(record.game, record.players, record.options, steps)
    with pytest.raises(rulespec.ReplayError) as info:
        bad.replay()
    assert (info.value.index, info.value.clause) == (1, "dc.setup.players")
