"""``rulespec readings GAME``: how often each reading that an option plays changes a game.

Paired games under the reading we chose and under the other one (see
:mod:`rulespec.tools.reading_effects`): the share of pairs whose course differs and
whose outcome differs, each with its 95 % Wilson interval, and the records of a
shortest pair that parts, which ``rulespec verify`` replays.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rulespec.cli.arguments import (
    Subcommands,
    add_command,
    game_named,
    player_count,
    seat_policies,
    worker_pool,
)
from rulespec.cli.errors import CommandError
from rulespec.rulebook.readings import readings
from rulespec.tools.reading_effects import Effect, Measure, measure, measure_data, pair_records

__all__ = ["add_parser", "run"]


_SUMMARY = "how often each reading an option plays changes the course or the outcome"
_ABOUT = """For each reading of GAME that an option plays, play pairs of games with the same
seeds and policies, one under the reading we chose and one under the other (each decision
drawn from a stream that depends only on the seed and the step), and print the share of
pairs whose course differs (the states, their options set aside, differ at some step) and
whose outcome differs (scores, winners), with 95% Wilson intervals, and a shortest pair that
parts, saved as two records."""
_EXAMPLES = """rulespec readings canardage
rulespec readings duo --games 200 --players 3 --workers 2 --json
rulespec readings canardage --records runs/
    (then: rulespec verify runs/<file>.json)"""


def add_parser(sub: Subcommands) -> None:
    """Add the ``readings`` subcommand to ``sub``."""
    parser = add_command(sub, "readings", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("game", help="the game id, e.g. canardage")
    parser.add_argument("--games", type=int, default=1000, help="pairs per reading (1000)")
    parser.add_argument("--players", type=int, default=None, help="number of players (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed; pair i uses seed 'SEED-i'")
    parser.add_argument(
        "--policy",
        default="random",
        metavar="POLICY[,POLICY...]",
        help="how players choose (default: random legal play): one of the game's policies "
        "or search[:PLAYOUTS], for every seat or one per seat joined by commas",
    )
    parser.add_argument(
        "--records",
        metavar="DIR",
        help="where to save the records of each shortest parting pair (default: a new "
        "temporary folder)",
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="worker processes (default 1: this process)"
    )
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")


def _percent(count: int, games: int, interval: tuple[float, float]) -> str:
    low, high = interval
    return f"{100 * count / games:5.1f}% ({100 * low:.1f}% to {100 * high:.1f}%)"


def _table(m: Measure, name: str, paths: dict[str, tuple[Path, Path]]) -> str:
    lines = [
        f"{name}: {m.games} pairs of games per reading, {m.players} players, "
        f"policy {m.policy!r}, seed {m.seed}",
        f"chosen readings: options {json.dumps(m.options)}; states compared with their "
        "options set aside",
        "",
    ]
    if not m.effects:
        lines.append("no reading of this game is played by an option: nothing to compare")
        return "\n".join(lines)
    width = max(len(e.declared) for e in m.effects)
    lines.append(
        f"{'reading':<{width}}  {'course differs (95% Wilson)':<27}  "
        f"{'outcome differs (95% Wilson)':<28}  shortest parting pair"
    )
    for e in m.effects:
        s = e.shortest
        where = (
            "-"
            if s is None
            else f"game {s.game} (seed {s.seed}), step {s.step} of {s.lengths[0]}/{s.lengths[1]}"
        )
        lines.append(
            f"{e.declared:<{width}}  {_percent(e.course, e.games, e.course_interval):<27}  "
            f"{_percent(e.outcome, e.games, e.outcome_interval):<28}  {where}"
        )
    if paths:
        lines += ["", "records of each shortest parting pair (chosen reading, then the other):"]
        for declared, (ours, theirs) in paths.items():
            lines.append(f"  {declared}: {ours} {theirs}")
    return "\n".join(lines)


def _save(m: Measure, e: Effect, folder: Path) -> tuple[Path, Path] | None:
    made = pair_records(m, e)
    if made is None or e.shortest is None:
        return None
    stem = f"{m.game}-{e.declared}-{e.shortest.seed}"
    paths = (folder / f"{stem}-chosen.json", folder / f"{stem}-reading.json")
    for record, path in zip(made, paths, strict=True):
        try:
            path.write_text(record.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror or exc}") from None
    return paths


def run(args: argparse.Namespace) -> int:
    """Measure and print; raise ``CommandError`` with one line for bad input."""
    g = game_named(args.game)
    players = player_count(g, args.players)
    if args.games < 1:
        raise CommandError(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        raise CommandError(f"--workers must be at least 1, not {args.workers}")
    seat_policies(g, args.policy, players)  # a bad --policy fails before any game
    folder = None
    if readings(g.id):
        if args.records is None:
            folder = Path(tempfile.mkdtemp(prefix=f"rulespec-readings-{g.id}-"))
        else:
            folder = Path(args.records)
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CommandError(f"--records {folder}: {exc.strerror or exc}") from None
    live = sys.stderr.isatty()
    done = [0]

    def advance() -> None:
        done[0] += 1
        if live and done[0] % max(1, args.games // 100) == 0:
            print(f"\r{g.id}: {done[0]}/{args.games} seeds", end="", file=sys.stderr, flush=True)

    start = time.perf_counter()
    pool = worker_pool(args.workers)
    try:
        m = measure(
            g.id,
            games=args.games,
            players=players,
            policy=args.policy,
            seed=args.seed,
            progress=advance,
            executor=pool,
        )
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    paths: dict[str, tuple[Path, Path]] = {}
    for e in m.effects:
        saved = None if folder is None else _save(m, e, folder)
        if saved is not None:
            paths[e.declared] = saved
    elapsed = time.perf_counter() - start
    if live:
        print(file=sys.stderr)
    played = args.games * (1 + len(m.effects)) if m.effects else 0
    print(f"{g.id}: {played} games in {elapsed:.1f} s", file=sys.stderr)
    if args.json:
        data: dict[str, Any] = measure_data(m)
        data["seconds"] = elapsed
        for entry in data["readings"]:
            found = paths.get(entry["reading"])
            if entry["shortest"] is not None and found is not None:
                entry["shortest"]["records"] = {"chosen": str(found[0]), "reading": str(found[1])}
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(_table(m, g.name, paths))
    return 0
