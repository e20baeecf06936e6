"""A faster way to build instances of a frozen attrs class, for an engine's hot path.

attrs gives a frozen class an ``__init__`` that sets each field through
``object.__setattr__`` (its own ``__setattr__`` refuses every change), which
costs about a call per field. :func:`builder` returns a function that builds
the same instance about three times faster: it fills a *twin* class (the
same slots, no frozen ``__setattr__``) with plain attribute stores, then gives
the instance its real class. The result is an ordinary instance of the frozen
class, equal to the one ``__init__`` builds, frozen like it. :func:`evolver` does
the same for a copy with a few fields changed, as ``attrs.evolve`` makes it, and
:func:`changer` for a copy with any fields changed, given by keyword, and :func:`copier`
for the same copy with the changes given as one mapping.

The class must be slotted without a weakref slot (``weakref_slot=False``:
CPython moves an instance to another class only between classes of the same
layout), and everything its ``__init__`` does must be a plain store the builder
makes too: no validator, converter or ``on_setattr`` hook on a field, no
``__attrs_pre_init__`` or ``__attrs_post_init__``, no ``__init__`` or ``__new__``
of its own, no slot besides the fields' (``cache_hash=True`` adds one for the
hash). The builder refuses any other class with a :class:`TypeError` saying why.

The generated functions are registered with :mod:`linecache`, so that a
traceback, a debugger or :func:`inspect.getsource` shows their source.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

__all__ = ["builder", "changer", "copier", "evolver"]

T = TypeVar("T")


def builder(cls: type[T], *caches: str) -> Callable[..., T]:
    """A function ``build(*values)`` equal to ``cls(*values)``, the values of the
    ``__init__`` fields given in order (every one of them, no keyword).

    Each field named in ``caches`` (one ``__init__`` leaves to its default, such as a
    cache that is not part of the value) takes one more value, after the others.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> build = builder(Point)
    >>> build(3, 4) == Point(3, 4), type(build(3, 4)) is Point
    (True, True)
    >>> build(3, 4).x = 5
    Traceback (most recent call last):
      ...
    attr.exceptions.FrozenInstanceError: can't set attribute
    >>> @attrs.frozen(weakref_slot=False)
    ... class Segment:
    ...     length: int
    ...     _halves: tuple[float, float] | None = attrs.field(init=False, default=None)
    >>> builder(Segment, "_halves")(3, (1.5, 1.5))._halves
    (1.5, 1.5)
    """
    fields = _checked_fields(cls, "builder")
    unknown = set(caches) - {f.name for f in fields if not f.init}
    if unknown:
        raise TypeError(f"builder: {cls.__name__} has no field {min(unknown)} outside __init__")
    twin = _twin(cls)
    names = [f.name for f in fields if f.init] + [f.name for f in fields if f.name in caches]
    defaults = {f"_default_{f.name}": f.default for f in fields if not f.init}
    lines = [f"def build({', '.join(names)}):", f"    self = {_new(twin)}"]
    lines += [f"    self.{name} = {name}" for name in names]
    lines += [
        f"    self.{f.name} = _default_{f.name}"
        for f in fields
        if not f.init and f.name not in caches
    ]
    lines += ["    self.__class__ = __cls", "    return self"]
    namespace: dict[str, Any] = {**_helpers(cls, twin), **defaults}
    build: Callable[..., T] = _compiled(lines, cls, "build", namespace)
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__doc__ = f"A new {cls.__name__}: the values of its fields, in order."
    return build


def evolver(cls: type[T], *changed: str) -> Callable[..., T]:
    """A function ``evolve(instance, *values)`` equal to ``attrs.evolve(instance,
    **dict(zip(changed, values)))``: a copy of ``instance`` (a ``cls``) with the
    ``__init__`` fields named in ``changed`` set to ``values``, in that order, built as
    :func:`builder` builds. The fields outside ``__init__`` (caches) take their
    defaults, as ``attrs.evolve`` gives them.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    ...     z: int = 0
    >>> moved = evolver(Point, "x", "z")
    >>> moved(Point(1, 2, 3), 5, 6)
    Point(x=5, y=2, z=6)
    >>> moved(Point(1, 2, 3), 5, 6) == attrs.evolve(Point(1, 2, 3), x=5, z=6)
    True
    """
    fields = _checked_fields(cls, "evolver")
    unknown = set(changed) - {f.name for f in fields if f.init}
    if unknown:
        raise TypeError(f"evolver: {cls.__name__} has no field {min(unknown)} in __init__")
    if len(set(changed)) != len(changed):
        raise TypeError("evolver: a field is named twice")
    defaults = {f"_default_{f.name}": f.default for f in fields if not f.init}
    twin = _twin(cls)
    lines = [f"def evolve(__instance, {', '.join(changed)}):", f"    self = {_new(twin)}"]
    for f in fields:
        if f.name in changed:
            lines.append(f"    self.{f.name} = {f.name}")
        elif f.init:
            lines.append(f"    self.{f.name} = __instance.{f.name}")
        else:
            lines.append(f"    self.{f.name} = _default_{f.name}")
    lines += ["    self.__class__ = __cls", "    return self"]
    namespace: dict[str, Any] = {**_helpers(cls, twin), **defaults}
    evolve: Callable[..., T] = _compiled(lines, cls, "evolve", namespace)
    evolve.__qualname__ = evolve.__name__ = f"evolve_{cls.__name__}"
    evolve.__doc__ = f"A copy of a {cls.__name__} with {', '.join(changed) or 'nothing'} changed."
    return evolve


def changer(cls: type[T], otherwise: Callable[..., Any] | None = None) -> Callable[..., T]:
    """A function ``change(instance, **changes)`` equal to ``attrs.evolve(instance,
    **changes)`` for a ``cls``, any of its ``__init__`` fields given by keyword (the
    names ``__init__`` takes), built as :func:`builder` builds: one function for every
    set of changes, so a caller needs no key for the set it changes.

    Given ``otherwise``, the function takes any object and any keywords, and hands
    every call that is not a ``cls`` with its own fields to ``otherwise(instance,
    **changes)``: it may then stand for a function such as :func:`attrs.evolve`.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> change = changer(Point)
    >>> change(Point(1, 2), y=5), change(Point(1, 2)) == Point(1, 2)
    (Point(x=1, y=5), True)
    >>> change(Point(1, 2), z=3)
    Traceback (most recent call last):
      ...
    TypeError: change_Point() got an unexpected keyword argument 'z'
    >>> changer(Point, attrs.evolve)(Point(1, 2), z=3)
    Traceback (most recent call last):
      ...
    TypeError: Point.__init__() got an unexpected keyword argument 'z'
    """
    fields = _checked_fields(cls, "changer")
    init = [f for f in fields if f.init]
    # Keywords that may also be positional take their defaults from a tuple, where
    # keyword-only ones take them from a dictionary, one lookup each: the guard, only
    # positional, refuses a second positional argument all the same.
    keywords = [f"{f.alias}=__same" for f in init] + (["**__others"] if otherwise else [])
    lines = [f"def change(__instance, __guard=__same, /, {', '.join(keywords)}):"]
    lines += ["    if __guard is not __same:", "        __too_many()"]
    if otherwise is not None:
        pairs = "(" + "".join(f"({f.alias!r}, {f.alias}), " for f in init) + ")"
        lines += [
            "    if __type(__instance) is not __cls or __others:",
            f"        __others.update((k, v) for k, v in {pairs} if v is not __same)",
            "        return __otherwise(__instance, **__others)",
        ]
    twin = _twin(cls)
    lines.append(f"    self = {_new(twin)}")
    for f in fields:
        if f.init:
            value = f"__instance.{f.name} if {f.alias} is __same else {f.alias}"
            lines.append(f"    self.{f.name} = {value}")
        else:
            lines.append(f"    self.{f.name} = _default_{f.name}")
    lines += ["    self.__class__ = __cls", "    return self"]
    defaults = {f"_default_{f.name}": f.default for f in fields if not f.init}
    namespace: dict[str, Any] = {
        **_helpers(cls, twin),
        "__type": type,
        "__same": _SAME,
        "__otherwise": otherwise,
        "__too_many": _too_many(f"change_{cls.__name__}"),
        **defaults,
    }
    change: Callable[..., T] = _compiled(lines, cls, "change", namespace)
    change.__qualname__ = change.__name__ = f"change_{cls.__name__}"
    change.__doc__ = f"A copy of a {cls.__name__} with the fields given by keyword changed."
    return change


_SAME = object()
"""The default of :func:`changer`'s keywords: the field is copied."""


