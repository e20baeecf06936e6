"""JSON of Duo's actions, options and states, derived from their classes.

Cards are written by name (``"red-3-circle"``, ``"joker-green"``, ``"joker-2"``,
``"joker-cross"``, ``"turbo"``); piles bottom first; the draw pile next card first;
a hand is read in any order.

>>> encode_action(Play(0, 26, 1))
{'type': 'play', 'player': 0, 'card': 'red-3-triangle', 'pile': 1}
>>> decode_action({"type": "play", "player": 1, "card": "joker-2", "pile": 0})
Play(player=1, card=69, pile=0)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rulespec.core import derive as d
from rulespec.core.errors import RecordError, UnknownCard
from rulespec.duo.actions import Deal, Draw, Play, Stop
from rulespec.duo.cards import BASE_DECK, TURBO, card_name, parse_card
from rulespec.duo.state import MAX_ROUNDS, Options, Phase, State
from rulespec.duo.view import View
from rulespec.plugin.codec import codec_of, per_player, seat


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise RecordError(where, f"expected a card name, got {value!r}")
    try:
        return parse_card(value)
    except ValueError as exc:
        raise UnknownCard(where, str(exc), value, "red-1-circle") from None


def _dealt(form: d.Form, size: int | None) -> d.Form:
    """Hands (one a player) or the two piles once dealt; none before the first deal."""
    rule = lambda v: d.many(  # noqa: E731
        form, size=size or v["players"] if v["phase"] is not Phase.DEAL or v["round"] else 0
    )
    return d.given(d.many(form, size or 6), rule)


def _check(v: dict[str, Any], _: object, where: str) -> None:
    if (first := v["options"].first_player) >= v["players"]:
        raise RecordError(f"{where}.options.first_player", f"no seat {first}")
    if v["turn_pile"] is not None and v["phase"] is not Phase.TURN:
        phase = v["phase"].value
        raise RecordError(f"{where}.turn_pile", f"a turn pile is set in the {phase} phase")


# fmt: off
_NAMES = [card_name(c) for c in (*BASE_DECK, TURBO)]
CARD = d.named("card", d.Form(cache(card_name), _card, {"type": "string", "enum": _NAMES}))
CARDS, HAND = d.named("cards", d.many(CARD, 80)), d.many(CARD, 80, order=sorted)
PILE, COUNT = d.integer(0, 1), d.integer(0, 10_000)
FIELDS = {
    "player": seat(6), "card": CARD, "pile": PILE, "order": CARDS,
    "first_player": d.integer(0, 5), "features": d.integer(1, 4), "hand_size": d.integer(1, 7),
    "max_rounds": d.maybe(d.integer(1, MAX_ROUNDS)), "players": d.integer(2, 6),
    "round": d.integer(0), "starter": seat(6), "turn": seat(6), "turn_pile": d.maybe(PILE),
    "hands": _dealt(HAND, None), "piles": _dealt(CARDS, 2), "draw_pile": CARDS,
    "round_scores": d.many(per_player(d.integer(-10_000, 10_000), 6)), "hand": HAND,
    "pile_tops": CARDS, "hand_sizes": per_player(COUNT, 6, exact=False),
    "pile_sizes": d.many(COUNT, 2), "draw_pile_size": COUNT, "target": COUNT,
}
VIEW = {"round": d.integer(0)}
VIEW["round_scores"] = d.many(per_player(d.integer(-(10**6), 10**6), 6, exact=False))
ACTIONS = (Play, Stop, Draw, Deal)
CODEC = codec_of(Options, ACTIONS, State, View, FIELDS, check=_check, view_fields=VIEW)
"""Duo's codec, and the schema definitions it follows."""
(encode_options, decode_options, encode_action, decode_action, encode_state, decode_state,
 encode_view, decode_view) = CODEC
# fmt: on
