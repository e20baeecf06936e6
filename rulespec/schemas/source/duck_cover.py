"""Duck & Cover's schemas, written from :mod:`rulespec.duck_cover.codec`'s encoding and
limits."""

from __future__ import annotations

from rulespec.duck_cover.cards import FAMILY, SPLASHES, held_by
from rulespec.duck_cover.codec import VARIANTS
from rulespec.duck_cover.state import Phase
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

SEATS = 7
_PLAYER = integer(0, SEATS - 1)
_DRAW_PILE = 26
_COUNT = integer(0, 10_000)


def _foreign_duck(holder: int) -> Schema:
    """A duck in ``holder``'s grid under *Low blows*: its own 1–12, or another seat's."""
    families = [
        integer(held_by(f, FAMILY[0], holder), held_by(f, FAMILY[-1], holder)) for f in range(SEATS)
    ]
    return {"anyOf": [ref("own-duck"), *(r for f, r in enumerate(families) if f != holder)]}


def _grid(duck: Schema) -> Schema:
    cell = {
        "description": "[position, stack]: a place and its stack, bottom first.",
        **array({}, 2, 2),
        "prefixItems": [ref("position"), array(duck, 84, 1)],
    }
    del cell["items"]
    return array(cell, 84)


def _grid_view(holder: int) -> Schema:
    stack = obj(
        {
            "position": ref("position"),
            "top": ref(f"duck-in-grid-{holder}"),
            "covered": {"description": "How many cards lie under the top.", **integer(0, 83)},
        }
    )
    return array(stack, 84)


_TURN: Schema = {"properties": {"phase": const(Phase.TURN.value)}}
_NOT_DEALT: Schema = {"properties": {"phase": const(Phase.DEAL.value), "round": const(0)}}
"""Before the first deal: no grids."""


def _later_seats(players: int) -> Schema:
    """A duck of a family no seat of ``players`` players holds."""
    return {
        "anyOf": [
            integer(held_by(f, FAMILY[0], f - 1), held_by(f, FAMILY[-1], f - 1))
            for f in range(players, SEATS)
        ]
    }


def _state_seats(players: int) -> Schema:
    """What a state of ``players`` players adds: one grid per seat once dealt, one action
    per seat during a turn, one score per seat in each round, one gift per seat or none,
    and only the families of the seats in play."""
    each = {"minItems": players, "maxItems": players}
    ducks: Schema = {}
    if players < SEATS:
        ducks = {"not": _later_seats(players)}
    cell = {"prefixItems": [{}, {"items": ducks}]}
    return {
        "properties": {
            "grids": {"items": {"items": cell}},
            "round_scores": {"items": each},
            "gifts": {"maxItems": players, "anyOf": [{"maxItems": 0}, each], "items": ducks},
        },
        "allOf": [
            {
                "if": _NOT_DEALT,
                "then": {"properties": {"grids": {"maxItems": 0}}},
                "else": {"properties": {"grids": each}},
            },
            {"if": _TURN, "then": {"properties": {"submitted": each}}},
        ],
    }


def _option_on(name: str) -> Schema:
    """A state whose options turn the variant ``name`` on."""
    return {"properties": {"options": {"required": [name], "properties": {name: const(True)}}}}


