"""JSON encoding of Duo actions, options and states.

Cards are written by name (``"red-3-circle"``, ``"joker-green"``,
``"joker-2"``, ``"joker-cross"``, ``"turbo"``); piles bottom first; the draw
pile next card first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulespec.core.errors import RecordError, UnknownCard
from rulespec.core.jsonio import expect_enum
from rulespec.core.jsonio import expect_int as _int
from rulespec.core.jsonio import expect_list as _list
from rulespec.core.jsonio import expect_object as _object
from rulespec.duo.actions import Action, Deal, Draw, Play, Stop
from rulespec.duo.cards import Card, card_name, parse_card
from rulespec.duo.state import EXHAUSTED_READINGS, Options, Phase, State
from rulespec.duo.view import View

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


def _card_in(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise RecordError(where, f"expected a card name, got {value!r}")
    try:
        return parse_card(value)
    except ValueError as exc:
        raise UnknownCard(where, str(exc), value, "red-1-circle") from None


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    return tuple(_card_in(c, f"{where}[{i}]") for i, c in enumerate(_list(value, where, 80)))


def encode_action(action: Action) -> dict[str, Any]:
    """An action as JSON data.

    >>> encode_action(Play(0, 26, 1))
    {'type': 'play', 'player': 0, 'card': 'red-3-triangle', 'pile': 1}
    """
    if isinstance(action, Play):
        return {
            "type": "play",
            "player": action.player,
            "card": card_name(action.card),
            "pile": action.pile,
        }
    if isinstance(action, Stop):
        return {"type": "stop", "player": action.player}
    if isinstance(action, Draw):
        return {"type": "draw", "player": action.player}
    return {"type": "deal", "order": [card_name(c) for c in action.order]}


def decode_action(data: Any, where: str = "action") -> Action:
    """An action from JSON data; :class:`RecordError` says where it is malformed.

    >>> decode_action({"type": "play", "player": 1, "card": "joker-2", "pile": 0})
    Play(player=1, card=69, pile=0)
    """
    kind = _object(data, where, {"type"}, frozenset({"player", "card", "pile", "order"}))["type"]
    if kind == "play":
        _object(data, where, {"type", "player", "card", "pile"})
        return Play(
            _int(data["player"], f"{where}.player", 0, 5),
            _card_in(data["card"], f"{where}.card"),
            _int(data["pile"], f"{where}.pile", 0, 1),
        )
    if kind in ("stop", "draw"):
        _object(data, where, {"type", "player"})
        player = _int(data["player"], f"{where}.player", 0, 5)
        return Stop(player) if kind == "stop" else Draw(player)
    if kind == "deal":
        _object(data, where, {"type", "order"})
        return Deal(_cards(data["order"], f"{where}.order"))
    raise RecordError(f"{where}.type", f"unknown action type {kind!r} (play, stop, draw, deal)")


def encode_options(options: Options) -> dict[str, Any]:
    """Options as JSON data: only what differs from the base game.

    >>> encode_options(Options(turbo=True, exhausted="empty-draw"))
    {'turbo': True, 'exhausted': 'empty-draw'}
    """
    data: dict[str, Any] = {}
    for name in _OPTIONS:
        value = getattr(options, name)
        if value != getattr(_DEFAULTS, name):
            data[name] = value
    return data


def decode_options(data: Mapping[str, Any]) -> Options:
    """Options from JSON data."""
    _object(data, "options", set(), frozenset(_OPTIONS))
    turbo = data.get("turbo", False)
    if not isinstance(turbo, bool):
        raise RecordError("options.turbo", "expected true or false")
    leader_wins = data.get("leader_wins", False)
    if not isinstance(leader_wins, bool):
        raise RecordError("options.leader_wins", "expected true or false")
    exhausted = data.get("exhausted", "last-draw")
    if exhausted not in EXHAUSTED_READINGS:
        raise RecordError("options.exhausted", f"expected one of {', '.join(EXHAUSTED_READINGS)}")
    max_rounds = data.get("max_rounds")
    return Options(
        turbo=turbo,
        first_player=_int(data.get("first_player", 0), "options.first_player", 0, 5),
        exhausted=exhausted,
        max_rounds=None if max_rounds is None else _int(max_rounds, "options.max_rounds", 1),
        leader_wins=leader_wins,
        features=_int(data.get("features", 4), "options.features", 1, 4),
        jokers=_flag(data, "jokers", True),
        hand_size=_int(data.get("hand_size", 7), "options.hand_size", 1, 7),
    )


_OPTIONS: tuple[str, ...] = ("turbo", "first_player", "exhausted", "max_rounds", "leader_wins")
_OPTIONS += ("features", "jokers", "hand_size")


def _flag(data: Mapping[str, Any], name: str, default: bool) -> bool:
    value = data.get(name, default)
    if not isinstance(value, bool):
        raise RecordError(f"options.{name}", "expected true or false")
    return value


def encode_state(state: State) -> dict[str, Any]:
    """A complete state as JSON data (hidden parts included)."""
    return {
        "players": state.players,
        "options": encode_options(state.options),
        "phase": state.phase.value,
        "round": state.round,
        "starter": state.starter,
        "turn": state.turn,
        "turn_pile": state.turn_pile,
        "hands": [[card_name(c) for c in h] for h in state.hands],
        "piles": [[card_name(c) for c in p] for p in state.piles],
        "draw_pile": [card_name(c) for c in state.draw_pile],
        "round_scores": [list(s) for s in state.round_scores],
    }


def decode_state(data: Any) -> State:
    """A state from :func:`encode_state`'s data.

    Every shape is checked, and :class:`RecordError` says where one is wrong:
    one hand per player and two discard piles once cards are dealt (none
    before the first deal), seats in range, a turn pile only during a turn
    and on a pile, one score per player in each round's scores. Whether the
    state is reachable is :func:`rulespec.duo.position`'s job (and the
    invariants').
    """
    keys = {
        "players",
        "options",
        "phase",
        "round",
        "starter",
        "turn",
        "turn_pile",
        "hands",
        "piles",
        "draw_pile",
        "round_scores",
    }
    d = _object(data, "state", keys)
    players = _int(d["players"], "state.players", 2, 6)
    phase = expect_enum(Phase, d["phase"], "state.phase", "phase")
    if not isinstance(d["options"], dict):
        raise RecordError("state.options", "expected a JSON object")
    options = decode_options(d["options"])
    if options.first_player >= players:
        raise RecordError("state.options.first_player", f"no seat {options.first_player}")
    round_ = _int(d["round"], "state.round", 0)
    dealt = phase is not Phase.DEAL or round_ > 0
    hands = tuple(
        tuple(sorted(_cards(h, f"state.hands[{p}]")))
        for p, h in enumerate(_sized(d["hands"], "state.hands", players if dealt else 0))
    )
    piles = tuple(
        _cards(p, f"state.piles[{i}]")
        for i, p in enumerate(_sized(d["piles"], "state.piles", 2 if dealt else 0))
    )
    turn_pile = d["turn_pile"]
    if turn_pile is not None:
        turn_pile = _int(turn_pile, "state.turn_pile", 0, 1)
        if phase is not Phase.TURN:
            raise RecordError("state.turn_pile", f"a turn pile is set in the {phase.value} phase")
    return State(
        players=players,
        options=options,
        phase=phase,
        round=round_,
        starter=_int(d["starter"], "state.starter", 0, players - 1),
        turn=_int(d["turn"], "state.turn", 0, players - 1),
        turn_pile=turn_pile,
        hands=hands,
        piles=piles,
        draw_pile=_cards(d["draw_pile"], "state.draw_pile"),
        round_scores=tuple(
            tuple(
                _int(v, f"state.round_scores[{r}][{p}]", -10_000, 10_000)
                for p, v in enumerate(_sized(s, f"state.round_scores[{r}]", players))
            )
            for r, s in enumerate(_list(d["round_scores"], "state.round_scores"))
        ),
    )


def _sized(value: Any, where: str, size: int) -> list[Any]:
    """``value`` if it is a list of exactly ``size`` items; else :class:`RecordError`."""
    items = _list(value, where)
    if len(items) != size:
        raise RecordError(where, f"expected {size} items, got {len(items)}")
    return items


def encode_view(view: View) -> dict[str, Any]:
    """A player's view as JSON data: the keys are :class:`View`'s fields.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> data = encode_view(duo.view(duo.start(2, seed=5), 1))
    >>> data["player"], data["phase"], data["hand_sizes"], data["target"]
    (1, 'turn', [7, 7], 10)
    """
    return {
        "player": view.player,
        "players": view.players,
        "phase": view.phase.value,
        "round": view.round,
        "starter": view.starter,
        "turn": view.turn,
        "turn_pile": view.turn_pile,
        "hand": [card_name(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "pile_tops": [card_name(c) for c in view.pile_tops],
        "pile_sizes": list(view.pile_sizes),
        "draw_pile_size": view.draw_pile_size,
        "round_scores": [list(s) for s in view.round_scores],
        "target": view.target,
    }


_VIEW_KEYS = {
    "player",
    "players",
    "phase",
    "round",
    "starter",
    "turn",
    "turn_pile",
    "hand",
    "hand_sizes",
    "pile_tops",
    "pile_sizes",
    "draw_pile_size",
    "round_scores",
    "target",
}


def decode_view(data: Any, where: str = "view") -> View:
    """A view from :func:`encode_view`'s data; the hand may come in any order.

    >>> decode_view({"player": 0, "players": 9}, "answer")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: answer: missing key 'draw_pile_size'
    """
    d = _object(data, where, _VIEW_KEYS)
    players = _int(d["players"], f"{where}.players", 2, 6)
    phase = expect_enum(Phase, d["phase"], f"{where}.phase", "phase")

    def sizes(key: str, count: int) -> tuple[int, ...]:
        return tuple(
            _int(v, f"{where}.{key}[{i}]", 0, 10_000)
            for i, v in enumerate(_list(d[key], f"{where}.{key}", count))
        )

    turn_pile = d["turn_pile"]
    return View(
        player=_int(d["player"], f"{where}.player", 0, players - 1),
        players=players,
        phase=phase,
        round=_int(d["round"], f"{where}.round", 0, 10_000),
        starter=_int(d["starter"], f"{where}.starter", 0, players - 1),
        turn=_int(d["turn"], f"{where}.turn", 0, players - 1),
        turn_pile=None if turn_pile is None else _int(turn_pile, f"{where}.turn_pile", 0, 1),
        hand=tuple(sorted(_cards(d["hand"], f"{where}.hand"))),
        hand_sizes=sizes("hand_sizes", players),
        pile_tops=_cards(d["pile_tops"], f"{where}.pile_tops"),
        pile_sizes=sizes("pile_sizes", 2),
        draw_pile_size=_int(d["draw_pile_size"], f"{where}.draw_pile_size", 0, 10_000),
        round_scores=tuple(
            tuple(
                _int(v, f"{where}.round_scores[{r}][{p}]", -1_000_000, 1_000_000)
                for p, v in enumerate(_list(s, f"{where}.round_scores[{r}]", players))
            )
            for r, s in enumerate(_list(d["round_scores"], f"{where}.round_scores"))
        ),
        target=_int(d["target"], f"{where}.target", 0, 10_000),
    )
