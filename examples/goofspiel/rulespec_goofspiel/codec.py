"""Goofspiel's states, views, actions and options as JSON data.

The module has the eight functions of :class:`rulespec.core.codec.Codec`, so the
game names the module itself as its codec. Cards are numbers; a hand is written
ascending (a decoder takes it in any order); the prize deck next card first.

>>> encode_action(Bid(player=1, card=7))
{'type': 'bid', 'player': 1, 'card': 7}
>>> decode_action({"type": "shuffle", "order": [2, 1, 3]})
Shuffle(order=(2, 1, 3))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import RecordError
from rulespec.core.jsonio import expect_enum, expect_int, expect_list, expect_object
from rulespec_goofspiel.actions import Action, Bid, Shuffle
from rulespec_goofspiel.rules import MAX_PLAYERS, MIN_PLAYERS
from rulespec_goofspiel.state import MAX_CARDS, TIE_READINGS, Options, Phase, State, View

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

_DEFAULTS = Options()


def _cards(value: Any, where: str) -> tuple[int, ...]:
    items = expect_list(value, where, MAX_CARDS)
    return tuple(expect_int(c, f"{where}[{i}]", 1, MAX_CARDS) for i, c in enumerate(items))


def _per_player(value: Any, where: str, players: int) -> list[Any]:
    items = expect_list(value, where, MAX_PLAYERS)
    if len(items) != players:
        raise RecordError(where, f"expected {players} items, one per player, got {len(items)}")
    return items


def _seat(value: Any, where: str) -> int:
    return expect_int(value, where, 0, MAX_PLAYERS - 1)


def encode_action(action: Action) -> dict[str, Any]:
    """An action as JSON data."""
    if type(action) is Bid:
        return {"type": "bid", "player": action.player, "card": action.card}
    assert type(action) is Shuffle
    return {"type": "shuffle", "order": list(action.order)}


def decode_action(data: Any, where: str = "action") -> Action:
    """An action from JSON data; :class:`RecordError` says where it is malformed."""
    kind = expect_object(data, where, {"type"}, frozenset({"player", "card", "order"}))["type"]
    if kind == "bid":
        expect_object(data, where, {"type", "player", "card"})
        card = expect_int(data["card"], f"{where}.card", 1, MAX_CARDS)
        return Bid(_seat(data["player"], f"{where}.player"), card)
    if kind == "shuffle":
        expect_object(data, where, {"type", "order"})
        return Shuffle(_cards(data["order"], f"{where}.order"))
    raise RecordError(f"{where}.type", f"unknown action type {kind!r} (bid, shuffle)")


def encode_options(options: Options) -> dict[str, Any]:
    """Options as JSON data: only what differs from the defaults.

    >>> encode_options(Options(cards=5))
    {'cards': 5}
    """
    data: dict[str, Any] = {}
    if options.cards != _DEFAULTS.cards:
        data["cards"] = options.cards
    if options.ties != _DEFAULTS.ties:
        data["ties"] = options.ties
    return data


def decode_options(data: Mapping[str, Any]) -> Options:
    """Options from JSON data."""
    expect_object(data, "options", set(), frozenset({"cards", "ties"}))
    ties = data.get("ties", _DEFAULTS.ties)
    if ties not in TIE_READINGS:
        raise RecordError("options.ties", f"expected one of {', '.join(TIE_READINGS)}")
    cards = expect_int(data.get("cards", _DEFAULTS.cards), "options.cards", 1, MAX_CARDS)
    return Options(cards=cards, ties=ties)


def encode_state(state: State) -> dict[str, Any]:
    """A whole state as JSON data, hidden parts included."""
    return {
        "players": state.players,
        "options": encode_options(state.options),
        "phase": state.phase.value,
        "prize": state.prize,
        "pot": list(state.pot),
        "prizes": list(state.prizes),
        "hands": [list(h) for h in state.hands],
        "bids": list(state.bids),
        "won": [list(w) for w in state.won],
        "discarded": list(state.discarded),
        "last": list(state.last),
    }


_STATE_KEYS = {
    "players",
    "options",
    "phase",
    "prize",
    "pot",
    "prizes",
    "hands",
    "bids",
    "won",
    "discarded",
    "last",
}


def decode_state(data: Any) -> State:
    """A state from :func:`encode_state`'s data. Every shape is checked (one hand, bid
    and pile of won cards per player; cards from 1 to 13); whether the state can be
    reached is the invariants' job."""
    return State(*_table(expect_object(data, "state", _STATE_KEYS), "state", 1))


def _table(d: Mapping[str, Any], where: str, lowest_bid: int) -> tuple[Any, ...]:
    """The fields of a state (or of a view, whose hidden bids are 0) from ``d``."""
    players = expect_int(d["players"], f"{where}.players", MIN_PLAYERS, MAX_PLAYERS)
    if not isinstance(d["options"], dict):
        raise RecordError(f"{where}.options", "expected a JSON object")
    prize = d["prize"]
    return (
        players,
        decode_options(d["options"]),
        expect_enum(Phase, d["phase"], f"{where}.phase", "phase"),
        None if prize is None else expect_int(prize, f"{where}.prize", 1, MAX_CARDS),
        _cards(d["pot"], f"{where}.pot"),
        _cards(d["prizes"], f"{where}.prizes"),
        tuple(
            tuple(sorted(_cards(h, f"{where}.hands[{p}]")))
            for p, h in enumerate(_per_player(d["hands"], f"{where}.hands", players))
        ),
        tuple(
            None if b is None else expect_int(b, f"{where}.bids[{p}]", lowest_bid, MAX_CARDS)
            for p, b in enumerate(_per_player(d["bids"], f"{where}.bids", players))
        ),
        tuple(
            _cards(w, f"{where}.won[{p}]")
            for p, w in enumerate(_per_player(d["won"], f"{where}.won", players))
        ),
        _cards(d["discarded"], f"{where}.discarded"),
        _cards(d["last"], f"{where}.last"),
    )


def encode_view(view: View) -> dict[str, Any]:
    """A player's view as JSON data: its player, then the keys of :func:`encode_state`."""
    return {"player": view.player, **encode_state(view)}


def decode_view(data: Any, where: str = "view") -> View:
    """A view from :func:`encode_view`'s data; hands and prizes in any order."""
    d = expect_object(data, where, {"player", *_STATE_KEYS})
    players, options, phase, prize, pot, prizes, *rest = _table(d, where, 0)
    player = expect_int(d["player"], f"{where}.player", 0, players - 1)
    return View(player, players, options, phase, prize, pot, tuple(sorted(prizes)), *rest)
