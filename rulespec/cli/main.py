"""``rulespec``: list, read, play, simulate, benchmark and verify the games, and check other
engines, from a terminal.

Errors are one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, NoReturn, cast

import attrs

import rulespec
from rulespec.cli import baseline, console
from rulespec.cli import check as check_cli
from rulespec.cli import conform as conform_cli
from rulespec.cli import explore as explore_cli
from rulespec.cli import games as games_cli
from rulespec.cli import perft as perft_cli
from rulespec.cli import play as play_cli
from rulespec.cli import readings as readings_cli
from rulespec.cli import rules as rules_cli
from rulespec.cli import verify as verify_cli
from rulespec.cli.arguments import (
    add_command,
    check_setup,
    game_named,
    option_set,
    player_count,
    seat_policies,
    worker_pool,
)
from rulespec.cli.errors import CommandError, needs_extra
from rulespec.core.game import Game
from rulespec.tools import search
from rulespec.tools.simulation import (
    DecisionTime,
    GameResult,
    InvariantBroken,
    Policy,
    Spread,
    Statistics,
    WinShare,
    decision_times,
    simulate,
    summarize,
    win_shares,
)

__all__ = ["main"]


class _Progress:
    """Progress on stderr: a bar (with ``rich``) or a counter on a terminal, and a last line."""

    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.done = 0
        self.live = sys.stderr.isatty()
        self.start = time.perf_counter()
        self.bar: Any = None
        if self.live:
            try:
                from rich.console import Console
                from rich.progress import Progress
            except ImportError:
                pass
            else:
                self.bar = Progress(console=Console(stderr=True), transient=True)
                self.bar.start()
                self.task = self.bar.add_task(label, total=total)

    def advance(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.advance(self.task)
        elif self.live and (self.done == self.total or self.done % max(1, self.total // 100) == 0):
            print(f"\r{self.label}: {self.done}/{self.total}", end="", file=sys.stderr, flush=True)

    def stop(self) -> None:
        """Take the bar or the counter off the terminal."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
        elif self.live:
            print(file=sys.stderr)
            self.live = False

    def close(self, note: str = "") -> None:
        """Stop, and say how many games took how long."""
        elapsed = time.perf_counter() - self.start
        self.stop()
        rate = self.done / elapsed if elapsed > 0 else float("inf")
        print(
            f"{self.label}: {self.done} games in {elapsed:.1f} s, {rate:.1f} games/s{note}",
            file=sys.stderr,
        )


_SPREAD_HEAD = ("min", "q1", "median", "q3", "max", "mean")


def _spread_row(name: str, spread: Spread) -> str:
    cells = (spread.min, spread.q1, spread.median, spread.q3, spread.max, spread.mean)
    return f"  {name:<14}" + "".join(
        f"{v:>9.1f}" if isinstance(v, float) else f"{v:>9}" for v in cells
    )


def _winning(g: Game[Any, Any, Any, Any]) -> str:
    """Which scores win ``g``, in words.

    >>> import rulespec
    >>> _winning(rulespec.game("duck-and-cover")), _winning(rulespec.game("duo"))
    ('the lowest score wins', 'the highest score wins')
    """
    return f"the {'lowest' if g.lowest_score_wins else 'highest'} score wins"


def _share_lines(names: Sequence[str], shares: Sequence[WinShare]) -> list[str]:
    """Each seat's policy and win share with its interval, as a small table."""
    width = max(6, *(len(name) for name in names))
    lines = [f"seat  {'policy':<{width}}  win share  95% interval (Wilson)"]
    for name, s in zip(names, shares, strict=True):
        lines.append(
            f"{s.seat:>4}  {name:<{width}}  {100 * s.share:>8.1f}%  "
            f"{100 * s.low:.1f}% to {100 * s.high:.1f}%"
        )
    return lines


