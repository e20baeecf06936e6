"""Nothing is compared after the end of a game (or, in Duo and Duck & Cover, of a round)
that no clause defines there: an engine that draws back to three after the last shot, or
shows the hands and piles of the round just ended until the next deal, conforms."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import settings

import rulespec
from rulespec.canardage import Card
from rulespec.testing import Adapter, ReferenceAdapter, check
from tests.profiles import SEEDED

SOME = settings(SEEDED, max_examples=10)
ENDED = ("DEAL", "OVER")
DUO_TABLE = ("hand", "hand_sizes", "pile_tops", "pile_sizes", "draw_pile_size")
DC_TABLE = ("card", "draw_pile_size", "captain_pile_top", "captain_pile_size", "discard_zone")


class DrawsAfterTheEnd(ReferenceAdapter):
    """rulespec's Canardage, but the player of the last play draws one card after it."""

    def __init__(self) -> None:
        self.changed = 0

    def state(self) -> Any:
        state = super().state()
        if state.phase.name != "OVER":
            return state
        self.changed += 1
        hands = tuple((*h, Card.PAN) if len(h) < 3 else h for h in state.hands)
        return attrs.evolve(state, hands=hands)

    def view(self, player: int) -> Any:
        return self.game.view(self.state(), player)


class ShowsTheLastTable(ReferenceAdapter):
    """rulespec's engine with views only, which show the hands, piles and cards of a round
    until the next deal (and after the match)."""

    state = Adapter.state  # views only: every seat's is compared at every step

    def __init__(self) -> None:
        self.changed = Counter[str]()
        self.table: Any = None  # the last state of a round in play

    def apply(self, action: Any) -> None:
        before = self.current
        super().apply(action)
        if before.phase.name not in ENDED:
            self.table = before

    def view(self, player: int) -> Any:
        view = super().view(player)
        if view.phase.name not in ENDED or self.table is None:
            return view
        self.changed[view.phase.name] += 1
        table = self.game.view(self.table, player)
        keys = DUO_TABLE if self.game.id == "duo" else DC_TABLE
        return attrs.evolve(view, **{k: getattr(table, k) for k in keys})


@pytest.mark.clause("can.end.winner")
def test_canardage_compares_no_hand_after_the_last_play() -> None:
    engine = DrawsAfterTheEnd()
    check(engine, "canardage", settings=SOME)
    assert engine.changed


@pytest.mark.clause("duo.game.round-limit")
def test_duo_compares_no_hand_or_pile_in_a_view_after_a_round() -> None:
    engine = ShowsTheLastTable()
    options = rulespec.game("duo").decode_options({"max_rounds": 2})
    check(engine, "duo", settings=SOME, options=options, players=2)
    assert engine.changed["DEAL"] and engine.changed["OVER"]


@pytest.mark.clause("dc.round.new")
def test_duck_and_cover_compares_no_pile_in_a_view_after_a_round() -> None:
    engine = ShowsTheLastTable()
    check(engine, "duck-and-cover", settings=SOME, players=2)
    assert engine.changed["DEAL"] and engine.changed["OVER"]