DEFS: dict[str, Schema] = {
    "card": {
        "description": 'A draw card: 1 to 12, "max" or "repeat".',
        "anyOf": [integer(FAMILY[0], FAMILY[-1]), enum(("max", "repeat"))],
    },
    "call": {
        "description": 'A called card: 1 to 12 or "max" (Repeat is never a call).',
        "anyOf": [integer(FAMILY[0], FAMILY[-1]), const("max")],
    },
    "own-duck": {"description": "A duck of the grid's own family.", **integer(1, 12)},
    **{f"duck-in-grid-{h}": _foreign_duck(h) for h in range(SEATS)},
    "position": {
        "description": "A place [column, row]: columns grow rightwards, rows downwards.",
        **array(integer(-10_000, 10_000), 2, 2),
    },
    "draw_pile": array(ref("card"), _DRAW_PILE),
    "options": {
        "description": "Options that differ from the published game.",
        **obj(
            {},
            {
                "splashes": {
                    "description": "Splashes of cards 1 to 12.",
                    **array(integer(-100, 100), 12, 12),
                },
                **{name: boolean() for name in VARIANTS},
            },
        ),
        "if": {"required": ["competition"], "properties": {"competition": const(True)}},
        "then": {
            "description": "Competition scores numbers, not a splash table.",
            "properties": {"splashes": {"const": list(SPLASHES)}},
        },
    },
    **{
        kind: {
            "description": text,
            **obj(
                {"type": const(kind), "player": _PLAYER, "to": ref("position")},
                {"origin": ref("position")},
            ),
        }
        for kind, text in (
            ("cover", "Put the called duck onto the adjacent stack at a place."),
            ("duck", "Put the called duck on an empty place."),
        )
    },
    "quack": {
        "description": "« Coin »: the called duck is covered.",
        **obj({"type": const("quack"), "player": _PLAYER}),
    },
    "give": {
        "description": "Low blows: give the duck at a place to the left neighbour.",
        **obj({"type": const("give"), "player": _PLAYER, "at": ref("position")}),
    },
    "place": {
        "description": "Low blows: place a received duck.",
        **obj({"type": const("place"), "player": _PLAYER, "to": ref("position")}),
    },
    "deal": {
        "description": "Chance: each family's permutation, laid row by row, and the draw "
        "pile, next card first.",
        **obj(
            {
                "type": const("deal"),
                "grids": array(array(ref("own-duck"), 12), SEATS),
                "draw_pile": ref("draw_pile"),
            }
        ),
    },
    "reshuffle": {
        "description": "Chance: the new draw pile, next card first.",
        **obj({"type": const("reshuffle"), "draw_pile": ref("draw_pile")}),
    },
    "action": tagged(("cover", "duck", "quack", "give", "place")),
    "chance": tagged(("deal", "reshuffle")),
    "step": tagged(("cover", "duck", "quack", "give", "place", "deal", "reshuffle")),
    "grid": _grid(ref("own-duck")),
    **{f"grid-{h}": _grid(ref(f"duck-in-grid-{h}")) for h in range(SEATS)},
    "state": {
        **obj(
            {
                "players": integer(2, SEATS),
                "options": ref("options"),
                "phase": enum(p.value for p in Phase),
                "round": integer(0, 2),
                "grids": {"type": "array", "maxItems": SEATS},
                "draw_pile": ref("draw_pile"),
                "captain_pile": ref("draw_pile"),
                "discard_zone": ref("draw_pile"),
                "card": nullable(ref("card")),
                "previous": nullable(ref("call")),
                "previous_discarded": boolean(),
                "submitted": {
                    "description": "During a turn, each player's action (null until given).",
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [
                        nullable({"allOf": [ref("action"), {"properties": {"player": const(h)}}]})
                        for h in range(SEATS)
                    ],
                },
                "round_scores": array(array(integer(-10_000, 10_000), SEATS), 3),
            },
            {
                "set_aside": array(ref("card"), 2),
                "gifts": {
                    "description": "Low blows: the duck each seat has received, if any.",
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [ref(f"duck-in-grid-{h}") for h in range(SEATS)],
                },
            },
        ),
        "dependentSchemas": {
            "set_aside": _option_on("surprises"),
            "gifts": _option_on("low_blows"),
        },
        "allOf": [
            {
                "if": _option_on("low_blows"),
                "then": {
                    "properties": {
                        "grids": {"prefixItems": [ref(f"grid-{h}") for h in range(SEATS)]}
                    }
                },
                "else": {"properties": {"grids": {"items": ref("grid")}}},
            },
            {
                "description": "A card is in play during a turn, and only then; outside a "
                "turn nobody has submitted an action and no gift is pending.",
                "if": _TURN,
                "then": {"properties": {"card": ref("card")}},
                "else": {
                    "properties": {
                        "card": {"type": "null"},
                        "submitted": {"maxItems": 0},
                        "gifts": {"maxItems": 0},
                    }
                },
            },
            *per_players(2, SEATS, _state_seats),
        ],
    },
    **{f"grid-view-{h}": _grid_view(h) for h in range(SEATS)},
    "view": {
        **obj(
            {
                "player": _PLAYER,
                "players": integer(2, SEATS),
                "phase": enum(p.value for p in Phase),
                "round": integer(0, 2),
                "grids": {
                    "description": "Each seat's grid: its stacks, each seen from above.",
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [ref(f"grid-view-{h}") for h in range(SEATS)],
                },
                "card": nullable(ref("card")),
                "call": nullable(ref("call")),
                "previous": nullable(ref("call")),
                "previous_discarded": boolean(),
                "draw_pile_size": _COUNT,
                "captain_pile_top": nullable(ref("card")),
                "captain_pile_size": _COUNT,
                "discard_zone": array(ref("card"), _DRAW_PILE),
                "discards_left": integer(-_DRAW_PILE, _DRAW_PILE),
                "set_aside_size": _COUNT,
                "gifts": {
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [ref(f"duck-in-grid-{h}") for h in range(SEATS)],
                },
                "acted": array(boolean(), SEATS),
                "own_action": nullable(ref("action")),
                "round_scores": array(array(integer(-1_000_000, 1_000_000), SEATS), 3),
            }
        ),
        "allOf": per_players(2, SEATS, lambda n: {"properties": {"player": integer(0, n - 1)}}),
    },
}
"""Every definition; a file holds those its root needs."""

ROOTS: dict[str, tuple[str, str]] = {
    "options": ("options", "Duck & Cover options"),
    "action": ("action", "A Duck & Cover player's action"),
    "chance": ("chance", "A Duck & Cover chance outcome"),
    "state": ("state", "A Duck & Cover state, hidden parts included"),
    "view": ("view", "What a Duck & Cover player sees"),
}
"""Each file of the game: its root definition and its title."""
