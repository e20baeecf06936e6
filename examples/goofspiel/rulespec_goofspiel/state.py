"""The state of a game of Goofspiel, its options, and what a player sees of it.

A state is an immutable ``attrs`` class: every step of the rules makes a new one,
sharing the parts it leaves unchanged. Two of its fields are hidden, and say so in
their metadata: the order of the face-down prizes, and the bids of the others that
the turn has not yet revealed. rulespec derives the view from them (:data:`View`:
the state's fields, the prizes sorted and another player's secret bid shown as 0)
and samples states from views by drawing what they hide.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Literal

import attrs

from rulespec.plugin import order_hidden, own_only, view_class
from rulespec.rulebook.implements import implements

__all__ = ["MAX_CARDS", "TIE_READINGS", "Options", "Phase", "State", "Ties", "View"]

MAX_CARDS = 13
"""The most cards a suit may have: ace (1) to king (13)."""

Ties = Literal["discard", "carry"]
TIE_READINGS: tuple[Ties, ...] = ("discard", "carry")


class Phase(Enum):
    """What the game waits for: the shuffle (chance), bids on the prize, nothing."""

    SHUFFLE = "shuffle"
    BID = "bid"
    OVER = "over"


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


def _hand(table: Any, seat: int) -> tuple[int, ...]:
    """The cards a secret bid of ``seat`` may be: those of their hand."""
    hand: tuple[int, ...] = table.hands[seat]
    return hand


@attrs.frozen(weakref_slot=False)
class State:
    """A whole game, hidden parts included."""

    players: int
    options: Options
    phase: Phase
    prize: int | None
    """The prize card on the table (``None`` before the shuffle and at the end)."""
    pot: tuple[int, ...]
    """Prize cards carried over from tied turns (always empty when ties discard)."""
    prizes: tuple[int, ...] = attrs.field(metadata=order_hidden())
    """The rest of the prize deck, face down, next card first."""
    hands: tuple[tuple[int, ...], ...]
    """Each player's cards not yet revealed, ascending: a secret bid stays in the hand
    until the turn is resolved, so a hand never gives it away."""
    bids: tuple[int | None, ...] = attrs.field(metadata=own_only(0, _hand))
    """This turn's secret bids, ``None`` for a player still to bid."""
    won: tuple[tuple[int, ...], ...]
    """The prize cards each player has won, in the order won."""
    discarded: tuple[int, ...]
    """The prize cards nobody won."""
    last: tuple[int, ...]
    """The bids revealed at the end of the last turn (empty before the first)."""


View = implements("gs.view.hidden", "gs.view.bids")(view_class(State, "View"))
"""What one player sees: ``player``, then the state's fields, with the prize deck
ascending and another player's bid this turn 0 (bid, card unseen) or ``None``."""
