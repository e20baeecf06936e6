"""JSON encoding of Canardage actions, options and states.

Duck cards are written as their colour ``0``–``5`` and water as ``"water"``;
action cards by their id (``"pan"``, ``"en-joue"``, …); stacks bottom first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rulespec.canardage.actions import Action, Deal, Discard, Disperse, Play, Reshuffle, Stack
from rulespec.canardage.cards import DEFAULT_ACTION_DECK, WATER, Card, sort_cards
from rulespec.canardage.state import (
    BANZAI_FIRST,
    CANARCHIE_ORDERS,
    EN_JOUE_SPACES,
    PAIR_ORDERS,
    PALME_NEIGHBOURS,
    PLANQUE_DUCKS,
    SHELTERED_PAN,
    Options,
    Phase,
    State,
)
from rulespec.canardage.view import View
from rulespec.core.errors import RecordError, UnknownCard
from rulespec.core.jsonio import expect_enum
from rulespec.core.jsonio import expect_int as _int
from rulespec.core.jsonio import expect_list as _list
from rulespec.core.jsonio import expect_object as _object

__all__ = [
    "decode_action",
    "decode_options",
    "decode_state",
    "decode_view",
    "encode_action",
    "encode_options",
    "encode_state",
    "encode_view",
]


def _duck_out(card: int) -> int | str:
    return "water" if card == WATER else card


# The encoders read a card's ``_value_`` rather than its ``value`` (a property, many
# times slower on Python 3.11) and write stacks in place: the conformance kit and its
# reference engine encode a state and every legal action (each order of the line, for
# Canarchie) at every step.


def _duck_in(value: Any, where: str) -> int:
    if value == "water":
        return WATER
    if type(value) is int and 0 <= value <= 5:
        return value
    raise RecordError(where, f'expected a colour 0 to 5 or "water", got {value!r}')


def _card_in(value: Any, where: str) -> Card:
    if isinstance(value, str):
        try:
            return Card(value)
        except ValueError:
            pass
    what = f"expected an action card id (such as 'pan'), got {value!r}"
    if isinstance(value, str):
        raise UnknownCard(where, what, value, Card.PAN.value)
    raise RecordError(where, what)


def _stack_in(value: Any, where: str) -> Stack:
    cards = _list(value, where, 2)
    if not cards:
        raise RecordError(where, "a space holds one or two cards")
    return tuple(_duck_in(c, f"{where}[{i}]") for i, c in enumerate(cards))


def _line_in(value: Any, where: str) -> tuple[Stack, ...]:
    return tuple(_stack_in(s, f"{where}[{i}]") for i, s in enumerate(_list(value, where, 6)))


def _ducks_in(value: Any, where: str) -> tuple[int, ...]:
    return tuple(_duck_in(c, f"{where}[{i}]") for i, c in enumerate(_list(value, where, 40)))


def _cards_in(value: Any, where: str) -> tuple[Card, ...]:
    return tuple(_card_in(c, f"{where}[{i}]") for i, c in enumerate(_list(value, where, 10_000)))


def encode_action(action: Action) -> dict[str, Any]:
    """An action as JSON data.

    >>> encode_action(Play(0, Card.TU_LOUCHES, (2, 3)))
    {'type': 'play', 'player': 0, 'card': 'tu-louches', 'spaces': [2, 3]}
    """
    if isinstance(action, Play):
        data: dict[str, Any] = {
            "type": "play",
            "player": action.player,
            "card": action.card._value_,
            "spaces": list(action.spaces),
        }
        if action.card is Card.CANARCHIE:
            data["line"] = [["water" if c == WATER else c for c in s] for s in action.line]
        return data
    if isinstance(action, Discard):
        return {"type": "discard", "player": action.player, "card": action.card._value_}
    if isinstance(action, Deal):
        return {
            "type": "deal",
            "ducks": [_duck_out(c) for c in action.ducks],
            "actions": [c._value_ for c in action.actions],
        }
    if isinstance(action, Reshuffle):
        return {"type": "reshuffle", "draw_pile": [c._value_ for c in action.draw_pile]}
    return {"type": "disperse", "deck": [_duck_out(c) for c in action.deck]}


def decode_action(data: Any, where: str = "action") -> Action:
    """An action from JSON data; :class:`RecordError` says where it is malformed.

    >>> decode_action({"type": "play", "player": 1, "card": "pan", "spaces": [0]})
    Play(player=1, card=<Card.PAN: 'pan'>, spaces=(0,), line=())
    """
    keys = frozenset({"player", "card", "spaces", "line", "ducks", "actions", "draw_pile", "deck"})
    kind = _object(data, where, {"type"}, keys)["type"]
    if kind == "play":
        _object(data, where, {"type", "player", "card", "spaces"}, frozenset({"line"}))
        card = _card_in(data["card"], f"{where}.card")
        spaces = tuple(
            _int(s, f"{where}.spaces[{i}]", -100, 100)
            for i, s in enumerate(_list(data["spaces"], f"{where}.spaces", 6))
        )
        line = _line_in(data["line"], f"{where}.line") if "line" in data else ()
        return Play(_int(data["player"], f"{where}.player", 0, 5), card, spaces, line)
    if kind == "discard":
        _object(data, where, {"type", "player", "card"})
        return Discard(
            _int(data["player"], f"{where}.player", 0, 5), _card_in(data["card"], f"{where}.card")
        )
    if kind == "deal":
        _object(data, where, {"type", "ducks", "actions"})
        return Deal(
            _ducks_in(data["ducks"], f"{where}.ducks"),
            _cards_in(data["actions"], f"{where}.actions"),
        )
    if kind == "reshuffle":
        _object(data, where, {"type", "draw_pile"})
        return Reshuffle(_cards_in(data["draw_pile"], f"{where}.draw_pile"))
    if kind == "disperse":
        _object(data, where, {"type", "deck"})
        return Disperse(_ducks_in(data["deck"], f"{where}.deck"))
    raise RecordError(
        f"{where}.type",
        f"unknown action type {kind!r} (play, discard, deal, reshuffle, disperse)",
    )


_READINGS: dict[str, tuple[object, ...]] = {
    "pair_order": PAIR_ORDERS,
    "sheltered_pan": SHELTERED_PAN,
    "canarchie": CANARCHIE_ORDERS,
    "winner_draws": (False, True),
    "palme_neighbour": PALME_NEIGHBOURS,
    "en_joue": EN_JOUE_SPACES,
    "planque": PLANQUE_DUCKS,
    "banzai": BANZAI_FIRST,
}
"""Each reading option and its values, the default first."""


def encode_options(options: Options) -> dict[str, Any]:
    """Options as JSON data: only what differs from the published game (an option at
    its default is left out).

    >>> encode_options(Options(pair_order="cover-first"))
    {'pair_order': 'cover-first'}
    """
    found: dict[str, Any] = {}
    if options.action_deck != DEFAULT_ACTION_DECK:
        found["action_deck"] = {c.value: n for c, n in zip(Card, options.action_deck, strict=True)}
    for name, values in _READINGS.items():
        value = getattr(options, name)
        if value != values[0]:
            found[name] = value
    return found


def decode_options(data: Mapping[str, Any]) -> Options:
    """Options from JSON data (``action_deck`` maps card ids to counts, missing ids
    counting 0; each reading option takes one of its values, left out its default).

    >>> decode_options({"winner_draws": True}).winner_draws
    True
    """
    _object(data, "options", set(), frozenset({"action_deck", *_READINGS}))
    given: dict[str, Any] = {}
    for name, values in _READINGS.items():
        if name not in data:
            continue
        value = data[name]
        if type(value) is not type(values[0]) or value not in values:
            raise RecordError(f"options.{name}", f"expected one of {', '.join(map(_json, values))}")
        given[name] = value
    if "action_deck" in data:
        deck = _object(
            data["action_deck"], "options.action_deck", set(), frozenset(c.value for c in Card)
        )
        given["action_deck"] = {
            Card(k): _int(v, f"options.action_deck.{k}", 0, 1_000) for k, v in deck.items()
        }
    return Options(**given)


def _json(value: object) -> str:
    return json.dumps(value)


_STATE_KEYS = {
    "players",
    "options",
    "phase",
    "turn",
    "line",
    "targets",
    "shelters",
    "deck",
    "seen",
    "hands",
    "draw_pile",
    "played",
    "shot",
    "winners",
}


def encode_state(state: State) -> dict[str, Any]:
    """A complete state as JSON data (hidden parts included)."""
    return {
        "players": state.players,
        "options": encode_options(state.options),
        "phase": state.phase.value,
        "turn": state.turn,
        "line": [["water" if c == WATER else c for c in s] for s in state.line],
        "targets": list(state.targets),
        "shelters": list(state.shelters),
        "deck": ["water" if c == WATER else c for c in state.deck],
        "seen": state.seen,
        "hands": [[c._value_ for c in hand] for hand in state.hands],
        "draw_pile": [c._value_ for c in state.draw_pile],
        "played": [c._value_ for c in state.played],
        "shot": list(state.shot),
        "winners": list(state.winners),
    }


def decode_state(data: Any) -> State:
    """A state from :func:`encode_state`'s data.

    Every shape is checked, and :class:`RecordError` says where one is wrong:
    one hand, shelter and count of shot ducks per player, a player on turn
    once the cards are dealt (``-1`` before), winners among the seats.
    Whether the state is reachable is :func:`rulespec.canardage.position`'s
    job (and the invariants').
    """
    d = _object(data, "state", _STATE_KEYS)
    players = _int(d["players"], "state.players", 3, 6)
    phase = expect_enum(Phase, d["phase"], "state.phase", "phase")
    if not isinstance(d["options"], dict):
        raise RecordError("state.options", "expected a JSON object")

    def per_player(key: str) -> list[Any]:
        items = _list(d[key], f"state.{key}")
        if len(items) != players:
            raise RecordError(f"state.{key}", f"expected one entry per player ({players})")
        return items

    def ints(key: str, low: int, high: int, items: list[Any]) -> tuple[int, ...]:
        return tuple(_int(v, f"state.{key}[{i}]", low, high) for i, v in enumerate(items))

    turn = _int(d["turn"], "state.turn", -1, players - 1)
    if (turn == -1) != (phase is Phase.DEAL):
        raise RecordError(
            "state.turn", "a player is on turn once the cards are dealt, none (-1) before"
        )
    winners = ints("winners", 0, players - 1, _list(d["winners"], "state.winners", players))
    if list(winners) != sorted(set(winners)):
        raise RecordError("state.winners", "expected distinct seats, ascending")
    hands = tuple(_cards_in(h, f"state.hands[{p}]") for p, h in enumerate(per_player("hands")))
    return State(
        players=players,
        options=decode_options(d["options"]),
        phase=phase,
        turn=turn,
        line=_line_in(d["line"], "state.line"),
        targets=ints("targets", 0, 5, _list(d["targets"], "state.targets", 6)),
        shelters=ints("shelters", -1, 5, per_player("shelters")),
        deck=_ducks_in(d["deck"], "state.deck"),
        seen=_int(d["seen"], "state.seen", 0, 40),
        hands=hands,
        draw_pile=_cards_in(d["draw_pile"], "state.draw_pile"),
        played=_cards_in(d["played"], "state.played"),
        shot=ints("shot", 0, 5, per_player("shot")),
        winners=winners,
    )


def encode_view(view: View) -> dict[str, Any]:
    """A player's view as JSON data: the keys are :class:`View`'s fields.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> data = encode_view(can.view(can.start(3, seed=2), 1))
    >>> data["player"], data["phase"], data["deck_size"], len(data["hand"])
    (1, 'play', 14, 3)
    """
    return {
        "player": view.player,
        "players": view.players,
        "phase": view.phase.value,
        "turn": view.turn,
        "line": [["water" if c == WATER else c for c in s] for s in view.line],
        "targets": list(view.targets),
        "shelters": list(view.shelters),
        "deck_size": view.deck_size,
        "deck_bottom": [_duck_out(c) for c in view.deck_bottom],
        "hand": [c._value_ for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "draw_pile_size": view.draw_pile_size,
        "played": [c._value_ for c in view.played],
        "shot": list(view.shot),
        "winners": list(view.winners),
    }


_VIEW_KEYS = {
    "player",
    "players",
    "phase",
    "turn",
    "line",
    "targets",
    "shelters",
    "deck_size",
    "deck_bottom",
    "hand",
    "hand_sizes",
    "draw_pile_size",
    "played",
    "shot",
    "winners",
}


def decode_view(data: Any, where: str = "view") -> View:
    """A view from :func:`encode_view`'s data; the hand may come in any order.

    >>> decode_view({"player": 0}, "answer")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: answer: missing key 'deck_bottom'
    """
    d = _object(data, where, _VIEW_KEYS)
    players = _int(d["players"], f"{where}.players", 3, 6)
    phase = expect_enum(Phase, d["phase"], f"{where}.phase", "phase")

    def ints(key: str, low: int, high: int) -> tuple[int, ...]:
        return tuple(
            _int(v, f"{where}.{key}[{i}]", low, high)
            for i, v in enumerate(_list(d[key], f"{where}.{key}", 6))
        )

    return View(
        player=_int(d["player"], f"{where}.player", 0, players - 1),
        players=players,
        phase=phase,
        turn=_int(d["turn"], f"{where}.turn", -1, 5),
        line=_line_in(d["line"], f"{where}.line"),
        targets=ints("targets", 0, 5),
        shelters=ints("shelters", -1, 5),
        deck_size=_int(d["deck_size"], f"{where}.deck_size", 0, 10_000),
        deck_bottom=_ducks_in(d["deck_bottom"], f"{where}.deck_bottom"),
        hand=sort_cards(_cards_in(d["hand"], f"{where}.hand")),
        hand_sizes=ints("hand_sizes", 0, 10_000),
        draw_pile_size=_int(d["draw_pile_size"], f"{where}.draw_pile_size", 0, 10_000),
        played=_cards_in(d["played"], f"{where}.played"),
        shot=ints("shot", 0, 5),
        winners=ints("winners", 0, 5),
    )
