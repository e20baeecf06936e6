"""Game records: the JSON format, its checks, and replay."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import rulespec
from rulespec import IllegalAction, Record, RecordError, ReplayError
from rulespec.core.jsonio import MAX_BYTES, MAX_CONTAINERS
from rulespec.core.record import MAX_STEPS
from rulespec.duck_cover import GAME, Cover, Deal, Duck, Quack, Reshuffle
from tests.integers import Index

FIELDS = ["format", "version", "game", "players", "options", "steps"]


@pytest.fixture(scope="module")
def record() -> Record:
    """A whole seeded three-player game."""
    return Record.play(GAME, players=3, seed=11)


def data_of(record: Record) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(record.to_json())
    return result


def test_record_fields(record: Record) -> None:
    data = data_of(record)
    assert list(data) == FIELDS
    assert data["format"] == "rulespec-record"
    assert data["version"] == 1
    assert data["game"] == "duck-and-cover"
    assert data["players"] == 3
    assert data["options"] == {}
    assert len(data["steps"]) == len(record.steps)
    first = data["steps"][0]
    assert first["type"] == "deal"
    assert sorted(first) == ["draw_pile", "grids", "type"]
    assert len(first["grids"]) == 3 and all(sorted(g) == list(range(1, 13)) for g in first["grids"])
    kinds = {step["type"] for step in data["steps"]}
    assert {"deal", "reshuffle"} & kinds and kinds <= {
        "deal",
        "reshuffle",
        "cover",
        "duck",
        "quack",
    }
    # Chance outcomes and player actions in one sequence: no seed is stored.
    assert "seed" not in json.dumps(data)


def test_record_round_trips(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(record.to_json(indent=2).encode()) == record
    assert Record.from_data(record.to_data()) == record


def test_replay_reaches_the_end_without_a_seed(record: Record) -> None:
    final = Record.from_json(record.to_json()).replay()
    assert GAME.is_over(final)
    states = list(record.states())
    assert len(states) == len(record.steps) + 1
    assert states[0] == GAME.new_game(3)
    assert states[-1] == final
    for before, step, after in zip(states, record.steps, states[1:], strict=False):
        assert GAME.apply(before, step) == after


def test_append_returns_a_new_record(record: Record) -> None:
    short = Record(GAME.id, 3, GAME.default_options())
    longer = short.append(record.steps[0])
    assert short.steps == () and longer.steps == (record.steps[0],)
    assert longer.replay() == GAME.apply(GAME.new_game(3), record.steps[0])


def test_options_other_than_the_defaults_are_written(record: Record) -> None:
    options = rulespec.duck_cover.Options(splashes=(1,) * 12)
    custom = attrs.evolve(record, options=options)
    data = data_of(custom)
    assert data["options"] == {"splashes": [1] * 12}
    assert Record.from_json(custom.to_json()).options == options


def _broken(change: Any) -> dict[str, Any]:
    data = Record.play(GAME, players=2, seed=1, steps=4).to_data()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "where", "says"),
    [
        (lambda d: d.update(extra=1), "record", "unknown key 'extra'"),
        (lambda d: d.pop("steps"), "record", "missing key 'steps'"),
        (lambda d: d.update(format="other"), "format", "rulespec-record"),
        (lambda d: d.update(version=2), "version", "unsupported version 2"),
        (lambda d: d.update(version="1"), "version", "unsupported version"),
        (lambda d: d.update(game=7), "game", "expected a string"),
        (lambda d: d.update(game="chess"), "game", "unknown game 'chess'"),
        (lambda d: d.update(players=1), "players", "2 to 7"),
        (lambda d: d.update(players=8), "players", "2 to 7"),
        (lambda d: d.update(players="4"), "players", "2 to 7"),
        (lambda d: d.update(players=True), "players", "2 to 7"),
        (lambda d: d.update(options=[]), "options", "JSON object"),
        (lambda d: d.update(options={"colour": 1}), "options", "unknown key 'colour'"),
        (lambda d: d.update(steps={}), "steps", "expected a list"),
        (lambda d: d["steps"][2].update(type="jump"), "steps[2].type", "unknown action type"),
        (lambda d: d["steps"][1].update(player=7), "steps[1].player", "out of range"),
        (
            lambda d: d["steps"].__setitem__(2, {"type": "quack", "player": 0, "to": [1, 2]}),
            "steps[2]",
            "unknown key 'to'",
        ),
        (
            lambda d: d["steps"][0]["draw_pile"].__setitem__(3, "joker"),
            "steps[0].draw_pile[3]",
            "draw card",
        ),
        (
            lambda d: d["steps"][0]["grids"][1].__setitem__(0, 13),
            "steps[0].grids[1][0]",
            "out of range",
        ),
    ],
)
def test_malformed_records_are_refused_with_their_place(change: Any, where: str, says: str) -> None:
    data = _broken(change)
    with pytest.raises(RecordError) as info:
        Record.from_data(data)
    assert info.value.where == where
    assert says in info.value.what
    assert str(info.value) == f"{where}: {info.value.what}"


def test_a_boolean_version_is_refused() -> None:
    """JSON ``true`` is not the version number 1 (``True == 1`` in Python)."""
    data = _broken(lambda d: d.update(version=True))
    with pytest.raises(RecordError) as info:
        Record.from_data(data)
    assert info.value.where == "version"


def test_steps_must_be_json_objects_with_their_own_keys() -> None:
    data = _broken(
        lambda d: d["steps"].append({"type": "cover", "player": 0, "to": [0, 0], "x": 1})
    )
    with pytest.raises(RecordError) as info:
        Record.from_data(data)
    assert info.value.where == "steps[4]" and "unknown key 'x'" in info.value.what
    data = _broken(lambda d: d["steps"].append([1, 2]))
    with pytest.raises(RecordError) as info:
        Record.from_data(data)
    assert info.value.where == "steps[4]"


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"record"'])
def test_text_that_is_not_a_record_is_refused(text: str) -> None:
    with pytest.raises(RecordError) as info:
        Record.from_json(text)
    assert info.value.where == "record"


def _first_player_step(record: Record, start: int = 0) -> int:
    return next(
        i for i, s in enumerate(record.steps) if i >= start and isinstance(s, Cover | Duck | Quack)
    )


def _tampered(record: Record, index: int, step: Any) -> Record:
    steps = list(record.steps)
    steps[index] = step
    return attrs.evolve(record, steps=tuple(steps))


@pytest.mark.clause("dc.move.must-move", "dc.move.quack", "dc.turn.simultaneous", "dc.round.new")
def test_replay_of_a_tampered_step_names_its_index_and_clause(record: Record) -> None:
    states = list(record.states())
    # A player whose called card is visible says « Coin ».
    i = next(i for i, s in enumerate(record.steps) if isinstance(s, Cover | Duck) and i > 10)
    player = record.steps[i].player
    cases: list[tuple[int, Any, str]] = [(i, Quack(player), "dc.move.must-move")]
    # A player whose called card is covered moves anyway.
    j = next(i for i, s in enumerate(record.steps) if isinstance(s, Quack))
    q = record.steps[j].player
    cases.append((j, Duck(q, (50, 50)), "dc.move.quack"))
    # The same player acts twice in one turn.
    k = next(
        k
        for k in range(1, len(record.steps))
        if isinstance(record.steps[k], Cover | Duck | Quack)
        and isinstance(record.steps[k - 1], Cover | Duck | Quack)
        and states[k].submitted
        and states[k].submitted.count(None) >= 1
        and any(a is not None for a in states[k].submitted)
    )
    earlier = next(a for a in states[k].submitted if a is not None)
    cases.append((k, earlier, "dc.turn.simultaneous"))
    # A second deal in the middle of a round.
    cases.append((i, record.steps[0], "dc.round.new"))
    for index, step, clause in cases:
        bad = _tampered(record, index, step)
        with pytest.raises(ReplayError) as info:
            bad.replay()
        err = info.value
        assert err.index == index
        assert err.step == step
        assert err.clause == clause
        assert isinstance(err.error, IllegalAction) and err.error.clause == clause
        assert str(err).startswith(f"steps[{index}]: {clause}: ")
        # The same from the JSON text: the record loads, its replay fails at that step.
        with pytest.raises(ReplayError) as again:
            Record.from_json(bad.to_json()).replay()
        assert (again.value.index, again.value.clause) == (index, clause)
        # Every state before the bad step is still produced.
        produced = []
        with pytest.raises(ReplayError):
            for state in bad.states():
                produced.append(state)
        assert produced == states[: index + 1]


@pytest.mark.clause("dc.setup.draw-deck", "dc.deck.reshuffle")
def test_tampered_chance_steps_are_refused(record: Record) -> None:
    deal = record.steps[0]
    assert isinstance(deal, Deal)
    short = Deal(deal.grids, deal.draw_pile[:-1])
    with pytest.raises(ReplayError) as info:
        _tampered(record, 0, short).replay()
    assert (info.value.index, info.value.clause) == (0, "dc.setup.draw-deck")
    r = next(i for i, s in enumerate(record.steps) if isinstance(s, Reshuffle))
    pile = record.steps[r].draw_pile
    with pytest.raises(ReplayError) as info:
        _tampered(record, r, Reshuffle(pile[1:])).replay()
    assert (info.value.index, info.value.clause) == (r, "dc.deck.reshuffle")


@pytest.mark.clause("duo.setup.first-player", "can.setup.action-deck")
def test_a_setup_the_rules_refuse_is_a_replay_error_before_any_state() -> None:
    duo, can = rulespec.game("duo"), rulespec.game("canardage")
    bad = [
        Record(duo.id, 2, duo.decode_options({"first_player": 5})),
        Record(can.id, 3, can.decode_options({"action_deck": {"pan": 11}})),
    ]
    for record in bad:
        # The shape is right: reading it succeeds; the rules refuse it on replay.
        assert Record.from_json(record.to_json()) == record
        produced = []
        with pytest.raises(ReplayError) as info:
            for state in record.states():
                produced.append(state)
        assert produced == []
        assert (info.value.index, info.value.step) == (None, None)
        assert isinstance(info.value.error, IllegalAction)
        assert str(info.value) == f"setup: {info.value.error}"
        with pytest.raises(ReplayError):
            record.replay()


def test_a_random_duo_match_ends_under_the_simulation_cap() -> None:
    import time

    duo = rulespec.game("duo")
    start = time.perf_counter()
    record = Record.play(duo, 3, seed=1)
    assert time.perf_counter() - start < 30
    assert record.options == duo.decode_options(duo.simulation_options())
    assert record.to_data()["options"] == duo.simulation_options()
    assert duo.is_over(record.replay())
    # ``steps`` still caps, and explicit options are taken as given.
    short = Record.play(duo, 3, seed=1, steps=5, options=duo.default_options())
    assert len(short.steps) == 5 and short.to_data()["options"] == {}
    # Games whose rules end by themselves add nothing.
    assert Record.play(GAME, 2, seed=1, steps=3).options == GAME.default_options()


def test_records_read_from_json_have_the_limits_of_verify() -> None:
    from rulespec.core.record import MAX_STEPS

    data = Record.play(GAME, players=2, seed=1, steps=1).to_data()
    data["steps"] = [{}] * (MAX_STEPS + 1)
    with pytest.raises(RecordError) as info:
        Record.from_json(json.dumps(data))
    assert str(info.value) == f"steps: more than the limit of {MAX_STEPS} steps"
    with pytest.raises(RecordError, match="larger than the limit"):
        Record.from_json(" " * (MAX_BYTES + 1))
    with pytest.raises(RecordError, match="nested at least 65 deep"):
        Record.from_json(b"[" * 65 + b"]" * 65)


def test_play_refuses_arguments_of_the_wrong_type_at_once() -> None:
    duo = rulespec.game("duo")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"steps": True}, "steps"),
        ({"steps": 2.5}, "steps"),
        ({"steps": "3"}, "steps"),
        ({"seed": "x"}, "seed"),
        ({"seed": 1.5}, "seed"),
    ]
    for kwargs, name in cases:
        with pytest.raises(TypeError, match=f"^{name} must be an integer"):
            Record.play(duo, 2, **kwargs)
    with pytest.raises(TypeError, match=r"^g must be a game"):
        Record.play("duo", 2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="steps must be 0 or more"):
        Record.play(duo, 2, seed=1, steps=-1)


def test_play_reads_integers_of_other_types() -> None:
    duo = rulespec.game("duo")
    record = Record.play(duo, Index(3), seed=Index(4), steps=Index(5))  # type: ignore[arg-type]
    assert record == Record.play(duo, 3, seed=4, steps=5)
    assert type(record.players) is int and len(record.steps) == 5
    assert Record.from_json(record.to_json()) == record


@pytest.mark.parametrize("game_id", ["duck-and-cover", "duo", "canardage"])
def test_a_record_within_the_step_limit_fits_the_size_limits(game_id: str) -> None:
    # The longest records are games that go on: the largest players' count, and for
    # Canardage a deck of Pan only, which never ends a game. Bytes and containers per
    # step, times the step limit, must stay within what the reader accepts.
    g = rulespec.game(game_id)
    options = g.simulation_options()
    if game_id == "canardage":
        options = {**options, "action_deck": {"pan": 52}}
    record = Record.play(g, g.max_players, seed=3, options=g.decode_options(options), steps=3000)
    text = record.to_json()
    steps = len(record.steps)
    per_step = len(text.encode()) / steps
    containers = (text.count("[") + text.count("{")) / steps
    assert per_step * MAX_STEPS * 1.5 <= MAX_BYTES
    assert containers * MAX_STEPS * 1.5 <= MAX_CONTAINERS
