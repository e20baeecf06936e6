"""A single-agent Gymnasium environment: one seat learns, the other seats play fixed
policies (needs the ``rl`` extra: ``uv sync --extra rl``, or ``pip install ".[rl]"``
in a clone of the repository).

:func:`make` (or :class:`SingleAgentEnv`) seats the learner and chooses the
opponents: a policy of the game by name (``"random"``, Duo's ``"greedy"``,
the search bot ``"search"`` or ``"search:PLAYOUTS"``), any
:data:`~rulespec.core.game.Policy` callable, or one of these per
opponent seat. A step plays the learner's action id, then the opponents'
moves until the learner must choose again or the game ends; in Duck &
Cover, whose players choose at once, the opponents' choices of the turn are
made on the same state as the learner's. ``import rulespec`` does not import
this module.

>>> from rulespec import gymnasium as rg
>>> env = rg.make("canardage", players=3, opponents="random", seat=0)
>>> observation, info = env.reset(seed=1)
>>> observation["observation"].shape == env.observation_space["observation"].shape
True
>>> total, done = 0.0, False
>>> while not done:
...     action = int(observation["action_mask"].argmax())  # the first legal id
...     observation, reward, terminated, truncated, info = env.step(action)
...     total, done = total + reward, terminated or truncated
>>> total in (0.0, 1.0), info["winners"] is not None
(True, True)

Observations are the PettingZoo environments' (:mod:`rulespec.pettingzoo`): a
``Dict`` of ``"observation"`` (the learner's view as
:meth:`Game.observation <rulespec.Game.observation>` encodes it) and
``"action_mask"`` (one int8 flag per action id). ``info`` holds the mask
too (``"action_mask"``), the learner's ``"seat"``, and at the end the
``"winners"``. Rewards are the learner's, as in :mod:`rulespec.rl.episode`
(``reward="win"``: 1 when the learner wins, a shared victory included;
``"score"``: score changes); an illegal id ends the game with
``illegal_reward`` (-1).

``seat=None`` seats the learner at random at each reset (from the
environment's generator, seeded by ``reset(seed=...)``), so that one
policy learns every seat; the opponents' policies draw from the same
generator, so a seeded reset replays the same game for the same actions.

Importing this module registers each game with Gymnasium as
``rulespec/<Name>-v0``, the name its id in capitals without hyphens
(``rulespec/DuckAndCover-v0``, ``rulespec/Duo-v0``, ``rulespec/Canardage-v0``), so
that :func:`gymnasium.make` takes :func:`make`'s keywords:

>>> import gymnasium
>>> env = gymnasium.make("rulespec/Duo-v0", players=2, opponents="greedy", max_rounds=1)
>>> env.unwrapped.game.id, env.unwrapped.episode.players
('duo', 2)

``render_mode="rgb_array"`` draws the text board as a picture (a uint8 array,
height × width × 3, every frame of an environment of one size), so
Gymnasium's ``RecordVideo`` wrapper records games where its video writer
(``moviepy``) is installed. Every method but :meth:`~SingleAgentEnv.reset`
raises :class:`~rulespec.pettingzoo.ResetNeeded` before the first reset, and
:meth:`~SingleAgentEnv.step` after the end of a game too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import rulespec
from rulespec.core.checks import integer, wrong_type
from rulespec.core.game import Game, Policy
from rulespec.pettingzoo._common import RENDER_MODES, ResetNeeded, Table, agent_name, make_episode
from rulespec.rl.episode import OnIllegal, Reward
from rulespec.tools import search

__all__ = ["SingleAgentEnv", "gymnasium_id", "make", "policy_named"]

Opponents = str | Policy | Sequence[str | Policy]
"""One policy for every opponent, or one per opponent seat (in seat order, the
learner's seat skipped)."""


def policy_named(game: Game[Any, Any, Any, Any], name: str) -> Policy:
    """``game``'s policy ``name``, or the search bot (``"search"``, ``"search:N"``).

    >>> import rulespec
    >>> policy_named(rulespec.game("duo"), "search:20")
    Search(playouts=20, exploration=0.7)
    >>> policy_named(rulespec.game("duo"), "clever")
    Traceback (most recent call last):
      ...
    ValueError: duo has no policy 'clever' (known: greedy, random, search[:PLAYOUTS])
    """
    searcher = search.parse(name)
    if searcher is not None:
        return searcher
    policies = game.policies()
    if name not in policies:
        known = ", ".join([*sorted(policies), f"{search.NAME}[:PLAYOUTS]"])
        raise ValueError(f"{game.id} has no policy {name!r} (known: {known})")
    return policies[name]


def _policy(game: Game[Any, Any, Any, Any], spec: str | Policy) -> Policy:
    if isinstance(spec, str):
        return policy_named(game, spec)
    if not callable(spec):
        raise wrong_type("opponents", spec, "a policy name or a policy")
    return spec


class SingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):
    """One learning seat against fixed policies (see the module); made by :func:`make`."""

    metadata = {  # noqa: RUF012 (Gymnasium declares it an instance variable)
        "render_modes": list(RENDER_MODES),
        "render_fps": 4,
        "name": "rulespec_single_v0",
    }

    def __init__(
        self,
        game_id: str,
        players: int = 4,
        opponents: Opponents = "random",
        *,
        seat: int | None = 0,
        options: Any = None,
        reward: Reward = "win",
        render_mode: str | None = None,
        max_rounds: int | None = None,
        max_steps: int | None = None,
        on_illegal: OnIllegal = "lose",
        illegal_reward: float = -1.0,
        observation: str = "flat",
    ) -> None:
        episode = make_episode(
            game_id, players, options, reward, max_rounds, max_steps, on_illegal, illegal_reward
        )
        self.table = Table(episode, render_mode, observation)
        self.episode = episode
        """The game being played (:class:`rulespec.rl.episode.Episode`)."""
        self.game: Game[Any, Any, Any, Any] = episode.game
        self.render_mode = render_mode
        n = episode.players
        if seat is not None and not 0 <= integer(seat, "seat") < n:
            raise ValueError(f"seat must be None or a seat from 0 to {n - 1}, not {seat}")
        self.fixed_seat = seat
        specs = [opponents] * (n - 1) if isinstance(opponents, str) or callable(opponents) else None
        if specs is None:
            if isinstance(opponents, Mapping) or not isinstance(opponents, Sequence):
                raise wrong_type("opponents", opponents, "a policy, its name, or a list of them")
            specs = list(opponents)
            if len(specs) != n - 1:
                raise ValueError(f"opponents: {n - 1} policies for {n} players, not {len(specs)}")
        self.opponents: tuple[Policy, ...] = tuple(_policy(self.game, s) for s in specs)
        """The policy of each opponent, in seat order (the learner's seat skipped)."""
        self.seat = 0 if seat is None else seat
        """The learner's seat in the current game."""
        self.rng = random.Random()
        self._started = False
        self.action_space: gymnasium.spaces.Discrete = self.table.action_spaces[agent_name(0)]
        self.observation_space: gymnasium.spaces.Dict = self.table.observation_spaces[agent_name(0)]

    def _opponent(self, player: int) -> Policy:
        return self.opponents[player if player < self.seat else player - 1]

    def _observe(self) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        observation = self.table.observe(agent_name(self.seat))
        info: dict[str, Any] = {"action_mask": observation["action_mask"], "seat": self.seat}
        if self.episode.done:
            over = self.game.is_over(self.episode.state)
            info["winners"] = self.game.winners(self.episode.state) if over else ()
        return observation, info

    def _play_opponents(self, learner: int | None) -> float:
        """Play the opponents' moves (with ``learner``'s id when the learner is to move
        too) until the learner must choose or the game ends; the learner's reward."""
        episode, game, total = self.episode, self.game, 0.0
        while not episode.done:
            movers = episode.to_move()
            if self.seat in movers and learner is None:
                break
            ids: dict[int, int] = {}
            for p in movers:
                if p == self.seat:
                    ids[p] = learner  # type: ignore[assignment]
                else:
                    action = self._opponent(p)(game, episode.state, p, self.rng)
                    ids[p] = game.action_id(episode.state, action)
            learner = None
            total += episode.act(ids).rewards[self.seat]
        return total

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """Start a new game and play the opponents up to the learner's first choice."""
        super().reset(seed=seed)
        if seed is not None:
            self.rng = random.Random(seed)
            self.episode.seed(self.rng.getrandbits(64))
        self.table.reset(None, options)
        if self.fixed_seat is None:
            self.seat = self.rng.randrange(self.episode.players)
        self._play_opponents(None)
        self._started = True
        return self._observe()

    def step(
        self, action: int
    ) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the opponents' moves up to the learner's
        next choice; the learner's observation, reward, and whether the game is over."""
        episode = self.episode
        if not self._started:
            raise ResetNeeded("step() before reset(): call reset() to start a game")
        if episode.done:
            raise ResetNeeded("the game is over: call reset() to play again")
        reward = self._play_opponents(integer(action, "action"))
        observation, info = self._observe()
        return observation, reward, episode.terminated, episode.truncated, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's legal ids now as flags (the name maskable learners look for)."""
        if not self._started:
            raise ResetNeeded("action_masks() before reset(): call reset() to start a game")
        mask: npt.NDArray[np.int8] = self.table.observe(agent_name(self.seat))["action_mask"]
        return mask

    def render(self) -> str | npt.NDArray[Any] | None:
        """The whole table, hidden cards included: text with ``render_mode="ansi"``,
        printed with ``"human"``, a picture (uint8, height × width × 3) with
        ``"rgb_array"``."""
        if not self._started and self.render_mode is not None:
            raise ResetNeeded("render() before reset(): call reset() to start a game")
        return self.table.render()


