"""What the shared conformance tests expect of the independent Duck & Cover engine."""

from __future__ import annotations

from typing import Any

import rulespec
from rulespec.duck_cover import Options, Phase
from rulespec.testing.golden import Golden
from tests.testing.foreign_duck_cover import (
    MUTANTS,
    CoverDiagonal,
    ForeignAdapter,
    PositiveSingleStack,
    QuackAnyTime,
    RepeatForgetsMax,
    ScoresOnlyAdapter,
    TopCardOnly,
)
from tests.testing.suites import Agreement, MachineSpec, Partial, Suite, without

LegalOnly = without("LegalOnly", ForeignAdapter, "state", "scores", "winners", "is_over", "to_move")
"""A partial adapter that answers only the legal actions."""


def _waits(machine: Any) -> None:
    state = machine.state
    if state is not None and state.phase is Phase.TURN:
        assert set(machine.adapter.table.waiting_for()) == set(machine.game.to_move(state))


def _nobody_ever_covers(state: Any) -> bool:
    return all(len(s) == 1 for g in state.grids for _, s in g.cells)


def _covers(golds: tuple[Golden, ...]) -> None:
    game = rulespec.game("duck-and-cover")
    assert any(g.record.options != game.default_options() for g in golds)
    assert sum(g.over for g in golds) >= 6
    assert any(len(g.winners) > 1 for g in golds)  # a shared victory
    steps = [s for g in golds for s in g.record.steps]
    assert any(type(s).__name__ == "Reshuffle" for s in steps)
    assert any(type(s).__name__ == "Quack" for s in steps)


SUITE = Suite(
    game="duck-and-cover",
    adapter=ForeignAdapter,
    mutants=MUTANTS,
    min_mutants=8,
    agreement=Agreement(
        examples={"dev": 6, "ci": 40, "deep": 400}, steps_per_game=20, max_steps=600
    ),
    partials=(
        Partial(
            name="scores-only",
            adapter=ScoresOnlyAdapter,
            answers=frozenset({"scores", "winners", "is_over"}),
            mutant=PositiveSingleStack,
            kinds=("scores",),
            clause="dc.score.sign",
            plain_steps=300,
        ),
        Partial(
            name="legal-actions-only",
            adapter=LegalOnly,
            answers=frozenset({"legal_actions"}),
            mutant=RepeatForgetsMax,
            kinds=("legal-actions",),
            clause="dc.special.repeat-after-max",
        ),
    ),
    machine=MachineSpec(
        players=(2, 3),
        steps=40,
        waits=_waits,
        bug=TopCardOnly,
        clause="dc.move.stack",
        never=_nobody_ever_covers,
    ),
    golden_clauses=(
        "dc.move.cover",
        "dc.move.duck",
        "dc.move.duck-adjacent",
        "dc.move.quack",
        "dc.special.max",
        "dc.score.splashes",
        "dc.score.sign",
        "dc.game.winner",
        "dc.game.tiebreak",
    ),
    golden_bug=CoverDiagonal,
    golden_blind=(QuackAnyTime,),
    results_only=((QuackAnyTime, None),),
    golden_covers=_covers,
    probe_options=(None, Options(low_blows=True)),
)
