"""Duck & Cover's actions as integers and a player's view as numbers, for learning agents.

Places are never renormalised (a grid drifts as cards duck), and a grid's stacks
may even part and wander apart, so no window of places around a card or a grid
holds every destination. The ids therefore name places through the grid's own
layout: its stacks, numbered from ``0`` in the order of :attr:`Grid.cells
<rulespec.duck_cover.grid.Grid.cells>` (by column, then row), of which a grid
holds at most twelve (a player always holds twelve cards), and the four sides of
a place, numbered as :func:`~rulespec.duck_cover.grid.neighbours` lists them:
``0`` right, ``1`` left, ``2`` down, ``3`` up.

**Action ids**: 53 without *Low blows*, 737 with it, whatever the player count.

===================  ==========================================================
id                   action
===================  ==========================================================
``0``                :class:`Quack` (« Coin »)
``1 + d``            :class:`Cover` of the stack on side ``d`` of the called
                     card
``5 + 4k + d``       :class:`Duck` to the empty place on side ``d`` of stack
                     ``k``
*Low blows* only
``53 + k``           :class:`Give` of the visible duck of stack ``k``
``65 + 4k + d``      :class:`Place` of the duck received on side ``d`` of stack
                     ``k``
``113 + 52o + m``    a move that names its ``origin`` (two visible cards carry
                     the called number): the card of stack ``o`` moves, and
                     ``m`` is ``d`` for a Cover on its side ``d``,
                     ``4 + 4k + d`` for a Duck beside stack ``k``
===================  ==========================================================

``k`` and ``o`` are indexes of the stacks of the player's grid as it is when the
action is chosen (for a Place, after the gift). An empty place may lie beside
several stacks: its id is the smallest of the ids that name it (lowest ``k``,
then lowest ``d``), and the other ids naming it are refused; the moving stack
never names a Duck's place (its own place does not count,
``dc.move.duck-adjacent``).

Refusals of :meth:`~rulespec.duck_cover.DuckAndCover.action_from_id`: an id
outside the space cites ``dc.move.must-move``; an id of a kind that the player
may not take now (a Cover while the called card is covered, a Give when no gift
is due, any id of a player who has acted) the clause that
:meth:`~rulespec.duck_cover.DuckAndCover.apply` cites for that kind; an id naming
stack ``k`` beyond the grid's stacks ``dc.move.duck-adjacent`` (Duck),
``dc.variant.low-blows.gift`` (Give), ``dc.variant.low-blows.placement``
(Place) or ``dc.variant.low-blows.ownership`` (``o``); a place that the rules
refuse, the rules' clause; and a place named by another than its smallest id,
the clause of its kind.

**Observation**: a flat vector. Seats are counted from the viewer (``0`` is the
viewer, ``1`` the next seat...); a position is ``(column, row)`` minus the
grid's :attr:`~rulespec.duck_cover.grid.Grid.origin` (the top-left corner of its
stacks), so the numbers do not drift with the grid; a draw card is one-hot over
``1``–``12``, Max, Repeat (14), a call over ``1``–``12``, Max (13). With ``n``
players, in the order of the slices that the game declares
(:attr:`~rulespec.core.declaration.Declaration.observation`, tabled on
:doc:`/reference/encodings`).
"""

from __future__ import annotations

from itertools import compress

from rulespec.core.errors import IllegalAction
from rulespec.duck_cover import observation as _observation
from rulespec.duck_cover import rules
from rulespec.duck_cover.actions import Cover, Duck, Give, Place, PlayerAction, Quack
from rulespec.duck_cover.cards import family_of, number_of
from rulespec.duck_cover.grid import Grid, Position, neighbours
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.variants import CHOOSE, GIFT, QUACK
from rulespec.duck_cover.view import GridView, View
from rulespec.plugin.ids import checked_id, flag_bytes, one_hot, relative_seat

