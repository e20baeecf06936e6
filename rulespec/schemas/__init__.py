"""JSON Schemas of everything rulespec writes as JSON, for engines in any language.

For each game (``duck-and-cover``, ``duo``, ``canardage``): ``options``,
``action`` (a player's action), ``chance`` (a chance outcome), ``state``,
``view``, ``record`` and ``golden`` (one line of its golden file); for the engine
protocol: ``protocol/request``, ``protocol/answer`` and ``protocol/hello``.
Each file declares JSON Schema draft 2020-12 and the ``$id``
``urn:rulespec:schema:<name>``, and holds every definition it needs.

The files are made from the codecs by :mod:`rulespec.schemas.source` and ship
inside the package; reading them needs no dependency.

>>> from rulespec import schemas
>>> action = schemas.load("duo/action")
>>> action["$id"]
'urn:rulespec:schema:duo/action'
>>> "canardage/state" in schemas.names()
True

A schema says what the decoders check of a value's shape, and each property's
``description`` what it means (its order, what it holds); not what depends on
the whole game: that a deal holds each card once, or that a state is reachable.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["load", "names"]


def names() -> tuple[str, ...]:
    """The names of the schemas shipped, sorted (``"duo/action"``, ...)."""
    root = resources.files(__name__)
    return tuple(
        sorted(
            f"{folder.name}/{file.name.removesuffix('.json')}"
            for folder in root.iterdir()
            if folder.is_dir()
            for file in folder.iterdir()
            if file.name.endswith(".json")
        )
    )


def load(name: str) -> dict[str, Any]:
    """The schema ``name`` (such as ``"canardage/action"``) as JSON data.

    Raises :class:`KeyError` for a name not shipped.
    """
    if name not in names():
        raise KeyError(f"no schema {name!r}; the schemas are {', '.join(names())}")
    file = resources.files(__name__).joinpath(*f"{name}.json".split("/"))
    data: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
    return data
