"""``rulespec conform GAME -- COMMAND ...``: check an engine in any language against rulespec.

The engine runs as a child process and speaks the rulespec engine protocol
(:mod:`rulespec.testing.wire`); the conformance kit plays generated games
through it and rulespec side by side (:func:`rulespec.testing.check`).

The games are played in numbered batches (:mod:`rulespec.cli.conform_search`), here
or on ``--workers`` processes; ``--junit-xml`` also writes the verdict as a JUnit XML
report (:mod:`rulespec.cli.conform_junit`).

Exit status: 0 when every game agrees; 1 at a divergence (reported with the
clauses it implicates, both answers and the step; the smallest game found
is written as a record); 2 for a usage error; 3 when the engine breaks the
protocol (with its last lines on standard error).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import attrs

from rulespec.cli.arguments import check_setup, game_named, option_set, worker_pool
from rulespec.cli.errors import CommandError, needs_extra
from rulespec.core.errors import RecordError
from rulespec.core.game import Game
from rulespec.core.record import Record

__all__ = ["add_parser", "run"]

PROGRESS_AFTER = 3.0
"""Seconds after which a run that is not on a terminal starts reporting its progress."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``conform`` subcommand to ``sub``."""
    parser = sub.add_parser(
        "conform",
        help="check an engine in any language against rulespec, over the engine protocol",
        description="Start COMMAND as an engine of the rulespec engine protocol (JSON lines "
        "on its standard input and output), play generated games through it and rulespec "
        "side by side, and compare everything the engine declares it answers. Exit 0 when "
        "every game agrees; 1 at a divergence (the report names the clauses, both answers "
        "and the step, and the smallest game found is saved as a record); 2 for a usage "
        "error; 3 when the engine breaks the protocol (bad JSON, no answer in time, a "
        "crash), reported with its last lines on standard error.",
        epilog="examples:\n"
        "  rulespec conform canardage -- node engine.js\n"
        "  rulespec conform duo --examples 500 --seed 7 --players 3 -- ./my-engine --quiet\n"
        "  rulespec conform duck-and-cover --option competition --seconds 600 -- java -jar e.jar\n"
        "  rulespec conform canardage --replay conform-canardage.json -- node engine.js\n"
        "  rulespec conform duo --workers 4 --junit-xml report.xml -- ./my-engine   (in CI)\n"
        "  rulespec conform duo -- python -m rulespec.testing.serve   (rulespec itself)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="the game id, e.g. canardage")
    parser.add_argument("engine", nargs="+", metavar="-- COMMAND [ARGS...]", help="the engine")
    parser.add_argument(
        "--examples", type=int, default=100, help="how many games to play (default 100)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="the seed of the search (default: a new one, shown)"
    )
    parser.add_argument("--players", type=int, default=None, help="the number of players")
    parser.add_argument(
        "--option",
        action="append",
        metavar="NAME[=VALUE],...",
        help="options to play with, as for `rulespec simulate` (default: those the kit "
        "varies); repeat to add more",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="stop searching after this long (seconds), between two steps of a game",
    )
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="seconds to wait for each answer (default 10)"
    )
    parser.add_argument(
        "--max-steps", type=int, default=1000, help="the longest game, in steps (default 1000)"
    )
    parser.add_argument(
        "--shrink-steps",
        type=int,
        default=20_000,
        help="how many steps to replay while shrinking a divergent game before reporting "
        "the smallest found (default 20000; counted in work, so a seed gives the same "
        "report on any machine)",
    )
    parser.add_argument(
        "--shrink-seconds",
        type=float,
        default=None,
        help="an outer time limit on shrinking, in seconds (default: none)",
    )
    parser.add_argument(
        "--record",
        metavar="PATH",
        help="where to save the divergent game (default: ./conform-GAME.json)",
    )
    parser.add_argument(
        "--replay", metavar="RECORD", help="rerun the game saved in RECORD instead of searching"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="run this many searches at once, each with its own engine process (default 1); "
        "a seed gives the same report at any count",
    )
    parser.add_argument(
        "--junit-xml",
        metavar="PATH",
        help="also write the verdict as a JUnit XML report, for a CI service to display",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the verdict as one JSON object instead of the report (same exit status)",
    )
    parser.set_defaults(run=run)


def _options(g: Game[Any, Any, Any, Any], specs: list[str] | None, players: int | None) -> Any:
    """The options of ``--option``; a usage error when they fit no player count asked for."""
    if not specs:
        return None
    label, options = option_set(g, ",".join(specs), simulation=False)
    counts = list(range(g.min_players, g.max_players + 1)) if players is None else [players]
    for count in counts[:-1]:
        try:
            check_setup(g, count, options, label)
        except CommandError:
            continue
        return options
    check_setup(g, counts[-1], options, label)
    return options


