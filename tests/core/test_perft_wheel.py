"""The perft suites travel in the wheel, beside each game's rules."""

from __future__ import annotations

import zipfile
from pathlib import Path

from rulespec.tools.perft import suite_path


def test_wheel_ships_every_perft_suite(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        for game_id in ("duck-and-cover", "duo", "canardage"):
            name = f"rulespec/{suite_path(game_id).parent.name}/perft.json"
            assert name in names
            assert archive.read(name) == suite_path(game_id).read_bytes()
