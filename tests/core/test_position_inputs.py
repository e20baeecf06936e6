"""Every position builder: a value of any other kind is a PositionError, never a crash."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import rulespec
from rulespec import PositionError, canardage, duck_cover, duo
from rulespec.duck_cover import Grid

STRAYS: list[Any] = [
    *(None, True, 1.5, -1, 3, 10**9, "x", "", "1 2", b"12", object()),
    *([], (), {}, range(3), [None], [True], [1.5], ["x"], [-1], [3], ["1 2"], [{}]),
    *([[]], [[None]], [[1.5]], [["x"]], [[3]], [[0, 0, 0]], [[[]]], [range(3)]),
    *({"a": 1}, {1: 1}, {1.5: 1}, {-5: 0}, {None: [1]}, {(0, 0): None}, {(0, 0): [None]}),
    *(Grid(()), [Grid(())], [[6]], [[6, 6]], [[0, 6]], [[0], [1], [2], [3], [4], [5], [0]]),
]
"""Values of every kind the builders do not document, and some of the kinds they do."""

GOOD: dict[str, dict[str, Any]] = {
    "duck-and-cover": {"grids": ["1 2 3 4\n5 6 7 8\n9 10 11 12"] * 2, "card": 3},
    "duo": {"hands": [["red-3-cross"], ["green-2-triangle"]], "piles": [["red-1-cross"], None]},
    "canardage": {"line": "0 1 2 W 1 0", "hands": [["pan"] * 3] * 3},
}


BUILDERS: dict[str, Callable[..., Any]] = {
    "duck-and-cover": duck_cover.position,
    "duo": duo.position,
    "canardage": canardage.position,
}


@pytest.mark.parametrize("game_id", sorted(GOOD))
def test_a_stray_value_in_any_argument_is_a_position_error_or_a_valid_state(
    game_id: str,
) -> None:
    game, build, good = rulespec.game(game_id), BUILDERS[game_id], GOOD[game_id]
    assert game.violations(build(**good)) == ()
    for name in inspect.signature(build).parameters:
        for stray in STRAYS:
            try:
                state = build(**{**good, name: stray})
            except PositionError as error:
                assert str(error), (name, stray)
            else:
                assert game.violations(state) == (), (name, stray)
