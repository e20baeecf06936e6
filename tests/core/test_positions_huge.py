"""A number too long to print, anywhere a position builder takes one, is a PositionError."""

from __future__ import annotations

import inspect
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
