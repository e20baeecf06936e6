"""The registry checks each game's declaration and keeps each id to one game."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import rulespec
from rulespec.core.declaration import Declaration
from rulespec.core.game import register
from rulespec.discovery import check_game
from rulespec.duo.game import Duo


def _duo(**changes: object) -> Duo:
    kind = type("Changed", (Duo,), dict(changes))
    found: Duo = kind()
    return found


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"id": "Duo Two"}, "a game's id must be lower-case words joined by '-', not 'Duo Two'"),
        ({"id": "two", "name": " "}, "game 'two': name must be a non-empty string, not ' '"),
        ({"id": "two", "min_players": 0}, "game 'two': min_players is 0; a game needs at least"),
        ({"id": "two", "max_players": 1}, "game 'two': min_players (2) is more than max_players"),
    ],
)
def test_a_declaration_that_makes_no_sense_is_refused(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        check_game(_duo(**changes))


def test_a_player_count_must_be_an_integer() -> None:
    with pytest.raises(TypeError, match=r"game 'two': max_players must be an integer, not 6\.0"):
        check_game(_duo(id="two", max_players=6.0))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("simulation_cap", 0, "simulation_cap must be a positive integer or None, not 0"),
        ("play_playouts", -5, "play_playouts must be a positive integer or None, not -5"),
        ("languages", ("xx",), "languages must be distinct ones of"),
        ("prefix", "duo", "prefix must be a lower-case word and a dot"),
        ("catalogue", "duo.toml", "catalogue must be 'package:path/inside.toml'"),
    ],
)
def test_a_declaration_refuses_a_nonsense_field(field: str, value: object, message: str) -> None:
    duo = rulespec.game("duo").declaration
    fields: dict[str, Any] = {**attrs.asdict(duo, recurse=False), field: value}
    with pytest.raises(ValueError, match=message):
        Declaration(**fields)


def test_register_refuses_an_id_that_another_game_holds() -> None:
    with pytest.raises(ValueError, match=r"the id 'duo' is already the game <Game 'duo'>"):
        register(_duo(name="Another Duo"))
    register(rulespec.game("duo"))  # the same game again: nothing changes
    assert rulespec.game("duo").name == "Duo"


def test_register_replaces_a_game_only_when_asked() -> None:
    duo = rulespec.game("duo")
    variant = _duo(name="Another Duo")
    try:
        register(variant, replace=True)
        assert rulespec.game("duo") is variant
    finally:
        register(duo, replace=True)
    assert rulespec.game("duo") is duo
