"""The engine protocol's messages, versions 1 and 2: requests, answers and the hello value.

Version 2 is version 1 plus what an engine declares in its hello answer: the ``batch``
capability, chance drawn by the engine (``"chance": "engine"``), parts of states and
views (``state_parts``, ``view_parts``); and three answers: ``unsupported`` to a start
it does not play, ``inexpressible`` to an action it cannot express, the chance outcomes
an engine drew during an apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.derive import LARGEST
from rulespec.core.game import Game
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    boolean,
    const,
    described,
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
from rulespec.schemas.source.records import SEED_LIMIT
from rulespec.testing.adapter import OPTIONAL

__all__ = ["CAPABILITIES", "PROTOCOL", "QUERIES", "VERSIONS", "documents"]

PROTOCOL = 2
"""The version the kit speaks first."""
VERSIONS: tuple[int, ...] = (2, 1)
"""The versions the schemas describe, newest first."""
QUERIES: tuple[str, ...] = OPTIONAL
"""The optional queries, which an engine declares as capabilities (the optional
methods of :class:`rulespec.testing.Adapter`)."""
CAPABILITIES: tuple[str, ...] = (*QUERIES, "batch")
"""What an engine may declare: the queries and, in version 2, ``batch``."""

_ID = integer(1, LARGEST)
_VERSION = described(
    "The version the kit speaks: 2 at first; 1 when it greets again an engine that "
    "refused version 2.",
    {"type": "integer", "enum": sorted(VERSIONS)},
)


def _request(op: str, description: str, inner: bool = False, **fields: Schema) -> Schema:
    """The request ``op``; ``inner``: as a batch holds it, without an id."""
    head = (
        {}
        if inner
        else {
            "id": described("The request's number: it grows by one from 1 over the session.", _ID)
        }
    )
    return described(description, obj({**head, "op": described(f'"{op}".', const(op)), **fields}))


def _player(what: str) -> Schema:
    return described(f"The seat whose {what} the kit asks for.", integer(0, LARGEST))


def _queries(inner: bool) -> dict[str, Schema]:
    """The requests a batch may hold (with an id, or ``inner`` without)."""
    return {
        "apply": _request(
            "apply",
            "Apply a player's action or (under kit chance) a chance outcome; answered null, "
            "refused (nothing changes), in version 2 inexpressible (a player's action the "
            "engine's interface cannot express; nothing changes), or under engine chance "
            '{"chance": [outcomes]} when the engine drew chance during the step.',
            inner,
            action=described(
                "The step, encoded as in records: see the game's action and chance schemas.",
                ref("action"),
            ),
        ),
        "chance": _request(
            "chance",
            "Version 2, engine chance only: draw the chance outcome awaited now with the "
            "engine's own generator, apply it, and answer it as a record step.",
            inner,
        ),
        "legal_actions": _request(
            "legal_actions",
            "A player's legal actions now, each once, in any order ([] for a player not to move).",
            inner,
            player=_player("legal actions"),
        ),
        "to_move": _request("to_move", "Who acts now.", inner),
        "state": _request(
            "state", "The whole state (only the declared state_parts, if any).", inner
        ),
        "view": _request(
            "view",
            "What a player sees (only the declared view_parts, if any).",
            inner,
            player=_player("view"),
        ),
        "scores": _request("scores", "The scores, one per seat.", inner),
        "winners": _request("winners", "The winners' seats.", inner),
        "is_over": _request("is_over", "Whether the game has ended.", inner),
    }


def _requests(games: tuple[Game[Any, Any, Any, Any], ...]) -> dict[str, Schema]:
    ids = described("The game's id.", enum(g.id for g in games))
    start = _request(
        "start",
        "Start a new game, forgetting any other; answered null, or in version 2 "
        "unsupported when the engine does not play this setup (players and options), or "
        'under engine chance {"chance": [deal]} when it deals at start. Under kit chance '
        "the deal comes as the first apply; under engine chance, as the answer to start or "
        "to the first chance request.",
        game=ids,
        players=described("The number of players.", integer(1, LARGEST)),
        options=described(
            "The game's options, as its options schema (as encode_options writes them).",
            ref("options"),
        ),
    )
    start["properties"]["seed"] = described(
        'Version 2, sent only to an engine that declared "chance": "engine": the seed its '
        "generator draws this game's chance with, 0 to 2**32 - 1 (the same seed must give "
        "the same outcomes: a record keeps it as chance_seed).",
        integer(0, SEED_LIMIT - 1),
    )
    start["allOf"] = [
        {
            "if": {"properties": {"game": const(g.id)}},
            "then": {
                "properties": {
                    "players": described(
                        f"{g.name}: {g.min_players} to {g.max_players} players.",
                        integer(g.min_players, g.max_players),
                    ),
                    "options": described(f"{g.name}'s options.", ref(f"{g.id}.options")),
                }
            },
        }
        for g in games
    ]
    return {
        "hello": _request(
            "hello",
            "Open the conversation for one game. The kit greets with protocol 2; an engine "
            "of version 1 refuses it, and the kit greets again with protocol 1.",
            protocol=_VERSION,
            game=ids,
        ),
        "start": start,
        **_queries(inner=False),
        "batch": _request(
            "batch",
            'Version 2, capability "batch": several requests at once, answered in order, '
            "each on the state the earlier ones left.",
            requests=described(
                "The requests, without ids: any but hello, start, quit and batch.",
                array(one_of(*(ref(f"inner.{op}") for op in _queries(inner=True)))),
            ),
        ),
        "quit": _request("quit", "End the conversation; the engine exits with status 0."),
        **{f"inner.{op}": schema for op, schema in _queries(inner=True).items()},
    }


def _answers(games: tuple[Game[Any, Any, Any, Any], ...]) -> dict[str, Schema]:
    """The answer's definitions: its forms, and the values of the requests."""
    reason = described("Why, in the engine's words.", string())
    defs: dict[str, Schema] = {
        "id": described("The id of the request answered.", _ID),
        "refused": described(
            "The engine refuses: an illegal action (apply), or a game or version it does "
            "not play (hello). Nothing changes.",
            obj(
                {},
                {
                    "reason": reason,
                    "clause": described(
                        "The rulespec clause id the action breaks, if the engine knows it.",
                        nullable(string()),
                    ),
                },
            ),
        ),
        "unsupported": described(
            "true: the engine does not answer this query (never one it declared, nor "
            "hello, apply or quit). In version 2 also to start, as true or "
            '{"reason": ...}: the engine does not play this setup (players and options), '
            "and the kit starts no game of that setup again in the run.",
            one_of(const(True), obj({"reason": reason})),
        ),
        "inexpressible": described(
            "Version 2, to apply only: the action is legal but the engine's interface "
            "cannot express it; nothing changes (never for a chance outcome).",
            obj({"reason": reason}),
        ),
        "is_over": described("The value of is_over.", boolean()),
        "hello": _hello(),
    }
    value = described(
        "The answer: null to start, apply and quit (or the chance outcomes an engine drew, "
        "in version 2); the value of a query; the outcome drawn, to chance; the inner "
        "answers, to batch.",
        {},
    )
    forms = {
        "value": value,
        "refused": described("The refusal.", ref("refused")),
        "unsupported": described("Not answered.", ref("unsupported")),
        "inexpressible": described("Not expressible.", ref("inexpressible")),
    }
    defs["inner"] = described(
        "The answer to one request of a batch: exactly one of value, refused, unsupported "
        "and inexpressible, without an id.",
        one_of(*(obj({k: v}) for k, v in forms.items())),
    )
    defs["batch"] = described(
        "The value of batch: one inner answer per request, in order.", array(ref("inner"))
    )
    defs["answer"] = one_of(
        *(
            obj({"id": described("The id of the request answered.", ref("id")), k: v})
            for k, v in forms.items()
        )
    )
    for g in games:
        top = g.max_players - 1
        outcomes = described(
            f"The chance outcomes the engine drew, in order, each a {g.name} chance "
            "outcome as in records.",
            array(ref(f"{g.id}.chance"), min_items=1),
        )
        drawn = described(
            'Version 2, engine chance: {"chance": [outcomes]}.', obj({"chance": outcomes})
        )
        defs[f"{g.id}.start"] = described(
            f"The value of start in {g.name}: null, or under engine chance the deal drawn "
            "at start.",
            {"anyOf": [{"type": "null"}, drawn]},
        )
        defs[f"{g.id}.apply"] = described(
            f"The value of apply in {g.name}: null, or under engine chance every outcome "
            "drawn during the step (a reshuffle folded into a draw).",
            {"anyOf": [{"type": "null"}, drawn]},
        )
        defs[f"{g.id}.to_move"] = described(
            f"The value of to_move in {g.name}: the seats to act, [-1] at a chance step, "
            "[] when the game is over.",
            array(integer(-1, top), top + 1),
        )
        defs[f"{g.id}.scores"] = described(
            f"The value of scores in {g.name}: one per player.",
            array(integer(-(10**9), 10**9), g.max_players),
        )
        defs[f"{g.id}.winners"] = described(
            f"The value of winners in {g.name}: empty until the game is over.",
            array(integer(0, top), top + 1),
        )
    return defs


