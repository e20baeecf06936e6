"""Duo's actions as integers and a player's view as numbers, for learning agents.

**Action ids** (156 in every game, whatever the player count and options):

================  ==============================================
id                action
================  ==============================================
``0``–``76``      :class:`Play` of card ``id`` on pile 0
``77``–``153``    :class:`Play` of card ``id - 77`` on pile 1
``154``           :class:`Stop`
``155``           :class:`Draw`
================  ==============================================

Cards are numbered as in :mod:`rulespec.duo.cards` (``76``, the Turbo-joker, is
only ever legal in Turbo-DUO). An id outside ``0``–``155`` is refused citing
``duo.turn.play``; an id of an action that the rules refuse, with the clause
:meth:`~rulespec.duo.Duo.apply` cites (``duo.turn.order`` out of turn,
``duo.turn.play`` for a card not in hand, a ``duo.place`` clause for a card that
does not fit, ``duo.turn.one-pile``, ``duo.turn.stop``, ``duo.turn.draw``...).

**Observation**: a flat vector (shape ``(OBSERVATION_FIXED + 6 * players,)``),
seats counted from the viewer (``0`` is the viewer, ``1`` the next seat...),
in the order of the slices that the game declares
(:attr:`~rulespec.core.declaration.Declaration.observation`, tabled on
:doc:`/reference/encodings`).

The finished rounds' scores enter as totals and the last round only: earlier
rounds one by one are not part of the observation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from rulespec.duo import observation as _observation
from rulespec.duo import rules
from rulespec.duo.actions import Draw, Play, PlayerAction, Stop
from rulespec.duo.cards import TURBO
from rulespec.duo.state import Options, Phase, State
from rulespec.duo.view import View
from rulespec.plugin.ids import checked_id, one_hot, refuse_unless_legal, relative_seat

__all__ = [
    "ACTION_SPACE_SIZE",
    "DRAW_ID",
    "OBSERVATION_FIXED",
    "STOP_ID",
    "ObservationWriter",
    "action_from_id",
    "action_id",
    "action_space_size",
    "legal_action_flags",
    "legal_action_from_id",
    "legal_action_ids",
    "observation",
    "observation_bounds",
    "observation_saturated",
    "observation_shape",
]

CARDS = TURBO + 1
"""Card numbers run from 0 to 76."""
STOP_ID = 2 * CARDS
DRAW_ID = STOP_ID + 1
ACTION_SPACE_SIZE = DRAW_ID + 1
OBSERVATION_FIXED = 3 * CARDS + 2 + 3 + 4 + 1 + 1
"""The length of the observation's slices that do not depend on the player count."""
OUT_OF_RANGE = "duo.turn.play"
_PHASES = (Phase.DEAL, Phase.TURN, Phase.OVER)
_TURN = Phase.TURN  # read once: a member of an Enum class is slow to read in Python 3.11


def action_space_size(players: int, options: Options | None = None) -> int:
    """156 in every game (see the module's table).

    >>> action_space_size(2), action_space_size(6, Options(turbo=True))
    (156, 156)
    """
    return ACTION_SPACE_SIZE


def _id(action: PlayerAction) -> int:
    t = type(action)
    if t is Play:
        return action.pile * CARDS + action.card  # type: ignore[union-attr]
    return STOP_ID if t is Stop else DRAW_ID


def action_id(state: State, action: PlayerAction) -> int:
    """The id of ``action`` (legal in ``state``): see the module's table.

    >>> import rulespec
    >>> from rulespec.duo import Draw, Play, parse_card
    >>> duo = rulespec.game("duo")
    >>> state = duo.start(2, seed=3)
    >>> action_id(state, Draw(0))
    155
    >>> action_id(state, Play(0, parse_card("red-3-circle"), 0))
    24
    """
    _refuse_illegal(state, action)
    return _id(action)


def _refuse_illegal(state: State, action: PlayerAction) -> None:
    player = action.player
    plain = type(player) is int and (
        type(action) is not Play or (type(action.card) is int and type(action.pile) is int)
    )
    legal = rules.legal_actions(state, player) if plain else ()
    apply: Callable[[PlayerAction], object] = lambda a: rules.apply(state, a)  # noqa: E731
    refuse_unless_legal(legal, action, apply, OUT_OF_RANGE)


