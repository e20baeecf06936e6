"""Every whole number a game writes reads back: each ``integer`` of the shipped schemas
and of the plug-ins' derived ones has a bound that JSON reading takes, and the largest
options each game accepts make a record that reads back."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec import Record, RecordError, schemas
from rulespec.canardage.cards import Card
from rulespec.canardage.state import MOST_COPIES
from rulespec.core import jsonio
from rulespec.duck_cover.state import MOST_SPLASHES
from rulespec.duo.state import MAX_ROUNDS
from rulespec.rulebook import implements
from tests.plugin import tricks

LIMIT = 10**jsonio.MAX_DIGITS
EXAMPLE = Path(__file__).parents[2] / "examples" / "goofspiel"


def integers(schema: Any, at: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Each schema of type ``integer`` inside ``schema`` that constrains a value (not
    the condition of an ``if``), with where it stands."""
    if isinstance(schema, dict):
        if schema.get("type") == "integer":
            yield at, schema
        for key, value in schema.items():
            if key != "if":
                yield from integers(value, f"{at}/{key}")
    elif isinstance(schema, list):
        for i, value in enumerate(schema):
            yield from integers(value, f"{at}/{i}")


def unbounded(schema: Any) -> list[str]:
    """Where ``schema`` lets a whole number grow beyond what JSON reading takes."""
    return [
        at
        for at, s in integers(schema)
        if "const" not in s
        and "enum" not in s
        and not -LIMIT < s.get("minimum", -LIMIT) <= s.get("maximum", LIMIT) < LIMIT
    ]


def derived_defs() -> dict[str, dict[str, Any]]:
    """The schema definitions of Tricks' derived codec and of Goofspiel's."""
    marks = {clause: list(code) for clause, code in implements._REGISTRY.items()}
    sys.path.insert(0, str(EXAMPLE))
    try:
        goofspiel = importlib.import_module("rulespec_goofspiel.codec")
    finally:
        # The example's ``@implements`` marks would reach every later test of this
        # process (the docs' extension warns of clauses no catalogue has).
        sys.path.remove(str(EXAMPLE))
        implements._REGISTRY.clear()
        implements._REGISTRY.update(marks)
        for name in [m for m in sys.modules if m.startswith("rulespec_goofspiel")]:
            del sys.modules[name]
    derived: Any = tricks.GAME.codec
    return {"tricks": derived.defs, "goofspiel": goofspiel.CODEC.defs}


def test_the_walk_finds_an_integer_without_a_bound() -> None:
    schema = {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 1}]}
    assert unbounded(schema) == ["/anyOf/1"]
    assert unbounded({"if": schema, "then": {"type": "integer", "const": 1}}) == []
    assert unbounded({"type": "integer", "minimum": -LIMIT, "maximum": 0}) == [""]


@pytest.mark.parametrize("name", schemas.names())
def test_every_integer_of_a_shipped_schema_is_bounded_within_what_json_reads(name: str) -> None:
    assert not unbounded(schemas.load(name))


@pytest.mark.parametrize("game", ["tricks", "goofspiel"])
def test_every_integer_of_a_derived_schema_is_bounded_within_what_json_reads(game: str) -> None:
    defs = derived_defs()[game]
    assert list(integers(defs)) and not unbounded(defs)


LARGEST: dict[str, dict[str, Any]] = {
    "duo": {"max_rounds": MAX_ROUNDS},
    "duck-and-cover": {"splashes": [-MOST_SPLASHES, *[MOST_SPLASHES] * 11]},
    "canardage": {"action_deck": dict.fromkeys((c.value for c in Card), MOST_COPIES)},
}


@pytest.mark.parametrize("game_id", sorted(LARGEST))
def test_the_largest_options_make_a_record_that_reads_back(game_id: str) -> None:
    g = rulespec.game(game_id)
    options = g.decode_options(LARGEST[game_id])
    record = Record.play(g, g.max_players, seed=3, options=options, steps=4)
    assert record.options == options
    assert Record.from_json(record.to_json()) == record
    state = record.replay()
    assert g.codec.decode_state(g.codec.encode_state(state)) == state
    view = g.view(state, 0)
    assert g.codec.decode_view(g.codec.encode_view(view)) == view


@pytest.mark.parametrize(
    ("game_id", "data", "said"),
    [
        ("duo", {"max_rounds": MAX_ROUNDS + 1}, "options.max_rounds: .* out of range 1 to 1000000"),
        ("duo", {"max_rounds": 10**120}, "options.max_rounds: .* out of range"),
        ("duck-and-cover", {"splashes": [101] * 12}, r"options.splashes\[0\]: .* out of range"),
        ("canardage", {"action_deck": {"pan": 1001}}, "options.action_deck.pan: .* out of range"),
    ],
)
def test_options_beyond_the_largest_are_refused_where_they_stand(
    game_id: str, data: dict[str, Any], said: str
) -> None:
    with pytest.raises(RecordError, match=f"^{said}"):
        rulespec.game(game_id).decode_options(data)


def test_options_built_beyond_the_largest_are_refused_before_a_record_is_written() -> None:
    from rulespec.canardage.state import Options as CanardageOptions
    from rulespec.duck_cover.state import Options as DuckOptions
    from rulespec.duo.state import Options as DuoOptions

    with pytest.raises(ValueError, match="max_rounds: expected a whole number from 1 to 1000000"):
        DuoOptions(max_rounds=10**120)
    with pytest.raises(
        ValueError, match="splashes: expected twelve whole numbers from -100 to 100"
    ):
        DuckOptions(splashes=(10**120,) * 12)
    with pytest.raises(ValueError, match=r"action_deck: expected .* from 0 to 1000"):
        CanardageOptions(action_deck=(MOST_COPIES + 1,) * len(Card))