def _hello() -> Schema:
    schema = obj(
        {
            "protocol": described(
                "The version the engine speaks: 2, or 1 (an engine answering 1 to a "
                "version 2 hello is spoken to in version 1).",
                {"type": "integer", "enum": sorted(VERSIONS)},
            ),
            "name": described("The engine's name.", string()),
            "capabilities": described(
                "The queries the engine answers (the kit sends no other and compares "
                'only these), and in version 2 "batch" (it answers batch requests).',
                array(enum(CAPABILITIES), 100),
            ),
        },
        {
            "chance": described(
                'Version 2: who draws chance. "kit" (the default): the kit sends every '
                'chance outcome with apply. "engine": the engine draws chance with its own '
                "generator, seeded by start's seed, and reports each outcome.",
                enum(("kit", "engine")),
            ),
            "state_parts": described(
                "Version 2, with the capability state: the top-level keys of the game's "
                "state the engine keeps and answers under state; the kit compares exactly "
                "those. Left out: the whole state.",
                {"uniqueItems": True, **array(string(), 100)},
            ),
            "view_parts": described(
                "Version 2, with the capability view: the same for the view's keys. Left "
                "out: the whole view.",
                {"uniqueItems": True, **array(string(), 100)},
            ),
        },
    )
    return described(
        "The value of hello: the engine's version, name and capabilities.",
        {
            **schema,
            "dependentSchemas": {
                part: {
                    "properties": {
                        "capabilities": described(
                            f"{part} needs the capability {query}.", {"contains": const(query)}
                        )
                    }
                }
                for part, query in (("state_parts", "state"), ("view_parts", "view"))
            },
            "if": {"properties": {"protocol": const(1)}},
            "then": {
                "description": "Version 1 has none of version 2's keys and capabilities.",
                "not": {
                    "anyOf": [{"required": [k]} for k in ("chance", "state_parts", "view_parts")]
                },
                "properties": {
                    "capabilities": described(
                        "The queries only.", {"items": {"not": const("batch")}}
                    )
                },
            },
        },
    )


