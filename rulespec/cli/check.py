"""``rulespec check GAME``: the checks a game's author runs before publishing it.

One line per check of :func:`rulespec.testing.battery.check_game` (its name, ``ok``,
``failed`` or ``skipped``, and why), then a count. Exit status: 0 when no check failed,
1 when one did, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rulespec.cli.arguments import Subcommands, add_command, game_named
from rulespec.cli.errors import CommandError, needs_extra

__all__ = ["add_parser", "run"]


_SUMMARY = (
    "check a game before publishing it: catalogue, clauses, invariants, records, "
    "views, schemas, and the PettingZoo and OpenSpiel tests"
)
_ABOUT = """Run each check on the game and print one line for each: its name, ok, failed or
skipped, and why. The catalogue loads; every implemented clause has a function that
@implements it and a test that cites it; the kit's state machine and random games keep the
invariants; records, states and views read back from their JSON; a view does not show what
the game draws anew from it; the JSON fits the game's schemas; PettingZoo's api_test and
OpenSpiel's random_sim_test pass where installed. Exit 0 when no check failed, 1 when one
did, 2 for a usage error."""
_EXAMPLES = """rulespec check my-game   (in the game's project: its tests are in ./tests)
rulespec check duo --games 4 --tests path/to/tests
rulespec check my-game --only views --only records --json"""


def add_parser(sub: Subcommands) -> None:
    """Add the ``check`` subcommand to ``sub``."""
    parser = add_command(sub, "check", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("game", help="the game id, e.g. duo")
    parser.add_argument(
        "--games",
        type=int,
        default=10,
        metavar="N",
        help="the budget: random games played, state-machine runs, and the ecosystems' "
        "cycles grow with it (default 10)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the seed of every check (default 0)")
    parser.add_argument(
        "--tests",
        metavar="DIR",
        default=None,
        help="the folder whose tests must cite each implemented clause (default: ./tests)",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="CHECK",
        help="run this check only; repeat for more (the checks: catalogue, implemented, "
        "tested, machine, invariants, records, views, schemas, pettingzoo, openspiel)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the findings as one JSON object instead"
    )


def run(args: argparse.Namespace) -> int:
    """Run ``rulespec check``; raise ``CommandError`` for a usage error."""
    try:
        from rulespec.testing.battery import CHECKS, check_game
    except ImportError:
        raise CommandError(needs_extra("check", "testing")) from None
    g = game_named(args.game)
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.tests is not None and not Path(args.tests).is_dir():
        raise CommandError(f"--tests {args.tests}: no such folder")
    for name in args.only or ():
        if name not in CHECKS:
            raise CommandError(f"--only {name}: no such check (the checks: {', '.join(CHECKS)})")
    findings = check_game(g, games=args.games, seed=args.seed, tests=args.tests, only=args.only)
    failed = sum(f.status == "failed" for f in findings)
    if args.json:
        data: dict[str, Any] = {
            "format": "rulespec-check",
            "version": 1,
            "game": g.id,
            "games": args.games,
            "seed": args.seed,
            "passed": not failed,
            "checks": [f.data() for f in findings],
        }
        print(json.dumps(data, ensure_ascii=False))
    else:
        for finding in findings:
            print(finding.line())
        counts = {s: sum(f.status == s for f in findings) for s in ("ok", "failed", "skipped")}
        print(f"{g.id}: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    return 1 if failed else 0
