"""JSON encoding of Duck & Cover actions, options and states.

Draw cards are written ``1``–``12``, ``"max"`` and ``"repeat"``; positions as
``[column, row]``; stacks bottom first. A duck a grid received from another
family (*Low blows*) is written as in Python: ``(seat + 1) * 100 + number``
(see :func:`~rulespec.duck_cover.cards.number_of`).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import Any

from rulespec.core.errors import RecordError, UnknownCard
from rulespec.core.jsonio import expect_bool as _bool
from rulespec.core.jsonio import expect_enum
from rulespec.core.jsonio import expect_int as _int
from rulespec.core.jsonio import expect_list as _list
from rulespec.core.jsonio import expect_object as _object
from rulespec.duck_cover.actions import (
    Action,
    Cover,
    Deal,
    Duck,
    Give,
    Place,
    PlayerAction,
    Quack,
    Reshuffle,
)
from rulespec.duck_cover.cards import MAX, REPEAT, SPLASHES, DrawCard
from rulespec.duck_cover.grid import Grid, Position
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.view import GridView, StackView, View

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

_NAMES = {MAX: "max", REPEAT: "repeat"}
_CARDS = {"max": MAX, "repeat": REPEAT}


def _card_out(card: DrawCard | None) -> int | str | None:
    if card is None:
        return None
    return _NAMES.get(card, card)


def _card_in(value: Any, where: str) -> DrawCard:
    if type(value) is int and 1 <= value <= 12:
        return value
    if isinstance(value, str) and value in _CARDS:
        return _CARDS[value]
    what = f'expected a draw card (1 to 12, "max" or "repeat"), got {value!r}'
    if isinstance(value, str) or type(value) is int:
        raise UnknownCard(where, what, value, 1)
    raise RecordError(where, what)


def _duck(value: Any, where: str, holder: int, foreign: bool, players: int = 7) -> int:
    """A duck card in ``holder``'s grid: 1–12, or under *Low blows* another family's
    (of one of ``players`` seats)."""
    if type(value) is int:
        if 1 <= value <= 12:
            return value
        family, number = divmod(value, 100)
        if foreign and 1 <= family <= players and family != holder + 1 and 1 <= number <= 12:
            return value
    kinds = (
        "1 to 12, or (seat + 1) * 100 + number for another seat's duck" if foreign else "1 to 12"
    )
    raise RecordError(where, f"expected a duck card ({kinds}), got {value!r}")


def _position(value: Any, where: str) -> Position:
    items = _list(value, where)
    if len(items) != 2:
        raise RecordError(where, "expected a position [column, row]")
    return (
        _int(items[0], f"{where}[0]", -10_000, 10_000),
        _int(items[1], f"{where}[1]", -10_000, 10_000),
    )


def encode_action(action: Action) -> dict[str, Any]:
    """An action as JSON data.

    >>> encode_action(Cover(0, (1, 2)))
    {'type': 'cover', 'player': 0, 'to': [1, 2]}
    >>> encode_action(Duck(0, (1, 2), origin=(0, 0)))
    {'type': 'duck', 'player': 0, 'to': [1, 2], 'origin': [0, 0]}
    >>> encode_action(Give(2, (3, 1)))
    {'type': 'give', 'player': 2, 'at': [3, 1]}
    """
    if isinstance(action, Cover | Duck):
        kind = "cover" if isinstance(action, Cover) else "duck"
        data: dict[str, Any] = {"type": kind, "player": action.player, "to": list(action.to)}
        if action.origin is not None:
            data["origin"] = list(action.origin)
        return data
    if isinstance(action, Quack):
        return {"type": "quack", "player": action.player}
    if isinstance(action, Give):
        return {"type": "give", "player": action.player, "at": list(action.at)}
    if isinstance(action, Place):
        return {"type": "place", "player": action.player, "to": list(action.to)}
    if isinstance(action, Deal):
        return {
            "type": "deal",
            "grids": [list(order) for order in action.grids],
            "draw_pile": [_card_out(c) for c in action.draw_pile],
        }
    assert isinstance(action, Reshuffle)
    return {"type": "reshuffle", "draw_pile": [_card_out(c) for c in action.draw_pile]}


def decode_action(data: Any, where: str = "action") -> Action:
    """An action from JSON data; :class:`RecordError` says where it is malformed.

    >>> decode_action({"type": "duck", "player": 1, "to": [-1, 0]})
    Duck(player=1, to=(-1, 0))
    """
    kind = _object(
        data, where, {"type"}, frozenset({"player", "to", "origin", "at", "grids", "draw_pile"})
    ).get("type")
    if kind in ("cover", "duck"):
        _object(data, where, {"type", "player", "to"}, frozenset({"origin"}))
        player = _int(data["player"], f"{where}.player", 0, 6)
        to = _position(data["to"], f"{where}.to")
        origin = _position(data["origin"], f"{where}.origin") if "origin" in data else None
        return Cover(player, to, origin) if kind == "cover" else Duck(player, to, origin)
    if kind == "quack":
        _object(data, where, {"type", "player"})
        return Quack(_int(data["player"], f"{where}.player", 0, 6))
    if kind == "give":
        _object(data, where, {"type", "player", "at"})
        return Give(
            _int(data["player"], f"{where}.player", 0, 6), _position(data["at"], f"{where}.at")
        )
    if kind == "place":
        _object(data, where, {"type", "player", "to"})
        return Place(
            _int(data["player"], f"{where}.player", 0, 6), _position(data["to"], f"{where}.to")
        )
    if kind == "deal":
        _object(data, where, {"type", "grids", "draw_pile"})
        grids = tuple(
            tuple(
                _int(c, f"{where}.grids[{p}][{i}]", 1, 12)
                for i, c in enumerate(_list(g, f"{where}.grids[{p}]", 12))
            )
            for p, g in enumerate(_list(data["grids"], f"{where}.grids", 7))
        )
        pile = _list(data["draw_pile"], f"{where}.draw_pile", 26)
        return Deal(
            grids, tuple(_card_in(c, f"{where}.draw_pile[{i}]") for i, c in enumerate(pile))
        )
    if kind == "reshuffle":
        _object(data, where, {"type", "draw_pile"})
        pile = _list(data["draw_pile"], f"{where}.draw_pile", 26)
        return Reshuffle(tuple(_card_in(c, f"{where}.draw_pile[{i}]") for i, c in enumerate(pile)))
    raise RecordError(
        f"{where}.type",
        f"unknown action type {kind!r} (cover, duck, quack, give, place, deal, reshuffle)",
    )


VARIANTS: tuple[str, ...] = ("competition", "constraints", "pressure", "surprises", "low_blows")
"""The publisher's variants, as option names (each ``true`` or ``false``, default ``false``)."""


