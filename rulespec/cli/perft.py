"""``rulespec perft GAME POSITION --depth D``: count the legal action sequences from a
position, and check a game's perft suite (``--suite``).

Exit status: 0 when the counts are printed or every position of the suite matches,
1 at a mismatch of the suite (the position, the depth, the counts expected and
found), 2 for bad usage (an unknown game, a position that cannot be read, a
negative depth), with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulespec.cli.arguments import Subcommands, add_command, game_named
from rulespec.cli.errors import CommandError
from rulespec.core.game import Game
from rulespec.core.jsonio import parse_json
from rulespec.tools.perft import (
    Count,
    PerftError,
    build_suite,
    divide,
    load_suite,
    perft,
    state_from_json,
    suite_path,
)

__all__ = ["add_parser", "run"]


_SUMMARY = "count the legal action sequences from a position, or check the perft suite"
_ABOUT = """Count the legal action sequences of each length from a position (one player's
action a step; a line stops at a chance step or the end of the game), as chess engines count
perft. POSITION is a JSON file: a state as encode_state writes it, {"position": {...}} with
the position builder's arguments, or a game record (its last state). With --suite, check
every position of the game's suite instead (exit 1 at a mismatch)."""
_EXAMPLES = """rulespec perft duo state.json --depth 5 --divide
rulespec perft duck-and-cover --suite --max-nodes 100000"""


def add_parser(sub: Subcommands) -> None:
    """Add the ``perft`` subcommand to ``sub``."""
    parser = add_command(sub, "perft", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("game", help="the game's id (see: rulespec games)")
    parser.add_argument("position", nargs="?", help="the position (JSON), or - for stdin")
    parser.add_argument("--depth", type=int, help="how many steps deep to count")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument(
        "--divide", action="store_true", help="the count at --depth under each first action"
    )
    parser.add_argument("--suite", action="store_true", help="check the game's perft suite")
    parser.add_argument(
        "--max-nodes",
        type=int,
        metavar="N",
        help="with --suite: check each position only to the deepest depth of at most N nodes",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="with --suite: count the suite anew and write its file",
    )
    parser.set_defaults(late_positional="position")


def _read(g: Game[Any, Any, Any, Any], name: str) -> Any:
    try:
        raw = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as exc:
        raise CommandError(f"{name}: {exc.strerror or exc}") from None
    try:
        return state_from_json(g, parse_json(raw, "position"))
    except (PerftError, ValueError) as exc:
        raise CommandError(f"{name}: {exc}") from None


def _row(c: Count) -> str:
    return f"{c.depth:>5}  {c.nodes:>12}  {c.chance:>10}  {c.terminal:>10}"


_HEAD = f"{'depth':>5}  {'nodes':>12}  {'chance':>10}  {'terminal':>10}"


def _count(args: argparse.Namespace, g: Game[Any, Any, Any, Any]) -> int:
    if args.position is None:
        raise CommandError("give a POSITION file (or --suite)")
    if args.depth is None:
        raise CommandError("--depth is needed with a position")
    if args.depth < 0:
        raise CommandError(f"--depth must be 0 or more, not {args.depth}")
    state = _read(g, args.position)
    start = time.perf_counter()
    counts = perft(g, state, args.depth)
    split = divide(g, state, args.depth) if args.divide else []
    elapsed = time.perf_counter() - start
    if args.json:
        document: dict[str, Any] = {
            "game": g.id,
            "depth": args.depth,
            "counts": [c.as_dict() for c in counts],
        }
        if args.divide:
            document["divide"] = [
                {"action": g.encode_action(a), **c[-1].as_dict()} for a, c in split
            ]
        print(json.dumps(document, ensure_ascii=False))
        return 0
    if args.divide:
        for action, c in split:
            print(f"{json.dumps(g.encode_action(action), ensure_ascii=False)}  {c[-1].nodes}")
        print(f"actions: {len(split)}, nodes at depth {args.depth}: {counts[-1].nodes}")
        print()
    print(_HEAD)
    for row in counts:
        print(_row(row))
    print(f"{sum(c.nodes for c in counts)} nodes in {elapsed:.2f} s", file=sys.stderr)
    return 0


def _suite(args: argparse.Namespace, g: Game[Any, Any, Any, Any]) -> int:
    if args.position is not None:
        raise CommandError("--suite checks the game's own positions: give no POSITION")
    if args.max_nodes is not None and args.max_nodes < 1:
        raise CommandError(f"--max-nodes must be 1 or more, not {args.max_nodes}")
    try:
        if args.write:
            start = time.perf_counter()
            written = build_suite(g.id)
            path = suite_path(g.id)
            path.write_text(written.to_json(), encoding="utf-8")
            total = sum(e.total for e in written.entries)
            print(
                f"{path}: {len(written.entries)} positions, {total} nodes, "
                f"in {time.perf_counter() - start:.1f} s"
            )
            return 0
        suite = load_suite(g.id)
    except (PerftError, OSError) as exc:
        raise CommandError(str(exc)) from None
    return check_suite(g, suite.entries, args.max_nodes, args.json)


def check_suite(
    g: Game[Any, Any, Any, Any], entries: Sequence[Any], max_nodes: int | None, as_json: bool
) -> int:
    """Count each of ``entries`` again and compare: 0 when all match, else 1 (each
    mismatch printed with its position, depth, expected and found counts)."""
    start = time.perf_counter()
    failures = checked = 0
    report: list[dict[str, Any]] = []
    for entry in entries:
        depth = entry.depth
        if max_nodes is not None:
            depth = 0
            for c in entry.counts[1:]:
                if c.nodes > max_nodes:
                    break
                depth = c.depth
        began = time.perf_counter()
        found = perft(g, g.decode_state(entry.state), depth)
        seconds = time.perf_counter() - began
        wrong = [(e, f) for e, f in zip(entry.counts, found, strict=False) if e != f]
        checked += sum(c.nodes for c in found)
        report.append(
            {
                "name": entry.name,
                "depth": depth,
                "of": entry.depth,
                "nodes": found[-1].nodes,
                "seconds": round(seconds, 3),
                "ok": not wrong,
            }
        )
        if not wrong:
            if not as_json:
                print(
                    f"ok {entry.name}: depth {depth} of {entry.depth}, "
                    f"{found[-1].nodes} nodes, {seconds:.2f} s"
                )
            continue
        failures += 1
        e, f = wrong[0]
        print(
            f"MISMATCH {entry.name}: depth {e.depth}: expected nodes {e.nodes} chance "
            f"{e.chance} terminal {e.terminal}, found nodes {f.nodes} chance {f.chance} "
            f"terminal {f.terminal}",
            file=sys.stdout if not as_json else sys.stderr,
        )
        print(
            f"  position: {json.dumps(entry.state, ensure_ascii=False)}",
            file=sys.stdout if not as_json else sys.stderr,
        )
    elapsed = time.perf_counter() - start
    if as_json:
        print(
            json.dumps({"game": g.id, "positions": report, "nodes": checked, "failures": failures})
        )
    else:
        print(
            f"{g.id}: {len(entries)} positions, {failures} mismatched, "
            f"{checked} nodes counted in {elapsed:.1f} s"
        )
    return 1 if failures else 0


def run(args: argparse.Namespace) -> int:
    """Count from ``args.position``, or check the suite; raise ``CommandError`` with one
    line for bad usage."""
    g = game_named(args.game)
    if args.suite:
        return _suite(args, g)
    if args.write or args.max_nodes is not None:
        raise CommandError("--write and --max-nodes go with --suite")
    return _count(args, g)
