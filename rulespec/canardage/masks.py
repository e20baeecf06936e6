"""The cards' uses worked out with bit masks of the line: the quick path of the legal actions.

Bit ``i`` of a mask stands for space ``i`` of the line. :func:`survey` reads a
table once into masks; :func:`spaces` then gives a card's uses with a few
operations on them. The uses are those of the rule functions of
:mod:`rulespec.canardage.rules` (one per card, the readable statement of what
each card may do), in the same order; a property test checks that the two
agree.

>>> s = survey(((1,), (6,), (0,), (0, 1), (2,), (1,)), (1, 2), (-1, -1, 4), 1)
>>> spaces(Card.PAN, s), spaces(Card.PALME_ARRIERE, s)
(((1,), (2,)), ((0,), (3,)))
"""

from __future__ import annotations

from functools import cache

from rulespec.canardage.actions import Stack
from rulespec.canardage.cards import (
    A_COUVERT,
    BANZAI,
    CANARDAGE,
    COLOURS,
    DISPERSION,
    DOUBLE_VISEUR,
    EN_AVANT_MARCHE,
    EN_JOUE,
    PALME_ARRIERE,
    PALME_AVANT,
    PAN,
    PLANQUE,
    RECTIFIER_DROITE,
    RECTIFIER_GAUCHE,
    TIREUR_D_ELITE,
    TU_LOUCHES,
    WATER,
    Card,
)
from rulespec.canardage.line import LENGTH

__all__ = ["Survey", "read_spaces", "spaces", "survey"]

Spaces = tuple[int, ...]

Survey = tuple[int, int, int, int, int, int]
"""A table read into masks: ``(full, targets, sheltered, water, own, lone)``, where
``full`` holds every space of the line, ``own`` the spaces that show one of the player's
ducks and ``lone`` the spaces holding one duck alone (no water, no pair)."""

_SINGLES: tuple[tuple[Spaces, ...], ...] = tuple(
    tuple((i,) for i in range(LENGTH) if m >> i & 1) for m in range(1 << LENGTH)
)
"""For each mask, its spaces one by one, front first."""

_PAIRS: tuple[tuple[Spaces, ...], ...] = tuple(
    tuple((i, i + 1) for i in range(LENGTH - 1) if m >> i & 1) for m in range(1 << LENGTH)
)
"""For each mask, the pairs of neighbours starting at its spaces, front first."""

_TARGETS: dict[tuple[int, ...], int] = {
    spaces: m
    for m, spaces in enumerate(
        tuple(i for i in range(LENGTH) if m >> i & 1) for m in range(1 << LENGTH)
    )
}
"""The mask of each ascending tuple of distinct spaces, as a state's targets are."""

_EVERY_USE: tuple[Spaces, ...] = ((),)


@cache
def _sides(front: int, back: int) -> tuple[Spaces, ...]:
    """``(i, i - 1)`` for each space ``i`` of ``front`` and ``(i, i + 1)`` for each of
    ``back``, by ``i`` (the front neighbour first)."""
    return tuple(
        pair
        for i in range(LENGTH)
        for pair, mask in (((i, i - 1), front), ((i, i + 1), back))
        if mask >> i & 1
    )


def _sheltered(shelters: tuple[int, ...]) -> int | None:
    """The spaces under a Planqué card; ``None`` for a space off the line."""
    if not shelters:
        return 0
    mask = 0
    for s in shelters:
        if not -1 <= s < LENGTH:
            return None
        if s >= 0:
            mask |= 1 << s
    return mask


_Line = tuple[Stack, ...]
_LineMasks = tuple[_Line, int, int, tuple[int, ...], int]


def _line_masks(line: _Line) -> _LineMasks | None:
    """The masks of ``line``: ``(line, full, water, by colour, lone)``; ``None`` when they
    cannot hold it. Read afresh at every survey: no state is kept between calls, so
    threads never share one."""
    if len(line) > LENGTH:
        return None
    water = lone = 0
    by_colour = [0] * COLOURS
    bit = 1
    for stack in line:
        top = stack[-1]
        if top == WATER:
            water |= bit
        elif type(top) is int and 0 <= top < COLOURS:
            by_colour[top] |= bit
            if len(stack) == 1:
                lone |= bit
        else:
            return None
        bit <<= 1
    return line, bit - 1, water, tuple(by_colour), lone


def survey(
    line: tuple[Stack, ...], targets: tuple[int, ...], shelters: tuple[int, ...], player: int
) -> Survey | None:
    """The masks of a table for ``player``; ``None`` when it is not one the masks can
    hold (a line longer than six spaces, targets not ascending): the rule functions
    then decide."""
    read = _line_masks(line)
    aimed = _TARGETS.get(targets)
    sheltered = _sheltered(shelters)
    if read is None or aimed is None or sheltered is None:
        return None
    _, full, water, by_colour, lone = read
    own = by_colour[player] if 0 <= player < COLOURS else 0
    return full, aimed, sheltered, water, own, lone


def spaces(card: Card, table: Survey) -> tuple[Spaces, ...]:
    """The uses of ``card`` (not Canarchie, whose uses are orders of the line) on a
    surveyed table."""
    full, aimed, sheltered, water, own, lone = table
    if card is PAN:  # a target on water, or on a duck no Planqué protects
        return _SINGLES[aimed & full & (water | ~sheltered)]
    if card is EN_JOUE:  # a free space
        return _SINGLES[full & ~aimed]
    if card is EN_AVANT_MARCHE or card is DISPERSION:
        return _EVERY_USE
    if card is PALME_ARRIERE:  # your duck, not last
        return _SINGLES[own & full >> 1]
    if card is PALME_AVANT or card is BANZAI:  # your duck, not first
        return _SINGLES[own & ~1]
    shootable = full & ~water & ~sheltered
    if card is A_COUVERT:  # your lone duck, beside a lone duck
        mine = own & lone
        return _sides(mine & lone << 1, mine & lone >> 1)
    if card is RECTIFIER_GAUCHE:  # a target whose front space is free
        return _SINGLES[aimed & full & ~1 & ~(aimed << 1)]
    if card is RECTIFIER_DROITE:  # a target whose back space is free
        return _SINGLES[aimed & full >> 1 & ~(aimed >> 1)]
    if card is TU_LOUCHES:  # a target beside a duck that can be shot
        aimed &= full
        return _sides(aimed & shootable << 1, aimed & shootable >> 1)
    if card is CANARDAGE:  # two neighbouring targets on ducks that can be shot
        both = aimed & shootable
        return _PAIRS[both & both >> 1]
    if card is TIREUR_D_ELITE or card is PLANQUE:  # a duck no Planqué protects
        return _SINGLES[shootable]
    if card is DOUBLE_VISEUR:  # two neighbouring free spaces, else one
        free = full & ~aimed
        return _PAIRS[free & free >> 1] or _SINGLES[free]
    raise ValueError(f"{card!r} has no uses as spaces")


def read_spaces(card: Card, table: Survey, readings: tuple[str, ...]) -> tuple[Spaces, ...]:
    """The uses of ``card`` as :func:`spaces` gives them, under ``readings``: the values of
    the options ``sheltered_pan``, ``palme_neighbour``, ``en_joue``, ``planque`` and
    ``banzai``, in this order (:attr:`~rulespec.canardage.Options.spaces_read`).

    >>> s = survey(((1,), (6,), (0,), (0, 1), (2,), (1,)), (1, 2), (-1, -1, 2), 1)
    >>> published = ("water-only", "any-card", "any-space", "any-duck", "must-move")
    >>> read_spaces(Card.PAN, s, ("target-only", *published[1:]))
    ((1,), (2,))
    >>> read_spaces(Card.PALME_ARRIERE, s, published), read_spaces(
    ...     Card.PALME_ARRIERE, s, ("water-only", "duck", *published[2:])
    ... )
    (((0,), (3,)), ((3,),))
    """
    sheltered_pan, palme_neighbour, en_joue, planque, banzai = readings
    full, aimed, sheltered, water, own, _ = table
    if card is PAN and sheltered_pan == "target-only":  # a protected duck survives it
        return _SINGLES[aimed & full]
    if card is PAN and sheltered_pan == "never":  # a target no Planqué protects
        return _SINGLES[aimed & full & ~sheltered]
    if card is PALME_ARRIERE and palme_neighbour == "duck":  # a duck behind yours
        return _SINGLES[own & (full & ~water) >> 1]
    if card is PALME_AVANT and palme_neighbour == "duck":  # a duck in front of yours
        return _SINGLES[own & (full & ~water) << 1]
    if card is EN_JOUE and en_joue == "duck":  # a free space showing a duck
        return _SINGLES[full & ~aimed & ~water]
    if card is PLANQUE and planque == "own-duck":  # your duck no Planqué protects
        return _SINGLES[own & ~sheltered]
    if card is BANZAI and banzai == "may-stay":  # your duck, the first one too
        return _SINGLES[own]
    return spaces(card, table)
