"""How states and views show themselves: ``print(state)`` draws the text board,
Jupyter draws the SVG picture.

A game's state and view classes inherit :class:`Shown`; its render module
registers its drawings with :func:`register` when it is imported (each game
package imports its render module), so the classes never import the
renderer and the renderer depends on them alone.

>>> import rulespec
>>> state = rulespec.game("canardage").start(3, seed=1)
>>> state
<canardage State: 3 players, player 1 to play, line 1 0 1 0 W 0, ducks left (5, 5, 5)>
>>> str(state).splitlines()[0]  # the first line of print(state)
'Canardage · Player 1 to play'
>>> state._repr_svg_()[:4]
'<svg'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["Shown", "Table", "Words", "english", "gathered", "hands_seen", "register"]

T = TypeVar("T")

Words = Callable[[str], str]
"""The words of a picture or of a move told in words, in the reader's language: a
function from the English text (a ``str.format`` template, as the case may be) to its
translation. The render modules take one as ``tr``; :func:`english` is the default."""


def english(text: str) -> str:
    """The English words as they are: the ``tr`` of an English reader.

    >>> english("Player {player}").format(player=0)
    'Player 0'
    """
    return text


def gathered(cls: type[T], source: object, **given: Any) -> T:
    """An instance of the attrs class ``cls`` (what a picture shows) whose fields take
    the values ``given``, the others the value of ``source``'s attribute of the same
    name (a state's or a view's), or their default where ``source`` has none.

    >>> import types
    >>> @attrs.frozen
    ... class Table:
    ...     players: int
    ...     viewer: int | None
    ...     turn: int = 0
    >>> gathered(Table, types.SimpleNamespace(players=3, viewer=1), viewer=None)
    Table(players=3, viewer=None, turn=0)
    """
    values = {
        f.name: given[f.name] if f.name in given else getattr(source, f.name)
        for f in attrs.fields(cls)  # type: ignore[arg-type]
        if f.name in given or hasattr(source, f.name)
    }
    return cls(**values)


@attrs.frozen(kw_only=True)
class Table:
    """What a picture shows of a state or a view, which each game's renderer extends: the
    number of players, whose view it is (``None`` for a whole state), and the words in
    the reader's language.

    >>> Table(players=3, viewer=1).name(1), Table(players=3, viewer=None).name(1)
    ('Player 1 (you)', 'Player 1')
    """

    players: int
    viewer: int | None
    tr: Words = attrs.field(default=english, eq=False, repr=False)
    """The words in the reader's language."""

    def name(self, player: int) -> str:
        """How the picture names ``player`` (the viewer is "you")."""
        name = self.tr("Player {player}").format(player=player)
        return self.tr("{player} (you)").format(player=name) if player == self.viewer else name


def hands_seen(view: Any) -> tuple[Any, ...]:
    """The hands a player's ``view`` shows: the player's own cards, and how many cards
    each other hand holds (a view with ``player``, ``hand`` and ``hand_sizes``).

    >>> import types
    >>> hands_seen(types.SimpleNamespace(player=1, hand=("a", "b"), hand_sizes=(3, 2, 4)))
    (3, ('a', 'b'), 4)
    """
    return tuple(view.hand if p == view.player else n for p, n in enumerate(view.hand_sizes))


_TEXT: dict[type, Callable[[Any], str]] = {}
_SVG: dict[type, Callable[[Any], str]] = {}


def register(*classes: type, text: Callable[[Any], str], svg: Callable[[Any], str]) -> None:
    """Draw instances of ``classes`` with ``text`` for ``str()`` and ``svg`` for Jupyter."""
    for cls in classes:
        _TEXT[cls] = text
        _SVG[cls] = svg


def _drawing(table: object, drawings: dict[type, Callable[[Any], str]]) -> Callable[[Any], str]:
    for cls in type(table).__mro__:
        if cls in drawings:
            return drawings[cls]
    raise LookupError(f"no drawing is registered for {type(table).__qualname__}")


class Shown:
    """A table that draws itself: ``str()`` is its text board, ``_repr_svg_()`` its picture."""

    __slots__ = ()

    def __str__(self) -> str:
        return _drawing(self, _TEXT)(self)

    def _repr_svg_(self) -> str:
        """The SVG picture Jupyter shows."""
        return _drawing(self, _SVG)(self)
