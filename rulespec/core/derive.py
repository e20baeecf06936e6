"""JSON codecs and JSON Schemas derived from a game's attrs classes.

A :class:`Form` says how one kind of value is written, read and described: ``encode``
makes JSON data of it, ``decode`` reads it back and raises
:class:`~rulespec.RecordError` naming the place, ``schema`` is its JSON Schema. A game
declares the forms particular to it once (a card by name, water as ``"water"``), and
:func:`record` derives the rest from the fields of its attrs classes: whole numbers,
flags, texts, ``Literal``, enumerations, unions, ``tuple[X, ...]``, fixed tuples,
``frozenset[X]`` and nested attrs classes. One declaration makes both the codec and the
schema, so the two cannot drift; a game that declares nothing gets
:func:`rulespec.plugin.codec.derived`.

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
import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import attrs

from rulespec.core.errors import RecordError
from rulespec.core.jsonio import expect_bool, expect_enum, expect_int, expect_list, expect_object

__all__ = [
    "LARGEST",
    "Codec",
    "Form",
    "as_json",
    "bunch",
    "choice",
    "codec",
    "each",
    "either",
    "enumeration",
    "fixed",
    "flag",
    "given",
    "integer",
    "many",
    "mapped",
    "maybe",
    "named",
    "options",
    "record",
    "tagged",
    "text",
]

Schema = dict[str, Any]
Check = Callable[[dict[str, Any], dict[str, Any], str], None]

LARGEST = 2**63 - 1
"""The bound of a whole number whose form gives none (a counter): :func:`integer`
reads ``-LARGEST`` to ``LARGEST`` unless told otherwise, and says so in its schema, so
that whatever a codec writes stays well within what
:func:`~rulespec.core.jsonio.parse_json` reads back (:data:`~rulespec.core.jsonio.MAX_DIGITS`)."""


def _same(value: Any) -> Any:
    return value


def _items(count: int) -> str:
    return f"{count} item" if count == 1 else f"{count} items"


@attrs.frozen(eq=False)
class Form:
    """How one kind of value is written as JSON data (:attr:`encode`), read back
    (:attr:`decode`, given the data and its place) and described (:attr:`schema`).
    Forms compare by identity, and the builders keep the last few thousand forms they
    made, so that a form made again while reading (a seat below ``players``) costs
    nothing."""

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
    on: tuple[str, ...] = ()
    """The fields :attr:`given` reads: in a record without them, the form is static."""
    tag: str | None = None
    """A record's ``"type"`` (see :func:`record`)."""
    cls: type | None = None
    """The class a record's form reads."""


@functools.lru_cache(maxsize=4096)
def integer(low: int | None = None, high: int | None = None) -> Form:
    """A whole number within ``low``..``high`` (by default ``-LARGEST``..``LARGEST``:
    see :data:`LARGEST`).

    >>> integer(0, 5).decode(True, "player")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: player: expected a whole number, got True
    >>> integer(0).schema
    {'type': 'integer', 'minimum': 0, 'maximum': 9223372036854775807}
    """
    lo, hi = -LARGEST if low is None else low, LARGEST if high is None else high
    schema: Schema = {"type": "integer", "minimum": lo, "maximum": hi}

    def decode(v: Any, where: str) -> int:
        return v if type(v) is int and lo <= v <= hi else expect_int(v, where, lo, hi)

    return Form(_same, decode, schema, plain=True)


def flag() -> Form:
    """``true`` or ``false``."""
    return Form(_same, expect_bool, {"type": "boolean"}, plain=True)


def choice(values: Iterable[Any]) -> Form:
    """One of ``values`` (strings, or the values of a ``Literal``), written as it is; a
    value of another type is refused even when equal (``True`` is not ``1``)."""
    allowed = tuple(values)
    kinds = frozenset(map(type, allowed))
    said = ", ".join(map(str, allowed))

    def decode(value: Any, where: str) -> Any:
        if type(value) not in kinds or value not in allowed:
            raise RecordError(where, f"expected one of {said}")
        return value

    schema: Schema = {"type": "string"} if kinds == {str} else {}
    return Form(_same, decode, schema | {"enum": list(allowed)}, plain=True)


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(where, f"expected a string, got {value!r}")
    return value


def text() -> Form:
    """A string.

    >>> text().decode(3, "name")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: name: expected a string, got 3
    """
    return Form(_same, _text, {"type": "string"}, plain=True)


