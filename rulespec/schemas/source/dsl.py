"""Builders of JSON Schema (draft 2020-12) data, so the schema modules read like the codecs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = [
    "DIALECT",
    "Schema",
    "array",
    "boolean",
    "const",
    "describe",
    "described",
    "document",
    "embed",
    "enum",
    "integer",
    "nullable",
    "obj",
    "one_of",
    "per_players",
    "ref",
    "string",
    "tagged",
]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_PREFIX = "urn:rulespec:schema:"

Schema = dict[str, Any]


def described(text: str, schema: Schema) -> Schema:
    """``schema`` with the ``description`` ``text``, put first.

    >>> described("A seat.", integer(0, 5))
    {'description': 'A seat.', 'type': 'integer', 'minimum': 0, 'maximum': 5}
    """
    return {"description": text, **schema}


def describe(defs: Mapping[str, Schema], docs: Mapping[str, str]) -> dict[str, Schema]:
    """``defs`` with the descriptions ``docs``, each put first: ``"card"`` describes the
    definition ``card``, ``"state.players"`` the property ``players`` of ``state``,
    ``"options.deck.pan"`` a property of that property."""

    def put(schema: Schema, path: str) -> Schema:
        if "properties" in schema:
            props = {k: put(v, f"{path}.{k}") for k, v in schema["properties"].items()}
            schema = {**schema, "properties": props}
        return {"description": docs[path], **schema} if path in docs else schema

    return {name: put(schema, name) for name, schema in defs.items()}


def integer(low: int | None = None, high: int | None = None) -> Schema:
    """A whole number within ``low``..``high`` (``true`` and ``false`` are not numbers).

    >>> integer(0, 5)
    {'type': 'integer', 'minimum': 0, 'maximum': 5}
    """
    schema: Schema = {"type": "integer"}
    if low is not None:
        schema["minimum"] = low
    if high is not None:
        schema["maximum"] = high
    return schema


def boolean() -> Schema:
    """``true`` or ``false``."""
    return {"type": "boolean"}


def string() -> Schema:
    """Any string."""
    return {"type": "string"}


def const(value: Any) -> Schema:
    """Exactly ``value`` (typed, so ``1`` is not ``true``)."""
    kinds = {bool: "boolean", int: "integer", str: "string"}
    schema: Schema = {"const": value}
    if type(value) in kinds:
        schema = {"type": kinds[type(value)], **schema}
    return schema


def enum(values: Iterable[str]) -> Schema:
    """One of the strings ``values``."""
    return {"type": "string", "enum": list(values)}


def array(items: Schema, max_items: int | None = None, min_items: int = 0) -> Schema:
    """A list of ``items``, ``min_items`` to ``max_items`` long."""
    schema: Schema = {"type": "array", "items": items}
    if min_items:
        schema["minItems"] = min_items
    if max_items is not None:
        schema["maxItems"] = max_items
    return schema


def obj(required: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None) -> Schema:
    """An object with every ``required`` key, perhaps the ``optional`` ones, and no other."""
    properties = {**required, **(optional or {})}
    schema: Schema = {"type": "object"}
    if required:
        schema["required"] = list(required)
    schema["properties"] = properties
    schema["additionalProperties"] = False
    return schema


def ref(name: str) -> Schema:
    """A reference to the definition ``name`` of the same document."""
    return {"$ref": f"#/$defs/{name}"}


def nullable(schema: Schema) -> Schema:
    """``null`` or ``schema``."""
    return {"anyOf": [{"type": "null"}, schema]}


def one_of(*schemas: Schema) -> Schema:
    """Exactly one of ``schemas``."""
    return {"oneOf": list(schemas)}


def per_players(low: int, high: int, then: Callable[[int], Schema]) -> list[Schema]:
    """For each number of players ``low``..``high``, what ``then`` of it requires of an
    object whose ``"players"`` is that number (an ``allOf`` list).

    >>> per_players(2, 2, lambda n: {"properties": {"player": integer(0, n - 1)}})[0]["then"]
    {'properties': {'player': {'type': 'integer', 'minimum': 0, 'maximum': 1}}}
    """
    return [
        {"if": {"properties": {"players": const(n)}}, "then": then(n)} for n in range(low, high + 1)
    ]


def tagged(kinds: Iterable[str]) -> Schema:
    """An object whose ``"type"`` is one of ``kinds``, each kind following the definition
    of its name (a discriminated union: only the matching definition is checked).

    >>> tagged(["stop"])["allOf"]
    [{'if': {'properties': {'type': {'const': 'stop'}}}, 'then': {'$ref': '#/$defs/stop'}}]
    """
    names = list(kinds)
    kind = described(
        f"The kind: {', '.join(json.dumps(n) for n in names)}; the object "
        "follows the definition of that name.",
        enum(names),
    )
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": kind},
        "allOf": [{"if": {"properties": {"type": {"const": k}}}, "then": ref(k)} for k in names],
    }


_REF = re.compile(r"^#/\$defs/(.+)$")


def _refs(schema: Any) -> Iterable[str]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and (m := _REF.match(value)):
                yield m.group(1)
            else:
                yield from _refs(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _refs(value)


def _used(root: Schema, defs: Mapping[str, Schema]) -> dict[str, Schema]:
    """The definitions ``root`` needs, directly or through each other, in ``defs``' order."""
    seen: set[str] = set()
    todo = list(_refs(root))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_refs(defs[name]))
    return {name: schema for name, schema in defs.items() if name in seen}


def embed(defs: Mapping[str, Schema], prefix: str) -> dict[str, Schema]:
    """``defs`` renamed ``prefix.name``, their references too: to hold several games'
    definitions in one document."""

    def rename(schema: Any) -> Any:
        if isinstance(schema, dict):
            return {
                k: (
                    f"#/$defs/{prefix}.{m.group(1)}"
                    if k == "$ref" and isinstance(v, str) and (m := _REF.match(v))
                    else rename(v)
                )
                for k, v in schema.items()
            }
        if isinstance(schema, list):
            return [rename(v) for v in schema]
        return schema

    return {f"{prefix}.{name}": rename(schema) for name, schema in defs.items()}


def document(
    name: str,
    title: str,
    description: str,
    root: Schema,
    defs: Mapping[str, Schema],
    keep: Iterable[str] = (),
) -> Schema:
    """The schema file ``name`` (such as ``"duo/action"``): ``root`` with the definitions
    it uses, and those named in ``keep``.

    >>> doc = document("x/y", "Y", "A y.", ref("n"), {"n": integer(), "unused": boolean()})
    >>> doc["$id"], doc["$ref"], list(doc["$defs"])
    ('urn:rulespec:schema:x/y', '#/$defs/n', ['n'])
    """
    head: Schema = {
        "$schema": DIALECT,
        "$id": ID_PREFIX + name,
        "title": title,
        "description": description,
    }
    used = _used({"anyOf": [root, *(ref(k) for k in keep)]}, defs)
    return {**head, **root, **({"$defs": used} if used else {})}
