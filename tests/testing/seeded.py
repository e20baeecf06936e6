"""States of seeded random games, for the tests of a kit's action space and probes, and
deterministic examples of a strategy, for the tests of its steering."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from hypothesis import Phase as Phases
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game

T = TypeVar("T")


def examples(strategy: st.SearchStrategy[T], count: int) -> list[T]:
    """``count`` generated examples of ``strategy`` (deterministic, no shrinking)."""
    found: list[T] = []

    @settings(max_examples=count, database=None, derandomize=True, phases=[Phases.generate])
    @given(strategy)
    def collect(value: T) -> None:
        found.append(value)

    collect()
    return found


def share(values: list[T], predicate: Callable[[T], Any]) -> float:
    """The share of ``values`` that ``predicate`` holds of."""
    return sum(1 for v in values if predicate(v)) / len(values)


def seeded_states(
    game: Game[Any, Any, Any, Any],
    seeds: range,
    players: tuple[int, ...],
    *,
    options: tuple[Any, ...] = (None,),
    steps: int = 200,
    every: int = 1,
) -> Iterator[Any]:
    """Every ``every``-th state where a player is to move, in games played at random
    (chance and choices drawn from each game's seed), at most ``steps`` player steps each;
    the seed picks the player count and the options in turn."""
    for seed in seeds:
        rng = random.Random(seed)
        n = players[seed % len(players)]
        state = game.start(n, seed=seed, options=options[seed % len(options)])
        step = 0
        while step < steps and not game.is_over(state):
            movers = game.to_move(state)
            if movers == (CHANCE,):
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            if step % every == 0:
                yield state
            player = movers[rng.randrange(len(movers))]
            legal = game.legal_actions(state, player)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            step += 1
