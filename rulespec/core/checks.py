"""The checks at the entry points of a game: an argument of the wrong type (``None``; a
``bool``, ``float`` or ``str`` where an integer belongs; an object that is not the
game's state, action or options) is a :class:`TypeError` naming the argument, and a
value of the right type that the rules refuse (player 7 of a game of four, a card the
deck does not hold, an action out of turn) an
:class:`~rulespec.core.errors.IllegalAction` naming the clause. An integer is anything
:func:`operator.index` accepts (NumPy's integers too), except ``bool``; the fields of
an action are checked by :meth:`~rulespec.core.game.Game.apply`, which refuses a card
or a player of the wrong type with :class:`~rulespec.core.errors.IllegalAction`.

>>> integer(3, "players")
3
>>> integer(True, "players")
Traceback (most recent call last):
  ...
TypeError: players must be an integer, not bool (True)
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulespec.core.errors import IllegalAction

__all__ = ["GameTypes", "integer", "seat", "wrong_type"]

_repr = reprlib.Repr()
_repr.maxstring = 40
_repr.maxother = 40


def _described(value: object) -> str:
    if value is None:
        return "None"
    return f"{type(value).__name__} ({_repr.repr(value)})"


def wrong_type(name: str, value: object, expected: str) -> TypeError:
    """The :class:`TypeError` for argument ``name``: it had to be ``expected``.

    >>> str(wrong_type("state", None, "a Duo state"))
    'state must be a Duo state, not None'
    """
    return TypeError(f"{name} must be {expected}, not {_described(value)}")


def integer(value: object, name: str) -> int:
    """``value`` as an ``int``: any integer type but ``bool``; else a :class:`TypeError`
    naming ``name``."""
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise wrong_type(name, value, "an integer")


def seat(value: object, players: int, clause: str, name: str = "player") -> int:
    """``value`` as a seat of a game of ``players`` players: a :class:`TypeError` when it
    is not an integer, an :class:`IllegalAction` citing ``clause`` when there is no such seat.

    >>> seat(2, 4, "dc.setup.players")
    2
    >>> seat(7, 4, "dc.setup.players")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.IllegalAction: dc.setup.players: there is no player 7 in a game of 4
    """
    p = value if type(value) is int else integer(value, name)
    if not 0 <= p < players:
        raise IllegalAction(clause, f"there is no player {p} in a game of {players}")
    return p


class GameTypes:
    """What the methods of a game accept, and the checks that refuse anything else: the
    base of :class:`~rulespec.core.game.Game` and of the methods it gets from its
    parts (:class:`~rulespec.core.codec.GameJSON`,
    :class:`~rulespec.core.encoding.GameEncoding`)."""

    name: str
    min_players: int
    max_players: int
    state_type: type[Any] = object
    """The class of the game's states; the methods refuse any other object."""
    action_types: tuple[type, ...] = (object,)
    """The classes of the game's actions, the chance steps' included."""
    player_action_types: tuple[type, ...] = (object,)
    """The classes of the players' actions: :attr:`action_types` but the chance steps'."""
    options_type: type[Any] = object
    """The class of the game's options."""
    view_type: type[Any] = object
    """The class of the game's player views."""

    if TYPE_CHECKING:  # the game's own, which give the rules' refusals

        def new_game(self, players: int, options: Any = None) -> Any:
            raise NotImplementedError

        def legal_actions(self, state: Any, player: int) -> Sequence[Any]:
            raise NotImplementedError

    def _wrong_state(self, value: object, name: str = "state") -> TypeError:
        return wrong_type(name, value, f"a {self.name} state")

    def _check_state(self, value: object, name: str = "state") -> None:
        if not isinstance(value, self.state_type):
            raise self._wrong_state(value, name)

    def _check_action(self, value: object, player: bool = False) -> None:
        """Refuse ``value`` unless it is an action of the game (a player's, if ``player``)."""
        types = self.player_action_types if player else self.action_types
        if not isinstance(value, types):
            kinds = ", ".join(t.__name__ for t in types)
            what = "player action" if player else "action"
            raise wrong_type("action", value, f"a {self.name} {what} ({kinds})")

    def _check_options(self, value: object) -> None:
        if not isinstance(value, self.options_type):
            raise wrong_type("options", value, f"{self.name} options")

    def _check_setup(self, players: object, options: object) -> int:
        """``players`` as an ``int`` once ``options`` (or ``None``) and ``players`` are
        checked as ``new_game`` checks them."""
        if options is not None:
            self._check_options(options)
        n = integer(players, "players")
        if not self.min_players <= n <= self.max_players:
            self.new_game(n)  # raises the rules' refusal, with its clause
        return n

    def _check_seat(self, state: Any, player: object) -> int:
        """``player`` as an ``int`` once it is checked as ``legal_actions`` checks it
        (``state`` is checked already)."""
        p = integer(player, "player")
        if not 0 <= p < state.players:
            self.legal_actions(state, p)  # raises the rules' refusal, with its clause
        return p

    def _check_view(self, value: object) -> None:
        if not isinstance(value, self.view_type):
            raise wrong_type("view", value, f"a {self.name} view")

    def _check_step(self, before: object, action: object, after: object) -> None:
        self._check_state(before, "before")
        self._check_action(action)
        self._check_state(after, "after")
