"""JSON of Duck & Cover's actions, options and states, derived from their classes.

Draw cards are written ``1``–``12``, ``"max"`` and ``"repeat"``; positions as
``[column, row]``; stacks bottom first. A duck a grid received from another family
(*Low blows*) is written as in Python: ``(seat + 1) * 100 + number`` (see
:func:`~rulespec.duck_cover.cards.number_of`).

>>> encode_action(Duck(0, (1, 2), origin=(0, 0)))
{'type': 'duck', 'player': 0, 'to': [1, 2], 'origin': [0, 0]}
>>> decode_action({"type": "give", "player": 1, "at": [-1, 0]})
Give(player=1, at=(-1, 0))
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from operator import attrgetter
from typing import Any

from rulespec.core import derive as d
from rulespec.core.errors import RecordError, UnknownCard
from rulespec.duck_cover.actions import Cover, Deal, Duck, Give, Place, Quack, Reshuffle
from rulespec.duck_cover.cards import MAX, REPEAT
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.state import MOST_SPLASHES, Options, Phase, State
from rulespec.duck_cover.view import GridView, StackView, View
from rulespec.plugin.codec import per_player, seat

_NAMES, _CARDS = {MAX: "max", REPEAT: "repeat"}, {"max": MAX, "repeat": REPEAT}
_MOVES, _PLACE = (Cover, Duck, Quack, Give, Place), attrgetter("position")


def _draw(value: Any, where: str, call: bool = False) -> int:
    if type(value) is int and 1 <= value <= 12:
        return value
    if isinstance(value, str) and value in _CARDS:
        if call and value == "repeat":
            raise RecordError(where, 'Repeat is never a call: expected 1 to 12 or "max"')
        return _CARDS[value]
    what = f'expected a draw card (1 to 12, "max" or "repeat"), got {value!r}'
    known = isinstance(value, str) or type(value) is int
    raise UnknownCard(where, what, value, 1) if known else RecordError(where, what)


@cache
def _duck(holder: int, foreign: bool, players: int = 7) -> d.Form:
    """A duck card in ``holder``'s grid: 1–12, or under *Low blows* another family's."""
    others = {f * 100 + n for f in range(1, players + 1) if f != holder + 1 for n in range(1, 13)}
    kinds = "1 to 12, or (seat + 1) * 100 + number for another seat's duck"
    what = f"expected a duck card ({kinds if foreign else '1 to 12'}), got "

    def decode(value: Any, where: str) -> int:
        if type(value) is int and (1 <= value <= 12 or (foreign and value in others)):
            return value
        raise RecordError(where, f"{what}{value!r}")

    return d.Form(lambda c: c, decode, d.integer(1, players * 100 + 12).schema, plain=True)


@cache
def _grid(holder: int, foreign: bool, players: int) -> d.Form:
    stack = d.many(_duck(holder, foreign, players), 84, least=1)
    cells = d.many(d.fixed(POSITION, stack), 84, order=sorted)
    return d.mapped(cells, lambda found, _: Grid(found), lambda g: g.cells)


@cache
def _grid_view(holder: int) -> d.Form:
    stack = {"position": POSITION, "top": _duck(holder, True), "covered": d.integer(0, 83)}
    stacks = d.many(d.record(StackView, stack), 84, order=lambda s: sorted(s, key=_PLACE))

    def read(found: tuple[StackView, ...], where: str) -> GridView:
        if twin := next((a for a, b in pairwise(found) if a.position == b.position), None):
            raise RecordError(where, f"two stacks at {list(twin.position)}")
        return GridView(found)

    return d.mapped(stacks, read, lambda g: g.stacks)


def _moves(acts: tuple[Any, ...], at: str, own: bool) -> None:
    for i, act in enumerate(acts):
        where = f"{at}[{i}]" if own else at
        if act is not None and not isinstance(act, _MOVES):
            raise RecordError(where, "expected a player's action")
        if act is not None and own and act.player != i:
            raise RecordError(f"{where}.player", f"expected player {i}'s own action")


def _state_check(v: dict[str, Any], data: dict[str, Any], where: str) -> None:
    for key, option in (("set_aside", "surprises"), ("gifts", "low_blows")):
        if key in data and not getattr(v["options"], option):
            raise RecordError(f"{where}.{key}", f"only a state with the {option} option has one")
    if (v["card"] is None) == (turn := v["phase"] is Phase.TURN):
        raise RecordError(f"{where}.card", "a card is in play during a turn, and only then")
    if len(acts := v["submitted"]) != (n := v["players"] if turn else 0):
        raise RecordError(f"{where}.submitted", f"expected {n} items, got {len(acts)}")
    _moves(acts, f"{where}.submitted", True)
    if (gifts := v["gifts"]) and (len(gifts) != v["players"] or not turn):
        raise RecordError(f"{where}.gifts", "expected none, or one duck per player during a turn")


# fmt: off
POSITION = d.named("position", d.fixed(d.integer(-10_000, 10_000), d.integer(-10_000, 10_000)))
DRAW = d.named("card", d.Form(cache(lambda c: _NAMES.get(c, c)), _draw, {"anyOf": [
    d.integer(1, 12).schema, d.choice(_CARDS).schema]}))
CALL = d.named("call", d.Form(DRAW.encode, lambda v, w: _draw(v, w, True), {"anyOf": [
    d.integer(1, 12).schema, {"type": "string", "const": "max"}]}))
PILE, COUNT = d.named("draw_pile", d.many(DRAW, 26)), d.integer(0, 10_000)
GIFTS = d.each(lambda p: _duck(p, True), 7)
MOVES = {"player": seat(7), "to": POSITION, "at": POSITION, "origin": POSITION,
         "draw_pile": PILE, "grids": d.many(d.many(d.integer(1, 12), 12), 7)}
ACTS = d.tagged(*(d.record(a, MOVES, tag=a.__name__.lower(), omit=("origin",)) for a in (
    Cover, Duck, Quack, Give, Place, Deal, Reshuffle)))
F: dict[str, d.Form] = MOVES | {
    "grids": d.given(d.each(lambda p: _grid(p, False, 7), 7), lambda v: d.each(
        lambda p: _grid(p, v["options"].low_blows, v["players"]), v["players"],
        0 if v["phase"] is Phase.DEAL and v["round"] == 0 else v["players"])),
    "splashes": d.many(d.integer(-MOST_SPLASHES, MOST_SPLASHES), size=12),
    "players": d.integer(2, 7), "round": d.integer(0, 2), "deck": d.many(DRAW, 26),
    "captain_pile": PILE, "discard_zone": PILE, "card": d.maybe(DRAW),
    "previous": d.maybe(CALL), "call": d.maybe(CALL), "set_aside": d.many(DRAW, 2),
    "captain_pile_top": d.maybe(DRAW), "discards_left": d.integer(-26, 26),
    "acted": d.many(d.flag(), 7), "draw_pile_size": COUNT,
    "gifts": d.given(GIFTS, lambda v: d.each(lambda p: _duck(p, True, v["players"]), v["players"])),
    "captain_pile_size": COUNT, "set_aside_size": COUNT, "submitted": d.many(d.maybe(ACTS), 7),
    "round_scores": d.many(per_player(d.integer(-10_000, 10_000), 7), 3),
}
VIEW = {"grids": d.each(_grid_view, 7), "own_action": d.maybe(ACTS), "gifts": GIFTS,
        "round_scores": d.many(d.many(d.integer(-1_000_000, 1_000_000), 7), 3)}
OMIT = {"set_aside": lambda s: s.options.surprises, "gifts": lambda s: s.options.low_blows}
CODEC = d.codec(OPTIONS := d.named("options", d.options(Options, F)), ACTS, d.record(
    State, {**F, "options": OPTIONS}, check=_state_check, omit=OMIT), d.record(View, F | VIEW,
    check=lambda v, _, where: _moves((v["own_action"],), f"{where}.own_action", False)))
"""Duck & Cover's codec, and the schema definitions it follows."""
(encode_options, decode_options, encode_action, decode_action, encode_state, decode_state,
 encode_view, decode_view) = CODEC
# fmt: on
