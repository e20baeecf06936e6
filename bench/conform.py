"""How fast ``rulespec conform`` checks an engine in another process: steps per CPU second.

Runs ``rulespec conform GAME --examples N --seed S --json -- python -m
rulespec.testing.serve`` and counts the CPU time (user and system) of the whole
process tree, the kit's process and the engine's together, and of the kit alone.
With ``--against DIR`` it runs the same search with the ``rulespec`` of another
checkout (its ``.venv``) too, one run of each in turn, and prints the ratio of the
medians. The two versions may play different games from one seed: the rates are per
step, and the fixed cost of starting both processes counts in them.

Usage: ``uv run python bench/conform.py [--games duo:40,canardage:100]
[--repeat 3] [--seed 1] [--against ../old-checkout]``
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Runs the engine and writes the CPU seconds it used, then its own (to take away).
LAUNCHER = (
    "import resource, subprocess, sys\n"
    "status = subprocess.run(sys.argv[2:]).returncode\n"
    "child = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "own = resource.getrusage(resource.RUSAGE_SELF)\n"
    "with open(sys.argv[1], 'w') as out:\n"
    "    out.write(f'{child.ru_utime + child.ru_stime} {own.ru_utime + own.ru_stime}')\n"
    "sys.exit(status)\n"
)


def run(tree: Path, game: str, examples: int, seed: int, folder: Path) -> tuple[int, float, float]:
    """One search: its steps, the CPU seconds of the whole tree and of the kit alone."""
    python, kit = tree / ".venv" / "bin" / "python", tree / ".venv" / "bin" / "rulespec"
    noted = folder / "engine-cpu"
    engine = [str(python), "-c", LAUNCHER, str(noted), str(python), "-m", "rulespec.testing.serve"]
    command = [str(kit), "conform", game, "--examples", str(examples), "--seed", str(seed)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [*command, "--json", "--", *engine], capture_output=True, text=True, cwd=folder
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    verdict = json.loads(done.stdout.strip().splitlines()[-1])
    if verdict.get("verdict") != "conforms":
        raise SystemExit(f"{tree}: {game} does not conform: {verdict}")
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    engine_cpu, launcher_cpu = map(float, noted.read_text().split())
    tree_cpu = used - launcher_cpu
    return int(verdict["steps"]), tree_cpu, tree_cpu - engine_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="duck-and-cover:20,duo:40,canardage:100")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", type=Path, help="another checkout, with its .venv")
    args = parser.parse_args()
    trees = {"this": HERE}
    if args.against is not None:
        trees["other"] = args.against.resolve()
    rates: dict[tuple[str, str], list[tuple[float, float]]] = {}
    games = [item.partition(":") for item in args.games.split(",")]
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(args.repeat):
            for game, _, count in games:
                for name, tree in trees.items():
                    folder = Path(scratch) / name  # Hypothesis keeps its caches there
                    folder.mkdir(exist_ok=True)
                    steps, whole, kit = run(tree, game, int(count or 20), args.seed, folder)
                    rates.setdefault((game, name), []).append((steps / whole, steps / kit))
                    print(
                        f"{game} {name}: {steps} steps, {whole:.2f} s CPU "
                        f"({steps / whole:.0f}/s whole tree, {steps / kit:.0f}/s kit alone)",
                        file=sys.stderr,
                        flush=True,
                    )
    for game, _, _ in games:
        line = [game]
        medians = {}
        for name in trees:
            found = rates[(game, name)]
            medians[name] = tuple(statistics.median(r[i] for r in found) for i in (0, 1))
            line.append(f"{name}: {medians[name][0]:.0f} steps/CPU-s ({medians[name][1]:.0f} kit)")
        if "other" in medians:
            this, other = medians["this"], medians["other"]
            line.append(f"ratio {this[0] / other[0]:.2f}x ({this[1] / other[1]:.2f}x kit)")
        print("  ".join(line))


if __name__ == "__main__":
    main()