def _summary(
    g: Game[Any, Any, Any, Any],
    players: int,
    policy: str,
    stats: Statistics,
    names: Sequence[str],
    shares: Sequence[WinShare],
) -> str:
    n = stats.games
    lines = [f"{g.name}: {n} games, {players} players, policy {policy!r}", ""]
    lines += [f"scores: {_winning(g)}", ""]
    lines.append("seat  mean score  wins  shared wins  win rate")
    for s in stats.seats:
        rate = 100 * (s.wins + s.shared_wins) / n
        lines.append(
            f"{s.seat:>4}  {s.mean_score:>10.2f}  {s.wins:>4}  {s.shared_wins:>11}  {rate:>7.1f}%"
        )
    lines += ["", *_share_lines(names, shares)]
    for prefix, what in (("round:", "rounds"), ("match:", "matches"), ("end:", "games")):
        keys = [k for k in stats.ends if k.startswith(prefix)]
        if not keys:
            continue
        total = stats.games if prefix != "round:" else sum(stats.ends[k] for k in keys)
        lines += ["", f"how {what} ended ({total} {what})"]
        width = max(len(k) - len(prefix) for k in keys)
        for key in sorted(keys, key=lambda k: (-stats.ends[k], k)):
            count = stats.ends[key]
            lines.append(
                f"  {key[len(prefix) :]:<{width}}  {count:>7}  {100 * count / total:>5.1f}%"
            )
    lines += ["", f"{'length per game':<16}" + "".join(f"{h:>9}" for h in _SPREAD_HEAD)]
    lines.append(_spread_row("steps", stats.steps))
    for name, spread in (("turns", stats.turns), ("rounds", stats.rounds)):
        if spread is not None:
            lines.append(_spread_row(name, spread))
    rounds = sum(v for k, v in stats.ends.items() if k.startswith("round:"))
    if rounds and stats.events.get("reshuffle"):
        lines.append(f"reshuffles per round: {stats.events['reshuffle'] / rounds:.2f}")
    lines.append("")
    lines.append("invariants: checked after every step, none broken")
    return "\n".join(lines)


def _comparison(players: int, sets: Sequence[tuple[str, Statistics]]) -> str:
    width = max(12, *(len(label) + 2 for label, _ in sets))
    rows: list[tuple[str, list[str]]] = []
    for seat in range(players):
        cells = [f"{st.seats[seat].mean_score:.2f}" for _, st in sets]
        rows.append((f"mean score, seat {seat}", cells))
    for prefix in ("round:", "match:", "end:"):
        for key in sorted({k for _, st in sets for k in st.ends if k.startswith(prefix)}):
            cells = []
            for _, st in sets:
                total = st.games
                if prefix == "round:":
                    total = sum(v for k, v in st.ends.items() if k.startswith(prefix))
                cells.append(f"{100 * st.ends.get(key, 0) / max(total, 1):.1f}%")
            rows.append((key.replace(":", " ended by ", 1), cells))
    rows.append(("steps per game, median", [f"{st.steps.median:.1f}" for _, st in sets]))
    rows.append(("steps per game, mean", [f"{st.steps.mean:.1f}" for _, st in sets]))
    first = max(len(name) for name, _ in rows) + 2
    lines = [
        "",
        "comparison of option sets",
        " " * first + "".join(label.rjust(width) for label, _ in sets),
    ]
    for name, cells in rows:
        lines.append(f"{name:<{first}}" + "".join(c.rjust(width) for c in cells))
    return "\n".join(lines)


def _timing_lines(names: Sequence[str], times: Sequence[DecisionTime]) -> list[str]:
    """Each seat's policy time per decision, as text."""
    width = max(6, *(len(n) for n in names))
    lines = [f"seat  {'policy':<{width}}  decisions  CPU per decision"]
    for t in times:
        each = "-" if t.per_decision is None else f"{t.per_decision * 1e6:,.1f} µs"
        lines.append(f"{t.seat:>4}  {names[t.seat]:<{width}}  {t.decisions:>9}  {each:>16}")
    return lines