def encode_options(options: Options) -> dict[str, Any]:
    """Options as JSON data: only what differs from the published game.

    >>> encode_options(Options()), encode_options(Options(pressure=True, low_blows=True))
    ({}, {'pressure': True, 'low_blows': True})
    """
    data: dict[str, Any] = {}
    if options.splashes != SPLASHES:
        data["splashes"] = list(options.splashes)
    for name in VARIANTS:
        if getattr(options, name):
            data[name] = True
    if options.deck:
        data["deck"] = [_card_out(c) for c in options.deck]
    return data


def decode_options(data: Mapping[str, Any], where: str = "options") -> Options:
    """Options from JSON data; errors are located under ``where``.

    >>> decode_options({"competition": True, "surprises": True}).surprises
    True
    """
    _object(data, where, set(), frozenset({"splashes", "deck", *VARIANTS}))
    chosen: dict[str, Any] = {}
    if "splashes" in data:
        values = _list(data["splashes"], f"{where}.splashes", 12)
        if len(values) != 12:
            raise RecordError(f"{where}.splashes", "expected twelve values, for cards 1 to 12")
        chosen["splashes"] = tuple(
            _int(v, f"{where}.splashes[{i}]", -100, 100) for i, v in enumerate(values)
        )
    for name in VARIANTS:
        if name in data:
            chosen[name] = _bool(data[name], f"{where}.{name}")
    if "deck" in data:
        cards = enumerate(_list(data["deck"], f"{where}.deck", 26))
        chosen["deck"] = tuple(_card_in(c, f"{where}.deck[{i}]") for i, c in cards)
    try:
        return Options(**chosen)
    except ValueError as exc:
        raise RecordError(where, str(exc)) from None


