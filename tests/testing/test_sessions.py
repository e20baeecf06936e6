"""The protocol page's example sessions are what the reference engine answers now."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.testing.sessions import BATCH_STEPS, FLAGS, GAMES, SESSIONS, example, lines, main
from tests.cli.helpers import ROOT

SESSIONS_DIR = ROOT / "docs" / "reference" / "sessions"


def _file(name: str) -> list[str]:
    return (SESSIONS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("name", SESSIONS)
def test_the_page_shows_the_session_the_reference_engine_plays_now(name: str) -> None:
    assert _file(name) == lines(example(name)), (
        "regenerate with: python -m rulespec.testing.sessions docs/reference/sessions"
    )


@pytest.mark.parametrize("name", SESSIONS)
def test_every_session_greets_with_version_2_and_stays_small(name: str) -> None:
    session = example(name)
    hello, answer = session[0]
    assert hello["op"] == "hello" and hello["protocol"] == 2
    assert answer["value"]["protocol"] == 2 and "batch" in answer["value"]["capabilities"]
    assert [r["id"] for r, _ in session] == list(range(1, len(session) + 1))
    assert (SESSIONS_DIR / f"{name}.txt").stat().st_size < 200_000


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_session_is_a_whole_game_with_every_request(game_id: str) -> None:
    session = example(game_id)
    ops = [request["op"] for request, _ in session]
    assert ops[:3] == ["hello", "start", "to_move"] and ops[-1] == "quit"
    asked = {"legal_actions", "to_move", "state", "view", "scores", "winners", "is_over"}
    assert asked <= set(ops)
    refused = [answer for _, answer in session if "refused" in answer]
    assert len(refused) == 1 and refused[0]["refused"]["clause"]
    assert session[-2][1] == {"id": len(session) - 1, "value": True}  # is_over at the end


def test_the_batch_session_sends_each_step_as_one_batch() -> None:
    session = example("duo-batch")
    assert [r["op"] for r, _ in session] == ["hello", "start", *["batch"] * BATCH_STEPS, "quit"]
    duo = rulespec.game("duo")
    state = duo.new_game(2, duo.decode_options({"max_rounds": 1}))
    refused = []
    for request, answer in session[2:-1]:
        inner, answers = request["requests"], answer["value"]
        assert len(answers) == len(inner) and all(len(a) == 1 for a in answers)
        assert inner[0]["op"] == "apply" and answers[0] == {"value": None}
        state = duo.apply(state, duo.decode_action(inner[0]["action"]))
        # the queries are answered on the state the step left
        asked = {r["op"]: a["value"] for r, a in zip(inner, answers, strict=True) if "value" in a}
        assert asked["to_move"] == list(duo.to_move(state))
        assert asked["state"] == duo.encode_state(state)
        movers = [r["player"] for r in inner if r["op"] == "legal_actions"]
        assert movers == [p for p in duo.to_move(state) if p != CHANCE]
        refused += [(r, a) for r, a in zip(inner, answers, strict=True) if "refused" in a]
    assert len(refused) == 1 and refused[0][0]["op"] == "apply"
    assert refused[0][1]["refused"]["clause"] == "duo.turn.stop"


def test_the_engine_chance_session_shows_each_way_to_report_an_outcome() -> None:
    """The deal comes as the answer to ``chance``, the later outcomes with the player's
    step that leads to them; rulespec accepts each where it comes, and follows the game
    to its end."""
    session = example("canardage-engine-chance")
    hello, start = session[0][1]["value"], session[1][0]
    assert hello["chance"] == "engine" and type(start["seed"]) is int
    can = rulespec.game("canardage")
    state = can.new_game(start["players"])
    asked, folded = [], []
    for request, answer in session[2:]:
        if request["op"] == "chance":
            assert can.to_move(state) == (CHANCE,)
            state = can.apply(state, can.decode_action(answer["value"]))
            asked.append(answer["value"]["type"])
        elif request["op"] == "apply" and "value" in answer:
            state = can.apply(state, can.decode_action(request["action"]))
            for outcome in (answer["value"] or {}).get("chance", []):
                assert can.to_move(state) == (CHANCE,)
                state = can.apply(state, can.decode_action(outcome))
                folded.append(outcome["type"])
            assert can.to_move(state) != (CHANCE,)  # nothing left to ask for
    assert asked == ["deal"]
    assert "disperse" in folded and "reshuffle" in folded
    assert can.is_over(state) and session[-2][1]["value"] is True


@pytest.mark.parametrize("name", SESSIONS)
def test_the_reference_engine_answers_the_page_over_a_pipe(name: str) -> None:
    """Started with the session's options, in a process of its own: so the same seed
    draws the same outcomes there too."""
    text = _file(name)
    requests = [line[2:] for line in text if line.startswith("> ")]
    expected = [json.loads(line[2:]) for line in text if line.startswith("< ")]
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.testing.serve", *FLAGS.get(name, ())],
        input="\n".join(requests) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers: list[Any] = [json.loads(line) for line in done.stdout.splitlines()]
    assert answers == expected


def test_the_files_are_written_where_asked(tmp_path: Path) -> None:
    assert main([str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{s}.txt" for s in SESSIONS)
    assert main([]) == 2
