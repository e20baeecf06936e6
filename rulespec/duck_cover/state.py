"""The state of a game of Duck & Cover."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

import attrs

from rulespec.duck_cover.actions import PlayerAction
from rulespec.duck_cover.cards import MAX, REPEAT, SPLASHES, Call, DrawCard
from rulespec.duck_cover.grid import Grid

__all__ = ["Options", "Phase", "State"]


class Phase(Enum):
    """What the game waits for."""

    DEAL = "deal"
    """Chance: a round's grids and draw pile."""
    RESHUFFLE = "reshuffle"
    """Chance: the draw pile is empty and a card must be drawn."""
    TURN = "turn"
    """Players: each submits their action on the called card."""
    OVER = "over"
    """The third round has ended."""


def _to_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _splashes(_: object, __: object, value: tuple[int, ...]) -> None:
    if len(value) != 12 or not all(type(v) is int for v in value):
        raise ValueError("splashes: expected twelve whole numbers, for cards 1 to 12")


@attrs.frozen
class Options:
    """The rules' adjustable data. The defaults are the published game.

    >>> Options().splashes[11]
    5
    """

    splashes: tuple[int, ...] = attrs.field(
        default=SPLASHES, converter=_to_tuple, validator=_splashes
    )
    """Splashes of cards 1–12 (FACTS: publisher data; replace to correct the table)."""


@attrs.frozen
class State:
    """A complete game state, hidden parts included.

    Build states with :meth:`DuckAndCover.new_game`, :meth:`DuckAndCover.apply`
    or :func:`rulespec.duck_cover.position`; players see it through
    :meth:`DuckAndCover.view`.
    """

    players: int
    options: Options
    phase: Phase
    round: int
    """The current round, from 0."""
    grids: tuple[Grid, ...]
    draw_pile: tuple[DrawCard, ...]
    """Next card first."""
    captain_pile: tuple[DrawCard, ...]
    """Bottom first: ``captain_pile[-1]`` is its visible top."""
    discard_zone: tuple[DrawCard, ...]
    """In the order the cards were discarded."""
    card: DrawCard | None
    """The card drawn this turn, while players act on it."""
    previous: Call | None
    """The call of the previous card of this round (what Repeat repeats)."""
    previous_discarded: bool
    """Whether the previous card of this round went to the discard zone."""
    submitted: tuple[PlayerAction | None, ...]
    """Each player's action this turn, ``None`` until they act."""
    round_scores: tuple[tuple[int, ...], ...]
    """Each finished round's scores, per player."""
    # Each player's called stack this turn (see rules.called_stacks), computed once per
    # turn on first use; not part of the value.
    _called_: tuple[int, ...] | None = attrs.field(init=False, default=None, eq=False, repr=False)

    @property
    def call(self) -> Call | None:
        """What this turn asks players to move: a number 1–12 or ``MAX``."""
        if self.card == REPEAT:
            return self.previous
        return self.card

    @property
    def discard_limit(self) -> int:
        """The number of discards that ends a round: 11 − players."""
        return 11 - self.players

    def is_max(self) -> bool:
        """Whether this turn calls each player's highest visible card."""
        return self.call == MAX

    def _repr_svg_(self) -> str:
        """The picture Jupyter shows (see :func:`rulespec.duck_cover.render.svg`)."""
        from rulespec.duck_cover import render

        return render.svg(self)
