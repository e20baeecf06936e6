"""One game played by learning agents: action ids in, rewards out, chance steps
resolved with the episode's own random generator, and an end guaranteed.

An :class:`Episode` is what an environment wrapper drives; it needs no
package beyond attrs.

>>> import rulespec
>>> episode = Episode(rulespec.game("duo"), 3, seed=4)
>>> episode.to_move(), episode.legal_action_ids(0)  # a Play, or the Draw
((0,), (28, 155))
>>> episode.act({0: 28}).rewards  # nobody has won yet
(0.0, 0.0, 0.0)
>>> episode.to_move(), episode.legal_action_ids(0), episode.steps  # play on, or Stop
((0,), (30, 154), 1)

Rewards (``reward=``):

- ``"win"``: when the game ends, +1 to each winner and 0 to the others (a
  Duo match stopped by its round limit has no winner); 0 at every other step
  and when the game is truncated.
- ``"score"``: at each step, the change of each player's score, signed so
  that higher is better (Duck & Cover's totals, where the lowest wins,
  count negatively). Over a game a player's rewards add up to their signed
  score at the end minus their signed score at the start: 0 at the start of
  Duck & Cover and Duo, 5 living ducks in Canardage.

An action id that is not legal (see :meth:`Episode.act`) ends the game
under ``on_illegal="lose"`` (the default, PettingZoo's convention): the
player who sent it receives ``illegal_reward`` (-1) and every other player
0; under ``on_illegal="raise"`` it raises :class:`~rulespec.IllegalAction`
and leaves the episode as it was. A game ends only at the end of a turn:
when players choose together (Duck & Cover) and some still owe the turn's
choice, the game ends once they have sent it (their ids are checked, and
an illegal one is penalised too, but none is played).
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.checks import integer, wrong_type
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game
from rulespec.plugin.ids import flag_bytes
from rulespec.rl.lengths import capped_options, max_game_length

__all__ = ["REWARDS", "Episode", "OnIllegal", "Outcome", "Reward"]

Reward = Literal["win", "score"]
_CHANCE_ONLY = (CHANCE,)
_NONE_ILLEGAL: Mapping[int, str] = MappingProxyType({})
REWARDS: tuple[Reward, ...] = ("win", "score")
OnIllegal = Literal["lose", "raise"]


@attrs.frozen
class Outcome:
    """What one call of :meth:`Episode.act` did."""

    rewards: tuple[float, ...]
    """Each player's reward for this step, by seat."""
    illegal: Mapping[int, str] = attrs.field(factory=dict)
    """The players whose id was not legal, with the reason (``on_illegal="lose"``)."""


class Episode:
    """A game of ``game`` for ``players`` players, driven by action ids.

    ``options`` are the game's options (its defaults when ``None``). A game
    always ends: Duo gets the round limit that simulations use
    (:meth:`Game.simulation_options`, 50 rounds) unless ``max_rounds`` or the
    options set one, and every game is *truncated* once it has taken
    ``max_steps`` player actions, by default
    :func:`~rulespec.rl.lengths.max_game_length` (which Duo's round limit
    never lets a match reach), at the end of a turn: when players choose
    together (Duck & Cover), those who still owe the turn's choice make it
    first, so a cap that is not a whole number of turns is passed by less than
    a turn. ``seed`` seeds the random generator of the
    chance steps; :meth:`reset` starts a new game with it.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        players: int,
        options: Any = None,
        *,
        reward: Reward = "win",
        max_rounds: int | None = None,
        max_steps: int | None = None,
        on_illegal: OnIllegal = "lose",
        illegal_reward: float = -1.0,
        seed: int | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise wrong_type("game", game, "a rulespec Game")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if on_illegal not in ("lose", "raise"):
            raise ValueError(f"on_illegal must be 'lose' or 'raise', not {on_illegal!r}")
        self.game = game
        self.players = integer(players, "players")
        self.options = capped_options(game, self.players, options, max_rounds)
        self.reward: Reward = reward
        self.on_illegal: OnIllegal = on_illegal
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise wrong_type("illegal_reward", illegal_reward, "a number")
        if not math.isfinite(illegal_reward):
            raise ValueError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_game_length(game, self.players, self.options, max_steps)
        """The player actions after which the game is truncated."""
        self.action_space_size = game.action_space_size(self.players, self.options)
        self.observation_shape = game.observation_shape(self.players, self.options)
        self._sign = -1.0 if game.lowest_score_wins else 1.0
        self._zeros = (0.0,) * self.players
        self.quiet = Outcome(self._zeros, _NONE_ILLEGAL)
        """The outcome of every step that changes no reward (the same object each time:
        ``outcome is episode.quiet`` tells such a step at once)."""
        self._scored = reward == "score"
        self._decode = getattr(game.encoding, "legal_action_from_id", None)
        # The encoding's own function: the episode's state needs no type check.
        self._list_ids = game.encoding.legal_action_ids
        self._list_flags = getattr(game.encoding, "legal_action_flags", None)
        self._to_move = game.to_move
        self._apply = game.apply
        self._no_flags = bytes(self.action_space_size)
        self.rng = random.Random(None if seed is None else integer(seed, "seed"))
        self.reset()
        self.simultaneous = len(self._movers) > 1
        """Whether several players act at once (Duck & Cover's turns): more than one
        player is to move once a new game is dealt."""

    # -- starting ------------------------------------------------------------------

    def seed(self, seed: int | None) -> None:
        """Reseed the chance steps' random generator (``None``: from the system)."""
        self.rng = random.Random(None if seed is None else integer(seed, "seed"))

    def reset(self, state: Any = None) -> None:
        """Start a new game, or play on from ``state`` (a state of this game with the
        same player count and the same action and observation sizes); any chance
        step pending is resolved at once.

        Raises :class:`TypeError` for an object that is not a state of the game,
        :class:`ValueError` for a state of another size or one already over.
        """
        g = self.game
        if state is None:
            state = g.new_game(self.players, self.options)
        else:
            g.to_move(state)  # a TypeError for anything but this game's state
            if state.players != self.players:
                raise ValueError(f"state is a game of {state.players} players, not {self.players}")
            sizes = (
                g.action_space_size(state.players, state.options),
                g.observation_shape(state.players, state.options),
            )
            if sizes != (self.action_space_size, self.observation_shape):
                raise ValueError("state's options change the action or observation sizes")
            if g.is_over(state):
                raise ValueError("state is a game that is already over")
        self.state: Any = state
        self._movers = self._resolve_chance()
        self._over = False
        self.steps = 0
        """Player actions taken since the start."""
        self.truncated = False
        """Whether the game was stopped at :attr:`max_steps`."""
        self.illegal: Mapping[int, str] = {}
        """The players whose illegal id ended the game, with the reason."""
        self._done = False
        self._values = self._value(self.state) if self._scored else self._zeros
        self._legal: dict[int, tuple[int, ...]] = {}
        self._flags: dict[int, bytes] = {}
        self._ready: tuple[int, bytes] | None = None
        """The player to move whose flags are listed for this state, and the flags, when
        :meth:`act_one` may play an id set in them at once."""

    # -- where the game stands --------------------------------------------------------

    @property
    def terminated(self) -> bool:
        """Whether the game has ended by its rules or by an illegal action id."""
        return self._over or (self._done and bool(self.illegal))

    @property
    def done(self) -> bool:
        """Whether the episode has ended, terminated or truncated."""
        return self._done

    def to_move(self) -> tuple[int, ...]:
        """The players who must act now, in seat order; ``()`` once the episode is done."""
        return () if self._done else self._movers

    def legal_action_ids(self, player: int) -> tuple[int, ...]:
        """``player``'s legal action ids now (empty when not to move or done); listed
        once per state."""
        if self._done:
            return ()
        ids = self._legal.get(player)
        if ids is None:
            ids = self._legal[player] = self._list_ids(self.state, player)
        return ids

    def legal_action_flags(self, player: int) -> bytes:
        """One byte per action id, 1 at each of ``player``'s legal ids now and 0 elsewhere
        (all 0 when not to move or done): what an action mask holds, listed once per
        state, written by the game's encoding when it offers ``legal_action_flags``.
        The bytes cannot be changed, so an id the rules refuse is never taken for a
        listed one.

        >>> import rulespec
        >>> from rulespec.rl.episode import Episode
        >>> episode = Episode(rulespec.game("duo"), 2, seed=3)
        >>> flags = episode.legal_action_flags(0)
        >>> [i for i, flag in enumerate(flags) if flag] == list(episode.legal_action_ids(0))
        True
        """
        if self._done:
            return self._no_flags
        flags = self._flags.get(player)
        if flags is None:
            if self._list_flags is not None:
                written = self._list_flags(self.state, player)
            else:
                written = flag_bytes(self.legal_action_ids(player), self.action_space_size)
            flags = self._flags[player] = bytes(written)
            if self._decode is not None and not self.illegal and player in self._movers:
                self._ready = (player, flags)
        return flags

    def legal_action_mask(self, player: int) -> tuple[bool, ...]:
        """One flag per action id: whether ``player`` may send it now."""
        return tuple(map(bool, self.legal_action_flags(player)))

    def _listed(self, player: int, action_id: int) -> bool:
        """Whether ``action_id`` is among ``player``'s legal ids already listed for this
        state (as flags or as ids)."""
        flags = self._flags.get(player)
        if flags is not None:
            return 0 <= action_id < self.action_space_size and flags[action_id] == 1
        ids = self._legal.get(player)
        return ids is not None and action_id in ids

    def observation(self, player: int) -> tuple[float, ...]:
        """``player``'s observation: their view of the state, as :meth:`Game.observation`
        encodes it (nothing hidden from them shows)."""
        return self.game.observation(self.game.view(self.state, player))

    # -- playing ------------------------------------------------------------------------

    def act(self, ids: Mapping[int, int]) -> Outcome:
        """Play the action ids of some of the players to move (one or more of
        :meth:`to_move`), by seat.

        The ids are read against the state before any of them is applied (Duck
        & Cover's players choose at once), then applied in seat order. Raises
        :class:`TypeError` for an id that is not an integer, :class:`ValueError`
        when the episode is done or a player is not to move.

        An id among the legal ids already listed for this state
        (:meth:`legal_action_ids`, as an action mask lists them) is decoded
        without checking it again; any other id is checked in full
        (:meth:`Game.action_from_id <rulespec.Game.action_from_id>`), so an
        illegal one is refused with the rules' reason.
        """
        if self._done:
            raise ValueError("the game is over: reset the episode to play again")
        movers = self._movers
        if len(ids) == 1:
            order: Any = ids
        else:
            order = sorted(ids)
        for player in order:
            if player not in movers:
                raise ValueError(f"the players to move are {movers}, not {tuple(sorted(ids))}")
        if not ids:
            raise ValueError(f"the players to move are {movers}, not ()")
        g, state = self.game, self.state
        actions = []
        refused: dict[int, str] = {}
        decode = self._decode
        for player in order:
            action_id = ids[player]
            if type(action_id) is not int:
                action_id = integer(action_id, "action")
            if decode is not None and self._listed(player, action_id):
                actions.append(decode(state, player, action_id))
                continue
            try:
                actions.append(g.action_from_id(state, player, action_id))
            except IllegalAction as exc:
                if self.on_illegal == "raise":
                    raise
                refused[player] = str(exc)
        if refused or self.illegal:
            return self._refuse(refused, order)
        return self._advance(actions, ids)

    def _refuse(self, refused: Mapping[int, str], players: Collection[int]) -> Outcome:
        """End the game for the illegal ids ``refused`` (of ``players``, this step's
        senders) once no one owes this turn's choice; until then, wait for it."""
        self.illegal = {**self.illegal, **refused}
        self._ready = None
        waiting = tuple(p for p in self._movers if p not in players)
        if waiting:  # a game ends at the end of a turn: the others still choose
            self._movers = waiting
            return self.quiet
        self._done = True
        illegal = self.illegal
        rewards = tuple(self.illegal_reward if p in illegal else 0.0 for p in range(self.players))
        return Outcome(rewards, illegal)

    def act_one(self, player: int, action_id: int) -> Outcome:
        """``act({player: action_id})``, for one player (the AEC environment's step)."""
        ready = self._ready
        if (
            ready is None  # no flags listed for a player to move: checked in full
            or ready[0] != player
            or type(action_id) is not int
            or not 0 <= action_id < self.action_space_size
            or ready[1][action_id] != 1  # the mask's own flags: the usual case
        ):
            return self._act_one(player, action_id)
        state = self.state
        # Flags are ready only when the encoding decodes listed ids.
        state = self._apply(state, self._decode(state, player, action_id))  # type: ignore[misc]
        # What _advanced does, for one player.
        movers = self._movers
        self.state = state
        after = self._to_move(state)
        if after == _CHANCE_ONLY:
            after = self._resolve_chance()
            state = self.state
        self._movers = after
        self._flags = {}
        self._ready = None
        if self._legal:
            self._legal = {}
        self.steps += 1
        if not after:
            self._over = self._done = True
        elif self.steps >= self.max_steps:
            self.truncated = self._done = after != tuple(p for p in movers if p != player)
        if self._scored:
            before, self._values = self._values, self._value(state)
            if before == self._values:
                return self.quiet
            return Outcome(tuple(b - a for a, b in zip(before, self._values, strict=True)))
        if not self._over:
            return self.quiet
        self._values = self._value(state)
        return Outcome(self._values) if any(self._values) else self.quiet

    def _act_one(self, player: int, action_id: int) -> Outcome:
        """:meth:`act_one` off its usual path."""
        if self._done or self.illegal or player not in self._movers:
            return self.act({player: action_id})  # the error, or the turn's end after one
        if type(action_id) is not int:
            action_id = integer(action_id, "action")
        decode = self._decode
        flags = self._flags.get(player)
        if flags is not None and 0 <= action_id < self.action_space_size:
            listed = flags[action_id] == 1
        else:
            listed = self._listed(player, action_id)
        if decode is None or not listed:
            return self.act({player: action_id})
        state = self.game.apply(self.state, decode(self.state, player, action_id))
        return self._advanced(state, (player,))

    def _advance(self, actions: Sequence[Any], players: Collection[int]) -> Outcome:
        """Apply ``actions``, those of ``players`` (legal, in seat order), and resolve the
        chance steps that follow; the step's rewards."""
        state, apply = self.state, self.game.apply
        for action in actions:
            state = apply(state, action)
        return self._advanced(state, players)

    def _advanced(self, state: Any, players: Collection[int]) -> Outcome:
        """Take ``state``, reached by the actions of ``players``, and resolve the chance
        steps that follow; the step's rewards."""
        movers = self._movers
        self.state = state
        after = self._to_move(state)
        if after == _CHANCE_ONLY:
            after = self._resolve_chance()
        self._movers = after
        self._legal = {}
        self._flags = {}
        self._ready = None
        self.steps += len(players)
        if not after:
            self._over = self._done = True
        elif self.steps >= self.max_steps:
            # Only at the end of a turn: players who still owe this turn's choice play on.
            self.truncated = self._done = after != tuple(p for p in movers if p not in players)
        if self._scored:
            before, self._values = self._values, self._value(self.state)
            if before == self._values:
                return self.quiet
            return Outcome(tuple(b - a for a, b in zip(before, self._values, strict=True)))
        if not self._over:
            return self.quiet
        self._values = self._value(self.state)
        return Outcome(self._values) if any(self._values) else self.quiet

    def _resolve_chance(self) -> tuple[int, ...]:
        """Resolve the chance steps :attr:`state` waits for; who moves next."""
        g, rng, state = self.game, self.rng, self.state
        movers = g.to_move(state)
        if movers == _CHANCE_ONLY:
            while movers == _CHANCE_ONLY:
                state = g.apply(state, g.sample_chance(state, rng))
                movers = g.to_move(state)
            self.state = state
        return movers

    def _value(self, state: Any) -> tuple[float, ...]:
        """What the rewards so far add up to for each player, in ``state``."""
        g = self.game
        if self.reward == "score":
            sign = self._sign
            return tuple(sign * s for s in g.scores(state))
        won = g.winners(state) if g.is_over(state) else ()
        return tuple(1.0 if p in won else 0.0 for p in range(self.players))
