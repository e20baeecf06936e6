"""``"truncated": true`` is checked, not believed: a record says it was cut at its length cap
exactly when it stops there."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec import Record
from rulespec.cli.main import main
from rulespec.core.chance import CHANCE
from rulespec.core.declaration import length_cap
from rulespec.tools import verify
from rulespec.tools.verifier import VerifyError

CAN = rulespec.game("canardage")
DUO = rulespec.game("duo")
# A deck of Pan only: nothing is ever targeted, nobody's ducks fall, the game never ends.
ENDLESS = CAN.decode_options({"action_deck": {"pan": 52}})


def _cli(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["verify", str(path)])
    return status, out.getvalue(), err.getvalue()


def _forged(record: Record, **changes: Any) -> Record:
    return Record(
        record.game,
        record.players,
        record.options,
        changes.get("steps", record.steps),
        truncated=changes.get("truncated", record.truncated),
    )


def test_a_short_game_said_cut_at_its_cap_is_refused(tmp_path: Path) -> None:
    record = _forged(Record.play(DUO, 2, seed=1, steps=5), truncated=True)
    with pytest.raises(VerifyError, match=r"cut at its length cap of .* it holds 4 player actions"):
        verify(record)
    path = tmp_path / "forged.json"
    path.write_text(record.to_json(), encoding="utf-8")
    status, out, err = _cli(path)
    assert status == 2 and out == ""
    assert err.startswith(f"rulespec: error: {path}: truncated: ") and err.count("\n") == 1


def test_a_finished_game_said_cut_is_refused() -> None:
    record = Record.play(CAN, 3, seed=1)
    assert CAN.is_over(record.replay())
    with pytest.raises(VerifyError, match="but the game is over"):
        verify(_forged(record, truncated=True))


def test_a_game_cut_at_its_cap_verifies_and_without_its_flag_is_refused() -> None:
    record = Record.play(CAN, 3, seed=1, options=ENDLESS)
    assert record.truncated
    assert "cut at its length cap" in str(verify(record))
    with pytest.raises(VerifyError, match='does not say so \\("truncated": true\\)'):
        verify(_forged(record, truncated=False))


def test_a_game_past_its_cap_said_cut_is_refused_and_unflagged_verifies() -> None:
    record = Record.play(CAN, 3, seed=1, options=ENDLESS)
    state, steps, rng = record.replay(), list(record.steps), random.Random(1)
    for _ in range(6):
        actors = CAN.to_move(state)
        if actors == (CHANCE,):
            step = CAN.sample_chance(state, rng)
        else:
            step = CAN.legal_actions(state, actors[0])[0]
        state = CAN.apply(state, step)
        steps.append(step)
    with pytest.raises(VerifyError, match="goes on past the cap"):
        verify(_forged(record, steps=tuple(steps), truncated=True))
    assert verify(_forged(record, steps=tuple(steps), truncated=False)).legal


def test_a_record_played_to_exactly_its_cap_says_it_was_cut() -> None:
    cut = Record.play(CAN, 3, seed=1, options=ENDLESS)
    again = Record.play(CAN, 3, seed=1, options=ENDLESS, steps=len(cut.steps))
    assert again == cut and again.truncated
    assert length_cap(CAN, 3, ENDLESS) == sum(hasattr(s, "player") for s in cut.steps)
