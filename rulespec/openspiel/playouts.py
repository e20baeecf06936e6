"""Random playouts for OpenSpiel's search bots, played by the rules' engine.

OpenSpiel's ``RandomRolloutEvaluator`` plays a leaf of the search on to the
end with the OpenSpiel state: every card of a shuffle one chance node, every
choice one ``apply_action`` through the adapter. :class:`EnginePlayouts`
plays the same random game with the rules themselves (:meth:`Game.apply
<rulespec.Game.apply>` on the rules' state): uniform legal actions for every
player, whole shuffles drawn at once (:meth:`Game.sample_chance
<rulespec.Game.sample_chance>`), the game's move cap kept. Left to the end
(``horizon=None``) it draws the final returns with the very distribution of
OpenSpiel's random rollouts, several times faster.

With a ``horizon`` it plays as the search player of
:mod:`rulespec.tools.search` does: a playout stops before the
``horizon + 1``-th move of the player to move where it starts (in Duck &
Cover, where every player moves each turn, after ``horizon`` turns) or at the
end of the round it started in. A game over by then pays its returns (1 to
each winner); else each player gets :func:`rulespec.tools.search.reward`: the
scores gained since the searched decision (the game's heuristic ``standing``
when it declares one, as Duck & Cover does: the grids scored as if the round
ended there), ranked against the other players' gains, from 0 (the worst
gain) to 1 (the best alone). The searched decision is where the state's
record starts: a state resampled for ISMCTS starts its record at the sample
(:meth:`~rulespec.openspiel.state.RulespecState.resample_from_infostate`),
so the gains count from the decision; any other state counts them from the
start of the game.

>>> import random
>>> from rulespec import openspiel as ros
>>> from rulespec.openspiel.turns import turn_based
>>> game = turn_based(ros.load("duck-and-cover", 2))
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> sample = state.resample_from_infostate(0, random.Random(1).random)
>>> values = EnginePlayouts(horizon=8, rng=random.Random(2)).evaluate(sample)
>>> values.shape, all(0 <= v <= 1 for v in values), float(sum(values))  # 1 + 0 or 1/2 + 1/2
((2,), True, 1.0)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import mcts

from rulespec.core.chance import CHANCE
from rulespec.openspiel.node import Node
from rulespec.tools.search import reward

__all__ = ["EnginePlayouts", "heuristic_horizon"]


def heuristic_horizon(game: Any, default: int = 8) -> int:
    """The playout length a game's heuristic module declares (``HORIZON``: the
    moves of one player), else ``default``; ``game`` is a rulespec game.

    >>> import rulespec
    >>> heuristic_horizon(rulespec.game("duck-and-cover")), heuristic_horizon(rulespec.game("duo"))
    (8, 12)
    """
    module = _heuristic(game)
    found = getattr(module, "HORIZON", None)
    return default if found is None else int(found)


def _heuristic(game: Any) -> Any:
    reference = game.declaration.heuristic
    return None if reference is None else importlib.import_module(reference)


class EnginePlayouts(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator for OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` that plays random
    playouts with the rules' engine (see the module): to the end without a
    ``horizon``, else ``horizon`` moves at most, scored as the search player scores
    them. Everything random comes from ``rng``.

    It evaluates states of the rulespec OpenSpiel games and of their turn-based form
    (:func:`~rulespec.openspiel.turns.turn_based`); its prior is uniform over the legal
    actions, as ``RandomRolloutEvaluator``'s.
    """

    def __init__(self, horizon: int | None = None, rng: random.Random | None = None) -> None:
        if horizon is not None and (type(horizon) is not int or horizon < 1):
            raise ValueError(f"horizon must be None or a whole number from 1, not {horizon!r}")
        self.horizon = horizon
        self.rng = random.Random() if rng is None else rng

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Uniform over the legal actions (a chance node's own probabilities)."""
        if state.is_chance_node():
            outcomes: list[tuple[int, float]] = state.chance_outcomes()
            return outcomes
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        """Each player's value of ``state``: one playout's returns (see the module)."""
        node = self._settled(state)
        players = node.settings.players
        if node.over:
            return np.array(node.returns())
        g = node.settings.game
        rng, apply, to_move, is_over = self.rng, g.apply, g.to_move, g.is_over
        legal_actions, cap = g.legal_actions, node.settings.cap
        horizon, moves, played = self.horizon, node.moves, 0
        start_round = g.rounds(node.state) if horizon is not None else 0
        counted = node.to_move()[0]
        game_state = node.state
        while not is_over(game_state):
            movers = to_move(game_state)
            if movers[0] == CHANCE:
                game_state = apply(game_state, g.sample_chance(game_state, rng))
                continue
            if horizon is not None and (
                (played == horizon and counted in movers) or g.rounds(game_state) != start_round
            ):
                break
            chosen = [rng.choice(legal_actions(game_state, p)) for p in movers]
            for action in chosen:
                game_state = apply(game_state, action)
            moves += 1
            played += counted in movers
            if moves >= cap and not is_over(game_state):
                return np.zeros(players)  # truncated: nobody wins
        if is_over(game_state):
            won = g.winners(game_state)
            return np.array([1.0 if p in won else 0.0 for p in range(players)])
        start = _decision(node)
        standing: Callable[[Any], Sequence[int]] | None = getattr(_heuristic(g), "standing", None)
        return np.array([reward(g, start, game_state, p, standing) for p in range(players)])

    def _settled(self, state: Any) -> Node:
        """The node of ``state`` with its turn completed (the choices still to make drawn
        uniformly) and its pending draws drawn: a node where the engine can take over."""
        node: Node = state.node
        chosen: tuple[int, ...] = getattr(state, "chosen", ())
        if chosen and node.draws is None:
            movers = node.to_move()
            rest = [self.rng.choice(node.legal(p)) for p in movers[len(chosen) :]]
            node = node.after_actions(dict(zip(movers, (*chosen, *rest), strict=True)))
        while node.draws is not None and not node.over:
            outcomes, weights = zip(*node.draws.left, strict=True)
            node = node.after_chance(self.rng.choices(outcomes, weights)[0])
        return node


def _decision(node: Node) -> Any:
    """The rules' state where ``node``'s record starts (see the module)."""
    record = node.record
    while record.previous is not None:
        record = record.previous
    return record.state
