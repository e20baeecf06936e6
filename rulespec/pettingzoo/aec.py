"""The AEC environment: one agent acts at a time, as PettingZoo's ``AECEnv``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy.typing as npt
from pettingzoo import AECEnv

from rulespec.pettingzoo._common import Table, agent_name
from rulespec.rl.episode import Episode

__all__ = ["GameEnv"]


class GameEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """A game of rulespec as a PettingZoo AEC environment; make one with
    :func:`rulespec.pettingzoo.env`.

    The agent to act is the first player of :meth:`Game.to_move`: Duck & Cover's
    simultaneous choices are asked one player after the other, each seeing the
    turn as the rules let them (who has acted, not how). Chance steps never
    show as turns: the environment resolves them with its own random generator.
    """

    def __init__(self, episode: Episode, render_mode: str | None = None) -> None:
        super().__init__()
        self._table = Table(episode, render_mode)
        self.episode = episode
        """The game being played (:class:`~rulespec.rl.episode.Episode`)."""
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"rulespec_{episode.game.id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = list(self._table.possible_agents)
        self.max_steps = episode.max_steps
        """The player actions after which a game is truncated: a bound on its length."""
        self._start()

    # -- spaces --------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """A ``Dict`` of ``"observation"`` (a float32 ``Box`` shaped as the game's
        :meth:`~rulespec.Game.observation_shape`) and ``"action_mask"`` (an int8
        ``Box`` of 0 and 1, one per action id)."""
        return self._table.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(action_space_size)``: the game's action ids."""
        return self._table.action_spaces[agent]

    # -- the loop ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start a new game: the same ``seed`` gives the same game for the same
        actions. ``options={"state": state}`` plays on from a state of this game;
        other keys are ignored (the game's options are set when the environment is
        made)."""
        self._table.reset(seed, options)
        self._start()

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.episode.to_move()[0])

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation (what its view shows) and its action mask (all
        zeros when it is not to act)."""
        return self._table.observe(agent)

    def step(self, action: Any) -> None:
        """Play ``action``, an action id, for :attr:`agent_selection` (``None`` once
        the agent is terminated or truncated).

        An id that is not legal ends the game: the agent receives the illegal
        reward (-1 by default) and ``infos[agent]["illegal_action"]`` says why;
        with ``on_illegal="raise"`` it raises :class:`~rulespec.IllegalAction`
        instead. An action that is not an integer raises :class:`TypeError`.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._table.seat(agent)
        episode = self.episode
        outcome = episode.act({seat: action})
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: outcome.rewards[p] for p, a in enumerate(self.possible_agents)}
        for p, reason in outcome.illegal.items():
            self.infos[agent_name(p)] = {"illegal_action": reason}
        if episode.done:
            self.terminations = dict.fromkeys(self.agents, episode.terminated)
            self.truncations = dict.fromkeys(self.agents, episode.truncated)
            self.agent_selection = agent_name((seat + 1) % episode.players)
        else:
            self.agent_selection = agent_name(episode.to_move()[0])
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The whole table as text with ``render_mode="ansi"`` (hidden cards included:
        it is for people watching, not for the agents); ``None`` otherwise."""
        return self._table.render()

    def close(self) -> None:
        """Nothing to release."""

    @property
    def game_state(self) -> Any:
        """The rulespec state of the game (hidden parts included)."""
        return self.episode.state
