"""Duck & Cover's observation written piece by piece into a buffer, and its bounds.

:class:`Writer` brings a buffer (an :class:`array.array` of floats) to the
numbers that :func:`rulespec.duck_cover.encoding.observation` gives for a
player's view, reading the state directly and rewriting only the pieces that
changed since its last write (a grid's block only when that grid changed):
what the learning environments call on every step. :func:`bounds` gives the
least and the most each number can be.

>>> import rulespec
>>> from array import array
>>> from rulespec.duck_cover.encoding import observation, observation_shape
>>> dc = rulespec.game("duck-and-cover")
>>> state = dc.start(3, seed=2)
>>> buffer = array("d", bytes(8 * observation_shape(3)[0]))
>>> writer = Writer(buffer, 1, 3)
>>> writer.write(state)
>>> tuple(buffer) == observation(dc.view(state, 1))
True
"""

from __future__ import annotations

import math
from array import array
from typing import TYPE_CHECKING, cast

from rulespec.duck_cover.actions import Cover, Duck, Give, Place, Quack
from rulespec.duck_cover.cards import family_of, number_of
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.state import Options, Phase, State

if TYPE_CHECKING:
    Buffer = array[float]
else:  # array is generic for type checkers only before Python 3.12
    Buffer = array

__all__ = ["Writer", "bounds", "saturated"]

_PHASES = {Phase.DEAL: 0, Phase.RESHUFFLE: 1, Phase.TURN: 2, Phase.OVER: 3}
_KINDS = {Quack: 0, Cover: 1, Duck: 2, Give: 3, Place: 4}
STACKS = 12
"""The most stacks a grid holds."""
_SPAN = 24.0
"""Where a position saturates: a grid's stacks may part and wander apart, so the
rules set no bound on how far from the grid's corner a stack or a place lies."""


class _Layout:
    """Where each piece starts, for ``n`` players."""

    def __init__(self, n: int) -> None:
        self.seat = 0
        self.phase = n
        self.round = self.phase + 4
        self.card = self.round + 1
        self.call = self.card + 14
        self.previous = self.call + 13
        self.discarded = self.previous + 13
        self.piles = self.discarded + 1
        self.captain = self.piles + 4
        self.zone = self.captain + 14
        self.acted = self.zone + 14
        self.own = self.acted + n
        self.gifts = self.own + 10
        self.gift = 12 + n
        self.scores = self.gifts + n * self.gift
        self.grids = self.scores + 3 * n + 1
        self.slot = 1 + 2 + 12 + n + 1
        self.grid = STACKS * self.slot
        self.length = self.grids + n * self.grid


def bounds(players: int, options: Options | None = None) -> tuple[tuple[float, ...], ...]:
    """``(low, high)``: the least and the most of each number of the observation.

    Pile sizes are at most the round's draw cards; discards, at most the
    discards that end a round (``11 - players``); a round score, at most twelve
    visible cards of the highest value (doubled when negative under
    *Pressure*); a count of covered cards, eleven. A position (column or row from
    the grid's corner, ``-1`` for a place beside it) has no bound in the rules:
    it saturates at 24 (see :func:`saturated`).

    >>> low, high = bounds(2)
    >>> len(low) == 559, min(low), max(high)
    (True, -120.0, 120.0)
    """
    n = players
    opts = Options() if options is None else options
    at = _Layout(n)
    low, high = [0.0] * at.length, [1.0] * at.length
    high[at.round] = 3.0
    deck = float(len(opts.draw_deck))
    high[at.piles : at.piles + 4] = [deck, deck, float(11 - n), deck]
    high[at.zone : at.zone + 14] = [float(11 - n)] * 14
    for i in _positions(n):
        low[i], high[i] = -1.0, _SPAN
    worst = 2.0 * STACKS * max(abs(v) for v in opts.card_values)
    low[at.scores : at.scores + 3 * n] = [-worst] * (3 * n)
    high[at.scores : at.scores + 3 * n] = [worst] * (3 * n)
    high[at.scores + 3 * n] = 3.0
    for start in range(at.grids, at.grids + n * at.grid, at.slot):
        low[start + 1] = low[start + 2] = 0.0
        high[start + at.slot - 1] = float(STACKS - 1)
    return tuple(low), tuple(high)


def _positions(n: int) -> list[int]:
    """The numbers that are positions: the own action's places and each stack's."""
    at = _Layout(n)
    found = list(range(at.own + 6, at.own + 10))
    for start in range(at.grids, at.grids + n * at.grid, at.slot):
        found += [start + 1, start + 2]
    return found


