"""Duck & Cover's schemas, written from :mod:`rulespec.duck_cover.codec`'s encoding and
limits, and the option sets of :class:`rulespec.duck_cover.kit.DuckCoverKit`."""

from __future__ import annotations

from typing import Any

from rulespec.duck_cover.cards import FAMILY, SPLASHES, held_by
from rulespec.duck_cover.codec import VARIANTS
from rulespec.duck_cover.state import Phase
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    boolean,
    const,
    described,
    enum,
    integer,
    nullable,
    obj,
    per_players,
    ref,
    tagged,
)

__all__ = ["DEFS", "KEEP", "ROOTS", "SEARCHED"]

SEATS = 7
_PLAYER = integer(0, SEATS - 1)
_DRAW_PILE = 26
_COUNT = integer(0, 10_000)

SEARCHED: tuple[dict[str, Any], ...] = ({}, {"competition": True})
"""The options the conformance kit starts games with when it varies them (as
``encode_options`` writes them): the published game, or *Competition*."""

_SEAT = "A seat, 0 to 6, below the number of players."
_PHASE = (
    'What the game waits for: "deal" (chance: a round\'s deal), "reshuffle" (chance: the '
    'draw pile is empty and a card must be drawn), "turn" (every player acts on the card '
    'in play, in any order) or "over" (the third round has ended).'
)
_ROUND = "The current round, 0 to 2; while a deal is awaited, the round it starts."
_PREVIOUS = (
    'The call of the previous card of this round, what a Repeat repeats: 1 to 12 or "max"; '
    "null before the round's first call."
)
_PREVIOUS_DISCARDED = (
    "Whether the previous card of this round went to the discard zone; a Repeat drawn "
    "then is discarded too (except under Low blows)."
)
_ROUND_SCORES = (
    "Each finished round's scores, first round first, each one number per seat in seat order."
)
_PRINTED = ", ".join(str(v) for v in SPLASHES)
_PRESENT = " (present exactly when the option is on)"


def _foreign_duck(holder: int) -> Schema:
    """A duck in ``holder``'s grid under *Low blows*: its own 1–12, or another seat's."""
    families = [
        integer(held_by(f, FAMILY[0], holder), held_by(f, FAMILY[-1], holder)) for f in range(SEATS)
    ]
    return described(
        f"A duck in seat {holder}'s grid: 1 to 12 for its own family; under Low blows also "
        "the duck n of another seat f's family, written (f + 1) * 100 + n.",
        {"anyOf": [ref("own-duck"), *(r for f, r in enumerate(families) if f != holder)]},
    )


def _grid(duck: Schema, whose: str) -> Schema:
    cell = {
        "description": "[position, stack]: a place and its stack, bottom first (its last "
        "card is the visible one).",
        **array({}, 2, 2),
        "prefixItems": [ref("position"), array(duck, 84, 1)],
    }
    del cell["items"]
    return described(
        f"{whose} grid: one [position, stack] per occupied place, sorted by position "
        "(column, then row); read in any order.",
        array(cell, 84),
    )


def _grid_view(holder: int) -> Schema:
    stack = obj(
        {
            "position": described("The stack's place.", ref("position")),
            "top": described(
                "Its visible card, the top of the stack.", ref(f"duck-in-grid-{holder}")
            ),
            "covered": described("How many cards lie under the top.", integer(0, 83)),
        }
    )
    return described(
        f"Seat {holder}'s grid as everyone sees it: one stack per occupied place, in any order.",
        array(stack, 84),
    )


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
    n = f"With {players} players"
    return {
        "properties": {
            "grids": described(
                f"{n}, no grid holds a duck of a family beyond seat {players - 1}.",
                {"items": {"items": cell}},
            ),
            "round_scores": described(f"{n}, {players} scores in each round.", {"items": each}),
            "gifts": described(
                f"{n}, no gift or one per seat, each of a family at the table.",
                {"maxItems": players, "anyOf": [{"maxItems": 0}, each], "items": ducks},
            ),
        },
        "allOf": [
            {
                "if": _NOT_DEALT,
                "then": {
                    "properties": {
                        "grids": described("No grid before the first deal.", {"maxItems": 0})
                    }
                },
                "else": {"properties": {"grids": described(f"{n}, {players} grids.", each)}},
            },
            {
                "if": _TURN,
                "then": {
                    "properties": {
                        "submitted": described(f"{n}, {players} entries during a turn.", each)
                    }
                },
            },
        ],
    }


