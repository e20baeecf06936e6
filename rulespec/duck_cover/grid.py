"""A player's ducks: stacks of cards at (column, row) positions.

Positions are ``(column, row)`` integers; columns grow to the right and rows
downward. The deal lays a family's permutation row by row from ``(0, 0)`` to
``(3, 2)``; a stack ducked left of the first column stands at column ``-1``:
positions are never renormalised.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence
from typing import overload

import attrs

from rulespec.core.errors import PositionError
from rulespec.plugin.builder import builder
from rulespec.plugin.positions import numeral, shown, wholes
from rulespec.rulebook.implements import implements

__all__ = ["COLUMNS", "ROWS", "Grid", "PlaceMasks", "Places", "Position", "Stack", "neighbours"]

Position = tuple[int, int]
"""``(column, row)``."""

Stack = tuple[int, ...]
"""The cards of one stack, bottom first: ``stack[-1]`` is the visible card."""

COLUMNS = 4
ROWS = 3


def neighbours(position: Position) -> tuple[Position, Position, Position, Position]:
    """The four places that share a side with ``position``: right, left, down, up.

    >>> neighbours((0, 0))
    ((1, 0), (-1, 0), (0, 1), (0, -1))
    """
    c, r = position
    return ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1))


_STACK = re.compile(r"[0-9]+(?:/[0-9]+)*")
"""A stack in a grid diagram: its cards in ASCII digits, bottom first, joined by ``/``."""
_ODD_SPACE = re.compile(r"[^\S \t\r\n]")
"""A space that is no separator of a diagram (a no-break space, a line separator, …)."""
_MARGIN = 3
"""The free places on each side of a new :class:`PlaceMasks` frame."""
_new = object.__new__
_LAYOUT = tuple(sorted(((i % COLUMNS, i // COLUMNS), i) for i in range(COLUMNS * ROWS)))
"""Each place of a dealt grid, sorted, with the index in the shuffled family of its card."""


class PlaceMasks:
    """What every turn looks up in one grid: its visible cards, and sets of places
    around it as the bits of an ``int`` (set algebra in a few integer operations).

    A frame wider than the grid on every side (by :data:`_MARGIN` places when made,
    by at least one always) gives each place in it a bit: ``(column - left) *
    stride + (row - top)``. Bits grow with ``(column, row)``, so the set bits of a
    mask, lowest first, are its places in sorted order; the places beside a place of
    the grid are 1 bit (rows) and ``stride`` bits (columns) away, and are inside
    the frame. The margin lets a grid's masks follow its moves in the same frame
    (:meth:`Grid.moved`) while it drifts.

    >>> m = Grid.from_diagram("1 2\\n. 3").masks()
    >>> list(m.places(m.beside(m.cells[0]) & ~m.stacks))  # empty places beside (0, 0)
    [(-1, 0), (0, -1), (0, 1)]
    """

    __slots__ = ("cells", "left", "stacks", "stride", "top", "tops", "width")

    def __init__(
        self,
        left: int,
        top: int,
        stride: int,
        width: int,
        cells: tuple[int, ...],
        stacks: int,
        tops: tuple[int, ...],
    ) -> None:
        self.left = left
        """The column of the frame's first place."""
        self.top = top
        """The row of the frame's first place."""
        self.stride = stride
        """The number of rows of the frame."""
        self.width = width
        """The number of columns of the frame."""
        self.cells = cells
        """The one-bit mask of each stack, in the order of :attr:`Grid.cells`."""
        self.stacks = stacks
        """The occupied places."""
        self.tops = tops
        """The visible card of each stack, in the order of :attr:`Grid.cells`."""

    @classmethod
    def around(cls, cells: Sequence[tuple[Position, Stack]]) -> PlaceMasks:
        """The masks of a grid's ``cells``, in a frame :data:`_MARGIN` places wider on
        every side."""
        if not cells:
            return cls(0, 0, 1, 1, (), 0, ())
        columns = [c for (c, _), _ in cells]
        rows = [r for (_, r), _ in cells]
        left = min(columns) - _MARGIN
        top = min(rows) - _MARGIN
        stride = max(rows) - top + 1 + _MARGIN
        width = max(columns) - left + 1 + _MARGIN
        bits = tuple([1 << ((c - left) * stride + r - top) for (c, r), _ in cells])
        tops = tuple([stack[-1] for _, stack in cells])
        return cls(left, top, stride, width, bits, sum(bits), tops)

    def beside(self, places: int) -> int:
        """The places that share a side with one of ``places`` (places of the grid)."""
        stride = self.stride
        return (places << 1) | (places >> 1) | (places << stride) | (places >> stride)

    def mask(self, position: Position) -> int:
        """The one-bit mask of ``position``; ``0`` outside the frame."""
        column = position[0] - self.left
        row = position[1] - self.top
        if not (0 <= column < self.width and 0 <= row < self.stride):
            return 0
        return 1 << (column * self.stride + row)

    def nth(self, places: int, i: int) -> Position:
        """The place ``i`` (from 0) of ``places`` in sorted order; it must have one."""
        for _ in range(i):
            places &= places - 1  # drop the lowest place
        column, row = divmod((places & -places).bit_length() - 1, self.stride)
        return (column + self.left, row + self.top)

    def places(self, places: int) -> Places:
        """The places of the mask, sorted."""
        return Places(self, places)


