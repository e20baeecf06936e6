"""A number too long to print, anywhere a position builder takes one, is a PositionError."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import rulespec
from rulespec import PositionError

HUGE = 10**5000

# One legal call per game, then the same call with one number replaced by HUGE.
CALLS: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "duo": (
        ([["red-3-circle"], None], [["red-3-cross"], None]),
        {"round": 0, "turn": 0},
    ),
    "duck-and-cover": (([None, None],), {"card": 5, "round": 0}),
    "canardage": (("0 1 2 0 1 2", [None, None, None]), {"turn": 0, "seen": 0}),
}

HUGE_CASES: list[tuple[str, dict[str, Any]]] = [
    ("duo", {"round": HUGE}),
    ("duo", {"turn": HUGE}),
    ("duo", {"turn": -HUGE}),
    ("duo", {"turn_pile": HUGE}),
    ("duo", {"round": 1, "round_scores": [[HUGE, 0]]}),
    ("duo", {"hands": [[HUGE], None]}),
    ("duck-and-cover", {"card": HUGE}),
    ("duck-and-cover", {"round": HUGE}),
    ("duck-and-cover", {"previous": HUGE}),
    ("duck-and-cover", {"draw_pile": [HUGE]}),
    ("duck-and-cover", {"grids": [{(HUGE, 0): [1]}, None]}),
    ("duck-and-cover", {"round": 1, "round_scores": [[HUGE, 0]]}),
    ("canardage", {"turn": HUGE}),
    ("canardage", {"seen": HUGE}),
    ("canardage", {"targets": [HUGE]}),
    ("canardage", {"shelters": {0: HUGE}}),
    ("canardage", {"shot": [HUGE]}),
    ("canardage", {"deck": [HUGE]}),
    ("canardage", {"hands": [[HUGE], None, None]}),
]


@pytest.mark.parametrize(
    ("game_id", "change"), HUGE_CASES, ids=[f"{g}-{next(iter(c))}" for g, c in HUGE_CASES]
)
def test_a_huge_number_is_a_position_error(game_id: str, change: dict[str, Any]) -> None:
    args, kwargs = CALLS[game_id]
    game: Any = rulespec.game(game_id)
    game.position(*args, **kwargs)  # the base call is legal
    names = list(inspect.signature(game.position).parameters)
    call_args = list(args)
    call_kwargs = dict(kwargs)
    for key, value in change.items():
        index = names.index(key)
        if index < len(call_args):
            call_args[index] = value
        else:
            call_kwargs[key] = value
    with pytest.raises(PositionError) as caught:
        game.position(*call_args, **call_kwargs)
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message
    assert "digits" in message or "not" in message


LONG = "9" * 5000
"""A numeral too long for Python's int() (4,300 digits at most)."""


@pytest.mark.parametrize(
    ("game_id", "change"),
    [
        ("duck-and-cover", {"grids": [f"1 {LONG}", None]}),
        ("canardage", {"line": f"0 1 2 0 1 {LONG}"}),
        ("canardage", {"line": f"0 1 2 0 1 2/{LONG}*"}),
    ],
    ids=["grid", "line", "line-stack"],
)
def test_a_huge_numeral_in_a_diagram_is_a_position_error(
    game_id: str, change: dict[str, Any]
) -> None:
    args, kwargs = CALLS[game_id]
    game: Any = rulespec.game(game_id)
    args = (change["line"], *args[1:]) if game_id == "canardage" else (change["grids"],)
    with pytest.raises(PositionError) as caught:
        game.position(*args, **kwargs)
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message


def test_leading_zeros_do_not_make_a_numeral_too_long() -> None:
    game: Any = rulespec.game("canardage")
    state = game.position(f"0 1 2 0 1 {'0' * 4999}2", [None, None, None], turn=0, seen=0)
    assert state == game.position("0 1 2 0 1 2", [None, None, None], turn=0, seen=0)


