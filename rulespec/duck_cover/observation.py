"""Duck & Cover's observation written piece by piece into a buffer, and its bounds.

:class:`Writer` brings a buffer (an :class:`array.array` of floats) to the
numbers that :func:`rulespec.duck_cover.encoding.observation` gives for a
player's view, reading the state directly and rewriting only the pieces that
changed since its last write (a grid's block only when that grid changed):
what the learning environments call on every step. :class:`Table` writes what
every player sees once, for all of them. :func:`bounds` gives the least and
the most each number can be.

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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from rulespec.duck_cover import rules
from rulespec.duck_cover.actions import Cover, Duck, Give, Place, Quack
from rulespec.duck_cover.cards import REPEAT, family_of, number_of
from rulespec.duck_cover.grid import Grid, Position
from rulespec.duck_cover.state import Options, Phase, State

if TYPE_CHECKING:
    Buffer = array[float]
else:  # array is generic for type checkers only before Python 3.12
    Buffer = array

__all__ = ["Table", "Writer", "bounds", "planes", "planes_shape", "saturated"]

_PHASES = {id(p): i for i, p in enumerate((Phase.DEAL, Phase.RESHUFFLE, Phase.TURN, Phase.OVER))}
"""Each phase's place in its one-hot, by the member's identity (an enum member's own hash
is computed in Python)."""
_KINDS = {Quack: 0, Cover: 1, Duck: 2, Give: 3, Place: 4}
_TURN = Phase.TURN
_TURN_LOOKUPS = rules.Turn
STACKS = 12
"""The most stacks a grid holds."""
_SPAN = 24.0
"""Where a position saturates: a grid's stacks may part and wander apart, so the
rules set no bound on how far from the grid's corner a stack or a place lies."""
_NEAR = 64
"""The columns and rows from a grid's corner whose numbers a writer keeps made."""


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


SIDE = STACKS
"""The rows and the columns of a plane: a grid of twelve stacks fits, corner first."""


def planes_shape(players: int, options: Options | None = None) -> tuple[int, int, int]:
    """The shape of :func:`planes`: ``3 + players`` channels per player, by 12 rows
    by 12 columns.

    >>> planes_shape(4)
    (28, 12, 12)
    """
    return (players * (3 + players), SIDE, SIDE)


def planes(state: State, player: int) -> list[tuple[int, float]]:
    """Every grid as ``player`` sees it, laid out spatially: the non-zero numbers of
    an array shaped as :func:`planes_shape` (channels, rows, columns), as
    ``(flat index, value)`` pairs, each value from 0 to 1.

    The grids come in the observation's order, ``player``'s own first, then the
    next seats round the table; grid ``k`` has the channels ``k * (3 + players)``
    onwards: a stack is there (1), its top card's number (divided by 12), the
    cards it covers (divided by 11), then one channel per family, by seat from
    ``player``'s, that of the top card. Row and column count from the grid's
    topmost row and leftmost column; a stack that lies 12 or more rows or
    columns away (once stacks have parted) shows on the last row or column.

    >>> import rulespec
    >>> state = rulespec.game("duck-and-cover").start(2, seed=1)
    >>> cells = dict(planes(state, 0))
    >>> len([i for i in cells if i < 144])  # stacks in player 0's grid
    12
    """
    n = state.players
    per = 3 + n
    area = SIDE * SIDE
    found: list[tuple[int, float]] = []
    if not state.grids:
        return found
    for k in range(n):
        holder = (player + k) % n
        cells = state.grids[holder].cells
        if not cells:
            continue
        left = cells[0][0][0]
        top = min([q[1] for q, _ in cells])
        base = k * per * area
        for (column, row), stack in cells:
            at = base + min(row - top, SIDE - 1) * SIDE + min(column - left, SIDE - 1)
            card = stack[-1]
            found.append((at, 1.0))
            found.append((at + area, number_of(card) / 12))
            if len(stack) > 1:
                found.append((at + 2 * area, min(len(stack) - 1, 11) / 11))
            found.append((at + (3 + (family_of(card, holder) - player) % n) * area, 1.0))
    return found


