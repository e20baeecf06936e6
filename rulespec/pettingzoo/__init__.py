"""PettingZoo environments for the three games (needs the ``rl`` extra:
``uv sync --extra rl`` or ``pip install ".[rl]"`` in a clone of the repository).

:func:`env` makes an AEC environment (one agent acts at a time),
:func:`parallel_env` a parallel one (every player to move acts in the same
step: Duck & Cover's simultaneous turns). ``import rulespec`` does not import
this module, nor NumPy, Gymnasium or PettingZoo.

>>> from rulespec import pettingzoo as rz
>>> env = rz.env("duo", players=2, max_rounds=1)
>>> env.reset(seed=3)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     action = None if terminated or truncated else int(observation["action_mask"].argmax())
...     env.step(action)
>>> env.episode.game.is_over(env.game_state)
True

Agents are named ``"player_0"``, ``"player_1"``, … by seat. Each observes a
``Dict``: ``"observation"``, its view of the game as :meth:`Game.observation
<rulespec.Game.observation>` encodes it, scaled into bounds (a float32 ``Box``
shaped as :meth:`~rulespec.Game.observation_shape`, with finite ``low`` and
``high``: each number divided by the larger of the absolute values of its
least and most, so binary parts stay 0 and 1 and counts become fractions; see
:doc:`/reference/encodings`), and ``"action_mask"``, one int8 flag per action
id (:meth:`~rulespec.Game.legal_action_mask`), all zeros for an agent that is
not to act. Actions are the game's action ids, ``Discrete(action_space_size)``.
``state()`` is every agent's observation laid end to end (``state_space``).
:func:`vector_env` steps several games at once with stacked arrays
(:mod:`rulespec.pettingzoo.vector`).

Rewards (``reward=``): ``"win"`` gives +1 to each winner and 0 to the others
when the game ends, 0 otherwise; ``"score"`` gives at each step the change of
each player's score, signed so that higher is better (minus Duck & Cover's
totals, where the lowest wins). See :mod:`rulespec.rl.episode`.

Every game ends: Duo plays under the round limit that simulations use
(``max_rounds``, 50) unless told another, and every game is truncated after
``max_steps`` player actions (the environment's ``max_steps`` attribute, by
default :func:`rulespec.rl.lengths.max_game_length`: 2000 turns of Duck &
Cover, 2000 actions of Canardage, the round limit's bound for Duo).

An illegal action id ends the game at the end of the turn: the agent that
sent it receives ``illegal_reward`` (-1) and the others 0 (in Duck & Cover
the agents that still owe the turn's choice send it first, and it is not
played); ``on_illegal="raise"`` raises :class:`~rulespec.IllegalAction`
instead. Every agent that owes a choice has its action mask, the AEC
environment's agents included (:class:`GameEnv`). Every method but ``reset``
raises :class:`ResetNeeded` before the first reset.
"""

from __future__ import annotations

from typing import Any

from rulespec.extras import require

require("rl", "rulespec.pettingzoo", "numpy", "gymnasium", "pettingzoo")

from rulespec.pettingzoo._common import ResetNeeded, make_episode
from rulespec.pettingzoo.aec import GameEnv
from rulespec.pettingzoo.parallel import GameParallelEnv
from rulespec.pettingzoo.vector import GameVectorEnv, vector_env
from rulespec.rl.episode import OnIllegal, Reward

__all__ = [
    "GameEnv",
    "GameParallelEnv",
    "GameVectorEnv",
    "ResetNeeded",
    "env",
    "parallel_env",
    "vector_env",
]


def env(
    game_id: str,
    players: int = 4,
    options: Any = None,
    *,
    reward: Reward = "win",
    render_mode: str | None = None,
    max_rounds: int | None = None,
    max_steps: int | None = None,
    on_illegal: OnIllegal = "lose",
    illegal_reward: float = -1.0,
    observation: str = "flat",
) -> GameEnv:
    """An AEC environment of the game ``game_id`` for ``players`` players.

    ``options`` are the game's options, or their JSON data
    (``{"turbo": True}``); ``reward`` is ``"win"`` or ``"score"``;
    ``render_mode`` ``None``, ``"human"`` (:meth:`GameEnv.render` prints the text
    board), ``"ansi"`` (it returns it) or ``"rgb_array"`` (it draws it as a uint8
    picture, height × width × 3); ``max_rounds`` sets Duo's round limit;
    ``max_steps`` caps the player actions of a game; ``on_illegal`` is ``"lose"`` or
    ``"raise"``; ``illegal_reward`` is a finite number; ``observation="planes"``
    adds ``"planes"`` to each observation, the game's grids laid out spatially
    (channels × rows × columns, for convolutional networks), for a game that
    has them (Duck & Cover: :func:`rulespec.duck_cover.observation.planes`).

    Raises :class:`KeyError` for an unknown game, :class:`TypeError` for an
    argument of the wrong type, :class:`~rulespec.IllegalAction` for a player
    count the game does not allow, :class:`ValueError` for a bad ``reward``,
    ``render_mode``, ``max_rounds``, ``max_steps``, ``on_illegal``,
    ``illegal_reward`` or ``observation``.

    >>> from rulespec import pettingzoo as rz
    >>> table = rz.env("duck-and-cover", players=3)
    >>> table.possible_agents
    ['player_0', 'player_1', 'player_2']
    >>> table.max_steps  # 2000 turns of three actions
    6000
    >>> grids = rz.env("duck-and-cover", players=3, observation="planes")
    >>> grids.observation_space("player_0")["planes"].shape  # 3 grids of 3 + 3 channels
    (18, 12, 12)
    """
    episode = make_episode(
        game_id, players, options, reward, max_rounds, max_steps, on_illegal, illegal_reward
    )
    return GameEnv(episode, render_mode, observation)


def parallel_env(
    game_id: str,
    players: int = 4,
    options: Any = None,
    *,
    reward: Reward = "win",
    render_mode: str | None = None,
    max_rounds: int | None = None,
    max_steps: int | None = None,
    on_illegal: OnIllegal = "lose",
    illegal_reward: float = -1.0,
    observation: str = "flat",
) -> GameParallelEnv:
    """A parallel environment of the game ``game_id``: arguments as for :func:`env`.

    >>> from rulespec import pettingzoo as rz
    >>> table = rz.parallel_env("duck-and-cover", players=2)
    >>> observations, infos = table.reset(seed=1)
    >>> sorted(observations)
    ['player_0', 'player_1']
    """
    episode = make_episode(
        game_id, players, options, reward, max_rounds, max_steps, on_illegal, illegal_reward
    )
    return GameParallelEnv(episode, render_mode, observation)
