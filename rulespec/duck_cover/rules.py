"""The rules of Duck & Cover as pure functions: deal, turn, special cards, round end."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import cast, overload

from rulespec.core.chance import TrustedChance
from rulespec.core.checks import wrong_type
from rulespec.core.errors import IllegalAction
from rulespec.duck_cover import variants
from rulespec.duck_cover.actions import (
    Action,
    Cover,
    Deal,
    Duck,
    Give,
    Place,
    PlayerAction,
    Quack,
    Reshuffle,
)
from rulespec.duck_cover.cards import FAMILY, MAX, REPEAT, Call
from rulespec.duck_cover.grid import Grid, PlaceMasks, Places, Position
from rulespec.duck_cover.scoring import round_scores, winners
from rulespec.duck_cover.scoring import totals as scores
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.variants import CHOOSE, GIFT, QUACK
from rulespec.duck_cover.view import view
from rulespec.plugin.builder import builder
from rulespec.plugin.lazy import LazySequence
from rulespec.plugin.piles import pile_of
from rulespec.rulebook.implements import implements

__all__ = [
    "LegalActions",
    "apply",
    "called_stack",
    "check_deal",
    "check_player_action",
    "check_reshuffle",
    "destinations",
    "is_over",
    "legal_actions",
    "new_game",
    "plain_move",
    "scores",
    "to_move",
    "view",
    "winners",
]

_NOBODY = tuple((None,) * players for players in range(8))
"""The actions submitted at the start of a turn, by number of players."""
_SEATS = tuple(tuple(range(players)) for players in range(8))
"""Every player's seat, by number of players."""

# Looked up once: reading an enum member from its class is slow on the hot paths.
_DEAL = Phase.DEAL
_RESHUFFLE = Phase.RESHUFFLE
_TURN = Phase.TURN
_OVER = Phase.OVER

_state = builder(State, "_kept_")
"""Makes a :class:`State` as ``State(...)`` does, faster (every step makes one); a last
argument hands on the turn's :class:`Turn`."""
_keep = vars(State)["_kept_"].__set__
"""Sets what the rules keep for a (frozen) state."""
_DRAWN = TrustedChance(State, "_kept_")
"""The chance actions the game drew from a state's own piles (see :func:`sampled`)."""


@implements("dc.setup.players")
def new_game(players: int, options: Options | None = None) -> State:
    """A game of ``players`` (2–7) players, waiting for the deal of its first round."""
    if type(players) is not int or not 2 <= players <= 7:
        raise IllegalAction(
            "dc.setup.players", f"Duck & Cover is for 2 to 7 players, not {players}"
        )
    return State(
        players=players,
        options=Options() if options is None else options,
        phase=_DEAL,
        round=0,
        grids=(),
        draw_pile=(),
        captain_pile=(),
        discard_zone=(),
        card=None,
        previous=None,
        previous_discarded=False,
        submitted=(),
        round_scores=(),
    )


def to_move(state: State) -> tuple[int, ...]:
    """Players still to act this turn, ``(CHANCE,)`` at a chance step, ``()`` when over."""
    phase = state.phase
    if phase is _TURN:
        submitted = state.submitted
        if submitted is _NOBODY[state.players]:  # a new turn (states made here share it)
            return _SEATS[state.players]
        return tuple([p for p, a in enumerate(submitted) if a is None])
    if phase is _OVER:
        return ()
    return (-1,)


# -- the called card ---------------------------------------------------------------


@implements("dc.special.max")
def called_card(call: Call, grid: Grid) -> int:
    """The duck card that a turn calling ``call`` moves in ``grid``: the called number,
    or under Max its highest visible card."""
    if call == MAX:
        return max(grid.top_cards())
    return call


def _called_stacks(grids: tuple[Grid, ...], call: Call) -> tuple[int, ...]:
    """Each grid's called stack (see :func:`called_stack`) when ``call`` is drawn, under
    the rules as printed."""
    if call == MAX:
        return tuple([grid.find_visible(called_card(call, grid)) for grid in grids])
    found = []  # a number: every grid's, found as Grid.find_visible finds it (every turn)
    for grid in grids:
        tops = (grid._masks_ or grid.masks()).tops
        found.append(tops.index(call) if call in tops else -1)
    return tuple(found)


def called_stack(state: State, player: int) -> int:
    """Index in the player's grid cells of the stack their called card tops; -1 if covered."""
    return called_stacks(state)[player]


def called_stacks(state: State) -> tuple[int, ...]:
    """:func:`called_stack` of every player: computed once per turn, kept in the state
    and handed on to the states of the same turn."""
    turn: Turn | None = state._kept_
    return (turn or _turn(state)).called


