"""The state of a match of Duo."""

from __future__ import annotations

import functools
from enum import Enum
from typing import Any, Literal

import attrs

from rulespec.drawing.show import Shown
from rulespec.duo.cards import TURBO, Card, deck

__all__ = ["EXHAUSTED_READINGS", "MAX_ROUNDS", "Exhausted", "Options", "Phase", "State"]

Exhausted = Literal["last-draw", "empty-draw"]
EXHAUSTED_READINGS: tuple[Exhausted, ...] = ("last-draw", "empty-draw")


class Phase(Enum):
    """What the match waits for."""

    DEAL = "deal"
    """Chance: the shuffle of a round."""
    TURN = "turn"
    """The player on turn: Play, Stop or Draw."""
    OVER = "over"
    """A player has reached the target score (or the round limit stopped the match)."""


def _first_player(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 0 <= value < 6:
        raise ValueError("first_player: expected a seat from 0 to 5")


def _exhausted(_: object, __: object, value: str) -> None:
    if value not in EXHAUSTED_READINGS:
        raise ValueError(f"exhausted: expected one of {', '.join(EXHAUSTED_READINGS)}")


def _small(low: int, high: int) -> Any:
    def check(_: object, attribute: Any, value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{attribute.name}: expected a whole number from {low} to {high}")

    return check


MAX_ROUNDS = 1_000_000
"""The largest ``max_rounds``: far more rounds than any simulation plays."""


def _max_rounds(_: object, __: object, value: int | None) -> None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_ROUNDS):
        raise ValueError(f"max_rounds: expected a whole number from 1 to {MAX_ROUNDS}, or None")


@attrs.frozen
class Options:
    """The options of Duo. The defaults are the base game as printed.

    >>> Options().turbo, Options().exhausted
    (False, 'last-draw')
    """

    turbo: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    """Turbo-DUO: add the four Turbo-jokers (80 cards)."""
    first_player: int = attrs.field(default=0, validator=_first_player)
    """The seat of the youngest player, who starts the first round."""
    exhausted: Exhausted = attrs.field(default="last-draw", validator=_exhausted)
    """When an exhausted draw pile ends the round: ``"last-draw"`` (as soon as its
    last card is drawn) or ``"empty-draw"`` (when a player draws from it empty)."""
    max_rounds: int | None = attrs.field(default=None, validator=_max_rounds)
    """Not a rule: stop the match, with no winner, after this many rounds, at most
    :data:`MAX_ROUNDS` (for simulations, where random play may never reach the target)."""
    leader_wins: bool = attrs.field(default=False, validator=attrs.validators.instance_of(bool))
    """Not a rule: a match stopped by ``max_rounds`` is won by the highest total (every
    player holding it), so that simulations and learners see a winner."""
    features: int = attrs.field(default=4, validator=_small(1, 4))
    """Not a rule: how many colours, numbers and shapes are in play, the first of each
    (a smaller deck, for exhaustive exploration of small matches)."""
    jokers: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))
    """Not a rule: whether the jokers of the features in play are in the deck."""
    hand_size: int = attrs.field(default=7, validator=_small(1, 7))
    """Not a rule: the cards dealt to each player (seven in the rulebook). A match whose
    deck cannot deal them to every player and start the two piles is refused when it
    starts (``duo.setup.deal``)."""

    def cards(self) -> tuple[int, ...]:
        """The deck these options play with, in canonical order (76 cards, 80 with Turbo).

        >>> len(Options().cards()), Options(features=2, jokers=False).cards()
        (76, (0, 1, 4, 5, 16, 17, 20, 21))
        """
        return _cards(self.turbo, self.features, self.jokers)


@attrs.frozen(weakref_slot=False)
class State(Shown):
    """A complete match state, hidden parts included.

    Build states with :meth:`Duo.new_game`, :meth:`Duo.apply` or
    :func:`rulespec.duo.position`; players see them through :meth:`Duo.view`.
    """

    players: int
    options: Options
    phase: Phase
    round: int
    """The current round, from 0 (during a deal: the round being dealt)."""
    starter: int
    """The player who starts (started) the current round."""
    turn: int
    """The player on turn (during a deal: the round's starter)."""
    turn_pile: int | None
    """The pile the player on turn has played on this turn; ``None`` before their first card."""
    hands: tuple[tuple[Card, ...], ...]
    """Each player's hand, sorted."""
    piles: tuple[tuple[Card, ...], ...]
    """The two discard piles, bottom first: ``piles[i][-1]`` is the top card."""
    draw_pile: tuple[Card, ...]
    """Next card first."""
    round_scores: tuple[tuple[int, ...], ...]
    """Each finished round's points, per player (negative after an exhausted draw pile)."""
    # Not part of the value: while the match waits for a deal, the deal the game drew
    # from this state's deck (rules.DRAWN).
    _drawn: Any = attrs.field(init=False, default=None, eq=False, repr=False)

    def totals(self) -> tuple[int, ...]:
        """Each player's score over the finished rounds."""
        return tuple(sum(scores[p] for scores in self.round_scores) for p in range(self.players))

    def __repr__(self) -> str:
        return f"<duo State: {self.players} players, {progress(self)}>"


@functools.cache
def _cards(turbo: bool, features: int, jokers: bool) -> tuple[int, ...]:
    if features == 4 and jokers:
        return deck(turbo)
    kept = range(features)
    symbols = [16 * c + 4 * n + s for c in kept for n in kept for s in kept]
    wild = [64 + 4 * kind + f for kind in range(3) for f in kept] if jokers else []
    return (*symbols, *wild, *((TURBO,) * 4 if turbo else ()))


def progress(table: Any) -> str:
    """Where a match stands, in a few words (for the one-line repr of states and views)."""
    totals = tuple(sum(s[p] for s in table.round_scores) for p in range(table.players))
    if table.phase is Phase.OVER:
        return f"match over, totals {totals}"
    if table.phase is Phase.DEAL:
        return f"round {table.round + 1} to deal, totals {totals}"
    return f"round {table.round + 1}, player {table.turn} to play, totals {totals}"