def _timing_data(names: Sequence[str], times: Sequence[DecisionTime]) -> list[dict[str, Any]]:
    return [
        {
            "seat": t.seat,
            "policy": names[t.seat],
            "decisions": t.decisions,
            "seconds": t.seconds,
            "seconds_per_decision": t.per_decision,
        }
        for t in times
    ]


def _result_data(result: GameResult) -> dict[str, Any]:
    return {
        "seed": result.seed,
        "scores": list(result.scores),
        "winners": list(result.winners),
        "steps": result.steps,
        "events": dict(result.events),
    }


def _record_path(folder: Path, g: Game[Any, Any, Any, Any], label: str | None, seed: str) -> Path:
    tag = "" if label is None else "-" + re.sub(r"[^A-Za-z0-9=.,_-]+", "_", label)
    return folder / f"{g.id}{tag}-{seed}.json"


def _play_set(
    args: argparse.Namespace,
    g: Game[Any, Any, Any, Any],
    players: int,
    policy: Policy,
    options: Any,
    tag: str,
    folder: Path | None,
    file_tag: str | None,
    executor: Executor | None,
) -> list[GameResult]:
    """The games of one option set, with their progress, saved as records into ``folder``."""
    from concurrent.futures.process import BrokenProcessPool

    progress = _Progress(args.games, tag)
    results: list[GameResult] = []
    played = simulate(
        g,
        players,
        args.games,
        seed=args.seed,
        policy=policy,
        options=options,
        record=folder is not None,
        executor=executor,
        timing=True,
    )
    try:
        for result in played:
            if folder is not None and result.record is not None:
                path = _record_path(folder, g, file_tag, result.seed)
                try:
                    path.write_text(result.record.to_json() + "\n", encoding="utf-8")
                except OSError as exc:
                    raise CommandError(f"{path}: {exc.strerror or exc}") from None
                result = attrs.evolve(result, record=None)
            results.append(result)
            progress.advance()
    except InvariantBroken as exc:
        raise CommandError(f"invariant broken: {exc}") from None
    except BrokenProcessPool as exc:
        raise CommandError(f"a worker process stopped: {exc}") from None
    finally:
        played.close()
        if len(results) < args.games:
            progress.stop()
    progress.close(f", {args.workers} workers" if args.workers > 1 else "")
    return results


def _simulate(args: argparse.Namespace) -> int:
    g = game_named(args.game)
    players = player_count(g, args.players)
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.workers < 1:
        raise CommandError("--workers must be at least 1")
    name, policy, names = seat_policies(g, args.policy, players)
    option_sets = [option_set(g, spec) for spec in (args.option or [None])]
    for label, options in option_sets:
        check_setup(g, players, options, label)
    if args.plot is not None:
        from rulespec.cli import plot

        plot.check(args.plot)
    folder: Path | None = None
    if args.record is not None:
        folder = Path(args.record)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"--record {args.record}: {exc.strerror or exc}") from None
    many = len(option_sets) > 1
    sets: list[tuple[str, Any, Statistics, list[GameResult]]] = []
    executor = worker_pool(args.workers)
    try:
        for label, options in option_sets:
            tag = f"simulate {g.id}" + (f" [{label}]" if many else "")
            file_tag = label if many else None
            results = _play_set(args, g, players, policy, options, tag, folder, file_tag, executor)
            sets.append((label, options, summarize(results), results))
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
    if args.json:
        document = {
            "game": g.id,
            "players": players,
            "games": args.games,
            "seed": args.seed,
            "policy": name,
            "policies": list(names),
            "option_sets": [
                {
                    "label": label,
                    "options": g.encode_options(options),
                    "statistics": attrs.asdict(stats),
                    "win_shares": [attrs.asdict(s) for s in win_shares(results)],
                    "results": [_result_data(r) for r in results],
                }
                for label, options, stats, results in sets
            ],
            "timing": {
                "clock": "CPU time of the process that played, in the policies only; "
                "it varies from run to run",
                "option_sets": [
                    {"label": label, "seats": _timing_data(names, decision_times(results))}
                    for label, _, _, results in sets
                ],
            },
        }
        print(json.dumps(document, ensure_ascii=False, indent=1))
    else:
        for label, _, stats, results in sets:
            if many:
                print(f"== options: {label}")
            print(_summary(g, players, name, stats, names, win_shares(results)))
            print("\n".join(["", *_timing_lines(names, decision_times(results))]))
        if many:
            print(_comparison(players, [(label, stats) for label, _, stats, _ in sets]))
        if folder is not None:
            print(f"records: {args.games * len(sets)} games in {folder}")
    if args.plot is not None:
        from rulespec.cli import plot

        plot.save(
            args.plot,
            f"{g.name}, {players} players, policy {name!r}: {_winning(g)}",
            [(label, stats, results) for label, _, stats, results in sets],
            g.lowest_score_wins,
        )
        print(f"plot: {args.plot}", file=sys.stderr)
    return 0


