"""Through a black box, a difference seen turns after the faulty step is laid to that step.

Each saved game (``records/``) is one the search found against a mutant of the
independent engine; replaying it through the mutant, with no state and no view,
gives the same divergence, and the report must name the mutant's clause first.
Before the kit looked further back, each of these named another clause first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.testing import DivergenceError
from rulespec.testing.replay import check_record
from tests.testing.attribution import BlackBox
from tests.testing.canardage import foreign_canardage
from tests.testing.canardage.foreign_canardage import ForeignAdapter, Shuffler

RECORDS = Path(__file__).parent / "records"


class ReshuffleSkipsTheLastCard(foreign_canardage.Table):
    """Rebuilds the draw pile from the played cards but leaves out the card just played
    (the first copy of it in the new pile): every card drawn after it comes one early."""

    BREAKS = "can.deck.reshuffle"

    def rebuild_pile(self, shuffle: Shuffler) -> None:
        last = self.discards[-1]
        order = shuffle(self.discards)
        order.remove(last)
        self.pile = list(reversed(order))
        self.discards = [last]


CASES = [
    # A pair went under the duck deck hidden duck last; the line refilled from there
    # shows it many turns later.
    ("pair-forward", foreign_canardage.PairForwardCoverFirst),
    # Palme avant left the hidden duck behind; the shot at the cover closed the line up.
    ("palme-pair", foreign_canardage.PalmeLeavesTheHiddenDuck),
    # Pan took a water card out of the line; the next shot hit another duck.
    ("pan-water", foreign_canardage.PanRemovesWater),
    # The card drawn after the reshuffle was another: a card of the hand differs.
    ("reshuffle", ReshuffleSkipsTheLastCard),
]


@pytest.mark.parametrize(("name", "mutant"), CASES, ids=[c[0] for c in CASES])
def test_a_late_difference_names_the_faulty_step_first(
    name: str, mutant: type[foreign_canardage.Table]
) -> None:
    record = rulespec.Record.from_json((RECORDS / f"{name}.json").read_text())
    with pytest.raises(DivergenceError) as info:
        check_record(BlackBox(ForeignAdapter(mutant)), record)
    found = info.value.divergence
    assert found.step >= 7  # seen turns after the faulty step, not at it
    assert found.clauses[0] == mutant.BREAKS, found.clauses


def test_the_unbroken_engine_plays_every_saved_game() -> None:
    for name, _ in CASES:
        record = rulespec.Record.from_json((RECORDS / f"{name}.json").read_text())
        assert check_record(BlackBox(ForeignAdapter()), record).steps == len(record.steps)
