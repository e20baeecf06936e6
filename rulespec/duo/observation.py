"""Duo's observation written piece by piece into a buffer, and its bounds.

:class:`Writer` brings a buffer (an :class:`array.array` of floats) to the
numbers that :func:`rulespec.duo.encoding.observation` gives for a player's view,
reading the state directly and rewriting only the pieces that changed since
its last write: what the learning environments call on every step.
:func:`bounds` gives the least and the most each number can be.

>>> import rulespec
>>> from array import array
>>> from rulespec.duo.encoding import observation, observation_shape
>>> duo = rulespec.game("duo")
>>> state = duo.start(3, seed=2)
>>> buffer = array("d", bytes(8 * observation_shape(3)[0]))
>>> writer = Writer(buffer, 1, 3)
>>> writer.write(state)
>>> tuple(buffer) == observation(duo.view(state, 1))
True
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rulespec.duo.cards import TURBO
from rulespec.duo.scoring import target
from rulespec.duo.state import Options, Phase, State
from rulespec.plugin.ids import identity_index

if TYPE_CHECKING:
    Buffer = array[float]
else:  # array is generic for type checkers only before Python 3.12
    Buffer = array

__all__ = ["Writer", "bounds", "saturated"]

CARDS = TURBO + 1
_PILE_TOPS = CARDS
_SECOND_TOP = 2 * CARDS
_TURN_PILE = 3 * CARDS
_PHASE = _TURN_PILE + 2
_COUNTS = _PHASE + 3
_TARGET = _COUNTS + 4
_FINISHED = _TARGET + 1
_SEAT = _FINISHED + 1
_PHASES = identity_index((Phase.DEAL, Phase.TURN, Phase.OVER))
_DECK = 80
"""The most cards in play: Turbo-DUO's deck."""
_SATURATION = 100
"""Where the round, the finished rounds and the totals saturate (see :func:`bounds`)."""


def bounds(players: int, options: Options | None = None) -> tuple[tuple[float, ...], ...]:
    """``(low, high)``: the least and the most of each number of the observation.

    A card is held once (the Turbo-joker up to four times); pile sizes, the draw
    pile, hand sizes and a round's points are at most the 80 cards of Turbo-DUO's
    deck (a round's points are negative after an exhausted draw pile). The
    round, the finished rounds and the totals have no bound in the rules: they
    are saturated at 100 (and the totals at -100), an environment reading any
    number past its bound as the bound.

    >>> low, high = bounds(2)
    >>> len(low) == len(high) == 254, max(high), min(low)
    (True, 100.0, -100.0)
    """
    n = players
    low = [0.0] * (_SEAT + 6 * n)
    high = [1.0] * (_SEAT + 6 * n)
    high[TURBO] = 4.0
    high[_COUNTS : _COUNTS + 3] = [float(_DECK)] * 3
    high[_COUNTS + 3] = float(_SATURATION)  # the round: saturated
    high[_TARGET] = 20.0
    high[_FINISHED] = float(_SATURATION)  # saturated
    sizes = _SEAT + 3 * n
    high[sizes : sizes + n] = [float(_DECK)] * n
    low[sizes + n : sizes + 2 * n] = [-float(_SATURATION)] * n  # totals: saturated
    high[sizes + n : sizes + 2 * n] = [float(_SATURATION)] * n
    low[sizes + 2 * n : sizes + 3 * n] = [-float(_DECK)] * n
    high[sizes + 2 * n : sizes + 3 * n] = [float(_DECK)] * n
    return tuple(low), tuple(high)


def saturated(players: int, options: Options | None = None) -> tuple[int, ...]:
    """The numbers whose bounds are saturation levels, not limits of the rules: the
    round, the finished rounds and each total.

    >>> saturated(2)
    (239, 241, 250, 251)
    """
    totals = _SEAT + 4 * players
    return (_COUNTS + 3, _FINISHED, *range(totals, totals + players))


