"""What a game's JSON codec offers: the functions behind a game's ``encode_*`` and
``decode_*`` methods.

Each game's ``codec`` module has these eight functions, so the module itself is a
:class:`Codec`; a game names it in :attr:`rulespec.core.game.Game.codec`, and
:class:`~rulespec.core.game.Game` checks the argument's type before it calls the
codec.

>>> import rulespec
>>> from rulespec.duo import codec
>>> rulespec.game("duo").codec is codec
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

__all__ = ["Codec"]

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
