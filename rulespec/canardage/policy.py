"""Random play the way a table would: a card first, then a use of it."""

from __future__ import annotations

import random
from typing import Any

from rulespec.canardage.rules import legal_actions
from rulespec.canardage.state import State
from rulespec.core.game import Game

__all__ = ["random_card_policy"]


def random_card_policy(
    g: Game[Any, Any, Any, Any], state: State, player: int, rng: random.Random
) -> Any:
    """A uniformly chosen playable card (or card to discard when none is playable), then a
    uniformly chosen use of it; a :data:`rulespec.core.game.Policy`.

    Uniform choice over all legal actions would favour Canarchie, which has up
    to 719 uses.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> s = can.start(3, seed=4)
    >>> random_card_policy(can, s, s.turn, random.Random(0)) in can.legal_actions(s, s.turn)
    True
    """
    legal = legal_actions(state, player)
    card = rng.choice(legal.cards())
    return rng.choice(legal.uses(card))
