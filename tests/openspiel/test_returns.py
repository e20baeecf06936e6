"""Terminal returns agree with the rules' winners for the same play: a game played in
OpenSpiel is replayed from its history with the rules alone, and must end in the same
state with 1 to each of the rules' winners and 0 to the others."""

from __future__ import annotations

import random

import numpy as np
import pytest

import rulespec
from rulespec import openspiel as ros
from tests.openspiel.helpers import GAME_IDS, THOROUGH, replay

GAMES = 3 if THOROUGH else 1


def _play_with_policy(game_id: str, players: int, seed: int, **settings: object) -> object:
    """A game played in OpenSpiel to its end: chance by its probabilities, players by the
    game's default policy (Duo's greedy policy ends matches; random play rarely does)."""
    game = ros.load(game_id, players, **settings)  # type: ignore[arg-type]
    rules = rulespec.game(game_id)
    policy = rules.policies()[rules.default_policy]
    rng, np_rng = random.Random(seed), np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(np_rng.choice(outcomes, p=probabilities)))
            continue
        table = state.node.state
        movers = rules.to_move(table)
        ids = [rules.action_id(table, policy(rules, table, p, rng)) for p in movers]
        if state.is_simultaneous_node():
            state.apply_actions(ids)
        else:
            state.apply_action(ids[0])
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_returns_are_the_rules_winners(game_id: str) -> None:
    rules = rulespec.game(game_id)
    won = 0
    for seed in range(GAMES):
        players = rules.min_players + seed % 2
        state = _play_with_policy(game_id, players, seed)
        game = state.get_game()  # type: ignore[attr-defined]
        history = [(h.player, h.action) for h in state.full_history()]  # type: ignore[attr-defined]
        table = replay(game, history)
        assert rules.encode_state(table) == rules.encode_state(state.node.state)  # type: ignore[attr-defined]
        assert rules.is_over(table), "the games end by their rules well within the cap"
        winners = rules.winners(table)
        assert state.returns() == [1.0 if p in winners else 0.0 for p in range(players)]  # type: ignore[attr-defined]
        won += bool(winners)
    assert won, "no game had a winner: the returns of a win went untested"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_truncated_games_have_no_winner(game_id: str) -> None:
    state = _play_with_policy(game_id, 4, 1, max_game_length=7)
    assert state.node.truncated and state.node.moves == 7  # type: ignore[attr-defined]
    assert state.returns() == [0.0] * 4  # type: ignore[attr-defined]
    rules = rulespec.game(game_id)
    history = [(h.player, h.action) for h in state.full_history()]  # type: ignore[attr-defined]
    assert not rules.is_over(replay(state.get_game(), history))  # type: ignore[attr-defined]


def test_returns_are_zero_until_the_end() -> None:
    state = ros.load("duo", 2, {"max_rounds": 1}).new_initial_state()
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        assert state.rewards() == [0.0, 0.0] or state.is_chance_node()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.clause("duo.game.round-limit")
def test_duos_default_gives_random_matches_a_winner() -> None:
    """Random players seldom reach Duo's target: under the default settings (50 rounds,
    ``leader_wins``) the round limit ends their match, and the highest total wins."""
    game = ros.load("duo", 2)
    assert game.settings.options.leader_wins and game.settings.options.max_rounds == 50
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    totals = game.rules.scores(state.node.state)
    assert sum(state.returns()) >= 1
    assert state.returns() == [1.0 if t == max(totals) else 0.0 for t in totals]