__all__ = [
    "ObservationTable",
    "ObservationWriter",
    "action_from_id",
    "action_id",
    "action_space_size",
    "legal_action_flags",
    "legal_action_from_id",
    "legal_action_ids",
    "observation",
    "observation_bounds",
    "observation_planes",
    "observation_planes_shape",
    "observation_saturated",
    "observation_shape",
]

STACKS = 12
"""The most stacks a grid holds: one per card."""
SIDES = 4
QUACK_ID = 0
COVER_ID = 1
DUCK_ID = COVER_ID + SIDES
MOVES = SIDES + STACKS * SIDES
"""The moves of one card: a Cover on each side, a Duck beside each stack."""
GIVE_ID = COVER_ID + MOVES
PLACE_ID = GIVE_ID + STACKS
ORIGIN_ID = PLACE_ID + STACKS * SIDES
SIZE = GIVE_ID
LOW_BLOWS_SIZE = ORIGIN_ID + STACKS * MOVES
OUT_OF_RANGE = "dc.move.must-move"
_PHASES = (Phase.DEAL, Phase.RESHUFFLE, Phase.TURN, Phase.OVER)
_KINDS = (Quack, Cover, Duck, Give, Place)
_ANYWHERE: Position = (0, 0)
_CLAUSE_OF = {
    Quack: "dc.move.quack",
    Cover: "dc.move.cover",
    Duck: "dc.move.duck",
    Give: "dc.variant.low-blows.gift",
    Place: "dc.variant.low-blows.placement",
}


def action_space_size(players: int, options: Options | None = None) -> int:
    """53, or 737 under *Low blows* (see the module's table).

    >>> action_space_size(4), action_space_size(4, Options(low_blows=True))
    (53, 737)
    """
    return LOW_BLOWS_SIZE if options is not None and options.low_blows else SIZE


# -- numbering ----------------------------------------------------------------------


def _first_sides(grid: Grid, skip: int) -> dict[Position, int]:
    """Each place beside a stack of ``grid`` (but stack ``skip``), with its smallest
    ``4k + d``."""
    found: dict[Position, int] = {}
    for k, (place, _) in enumerate(grid.cells):
        if k != skip:
            for d, q in enumerate(neighbours(place)):
                found.setdefault(q, SIDES * k + d)
    return found


def _first_side(grid: Grid, skip: int, place: Position) -> int:
    """The smallest ``4k + d`` naming ``place``, beside a stack of ``grid`` but ``skip``."""
    for k, (at, _) in enumerate(grid.cells):
        if k != skip:
            sides = neighbours(at)
            if place in sides:
                return SIDES * k + sides.index(place)
    raise ValueError(f"{place} is beside no stack")  # pragma: no cover - legal actions only


class _Numbering:
    """Numbers the legal actions of one player in one state, sharing the lookups."""

    def __init__(self, state: State, player: int) -> None:
        self.state = state
        self.grid = state.grids[player]
        self.player = player
        self._sides: dict[int, dict[Position, int]] = {}

    def sides(self, skip: int) -> dict[Position, int]:
        found = self._sides.get(skip)
        if found is None:
            found = self._sides[skip] = _first_sides(self.grid, skip)
        return found

    def move(self, index: int, action: Cover | Duck) -> int:
        if type(action) is Cover:
            return neighbours(self.grid.cells[index][0]).index(action.to)
        return SIDES + self.sides(index)[action.to]

    def id(self, action: PlayerAction) -> int:
        t = type(action)
        if t is Quack:
            return QUACK_ID
        if t is Give:
            return GIVE_ID + self.grid.positions().index(action.at)  # type: ignore[union-attr]
        if t is Place:
            return PLACE_ID + self.sides(-1)[action.to]  # type: ignore[union-attr]
        move: Cover | Duck = action  # type: ignore[assignment]
        if move.origin is None:
            return COVER_ID + self.move(rules.called_stack(self.state, self.player), move)
        o = self.grid.positions().index(move.origin)
        return ORIGIN_ID + MOVES * o + self.move(o, move)


