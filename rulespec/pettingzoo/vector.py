"""Several games stepped together, with stacked NumPy observations and masks (needs
the ``rl`` extra).

:class:`GameVectorEnv` plays ``num_envs`` games of one game at once, as a
parallel environment would play each: in a step every player to move acts (in
Duck & Cover every player still to act this turn, in Duo and Canardage the
player on turn). Everything comes stacked, games first, then seats:

- observations: a ``Dict`` of ``"observation"``, float32 of shape
  ``(num_envs, players, *observation_shape)`` scaled as in the single
  environments, and ``"action_mask"``, int8 of shape
  ``(num_envs, players, action_space_size)``; the rows of a player who is not
  to move are all zeros, observation and mask (only the players who act read
  theirs, and writing the others' would cost as much again in Duo and
  Canardage, where one player of several moves); with
  ``observation="planes"`` (a game with spatial planes: Duck & Cover), a third
  entry, ``"planes"``, float32 of shape ``(num_envs, players, *planes_shape)``,
  each mover's grids laid out as in the single environments (zeros for the
  other players);
- actions: integers of shape ``(num_envs, players)``; only the entries of
  players to move are read;
- rewards: float32 ``(num_envs, players)``; terminations and truncations:
  bool ``(num_envs,)``.

**Auto-reset**, Gymnasium 1.x's same-step mode (``metadata["autoreset_mode"]``
is ``gymnasium.vector.AutoresetMode.SAME_STEP``): when a game ends in a step,
its rewards, termination and truncation are returned for that step, but its
observation is already the first of a new game (dealt with the game's own
random generator). When a game ended, ``infos["final_obs"][i]`` is its last
observation (a ``Dict`` like a single environment's, every seat written;
``None`` for a game that did not end), ``infos["final_info"]`` its last info
(``"steps"``, the player actions it took, and ``"illegal_action"``, the seats
whose illegal id ended it with the reason), and ``infos["_final_obs"]`` and
``infos["_final_info"]`` flag the games that ended; the keys are there only
in a step where a game ended. ``infos["illegal_action"][i]`` is there at
every step.

``reset(seed=...)`` takes a non-negative integer (game ``i`` gets ``seed + i``)
or one seed per game (``None`` leaves that game's generator as it is); a step
before :meth:`~GameVectorEnv.reset` raises :class:`~rulespec.pettingzoo.ResetNeeded`,
and anything but :meth:`~GameVectorEnv.close` after it raises Gymnasium's
``ClosedEnvironmentError``.

>>> from rulespec.pettingzoo.vector import vector_env
>>> envs = vector_env("duo", 8, players=2, max_rounds=1)
>>> observations, infos = envs.reset(seed=1)
>>> observations["observation"].shape, observations["action_mask"].shape
((8, 2, 254), (8, 2, 156))
>>> actions = observations["action_mask"].argmax(axis=2)  # a legal id for each mover
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, terminations.shape
((8, 2), (8,))
>>> grids = vector_env("duck-and-cover", 4, players=3, observation="planes")
>>> grids.reset(seed=2)[0]["planes"].shape  # 3 grids of 3 + 3 channels, 12 by 12
(4, 3, 18, 12, 12)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import gymnasium
import gymnasium.vector
import numpy as np
import numpy.typing as npt

from rulespec.core.checks import integer
from rulespec.pettingzoo._common import OBSERVATIONS, ResetNeeded, make_episode
from rulespec.pettingzoo._observe import Observer
from rulespec.rl.episode import Episode, OnIllegal, Reward

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
    observation: str = "flat",
) -> GameVectorEnv:
    """``num_envs`` games of ``game_id`` stepped together; the other arguments as for
    :func:`rulespec.pettingzoo.env` (``observation="planes"`` adds each mover's
    spatial planes, for a game that has them). Raises :class:`ValueError` for
    ``num_envs`` below 1 or an ``observation`` the game does not offer.
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
        observation=observation,
    )


