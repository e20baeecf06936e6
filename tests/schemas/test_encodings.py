"""Every encoding the codecs produce follows its schema: options, player actions and
chance outcomes, states, views, records and the shipped golden games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.testing import golden
from rulespec.testing.strategies import Played
from tests.schemas.games import GAME_IDS, played
from tests.schemas.helpers import examples, problems, valid


def _follows(name: str, data: Any) -> None:
    if valid(name, data):
        return
    found = problems(name, data)
    assert not found, f"{name}: {json.dumps(data)[:300]} …\n" + "\n".join(found[:5])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_played_games_follow_the_schemas(game_id: str) -> None:
    g = rulespec.game(game_id)

    @settings(max_examples=examples(3, most=60))
    @given(played(game_id, max_steps=50))
    def check(game: Played) -> None:
        record = game.record
        _follows(f"{game_id}/options", g.encode_options(record.options))
        _follows(f"{game_id}/record", record.to_data())
        for i, (state, step) in enumerate(zip(record.states(), record.steps, strict=False)):
            _follows(f"{game_id}/state", g.encode_state(state))
            _follows(f"{game_id}/view", g.encode_view(g.view(state, i % record.players)))
            chance = g.to_move(state) == (CHANCE,)
            _follows(f"{game_id}/{'chance' if chance else 'action'}", g.encode_action(step))
        _follows(f"{game_id}/state", g.encode_state(game.state))
        for player in range(record.players):
            _follows(f"{game_id}/view", g.encode_view(g.view(game.state, player)))
        for player in g.to_move(game.state):
            if player != CHANCE:
                for action in g.legal_actions(game.state, player):
                    _follows(f"{game_id}/action", g.encode_action(action))

    check()


def test_a_wrong_step_kind_is_refused() -> None:
    # A chance outcome is not a player's action, nor the reverse.
    dc = rulespec.game("duck-and-cover")
    state = dc.new_game(2)
    deal = dc.encode_action(dc.sample_chance(state, random.Random(1)))
    assert problems("duck-and-cover/chance", deal) == []
    assert problems("duck-and-cover/action", deal)
    assert problems("duck-and-cover/chance", {"type": "quack", "player": 0})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_golden_games_follow_the_golden_schema(game_id: str) -> None:
    lines = golden.path(game_id).read_text(encoding="utf-8").splitlines()
    assert lines
    for line in lines:
        data = json.loads(line)
        # Each distinct step once: a list's items are checked one by one, so the same
        # verdict at a fraction of the cost.
        steps = list({json.dumps(s, sort_keys=True): s for s in data["record"]["steps"]}.values())
        assert steps
        _follows(f"{game_id}/golden", {**data, "record": {**data["record"], "steps": steps}})


def test_the_golden_schema_ties_counts_and_scores_to_the_players() -> None:
    line = golden.path("duo").read_text(encoding="utf-8").splitlines()[0]
    data = json.loads(line)
    players = data["record"]["players"]
    seat_counts = next(c for c in data["legal"] if c is not None)
    assert len(seat_counts) == players
    short = {**data, "legal": [None, seat_counts[:-1]]}
    assert any("legal" in p for p in problems("duo/golden", short))
    assert problems("duo/golden", {**data, "scores": [*data["scores"], 0]})
    assert problems("duo/golden", {**data, "winners": [players]})
    assert problems("duo/golden", {**data, "record": {**data["record"], "game": "canardage"}})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_record_may_keep_the_seed_of_an_engine_drawing_chance(game_id: str) -> None:
    g = rulespec.game(game_id)
    data = rulespec.Record.play(g, g.min_players, seed=1, steps=3).to_data()
    assert "chance_seed" not in data
    for seed in (0, 2**32 - 1):
        assert problems(f"{game_id}/record", {**data, "chance_seed": seed}) == []
    for bad in (-1, 2**32, 1.5, "1", None, True):
        assert problems(f"{game_id}/record", {**data, "chance_seed": bad}), bad