def _replay_record(g: Game[Any, Any, Any, Any], path: str) -> Record:
    from rulespec.tools.verifier import MAX_BYTES

    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CommandError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise CommandError(f"{path}: larger than the limit of {MAX_BYTES} bytes")
    try:
        record = Record.from_json(data)
    except RecordError as exc:
        raise CommandError(f"{path}: {exc}") from None
    if record.game != g.id:
        raise CommandError(f"{path}: a record of {record.game}, not {g.id}")
    return record


class _Progress:
    """One line on stderr, rewritten on a terminal, after a few seconds elsewhere."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.live = sys.stderr.isatty()
        self.start = time.perf_counter()
        self.shown = False

    def update(self, games: int, total: int, steps: int) -> None:
        elapsed = time.perf_counter() - self.start
        if not (self.live or elapsed >= PROGRESS_AFTER):
            return
        line = f"{self.label}: {games}/{total} games, {steps} steps, {elapsed:.0f} s"
        if self.live:
            print(f"\r{line}", end="", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)
        self.shown = True

    def stop(self) -> None:
        if self.live and self.shown:
            print(file=sys.stderr, flush=True)


def _write(path: Path, record: Record) -> str:
    try:
        path.write_text(record.to_json() + "\n", encoding="utf-8")
    except OSError as exc:
        return f"(could not write {path}: {exc.strerror or exc})"
    return str(path)


def _divergent_record(g: Game[Any, Any, Any, Any], divergence: Any) -> Record:
    """The divergent game; an illegal action the engine accepted ends it, so that
    ``--replay`` offers it again (and ``rulespec verify`` names its clause)."""
    record: Record = divergence.record
    action = divergence.action
    steps = record.steps
    if action is not None and (not steps or g.encode_action(steps[-1]) != action):
        record = record.append(g.decode_action(action))
    return record


def _report(divergence: Any, saved: str | None, other: str | None = None) -> str:
    import rulespec

    titles = {c.id: c.title for c in rulespec.clauses(divergence.game)}
    lines = [
        f"DIVERGENCE ({divergence.game}, {divergence.record.players} players, "
        f"step {divergence.step}): {divergence.summary}"
    ]
    if divergence.clauses:
        lines.append("clauses:")
        lines += [f"  {c}  {titles.get(c, '(not in the catalogue)')}" for c in divergence.clauses]
    else:
        lines.append("clauses: none identified")
    lines.append(f"rulespec:    {divergence.expected}")
    lines.append(f"the engine:  {divergence.actual}")
    if divergence.action is not None:
        lines.append(f"step:        {json.dumps(divergence.action, ensure_ascii=False)}")
    if saved is not None:
        lines.append(f"game saved:  {saved}  (rerun it with --replay {saved})")
    if other is not None:
        lines.append(f"played again: {other}  (the same game, answered otherwise)")
    return "\n".join(lines)


SHOWN = 10
"""The most declined setups a report lists (``--json`` gives them all)."""


def _learned(extras: Any) -> None:
    """Print what a clean run learned besides agreeing: probes, actions the engine cannot
    express, setups it declined."""
    if extras.probed:
        tried = ", ".join(f"{clause} {n}" for clause, n in extras.probed)
        print(f"illegal actions refused, by clause: {tried}")
    for line in extras.inexpressible:
        print(f"inexpressible (legal, not a divergence): {line}")
    for line in extras.notes:
        print(f"protocol note: {line}")
    for line in extras.unsupported[:SHOWN]:
        print(f"setup left out (the engine declines it): {line}")
    if len(extras.unsupported) > SHOWN:
        print(f"and {len(extras.unsupported) - SHOWN} more setups left out (see --json)")


def _declined(outcome: Any) -> int:
    """0, or 2 when the engine declined every setup asked (nothing was compared)."""
    if outcome.games == 0 and outcome.extras.unsupported:
        print("rulespec conform: the engine declines every setup asked", file=sys.stderr)
        return 2
    return 0


def _verdict(
    verdict: str, g: Game[Any, Any, Any, Any], name: str | None, compared: list[str], **fields: Any
) -> str:
    """The ``--json`` verdict: one JSON object (see the command-line guide)."""
    data = {
        "format": "rulespec-conform",
        "version": 1,
        "verdict": verdict,
        "game": g.id,
        "engine": name,
        "compares": compared,
        **fields,
    }
    return json.dumps(data, ensure_ascii=False)


def _divergence_fields(
    divergence: Any, saved: str | None, other: str | None = None
) -> dict[str, Any]:
    return {
        "other_record": other,
        "kind": divergence.kind,
        "step": divergence.step,
        "players": divergence.record.players,
        "summary": divergence.summary,
        "clauses": list(divergence.clauses),
        "expected": divergence.expected,
        "actual": divergence.actual,
        "action": divergence.action,
        "record": saved,
    }


def _search(
    args: argparse.Namespace,
    g: Game[Any, Any, Any, Any],
    engine: Any,
    options: Any,
    seed: int,
    progress: _Progress,
) -> tuple[list[Any], int | None]:
    """The batches of the search, here or on ``--workers`` processes (each with an engine
    of its own: ``engine`` is then closed first), and the engine's exit status if closed."""
    from rulespec.cli import conform_search as search

    deadline = None if args.seconds is None else time.time() + args.seconds
    template = search.Batch(
        tuple(args.engine),
        g.id,
        number=0,
        size=0,
        seed=seed,
        players=args.players,
        options=options,
        max_steps=args.max_steps,
        timeout=args.timeout,
        shrink_seconds=args.shrink_seconds,
        shrink_steps=args.shrink_steps,
        deadline=deadline,
    )
    planned = search.batches(args.examples, template)

    def update(games: int, steps: int) -> None:
        progress.update(games, args.examples, steps)

    if args.workers == 1:
        return search.search_here(engine, planned, update), None
    from concurrent.futures.process import BrokenProcessPool

    status = engine.close()
    executor = worker_pool(args.workers)
    assert executor is not None
    try:
        with search.stop_file() as stop:
            try:
                planned = [attrs.evolve(b, stop=stop) for b in planned]
                return search.search_on(executor, planned, args.workers, update), status
            finally:
                executor.shutdown(wait=True, cancel_futures=True)
    except OSError as exc:
        raise CommandError(f"cannot start {args.engine[0]!r}: {exc.strerror or exc}") from None
    except BrokenProcessPool as exc:
        raise CommandError(f"a worker process stopped: {exc}") from None