def action_from_id(state: State, player: int, action_id: int) -> PlayerAction:
    """The action of ``player`` whose id is ``action_id``, if the rules allow it now."""
    i = checked_id(action_id, ACTION_SPACE_SIZE, OUT_OF_RANGE)
    action: PlayerAction
    if i < STOP_ID:
        action = Play(player, i % CARDS, i // CARDS)
    elif i == STOP_ID:
        action = Stop(player)
    else:
        action = Draw(player)
    _refuse_illegal(state, action)
    return action


def legal_action_from_id(state: State, player: int, action_id: int) -> PlayerAction:
    """The action of ``player`` whose id is ``action_id``, one of
    :func:`legal_action_ids` for ``state`` (not checked again: an id from that list
    only).

    >>> import rulespec
    >>> state = rulespec.game("duo").start(2, seed=3)
    >>> legal_action_from_id(state, 0, 155)
    Draw(player=0)
    """
    if action_id < STOP_ID:
        return rules._PLAYS[player][action_id // CARDS][action_id % CARDS]
    return rules._STOPS[player] if action_id == STOP_ID else rules._DRAWS[player]


def legal_action_ids(state: State, player: int) -> tuple[int, ...]:
    """The ids of ``player``'s legal actions, ascending (their order in
    :func:`rulespec.duo.rules.legal_actions`: plays by pile and card, then Stop or Draw)."""
    legal = rules.legal_actions(state, player)
    try:  # the rules' actions are built once: their ids are kept by identity
        return tuple(map(_BUILT_IDS.__getitem__, map(id, legal)))
    except KeyError:
        return tuple(_id(a) for a in legal)


def legal_action_flags(state: State, player: int) -> bytearray:
    """One byte per action id, 1 at each of :func:`legal_action_ids` and 0 elsewhere
    (what an action mask holds).

    >>> import rulespec
    >>> flags = legal_action_flags(rulespec.game("duo").start(2, seed=3), 0)
    >>> len(flags), [i for i, flag in enumerate(flags) if flag]
    (156, [24, 155])
    """
    flags = bytearray(ACTION_SPACE_SIZE)
    # rules.legal_actions, its actions' ids written at once: a Play's id is its pile's
    # first id plus its card.
    if state.phase is not _TURN or player != state.turn:
        return flags
    hand = state.hands[player]
    chosen, piles, fits = state.turn_pile, state.piles, rules._FITS
    if chosen is None:
        first, second = fits[piles[0][-1]], fits[piles[1][-1]]
        for card in hand:
            if first[card]:
                flags[card] = 1
            if second[card]:
                flags[CARDS + card] = 1
        flags[DRAW_ID] = 1
    else:
        fit, start = fits[piles[chosen][-1]], chosen * CARDS
        for card in hand:
            if fit[card]:
                flags[start + card] = 1
        flags[STOP_ID] = 1
    return flags


_BUILT_IDS: dict[int, int] = {
    id(action): _id(cast(PlayerAction, action))
    for built in (*rules._PLAYS, (rules._STOPS,), (rules._DRAWS,))
    for actions in built
    for action in actions
}
"""The id of each action the rules build once and list (by the action's identity: those
actions live as long as the module, so no other object shares their identity)."""


def observation_shape(players: int, options: Options | None = None) -> tuple[int, ...]:
    """``(OBSERVATION_FIXED + 6 * players,)``.

    >>> observation_shape(2), observation_shape(6)
    ((254,), (278,))
    """
    return (OBSERVATION_FIXED + 6 * players,)


def observation(view: View) -> tuple[float, ...]:
    """``view`` as numbers, laid out as the module's table says.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> view = duo.view(duo.start(3, seed=2), 1)
    >>> values = observation(view)
    >>> len(values), sum(values[:CARDS])
    (260, 7.0)
    """
    n = view.players
    me = view.player
    values = [0.0] * CARDS
    for card in view.hand:
        values[card] += 1.0
    for pile in (0, 1):
        values += one_hot(view.pile_tops[pile] if view.pile_tops else None, CARDS)
    values += one_hot(view.turn_pile, 2)
    values += one_hot(_PHASES.index(view.phase), 3)
    sizes = view.pile_sizes or (0, 0)
    values += [float(sizes[0]), float(sizes[1]), float(view.draw_pile_size), float(view.round)]
    values += [float(view.target), float(len(view.round_scores))]
    values += one_hot(me, n)
    values += one_hot(relative_seat(view.turn, me, n), n)
    values += one_hot(relative_seat(view.starter, me, n), n)
    order = [(me + k) % n for k in range(n)]
    values += [float(view.hand_sizes[p]) for p in order]
    values += [float(sum(r[p] for r in view.round_scores)) for p in order]
    last = view.round_scores[-1] if view.round_scores else (0,) * n
    values += [float(last[p]) for p in order]
    return tuple(values)


ObservationWriter = _observation.Writer
"""Writes a player's observation into a buffer, rewriting only what changed: see
:mod:`rulespec.duo.observation`."""
observation_bounds = _observation.bounds
observation_saturated = _observation.saturated
