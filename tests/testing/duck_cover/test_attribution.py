"""Through a black box, a call that comes a turn late is laid to the Repeat behind it.

The saved game (``records/``) is one the search found against an engine that keeps
the last call of a round into the next: the second round opens on Repeat, which the
engine plays (calling the same number rulespec draws next) instead of discarding,
so its draws run one turn behind and the legal actions differ only a turn later.
Replayed through that engine, with no state and no view, the report must name the
Repeat-first rule, not the draw.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.duck_cover import Deal
from rulespec.testing import DivergenceError
from rulespec.testing.replay import check_record
from tests.testing.attribution import BlackBox
from tests.testing.foreign_duck_cover import ForeignAdapter, RepeatFirstRemembersLastRound

RECORD = Path(__file__).parent / "records" / "repeat-first.json"


def _record() -> rulespec.Record:
    return rulespec.Record.from_json(RECORD.read_text())


@pytest.mark.clause("dc.special.repeat-first")
def test_a_repeat_played_first_in_a_round_is_named_though_seen_a_turn_later() -> None:
    record = _record()
    deals = [i for i, step in enumerate(record.steps) if isinstance(step, Deal)]
    with pytest.raises(DivergenceError) as info:
        check_record(BlackBox(ForeignAdapter(RepeatFirstRemembersLastRound)), record)
    found = info.value.divergence
    assert found.kind == "legal-actions"
    # Seen after the first turn of the round the Repeat opened, not at its deal.
    assert found.step > deals[-1] + 1
    assert found.clauses[0] == RepeatFirstRemembersLastRound.BREAKS, found.clauses


def test_the_unbroken_engine_plays_the_saved_game() -> None:
    record = _record()
    assert check_record(BlackBox(ForeignAdapter()), record).steps == len(record.steps)