def _id(state: State, action: PlayerAction) -> int:
    """The id of a legal ``action``."""
    t = type(action)
    if t is Quack:
        return QUACK_ID
    grid = state.grids[action.player]
    if t is Give:
        return GIVE_ID + grid.positions().index(action.at)  # type: ignore[union-attr]
    if t is Place:
        return PLACE_ID + _first_side(grid, -1, action.to)  # type: ignore[union-attr]
    move: Cover | Duck = action  # type: ignore[assignment]
    index = (
        rules.called_stack(state, move.player)
        if move.origin is None
        else grid.positions().index(move.origin)
    )
    if type(move) is Cover:
        m = neighbours(grid.cells[index][0]).index(move.to)
    else:
        m = SIDES + _first_side(grid, index, move.to)
    return COVER_ID + m if move.origin is None else ORIGIN_ID + MOVES * index + m


def _plain(action: PlayerAction) -> bool:
    """Whether the action's places are plain ``(int, int)`` tuples."""
    return all(
        q is None or (type(q) is tuple and len(q) == 2 and type(q[0]) is int and type(q[1]) is int)
        for q in (getattr(action, name, None) for name in ("to", "at", "origin"))
    )


def _refuse_illegal(state: State, action: PlayerAction) -> None:
    """Raise the rules' refusal of ``action`` (what :meth:`apply` checks), if any."""
    rules.check_player_action(state, action)
    if not _plain(action):
        raise IllegalAction(
            _CLAUSE_OF[type(action)], f"{action!r}: a place is two plain integers (column, row)"
        )


def action_id(state: State, action: PlayerAction) -> int:
    """The id of ``action`` (legal in ``state``): see the module's table.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover, Duck
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.position([None, None], card=5)  # the 5 at (0, 1), below the 1
    >>> action_id(state, Cover(0, (1, 1)))  # onto the 6, on the 5's right (side 0)
    1
    >>> action_id(state, Cover(0, (0, 0)))  # onto the 1, above it (side 3)
    4
    >>> action_id(state, Duck(0, (-1, 0)))  # left (side 1) of stack 0, the 1 at (0, 0)
    6
    """
    _refuse_illegal(state, action)
    return _id(state, action)


# -- decoding -----------------------------------------------------------------------


def _mode(state: State, player: int) -> type | None:
    """The kind of action ``player`` takes now (Cover for any move, Quack, Give,
    Place; ``Duck`` for a move that names its origin), or ``None``."""
    if state.phase is not Phase.TURN or state.submitted[player] is not None:
        return None
    index = rules.called_stack(state, player)
    if index >= 0:
        return Cover
    if index == QUACK:
        return Quack
    if index == CHOOSE:
        return Duck
    assert index == GIFT
    return Place if state.gifts else Give


def _probe(i: int, player: int) -> tuple[type, PlayerAction]:
    """The mode an id belongs to, and an action of its kind."""
    if i == QUACK_ID:
        return Quack, Quack(player)
    if i < GIVE_ID:
        return Cover, Cover(player, _ANYWHERE)
    if i < PLACE_ID:
        return Give, Give(player, _ANYWHERE)
    if i < ORIGIN_ID:
        return Place, Place(player, _ANYWHERE)
    return Duck, Cover(player, _ANYWHERE, _ANYWHERE)


