"""The line of fire: six spaces, their coordinates, and how cards move along it.

Spaces are numbered from the front: space 0 is the head of the line, the
end the ducks walk towards (« l'avant », to the left on the board); space 5
is the back, beside the duck deck, where new cards enter. « Rectifier le
tir à gauche » moves a target one space towards 0. Targets and Planqué cards
belong to spaces, not to cards: when cards move, they stay where they are.

Each space holds a stack, bottom first: ``(card,)`` or ``(hidden, cover)``
for a duck hidden under a neighbour by À couvert. The line has six spaces
whenever the game goes on; it can only run short when the deck is empty at
the end of the game (the empty spaces are then the last ones).
"""

from __future__ import annotations

import re

from rulespec.canardage.actions import Stack
from rulespec.canardage.cards import WATER
from rulespec.rulebook.implements import implements

__all__ = ["LENGTH", "dealt", "diagram", "forward", "hide", "parse", "refill", "shoot"]

LENGTH = 6
"""Spaces in the line."""

Line = tuple[Stack, ...]


@implements("can.setup.line")
def dealt(deck: tuple[int, ...]) -> tuple[Line, tuple[int, ...]]:
    """Six cards from the top of ``deck`` laid from the back towards the front.

    The first card turned up takes space 5 (beside the deck), the sixth
    space 0: the rulebook lays them from right to left, starting at the pile.

    >>> dealt((1, 2, 3, 4, 5, 6, 0))
    (((6,), (5,), (4,), (3,), (2,), (1,)), (0,))
    """
    n = min(LENGTH, len(deck))
    return tuple((c,) for c in reversed(deck[:n])), deck[n:]


@implements("can.line.close-up", "can.line.short")
def refill(line: Line, deck: tuple[int, ...]) -> tuple[Line, tuple[int, ...]]:
    """Fill the back of a closed-up ``line`` from the top of ``deck``, one card per space.

    >>> refill(((1,), (2,)), (3, 4, 5, 6, 0))
    (((1,), (2,), (3,), (4,), (5,), (6,)), (0,))
    """
    n = min(LENGTH - len(line), len(deck))
    if n <= 0:
        return line, deck
    stacks = list(line)
    for card in deck[:n]:
        stacks.append((card,))
    return tuple(stacks), deck[n:]


@implements("can.shot.owner", "can.cover.shot")
def shoot(
    line: Line, deck: tuple[int, ...], spaces: tuple[int, ...]
) -> tuple[Line, tuple[int, ...], tuple[int, ...]]:
    """Shoot the top duck of each space in ``spaces`` at once; return the new line and deck
    and the colours of the ducks shot.

    A lone duck leaves the line, which closes up and takes new cards at the
    back; a cover duck leaves its hidden duck in the space, uncovered.

    >>> shoot(((1,), (2, 3), (4,), (5,), (6,), (0,)), (2, 1), (0, 1))
    (((2,), (4,), (5,), (6,), (0,), (2,)), (1,), (1, 3))
    """
    killed = []
    kept = list(line)
    for i in sorted(spaces, reverse=True):  # from the back: the spaces in front keep their place
        stack = kept[i]
        killed.append(stack[-1])
        if len(stack) == 2:
            kept[i] = stack[:1]
        else:
            del kept[i]
    killed.reverse()
    new, deck = refill(tuple(kept), deck)
    return new, deck, tuple(killed)


@implements("can.action.en-avant-marche", "can.cover.forward")
def forward(
    line: Line, deck: tuple[int, ...], cover_first: bool = False
) -> tuple[Line, tuple[int, ...], int]:
    """The whole line one space forward: the front stack goes under the deck, the deck's
    top card enters at the back. Returns the line, the deck and how many cards went
    under the deck (two for a pair, which goes as it lies: hidden duck, then its cover
    at the very bottom; with ``cover_first``, the reading ``pair_order="cover-first"``,
    the cover above its hidden duck, which becomes the bottom card).

    >>> forward(((2, 3), (4,), (5,), (6,), (0,), (1,)), (6,))
    (((4,), (5,), (6,), (0,), (1,), (6,)), (2, 3), 2)
    >>> forward(((2, 3), (4,), (5,), (6,), (0,), (1,)), (6,), cover_first=True)[1]
    (3, 2)
    """
    front = line[0]
    if cover_first and len(front) == 2:
        front = front[::-1]
    new, deck = refill(line[1:], deck + front)
    return new, deck, len(front)


@implements("can.action.a-couvert")
def hide(line: Line, deck: tuple[int, ...], duck: int, cover: int) -> tuple[Line, tuple[int, ...]]:
    """Slide the duck at ``duck`` under the neighbouring duck at ``cover``; the line closes
    up and takes a new card at the back.

    >>> hide(((1,), (2,), (6,), (3,), (6,), (0,)), (4,), 0, 1)
    (((1, 2), (6,), (3,), (6,), (0,), (4,)), ())
    """
    stacks = list(line)
    stacks[cover] = (line[duck][0], line[cover][0])
    del stacks[duck]
    return refill(tuple(stacks), deck)


def is_duck(stack: Stack) -> bool:
    """Whether a duck shows on top of this space."""
    return stack[-1] != WATER


def diagram(line: Line, targets: tuple[int, ...] = ()) -> str:
    """The line as text, front first: ``W`` for water, a colour for a duck, ``h/c`` for a
    duck ``h`` hidden under ``c``, ``*`` after a targeted space (the inverse of
    :func:`parse`).

    >>> diagram(((0,), (6,), (1, 2)), (1,))
    '0 W* 1/2'
    """
    cells = []
    for i, stack in enumerate(line):
        cell = "/".join("W" if c == WATER else str(c) for c in stack)
        cells.append(cell + ("*" if i in targets else ""))
    return " ".join(cells)


def parse(text: str) -> tuple[Line, tuple[int, ...]]:
    """A line and its targets from a diagram (see :func:`diagram`).

    >>> parse("0* W 3/1 W* 2 2")
    (((0,), (6,), (3, 1), (6,), (2,), (2,)), (0, 3))
    """
    from rulespec.core.errors import PositionError
    from rulespec.plugin.positions import numeral, shown

    if not isinstance(text, str):
        raise PositionError(f"expected a line diagram (text), not {shown(text)}")
    if odd := re.search(r"[^\S \t\r\n]", text):
        raise PositionError(f"{odd.group()!r} in the diagram: only plain spaces separate its cells")
    line: list[Stack] = []
    targets: list[int] = []
    for i, cell in enumerate(text.split()):
        if cell.endswith("*"):
            targets.append(i)
            cell = cell[:-1]
        cards = []
        for part in cell.split("/"):
            if part.upper() == "W":
                cards.append(WATER)
            elif part.isascii() and part.isdigit():
                cards.append(numeral(part, f"space {i}"))
            else:
                raise PositionError(
                    f"space {i}: {shown(cell)} is neither W (water), a colour 0–5 in ASCII "
                    "digits nor hidden/cover"
                )
        line.append(tuple(cards))
    return tuple(line), tuple(targets)
