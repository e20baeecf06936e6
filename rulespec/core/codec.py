"""What a game's JSON codec offers: the functions behind a game's ``encode_*`` and
``decode_*`` methods.

Each game's ``codec`` module has these eight functions, so the module itself is a
:class:`Codec`; a game names it in :attr:`GameJSON.codec`, and the methods of
:class:`GameJSON` (which every :class:`~rulespec.core.game.Game` has) check the
argument's type before they call the codec.

>>> import rulespec
>>> from rulespec.duo import codec
>>> rulespec.game("duo").codec is codec
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, Protocol, TypeVar

from rulespec.core.checks import GameTypes

__all__ = ["Codec", "GameJSON"]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
O = TypeVar("O")  # noqa: E741


class Codec(Protocol[S, A, V, O]):
    """JSON data to and from a game's states ``S``, actions ``A``, views ``V`` and
    options ``O``.

    The functions trust the type of what they encode (the game checks it first);
    the decoders check everything in their data and raise
    :class:`~rulespec.RecordError` naming where it is malformed.
    """

    def encode_options(self, options: O, /) -> dict[str, Any]:
        """``options`` as JSON data (only the values that differ from the defaults)."""

    def decode_options(self, data: Mapping[str, Any], /) -> O:
        """Options from JSON data."""

    def encode_action(self, action: A, /) -> dict[str, Any]:
        """``action`` as JSON data."""

    def decode_action(self, data: Any, where: str = ..., /) -> A:
        """An action from JSON data; errors name ``where``."""

    def encode_state(self, state: S, /) -> dict[str, Any]:
        """``state`` as JSON data, complete (hidden parts included)."""

    def decode_state(self, data: Any, /) -> S:
        """A state from :meth:`encode_state`'s data."""

    def encode_view(self, view: V, /) -> dict[str, Any]:
        """A player's view as JSON data."""

    def decode_view(self, data: Any, where: str = ..., /) -> V:
        """A view from :meth:`encode_view`'s data; errors name ``where``."""


class GameJSON(GameTypes, Generic[S, A, V, O]):
    """The JSON methods of every game: each checks its argument's type, then hands it to
    the game's :attr:`codec`.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> duo.decode_options(duo.encode_options(duo.default_options())) == duo.default_options()
    True
    """

    codec: Codec[S, A, V, O]
    """The game's JSON codec (its ``codec`` module): the functions behind the
    ``encode_*`` and ``decode_*`` methods, which check the argument's type first.

    :meta hide-value:
    """

    def encode_options(self, options: O) -> dict[str, Any]:
        """``options`` as JSON data (only the values that differ from the defaults)."""
        self._check_options(options)
        return self.codec.encode_options(options)

    def decode_options(self, data: Mapping[str, Any]) -> O:
        """Options from JSON data; raises :class:`RecordError` when malformed."""
        return self.codec.decode_options(data)

    def encode_action(self, action: A) -> dict[str, Any]:
        """``action`` as JSON data."""
        self._check_action(action)
        return self.codec.encode_action(action)

    def decode_action(self, data: Any, where: str = "action") -> A:
        """An action from JSON data; raises :class:`RecordError` naming ``where``."""
        return self.codec.decode_action(data, where)

    def encode_state(self, state: S) -> dict[str, Any]:
        """``state`` as JSON data, complete (hidden parts included)."""
        self._check_state(state)
        return self.codec.encode_state(state)

    def decode_state(self, data: Any) -> S:
        """A state from :meth:`encode_state`'s data; raises :class:`RecordError`."""
        return self.codec.decode_state(data)

    def encode_view(self, view: V) -> dict[str, Any]:
        """A player's view (from :meth:`view`) as JSON data; its keys are the view's fields.

        >>> import rulespec
        >>> duo = rulespec.game("duo")
        >>> view = duo.view(duo.start(2, seed=5), 0)
        >>> duo.decode_view(duo.encode_view(view)) == view
        True
        """
        self._check_view(view)
        return self.codec.encode_view(view)

    def decode_view(self, data: Any, where: str = "view") -> V:
        """A view from :meth:`encode_view`'s data; raises :class:`RecordError` naming
        ``where``.

        Parts whose order the rules leave open (a hand, the stacks of a grid) may come
        in any order.
        """
        return self.codec.decode_view(data, where)
