"""Where the time of a random Duck & Cover game goes: a benchmark of the engine.

Plays whole random games through the public loop that ``rulespec bench`` drives
(legal actions, a uniform choice, ``apply`` with its full legality check) and
reports games per CPU second as well as per wall second (the machine may be busy
with other work); then times each kind of call within such games, so that a
slowdown can be located.

Usage: ``uv run python bench/duck_cover.py [--players 4] [--seconds 5] [--seed 0]``
"""

from __future__ import annotations

import argparse
import random
import time

import rulespec
from rulespec.duck_cover import Quack

GAME = rulespec.game("duck-and-cover")
CHANCE = rulespec.CHANCE


def play(players: int, rng: random.Random) -> int:
    """One whole random game; returns the number of player actions."""
    is_over, to_move, apply = GAME.is_over, GAME.to_move, GAME.apply
    legal, sample, choice = GAME.legal_actions, GAME.sample_chance, rng.choice
    actions = 0
    state = GAME.new_game(players)
    while not is_over(state):
        for actor in to_move(state):
            if actor == CHANCE:
                state = apply(state, sample(state, rng))
            else:
                state = apply(state, choice(legal(state, actor)))
                actions += 1
    return actions


def games_per_second(players: int, seconds: float, seed: int) -> tuple[float, float, float]:
    """(games per CPU second, games per wall second, player actions per game)."""
    rng = random.Random(seed)
    games = actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        actions += play(players, rng)
        games += 1
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return games / cpu, games / wall, actions / games


def breakdown(players: int, seed: int, games: int = 20, repeat: int = 3) -> None:
    """Time each call of ``games`` random games, by kind; print the best mean of
    ``repeat`` passes (the same games each time) per kind."""
    clock = time.perf_counter_ns
    overhead = min(-(clock() - clock()) for _ in range(1000))  # of one reading
    best: dict[str, float] = {}
    for _ in range(repeat):
        rng = random.Random(seed)
        spent: dict[str, list[int]] = {}
        for _ in range(games):
            state = GAME.new_game(players)
            while not GAME.is_over(state):
                for actor in GAME.to_move(state):
                    if actor == CHANCE:
                        state = GAME.apply(state, GAME.sample_chance(state, rng))
                        continue
                    last = len(GAME.to_move(state)) == 1
                    t0 = clock()
                    legal = GAME.legal_actions(state, actor)
                    t1 = clock()
                    action = rng.choice(legal)
                    t2 = clock()
                    state = GAME.apply(state, action)
                    t3 = clock()
                    seen = "covered" if type(action) is Quack else "visible"
                    turn = "resolves" if last else "goes on"
                    for label, ns in (
                        (f"legal_actions, called card {seen}", t1 - t0),
                        (f"random.choice, called card {seen}", t2 - t1),
                        (f"apply, called card {seen}, turn {turn}", t3 - t2),
                    ):
                        total = spent.setdefault(label, [0, 0])
                        total[0] += ns - overhead
                        total[1] += 1
        for label, (ns, calls) in spent.items():
            best[label] = min(best.get(label, float("inf")), ns / calls / 1000)
    print(f"per call, in {games} random games ({players} players), wall time:")
    for label in sorted(best):
        print(f"  {label:52s} {best[label]:6.2f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    cpu, wall, actions = games_per_second(args.players, args.seconds, args.seed)
    print(f"{args.players} players: {cpu:.1f} games per CPU second ({wall:.1f} per wall second)")
    print(f"  {actions:.0f} player actions per game, {1e6 / cpu / actions:.2f} µs each")
    breakdown(args.players, args.seed)


if __name__ == "__main__":
    main()
