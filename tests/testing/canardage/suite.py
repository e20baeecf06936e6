"""What the shared conformance tests expect of the independent Canardage engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

import rulespec
from rulespec.canardage import Card, Discard, Disperse, Phase, Play, Reshuffle, View
from rulespec.canardage.kit import RARE_DECK
from rulespec.testing import Adapter
from rulespec.testing.divergence import Divergence
from rulespec.testing.golden import Golden
from tests.testing.canardage.foreign_canardage import (
    MUTANTS,
    AnyoneMayPlay,
    CoverUnderWater,
    DiscardAnyTime,
    ForeignAdapter,
    GoesOnWithOnePlayer,
    MarchFrontOnTop,
    PalmeAvantAnyDuck,
    SkipsPlayersOut,
)
from tests.testing.suites import Agreement, MachineSpec, Partial, Suite, without

ResultsOnly = without("ResultsOnly", ForeignAdapter, "legal_actions", "state", "view", "to_move")
"""A partial adapter: no legal actions, state, view or turn; only the results."""

LegalOnly = without(
    "LegalOnly", ForeignAdapter, "state", "view", "to_move", "scores", "winners", "is_over"
)
"""A partial adapter that answers only the legal actions."""


class HiddenDucksUnseen(ForeignAdapter):
    """Shows a pair's cover only in the views: the hidden duck is not shown."""

    state = Adapter.state  # not provided: the views are compared alone

    def view(self, player: int) -> View:
        v = super().view(player)
        return attrs.evolve(v, line=tuple(stack[-1:] for stack in v.line))


def _cited_with_the_view_clauses(found: Divergence) -> None:
    assert "can.view.hidden" in found.clauses


def _waits(machine: Any) -> None:
    state = machine.state
    if state is not None and state.phase is Phase.PLAY:
        assert machine.adapter.table.current == state.turn
        assert machine.adapter.table.stage == "play"


def _nothing_played(state: Any) -> bool:
    return not state.played


def _covers(golds: tuple[Golden, ...]) -> None:
    game = rulespec.game("canardage")
    assert any(g.record.options != game.default_options() for g in golds)
    assert all(g.over for g in golds)
    assert any(len(g.winners) == 2 for g in golds)  # the last ducks fell together
    steps = [s for g in golds for s in g.record.steps]
    played = Counter(s.card for s in steps if isinstance(s, Play))
    assert set(played) == set(Card)  # every card is played at least once
    assert any(isinstance(s, Discard) for s in steps)
    assert any(isinstance(s, Reshuffle) for s in steps)
    assert any(isinstance(s, Disperse) for s in steps)
    # Canarchie's orders are counted, not listed: a line of six distinct stacks alone
    # gives 6! - 1 = 719 new orders.
    assert max(max(c) for g in golds for c in g.legal if c is not None) > 719
    states = [s for g in golds for s in g.record.states()]
    assert any(any(len(stack) == 2 for stack in s.line) for s in states)  # a pair
    assert any(p != -1 for s in states for p in s.shelters)  # a Planqué card lies
    assert sum(1 for g in golds for n in g.scores if n == 0) >= 2 * len(golds)


SUITE = Suite(
    game="canardage",
    adapter=ForeignAdapter,
    mutants=MUTANTS,
    min_mutants=10,
    distinct_breaks=False,
    agreement=Agreement(examples={"dev": 12, "ci": 60, "deep": 1000}, steps_per_game=30),
    partials=(
        Partial(
            name="results-only",
            adapter=ResultsOnly,
            answers=frozenset({"scores", "winners", "is_over"}),
            mutant=GoesOnWithOnePlayer,
            kinds=("is_over",),
            clause="can.end.winner",
            plain_steps=1000,
        ),
        Partial(
            name="legal-actions-only",
            adapter=LegalOnly,
            answers=frozenset({"legal_actions"}),
            mutant=CoverUnderWater,
            kinds=("legal-actions",),
            clause="can.action.a-couvert",
        ),
        Partial(
            name="hidden-ducks-unseen",
            adapter=HiddenDucksUnseen,
            answers=frozenset({"legal_actions", "to_move", "view", "scores", "winners", "is_over"}),
            kinds=("view",),
            clause="can.view.hidden-duck",
            more=_cited_with_the_view_clauses,
        ),
    ),
    machine=MachineSpec(
        players=(3, 4),
        steps=60,
        waits=_waits,
        bug=MarchFrontOnTop,
        clause="can.action.en-avant-marche",
        never=_nothing_played,
    ),
    golden_clauses=(
        "can.turn.play-one",
        "can.turn.discard",
        "can.action.en-joue",
        "can.action.double-viseur",
        "can.action.pan",
        "can.action.tireur-d-elite",
        "can.action.tu-louches",
        "can.action.canardage",
        "can.action.rectifier-gauche",
        "can.action.rectifier-droite",
        "can.action.palme-arriere",
        "can.action.palme-avant",
        "can.action.banzai",
        "can.action.canarchie",
        "can.action.a-couvert",
        "can.action.planque",
        "can.planque.space",
        "can.cover.pair",
        "can.end.winner",
        "can.end.simultaneous",
    ),
    golden_bug=PalmeAvantAnyDuck,
    golden_caught=((SkipsPlayersOut, None),),
    golden_blind=(DiscardAnyTime, AnyoneMayPlay),
    # A bug in what the engine accepts beyond the legal plays goes unseen on the results
    # alone; a bug in the results does not, nor one that refuses a legal play.
    results_only=(
        (DiscardAnyTime, None),
        (GoesOnWithOnePlayer, "winners after the last step"),
        (PalmeAvantAnyDuck, "refused"),
    ),
    golden_covers=_covers,
    probe_options=(None, RARE_DECK),
)
