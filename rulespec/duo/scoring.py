"""Scoring: the points of a round, totals, the target score and the winner."""

from __future__ import annotations

from rulespec.duo.cards import Card
from rulespec.duo.state import Phase, State
from rulespec.rulebook.implements import implements

__all__ = ["exhausted_scores", "out_scores", "reached_target", "target", "totals", "winners"]


@implements("duo.score.out")
def out_scores(hands: tuple[tuple[Card, ...], ...], winner: int) -> tuple[int, ...]:
    """The winner of the round scores one point per card left in the other hands.

    The rulebook's example: hands of 2 and 3 cards give the winner 5 points.

    >>> out_scores(((), (1, 2), (3, 4, 5)), winner=0)
    (5, 0, 0)
    """
    won = sum(len(h) for p, h in enumerate(hands) if p != winner)
    return tuple(won if p == winner else 0 for p in range(len(hands)))


@implements("duo.score.exhausted")
def exhausted_scores(hands: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    """Every player loses one point per card they hold.

    >>> exhausted_scores(((1,), (2, 3, 4)))
    (-1, -3)
    """
    return tuple(-len(h) for h in hands)


def totals(state: State) -> tuple[int, ...]:
    """Each player's score over the finished rounds."""
    return state.totals()


@implements("duo.game.target")
def target(players: int) -> int:
    """The score that wins the match: 10 with 2 players, 15 with 3 or 4, 20 with 5 or 6.

    >>> [target(n) for n in range(2, 7)]
    [10, 15, 15, 20, 20]
    """
    return 10 if players == 2 else 15 if players <= 4 else 20


@implements("duo.game.target")
def reached_target(totals: tuple[int, ...], players: int) -> int | None:
    """The player whose total reaches or passes the target, if any.

    Only a round's winner gains points, so at most one player reaches it at once.

    >>> reached_target((9, 10), 2), reached_target((14, -3, 2), 3)
    (1, None)
    """
    goal = target(players)
    for p, total in enumerate(totals):
        if total >= goal:
            return p
    return None


@implements("duo.game.round-limit")
def winners(state: State) -> tuple[int, ...]:
    """The player who reached the target; ``()`` until then, and after a round limit
    unless the option ``leader_wins`` gives the match to the highest totals."""
    if state.phase is not Phase.OVER:
        return ()
    totals = state.totals()
    best = reached_target(totals, state.players)
    if best is not None:
        return (best,)
    if not state.options.leader_wins:
        return ()
    top = max(totals)
    return tuple(p for p, total in enumerate(totals) if total == top)