def _decode(state: State, player: int, i: int) -> PlayerAction:
    """The action id ``i`` names for ``player``, whose mode it fits."""
    grid = state.grids[player]
    cells = grid.cells
    if i == QUACK_ID:
        return Quack(player)
    if GIVE_ID <= i < PLACE_ID:
        k = i - GIVE_ID
        if k >= len(cells):
            raise IllegalAction("dc.variant.low-blows.gift", f"you have no stack {k} to give from")
        return Give(player, cells[k][0])
    if PLACE_ID <= i < ORIGIN_ID:
        k, d = divmod(i - PLACE_ID, SIDES)
        if k >= len(cells):
            raise IllegalAction("dc.variant.low-blows.placement", f"you have no stack {k}")
        return Place(player, neighbours(cells[k][0])[d])
    if i < GIVE_ID:
        index, m, origin = rules.called_stack(state, player), i - COVER_ID, None
    else:
        index, m = divmod(i - ORIGIN_ID, MOVES)
        if index >= len(cells):
            raise IllegalAction("dc.variant.low-blows.ownership", f"you have no stack {index}")
        origin = cells[index][0]
    if m < SIDES:
        to = neighbours(cells[index][0])[m]
        return rules.plain_move(Cover, player, to) if origin is None else Cover(player, to, origin)
    k, d = divmod(m - SIDES, SIDES)
    if k >= len(cells) or k == index:
        raise IllegalAction(
            "dc.move.duck-adjacent",
            f"a Duck goes beside another of your stacks: {k} is "
            + ("the moving one" if k == index else "not one of them"),
        )
    to = neighbours(cells[k][0])[d]
    return rules.plain_move(Duck, player, to) if origin is None else Duck(player, to, origin)


def action_from_id(state: State, player: int, action_id: int) -> PlayerAction:
    """The action of ``player`` whose id is ``action_id``, if the rules allow it now
    (refusals: see the module's docstring)."""
    size = LOW_BLOWS_SIZE if state.options.low_blows else SIZE
    i = checked_id(action_id, size, OUT_OF_RANGE)
    mode, probe = _probe(i, player)
    if _mode(state, player) is not mode:
        _refuse_illegal(state, probe)
        raise IllegalAction(_CLAUSE_OF[type(probe)], f"action id {i} is not of the kind due now")
    action = _decode(state, player, i)
    _refuse_illegal(state, action)
    found = _id(state, action)
    if found != i:
        raise IllegalAction(_CLAUSE_OF[type(action)], f"{action!r} is numbered {found}, not {i}")
    return action


def legal_action_ids(state: State, player: int) -> tuple[int, ...]:
    """The ids of ``player``'s legal actions, ascending."""
    flags = legal_action_flags(state, player)
    return tuple(compress(range(len(flags)), flags))


def legal_action_flags(state: State, player: int) -> bytearray:
    """One byte per action id, 1 at each of :func:`legal_action_ids` and 0 elsewhere
    (what an action mask holds; a plain turn's are written straight from the places the
    legal actions hold).

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.position([None, None], card=5)
    >>> flags = legal_action_flags(state, 0)
    >>> len(flags), tuple(i for i, flag in enumerate(flags) if flag) == legal_action_ids(state, 0)
    (53, True)
    """
    size = LOW_BLOWS_SIZE if state.options.low_blows else SIZE
    legal = rules.legal_actions(state, player)
    if type(legal) is _MOVES:
        return _move_flags(legal, bytearray(size))
    if legal._quack:  # a covered called card: « Coin » is the one choice
        flags = bytearray(size)
        flags[QUACK_ID] = 1
        return flags
    return flag_bytes(map(_Numbering(state, player).id, legal), size)


_MOVES = rules._Moves


