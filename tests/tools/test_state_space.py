"""The "State space" page's counts are the engine's: changing them is deliberate."""

from __future__ import annotations

import json
import os

import pytest

from rulespec.tools.state_space import DATA, PAGE, counts, page

ROWS = json.loads(DATA.read_text(encoding="utf-8"))
PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
FULL = PROFILE != "dev"


def test_the_page_is_made_from_the_data_file() -> None:
    assert PAGE.read_text(encoding="utf-8") == page(ROWS)


def test_each_game_has_a_default_of_ten_thousand_states_and_a_larger_one() -> None:
    assert {row["game"] for row in ROWS} == {"duo", "duck-and-cover", "canardage"}
    for game in ("duo", "duck-and-cover", "canardage"):
        rows = [row for row in ROWS if row["game"] == game]
        assert not rows[0]["deep"] and rows[0]["full"]["states"] >= 10_000
        deep = [row for row in rows if row["deep"]]
        assert deep and all(10**5 <= row["full"]["states"] <= 10**6 for row in deep)
    for row in ROWS:  # Canardage's start turn and Duck & Cover's two different grids
        smaller = row["reduced"]["states"] < row["full"]["states"]  # leave them alike
        assert smaller == (row["game"] == "duo")


def _run(row: dict[str, object], kind: str) -> bool:
    """dev: two reduced walks; ci: every default configuration (reduced where symmetry
    makes it smaller); deep: all of them."""
    if PROFILE == "deep":
        return True
    if PROFILE != "dev":
        shrinks = row["reduced"]["states"] < row["full"]["states"]  # type: ignore[index]
        return not row["deep"] and (kind == "full" or shrinks)
    return row["config"] in ("three", "endgame") and kind == "reduced"


CASES = [
    (row["game"], row["config"], kind)
    for row in ROWS
    for kind in ("full", "reduced")
    if kind in row and _run(row, kind)
]


@pytest.mark.parametrize(("game_id", "name", "kind"), CASES)
def test_the_counts_are_pinned(game_id: str, name: str, kind: str) -> None:
    row = next(r for r in ROWS if r["game"] == game_id and r["config"] == name)
    assert counts(game_id, name, kind == "reduced") == row[kind]
