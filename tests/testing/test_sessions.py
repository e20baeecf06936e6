"""The protocol page's example sessions are what the reference engine answers now."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.testing.sessions import GAMES, example, lines, main
from tests.cli.helpers import ROOT

SESSIONS = ROOT / "docs" / "reference" / "sessions"


def _file(game_id: str) -> list[str]:
    return (SESSIONS / f"{game_id}.txt").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_page_shows_the_session_the_reference_engine_plays_now(game_id: str) -> None:
    assert _file(game_id) == lines(example(game_id)), (
        "regenerate with: python -m rulespec.testing.sessions docs/reference/sessions"
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_session_is_a_whole_game_with_every_request(game_id: str) -> None:
    session = example(game_id)
    ops = [request["op"] for request, _ in session]
    assert ops[:3] == ["hello", "start", "to_move"] and ops[-1] == "quit"
    asked = {"legal_actions", "to_move", "state", "view", "scores", "winners", "is_over"}
    assert asked <= set(ops)
    assert [r["id"] for r, _ in session] == list(range(1, len(session) + 1))
    refused = [answer for _, answer in session if "refused" in answer]
    assert len(refused) == 1 and refused[0]["refused"]["clause"]
    assert session[-2][1] == {"id": len(session) - 1, "value": True}  # is_over at the end


def test_the_reference_engine_answers_the_page_over_a_pipe() -> None:
    text = _file("canardage")
    requests = [line[2:] for line in text if line.startswith("> ")]
    expected = [json.loads(line[2:]) for line in text if line.startswith("< ")]
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.testing.serve", "canardage"],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers == expected


def test_the_files_are_written_where_asked(tmp_path: Path) -> None:
    assert main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{g}.txt" for g in GAMES)
    assert main([]) == 2
