"""``rulespec explore GAME``: every reachable state of a small configuration, checked.

Exit status 0 when nothing is wrong, 1 on a broken invariant, a deadlock, a cycle or
a view whose samples are wrong (each with the shortest path to it, as a record that
``rulespec verify`` replays), 3 when the state bound ``--max-states`` is reached,
2 for bad usage.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from typing import Any

from rulespec.cli.arguments import Subcommands, add_command, check_setup, game_named, option_set
from rulespec.cli.errors import CommandError
from rulespec.tools.explore import (
    Config,
    ExploreReport,
    Symmetry,
    TooManyStates,
    check_views,
    configs,
    explore,
)

__all__ = ["add_parser", "run"]

TOO_MANY = 3
"""The exit status when the exploration reaches ``--max-states``."""


_SUMMARY = "explore every reachable state of a small game and check each"
_ABOUT = """Walk every state reachable from a new game of a small configuration (every
action, every chance outcome), checking the invariants on each state and step, that someone
can act until the end, that no state comes back, and that sample_state draws each view's
states as it should."""
_EXAMPLES = """rulespec explore duo
rulespec explore duo --symmetry --json"""


def add_parser(sub: Subcommands) -> None:
    """Add the ``explore`` subcommand to ``sub``."""
    parser = add_command(sub, "explore", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("game", help="the game id, e.g. duo")
    parser.add_argument(
        "--config",
        help="a named small configuration (default: the first; the larger ones are "
        "explored by the deep test profile)",
    )
    parser.add_argument("--players", type=int, help="number of players (default: the config's)")
    parser.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="an option over the configuration's, as JSON (repeat for several)",
    )
    parser.add_argument("--max-states", type=int, default=2_000_000, help="default 2,000,000")
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="expand each depth's states in N processes (the same report; default 1)",
    )
    parser.add_argument("--symmetry", action="store_true", help="keep one state per symmetry class")
    parser.add_argument("--no-views", action="store_true", help="skip the sample_state check")
    parser.add_argument(
        "--record",
        help="write the first finding's path to this file, a record that verify replays",
    )
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def _setup(args: argparse.Namespace) -> tuple[Any, int, Any, Config]:
    g = game_named(args.game)
    try:
        listed = configs(g)
    except LookupError as exc:
        raise CommandError(str(exc)) from None
    names = [c.name for c in listed]
    name = args.config or names[0]
    if name not in names:
        raise CommandError(f"{g.id} has no configuration {name!r} (only: {', '.join(names)})")
    config = listed[names.index(name)]
    if args.max_states < 1:
        raise CommandError("--max-states must be at least 1")
    if args.workers < 1:
        raise CommandError("--workers must be at least 1")
    data = dict(config.options)
    for item in args.option or []:
        key, sep, text = item.partition("=")
        if not sep:
            raise CommandError(f"--option {item!r}: expected KEY=VALUE")
        try:
            data[key.strip().replace("-", "_")] = json.loads(text)
        except ValueError:
            data[key.strip().replace("-", "_")] = text
    spec = ",".join(f"{k}={json.dumps(v)}" for k, v in data.items())
    label, options = option_set(g, spec, simulation=False)
    players = config.players if args.players is None else args.players
    if config.start is None:
        check_setup(g, players, options, label)
    elif players != config.players:
        raise CommandError(
            f"configuration {name!r} starts from a position of {config.players} players"
        )
    return g, players, options, config


def run(args: argparse.Namespace) -> int:
    """Explore, print the report, return the exit status."""
    g, players, options, config = _setup(args)
    name = config.name
    symmetry = None
    if args.symmetry:
        if config.symmetry is None:
            raise CommandError(f"{g.id}'s configuration {name!r} declares no symmetry")
        symmetry = Symmetry(config.symmetry, options)
    live = sys.stderr.isatty() and not args.json
    last = [0.0]

    def progress(states: int, depth: int) -> None:
        now = time.monotonic()
        if now - last[0] > 0.2:
            last[0] = now
            print(f"\r  depth {depth}, {states:,} states", end="", file=sys.stderr, flush=True)

    try:
        report = explore(
            g,
            players,
            options,
            symmetry=symmetry,
            starts=None if config.start is None else config.start(options),
            endless=config.endless,
            max_states=args.max_states,
            progress=progress if live else None,
            workers=args.workers,
        )
    except TooManyStates as exc:
        if live:
            print(file=sys.stderr)
        print(f"rulespec: explore stopped: {exc}", file=sys.stderr)
        return TOO_MANY
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if live:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    if symmetry is None and not args.no_views:
        started = time.perf_counter()
        report.views = check_views(
            g, report, report.kept, options, weight=config.weight, exact=config.exact
        )
        report.seconds += time.perf_counter() - started
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    first = next(iter([*report.violations, *report.deadlocks]), report.cycle)
    if args.record and first is not None:
        with open(args.record, "w", encoding="utf-8") as out:
            out.write(first.record.to_json() + "\n")
    if args.json:
        data = {"config": name, **report.to_data(), "peak_rss_kib": rss}
        print(json.dumps(data, indent=1))
    else:
        print(_text(report, name, rss))
    return 0 if report.ok else 1


def _text(report: ExploreReport, name: str, rss: int) -> str:
    rate = report.states / report.seconds if report.seconds else 0.0
    lines = [
        f"{report.game}, configuration {name}, {report.players} players"
        f"{', symmetry reduced' if report.symmetry else ''}",
        f"  {report.states:,} distinct states, {report.terminal:,} final, {report.edges:,} steps",
        f"  depth {report.depth}, "
        + (
            f"{report.cycles:,} states on or after a cycle (the rules allow endless games)"
            if report.endless and report.cycles
            else f"longest game {report.longest} steps"
        ),
        f"  states per depth: {report.per_depth}",
        f"  final per depth:  {report.terminal_per_depth}",
        f"  winners: {report.winners}",
        f"  {report.seconds:.1f} s, {rate:,.0f} states/s, peak RSS {rss / 1024:.0f} MiB",
    ]
    views = report.views
    if views:
        whole = sum(row["whole"] for row in views["tested"])
        lines.append(
            f"  views: {views['information_sets']:,} information sets, "
            f"{len(views['tested'])} sampled ({whole} whole), {len(views['failures'])} wrong"
        )
    for f in [*report.violations, *report.deadlocks, *([report.cycle] if report.cycle else [])]:
        lines.append(f"{f.kind} at depth {f.depth}: {f.message}")
        lines.append("  path: " + json.dumps(f.record.to_data()))
    lines.append("ok" if report.ok else "FAILED")
    return "\n".join(lines)
