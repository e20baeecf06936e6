"""How fast ``rulespec conform`` catches each mutant of the JavaScript Canardage engine.

For every mutant (``node engine.js --list-mutants``), run ``rulespec conform canardage
--json`` three times: with the engine declaring every capability (full), declaring
neither ``state`` nor ``view`` (black box: only what a player sees through the
other queries), and declaring neither ``legal_actions`` nor ``state`` (``--no-moves``:
an engine without a move list, caught only by the plays it accepts or refuses). Print
one row per mutant and mode: the exit status, the first clause
named, whether it is the clause the mutant breaks, the games and seconds until the
first divergent game, and the wall time of the whole run (shrinking included)::

    uv run python examples/canardage-js/measure.py --seed 1
    uv run python examples/canardage-js/measure.py --mutant anticlockwise --mode black-box

It needs ``node`` and the testing extra; it leaves nothing behind (the divergent games
are written to a temporary folder).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ENGINE = Path(__file__).resolve().with_name("engine.js")
MODES = {
    "full": [],
    "black-box": ["--capabilities", "legal_actions,to_move,scores,winners,is_over"],
    "no-moves": ["--no-moves"],
}
"""Each mode and the engine's arguments for it."""


def mutants(node: str) -> dict[str, str]:
    """Each mutant of the engine and the clause it breaks."""
    out = subprocess.run(
        [node, str(ENGINE), "--list-mutants"], capture_output=True, text=True, check=True
    ).stdout
    return dict(line.split("\t")[:2] for line in out.splitlines())


def conform(
    mutant: str, mode: str, args: argparse.Namespace, folder: str
) -> tuple[int, dict[str, Any] | None, float]:
    """One run of ``rulespec conform``: its exit status, JSON verdict and wall time."""
    record = Path(folder) / f"{mutant}-{mode}.json"
    command = [
        sys.executable, "-m", "rulespec", "conform", "canardage", "--json",
        "--seed", str(args.seed), "--examples", str(args.examples),
        "--shrink-seconds", str(args.shrink_seconds), "--record", str(record),
        "--", args.node, str(ENGINE), "--mutant", mutant, *MODES[mode],
    ]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    lines = done.stdout.strip().splitlines()
    verdict = json.loads(lines[-1]) if lines else None
    return done.returncode, verdict, wall


def row(mutant: str, clause: str, mode: str, result: tuple[int, Any, float]) -> str:
    status, verdict, wall = result
    divergence = (verdict or {}).get("divergence") or {}
    named = divergence.get("clauses") or []
    first = named[0] if named else "-"
    hit = "yes" if first == clause else ("later" if clause in named else "no")
    games = (verdict or {}).get("found_after_games")
    found = (verdict or {}).get("found_after")
    after = "-" if found is None else f"{games} g / {found:.1f} s"
    kind = divergence.get("kind", "-")
    return f"| {mutant} | {mode} | {status} | {kind} | {first} | {hit} | {after} | {wall:.0f} s |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--shrink-seconds", type=float, default=10.0)
    parser.add_argument("--mutant", action="append", help="only these mutants (repeat)")
    parser.add_argument("--mode", choices=sorted(MODES), action="append")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    parser.add_argument("--node", default="node")
    args = parser.parse_args(argv)
    known = mutants(args.node)
    chosen = args.mutant or list(known)
    modes = args.mode or list(MODES)
    runs = [(m, mode) for m in chosen for mode in modes]
    print(
        f"rulespec conform canardage --seed {args.seed} --examples {args.examples} "
        f"--shrink-seconds {args.shrink_seconds} -- node engine.js --mutant M"
    )
    print("| mutant | mode | exit | kind | first clause | its clause? | found after | wall |")
    print("|---|---|---|---|---|---|---|---|")
    caught = dict.fromkeys(modes, 0)
    first = dict.fromkeys(modes, 0)
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda run: conform(run[0], run[1], args, folder), runs)
        for (mutant, mode), result in zip(runs, results, strict=True):
            print(row(mutant, known[mutant], mode, result), flush=True)
            named = ((result[1] or {}).get("divergence") or {}).get("clauses") or [None]
            caught[mode] += result[0] == 1
            first[mode] += result[0] == 1 and named[0] == known[mutant]
    for mode in modes:
        print(
            f"{mode}: {caught[mode]} of {len(chosen)} caught, {first[mode]} with their clause first"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