class Places(Sequence[Position]):
    """The places of a mask of :class:`PlaceMasks`, sorted, each decoded when asked for.

    >>> m = Grid.from_diagram("1 2\\n. 3").masks()
    >>> ducks = m.places(m.beside(m.stacks) & ~m.stacks)
    >>> len(ducks), ducks[0], ducks[-1], (0, 1) in ducks
    (7, (-1, 0), (2, 1), True)
    """

    __slots__ = ("_len", "_mask", "_masks")

    def __init__(self, masks: PlaceMasks, mask: int) -> None:
        self._masks = masks
        self._mask = mask
        self._len = mask.bit_count()

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Position: ...
    @overload
    def __getitem__(self, i: slice) -> list[Position]: ...
    def __getitem__(self, i: int | slice) -> Position | list[Position]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        return self._masks.nth(self._mask, i)

    def __iter__(self) -> Iterator[Position]:
        mask = self._mask
        masks = self._masks
        while mask:
            low = mask & -mask
            column, row = divmod(low.bit_length() - 1, masks.stride)
            yield (column + masks.left, row + masks.top)
            mask ^= low

    def __contains__(self, place: object) -> bool:
        return place in list(self)

    def __repr__(self) -> str:
        return f"Places({list(self)!r})"


@attrs.frozen(weakref_slot=False)  # for rulespec.plugin.builder
class Grid:
    """One player's ducks: ``cells`` pairs each occupied position with its stack.

    Cells are sorted by position, so two grids with the same stacks in the
    same places are equal.

    >>> g = Grid.dealt((5, 7, 1, 2, 3, 4, 6, 8, 9, 10, 11, 12))
    >>> g.stack_at((1, 0))
    (7,)
    >>> g.top_cards()[:3]
    (5, 3, 9)
    """

    cells: tuple[tuple[Position, Stack], ...]
    # What every turn looks up, computed once per grid on first use or derived from the
    # grid it was moved from (grids are shared by many states); not part of the value.
    _masks_: PlaceMasks | None = attrs.field(init=False, default=None, eq=False, repr=False)
    # How the grid was made by :meth:`moved`, for who follows a grid step by step: the
    # cells it was moved from, the moving stack's index in them, and the index in
    # ``cells`` of the stack it covered (one stack fewer) or started.
    _moved_: tuple[tuple[tuple[Position, Stack], ...], int, int] | None = attrs.field(
        init=False, default=None, eq=False, repr=False
    )

    @classmethod
    def dealt(cls, order: Sequence[int]) -> Grid:
        """The 4×3 grid that a shuffled family makes, laid row by row from (0, 0)."""
        if len(order) == len(_LAYOUT):
            return cls(tuple([(place, (order[i],)) for place, i in _LAYOUT]))
        return cls(
            tuple(sorted(((i % COLUMNS, i // COLUMNS), (card,)) for i, card in enumerate(order)))
        )

    @classmethod
    def from_stacks(cls, stacks: Mapping[Position, Sequence[int]]) -> Grid:
        """A grid from ``{position: cards bottom first}``; refuses an empty stack, and
        names any value it refuses in a short line, however long the value.

        >>> Grid.from_stacks({(0, 0): [7, 5], (1, 0): [1]}).stack_at((0, 0))
        (7, 5)
        >>> try:
        ...     Grid.from_stacks(10**5000)
        ... except PositionError as exc:
        ...     print(exc)
        expected a mapping of position to stack, not a whole number of 5001 digits
        """
        if not isinstance(stacks, Mapping):
            raise PositionError(f"expected a mapping of position to stack, not {shown(stacks)}")
        cells = []
        for position, cards in stacks.items():
            place = wholes(position, f"position {shown(position)}")
            if len(place) != 2:
                raise PositionError(f"{shown(position)} is not a place (column, row)")
            stack = wholes(cards, f"the stack at {shown(position)}")
            if not stack:
                raise PositionError(f"the stack at {shown(position)} is empty")
            cells.append(((place[0], place[1]), stack))
        return cls(tuple(sorted(cells)))

    @classmethod
    def from_diagram(cls, diagram: str, origin: Position = (0, 0)) -> Grid:
        """A grid from a text diagram, the inverse of :meth:`diagram`.

        Rows are lines; cells are separated by spaces; ``.`` is an empty
        place; a stack is its cards bottom first joined by ``/``. The first
        character cell of the first line is ``origin``.

        >>> g = Grid.from_diagram('''
        ...     7/5  1  2  3
        ...       4  6  .  8
        ...       9 10 11 12
        ... ''')
        >>> g.stack_at((0, 0)), g.stack_at((2, 1))
        ((7, 5), None)
        """
        if not isinstance(diagram, str):
            raise PositionError(f"expected a diagram (text), not {shown(diagram)}")
        if odd := _ODD_SPACE.search(diagram):
            raise PositionError(
                f"{odd.group()!r} in the diagram: only plain spaces separate its cells"
            )
        origin_place = wholes(origin, "origin")
        if len(origin_place) != 2:
            raise PositionError(f"origin: {shown(origin)} is not a place (column, row)")
        column, row = origin_place
        lines = [line.split() for line in diagram.strip("\n").splitlines()]
        lines = [line for line in lines if line]
        stacks: dict[Position, list[int]] = {}
        for r, line in enumerate(lines):
            for c, cell in enumerate(line):
                if cell == ".":
                    continue
                if not _STACK.fullmatch(cell):
                    raise PositionError(
                        f"row {r + 1}, column {c + 1}: {shown(cell)} is neither '.' nor cards "
                        "in ASCII digits joined by '/'"
                    )
                stacks[(column + c, row + r)] = [
                    numeral(card, f"row {r + 1}, column {c + 1}") for card in cell.split("/")
                ]
        return cls.from_stacks(stacks)

    def diagram(self) -> str:
        """The grid as a text diagram (see :meth:`from_diagram`), origin at its top left.

        >>> print(Grid.from_diagram("1/2 3\\n. 4").diagram())
        1/2   3
          .   4
        """
        cols = [p[0] for p, _ in self.cells]
        rows = [p[1] for p, _ in self.cells]
        stacks = dict(self.cells)
        width = max(len("/".join(map(str, s))) for s in stacks.values())
        lines = []
        for r in range(min(rows), max(rows) + 1):
            cells = (
                "/".join(map(str, stacks[(c, r)])) if (c, r) in stacks else "."
                for c in range(min(cols), max(cols) + 1)
            )
            lines.append(" ".join(cell.rjust(width) for cell in cells).rstrip())
        return "\n".join(lines)

    @property
    def origin(self) -> Position:
        """The top-left corner of the smallest rectangle holding every stack."""
        return (min(p[0] for p, _ in self.cells), min(p[1] for p, _ in self.cells))

    def __iter__(self) -> Iterator[tuple[Position, Stack]]:
        return iter(self.cells)

    def __len__(self) -> int:
        """The number of stacks."""
        return len(self.cells)

    def stack_at(self, position: Position) -> Stack | None:
        """The stack at ``position``, bottom first, or ``None`` for an empty place."""
        for p, stack in self.cells:
            if p == position:
                return stack
        return None

    def positions(self) -> tuple[Position, ...]:
        """The occupied positions, sorted."""
        return tuple(p for p, _ in self.cells)

    def top_cards(self) -> tuple[int, ...]:
        """The visible cards (the top of each stack), in the order of :attr:`cells`."""
        return (self._masks_ or self.masks()).tops

    @property
    def occupied(self) -> frozenset[Position]:
        """The occupied positions."""
        return frozenset([p for p, _ in self.cells])

    def masks(self) -> PlaceMasks:
        """The grid's places as bit masks (see :class:`PlaceMasks`)."""
        masks = self._masks_
        if masks is None:
            masks = PlaceMasks.around(self.cells)
            _set_masks(self, masks)
        return masks

    def find_visible(self, card: int) -> int:
        """The index in :attr:`cells` of the stack that ``card`` tops, or ``-1`` if covered."""
        tops = (self._masks_ or self.masks()).tops
        return tops.index(card) if card in tops else -1

    def position_of(self, card: int) -> Position:
        """Where ``card`` is (on top or covered)."""
        for p, stack in self.cells:
            if card in stack:
                return p
        raise KeyError(card)

    def cards(self) -> tuple[int, ...]:
        """Every card of the grid, covered ones included, sorted."""
        return tuple(sorted(card for _, stack in self.cells for card in stack))

    @implements("dc.move.stack")
    def moved(self, index: int, to: Position) -> Grid:
        """The grid after the stack at ``cells[index]`` moves to ``to``.

        Onto a stack it covers that stack (Cover); onto an empty place it
        stands alone (Duck). Legality is the caller's business. A grid whose masks
        are known hands them on, moved in the same frame, and finds the new cell's
        place from them; otherwise the place is found by bisection.
        """
        cells = list(self.cells)
        _, stack = cells.pop(index)
        masks = self._masks_
        if masks is not None:  # the moved grid's masks follow from these, in the same frame
            column = to[0] - masks.left
            row = to[1] - masks.top
            stride = masks.stride
            if 0 < column < masks.width - 1 and 0 < row < stride - 1:  # off the frame's edge
                bit = 1 << (column * stride + row)
                bits = list(masks.cells)
                others = masks.stacks ^ bits.pop(index)
                tops = list(masks.tops)
                card = tops.pop(index)  # still on top after the move
                j = (others & (bit - 1)).bit_count()  # cells come in the order of their bits
                after = _new(PlaceMasks)
                after.left, after.top, after.width = masks.left, masks.top, masks.width
                after.stride = stride
                if others & bit:  # onto a stack
                    place, below = cells[j]
                    cells[j] = (place, below + stack)
                    tops[j] = card
                    after.stacks = others
                else:
                    cells.insert(j, (to, stack))
                    bits.insert(j, bit)
                    tops.insert(j, card)
                    after.stacks = others | bit
                after.cells = tuple(bits)
                after.tops = tuple(tops)
                return _grid(tuple(cells), after, (self.cells, index, j))
        j = bisect_left(cells, (to,))  # (to,) sorts just before the cell at ``to``
        if j < len(cells) and cells[j][0] == to:
            place, below = cells[j]
            cells[j] = (place, below + stack)
        else:
            cells.insert(j, (to, stack))
        return _grid(tuple(cells), None, (self.cells, index, j))


_grid = builder(Grid, "_masks_", "_moved_")
"""Makes a grid from its cells, its masks (or ``None``) and how it was moved (or ``None``),
as ``Grid(cells)`` makes it."""
_set_masks = vars(Grid)["_masks_"].__set__
"""Sets a grid's masks (plain assignment is refused: grids are frozen)."""