def _helpers(cls: type[Any], twin: type[Any]) -> dict[str, Any]:
    """The names the compiled functions call on, with two leading underscores: a field's
    keyword has none (attrs strips them) and a field's name in a class body at most one
    (Python mangles two), so a field named ``type``, ``new`` or ``cls`` never hides them."""
    return {"__new": object.__new__, "__twin": twin, "__cls": cls}


def _new(twin: type[Any]) -> str:
    """The expression that makes an empty ``twin``: calling the class, which runs no
    ``__init__`` and costs less than ``object.__new__``, unless a base gives it one (or
    its metaclass a call of its own)."""
    made: Any = twin
    plain = made.__init__ is object.__init__ and made.__new__ is object.__new__
    plain = plain and type(made).__call__ is type.__call__
    return "__twin()" if plain else "__new(__twin)"


def _too_many(name: str) -> Callable[[], None]:
    def too_many() -> None:
        raise TypeError(f"{name}() takes 1 positional argument: the fields go by keyword")

    return too_many


def copier(cls: type[T]) -> Callable[[T, Mapping[str, Any]], T]:
    """A function ``copy(instance, changes)`` equal to ``attrs.evolve(instance,
    **changes)`` for a ``cls``: ``changes`` maps names of ``__init__`` fields (the names
    ``__init__`` takes) to their new values. Built as :func:`builder` builds, it takes
    the changes as the very dictionary a caller's ``**changes`` made, where
    :func:`changer` would unpack them into keywords again: the copy behind
    :func:`rulespec.plugin.evolve`.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     _y: int
    >>> copy = copier(Point)
    >>> copy(Point(1, 2), {"y": 5}), copy(Point(1, 2), {}) == Point(1, 2)
    (Point(x=1, _y=5), True)
    >>> copy(Point(1, 2), {"z": 3})
    Traceback (most recent call last):
      ...
    TypeError: Point has no field 'z' to change
    """
    fields = _checked_fields(cls, "copier")
    lines = ["def copy(__instance, __changes):", "    if not known(__changes):"]
    twin = _twin(cls)
    lines += ["        refuse(__changes)", f"    self = {_new(twin)}"]
    for f in fields:
        if f.init:
            got = f"__changes[{f.alias!r}] if {f.alias!r} in __changes else __instance.{f.name}"
            lines.append(f"    self.{f.name} = {got}")
        else:
            lines.append(f"    self.{f.name} = _default_{f.name}")
    lines += ["    self.__class__ = cls", "    return self"]
    names = frozenset(f.alias for f in fields if f.init)

    def refuse(changes: Mapping[str, Any]) -> None:
        unknown = sorted(map(repr, set(changes) - names))
        raise TypeError(f"{cls.__name__} has no field {unknown[0]} to change")

    namespace: dict[str, Any] = {
        "__new": object.__new__,
        "__twin": twin,
        "cls": cls,
        "known": names.issuperset,
        "refuse": refuse,
        **{f"_default_{f.name}": f.default for f in fields if not f.init},
    }
    copy: Callable[[T, Mapping[str, Any]], T] = _compiled(lines, cls, "copy", namespace)
    copy.__qualname__ = copy.__name__ = f"copy_{cls.__name__}"
    copy.__doc__ = f"A copy of a {cls.__name__} with the fields of a mapping changed."
    return copy


