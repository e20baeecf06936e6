"""Every rulespec game as an OpenSpiel Python game, and their registration.

Each game is registered under its OpenSpiel name (:data:`NAMES`:
``python_rulespec_`` and its id, a dash made an underscore) with the
parameters of :mod:`rulespec.openspiel.params`. Its type: imperfect
information, explicit stochastic chance (one chance node per card drawn, see
:mod:`rulespec.openspiel.draws`), terminal rewards, general sum; sequential,
or simultaneous for a game that declares it (Duck & Cover: every player
chooses their move of the turn at once). Its class is made from the game:
``DuoGame`` for :class:`~rulespec.duo.Duo` (:func:`game_class`).

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
from typing import Any, ClassVar, cast

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
    "RulespecGame",
    "game_class",
    "game_type",
    "max_game_length",
    "openspiel_name",
]


def openspiel_name(game: Game[Any, Any, Any, Any]) -> str:
    """The name OpenSpiel knows ``game`` by.

    >>> import rulespec
    >>> openspiel_name(rulespec.game("duck-and-cover"))
    'python_rulespec_duck_and_cover'
    """
    return "python_rulespec_" + game.id.replace("-", "_")


NAMES = {g.id: openspiel_name(g) for g in rulespec.games()}
"""The OpenSpiel name of each game, by rulespec id."""

SIMULTANEOUS = frozenset(g.id for g in rulespec.games() if g.declaration.simultaneous)
"""The games whose players to move act at once."""


def _simultaneous(game: Game[Any, Any, Any, Any]) -> bool:
    return bool(game.declaration.simultaneous)


def game_type(game: Game[Any, Any, Any, Any]) -> pyspiel.GameType:
    """The OpenSpiel type of ``game`` (see the module)."""
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=openspiel_name(game),
        long_name=f"rulespec {game.name}",
        dynamics=dynamics.SIMULTANEOUS if _simultaneous(game) else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
    per_move = players if _simultaneous(game) else 1
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
        self.settings = Settings(rules, players, options, length, _simultaneous(rules))
        """The players, options and move cap shared by the game's states."""
        self.first_node = Node.first(self.settings)
        """The start of every game: its first chance step, nothing drawn."""
        self._shape = tuple(rules.observation_shape(players, options))
        self._actions = info.num_distinct_actions

    def new_initial_state(self) -> RulespecState:
        """A new game, waiting for its first card to be drawn."""
        return RulespecState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> ViewObserver | HistoryObserver:
        """The observer of ``iig_obs_type`` (see :mod:`rulespec.openspiel.observer`)."""
        return observer(self._shape, self._actions, iig_obs_type, params)


_CLASSES: dict[str, type[RulespecGame]] = {}


def game_class(game: Game[Any, Any, Any, Any]) -> type[RulespecGame]:
    """The OpenSpiel game class of ``game``, registered with OpenSpiel: named after
    the game's class (``DuoGame``), made once.

    >>> import rulespec
    >>> game_class(rulespec.game("duo")).__name__
    'DuoGame'
    """
    made = _CLASSES.get(game.id)
    if made is None:
        name = f"{type(game).__name__}Game"
        made = cast(
            type[RulespecGame],
            type(
                name,
                (RulespecGame,),
                {
                    "rules": game,
                    "__doc__": f"{game.name} in OpenSpiel: ``{openspiel_name(game)}``.",
                    "__module__": __name__,
                    "__qualname__": name,
                },
            ),
        )
        _CLASSES[game.id] = made
    if openspiel_name(game) not in pyspiel.registered_names():
        pyspiel.register_game(game_type(game), made)
    return made


for _game in rulespec.games():
    game_class(_game)


def __getattr__(name: str) -> type[RulespecGame]:
    """A game's class by its name (``DuoGame``), as :func:`game_class` makes it."""
    for g in rulespec.games():
        if f"{type(g).__name__}Game" == name:
            return game_class(g)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
