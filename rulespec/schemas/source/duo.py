"""Duo's schemas, written from :mod:`rulespec.duo.codec`'s encoding and limits."""

from __future__ import annotations

from rulespec.duo.cards import BASE_DECK, TURBO, card_name
from rulespec.duo.state import EXHAUSTED_READINGS, Phase
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    boolean,
    const,
    enum,
    integer,
    nullable,
    obj,
    per_players,
    ref,
    tagged,
)

__all__ = ["DEFS", "ROOTS"]

MIN_PLAYERS, MAX_PLAYERS = 2, 6
_PLAYER = integer(0, MAX_PLAYERS - 1)


_COUNT = integer(0, 10_000)


_NOT_DEALT: Schema = {"properties": {"phase": const(Phase.DEAL.value), "round": const(0)}}
"""Before the first deal: no hands, no discard piles."""


def _seats(players: int) -> Schema:
    """What a state of ``players`` players adds: seats below ``players``, one hand per
    seat once dealt, one score per seat in each round."""
    seat = integer(0, players - 1)
    return {
        "properties": {
            "options": {"properties": {"first_player": seat}},
            "starter": seat,
            "turn": seat,
            "round_scores": {"items": {"minItems": players, "maxItems": players}},
        },
        "if": _NOT_DEALT,
        "then": {"properties": {"hands": {"maxItems": 0}, "piles": {"maxItems": 0}}},
        "else": {
            "properties": {
                "hands": {"minItems": players, "maxItems": players},
                "piles": {"minItems": 2, "maxItems": 2},
            }
        },
    }


def _view_seats(players: int) -> Schema:
    """What a view of ``players`` players adds: seats below ``players``, one hand size
    and one score per seat at most."""
    seat = integer(0, players - 1)
    return {
        "properties": {
            "player": seat,
            "starter": seat,
            "turn": seat,
            "hand_sizes": {"maxItems": players},
            "round_scores": {"items": {"maxItems": players}},
        }
    }


DEFS: dict[str, Schema] = {
    "card": {
        "description": 'A card by name: "red-3-circle", "joker-green", "joker-2", '
        '"joker-cross" or "turbo".',
        **enum(dict.fromkeys(card_name(c) for c in (*BASE_DECK, TURBO))),
    },
    "cards": array(ref("card"), 80),
    "options": {
        "description": "Options that differ from the base game.",
        **obj(
            {},
            {
                "turbo": boolean(),
                "first_player": _PLAYER,
                "exhausted": enum(EXHAUSTED_READINGS),
                "max_rounds": nullable(integer(1)),
            },
        ),
    },
    "play": {
        "description": "Put a card of the hand on discard pile 0 or 1.",
        **obj(
            {
                "type": const("play"),
                "player": _PLAYER,
                "card": ref("card"),
                "pile": integer(0, 1),
            }
        ),
    },
    "stop": {
        "description": "End a turn after one or more cards.",
        **obj({"type": const("stop"), "player": _PLAYER}),
    },
    "draw": {
        "description": "Take the top card of the draw pile instead of playing.",
        **obj({"type": const("draw"), "player": _PLAYER}),
    },
    "deal": {
        "description": "Chance: the whole shuffled deck (hands, the two piles, the draw pile).",
        **obj({"type": const("deal"), "order": ref("cards")}),
    },
    "action": tagged(("play", "stop", "draw")),
    "chance": tagged(("deal",)),
    "step": tagged(("play", "stop", "draw", "deal")),
    "state": {
        **obj(
            {
                "players": integer(MIN_PLAYERS, MAX_PLAYERS),
                "options": ref("options"),
                "phase": enum(p.value for p in Phase),
                "round": integer(0),
                "starter": _PLAYER,
                "turn": _PLAYER,
                "turn_pile": nullable(integer(0, 1)),
                "hands": array(ref("cards"), MAX_PLAYERS),
                "piles": array(ref("cards"), 2),
                "draw_pile": ref("cards"),
                "round_scores": array(array(integer(-10_000, 10_000), MAX_PLAYERS), 10_000),
            }
        ),
        "if": {"not": {"properties": {"phase": const(Phase.TURN.value)}}},
        "then": {
            "description": "A turn pile is chosen during a turn only.",
            "properties": {"turn_pile": {"type": "null"}},
        },
        "allOf": per_players(MIN_PLAYERS, MAX_PLAYERS, _seats),
    },
    "view": {
        **obj(
            {
                "player": _PLAYER,
                "players": integer(MIN_PLAYERS, MAX_PLAYERS),
                "phase": enum(p.value for p in Phase),
                "round": _COUNT,
                "starter": _PLAYER,
                "turn": _PLAYER,
                "turn_pile": nullable(integer(0, 1)),
                "hand": ref("cards"),
                "hand_sizes": array(_COUNT, MAX_PLAYERS),
                "pile_tops": {"description": "The top card of each discard pile.", **ref("cards")},
                "pile_sizes": array(_COUNT, 2),
                "draw_pile_size": _COUNT,
                "round_scores": array(array(integer(-1_000_000, 1_000_000), MAX_PLAYERS)),
                "target": {"description": "The score that wins the match.", **_COUNT},
            }
        ),
        "allOf": per_players(MIN_PLAYERS, MAX_PLAYERS, _view_seats),
    },
}
"""Every definition; a file holds those its root needs."""

ROOTS: dict[str, tuple[str, str]] = {
    "options": ("options", "Duo options"),
    "action": ("action", "A Duo player's action"),
    "chance": ("chance", "A Duo chance outcome"),
    "state": ("state", "A Duo state, hidden parts included"),
    "view": ("view", "What a Duo player sees"),
}
"""Each file of the game: its root definition and its title."""
