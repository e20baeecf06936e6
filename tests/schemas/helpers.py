"""Validators of the shipped schemas, and mutations of valid JSON data."""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from hypothesis import settings
from jsonschema import Draft202012Validator

from rulespec import schemas

Path = tuple[str | int, ...]


def examples(dev: int, most: int | None = None) -> int:
    """``dev`` examples under the quick default profile; the profile's own number under
    ``ci`` and ``deep``, at most ``most`` (for tests whose every example is slow)."""
    if os.environ.get("RULESPEC_PROFILE", "dev") == "dev":
        return dev
    found: int = settings().max_examples
    return found if most is None else min(found, most)


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator of the shipped schema ``name``."""
    return Draft202012Validator(schemas.load(name))


def valid(name: str, data: Any) -> bool:
    """Whether ``data`` follows the schema ``name``."""
    return bool(validator(name).is_valid(data))


def problems(name: str, data: Any) -> list[str]:
    """What the schema ``name`` says is wrong with ``data`` (empty when valid)."""
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator(name).iter_errors(data)]


def paths(data: Any, here: Path = (), *, ends: bool = False) -> Iterator[Path]:
    """Every place in ``data``, the whole first; with ``ends``, only the first and last
    item of each list (a list's items share one schema)."""
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*here, key), ends=ends)
    elif isinstance(data, list):
        chosen = sorted({0, len(data) - 1}) if ends and data else range(len(data))
        for i in chosen:
            yield from paths(data[i], (*here, i), ends=ends)


def replacements(value: Any) -> list[tuple[str, Any]]:
    """What a value can be mutated into, each a kind of mistake a schema can express:
    another type, a number one beyond, a list one longer or shorter, an object with a key
    missing or one too many. (Never ``1.0`` for ``1``: JSON Schema cannot tell them
    apart.)"""
    found: list[tuple[str, Any]] = [("null", None)] if value is not None else [("zero", 0)]
    if isinstance(value, bool):
        found += [("negated", not value), ("number", int(value))]
    elif isinstance(value, int):
        found += [
            ("plus one", value + 1),
            ("minus one", value - 1),
            ("far above", value + 10**6),
            ("far below", value - 10**6),
            ("fraction", value + 0.5),
            ("bool", True),
            ("string", str(value)),
        ]
    elif isinstance(value, str):
        found += [("other string", value + "-x"), ("empty string", ""), ("list", [value])]
    elif isinstance(value, list):
        found += [("empty list", []), ("object", {}), ("nested", [value])]
        if value:
            found += [
                ("one more", [*value, copy.deepcopy(value[-1])]),
                ("one fewer", value[:-1]),
                ("reversed", value[::-1]),
            ]
    elif isinstance(value, dict):
        found += [("list", []), ("extra key", {**value, "extra": 0})]
        found += [(f"without {k!r}", {j: v for j, v in value.items() if j != k}) for k in value]
    return found


def mutated(data: Any, path: Path, new: Any) -> Any:
    """``data`` with the value at ``path`` replaced by ``new``."""
    if not path:
        return new
    out = copy.deepcopy(data)
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return out


def refuses(decode: Callable[[Any], Any], data: Any) -> bool:
    """Whether ``decode`` refuses ``data`` (with its error for malformed data)."""
    try:
        decode(data)
    except ValueError:  # RecordError, or an option's own check
        return True
    return False