class Turn:
    """What the states of one turn share, each part computed on first use: every
    player's called stack and legal actions. Players' actions change neither the
    grids nor the call until the turn resolves, so each state hands it on to the next.
    """

    __slots__ = ("call", "called", "moves")

    def __init__(self, call: int | None, called: tuple[int, ...]) -> None:
        self.call = call
        """What the turn calls (see :attr:`State.call`)."""
        self.called = called
        """Each player's called stack (see :func:`called_stack`)."""
        self.moves: list[LegalActions | None] = [None] * len(called)
        """Each player's legal actions, once asked for."""


def _turn(state: State) -> Turn:
    """The turn of ``state``, made on first use."""
    turn: Turn | None = state._kept_
    if turn is None:
        options = state.options
        call = state.call
        if options.low_blows or options.constraints:
            called = _variant_called_stacks(state)
        else:
            assert call is not None
            called = _called_stacks(state.grids, call)
        turn = Turn(call, called)
        _keep(state, turn)
    return turn


def _variant_called_stacks(state: State) -> tuple[int, ...]:
    """:func:`called_stacks` under *Constraints* or *Low blows*: an index, or
    :data:`~variants.QUACK`, :data:`~variants.CHOOSE` or :data:`~variants.GIFT`."""
    if state.gifting or state.gifts:
        return (GIFT,) * state.players
    call = state.call
    assert call is not None
    constraints = state.options.constraints
    return tuple([variants.called_index(grid, call, constraints) for grid in state.grids])