def _junit(args: argparse.Namespace, run: Any, outcome: Any, **fields: Any) -> None:
    """Write the ``--junit-xml`` report, if asked for."""
    if args.junit_xml is None:
        return
    from rulespec.cli.conform_junit import report
    from rulespec.cli.junit import write_junit

    problem = write_junit(args.junit_xml, report(run, outcome, **fields))
    if problem is not None:
        print(f"rulespec conform: --junit-xml: {problem}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Run ``rulespec conform``; raise ``CommandError`` for a usage error."""
    try:
        from rulespec.cli import conform_search as search
        from rulespec.cli.conform_junit import Run, replay_command
        from rulespec.testing import capabilities
        from rulespec.testing.adapter import OPTIONAL
        from rulespec.testing.wire import ProtocolError
    except ImportError:
        raise CommandError(needs_extra("conform", "testing")) from None

    g = game_named(args.game)
    if args.players is not None and not g.min_players <= args.players <= g.max_players:
        raise CommandError(f"{g.name} is for {g.min_players} to {g.max_players} players")
    for name in ("examples", "max_steps", "workers"):
        if getattr(args, name) < 1:
            raise CommandError(f"--{name.replace('_', '-')} must be at least 1")
    # "not x > 0" refuses nan too
    if not args.timeout > 0 or (args.seconds is not None and not args.seconds > 0):
        raise CommandError("--timeout and --seconds must be positive")
    if args.shrink_seconds is not None and not args.shrink_seconds >= 0:
        raise CommandError("--shrink-seconds must be 0 or more")
    if args.shrink_steps < 0:
        raise CommandError("--shrink-steps must be 0 or more")
    if args.junit_xml is not None and not Path(args.junit_xml).parent.is_dir():
        raise CommandError(f"--junit-xml {args.junit_xml}: no such directory")
    options = _options(g, args.option, args.players)
    replay = None if args.replay is None else _replay_record(g, args.replay)
    record_path = Path(args.record or f"conform-{g.id}.json")
    seed = random.randrange(10**6) if args.seed is None else args.seed
    command = args.engine
    timestamp = datetime.datetime.now().isoformat(timespec="seconds")
    wall, start = time.time(), time.perf_counter()

    def about(name: str | None, compared: list[str]) -> Run:
        return Run(
            g,
            tuple(command),
            name,
            tuple(compared),
            None if replay is not None else seed,
            time.perf_counter() - start,
            timestamp,
            workers=args.workers,
            replay=args.replay,
        )

    try:
        engine = search.SearchEngine(command, g, timeout=args.timeout)
    except OSError as exc:
        raise CommandError(f"cannot start {command[0]!r}: {exc.strerror or exc}") from None
    except ProtocolError as exc:
        print(f"rulespec conform: the engine breaks the protocol: {exc}", file=sys.stderr)
        if args.json:
            print(_verdict("protocol-error", g, None, [], seed=seed, error=exc.what, record=None))
        _junit(args, about(None, []), None, failure=str(exc))
        return 3
    declared = capabilities(engine)
    compared = [name for name in OPTIONAL if name in declared]
    if not args.json:
        print(
            f"engine {engine.name!r} ({' '.join(command)}); {g.id}; compares: "
            f"{', '.join(compared) or 'refusals only'}"
        )
    progress = _Progress(f"conform {g.id}")
    status: int | None = None
    wall, start = time.time(), time.perf_counter()  # the search's clock
    try:
        if replay is not None:
            results = [search.replay_batch(engine, replay)]
        else:
            results, status = _search(args, g, engine, options, seed, progress)
    finally:
        progress.stop()
        if args.workers == 1 or replay is not None:
            status = engine.close()
    outcome = search.combine(results, wall)
    failed = outcome.failed
    if failed is not None and failed.divergence is not None:
        divergence = failed.divergence
        saved = other = None
        if replay is None:
            saved = _write(record_path, _divergent_record(g, divergence))
            again_record = getattr(divergence, "other_record", None)
            if again_record is not None:
                again = record_path.with_name(record_path.stem + ".again.json")
                other = _write(again, again_record)
        found_after, found_games = outcome.found_after, outcome.found_games
        report = _report(divergence, saved, other)
        searched = "" if replay is not None else f"seed {seed}; "
        if found_after is not None:
            searched += f"found in game {found_games}, after {found_after:.1f} s; "
        seconds = time.perf_counter() - start
        if args.json:
            print(
                _verdict(
                    "diverges",
                    g,
                    engine.name,
                    compared,
                    seed=None if replay is not None else seed,
                    games=outcome.games,
                    found_after=None if found_after is None else round(found_after, 3),
                    found_after_games=found_games if found_after is not None else None,
                    seconds=round(seconds, 3),
                    chance=engine.chance,
                    divergence=_divergence_fields(divergence, saved, other),
                )
            )
        else:
            print(report)
            print(f"{searched}{seconds:.1f} s in all")
        replayed = args.replay if replay is not None else saved
        text = [report, f"{searched}{seconds:.1f} s in all"]
        if replayed is not None and (replay is not None or saved == str(record_path)):
            text.append(f"replay:      {replay_command(g.id, replayed, command)}")
        _junit(
            args,
            about(engine.name, compared),
            outcome,
            failure="\n".join(text),
            record=divergence.record,
            saved=replayed if replay is None and saved == str(record_path) else None,
        )
        return 1
    if failed is not None and failed.error is not None:
        broke = failed.error.error()
        print(f"rulespec conform: the engine breaks the protocol: {broke}", file=sys.stderr)
        saved = None
        if broke.record is not None and replay is None:
            saved = _write(record_path, broke.record)
            print(f"the game up to that request: {saved}", file=sys.stderr)
        if args.json:
            print(
                _verdict(
                    "protocol-error",
                    g,
                    engine.name,
                    compared,
                    seed=None if replay is not None else seed,
                    error=broke.what,
                    record=saved,
                )
            )
        written = saved is not None and saved == str(record_path)
        text = [f"the engine breaks the protocol: {broke}"]
        if written:
            assert saved is not None
            text.append(f"the game up to that request: {saved}")
            text.append(f"replay:      {replay_command(g.id, saved, command)}")
        _junit(
            args,
            about(engine.name, compared),
            outcome,
            failure="\n".join(text),
            record=broke.record,
            saved=saved if written else None,
        )
        return 3
    seconds = time.perf_counter() - start
    took = f"{outcome.steps} step{'s' * (outcome.steps != 1)}, {seconds:.1f} s"
    if args.json:
        print(
            _verdict(
                "conforms",
                g,
                engine.name,
                compared,
                seed=None if replay is not None else seed,
                games=outcome.games,
                steps=outcome.steps,
                seconds=round(seconds, 3),
                chance=engine.chance,
                probed=dict(outcome.extras.probed),
                inexpressible=list(outcome.extras.inexpressible),
                unsupported=list(outcome.extras.unsupported),
                notes=list(outcome.extras.notes),
            )
        )
    elif replay is not None:
        print(f"CONFORMS: the saved game agrees with rulespec ({took})")
    else:
        print(f"CONFORMS: {outcome.games} games agree with rulespec ({took}; seed {seed})")
        _learned(outcome.extras)
    _junit(args, about(engine.name, compared), outcome)
    if status not in (0, None):
        print(f"note: the engine exited with status {status} after quit", file=sys.stderr)
    return _declined(outcome)
