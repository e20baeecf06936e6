"""``python -m rulespec.testing.mutation``: a sampled mutation test, on demand.

Measure one of rulespec's games, from a checkout of the project::

    uv run --frozen python -m rulespec.testing.mutation --game duo --sample 40 --seed 1 \\
        --out docs/_data/mutation.json

A game is measured with ``--game`` when its declaration names its suite
(``mutation=Mutation(targets=..., tests=...)``, paths from the project's root); for
a game that declares none, ``--game`` says so and ``--target``/``--tests`` name the
suite instead, as for any project's modules against its own tests::

    python -m rulespec.testing.mutation --target engine/rules.py --tests tests/rules \\
        --sample 50 --seed 1

``--list`` prints the sample without running anything; ``--only ID ...``
runs the named mutants alone (to check that a new test kills a survivor).
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
from pathlib import Path

import rulespec
from rulespec.testing.mutation.mutants import mutants_of, sample
from rulespec.testing.mutation.report import merge_results, read_notes, suite_result
from rulespec.testing.mutation.runner import Outcome, order_tests, run

GAMES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    g.id: (g.declaration.mutation.targets, g.declaration.mutation.tests)
    for g in rulespec.games()
    if g.declaration.mutation is not None
}
"""Each game's declared suite (``mutation``): its rule modules and its tests, from the
project root.

The rule unit tests come first, then the rest of the game's folder; the
whole-game searches run last (see :func:`order_tests`)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rulespec.testing.mutation",
        description="Sample mutants of some modules and run their tests against each.",
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--game",
        metavar="GAME",
        help="a game whose declaration names its suite (mutation=): "
        + (", ".join(sorted(GAMES)) or "none installed"),
    )
    what.add_argument("--target", nargs="+", metavar="FILE", help="modules to mutate")
    parser.add_argument("--tests", nargs="+", metavar="PATH", help="tests (with --target)")
    parser.add_argument("--root", type=Path, default=Path("."), help="the project (default: .)")
    parser.add_argument("--sample", type=int, default=40, help="mutants to draw (default: 40)")
    parser.add_argument("--seed", type=int, default=1, help="the draw's seed (default: 1)")
    parser.add_argument("--timeout", type=float, help="seconds per mutant (default: 5× the tests)")
    parser.add_argument("--out", type=Path, help="JSON results file to write the suite into")
    parser.add_argument(
        "--notes", type=Path, help="TOML notes on survivors (default: next to --out)"
    )
    parser.add_argument("--suite", help="the suite's name in the results (default: the game)")
    parser.add_argument("--list", action="store_true", help="print the sample and stop")
    parser.add_argument(
        "--only", nargs="+", metavar="ID", help="run these mutants (by id) instead of a sample"
    )
    return parser


def _no_suite(game_id: str) -> str:
    """Why ``--game game_id`` cannot run, in one line."""
    try:
        rulespec.game(game_id)
    except KeyError as exc:
        return f"--game {game_id}: {exc.args[0]}"
    return (
        f"--game {game_id}: its declaration names no suite; declare one with "
        f"mutation=Mutation(targets=(...), tests=(...)), or give --target and --tests"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status is 1 when an unexplained mutant survives."""
    parser = _parser()
    args = parser.parse_args(argv)
    # Stopped from outside: end the test process of the current mutant too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    root: Path = args.root
    if args.game:
        if args.game not in GAMES:
            parser.error(_no_suite(args.game))
        targets, tests = GAMES[args.game]
    else:
        if not args.tests:
            parser.error("--target needs --tests")
        targets, tests = tuple(args.target), tuple(args.tests)
    suite = args.suite or args.game or "suite"
    sources = {t: (root / t).read_text(encoding="utf-8") for t in targets}
    pool = [m for t in targets for m in mutants_of(sources[t], t, checked=False)]
    chosen = sample(pool, args.sample, args.seed, sources)
    if args.only:
        if args.out:
            parser.error("--only runs a few mutants: it writes no results (leave out --out)")
        by_id = {m.id: m for m in pool}
        unknown = [i for i in args.only if i not in by_id]
        if unknown:
            parser.error(f"no such mutant: {', '.join(unknown)}")
        chosen = [by_id[i] for i in args.only]
    if args.list:
        for m in chosen:
            print(f"{m.id}\n    {m.before}\n    {m.after}")
        print(f"{len(chosen)} of {len(pool)} mutants; tests: {' '.join(order_tests(root, tests))}")
        return 0

    def progress(i: int, outcome: Outcome) -> None:
        by = f"  {outcome.killed_by}" if outcome.killed_by else ""
        print(
            f"[{i + 1}/{len(chosen)}] {outcome.status:8} {outcome.seconds:6.1f}s  "
            f"{outcome.mutant.id}{by}",
            file=sys.stderr,
            flush=True,
        )

    result = run(root, chosen, tests, seed=args.seed, timeout=args.timeout, progress=progress)
    notes_path = args.notes or (
        args.out.with_name(args.out.stem + "-notes.toml") if args.out else None
    )
    notes = read_notes(notes_path) if notes_path else {}
    command = shlex.join(["python", "-m", "rulespec.testing.mutation", *(argv or sys.argv[1:])])
    entry = suite_result(
        result,
        notes,
        seed=args.seed,
        sample=args.sample,
        population=len(pool),
        targets=list(targets),
        command=command,
    )
    if args.out:
        merge_results(args.out, suite, entry)
    print(
        f"{suite}: {entry['killed']}/{entry['total']} killed ({entry['score']} %, "
        f"{entry['score_without_equivalents']} % without {entry['equivalent']} equivalent), "
        f"{entry['timeouts']} by timeout; "
        f"before added tests {entry['before_added_tests']['score']} %; {entry['wall_seconds']} s"
    )
    for s in entry["survivors"]:
        print(f"  {s['status']:24} {s['id']}\n      {s['before']}\n      {s['after']}")
    return 1 if any(s["status"] == "survived" for s in entry["survivors"]) else 0


if __name__ == "__main__":
    sys.exit(main())
