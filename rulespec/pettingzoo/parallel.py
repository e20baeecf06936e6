"""The parallel environment: every player to move acts in the same step, as
PettingZoo's ``ParallelEnv``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy.typing as npt
from pettingzoo import ParallelEnv

from rulespec.pettingzoo._common import ResetNeeded, TableEnv
from rulespec.rl.episode import Episode

__all__ = ["GameParallelEnv"]

Observations = dict[str, dict[str, npt.NDArray[Any]]]


class GameParallelEnv(TableEnv, ParallelEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """A game of rulespec as a PettingZoo parallel environment; make one with
    :func:`rulespec.pettingzoo.parallel_env`.

    Each step takes the actions of the players to move: in Duck & Cover every
    player still to act this turn, whose choices the turn resolves together (no
    one sees another's choice before); in Duo and Canardage the one player on
    turn. The actions of agents that are not to move are ignored (their action
    mask is all zeros), so an agent may send one every step.

    :meth:`step`, :meth:`state` and :meth:`render` before the first :meth:`reset`
    raise :class:`~rulespec.pettingzoo.ResetNeeded`.
    """

    def __init__(
        self, episode: Episode, render_mode: str | None = None, observation: str = "flat"
    ) -> None:
        self._set_up(episode, render_mode, observation, "_parallel")
        self.agents = list(self.possible_agents)

    def observation_space(self, agent: str) -> Any:
        """As :meth:`rulespec.pettingzoo.aec.GameEnv.observation_space`."""
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(action_space_size)``: the game's action ids."""
        return self._table.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Observations, dict[str, dict[str, Any]]]:
        """Start a new game, as :meth:`GameEnv.reset <rulespec.pettingzoo.aec.GameEnv.reset>`;
        return every agent's observation and info."""
        self._table.reset(seed, options)
        self._reset = True
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        Observations,
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action ids of the agents to move; return observations, rewards,
        terminations, truncations and infos of every agent that was in the game.

        Illegal ids are treated as in the AEC environment: the game ends, each
        agent that sent one receives the illegal reward. A missing action of an
        agent to move raises :class:`ValueError`; a step before the first
        :meth:`reset` or after the end, :class:`~rulespec.pettingzoo.ResetNeeded`.
        """
        episode = self.episode
        if not self._reset:
            raise ResetNeeded("reset() the environment before its first step()")
        if not self.agents:
            raise ResetNeeded("the game is over: reset() the environment to play again")
        ids: dict[int, Any] = {}
        for seat in episode.to_move():
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} is to move: actions has no action for it")
            ids[seat] = actions[agent]
        outcome = episode.act(ids)
        agents = self.agents
        observations = self._observations()
        rewards = {a: outcome.rewards[self._table.seat(a)] for a in agents}
        terminations = dict.fromkeys(agents, episode.terminated)
        truncations = dict.fromkeys(agents, episode.truncated)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        for seat, reason in outcome.illegal.items():
            infos[self.possible_agents[seat]] = {"illegal_action": reason}
        if episode.done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> Observations:
        return {a: self._table.observe(a) for a in self.agents}