def documents(
    games: tuple[Game[Any, Any, Any, Any], ...], defs: Mapping[str, Mapping[str, Schema]]
) -> dict[str, Schema]:
    """The protocol's files by name; ``defs`` holds each game's definitions by game id."""
    requests = _requests(games)
    request_defs: dict[str, Schema] = {
        **requests,
        "options": described("The options of the game started.", {"type": "object"}),
        "action": {
            "description": "An action of the game started: see its action and chance schemas.",
            **obj({"type": described("The kind of step.", string())}),
            "additionalProperties": True,
        },
    }
    embedded: dict[str, Schema] = {}
    for g in games:
        embedded.update(embed(defs[g.id], g.id))
    request_defs.update(embedded)
    answers = _answers(games)
    answer_root = answers.pop("answer")
    tops = [op for op in requests if not op.startswith("inner.")]
    return {
        "protocol/request": document(
            "protocol/request",
            "An engine protocol request",
            "One line from the kit to the engine (versions 1 and 2).",
            one_of(*(ref(op) for op in tops)),
            request_defs,
        ),
        "protocol/answer": document(
            "protocol/answer",
            "An engine protocol answer",
            "One line from the engine to the kit: the request's id and exactly one of "
            "value, refused, unsupported and (version 2) inexpressible. The definitions "
            "give the values of start, apply, batch and the simple queries; chance answers "
            "one of the game's chance outcomes (GAME.chance), legal_actions a list of its "
            "actions, state and view its state and view.",
            answer_root,
            {**answers, **embedded},
            keep=answers,
        ),
        "protocol/hello": document(
            "protocol/hello",
            "The value of an engine's hello answer",
            "The protocol version, the engine's name, the queries it answers and, in "
            "version 2, its other capabilities.",
            ref("hello"),
            answers,
        ),
    }