class Writer:
    """Writes ``player``'s observation of states of a ``players``-player match into
    ``buffer`` (its length the observation's; set to zeros here). The writer holds a
    view of the buffer, so the buffer cannot change its length while the writer lives.

    The buffer must hold what this writer last wrote: only the pieces whose part of
    the state changed are rewritten (parts of a state are shared with the states
    it came from, so a part that did not change is the same object). With
    ``scale`` (a factor for each number), every number is written times its
    factor: what an environment reads as its scaled observation, with nothing left
    to multiply.

    >>> from array import array
    >>> import rulespec
    >>> state = rulespec.game("duo").start(2, seed=3)
    >>> plain, scaled = array("f", bytes(4 * 254)), array("f", bytes(4 * 254))
    >>> Writer(plain, 0, 2).write(state)
    >>> Writer(scaled, 0, 2, scale=[0.5] * 254).write(state)
    >>> [2 * b for b in scaled] == list(plain)
    True
    """

    def __init__(
        self,
        buffer: Buffer,
        player: int,
        players: int,
        options: Options | None = None,
        *,
        saturate: bool = False,
        scale: Sequence[float] | None = None,
    ) -> None:
        self.saturate = saturate
        """Whether the numbers of :func:`saturated` are written at most their bounds (an
        environment's bounded observation) rather than as they are."""
        for i in range(len(buffer)):
            buffer[i] = 0.0
        self._unit = unit = tuple(scale) if scale is not None else (1.0,) * len(buffer)
        """The factor each number is written times (``scale``; 1 without it)."""
        self.buffer = buffer
        # Read and written as the buffer is (a number by index, a slice by an array).
        self._numbers = cast(Buffer, memoryview(buffer))
        """The buffer's numbers, through a view: an item is set faster so."""
        self.player = player
        self.players = players
        buffer[_SEAT + player] = unit[_SEAT + player]
        buffer[_TARGET] = target(players) * unit[_TARGET]  # it depends on the player count only
        self._state: State | None = None
        self._piles: object = None
        self._hand: tuple[int, ...] = ()
        self._top = self._later = -1
        """Each pile's top card when this writer last wrote (-1: no piles)."""
        self._first: tuple[int, ...] = ()
        self._second: tuple[int, ...] = ()
        """Each pile when this writer last wrote."""
        self._turn_pile: int | None = None
        self._turn = self._starter = -1
        self._chosen = self._phase_at = self._turn_at = self._starter_at = -1
        """Where the one of each one-hot piece is, counted from its start: turn pile,
        phase, turn, starter (-1: none)."""
        self._scores: object = None
        self._hands: object = None
        self._round = -1
        self._phase: Phase | None = None
        self._drawn: tuple[int, ...] = ()
        """The draw pile when this writer last wrote: its top is the card drawn since."""
        self._seats = tuple((p - player) % players for p in range(players))
        """Each seat counted from this player's."""
        sizes = _SEAT + 3 * players
        self._slots = tuple(
            (sizes + k, (player + k) % players, unit[sizes + k]) for k in range(players)
        )
        """Where each seat's hand size goes, the seat (this player's first) and the factor."""
        self._counts = tuple(unit[_COUNTS : _COUNTS + 3])
        """The factors of the two piles' sizes and of the draw pile's."""
        self._turns = _SEAT + players
        self._starters = _SEAT + 2 * players
        self._zeros = (0.0,) * players

    def _move(self, start: int, old: int, index: int) -> int:
        """Move the one of a one-hot piece at ``start`` from ``old`` to ``index`` (-1:
        none); ``index``."""
        buf = self._numbers
        if old >= 0:
            buf[start + old] = 0.0
        if index >= 0:
            buf[start + index] = self._unit[start + index]
        return index

    def write(self, state: State) -> None:
        """Bring the buffer to the observation of ``state`` by this writer's player."""
        if state is self._state:
            return
        self._state = state
        buf = self._numbers
        hands = state.hands
        if hands is not self._hands:
            self._hands = hands
            if hands:
                hand = hands[self.player]
                old = self._hand
                if hand is not old:
                    # One card played since (the top of the turn's pile), written here:
                    # the usual change; any other through _one_card.
                    chosen = state.turn_pile
                    played = False
                    if chosen is not None and len(hand) + 1 == len(old):
                        card = state.piles[chosen][-1]
                        try:
                            i = old.index(card)  # the first, as bisect_left finds it
                        except ValueError:
                            pass
                        else:
                            played = hand == old[:i] + old[i + 1 :]
                            if played:
                                buf[card] -= self._unit[card]
                    if not played and not self._one_card(state, hand, old):
                        unit = self._unit
                        for card in old:
                            buf[card] = 0.0
                        for card in hand:
                            buf[card] += unit[card]
                    self._hand = hand
                for k, p, factor in self._slots:
                    buf[k] = len(hands[p]) * factor
            else:
                for card in self._hand:
                    buf[card] = 0.0
                self._hand = ()
                k = self._slots[0][0]
                buf[k : k + self.players] = array(self.buffer.typecode, self._zeros)
        piles = state.piles
        if piles is not self._piles:
            self._piles = piles
            # Each pile followed by itself: a card played changes one of them.
            first, second = piles or ((), ())
            if first is not self._first:
                self._first = first
                buf[_COUNTS] = len(first) * self._counts[0]
                top, was = (first[-1] if first else -1), self._top
                if top != was:
                    self._top = top
                    if was >= 0:
                        buf[_PILE_TOPS + was] = 0.0
                    if top >= 0:
                        buf[_PILE_TOPS + top] = self._unit[_PILE_TOPS + top]
            if second is not self._second:
                self._second = second
                buf[_COUNTS + 1] = len(second) * self._counts[1]
                top, was = (second[-1] if second else -1), self._later
                if top != was:
                    self._later = top
                    if was >= 0:
                        buf[_SECOND_TOP + was] = 0.0
                    if top >= 0:
                        buf[_SECOND_TOP + top] = self._unit[_SECOND_TOP + top]
        chosen = state.turn_pile
        if chosen != self._turn_pile:
            self._turn_pile = chosen
            if self._chosen >= 0:
                buf[_TURN_PILE + self._chosen] = 0.0
            if chosen is None:
                self._chosen = -1
            else:
                buf[_TURN_PILE + chosen] = self._unit[_TURN_PILE + chosen]
                self._chosen = chosen
        drawn = state.draw_pile
        if drawn is not self._drawn:
            self._drawn = drawn
            buf[_COUNTS + 2] = len(drawn) * self._counts[2]
        turn = state.turn
        if turn != self._turn:
            self._turn = turn
            self._turn_at = self._move(self._turns, self._turn_at, self._seats[turn])
        if (
            state.round_scores is not self._scores
            or state.phase is not self._phase
            or state.round != self._round
            or state.starter != self._starter
        ):
            self._write_round(state)

    def _write_round(self, state: State) -> None:
        """Write what changes from round to round: the phase, the round, its starter and
        the scores."""
        buf = self._numbers
        phase = state.phase
        if phase is not self._phase:
            self._phase = phase
            self._phase_at = self._move(_PHASE, self._phase_at, _PHASES[id(phase)])
        if state.round != self._round:
            self._round = number = state.round
            if self.saturate:
                number = min(number, _SATURATION)
            buf[_COUNTS + 3] = number * self._unit[_COUNTS + 3]
        starter = state.starter
        if starter != self._starter:
            self._starter = starter
            self._starter_at = self._move(self._starters, self._starter_at, self._seats[starter])
        scores = state.round_scores
        if scores is not self._scores:
            self._scores = scores
            self._write_scores(scores)

    def _one_card(self, state: State, hand: tuple[int, ...], old: tuple[int, ...]) -> bool:
        """Write the change from the hand ``old`` to ``hand`` when ``hand`` is ``old``
        with one card played (the top of the turn's pile) or one card drawn (the top of
        the draw pile when this writer last wrote); whether it was one of those."""
        size = len(hand)
        if size + 1 == len(old):
            chosen = state.turn_pile
            if chosen is None:
                return False
            card = state.piles[chosen][-1]
            i = bisect_left(old, card)
            if old[i : i + 1] != (card,) or hand != old[:i] + old[i + 1 :]:
                return False
            self._numbers[card] -= self._unit[card]
            return True
        drawn = self._drawn
        if size != len(old) + 1 or not drawn:
            return False
        card = drawn[0]
        i = bisect_left(old, card)
        if hand != (*old[:i], card, *old[i:]):
            return False
        self._numbers[card] += self._unit[card]
        return True

    def _write_scores(self, scores: tuple[tuple[int, ...], ...]) -> None:
        """Write the finished rounds' count, each player's total and last round's points."""
        buf, me, n, unit = self._numbers, self.player, self.players, self._unit
        finished = len(scores)
        if self.saturate:
            finished = min(finished, _SATURATION)
        buf[_FINISHED] = finished * unit[_FINISHED]
        last = scores[-1] if scores else (0,) * n
        totals = [sum(points) for points in zip(*scores, strict=True)] if scores else [0] * n
        sizes = _SEAT + 3 * n
        for k in range(n):
            p = (me + k) % n
            total = totals[p]
            if self.saturate:
                total = max(-_SATURATION, min(total, _SATURATION))
            buf[sizes + n + k] = total * unit[sizes + n + k]
            buf[sizes + 2 * n + k] = last[p] * unit[sizes + 2 * n + k]