def encode_state(state: State) -> dict[str, Any]:
    """A complete state as JSON data (hidden parts included)."""
    data: dict[str, Any] = {
        "players": state.players,
        "options": encode_options(state.options),
        "phase": state.phase.value,
        "round": state.round,
        "grids": [[[list(p), list(s)] for p, s in g.cells] for g in state.grids],
        "draw_pile": [_card_out(c) for c in state.draw_pile],
        "captain_pile": [_card_out(c) for c in state.captain_pile],
        "discard_zone": [_card_out(c) for c in state.discard_zone],
        "card": _card_out(state.card),
        "previous": _card_out(state.previous),
        "previous_discarded": state.previous_discarded,
        "submitted": [None if a is None else encode_action(a) for a in state.submitted],
        "round_scores": [list(s) for s in state.round_scores],
    }
    if state.options.surprises:
        data["set_aside"] = [_card_out(c) for c in state.set_aside]
    if state.options.low_blows:
        data["gifts"] = list(state.gifts)
    return data


def _call(card: DrawCard | None) -> DrawCard | None:
    if card == REPEAT:
        raise RecordError("state.previous", 'Repeat is never a call: expected 1 to 12 or "max"')
    return card


def _sized(value: Any, where: str, size: int) -> list[Any]:
    """``value`` if it is a list of exactly ``size`` items; else :class:`RecordError`."""
    items = _list(value, where)
    if len(items) != size:
        raise RecordError(where, f"expected {size} items, got {len(items)}")
    return items


