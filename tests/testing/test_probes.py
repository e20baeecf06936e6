"""Every game's action space for the kit's probes: each action once, the player's own,
encoded and decoded; none before the deal; refusals and setup clauses of the catalogue."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

import rulespec
from rulespec import CHANCE
from rulespec.testing import kit_for
from rulespec.testing.kit import refusals
from tests.profiles import scaled
from tests.testing.seeded import seeded_states
from tests.testing.suites import GAMES, suites


@cache
def _states(game: str) -> tuple[Any, ...]:
    """States of seeded games of every size, under the options the suite names."""
    g = rulespec.game(game)
    suite = suites().get(game)
    options = suite.probe_options if suite is not None else (None,)
    players = tuple(range(g.min_players, g.max_players + 1))
    return tuple(
        seeded_states(g, range(scaled(6, 40)), players, options=options, steps=150, every=2)
    )


def _catalogue(game: str) -> set[str]:
    return {c.id for c in rulespec.clauses(game)}


@pytest.mark.parametrize("game", GAMES)
def test_the_space_holds_each_action_once_and_only_the_player_s(game: str) -> None:
    g = rulespec.game(game)
    kit = kit_for(g)
    checked = 0
    for state in _states(game):
        for p in g.to_move(state):
            space = kit.action_space(g, state, p)
            assert len(set(space)) == len(space)
            assert all(a.player == p for a in space)
            assert all(isinstance(a, g.player_action_types) for a in space)
            checked += bool(space)
    assert checked > 10


@pytest.mark.parametrize("game", GAMES)
def test_the_space_encodes_and_decodes(game: str) -> None:
    g = rulespec.game(game)
    kit = kit_for(g)
    for state in _states(game)[::5]:
        for p in g.to_move(state):
            for action in kit.action_space(g, state, p):
                data = json.loads(json.dumps(g.encode_action(action)))
                assert g.decode_action(data) == action


@pytest.mark.parametrize("game", GAMES)
def test_no_space_outside_the_turns(game: str) -> None:
    g = rulespec.game(game)
    for players in range(g.min_players, g.max_players + 1):
        state = g.new_game(players)
        assert g.to_move(state) == (CHANCE,)
        assert kit_for(g).action_space(g, state, 0) == ()


@pytest.mark.parametrize("game", GAMES)
def test_the_refusals_and_the_setup_clauses_are_in_the_catalogue(game: str) -> None:
    g = rulespec.game(game)
    kit = kit_for(g)
    catalogue = _catalogue(game)
    seen: set[str] = set()
    for state in _states(game)[::3]:
        for p in range(len(g.scores(state))):
            seen.update(refusals(g, state, kit.action_space(g, state, p)))
    assert seen <= catalogue
    first = g.start(g.min_players, seed=1)
    assert set(kit.setup_clauses(g, first)) <= catalogue
