"""A game's record and golden-file line, from :mod:`rulespec.core.record` and
:mod:`rulespec.testing.golden`."""

from __future__ import annotations

from collections.abc import Mapping

from rulespec.core.derive import LARGEST
from rulespec.core.game import Game
from rulespec.core.record import FORMAT, MAX_STEPS, VERSION
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    boolean,
    const,
    described,
    integer,
    obj,
    ref,
    string,
)

__all__ = ["GOLDEN_FORMAT", "GOLDEN_VERSION", "SEED_LIMIT", "definitions"]

GOLDEN_FORMAT = "rulespec-golden"
GOLDEN_VERSION = 1
SEED_LIMIT = 2**32
"""A record's ``chance_seed`` is below this."""


def _table(players: int) -> Schema:
    """What a golden game of ``players`` players adds: one count and one score per seat."""
    n = f"With {players} players"
    seat = integer(0, players - 1)
    return {
        "if": {"properties": {"record": {"properties": {"players": const(players)}}}},
        "then": {
            "properties": {
                "legal": described(
                    f"{n}, {players} counts at each player step.",
                    {"items": {"anyOf": [{"type": "null"}, array({}, players, players)]}},
                ),
                "scores": described(f"{n}, {players} scores.", array({}, players, players)),
                "winners": described(
                    f"{n}, at most {players} seats, each 0 to {players - 1}.",
                    array(seat, players),
                ),
            }
        },
    }


def definitions(game: Game[object, object, object, object]) -> Mapping[str, Schema]:
    """The record and golden definitions of ``game``, over its ``options`` and ``step``."""
    return {
        "record": described(
            f"A game of {game.name} from its start (or from a position): its setup and every step.",
            obj(
                {
                    "format": described(f'Always "{FORMAT}".', const(FORMAT)),
                    "version": described(
                        f"The record format's version, {VERSION}.", const(VERSION)
                    ),
                    "game": described("The game's id.", const(game.id)),
                    "players": described(
                        "The number of players; the seats are 0 to players - 1.",
                        integer(game.min_players, game.max_players),
                    ),
                    "options": described(
                        "The game's options, as its options schema: only what differs "
                        "from the published game.",
                        ref("options"),
                    ),
                    "steps": described(
                        "Chance outcomes and player actions, in the order applied.",
                        array(ref("step"), MAX_STEPS),
                    ),
                },
                {
                    "chance_seed": described(
                        'The seed an engine that draws its own chance (hello "chance": '
                        '"engine") started this game with, 0 to 2**32 - 1: replaying the '
                        "record sends it again, and the engine must draw the same outcomes "
                        "(those in steps). Left out when the chance outcomes were not drawn "
                        "by an engine.",
                        integer(0, SEED_LIMIT - 1),
                    ),
                    "truncated": described(
                        "true when the game was cut at its length cap (the most player "
                        "actions rulespec lets a game it plays itself take) before the "
                        "rules ended it; left out otherwise. Older readers ignore it.",
                        {"type": "boolean"},
                    ),
                    "start": described(
                        "The state the steps follow, as the state schema writes it, instead "
                        "of a new game of players and options: a game from a position. Its "
                        "players and options must be the record's, and it must break none of "
                        "the game's state invariants. Left out for a game from its start.",
                        ref("state"),
                    ),
                },
            ),
        ),
        "golden": {
            **obj(
                {
                    "format": described(f'Always "{GOLDEN_FORMAT}".', const(GOLDEN_FORMAT)),
                    "version": described(
                        f"The golden format's version, {GOLDEN_VERSION}.", const(GOLDEN_VERSION)
                    ),
                    "name": described("The game's name, unique in its file.", string()),
                    "record": described("The game, from its start.", ref("record")),
                    "legal": described(
                        "Before each step of the record, in order: null at a chance step, "
                        "else each seat's number of legal actions in seat order (0 for a "
                        "seat not to act).",
                        array({"anyOf": [{"type": "null"}, array(integer(0, LARGEST))]}),
                    ),
                    "over": described(
                        "Whether the game is over after the last step (a game may stop "
                        "before its end).",
                        boolean(),
                    ),
                    "scores": described(
                        "The scores after the last step, one per seat in seat order.",
                        array(integer(-LARGEST, LARGEST)),
                    ),
                    "winners": described(
                        "The winners' seats after the last step, ascending (empty until the "
                        "game is over).",
                        array(integer(0, game.max_players - 1)),
                    ),
                }
            ),
            "allOf": [_table(n) for n in range(game.min_players, game.max_players + 1)],
        },
    }