def _only_choices_differ(last: State, state: State) -> bool:
    """Whether ``state`` shows what ``last`` shows but for the actions chosen this turn
    (states of one turn share every other part)."""
    return (
        state.grids is last.grids
        and state.draw_pile is last.draw_pile
        and state.phase is last.phase
        and state.card == last.card
        and state.previous == last.previous
        and state.previous_discarded == last.previous_discarded
        and state.captain_pile is last.captain_pile
        and state.discard_zone is last.discard_zone
        and state.gifts is last.gifts
        and state.round_scores is last.round_scores
        and state.set_aside is last.set_aside
        and state.round == last.round
    )


def _zeros(typecode: str, size: int) -> Buffer:
    """``size`` zeros in an array of floats of ``typecode`` (``"f"`` or ``"d"``)."""
    return cast("array[float]", array(typecode, bytes(array(typecode).itemsize * size)))


class Writer:
    """Writes ``player``'s observation of states of a ``players``-player game into
    ``buffer`` (its length the observation's; set to zeros here).

    The buffer must hold what this writer last wrote: only the pieces whose part of
    the state changed are rewritten (parts of a state are shared with the states
    it came from, so a grid that did not change is the same object). Each number
    is written multiplied by its factor in ``scale`` (every factor 1 when it is
    ``None``; the factors of one-hot and yes-or-no numbers must be 1).
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
        """Whether the positions (the numbers of :func:`saturated`) are written at most
        their bound (an environment's bounded observation) rather than as they are."""
        at = _Layout(players)
        self._scale = [1.0] * at.length if scale is None else [float(f) for f in scale]
        """The factor each number is written multiplied by (1 for the flags)."""
        for i in range(len(buffer)):
            buffer[i] = 0.0
        self.buffer = buffer
        self.player = player
        self.players = players
        self._at = at = _Layout(players)
        self._slot = at.slot
        self._blank = _zeros(buffer.typecode, at.grid)
        self._slots: list[dict[int, Buffer]] = [{} for _ in range(players)]
        """The numbers of each stack's slot but its position, by grid block, then by top
        card and cards in the stack."""
        self._cells: list[tuple[tuple[tuple[int, int], tuple[int, ...]], ...]] = [()] * players
        """The stacks each grid block shows, by block."""
        self._corners: list[tuple[int, int] | None] = [None] * players
        """The corner the positions of each grid block count from."""
        self._starts = [at.grids + k * at.grid for k in range(players)]
        """Where each grid block starts."""
        self._span = _SPAN if saturate else math.inf
        across, down = self._scale[at.grids + 1], self._scale[at.grids + 2]
        near = range(_NEAR)
        self._across = [min(c, self._span) * across for c in near]
        """A column's number (from the corner), written, for the nearest columns."""
        self._down = [min(r, self._span) * down for r in near]
        """A row's number (from the corner), written, for the nearest rows."""
        self._empty = _zeros(buffer.typecode, at.slot)
        """An empty slot."""
        self._no_choice = _zeros(buffer.typecode, 10)
        """The block of a player who has not chosen."""
        self._nobody = _zeros(buffer.typecode, players)
        """Who has chosen, when nobody has."""
        buffer[at.seat + player] = 1.0
        self._state: State | None = None
        self._hot: dict[int, int] = dict.fromkeys(
            (at.phase, at.card, at.call, at.previous, at.captain), -1
        )
        """Where the one of each one-hot piece is, by the piece's start (-1: none)."""
        self._piles = tuple(self._scale[at.piles : at.piles + 4])
        """The factors of the four pile sizes."""
        self._on_top: list[int] = [0] * players
        """How many stacks of each grid block lie in its corner's row."""
        self._grids: list[Grid | None] = [None] * players
        self._zone: object = None
        self._scores: object = None
        self._gifts: object = ()
        self._chosen: list[tuple[object, object]] = [(None, None)] * players
        """The chosen action, and the grid it was written against, that each player's
        block shows."""

    def _one_hot(self, start: int, index: int) -> None:
        """Move the one of the one-hot piece at ``start`` to ``index`` (-1: none)."""
        old = self._hot[start]
        if old != index:
            buf = self.buffer
            if old >= 0:
                buf[start + old] = 0.0
            if index >= 0:
                buf[start + index] = 1.0
            self._hot[start] = index

    def write(self, state: State) -> None:
        """Bring the buffer to the observation of ``state`` by this writer's player."""
        if state is not self._state:
            self._write_shared(state)
            self._write_chosen(state, self.player, self._at.own)

    def _write_shared(self, state: State) -> None:
        """Write what every player sees of ``state`` (as this writer's player sees it)."""
        last = self._state
        self._state = state
        if last is not None and _only_choices_differ(last, state):
            self._write_new_choices(last.submitted, state)
            return
        buf, at, me, n = self.buffer, self._at, self.player, self.players
        phase = state.phase
        sc = self._scale
        if last is None or phase is not last.phase or state.round != last.round:
            self._one_hot(at.phase, _PHASES[id(phase)])
            buf[at.round] = state.round * sc[at.round]
        card = state.card
        call = card
        if phase is not _TURN or state.gifts or state.gifting:
            call = None
        elif card == REPEAT:
            call = state.previous
        hot = self._hot
        # The one-hots that a new turn moves, written here (what _one_hot does).
        for start, index in (
            (at.card, -1 if card is None else card - 1),
            (at.call, -1 if call is None else call - 1),
        ):
            old = hot[start]
            if old != index:
                if old >= 0:
                    buf[start + old] = 0.0
                if index >= 0:
                    buf[start + index] = 1.0
                hot[start] = index
        previous = state.previous
        self._one_hot(at.previous, -1 if previous is None else previous - 1)
        buf[at.discarded] = 1.0 if state.previous_discarded else 0.0
        zone = state.discard_zone
        captain = state.captain_pile
        piles = at.piles
        draw, pile, discards, aside = self._piles
        buf[piles] = len(state.draw_pile) * draw
        buf[piles + 1] = len(captain) * pile
        buf[piles + 2] = (11 - n - len(zone)) * discards
        buf[piles + 3] = len(state.set_aside) * aside
        self._one_hot(at.captain, captain[-1] - 1 if captain else -1)
        if zone is not self._zone:
            self._zone = zone
            start = at.zone
            counts = [0] * 14
            for c in zone:
                counts[c - 1] += 1
            buf[start : start + 14] = array(
                buf.typecode, [c * f for c, f in zip(counts, sc[start : start + 14], strict=True)]
            )
        grids = state.grids
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
                    i = at.scores + r * n + k
                    buf[i] = 0.0 if row is None else row[(me + k) % n] * sc[i]
            buf[at.scores + 3 * n] = len(scores) * sc[at.scores + 3 * n]
        shown, blocks = self._grids, self._cells
        for k in range(n):
            p = (me + k) % n
            grid = grids[p] if grids else None
            if grid is not shown[p]:
                shown[p] = grid
                if (
                    grid is not None and (step := grid._moved_) is not None and step[0] is blocks[k]
                ):  # one stack moved: its slots only
                    self._write_move(k, p, grid.cells, *step)
                else:
                    self._write_grid(k, p, grid)
        self._write_choices(state)

    def _write_choices(self, state: State) -> None:
        """Write who has chosen this turn."""
        buf, acted, me, n = self.buffer, self._at.acted, self.player, self.players
        submitted = state.submitted
        if not any(submitted):  # nobody yet (a turn's start; actions are all true)
            buf[acted : acted + n] = self._nobody
            return
        for k in range(n):
            p = (me + k) % n
            buf[acted + k] = 1.0 if submitted and submitted[p] is not None else 0.0

    def _write_new_choices(self, before: tuple[object, ...], state: State) -> None:
        """Write who has chosen, where it differs from ``before`` (``state`` is of the same
        turn)."""
        submitted = state.submitted
        if len(before) != len(submitted):
            self._write_choices(state)
            return
        buf, acted, me, n = self.buffer, self._at.acted, self.player, self.players
        for p, action in enumerate(submitted):
            if action is not before[p]:
                buf[acted + (p - me) % n] = 0.0 if action is None else 1.0

    def _write_chosen(self, state: State, player: int, start: int) -> None:
        """Write ``player``'s chosen action at ``start``, if it changed (or its grid)."""
        grids = state.grids
        own = state.submitted[player] if state.phase is _TURN else None
        last, last_grid = self._chosen[player]
        if own is last and (own is None or grids[player] is last_grid):
            return
        grid = grids[player] if grids else None
        self._write_own(start, own, grid, (player - self.player) % self.players)
        self._chosen[player] = (own, grid)

    def _write_own(self, start: int, action: object, grid: Grid | None, k: int) -> None:
        """Write ``action``, chosen by the holder of the ``k``-th grid block."""
        buf = self.buffer
        buf[start : start + 10] = self._no_choice
        if action is None:
            return
        origin = getattr(action, "origin", None)
        buf[start + _KINDS[type(action)]] = 1.0
        buf[start + 5] = 0.0 if origin is None else 1.0
        if grid is None or not grid.cells:
            left = top = 0
        elif grid.cells is self._cells[k]:
            left, top = cast("tuple[int, int]", self._corners[k])
        else:
            cells = grid.cells
            left, top = min([q[0] for q, _ in cells]), min([q[1] for q, _ in cells])
        to = getattr(action, "to", None) or getattr(action, "at", None)
        span = self._span
        sc, own = self._scale, self._at.own
        if to is not None:
            buf[start + 6] = min(to[0] - left, span) * sc[own + 6]
            buf[start + 7] = min(to[1] - top, span) * sc[own + 7]
        if origin is not None:
            buf[start + 8] = min(origin[0] - left, span) * sc[own + 8]
            buf[start + 9] = min(origin[1] - top, span) * sc[own + 9]

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
        """Write ``holder``'s grid as the ``k``-th block: only the slots of the stacks
        that changed, moved or shifted since the block last showed a grid (and only the
        positions of the others when the grid's corner moved)."""
        old = self._cells[k]
        if grid is not None:
            step = grid._moved_
            if step is not None and step[0] is old:
                self._write_move(k, holder, grid.cells, *step)
                return
        buf = self.buffer
        slot = self._at.slot
        start = self._starts[k]
        cells = grid.cells if grid is not None else ()
        count = len(cells)
        before = len(old)
        first = 0  # the stacks unchanged at the start
        shortest = count if count < before else before
        while first < shortest and cells[first] is old[first]:
            first += 1
        end, old_end = count, before  # then cells[first:end] replace old[first:old_end]
        while end > first and old_end > first and cells[end - 1] is old[old_end - 1]:
            end -= 1
            old_end -= 1
        # Cells are sorted by column then row: the first is in the leftmost column.
        if cells:
            rows = [q[1] for q, _ in cells]
            corner = (cells[0][0][0], min(rows))
            self._on_top[k] = rows.count(corner[1])
        else:
            corner = (0, 0)
        moved = corner != self._corners[k]
        self._cells[k], self._corners[k] = cells, corner
        kept = count - end
        if kept and count != before:  # the unchanged stacks at the end shift by whole slots
            to, frm = start + end * slot, start + old_end * slot
            buf[to : to + kept * slot] = buf[frm : frm + kept * slot]
        if count < before:
            gone = (before - count) * slot
            buf[start + count * slot : start + before * slot] = self._blank[:gone]
        for i in range(first, end):
            here = start + i * slot
            buf[here : here + slot] = self._piece(k, cells[i][1], holder)
        # The places of the new stacks, and of all when the corner moved.
        if moved:
            self._write_every_place(k, cells, corner)
        else:
            self._write_places(k, cells, corner, range(first, end))

    def _write_move(
        self,
        k: int,
        holder: int,
        cells: tuple[tuple[Position, tuple[int, ...]], ...],
        old: tuple[tuple[Position, tuple[int, ...]], ...],
        index: int,
        j: int,
    ) -> None:
        """Write the ``k``-th block, which shows the cells ``old``, for ``cells``: the same
        stacks once stack ``index`` of ``old`` moved onto stack ``j`` of ``cells`` (one
        stack fewer) or became it. The stacks between keep their slots' numbers, shifted
        by one slot; only stack ``j`` is written (and every place when the corner moved)."""
        buf, slot, start = self.buffer, self._slot, self._starts[k]
        count = len(cells)
        if count < len(old):  # the stacks after the moving one shift down a slot;
            # the last slot is emptied
            here, last = start + index * slot, start + count * slot
            if here < last:  # (an empty slice is refused while NumPy reads the buffer)
                buf[here:last] = buf[here + slot : last + slot]
            buf[last : last + slot] = self._empty
        elif j < index:  # the stacks from j on shift up a slot, to the moving one's
            here = start + j * slot
            buf[here + slot : start + (index + 1) * slot] = buf[here : start + index * slot]
        elif j > index:  # the stacks after the moving one shift down, to j
            here = start + index * slot
            buf[here : start + j * slot] = buf[here + slot : start + (j + 1) * slot]
        place, stack = cells[j]
        was = self._corners[k]
        assert was is not None  # the block shows ``old``
        left, top = cells[0][0][0], was[1]
        # The corner's row: counted, so that it is looked for again only once emptied.
        on_top = self._on_top[k]
        if old[index][0][1] == top:  # the moving stack left the corner's row
            on_top -= 1
        if count == len(old):  # a Duck: the moving stack stands at ``place``
            row = place[1]
            if row < top:
                top, on_top = row, 1
            elif row == top:
                on_top += 1
        if not on_top:
            rows = [q[1] for q, _ in cells]
            top = min(rows)
            on_top = rows.count(top)
        self._on_top[k] = on_top
        self._cells[k] = cells
        here = start + j * slot
        buf[here : here + slot] = self._slots[k].get((stack[-1] << 8) | len(stack)) or self._piece(
            k, stack, holder
        )
        if left != was[0] or top != was[1]:  # every place counts from a new corner
            self._corners[k] = (left, top)
            if top == was[1]:  # the columns only
                self._write_axis(k, cells, 0, left, self._across)
            elif left == was[0]:  # the rows only
                self._write_axis(k, cells, 1, top, self._down)
            else:
                self._write_every_place(k, cells, (left, top))
                return
        # The moved stack's place.
        column, row = place[0] - left, place[1] - top
        if column < _NEAR and row < _NEAR:
            buf[here + 1] = self._across[column]
            buf[here + 2] = self._down[row]
        else:
            self._write_far(here, column, row)

    def _write_axis(
        self,
        k: int,
        cells: tuple[tuple[Position, tuple[int, ...]], ...],
        axis: int,
        origin: int,
        numbers: list[float],
    ) -> None:
        """Write the column (``axis`` 0) or the row (1) of every stack of ``cells`` in the
        ``k``-th block, counted from ``origin``, as ``numbers`` gives them."""
        buf, slot = self.buffer, self._slot
        here = self._starts[k] + 1 + axis
        try:
            for place, _ in cells:  # never left of nor above the corner
                buf[here] = numbers[place[axis] - origin]
                here += slot
        except IndexError:  # a stack past the numbers kept made
            corner = cast("tuple[int, int]", self._corners[k])
            self._write_places(k, cells, corner, range(len(cells)))

    def _write_every_place(
        self, k: int, cells: tuple[tuple[Position, tuple[int, ...]], ...], corner: tuple[int, int]
    ) -> None:
        """Write the place of every stack of ``cells`` in the ``k``-th block, counted from
        ``corner``."""
        buf, slot, left, top = self.buffer, self._at.slot, corner[0], corner[1]
        across, down = self._across, self._down
        here = self._starts[k] + 1
        try:
            for (column, row), _ in cells:  # never left of nor above the corner
                buf[here] = across[column - left]
                buf[here + 1] = down[row - top]
                here += slot
        except IndexError:  # a stack past the numbers kept made
            self._write_places(k, cells, corner, range(len(cells)))

    def _write_places(
        self,
        k: int,
        cells: tuple[tuple[Position, tuple[int, ...]], ...],
        corner: tuple[int, int],
        indexes: Iterable[int],
    ) -> None:
        """Write the places of the stacks ``indexes`` of ``cells`` in the ``k``-th block,
        counted from ``corner``."""
        buf, slot, start = self.buffer, self._at.slot, self._starts[k]
        left, top = corner
        across, down = self._across, self._down
        near = len(across)
        for i in indexes:
            (column, row), _ = cells[i]
            column -= left
            row -= top
            here = start + i * slot
            if column < near and row < near:
                buf[here + 1] = across[column]
                buf[here + 2] = down[row]
            else:
                self._write_far(here, column, row)

    def _write_far(self, here: int, column: int, row: int) -> None:
        """Write the place of the slot at ``here``, ``column`` and ``row`` from the corner,
        one of them past the span."""
        at, span = self._at, self._span
        self.buffer[here + 1] = min(column, span) * self._scale[at.grids + 1]
        self.buffer[here + 2] = min(row, span) * self._scale[at.grids + 2]

    def _piece(self, k: int, stack: tuple[int, ...], holder: int) -> Buffer:
        """The numbers of the slot of ``holder``'s ``stack`` (shown as the ``k``-th grid
        block) but its position, made once."""
        card = stack[-1]
        kept = self._slots[k]
        values = kept.get((card << 8) | len(stack))
        if values is not None:
            return values
        values = _zeros(self.buffer.typecode, self._at.slot)
        values[0] = 1.0
        values[2 + number_of(card)] = 1.0
        values[_FAMILY + (family_of(card, holder) - self.player) % self.players] = 1.0
        values[-1] = (len(stack) - 1) * self._scale[self._at.grids + self._at.slot - 1]
        kept[(card << 8) | len(stack)] = values
        return values


class Table(Writer):
    """The numbers every player's observation of a ``players``-player game is gathered
    from: :meth:`write` brings them to a state once (and a player's own choice when
    that player is named), and each player's observation is then ``buffer[i] for i
    in order(player)``.

    What the players see alike is written once, as player 0 sees it; each player's
    own chosen action has a block of its own, after the observation's length, then
    a 0 and a 1 (the places of the player's seat one-hot point at them).

    >>> import rulespec
    >>> from rulespec.duck_cover.encoding import observation
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.start(3, seed=2)
    >>> table = Table(3)
    >>> table.write(state, 2)
    >>> seen = [table.buffer[i] for i in table.order(2)]
    >>> tuple(seen) == observation(dc.view(state, 2))
    True
    """

    def __init__(
        self,
        players: int,
        options: Options | None = None,
        *,
        saturate: bool = False,
        scale: Sequence[float] | None = None,
    ) -> None:
        at = _Layout(players)
        self.length = at.length
        """The length of an observation (the buffer holds more)."""
        super().__init__(
            _zeros("f", at.length + 10 * players + 2),
            0,
            players,
            options,
            saturate=saturate,
            scale=scale,
        )
        self.buffer[-1] = 1.0

    def write(self, state: State, player: int | None = None) -> None:
        """Bring the numbers all players see to ``state``, and the block of ``player``'s
        own choice (of every player's when ``None``)."""
        last = self._state
        if state is not last:
            if (
                last is not None
                and state.grids is last.grids
                and (
                    # The rules hand a turn's lookups on only from a state of the turn to
                    # the next (a player's choice): the same lookups, the same turn.
                    (type(turn := state._kept_) is _TURN_LOOKUPS and turn is last._kept_)
                    or _only_choices_differ(last, state)
                )
            ):
                # A state of the same turn (each player's step): who has chosen, where it
                # changed (the table's seats are counted from player 0).
                self._state = state
                before, submitted = last.submitted, state.submitted
                if len(before) == len(submitted):
                    buf, acted = self.buffer, self._at.acted
                    for p, action in enumerate(submitted):
                        if action is not before[p]:
                            buf[acted + p] = 0.0 if action is None else 1.0
                else:
                    self._write_choices(state)
            else:
                self._write_shared(state)
        if player is not None:
            if self._chosen[player][0] is None and (
                state.phase is not _TURN or state.submitted[player] is None
            ):
                return  # no choice shown, none to show
            self._write_chosen(state, player, self.length + 10 * player)
            return
        for p in range(self.players):
            self._write_chosen(state, p, self.length + 10 * p)

    def order(self, player: int) -> tuple[int, ...]:
        """Where each number of ``player``'s observation is in :attr:`buffer`."""
        at, n = self._at, self.players
        if not 0 <= player < n:
            raise ValueError(f"no player {player} in a {n}-player game")
        one, zero = len(self.buffer) - 1, len(self.buffer) - 2
        found = list(range(at.length))
        for k in range(n):
            p = (player + k) % n
            found[at.seat + k] = one if k == player else zero
            found[at.acted + k] = at.acted + p
            for r in range(3):
                found[at.scores + r * n + k] = at.scores + r * n + p
            gift, own_gift = at.gifts + k * at.gift, at.gifts + p * at.gift
            found[gift : gift + 12] = range(own_gift, own_gift + 12)
            for f in range(n):
                found[gift + 12 + f] = own_gift + 12 + (player + f) % n
            block, own_block = at.grids + k * at.grid, at.grids + p * at.grid
            for slot in range(0, at.grid, at.slot):
                here, there = block + slot, own_block + slot
                found[here : here + at.slot] = range(there, there + at.slot)
                for f in range(n):
                    found[here + _FAMILY + f] = there + _FAMILY + (player + f) % n
        found[at.own : at.own + 10] = range(at.length + 10 * player, at.length + 10 * player + 10)
        return tuple(found)


_FAMILY = 15
"""Where a stack's family one-hot starts within its slot."""
