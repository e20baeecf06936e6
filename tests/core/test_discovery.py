"""The core's registry finds games through the sources installed in it; the one that
reads the installed distributions' entry points installs itself whatever is imported
first."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import rulespec
import rulespec.discovery
from rulespec.core import game as registry
from rulespec.core.game import Discovery, Game, discover, register
from rulespec.duo.game import Duo

FIRST_IMPORTS = [
    "import rulespec.core.record",
    "import rulespec.core.game",
    "from rulespec.core.declaration import Declaration",
    "import rulespec.discovery",
    "import rulespec",
]


@pytest.mark.parametrize("first", FIRST_IMPORTS)
def test_the_entry_points_are_found_whatever_is_imported_first(first: str) -> None:
    probe = (
        f"{first}\nimport sys\n"
        "print('rulespec.discovery' in sys.modules, 'rulespec.plugin' in sys.modules)\n"
        "from rulespec.core.game import game, games\n"
        "print(game('duo').name, sorted(g.id for g in games()))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    loaded, named = done.stdout.splitlines()
    assert named.startswith("Duo [") and "'canardage'" in named and "'duck-and-cover'" in named
    assert loaded == "True False"  # installed at once, the tools for writing a game not loaded


def test_the_public_names_are_the_discovery_modules() -> None:
    assert rulespec.PluginFailure is rulespec.discovery.PluginFailure
    assert rulespec.plugin_failures is rulespec.discovery.plugin_failures
    assert rulespec.game is registry.game
    assert not hasattr(registry, "PluginFailure") and not hasattr(registry, "ENTRY_POINTS")
    assert {e.name for e in rulespec.discovery.entry_points()} >= {"duo", "canardage"}


class Other(Duo):
    id = "duo-found"


class Shelf(Discovery):
    """A source holding one game, which refuses to register a game named ``"Nope"``."""

    def __init__(self, held: Game[Any, Any, Any, Any]) -> None:
        self.held, self.asked = held, list[str | None]()

    def find(self, game_id: str | None) -> Sequence[Game[Any, Any, Any, Any]]:
        self.asked.append(game_id)
        if game_id == "duo-broken":
            raise KeyError("game 'duo-broken' failed to load: why")
        return (self.held,) if game_id in (None, self.held.id) else ()

    def check(self, instance: Game[Any, Any, Any, Any]) -> None:
        if instance.name == "Nope":
            raise ValueError(f"game {instance.id!r}: refused by the shelf")


@pytest.fixture
def shelf() -> Iterator[Shelf]:
    source = Shelf(Other())
    discover(source)
    discover(source)  # installed once however often
    try:
        yield source
    finally:
        registry._SOURCES.remove(source)
        registry._GAMES.pop("duo-found", None)
    assert source not in registry._SOURCES


def test_a_source_is_asked_for_an_id_nobody_registered(shelf: Shelf) -> None:
    assert rulespec.game("duo-found") is shelf.held
    assert shelf.asked == ["duo-found"]
    assert rulespec.game("duo-found") is shelf.held  # held now: the source is not asked
    assert shelf.asked == ["duo-found"]


def test_every_game_asks_each_source_for_all(shelf: Shelf) -> None:
    assert "duo-found" in [g.id for g in rulespec.games()]
    assert None in shelf.asked


def test_a_source_says_why_it_cannot_load_a_game(shelf: Shelf) -> None:
    with pytest.raises(KeyError, match="game 'duo-broken' failed to load: why"):
        rulespec.game("duo-broken")
    with pytest.raises(KeyError, match=r"unknown game 'duo-missing' \(known: .*duo-found"):
        rulespec.game("duo-missing")


def test_register_lets_each_source_check_and_claim_the_id_first(shelf: Shelf) -> None:
    nope = type("Refused", (Other,), {"name": "Nope"})()
    with pytest.raises(ValueError, match="refused by the shelf"):
        register(nope)
    with pytest.raises(ValueError, match="the id 'duo-found' is already the game"):
        register(type("Again", (Other,), {})())
    assert rulespec.game("duo-found") is shelf.held


def test_only_a_discovery_is_installed() -> None:
    with pytest.raises(TypeError, match="source"):
        discover(lambda game_id: None)  # type: ignore[arg-type]