@implements("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
def reachable(masks: PlaceMasks, index: int) -> tuple[int, int]:
    """Where the stack ``index`` of a grid with these masks may go: (Cover targets,
    Duck places), as masks.

    Cover: a stack sharing a side with it. Duck: an empty place sharing a
    side with another of the player's stacks; its own old place does not
    count.
    """
    here = masks.cells[index]
    stacks = masks.stacks
    others = stacks & ~here
    # The places beside a set of places, as PlaceMasks.beside finds them (written out:
    # every legal move computes this).
    step = masks.stride
    covers = (here << 1 | here >> 1 | here << step | here >> step) & stacks
    ducks = (others << 1 | others >> 1 | others << step | others >> step) & ~stacks
    return covers, ducks


def destinations(grid: Grid, index: int) -> tuple[list[Position], list[Position]]:
    """Where the stack ``grid.cells[index]`` may go: (Cover targets, Duck places), sorted.

    See :func:`reachable`.
    """
    masks = grid.masks()
    covers, ducks = reachable(masks, index)
    return list(masks.places(covers)), list(masks.places(ducks))


def _check_duck(grid: Grid, index: int, to: Position) -> None:
    masks = grid.masks()
    here = masks.cells[index]
    place = masks.mask(to)
    if place == here:
        raise IllegalAction(
            "dc.move.duck", "the card must leave its place: it cannot duck where it is"
        )
    stacks = masks.stacks
    if place & stacks:
        raise IllegalAction(
            "dc.move.duck", f"{to} holds a stack: a ducked card goes to an empty place"
        )
    if not masks.beside(place) & stacks & ~here:
        raise IllegalAction(
            "dc.move.duck-adjacent",
            f"{to} does not share a side with another of your cards",
        )


def _check_cover(grid: Grid, index: int, to: Position) -> None:
    masks = grid.masks()
    here = masks.cells[index]
    place = masks.mask(to)
    if not place & masks.beside(here):
        raise IllegalAction(
            "dc.move.cover",
            f"{to} is not beside {grid.cells[index][0]}: a card covers only a card that "
            "shares a side with it",
        )
    if not place & masks.stacks:
        raise IllegalAction("dc.move.cover", f"{to} is empty: there is no card to cover")


@implements("dc.move.must-move", "dc.move.quack", "dc.setup.players", "dc.turn.draw")
def check_player_action(state: State, action: PlayerAction) -> int:
    """Refuse ``action`` unless the rules allow it now; return the moving stack's index."""
    player = action.player
    if type(player) is not int or not 0 <= player < state.players:
        raise IllegalAction("dc.setup.players", f"there is no player {player!r} in this game")
    if state.phase is not _TURN:
        if state.phase is _OVER:
            raise IllegalAction("dc.game.three-rounds", "the game is over")
        raise IllegalAction("dc.turn.draw", "no card has been drawn: the game waits for a shuffle")
    if state.submitted[player] is not None:
        raise IllegalAction("dc.turn.simultaneous", f"player {player} has already acted this turn")
    turn: Turn = state._kept_ or _turn(state)
    index = turn.called[player]
    moves = turn.moves[player]
    if moves is not None and index >= 0 and (moves._last is action or action in moves):
        return index  # one of the legal actions listed for this turn (or taken from them)
    t = type(action)
    if index < QUACK:
        return _check_variant_action(state, action, index)
    if t is Quack:
        if index >= 0:
            raise IllegalAction(
                "dc.move.must-move",
                "your called card is visible: you must move it, not say « Coin »",
            )
        return index
    if (t is not Cover and t is not Duck) or action.origin is not None:  # type: ignore[union-attr]
        _refuse_variant_move(action)
    if index < 0:
        call = state.call
        assert call is not None
        if state.options.constraints and variants.candidates(state.grids[player], call, False):
            raise IllegalAction(
                "dc.variant.constraints.frozen",
                "your called card is a 1, 2 or 3 that has never been covered: it may not "
                "move, say « Coin »",
            )
        raise IllegalAction(
            "dc.move.quack", "your called card is covered: you can only say « Coin »"
        )
    return _check_move(state, action, index)  # type: ignore[arg-type]


def _refuse_variant_move(action: PlayerAction) -> None:
    """Refuse a *Low blows* action, or a move naming its stack, on a turn that needs neither."""
    if type(action) is Cover or type(action) is Duck:
        raise IllegalAction(
            "dc.variant.low-blows.ownership",
            "name the called card's place only when two of your visible cards carry "
            "the called number",
        )
    raise IllegalAction(
        "dc.variant.low-blows.trigger",
        "nobody gives or places a duck now: this turn moves the called card",
    )


def _check_move(state: State, action: Cover | Duck, index: int) -> int:
    """Refuse a Cover or Duck of the stack ``index`` that the rules forbid; return it."""
    to = action.to
    if not (type(to) is tuple and len(to) == 2 and type(to[0]) is int and type(to[1]) is int):
        raise IllegalAction("dc.move.cover", f"{to!r} is not a (column, row) position")
    grid = state.grids[action.player]
    if type(action) is Cover:
        _check_cover(grid, index, to)
    else:
        _check_duck(grid, index, to)
    return index


def _position(at: object, clause: str) -> Position:
    if not (type(at) is tuple and len(at) == 2 and type(at[0]) is int and type(at[1]) is int):
        raise IllegalAction(clause, f"{at!r} is not a (column, row) position")
    return cast(Position, at)


def _check_variant_action(state: State, action: PlayerAction, index: int) -> int:
    """Refuse a *Low blows* action that the rules forbid; return the moving stack's index
    (:data:`~variants.GIFT` for a gift or a placement)."""
    player = action.player
    grid = state.grids[player]
    t = type(action)
    if index == CHOOSE:
        if t is not Cover and t is not Duck:
            raise IllegalAction(
                "dc.move.must-move" if t is Quack else "dc.variant.low-blows.trigger",
                "your called card is visible: you must move it",
            )
        origin = action.origin  # type: ignore[union-attr]
        found = variants.candidates(grid, state.call, state.options.constraints)  # type: ignore[arg-type]
        places = [grid.cells[i][0] for i in found]
        if origin not in places:
            raise IllegalAction(
                "dc.variant.low-blows.ownership",
                f"two of your visible cards carry the called number: say which one moves "
                f"(origin one of {places})",
            )
        return _check_move(state, action, grid.positions().index(origin))  # type: ignore[arg-type]
    if state.gifts:
        if t is not Place:
            raise IllegalAction(
                "dc.variant.low-blows.placement", "place the duck you were given (Place)"
            )
        to = _position(action.to, "dc.variant.low-blows.placement")  # type: ignore[union-attr]
        masks = grid.masks()
        place = masks.mask(to)
        if place & masks.stacks:
            raise IllegalAction(
                "dc.variant.low-blows.placement",
                f"{to} holds a stack: a given duck goes to an empty place, covering nothing",
            )
        if not place & masks.beside(masks.stacks):
            raise IllegalAction(
                "dc.variant.low-blows.placement", f"{to} does not share a side with your cards"
            )
        return index
    if t is not Give:
        raise IllegalAction(
            "dc.variant.low-blows.trigger",
            "Max and Repeat make each player give a duck to their left (Give)",
        )
    at = _position(action.at, "dc.variant.low-blows.gift")  # type: ignore[union-attr]
    stack = grid.stack_at(at)
    if stack is None:
        raise IllegalAction("dc.variant.low-blows.gift", f"you have no card at {at}")
    if grid.positions().index(at) not in variants.givable(grid):
        raise IllegalAction(
            "dc.variant.low-blows.gift",
            f"the duck at {at} is not one of your two lowest visible ducks",
        )
    return index


class LegalActions(LazySequence[PlayerAction]):
    """A player's legal actions, built on demand: Covers, then Ducks, each sorted by
    position; or the single Quack.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.start(2, seed=1)
    >>> moves = dc.legal_actions(state, 0)
    >>> len(moves) > 0 and moves[0] in moves
    True
    """

    __slots__ = ("_covers", "_ducks", "_last", "_len", "_ncovers", "_player", "_quack")

    def __init__(
        self,
        player: int,
        covers: Sequence[Position],
        ducks: Sequence[Position],
        quack: bool,
    ):
        self._last: PlayerAction | None = None
        """The action last taken from the sequence by index, if it keeps one."""
        self._player = player
        self._covers = covers
        self._ducks = ducks
        self._quack = quack
        self._ncovers = len(covers)
        self._len = 1 if quack else self._ncovers + len(ducks)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> PlayerAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerAction]: ...
    def __getitem__(self, i: int | slice) -> PlayerAction | Sequence[PlayerAction]:
        if type(i) is slice:
            return _sliced(self, i)
        n = self._len
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        if self._quack:
            return _QUACKS[self._player]
        k = self._ncovers
        if i < k:
            return Cover(self._player, self._covers[i])
        return Duck(self._player, self._ducks[i - k])

    def __iter__(self) -> Iterator[PlayerAction]:
        if self._quack:
            yield _QUACKS[self._player]
            return
        for q in self._covers:
            yield Cover(self._player, q)
        for q in self._ducks:
            yield Duck(self._player, q)

    def __contains__(self, action: object) -> bool:
        t = type(action)
        if t is Quack:
            return self._quack and action == Quack(self._player)
        if isinstance(action, Cover):
            return (
                action.player == self._player
                and action.origin is None
                and action.to in self._covers
            )
        if isinstance(action, Duck):
            return (
                action.player == self._player and action.origin is None and action.to in self._ducks
            )
        return False

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


