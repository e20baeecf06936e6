"""What the AEC and the parallel environments share: the game's set-up, agent
names, spaces, observations and the text board."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import gymnasium
import numpy as np
import numpy.typing as npt

import rulespec
from rulespec.core.checks import wrong_type
from rulespec.core.game import Game
from rulespec.extras import require
from rulespec.pettingzoo._observe import Observer

if TYPE_CHECKING:
    from rulespec.pettingzoo._picture import Canvas
from rulespec.rl.episode import Episode, OnIllegal, Reward

__all__ = [
    "OBSERVATIONS",
    "RENDER_MODES",
    "ResetNeeded",
    "Table",
    "TableEnv",
    "agent_name",
    "make_episode",
]

OBSERVATIONS = ("flat", "planes")
"""The observation options: the game's numbers alone, or with its spatial planes too."""

RENDER_MODES = ("human", "ansi", "rgb_array")
_INT8 = np.dtype(np.int8)
"""The masks' type (a dtype object: NumPy reads a type given as a class more slowly)."""


class ResetNeeded(gymnasium.error.ResetNeeded, ValueError):
    """A step before :meth:`reset`, or after the game is over: reset the environment
    first (Gymnasium's ``ResetNeeded``, and a :class:`ValueError`)."""


def agent_name(seat: int) -> str:
    """The agent of seat ``seat``: ``"player_0"``, ``"player_1"``, …"""
    return f"player_{seat}"


