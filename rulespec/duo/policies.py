"""Duo's own built-in player for simulations and benchmarks, besides the
uniformly random one (:func:`rulespec.core.game.random_policy`).

A policy is ``policy(game, state, player, rng) -> action`` (see
:data:`rulespec.core.game.Policy`).
"""

from __future__ import annotations

import random
from typing import Any

from rulespec.core.game import Game
from rulespec.duo.actions import PlayerAction

__all__ = ["greedy_policy"]


def greedy_policy(
    g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random
) -> PlayerAction:
    """Play when you can: a uniformly chosen play while one is legal; otherwise
    Stop (after playing) or Draw.

    Duo's legal actions list the plays first and the Draw or Stop last.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.position([["red-3-circle", "blue-1-square"], ["yellow-4-cross"]],
    ...                      [["red-3-cross"], ["green-2-square"]])
    >>> greedy_policy(duo, state, 0, random.Random(0))
    Play(player=0, card=24, pile=0)
    """
    *plays, last = g.legal_actions(state, player)
    action: PlayerAction = rng.choice(plays) if plays else last
    return action
