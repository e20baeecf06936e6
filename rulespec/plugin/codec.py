"""The JSON codec a game gets when it writes none: states, views, actions and options
read and written field by field, from the attrs classes' annotated types.

A value is written as JSON holds it: an attrs object as an object of its fields,
a tuple as a list, an enumeration by its value; an action carries a ``"type"``,
its class's name in lower case with hyphens (``PlayCard`` is ``"play-card"``);
options only where they differ from the defaults. A decoder checks every value
against its field's type (``int``, ``bool``, ``str``, ``None``, ``Literal``,
enumerations, tuples, frozensets, attrs classes, and unions of them) and raises
:class:`~rulespec.RecordError` naming where the data is wrong.

>>> import attrs
>>> @attrs.frozen
... class PlayCard:
...     player: int
...     cards: tuple[int, ...]
>>> codec = DerivedCodec(object, (PlayCard,), object, object)
>>> codec.encode_action(PlayCard(1, (4, 5)))
{'type': 'play-card', 'player': 1, 'cards': [4, 5]}
>>> codec.decode_action({"type": "play-card", "player": 1, "cards": [4, "x"]})
Traceback (most recent call last):
  ...
rulespec.core.errors.RecordError: action.cards[1]: expected a whole number, got 'x'
"""

from __future__ import annotations

import enum
import functools
import re
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union

import attrs

from rulespec.core.errors import RecordError
from rulespec.core.jsonio import expect_bool, expect_enum, expect_int, expect_list, expect_object

__all__ = ["DerivedCodec", "kind"]


def kind(cls: type) -> str:
    """An action class's ``"type"`` in JSON.

    >>> kind(type("PlayCard", (), {}))
    'play-card'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


def encoded(value: Any) -> Any:
    """``value`` as JSON data."""
    if isinstance(value, frozenset):  # in a stable order
        return sorted((encoded(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [encoded(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {f.name: encoded(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decoded(data: Any, hint: Any, where: str) -> Any:
    """``data`` as a value of type ``hint``; :class:`RecordError` at ``where`` if not."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return data
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        kinds = [a for a in args if a is not type(None)]
        for i, option in enumerate(kinds):
            try:
                return decoded(data, option, where)
            except RecordError:
                if i == len(kinds) - 1:
                    raise
    if hint is type(None):
        if data is not None:
            raise RecordError(where, f"expected null, got {data!r}")
        return None
    if origin is Literal:
        if data not in args or type(data) is not type(args[0]):
            raise RecordError(where, f"expected one of {', '.join(map(str, args))}")
        return data
    if origin is tuple:
        items = expect_list(data, where)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decoded(x, args[0], f"{where}[{i}]") for i, x in enumerate(items))
        if len(items) != len(args):
            raise RecordError(where, f"expected {len(args)} items, got {len(items)}")
        return tuple(
            decoded(x, a, f"{where}[{i}]") for i, (x, a) in enumerate(zip(items, args, strict=True))
        )
    if origin is frozenset:
        items = expect_list(data, where)
        return frozenset(decoded(x, args[0], f"{where}[{i}]") for i, x in enumerate(items))
    if hint is bool:
        return expect_bool(data, where)
    if hint is int:
        return expect_int(data, where)
    if hint is str:
        if not isinstance(data, str):
            raise RecordError(where, f"expected a string, got {data!r}")
        return data
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return expect_enum(hint, data, where, hint.__name__.lower())
    if isinstance(hint, type) and attrs.has(hint):
        return _object(data, hint, where)
    raise RecordError(where, f"cannot read a {hint!r}")


def _object(data: Any, cls: type, where: str, skip: frozenset[str] = frozenset()) -> Any:
    fields = [f for f in attrs.fields(cls) if f.init]
    required = {f.name for f in fields if f.default is attrs.NOTHING}
    optional = frozenset(f.name for f in fields) - required
    expect_object(data, where, required | skip, optional)
    hints = _hints(cls)
    return cls(
        **{
            f.name: decoded(data[f.name], hints[f.name], f"{where}.{f.name}")
            for f in fields
            if f.name in data
        }
    )


class DerivedCodec:
    """The :class:`~rulespec.core.codec.Codec` of a game's classes: ``state_type``,
    its ``action_types``, ``view_type`` and ``options_type`` (see the module)."""

    def __init__(
        self, state_type: Any, action_types: tuple[type, ...], view_type: Any, options_type: Any
    ) -> None:
        self.state_type, self.view_type, self.options_type = state_type, view_type, options_type
        self.actions = {kind(t): t for t in action_types}

    def encode_options(self, options: Any) -> dict[str, Any]:
        """The options that differ from the defaults."""
        default = self.options_type()
        return {
            f.name: encoded(getattr(options, f.name))
            for f in attrs.fields(self.options_type)
            if getattr(options, f.name) != getattr(default, f.name)
        }

    def decode_options(self, data: Mapping[str, Any]) -> Any:
        """Options from JSON data; a value the options refuse is a RecordError too."""
        try:
            return _object(data, self.options_type, "options")
        except (TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError("options", str(exc)) from None

    def encode_action(self, action: Any) -> dict[str, Any]:
        """``{"type": ..., field: value...}``."""
        return {"type": kind(type(action)), **encoded(action)}

    def decode_action(self, data: Any, where: str = "action") -> Any:
        """An action of the ``"type"`` in ``data``."""
        found = expect_object(
            data, where, {"type"}, frozenset(data) if isinstance(data, dict) else frozenset()
        )
        cls = self.actions.get(found["type"])
        if cls is None:
            raise RecordError(
                f"{where}.type",
                f"unknown action type {found['type']!r} ({', '.join(self.actions)})",
            )
        return _object(data, cls, where, frozenset({"type"}))

    def encode_state(self, state: Any) -> dict[str, Any]:
        """Every field of ``state``."""
        data: dict[str, Any] = encoded(state)
        return data

    def decode_state(self, data: Any) -> Any:
        """A state from :meth:`encode_state`'s data."""
        return _object(data, self.state_type, "state")

    def encode_view(self, view: Any) -> dict[str, Any]:
        """Every field of ``view``."""
        data: dict[str, Any] = encoded(view)
        return data

    def decode_view(self, data: Any, where: str = "view") -> Any:
        """A view from :meth:`encode_view`'s data."""
        return _object(data, self.view_type, where)
