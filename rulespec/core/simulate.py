"""Play many games with a policy, checking the invariants at every step."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.core.invariants import Violation

__all__ = ["GameResult", "InvariantBroken", "Policy", "play", "random_policy", "simulate"]

Policy = Callable[[Game[Any, Any, Any, Any], Any, int, random.Random], Any]
"""Chooses a player's action: ``policy(game, state, player, rng) -> action``."""


def random_policy(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    """A legal action chosen uniformly."""
    return rng.choice(g.legal_actions(state, player))


class InvariantBroken(AssertionError):
    """A step of a simulated game broke an invariant: the game's seed says how to replay it."""

    def __init__(self, seed: str, step: int, violations: Sequence[Violation]) -> None:
        detail = "; ".join(str(v) for v in violations)
        super().__init__(f"game seed {seed!r}, step {step}: {detail}")
        self.seed = seed
        self.step = step
        self.violations = tuple(violations)


@attrs.frozen
class GameResult:
    """One simulated game: its seed, final scores, winners, steps and events."""

    seed: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    steps: int
    events: tuple[tuple[str, int], ...]
    """Counts of the game's events (e.g. ``("round:single-pile", 2)``)."""


def play(
    g: Game[Any, Any, Any, Any],
    players: int,
    seed: str,
    *,
    policy: Policy = random_policy,
    options: Any = None,
    check: bool = True,
) -> GameResult:
    """Play one game from ``random.Random(seed)``; raise :class:`InvariantBroken` on a
    broken invariant when ``check``."""
    rng = random.Random(seed)
    state = g.new_game(players, options)
    events: Counter[str] = Counter()
    steps = 0
    while not g.is_over(state):
        actor = g.to_move(state)[0]
        chance = actor == CHANCE
        action = g.sample_chance(state, rng) if chance else policy(g, state, actor, rng)
        after = g.apply(state, action)
        steps += 1
        if check:
            found = g.violations(after) + g.step_violations(state, action, after)
            if found:
                raise InvariantBroken(seed, steps, found)
        events.update(g.events(state, action, after))
        state = after
    return GameResult(seed, g.scores(state), g.winners(state), steps, tuple(sorted(events.items())))


def simulate(
    g: Game[Any, Any, Any, Any],
    players: int,
    games: int,
    *,
    seed: int = 0,
    policy: Policy = random_policy,
    options: Any = None,
    check: bool = True,
) -> Iterator[GameResult]:
    """Play ``games`` games; game ``i`` uses the seed ``f"{seed}-{i}"``, so any game
    can be replayed alone.

    >>> import rulespec
    >>> results = list(simulate(rulespec.game("duck-and-cover"), 2, 2, seed=1))
    >>> [len(r.scores) for r in results]
    [2, 2]
    """
    for i in range(games):
        yield play(g, players, f"{seed}-{i}", policy=policy, options=options, check=check)
