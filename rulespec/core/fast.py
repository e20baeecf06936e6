"""Making many instances of a frozen, slotted attrs class quickly.

An engine makes a state on every step. attrs' ``__init__`` of a frozen class
with slots must store each field through ``object.__setattr__`` (the class's
own ``__setattr__`` refuses), a costly call per field. :func:`builder` returns
a function with the same parameters that fills a mutable twin of the class (a
plain class with the same base and the same slots, so the same memory layout)
with ordinary attribute stores, then makes the object an instance of the
class by assigning its ``__class__``. The class itself is left untouched:
calling it still runs attrs' ``__init__``. A class built this way has no
``__weakref__`` slot (CPython refuses to assign ``__class__`` between classes
that have one).

>>> import attrs
>>> @attrs.frozen(weakref_slot=False)
... class Move:
...     player: int
...     to: tuple[int, int]
...     origin: tuple[int, int] | None = None
...     _seen_: int = attrs.field(init=False, default=0, eq=False, repr=False)
>>> make_move = builder(Move)
>>> make_move(1, (2, 0))
Move(player=1, to=(2, 0), origin=None)
>>> make_move(1, to=(2, 0)) == Move(1, (2, 0)) and type(make_move(1, (2, 0))) is Move
True
>>> make_move(1, (2, 0))._seen_
0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, overload

import attrs

__all__ = ["builder", "setter"]

P = ParamSpec("P")
T = TypeVar("T")


def setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of the slot ``name`` of ``cls``: sets it even on a frozen instance
    (for caches that are not part of the value).

    >>> import attrs
    >>> @attrs.frozen
    ... class Box:
    ...     _cache_: int = attrs.field(init=False, default=0, eq=False)
    >>> box = Box()
    >>> setter(Box, "_cache_")(box, 5)
    >>> box._cache_
    5
    """
    descriptor = vars(cls).get(name)
    if descriptor is None or not hasattr(descriptor, "__set__"):
        raise TypeError(f"{cls.__qualname__} has no slot {name!r} of its own")
    set_slot: Callable[[Any, Any], None] = descriptor.__set__
    return set_slot


@overload
def builder(cls: Callable[P, T]) -> Callable[P, T]: ...
@overload
def builder(cls: Callable[..., T], *caches: str) -> Callable[..., T]: ...
def builder(cls: Callable[..., T], *caches: str) -> Callable[..., T]:
    """A function that makes instances of the frozen, slotted attrs class ``cls`` as
    ``cls(...)`` does, with the same parameters and defaults, without its ``__init__``.

    Fields with ``init=False`` take their default, except those named in ``caches``:
    they come last, as parameters of their own (with their defaults).

    >>> @attrs.frozen(weakref_slot=False)
    ... class Box:
    ...     size: int
    ...     _area_: int | None = attrs.field(init=False, default=None, eq=False)
    >>> builder(Box, "_area_")(3, 9)._area_
    9

    A class whose fields need a validator, a converter or a factory, or with an
    ``__attrs_pre_init__`` or ``__attrs_post_init__`` (which the builder would skip),
    or a keyword-only field, is refused with a :class:`TypeError`, as is a class whose
    fields are not all slots of its own or that has a ``__weakref__`` slot (declare it
    ``weakref_slot=False``).
    """
    if not isinstance(cls, type) or not attrs.has(cls) or "__slots__" not in vars(cls):
        raise TypeError(f"builder: {cls!r} is not a slotted attrs class")
    name = cls.__qualname__
    if hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"builder: {name} runs code of its own in __init__")
    slots = tuple(vars(cls)["__slots__"])
    if "__weakref__" in slots:  # CPython then refuses to assign __class__
        raise TypeError(f"builder: {name} has a __weakref__ slot (use weakref_slot=False)")
    twin = type(f"{cls.__name__}Builder", cls.__bases__, {"__slots__": slots})
    scope: dict[str, Any] = {"_new": object.__new__, "_twin": twin, "_cls": cls}
    parameters: list[str] = []
    cached: list[str] = []
    lines: list[str] = ["    self = _new(_twin)"]
    unknown = set(caches) - {field.name for field in attrs.fields(cls) if not field.init}
    if unknown:
        raise TypeError(f"builder: {name} has no field {min(unknown)!r} outside __init__")
    for i, field in enumerate(attrs.fields(cls)):
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"builder: {name}.{field.name} is checked or converted")
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"builder: {name}.{field.name} has a factory")
        if field.name not in slots:
            raise TypeError(f"builder: {name}.{field.name} is a slot of a base class")
        if field.kw_only:
            raise TypeError(f"builder: {name}.{field.name} is keyword-only")
        if field.default is not attrs.NOTHING:
            scope[f"_default{i}"] = field.default
        if not field.init:
            if field.name in caches:
                cached.append(f"{field.name}=_default{i}")
                lines.append(f"    self.{field.name} = {field.name}")
            else:
                lines.append(f"    self.{field.name} = _default{i}")
            continue
        alias = field.alias
        parameters.append(alias if field.default is attrs.NOTHING else f"{alias}=_default{i}")
        lines.append(f"    self.{field.name} = {alias}")
    lines += ["    self.__class__ = _cls", "    return self"]
    probe: Any = object.__new__(twin)
    probe.__class__ = cls  # a TypeError now if the twin's layout is not the class's
    source = f"def build({', '.join(parameters + cached)}):\n" + "\n".join(lines)
    exec(compile(source, f"<builder of {name}>", "exec"), scope)
    build: Callable[..., T] = scope["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__module__ = cls.__module__
    build.__doc__ = f"A new :class:`{name}`, as ``{cls.__name__}(...)`` makes it."
    return build
