"""The games' integer encodings of actions and views, for learning agents.

Each game numbers its players' actions and lays out its views as numbers in its
own ``encoding`` module (an :class:`Encoding`). The methods of
:class:`GameEncoding`, which every :class:`~rulespec.core.game.Game` has, check
their arguments (the types, the player count and options, the seat) and hand
them to that module. The helpers an ``encoding`` module writes itself with
(one-hot lists, seats counted from the viewer, checked action ids) are in
:mod:`rulespec.plugin.ids`, above the core.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, Protocol, TypeVar, cast

from rulespec.core.checks import GameTypes

__all__ = ["Encoding", "GameEncoding", "mask"]

S = TypeVar("S", contravariant=True)
V = TypeVar("V", contravariant=True)
O = TypeVar("O", contravariant=True)  # noqa: E741
A = TypeVar("A")


class Encoding(Protocol[S, V, O]):
    """The functions behind a game's integer encodings, for states ``S``, views ``V``
    and options ``O``: each game's ``encoding`` module is one, and a game names it in
    :attr:`rulespec.core.game.Game.encoding`.

    >>> import rulespec
    >>> from rulespec.duo import encoding
    >>> rulespec.game("duo").encoding is encoding
    True
    """

    def action_space_size(self, players: int, options: O | None = ..., /) -> int:
        """:meth:`GameEncoding.action_space_size`, once it has checked the arguments (as
        each method of :class:`GameEncoding` checks them before it calls its function)."""

    def action_id(self, state: S, action: Any, /) -> int:
        """The id of a player's legal ``action`` in ``state``."""

    def action_from_id(self, state: S, player: int, action_id: int, /) -> Any:
        """The legal action of ``player`` whose id is ``action_id``."""

    def legal_action_ids(self, state: S, player: int, /) -> tuple[int, ...]:
        """The ids of ``player``'s legal actions, ascending."""

    def observation_shape(self, players: int, options: O | None = ..., /) -> tuple[int, ...]:
        """The shape of a view's observation."""

    def observation(self, view: V, /) -> tuple[float, ...]:
        """A view as numbers, flattened row-major."""


