"""Goofspiel's actions as integers and a player's view as numbers, for learning agents.

**Action ids**: 13 in every game, whatever the player count and options: id
``c - 1`` is a :class:`~rulespec_goofspiel.actions.Bid` of card ``c``. A card
above the suit's size (option ``cards``) is never legal. An id outside 0–12
is refused citing ``gs.turn.bid``; the id of a bid the rules refuse, with the
clause :func:`rulespec_goofspiel.rules.apply` cites.

**Observation**: a flat vector of ``28 × players + 55`` numbers, seats counted
from the viewer (``0`` the viewer, ``1`` the next seat...), laid out as the
game's declaration lists its pieces (:data:`PIECES`).
"""

from __future__ import annotations

from rulespec.core.checks import seat
from rulespec.core.declaration import Piece
from rulespec.core.encoding import checked_id, one_hot, refuse_unless_legal
from rulespec_goofspiel import rules
from rulespec_goofspiel.actions import Bid
from rulespec_goofspiel.state import MAX_CARDS, Options, Phase, State
from rulespec_goofspiel.view import View

__all__ = [
    "ACTION_SPACE_SIZE",
    "PIECES",
    "action_from_id",
    "action_id",
    "action_space_size",
    "legal_action_ids",
    "observation",
    "observation_shape",
]

ACTION_SPACE_SIZE = MAX_CARDS
_PHASES = (Phase.SHUFFLE, Phase.BID, Phase.OVER)

PIECES = (
    Piece("hands", "n × 13", "each seat's cards left, one flag per card", lambda n: n * 13),
    Piece("bid", "13", "one-hot of the viewer's own bid this turn", lambda n: 13),
    Piece("acted", "n", "whether each seat has bid this turn", lambda n: n),
    Piece("prize", "13", "one-hot of the prize on the table", lambda n: 13),
    Piece("pot", "13", "flags of the prizes carried over from ties", lambda n: 13),
    Piece("prizes left", "13", "flags of the prize cards still face down", lambda n: 13),
    Piece("phase", "3", "one-hot: shuffle, bid, over", lambda n: 3),
    Piece("points", "n", "each seat's points", lambda n: n),
    Piece("last bids", "n × 13", "one-hot of each seat's bid revealed last turn", lambda n: n * 13),
)
"""The slices of the observation, in order (the game's declaration lists them)."""


def action_space_size(players: int, options: Options | None = None) -> int:
    """13 in every game.

    >>> action_space_size(2), action_space_size(6, Options(cards=5))
    (13, 13)
    """
    return ACTION_SPACE_SIZE


def action_id(state: State, action: Bid) -> int:
    """The id of ``action``, a bid legal in ``state``: its card minus one."""
    _refuse_illegal(state, action)
    return action.card - 1


def _refuse_illegal(state: State, action: Bid) -> None:
    p = action.player
    plain = type(p) is int and 0 <= p < state.players
    legal = rules.legal_actions(state, p) if plain else ()
    refuse_unless_legal(legal, action, lambda a: rules.apply(state, a), "gs.turn.bid")


def action_from_id(state: State, player: int, action_id: int) -> Bid:
    """The bid of ``player`` whose id is ``action_id``, if the rules allow it now."""
    p = seat(player, state.players, "gs.setup.players")
    action = Bid(p, checked_id(action_id, ACTION_SPACE_SIZE, "gs.turn.bid") + 1)
    _refuse_illegal(state, action)
    return action


def legal_action_ids(state: State, player: int) -> tuple[int, ...]:
    """The ids of ``player``'s legal bids, ascending."""
    p = seat(player, state.players, "gs.setup.players")
    return tuple(a.card - 1 for a in rules.legal_actions(state, p))


def observation_shape(players: int, options: Options | None = None) -> tuple[int, ...]:
    """``(28 × players + 55,)``.

    >>> observation_shape(2)
    (111,)
    """
    return (sum(piece.size(players) for piece in PIECES),)


def _flags(cards: tuple[int, ...]) -> list[float]:
    values = [0.0] * MAX_CARDS
    for card in cards:
        values[card - 1] = 1.0
    return values


def _card(card: int | None) -> list[float]:
    return one_hot(None if card is None else card - 1, MAX_CARDS)


def observation(view: View) -> tuple[float, ...]:
    """``view`` as numbers, laid out as :data:`PIECES` says.

    >>> import rulespec
    >>> goof = rulespec.game("goofspiel")
    >>> values = observation(goof.view(goof.start(2, seed=1), 0))
    >>> len(values), sum(values[:13])
    (111, 13.0)
    """
    n, me = view.players, view.player
    order = [(me + k) % n for k in range(n)]
    values: list[float] = []
    for p in order:
        values += _flags(view.hands[p])
    values += _card(view.bid)
    values += [float(view.acted[p]) for p in order]
    values += _card(view.prize)
    values += _flags(view.pot)
    values += _flags(view.prizes_left)
    values += one_hot(_PHASES.index(view.phase), 3)
    values += [float(sum(view.won[p])) for p in order]
    for p in order:
        values += _card(view.last[p] if view.last else None)
    return tuple(values)
