"""JSON codecs and JSON Schemas derived from a game's attrs classes.

A :class:`Form` says how one kind of value is written, read and described: ``encode``
makes JSON data of it, ``decode`` reads it back and raises
:class:`~rulespec.RecordError` naming the place, ``schema`` is its JSON Schema. A game
declares the forms particular to it once (a card by name, water as ``"water"``), and
:func:`record` derives the rest from the fields of its attrs classes: whole numbers,
flags, enumerations, ``X | None``, ``tuple[X, ...]`` and nested attrs classes. One
declaration makes both the codec and the schema, so the two cannot drift.

>>> import attrs
>>> @attrs.frozen
... class Bid:
...     player: int
...     card: int
>>> bid = record(Bid, {"card": integer(1, 13)}, tag="bid")
>>> bid.encode(Bid(1, 7))
{'type': 'bid', 'player': 1, 'card': 7}
>>> bid.decode({"type": "bid", "player": 0, "card": 14}, "steps[3]")
Traceback (most recent call last):
...
rulespec.core.errors.RecordError: steps[3].card: 14 is out of range 1 to 13
>>> bid.schema["properties"]["card"]
{'type': 'integer', 'minimum': 1, 'maximum': 13}
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from rulespec.core.errors import RecordError
from rulespec.core.jsonio import expect_bool, expect_enum, expect_int, expect_list, expect_object

__all__ = [
    "Codec",
    "Form",
    "choice",
    "codec",
    "describe",
    "enumeration",
    "flag",
    "given",
    "integer",
    "many",
    "maybe",
    "named",
    "options",
    "record",
    "tagged",
]

Schema = dict[str, Any]
Check = Callable[[dict[str, Any], str], None]


def _same(value: Any) -> Any:
    return value


@attrs.frozen
class Form:
    """How one kind of value is written as JSON data (:attr:`encode`), read back
    (:attr:`decode`, given the data and its place) and described (:attr:`schema`)."""

    encode: Callable[[Any], Any]
    """The value as JSON data."""
    decode: Callable[[Any, str], Any]
    """The value of JSON data at a place (``"steps[3].card"``); raises
    :class:`~rulespec.RecordError` naming the place of what is wrong."""
    schema: Schema
    """The JSON Schema of the data."""
    defs: Mapping[str, Schema] = attrs.field(factory=dict)
    """The named definitions :attr:`schema` refers to (``#/$defs/<name>``)."""
    plain: bool = False
    """Whether :attr:`encode` returns its value unchanged (so it can be skipped)."""
    given: Callable[[Mapping[str, Any]], Form] | None = None
    """The form a record's field takes given the other fields' values (see :func:`given`)."""
    tag: str | None = None
    """A record's ``"type"`` (see :func:`record`)."""
    cls: type | None = None
    """The class a record's form reads."""


def integer(low: int | None = None, high: int | None = None) -> Form:
    """A whole number within ``low``..``high``.

    >>> integer(0, 5).decode(True, "player")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: player: expected a whole number, got True
    """
    schema: Schema = {"type": "integer"}
    schema |= {} if low is None else {"minimum": low}
    schema |= {} if high is None else {"maximum": high}
    return Form(_same, lambda v, w: expect_int(v, w, low, high), schema, plain=True)


def flag() -> Form:
    """``true`` or ``false``."""
    return Form(_same, expect_bool, {"type": "boolean"}, plain=True)


def choice(values: Iterable[str]) -> Form:
    """One of the strings ``values``, written as it is."""
    allowed = tuple(values)

    def decode(value: Any, where: str) -> Any:
        if not isinstance(value, str) or value not in allowed:
            raise RecordError(where, f"expected one of {', '.join(allowed)}")
        return value

    return Form(_same, decode, {"type": "string", "enum": list(allowed)}, plain=True)


def enumeration(kind: type[enum.Enum], noun: str | None = None) -> Form:
    """A member of ``kind`` written as its value (an unknown value is an "unknown
    ``noun``", by default the class's name in lower case)."""
    said = noun or kind.__name__.lower()
    values = [m.value for m in kind]
    return Form(
        lambda m: m.value,
        lambda v, w: expect_enum(kind, v, w, said),
        {"type": "string", "enum": values},
    )


def maybe(form: Form) -> Form:
    """``null`` or ``form``."""
    enc, dec = form.encode, form.decode
    return Form(
        enc if form.plain else lambda v: None if v is None else enc(v),
        lambda v, w: None if v is None else dec(v, w),
        {"anyOf": [{"type": "null"}, form.schema]},
        form.defs,
        form.plain,
    )


def many(
    form: Form, max_items: int = 10_000, *, size: int | None = None, ordered: bool = True
) -> Form:
    """A tuple of ``form`` written as a list of at most ``max_items`` (exactly ``size``
    if given); unless ``ordered``, read in any order and kept sorted."""
    enc, dec = form.encode, form.decode

    def decode(value: Any, where: str) -> tuple[Any, ...]:
        items = expect_list(value, where, max_items)
        if size is not None and len(items) != size:
            raise RecordError(where, f"expected {size} items, got {len(items)}")
        found = tuple([dec(x, f"{where}[{i}]") for i, x in enumerate(items)])
        return found if ordered else tuple(sorted(found))

    schema: Schema = {"type": "array", "items": form.schema}
    schema |= {"maxItems": max_items} if size is None else {"minItems": size, "maxItems": size}
    encode: Callable[[Any], Any] = list if form.plain else lambda v: [enc(x) for x in v]
    return Form(encode, decode, schema, form.defs)


def named(name: str, form: Form) -> Form:
    """``form`` described once, as the definition ``name``, and referred to."""
    return attrs.evolve(
        form, schema={"$ref": f"#/$defs/{name}"}, defs={**form.defs, name: form.schema}
    )


def given(static: Form, rule: Callable[[Mapping[str, Any]], Form]) -> Form:
    """A record's field whose form depends on its other fields: ``rule`` of their values
    (``players`` for a seat's range), read once every field without a rule is read;
    ``static`` encodes and is written to the schema.

    >>> seat = given(integer(0, 5), lambda d: integer(0, d["players"] - 1))
    """
    return attrs.evolve(static, given=rule)


def _derive(kind: Any, forms: Mapping[Any, Form]) -> Form:
    """The form of a field of type ``kind``: a declared one, or one made from the type."""
    if kind in forms:
        return forms[kind]
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (other,) = (a for a in args if a is not type(None))
        return maybe(_derive(other, forms))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return many(_derive(args[0], forms))
    if origin is typing.Literal:
        return choice(args)
    if kind is bool:
        return flag()
    if kind is int:
        return integer()
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return enumeration(kind)
    if attrs.has(kind):
        return record(kind, forms=forms)
    raise TypeError(f"no JSON form for {kind!r}: declare one")


def _fields(cls: type, declared: Mapping[str, Form], forms: Mapping[Any, Form]) -> dict[str, Form]:
    """Each field ``cls`` takes, in order, with its declared or derived form."""
    hints = typing.get_type_hints(cls)
    return {
        f.name: declared[f.name] if f.name in declared else _derive(hints[f.name], forms)
        for f in attrs.fields(cls)
        if f.init
    }


def _object_schema(fields: Mapping[str, Form], required: bool, tag: str | None) -> Schema:
    properties = {"type": {"type": "string", "const": tag}} if tag else {}
    properties |= {name: form.schema for name, form in fields.items()}
    head: Schema = {"type": "object"}
    head |= {"required": list(properties)} if required and properties else {}
    return head | {"properties": properties, "additionalProperties": False}


def _defs(fields: Iterable[Form]) -> dict[str, Schema]:
    return {k: v for form in fields for k, v in form.defs.items()}


def record(
    cls: type,
    fields: Mapping[str, Form] | None = None,
    *,
    tag: str | None = None,
    check: Check | None = None,
    forms: Mapping[Any, Form] | None = None,
) -> Form:
    """The form of the attrs class ``cls``: an object of its fields, in their order
    (after ``"type": tag`` when tagged), each in its ``fields`` form, or else one
    derived from its type (``forms`` maps types to forms). ``check`` sees the values
    read, and the place, before the class is made."""
    spec = _fields(cls, fields or {}, forms or {})
    keys = set(spec) | ({"type"} if tag else set())
    plan = tuple(
        sorted(((n, f.decode, f.given) for n, f in spec.items()), key=lambda p: bool(p[2]))
    )
    items = ", ".join(
        f"{n!r}: o.{n}" if f.plain else f"{n!r}: _e{i}(o.{n})"
        for i, (n, f) in enumerate(spec.items())
    )
    scope = {f"_e{i}": f.encode for i, f in enumerate(spec.values())}
    head = f"'type': {tag!r}, " if tag else ""
    exec(f"def encode(o):\n return {{{head}{items}}}", scope)

    def decode(data: Any, where: str) -> Any:
        d = expect_object(data, where, keys)
        done: dict[str, Any] = {}
        for name, dec, rule in plan:
            done[name] = (rule(done).decode if rule else dec)(d[name], f"{where}.{name}")
        if check is not None:
            check(done, where)
        return cls(**done)

    schema = _object_schema(spec, True, tag)
    return Form(scope["encode"], decode, schema, _defs(spec.values()), tag=tag, cls=cls)


def options(cls: type, fields: Mapping[str, Form] | None = None) -> Form:
    """The form of an options class: only the values that differ from the defaults are
    written; a key left out takes its default. Errors are placed under ``options``."""
    spec = _fields(cls, fields or {}, {})
    default = cls()
    names = frozenset(spec)

    def encode(value: Any) -> dict[str, Any]:
        return {
            n: f.encode(v)
            for n, f in spec.items()
            if (v := getattr(value, n)) != getattr(default, n)
        }

    def decode(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise RecordError(where, "expected a JSON object")
        expect_object(data, "options", set(), names)
        kwargs = {n: spec[n].decode(v, f"options.{n}") for n, v in data.items()}
        try:
            return cls(**kwargs)
        except ValueError as exc:
            raise RecordError("options", str(exc)) from None

    return Form(encode, decode, _object_schema(spec, False, None), _defs(spec.values()), cls=cls)


def tagged(*kinds: Form, noun: str = "action type") -> Form:
    """One of the tagged records ``kinds``, chosen by its ``"type"``; each is described
    as the definition of its tag name."""
    by_tag = {k.tag: k for k in kinds if k.tag}
    by_cls = {k.cls: k.encode for k in kinds}
    other = frozenset(key for k in kinds for key in k.schema["properties"])
    said = ", ".join(by_tag)

    def decode(data: Any, where: str) -> Any:
        kind = expect_object(data, where, {"type"}, other)["type"]
        form = by_tag.get(kind) if isinstance(kind, str) else None
        if form is None:
            raise RecordError(f"{where}.type", f"unknown {noun} {kind!r} ({said})")
        return form.decode(data, where)

    defs = {**_defs(kinds), **{t: k.schema for t, k in by_tag.items()}}
    refs = [{"$ref": f"#/$defs/{t}"} for t in by_tag]
    return Form(lambda v: by_cls[type(v)](v), decode, {"oneOf": refs}, defs)


def describe(defs: Mapping[str, Schema], docs: Mapping[str, str]) -> dict[str, Schema]:
    """``defs`` with the descriptions ``docs``: ``"card"`` describes the definition
    ``card``, ``"state.players"`` the property ``players`` of ``state`` (put first)."""
    out = {}
    for name, schema in defs.items():
        props = schema.get("properties")
        if props is not None:
            props = {
                k: {"description": docs[f"{name}.{k}"], **v} if f"{name}.{k}" in docs else v
                for k, v in props.items()
            }
            schema = {**schema, "properties": props}
        out[name] = {"description": docs[name], **schema} if name in docs else schema
    return out


@attrs.frozen
class Codec:
    """A game's eight JSON functions (those of :class:`rulespec.core.codec.Codec`),
    made by :func:`codec`, and :attr:`defs`, the schema definitions they follow."""

    encode_options: Callable[[Any], dict[str, Any]]
    decode_options: Callable[[Mapping[str, Any]], Any]
    encode_action: Callable[[Any], dict[str, Any]]
    decode_action: Callable[..., Any]
    encode_state: Callable[[Any], dict[str, Any]]
    decode_state: Callable[[Any], Any]
    encode_view: Callable[[Any], dict[str, Any]]
    decode_view: Callable[..., Any]
    defs: dict[str, Schema]


def codec(options: Form, actions: Form, state: Form, view: Form) -> Codec:
    """The codec of a game whose options, actions (chance outcomes included: a
    :func:`tagged` form), states and views take these forms.

    >>> import rulespec
    >>> from rulespec.duo.codec import CODEC
    >>> CODEC.decode_action({"type": "stop", "player": 1})
    Stop(player=1)
    """
    dec_o, dec_a, dec_s, dec_v = options.decode, actions.decode, state.decode, view.decode
    forms = {"options": options, "state": state, "view": view}
    return Codec(
        options.encode,
        lambda data: dec_o(data, "options"),
        actions.encode,
        lambda data, where="action": dec_a(data, where),
        state.encode,
        lambda data: dec_s(data, "state"),
        view.encode,
        lambda data, where="view": dec_v(data, where),
        {
            **_defs(forms.values()),
            **actions.defs,
            **{k: f.schema for k, f in forms.items() if "$ref" not in f.schema},
        },
    )
