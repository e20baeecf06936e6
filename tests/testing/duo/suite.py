"""What the shared conformance tests expect of the independent Duo engine."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from rulespec.duo import JOKERS, TURBO, Deal, Draw, Options, Phase, Play
from rulespec.testing.divergence import Divergence
from rulespec.testing.golden import Golden
from tests.testing.duo.foreign_duo import (
    MUTANTS,
    ExhaustedGivesPoints,
    ForeignDuoAdapter,
    OneFeatureEnough,
    OthersLoseTheirCards,
    ResultsOnlyAdapter,
    StopBeforeAnyCard,
    SwitchPiles,
    TargetOfTwoPlayers,
    ViewsOnlyAdapter,
)
from tests.testing.suites import Agreement, MachineSpec, Partial, Suite, Variant


def _stop_probed(found: Divergence) -> None:
    """The mutant lists the right moves, so only an offered illegal Stop shows it."""
    assert found.kind == "accepted-illegal"
    assert found.action == {"type": "stop", "player": found.action["player"]}
    # The Stop came before any card of the turn: the turn's last step, if any, passed it.
    states = list(found.record.states())
    assert states[-1].turn_pile is None
    assert states[-1].turn == found.action["player"]


def _target_in_the_first_view(found: Divergence) -> None:
    assert found.step == 0 and not found.record.steps  # the view of a new match shows it
    assert "target" in found.summary
    # The clause of the part that differs first; the setup's after it, at the start.
    assert found.clauses[0] == "duo.game.target"


def _waits(machine: Any) -> None:
    if machine.state.phase is Phase.TURN:
        assert machine.adapter.match.seat == machine.state.turn


def _no_card_placed(state: Any) -> bool:
    return state.turn_pile is None


def _played(gold: Golden) -> Sequence[tuple[Any, Any, Any]]:
    states = list(gold.record.states())
    return [(b, s, a) for (b, a), s in zip(pairwise(states), gold.record.steps, strict=True)]


def _covers(golds: tuple[Golden, ...]) -> None:
    options = [g.record.options for g in golds]
    assert any(o.turbo for o in options)
    assert {o.exhausted for o in options} == {"last-draw", "empty-draw"}
    assert any(o.first_player != 0 for o in options)
    assert sum(g.over for g in golds) >= 6
    assert any(g.over and not g.winners for g in golds)  # stopped by the round limit
    seen: set[str] = set()
    for gold in golds:
        reading = gold.record.options.exhausted
        for before, step, after in _played(gold):
            if isinstance(step, Play):
                if before.turn_pile is not None:
                    seen.add("a turn's second card")
                if step.card == TURBO and before.piles[step.pile][-1] in JOKERS:
                    seen.add("a Turbo-joker on a joker")
                if not before.draw_pile:
                    seen.add("a card played after the draw pile ran out")
            if isinstance(step, Deal) and any(p[0] in JOKERS for p in after.piles):
                seen.add("a joker starting a pile")
            if len(after.round_scores) > len(before.round_scores):
                if isinstance(step, Play):
                    seen.add("a round won")
                elif isinstance(step, Draw):
                    seen.add(f"a round ended by the draw pile ({reading})")
    assert seen == {
        "a turn's second card",
        "a Turbo-joker on a joker",
        "a card played after the draw pile ran out",
        "a joker starting a pile",
        "a round won",
        "a round ended by the draw pile (last-draw)",
        "a round ended by the draw pile (empty-draw)",
    }


SUITE = Suite(
    game="duo",
    adapter=ForeignDuoAdapter,
    mutants=MUTANTS,
    min_mutants=8,
    agreement=Agreement(examples={"dev": 5, "ci": 40, "deep": 400}, steps_per_game=50),
    variants=(
        Variant(name="empty-draw", options=Options(exhausted="empty-draw"), players=(2, 3, 6)),
        Variant(
            name="turbo-second-seat",
            options=Options(turbo=True, first_player=1),
            players=(2, 3, 6),
        ),
        Variant(
            name="turbo-empty-draw-one-round",
            options=Options(turbo=True, exhausted="empty-draw", max_rounds=1),
            players=(2, 3, 6),
        ),
    ),
    partials=(
        Partial(
            name="results-only",
            adapter=ResultsOnlyAdapter,
            answers=frozenset({"scores", "winners", "is_over"}),
            mutant=ExhaustedGivesPoints,
            # Positive points may reach the target: the match then ends in one engine only.
            kinds=("scores", "is_over"),
            clause="duo.score.exhausted",
            plain_steps=400,
        ),
        Partial(
            name="views-only",
            adapter=ViewsOnlyAdapter,
            answers=frozenset({"view"}),
            mutant=TargetOfTwoPlayers,
            kinds=("view",),
            clause="duo.game.target",
            examples=12,
            check={"players": (3, 4, 5, 6)},
            plain_steps=150,
            more=_target_in_the_first_view,
        ),
    ),
    catch={StopBeforeAnyCard: _stop_probed},
    machine=MachineSpec(
        players=(2, 3),
        steps=40,
        waits=_waits,
        bug=SwitchPiles,
        clause="duo.turn.one-pile",
        never=_no_card_placed,
    ),
    golden_clauses=(
        "duo.setup.deal",
        "duo.setup.piles",
        "duo.turn.play",
        "duo.turn.one-pile",
        "duo.turn.stop",
        "duo.turn.draw",
        "duo.place.two-features",
        "duo.place.on-joker",
        "duo.place.joker",
        "duo.place.no-joker-on-joker",
        "duo.place.turbo",
        "duo.round.out",
        "duo.round.exhausted",
        "duo.round.next-starter",
        "duo.score.out",
        "duo.score.exhausted",
        "duo.game.target",
        "duo.game.round-limit",
    ),
    golden_bug=OneFeatureEnough,
    golden_blind=(StopBeforeAnyCard,),
    results_only=((OthersLoseTheirCards, "scores"),),
    golden_covers=_covers,
    probe_options=(None, Options(turbo=True)),
)
