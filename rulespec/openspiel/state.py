"""The OpenSpiel state of a rulespec game: a :class:`~rulespec.openspiel.node.Node`
behind OpenSpiel's state interface.

Action ids are the game's own (:meth:`Game.action_id <rulespec.Game.action_id>`);
chance outcomes are card indices (:mod:`rulespec.openspiel.draws`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

import pyspiel

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.declaration import load
from rulespec.openspiel.node import Node

__all__ = ["RulespecState", "card_label", "misuse", "resampler"]


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def misuse(method: str, reason: str) -> pyspiel.SpielError:
    """The error for a state method called where it does not apply, as OpenSpiel's
    own checks report it (:class:`pyspiel.SpielError`).

    >>> misuse("apply_action", "the game is over")
    SpielError('apply_action: the game is over')
    """
    return pyspiel.SpielError(f"{method}: {reason}")


def card_label(game_id: str, card: Any) -> str:
    """A card of a chance pile by its name in the game's JSON (``"blue-2-square"``,
    ``"Max"``, ``"duck 3"``, ``"pan"``), as the game's declared ``card_label`` says it.

    >>> card_label("duo", 5), card_label("duck-and-cover", 5), card_label("canardage", 6)
    ('blue-2-square', '5', 'water')
    """
    return _labeller(game_id)(card)


@functools.cache
def _labeller(game_id: str) -> Callable[[Any], str]:
    reference = rulespec.game(game_id).declaration.card_label
    if reference is None:
        return str
    label: Callable[[Any], str] = load(reference)
    return label


class RulespecState(pyspiel.State):  # type: ignore[misc]
    """A state of a rulespec game in OpenSpiel; made by the game's
    ``new_initial_state()`` (or by :meth:`resample_from_infostate`).

    Copies (``clone()``, ``child()``) share the immutable :attr:`node`; a
    serialised state (``serialize()``) holds the rules' state as rulespec JSON.
    """

    def __init__(self, game: Any, node: Node | None = None) -> None:
        super().__init__(game)
        self.node: Node = game.first_node if node is None else node

    # -- whose turn ------------------------------------------------------------------

    def current_player(self) -> int:
        """A seat, or OpenSpiel's CHANCE, SIMULTANEOUS (Duck & Cover's turns) or TERMINAL."""
        movers = self.node.to_move()
        if not movers:
            return _TERMINAL
        if movers == (CHANCE,):
            return _CHANCE
        if self.node.settings.simultaneous:
            return _SIMULTANEOUS
        (player,) = movers
        return player

    def is_terminal(self) -> bool:
        """Whether the game is over, by its rules or by truncation."""
        return self.node.over

    def returns(self) -> list[float]:
        """1 to each winner of a finished game, 0 otherwise (and throughout the game)."""
        return list(self.node.returns())

    # -- actions ------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.node.legal(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card's outcomes (card indices) with their probabilities."""
        draws = self.node.draws
        if draws is None:
            raise ValueError("no chance step is pending")
        total = draws.remaining
        return [(i, n / total) for i, n in draws.left]

    def _apply_action(self, action: int) -> None:
        node = self.node
        if node.draws is not None:
            self.node = node.after_chance(action)
            return
        movers = node.to_move()
        if not movers:
            raise misuse("apply_action", "the game is over: a terminal state takes no action")
        if node.settings.simultaneous:
            raise misuse(
                "apply_action",
                f"players {list(movers)} choose at once here: give one id per player "
                "to apply_actions",
            )
        (player,) = movers
        self.node = node.after_actions({player: action})

    def _apply_actions(self, actions: Sequence[int]) -> None:
        node = self.node
        movers = node.to_move()
        if not movers:
            raise misuse("apply_actions", "the game is over: a terminal state takes no action")
        if node.draws is not None:
            raise misuse("apply_actions", "this is a chance node: give its outcome to apply_action")
        if not node.settings.simultaneous:
            raise misuse(
                "apply_actions",
                f"player {movers[0]} alone is to move here: give their id to apply_action",
            )
        players = node.settings.players
        if len(actions) != players:
            raise misuse(
                "apply_actions", f"it takes one id per player, {players}, not {len(actions)}"
            )
        self.node = node.after_actions({p: int(actions[p]) for p in movers})

    def _action_to_string(self, player: int, action: int) -> str:
        node = self.node
        game = node.settings.game
        if player == CHANCE:
            draws = node.draws
            if draws is None:
                return f"card {action}"
            k = draws.current
            known = 0 <= action < len(draws.piles[k])
            card = card_label(game.id, draws.card(action)) if known else "?"
            return f"{node.chance_kind}: pile {k}, card {action} ({card})"
        found = node.actions(player).get(action)
        return f"action {action} (not legal now)" if found is None else repr(found)

    # -- seeing from a seat ---------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> RulespecState:
        """A state that ``player_id`` cannot tell from this one, for ISMCTS.

        The rules' state is drawn from the player's current view
        (:meth:`Game.sample_state <rulespec.Game.sample_state>`), seeded by one
        number from ``probability_sampler`` (a ``pyspiel`` sampler or any
        callable returning a float in [0, 1)); the player's information state
        is kept. The sample honours the view, not every earlier view: what the
        player saw once and no longer sees (a card covered or buried since) is
        drawn again. The new state's ``history()`` is empty: its past is not
        drawn.
        """
        seed = int(float(probability_sampler()) * 2**53)
        node = self.node.resampled(player_id, random.Random(seed))
        return RulespecState(self.get_game(), node)

    def __str__(self) -> str:
        return str(self.node)


def resampler(seed: int | None = None) -> Callable[[RulespecState, int], RulespecState]:
    """A resampling function for OpenSpiel's ISMCTS bot (``bot.set_resampler(...)``)
    whose samples follow ``random.Random(seed)``, so that a search can be replayed.

    Without it the bot resamples with a ``pyspiel`` sampler seeded by the clock.

    >>> from rulespec import openspiel as ros
    >>> state = ros.load("duo", 2).new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> one, two = resampler(5), resampler(5)
    >>> str(one(state, 0)) == str(two(state, 0))
    True
    """
    rng = random.Random(seed)

    def resample(state: RulespecState, player: int) -> RulespecState:
        return state.resample_from_infostate(player, rng.random)

    return resample
