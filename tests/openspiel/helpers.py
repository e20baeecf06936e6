"""Shared pieces of the OpenSpiel tests: the games in short settings, random play, and an
independent replay of an OpenSpiel history with the rules alone."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pyspiel

import rulespec
from rulespec import openspiel as ros

GAME_IDS = ("canardage", "duck-and-cover", "duo")
PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
THOROUGH = PROFILE in ("ci", "deep")

SHORT: dict[str, dict[str, Any]] = {
    "duo": {"options": {"max_rounds": 1}},
    "canardage": {},
    "duck-and-cover": {} if THOROUGH else {"max_game_length": 40},
}
"""Settings that keep a game quick: one round of Duo; under the dev profile, Duck & Cover
cut after 40 turns (its random games take hundreds)."""


def short(game_id: str, players: int | None = None) -> pyspiel.Game:
    """The OpenSpiel game of ``game_id`` in its short settings (fewest players by default)."""
    rules = rulespec.game(game_id)
    return ros.load(game_id, rules.min_players if players is None else players, **SHORT[game_id])


def step(state: pyspiel.State, rng: np.random.RandomState) -> None:
    """Apply one random move: a chance outcome by its probability, else uniform legal ids."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    elif state.is_simultaneous_node():
        n = state.get_game().num_players()
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(n)])
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def play_out(state: pyspiel.State, rng: np.random.RandomState) -> pyspiel.State:
    """Play ``state`` to its end at random (in place), and return it."""
    while not state.is_terminal():
        step(state, rng)
    return state


def replay(game: pyspiel.Game, history: list[tuple[int, int]]) -> Any:
    """The rules' state after an OpenSpiel ``history`` of (player, action) pairs, rebuilt
    with the rules alone: a chance outcome is the index of the drawn card in the pile as
    :meth:`Game.chance` lists it, a pile whose cards left are all alike fills at once,
    and a move's ids are read against the state before it."""
    rules: Any = game.rules
    state = rules.new_game(game.num_players(), game.settings.options)
    i = 0
    while i < len(history):
        if rules.to_move(state) == (rulespec.CHANCE,):
            orders = []
            for pile in rules.chance(state).piles:
                left, order = list(pile), []
                while left:
                    if len(set(left)) == 1:
                        order += left
                        break
                    player, outcome = history[i]
                    i += 1
                    assert player == rulespec.CHANCE
                    order.append(pile[outcome])
                    left.remove(pile[outcome])
                orders.append(order)
            state = rules.apply(state, rules.chance_action(state, orders))
            continue
        movers = rules.to_move(state)
        move = history[i : i + len(movers)]
        i += len(movers)
        assert [p for p, _ in move] == list(movers)
        actions = [rules.action_from_id(state, p, a) for p, a in move]
        for action in actions:
            state = rules.apply(state, action)
    assert i == len(history)
    return state
