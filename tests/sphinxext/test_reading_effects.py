"""The interpretation register shows, beside each reading an option plays, how often it
changes paired games, read from the readings data file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.sphinxext.helpers import ONE_LINE, build, built, project, text


def _share(count: int, low: float, high: float) -> dict[str, Any]:
    return {"games": count, "share": count / 200, "low": low, "high": high}


def _data(readings: list[str]) -> dict[str, Any]:
    figures = {
        "duo.round.exhausted=empty-draw": (_share(150, 0.69, 0.805), _share(120, 0.531, 0.665)),
        "duo.game.round-limit=leader-wins": (_share(0, 0.0, 0.0188), _share(31, 0.111, 0.212)),
    }
    return {
        "format": "rulespec-reading-effects",
        "version": 1,
        "games": {
            "duo": {
                "game": "duo",
                "players": 3,
                "games": 200,
                "policy": "random",
                "readings": [
                    {"reading": r, "games": 200, "course": figures[r][0], "outcome": figures[r][1]}
                    for r in readings
                ],
            }
        },
    }


def test_the_register_shows_what_each_reading_changes(tmp_path: Path) -> None:
    data = tmp_path / "readings.json"
    both = ["duo.round.exhausted=empty-draw", "duo.game.round-limit=leader-wins"]
    data.write_text(json.dumps(_data(both)), encoding="utf-8")
    src = project(
        tmp_path / "src",
        ONE_LINE + "rules_reading_effects = '../readings.json'\n",
        {"index.rst": "Register\n========\n\n.. rules:interpretations:: duo\n"},
    )
    result = build(src, tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    page = text(result.page("index.html"))
    assert "how often it changes a game" in page
    exhausted, limit = page.split("duo.game.round-limit=leader-wins", 1)
    assert (
        "in 200 pairs of games of random play (3 players), the course differs in 75.0 % "
        "(95 % interval: 69.0 % to 80.5 %) and the outcome in 60.0 % (53.1 % to 66.5 %)"
    ) in exhausted
    assert "the course differs in 0.0 % (95 % interval: 0.0 % to 1.9 %)" in limit
    assert "the outcome in 15.5 % (11.1 % to 21.2 %)" in limit

    # A reading the file leaves out is a warning, so an error under -W.
    data.write_text(json.dumps(_data(both[:1])), encoding="utf-8")
    missing = build(src, tmp_path / "out")
    assert missing.status != 0
    assert "no figures for duo.game.round-limit=leader-wins" in missing.warnings


def test_without_the_setting_the_register_has_no_figures(tmp_path: Path) -> None:
    result = built(
        tmp_path,
        {"index.rst": "Register\n========\n\n.. rules:interpretations:: canardage\n"},
    )
    assert (result.status, result.warnings) == (0, "")
    assert "pairs of games" not in text(result.page("index.html"))
