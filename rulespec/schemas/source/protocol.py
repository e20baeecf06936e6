"""The engine protocol's messages (version 1): requests, answers and the hello value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.game import Game
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    boolean,
    const,
    document,
    embed,
    enum,
    integer,
    nullable,
    obj,
    one_of,
    ref,
    string,
)

__all__ = ["PROTOCOL", "QUERIES", "documents"]

PROTOCOL = 1
QUERIES: tuple[str, ...] = (
    "legal_actions",
    "to_move",
    "state",
    "view",
    "scores",
    "winners",
    "is_over",
)
"""The optional queries, which an engine declares as capabilities (the optional
methods of :class:`rulespec.testing.Adapter`)."""

_ID = integer(1)


def _request(op: str, description: str, **fields: Schema) -> Schema:
    return {"description": description, **obj({"id": _ID, "op": const(op), **fields})}


def _requests(games: tuple[Game[Any, Any, Any, Any], ...]) -> dict[str, Schema]:
    ids = enum(g.id for g in games)
    start = _request(
        "start",
        "Start a new game, forgetting any other; the deal comes as the first apply.",
        game=ids,
        players=integer(1),
        options=ref("options"),
    )
    start["allOf"] = [
        {
            "if": {"properties": {"game": const(g.id)}},
            "then": {
                "properties": {
                    "players": integer(g.min_players, g.max_players),
                    "options": ref(f"{g.id}.options"),
                }
            },
        }
        for g in games
    ]
    player = integer(0)
    return {
        "hello": _request(
            "hello", "Open the conversation for one game.", protocol=const(PROTOCOL), game=ids
        ),
        "start": start,
        "apply": _request(
            "apply",
            "Apply a player's action or a chance outcome, encoded as in records.",
            action=ref("action"),
        ),
        "legal_actions": _request("legal_actions", "A player's legal actions.", player=player),
        "to_move": _request("to_move", "Who acts now."),
        "state": _request("state", "The whole state."),
        "view": _request("view", "What a player sees.", player=player),
        "scores": _request("scores", "The scores."),
        "winners": _request("winners", "The winners."),
        "is_over": _request("is_over", "Whether the game has ended."),
        "quit": _request("quit", "End the conversation; the engine exits with status 0."),
    }


def documents(
    games: tuple[Game[Any, Any, Any, Any], ...], defs: Mapping[str, Mapping[str, Schema]]
) -> dict[str, Schema]:
    """The protocol's files by name; ``defs`` holds each game's definitions by game id."""
    requests = _requests(games)
    request_defs: dict[str, Schema] = {
        **requests,
        "options": {"type": "object"},
        "action": {
            "description": "An action of the game started: see its action and chance schemas.",
            **obj({"type": string()}),
            "additionalProperties": True,
        },
    }
    for g in games:
        request_defs.update(embed(defs[g.id], g.id))
    answer_defs: dict[str, Schema] = {
        "id": _ID,
        "refused": {
            "description": "The engine refuses the action (only for apply and hello).",
            **obj({}, {"reason": string(), "clause": nullable(string())}),
        },
        "is_over": {"description": "The value of is_over.", **boolean()},
        "hello": {
            "description": "The value of hello: the queries the engine answers.",
            **obj(
                {
                    "protocol": const(PROTOCOL),
                    "name": string(),
                    "capabilities": array(enum(QUERIES), 100),
                }
            ),
        },
    }
    for g in games:
        top = g.max_players - 1
        answer_defs[f"{g.id}.to_move"] = {
            "description": f"The value of to_move in {g.name}: the seats to act, [-1] at a "
            "chance step, [] when the game is over.",
            **array(integer(-1, top), top + 1),
        }
        answer_defs[f"{g.id}.scores"] = {
            "description": f"The value of scores in {g.name}: one per player.",
            **array(integer(-(10**9), 10**9), g.max_players),
        }
        answer_defs[f"{g.id}.winners"] = {
            "description": f"The value of winners in {g.name}: empty until the game is over.",
            **array(integer(0, top), top + 1),
        }
    answer = one_of(
        obj({"id": ref("id"), "value": {}}),
        obj({"id": ref("id"), "refused": ref("refused")}),
        obj({"id": ref("id"), "unsupported": const(True)}),
    )
    return {
        "protocol/request": document(
            "protocol/request",
            "An engine protocol request",
            "One line from the kit to the engine.",
            one_of(*(ref(op) for op in requests)),
            request_defs,
        ),
        "protocol/answer": document(
            "protocol/answer",
            "An engine protocol answer",
            "One line from the engine to the kit: the request's id and exactly one of "
            "value, refused, unsupported. The definitions give the values of the simple "
            "queries; legal_actions answers a list of the game's actions, state and view the "
            "game's state and view.",
            answer,
            answer_defs,
            keep=answer_defs,
        ),
        "protocol/hello": document(
            "protocol/hello",
            "The value of an engine's hello answer",
            "The protocol version, the engine's name and the queries it answers.",
            ref("hello"),
            answer_defs,
        ),
    }
