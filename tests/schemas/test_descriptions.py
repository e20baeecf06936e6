"""Every property of every shipped schema says what it means: the schemas are a
specification for engines in any language, not only a check of shapes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rulespec import schemas


def undescribed(schema: Any, here: str = "#") -> Iterator[str]:
    """The places of the properties in ``schema``, at any depth, whose schema has no
    non-empty ``description``. An ``if`` is a condition, not a declaration: the
    properties it tests are declared elsewhere, so it is not searched.

    >>> list(undescribed({"$defs": {"a": {"oneOf": [{"items": {"properties": {"x": {}}}}]}}}))
    ['#/$defs/a/oneOf/0/items/properties/x']
    >>> condition = {"properties": {"y": {}}}
    >>> list(undescribed({"properties": {"x": {"description": " "}}, "if": condition}))
    ['#/properties/x']
    """
    if isinstance(schema, list):
        for i, item in enumerate(schema):
            yield from undescribed(item, f"{here}/{i}")
        return
    if not isinstance(schema, dict):
        return
    for key, value in schema.items():
        if key == "if":
            continue
        if key == "properties" and isinstance(value, dict):
            for name, sub in value.items():
                text = sub.get("description") if isinstance(sub, dict) else None
                if not (isinstance(text, str) and text.strip()):
                    yield f"{here}/properties/{name}"
        yield from undescribed(value, f"{here}/{key}")


@pytest.mark.parametrize("name", schemas.names())
def test_every_property_has_a_description(name: str) -> None:
    assert list(undescribed(schemas.load(name))) == []


def test_the_search_reaches_every_place_a_property_can_hide() -> None:
    bare: dict[str, Any] = {"properties": {"x": {"type": "integer"}}}
    places = {
        "items": {"items": bare},
        "prefixItems": {"prefixItems": [{}, bare]},
        "oneOf": {"oneOf": [bare]},
        "anyOf": {"anyOf": [bare]},
        "allOf": {"allOf": [{"then": bare}]},
        "else": {"else": bare},
        "$defs": {"$defs": {"d": bare}},
        "dependentSchemas": {"dependentSchemas": {"k": bare}},
        "not": {"not": bare},
        "nested": {"properties": {"y": {"description": "Y.", **bare}}},
    }
    for where, schema in places.items():
        assert len(list(undescribed(schema))) == 1, where
    assert list(undescribed({"if": bare})) == []
    assert list(undescribed({"properties": {"x": {"description": ""}}})) == ["#/properties/x"]
    assert list(undescribed({"properties": {"x": True}})) == ["#/properties/x"]
