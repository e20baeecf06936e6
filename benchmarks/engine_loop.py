"""The public loop of ``rulespec bench`` for a fixed number of games, as a program of
its own, to time against a plain baseline playing as many games (same players, same
uniform policy): ``python engine_loop.py GAME PLAYERS GAMES SEED [MODULE]``, where
``MODULE`` (such as ``tests.plugin.tricks``) holds a game ``GAME`` to register first."""

from __future__ import annotations

import importlib
import random
import sys
import time

import rulespec
from rulespec.core.game import register


def main() -> None:
    if len(sys.argv) > 5:
        register(importlib.import_module(sys.argv[5]).GAME)
    g = rulespec.game(sys.argv[1])
    players, games = int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    options = g.decode_options(g.simulation_options())
    is_over, to_move, apply, legal, draw = (
        g.is_over,
        g.to_move,
        g.apply,
        g.legal_actions,
        g.sample_chance,
    )
    start = time.perf_counter()
    for _ in range(games):
        state = g.new_game(players, options)
        while not is_over(state):
            for actor in to_move(state):
                if actor == rulespec.CHANCE:
                    state = apply(state, draw(state, rng))
                else:
                    state = apply(state, rng.choice(legal(state, actor)))
    print(f"uniform: {games / (time.perf_counter() - start):.1f} full games/s")


if __name__ == "__main__":
    main()
