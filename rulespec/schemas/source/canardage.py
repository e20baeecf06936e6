"""Canardage's schemas, written from :mod:`rulespec.canardage.codec`'s encoding and limits."""

from __future__ import annotations

from rulespec.canardage.cards import COLOURS, Card
from rulespec.canardage.state import Phase
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    const,
    enum,
    integer,
    obj,
    per_players,
    ref,
    tagged,
)

__all__ = ["DEFS", "ROOTS"]

_PLAYER = integer(0, COLOURS - 1)
_COUNT = integer(0, 10_000)


def _seat(players: int) -> Schema:
    return {"properties": {"player": integer(0, players - 1)}}


def _state_seats(players: int) -> Schema:
    """What a state of ``players`` players adds: seats below ``players``, one hand,
    shelter and count of shot ducks per player."""
    seat = integer(0, players - 1)
    each = {"minItems": players, "maxItems": players}
    return {
        "properties": {
            "turn": integer(-1, players - 1),
            "hands": each,
            "shelters": each,
            "shot": each,
            "winners": {"items": seat, "maxItems": players},
        }
    }


DEFS: dict[str, Schema] = {
    "duck": {
        "description": 'A duck-deck card: a colour 0 to 5 (seat p plays colour p) or "water".',
        "anyOf": [integer(0, COLOURS - 1), const("water")],
    },
    "card": {"description": "An action card, by id.", **enum(c.value for c in Card)},
    "stack": {
        "description": "One space of the line: [card] or [hidden, cover], bottom first.",
        **array(ref("duck"), 2, 1),
    },
    "line": {"description": "The line, front first.", **array(ref("stack"), 6)},
    "ducks": array(ref("duck"), 40),
    "cards": array(ref("card"), 10_000),
    "options": {
        "description": "Options that differ from the published game.",
        **obj(
            {},
            {
                "action_deck": {
                    "description": "Copies of each action card, by id; ids left out count 0.",
                    **obj({}, {c.value: integer(0, 1_000) for c in Card}),
                }
            },
        ),
    },
    "play": {
        "description": "Play an action card, with the spaces it names (and Canarchie's new line).",
        **obj(
            {
                "type": const("play"),
                "player": _PLAYER,
                "card": ref("card"),
                "spaces": array(integer(-100, 100), 6),
            },
            {"line": ref("line")},
        ),
    },
    "discard": {
        "description": "Discard a card without effect (when no card in hand can be played).",
        **obj({"type": const("discard"), "player": _PLAYER, "card": ref("card")}),
    },
    "deal": {
        "description": "Chance: the shuffled duck deck and action deck, top first.",
        **obj({"type": const("deal"), "ducks": ref("ducks"), "actions": ref("cards")}),
    },
    "reshuffle": {
        "description": "Chance: the played cards shuffled into a new draw pile, top first.",
        **obj({"type": const("reshuffle"), "draw_pile": ref("cards")}),
    },
    "disperse": {
        "description": "Chance: the duck deck shuffled after Dispersion, top first.",
        **obj({"type": const("disperse"), "deck": ref("ducks")}),
    },
    "action": tagged(("play", "discard")),
    "chance": tagged(("deal", "reshuffle", "disperse")),
    "step": tagged(("play", "discard", "deal", "reshuffle", "disperse")),
    "state": {
        **obj(
            {
                "players": integer(3, COLOURS),
                "options": ref("options"),
                "phase": enum(p.value for p in Phase),
                "turn": integer(-1, COLOURS - 1),
                "line": ref("line"),
                "targets": array(_PLAYER, 6),
                "shelters": array(integer(-1, COLOURS - 1), 6),
                "deck": ref("ducks"),
                "seen": integer(0, 40),
                "hands": array(ref("cards"), 6),
                "draw_pile": ref("cards"),
                "played": ref("cards"),
                "shot": array(_PLAYER, 6),
                "winners": {"uniqueItems": True, **array(_PLAYER, 6)},
            }
        ),
        "if": {"properties": {"phase": const(Phase.DEAL.value)}},
        "then": {
            "description": "Nobody is on turn before the deal.",
            "properties": {"turn": const(-1)},
        },
        "else": {"properties": {"turn": integer(0)}},
        "allOf": per_players(3, COLOURS, _state_seats),
    },
    "view": {
        **obj(
            {
                "player": _PLAYER,
                "players": integer(3, COLOURS),
                "phase": enum(p.value for p in Phase),
                "turn": integer(-1, COLOURS - 1),
                "line": ref("line"),
                "targets": array(_PLAYER, 6),
                "shelters": array(integer(-1, COLOURS - 1), 6),
                "deck_size": _COUNT,
                "deck_bottom": {
                    "description": "The cards at the bottom of the duck deck that were seen.",
                    **ref("ducks"),
                },
                "hand": ref("cards"),
                "hand_sizes": array(_COUNT, 6),
                "draw_pile_size": _COUNT,
                "played": ref("cards"),
                "shot": array(_PLAYER, 6),
                "winners": array(_PLAYER, 6),
            }
        ),
        "allOf": per_players(3, COLOURS, _seat),
    },
}
"""Every definition; a file holds those its root needs."""

ROOTS: dict[str, tuple[str, str]] = {
    "options": ("options", "Canardage options"),
    "action": ("action", "A Canardage player's action"),
    "chance": ("chance", "A Canardage chance outcome"),
    "state": ("state", "A Canardage state, hidden parts included"),
    "view": ("view", "What a Canardage player sees"),
}
"""Each file of the game: its root definition and its title."""
