"""The errors rulespec raises."""

from __future__ import annotations

from typing import Any

__all__ = ["IllegalAction", "PositionError", "RecordError", "UnknownCard"]


class IllegalAction(ValueError):
    """An action that the rules forbid in the given state.

    It names the clause it breaks and says why in a sentence a player would
    understand. The state it was offered to is untouched (states are
    immutable).

    >>> err = IllegalAction("dc.move.duck-adjacent", "a ducked card must touch your cards")
    >>> str(err)
    'dc.move.duck-adjacent: a ducked card must touch your cards'
    >>> err.clause
    'dc.move.duck-adjacent'
    """

    def __init__(self, clause: str, reason: str) -> None:
        super().__init__(f"{clause}: {reason}")
        self.clause = clause
        self.reason = reason


class RecordError(ValueError):
    """A malformed state, action or record: says where and what, in one line.

    >>> str(RecordError("steps[3].to", "expected two integers"))
    'steps[3].to: expected two integers'
    """

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}" if where else what)
        self.where = where
        self.what = what


class UnknownCard(RecordError):
    """A card that is not one of the game's (a card of another edition, say): ``card`` is
    the value read, ``sample`` a card of the game of the same kind.

    >>> err = UnknownCard("hand[0]", "expected an action card id", "peace-and-love", "pan")
    >>> str(err), err.card
    ('hand[0]: expected an action card id', 'peace-and-love')
    """

    def __init__(self, where: str, what: str, card: Any, sample: Any) -> None:
        super().__init__(where, what)
        self.card = card
        self.sample = sample


class PositionError(ValueError):
    """A position given to a position builder that no game can reach.

    >>> str(PositionError("card 5 appears twice in player 0's grid"))
    "card 5 appears twice in player 0's grid"
    """