def _move_flags(legal: rules._Moves, flags: bytearray) -> bytearray:
    """``flags`` with a 1 at the id of each of a plain turn's Covers of the called stack
    and Ducks beside the others, read from the masks of the places the legal actions
    hold.

    In the masks' frame a place's right, left, lower and upper sides are ``stride``,
    ``-stride``, ``1`` and ``-1`` bits away, and the stacks' bits rise in the order
    of the grid's cells. A Duck place is numbered ``4k + d`` from the first stack
    ``k`` beside it, on that stack's side ``d`` (in the order of
    :func:`~rulespec.duck_cover.grid.neighbours`): the stack on its left, else the
    one above, else the one below, else the one on its right. Each side's places
    are sorted out at once on the masks, then the stacks are walked in order.
    """
    masks = legal._masks
    step = masks.stride
    cells = masks.cells
    here = cells[legal._index]
    covers = legal._cover_mask
    if covers:
        if covers & here << step:
            flags[COVER_ID] = 1
        if covers & here >> step:
            flags[COVER_ID + 1] = 1
        if covers & here << 1:
            flags[COVER_ID + 2] = 1
        if covers & here >> 1:
            flags[COVER_ID + 3] = 1
    pending = legal._duck_mask
    if pending:
        others = masks.stacks ^ here
        right = others << step & pending  # places on a stack's right side (d = 0)
        below = others << 1 & pending & ~right  # on a lower side (d = 2)
        claimed = right | below
        above = others >> 1 & pending & ~claimed  # on an upper side (d = 3)
        left = pending & ~(claimed | above)  # on a left side (d = 1): the rest
        # Each side's places moved onto the stacks that name them: one pass over the stacks.
        by_right, by_left, by_below, by_above = right >> step, left << step, below >> 1, above << 1
        first = DUCK_ID
        for bit in cells:
            if by_right & bit:
                flags[first] = 1
            if by_left & bit:
                flags[first + 1] = 1
            if by_below & bit:
                flags[first + 2] = 1
            if by_above & bit:
                flags[first + 3] = 1
            first += SIDES
    return flags


def legal_action_from_id(state: State, player: int, action_id: int) -> PlayerAction:
    """The action of ``player`` whose id is ``action_id``, one of
    :func:`legal_action_ids` for ``state`` (not checked again: an id from that list
    only).

    A Cover or Duck is read off the place masks of the legal actions, and
    :meth:`~rulespec.duck_cover.DuckAndCover.apply` then takes it without looking it
    up again; an action the masks do not hold is decoded from the grid as it lies,
    and ``apply`` refuses it as usual.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.position([None, None], card=5)
    >>> legal_action_from_id(state, 0, 1)
    Cover(player=0, to=(1, 1))
    """
    if COVER_ID <= action_id < GIVE_ID:  # a plain move: read off the legal actions' masks
        turn = state._kept_  # the turn's lookups, where the legal actions are kept once listed
        legal = (
            turn.moves[player]
            if type(turn) is _TURN_LOOKUPS and 0 <= player < len(turn.moves)
            else None
        )
        if legal is None:
            legal = rules.legal_actions(state, player)
        if type(legal) is _MOVES:
            if action_id < DUCK_ID:
                side = action_id - COVER_ID
                action = legal._beside(legal._index, side, legal._cover_mask, Cover)
            else:
                stack, side = divmod(action_id - DUCK_ID, SIDES)
                if stack == legal._index or stack >= len(legal._masks.cells):
                    return _decode(state, player, action_id)  # refused by apply
                action = legal._beside(stack, side, legal._duck_mask, Duck)
            if action is not None:
                return action  # apply takes it without looking it up again
    elif action_id == QUACK_ID and 0 <= player < len(_QUACKS):
        return _QUACKS[player]
    return _decode(state, player, action_id)


_TURN_LOOKUPS = rules.Turn
_QUACKS = tuple(Quack(p) for p in range(7))
"""Each seat's « Coin », made once (actions are immutable)."""


# -- observation --------------------------------------------------------------------

_OWN_ACTION = len(_KINDS) + 1 + 4


def _fixed(n: int) -> int:
    return n + 4 + 1 + 14 + 13 + 13 + 1 + 4 + 14 + 14 + n + _OWN_ACTION + 3 * n + 1


def _slot(n: int) -> int:
    return 1 + 2 + 12 + n + 1


def observation_shape(players: int, options: Options | None = None) -> tuple[int, ...]:
    """``(length,)``: the slices of the module's table, laid end to end.

    >>> observation_shape(2), observation_shape(7)
    ((559,), (2189,))
    """
    n = players
    return (_fixed(n) + n * (12 + n) + n * STACKS * _slot(n),)