def _bench_policy(
    g: Game[Any, Any, Any, Any], players: int, name: str, policy: Policy, seconds: float, seed: int
) -> tuple[int, int, int, float, list[tuple[Any, int]]]:
    """Whole games for ``seconds``: (games, rounds, player steps, elapsed, a sample of
    (state, player))."""
    import random

    rng = random.Random(seed)
    uniform = name == "random"
    options = g.decode_options(g.simulation_options())
    games = rounds = steps = 0
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
                    continue
                if uniform:
                    state = apply(state, choice(legal(state, actor)))
                else:
                    state = apply(state, policy(g, state, actor, rng))
                steps += 1
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
    return games, rounds, steps, now - start, sample


def _bench(args: argparse.Namespace) -> int:
    g = game_named(args.game)
    players = player_count(g, args.players)
    if not 0 < args.seconds < math.inf:  # nan and inf too: the run would never end
        raise CommandError("--seconds must be positive")
    names = args.policy or [g.default_policy, *sorted(set(g.policies()) - {g.default_policy})]
    chosen = [seat_policies(g, name, players)[:2] for name in names]
    if args.baseline is not None:
        baseline.check(args.baseline)
    make_env = _env_maker() if args.env else None
    measured: list[tuple[str, float, float]] = []
    for name, policy in chosen:
        games, rounds, steps, elapsed, sample = _bench_policy(
            g, players, name, policy, args.seconds, args.seed
        )
        print(f"{g.id}, {players} players, policy {name!r}: {games} games in {elapsed:.1f} s")
        print(f"{elapsed / max(steps, 1) * 1e6:.1f} µs per player step")
        if rounds != games:
            print(f"{rounds / elapsed:.1f} rounds/s")
        print(f"{games / elapsed:.1f} games/s")
        measured.append((name, games / elapsed, rounds / elapsed))
    if sample:
        legal = g.legal_actions
        start = time.perf_counter()
        for state, actor in sample:
            list(legal(state, actor))
        cost = (time.perf_counter() - start) / len(sample) * 1e6
        print(f"legal actions, listed in full: {cost:.1f} µs per player and step")
    if make_env is not None:
        env_rate, engine_rate, ratio, vector_rate, vector_ratio = _bench_env(
            make_env, g, players, args.seconds, args.seed
        )
        print(
            f"PettingZoo AEC env, uniform legal ids: {env_rate:.0f} player steps per "
            f"CPU-second (the engine's loop, policy 'random': {engine_rate:.0f}; ratio "
            f"{ratio:.2f}, the median of {_ENV_RUNS} interleaved runs)"
        )
        print(
            f"vector env, {_VECTOR_GAMES} games, uniform legal ids: {vector_rate:.0f} player "
            f"steps per CPU-second ({vector_ratio:.2f} times the AEC env's, the median of "
            f"{_ENV_RUNS} interleaved runs)"
        )
    if args.baseline is not None:
        sys.stdout.flush()
        done = baseline.run(args.baseline, players, args.seed, args.seconds)
        print(f"baseline: {' '.join(done.command)} ran in {done.seconds:.1f} s")
        for line in baseline.compare(args.baseline, done.output, measured, g.policies()):
            print(line)
    return 0