class _Moves(LegalActions):
    """The Covers and Ducks of :func:`legal_actions` as place masks, each action looked
    up when asked for (``random.choice`` looks up one).

    Its methods decode places as :meth:`PlaceMasks.nth` and :meth:`PlaceMasks.mask` do,
    written out (they run on every step).

    Made by :func:`_moves` only (every step makes one).
    """

    __slots__ = ("_cover_mask", "_duck_mask", "_index", "_masks")
    _masks: PlaceMasks
    _index: int
    """The called stack's index in the grid's cells."""
    _cover_mask: int
    """The places of the Covers."""
    _duck_mask: int
    """The places of the Ducks."""

    def cover(self, side: int) -> PlayerAction | None:
        """The Cover of the stack on side ``side`` of the called stack (sides in the order
        of :func:`~rulespec.duck_cover.grid.neighbours`), if it is one of these actions;
        else ``None``. Like an action taken by index, the one found is the action that
        :func:`apply` next takes without looking it up again."""
        return self._beside(self._index, side, self._cover_mask, Cover)

    def duck(self, stack: int, side: int) -> PlayerAction | None:
        """The Duck to the place on side ``side`` of the grid's stack ``stack``, another
        than the called one, if it is one of these actions; else ``None`` (as
        :meth:`cover`)."""
        if stack == self._index or not 0 <= stack < len(self._masks.cells):
            return None
        return self._beside(stack, side, self._duck_mask, Duck)

    def _beside(
        self, stack: int, side: int, places: int, kind: type[Cover | Duck]
    ) -> PlayerAction | None:
        """The ``kind`` to the place on side ``side`` of stack ``stack``, if ``places``
        holds it."""
        masks = self._masks
        here = masks.cells[stack]
        step = masks.stride
        if side == 0:
            bit = here << step
        elif side == 1:
            bit = here >> step
        elif side == 2:
            bit = here << 1
        else:
            bit = here >> 1
        if not places & bit:
            return None
        column, row = divmod(bit.bit_length() - 1, step)
        to = (column + masks.left, row + masks.top)
        kept = (_COVERS if kind is Cover else _DUCKS)[self._player]
        action = kept.get(to) or _kept(kept, kind, self._player, to)
        self._last = action
        return action

    @overload
    def __getitem__(self, i: int) -> PlayerAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerAction]: ...
    def __getitem__(self, i: int | slice) -> PlayerAction | Sequence[PlayerAction]:
        if type(i) is slice:
            return _sliced(self, i)
        n = self._len
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        k = self._ncovers
        if i < k:
            places = self._cover_mask
            kept = _COVERS[self._player]
            above = k - 1 - i
        else:
            places = self._duck_mask
            kept = _DUCKS[self._player]
            above = n - 1 - i
            i -= k
        if i <= above:  # nearer the lowest place: drop the places below it
            for _ in range(i):
                places &= places - 1
            bit = (places & -places).bit_length() - 1
        else:  # nearer the highest: drop the places above it
            for _ in range(above):
                places ^= 1 << (places.bit_length() - 1)
            bit = places.bit_length() - 1
        masks = self._masks
        column, row = divmod(bit, masks.stride)
        to = (column + masks.left, row + masks.top)
        action = kept.get(to)
        if action is None:
            kind = Cover if kept is _COVERS[self._player] else Duck
            action = _kept(kept, kind, self._player, to)
        self._last = action
        return action

    def __iter__(self) -> Iterator[PlayerAction]:
        player = self._player
        for kind, kept, places in (
            (Cover, _COVERS[player], self._cover_mask),
            (Duck, _DUCKS[player], self._duck_mask),
        ):
            for to in Places(self._masks, places):
                yield kept.get(to) or _kept(kept, kind, player, to)

    def __contains__(self, action: object) -> bool:
        t = type(action)
        if t is Cover:
            places = self._cover_mask
        elif t is Duck:
            places = self._duck_mask
        else:
            return False
        to = action.to  # type: ignore[attr-defined]
        if not (
            action.player == self._player  # type: ignore[attr-defined]
            and action.origin is None  # type: ignore[attr-defined]
            and type(to) is tuple
            and len(to) == 2
            and type(to[0]) is int
            and type(to[1]) is int
        ):
            return False
        masks = self._masks
        column = to[0] - masks.left
        row = to[1] - masks.top
        stride = masks.stride
        return (
            0 <= column < masks.width
            and 0 <= row < stride
            and places >> (column * stride + row) & 1 == 1
        )