def saturated(players: int, options: Options | None = None) -> tuple[int, ...]:
    """The numbers whose bounds are saturation levels, not limits of the rules: the
    positions.

    >>> saturated(2)[:4]
    (88, 89, 90, 91)
    """
    return tuple(_positions(players))


def _zeros(typecode: str, size: int) -> Buffer:
    """``size`` zeros in an array of floats of ``typecode`` (``"f"`` or ``"d"``)."""
    return cast("array[float]", array(typecode, bytes(array(typecode).itemsize * size)))


class Writer:
    """Writes ``player``'s observation of states of a ``players``-player game into
    ``buffer`` (its length the observation's; set to zeros here).

    The buffer must hold what this writer last wrote: only the pieces whose part of
    the state changed are rewritten (parts of a state are shared with the states
    it came from, so a grid that did not change is the same object).
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
        """Whether the positions (the numbers of :func:`saturated`) are written at most
        their bound (an environment's bounded observation) rather than as they are."""
        for i in range(len(buffer)):
            buffer[i] = 0.0
        self.buffer = buffer
        self.player = player
        self.players = players
        self._at = at = _Layout(players)
        self._blank = _zeros(buffer.typecode, at.grid)
        self._bytes = memoryview(buffer).cast("B")
        """The buffer's bytes, where a grid's block is copied."""
        self._ones = [array(buffer.typecode, [1.0] * count) for count in range(STACKS + 1)]
        buffer[at.seat + player] = 1.0
        self._state: State | None = None
        self._hot: dict[int, int] = {}
        self._grids: list[Grid | None] = [None] * players
        self._zone: object = None
        self._scores: object = None
        self._gifts: object = ()
        self._own: object = None

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

    def write(self, state: State) -> None:
        """Bring the buffer to the observation of ``state`` by this writer's player."""
        if state is self._state:
            return
        self._state = state
        buf, at, me, n = self.buffer, self._at, self.player, self.players
        phase = state.phase
        turn = phase is Phase.TURN
        self._one_hot(at.phase, _PHASES[phase])
        buf[at.round] = float(state.round)
        card = state.card
        self._one_hot(at.card, -1 if card is None else card - 1)
        call = state.call if turn and not (state.gifts or state.gifting) else None
        self._one_hot(at.call, -1 if call is None else call - 1)
        previous = state.previous
        self._one_hot(at.previous, -1 if previous is None else previous - 1)
        buf[at.discarded] = 1.0 if state.previous_discarded else 0.0
        zone = state.discard_zone
        captain = state.captain_pile
        buf[at.piles] = float(len(state.draw_pile))
        buf[at.piles + 1] = float(len(captain))
        buf[at.piles + 2] = float(11 - n - len(zone))
        buf[at.piles + 3] = float(len(state.set_aside))
        self._one_hot(at.captain, captain[-1] - 1 if captain else -1)
        if zone is not self._zone:
            self._zone = zone
            start = at.zone
            buf[start : start + 14] = self._blank[:14]
            for c in zone:
                buf[start + c - 1] += 1.0
        submitted = state.submitted
        for k in range(n):
            p = (me + k) % n
            buf[at.acted + k] = 1.0 if submitted and submitted[p] is not None else 0.0
        grids = state.grids
        own = submitted[me] if turn else None
        if own is not self._own or (own is not None and grids[me] is not self._grids[me]):
            self._own = own
            self._write_own(own, grids[me] if grids else None)
        gifts = state.gifts
        if gifts is not self._gifts:
            self._gifts = gifts
            self._write_gifts(gifts)
        scores = state.round_scores
        if scores is not self._scores:
            self._scores = scores
            for r in range(3):
                row = scores[r] if r < len(scores) else None
                for k in range(n):
                    buf[at.scores + r * n + k] = 0.0 if row is None else float(row[(me + k) % n])
            buf[at.scores + 3 * n] = float(len(scores))
        for k in range(n):
            p = (me + k) % n
            grid = grids[p] if grids else None
            if grid is not self._grids[p]:
                self._grids[p] = grid
                self._write_grid(k, p, grid)

    def _write_own(self, action: object, grid: Grid | None) -> None:
        buf, start = self.buffer, self._at.own
        buf[start : start + 10] = self._blank[:10]
        if action is None:
            return
        origin = getattr(action, "origin", None)
        buf[start + _KINDS[type(action)]] = 1.0
        buf[start + 5] = 0.0 if origin is None else 1.0
        cells = grid.cells if grid is not None else ()
        left = min((q[0] for q, _ in cells), default=0)
        top = min((q[1] for q, _ in cells), default=0)
        to = getattr(action, "to", None) or getattr(action, "at", None)
        span = _SPAN if self.saturate else math.inf
        if to is not None:
            buf[start + 6] = float(min(to[0] - left, span))
            buf[start + 7] = float(min(to[1] - top, span))
        if origin is not None:
            buf[start + 8] = float(min(origin[0] - left, span))
            buf[start + 9] = float(min(origin[1] - top, span))

    def _write_gifts(self, gifts: tuple[int, ...]) -> None:
        buf, at, me, n = self.buffer, self._at, self.player, self.players
        width = at.gift
        buf[at.gifts : at.gifts + n * width] = self._blank[: n * width]
        if not gifts:
            return
        for k in range(n):
            p = (me + k) % n
            duck = gifts[p]
            start = at.gifts + k * width
            buf[start + number_of(duck) - 1] = 1.0
            buf[start + 12 + (family_of(duck, p) - me) % n] = 1.0

    def _write_grid(self, k: int, holder: int, grid: Grid | None) -> None:
        buf, at, me, n = self.buffer, self._at, self.player, self.players
        start = at.grids + k * at.grid
        if grid is None:
            buf[start : start + at.grid] = self._blank
            return
        block, count, families = _block(grid, holder, buf.typecode, at.slot, self.saturate)
        size = buf.itemsize
        self._bytes[start * size : (start + at.grid) * size] = block
        if families is None:  # every duck of the holder's family: one stride of ones
            first = start + _FAMILY + (holder - me) % n
            buf[first : first + count * at.slot : at.slot] = self._ones[count]
            return
        for offset, family in families:
            buf[start + offset + (family - me) % n] = 1.0


_FAMILY = 15
"""Where a stack's family one-hot starts within its slot."""

_BLOCKS: dict[
    tuple[int, int, str, int, bool],
    tuple[Grid, bytes, int, tuple[tuple[int, int], ...] | None],
] = {}
"""Each grid's block as any player sees it but for the families, made once for all the
players who look (by the grid's identity, the grid kept beside it)."""

_SLOTS: dict[tuple[str, int], dict[tuple[int, int, int, int], bytes]] = {}
"""The bytes of one stack's slot without its family, by typecode and slot length,
then by column, row, top card and cards in the stack."""


def _slot(typecode: str, slot: int, column: int, row: int, card: int, size: int) -> bytes:
    """One stack's slot of numbers, its family left at zeros, as bytes."""
    values = _zeros(typecode, slot)
    values[0] = 1.0
    values[1] = float(column)
    values[2] = float(row)
    values[2 + number_of(card)] = 1.0
    values[slot - 1] = float(size - 1)
    piece = values.tobytes()
    kept = _SLOTS[typecode, slot]
    if len(kept) >= 65536:
        kept.clear()
    kept[column, row, card, size] = piece
    return piece


def _block(
    grid: Grid, holder: int, typecode: str, slot: int, saturate: bool
) -> tuple[bytes, int, tuple[tuple[int, int], ...] | None]:
    """``grid``'s block of numbers without its families' ones (as the bytes of an array
    of ``typecode``; positions at most :data:`_SPAN` when ``saturate``), its number of
    stacks, and where each family's one-hot starts with the family's seat (``None``
    when every duck is of the holder's family)."""
    key = (id(grid), holder, typecode, slot, saturate)
    kept = _BLOCKS.get(key)
    if kept is not None and kept[0] is grid:
        return kept[1], kept[2], kept[3]
    cells = grid.cells
    columns = [q[0] for q, _ in cells]
    rows = [q[1] for q, _ in cells]
    left, top = min(columns), min(rows)
    slots = _SLOTS.get((typecode, slot))
    if slots is None:
        slots = _SLOTS[typecode, slot] = {}
    keys = [(column - left, row - top, stack[-1], len(stack)) for (column, row), stack in cells]
    if saturate and max(max(columns) - left, max(rows) - top) > _SPAN:
        span = int(_SPAN)
        keys = [(min(c, span), min(r, span), card, size) for c, r, card, size in keys]
    get = slots.get
    pieces = [get(k) or _slot(typecode, slot, *k) for k in keys]
    count = len(cells)
    pieces.append(bytes(array(typecode).itemsize * (STACKS - count) * slot))
    block = b"".join(pieces)
    families = None
    highest = max([k[2] for k in keys])
    if number_of(highest) != highest:  # a duck of another family (Low blows)
        families = tuple((i * slot + _FAMILY, family_of(k[2], holder)) for i, k in enumerate(keys))
    if len(_BLOCKS) >= 4096:
        _BLOCKS.clear()
    _BLOCKS[key] = (grid, block, count, families)
    return block, count, families
