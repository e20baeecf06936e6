"""Several games stepped together, with stacked NumPy observations and masks (needs
the ``rl`` extra).

:class:`GameVectorEnv` plays ``num_envs`` games of one game at once, as a
parallel environment would play each: in a step every player to move acts (in
Duck & Cover every player still to act this turn, in Duo and Canardage the
player on turn). Everything comes stacked, games first, then seats:

- observations: a ``Dict`` of ``"observation"``, float32 of shape
  ``(num_envs, players, *observation_shape)`` scaled as in the single
  environments, and ``"action_mask"``, int8 of shape
  ``(num_envs, players, action_space_size)``, all zeros for a player who is not
  to move;
- actions: integers of shape ``(num_envs, players)``; only the entries of
  players to move are read;
- rewards: float32 ``(num_envs, players)``; terminations and truncations:
  bool ``(num_envs,)``.

**Auto-reset** (Gymnasium's "same-step" mode): when a game ends in a step, its
rewards, termination and truncation are returned for that step, but its
observation is already the first of a new game (dealt with the game's own
random generator); the observation at the end is in
``infos["final_observation"][i]`` (a ``Dict`` like a single environment's,
``None`` for a game that did not end) and ``infos["_final_observation"]`` flags
the games that ended.

>>> from rulespec.pettingzoo.vector import vector_env
>>> envs = vector_env("duo", 8, players=2, max_rounds=1)
>>> observations, infos = envs.reset(seed=1)
>>> observations["observation"].shape, observations["action_mask"].shape
((8, 2, 254), (8, 2, 156))
>>> actions = observations["action_mask"].argmax(axis=2)  # a legal id for each mover
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, terminations.shape
((8, 2), (8,))
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt

from rulespec.core.checks import integer
from rulespec.pettingzoo._common import ResetNeeded, make_episode
from rulespec.pettingzoo._observe import Observer
from rulespec.rl.episode import OnIllegal, Reward

__all__ = ["GameVectorEnv", "vector_env"]

Observations = dict[str, npt.NDArray[Any]]


def vector_env(
    game_id: str,
    num_envs: int,
    players: int = 4,
    options: Any = None,
    *,
    reward: Reward = "win",
    max_rounds: int | None = None,
    max_steps: int | None = None,
    on_illegal: OnIllegal = "lose",
    illegal_reward: float = -1.0,
) -> GameVectorEnv:
    """``num_envs`` games of ``game_id`` stepped together; the other arguments as for
    :func:`rulespec.pettingzoo.env`. Raises :class:`ValueError` for ``num_envs`` below 1.
    """
    return GameVectorEnv(
        game_id,
        num_envs,
        players,
        options,
        reward=reward,
        max_rounds=max_rounds,
        max_steps=max_steps,
        on_illegal=on_illegal,
        illegal_reward=illegal_reward,
    )


class GameVectorEnv:
    """``num_envs`` games of one game, stepped together (see the module's description);
    make one with :func:`vector_env`."""

    metadata: ClassVar[dict[str, str]] = {"autoreset_mode": "same-step"}

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        players: int = 4,
        options: Any = None,
        *,
        reward: Reward = "win",
        max_rounds: int | None = None,
        max_steps: int | None = None,
        on_illegal: OnIllegal = "lose",
        illegal_reward: float = -1.0,
    ) -> None:
        count = integer(num_envs, "num_envs")
        if count < 1:
            raise ValueError(f"num_envs must be at least 1, not {count}")
        self.num_envs = count
        self.episodes = [
            make_episode(
                game_id,
                players,
                options,
                reward=reward,
                max_rounds=max_rounds,
                max_steps=max_steps,
                on_illegal=on_illegal,
                illegal_reward=illegal_reward,
            )
            for _ in range(count)
        ]
        """Each game (:class:`~rulespec.rl.episode.Episode`)."""
        self._observers = [Observer(e) for e in self.episodes]
        first = self.episodes[0]
        self.players = first.players
        self.action_space_size = first.action_space_size
        self.observation_shape = first.observation_shape
        observer = self._observers[0]
        low = observer.low.reshape(first.observation_shape)
        high = observer.high.reshape(first.observation_shape)
        self.single_observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low, high, low.shape, np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.action_space_size,), np.int8),
            }
        )
        """One player's observation, as in the single environments."""
        stacked = (count, self.players)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    np.broadcast_to(low, stacked + low.shape),
                    np.broadcast_to(high, stacked + high.shape),
                    stacked + low.shape,
                    np.float32,
                ),
                "action_mask": gymnasium.spaces.Box(
                    0, 1, (*stacked, self.action_space_size), np.int8
                ),
            }
        )
        """Every game's and every player's observation, stacked."""
        self.single_action_space = gymnasium.spaces.Discrete(self.action_space_size)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(stacked, self.action_space_size))
        self._reset = False

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start a new game everywhere: with ``seed``, game ``i`` is seeded with
        ``seed + i`` (so the same seed gives the same games). ``options`` is ignored
        (the game's options are set when the environments are made)."""
        for i, episode in enumerate(self.episodes):
            if seed is not None:
                episode.seed(integer(seed, "seed") + i)
            episode.reset()
        self._reset = True
        return self._observations(), {}

    def step(
        self, actions: Any
    ) -> tuple[
        Observations,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play each game's players to move with their ``actions[i, seat]``; return the
        stacked observations, rewards, terminations, truncations and infos (games
        that end are reset at once: see the module's description).

        An illegal id ends its game as in the single environments (the sender
        receives the illegal reward; ``infos["illegal_action"][i]`` maps its seat to
        the reason). Raises :class:`ValueError` for ``actions`` of another shape or
        not integers, :class:`~rulespec.pettingzoo.ResetNeeded` before :meth:`reset`.
        """
        if not self._reset:
            raise ResetNeeded("reset() the environments before their first step()")
        ids = np.asarray(actions)
        shape = (self.num_envs, self.players)
        if ids.shape != shape or not np.issubdtype(ids.dtype, np.integer):
            raise ValueError(
                f"actions must be integers of shape {shape}, not {ids.dtype} {ids.shape}"
            )
        rewards = np.zeros(shape, dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        final: list[Observations | None] = [None] * self.num_envs
        illegal: list[dict[int, str]] = [{} for _ in range(self.num_envs)]
        for i, episode in enumerate(self.episodes):
            row = ids[i].tolist()
            outcome = episode.act({p: row[p] for p in episode.to_move()})
            rewards[i] = outcome.rewards
            if episode.done:
                terminations[i] = episode.terminated
                truncations[i] = episode.truncated
                illegal[i] = dict(outcome.illegal)
                final[i] = self._game_observations(i)
                episode.reset()
        ended = terminations | truncations
        infos: dict[str, Any] = {
            "final_observation": np.array(final, dtype=object),
            "_final_observation": ended,
            "illegal_action": illegal,
        }
        return self._observations(), rewards, terminations, truncations, infos

    def _game_observations(self, i: int) -> Observations:
        """Game ``i``'s observations and masks, every seat."""
        episode, observer = self.episodes[i], self._observers[i]
        masks = np.zeros((self.players, self.action_space_size), dtype=np.int8)
        for p in episode.to_move():
            masks[p] = np.frombuffer(episode.legal_action_flags(p), dtype=np.int8)
        return {
            "observation": np.stack([observer.observe(p) for p in range(self.players)]),
            "action_mask": masks,
        }

    def _observations(self) -> Observations:
        shape = (self.num_envs, self.players)
        observations = np.empty(shape + self.observation_shape, dtype=np.float32)
        masks = np.zeros((*shape, self.action_space_size), dtype=np.int8)
        for i, (episode, observer) in enumerate(zip(self.episodes, self._observers, strict=True)):
            for p in range(self.players):
                observations[i, p] = observer.observe(p)
            for p in episode.to_move():
                masks[i, p] = np.frombuffer(episode.legal_action_flags(p), dtype=np.int8)
        return {"observation": observations, "action_mask": masks}

    def close(self) -> None:
        """Nothing to release."""