def decode_state(data: Any) -> State:
    """A state from :func:`encode_state`'s data.

    Every shape is checked, and :class:`RecordError` says where one is wrong:
    one grid per player once a round is dealt (none before the first deal),
    during a turn one entry per player in ``submitted`` (each ``null`` or the
    player's own action; none outside a turn), in each round's scores and in ``gifts`` (when not
    empty), a card in play exactly during a turn, ducks of the families in
    play. Whether the state is reachable is
    :func:`rulespec.duck_cover.position`'s job (and the invariants').
    """
    keys = {
        "players",
        "options",
        "phase",
        "round",
        "grids",
        "draw_pile",
        "captain_pile",
        "discard_zone",
        "card",
        "previous",
        "previous_discarded",
        "submitted",
        "round_scores",
    }
    d = _object(data, "state", keys, frozenset({"set_aside", "gifts"}))
    players = _int(d["players"], "state.players", 2, 7)
    if not isinstance(d["options"], dict):
        raise RecordError("state.options", "expected a JSON object")
    options = decode_options(d["options"], "state.options")
    for key, option in (("set_aside", "surprises"), ("gifts", "low_blows")):
        if key in d and not getattr(options, option):
            raise RecordError(f"state.{key}", f"only a state with the {option} option has one")
    phase = expect_enum(Phase, d["phase"], "state.phase", "phase")
    round_ = _int(d["round"], "state.round", 0, 2)
    dealt = phase is not Phase.DEAL or round_ > 0
    grids = []
    for p, g in enumerate(_sized(d["grids"], "state.grids", players if dealt else 0)):
        cells = []
        for i, cell in enumerate(_list(g, f"state.grids[{p}]", 84)):
            where = f"state.grids[{p}][{i}]"
            pair = _list(cell, where, 2)
            if len(pair) != 2:
                raise RecordError(where, "expected [position, stack]")
            stack = tuple(
                _duck(c, f"{where}[1][{k}]", p, options.low_blows, players)
                for k, c in enumerate(_list(pair[1], f"{where}[1]", 84))
            )
            if not stack:
                raise RecordError(f"{where}[1]", "a stack is never empty")
            cells.append((_position(pair[0], f"{where}[0]"), stack))
        grids.append(Grid(tuple(sorted(cells))))

    def cards(key: str) -> tuple[DrawCard, ...]:
        return tuple(
            _card_in(c, f"state.{key}[{i}]")
            for i, c in enumerate(_list(d[key], f"state.{key}", 26))
        )

    def optional_card(key: str) -> DrawCard | None:
        return None if d[key] is None else _card_in(d[key], f"state.{key}")

    card = optional_card("card")
    if (card is None) == (phase is Phase.TURN):
        raise RecordError("state.card", "a card is in play during a turn, and only then")
    submitted: list[PlayerAction | None] = []
    acting = players if phase is Phase.TURN else 0
    for i, a in enumerate(_sized(d["submitted"], "state.submitted", acting)):
        where = f"state.submitted[{i}]"
        act = None if a is None else decode_action(a, where)
        if act is not None:
            if not isinstance(act, Cover | Duck | Quack | Give | Place):
                raise RecordError(where, "expected a player's action")
            if act.player != i:
                raise RecordError(f"{where}.player", f"expected player {i}'s own action")
        submitted.append(act)
    if not isinstance(d["previous_discarded"], bool):
        raise RecordError("state.previous_discarded", "expected true or false")
    gift_list = _list(d.get("gifts", []), "state.gifts", players)
    if gift_list and (len(gift_list) != players or phase is not Phase.TURN):
        raise RecordError("state.gifts", "expected none, or one duck per player during a turn")
    gifts = tuple(_duck(c, f"state.gifts[{p}]", p, True, players) for p, c in enumerate(gift_list))
    return State(
        players=players,
        options=options,
        phase=phase,
        round=round_,
        grids=tuple(grids),
        draw_pile=cards("draw_pile"),
        captain_pile=cards("captain_pile"),
        discard_zone=cards("discard_zone"),
        card=card,
        previous=_call(optional_card("previous")),
        previous_discarded=d["previous_discarded"],
        submitted=tuple(submitted),
        round_scores=tuple(
            tuple(
                _int(v, f"state.round_scores[{r}][{p}]", -10_000, 10_000)
                for p, v in enumerate(_sized(s, f"state.round_scores[{r}]", players))
            )
            for r, s in enumerate(_list(d["round_scores"], "state.round_scores", 3))
        ),
        set_aside=tuple(
            _card_in(c, f"state.set_aside[{i}]")
            for i, c in enumerate(_list(d.get("set_aside", []), "state.set_aside", 2))
        ),
        gifts=gifts,
    )


def encode_view(view: View) -> dict[str, Any]:
    """A player's view as JSON data: the keys are :class:`View`'s fields.

    A grid is a list of its stacks, each ``{"position": [column, row], "top": duck,
    "covered": count}``.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> data = encode_view(dc.view(dc.start(2, seed=2), 0))
    >>> data["grids"][0][0], data["acted"], data["own_action"]
    ({'position': [0, 0], 'top': 1, 'covered': 0}, [False, False], None)
    """
    return {
        "player": view.player,
        "players": view.players,
        "phase": view.phase.value,
        "round": view.round,
        "grids": [
            [{"position": list(s.position), "top": s.top, "covered": s.covered} for s in g.stacks]
            for g in view.grids
        ],
        "card": _card_out(view.card),
        "call": _card_out(view.call),
        "previous": _card_out(view.previous),
        "previous_discarded": view.previous_discarded,
        "draw_pile_size": view.draw_pile_size,
        "captain_pile_top": _card_out(view.captain_pile_top),
        "captain_pile_size": view.captain_pile_size,
        "discard_zone": [_card_out(c) for c in view.discard_zone],
        "discards_left": view.discards_left,
        "set_aside_size": view.set_aside_size,
        "gifts": list(view.gifts),
        "acted": list(view.acted),
        "own_action": None if view.own_action is None else encode_action(view.own_action),
        "round_scores": [list(s) for s in view.round_scores],
    }


