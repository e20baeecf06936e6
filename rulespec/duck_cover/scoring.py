"""Scoring: splashes at the end of a round; totals and the winners of a game."""

from __future__ import annotations

from rulespec.duck_cover.cards import number_of
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.rulebook.implements import implements

__all__ = ["card_values", "pressure", "round_score", "round_scores", "totals", "winners"]


@implements("dc.score.splashes", "dc.score.sign", "dc.cards.splashes")
def round_score(grid: Grid, splashes: tuple[int, ...]) -> int:
    """Splashes on the visible cards; negative when the player has a single stack.

    ``splashes`` gives what each card 1–12 scores (see :func:`card_values`); a
    duck received under *Low blows* scores like any card of its number.

    >>> from rulespec.duck_cover.cards import SPLASHES
    >>> two, one = Grid.from_diagram("6 2"), Grid.from_diagram("6/10")
    >>> round_score(two, SPLASHES), round_score(one, SPLASHES)
    (3, -4)
    """
    total = sum(splashes[number_of(stack[-1]) - 1] for _, stack in grid.cells)
    return -total if len(grid.cells) == 1 else total


@implements("dc.variant.competition")
def card_values(options: Options) -> tuple[int, ...]:
    """What a visible card 1–12 scores: its splashes, or under *Competition* its number.

    >>> card_values(Options(competition=True))[:3], card_values(Options())[:3]
    ((1, 2, 3), (0, 1, 1))
    """
    return options.card_values


@implements("dc.variant.pressure")
def pressure(score: int, options: Options, last: bool) -> int:
    """A round score as it counts: under *Pressure*, doubled when negative in the last
    round.

    >>> pressure(-4, Options(pressure=True), last=True), pressure(4, Options(pressure=True), True)
    (-8, 4)
    """
    return 2 * score if options.pressure and last and score < 0 else score


def round_scores(grids: tuple[Grid, ...], options: Options, last: bool = False) -> tuple[int, ...]:
    """Every player's score for the round that ``grids`` end (``last``: the third round)."""
    values = card_values(options)
    return tuple(pressure(round_score(grid, values), options, last) for grid in grids)


def totals(state: State) -> tuple[int, ...]:
    """Each player's total over the finished rounds."""
    return tuple(sum(scores[p] for scores in state.round_scores) for p in range(state.players))


@implements("dc.game.winner", "dc.game.tiebreak")
def winners(state: State) -> tuple[int, ...]:
    """The lowest total wins; ties go to the fewest visible cards at the end of the last
    round; a tie after that is a shared victory."""
    if state.phase is not Phase.OVER:
        return ()
    total = totals(state)
    best = min(total)
    tied = [p for p in range(state.players) if total[p] == best]
    fewest = min(len(state.grids[p].cells) for p in tied)
    return tuple(p for p in tied if len(state.grids[p].cells) == fewest)
