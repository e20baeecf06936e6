"""``print(state)`` draws the text board, the repr is one line, Jupyter gets the SVG."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import rulespec
import rulespec.canardage
import rulespec.duck_cover
from rulespec.drawing.show import Shown

PACKAGES = {"duck-and-cover": "duck_cover", "duo": "duo", "canardage": "canardage"}
PLAYERS = {"duck-and-cover": 4, "duo": 3, "canardage": 5}
ROOT = Path(__file__).resolve().parents[2]


def tables(game_id: str) -> list[object]:
    """A dealt state, a view of it, a state before the deal, and one a few steps on."""
    game = rulespec.game(game_id)
    state = game.start(PLAYERS[game_id], seed=7)
    later = state
    for _ in range(5):
        actor = next(iter(game.to_move(later)))
        if actor == rulespec.CHANCE:
            break
        later = game.apply(later, game.legal_actions(later, actor)[0])
    return [state, game.view(state, 1), game.new_game(PLAYERS[game_id]), later]


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_str_is_the_text_board_and_the_svg_hook_the_picture(game_id: str) -> None:
    render = importlib.import_module(f"rulespec.{PACKAGES[game_id]}.render")
    for table in tables(game_id):
        assert isinstance(table, Shown)
        assert str(table) == render.text(table)
        assert table._repr_svg_() == render.svg(table)


@pytest.mark.parametrize("game_id", sorted(PACKAGES))
def test_repr_is_one_short_line_naming_the_game_and_the_players(game_id: str) -> None:
    for table in tables(game_id):
        shown = repr(table)
        assert "\n" not in shown and len(shown) < 140, shown
        kind = type(table).__name__
        assert shown.startswith(f"<{game_id} {kind}") and shown.endswith(">")
    state, view = tables(game_id)[:2]
    assert f"{PLAYERS[game_id]} players" in repr(state)
    assert "of player 1" in repr(view)


def test_the_repr_follows_the_game() -> None:
    grid = "1 2 3 4\n5 6 7 8\n9 10 11 12"
    state = rulespec.duck_cover.position(
        [grid] * 3, card=rulespec.duck_cover.MAX, discard_zone=[4, 9]
    )
    assert (
        repr(state) == "<duck-and-cover State: 3 players, round 1 of 3, card Max, 2 of 8 discards>"
    )
    s = rulespec.canardage.position("0* W 1 2 W 0", [["pan"] * 3] * 3, turn=2, shot=[0, 1, 0])
    assert repr(s) == (
        "<canardage State: 3 players, player 2 to play, line 0* W 1 2 W 0, ducks left (5, 4, 5)>"
    )


@pytest.mark.parametrize("package", sorted(PACKAGES.values()))
def test_states_and_views_never_import_the_renderer(package: str) -> None:
    for module in ("state", "view"):
        tree = ast.parse((ROOT / "rulespec" / package / f"{module}.py").read_text("utf-8"))
        imported = {
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        } | {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        assert not any(name.endswith("render") for name in imported), (package, module)
        names = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        assert "render" not in names


def test_a_table_with_no_drawing_says_so() -> None:
    class Bare(Shown):
        __slots__ = ()

    with pytest.raises(LookupError, match=r"no drawing is registered for .*Bare"):
        str(Bare())