def _option_on(name: str) -> Schema:
    """A state whose options turn the variant ``name`` on."""
    option = described(
        f"Its options turn {name} on.",
        {"required": [name], "properties": {name: described(f"{name} is on.", const(True))}},
    )
    return {"properties": {"options": option}}


def _view_seats(players: int) -> Schema:
    return {
        "properties": {
            "player": described(
                f"With {players} players, 0 to {players - 1}.", integer(0, players - 1)
            )
        }
    }


_VARIANTS: dict[str, str] = {
    "competition": "Competition: a visible card scores its number instead of its splashes "
    "(then splashes, if written, is the printed table). The kit's default search varies "
    "it: left out or true.",
    "constraints": "Constraints: the 1, 2 and 3 leave the draw deck (20 draw cards); a "
    "player's 1, 2 and 3 move only inside a stack, once covered. The kit's default "
    "search leaves it out.",
    "pressure": "Pressure: negative round scores count double in the third round. The "
    "kit's default search leaves it out.",
    "surprises": "Surprises: the first two cards of each round's shuffled draw pile are "
    "set aside unseen; states gain set_aside. The kit's default search leaves it out.",
    "low_blows": "Low blows: Max and Repeat make each player give a visible duck to their "
    "left neighbour (seat + 1; the last seat gives to seat 0), who places it, instead of "
    "their usual effect; states gain gifts, and grids may hold other seats' ducks. The "
    "kit's default search leaves it out.",
}


def _move(kind: str, text: str, to: str) -> Schema:
    return described(
        text,
        obj(
            {
                "type": described(f'"{kind}".', const(kind)),
                "player": described("The acting seat. " + _SEAT, _PLAYER),
                "to": described(to, ref("position")),
            },
            {
                "origin": described(
                    "Low blows only, when two of the player's visible cards carry the "
                    "called number: the place of the one that moves. Left out otherwise.",
                    ref("position"),
                )
            },
        ),
    )


