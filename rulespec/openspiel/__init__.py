"""The three games as OpenSpiel games (needs the ``rl`` extra:
``uv sync --extra rl`` or ``pip install ".[rl]"`` in a clone of the repository).

Importing this module registers ``python_rulespec_duck_and_cover``,
``python_rulespec_duo`` and ``python_rulespec_canardage`` with
:func:`pyspiel.load_game`; :func:`load` loads one by its rulespec id.
``import rulespec`` imports neither this module nor OpenSpiel.

>>> import pyspiel
>>> from rulespec import openspiel as ros
>>> game = ros.load("duo", players=2, options={"max_rounds": 1})
>>> game
python_rulespec_duo(exhausted=last-draw,features=4,first_player=0,hand_size=7,jokers=True,leader_wins=False,max_game_length=0,max_rounds=1,players=2,turbo=False)
>>> str(pyspiel.load_game(str(game))) == str(game)
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the deal's first card
(True, 76)

What the games declare (type, utilities, lengths) is in
:mod:`rulespec.openspiel.game`; how a shuffle becomes chance nodes in
:mod:`rulespec.openspiel.draws`; what a player observes in
:mod:`rulespec.openspiel.observer` and :mod:`rulespec.openspiel.history`.
"""

from __future__ import annotations

from typing import Any

from rulespec.extras import require

require("rl", "rulespec.openspiel", "pyspiel")

import pyspiel

import rulespec
from rulespec.core.checks import integer
from rulespec.openspiel.game import NAMES
from rulespec.openspiel.params import DEFAULT_PLAYERS, parameters
from rulespec.openspiel.state import resampler

__all__ = ["NAMES", "load", "resampler"]


def load(
    game_id: str, players: int = DEFAULT_PLAYERS, options: Any = None, *, max_game_length: int = 0
) -> pyspiel.Game:
    """The OpenSpiel game of ``game_id`` (a rulespec id: ``"duo"``…) for ``players``
    players.

    ``options`` are the game's options or their JSON data (``None``: the rules
    as printed; Duo plays under the round limit simulations use unless
    ``max_rounds`` is given); ``max_game_length`` caps the moves of a game (0:
    the default, see :mod:`rulespec.openspiel.game`).

    Raises :class:`KeyError` for an unknown game, :class:`TypeError` for an
    argument of the wrong type, :class:`~rulespec.IllegalAction` for a player
    count the game does not allow, :class:`ValueError` for bad options.

    >>> from rulespec import openspiel as ros
    >>> game = ros.load("duck-and-cover", players=3)
    >>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
    (3, 53, 2000)
    >>> ros.load("canardage", players=2)
    Traceback (most recent call last):
      ...
    rulespec.core.errors.IllegalAction: can.setup.players: Canardage is for 3 to 6 players, not 2
    """
    rules = rulespec.game(game_id)
    params = parameters(rules, integer(players, "players"), options, max_game_length)
    return pyspiel.load_game(NAMES[rules.id], params)