def enumeration(kind: type[enum.Enum], noun: str | None = None) -> Form:
    """A member of ``kind`` written as its value (an unknown value is an "unknown
    ``noun``", by default the class's name in lower case)."""
    said = noun or kind.__name__.lower()
    values = [m.value for m in kind]
    return Form(
        lambda m: m._value_,
        lambda v, w: expect_enum(kind, v, w, said),
        {"type": "string", "enum": values},
    )


@functools.lru_cache(maxsize=4096)
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


@functools.lru_cache(maxsize=4096)
def many(
    form: Form,
    max_items: int = 10_000,
    *,
    size: int | None = None,
    least: int = 0,
    order: Callable[[Any], Iterable[Any]] | None = None,
) -> Form:
    """A tuple of ``form`` written as a list of ``least`` to ``max_items`` items (exactly
    ``size`` if given); read in any order and put in ``order`` (such as :func:`sorted`)
    if given."""
    enc, dec = form.encode, form.decode

    def decode(value: Any, where: str) -> tuple[Any, ...]:
        items = expect_list(value, where, max_items, size)
        if len(items) < least:
            raise RecordError(where, f"expected at least {_items(least)}, got {len(items)}")
        found = tuple([dec(x, f"{where}[{i}]") for i, x in enumerate(items)])
        return found if order is None else tuple(order(found))

    schema: Schema = {"type": "array", "items": form.schema}
    schema |= {"minItems": least} if least else {}
    schema |= {"maxItems": max_items} if size is None else {"minItems": size, "maxItems": size}
    encode: Callable[[Any], Any] = list if form.plain else lambda v: list(map(enc, v))
    rule = form.given
    again = rule and (lambda v: many(rule(v), max_items, size=size, least=least, order=order))
    return Form(encode, decode, schema, form.defs, given=again, on=form.on if rule else ())


def each(item: Callable[[int], Form], most: int, size: int | None = None) -> Form:
    """A tuple written as a list of at most ``most`` items (exactly ``size`` if given),
    item ``i`` in the form ``item(i)`` (a seat's own grid, say); ``item(0)`` encodes
    every item and is written to the schema."""
    decs = [item(i).decode for i in range(most)]
    first = item(0)
    enc = first.encode

    def decode(value: Any, where: str) -> tuple[Any, ...]:
        items = expect_list(value, where, most, size)
        return tuple([decs[i](x, f"{where}[{i}]") for i, x in enumerate(items)])

    return Form(
        lambda v: list(map(enc, v)), decode, many(first, most, size=size).schema, first.defs
    )


@functools.lru_cache(maxsize=4096)
def fixed(*forms: Form) -> Form:
    """A tuple of one value in each of ``forms``, written as a list (a place ``[column,
    row]``)."""
    encs, decs, n = [f.encode for f in forms], [f.decode for f in forms], len(forms)

    def decode(value: Any, where: str) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != n:
            expect_list(value, where, n, n)
        if n == 2:
            return (decs[0](value[0], where + "[0]"), decs[1](value[1], where + "[1]"))
        return tuple(
            [dec(x, f"{where}[{i}]") for i, (dec, x) in enumerate(zip(decs, value, strict=True))]
        )

    schema = {"type": "array", "prefixItems": [f.schema for f in forms], "items": False}
    schema |= {"minItems": n, "maxItems": n}
    e0, e1 = encs[0], encs[-1]
    encode = (
        list
        if all(f.plain for f in forms)
        else (lambda v: [e0(v[0]), e1(v[1])])
        if n == 2
        else lambda v: [e(x) for e, x in zip(encs, v, strict=True)]
    )
    return Form(encode, decode, schema, _defs(forms))


def mapped(form: Form, read: Callable[[Any, str], Any], write: Callable[[Any], Any]) -> Form:
    """``form`` of ``write(value)``, read back as ``read`` of it and its place (a class
    around a tuple)."""
    enc, dec = form.encode, form.decode
    return attrs.evolve(
        form, encode=lambda v: enc(write(v)), decode=lambda v, w: read(dec(v, w), w), plain=False
    )


def named(name: str, form: Form) -> Form:
    """``form`` described once, as the definition ``name``, and referred to."""
    return attrs.evolve(
        form, schema={"$ref": f"#/$defs/{name}"}, defs={**form.defs, name: form.schema}
    )


