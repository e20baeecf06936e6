"""The engine protocol's messages: the examples of its specification follow the schemas,
and malformed messages do not."""

from __future__ import annotations

from typing import Any

import pytest

from tests.schemas.helpers import valid

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

BAD_REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("no id", {"op": "quit"}),
    ("id 0", {"id": 0, "op": "quit"}),
    ("id not a number", {"id": "1", "op": "quit"}),
    ("unknown op", {"id": 1, "op": "undo"}),
    ("other protocol", {"id": 1, "op": "hello", "protocol": 2, "game": "duo"}),
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
]

GOOD_ANSWERS: list[dict[str, Any]] = [
    {"id": 1, "value": None},
    {"id": 7, "value": [[0, 1], {"type": "stop", "player": 0}]},
    {"id": 3, "refused": {}},
    {"id": 3, "refused": {"reason": "not your turn", "clause": "duo.turn.order"}},
    {"id": 9, "unsupported": True},
]

BAD_ANSWERS: list[tuple[str, dict[str, Any]]] = [
    ("no id", {"value": None}),
    ("nothing", {"id": 1}),
    ("two answers", {"id": 1, "value": None, "unsupported": True}),
    ("refusal with a stray key", {"id": 1, "refused": {"why": "no"}}),
    ("unsupported false", {"id": 1, "unsupported": False}),
]


@pytest.mark.parametrize("message", GOOD_REQUESTS)
def test_requests_follow_the_schema(message: dict[str, Any]) -> None:
    assert valid("protocol/request", message)


@pytest.mark.parametrize(("why", "message"), BAD_REQUESTS)
def test_malformed_requests_do_not(why: str, message: dict[str, Any]) -> None:
    assert not valid("protocol/request", message), why


@pytest.mark.parametrize("message", GOOD_ANSWERS)
def test_answers_follow_the_schema(message: dict[str, Any]) -> None:
    assert valid("protocol/answer", message)


@pytest.mark.parametrize(("why", "message"), BAD_ANSWERS)
def test_malformed_answers_do_not(why: str, message: dict[str, Any]) -> None:
    assert not valid("protocol/answer", message), why


def test_the_hello_value_lists_known_capabilities_once() -> None:
    hello = {"protocol": 1, "name": "duckling", "capabilities": ["legal_actions", "view"]}
    assert valid("protocol/hello", hello)
    assert valid("protocol/hello", {**hello, "capabilities": []})
    assert not valid("protocol/hello", {**hello, "capabilities": ["view", "view"]})
    assert not valid("protocol/hello", {**hello, "capabilities": ["undo"]})
    assert not valid("protocol/hello", {**hello, "protocol": 2})
    assert not valid("protocol/hello", {"protocol": 1, "capabilities": []})