class GameEncoding(GameTypes, Generic[S, A, V, O]):
    """The integer-encoding methods of every game: each checks its arguments, then hands
    them to the game's :attr:`encoding`."""

    encoding: Encoding[S, V, O]
    """The game's integer encodings (its ``encoding`` module): the functions behind
    the methods below, which check the state's or the view's type first; the module's
    own documentation gives the game's layout.

    :meta hide-value:
    """

    def action_space_size(self, players: int, options: O | None = None) -> int:
        """How many action ids a game of ``players`` players with ``options`` has.

        Every action a player may ever take in such a game has an id from ``0`` to
        this number minus one (:meth:`action_id`); the number depends on the player
        count and the options only, never on the state, so a network's output layer
        can be built once. The numbering is stable within a major version (see
        :doc:`/reference/encodings`).

        Raises :class:`TypeError` when ``players`` is not an integer or ``options``
        not this game's options, :class:`~rulespec.IllegalAction` (the game's
        ``setup.players`` clause) for a player count the rules do not allow.

        >>> import rulespec
        >>> [g.action_space_size(g.min_players) for g in rulespec.games()]
        [832, 53, 156]
        """
        return self.encoding.action_space_size(self._check_setup(players, options), options)

    def action_id(self, state: S, action: A) -> int:
        """The id of a player's ``action`` in ``state``: an integer from ``0`` to
        ``action_space_size(players, options) - 1``, the inverse of
        :meth:`action_from_id`.

        The id is that of the action's own player (the same id names different
        actions for different players) and may depend on ``state`` (Duck & Cover
        numbers a destination relative to the moving card). Only legal actions
        have ids: an action that the rules refuse in ``state`` raises
        :class:`~rulespec.IllegalAction` naming the clause :meth:`apply` would
        name. A chance action has no id: it raises :class:`TypeError` (``action``
        must be a player action), as does an object that is no action of this
        game; a ``state`` of another type is a :class:`TypeError` too.

        >>> import rulespec
        >>> duo = rulespec.game("duo")
        >>> state = duo.start(2, seed=3)
        >>> [duo.action_id(state, a) for a in duo.legal_actions(state, 0)]
        [24, 155]
        >>> duo.action_from_id(state, 0, 155)
        Draw(player=0)
        >>> duo.action_from_id(state, 0, 154)
        Traceback (most recent call last):
          ...
        rulespec.core.errors.IllegalAction: duo.turn.stop: you have played no card this turn: ...
        """
        self._check_state(state)
        self._check_action(action, player=True)
        return self.encoding.action_id(state, action)

    def action_from_id(self, state: S, player: int, action_id: int) -> A:
        """The legal action of ``player`` in ``state`` whose id is ``action_id``.

        Raises :class:`TypeError` when ``player`` or ``action_id`` is not an
        integer or ``state`` not this game's state;
        :class:`~rulespec.IllegalAction` for a seat the game does not have (the
        game's ``setup.players`` clause), for an id outside
        ``range(action_space_size(...))`` and for an id that names no legal
        action of ``player`` in ``state`` (each game's page in
        :doc:`/reference/encodings` names the clause it cites).
        """
        self._check_state(state)
        p = self._check_seat(state, player)
        return cast(A, self.encoding.action_from_id(state, p, action_id))

    def legal_action_ids(self, state: S, player: int) -> tuple[int, ...]:
        """The ids of the actions that :meth:`legal_actions` gives, in ascending order.

        Empty for a player who is not to move; :class:`~rulespec.IllegalAction`
        for a seat the game does not have, :class:`TypeError` for a ``player``
        that is not an integer.
        """
        self._check_state(state)
        return self.encoding.legal_action_ids(state, self._check_seat(state, player))

    def legal_action_mask(self, state: S, player: int) -> tuple[bool, ...]:
        """One flag per action id: whether that id is in :meth:`legal_action_ids`.

        Its length is :meth:`action_space_size` of the state's player count and
        options. Errors as for :meth:`legal_action_ids`.

        >>> import rulespec
        >>> duo = rulespec.game("duo")
        >>> mask = duo.legal_action_mask(duo.start(2, seed=3), 0)
        >>> len(mask), [i for i, legal in enumerate(mask) if legal]
        (156, [24, 155])
        """
        ids = self.legal_action_ids(state, player)
        table: Any = state
        return mask(ids, self.action_space_size(table.players, table.options))

    def observation_shape(self, players: int, options: O | None = None) -> tuple[int, ...]:
        """The shape of :meth:`observation` in a game of ``players`` players with
        ``options``: it depends on nothing else.

        Errors as for :meth:`action_space_size`.

        >>> import rulespec
        >>> rulespec.game("duck-and-cover").observation_shape(2)
        (559,)
        """
        return self.encoding.observation_shape(self._check_setup(players, options), options)

    def observation(self, view: V) -> tuple[float, ...]:
        """A player's view as numbers: ``prod(observation_shape(...))`` floats, the
        array of that shape flattened row-major.

        Computed from ``view`` alone (the result of :meth:`view`), so it holds
        nothing that the player may not know: two states that a player sees alike
        give them the same observation. Each game's layout (what each slice
        means) is documented in :doc:`/reference/encodings`. Raises
        :class:`TypeError` when ``view`` is not this game's view.

        >>> import math, rulespec
        >>> can = rulespec.game("canardage")
        >>> values = can.observation(can.view(can.start(4, seed=1), 0))
        >>> len(values) == math.prod(can.observation_shape(4))
        True
        """
        self._check_view(view)
        return self.encoding.observation(view)


def mask(ids: Iterable[int], size: int) -> tuple[bool, ...]:
    """``size`` flags, ``True`` at each of ``ids``.

    >>> mask((1, 3), 5)
    (False, True, False, True, False)
    """
    found = [False] * size
    for i in ids:
        found[i] = True
    return tuple(found)
