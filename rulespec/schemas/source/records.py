"""A game's record and golden-file line, from :mod:`rulespec.core.record` and
:mod:`rulespec.testing.golden`."""

from __future__ import annotations

from collections.abc import Mapping

from rulespec.core.game import Game
from rulespec.core.record import FORMAT, MAX_STEPS, VERSION
from rulespec.schemas.source.dsl import Schema, array, boolean, const, integer, obj, ref, string

__all__ = ["GOLDEN_FORMAT", "GOLDEN_VERSION", "definitions"]

GOLDEN_FORMAT = "rulespec-golden"
GOLDEN_VERSION = 1


def _table(players: int) -> Schema:
    """What a golden game of ``players`` players adds: one count and one score per seat."""
    seat = integer(0, players - 1)
    return {
        "if": {"properties": {"record": {"properties": {"players": const(players)}}}},
        "then": {
            "properties": {
                "legal": {"items": {"anyOf": [{"type": "null"}, array({}, players, players)]}},
                "scores": array({}, players, players),
                "winners": array(seat, players),
            }
        },
    }


def definitions(game: Game[object, object, object, object]) -> Mapping[str, Schema]:
    """The record and golden definitions of ``game``, over its ``options`` and ``step``."""
    return {
        "record": obj(
            {
                "format": const(FORMAT),
                "version": const(VERSION),
                "game": const(game.id),
                "players": integer(game.min_players, game.max_players),
                "options": ref("options"),
                "steps": {
                    "description": "Chance outcomes and player actions, in the order applied.",
                    **array(ref("step"), MAX_STEPS),
                },
            }
        ),
        "golden": {
            **obj(
                {
                    "format": const(GOLDEN_FORMAT),
                    "version": const(GOLDEN_VERSION),
                    "name": string(),
                    "record": ref("record"),
                    "legal": {
                        "description": "Before each step: null at a chance step, else each "
                        "seat's number of legal actions (0 when not to act).",
                        **array({"anyOf": [{"type": "null"}, array(integer(0))]}),
                    },
                    "over": boolean(),
                    "scores": array(integer()),
                    "winners": array(integer(0)),
                }
            ),
            "allOf": [_table(n) for n in range(game.min_players, game.max_players + 1)],
        },
    }