def make(
    game_id: str,
    players: int = 4,
    opponents: Opponents = "random",
    **kwargs: Any,
) -> SingleAgentEnv:
    """A :class:`SingleAgentEnv` of ``game_id`` for ``players`` players (see the module
    for ``opponents``); the other keywords are :class:`SingleAgentEnv`'s: ``seat``,
    ``options``, ``reward``, ``render_mode``, ``max_rounds``, ``max_steps``,
    ``on_illegal``, ``illegal_reward``, ``observation`` (as for
    :func:`rulespec.pettingzoo.env`: ``"planes"`` adds the grids' spatial planes).

    Raises :class:`KeyError` for an unknown game, :class:`ValueError` for an unknown
    policy, a seat out of range or a wrong number of opponents.
    """
    rulespec.game(game_id)  # a KeyError for an unknown game
    return SingleAgentEnv(game_id, players, opponents, **kwargs)


def gymnasium_id(game: Game[Any, Any, Any, Any]) -> str:
    """The id under which importing this module registers ``game`` with Gymnasium.

    >>> gymnasium_id(rulespec.game("duck-and-cover"))
    'rulespec/DuckAndCover-v0'
    """
    return f"rulespec/{''.join(word.capitalize() for word in game.id.split('-'))}-v0"


def _register() -> None:
    """Register every game of the registry with Gymnasium (once)."""
    for g in rulespec.games():
        name = gymnasium_id(g)
        if name not in gymnasium.registry:
            entry = f"{__name__}:SingleAgentEnv"
            gymnasium.register(name, entry_point=entry, kwargs={"game_id": g.id})


_register()