_VIEW_KEYS = {
    "player",
    "players",
    "phase",
    "round",
    "grids",
    "card",
    "call",
    "previous",
    "previous_discarded",
    "draw_pile_size",
    "captain_pile_top",
    "captain_pile_size",
    "discard_zone",
    "discards_left",
    "set_aside_size",
    "gifts",
    "acted",
    "own_action",
    "round_scores",
}


def _grid_view(value: Any, where: str, holder: int) -> GridView:
    stacks = []
    for i, item in enumerate(_list(value, where, 84)):
        at = f"{where}[{i}]"
        d = _object(item, at, {"position", "top", "covered"})
        stacks.append(
            StackView(
                _position(d["position"], f"{at}.position"),
                _duck(d["top"], f"{at}.top", holder, True),
                _int(d["covered"], f"{at}.covered", 0, 83),
            )
        )
    stacks.sort(key=lambda s: s.position)
    for a, b in pairwise(stacks):
        if a.position == b.position:
            raise RecordError(where, f"two stacks at {list(a.position)}")
    return GridView(tuple(stacks))


def decode_view(data: Any, where: str = "view") -> View:
    """A view from :func:`encode_view`'s data; a grid's stacks may come in any order.

    >>> decode_view({"player": 0, "players": 2, "phase": "turn"}, "answer")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: answer: missing key 'acted'
    """
    d = _object(data, where, _VIEW_KEYS)
    players = _int(d["players"], f"{where}.players", 2, 7)
    phase = expect_enum(Phase, d["phase"], f"{where}.phase", "phase")

    def card(key: str) -> DrawCard | None:
        return None if d[key] is None else _card_in(d[key], f"{where}.{key}")

    def call(key: str) -> DrawCard | None:
        value = card(key)
        if value == REPEAT:
            raise RecordError(f"{where}.{key}", 'Repeat is never a call: expected 1 to 12 or "max"')
        return value

    def count(key: str) -> int:
        return _int(d[key], f"{where}.{key}", 0, 10_000)

    own = d["own_action"]
    own_action = None if own is None else decode_action(own, f"{where}.own_action")
    if own_action is not None and not isinstance(own_action, Cover | Duck | Quack | Give | Place):
        raise RecordError(f"{where}.own_action", "expected a player's action")
    return View(
        player=_int(d["player"], f"{where}.player", 0, players - 1),
        players=players,
        phase=phase,
        round=_int(d["round"], f"{where}.round", 0, 2),
        grids=tuple(
            _grid_view(g, f"{where}.grids[{p}]", p)
            for p, g in enumerate(_list(d["grids"], f"{where}.grids", 7))
        ),
        card=card("card"),
        call=call("call"),
        previous=call("previous"),
        previous_discarded=_bool(d["previous_discarded"], f"{where}.previous_discarded"),
        draw_pile_size=count("draw_pile_size"),
        captain_pile_top=card("captain_pile_top"),
        captain_pile_size=count("captain_pile_size"),
        discard_zone=tuple(
            _card_in(c, f"{where}.discard_zone[{i}]")
            for i, c in enumerate(_list(d["discard_zone"], f"{where}.discard_zone", 26))
        ),
        discards_left=_int(d["discards_left"], f"{where}.discards_left", -26, 26),
        set_aside_size=count("set_aside_size"),
        gifts=tuple(
            _duck(c, f"{where}.gifts[{p}]", p, True)
            for p, c in enumerate(_list(d["gifts"], f"{where}.gifts", 7))
        ),
        acted=tuple(
            _bool(a, f"{where}.acted[{p}]")
            for p, a in enumerate(_list(d["acted"], f"{where}.acted", 7))
        ),
        own_action=own_action,
        round_scores=tuple(
            tuple(
                _int(v, f"{where}.round_scores[{r}][{p}]", -1_000_000, 1_000_000)
                for p, v in enumerate(_list(s, f"{where}.round_scores[{r}]", 7))
            )
            for r, s in enumerate(_list(d["round_scores"], f"{where}.round_scores", 3))
        ),
    )
