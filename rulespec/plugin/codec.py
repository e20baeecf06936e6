"""A game's JSON codec, made with the deriving machinery of :mod:`rulespec.core.derive`.

A game names the forms of its fields once, in one table, and :func:`codec_of` makes
the codec of its classes from it; :func:`seat` and :func:`per_player` are the forms
whose bounds follow a record's field ``players``. A game that declares no form gets
:func:`derived`: a value is written as JSON holds it (an attrs object as an object of
its fields, a tuple or frozenset as a list, an enumeration by its value) and read as
its field's type says; an action carries a ``"type"``, :func:`kind` of its class.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from rulespec.core.derive import (
    Check,
    Codec,
    Form,
    as_json,
    codec,
    given,
    integer,
    many,
    named,
    options,
    record,
    tagged,
)
from rulespec.core.errors import RecordError

__all__ = ["codec_of", "derived", "kind", "per_player", "seat"]


def per_player(form: Form, most: int, *, exact: bool = True) -> Form:
    """One ``form`` per player: a list of ``players`` items (at most, unless ``exact``),
    the value of the record's field ``players``; ``most`` in the schema."""

    def rule(v: Mapping[str, Any]) -> Form:
        item = form.given(v) if form.given else form
        return many(item, size=v["players"]) if exact else many(item, v["players"])

    return given(many(form, most), rule)


def seat(most: int) -> Form:
    """A seat: 0 to ``players - 1`` for the record's field ``players`` (below ``most``
    in the schema)."""
    return given(integer(0, most - 1), lambda v: integer(0, v["players"] - 1))


def codec_of(
    options_class: type,
    actions: Iterable[type | Form],
    state: type,
    view: type,
    fields: Mapping[str, Form],
    *,
    check: Check | None = None,
    view_fields: Mapping[str, Form] | None = None,
) -> Codec:
    """The codec of a game whose classes take their fields' forms by name from
    ``fields`` (the others derived from their types; a view's from ``view_fields``
    first); what is wrong in options is placed under ``options``. Each action is tagged
    with its class's name in lower case, or given as the form of a
    :func:`~rulespec.core.derive.record`; ``check`` sees a state's values before it is
    made.

    >>> import attrs
    >>> @attrs.frozen
    ... class Rules:
    ...     cards: int = 13
    >>> @attrs.frozen
    ... class Bid:
    ...     player: int
    ...     card: int
    >>> @attrs.frozen
    ... class Table:
    ...     players: int
    ...     bids: tuple[int | None, ...]
    >>> from rulespec.core.derive import maybe
    >>> card = integer(1, 13)
    >>> fields = {"cards": card, "card": card, "player": seat(4)}
    >>> fields["bids"] = per_player(maybe(card), 4)
    >>> game = codec_of(Rules, [Bid], Table, Table, fields)
    >>> game.encode_options(Rules(cards=5)), game.encode_action(Bid(1, 7))
    ({'cards': 5}, {'type': 'bid', 'player': 1, 'card': 7})
    >>> game.decode_state({"players": 3, "bids": [None, 4]})
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: state.bids: expected 3 items, got 2
    """
    opts = named("options", options(options_class, fields, "options"))
    spec = {**fields, "options": opts}
    return codec(
        opts,
        tagged(
            *(
                a if isinstance(a, Form) else record(a, spec, tag=a.__name__.lower())
                for a in actions
            )
        ),
        record(state, spec, check=check),
        record(view, {**spec, **(view_fields or {})}),
    )


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
