"""JSON of Canardage's actions, options and states, derived from their classes.

Duck cards are written as their colour ``0``–``5`` and water as ``"water"``; action
cards by their id (``"pan"``, ``"en-joue"``, …); stacks bottom first.

>>> encode_action(Play(0, Card.TU_LOUCHES, (2, 3)))
{'type': 'play', 'player': 0, 'card': 'tu-louches', 'spaces': [2, 3]}
>>> decode_action({"type": "play", "player": 1, "card": "pan", "spaces": [0]})
Play(player=1, card=<Card.PAN: 'pan'>, spaces=(0,), line=())
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rulespec.canardage import state as s
from rulespec.canardage.actions import Deal, Discard, Disperse, Play, Reshuffle
from rulespec.canardage.cards import WATER, Card, sort_cards
from rulespec.canardage.view import View
from rulespec.core import derive as d
from rulespec.core.errors import RecordError, UnknownCard
from rulespec.core.jsonio import expect_int, expect_object
from rulespec.plugin.codec import codec_of, per_player, seat


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
    known = isinstance(value, str)
    raise UnknownCard(where, what, value, Card.PAN.value) if known else RecordError(where, what)


def _deck(value: Any, where: str) -> dict[Card, int]:
    deck = expect_object(value, where, set(), frozenset(_IDS))
    return {Card(k): expect_int(v, f"{where}.{k}", 0, s.MOST_COPIES) for k, v in deck.items()}


def _check(v: dict[str, Any], _: object, where: str) -> None:
    if (v["turn"] == -1) != (v["phase"] is s.Phase.DEAL):
        said = "a player is on turn once the cards are dealt, none (-1) before"
        raise RecordError(f"{where}.turn", said)
    if list(v["winners"]) != sorted(set(v["winners"])):
        raise RecordError(f"{where}.winners", "expected distinct seats, ascending")


# fmt: off
_IDS = tuple(c.value for c in Card)
DUCK = d.named("duck", d.Form(cache(lambda c: "water" if c == WATER else c), _duck, {"anyOf": [
    d.integer(0, 5).schema, {"type": "string", "const": "water"}]}))
CARD = d.named("card", d.Form(cache(lambda c: c.value), _card, d.choice(_IDS).schema))
DUCKS, CARDS = d.named("ducks", d.many(DUCK, 40)), d.named("cards", d.many(CARD, s.MOST_CARDS))
SEATS, COUNT = d.many(d.integer(0, 5), 6), d.integer(0, s.MOST_CARDS)
DECK = d.Form(lambda v: {c.value: n for c, n in zip(Card, v, strict=True)}, _deck, {
    "type": "object", "properties": {c.value: d.integer(0, s.MOST_COPIES).schema for c in Card},
    "additionalProperties": False})
FIELDS: dict[str, d.Form] = {
    "player": seat(6), "card": CARD, "spaces": d.many(d.integer(-100, 100), 6),
    "line": d.named("line", d.many(d.named("stack", d.many(DUCK, 2, least=1)), 6)),
    "ducks": DUCKS, "actions": CARDS, "draw_pile": CARDS, "deck": DUCKS, "action_deck": DECK,
    "pair_order": d.choice(s.PAIR_ORDERS), "sheltered_pan": d.choice(s.SHELTERED_PAN),
    "canarchie": d.choice(s.CANARCHIE_ORDERS), "palme_neighbour": d.choice(s.PALME_NEIGHBOURS),
    "en_joue": d.choice(s.EN_JOUE_SPACES), "planque": d.choice(s.PLANQUE_DUCKS),
    "banzai": d.choice(s.BANZAI_FIRST), "players": d.integer(3, 6),
    "turn": d.given(d.integer(-1, 5), lambda v: d.integer(-1, v["players"] - 1)),
    "targets": SEATS, "shelters": per_player(d.integer(-1, 5), 6), "seen": d.integer(0, 40),
    "hands": per_player(CARDS, 6), "played": CARDS, "shot": per_player(d.integer(0, 5), 6),
    "winners": per_player(seat(6), 6, exact=False),
    "deck_size": COUNT, "deck_bottom": DUCKS, "hand": d.many(CARD, s.MOST_CARDS, order=sort_cards),
    "hand_sizes": d.many(COUNT, 6), "draw_pile_size": COUNT,
}
VIEW = {"turn": d.integer(-1, 5), "shelters": d.many(d.integer(-1, 5), 6)}
VIEW |= {"shot": SEATS, "winners": SEATS}
ACTIONS = (d.record(Play, FIELDS, tag="play", omit=("line",)), Discard, Deal, Reshuffle, Disperse)
CODEC = codec_of(s.Options, ACTIONS, s.State, View, FIELDS, check=_check, view_fields=VIEW)
"""Canardage's codec, and the schema definitions it follows."""
(encode_options, decode_options, encode_action, decode_action, encode_state, decode_state,
 encode_view, decode_view) = CODEC
# fmt: on
