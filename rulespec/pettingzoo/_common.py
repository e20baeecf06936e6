"""What the AEC and the parallel environments share: the game's set-up, agent
names, spaces, observations and the text board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import rulespec
from rulespec.core.checks import wrong_type
from rulespec.core.game import Game
from rulespec.rl.episode import Episode, OnIllegal, Reward

__all__ = ["RENDER_MODES", "Table", "agent_name", "make_episode"]

RENDER_MODES = ("ansi",)


def agent_name(seat: int) -> str:
    """The agent of seat ``seat``: ``"player_0"``, ``"player_1"``, …"""
    return f"player_{seat}"


def make_episode(
    game_id: str,
    players: int,
    options: Any,
    *,
    reward: Reward,
    max_rounds: int | None,
    max_steps: int | None,
    on_illegal: OnIllegal,
    illegal_reward: float,
) -> Episode:
    """The episode an environment drives; ``options`` may be the game's options or their
    JSON data (as :meth:`Game.encode_options` writes them)."""
    if not isinstance(game_id, str):
        raise wrong_type("game_id", game_id, "a game id (str)")
    g: Game[Any, Any, Any, Any] = rulespec.game(game_id)
    if isinstance(options, Mapping):
        options = g.decode_options(options)
    return Episode(
        g,
        players,
        options,
        reward=reward,
        max_rounds=max_rounds,
        max_steps=max_steps,
        on_illegal=on_illegal,
        illegal_reward=illegal_reward,
    )


class Table:
    """An episode seen through PettingZoo's names and spaces."""

    def __init__(self, episode: Episode, render_mode: str | None) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.episode = episode
        self.render_mode = render_mode
        self.possible_agents = [agent_name(p) for p in range(episode.players)]
        self.seats = {name: p for p, name in enumerate(self.possible_agents)}
        n, shape = episode.action_space_size, episode.observation_shape
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-np.inf, np.inf, shape, np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }

    def seat(self, agent: str) -> int:
        """The seat of ``agent``; a :class:`KeyError` naming it when there is none."""
        try:
            return self.seats[agent]
        except (KeyError, TypeError):
            raise KeyError(f"no agent {agent!r} (agents: {', '.join(self.seats)})") from None

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation and action mask now."""
        seat, episode = self.seat(agent), self.episode
        flat = episode.observation(seat)
        numbers = np.fromiter(flat, dtype=np.float32, count=len(flat))
        mask = np.zeros(episode.action_space_size, dtype=np.int8)
        mask[list(episode.legal_action_ids(seat))] = 1
        return {"observation": numbers.reshape(episode.observation_shape), "action_mask": mask}

    def render(self) -> str | None:
        """The whole table as text (``render_mode="ansi"``), hidden cards included."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return str(self.episode.state)

    def reset(self, seed: int | None, options: Mapping[str, Any] | None) -> None:
        """Reseed when ``seed`` is given, then start a new game (or play on from
        ``options["state"]``)."""
        if seed is not None:
            self.episode.seed(seed)
        self.episode.reset(None if not options else options.get("state"))
