"""JSON encoding of Canardage actions, options and states, derived from their classes
(:mod:`rulespec.core.derive`).

Duck cards are written as their colour ``0``–``5`` and water as ``"water"``; action
cards by their id (``"pan"``, ``"en-joue"``, …); stacks bottom first.

>>> encode_action(Play(0, Card.TU_LOUCHES, (2, 3)))
{'type': 'play', 'player': 0, 'card': 'tu-louches', 'spaces': [2, 3]}
>>> decode_action({"type": "play", "player": 1, "card": "pan", "spaces": [0]})
Play(player=1, card=<Card.PAN: 'pan'>, spaces=(0,), line=())
"""

from __future__ import annotations

from typing import Any

from rulespec.canardage import state as s
from rulespec.canardage.actions import Deal, Discard, Disperse, Play, Reshuffle
from rulespec.canardage.cards import WATER, Card, sort_cards
from rulespec.canardage.view import View
from rulespec.core import derive as d
from rulespec.core.errors import RecordError, UnknownCard
from rulespec.core.jsonio import expect_int, expect_object

__all__ = [
    "CODEC",
    "decode_action",
    "decode_options",
    "decode_state",
    "decode_view",
    "encode_action",
    "encode_options",
    "encode_state",
    "encode_view",
]


def _duck(value: Any, where: str) -> int:
    if value == "water":
        return WATER
    if type(value) is int and 0 <= value <= 5:
        return value
    raise RecordError(where, f'expected a colour 0 to 5 or "water", got {value!r}')


def _card(value: Any, where: str) -> Card:
    if isinstance(value, str) and value in _IDS:
        return Card(value)
    what = f"expected an action card id (such as 'pan'), got {value!r}"
    if isinstance(value, str):
        raise UnknownCard(where, what, value, Card.PAN.value)
    raise RecordError(where, what)


def _deck(value: Any, where: str) -> dict[Card, int]:
    deck = expect_object(value, where, set(), _IDS)
    return {Card(k): expect_int(v, f"{where}.{k}", 0, 1_000) for k, v in deck.items()}


_IDS = frozenset(c.value for c in Card)
_COUNT = d.integer(0, 1_000)
_DUCK_SCHEMA = {"anyOf": [d.integer(0, 5).schema, {"type": "string", "const": "water"}]}
DUCK = d.named("duck", d.Form(lambda c: "water" if c == WATER else c, _duck, _DUCK_SCHEMA))
CARD = d.named("card", d.Form(lambda c: c._value_, _card, d.choice(c.value for c in Card).schema))
DUCKS, CARDS = d.named("ducks", d.many(DUCK, 40)), d.named("cards", d.many(CARD))
LINE = d.named("line", d.many(d.named("stack", d.many(DUCK, 2, least=1)), 6))
SEATS = d.many(d.integer(0, 5), 6)
DECK = d.Form(
    lambda v: {c.value: n for c, n in zip(Card, v, strict=True)},
    _deck,
    {"type": "object", "properties": {c.value: _COUNT.schema for c in Card}}
    | {"additionalProperties": False},
)
FIELDS: dict[str, d.Form] = {
    "player": d.seat(6),
    "card": CARD,
    "spaces": d.many(d.integer(-100, 100), 6),
    "line": LINE,
    "ducks": DUCKS,
    "actions": CARDS,
    "draw_pile": CARDS,
    "deck": DUCKS,
    "action_deck": DECK,
    "pair_order": d.choice(s.PAIR_ORDERS),
    "sheltered_pan": d.choice(s.SHELTERED_PAN),
    "canarchie": d.choice(s.CANARCHIE_ORDERS),
    "palme_neighbour": d.choice(s.PALME_NEIGHBOURS),
    "en_joue": d.choice(s.EN_JOUE_SPACES),
    "planque": d.choice(s.PLANQUE_DUCKS),
    "banzai": d.choice(s.BANZAI_FIRST),
    "players": d.integer(3, 6),
    "turn": d.integer(-1, 5),
    "targets": SEATS,
    "shelters": d.many(d.integer(-1, 5), 6),
    "seen": d.integer(0, 40),
    "played": CARDS,
    "shot": SEATS,
    "winners": SEATS,
    "deck_size": d.integer(0, 10_000),
    "deck_bottom": DUCKS,
    "hand": d.many(CARD, order=sort_cards),
    "hand_sizes": d.many(d.integer(0, 10_000), 6),
    "draw_pile_size": d.integer(0, 10_000),
}


def _state_check(v: dict[str, Any], _: object, where: str) -> None:
    winners = v["winners"]
    if (v["turn"] == -1) != (v["phase"] is s.Phase.DEAL):
        raise RecordError(
            f"{where}.turn", "a player is on turn once the cards are dealt, none (-1) before"
        )
    if list(winners) != sorted(set(winners)):
        raise RecordError(f"{where}.winners", "expected distinct seats, ascending")


OPTIONS = d.named("options", d.options(s.Options, FIELDS))
CODEC = d.codec(
    OPTIONS,
    d.tagged(
        d.record(Play, FIELDS, tag="play", omit=("line",)),
        *(
            d.record(a, FIELDS, tag=a.__name__.lower())
            for a in (Discard, Deal, Reshuffle, Disperse)
        ),
    ),
    d.record(
        s.State,
        {
            **FIELDS,
            "options": OPTIONS,
            "turn": d.given(FIELDS["turn"], lambda v: d.integer(-1, v["players"] - 1)),
            "hands": d.per_player(CARDS, 6),
            "shelters": d.per_player(d.integer(-1, 5), 6),
            "shot": d.per_player(d.integer(0, 5), 6),
            "winners": d.given(
                SEATS, lambda v: d.many(d.integer(0, v["players"] - 1), v["players"])
            ),
        },
        check=_state_check,
    ),
    d.record(View, FIELDS),
)
"""Canardage's codec, and the schema definitions it follows."""

encode_options, decode_options = CODEC.encode_options, CODEC.decode_options
encode_action, decode_action = CODEC.encode_action, CODEC.decode_action
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
encode_view, decode_view = CODEC.encode_view, CODEC.decode_view