def test_a_huge_duo_card_name_is_a_short_position_error() -> None:
    game: Any = rulespec.game("duo")
    with pytest.raises(PositionError) as caught:
        game.position([[f"red-{LONG}-circle"], None], [["red-3-cross"], None])
    assert len(str(caught.value)) < 300


HOSTILE: dict[str, Any] = {
    "huge": HUGE,
    "numeral": LONG,
    "text": "x" * 100_000,
    "mapping": {HUGE: HUGE},
    "keyed": {"x" * 100_000: 1},
    "nested": [[HUGE]],
    "many": range(100_000),
}
"""Values a hostile caller passes where a list, a number or a diagram is due."""


@pytest.mark.parametrize("game_id", sorted(CALLS))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_value_in_any_argument_is_a_one_line_position_error(
    game_id: str, kind: str
) -> None:
    args, kwargs = CALLS[game_id]
    game: Any = rulespec.game(game_id)
    names = [n for n in inspect.signature(game.position).parameters if n != "options"]
    for index, name in enumerate(names):
        call_args = list(args)
        call_kwargs = dict(kwargs)
        if index < len(call_args):
            call_args[index] = HOSTILE[kind]
        else:
            call_kwargs[name] = HOSTILE[kind]
        with pytest.raises(PositionError) as caught:
            game.position(*call_args, **call_kwargs)
        message = str(caught.value)
        assert len(message) < 300 and "\n" not in message, (name, message[:100])


def _from_stacks(value: Any) -> object:
    from rulespec.duck_cover.grid import Grid

    return Grid.from_stacks(value)


def _from_diagram(value: Any) -> object:
    from rulespec.duck_cover.grid import Grid

    return Grid.from_diagram(value)


def _from_diagram_at(origin: Any) -> object:
    from rulespec.duck_cover.grid import Grid

    return Grid.from_diagram("1 2", origin=origin)


def _line(value: Any) -> object:
    from rulespec.canardage.line import parse

    return parse(value)


BUILDERS: dict[str, tuple[Callable[[Any], object], Any]] = {
    "Grid.from_stacks": (_from_stacks, {(0, 0): [1, 2]}),
    "Grid.from_diagram": (_from_diagram, "1/2 3"),
    "Grid.from_diagram origin": (_from_diagram_at, (0, 0)),
    "canardage line": (_line, "0 W* 1/2"),
}
"""Each public builder below the games' ``position``: one argument and a legal value of it."""

LOWER_HOSTILE: dict[str, Any] = {
    **HOSTILE,
    "long list": list(range(10**6)),
    "huge key": {(HUGE, 0): [1]},
    "long key": {tuple(range(100_000)): [1]},
    "huge card": {(0, 0): [HUGE]},
    "long stack": {(0, 0): "x" * 100_000},
    "empty stack": {("x" * 100_000, 0): []},
    "long cell": "1 " + "x" * 100_000,
    "long numeral": "1 " + LONG,
    "long stacked numeral": f"1/{LONG}",
}


@pytest.mark.parametrize("builder", sorted(BUILDERS))
@pytest.mark.parametrize("kind", sorted(LOWER_HOSTILE))
def test_a_lower_level_builder_refuses_a_hostile_value_in_one_short_line(
    builder: str, kind: str
) -> None:
    build, legal = BUILDERS[builder]
    build(legal)  # the builder reads its legal value
    with pytest.raises(PositionError) as caught:
        build(LOWER_HOSTILE[kind])
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message, message[:100]


def test_duo_s_card_reader_names_a_hostile_card_in_one_short_line() -> None:
    from rulespec.duo.cards import parse_card

    values: list[Any] = ["x" * 1_000_000, HUGE, [HUGE], ("red-3-circle",) * 100_000]
    for value in values:
        with pytest.raises(ValueError, match="not a Duo card") as caught:
            parse_card(value)
        assert len(str(caught.value)) < 300
