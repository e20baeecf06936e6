"""The engine protocol's messages, versions 1 and 2: the examples of its specification
follow the schemas, and malformed messages do not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from rulespec import schemas
from rulespec.testing.wire import ProtocolError, read_answer
from tests.schemas.games import GAME_IDS
from tests.schemas.helpers import mutated, paths, replacements, valid

ROOT = Path(__file__).resolve().parents[2]

GOOD_REQUESTS: list[dict[str, Any]] = [
    {"id": 1, "op": "hello", "protocol": 1, "game": "canardage"},
    {"id": 2, "op": "start", "game": "canardage", "players": 3, "options": {}},
    {
        "id": 2,
        "op": "start",
        "game": "duck-and-cover",
        "players": 7,
        "options": {"competition": True},
    },
    {"id": 2, "op": "start", "game": "duo", "players": 2, "options": {"turbo": True}},
    {"id": 3, "op": "apply", "action": {"type": "play", "player": 0, "card": "pan", "spaces": [2]}},
    {"id": 4, "op": "legal_actions", "player": 0},
    {"id": 5, "op": "view", "player": 2},
    *({"id": 6, "op": op} for op in ("to_move", "state", "scores", "winners", "is_over", "quit")),
]

GOOD_V2_REQUESTS: list[dict[str, Any]] = [
    {"id": 1, "op": "hello", "protocol": 2, "game": "canardage"},
    {"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}, "seed": 0},
    {"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}, "seed": 2**32 - 1},
    {"id": 3, "op": "chance"},
    {
        "id": 4,
        "op": "batch",
        "requests": [
            {"op": "apply", "action": {"type": "stop", "player": 0}},
            {"op": "to_move"},
            {"op": "view", "player": 0},
            {"op": "legal_actions", "player": 1},
            {"op": "chance"},
            {"op": "apply", "action": {"type": "stop", "player": 5}},
        ],
    },
    {"id": 5, "op": "batch", "requests": []},
]

BAD_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("no id", {"op": "quit"}),
    ("id 0", {"id": 0, "op": "quit"}),
    ("id not a number", {"id": "1", "op": "quit"}),
    ("unknown op", {"id": 1, "op": "undo"}),
    ("another protocol", {"id": 1, "op": "hello", "protocol": 3, "game": "duo"}),
    ("protocol 0", {"id": 1, "op": "hello", "protocol": 0, "game": "duo"}),
    ("protocol as a string", {"id": 1, "op": "hello", "protocol": "2", "game": "duo"}),
    ("unknown game", {"id": 1, "op": "hello", "protocol": 1, "game": "chess"}),
    ("key too many", {"id": 1, "op": "quit", "now": True}),
    ("no player", {"id": 1, "op": "legal_actions"}),
    ("too few players", {"id": 2, "op": "start", "game": "canardage", "players": 2, "options": {}}),
    (
        "another game's option",
        {"id": 2, "op": "start", "game": "canardage", "players": 3, "options": {"turbo": True}},
    ),
    ("action not an object", {"id": 3, "op": "apply", "action": "pan"}),
    ("action without a type", {"id": 3, "op": "apply", "action": {"player": 0}}),
    (
        "a negative seed",
        {"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}, "seed": -1},
    ),
    (
        "a seed of 2**32",
        {"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}, "seed": 2**32},
    ),
    ("chance with a player", {"id": 3, "op": "chance", "player": 0}),
    ("batch without its list", {"id": 4, "op": "batch"}),
    ("batch of one request alone", {"id": 4, "op": "batch", "requests": {"op": "to_move"}}),
    (
        "inner request with an id",
        {"id": 4, "op": "batch", "requests": [{"id": 5, "op": "to_move"}]},
    ),
    *(
        (f"{op} in a batch", {"id": 4, "op": "batch", "requests": [inner]})
        for op, inner in (
            ("hello", {"op": "hello", "protocol": 2, "game": "duo"}),
            ("start", {"op": "start", "game": "duo", "players": 2, "options": {}}),
            ("quit", {"op": "quit"}),
            ("batch", {"op": "batch", "requests": []}),
        )
    ),
    ("inner view without a player", {"id": 4, "op": "batch", "requests": [{"op": "view"}]}),
]

GOOD_ANSWERS: list[dict[str, Any]] = [
    {"id": 1, "value": None},
    {"id": 7, "value": [[0, 1], {"type": "stop", "player": 0}]},
    {"id": 3, "refused": {}},
    {"id": 3, "refused": {"reason": "not your turn", "clause": "duo.turn.order"}},
    {"id": 3, "refused": {"reason": "no such card", "clause": None}},
    {"id": 9, "unsupported": True},
]

BAD_ANSWERS: list[tuple[str, dict[str, Any]]] = [
    ("no id", {"value": None}),
    ("nothing", {"id": 1}),
    ("two answers", {"id": 1, "value": None, "unsupported": True}),
    ("refusal with a stray key", {"id": 1, "refused": {"why": "no"}}),
    ("refusal without a reason", {"id": 1, "refused": {"reason": None}}),
    ("unsupported false", {"id": 1, "unsupported": False}),
]

GOOD_V2_ANSWERS: list[dict[str, Any]] = [
    {"id": 2, "unsupported": {"reason": "no Turbo-DUO"}},
    {"id": 3, "inexpressible": {"reason": "which target Tu louches keeps"}},
    {"id": 3, "value": {"chance": [{"type": "reshuffle", "draw_pile": ["pan"]}]}},
    {"id": 4, "value": [{"value": None}, {"refused": {}}, {"inexpressible": {"reason": "x"}}]},
]

BAD_V2_ANSWERS: list[tuple[str, dict[str, Any]]] = [
    ("unsupported without its reason", {"id": 2, "unsupported": {}}),
    ("unsupported with a stray key", {"id": 2, "unsupported": {"reason": "x", "why": "y"}}),
    ("inexpressible true", {"id": 3, "inexpressible": True}),
    ("inexpressible without its reason", {"id": 3, "inexpressible": {}}),
    ("inexpressible reason not a string", {"id": 3, "inexpressible": {"reason": 1}}),
    ("inexpressible and a value", {"id": 3, "inexpressible": {"reason": "x"}, "value": None}),
]


@pytest.mark.parametrize("message", GOOD_REQUESTS + GOOD_V2_REQUESTS)
def test_requests_follow_the_schema(message: dict[str, Any]) -> None:
    assert valid("protocol/request", message)


@pytest.mark.parametrize(("why", "message"), BAD_REQUESTS)
def test_malformed_requests_do_not(why: str, message: dict[str, Any]) -> None:
    assert not valid("protocol/request", message), why


@pytest.mark.parametrize("message", GOOD_ANSWERS + GOOD_V2_ANSWERS)
def test_answers_follow_the_schema(message: dict[str, Any]) -> None:
    assert valid("protocol/answer", message)


@pytest.mark.parametrize(("why", "message"), BAD_ANSWERS + BAD_V2_ANSWERS)
def test_malformed_answers_do_not(why: str, message: dict[str, Any]) -> None:
    assert not valid("protocol/answer", message), why


def test_the_hello_value_lists_known_capabilities() -> None:
    hello = {"protocol": 1, "name": "duckling", "capabilities": ["legal_actions", "view"]}
    assert valid("protocol/hello", hello)
    assert valid("protocol/hello", {**hello, "capabilities": []})
    assert not valid("protocol/hello", {**hello, "capabilities": ["view"] * 101})
    assert not valid("protocol/hello", {**hello, "capabilities": ["undo"]})
    assert not valid("protocol/hello", {**hello, "protocol": 3})
    assert not valid("protocol/hello", {"protocol": 1, "capabilities": []})


def test_the_hello_value_of_version_2() -> None:
    hello = {
        "protocol": 2,
        "name": "duckling",
        "capabilities": ["state", "view", "batch"],
        "chance": "engine",
        "state_parts": ["line", "hands"],
        "view_parts": ["hand"],
    }
    assert valid("protocol/hello", hello)
    assert valid("protocol/hello", {"protocol": 2, "name": "duckling", "capabilities": []})
    assert valid("protocol/hello", {**hello, "chance": "kit"})
    assert not valid("protocol/hello", {**hello, "chance": "both"})
    # Parts of a state or view need the query that answers them.
    assert not valid("protocol/hello", {**hello, "capabilities": ["view", "batch"]})
    assert not valid("protocol/hello", {**hello, "capabilities": ["state"]})
    assert not valid("protocol/hello", {**hello, "state_parts": ["line", "line"]})
    assert not valid("protocol/hello", {**hello, "state_parts": "line"})
    # Version 1 has none of version 2's keys, nor the batch capability.
    v1 = {"protocol": 1, "name": "duckling", "capabilities": ["state"]}
    assert valid("protocol/hello", v1)
    assert not valid("protocol/hello", {**v1, "capabilities": ["state", "batch"]})
    assert not valid("protocol/hello", {**v1, "chance": "kit"})
    assert not valid("protocol/hello", {**v1, "state_parts": ["line"]})


def _follows_value(definition: str, value: Any) -> bool:
    """Whether ``value`` follows the definition ``definition`` of the answer schema."""
    answer = schemas.load("protocol/answer")
    schema = {"$schema": answer["$schema"], "$defs": answer["$defs"]}
    schema["$ref"] = f"#/$defs/{definition}"
    return bool(Draft202012Validator(schema).is_valid(value))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_example_sessions_follow_the_schemas(game_id: str) -> None:
    """Every message of the documented example session, and every value by its query."""
    lines = (ROOT / "docs" / "reference" / "sessions" / f"{game_id}.txt").read_text(
        encoding="utf-8"
    )
    pending: dict[str, Any] = {}
    seen = set()
    for line in lines.splitlines():
        arrow, text = line.split(" ", 1)
        message = json.loads(text)
        if arrow == ">":
            assert valid("protocol/request", message), text[:200]
            pending = message
            continue
        assert valid("protocol/answer", message), text[:200]
        assert message["id"] == pending["id"]
        if "value" not in message:
            continue
        op, value = pending["op"], message["value"]
        seen.add(op)
        if op == "hello":
            assert valid("protocol/hello", value)
        elif op in ("to_move", "scores", "winners"):
            assert _follows_value(f"{game_id}.{op}", value), (op, value)
        elif op == "is_over":
            assert _follows_value("is_over", value)
        elif op in ("state", "view"):
            assert valid(f"{game_id}/{op}", value), (op, str(value)[:200])
        elif op == "legal_actions":
            assert all(valid(f"{game_id}/action", a) for a in value)
        else:
            assert value is None, op
    assert {"hello", "legal_actions", "to_move", "state", "view", "scores", "winners"} <= seen


def test_the_values_of_version_2_requests() -> None:
    deal = {"type": "deal", "order": ["turbo"]}
    assert _follows_value("duo.apply", None)
    assert _follows_value("duo.apply", {"chance": [deal]})
    assert _follows_value("duo.start", {"chance": [deal]})
    assert not _follows_value("duo.apply", {"chance": []})
    assert not _follows_value("duo.apply", {"chance": [{"type": "stop", "player": 0}]})
    assert not _follows_value("duo.apply", {"chance": [deal], "more": 1})
    assert not _follows_value("duo.apply", [deal])
    assert not _follows_value("canardage.apply", {"chance": [deal]})
    assert _follows_value("canardage.chance", {"type": "reshuffle", "draw_pile": ["pan"]})
    assert not _follows_value("canardage.chance", {"type": "discard", "player": 0, "card": "pan"})
    assert _follows_value("batch", [])
    assert _follows_value("batch", [{"value": [0]}, {"unsupported": True}])
    assert not _follows_value("batch", [{"id": 4, "value": None}])
    assert not _follows_value("batch", [{}])
    assert not _follows_value("batch", [{"value": None, "refused": {}}])


def test_per_game_values_keep_to_the_game_seats() -> None:
    assert _follows_value("duck-and-cover.to_move", [0, 1, 2, 3, 4, 5, 6])
    assert not _follows_value("duo.to_move", [6])
    assert _follows_value("duo.to_move", [-1])
    assert not _follows_value("canardage.winners", [-1])
    assert not _follows_value("canardage.scores", [0] * 7)
    assert not _follows_value("is_over", 0)


def _read(answer: Any) -> bool:
    """Whether the kit's reader accepts ``answer`` as the answer to its own request (ids
    start at 1)."""
    request_id = answer.get("id") if isinstance(answer, dict) else None
    if type(request_id) is not int or request_id < 1:
        request_id = 1
    try:
        read_answer(json.dumps(answer).encode(), request_id)
    except ProtocolError:
        return False
    return True


@pytest.mark.parametrize("answer", GOOD_ANSWERS)
def test_the_answer_schema_and_the_kit_reader_agree_on_mutants(answer: dict[str, Any]) -> None:
    """Every answer mutated at every place: the schema and
    :func:`rulespec.testing.wire.read_answer` accept and refuse the same ones (the
    request's own id aside, which the reader knows and a schema does not; and the value,
    which a query's schema checks)."""
    checked = 0
    for path in paths(answer):
        if path[:1] == ("value",):
            continue
        here: Any = answer
        for step in path:
            here = here[step]
        for what, new in replacements(here):
            mutant = mutated(answer, path, new)
            assert valid("protocol/answer", mutant) == _read(mutant), (path, what, mutant)
            checked += 1
    assert checked >= 10
