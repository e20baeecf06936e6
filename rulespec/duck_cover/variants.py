"""The publisher's variants that change a turn: *Constraints* and *Low blows*.

The variants that change only the deck, the deal or the scores live where
those are: :mod:`~rulespec.duck_cover.rules` (the deck of *Constraints*, the
cards that *Surprises* sets aside) and :mod:`~rulespec.duck_cover.scoring`
(*Competition*, *Pressure*).
"""

from __future__ import annotations

from bisect import bisect_left

from rulespec.duck_cover.cards import (
    CONSTRAINED,
    MAX,
    Call,
    family_of,
    held_by,
    number_of,
)
from rulespec.duck_cover.grid import Grid, Position
from rulespec.rulebook.implements import implements

__all__ = [
    "CHOOSE",
    "GIFT",
    "QUACK",
    "called_index",
    "candidates",
    "frozen",
    "givable",
    "given",
    "left_of",
    "placed",
]

QUACK = -1
"""A called stack index: the player's called card is covered (or frozen); « Coin »."""

CHOOSE = -2
"""A called stack index: several visible cards carry the called number (*Low blows*);
the action names the one that moves."""

GIFT = -3
"""A called stack index: nothing is called; the player gives or places a duck."""


@implements("dc.variant.constraints.frozen")
def frozen(card: int) -> bool:
    """Whether ``card``, visible, may not move under *Constraints*: a 1, 2 or 3.

    Every card a grid holds is its holder's own (a duck received under *Low
    blows* included), so the number alone decides.

    >>> frozen(3), frozen(4), frozen(102)
    (True, False, True)
    """
    return number_of(card) in CONSTRAINED


@implements("dc.variant.low-blows.ownership", "dc.variant.constraints.max")
def candidates(grid: Grid, call: Call, constraints: bool) -> list[int]:
    """The indexes in ``grid.cells`` of the stacks that the call may move.

    A number calls every visible card that carries it, whichever family it
    came from; Max calls the highest-numbered visible card. Under
    *Constraints* a frozen card is never one of them, so a player whose Max
    card is a 1, 2 or 3 says « Coin ».

    >>> g = Grid.from_diagram("5 105 2")
    >>> candidates(g, 5, False), candidates(g, MAX, True)
    ([0, 1], [0])
    >>> candidates(Grid.from_diagram("1 12/3 2"), MAX, True)
    []
    """
    tops = grid.top_cards()
    if call == MAX:
        best = max(tops, key=number_of)
        found = [tops.index(best)]
    else:
        found = [i for i, top in enumerate(tops) if number_of(top) == call]
    if constraints:
        found = [i for i in found if not frozen(tops[i])]
    return found


def called_index(grid: Grid, call: Call, constraints: bool) -> int:
    """The index of the stack the call moves; :data:`QUACK` or :data:`CHOOSE`."""
    found = candidates(grid, call, constraints)
    if not found:
        return QUACK
    return found[0] if len(found) == 1 else CHOOSE


@implements("dc.variant.low-blows.left")
def left_of(player: int, players: int) -> int:
    """The seat on ``player``'s left: the next seat, in the clockwise seating order.

    >>> left_of(0, 4), left_of(3, 4)
    (1, 0)
    """
    return (player + 1) % players


@implements("dc.variant.low-blows.gift", "dc.variant.low-blows.lowest")
def givable(grid: Grid) -> list[int]:
    """The indexes of the stacks whose visible duck may be given: one of the two
    lowest-numbered visible ducks (fewer than two visible ducks have a lower number).

    >>> givable(Grid.from_diagram("7 2 9 102 3"))
    [1, 3]
    >>> givable(Grid.from_diagram("7 2 9 3 103"))
    [1, 3, 4]
    """
    numbers = [number_of(top) for top in grid.top_cards()]
    return [i for i, n in enumerate(numbers) if sum(m < n for m in numbers) < 2]


@implements("dc.variant.low-blows.gift", "dc.variant.low-blows.ownership")
def given(grids: tuple[Grid, ...], at: tuple[int, ...]) -> tuple[tuple[Grid, ...], tuple[int, ...]]:
    """Each player ``p`` gives the visible duck of stack ``at[p]`` alone to their left
    neighbour: the card beneath it, if any, comes into view.

    Returns the grids without the given ducks, and the duck each player receives,
    written as their grid will hold it.
    """
    players = len(grids)
    after: list[Grid] = []
    received = [0] * players
    for p, (grid, index) in enumerate(zip(grids, at, strict=True)):
        cells = grid.cells
        place, stack = cells[index]
        card = stack[-1]
        if len(stack) == 1:
            after.append(Grid(cells[:index] + cells[index + 1 :]))
        else:
            after.append(Grid((*cells[:index], (place, stack[:-1]), *cells[index + 1 :])))
        q = left_of(p, players)
        received[q] = held_by(family_of(card, p), number_of(card), q)
    return tuple(after), tuple(received)


@implements("dc.variant.low-blows.placement")
def placed(grid: Grid, to: Position, card: int) -> Grid:
    """``grid`` with ``card`` alone at the empty place ``to`` (legality is the caller's)."""
    cells = grid.cells
    j = bisect_left(cells, (to,))
    return Grid((*cells[:j], (to, (card,)), *cells[j:]))
