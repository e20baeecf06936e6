"""The JSON codec a game gets when it declares no form: :func:`derived` builds it with
the deriving machinery of :mod:`rulespec.core.derive` from the attrs classes alone.

A value is written as JSON holds it (an attrs object as an object of its fields, a
tuple or frozenset as a list, an enumeration by its value) and read as its field's
type says; an action carries a ``"type"``, :func:`kind` of its class.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import attrs

from rulespec.core.derive import Codec, Form, as_json, codec, options, record, tagged
from rulespec.core.errors import RecordError

__all__ = ["derived", "kind"]


def kind(cls: type) -> str:
    """An action class's ``"type"`` in :func:`derived` JSON: its name in lower case,
    words joined by hyphens.

    >>> kind(type("PlayCard", (), {}))
    'play-card'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


def _unread(kind: Any) -> Form:
    """A form for a type the game declares none for: its value is written as JSON holds
    it, and reading it is refused, naming the place."""
    said = getattr(kind, "__name__", None) or repr(kind)

    def decode(value: Any, where: str) -> Any:
        raise RecordError(where, f"the game declares no JSON form for {said}: it cannot be read")

    return Form(as_json, decode, {})


def _opaque(cls: Any) -> Form:
    """A record derived ``loose`` from ``cls`` (a field of a type without a form written
    but not read), or for a class that is not attrs, a form that writes its value as
    JSON holds it and reads nothing."""
    return record(cls, loose=True, unknown=_unread) if attrs.has(cls) else _unread(cls)


def derived(state: type, actions: Iterable[type], view: Any, options_class: Any) -> Codec:
    """The codec of a game that declares no form: every value written as JSON holds it
    (an attrs object as an object of its fields, a tuple or frozenset as a list, an
    enumeration by its value), each field read as its type says; a field with a default
    may be left out. A field of a type with no JSON form (a ``dict``, a class that is
    not attrs) is written as JSON holds it, and reading it is refused with a
    :class:`~rulespec.RecordError` that names it, so that the game still loads. An
    action carries a ``"type"``, :func:`kind` of its class; options are written where
    they differ from the defaults, and what is wrong in them is placed under
    ``options``.

    >>> import attrs
    >>> @attrs.frozen
    ... class PlayCard:
    ...     player: int
    ...     cards: tuple[int, ...]
    >>> game = derived(PlayCard, [PlayCard], object, object)
    >>> game.encode_action(PlayCard(1, (4, 5)))
    {'type': 'play-card', 'player': 1, 'cards': [4, 5]}
    >>> game.decode_action({"type": "play-card", "player": 1, "cards": [4, "x"]})
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: action.cards[1]: expected a whole number, got 'x'
    """
    has = attrs.has(options_class)
    opts = options(options_class, at="options", unknown=_unread) if has else None
    moves = tagged(*(record(a, tag=kind(a), loose=True, unknown=_unread) for a in actions))
    return codec(opts or _opaque(options_class), moves, _opaque(state), _opaque(view))
