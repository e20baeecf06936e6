"""The fast builder of frozen attrs instances agrees with the class's own ``__init__``."""

from __future__ import annotations

import copy
import inspect
import linecache
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.plugin.builder import builder, evolver


class Base:
    __slots__ = ()

    def total(self) -> int:
        return 0


@attrs.frozen(weakref_slot=False)
class Record(Base):
    name: str
    count: int
    parts: tuple[int, ...]
    note: Any = None
    _cache: Any = attrs.field(default=None, init=False, eq=False, repr=False)


build_record = builder(Record)

values = st.tuples(
    st.text(max_size=5),
    st.integers(),
    st.lists(st.integers(), max_size=4).map(tuple),
    st.none() | st.integers() | st.text(max_size=3),
)


@given(values)
def test_a_built_instance_is_the_one_init_builds(fields: tuple[Any, ...]) -> None:
    built, made = build_record(*fields), Record(*fields)
    assert type(built) is Record
    assert built == made and hash(built) == hash(made) and repr(built) == repr(made)
    assert attrs.astuple(built, recurse=False) == (*fields, None)
    assert built.total() == 0  # methods of the bases come along


@given(values)
def test_a_built_instance_stays_frozen_and_copies_as_any_other(fields: tuple[Any, ...]) -> None:
    built = build_record(*fields)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.count = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(built)) == built
    assert copy.deepcopy(built) == built
    assert attrs.evolve(built, count=fields[1] + 1).count == fields[1] + 1


def test_every_field_is_set_even_the_ones_init_leaves_to_their_default() -> None:
    built = build_record("a", 1, (2,), "b")
    assert [getattr(built, f.name) for f in attrs.fields(Record)] == ["a", 1, (2,), "b", None]
    with pytest.raises(TypeError):
        build_record("a", 1, (2,))  # every field of __init__ is given


_is_int = attrs.validators.instance_of(int)


def _one_field(field: Any = None, **options: Any) -> type:
    body = {"__annotations__": {"x": "int"}} if field is None else {"x": field}
    return attrs.frozen(**options)(type("One", (), body))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("cls", "reason"),
    [
        (_one_field(weakref_slot=False), ""),
        (_one_field(), "weakref_slot=False"),
        (_one_field(slots=False, weakref_slot=False), "slotted"),
        (type("Plain", (), {}), "not an attrs class"),
        (
            _one_field(
                attrs.field(validator=attrs.validators.instance_of(int)), weakref_slot=False
            ),
            "validator",
        ),
        (_one_field(attrs.field(converter=int), weakref_slot=False), "converter"),
        (_one_field(attrs.field(init=False, factory=list), weakref_slot=False), "plain default"),
    ],
)
def test_classes_the_builder_would_not_copy_faithfully_are_refused(cls: type, reason: str) -> None:
    if not reason:
        assert builder(cls)(3) == cls(3)
        return
    with pytest.raises(TypeError, match=reason):
        builder(cls)


def test_a_base_with_its_own_setattr_is_refused() -> None:
    class Guarded:
        __slots__ = ()

        def __setattr__(self, name: str, value: object) -> None:
            raise AttributeError(name)

    @attrs.frozen(weakref_slot=False)
    class Child(Guarded):
        x: int

    with pytest.raises(TypeError, match="__setattr__"):
        builder(Child)


def test_a_class_that_caches_its_hash_is_refused() -> None:
    # Built without its hidden hash slot, such an instance would fail on hash().
    with pytest.raises(TypeError, match="cache_hash"):
        builder(_one_field(weakref_slot=False, cache_hash=True))
    with pytest.raises(TypeError, match="cache_hash"):
        evolver(_one_field(weakref_slot=False, cache_hash=True), "x")


def test_init_hooks_and_an_init_of_its_own_are_refused() -> None:
    @attrs.frozen(weakref_slot=False)
    class Checked:
        x: int

        def __attrs_post_init__(self) -> None:
            if self.x < 0:
                raise ValueError(self.x)

    @attrs.frozen(weakref_slot=False, init=False)
    class Own:
        x: int

        def __init__(self, x: int) -> None:
            self.__attrs_init__(abs(x))

    with pytest.raises(TypeError, match="__attrs_post_init__"):
        builder(Checked)
    with pytest.raises(TypeError, match="__init__ of its own"):
        builder(Own)


def test_the_generated_source_is_registered_for_tracebacks_and_debuggers() -> None:
    @attrs.frozen(weakref_slot=False)
    class Pair:
        a: int
        b: int

    build, move = builder(Pair), evolver(Pair, "b")
    assert "self.a = a" in inspect.getsource(build)
    assert "self.b = b" in inspect.getsource(move)
    assert build.__code__.co_filename != move.__code__.co_filename
    assert linecache.getline(build.__code__.co_filename, 1).startswith("def build(a, b)")


class Interning(type):
    """A metaclass whose call hands back one shared instance for a call without fields."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs:
            shared = cls.__dict__.get("_shared")
            if shared is None:
                shared = super().__call__()
                type.__setattr__(cls, "_shared", shared)
            return shared
        return super().__call__(*args, **kwargs)


class Interned(metaclass=Interning):
    __slots__ = ()


@attrs.frozen(weakref_slot=False)
class Point(Interned):
    x: int


def test_copies_of_a_class_whose_metaclass_calls_differently_are_each_their_own() -> None:
    build, evolve = builder(Point), evolver(Point, "x")
    first, second = build(1), build(2)
    assert (first.x, second.x) == (1, 2) and first is not second
    assert evolve(first, 3) is not evolve(first, 4)
