"""Helpers shared by the games' integer encodings of actions and views.

Each game numbers its players' actions and lays out its views as numbers in its
own ``encoding`` module; these helpers do the checks and the bookkeeping that are
the same in every game.

>>> mask((1, 3), 5)
(False, True, False, True, False)
>>> one_hot(2, 4)
[0.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any, Protocol, TypeVar

from rulespec.core.checks import integer
from rulespec.core.errors import IllegalAction

__all__ = ["Encoding", "checked_id", "mask", "one_hot", "refuse_unless_legal", "relative_seat"]

S = TypeVar("S", contravariant=True)
V = TypeVar("V", contravariant=True)
O = TypeVar("O", contravariant=True)  # noqa: E741


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
        """How many action ids a game of ``players`` players with ``options`` has
        (:class:`~rulespec.core.game.Game` has checked both)."""

    def action_id(self, state: S, action: Any, /) -> int:
        """The id of a player's legal ``action`` in ``state``."""

    def action_from_id(self, state: S, player: int, action_id: int, /) -> Any:
        """The legal action of ``player`` whose id is ``action_id``."""

    def legal_action_ids(self, state: S, player: int, /) -> tuple[int, ...]:
        """The ids of ``player``'s legal actions, ascending."""

    def observation_shape(self, players: int, options: O | None = ..., /) -> tuple[int, ...]:
        """The shape of a view's observation (arguments checked as for
        :meth:`action_space_size`)."""

    def observation(self, view: V, /) -> tuple[float, ...]:
        """A view as numbers, flattened row-major."""


def checked_id(value: object, size: int, clause: str) -> int:
    """``value`` as an action id below ``size``: a :class:`TypeError` naming
    ``action_id`` when it is not an integer, an :class:`IllegalAction` citing
    ``clause`` when it is outside ``range(size)``.

    >>> checked_id(3, 10, "duo.turn.play")
    3
    >>> checked_id(10, 10, "duo.turn.play")
    Traceback (most recent call last):
      ...
    rulespec.core.errors.IllegalAction: duo.turn.play: action id 10 is outside 0 to 9
    """
    i = integer(value, "action_id")
    if not 0 <= i < size:
        raise IllegalAction(clause, f"action id {i} is outside 0 to {size - 1}")
    return i


def refuse_unless_legal(
    legal: Container[Any], action: object, apply: Callable[[Any], object], clause: str
) -> None:
    """Return when ``action`` is in ``legal``; otherwise raise the
    :class:`IllegalAction` that ``apply(action)`` raises (the clause the rules
    cite), or one citing ``clause`` should the rules accept it after all."""
    if action in legal:
        return
    apply(action)
    raise IllegalAction(clause, f"{action!r} is not a legal action now")


def mask(ids: Iterable[int], size: int) -> tuple[bool, ...]:
    """``size`` flags, ``True`` at each of ``ids``."""
    flags = [False] * size
    for i in ids:
        flags[i] = True
    return tuple(flags)


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (none when ``index`` is ``None``)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def relative_seat(seat: int, viewer: int, players: int) -> int:
    """How many seats after ``viewer`` ``seat`` sits: ``0`` for the viewer, ``1``
    for the next seat, and so on round the table.

    >>> relative_seat(0, 2, 4)
    2
    """
    return (seat - viewer) % players