def given(
    static: Form, rule: Callable[[Mapping[str, Any]], Form], on: tuple[str, ...] = ("players",)
) -> Form:
    """A record's field whose form depends on its other fields ``on``: ``rule`` of the
    values read (``players`` for a seat's range), once every field without a rule is
    read; ``static`` encodes and is written to the schema, and serves records without
    the fields ``on``.

    >>> seat = given(integer(0, 5), lambda d: integer(0, d["players"] - 1))
    """
    return attrs.evolve(static, given=rule, on=on)


def as_json(value: Any) -> Any:
    """``value`` as JSON data, whatever its type (a member of a union): an attrs object
    as an object of its fields, a tuple as a list, a frozenset as a list in a stable
    order, an enumeration member by its value.

    >>> as_json((frozenset({3, 1}), None))
    [[1, 3], None]
    """
    if isinstance(value, frozenset):
        return sorted(map(as_json, value), key=repr)
    if isinstance(value, tuple | list):
        return [as_json(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    if attrs.has(type(value)):
        return {f.name: as_json(getattr(value, f.name)) for f in attrs.fields(type(value))}
    return value


def either(*forms: Form) -> Form:
    """A value in the first of ``forms`` that reads it; what the last one refuses is the
    error. It is written as its type says (an attrs object as its fields)."""
    decs = [f.decode for f in forms]

    def decode(value: Any, where: str) -> Any:
        for dec in decs[:-1]:
            try:
                return dec(value, where)
            except RecordError:
                pass
        return decs[-1](value, where)

    return Form(as_json, decode, {"anyOf": [f.schema for f in forms]}, _defs(forms))


def bunch(form: Form) -> Form:
    """A frozenset of ``form``, written as a list in a stable order."""
    enc, dec = form.encode, form.decode

    def decode(value: Any, where: str) -> frozenset[Any]:
        items = expect_list(value, where)
        return frozenset(dec(x, f"{where}[{i}]") for i, x in enumerate(items))

    schema = {"type": "array", "items": form.schema, "uniqueItems": True}
    return Form(lambda v: sorted(map(enc, v), key=repr), decode, schema, form.defs)


def _none(value: Any, where: str) -> None:
    if value is not None:
        raise RecordError(where, f"expected null, got {value!r}")


_ANY = Form(_same, lambda v, _: v, {}, plain=True)
_NULL = Form(_same, _none, {"type": "null"}, plain=True)


Unknown = Callable[[Any], Form]
"""The form of a type the deriving machinery has none for (see :func:`record`)."""


def _derive(kind: Any, loose: bool = False, unknown: Unknown | None = None) -> Form:
    """The form of a field of type ``kind``, made from the type (nested records
    ``loose``, and ``unknown`` for a type without a form: see :func:`record`)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        others = [_derive(a, loose, unknown) for a in args if a is not type(None)]
        found = others[0] if len(others) == 1 else either(*others)
        return maybe(found) if type(None) in args else found
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return many(_derive(args[0], loose, unknown))
        return fixed(*(_derive(a, loose, unknown) for a in args))
    if origin is frozenset:
        return bunch(_derive(args[0], loose, unknown))
    if origin is typing.Literal:
        return choice(args)
    simple: dict[Any, Callable[[], Form]] = {bool: flag, int: integer, str: text}
    if kind in simple:
        return simple[kind]()
    if kind is Any or kind is type(None):
        return _ANY if kind is Any else _NULL
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return enumeration(kind)
    if attrs.has(kind):
        return record(kind, loose=loose, unknown=unknown)
    if unknown is not None:
        return unknown(kind)
    raise TypeError(f"no JSON form for {kind!r}: declare one")


def _fields(
    cls: type, declared: Mapping[str, Form], loose: bool = False, unknown: Unknown | None = None
) -> dict[str, Form]:
    """Each field ``cls`` takes, in order, with its declared or derived form."""
    hints = typing.get_type_hints(cls)
    names = [f.name for f in attrs.fields(cls) if f.init]
    spec = {n: declared[n] if n in declared else _derive(hints[n], loose, unknown) for n in names}
    # a rule on fields the class does not take leaves the static form
    lone = {n for n, form in spec.items() if form.given and not set(form.on) <= set(names)}
    return {n: attrs.evolve(form, given=None) if n in lone else form for n, form in spec.items()}


def _object_schema(fields: Mapping[str, Form], optional: Iterable[str], tag: str | None) -> Schema:
    properties = {"type": {"type": "string", "const": tag}} if tag else {}
    properties |= {name: form.schema for name, form in fields.items()}
    required = [k for k in properties if k not in set(optional)]
    head: Schema = {"type": "object"} | ({"required": required} if required else {})
    return head | {"properties": properties, "additionalProperties": False}


def _defs(fields: Iterable[Form]) -> dict[str, Schema]:
    return {k: v for form in fields for k, v in form.defs.items()}


def record(
    cls: type,
    fields: Mapping[str, Form] | None = None,
    *,
    tag: str | None = None,
    check: Check | None = None,
    omit: Iterable[str] | Mapping[str, Callable[[Any], bool]] = (),
    loose: bool = False,
    unknown: Unknown | None = None,
) -> Form:
    """The form of the attrs class ``cls``: an object of its fields, in their order
    (after ``"type": tag`` when tagged), each in its ``fields`` form, or else one
    derived from its type (``unknown(type)`` for a type without a form, if given;
    else :class:`TypeError`). The fields ``omit`` are
    written only when ``omit[name]`` of the value is true (a name alone: when not at
    its default), and read as the default when left out; with ``loose``, every field
    that has a default (here and in the records derived inside) is written and may be
    left out. A default made by ``attrs.Factory`` is made anew for each value read
    (one that takes ``self`` is left to the class, so ``check`` does not see it).
    ``check`` sees the values read, the data and the place before the class
    is made; the class's own refusal (a :class:`ValueError` or :class:`TypeError`) is
    placed at the record, while an error of a field's form or of ``check`` is left as
    it is.

    >>> @attrs.frozen
    ... class Hand:
    ...     cards: list[int] = attrs.Factory(list)
    >>> hand = record(Hand, {"cards": mapped(many(integer()), lambda v, _: list(v), tuple)},
    ...               loose=True)
    >>> a, b = hand.decode({}, "hand"), hand.decode({}, "hand")
    >>> a.cards.append(3)
    >>> b
    Hand(cards=[])
    """
    spec = _fields(cls, fields or {}, loose, unknown)
    keys = set(spec) | ({"type"} if tag else set())
    written = frozenset(omit) & set(spec)
    defaulted = {f.name for f in attrs.fields(cls) if f.init and f.default is not attrs.NOTHING}
    optional = written | (defaulted & set(spec) if loose else set())
    when = omit if isinstance(omit, Mapping) else {}
    scope: dict[str, Any] = {"cls": cls, "keys": keys, "check": check, "expect": expect_object}
    scope["RecordError"] = RecordError
    scope |= {"required": keys - optional, "optional": optional}
    given_ = {f.name: f.default for f in attrs.fields(cls) if f.name in optional}
    made = {n for n, v in given_.items() if isinstance(v, attrs.Factory)}  # type: ignore[arg-type]
    selfish = {n for n in made if given_[n].takes_self}
    for i, (n, form) in enumerate(spec.items()):
        scope |= {f"_e{i}": form.encode, f"_d{i}": form.decode, f"_g{i}": form.given}
        scope |= {f"_z{i}": _default(given_.get(n)), f"_w{i}": when.get(n)}
        scope |= {f"_f{i}": given_[n].factory} if n in made else {}
    names = {n: i for i, n in enumerate(spec)}
    head = f"'type': {tag!r}, " if tag else ""
    put = {n: f"o.{n}" if f.plain else f"_e{names[n]}(o.{n})" for n, f in spec.items()}
    items = ", ".join(f"{n!r}: {put[n]}" for n in spec if n not in written)
    test = {n: f"_w{names[n]}(o)" if n in when else f"o.{n} != _z{names[n]}" for n in written}
    tail = "".join(f"\n if {test[n]}: d[{n!r}] = {put[n]}" for n in spec if n in written)
    reads = {
        n: f"{f'_g{i}(v).decode' if f.given else f'_d{i}'}(data[{n!r}], where + '.{n}')"
        + (
            f" if {n!r} in data else {f'_f{i}()' if n in made else f'_z{i}'}"
            if n in optional
            else ""
        )
        for i, (n, f) in enumerate(spec.items())
        if n not in selfish
    }
    if check is None and not selfish and not any(f.given for f in spec.values()):
        body = "".join(f"a{i} = {reads[n]}\n " for i, n in enumerate(spec))
        made_ = f"cls({', '.join(f'{n}=a{i}' for i, n in enumerate(spec))})"
    else:
        later = [n for n, f in spec.items() if f.given]
        order = [n for n in spec if n not in later] + later
        body = "v = {}\n " + "".join(
            f"if {n!r} in data: v[{n!r}] = _d{names[n]}(data[{n!r}], where + '.{n}')\n "
            if n in selfish
            else f"v[{n!r}] = {reads[n]}\n "
            for n in order
        )
        body += "check(v, data, where)\n " if check else ""
        made_ = "cls(**v)"
    same = "data.keys() != keys" if not optional else "not required <= data.keys() <= keys"
    exec(
        f"def encode(o):\n d = {{{head}{items}}}{tail}\n return d\n"
        "def decode(data, where):\n"
        f" if type(data) is not dict or {same}:\n  expect(data, where, required, optional)\n"
        f" {body}try:\n  return {made_}\n except RecordError:\n  raise\n"
        " except (TypeError, ValueError) as exc:\n  raise RecordError(where, str(exc)) from None",
        scope,
    )
    schema = _object_schema(spec, optional, tag)
    return Form(scope["encode"], scope["decode"], schema, _defs(spec.values()), tag=tag, cls=cls)


_UNMADE = object()


def _default(value: Any) -> Any:
    """A field's default as a value to compare with (a factory called; one that takes
    ``self`` equals nothing)."""
    if isinstance(value, attrs.Factory):  # type: ignore[arg-type]
        return _UNMADE if value.takes_self else value.factory()
    return value


def options(
    cls: type,
    fields: Mapping[str, Form] | None = None,
    at: str | None = None,
    unknown: Unknown | None = None,
) -> Form:
    """The form of an options class: only the values that differ from the defaults are
    written; a key left out takes its default. With ``at``, what is wrong inside the
    object is placed under ``at`` wherever the object stands (``options.turbo``);
    ``unknown`` as for :func:`record`."""
    omit = [f.name for f in attrs.fields(cls) if f.init]
    form = record(cls, fields, omit=omit, unknown=unknown)
    if at is None:
        return form
    inner = form.decode

    def decode(value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise RecordError(where, "expected a JSON object")
        return inner(value, at)

    return attrs.evolve(form, decode=decode)


def tagged(*kinds: Form, noun: str = "action type") -> Form:
    """One of the tagged records ``kinds``, chosen by its ``"type"``; each is described
    as the definition of its tag name."""
    by_tag = {k.tag: k.decode for k in kinds if k.tag}
    by_cls = {k.cls: k.encode for k in kinds}
    other = frozenset(key for k in kinds for key in k.schema["properties"])
    said = ", ".join(by_tag)

    def decode(data: Any, where: str) -> Any:
        kind = data.get("type") if type(data) is dict else None
        read = by_tag.get(kind) if isinstance(kind, str) else None
        if read is None:
            kind = expect_object(data, where, {"type"}, other)["type"]
            raise RecordError(f"{where}.type", f"unknown {noun} {kind!r} ({said})")
        return read(data, where)

    defs = {**_defs(kinds), **{k.tag: k.schema for k in kinds if k.tag}}
    refs = [{"$ref": f"#/$defs/{t}"} for t in by_tag]
    return Form(lambda v: by_cls[type(v)](v), decode, {"oneOf": refs}, defs)


@attrs.frozen
class Codec:
    """A game's eight JSON functions (those of :class:`rulespec.core.codec.Codec`),
    made by :func:`codec`, and :attr:`defs`, the schema definitions they follow."""

    encode_options: Callable[[Any], dict[str, Any]]
    decode_options: Callable[..., Any]
    encode_action: Callable[[Any], dict[str, Any]]
    decode_action: Callable[..., Any]
    encode_state: Callable[[Any], dict[str, Any]]
    decode_state: Callable[[Any], Any]
    encode_view: Callable[[Any], dict[str, Any]]
    decode_view: Callable[..., Any]
    defs: dict[str, Schema]
    """The JSON Schema definitions, by name: ``options``, ``state``, ``view``, one per
    action named by its tag, and those they refer to."""

    def __iter__(self) -> Iterator[Callable[..., Any]]:
        """The eight functions in the order above, for a codec module to name them.

        >>> import rulespec
        >>> from rulespec.duo.codec import CODEC
        >>> len(list(CODEC))
        8
        """
        return (getattr(self, f.name) for f in attrs.fields(Codec) if f.name != "defs")


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
        lambda data, where="options": dec_o(data, where),
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
