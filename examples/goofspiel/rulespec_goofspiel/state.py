"""The state of a game of Goofspiel, and its options.

A state is an immutable ``attrs`` class: every step of the rules makes a new one,
sharing the parts it leaves unchanged. Containers are tuples, so a state is
hashable and can be kept in a history without copying.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

import attrs

from rulespec.drawing.show import Shown

__all__ = ["MAX_CARDS", "TIE_READINGS", "Options", "Phase", "State", "Ties", "progress"]

MAX_CARDS = 13
"""The most cards a suit may have: ace (1) to king (13)."""

Ties = Literal["discard", "carry"]
TIE_READINGS: tuple[Ties, ...] = ("discard", "carry")


class Phase(Enum):
    """What the game waits for."""

    SHUFFLE = "shuffle"
    """Chance: the prize deck is shuffled."""
    BID = "bid"
    """The players still to bid on the prize on the table (at once, in secret)."""
    OVER = "over"
    """Every prize has been played for."""


def _cards(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_CARDS:
        raise ValueError(f"cards: expected a whole number from 1 to {MAX_CARDS}")


def _ties(_: object, __: object, value: str) -> None:
    if value not in TIE_READINGS:
        raise ValueError(f"ties: expected one of {', '.join(TIE_READINGS)}")


@attrs.frozen
class Options:
    """The options of Goofspiel: the size of the suits and the reading of a tie.

    >>> Options().cards, Options().ties
    (13, 'discard')
    """

    cards: int = attrs.field(default=MAX_CARDS, validator=_cards)
    """How many cards each suit holds, from 1 to 13 (its cards are 1 to this number)."""
    ties: Ties = attrs.field(default="discard", validator=_ties)
    """What becomes of a prize that two highest bids tie for: ``"discard"`` (no one
    scores it) or ``"carry"`` (it goes with the next prize to the next winner)."""


@attrs.frozen(weakref_slot=False)
class State(Shown):
    """A whole game, hidden parts included.

    Players see it through :func:`rulespec_goofspiel.view.view`.
    """

    players: int
    options: Options
    phase: Phase
    prize: int | None
    """The prize card on the table (``None`` before the shuffle and at the end)."""
    pot: tuple[int, ...]
    """Prize cards carried over from tied turns (always empty when ties discard)."""
    prizes: tuple[int, ...]
    """The rest of the prize deck, face down, next card first."""
    hands: tuple[tuple[int, ...], ...]
    """Each player's cards not yet revealed, ascending: a secret bid stays in the hand
    until the turn is resolved."""
    bids: tuple[int | None, ...]
    """This turn's secret bids, ``None`` for a player still to bid."""
    won: tuple[tuple[int, ...], ...]
    """The prize cards each player has won, in the order won."""
    discarded: tuple[int, ...]
    """The prize cards nobody won."""
    last: tuple[int, ...]
    """The bids revealed at the end of the last turn (empty before the first)."""

    def __repr__(self) -> str:
        return f"<goofspiel State: {self.players} players, {progress(self)}>"


def progress(table: Any) -> str:
    """Where a game stands, in a few words (for the one-line repr of states and views)."""
    scores = tuple(sum(w) for w in table.won)
    if table.phase is Phase.SHUFFLE:
        return "prize deck to shuffle"
    if table.phase is Phase.OVER:
        return f"game over, scores {scores}"
    return f"bidding for the {table.prize}, scores {scores}"