class GameVectorEnv(gymnasium.vector.VectorEnv[Observations, Any, Any]):
    """``num_envs`` games of one game, stepped together (see the module's description);
    make one with :func:`vector_env`."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012

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
        observation: str = "flat",
    ) -> None:
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be 'flat' or 'planes', not {observation!r}")
        count = integer(num_envs, "num_envs")
        if count < 1:
            raise ValueError(f"num_envs must be at least 1, not {count}")
        self.num_envs = count
        self.episodes = [
            make_episode(
                game_id, players, options, reward, max_rounds, max_steps, on_illegal, illegal_reward
            )
            for _ in range(count)
        ]
        """Each game (:class:`~rulespec.rl.episode.Episode`)."""
        self._observers = [Observer(e) for e in self.episodes]
        first = self.episodes[0]
        encoding: Any = first.game.encoding
        self._planes: Any = None
        self._planes_shape: tuple[int, ...] = ()
        if observation == "planes":
            self._planes = getattr(encoding, "observation_planes", None)
            if self._planes is None:
                raise ValueError(f"{first.game.id} has no spatial planes: observation='flat'")
            self._planes_shape = tuple(
                encoding.observation_planes_shape(first.players, first.options)
            )
        self.players = first.players
        self.action_space_size = first.action_space_size
        self._length = self._observers[0].length
        self._plain = all(o.plain for o in self._observers)
        self._scale = self._observers[0].scale
        self._idle_flags = bytes(self.action_space_size)
        # With plain observations, each seat's writer keeps its numbers (unscaled) in its
        # own buffer, whose bytes a step gathers for the players to move.
        self._rows = count * self.players
        self._unscaled = bool((self._scale == 1).all())
        self._games = []
        for i, (e, o) in enumerate(zip(self.episodes, self._observers, strict=True)):
            seats = o.sources() if self._plain else ()
            base = i * self.players
            self._games.append((i, base, e, seats, e.act_one, e.legal_action_flags, e.quiet))
        self.observation_shape = first.observation_shape
        observer = self._observers[0]
        low = observer.low.reshape(first.observation_shape)
        high = observer.high.reshape(first.observation_shape)
        single: dict[str, gymnasium.spaces.Space[Any]] = {
            "observation": gymnasium.spaces.Box(low, high, low.shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.action_space_size,), np.int8),
        }
        if self._planes is not None:
            single["planes"] = gymnasium.spaces.Box(0.0, 1.0, self._planes_shape, np.float32)
        self.single_observation_space = gymnasium.spaces.Dict(single)
        """One player's observation, as in the single environments."""
        stacked = (count, self.players)
        every: dict[str, gymnasium.spaces.Space[Any]] = {
            "observation": gymnasium.spaces.Box(
                np.broadcast_to(low, stacked + low.shape),
                np.broadcast_to(high, stacked + high.shape),
                stacked + low.shape,
                np.float32,
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, (*stacked, self.action_space_size), np.int8),
        }
        if self._planes is not None:
            every["planes"] = gymnasium.spaces.Box(
                0.0, 1.0, stacked + self._planes_shape, np.float32
            )
        self.observation_space = gymnasium.spaces.Dict(every)
        """Every game's and every player's observation, stacked."""
        self.single_action_space = gymnasium.spaces.Discrete(self.action_space_size)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(stacked, self.action_space_size))
        self._reset = False

    def reset(
        self, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start a new game everywhere: with ``seed``, game ``i`` is seeded with
        ``seed + i`` (so the same seed gives the same games), or with ``seed[i]`` from
        a list of one seed (or ``None``) per game. ``options`` is ignored (the game's
        options are set when the environments are made).

        Raises :class:`ValueError` for a negative seed or a list of another length,
        :class:`TypeError` for a seed that is not an integer.
        """
        self._check_open()
        seeds = _seeds(seed, self.num_envs)
        for episode, each in zip(self.episodes, seeds, strict=True):
            if each is not None:
                episode.seed(each)
            episode.reset()
        self._reset = True
        observations = self._observations()
        if self._planes is not None:
            observations["planes"] = self._every_planes()
        return observations, {}

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
        self._check_open()
        if not self._reset:
            raise ResetNeeded("reset() the environments before their first step()")
        ids = actions if type(actions) is np.ndarray else np.asarray(actions)
        shape = (self.num_envs, self.players)
        if ids.shape != shape or ids.dtype.kind not in "iu":
            raise ValueError(
                f"actions must be integers of shape {shape}, not {ids.dtype} {ids.shape}"
            )
        rewards = np.zeros(shape, dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        illegal: list[Mapping[int, str]] = [_NONE] * self.num_envs
        final: list[Observations | None] | None = None
        lengths: list[int] = []
        rows = ids.tolist()
        # With plain observations, each game's movers are written as soon as it has
        # played: their rows, the bytes of their numbers and their flags kept in lists.
        plain = self._plain
        moving: list[int] = []
        numbers: list[memoryview] = []
        flags: list[bytes] = []
        for i, base, episode, seats, act_one, flags_of, quiet in self._games:
            row = rows[i]
            movers = episode.to_move()
            if len(movers) == 1:
                mover = movers[0]
                outcome = act_one(mover, row[mover])
            else:
                outcome = episode.act({p: row[p] for p in movers})
            if outcome is not quiet:
                rewards[i] = outcome.rewards
            if episode.done:
                terminations[i] = episode.terminated
                truncations[i] = episode.truncated
                illegal[i] = dict(outcome.illegal)
                if final is None:
                    final, lengths = [None] * self.num_envs, [0] * self.num_envs
                lengths[i] = episode.steps
                final[i] = self._game_observations(i)
                episode.reset()
            if plain:
                _gather(episode, base, seats, flags_of, moving, numbers, flags)
        infos: dict[str, Any] = {"illegal_action": illegal}
        if final is not None:
            ended = terminations | truncations
            infos["final_obs"] = _objects(final)
            infos["_final_obs"] = ended
            infos["final_info"] = {
                "steps": np.array(lengths, dtype=np.int64),
                "_steps": ended,
                "illegal_action": _objects(illegal),
                "_illegal_action": ended,
            }
            infos["_final_info"] = ended
        observations = self._plain_rows(moving, numbers, flags) if plain else self._observations()
        if self._planes is not None:
            observations["planes"] = self._every_planes()
        return observations, rewards, terminations, truncations, infos

    def _check_open(self) -> None:
        if self.closed:
            raise gymnasium.error.ClosedEnvironmentError(
                "the vector environment is closed: make a new one"
            )

    def _game_observations(self, i: int) -> Observations:
        """Game ``i``'s observations (every seat) and masks."""
        episode, observer = self.episodes[i], self._observers[i]
        masks = np.zeros((self.players, self.action_space_size), dtype=np.int8)
        for p in episode.to_move():
            masks[p] = np.frombuffer(episode.legal_action_flags(p), dtype=np.int8)
        observations: Observations = {
            "observation": np.stack([observer.observe(p) for p in range(self.players)]),
            "action_mask": masks,
        }
        if self._planes is not None:
            observations["planes"] = self._planes_of(i, range(self.players))
        return observations

    def _planes_of(self, i: int, seats: Iterable[int]) -> npt.NDArray[np.float32]:
        """The spatial planes of game ``i`` for each seat (zeros but for ``seats``)."""
        planes = np.zeros((self.players, math.prod(self._planes_shape)), dtype=np.float32)
        state = self.episodes[i].state
        for p in seats:
            cells = self._planes(state, p)
            if cells:
                where, values = zip(*cells, strict=True)
                planes[p, list(where)] = values
        return planes.reshape((self.players, *self._planes_shape))

    def _every_planes(self) -> npt.NDArray[np.float32]:
        """The spatial planes of every game, by seat: zeros but for the players to move."""
        return np.stack([self._planes_of(i, e.to_move()) for i, e in enumerate(self.episodes)])

    def _observations(self) -> Observations:
        """The movers' observations and masks in every game (zeros for the others)."""
        if self._plain:
            return self._plain_observations()
        players, length = self.players, self._length
        rows = self.num_envs * players
        # Each mover's row written, each other row set to zeros: every row is written
        # once (the players of a game usually all move, so zeroing it all first would
        # write most of the array twice).
        flags = [self._idle_flags] * rows
        observations = np.empty((rows, length), dtype=np.float32)
        flat = observations.reshape(-1)
        span = players * length
        row = 0
        for episode, observer in zip(self.episodes, self._observers, strict=True):
            movers = episode.to_move()
            if len(movers) != players or not observer.write_every(flat[row * length :][:span]):
                for p in range(players):
                    if p in movers:
                        observer.write(p, observations[row + p])
                    else:
                        observations[row + p] = 0.0
            for p in movers:
                flags[row + p] = episode.legal_action_flags(p)
            row += players
        masks = np.frombuffer(b"".join(flags), dtype=_INT8).copy()
        return self._stacked(observations, masks)

    def _plain_observations(self) -> Observations:
        """:meth:`_observations` when every observation is its writer's numbers scaled."""
        moving: list[int] = []
        numbers: list[memoryview] = []
        flags: list[bytes] = []
        for _, base, episode, seats, _, flags_of, _ in self._games:
            _gather(episode, base, seats, flags_of, moving, numbers, flags)
        return self._plain_rows(moving, numbers, flags)

    def _plain_rows(
        self, moving: list[int], numbers: list[memoryview], flags: list[bytes]
    ) -> Observations:
        """The stacked observations and masks: in the rows ``moving`` (of the players to
        move), the bytes of their writers' ``numbers``, scaled in one multiplication,
        and their mask ``flags``; zeros elsewhere."""
        rows = np.array(moving, dtype=np.intp)
        written = np.frombuffer(b"".join(numbers), dtype=np.float32).reshape(len(rows), -1)
        observations = np.zeros((self._rows, self._length), dtype=np.float32)
        observations[rows] = written if self._unscaled else written * self._scale
        masks = np.zeros((self._rows, self.action_space_size), dtype=np.int8)
        masks[rows] = np.frombuffer(b"".join(flags), dtype=np.int8).reshape(len(rows), -1)
        return self._stacked(observations, masks)

    def _stacked(self, observations: npt.NDArray[Any], masks: npt.NDArray[Any]) -> Observations:
        """The rows of every game and seat, shaped games first, then seats."""
        shape = (self.num_envs, self.players)
        return {
            "observation": observations.reshape(shape + self.observation_shape),
            "action_mask": masks.reshape((*shape, self.action_space_size)),
        }

    def close(self, **kwargs: Any) -> None:
        """Close the environments: any later call but ``close`` raises Gymnasium's
        ``ClosedEnvironmentError``."""
        self.closed = True


_NONE: Mapping[int, str] = MappingProxyType({})
_INT8 = np.dtype(np.int8)


def _objects(items: Sequence[Any]) -> npt.NDArray[np.object_]:
    """``items`` as a one-dimensional NumPy array of objects."""
    array = np.empty(len(items), dtype=object)
    array[:] = items
    return array


def _seeds(seed: int | Sequence[int | None] | None, count: int) -> list[int | None]:
    """Each game's seed from ``reset``'s ``seed``; a clear error for a bad one."""
    if seed is None:
        return [None] * count
    if isinstance(seed, Sequence) and not isinstance(seed, str | bytes):
        if len(seed) != count:
            raise ValueError(f"seed: {len(seed)} seeds for {count} games")
        return [None if s is None else _seed(s) for s in seed]
    first = _seed(seed)
    return [first + i for i in range(count)]


def _seed(seed: Any) -> int:
    value = integer(seed, "seed")
    if value < 0:
        raise ValueError(f"seed must be a non-negative integer, not {value}")
    return value


def _gather(
    episode: Episode,
    base: int,
    seats: Sequence[tuple[Callable[[Any], None], memoryview]],
    flags_of: Callable[[int], bytes],
    moving: list[int],
    numbers: list[memoryview],
    flags: list[bytes],
) -> None:
    """Write the observations of ``episode``'s players to move and add their rows (from
    ``base``), their writers' numbers and their mask flags to the three lists."""
    state = episode.state
    for p in episode.to_move():
        write, source = seats[p]
        write(state)
        moving.append(base + p)
        numbers.append(source)
        flags.append(flags_of(p))
