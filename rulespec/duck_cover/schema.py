"""Duck & Cover's schemas: the definitions of :data:`rulespec.duck_cover.codec.CODEC`
with their descriptions, each seat's own ducks, what a state and a view require across
their fields, and the option sets of :class:`rulespec.duck_cover.kit.DuckCoverKit`."""

from __future__ import annotations

from typing import Any

from rulespec.duck_cover.cards import FAMILY, SPLASHES, held_by
from rulespec.duck_cover.codec import CODEC
from rulespec.duck_cover.state import Phase
from rulespec.schemas.source.dsl import (
    Schema,
    array,
    const,
    describe,
    described,
    integer,
    nullable,
    obj,
    per_players,
    ref,
    tagged,
)

__all__ = ["DEFS", "DOCS", "SEARCHED"]

SEATS = 7

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


_KINDS = ("cover", "duck", "quack", "give", "place", "deal", "reshuffle")
_MOVED = "Low blows only, when two of the player's visible cards carry the called number: "
_ROOTS = ("state", "view")
DOCS: dict[str, str] = {
    "card": 'A draw card: 1 to 12, "max" or "repeat".',
    "call": 'A called card: 1 to 12 or "max" (Repeat is never a call).',
    "position": "A place [column, row]: columns grow rightwards, rows downwards; a round's "
    "deal fills [0, 0] to [3, 2], and places are never renumbered (a stack ducked left of "
    "column 0 stands at column -1).",
    "draw_pile": "Draw cards, at most 26.",
    "options": "Options that differ from the published game; a key left out takes its "
    "default (the published rules). encode_options writes only what differs (a variant "
    "only when true); decode_options also reads false and the printed splash table. The "
    "conformance kit's start sends them; unless told which (--option), it sends one of the "
    "sets of $defs/searched.",
    "options.splashes": "The splashes of the duck cards 1 to 12, in that order (item 0 for "
    "the 1): what each visible card scores at a round's end. Left out: the printed table "
    f"[{_PRINTED}]. The kit's default search leaves it out.",
    **{f"options.{name}": text for name, text in _VARIANTS.items()},
    "options.deck": "Not a rule: a short draw deck for small games (rulespec explore), some "
    "of the rules' draw cards, each at most as often as the rules hold it (none of the 1, 2 "
    "and 3 under Constraints), in ascending order, max and repeat last. Left out: every "
    "draw card. The kit's default search leaves it out.",
    "cover": "Move the called card, with its stack, onto the adjacent stack at a place.",
    "cover.to": "The place of the adjacent stack it covers.",
    "duck": "Move the called card, with its stack, to an empty place.",
    "duck.to": "The empty place it moves to.",
    **{
        f"{k}.origin": _MOVED + "the place of the one that moves. Left out otherwise."
        for k in _KINDS[:2]
    },
    "quack": "« Coin »: the called card is covered.",
    **{f"{k}.player": "The acting seat. " + _SEAT for k in _KINDS[:3]},
    "give": "Low blows: give a visible duck (without the cards beneath it) to the left "
    "neighbour, seat player + 1 (the last seat gives to seat 0).",
    "give.player": "The giving seat. " + _SEAT,
    "give.at": "The place of the visible duck given.",
    "place": "Low blows: place the duck received this turn.",
    "place.player": "The placing seat. " + _SEAT,
    "place.to": "The empty place it goes to.",
    "deal": "Chance, at the start of each round: each family's permutation and the "
    "shuffled draw deck.",
    "deal.grids": "One permutation of 1 to 12 per seat, in seat order: item i of seat p's "
    "lands at [i % 4, i // 4] of p's grid (row by row from [0, 0] to [3, 2]).",
    "deal.draw_pile": "The shuffled draw deck, next card first: 1 to 12 twice, Max and "
    "Repeat (26 cards; 20, without the 1, 2 and 3, under Constraints). Under Surprises its "
    "first two cards are set aside unseen.",
    "reshuffle": "Chance, when a card must be drawn from an empty draw pile: the Captain "
    "pile shuffled into a new draw pile.",
    "reshuffle.draw_pile": "The Captain pile's cards in their new order, next card first.",
    **{f"{k}.type": f'"{k}".' for k in _KINDS},
    "state.players": "The number of players, 2 to 7; the seats are 0 to players - 1.",
    "state.options": "The game's options.",
    "state.grids": "Each seat's grid, in seat order. None before the first deal; between "
    "rounds, the grids as the last round left them.",
    "state.draw_pile": "The draw pile, next card first (hidden from the players).",
    "state.captain_pile": "The Captain pile: the cards played since the round's deal or "
    "the last reshuffle that did not go to the discard zone, bottom first (its last card "
    "is the visible top). The card in play joins a pile when its turn resolves.",
    "state.discard_zone": "The discard zone this round, in the order the cards were "
    "discarded: the cards on which every player said « Coin », and each Repeat drawn "
    "before the round's first call or right after a discard (except under Low blows). "
    "11 - players discards end the round.",
    "state.card": "The card drawn this turn, while players act on it (under a Repeat they "
    "move previous, the call it repeats); null outside a turn.",
    "state.submitted": "During a turn, each seat's action on the card in play, in seat "
    "order (null until the seat acts); empty outside a turn.",
    "state.set_aside": "Surprises" + _PRESENT + ": the draw cards set aside unseen this "
    "round (the first two of its deal's draw pile).",
    "state.gifts": "Low blows" + _PRESENT + ": while players place the ducks they were "
    "given, item p is the duck seat p received, written as p's grid will hold it; "
    "otherwise empty.",
    "view.player": "The seat whose view this is. " + _SEAT,
    "view.players": "The number of players, 2 to 7.",
    "view.grids": "Each seat's grid in seat order, each stack seen from above; none before "
    "the first deal.",
    "view.card": "The card in play, announced to all; null outside a turn.",
    "view.call": "What this turn asks players to move: the card in play, or the call a "
    "Repeat repeats; null outside a turn, and under Low blows on a turn of Max or Repeat "
    "(while ducks are given and placed).",
    "view.draw_pile_size": "How many cards the draw pile holds.",
    "view.captain_pile_top": "The Captain pile's top card (the last one put on it), or "
    "null when it is empty.",
    "view.captain_pile_size": "How many cards the Captain pile holds.",
    "view.discard_zone": "The discard zone, in the order the cards were discarded (public).",
    "view.discards_left": "How many more discards end the round: 11 - players - the "
    "discards so far.",
    "view.set_aside_size": "Surprises: how many draw cards were set aside unseen this round "
    "(which ones stays hidden); 0 otherwise.",
    "view.gifts": "Low blows: while players place the ducks they were given, item p is the "
    "duck seat p received (public), written as p's grid will hold it; otherwise empty.",
    "view.acted": "During a turn, whether each seat has acted, in seat order (what they did "
    "stays hidden); empty outside a turn.",
    "view.own_action": "The viewer's own action this turn; null before they act and "
    "outside a turn.",
    **{f"{r}.phase": _PHASE for r in _ROOTS},
    **{f"{r}.round": _ROUND for r in _ROOTS},
    **{f"{r}.previous": _PREVIOUS for r in _ROOTS},
    **{f"{r}.previous_discarded": _PREVIOUS_DISCARDED for r in _ROOTS},
    **{f"{r}.round_scores": _ROUND_SCORES for r in _ROOTS},
}
"""Each definition's description and its properties' (``"state.players"``)."""