def _moves(player: int, masks: PlaceMasks, index: int, covers: int, ducks: int) -> _Moves:
    """The moves of ``player`` from the called stack ``index`` of ``masks``: the places
    ``covers`` and ``ducks``, set on a bare :class:`_Moves` (no ``__init__`` call on
    the busiest path)."""
    moves: _Moves = _new(_Moves)
    moves._last = None
    moves._player = player
    moves._quack = False
    moves._masks = masks
    moves._index = index
    moves._cover_mask = covers
    moves._duck_mask = ducks
    moves._len = (ncovers := covers.bit_count()) + ducks.bit_count()
    moves._ncovers = ncovers
    return moves


_new = object.__new__
_KEPT = 4096
"""How many actions of each kind and player :func:`_kept` keeps."""
_COVERS: tuple[dict[Position, PlayerAction], ...] = tuple({} for _ in range(7))
_DUCKS: tuple[dict[Position, PlayerAction], ...] = tuple({} for _ in range(7))


def _kept(
    kept: dict[Position, PlayerAction], kind: type[Cover | Duck], player: int, to: Position
) -> PlayerAction:
    """``kind(player, to)``, made once and kept in ``kept`` (actions are immutable)."""
    action = kind(player, to)
    if len(kept) < _KEPT:
        kept[to] = action
    return action


def plain_move(kind: type[Cover | Duck], player: int, to: Position) -> PlayerAction:
    """``kind(player, to)`` without an origin, the one the legal actions list (made once).

    >>> plain_move(Cover, 0, (1, 2)) is plain_move(Cover, 0, (1, 2))
    True
    """
    kept = (_COVERS if kind is Cover else _DUCKS)[player]
    return kept.get(to) or _kept(kept, kind, player, to)


class _Listed(LegalActions):
    """Legal actions listed in full (the *Low blows* steps and choices)."""

    __slots__ = ("_actions",)

    def __init__(self, player: int, actions: Sequence[PlayerAction]) -> None:
        self._last = None
        self._player = player
        self._quack = False
        self._actions = tuple(actions)
        self._ncovers = 0
        self._len = len(self._actions)

    @overload
    def __getitem__(self, i: int) -> PlayerAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerAction]: ...
    def __getitem__(self, i: int | slice) -> PlayerAction | Sequence[PlayerAction]:
        if isinstance(i, slice):
            return list(self._actions[i])
        return self._actions[i]

    def __iter__(self) -> Iterator[PlayerAction]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._actions


def _sliced(actions: LegalActions, where: slice) -> list[PlayerAction]:
    """``actions[where]`` for a slice."""
    return [actions[k] for k in range(*where.indices(len(actions)))]


_QUACKS = tuple(Quack(p) for p in range(7))
_NONE = LegalActions(0, [], [], False)
_QUACK_ONLY = tuple(LegalActions(p, [], [], True) for p in range(7))