def _env_maker() -> Any:
    """:func:`rulespec.pettingzoo.env`, or a usage error when the ``rl`` extra is missing."""
    try:
        from rulespec.pettingzoo import env
    except ImportError as exc:
        raise CommandError(f"{needs_extra('--env', 'rl')} ({exc.name} is missing)") from None
    return env


_ENV_RUNS = 5
"""How many runs of the engine and of the environment ``bench --env`` interleaves."""


def _bench_env(
    make_env: Any, g: Game[Any, Any, Any, Any], players: int, seconds: float, seed: int
) -> tuple[float, float, float, float, float]:
    """The player steps per CPU-second of the PettingZoo AEC environment (each agent
    sending a legal id drawn uniformly from its action mask), of the engine's loop
    (the ``random`` policy) and of the vector environment, measured in
    :data:`_ENV_RUNS` runs of each, one after the other, after a short run of each
    that is not counted, within ``1.6 * seconds`` in all: the rates of the run whose
    AEC/engine ratio is the median, that ratio, then the vector environment's median
    rate and median ratio to the AEC environment's rate of the same round.

    CPU time (:func:`time.process_time`) leaves out the time other processes take,
    and interleaving the runs shares any change of the machine's speed between the
    loops."""
    import random

    rng = random.Random(seed)
    env = make_env(g.id, players)
    vector = _Vector(g, players, seed)
    options = g.decode_options(g.simulation_options())
    share = seconds / (2 * _ENV_RUNS)
    # A short run of each loop first, not counted: the first steps fill the caches that
    # the games keep (of numbered actions, for one), in the engine's loop and the env's.
    _engine_rate(g, players, options, share / 4, rng)
    _env_rate(env, share / 4, rng)
    vector.rate(share / 4)
    runs = []
    vectors = []
    for _ in range(_ENV_RUNS):
        engine_rate = _engine_rate(g, players, options, share, rng)
        env_rate = _env_rate(env, share, rng)
        vector_rate = vector.rate(share)
        runs.append((env_rate / engine_rate, env_rate, engine_rate))
        vectors.append((vector_rate / env_rate, vector_rate))
    ratio, env_rate, engine_rate = sorted(runs)[_ENV_RUNS // 2]
    vector_ratio = sorted(v[0] for v in vectors)[_ENV_RUNS // 2]
    vector_rate = sorted(v[1] for v in vectors)[_ENV_RUNS // 2]
    return env_rate, engine_rate, ratio, vector_rate, vector_ratio


def _engine_rate(
    g: Game[Any, Any, Any, Any], players: int, options: Any, seconds: float, rng: Any
) -> float:
    """Whole games of the engine's loop with uniform legal actions for ``seconds`` of
    CPU time: player steps per CPU-second."""
    chance = rulespec.CHANCE
    is_over, to_move, apply = g.is_over, g.to_move, g.apply
    legal, draw, choice = g.legal_actions, g.sample_chance, rng.choice
    steps = 0
    start = time.process_time()
    while True:
        state = g.new_game(players, options)
        while not is_over(state):
            for actor in to_move(state):
                if actor == chance:
                    state = apply(state, draw(state, rng))
                    continue
                state = apply(state, choice(legal(state, actor)))
                steps += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent


def _env_rate(env: Any, seconds: float, rng: Any) -> float:
    """Whole games through the AEC environment ``env`` for ``seconds`` of CPU time,
    each agent sending a legal id drawn uniformly from its action mask: player steps
    per CPU-second."""
    choice = rng.choice
    steps = 0
    start = time.process_time()
    while True:
        env.reset(seed=rng.getrandbits(32))
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            # The mask's legal ids as Python integers, which the environment takes as they are.
            env.step(choice(observation["action_mask"].nonzero()[0].tolist()))
            steps += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent


_VECTOR_GAMES = 16


class _Vector:
    """:func:`rulespec.pettingzoo.vector_env` of :data:`_VECTOR_GAMES` games, every
    player to move sending a legal id drawn uniformly from its mask."""

    def __init__(self, g: Game[Any, Any, Any, Any], players: int, seed: int) -> None:
        import numpy as np

        from rulespec.pettingzoo import vector_env

        self._np = np
        self._rng = np.random.default_rng(seed)
        self._envs = vector_env(g.id, _VECTOR_GAMES, players)
        self._observations, _ = self._envs.reset(seed=seed)

    def rate(self, seconds: float) -> float:
        """Steps for ``seconds`` of CPU time: player steps per CPU-second."""
        np, rng, envs = self._np, self._rng, self._envs
        observations = self._observations
        steps = 0
        start = time.process_time()
        while True:
            masks = observations["action_mask"]
            # Uniform among each mover's legal ids: the (k+1)-th set flag of its mask row,
            # k drawn below the row's count (the rows of players not to move are zeros).
            rows = masks.reshape(-1, masks.shape[2])
            movers = np.flatnonzero(rows.any(axis=1))
            counts = rows[movers].cumsum(axis=1, dtype=np.int32)
            chosen = (rng.random(len(movers)) * counts[:, -1]).astype(np.int32)
            actions = np.zeros(masks.shape[:2], dtype=np.int64)
            actions.ravel()[movers] = (counts > chosen[:, None]).argmax(axis=1)
            steps += len(movers)
            observations, *_ = envs.step(actions)
            spent = time.process_time() - start
            if spent >= seconds:
                self._observations = observations
                return steps / spent


_SIMULATE_SUMMARY = "play many games, checking the invariants, and print statistics"
_SIMULATE_ABOUT = """Play games with the game's bots (or --policy), check every invariant
after every step, and print per-seat results, how rounds and games ended, and the spread of
game lengths, and each policy's CPU time per decision. Results depend only on the seed:
--json output is the same at any --workers count, but for its 'timing' key."""
_SIMULATE_EXAMPLES = """rulespec simulate duck-and-cover --players 4 --games 200 --seed 1
rulespec simulate duo --games 500 --workers 2 --option '' --option turbo \\
    --option turbo,exhausted=empty-draw
    (compares the default options, Turbo-DUO, and Turbo-DUO with the other
    reading of an exhausted draw pile)
rulespec simulate canardage --games 100 --json --record runs/ --plot stats.png
rulespec simulate duo --players 2 --games 50 --policy search:50,greedy
    (the search bot in seat 0 against the greedy bot)"""

_BENCH_SUMMARY = "measure full random games per second"
_BENCH_ABOUT = """Drive the public loop (legal actions, uniform choice, apply with its full
legality check) for whole games and print the rate."""
_BENCH_EXAMPLES = """rulespec bench duck-and-cover --players 4 --seconds 10
rulespec bench duo --players 2 --seconds 5 --env
rulespec bench duo --policy greedy --baseline path/to/baseline.py
    (then plays as long with the program baseline.py, run as
    'baseline.py PLAYERS GAMES SEED', and prints the ratio of the rates)"""


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr (exit status 2), pointing to ``--help``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see: {self.prog} --help)\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rulespec",
        description="The executable rulebook of Duck & Cover, Duo and Canardage.",
        epilog="examples:\n"
        "  rulespec games\n"
        "  rulespec simulate duck-and-cover --games 200\n"
        "\n"
        "Each command has its own --help, with an example.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"rulespec {rulespec.__version__}")
    sub = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", required=True, metavar="COMMAND"),
    )
    games_cli.add_parser(sub)
    rules_cli.add_parser(sub)
    play_cli.add_parser(sub)

    sim = add_command(
        sub, "simulate", _simulate, _SIMULATE_SUMMARY, _SIMULATE_ABOUT, _SIMULATE_EXAMPLES
    )
    sim.add_argument("game", help="the game id, e.g. duck-and-cover")
    sim.add_argument("--players", type=int, default=None, help="number of players (default 4)")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed; game i uses seed 'SEED-i'")
    sim.add_argument(
        "--policy",
        default=None,
        metavar="POLICY[,POLICY...]",
        help="how players choose (default: the game's): one of the game's policies, or "
        f"search[:PLAYOUTS] (search bot, {search.DEFAULT_PLAYOUTS} playouts by default); "
        "one for every seat, or one per seat joined by commas",
    )
    sim.add_argument(
        "--option",
        action="append",
        metavar="NAME[=VALUE],...",
        help="a set of options played together, NAME=VALUE as 'rulespec games' prints "
        "them (a NAME alone means true); repeat to compare several sets, and give "
        "--option '' to include the default set among them",
    )
    sim.add_argument(
        "--workers", type=int, default=1, help="worker processes (default 1: this process)"
    )
    sim.add_argument(
        "--json", action="store_true", help="print settings, statistics and every game as JSON"
    )
    sim.add_argument("--record", metavar="DIR", help="save every game as a record in DIR")
    sim.add_argument(
        "--plot", metavar="FILE.png", help="draw the statistics (needs rulespec[plot])"
    )

    bench = add_command(sub, "bench", _bench, _BENCH_SUMMARY, _BENCH_ABOUT, _BENCH_EXAMPLES)
    bench.add_argument("game", help="the game id, e.g. duck-and-cover")
    bench.add_argument("--players", type=int, default=None, help="number of players (default 4)")
    bench.add_argument("--seconds", type=float, default=10.0, help="how long to run (default 10)")
    bench.add_argument("--seed", type=int, default=0, help="seed of the random choices")
    bench.add_argument(
        "--policy",
        action="append",
        metavar="POLICY[,POLICY...]",
        help="how players choose, as for simulate (search[:PLAYOUTS] too, or one per "
        "seat joined by commas); repeat to measure several (default: every policy of the "
        "game, its default first; the search bot only when named)",
    )
    bench.add_argument(
        "--env",
        action="store_true",
        help="also drive the PettingZoo AEC environment with uniform legal action ids, in "
        "runs interleaved with the engine's loop (as long in all), and print its player "
        "steps per CPU-second next to the engine's and the median ratio, then the vector "
        "environment's (16 games at once) (needs the rl extra)",
    )
    bench.add_argument(
        "--baseline",
        metavar="PROGRAM",
        help="then run PROGRAM PLAYERS GAMES SEED (a .py file with this Python), a program "
        "that prints 'N full games/s' or 'N rounds/s', for about as long, and print the "
        "ratio of the two rates",
    )

    verify_cli.add_parser(sub)
    conform_cli.add_parser(sub)
    check_cli.add_parser(sub)
    perft_cli.add_parser(sub)
    readings_cli.add_parser(sub)
    explore_cli.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    console.degrade_streams()
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    # argparse fills an optional positional only from the words before the first option;
    # a command names it with ``late_positional`` to take it after its options too.
    late = getattr(args, "late_positional", None)
    if late and getattr(args, late) is None and extra and not extra[0].startswith("-"):
        setattr(args, late, extra.pop(0))
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        status: int = args.run(args)
    except CommandError as exc:
        print(f"rulespec: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rulespec: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``rulespec rules GAME | head``): not an error of ours.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return status


def entry() -> None:
    """The console script: run :func:`main` and exit with its status."""
    sys.exit(main())
