"""``rulespec``: simulate and benchmark the games from a terminal.

Errors are one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import rulespec
from rulespec.core.game import Game
from rulespec.core.simulate import GameResult, InvariantBroken, Policy, simulate

__all__ = ["main"]


class CommandError(Exception):
    """A usage error, reported as one line."""


def _game(name: str) -> Game[Any, Any, Any, Any]:
    try:
        return rulespec.game(name)
    except KeyError as exc:
        raise CommandError(str(exc.args[0])) from None


def _policy(g: Game[Any, Any, Any, Any], name: str | None) -> tuple[str, Policy]:
    policies = g.policies()
    chosen = g.default_policy if name is None else name
    if chosen not in policies:
        known = ", ".join(sorted(policies))
        raise CommandError(f"{g.id} has no policy {chosen!r} (known: {known})")
    return chosen, policies[chosen]


def _players(g: Game[Any, Any, Any, Any], players: int | None) -> int:
    n = 4 if players is None else players
    n = min(max(n, g.min_players), g.max_players) if players is None else n
    if not g.min_players <= n <= g.max_players:
        raise CommandError(f"{g.name} is for {g.min_players} to {g.max_players} players, not {n}")
    return n


class _Progress:
    """A one-line progress counter on stderr when it is a terminal."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.live = sys.stderr.isatty()
        self.start = time.perf_counter()

    def update(self, done: int) -> None:
        if self.live and (done == self.total or done % max(1, self.total // 100) == 0):
            print(f"\r{self.label}: {done}/{self.total}", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        elapsed = time.perf_counter() - self.start
        if self.live:
            print(file=sys.stderr)
        print(f"{self.label}: {self.total} games in {elapsed:.1f} s", file=sys.stderr)


def _summary(
    g: Game[Any, Any, Any, Any], players: int, policy: str, results: Sequence[GameResult]
) -> str:
    n = len(results)
    lines = [f"{g.name}: {n} games, {players} players, policy {policy!r}", ""]
    lines.append("seat  mean score  wins  shared wins")
    for seat in range(players):
        mean = sum(r.scores[seat] for r in results) / n
        wins = sum(1 for r in results if r.winners == (seat,))
        shared = sum(1 for r in results if seat in r.winners and len(r.winners) > 1)
        lines.append(f"{seat:>4}  {mean:>10.2f}  {wins:>4}  {shared:>11}")
    events: Counter[str] = Counter()
    for r in results:
        events.update(dict(r.events))
    rounds = sum(v for k, v in events.items() if k.startswith("round:"))
    if rounds:
        lines.append("")
        lines.append(f"rounds: {rounds}")
        for key in sorted(k for k in events if k.startswith("round:")):
            share = 100 * events[key] / rounds
            lines.append(f"  ended by {key[6:]}: {events[key]} ({share:.1f}%)")
        if events["turn"]:
            lines.append(f"turns per round: {events['turn'] / rounds:.1f}")
        if events["reshuffle"]:
            lines.append(f"reshuffles per round: {events['reshuffle'] / rounds:.2f}")
    lines.append(f"steps per game: {sum(r.steps for r in results) / n:.1f}")
    lines.append("invariants: checked after every step, none broken")
    return "\n".join(lines)


def _simulate(args: argparse.Namespace) -> int:
    g = _game(args.game)
    players = _players(g, args.players)
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    name, policy = _policy(g, args.policy)
    progress = _Progress(args.games, f"simulate {g.id}")
    results = []
    try:
        played = simulate(g, players, args.games, seed=args.seed, policy=policy)
        for i, result in enumerate(played, 1):
            results.append(result)
            progress.update(i)
    except InvariantBroken as exc:
        raise CommandError(f"invariant broken: {exc}") from None
    progress.close()
    print(_summary(g, players, name, results))
    return 0


def _bench(args: argparse.Namespace) -> int:
    g = _game(args.game)
    players = _players(g, args.players)
    if args.seconds <= 0:
        raise CommandError("--seconds must be positive")
    name, policy = _policy(g, args.policy)
    uniform = name == "random"
    import random

    rng = random.Random(args.seed)
    games = 0
    start = time.perf_counter()
    deadline = start + args.seconds
    chance = rulespec.CHANCE
    is_over, to_move, apply = g.is_over, g.to_move, g.apply
    legal, sample = g.legal_actions, g.sample_chance
    choice = rng.choice
    while True:
        state = g.new_game(players)
        while not is_over(state):
            for actor in to_move(state):
                if actor == chance:
                    state = apply(state, sample(state, rng))
                elif uniform:
                    state = apply(state, choice(legal(state, actor)))
                else:
                    state = apply(state, policy(g, state, actor, rng))
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    rate = games / (now - start)
    print(f"{g.id}, {players} players, policy {name!r}: {games} games in {now - start:.1f} s")
    print(f"{rate:.1f} games/s")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulespec",
        description="The executable rulebook of Duck & Cover, Duo and Canardage.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = sub.add_parser(
        "simulate",
        help="play many random games, checking the invariants",
        description="Play random legal games, check every invariant after every step, "
        "and print a summary.",
        epilog="example: rulespec simulate duck-and-cover --players 4 --games 200 --seed 1",
    )
    sim.add_argument("game", help="the game id, e.g. duck-and-cover")
    sim.add_argument("--players", type=int, default=None, help="number of players (default 4)")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed; game i uses seed 'SEED-i'")
    sim.add_argument("--policy", default=None, help="how players choose (default: the game's)")
    sim.set_defaults(run=_simulate)

    bench = sub.add_parser(
        "bench",
        help="measure full random games per second",
        description="Drive the public loop (legal actions, uniform choice, apply with its "
        "full legality check) for whole games and print the rate.",
        epilog="example: rulespec bench duck-and-cover --players 4 --seconds 10",
    )
    bench.add_argument("game", help="the game id, e.g. duck-and-cover")
    bench.add_argument("--players", type=int, default=None, help="number of players (default 4)")
    bench.add_argument("--seconds", type=float, default=10.0, help="how long to run (default 10)")
    bench.add_argument("--seed", type=int, default=0, help="seed of the random choices")
    bench.add_argument("--policy", default=None, help="how players choose (default: the game's)")
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except CommandError as exc:
        print(f"rulespec: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rulespec: interrupted", file=sys.stderr)
        return 130
    return status


def entry() -> None:
    """The console script: run :func:`main` and exit with its status."""
    sys.exit(main())
