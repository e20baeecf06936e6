"""A record may start from a position (``"start"``): it replays, verifies, follows its
schema and reads as a perft position; a start that is malformed or not of the record's
players and options is one line."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import rulespec
from rulespec import RecordError
from rulespec.core.chance import CHANCE
from rulespec.tools.explore import config
from rulespec.tools.perft import state_from_json
from rulespec.tools.verifier import VerifyError, verify
from tests.cli.helpers import call
from tests.schemas.helpers import problems

POSITIONS = [("duck-and-cover", "last-round"), ("canardage", "endgame")]


def _walk(g: Any, state: Any, steps: int, seed: int) -> tuple[Any, ...]:
    """Up to ``steps`` random legal steps from ``state``."""
    rng, taken = random.Random(seed), list[Any]()
    while len(taken) < steps and not g.is_over(state):
        actors = g.to_move(state)
        if actors == (CHANCE,):
            action = g.sample_chance(state, rng)
        else:
            action = rng.choice(g.legal_actions(state, actors[0]))
        state = g.apply(state, action)
        taken.append(action)
    return tuple(taken)


def _from_position(game_id: str, name: str, steps: int = 6) -> rulespec.Record:
    g = rulespec.game(game_id)
    c = config(game_id, name)
    options = g.decode_options(c.options)
    assert c.start is not None
    start = c.start(options)[-1]
    return rulespec.Record(g.id, c.players, options, _walk(g, start, steps, 3), start=start)


@pytest.mark.parametrize(("game_id", "name"), POSITIONS)
def test_a_record_from_a_position_replays_and_verifies(
    game_id: str, name: str, tmp_path: Path
) -> None:
    g = rulespec.game(game_id)
    record = _from_position(game_id, name)
    assert record.steps
    states = list(record.states())
    assert states[0] == record.start and len(states) == len(record.steps) + 1
    expected = record.start
    for step in record.steps:
        expected = g.apply(expected, step)
    assert record.replay() == expected
    data = record.to_data()
    assert list(data)[-2:] == ["start", "steps"] and data["start"] == g.encode_state(record.start)
    assert rulespec.Record.from_json(record.to_json()) == record
    assert problems(f"{game_id}/record", data) == []
    path = tmp_path / "from-position.json"
    path.write_text(record.to_json(), encoding="utf-8")
    text = call("verify", str(path))
    assert text.status == 0, text.err
    head = f"players ({verify(record).options_text()}), from a position, {len(record.steps)} steps"
    assert head in text.out and ": legal;" in text.out
    verdict = json.loads(call("verify", str(path), "--json").out)
    assert (
        verdict["position"] is True and verdict["legal"] and verdict["steps"] == len(data["steps"])
    )
    # perft reads the record as the position it ends in
    assert state_from_json(g, data) == expected
    assert call("perft", game_id, str(path), "--depth", "1").status == 0


def test_a_record_without_start_is_as_before() -> None:
    duo = rulespec.game("duo")
    record = rulespec.Record.play(duo, 2, seed=4, steps=12)
    data = record.to_data()
    assert list(data) == ["format", "version", "game", "players", "options", "steps"]
    assert data["version"] == 1
    assert record.start is None and next(record.states()) == duo.new_game(2, record.options)
    assert verify(record).position is False
    assert "from a position" not in str(verify(record))


def test_an_illegal_step_after_the_start_is_named_by_its_index() -> None:
    record = _from_position("duck-and-cover", "last-round", steps=2)
    bad = attrs.evolve(record, steps=(*record.steps, record.steps[0]))
    verdict = verify(bad.to_json())
    assert not verdict.legal and verdict.illegal is not None
    assert verdict.illegal.index == len(record.steps) and verdict.position


def _bad_starts() -> list[tuple[str, Any, str]]:
    record = _from_position("duck-and-cover", "last-round", steps=0)
    data = record.to_data()
    start = data["start"]
    other = rulespec.game("duck-and-cover").encode_options(
        attrs.evolve(record.options, low_blows=True)
    )
    twice = {**start, "discard_zone": [*start["discard_zone"], start["discard_zone"][0]]}
    return [
        ("not an object", {**data, "start": [1, 2]}, "start: expected a JSON object"),
        ("null", {**data, "start": None}, "start: expected a JSON object"),
        ("malformed", {**data, "start": {**start, "card": "x"}}, "start.card: "),
        (
            "missing",
            {**data, "start": {k: v for k, v in start.items() if k != "grids"}},
            "start: missing key 'grids'",
        ),
        ("players", {**data, "players": 3}, "start.players: a state of 2 players, but the record"),
        (
            "options",
            {**data, "start": {**start, "options": other}},
            "start.options: the state's are "
            '{"low_blows": true, "deck": [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}, but',
        ),
        ("invariant", {**data, "start": twice}, "start: dc.inv."),
    ]


@pytest.mark.parametrize(("label", "data", "message"), _bad_starts(), ids=lambda v: str(v)[:12])
def test_a_bad_start_is_one_line_and_exit_2(
    label: str, data: Any, message: str, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = call("verify", str(path))
    assert result.status == 2, (label, result)
    assert result.out == "" and len(result.err.splitlines()) == 1, result.err
    assert f"{path}: {message}" in result.err, result.err
    assert "Traceback" not in result.err
    if label != "invariant":  # the shape is the reader's; the invariants are verify's
        with pytest.raises(RecordError, match=message.split(": ")[0]):
            rulespec.Record.from_data(data)
    with pytest.raises(VerifyError):
        verify(json.dumps(data))
    if label in ("not an object", "null"):
        assert problems("duck-and-cover/record", data)


def test_a_start_of_other_players_or_options_is_refused_when_built() -> None:
    record = _from_position("canardage", "endgame", steps=0)
    with pytest.raises(RecordError, match=r"^start\.players: a state of 3 players"):
        attrs.evolve(record, players=4)
    with pytest.raises(
        RecordError, match=r"^start\.options: the state's are \{.*\}, but the record's \{\}$"
    ):
        attrs.evolve(record, options=rulespec.game("canardage").default_options())


def test_an_engine_is_not_asked_to_replay_a_record_from_a_position(tmp_path: Path) -> None:
    from rulespec.testing import ReferenceAdapter
    from rulespec.testing.replay import check_record

    record = _from_position("canardage", "endgame", steps=2)
    with pytest.raises(ValueError, match="starts from a position"):
        check_record(ReferenceAdapter(), record)
    path = tmp_path / "from-position.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = call("conform", "canardage", "--replay", str(path), "--", "true")
    assert result.status == 2 and "start: an engine starts from a new game" in result.err