def _checked_fields(cls: type[Any], who: str) -> tuple[Any, ...]:
    """The fields of ``cls``, when it is a class the builder can fill."""
    if not attrs.has(cls):
        raise TypeError(f"{who}: {cls.__name__} is not an attrs class")
    slots = cls.__dict__.get("__slots__")
    if slots is None or "__weakref__" in slots:
        raise TypeError(f"{who}: {cls.__name__} must be slotted, with weakref_slot=False")
    fields: tuple[Any, ...] = attrs.fields(cls)
    for field in fields:
        if field.validator is not None or field.converter is not None:
            raise TypeError(f"{who}: {cls.__name__}.{field.name} has a validator or converter")
        if field.on_setattr not in (None, attrs.setters.NO_OP):
            raise TypeError(f"{who}: {cls.__name__}.{field.name} has an on_setattr hook")
        if not field.init and (field.default is attrs.NOTHING or _is_factory(field.default)):
            raise TypeError(f"{who}: {cls.__name__}.{field.name} needs a plain default")
    if any("__setattr__" in vars(base) for base in cls.__mro__[1:-1]):
        raise TypeError(f"{who}: a base of {cls.__name__} defines __setattr__")
    for hook in ("__attrs_pre_init__", "__attrs_post_init__"):
        if getattr(cls, hook, None) is not None:
            raise TypeError(f"{who}: {cls.__name__} has {hook}, which the builder would skip")
    init = getattr(cls.__init__, "__code__", None)
    if init is None or not init.co_filename.startswith("<attrs generated"):
        raise TypeError(f"{who}: {cls.__name__} has an __init__ of its own")
    if cls.__new__ is not object.__new__:
        raise TypeError(
            f"{who}: {cls.__name__} has a __new__ of its own, which the builder would skip"
        )
    names = {f.name for f in fields}
    for base in cls.__mro__:
        extra = [s for s in _slots(base) if s not in names and s not in ("__weakref__", "__dict__")]
        if extra:
            raise TypeError(
                f"{who}: {cls.__name__} has a slot that is no field ({extra[0]}; "
                "cache_hash=True adds one), which the builder would leave unset"
            )
    return fields


def _slots(cls: type[Any]) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _compiled(lines: list[str], cls: type[Any], name: str, namespace: dict[str, Any]) -> Any:
    """The function ``name`` that ``lines`` define, compiled under a file name of its
    own and registered with :mod:`linecache` (as attrs registers its methods)."""
    source = "\n".join(lines) + "\n"
    base = f"<rulespec {name} {cls.__module__}.{cls.__qualname__}>"
    filename, count = base, 1
    while True:
        entry = (len(source), None, source.splitlines(True), filename)
        if linecache.cache.setdefault(filename, entry) == entry:
            break
        filename = f"{base[:-1]}-{count}>"
        count += 1
    exec(compile(source, filename, "exec"), namespace)  # the source holds field names only
    return namespace[name]


def _twin(cls: type[Any]) -> type[Any]:
    """A class with the slots of ``cls`` and none of its methods."""
    return type(f"{cls.__name__}Twin", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})


def _is_factory(default: object) -> bool:
    return isinstance(default, type(attrs.Factory(list)))
