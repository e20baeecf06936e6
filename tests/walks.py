"""Random legal play, one step at a time, for tests that want states along a game."""

from __future__ import annotations

import random
from typing import Any

from rulespec import CHANCE


def random_step(g: Any, state: Any, rng: random.Random) -> Any:
    """``state`` after one step: the game's own draw when chance moves, else an action of
    the first player to move, chosen uniformly among the legal ones.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> dealt = random_step(duo, duo.new_game(3), random.Random(1))
    >>> duo.to_move(dealt) != (rulespec.CHANCE,)
    True
    """
    actor = g.to_move(state)[0]
    if actor == CHANCE:
        return g.apply(state, g.sample_chance(state, rng))
    return g.apply(state, rng.choice(g.legal_actions(state, actor)))
