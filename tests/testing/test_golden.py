"""The golden records: shipped, documented, regenerated, and agreed by an independent engine."""

from __future__ import annotations

import json

import pytest

import rulespec
from rulespec.testing import Adapter
from rulespec.testing.golden import (
    FORMAT,
    GAMES,
    GoldenMismatch,
    check_golden,
    counts,
    generate,
    load,
    path,
)
from tests.testing.foreign_duck_cover import CoverDiagonal, ForeignAdapter, QuackAnyTime

DC = rulespec.game("duck-and-cover")


def test_the_file_ships_in_the_package_and_stays_small() -> None:
    file = path(DC.id)
    assert file.is_file()
    assert file.parent.name == "data" and file.parent.parent.name == "testing"
    assert file.stat().st_size < 400_000


def test_each_line_is_plain_json_in_the_documented_format() -> None:
    lines = path(DC.id).read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(GAMES[DC.id]) >= 10
    seen_players = set()
    for line in lines:
        data = json.loads(line)
        assert set(data) == {"format", "version", "name", "record", "legal", "over"} | {
            "scores",
            "winners",
        }
        assert (data["format"], data["version"]) == (FORMAT, 1)
        record = data["record"]
        assert record["format"] == "rulespec-record"
        assert len(data["legal"]) == len(record["steps"])
        players = record["players"]
        seen_players.add(players)
        for step, count in zip(record["steps"], data["legal"], strict=True):
            chance = step["type"] in ("deal", "reshuffle")
            assert (count is None) == chance
            if count is not None:
                assert len(count) == players
                assert count[step["player"]] >= 1
    assert seen_players == set(range(2, 8))


def test_the_file_is_what_the_seeds_generate() -> None:
    assert [g.to_json() for g in generate(DC)] == [g.to_json() for g in load(DC)]


def test_the_counts_replay_in_rulespec() -> None:
    for gold in load(DC):
        states = list(gold.record.states())
        for i, expected in enumerate(gold.legal):
            assert counts(DC, states[i], gold.record.players) == expected, (gold.name, i)
        assert DC.scores(states[-1]) == gold.scores
        assert DC.winners(states[-1]) == gold.winners
        assert DC.is_over(states[-1]) == gold.over


@pytest.mark.clause(
    "dc.move.cover",
    "dc.move.duck",
    "dc.move.duck-adjacent",
    "dc.move.quack",
    "dc.special.max",
    "dc.score.splashes",
    "dc.score.sign",
    "dc.game.winner",
    "dc.game.tiebreak",
)
def test_an_independent_engine_finds_the_same_counts_and_results() -> None:
    assert check_golden(ForeignAdapter(), DC) == len(GAMES[DC.id])


def test_the_golden_games_cover_what_matters() -> None:
    golds = load(DC)
    assert any(g.record.options != DC.default_options() for g in golds)
    assert sum(g.over for g in golds) >= 6
    assert any(len(g.winners) > 1 for g in golds)  # a shared victory
    steps = [s for g in golds for s in g.record.steps]
    assert any(type(s).__name__ == "Reshuffle" for s in steps)
    assert any(type(s).__name__ == "Quack" for s in steps)


def test_a_legality_bug_fails_the_golden_check() -> None:
    with pytest.raises(GoldenMismatch, match="legal actions"):
        check_golden(ForeignAdapter(CoverDiagonal), DC)


def test_an_engine_without_legal_listing_is_checked_on_results_only() -> None:
    class ResultsOnly(ForeignAdapter):
        legal_actions = Adapter.legal_actions  # not provided

    assert check_golden(ResultsOnly(QuackAnyTime), DC) == len(GAMES[DC.id])
