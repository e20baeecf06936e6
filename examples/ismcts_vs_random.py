"""OpenSpiel's ISMCTS bot against uniformly random players, in any of the three games.

The bot takes each seat in turn (game ``i`` seats it at ``i mod players``);
every other seat plays uniformly at random. Duck & Cover is searched through
:func:`rulespec.openspiel.turns.turn_based`, whose states resample. Prints the
bot's win share (a victory shared by ``k`` players counts ``1/k``) with its
95 % Wilson interval, against the equal share ``1/players``, and the CPU time.

The bot values a leaf of its search by one random playout (``--evaluator``):
``rollout``, OpenSpiel's ``RandomRolloutEvaluator`` (to the end, through the
OpenSpiel state); ``engine``, the same random game played to the end by the
rules' engine (:class:`rulespec.openspiel.playouts.EnginePlayouts`, faster);
``horizon``, the engine's playout cut after ``--horizon`` moves or at the end
of the round and scored by the gains since the decision, as the ``search``
player scores its playouts.

    python examples/ismcts_vs_random.py canardage --players 3 --games 30
    python examples/ismcts_vs_random.py duck-and-cover --players 2 --games 60 \
        --simulations 30 --evaluator horizon

Needs the ``rl`` extra (``uv sync --extra rl``, or ``pip install ".[rl]"`` in a clone).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import rulespec
from rulespec import openspiel as ros
from rulespec.openspiel.playouts import EnginePlayouts, heuristic_horizon
from rulespec.openspiel.turns import turn_based
from rulespec.tools.simulation import wilson


def load(game_id: str, players: int, options: Any) -> Any:
    """The OpenSpiel game ISMCTS can search: Duck & Cover made turn-based."""
    game = ros.load(game_id, players, options)
    return turn_based(game) if game.settings.simultaneous else game


EVALUATORS = ("rollout", "engine", "horizon")
"""The ways to value a leaf (see the module)."""


def evaluator(kind: str, horizon: int, rng: np.random.RandomState) -> Any:
    """The leaf evaluator ``kind`` (one of :data:`EVALUATORS`), drawing from ``rng``."""
    if kind == "rollout":
        return mcts.RandomRolloutEvaluator(random_state=rng)
    playouts = random.Random(int(rng.randint(2**31)))
    return EnginePlayouts(horizon if kind == "horizon" else None, playouts)


def play(
    game: Any, seat: int, simulations: int, seed: int, kind: str = "rollout", horizon: int = 8
) -> list[float]:
    """One game, the bot in ``seat``: its returns."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator(kind, horizon, rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    bot.set_resampler(ros.resampler(seed))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == seat:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.returns())


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the match described by ``argv``; print and return its summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=[g.id for g in rulespec.games()])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default=None, help="the game's options as JSON")
    parser.add_argument("--evaluator", choices=EVALUATORS, default="rollout")
    parser.add_argument(
        "--horizon", type=int, default=None, help="moves of a horizon playout (the game's own)"
    )
    args = parser.parse_args(argv)
    if args.horizon is not None and args.horizon < 1:
        parser.error(f"--horizon must be at least 1, not {args.horizon}")
    options = None if args.options is None else json.loads(args.options)
    game = load(args.game, args.players, options)
    horizon = heuristic_horizon(game.rules) if args.horizon is None else args.horizon
    start = time.process_time()
    won = 0.0
    for i in range(args.games):
        seat = i % args.players
        returns = play(
            game, seat, args.simulations, args.seed * 100_003 + i, args.evaluator, horizon
        )
        winners = sum(1 for r in returns if r > 0)
        won += returns[seat] / winners if winners else 0.0
    low, high = wilson(won, args.games)
    summary = {
        "game": args.game,
        "players": args.players,
        "options": options,
        "games": args.games,
        "simulations": args.simulations,
        "evaluator": args.evaluator,
        **({"horizon": horizon} if args.evaluator == "horizon" else {}),
        "win_share": round(won / args.games, 3),
        "interval95": [round(low, 3), round(high, 3)],
        "equal_share": round(1 / args.players, 3),
        "cpu_seconds": round(time.process_time() - start, 1),
    }
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
