"""Canardage's observation written piece by piece into a buffer, and its bounds.

:class:`Writer` brings a buffer (an :class:`array.array` of floats) to the
numbers that :func:`rulespec.canardage.encoding.observation` gives for a
player's view, reading the state directly and rewriting only the pieces that
changed since its last write: what the learning environments call on every
step. :func:`bounds` gives the least and the most each number can be.

>>> import rulespec
>>> from array import array
>>> from rulespec.canardage.encoding import observation, observation_shape
>>> can = rulespec.game("canardage")
>>> state = can.start(4, seed=2)
>>> buffer = array("d", bytes(8 * observation_shape(4)[0]))
>>> writer = Writer(buffer, 1, 4)
>>> writer.write(state)
>>> tuple(buffer) == observation(can.view(state, 1))
True
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, cast

from rulespec.canardage.cards import DECK_ORDER, DUCKS_PER_COLOUR, WATER, WATER_CARDS, Card
from rulespec.canardage.line import LENGTH
from rulespec.canardage.position import HAND
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.plugin.ids import identity_index

if TYPE_CHECKING:
    Buffer = array[float]
else:  # array is generic for type checkers only before Python 3.12
    Buffer = array

__all__ = ["Writer", "bounds", "saturated"]

_PHASES = identity_index((Phase.DEAL, Phase.PLAY, Phase.DISPERSION, Phase.RESHUFFLE, Phase.OVER))
_CARDS = len(DECK_ORDER)
_INDEX = identity_index(DECK_ORDER)


class _Layout:
    """Where each piece starts, for ``n`` players."""

    def __init__(self, n: int) -> None:
        self.seat = 0
        self.phase = n
        self.turn = self.phase + len(_PHASES)
        self.line = self.turn + n
        self.space = 3 * n + 3
        self.stack = 2 * n + 2
        self.deck = self.line + LENGTH * self.space
        self.slots = DUCKS_PER_COLOUR * n + WATER_CARDS - LENGTH
        self.bottom = self.deck + 1
        self.hand = self.bottom + self.slots * (n + 1)
        self.sizes = self.hand + _CARDS
        self.draw = self.sizes + n
        self.played = self.draw + 1
        self.shot = self.played + _CARDS
        self.winners = self.shot + n
        self.length = self.winners + n


def bounds(players: int, options: Options | None = None) -> tuple[tuple[float, ...], ...]:
    """``(low, high)``: the least and the most of each number of the observation
    (every number is at least 0).

    The duck deck holds at most its ``5 × players + 5`` cards; a hand, three action
    cards; the draw pile, and each card's count in the played pile, at most the
    action deck's cards (its count of that card); a colour, five ducks shot.

    >>> low, high = bounds(3)
    >>> len(high), max(high), set(low)
    (182, 52.0, {0.0})
    """
    n = players
    deck = (Options() if options is None else options).action_deck
    at = _Layout(n)
    high = [1.0] * at.length
    high[at.deck] = float(DUCKS_PER_COLOUR * n + WATER_CARDS)
    high[at.hand : at.hand + _CARDS] = [float(min(HAND, c)) for c in deck]
    high[at.sizes : at.sizes + n] = [float(HAND)] * n
    high[at.draw] = float(sum(deck))
    high[at.played : at.played + _CARDS] = [float(c) for c in deck]
    high[at.shot : at.shot + n] = [float(DUCKS_PER_COLOUR)] * n
    return (0.0,) * at.length, tuple(high)


def saturated(players: int, options: Options | None = None) -> tuple[int, ...]:
    """The numbers whose bounds are saturation levels: none, the rules bound them all.

    >>> saturated(3)
    ()
    """
    return ()


def _zeros(typecode: str, size: int) -> Buffer:
    """``size`` zeros in an array of floats of ``typecode`` (``"f"`` or ``"d"``)."""
    return cast("array[float]", array(typecode, bytes(array(typecode).itemsize * size)))


class Writer:
    """Writes ``player``'s observation of states of a ``players``-player game into
    ``buffer`` (its length the observation's; set to zeros here).

    The buffer must hold what this writer last wrote: only the pieces whose part of
    the state changed are rewritten (parts of a state are shared with the states
    it came from, so a part that did not change is the same object). A stack of
    the line and a hand are written as one block each, made once per stack and
    per hand.
    """

    def __init__(
        self,
        buffer: Buffer,
        player: int,
        players: int,
        options: Options | None = None,
        *,
        saturate: bool = False,
    ) -> None:
        self.saturate = saturate
        """Accepted as the other games' writers accept it: no number of Canardage's
        observation saturates (see :func:`saturated`)."""
        for i in range(len(buffer)):
            buffer[i] = 0.0
        self.buffer = buffer
        self.player = player
        self.players = players
        self._at = at = _Layout(players)
        self._blank = _zeros(buffer.typecode, len(buffer))
        buffer[at.seat + player] = 1.0
        self._state: State | None = None
        self._phase: object = None
        self._turn = -2
        self._hot: dict[int, int] = {}
        self._line: tuple[tuple[int, ...], ...] = ()
        self._targets: tuple[int, ...] = ()
        self._shelters: tuple[int, ...] = ()
        self._deck: object = None
        self._seen = -1
        self._bottom: tuple[int, ...] = ()
        self._hand: object = None
        self._hands: object = None
        self._sizes: tuple[int, ...] = ()
        self._played: tuple[Card, ...] = ()
        self._shot: object = None
        self._winners: object = None
        self._seats = tuple((player + k) % players for k in range(players))
        """The seats in the order the observation lists them: this player's first."""
        # The blocks met so far, shared by the writers whose blocks are alike: those of
        # a seat at a table of a size (several games at once keep one set).
        self._stacks, self._seat_blocks = _SEAT_BLOCKS.setdefault(
            (buffer.typecode, player, players), ({}, {})
        )
        """The block of each stack met so far (its presence, top and hidden duck), and
        of the hands' sizes and the ducks shot."""
        self._spaces = tuple(
            slice(start, start + at.stack)
            for start in range(at.line, at.line + LENGTH * at.space, at.space)
        )
        """Where the stack of each space of the line is written."""
        self._targets_at = at.line + at.stack
        self._played_at = {key: at.played + i for key, i in _INDEX.items()}
        """Where each card's count in the played pile is, by the card's identity."""
        self._hand_at = slice(at.hand, at.hand + _CARDS)
        self._sizes_at = slice(at.sizes, at.sizes + players)
        self._shot_at = slice(at.shot, at.shot + players)
        self._hands_seen = _HANDS_SEEN.setdefault(buffer.typecode, {})
        """The counts of each hand met so far, by identity (the hand kept beside them):
        the rules make each hand once and share it; shared by every writer of floats
        of this type (a hand's counts do not depend on the seat)."""

    def _one_hot(self, start: int, index: int) -> None:
        """Move the one of the one-hot piece at ``start`` to ``index`` (-1: none)."""
        old = self._hot.get(start, -1)
        if old != index:
            buf = self.buffer
            if old >= 0:
                buf[start + old] = 0.0
            if index >= 0:
                buf[start + index] = 1.0
            self._hot[start] = index

    def _duck(self, card: int) -> int:
        """A duck deck card's index among the relative colours, then water."""
        n = self.players
        return n if card == WATER else (card - self.player) % n

    def write(self, state: State) -> None:
        """Bring the buffer to the observation of ``state`` by this writer's player."""
        if state is self._state:
            return
        self._state = state
        buf, at = self.buffer, self._at
        phase = state.phase
        if phase is not self._phase:
            self._phase = phase
            self._one_hot(at.phase, _PHASES[id(phase)])
        turn = state.turn
        if turn != self._turn:
            self._turn = turn
            self._one_hot(at.turn, (turn - self.player) % self.players if turn >= 0 else -1)
        line, targets, shelters = state.line, state.targets, state.shelters
        last = self._line
        if line is not last:
            if len(line) == LENGTH == len(last):  # the usual line: full before and now
                self._line = line
                blocks = self._stacks
                for stack, was, where in zip(line, last, self._spaces, strict=True):
                    if stack is not was and stack != was:
                        try:
                            buf[where] = blocks[stack]
                        except KeyError:
                            buf[where] = self._stack(stack)
            else:
                self._write_stacks(line)
        was = self._targets
        if targets is not was and targets != was:
            self._targets = targets
            start, step = self._targets_at, at.space
            for i in was:
                buf[start + i * step] = 0.0
            for i in targets:
                buf[start + i * step] = 1.0
        if shelters is not self._shelters and shelters != self._shelters:
            self._write_shelters(shelters)
        deck, seen = state.deck, state.seen
        if deck is not self._deck or seen != self._seen:
            self._deck, self._seen = deck, seen
            buf[at.deck] = len(deck)
            # The seen bottom of the deck stays while ducks leave its top.
            bottom = deck[len(deck) - seen :] if seen else ()
            if bottom != self._bottom:
                self._write_bottom(bottom)
        hands = state.hands
        if hands is not self._hands:
            self._hands = hands
            hand = hands[self.player]
            if hand is not self._hand:
                self._hand = hand
                kept = self._hands_seen.get(id(hand))
                if kept is not None and kept[0] is hand:
                    buf[self._hand_at] = kept[1]
                else:
                    self._write_hand(hand)
            sizes = tuple(map(len, hands))
            if sizes != self._sizes:
                self._sizes = sizes
                buf[self._sizes_at] = self._block(sizes)
        buf[at.draw] = len(state.draw_pile)
        played = state.played
        before = self._played
        if played is not before:
            self._played = played
            # Cards join the played pile at its end: count only the new ones.
            old = len(before)
            if old and len(played) > old and played[:old] == before:
                counted = self._played_at
                for card in played[old:]:
                    buf[counted[id(card)]] += 1.0
            else:
                self._counts(at.played, played)
        shot = state.shot
        if shot is not self._shot:
            self._shot = shot
            try:
                buf[self._shot_at] = self._seat_blocks[shot]
            except KeyError:
                buf[self._shot_at] = self._block(shot)
        winners = state.winners
        if winners is not self._winners:
            self._winners = winners
            k = at.winners
            for p in self._seats:
                buf[k] = 1.0 if p in winners else 0.0
                k += 1

    def _counts(self, start: int, cards: tuple[Card, ...]) -> None:
        buf = self.buffer
        buf[start : start + _CARDS] = self._blank[:_CARDS]
        for card in cards:
            buf[start + _INDEX[id(card)]] += 1.0

    def _write_hand(self, hand: tuple[Card, ...]) -> None:
        """Write the counts of ``hand``: one block, made the first time it is met."""
        seen = self._hands_seen
        kept = seen.get(id(hand))
        if kept is None or kept[0] is not hand:
            block = _zeros(self.buffer.typecode, _CARDS)
            for card in hand:
                block[_INDEX[id(card)]] += 1.0
            if len(seen) >= _HANDS_MOST:  # hands dealt anew each game: start over
                seen.clear()
            kept = seen[id(hand)] = (hand, block)
        self.buffer[self._hand_at] = kept[1]

    def _block(self, values: tuple[int, ...]) -> Buffer:
        """``values``, one per seat, in this player's order: made once per tuple."""
        blocks = self._seat_blocks
        block = blocks.get(values)
        if block is None:
            block = _zeros(self.buffer.typecode, self.players)
            for k, p in enumerate(self._seats):
                block[k] = values[p]
            if len(blocks) >= _HANDS_MOST:
                blocks.clear()
            blocks[values] = block
        return block

    def _stack(self, stack: tuple[int, ...]) -> Buffer:
        """The block of ``stack``: 1 (a stack is there), its top (a relative colour or
        water) and the duck it hides (a relative colour), made once."""
        me, n = self.player, self.players
        block = _zeros(self.buffer.typecode, 2 * n + 2)
        block[0] = 1.0
        top = stack[-1]
        block[1 + (n if top == WATER else (top - me) % n)] = 1.0
        if len(stack) == 2:
            block[n + 2 + (stack[0] - me) % n] = 1.0
        self._stacks[stack] = block
        return block

    def _write_stacks(self, line: tuple[tuple[int, ...], ...]) -> None:
        """Rewrite the spaces whose stack changed."""
        buf, at, blocks = self.buffer, self._at, self._stacks
        before, self._line = self._line, line
        width = at.stack
        blank = self._blank[:width]
        here, step = at.line, at.space
        count, old = len(line), len(before)
        for i in range(LENGTH):
            stack = line[i] if i < count else None
            was = before[i] if i < old else None
            if stack is not was and stack != was:
                if stack is None:
                    buf[here : here + width] = blank
                else:
                    block = blocks.get(stack)
                    buf[here : here + width] = self._stack(stack) if block is None else block
            here += step

    def _write_shelters(self, shelters: tuple[int, ...]) -> None:
        buf, at, me, n = self.buffer, self._at, self.player, self.players
        start = at.line + 2 * n + 3
        for value, spaces in ((0.0, self._shelters), (1.0, shelters)):
            for p, space in enumerate(spaces):
                if space != NO_SHELTER:
                    buf[start + space * at.space + (p - me) % n] = value
        self._shelters = shelters

    def _write_bottom(self, bottom: tuple[int, ...]) -> None:
        """Write the seen bottom of the duck deck, its last card first."""
        buf, at = self.buffer, self._at
        width = self.players + 1
        buf[at.bottom : at.bottom + at.slots * width] = self._blank[: at.slots * width]
        self._bottom = bottom
        here = at.bottom
        for card in reversed(bottom[-at.slots :]):
            buf[here + self._duck(card)] = 1.0
            here += width


_HANDS_MOST = 4096

_Blocks = dict[tuple[int, ...], Buffer]
_SEAT_BLOCKS: dict[tuple[str, int, int], tuple[_Blocks, _Blocks]] = {}
"""The stacks' blocks and the seat blocks of the writers of each float type, seat and
table size."""
_HANDS_SEEN: dict[str, dict[int, tuple[tuple[Card, ...], Buffer]]] = {}
"""The hands' blocks of the writers of each float type."""