DEFS: dict[str, Schema] = {
    "card": {
        "description": 'A draw card: 1 to 12, "max" or "repeat".',
        "anyOf": [integer(FAMILY[0], FAMILY[-1]), enum(("max", "repeat"))],
    },
    "call": {
        "description": 'A called card: 1 to 12 or "max" (Repeat is never a call).',
        "anyOf": [integer(FAMILY[0], FAMILY[-1]), const("max")],
    },
    "own-duck": described("A duck of the grid's own family, 1 to 12.", integer(1, 12)),
    **{f"duck-in-grid-{h}": _foreign_duck(h) for h in range(SEATS)},
    "position": described(
        "A place [column, row]: columns grow rightwards, rows downwards; a round's deal "
        "fills [0, 0] to [3, 2], and places are never renumbered (a stack ducked left of "
        "column 0 stands at column -1).",
        array(integer(-10_000, 10_000), 2, 2),
    ),
    "draw_pile": described("Draw cards, at most 26.", array(ref("card"), _DRAW_PILE)),
    "options": {
        "description": "Options that differ from the published game; a key left out takes "
        "its default (the published rules). encode_options writes only what differs "
        "(a variant only when true); decode_options also reads false and the printed "
        "splash table."
        " The conformance kit's start sends them; unless told which (--option), it "
        "sends one of the sets of $defs/searched.",
        **obj(
            {},
            {
                "splashes": described(
                    "The splashes of the duck cards 1 to 12, in that order (item 0 for the "
                    "1): what each visible card scores at a round's end. Left out: the "
                    f"printed table [{_PRINTED}]. The kit's default search leaves it out.",
                    array(integer(-100, 100), 12, 12),
                ),
                **{name: described(_VARIANTS[name], boolean()) for name in VARIANTS},
                "deck": described(
                    "Not a rule: a short draw deck for small games (rulespec explore), "
                    "some of the rules' draw cards, each at most as often as the rules "
                    "hold it (none of the 1, 2 and 3 under Constraints), in ascending "
                    "order, max and repeat last. Left out: every draw card. The kit's "
                    "default search leaves it out.",
                    array(ref("card"), 26),
                ),
            },
        ),
        "if": {"required": ["competition"], "properties": {"competition": const(True)}},
        "then": {
            "description": "Competition scores numbers, not a splash table.",
            "properties": {
                "splashes": described(
                    "Under Competition, only the printed table.", {"const": list(SPLASHES)}
                )
            },
        },
    },
    "searched": described(
        "The options the conformance kit sends at start when it chooses them (no --option): "
        "the published game or Competition, as encode_options writes them. Its default "
        "search varies competition only.",
        {"enum": list(SEARCHED)},
    ),
    "cover": _move(
        "cover",
        "Move the called card, with its stack, onto the adjacent stack at a place.",
        "The place of the adjacent stack it covers.",
    ),
    "duck": _move(
        "duck",
        "Move the called card, with its stack, to an empty place.",
        "The empty place it moves to.",
    ),
    "quack": described(
        "« Coin »: the called card is covered.",
        obj(
            {
                "type": described('"quack".', const("quack")),
                "player": described("The acting seat. " + _SEAT, _PLAYER),
            }
        ),
    ),
    "give": described(
        "Low blows: give a visible duck (without the cards beneath it) to the left "
        "neighbour, seat player + 1 (the last seat gives to seat 0).",
        obj(
            {
                "type": described('"give".', const("give")),
                "player": described("The giving seat. " + _SEAT, _PLAYER),
                "at": described("The place of the visible duck given.", ref("position")),
            }
        ),
    ),
    "place": described(
        "Low blows: place the duck received this turn.",
        obj(
            {
                "type": described('"place".', const("place")),
                "player": described("The placing seat. " + _SEAT, _PLAYER),
                "to": described("The empty place it goes to.", ref("position")),
            }
        ),
    ),
    "deal": described(
        "Chance, at the start of each round: each family's permutation and the shuffled draw deck.",
        obj(
            {
                "type": described('"deal".', const("deal")),
                "grids": described(
                    "One permutation of 1 to 12 per seat, in seat order: item i of seat "
                    "p's lands at [i % 4, i // 4] of p's grid (row by row from [0, 0] to "
                    "[3, 2]).",
                    array(array(ref("own-duck"), 12), SEATS),
                ),
                "draw_pile": described(
                    "The shuffled draw deck, next card first: 1 to 12 twice, Max and "
                    "Repeat (26 cards; 20, without the 1, 2 and 3, under Constraints). "
                    "Under Surprises its first two cards are set aside unseen.",
                    ref("draw_pile"),
                ),
            }
        ),
    ),
    "reshuffle": described(
        "Chance, when a card must be drawn from an empty draw pile: the Captain pile "
        "shuffled into a new draw pile.",
        obj(
            {
                "type": described('"reshuffle".', const("reshuffle")),
                "draw_pile": described(
                    "The Captain pile's cards in their new order, next card first.",
                    ref("draw_pile"),
                ),
            }
        ),
    ),
    "action": tagged(("cover", "duck", "quack", "give", "place")),
    "chance": tagged(("deal", "reshuffle")),
    "step": tagged(("cover", "duck", "quack", "give", "place", "deal", "reshuffle")),
    "grid": _grid(ref("own-duck"), "A seat's"),
    **{f"grid-{h}": _grid(ref(f"duck-in-grid-{h}"), f"Seat {h}'s") for h in range(SEATS)},
    "state": {
        **obj(
            {
                "players": described(
                    "The number of players, 2 to 7; the seats are 0 to players - 1.",
                    integer(2, SEATS),
                ),
                "options": described("The game's options.", ref("options")),
                "phase": described(_PHASE, enum(p.value for p in Phase)),
                "round": described(_ROUND, integer(0, 2)),
                "grids": described(
                    "Each seat's grid, in seat order. None before the first deal; between "
                    "rounds, the grids as the last round left them.",
                    {"type": "array", "maxItems": SEATS},
                ),
                "draw_pile": described(
                    "The draw pile, next card first (hidden from the players).",
                    ref("draw_pile"),
                ),
                "captain_pile": described(
                    "The Captain pile: the cards played since the round's deal or the "
                    "last reshuffle that did not go to the discard zone, bottom first (its "
                    "last card is the visible top). The card in play joins a pile when its "
                    "turn resolves.",
                    ref("draw_pile"),
                ),
                "discard_zone": described(
                    "The discard zone this round, in the order the cards were discarded: "
                    "the cards on which every player said « Coin », and each Repeat drawn "
                    "before the round's first call or right after a discard (except under "
                    "Low blows). 11 - players discards end the round.",
                    ref("draw_pile"),
                ),
                "card": described(
                    "The card drawn this turn, while players act on it (under a Repeat "
                    "they move previous, the call it repeats); null outside a turn.",
                    nullable(ref("card")),
                ),
                "previous": described(_PREVIOUS, nullable(ref("call"))),
                "previous_discarded": described(_PREVIOUS_DISCARDED, boolean()),
                "submitted": {
                    "description": "During a turn, each seat's action on the card in play, "
                    "in seat order (null until the seat acts); empty outside a turn.",
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [
                        nullable(
                            {
                                "allOf": [
                                    ref("action"),
                                    {
                                        "properties": {
                                            "player": described(f"Seat {h}'s own action.", const(h))
                                        }
                                    },
                                ]
                            }
                        )
                        for h in range(SEATS)
                    ],
                },
                "round_scores": described(
                    _ROUND_SCORES, array(array(integer(-10_000, 10_000), SEATS), 3)
                ),
            },
            {
                "set_aside": described(
                    "Surprises" + _PRESENT + ": the draw cards set aside unseen this "
                    "round (the first two of its deal's draw pile).",
                    array(ref("card"), 2),
                ),
                "gifts": {
                    "description": "Low blows" + _PRESENT + ": while players place the "
                    "ducks they were given, item p is the duck seat p received, written as "
                    "p's grid will hold it; otherwise empty.",
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
                        "grids": described(
                            "Under Low blows, each grid may hold other seats' ducks.",
                            {"prefixItems": [ref(f"grid-{h}") for h in range(SEATS)]},
                        )
                    }
                },
                "else": {
                    "properties": {
                        "grids": described(
                            "Without Low blows, each grid holds its own family only.",
                            {"items": ref("grid")},
                        )
                    }
                },
            },
            {
                "description": "A card is in play during a turn, and only then; outside a "
                "turn nobody has submitted an action and no gift is pending.",
                "if": _TURN,
                "then": {"properties": {"card": described("A card in play.", ref("card"))}},
                "else": {
                    "properties": {
                        "card": described("No card in play.", {"type": "null"}),
                        "submitted": described("Nobody has acted.", {"maxItems": 0}),
                        "gifts": described("No gift pending.", {"maxItems": 0}),
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
                "player": described("The seat whose view this is. " + _SEAT, _PLAYER),
                "players": described("The number of players, 2 to 7.", integer(2, SEATS)),
                "phase": described(_PHASE, enum(p.value for p in Phase)),
                "round": described(_ROUND, integer(0, 2)),
                "grids": {
                    "description": "Each seat's grid in seat order, each stack seen from "
                    "above; none before the first deal.",
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [ref(f"grid-view-{h}") for h in range(SEATS)],
                },
                "card": described(
                    "The card in play, announced to all; null outside a turn.",
                    nullable(ref("card")),
                ),
                "call": described(
                    "What this turn asks players to move: the card in play, or the call a "
                    "Repeat repeats; null outside a turn, and under Low blows on a turn of "
                    "Max or Repeat (while ducks are given and placed).",
                    nullable(ref("call")),
                ),
                "previous": described(_PREVIOUS, nullable(ref("call"))),
                "previous_discarded": described(_PREVIOUS_DISCARDED, boolean()),
                "draw_pile_size": described("How many cards the draw pile holds.", _COUNT),
                "captain_pile_top": described(
                    "The Captain pile's top card (the last one put on it), or null when it "
                    "is empty.",
                    nullable(ref("card")),
                ),
                "captain_pile_size": described("How many cards the Captain pile holds.", _COUNT),
                "discard_zone": described(
                    "The discard zone, in the order the cards were discarded (public).",
                    array(ref("card"), _DRAW_PILE),
                ),
                "discards_left": described(
                    "How many more discards end the round: 11 - players - the discards so far.",
                    integer(-_DRAW_PILE, _DRAW_PILE),
                ),
                "set_aside_size": described(
                    "Surprises: how many draw cards were set aside unseen this round "
                    "(which ones stays hidden); 0 otherwise.",
                    _COUNT,
                ),
                "gifts": {
                    "description": "Low blows: while players place the ducks they were "
                    "given, item p is the duck seat p received (public), written as p's "
                    "grid will hold it; otherwise empty.",
                    "type": "array",
                    "maxItems": SEATS,
                    "prefixItems": [ref(f"duck-in-grid-{h}") for h in range(SEATS)],
                },
                "acted": described(
                    "During a turn, whether each seat has acted, in seat order (what they "
                    "did stays hidden); empty outside a turn.",
                    array(boolean(), SEATS),
                ),
                "own_action": described(
                    "The viewer's own action this turn; null before they act and outside a turn.",
                    nullable(ref("action")),
                ),
                "round_scores": described(
                    _ROUND_SCORES, array(array(integer(-1_000_000, 1_000_000), SEATS), 3)
                ),
            }
        ),
        "allOf": per_players(2, SEATS, _view_seats),
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

KEEP: dict[str, tuple[str, ...]] = {"options": ("searched",)}
"""The definitions a file holds besides those its root needs."""
