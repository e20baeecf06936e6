"""The three games as OpenSpiel Python games, and their registration.

Each game is registered under its OpenSpiel name (:data:`NAMES`) with the
parameters of :mod:`rulespec.openspiel.params`. Its type: imperfect
information, explicit stochastic chance (one chance node per card drawn, see
:mod:`rulespec.openspiel.draws`), terminal rewards, general sum; Duo and
Canardage are sequential, Duck & Cover simultaneous (every player chooses
their move of the turn at once).

Its numbers (``GameInfo``), for ``players`` players with ``options``:

- ``num_distinct_actions``: :meth:`Game.action_space_size
  <rulespec.Game.action_space_size>`;
- ``max_chance_outcomes``: the largest pile that a chance step orders (the
  deck of a Duo deal, the action deck of Canardage, the draw deck of Duck &
  Cover): no chance step of the game shuffles more cards;
- utilities: 1 to each winner, 0 to every other player; a shared victory
  gives 1 to each of its winners, a game that ends with no winner (Duo's
  round limit, a truncated game) 0 to all. So ``min_utility`` 0,
  ``max_utility`` 1, and no ``utility_sum`` (it varies);
- ``max_game_length``: the moves a game may take, a move being a player's
  action (Duo, Canardage) or a whole turn (Duck & Cover). The parameter of
  that name when not 0; else :func:`rulespec.rl.lengths.max_game_length`
  (the rules' own bound for Duo's round limit, 2000 turns of Duck & Cover,
  2000 actions of Canardage), as the PettingZoo environments use. A game
  that reaches it without ending is truncated (over, nobody wins).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pyspiel

import rulespec
from rulespec.core.game import Game
from rulespec.openspiel.node import Node, Settings
from rulespec.openspiel.observer import HistoryObserver, ViewObserver, observer
from rulespec.openspiel.params import parameters, settings, specification
from rulespec.openspiel.state import RulespecState
from rulespec.rl import lengths

__all__ = [
    "NAMES",
    "SIMULTANEOUS",
    "CanardageGame",
    "DuckAndCoverGame",
    "DuoGame",
    "RulespecGame",
    "game_type",
    "max_game_length",
]

NAMES = {
    "canardage": "python_rulespec_canardage",
    "duck-and-cover": "python_rulespec_duck_and_cover",
    "duo": "python_rulespec_duo",
}
"""The OpenSpiel name of each game, by rulespec id."""

SIMULTANEOUS = frozenset({"duck-and-cover"})
"""The games whose players to move act at once."""


def game_type(game: Game[Any, Any, Any, Any]) -> pyspiel.GameType:
    """The OpenSpiel type of ``game`` (see the module)."""
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=NAMES[game.id],
        long_name=f"rulespec {game.name}",
        dynamics=dynamics.SIMULTANEOUS if game.id in SIMULTANEOUS else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification(game),
    )


def max_game_length(game: Game[Any, Any, Any, Any], players: int, options: Any, cap: int) -> int:
    """The moves a game may take: ``cap`` when not 0, else the default (see the module).

    >>> import rulespec
    >>> dc, duo = rulespec.game("duck-and-cover"), rulespec.game("duo")
    >>> max_game_length(dc, 3, dc.default_options(), 0)  # turns
    2000
    >>> max_game_length(duo, 2, duo.decode_options({"max_rounds": 1}), 0)  # 3 × 76 − 14 − 5
    209
    >>> max_game_length(duo, 2, duo.decode_options({"max_rounds": 1}), 50)
    50
    """
    per_move = players if game.id in SIMULTANEOUS else 1
    steps = None if cap == 0 else cap * per_move
    return lengths.max_game_length(game, players, options, steps) // per_move


class RulespecGame(pyspiel.Game):  # type: ignore[misc]
    """A rulespec game in OpenSpiel; :attr:`rules` names which. Made by
    :func:`pyspiel.load_game` (or :func:`rulespec.openspiel.load`)."""

    rules: ClassVar[Game[Any, Any, Any, Any]]
    """The rulespec game."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        rules = self.rules
        players, options, cap = settings(rules, params or {})
        length = max_game_length(rules, players, options, cap)
        first = rules.chance(rules.new_game(players, options))
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.action_space_size(players, options),
            max_chance_outcomes=max(len(pile) for pile in first.piles),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=length,
        )
        full = parameters(rules, players, options, cap)
        super().__init__(game_type(rules), info, full)
        self.settings = Settings(rules, players, options, length, rules.id in SIMULTANEOUS)
        """The players, options and move cap shared by the game's states."""
        self.first_node = Node.first(self.settings)
        """The start of every game: its first chance step, nothing drawn."""
        self._shape = tuple(rules.observation_shape(players, options))

    def new_initial_state(self) -> RulespecState:
        """A new game, waiting for its first card to be drawn."""
        return RulespecState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> ViewObserver | HistoryObserver:
        """The observer of ``iig_obs_type`` (see :mod:`rulespec.openspiel.observer`)."""
        return observer(self._shape, iig_obs_type, params)


class DuckAndCoverGame(RulespecGame):
    """Duck & Cover in OpenSpiel: ``python_rulespec_duck_and_cover``."""

    rules = rulespec.game("duck-and-cover")


class DuoGame(RulespecGame):
    """Duo in OpenSpiel: ``python_rulespec_duo``."""

    rules = rulespec.game("duo")


class CanardageGame(RulespecGame):
    """Canardage in OpenSpiel: ``python_rulespec_canardage``."""

    rules = rulespec.game("canardage")


_CLASSES: tuple[type[RulespecGame], ...] = (CanardageGame, DuckAndCoverGame, DuoGame)

for _cls in _CLASSES:
    if NAMES[_cls.rules.id] not in pyspiel.registered_names():
        pyspiel.register_game(game_type(_cls.rules), _cls)
