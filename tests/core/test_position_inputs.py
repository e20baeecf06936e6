"""Every position builder: a value of any other kind is a PositionError, never a crash."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import rulespec
from rulespec import PositionError, canardage, duck_cover, duo
from rulespec.duck_cover import Grid
from tests.integers import Index

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


NOT_ASCII_DIGITS = ["1_0", "+5", "-1", "１２", "٣", "²", "1.0", "0x5", "1/", "1//2"]
"""Texts that ``int`` would read as a card (or crash on), outside the diagrams' syntax."""


@pytest.mark.parametrize("text", NOT_ASCII_DIGITS)
def test_a_grid_diagram_takes_cards_in_ascii_digits_only(text: str) -> None:
    with pytest.raises(PositionError, match=r"row 2, column 3: .* ASCII digits"):
        Grid.from_diagram(f"1 2 3 4\n5 6 {text} 8")


@pytest.mark.parametrize("text", NOT_ASCII_DIGITS)
def test_a_line_diagram_takes_colours_in_ascii_digits_only(text: str) -> None:
    with pytest.raises(PositionError, match=r"space 2: .* ASCII digits"):
        canardage.line.parse(f"0 W {text} 1")


@pytest.mark.parametrize(
    "stacks",
    [
        {(0.0, 0): [1]},
        {(0, 0): [1.9]},
        {(0, 0): ["10"]},
        {(True, 0): [1]},
        {(0, 0): [False]},
        {5: [1]},
        {(0, 0, 0): [1]},
        {(0, 0): 1},
        {(0, 0): []},
        [((0, 0), [1])],
    ],
)
def test_grid_from_stacks_takes_whole_numbers_only(stacks: Any) -> None:
    with pytest.raises(PositionError):
        Grid.from_stacks(stacks)


def test_grid_from_stacks_reads_integers_of_other_types() -> None:
    stacks: Any = {(Index(1), Index(0)): [Index(7), Index(5)]}
    grid = Grid.from_stacks(stacks)
    assert grid.cells == (((1, 0), (7, 5)),)
    assert all(type(n) is int for n in (*grid.cells[0][0], *grid.cells[0][1]))


@pytest.mark.parametrize("diagram", [None, 12, b"1 2", ["1 2"]])
def test_a_diagram_that_is_not_text_is_a_position_error(diagram: Any) -> None:
    with pytest.raises(PositionError, match="not"):
        Grid.from_diagram(diagram)
    with pytest.raises(PositionError, match="not"):
        canardage.line.parse(diagram)
    with pytest.raises(PositionError, match="origin"):
        Grid.from_diagram("1 2", origin=(0.5, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("space", ["\u00a0", "\u2028", "\u3000", "\x0b", "\x1c"])
def test_only_plain_spaces_and_new_lines_separate_the_cells_of_a_diagram(space: str) -> None:
    grid = f"1 2 3 4\n5 6 7 8\n9 1{space}0 11 12"  # would read as cards 1 and 0
    with pytest.raises(PositionError, match="only plain spaces separate its cells"):
        Grid.from_diagram(grid)
    with pytest.raises(PositionError, match=r"^grids\[1\]: .* only plain spaces"):
        duck_cover.position([GOOD["duck-and-cover"]["grids"][0], grid], card=3)
    with pytest.raises(PositionError, match="only plain spaces separate its cells"):
        canardage.line.parse(f"0 W 1{space}2 W 0")
    with pytest.raises(PositionError, match=r"^line: .* only plain spaces"):
        canardage.position(f"0 W 1{space}2 W", [["pan"] * 3] * 3)
    assert Grid.from_diagram("1\t2\r\n3 4\n") == Grid.from_diagram("1 2\n3 4")
