"""Every game's golden records: shipped, documented, regenerated, and agreed by an
independent engine (for the games the tests hold one of)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec import Record
from rulespec.testing import Adapter
from rulespec.testing.golden import (
    FORMAT,
    GoldenMismatch,
    check_golden,
    counts,
    generate,
    load,
    path,
)
from tests.testing.suites import GAMES, suite_of, suites

MAX_BYTES = 300_000
"""The most a golden file may weigh: it ships in the package."""


def _golden_file(game: str) -> Path:
    """The game's golden file; skips the test when the game declares none."""
    if rulespec.game(game).declaration.golden_file is None:
        pytest.skip(f"{game} declares no golden file")
    return path(game)


def _with_golden_clauses() -> list[Any]:
    found = []
    for game in GAMES:
        suite = suites().get(game)
        clauses = suite.golden_clauses if suite is not None else ()
        marks = [pytest.mark.clause(*clauses)] if clauses else []
        found.append(pytest.param(game, marks=marks, id=game))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_file_ships_in_the_package_and_stays_small(game: str) -> None:
    file = _golden_file(game)
    declared = rulespec.game(game).declaration.golden_file
    assert declared is not None
    package, _, inside = declared.partition(":")
    assert file.is_file()
    assert file.name == f"{game}.golden.jsonl"
    assert file.resolve() == Path(str(resources.files(package).joinpath(inside))).resolve()
    if package.startswith("rulespec."):
        assert file.parent.name == "data" and file.parent.parent.name == "testing"
    assert file.stat().st_size < MAX_BYTES


@pytest.mark.parametrize("game", GAMES)
def test_each_line_is_plain_json_in_the_documented_format(game: str) -> None:
    g = rulespec.game(game)
    lines = _golden_file(game).read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(g.declaration.golden) >= 10
    seen_players = set()
    for line in lines:
        data = json.loads(line)
        assert set(data) == {"format", "version", "name", "record", "legal", "over"} | {
            "scores",
            "winners",
        }
        assert (data["format"], data["version"]) == (FORMAT, 1)
        record = data["record"]
        assert (record["format"], record["game"]) == ("rulespec-record", game)
        assert len(data["legal"]) == len(record["steps"])
        players = record["players"]
        seen_players.add(players)
        steps = Record.from_json(json.dumps(record)).steps
        for step, count, written in zip(steps, data["legal"], record["steps"], strict=True):
            chance = not isinstance(step, g.player_action_types)
            assert (count is None) == chance
            if count is not None:
                assert len(count) == players
                assert count[written["player"]] >= 1
                if not g.declaration.simultaneous:
                    # One player acts at a time: only the actor has actions.
                    assert sum(1 for n in count if n) == 1
    assert seen_players == set(range(g.min_players, g.max_players + 1))


@pytest.mark.parametrize("game", GAMES)
def test_the_file_is_what_the_seeds_generate(game: str) -> None:
    _golden_file(game)
    g = rulespec.game(game)
    assert [x.to_json() for x in generate(g)] == [x.to_json() for x in load(g)]


@pytest.mark.parametrize("game", GAMES)
def test_the_counts_replay_in_rulespec(game: str) -> None:
    _golden_file(game)
    g = rulespec.game(game)
    golds = load(g)
    assert golds
    for gold in golds:
        states = list(gold.record.states())
        for i, expected in enumerate(gold.legal):
            assert counts(g, states[i], gold.record.players) == expected, (gold.name, i)
        assert g.scores(states[-1]) == gold.scores
        assert g.winners(states[-1]) == gold.winners
        assert g.is_over(states[-1]) == gold.over


@pytest.mark.parametrize("game", GAMES)
def test_the_golden_games_cover_what_matters(game: str) -> None:
    _golden_file(game)
    suite = suite_of(game)
    if suite.golden_covers is None:
        pytest.skip(f"the tests list no cases the golden games of {game} must reach")
    suite.golden_covers(load(game))


@pytest.mark.parametrize("game", _with_golden_clauses())
def test_an_independent_engine_finds_the_same_counts_and_results(game: str) -> None:
    _golden_file(game)
    suite = suite_of(game)
    assert check_golden(suite.adapter(), game) == len(rulespec.game(game).declaration.golden)


@pytest.mark.parametrize("game", GAMES)
def test_a_legality_bug_fails_the_golden_check(game: str) -> None:
    _golden_file(game)
    suite = suite_of(game)
    with pytest.raises(GoldenMismatch, match="legal actions"):
        check_golden(suite.adapter(suite.golden_bug), game)
    for mutant, mismatch in suite.golden_caught:
        with pytest.raises(GoldenMismatch, match=mismatch):
            check_golden(suite.adapter(mutant), game)


@pytest.mark.parametrize("game", GAMES)
def test_golden_records_hold_legal_steps_only(game: str) -> None:
    """A bug in refusing illegal actions needs the kit's probes: golden games cannot
    show it, while every other mutant fails them."""
    _golden_file(game)
    suite = suite_of(game)
    if not suite.golden_blind:
        pytest.skip(f"no mutant of the {game} engine is known to pass the golden games")
    games = len(rulespec.game(game).declaration.golden)
    for mutant in suite.mutants:
        if mutant in suite.golden_blind:
            assert check_golden(suite.adapter(mutant), game) == games
        else:
            with pytest.raises(GoldenMismatch):
                check_golden(suite.adapter(mutant), game)


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_without_legal_listing_is_checked_on_results_only(game: str) -> None:
    _golden_file(game)
    suite = suite_of(game)
    if not suite.results_only:
        pytest.skip(f"no results-only check of the {game} engine")
    results_only = type("ResultsOnly", (suite.adapter,), {"legal_actions": Adapter.legal_actions})
    games = len(rulespec.game(game).declaration.golden)
    for mutant, mismatch in suite.results_only:
        if mismatch is None:
            assert check_golden(results_only(mutant), game) == games
        else:
            with pytest.raises(GoldenMismatch, match=mismatch):
                check_golden(results_only(mutant), game)
