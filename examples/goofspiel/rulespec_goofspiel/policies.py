"""Goofspiel's own player for simulations, besides rulespec's uniformly random one.

A policy is ``policy(game, state, player, rng) -> action`` (see
:data:`rulespec.core.game.Policy`); it must be a function at module level so
that a simulation can send it to other processes.
"""

from __future__ import annotations

import random
from typing import Any

from rulespec.core.game import Game
from rulespec_goofspiel.actions import Bid

__all__ = ["match_policy"]


def match_policy(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Bid:
    """Bid the card closest to the prize's value (the lower one of two as close).

    >>> import rulespec
    >>> goof = rulespec.game("goofspiel")
    >>> state = goof.start(2, seed=1)
    >>> match_policy(goof, state, 0, random.Random(0)).card == state.prize
    True
    """
    bids: list[Bid] = list(g.legal_actions(state, player))
    return min(bids, key=lambda b: (abs(b.card - state.prize), b.card))
