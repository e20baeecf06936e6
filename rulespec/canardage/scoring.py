"""Who is still in, the scores and the winners."""

from __future__ import annotations

from rulespec.canardage.cards import DUCKS_PER_COLOUR
from rulespec.canardage.state import Phase, State
from rulespec.rulebook.implements import implements

__all__ = ["living", "out", "scores", "winners"]


def living(state: State) -> tuple[int, ...]:
    """Each player's ducks still alive (in the line, hidden in it, or in the duck deck)."""
    return tuple(DUCKS_PER_COLOUR - s for s in state.shot)


@implements("can.end.out")
def out(state: State) -> tuple[int, ...]:
    """The players with no duck left: they cannot win, but they still play."""
    return tuple(p for p, s in enumerate(state.shot) if s >= DUCKS_PER_COLOUR)


def scores(state: State) -> tuple[int, ...]:
    """Each player's living ducks (higher is better; the winner's is above 0 unless a
    single play shot the last ducks of every player still in)."""
    return living(state)


@implements("can.end.winner")
def winners(state: State) -> tuple[int, ...]:
    """The winner (or the players sharing the victory); ``()`` until the game is over."""
    return state.winners if state.phase is Phase.OVER else ()
