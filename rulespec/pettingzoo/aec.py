"""The AEC environment: one agent acts at a time, as PettingZoo's ``AECEnv``."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy.typing as npt
from pettingzoo import AECEnv

from rulespec.pettingzoo._common import ResetNeeded, TableEnv
from rulespec.rl.episode import Episode

__all__ = ["GameEnv"]


class GameEnv(TableEnv, AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """A game of rulespec as a PettingZoo AEC environment; make one with
    :func:`rulespec.pettingzoo.env`.

    The agent to act is the first player of :meth:`Game.to_move`: Duck & Cover's
    simultaneous choices are asked one player after the other, each seeing the
    turn as the rules let them (who has acted, not how). Every agent that still
    owes a choice has its action mask, not only the agent selected: the turn's
    choices are all made on the same cards, so an agent may read its mask
    before its turn comes (as a parallel policy does); an agent with nothing to
    choose has a mask of zeros. Chance steps never show as turns: the
    environment resolves them with its own random generator.

    Duck & Cover's metadata says ``is_parallelizable``: every agent acts once a
    turn, in seat order, and the game ends (or is truncated) only at the end
    of a turn, an illegal id included (the agents after its sender still
    choose, then the game ends), so PettingZoo's ``aec_to_parallel`` plays
    whole turns with it. Duo and Canardage, one player at a time, say it is
    not, as PettingZoo's turn-based games do
    (:func:`rulespec.pettingzoo.parallel_env` serves them).

    :meth:`step`, :meth:`last`, :meth:`observe`, :meth:`state` and :meth:`render`
    before the first :meth:`reset` raise :class:`~rulespec.pettingzoo.ResetNeeded`,
    as :meth:`step` does once every agent is done.
    """

    def __init__(
        self, episode: Episode, render_mode: str | None = None, observation: str = "flat"
    ) -> None:
        super().__init__()
        self._set_up(episode, render_mode, observation)
        self.metadata["is_parallelizable"] = episode.simultaneous
        self._views = self._table.views
        self._seats = self._table.seats
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
        self._reset = True
        self._start()

    def _start(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.episode.to_move()[0]]
        self._quiet = True  # every reward of the last step was 0
        self._playing = self._reset
        """Whether the environment was reset and its game is not over: a step's usual case."""

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """The agent to act (:attr:`agent_selection`) before each :meth:`step`, while
        some agent is left, at most ``max_iter`` times: PettingZoo's loop,
        ``for agent in env.agent_iter(): ... env.step(action)``."""
        return _Selections(self, max_iter)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation (what its view shows, scaled into the bounds of
        :meth:`observation_space`) and its action mask (all zeros unless it owes a
        choice now)."""
        if not self._reset:
            raise ResetNeeded("reset() the environment before observe()")
        table = self._table
        return table.observe(agent, table.seat(agent) in self.episode.to_move())

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation (``None`` unless ``observe``), cumulative
        reward, termination, truncation and info, as PettingZoo's ``last``."""
        if not self._reset:
            raise ResetNeeded("reset() the environment before last()")
        agent = self.agent_selection
        if observe:
            try:
                observation = self._views[agent](not self.episode._done)
            except (KeyError, TypeError):
                observation = self._table.observe(agent, not self.episode.done)
        else:
            observation = None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Play ``action``, an action id, for :attr:`agent_selection` (``None`` once
        the agent is terminated or truncated).

        An id that is not legal ends the game: the agent receives the illegal
        reward (-1 by default) and ``infos[agent]["illegal_action"]`` says why;
        with ``on_illegal="raise"`` it raises :class:`~rulespec.IllegalAction`
        instead. An action that is not an integer raises :class:`TypeError`.
        """
        agent = self.agent_selection
        if not self._playing:
            if not self._reset:
                raise ResetNeeded("reset() the environment before its first step()")
            if not self.agents:
                raise ResetNeeded("every agent is done: reset() the environment to play again")
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
        seat = self._seats[agent]
        episode = self.episode
        outcome = episode.act_one(seat, action)
        self._cumulative_rewards[agent] = 0.0
        if outcome is not episode.quiet or not self._quiet:
            # Updated in place, and added up, only when a reward is or was not 0.
            step_rewards, rewards = outcome.rewards, self.rewards
            for p, name in enumerate(self.possible_agents):
                rewards[name] = step_rewards[p]
            self._quiet = not any(step_rewards)
            self._accumulate_rewards()
            for p, reason in outcome.illegal.items():
                self.infos[self.possible_agents[p]] = {"illegal_action": reason}
        if not episode._done:
            self.agent_selection = self.possible_agents[episode._movers[0]]
        else:
            self._playing = False
            self.terminations = dict.fromkeys(self.agents, episode.terminated)
            self.truncations = dict.fromkeys(self.agents, episode.truncated)
            self.agent_selection = self.possible_agents[(seat + 1) % episode.players]


class _Selections:
    """What :meth:`GameEnv.agent_iter` gives: each loop over it starts the count again,
    as PettingZoo's ``AECIterable`` does."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: GameEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        if left >= sys.maxsize:  # no count to keep: far more steps than a game takes
            while env.agents:
                yield env.agent_selection
            return
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection
