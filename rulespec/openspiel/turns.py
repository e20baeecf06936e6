"""A simultaneous game made turn-based in Python, with resampling for ISMCTS.

``pyspiel.convert_to_turn_based`` plays the moves of a simultaneous turn one
player after the other, but its states cannot be resampled
(``ResampleFromInfostate() not implemented``), so OpenSpiel's ISMCTS bot
cannot search them. :func:`turn_based` makes the same conversion in Python:
the players of a turn choose in seat order, none seeing the choices made
before theirs this turn, and the turn is applied once all have chosen. Its
strings and tensors read as the conversion's (strings: ``Current player: P``,
then ``Observer's action this turn: A`` for a player who has chosen, then the
game's own string; tensors: the player to move and the observer one-hot,
then the game's own tensor), and its states resample:
:meth:`TurnState.resample_from_infostate` draws the hidden cards from the
player's view (:meth:`Game.sample_state <rulespec.Game.sample_state>`),
keeps the player's own choice this turn, and draws the choices the player
has not seen (those of the seats before theirs) uniformly among the legal
ones: the player cannot tell them apart.

A turn-based game holds the same numbers as the simultaneous one, except its
length: ``max_game_length`` counts one move per player choice, so it is the
game's times its players. The game is not registered with
:func:`pyspiel.load_game`; make it from a loaded game.

>>> import numpy as np
>>> from rulespec import openspiel as ros
>>> game = turn_based(ros.load("duck-and-cover", 2, max_game_length=3))
>>> game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL, game.max_game_length()
(True, 6)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.legal_actions(1)
(0, [])
>>> state.apply_action(state.legal_actions()[0])
>>> print(state.information_state_string(0).splitlines()[1])
Observer's action this turn: 1
>>> sample = state.resample_from_infostate(1, lambda: 0.5)
>>> sample.information_state_string(1) == state.information_state_string(1)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from rulespec.core.chance import CHANCE
from rulespec.openspiel.node import Node
from rulespec.openspiel.state import misuse

__all__ = ["TurnBasedGame", "TurnState", "turn_based"]

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def turn_based(game: Any) -> TurnBasedGame:
    """``game`` (a rulespec OpenSpiel game whose players move at once) with its turns
    played one player after the other (see the module).

    Raises :class:`TypeError` for a game that is not a rulespec OpenSpiel game and
    :class:`ValueError` for one that is already sequential.
    """
    settings = getattr(game, "settings", None)
    if settings is None or not hasattr(game, "first_node"):
        raise TypeError(f"turn_based takes a rulespec OpenSpiel game, not {game!r}")
    if not settings.simultaneous:
        raise ValueError(f"{game.rules.name} is already sequential: play it as it is")
    return TurnBasedGame(game)


def _sequential(kind: pyspiel.GameType) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"{kind.short_name}_turn_based",
        long_name=f"{kind.long_name}, turn-based",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=kind.chance_mode,
        information=kind.information,
        utility=kind.utility,
        reward_model=kind.reward_model,
        max_num_players=kind.max_num_players,
        min_num_players=kind.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )


class TurnBasedGame(pyspiel.Game):  # type: ignore[misc]
    """A simultaneous rulespec game played one player at a time (:func:`turn_based`)."""

    def __init__(self, game: Any) -> None:
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=game.num_players(),
            min_utility=game.min_utility(),
            max_utility=game.max_utility(),
            utility_sum=None,
            max_game_length=game.max_game_length() * game.num_players(),
        )
        super().__init__(_sequential(game.get_type()), info, {})
        self.simultaneous = game
        """The game made turn-based."""
        self.rules = game.rules
        self.settings = game.settings

    def new_initial_state(self) -> TurnState:
        """A new game, waiting for its first card to be drawn."""
        return TurnState(self, self.simultaneous.first_node, ())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TurnObserver:
        """The simultaneous game's observer, laid out as the conversion's (see
        :class:`TurnObserver`)."""
        inner = self.simultaneous.make_py_observer(iig_obs_type, params)
        return TurnObserver(inner, self.num_players())

    def __str__(self) -> str:
        return f"turn_based({self.simultaneous})"


class TurnState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`TurnBasedGame`: the simultaneous game's :attr:`node` and the
    ids chosen so far this turn (:attr:`chosen`, by the players to move in seat order)."""

    def __init__(self, game: TurnBasedGame, node: Node, chosen: tuple[int, ...]) -> None:
        super().__init__(game)
        self.node = node
        self.chosen = chosen

    def _movers(self) -> tuple[int, ...]:
        return self.node.to_move()

    def current_player(self) -> int:
        """The player to choose now, or OpenSpiel's CHANCE or TERMINAL."""
        movers = self._movers()
        if not movers:
            return _TERMINAL
        if movers == (CHANCE,):
            return _CHANCE
        return movers[len(self.chosen)]

    def is_terminal(self) -> bool:
        """Whether the game is over, by its rules or by truncation."""
        return self.node.over

    def returns(self) -> list[float]:
        """As the simultaneous game's: 1 to each winner of a finished game, else 0."""
        return list(self.node.returns())

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return list(self.node.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card's outcomes (card indices) with their probabilities."""
        draws = self.node.draws
        if draws is None:
            raise misuse("chance_outcomes", "no chance step is pending")
        total = draws.remaining
        return [(i, n / total) for i, n in draws.left]

    def _apply_action(self, action: int) -> None:
        node = self.node
        if node.draws is not None:
            self.node = node.after_chance(action)
            return
        movers = self._movers()
        if not movers:
            raise misuse("apply_action", "the game is over: a terminal state takes no action")
        player = movers[len(self.chosen)]
        node.action(player, action)  # IllegalAction for an id that is not legal
        chosen = (*self.chosen, int(action))
        if len(chosen) < len(movers):
            self.chosen = chosen
            return
        self.node = node.after_actions(dict(zip(movers, chosen, strict=True)))
        self.chosen = ()

    def _apply_actions(self, actions: Sequence[int]) -> None:
        if self.node.over:
            raise misuse("apply_actions", "the game is over: a terminal state takes no action")
        if self.node.draws is not None:
            raise misuse("apply_actions", "this is a chance node: give its outcome to apply_action")
        raise misuse(
            "apply_actions",
            f"player {self.current_player()} alone is to move here: give their id to apply_action",
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"card {action}"
        found = self.node.actions(player).get(action)
        return f"action {action} (not legal now)" if found is None else repr(found)

    def prefix(self, player: int) -> str:
        """What the conversion adds before a player's information state string: the
        player to move, and the player's own choice this turn if made."""
        movers = self._movers()
        line = f"Current player: {self.current_player()}\n"
        if player in movers[: len(self.chosen)]:
            line += f"Observer's action this turn: {self.chosen[movers.index(player)]}\n"
        return line

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> TurnState:
        """A state that ``player_id`` cannot tell from this one (see the module), drawn
        with one number from ``probability_sampler`` as the simultaneous game's
        :meth:`~rulespec.openspiel.state.RulespecState.resample_from_infostate` does."""
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        node = self.node.resampled(player_id, rng)
        movers = self._movers()
        chosen = tuple(
            own if p == player_id else rng.choice(node.legal(p))
            for p, own in zip(movers, self.chosen, strict=False)
        )
        return TurnState(self.get_game(), node, chosen)

    def __str__(self) -> str:
        return f"{self.node}\nchosen this turn: {list(self.chosen)}"


class TurnObserver:
    """The simultaneous game's observer for turn-based states, laid out as
    ``convert_to_turn_based`` lays it out: strings prefixed by
    :meth:`TurnState.prefix`; the tensor (when the observer has one) the player to
    move one-hot, then the observing player one-hot, then the game's own tensor."""

    def __init__(self, inner: Any, players: int) -> None:
        self.inner = inner
        self.players = players
        self.tensor: np.ndarray[Any, Any] | None = None
        self.dict: dict[str, Any] = {}
        if inner.tensor is not None:
            self.tensor = np.zeros(2 * players + inner.tensor.size, np.float32)
            self.dict = {
                "current_player": self.tensor[:players],
                "observer": self.tensor[players : 2 * players],
                **{k: v for k, v in inner.dict.items()},
            }

    def set_from(self, state: TurnState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        if self.tensor is None:
            return
        self.inner.set_from(state, player)
        n = self.players
        self.tensor[: 2 * n] = 0.0
        current = state.current_player()
        if 0 <= current < n:
            self.tensor[current] = 1.0
        self.tensor[n + player] = 1.0
        self.tensor[2 * n :] = self.inner.tensor

    def string_from(self, state: TurnState, player: int) -> str:
        """``player``'s observation or information state string, prefixed."""
        text: str = self.inner.string_from(state, player)
        return state.prefix(player) + text