def legal_actions(state: State, player: int) -> LegalActions:
    """The legal actions of ``player`` now (empty when they are not to act)."""
    if state.phase is not _TURN or not 0 <= player < state.players:
        return _NONE
    if state.submitted[player] is not None:
        return _NONE
    turn: Turn = state._kept_ or _turn(state)
    moves = turn.moves[player]
    if moves is None:
        index = turn.called[player]
        if index >= 0:
            grid = state.grids[player]
            masks = grid._masks_ or grid.masks()
            # reachable(masks, index), written out: every step computes it
            here = masks.cells[index]
            stacks = masks.stacks
            others = stacks ^ here
            step = masks.stride
            moves = _moves(
                player,
                masks,
                index,
                (here << 1 | here >> 1 | here << step | here >> step) & stacks,
                (others << 1 | others >> 1 | others << step | others >> step) & ~stacks,
            )
        elif index == QUACK:
            moves = _QUACK_ONLY[player]
        else:
            moves = _variant_actions(state, player, index)
        turn.moves[player] = moves
    return moves


def _variant_actions(state: State, player: int, index: int) -> LegalActions:
    """The legal actions of a *Low blows* step: Gives, or Places, sorted by place; or,
    with several called cards, for each (by place) its Covers then its Ducks."""
    grid = state.grids[player]
    masks = grid.masks()
    if index == CHOOSE:
        found: list[PlayerAction] = []
        call = state.call
        assert call is not None
        for i in variants.candidates(grid, call, state.options.constraints):
            origin = grid.cells[i][0]
            covers, ducks = reachable(masks, i)
            found.extend(Cover(player, q, origin) for q in masks.places(covers))
            found.extend(Duck(player, q, origin) for q in masks.places(ducks))
        return _Listed(player, found)
    if state.gifts:
        empty = masks.beside(masks.stacks) & ~masks.stacks
        return _Listed(player, [Place(player, q) for q in masks.places(empty)])
    return _Listed(player, [Give(player, grid.cells[i][0]) for i in variants.givable(grid)])


# -- chance -----------------------------------------------------------------------


_FAMILY = list(FAMILY)
_SORTED: dict[tuple[int, ...], list[int]] = {}


def _sorted(cards: tuple[int, ...]) -> list[int]:
    """``sorted(cards)``, kept for the few decks there are."""
    found = _SORTED.get(cards)
    if found is None:
        found = _SORTED[cards] = sorted(cards)
    return found


@implements("dc.setup.grid", "dc.setup.draw-deck", "dc.round.new")
def check_deal(state: State, action: Deal) -> None:
    """Refuse ``action`` unless the game waits for a deal and it orders each family and
    the draw cards."""
    if state.phase is not _DEAL:
        raise IllegalAction("dc.round.new", "the game does not wait for a deal now")
    grids = action.grids
    if type(grids) is not tuple or len(grids) != state.players:
        raise IllegalAction(
            "dc.setup.grid", f"a deal lays one grid for each of {state.players} players"
        )
    for p, order in enumerate(grids):
        if not pile_of(order, int) or sorted(order) != _FAMILY:
            raise IllegalAction(
                "dc.setup.grid", f"player {p}'s grid must hold each card 1 to 12 once"
            )
    pile = action.draw_pile
    options = state.options
    if not pile_of(pile, int) or sorted(pile) != _sorted(options.draw_deck):
        if options.deck:
            raise IllegalAction(
                "dc.setup.draw-deck",
                f"the draw pile must hold the {len(options.deck)} cards of the deck option",
            )
        if options.constraints:
            raise IllegalAction(
                "dc.variant.constraints.deck",
                "the draw pile must hold the 20 draw cards: 4–12 twice, Max, Repeat",
            )
        raise IllegalAction(
            "dc.setup.draw-deck",
            "the draw pile must hold the 26 draw cards: 1–12 twice, Max, Repeat",
        )


@implements("dc.setup.grid", "dc.setup.draw-deck", "dc.round.new")
def deal(state: State, action: Deal) -> State:
    """Lay each player's shuffled family as a 4×3 grid and form the draw pile; then draw."""
    if not _DRAWN.trusted(state, action):
        check_deal(state, action)
    grids, pile = action.grids, action.draw_pile
    dealt = tuple(Grid.dealt(order) for order in grids)
    if state.options.surprises:
        return _set_aside(state, dealt, pile)
    return _draw(state, dealt, pile, (), (), None, False)


@implements("dc.variant.surprises")
def _set_aside(state: State, grids: tuple[Grid, ...], pile: tuple[int, ...]) -> State:
    """*Surprises*: the shuffled deck's first two cards leave the round unseen; then draw."""
    aside = pile[:2]
    start = State(
        state.players,
        state.options,
        _DEAL,
        state.round,
        grids,
        (),
        (),
        (),
        None,
        None,
        False,
        (),
        state.round_scores,
        aside,
    )
    return _draw(start, grids, pile[2:], (), (), None, False)