def make_episode(
    game_id: str,
    players: int,
    options: Any,
    reward: Reward,
    max_rounds: int | None,
    max_steps: int | None,
    on_illegal: OnIllegal,
    illegal_reward: float,
) -> Episode:
    """The episode an environment drives; ``options`` may be the game's options or their
    JSON data (as :meth:`Game.encode_options` writes them). The arguments are those of
    :func:`rulespec.pettingzoo.env`, in its order."""
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

    def __init__(
        self, episode: Episode, render_mode: str | None, observation: str = "flat"
    ) -> None:
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be 'flat' or 'planes', not {observation!r}")
        encoding = episode.game.encoding
        self._planes: Any = None
        if observation == "planes":
            self._planes = getattr(encoding, "observation_planes", None)
            if self._planes is None:
                raise ValueError(f"{episode.game.id} has no spatial planes: observation='flat'")
            shaped: Any = encoding
            self._planes_shape = tuple(
                shaped.observation_planes_shape(episode.players, episode.options)
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None, 'human', 'ansi' or 'rgb_array', not {render_mode!r}"
            )
        self.episode = episode
        self.canvas: Canvas | None = None
        if render_mode == "rgb_array":
            require("rl", "render_mode='rgb_array'", "PIL")
            from rulespec.pettingzoo._picture import Canvas

            board = str(episode.state).splitlines()
            # One size for every frame of the environment, with room for the board to grow.
            width = max(map(len, board), default=0)
            self.canvas = Canvas(max(width + 24, 100), len(board) + 8)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(p) for p in range(episode.players)]
        self.seats = {name: p for p, name in enumerate(self.possible_agents)}
        self.observer = Observer(episode)
        self.views = {name: self._view(p) for p, name in enumerate(self.possible_agents)}
        """For each agent, the call that gives its observation now, mask included when it
        is acting (what :meth:`observe` gives)."""
        n, shape = episode.action_space_size, episode.observation_shape
        low, high = self.observer.low.reshape(shape), self.observer.high.reshape(shape)
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        parts: dict[str, gymnasium.spaces.Space[Any]] = {
            "observation": gymnasium.spaces.Box(low, high, shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
        }
        if self._planes is not None:
            parts["planes"] = gymnasium.spaces.Box(0.0, 1.0, self._planes_shape, np.float32)
        self.observation_spaces = {a: gymnasium.spaces.Dict(parts) for a in self.possible_agents}
        players = episode.players
        self.state_space = gymnasium.spaces.Box(
            np.tile(self.observer.low, players),
            np.tile(self.observer.high, players),
            (players * self.observer.length,),
            np.float32,
        )

    def _view(self, seat: int) -> Callable[[bool], dict[str, npt.NDArray[Any]]]:
        """The call behind :meth:`observe` for ``seat``, its lookups done once."""
        read, flags_of = self.observer.reader(seat), self.episode.legal_action_flags
        frombuffer, zeros, size = np.frombuffer, np.zeros, self.episode.action_space_size
        if self._planes is not None:
            return lambda acting: self._observe_planes(seat, acting)
        parts = self.observer.copier(seat)
        if parts is not None:  # the writer's buffer copied: one call less each time
            write, copy = parts
            episode = self.episode

            def copied(acting: bool) -> dict[str, npt.NDArray[Any]]:
                write(episode.state)
                if acting:
                    return {
                        "observation": copy(),
                        "action_mask": frombuffer(bytearray(flags_of(seat)), _INT8),
                    }
                return {"observation": copy(), "action_mask": zeros(size, _INT8)}

            return copied
        found = self.observer.gatherer(seat)
        if found is not None:  # gathered from the table: one call less each time
            write_table, take, order = found
            episode = self.episode

            def gathered(acting: bool) -> dict[str, npt.NDArray[Any]]:
                write_table(episode.state, seat)
                if acting:
                    return {
                        "observation": take(order, mode="wrap"),
                        "action_mask": frombuffer(bytearray(flags_of(seat)), _INT8),
                    }
                return {"observation": take(order, mode="wrap"), "action_mask": zeros(size, _INT8)}

            return gathered

        def view(acting: bool) -> dict[str, npt.NDArray[Any]]:
            if acting:
                return {
                    "observation": read(),
                    "action_mask": frombuffer(bytearray(flags_of(seat)), _INT8),
                }
            return {"observation": read(), "action_mask": zeros(size, _INT8)}

        return view

    def seat(self, agent: str) -> int:
        """The seat of ``agent``; a :class:`KeyError` naming it when there is none."""
        try:
            return self.seats[agent]
        except (KeyError, TypeError):
            raise KeyError(f"no agent {agent!r} (agents: {', '.join(self.seats)})") from None

    def observe(self, agent: str, acting: bool = True) -> dict[str, npt.NDArray[Any]]:
        """``agent``'s observation and action mask now (all zeros unless ``acting``)."""
        try:
            return self.views[agent](acting)
        except (KeyError, TypeError):
            self.seat(agent)  # the error naming the agent
            raise

    def _observe_planes(self, seat: int, acting: bool) -> dict[str, npt.NDArray[Any]]:
        """:meth:`observe` with the spatial planes."""
        if acting:
            mask = np.frombuffer(bytearray(self.episode.legal_action_flags(seat)), _INT8)
        else:
            mask = np.zeros(self.episode.action_space_size, _INT8)
        planes = np.zeros(self._planes_shape, dtype=np.float32)
        cells = self._planes(self.episode.state, seat)
        if cells:
            where, values = zip(*cells, strict=True)
            planes.ravel()[list(where)] = values
        return {"observation": self.observer.observe(seat), "action_mask": mask, "planes": planes}

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        """``seat``'s action mask now: a new int8 array, 1 at each legal id."""
        return np.frombuffer(bytearray(self.episode.legal_action_flags(seat)), _INT8)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The whole table as text, hidden cards included: returned with
        ``render_mode="ansi"``, printed with ``"human"``, drawn as an RGB picture
        (uint8, height × width × 3, one size for every frame) with ``"rgb_array"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = str(self.episode.state)
        if self.canvas is not None:
            return self.canvas.draw(text)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def reset(self, seed: int | None, options: Mapping[str, Any] | None) -> None:
        """Reseed when ``seed`` is given, then start a new game (or play on from
        ``options["state"]``)."""
        if seed is not None:
            self.episode.seed(seed)
        self.episode.reset(None if not options else options.get("state"))


class TableEnv:
    """What the AEC and the parallel environments do alike, given their ``_table``,
    ``episode``, ``render_mode`` and whether they were ``_reset``."""

    def _set_up(
        self, episode: Episode, render_mode: str | None, observation: str, kind: str = ""
    ) -> None:
        """Take ``episode`` seen as ``observation`` says, drawn as ``render_mode`` says;
        ``kind`` goes into the environment's name (``"_parallel"``)."""
        self._table = Table(episode, render_mode, observation)
        self.episode = episode
        """The game being played (:class:`~rulespec.rl.episode.Episode`)."""
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "render_modes": list(RENDER_MODES),
            "render_fps": 4,
            "name": f"rulespec_{episode.game.id.replace('-', '_')}{kind}_v0",
        }
        self.possible_agents = list(self._table.possible_agents)
        self.state_space = self._table.state_space
        """A float32 ``Box``: every agent's observation, flattened, in seat order."""
        self._reset = False
        self.max_steps = episode.max_steps
        """The player actions after which a game is truncated: a bound on its length
        (a parallel step counts one action for each player who moves in it)."""

    def state(self) -> npt.NDArray[Any]:
        """Every agent's observation, flattened and laid end to end in seat order (a
        float32 array in ``state_space``): what the players see together, for a
        centralised critic."""
        if not self._reset:
            raise ResetNeeded("reset() the environment before state()")
        return self._table.observer.state()

    def render(self) -> str | npt.NDArray[Any] | None:
        """The whole table as text (hidden cards included: it is for people watching,
        not for the agents): returned with ``render_mode="ansi"``, printed with
        ``"human"`` (returning ``None``), drawn as an RGB picture with ``"rgb_array"``
        (a uint8 array, height × width × 3, every frame of the environment of one size,
        for a video)."""
        if not self._reset and self.render_mode is not None:
            raise ResetNeeded("reset() the environment before render()")
        return self._table.render()

    def close(self) -> None:
        """Nothing to release."""

    @property
    def game_state(self) -> Any:
        """The rulespec state of the game (hidden parts included)."""
        return self.episode.state
