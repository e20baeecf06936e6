"""``rulespec``: simulate and benchmark the games from a terminal.

Errors are one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import rulespec
from rulespec.core.errors import RecordError
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


def _option_set(g: Game[Any, Any, Any, Any], spec: str | None) -> tuple[str, Any]:
    """Options from ``"a,b=3"`` (a name alone means ``true``), over the simulation defaults."""
    data: dict[str, Any] = dict(g.simulation_options())
    label = spec or "default"
    for item in (spec or "").split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, text = item.partition("=")
        value: Any = True
        if sep:
            try:
                value = json.loads(text)
            except ValueError:
                value = text
        data[key.strip().replace("-", "_")] = value
    try:
        return label, g.decode_options(data)
    except (RecordError, ValueError, TypeError) as exc:
        raise CommandError(f"--option {label!r}: {exc}") from None


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
    capped = sum(v for k, v in events.items() if k.startswith("match:"))
    if capped:
        lines.append(f"games stopped by the round cap: {capped} of {n}")
    lines.append(f"steps per game: {sum(r.steps for r in results) / n:.1f}")
    lines.append("invariants: checked after every step, none broken")
    return "\n".join(lines)


def _comparison(players: int, sets: Sequence[tuple[str, Sequence[GameResult]]]) -> str:
    width = max(12, *(len(label) + 2 for label, _ in sets))
    head = "".join(label.rjust(width) for label, _ in sets)
    lines = ["", "comparison of option sets", f"{'':<22}{head}"]
    for seat in range(players):
        row = "".join(f"{sum(r.scores[seat] for r in rs) / len(rs):>{width}.2f}" for _, rs in sets)
        lines.append(f"{f'mean score, seat {seat}':<22}{row}")
    keys = sorted({k for _, rs in sets for r in rs for k, _ in r.events if k.startswith("round:")})
    for key in keys:
        row = ""
        for _, rs in sets:
            count = sum(dict(r.events).get(key, 0) for r in rs)
            total = sum(v for r in rs for k, v in r.events if k.startswith("round:"))
            row += f"{100 * count / max(total, 1):>{width - 1}.1f}%"
        lines.append(f"{'rounds ' + key[6:]:<22}{row}")
    row = "".join(f"{sum(r.steps for r in rs) / len(rs):>{width}.1f}" for _, rs in sets)
    lines.append(f"{'steps per game':<22}{row}")
    return "\n".join(lines)


def _simulate(args: argparse.Namespace) -> int:
    g = _game(args.game)
    players = _players(g, args.players)
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    name, policy = _policy(g, args.policy)
    option_sets = [_option_set(g, spec) for spec in (args.option or [None])]
    sets: list[tuple[str, list[GameResult]]] = []
    for label, options in option_sets:
        tag = f"simulate {g.id}" + (f" [{label}]" if len(option_sets) > 1 else "")
        progress = _Progress(args.games, tag)
        results: list[GameResult] = []
        try:
            played = simulate(
                g, players, args.games, seed=args.seed, policy=policy, options=options
            )
            for i, result in enumerate(played, 1):
                results.append(result)
                progress.update(i)
        except InvariantBroken as exc:
            raise CommandError(f"invariant broken: {exc}") from None
        progress.close()
        if len(option_sets) > 1:
            print(f"== options: {label}")
        print(_summary(g, players, name, results))
        sets.append((label, results))
    if len(sets) > 1:
        print(_comparison(players, sets))
    return 0


def _bench_policy(
    g: Game[Any, Any, Any, Any], players: int, name: str, policy: Policy, seconds: float, seed: int
) -> tuple[int, int, float, list[tuple[Any, int]]]:
    """Whole games for ``seconds``: (games, rounds, elapsed, a sample of (state, player))."""
    import random

    rng = random.Random(seed)
    uniform = name == "random"
    options = g.decode_options(g.simulation_options())
    games = rounds = 0
    sample: list[tuple[Any, int]] = []
    chance = rulespec.CHANCE
    is_over, to_move, apply = g.is_over, g.to_move, g.apply
    legal, draw = g.legal_actions, g.sample_chance
    choice = rng.choice
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = g.new_game(players, options)
        while not is_over(state):
            for actor in to_move(state):
                if actor == chance:
                    state = apply(state, draw(state, rng))
                elif uniform:
                    state = apply(state, choice(legal(state, actor)))
                else:
                    state = apply(state, policy(g, state, actor, rng))
        games += 1
        rounds += g.rounds(state)
        now = time.perf_counter()
        if now >= deadline:
            break
    # States for the cost of legal actions, gathered after the clock stopped.
    state = g.start(players, seed=seed, options=options)
    while not is_over(state) and len(sample) < 500:
        actor = to_move(state)[0]
        if actor == chance:
            state = apply(state, draw(state, rng))
            continue
        sample.append((state, actor))
        state = apply(state, choice(legal(state, actor)))
    return games, rounds, now - start, sample


def _bench(args: argparse.Namespace) -> int:
    g = _game(args.game)
    players = _players(g, args.players)
    if args.seconds <= 0:
        raise CommandError("--seconds must be positive")
    names = args.policy or [g.default_policy]
    chosen = [_policy(g, name) for name in names]
    for name, policy in chosen:
        games, rounds, elapsed, sample = _bench_policy(
            g, players, name, policy, args.seconds, args.seed
        )
        print(f"{g.id}, {players} players, policy {name!r}: {games} games in {elapsed:.1f} s")
        if rounds != games:
            print(f"{rounds / elapsed:.1f} rounds/s")
        print(f"{games / elapsed:.1f} games/s")
    if sample:
        legal = g.legal_actions
        start = time.perf_counter()
        for state, actor in sample:
            list(legal(state, actor))
        cost = (time.perf_counter() - start) / len(sample) * 1e6
        print(f"legal actions, listed in full: {cost:.1f} µs per player and step")
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
    sim.add_argument(
        "--option",
        action="append",
        metavar="NAME[=VALUE],...",
        help="a set of options played together; repeat to compare several sets",
    )
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
    bench.add_argument(
        "--policy",
        action="append",
        help="how players choose (default: the game's); repeat to measure several",
    )
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
