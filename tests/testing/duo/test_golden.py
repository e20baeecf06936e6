"""Duo's golden records: shipped, documented, regenerated, and agreed by an independent
engine."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest

import rulespec
from rulespec.duo import JOKERS, TURBO, Deal, Draw, Play, State
from rulespec.testing import Adapter
from rulespec.testing.golden import (
    FORMAT,
    GAMES,
    Golden,
    GoldenMismatch,
    check_golden,
    counts,
    generate,
    load,
    path,
)
from tests.testing.duo.foreign_duo import (
    MUTANTS,
    ForeignDuoAdapter,
    OneFeatureEnough,
    OthersLoseTheirCards,
    StopBeforeAnyCard,
)

DUO = rulespec.game("duo")


def _played(gold: Golden) -> list[tuple[State, object, State]]:
    states = list(gold.record.states())
    return [(b, s, a) for (b, a), s in zip(pairwise(states), gold.record.steps, strict=True)]


def test_the_file_ships_in_the_package_and_stays_small() -> None:
    file = path(DUO.id)
    assert file.is_file()
    assert file.name == "duo.golden.jsonl"
    assert file.parent.name == "data" and file.parent.parent.name == "testing"
    assert file.stat().st_size < 300_000


def test_each_line_is_plain_json_in_the_documented_format() -> None:
    lines = path(DUO.id).read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(GAMES[DUO.id]) >= 10
    seen_players = set()
    for line in lines:
        data = json.loads(line)
        assert set(data) == {"format", "version", "name", "record", "legal", "over"} | {
            "scores",
            "winners",
        }
        assert (data["format"], data["version"]) == (FORMAT, 1)
        record = data["record"]
        assert (record["format"], record["game"]) == ("rulespec-record", "duo")
        assert len(data["legal"]) == len(record["steps"])
        players = record["players"]
        seen_players.add(players)
        for step, count in zip(record["steps"], data["legal"], strict=True):
            assert (count is None) == (step["type"] == "deal")
            if count is not None:
                # Turns are sequential: the actor alone has actions, at least a Draw or Stop.
                assert len(count) == players
                assert count[step["player"]] >= 1
                assert sum(1 for n in count if n) == 1
    assert seen_players == set(range(2, 7))


def test_the_file_is_what_the_seeds_generate() -> None:
    assert [g.to_json() for g in generate(DUO)] == [g.to_json() for g in load(DUO)]


def test_the_counts_replay_in_rulespec() -> None:
    for gold in load(DUO):
        states = list(gold.record.states())
        for i, expected in enumerate(gold.legal):
            assert counts(DUO, states[i], gold.record.players) == expected, (gold.name, i)
        assert DUO.scores(states[-1]) == gold.scores
        assert DUO.winners(states[-1]) == gold.winners
        assert DUO.is_over(states[-1]) == gold.over


@pytest.mark.clause(
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
)
def test_an_independent_engine_finds_the_same_counts_and_results() -> None:
    assert check_golden(ForeignDuoAdapter(), DUO) == len(GAMES[DUO.id])


def test_the_golden_games_cover_what_matters() -> None:
    golds = load(DUO)
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


def test_a_legality_bug_fails_the_golden_check() -> None:
    with pytest.raises(GoldenMismatch, match="legal actions"):
        check_golden(ForeignDuoAdapter(OneFeatureEnough), DUO)


def test_a_scoring_bug_fails_the_golden_check_on_results_alone() -> None:
    class ResultsOnly(ForeignDuoAdapter):
        legal_actions = Adapter.legal_actions  # not provided

    with pytest.raises(GoldenMismatch, match="scores"):
        check_golden(ResultsOnly(OthersLoseTheirCards), DUO)


def test_golden_records_hold_legal_steps_only() -> None:
    """A bug in refusing illegal actions needs the kit's probes: golden games cannot
    show it, while every other mutant fails them."""
    assert check_golden(ForeignDuoAdapter(StopBeforeAnyCard), DUO) == len(GAMES[DUO.id])
    for mutant in MUTANTS:
        if mutant is not StopBeforeAnyCard:
            with pytest.raises(GoldenMismatch):
                check_golden(ForeignDuoAdapter(mutant), DUO)
