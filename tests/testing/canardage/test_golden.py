"""Canardage's golden records: shipped, documented, regenerated, and agreed by an
independent engine."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import rulespec
from rulespec.canardage import Card, Discard, Disperse, Play, Reshuffle
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
from tests.testing.canardage.foreign_canardage import (
    DiscardAnyTime,
    ForeignAdapter,
    GoesOnWithOnePlayer,
    PalmeAvantAnyDuck,
    SkipsPlayersOut,
)

CAN = rulespec.game("canardage")


def test_the_file_ships_in_the_package_and_stays_small() -> None:
    file = path(CAN.id)
    assert file.is_file()
    assert file.parent.name == "data" and file.parent.parent.name == "testing"
    assert file.stat().st_size < 400_000


def test_each_line_is_plain_json_in_the_documented_format() -> None:
    lines = path(CAN.id).read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(GAMES[CAN.id]) >= 10
    seen_players = set()
    for line in lines:
        data = json.loads(line)
        assert set(data) == {"format", "version", "name", "record", "legal", "over"} | {
            "scores",
            "winners",
        }
        assert (data["format"], data["version"]) == (FORMAT, 1)
        record = data["record"]
        assert record["format"] == "rulespec-record" and record["game"] == "canardage"
        assert len(data["legal"]) == len(record["steps"])
        players = record["players"]
        seen_players.add(players)
        for step, count in zip(record["steps"], data["legal"], strict=True):
            chance = step["type"] in ("deal", "reshuffle", "disperse")
            assert (count is None) == chance
            if count is not None:
                # One player acts at a time: only the player on turn has actions.
                assert len(count) == players
                assert count[step["player"]] >= 1
                assert sum(1 for c in count if c) == 1
    assert seen_players == {3, 4, 5, 6}


def test_the_file_is_what_the_seeds_generate() -> None:
    assert [g.to_json() for g in generate(CAN)] == [g.to_json() for g in load(CAN)]


def test_the_counts_replay_in_rulespec() -> None:
    for gold in load(CAN):
        states = list(gold.record.states())
        for i, expected in enumerate(gold.legal):
            assert counts(CAN, states[i], gold.record.players) == expected, (gold.name, i)
        assert CAN.scores(states[-1]) == gold.scores
        assert CAN.winners(states[-1]) == gold.winners
        assert CAN.is_over(states[-1]) == gold.over


@pytest.mark.clause(
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
)
def test_an_independent_engine_finds_the_same_counts_and_results() -> None:
    assert check_golden(ForeignAdapter(), CAN) == len(GAMES[CAN.id])


def test_the_golden_games_cover_what_matters() -> None:
    golds = load(CAN)
    assert any(g.record.options != CAN.default_options() for g in golds)
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


def test_a_legality_bug_fails_the_golden_check() -> None:
    with pytest.raises(GoldenMismatch, match="legal actions"):
        check_golden(ForeignAdapter(PalmeAvantAnyDuck), CAN)


def test_a_turn_order_bug_fails_the_golden_check() -> None:
    with pytest.raises(GoldenMismatch):
        check_golden(ForeignAdapter(SkipsPlayersOut), CAN)


def test_an_engine_without_legal_listing_is_checked_on_results_only() -> None:
    class ResultsOnly(ForeignAdapter):
        legal_actions = Adapter.legal_actions  # not provided

    # A bug in what the engine accepts beyond the legal plays goes unseen here...
    assert check_golden(ResultsOnly(DiscardAnyTime), CAN) == len(GAMES[CAN.id])
    # ...a bug in the results does not, nor one that refuses a legal play.
    with pytest.raises(GoldenMismatch, match="winners after the last step"):
        check_golden(ResultsOnly(GoesOnWithOnePlayer), CAN)
    with pytest.raises(GoldenMismatch, match="refused"):
        check_golden(ResultsOnly(PalmeAvantAnyDuck), CAN)
