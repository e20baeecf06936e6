"""JSON of views: every view reached in play survives JSON, malformed views say where."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec import RecordError
from rulespec.duck_cover import Options as DuckOptions
from rulespec.testing import strategies

DUCK_OPTIONS = st.sampled_from(
    (
        DuckOptions(),
        DuckOptions(surprises=True),
        DuckOptions(low_blows=True),
        DuckOptions(pressure=True, competition=True),
    )
)


def _views_round_trip(game: rulespec.Game[Any, Any, Any, Any], record: rulespec.Record) -> int:
    checked = 0
    for state in record.states():
        for player in range(record.players):
            view = game.view(state, player)
            data = json.loads(json.dumps(game.encode_view(view)))
            assert game.decode_view(data) == view
            checked += 1
    return checked


@pytest.mark.clause("dc.view.hidden")
@given(st.data())
def test_duck_and_cover_views_survive_json(data: st.DataObject) -> None:
    dc = rulespec.game("duck-and-cover")
    record = data.draw(strategies.records(dc, options=data.draw(DUCK_OPTIONS), max_steps=60))
    assert _views_round_trip(dc, record) > 0


@pytest.mark.clause("duo.view.hidden")
@given(strategies.records("duo", max_steps=60))
def test_duo_views_survive_json(record: rulespec.Record) -> None:
    assert _views_round_trip(rulespec.game("duo"), record) > 0


@pytest.mark.clause("can.view.hidden")
@given(strategies.records("canardage", max_steps=60))
def test_canardage_views_survive_json(record: rulespec.Record) -> None:
    assert _views_round_trip(rulespec.game("canardage"), record) > 0


@pytest.mark.parametrize("game_id", ["duck-and-cover", "duo", "canardage"])
def test_view_json_keys_are_the_view_fields(game_id: str) -> None:
    import attrs

    game = rulespec.game(game_id)
    view = game.view(game.start(game.min_players, seed=3), 0)
    assert list(game.encode_view(view)) == [f.name for f in attrs.fields(type(view))]


def test_a_hand_or_a_grid_may_come_in_any_order() -> None:
    duo = rulespec.game("duo")
    view = duo.view(duo.start(2, seed=4), 0)
    data = duo.encode_view(view)
    data["hand"].reverse()
    assert duo.decode_view(data) == view
    can = rulespec.game("canardage")
    view = can.view(can.start(3, seed=4), 0)
    data = can.encode_view(view)
    data["hand"].reverse()
    assert can.decode_view(data) == view
    dc = rulespec.game("duck-and-cover")
    view = dc.view(dc.start(2, seed=4), 1)
    data = dc.encode_view(view)
    data["grids"][0].reverse()
    assert dc.decode_view(data) == view


def _malformed(game_id: str, path: tuple[Any, ...], value: Any) -> str:
    game = rulespec.game(game_id)
    data = game.encode_view(game.view(game.start(game.min_players, seed=5), 0))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RecordError) as err:
        game.decode_view(data, "answer")
    return err.value.where


@pytest.mark.parametrize(
    ("game_id", "path", "value", "where"),
    [
        ("duck-and-cover", ("grids", 0, 3, "top"), 13, "answer.grids[0][3].top"),
        ("duck-and-cover", ("grids", 1, 0, "position"), [0], "answer.grids[1][0].position"),
        ("duck-and-cover", ("grids", 0, 1, "position"), [0, 0], "answer.grids[0]"),
        ("duck-and-cover", ("previous",), "repeat", "answer.previous"),
        ("duck-and-cover", ("own_action",), {"type": "deal"}, "answer.own_action"),
        ("duck-and-cover", ("acted", 0), 1, "answer.acted[0]"),
        ("duck-and-cover", ("player",), 2, "answer.player"),
        ("duo", ("hand", 0), "purple-3-circle", "answer.hand[0]"),
        ("duo", ("turn_pile",), 2, "answer.turn_pile"),
        ("duo", ("phase",), "lunch", "answer.phase"),
        ("canardage", ("line", 2), [], "answer.line[2]"),
        ("canardage", ("hand", 1), "boom", "answer.hand[1]"),
        ("canardage", ("deck_bottom",), [9], "answer.deck_bottom[0]"),
        ("canardage", ("extra",), 1, "answer"),
    ],
)
def test_a_malformed_view_names_its_place(
    game_id: str, path: tuple[Any, ...], value: Any, where: str
) -> None:
    assert _malformed(game_id, path, value) == where


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.sampled_from(["water", "pan", "max", "repeat", "red-1-circle", "turn", "play", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*prefix, i))
    return found


def _late_view(game_id: str) -> dict[str, Any]:
    game = rulespec.game(game_id)
    record = rulespec.Record.play(game, game.min_players + 1, seed=8, steps=30)
    state = record.replay()
    return dict(json.loads(json.dumps(game.encode_view(game.view(state, 1)))))


_VIEWS = {g: _late_view(g) for g in ("duck-and-cover", "duo", "canardage")}
_TARGETS = [(g, p) for g, data in sorted(_VIEWS.items()) for p in _paths(data)]


@given(st.sampled_from(_TARGETS), JSON)
def test_a_mutated_view_is_decoded_or_refused_with_a_record_error(
    target: tuple[str, tuple[Any, ...]], value: Any
) -> None:
    game_id, path = target
    data = json.loads(json.dumps(_VIEWS[game_id]))
    inner = data
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    game = rulespec.game(game_id)
    try:
        view = game.decode_view(data)
    except RecordError:
        return
    assert game.decode_view(game.encode_view(view)) == view
