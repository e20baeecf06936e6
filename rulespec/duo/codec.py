"""JSON encoding of Duo actions, options and states, derived from their classes
(:mod:`rulespec.core.derive`).

Cards are written by name (``"red-3-circle"``, ``"joker-green"``, ``"joker-2"``,
``"joker-cross"``, ``"turbo"``); piles bottom first; the draw pile next card first;
a hand is read in any order.

>>> encode_action(Play(0, 26, 1))
{'type': 'play', 'player': 0, 'card': 'red-3-triangle', 'pile': 1}
>>> decode_action({"type": "play", "player": 1, "card": "joker-2", "pile": 0})
Play(player=1, card=69, pile=0)
"""

from __future__ import annotations

from typing import Any

from rulespec.core import derive as d
from rulespec.core.errors import RecordError, UnknownCard
from rulespec.duo.actions import Deal, Draw, Play, Stop
from rulespec.duo.cards import BASE_DECK, TURBO, card_name, parse_card
from rulespec.duo.state import Options, Phase, State
from rulespec.duo.view import View

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


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str):
        raise RecordError(where, f"expected a card name, got {value!r}")
    try:
        return parse_card(value)
    except ValueError as exc:
        raise UnknownCard(where, str(exc), value, "red-1-circle") from None


_NAMES = [card_name(c) for c in (*BASE_DECK, TURBO)]
CARD = d.named("card", d.Form(card_name, _card, {"type": "string", "enum": _NAMES}))
CARDS = d.named("cards", d.many(CARD, 80))
SEAT, PILE, SCORE = d.integer(0, 5), d.integer(0, 1), d.integer(-10_000, 10_000)


def _dealt(v: Any) -> bool:
    return v["phase"] is not Phase.DEAL or v["round"] > 0


def _seat(v: Any) -> d.Form:
    return d.integer(0, v["players"] - 1)


def _scores(limit: int, exact: bool) -> d.Form:
    score = d.integer(-limit, limit)

    def rule(v: Any) -> d.Form:
        n = v["players"]
        return d.many(d.many(score, size=n) if exact else d.many(score, n))

    return d.given(d.many(d.many(score, 6)), rule)


def _state_check(v: dict[str, Any], _: object, where: str) -> None:
    if v["options"].first_player >= v["players"]:
        raise RecordError(f"{where}.options.first_player", f"no seat {v['options'].first_player}")
    if v["turn_pile"] is not None and v["phase"] is not Phase.TURN:
        raise RecordError(
            f"{where}.turn_pile", f"a turn pile is set in the {v['phase'].value} phase"
        )


OPTIONS = d.named(
    "options",
    d.options(
        Options,
        {
            "first_player": SEAT,
            "features": d.integer(1, 4),
            "hand_size": d.integer(1, 7),
            "max_rounds": d.maybe(d.integer(1)),
        },
    ),
)
ACTIONS = d.tagged(
    d.record(Play, {"player": SEAT, "card": CARD, "pile": PILE}, tag="play"),
    d.record(Stop, {"player": SEAT}, tag="stop"),
    d.record(Draw, {"player": SEAT}, tag="draw"),
    d.record(Deal, {"order": CARDS}, tag="deal"),
)
_HANDS = d.many(d.many(CARD, 80, order=sorted), 6)
STATE = d.record(
    State,
    {
        "players": d.integer(2, 6),
        "options": OPTIONS,
        "round": d.integer(0),
        "starter": d.given(SEAT, _seat),
        "turn": d.given(SEAT, _seat),
        "turn_pile": d.maybe(PILE),
        "hands": d.given(
            _HANDS,
            lambda v: d.many(d.many(CARD, 80, order=sorted), size=v["players"] if _dealt(v) else 0),
        ),
        "piles": d.given(d.many(CARDS, 2), lambda v: d.many(CARDS, size=2 if _dealt(v) else 0)),
        "draw_pile": CARDS,
        "round_scores": _scores(10_000, True),
    },
    check=_state_check,
)
_COUNT = d.integer(0, 10_000)
VIEW = d.record(
    View,
    {
        "player": d.given(SEAT, _seat),
        "players": d.integer(2, 6),
        "round": _COUNT,
        "starter": d.given(SEAT, _seat),
        "turn": d.given(SEAT, _seat),
        "turn_pile": d.maybe(PILE),
        "hand": d.many(CARD, 80, order=sorted),
        "hand_sizes": d.given(d.many(_COUNT, 6), lambda v: d.many(_COUNT, v["players"])),
        "pile_tops": CARDS,
        "pile_sizes": d.many(_COUNT, 2),
        "draw_pile_size": _COUNT,
        "round_scores": _scores(1_000_000, False),
        "target": _COUNT,
    },
)
CODEC = d.codec(OPTIONS, ACTIONS, STATE, VIEW)
"""Duo's codec, and the schema definitions it follows."""

encode_options, decode_options = CODEC.encode_options, CODEC.decode_options
encode_action, decode_action = CODEC.encode_action, CODEC.decode_action
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
encode_view, decode_view = CODEC.encode_view, CODEC.decode_view