def _draw_card(card: int | None) -> list[float]:
    return one_hot(None if card is None else card - 1, 14)


def _call(call: int | None) -> list[float]:
    return one_hot(None if call is None else call - 1, 13)


def _grid(grid: GridView, holder: int, viewer: int, n: int) -> list[float]:
    values: list[float] = []
    stacks = grid.stacks
    left = min((s.position[0] for s in stacks), default=0)
    top = min((s.position[1] for s in stacks), default=0)
    for s in stacks:
        values += [1.0, float(s.position[0] - left), float(s.position[1] - top)]
        values += one_hot(number_of(s.top) - 1, 12)
        values += one_hot(relative_seat(family_of(s.top, holder), viewer, n), n)
        values.append(float(s.covered))
    return values + [0.0] * (_slot(n) * (STACKS - len(stacks)))


def _own_action(view: View) -> list[float]:
    action = view.own_action
    if action is None:
        return [0.0] * _OWN_ACTION
    grid = view.grids[view.player].stacks
    left = min((s.position[0] for s in grid), default=0)
    top = min((s.position[1] for s in grid), default=0)
    values = one_hot(_KINDS.index(type(action)), len(_KINDS))
    to = getattr(action, "to", None) or getattr(action, "at", None)
    origin = getattr(action, "origin", None)
    values.append(0.0 if origin is None else 1.0)
    for q in (to, origin):
        values += [0.0, 0.0] if q is None else [float(q[0] - left), float(q[1] - top)]
    return values


def observation(view: View) -> tuple[float, ...]:
    """``view`` as numbers, laid out as the module's table says.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> values = observation(dc.view(dc.start(2, seed=1), 0))
    >>> len(values) == observation_shape(2)[0]
    True
    """
    n = view.players
    me = view.player
    order = [(me + k) % n for k in range(n)]
    values = one_hot(me, n)
    values += one_hot(_PHASES.index(view.phase), len(_PHASES))
    values.append(float(view.round))
    values += _draw_card(view.card)
    values += _call(view.call)
    values += _call(view.previous)
    values.append(1.0 if view.previous_discarded else 0.0)
    values += [
        float(view.draw_pile_size),
        float(view.captain_pile_size),
        float(view.discards_left),
        float(view.set_aside_size),
    ]
    values += _draw_card(view.captain_pile_top)
    discards = [0.0] * 14
    for card in view.discard_zone:
        discards[card - 1] += 1.0
    values += discards
    acted = view.acted or (False,) * n
    values += [1.0 if acted[p] else 0.0 for p in order]
    values += _own_action(view)
    for p in order:
        if view.gifts:
            duck = view.gifts[p]
            values += one_hot(number_of(duck) - 1, 12)
            values += one_hot(relative_seat(family_of(duck, p), me, n), n)
        else:
            values += [0.0] * (12 + n)
    for r in range(3):
        row = view.round_scores[r] if r < len(view.round_scores) else (0,) * n
        values += [float(row[p]) for p in order]
    values.append(float(len(view.round_scores)))
    for p in order:
        if view.grids:
            values += _grid(view.grids[p], p, me, n)
        else:
            values += [0.0] * (_slot(n) * STACKS)
    return tuple(values)


ObservationWriter = _observation.Writer
"""Writes a player's observation into a buffer, rewriting only what changed: see
:mod:`rulespec.duck_cover.observation`."""
ObservationTable = _observation.Table
"""The numbers every player's observation is gathered from, written once per state: see
:class:`rulespec.duck_cover.observation.Table`."""
observation_bounds = _observation.bounds
observation_saturated = _observation.saturated
observation_planes = _observation.planes
"""Every grid as a player sees it, spatially: see :func:`rulespec.duck_cover.observation.planes`."""
observation_planes_shape = _observation.planes_shape
"""The shape of :data:`observation_planes`: channels, rows, columns."""