_GIFTS = {"type": "array", "maxItems": SEATS}
_GIFTS["prefixItems"] = [ref(f"duck-in-grid-{h}") for h in range(SEATS)]
_OWN = [
    nullable(
        {
            "allOf": [
                ref("action"),
                {"properties": {"player": described(f"Seat {h}'s own action.", const(h))}},
            ]
        }
    )
    for h in range(SEATS)
]
_PATCH: dict[str, dict[str, Schema]] = {
    "deal": {"grids": array(array(ref("own-duck"), 12), SEATS)},
    "state": {
        "grids": {"type": "array", "maxItems": SEATS},
        "submitted": {"type": "array", "maxItems": SEATS, "prefixItems": _OWN},
        "gifts": _GIFTS,
    },
    "view": {
        "grids": {
            "type": "array",
            "maxItems": SEATS,
            "prefixItems": [ref(f"grid-view-{h}") for h in range(SEATS)],
        },
        "gifts": _GIFTS,
    },
}
"""What a definition says of a property beyond the codec's form: each seat's own ducks."""

_DEFS = describe(
    {
        k: {**v, "properties": {**v["properties"], **_PATCH[k]}} if k in _PATCH else v
        for k, v in CODEC.defs.items()
    },
    DOCS,
)
DEFS: dict[str, Schema] = {
    **_DEFS,
    "own-duck": described("A duck of the grid's own family, 1 to 12.", integer(1, 12)),
    **{f"duck-in-grid-{h}": _foreign_duck(h) for h in range(SEATS)},
    "options": {
        **_DEFS["options"],
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
    "action": tagged(_KINDS[:5]),
    "chance": tagged(_KINDS[5:]),
    "step": tagged(_KINDS),
    "grid": _grid(ref("own-duck"), "A seat's"),
    **{f"grid-{h}": _grid(ref(f"duck-in-grid-{h}"), f"Seat {h}'s") for h in range(SEATS)},
    "state": {
        **_DEFS["state"],
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
    "view": {**_DEFS["view"], "allOf": per_players(2, SEATS, _view_seats)},
}
"""Every definition: those of :data:`rulespec.duck_cover.codec.CODEC`, described, each
seat's own ducks, and what a state and a view require across their fields; a file holds
those its root needs."""
