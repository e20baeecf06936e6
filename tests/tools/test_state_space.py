"""The "State space" page's counts are the engine's: changing them is deliberate."""

from __future__ import annotations

import json
import os

import pytest

from rulespec.tools.state_space import DATA, PAGE, counts, page

ROWS = json.loads(DATA.read_text(encoding="utf-8"))
FULL = os.environ.get("RULESPEC_PROFILE", "dev") != "dev"


def test_the_page_is_made_from_the_data_file() -> None:
    assert PAGE.read_text(encoding="utf-8") == page(ROWS)


def test_each_game_with_configurations_has_ten_thousand_states_or_more() -> None:
    assert ROWS and all(row["full"]["states"] >= 10_000 for row in ROWS)
    assert {row["game"] for row in ROWS} == {"duo", "duck-and-cover", "canardage"}
    for row in ROWS:  # Canardage's start turn leaves its rotations without effect
        smaller = row["reduced"]["states"] < row["full"]["states"]
        assert smaller == (row["game"] != "canardage")


CASES = [
    (row["game"], row["config"], kind)
    for row in ROWS
    for kind in ("full", "reduced")
    if kind in row and (FULL or (row["config"] in ("three", "last-round") and kind == "reduced"))
]


@pytest.mark.parametrize(("game_id", "name", "kind"), CASES)
def test_the_counts_are_pinned(game_id: str, name: str, kind: str) -> None:
    row = next(r for r in ROWS if r["game"] == game_id and r["config"] == name)
    assert counts(game_id, name, kind == "reduced") == row[kind]
