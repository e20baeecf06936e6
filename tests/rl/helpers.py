"""Shared pieces of the environment tests: the games, short settings, a random player."""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np

import rulespec

GAME_IDS = ("canardage", "duck-and-cover", "duo")
PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
THOROUGH = PROFILE in ("ci", "deep")

SHORT: dict[str, dict[str, Any]] = {"duo": {"max_rounds": 1}}
"""Settings that keep a whole game short: one round of Duo (its 50 rounds take
thousands of steps)."""

SIGN = {"duck-and-cover": -1, "duo": 1, "canardage": 1}
"""Whether a higher score is better, written out here (not read from the game)."""


def seats(game_id: str) -> tuple[int, int]:
    """The fewest and the most players of the game."""
    g = rulespec.game(game_id)
    return g.min_players, g.max_players


def choose(observation: dict[str, Any], rng: random.Random) -> int:
    """A legal id drawn uniformly from the observation's action mask."""
    legal = np.flatnonzero(observation["action_mask"])
    assert len(legal) > 0, "an agent asked to act has no legal id"
    return int(rng.choice(list(legal)))


def play_out(env: Any, rng: random.Random) -> tuple[list[tuple[str, int]], dict[str, float]]:
    """Play ``env`` (an AEC environment just reset) to its end with uniform legal ids:
    the (agent, id) sent, and each agent's rewards added up."""
    sent: list[tuple[str, int]] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
        else:
            action = choose(observation, rng)
            sent.append((agent, action))
            env.step(action)
        for name, reward in env.rewards.items():
            totals[name] += reward
    return sent, totals