@implements("dc.deck.reshuffle")
def check_reshuffle(state: State, action: Reshuffle) -> None:
    """Refuse ``action`` unless the game waits for a reshuffle and it orders the Captain
    pile's cards."""
    if state.phase is not _RESHUFFLE:
        raise IllegalAction("dc.deck.reshuffle", "the draw pile is not empty: nothing to reshuffle")
    pile = action.draw_pile
    if not pile_of(pile, int) or sorted(pile) != sorted(state.captain_pile):
        raise IllegalAction(
            "dc.deck.reshuffle", "the new draw pile must hold exactly the Captain pile's cards"
        )


@implements("dc.deck.reshuffle")
def reshuffle(state: State, action: Reshuffle) -> State:
    """Turn the shuffled Captain pile into the new draw pile; the discard zone stays. Then draw."""
    if not _DRAWN.trusted(state, action):
        check_reshuffle(state, action)
    pile = action.draw_pile
    return _draw(
        state, state.grids, pile, (), state.discard_zone, state.previous, state.previous_discarded
    )


# -- the turn ---------------------------------------------------------------------


@implements(
    "dc.turn.draw",
    "dc.special.repeat",
    "dc.special.repeat-first",
    "dc.special.repeat-after-discard",
    "dc.turn.order",
)
def _draw(
    state: State,
    grids: tuple[Grid, ...],
    draw_pile: tuple[int, ...],
    captain_pile: tuple[int, ...],
    discard_zone: tuple[int, ...],
    previous: int | None,
    previous_discarded: bool,
) -> State:
    """Draw the next card and wait for the players; a Repeat with nothing to repeat goes
    straight to the discard zone; an empty draw pile waits for a reshuffle.

    ``state`` gives the game's players, options, round and scores; the other
    arguments are the table as it is now.
    """
    while True:
        if not draw_pile:
            return _evolve(
                state,
                _RESHUFFLE,
                grids,
                (),
                captain_pile,
                discard_zone,
                None,
                previous,
                previous_discarded,
                (),
            )
        card = draw_pile[0]
        draw_pile = draw_pile[1:]
        if (
            card == REPEAT
            and (previous is None or previous_discarded)
            and not state.options.low_blows
        ):
            discard_zone = (*discard_zone, card)
            previous_discarded = True
            if len(discard_zone) >= state.discard_limit:
                return _end_round(
                    _evolve(
                        state,
                        _TURN,
                        grids,
                        draw_pile,
                        captain_pile,
                        discard_zone,
                        None,
                        previous,
                        previous_discarded,
                        (),
                    )
                )
            continue
        options = state.options
        turn = None
        if not (options.low_blows or options.constraints):  # the turn's lookups, made now
            call = previous if card == REPEAT else card
            assert call is not None
            turn = Turn(call, _called_stacks(grids, call))
        return _evolve(
            state,
            _TURN,
            grids,
            draw_pile,
            captain_pile,
            discard_zone,
            card,
            previous,
            previous_discarded,
            _NOBODY[state.players],
            turn,
        )


def _evolve(
    state: State,
    phase: Phase,
    grids: tuple[Grid, ...],
    draw_pile: tuple[int, ...],
    captain_pile: tuple[int, ...],
    discard_zone: tuple[int, ...],
    card: int | None,
    previous: int | None,
    previous_discarded: bool,
    submitted: tuple[PlayerAction | None, ...],
    turn: Turn | None = None,
) -> State:
    """A state of the same game, round and scores as ``state``, with this table (and
    ``turn``, its :class:`Turn` if known)."""
    return _state(
        state.players,
        state.options,
        phase,
        state.round,
        grids,
        draw_pile,
        captain_pile,
        discard_zone,
        card,
        previous,
        previous_discarded,
        submitted,
        state.round_scores,
        state.set_aside,
        (),
        turn,
    )


@implements("dc.turn.simultaneous")
def submit(state: State, action: PlayerAction) -> State:
    """Record one player's action; the turn resolves when the last player has acted."""
    check_player_action(state, action)
    acted = list(state.submitted)
    acted[action.player] = action
    submitted = tuple(acted)
    # By identity: ``None in submitted`` would call the actions' ``__eq__``.
    for other in submitted:
        if other is None:
            break  # someone has still to act
    else:
        return _resolve(state, submitted)
    after = _state(
        state.players,
        state.options,
        _TURN,
        state.round,
        state.grids,
        state.draw_pile,
        state.captain_pile,
        state.discard_zone,
        state.card,
        state.previous,
        state.previous_discarded,
        submitted,
        state.round_scores,
        state.set_aside,
        state.gifts,
        state._kept_,  # same grids, same call
    )
    return after


