"""PettingZoo's own checks pass for every game: the AEC and parallel APIs and seeding.

Under the dev profile each game runs whole at its fewest players and, truncated
after 150 actions, at its most; under ci and deep the most players play whole
games too. PettingZoo's checks are imported inside the tests: they are slow to import,
and every test process collects this module.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from rulespec import pettingzoo as rz
from tests.rl.helpers import GAME_IDS, SHORT, THOROUGH, seats

# PettingZoo warns that a Dict observation is not a NumPy array, as for its own
# card games (listed by name in its test); the mask inside is checked all the same.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def _settings(game_id: str, most: bool) -> dict[str, Any]:
    settings = dict(SHORT.get(game_id, {}))
    if most and not THOROUGH:
        settings["max_steps"] = 150
    return settings


CASES = [
    pytest.param(game_id, players, most, id=f"{game_id}-{players}")
    for game_id in GAME_IDS
    for players, most in zip(seats(game_id), (False, True), strict=True)
]


@pytest.mark.parametrize(("game_id", "players", "most"), CASES)
def test_the_aec_environment_passes_the_api_test(game_id: str, players: int, most: bool) -> None:
    from pettingzoo.test import api_test

    env = rz.env(game_id, players, **_settings(game_id, most))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any other warning of the API test fails
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(env, num_cycles=10_000)


@pytest.mark.parametrize(("game_id", "players", "most"), CASES)
def test_the_parallel_environment_passes_the_api_test(
    game_id: str, players: int, most: bool
) -> None:
    from pettingzoo.test import parallel_api_test

    par = rz.parallel_env(game_id, players, **_settings(game_id, most))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parallel_api_test(par, num_cycles=10_000)
    assert par.agents == []  # the game ended within the cycles


@pytest.mark.parametrize(("game_id", "players", "most"), CASES)
def test_the_same_seed_plays_the_same_game(game_id: str, players: int, most: bool) -> None:
    from pettingzoo.test import parallel_seed_test, seed_test

    settings = _settings(game_id, most)
    seed_test(lambda: rz.env(game_id, players, **settings), num_cycles=200)
    parallel_seed_test(lambda: rz.parallel_env(game_id, players, **settings), num_cycles=200)


VARIANTS = [
    pytest.param(
        "duck-and-cover",
        {"low_blows": True, "constraints": True, "surprises": True, "pressure": True},
        id="duck-and-cover-variants",
    ),
    pytest.param("duo", {"turbo": True, "exhausted": "empty-draw"}, id="duo-turbo"),
]


@pytest.mark.parametrize(("game_id", "options"), VARIANTS)
def test_the_variants_pass_the_api_tests(game_id: str, options: dict[str, Any]) -> None:
    from pettingzoo.test import api_test, parallel_api_test

    settings: dict[str, Any] = {"max_steps": 1500 if THOROUGH else 150, "options": options}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", "Observation is not a NumPy array")
        warnings.filterwarnings("ignore", "Observation space for each agent probably")
        api_test(rz.env(game_id, 3, **settings), num_cycles=10_000)
        parallel_api_test(rz.parallel_env(game_id, 3, **settings), num_cycles=10_000)
