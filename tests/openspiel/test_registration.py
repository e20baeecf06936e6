"""The games are registered with OpenSpiel under their names, with the declared type,
numbers and parameters; importing rulespec imports none of it."""

from __future__ import annotations

import subprocess
import sys

import pyspiel
import pytest

import rulespec
from rulespec import openspiel as ros
from tests.openspiel.helpers import GAME_IDS

NAMES = {
    "duck-and-cover": "python_rulespec_duck_and_cover",
    "duo": "python_rulespec_duo",
    "canardage": "python_rulespec_canardage",
}


def test_importing_rulespec_imports_no_openspiel() -> None:
    code = (
        "import sys, rulespec\n"
        "print(sorted(m for m in sys.modules if m.startswith(('pyspiel', 'open_spiel', "
        "'rulespec.openspiel', 'numpy'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_load_game_by_name(game_id: str) -> None:
    rules = rulespec.game(game_id)
    assert NAMES[game_id] in pyspiel.registered_names()
    game = pyspiel.load_game(NAMES[game_id], {"players": rules.max_players})
    assert game.num_players() == rules.max_players
    assert game.get_type().short_name == NAMES[game_id]
    assert game.get_type().min_num_players == rules.min_players
    assert game.get_type().max_num_players == rules.max_players
    # The game string names every parameter and loads the same game again.
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.num_players() == rules.max_players


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_type(game_id: str) -> None:
    kind = ros.load(game_id, 4).get_type()
    simultaneous = game_id == "duck-and-cover"
    dynamics = pyspiel.GameType.Dynamics
    assert kind.dynamics == (dynamics.SIMULTANEOUS if simultaneous else dynamics.SEQUENTIAL)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor


@pytest.mark.parametrize(
    ("game_id", "players", "options", "actions", "outcomes"),
    [
        ("duck-and-cover", 2, {}, 53, 26),
        ("duck-and-cover", 5, {"low_blows": True}, 737, 26),
        ("duck-and-cover", 3, {"constraints": True}, 53, 20),  # 4–12 twice, Max, Repeat
        ("duo", 3, {}, 156, 76),
        ("duo", 3, {"turbo": True}, 156, 80),
        ("canardage", 6, {}, 832, 52),
        ("canardage", 3, {"action_deck": {"pan": 60}}, 832, 60),
    ],
)
def test_game_numbers(
    game_id: str, players: int, options: dict[str, object], actions: int, outcomes: int
) -> None:
    rules = rulespec.game(game_id)
    game = ros.load(game_id, players, options)
    assert game.num_distinct_actions() == actions
    assert game.num_distinct_actions() == rules.action_space_size(
        players, rules.decode_options(options)
    )
    assert game.max_chance_outcomes() == outcomes
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, None)
    assert game.observation_tensor_shape() == list(
        rules.observation_shape(players, rules.decode_options(options))
    )


def test_declared_lengths() -> None:
    # Duo: the rules' bound of its round limit, 3 × 76 − 7n − 5 actions a round.
    assert ros.load("duo", 2).max_game_length() == 50 * (3 * 76 - 14 - 5)
    assert ros.load("duo", 4, {"max_rounds": 3}).max_game_length() == 3 * (3 * 76 - 28 - 5)
    assert ros.load("duo", 2, max_game_length=100).max_game_length() == 100
    # Duck & Cover counts whole turns, Canardage single actions.
    assert ros.load("duck-and-cover", 6).max_game_length() == 2000
    assert ros.load("canardage", 5).max_game_length() == 2000
    assert ros.load("canardage", 5, max_game_length=30).max_game_length() == 30


def test_options_as_parameters() -> None:
    game = pyspiel.load_game(
        "python_rulespec_duck_and_cover(players=3,low_blows=True,splashes=1 1 1 1 1 1 1 1 1 1 1 1)"
    )
    options = game.settings.options
    assert options.low_blows and options.splashes == (1,) * 12
    assert game.num_distinct_actions() == 737
    duo = pyspiel.load_game("python_rulespec_duo(players=2,exhausted=empty-draw,max_rounds=2)")
    assert duo.settings.options.exhausted == "empty-draw"
    assert duo.settings.options.max_rounds == 2


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(rulespec.IllegalAction, match=r"duo\.setup\.players"):
        pyspiel.load_game("python_rulespec_duo", {"players": 9})
    with pytest.raises(ValueError, match="splashes must be whole numbers"):
        pyspiel.load_game("python_rulespec_duck_and_cover(splashes=1 2 x)")
    with pytest.raises(ValueError, match="max_game_length"):
        pyspiel.load_game("python_rulespec_canardage", {"max_game_length": -1})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_rulespec_duo", {"turbos": True})


def test_load_refuses_bad_arguments() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        ros.load("chess", 2)
    with pytest.raises(TypeError, match="players must be an integer"):
        ros.load("duo", 2.0)  # type: ignore[arg-type]
    with pytest.raises(rulespec.IllegalAction, match=r"can\.setup\.players"):
        ros.load("canardage", 2)
    with pytest.raises(TypeError, match="options must be"):
        ros.load("duo", 2, options=rulespec.game("canardage").default_options())
    with pytest.raises(ValueError, match="max_game_length"):
        ros.load("duo", 2, max_game_length=-5)