@implements("dc.turn.captain-pile", "dc.turn.discard", "dc.special.repeat-after-max")
def _resolve(state: State, submitted: tuple[PlayerAction | None, ...]) -> State:
    """Move every called stack; place the called card on the Captain pile or, if all said
    « Coin », in the discard zone; end the round or draw the next card."""
    turn: Turn = state._kept_ or _turn(state)
    called = turn.called
    grids = list(state.grids)
    everyone_quacked = True
    if called[0] == GIFT:
        if not state.gifts:
            return _gifts_given(state, submitted)
        for p, act in enumerate(submitted):
            grids[p] = variants.placed(grids[p], act.to, state.gifts[p])  # type: ignore[union-attr]
        everyone_quacked = False
    else:
        for p, act in enumerate(submitted):
            if type(act) is not Quack:
                index = called[p]
                if index < 0:  # several called cards: the action names its place
                    index = grids[p].positions().index(act.origin)  # type: ignore[union-attr]
                grids[p] = grids[p].moved(index, act.to)  # type: ignore[union-attr]
                everyone_quacked = False
    card = state.card
    assert card is not None
    captain_pile, discard_zone = state.captain_pile, state.discard_zone
    if everyone_quacked:
        discard_zone = (*discard_zone, card)
    else:
        captain_pile = (*captain_pile, card)
    after = tuple(grids)
    call = turn.call
    if round_ends(state, after, discard_zone):
        return _end_round(
            _evolve(
                state,
                _TURN,
                after,
                state.draw_pile,
                captain_pile,
                discard_zone,
                None,
                call,
                everyone_quacked,
                (),
            )
        )
    return _draw(state, after, state.draw_pile, captain_pile, discard_zone, call, everyone_quacked)


def _gifts_given(state: State, submitted: tuple[PlayerAction | None, ...]) -> State:
    """*Low blows*: every player has chosen a duck; each goes to the left neighbour, who
    places it next."""
    at = tuple(
        g.positions().index(act.at)  # type: ignore[union-attr]
        for g, act in zip(state.grids, submitted, strict=True)
    )
    grids, gifts = variants.given(state.grids, at)
    return State(
        state.players,
        state.options,
        _TURN,
        state.round,
        grids,
        state.draw_pile,
        state.captain_pile,
        state.discard_zone,
        state.card,
        state.previous,
        state.previous_discarded,
        _NOBODY[state.players],
        state.round_scores,
        state.set_aside,
        gifts,
    )


@implements("dc.end.single-pile", "dc.end.discard-limit")
def round_ends(state: State, grids: tuple[Grid, ...], discard_zone: tuple[int, ...]) -> bool:
    """Whether the round of ``state`` ends with these grids and discard zone: a player has
    one stack left or the discard zone has reached 11 − players."""
    if len(discard_zone) >= state.discard_limit:
        return True
    for grid in grids:  # noqa: SIM110  (a plain loop is faster than any() here)
        if len(grid.cells) == 1:
            return True
    return False


@implements("dc.game.three-rounds")
def _end_round(state: State) -> State:
    """Score the round; then wait for the next deal, or end the game after round three."""
    last = state.round + 1 >= 3
    scores = (*state.round_scores, round_scores(state.grids, state.options, last=last))
    return State(
        players=state.players,
        options=state.options,
        phase=_OVER if last else _DEAL,
        round=state.round if last else state.round + 1,
        grids=state.grids,
        draw_pile=state.draw_pile,
        captain_pile=state.captain_pile,
        discard_zone=state.discard_zone,
        card=None,
        previous=state.previous,
        previous_discarded=state.previous_discarded,
        submitted=(),
        round_scores=scores,
        set_aside=state.set_aside,
    )


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` names the clause it breaks."""
    t = type(action)
    if t is Cover or t is Duck or t is Quack or t is Give or t is Place:
        return submit(state, action)  # type: ignore[arg-type]
    if t is Deal:
        return deal(state, action)  # type: ignore[arg-type]
    if t is Reshuffle:
        return reshuffle(state, action)  # type: ignore[arg-type]
    raise wrong_type(
        "action", action, "a Duck & Cover action (Cover, Duck, Quack, Give, Place, Deal, Reshuffle)"
    )


def sampled(state: State, action: Deal | Reshuffle) -> Deal | Reshuffle:
    """``action``, which the game made by shuffling :func:`chance_piles` of ``state``:
    legal by construction, so applying it to ``state`` checks it no further."""
    return _DRAWN.mark(state, action)


def chance_piles(state: State) -> tuple[tuple[int, ...], ...]:
    """The piles the awaited chance step shuffles: each family and the deck, or the
    Captain pile."""
    if state.phase is _DEAL:
        return (*((FAMILY,) * state.players), state.options.draw_deck)
    if state.phase is _RESHUFFLE:
        return (tuple(sorted(state.captain_pile)),)
    raise IllegalAction("dc.turn.draw", "the game does not wait for chance now")


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER
