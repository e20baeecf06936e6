"""Build a Duck & Cover position directly, checked against the rules."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, SupportsIndex

from rulespec.core.errors import IllegalAction, PositionError
from rulespec.duck_cover.actions import Cover, Duck, Give, PlayerAction, Quack
from rulespec.duck_cover.cards import (
    CONSTRAINED,
    FAMILY,
    MAX,
    REPEAT,
    Call,
    DrawCard,
    family_of,
    number_of,
)
from rulespec.duck_cover.grid import COLUMNS, ROWS, Grid, Position, Stack
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.plugin.positions import listed, shown, whole, wholes

__all__ = ["position"]

_CELL = re.compile(r"\.|[0-9]+(?:/[0-9]+)*")
"""One cell of a grid diagram: an empty place, or cards in ASCII digits joined by ``/``."""

_FAR = 10_000
"""No place of a grid lies further than this from (0, 0) in either direction."""

Cell = tuple[Position, Stack]


def _cells(grid: Any, where: str) -> list[Cell]:
    """The stacks of one entry of ``grids``, checked to be places and cards."""
    if grid is None:
        return list(Grid.dealt(FAMILY).cells)
    if isinstance(grid, str):
        rows = [line.split() for line in grid.strip("\n").splitlines()]
        for r, line in enumerate(row for row in rows if row):
            for c, text in enumerate(line):
                if not _CELL.fullmatch(text):
                    raise PositionError(
                        f"{where}: row {r + 1}, column {c + 1}: {shown(text)} is neither '.' nor "
                        "cards in ASCII digits joined by '/'"
                    )
        try:
            items: Sequence[tuple[Any, Any]] = Grid.from_diagram(grid).cells
        except PositionError as exc:
            raise PositionError(f"{where}: {exc}") from None
    elif isinstance(grid, Grid):
        items = grid.cells
    elif isinstance(grid, Mapping):
        items = list(grid.items())
    else:
        raise PositionError(
            f"{where}: expected a diagram, a Grid, {{position: stack}} or None, not {shown(grid)}"
        )
    cells = []
    for place, stack in items:
        numbers = wholes(place, f"{where}: position {shown(place)}")
        if len(numbers) != 2 or not all(-_FAR <= n <= _FAR for n in numbers):
            raise PositionError(f"{where}: {shown(place)} is not a place (column, row)")
        column, row = numbers
        cells.append(((column, row), wholes(stack, f"{where} at {(column, row)}")))
    return cells


def _completed(cells: list[Cell], missing: Sequence[int], where: str) -> Grid:
    """``cells`` with each ``missing`` card, in order, on the next free place of the
    4×3 rectangle of the deal, read row by row."""
    taken = {place for place, _ in cells}
    free = ((c, r) for r in range(ROWS) for c in range(COLUMNS) if (c, r) not in taken)
    added = []
    for card in missing:
        place = next(free, None)
        if place is None:
            raise PositionError(f"{where}: no free place of the 4×3 rectangle is left for {card}")
        added.append((place, (card,)))
    return Grid(tuple(sorted([*cells, *added])))


def position(
    grids: Sequence[str | Grid | Mapping[Position, Sequence[int]] | None],
    *,
    card: DrawCard,
    draw_pile: Sequence[DrawCard] | None = None,
    captain_pile: Sequence[DrawCard] = (),
    discard_zone: Sequence[DrawCard] = (),
    previous: Call | None = None,
    previous_discarded: bool = False,
    submitted: Sequence[PlayerAction | None] | None = None,
    round: SupportsIndex = 0,
    round_scores: Sequence[Sequence[int]] = (),
    options: Options | None = None,
    set_aside: Sequence[DrawCard] = (),
) -> State:
    """A turn in progress: ``card`` has just been drawn and players are to act.

    ``grids`` gives each player's ducks as a text diagram (see
    :meth:`Grid.from_diagram`; cards in ASCII digits), a :class:`Grid` or
    ``{position: stack}``. Cards and places are whole numbers (``int`` or
    anything with ``__index__``, never a ``bool``).

    Name only what matters: the rest is laid in the default order. A grid
    given as ``None`` is its family as the deal lays it in order (1 2 3 4,
    5 6 7 8, 9 10 11 12, row by row from ``(0, 0)``); a duck card that no
    grid names goes, in ascending order, to the next free place of its own
    player's 4×3 rectangle of the deal, read row by row from ``(0, 0)``.
    ``draw_pile`` defaults to the draw cards that are nowhere else, in a
    canonical order (1–12, 1–12, Max, Repeat).

    The position is refused with :class:`PositionError`, which says where, if
    no game could reach it (a duck card twice, an empty stack, a draw card too
    many or missing, a round that would already be over) or a value is not
    of the documented kind.

    With the publisher's variants (``options``): under *Constraints* the draw
    cards are the 20 without 1, 2 and 3; under *Surprises* ``set_aside`` names
    the two cards set aside; under *Low blows* a grid may hold ducks of other
    families (``(seat + 1) * 100 + number``, see
    :func:`~rulespec.duck_cover.cards.number_of`), each family's twelve ducks
    held once in all, and a ``card`` Max or Repeat starts the gift.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> grid = "1 2 3 4\\n5 6 7 8\\n9 10 11 12"
    >>> state = dc.position([grid, grid], card=5)
    >>> dc.legal_actions(state, 0)[:3]  # card 5 stands at (0, 1): three Covers first
    [Cover(player=0, to=(0, 0)), Cover(player=0, to=(0, 2)), Cover(player=0, to=(1, 1))]

    Only the stack that matters named; the other ducks fill the free places:

    >>> state = dc.position(["5/3 . 7", None], card=7)
    >>> print(state.grids[0].diagram())
    5/3   1   7   2
      4   6   8   9
     10  11  12   .
    >>> dc.position(["1 2 3", "1 2 ３"], card=5)
    Traceback (most recent call last):
    ...
    rulespec.core.errors.PositionError: grids[1]: row 1, column 3: '３' is neither '.' nor ...
    """
    players = len(listed(grids, "grids"))
    if not 2 <= players <= 7:
        raise PositionError(f"Duck & Cover is for 2 to 7 players, not {players}")
    if options is not None and not isinstance(options, Options):
        raise PositionError(f"options: expected rulespec.duck_cover.Options, not {shown(options)}")
    chosen = Options() if options is None else options
    given = [_cells(g, f"grids[{p}]") for p, g in enumerate(grids)]
    families: Counter[tuple[int, int]] = Counter()
    for p, cells in enumerate(given):
        counts = Counter(c for _, stack in cells for c in stack)
        for c in sorted(counts):
            if c not in FAMILY and not (chosen.low_blows and _foreign(c, p, players)):
                raise PositionError(
                    f"player {p}'s grid has card {c}, which is not a duck card 1–12"
                    + ("" if chosen.low_blows else " (other families' ducks: Low blows only)")
                )
            if counts[c] > 1:
                raise PositionError(f"card {c} appears {counts[c]} times in player {p}'s grid")
            families[(family_of(c, p), number_of(c))] += counts[c]
    built = [
        _completed(cells, [c for c in FAMILY if (p, c) not in families], f"grids[{p}]")
        for p, cells in enumerate(given)
    ]
    for p, grid in enumerate(built):
        if any(not stack for _, stack in grid.cells):
            raise PositionError(f"player {p}'s grid has an empty stack")
        if len({pos for pos, _ in grid.cells}) != len(grid.cells):
            raise PositionError(f"player {p}'s grid has two stacks in one place")
        if len(grid.cells) == 1:
            raise PositionError(f"player {p} has a single stack: the round would already be over")
    for f in range(players):
        for c in FAMILY:
            held = families[(f, c)]
            if held > 1:
                raise PositionError(f"the game holds {held} times card {c} of player {f}'s family")
    card = whole(card, "card")
    captain_pile = wholes(captain_pile, "captain_pile")
    discard_zone = wholes(discard_zone, "discard_zone")
    set_aside = wholes(set_aside, "set_aside")
    if draw_pile is not None:
        draw_pile = wholes(draw_pile, "draw_pile")
    if previous is not None:
        previous = whole(previous, "previous")
    if not isinstance(previous_discarded, bool):
        raise PositionError(
            f"previous_discarded: expected True or False, not {shown(previous_discarded)}"
        )
    deck = chosen.draw_deck
    if len(set_aside) != chosen.set_aside:
        raise PositionError(
            f"set_aside: {chosen.set_aside} cards are set aside with these options, "
            f"not {len(set_aside)}"
        )
    for name, cards in (
        ("card", (card,)),
        ("captain_pile", captain_pile),
        ("discard_zone", discard_zone),
        ("set_aside", set_aside),
    ):
        for c in cards:
            if c not in deck:
                raise PositionError(
                    f"{name}: {shown(c)} is not a draw card "
                    + (
                        "(4–12, MAX, REPEAT under Constraints)"
                        if chosen.constraints
                        else "(1–12, MAX, REPEAT)"
                    )
                )
    placed = Counter([card, *captain_pile, *discard_zone, *set_aside])
    if draw_pile is None:
        rest = Counter(deck)
        rest.subtract(placed)
        if any(v < 0 for v in rest.values()):
            raise PositionError(f"more draw cards are placed than the {len(deck)}-card deck holds")
        draw_pile = tuple(sorted(rest.elements()))
    total = placed + Counter(draw_pile)
    if total != Counter(deck):
        raise PositionError(
            f"the draw pile, Captain pile, discard zone, card in play and cards set aside must "
            f"hold the {len(deck)} draw cards exactly once"
        )
    limit = 11 - players
    if len(discard_zone) >= limit:
        raise PositionError(
            f"{len(discard_zone)} discards with {players} players: the round would be over"
        )
    if card == REPEAT and previous is None and not chosen.low_blows:
        raise PositionError("a Repeat in play needs a previous call (give previous=)")
    if card == REPEAT and previous_discarded and not chosen.low_blows:
        raise PositionError(
            "a Repeat after a discarded card goes to the discard zone, not into play"
        )
    if previous is not None and not (previous in FAMILY or previous == MAX):
        raise PositionError(f"previous: {shown(previous)} is not a call (1–12 or MAX)")
    if chosen.constraints and previous in CONSTRAINED:
        raise PositionError(f"previous: under Constraints no card calls {previous}")
    number = whole(round, "round")
    scores = tuple(
        wholes(row, f"round_scores[{r}]")
        for r, row in enumerate(listed(round_scores, "round_scores"))
    )
    if not 0 <= number < 3 or len(scores) != number:
        raise PositionError("round_scores must hold one score list per finished round")
    for r, row in enumerate(scores):
        if len(row) != players:
            raise PositionError(f"round_scores[{r}] must hold one whole number per player")
    acts = tuple(listed(submitted, "submitted")) if submitted is not None else (None,) * players
    if len(acts) != players:
        raise PositionError("submitted must hold one entry per player")
    state = State(
        players=players,
        options=chosen,
        phase=Phase.TURN,
        round=number,
        grids=tuple(built),
        draw_pile=tuple(draw_pile),
        captain_pile=tuple(captain_pile),
        discard_zone=tuple(discard_zone),
        card=card,
        previous=previous,
        previous_discarded=previous_discarded,
        submitted=(None,) * players,
        round_scores=scores,
        set_aside=tuple(set_aside),
    )
    if all(a is not None for a in acts):
        raise PositionError(
            "submitted: with every player's action in, the turn would have resolved"
        )
    from rulespec.duck_cover.rules import submit

    for p, act in enumerate(acts):
        if act is None:
            continue
        if not isinstance(act, Cover | Duck | Quack | Give):
            raise PositionError(f"submitted[{p}]: {shown(act)} is not a player's action")
        if act.player != p:
            raise PositionError(f"submitted[{p}] is an action of player {act.player}")
        try:
            state = submit(state, act)
        except IllegalAction as exc:
            raise PositionError(f"submitted[{p}]: {exc}") from None
    return state


def _foreign(card: int, holder: int, players: int) -> bool:
    """Whether ``card`` is written as a duck of another seat's family in this game."""
    family, number = divmod(card, 100)
    return 1 <= family <= players and family != holder + 1 and 1 <= number <= 12
