"""``rulespec conform GAME -- COMMAND ...``: check an engine in any language against rulespec.

The engine runs as a child process and speaks the rulespec engine protocol
(:mod:`rulespec.testing.wire`); the conformance kit plays generated games
through it and rulespec side by side (:func:`rulespec.testing.check`).

The games are played in numbered batches (:mod:`rulespec.testing.search`), here
or on ``--workers`` processes; ``--junit-xml`` also writes the verdict as a JUnit XML
report (:mod:`rulespec.cli.conform_junit`).

Exit status: 0 when every game agrees; 1 when the engine breaks rules (each
distinct break reported with the clauses it implicates, both answers and the
step; the smallest game found for each is written as a record); 2 for a usage
error; 3 when the engine breaks the protocol (with its last lines on standard
error); 4 when too little was compared to say (plays the engine cannot express,
chance it will not show).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from rulespec.cli.arguments import Subcommands, add_command, check_setup, game_named, option_set
from rulespec.cli.errors import CommandError, needs_extra
from rulespec.core.errors import RecordError
from rulespec.core.game import Game
from rulespec.core.record import Record

__all__ = ["add_parser", "run"]

PROGRESS_AFTER = 3.0
"""Seconds after which a run that is not on a terminal starts reporting its progress."""


_SUMMARY = "check an engine in any language against rulespec, over the engine protocol"
_ABOUT = """Start COMMAND as an engine of the rulespec engine protocol (JSON lines on its
standard input and output), play generated games through it and rulespec side by side, and
compare everything the engine declares it answers. Exit 0 when every game agrees; 1 when the
engine breaks rules (each distinct break is reported with its clauses, both answers and the
step, and its smallest game is saved as a record; the search sets each break aside and goes
on); 2 for a usage error; 3 when the engine breaks the protocol (bad JSON, no answer in
time, a crash), reported with its last lines on standard error; 4 when the run is
inconclusive (more than a fifth of the legal plays offered answered inexpressible, or a
chance outcome the engine would not take)."""
_EXAMPLES = """rulespec conform canardage -- node engine.js
rulespec conform duo --examples 500 --seed 7 --players 3 -- ./my-engine --quiet
rulespec conform duck-and-cover --option competition --seconds 600 -- java -jar e.jar
rulespec conform canardage --replay conform-canardage.json -- node engine.js
rulespec conform duo --workers 4 --junit-xml report.xml -- ./my-engine   (in CI)
rulespec conform duo -- python -m rulespec.testing.serve   (rulespec itself)
rulespec conform canardage --waive can.turn.draw=our-variant -- node engine.js
rulespec conform canardage --reading can.cover.forward=cover-first -- node engine.js"""


def add_parser(sub: Subcommands) -> None:
    """Add the ``conform`` subcommand to ``sub``."""
    parser = add_command(sub, "conform", run, _SUMMARY, _ABOUT, _EXAMPLES)
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
        "--max-breaks",
        type=int,
        default=None,
        metavar="N",
        help="stop after N distinct breaks (default: go on until the examples are played; "
        "each break found is set aside and the search goes on)",
    )
    parser.add_argument(
        "--waive",
        action="append",
        metavar="CLAUSE[=REASON]",
        help="a clause the engine knowingly does not follow: its divergences are counted "
        "and shown as waived, not reported as breaks; repeat for more",
    )
    parser.add_argument(
        "--reading",
        action="append",
        metavar="CLAUSE=ALTERNATIVE",
        help="play a reading the catalogue registers for CLAUSE instead of ours (see "
        "`rulespec rules GAME`); repeat for more",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the verdict as one JSON object instead of the report (same exit status)",
    )


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
    if record.start is not None:
        raise CommandError(f"{path}: start: an engine starts from a new game, not a position")
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


def _writable(path: str) -> None:
    """Refuse, before the run, a ``--junit-xml`` path the report could not be written
    to: a usage error rather than a report lost at the end."""
    where = Path(path)
    if not path or where.is_dir():
        raise CommandError(f"--junit-xml {path!r}: not a file name")
    if not where.parent.is_dir():
        raise CommandError(f"--junit-xml {path}: no such directory")
    if where.exists():
        if where.is_file():
            if not os.access(where, os.W_OK):
                raise CommandError(f"--junit-xml {path}: not writable")
            return
        try:  # a device or a pipe: only writing tells
            with open(where, "wb") as handle:
                handle.write(b"\n")
                handle.flush()
        except OSError as exc:
            raise CommandError(f"--junit-xml {path}: {exc.strerror or exc}") from None
    elif not os.access(where.parent, os.W_OK):
        raise CommandError(f"--junit-xml {path}: its directory is not writable")


def _waivers(
    g: Game[Any, Any, Any, Any], specs: list[str] | None, where: str = "--waive"
) -> dict[str, str]:
    """The clauses of ``--waive CLAUSE[=REASON]`` (``where`` names them in an error)."""
    import rulespec

    known = {c.id for c in rulespec.clauses(g.id)}
    found: dict[str, str] = {}
    for spec in specs or ():
        clause, _, reason = spec.partition("=")
        clause = clause.strip()
        if clause not in known:
            raise CommandError(f"{where} {spec}: {clause!r} is no clause of {g.id}")
        found[clause] = reason.strip() or "waived on the command line"
    return found


def _readings(g: Game[Any, Any, Any, Any], chosen: Mapping[str, str], where: str) -> dict[str, Any]:
    """The options (JSON) that play the readings ``chosen`` (clause to alternative)."""
    from rulespec.rulebook.readings import reading_options

    options: dict[str, Any] = {}
    for clause, name in chosen.items():
        try:
            found = reading_options(g.id, clause, name)
        except ValueError as exc:
            raise CommandError(f"{where} {clause}={name}: {exc}") from None
        for key, value in found.items():
            if key in options and options[key] != value:
                raise CommandError(f"{where} {clause}={name}: option {key} is set otherwise")
            options[key] = value
    return options


def _reading_specs(specs: list[str] | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for spec in specs or ():
        clause, sep, name = spec.partition("=")
        if not sep or not clause.strip() or not name.strip():
            raise CommandError(f"--reading {spec}: expected CLAUSE=ALTERNATIVE")
        found[clause.strip()] = name.strip()
    return found


def _json_verdict(
    g: Game[Any, Any, Any, Any],
    engine: Any,
    compared: list[str],
    outcome: Any,
    seed: int | None,
    seconds: float,
    breaks: list[dict[str, Any]],
    rows: list[Any],
    waived: Mapping[str, str],
    readings: Mapping[str, str],
    error: Any = None,
) -> str:
    """The ``--json`` verdict: one JSON object (see the command-line guide)."""
    extras = outcome.extras if outcome is not None else None
    data: dict[str, Any] = {
        "format": "rulespec-conform",
        "version": 2,
        "verdict": "protocol-error" if error is not None else outcome.verdict,
        "game": g.id,
        "engine": None if engine is None else engine.name,
        "compares": compared,
        "seed": seed,
    }
    if outcome is not None:
        assert extras is not None
        data.update(
            games=outcome.games,
            steps=outcome.steps,
            seconds=round(seconds, 3),
            chance=getattr(engine, "chance", None),
            cut=outcome.cut,
            offered=extras.offered,
            inexpressible_answers=extras.unexpressed,
            hidden_chance=extras.hidden_chance,
            inconclusive=extras.inconclusive,
            probed=dict(extras.probed),
            inexpressible=list(extras.inexpressible),
            unsupported=list(extras.unsupported),
            notes=list(extras.notes),
            breaks=breaks,
            readings=dict(readings),
            waived={
                c: {"reason": r, "met": dict(extras.waived).get(c, 0)} for c, r in waived.items()
            },
            coverage={row.clause: row.data() for row in rows},
        )
        if breaks:  # the first break, as version 1 gave it
            first = breaks[0]
            data["divergence"] = {
                k: v
                for k, v in first.items()
                if k not in ("found_after", "found_after_games", "met_again", "replay")
            }
            data["found_after"] = first["found_after"]
            data["found_after_games"] = first["found_after_games"]
    if error is not None:
        data["error"] = error.what
        data["record"] = error.saved
    return json.dumps(data, ensure_ascii=False)


def _break_fields(
    found: Any, saved: str | None, other: str | None, replay: str | None, met_again: int
) -> dict[str, Any]:
    divergence = found.divergence
    return {
        "kind": divergence.kind,
        "step": divergence.step,
        "players": divergence.record.players,
        "summary": divergence.summary,
        "clauses": list(divergence.clauses),
        "expected": divergence.expected,
        "actual": divergence.actual,
        "action": divergence.action,
        "record": saved,
        "other_record": other,
        "replay": replay,
        "found_after": None if found.found_after is None else round(found.found_after, 3),
        "found_after_games": found.found_games,
        "met_again": met_again,
    }


_SEARCH_OPTIONS = (
    "examples",
    "players",
    "seconds",
    "workers",
    "max_steps",
    "timeout",
    "shrink_steps",
    "shrink_seconds",
    "max_breaks",
)
"""The options of the command that the search takes as they are, by the same names."""


def _search(
    args: argparse.Namespace,
    g: Game[Any, Any, Any, Any],
    engine: Any,
    options: Any,
    seed: int,
    progress: _Progress,
    fixed: Mapping[str, Any],
    waived: Mapping[str, str],
) -> tuple[Any, int | None]:
    """The search (:func:`rulespec.testing.search.conform`), here through ``engine`` or on
    ``--workers`` processes (each with an engine of its own: ``engine`` is then closed
    first), and the engine's exit status if closed."""
    from concurrent.futures.process import BrokenProcessPool

    from rulespec.testing.search import conform

    status = None if args.workers == 1 else engine.close()

    def update(games: int, steps: int) -> None:
        progress.update(games, args.examples, steps)

    try:
        outcome = conform(
            engine if args.workers == 1 else tuple(args.engine),
            g,
            seed=seed,
            options=options,
            waived=waived,
            fixed_options=fixed,
            progress=update,
            **{name: getattr(args, name) for name in _SEARCH_OPTIONS},
        )
    except OSError as exc:
        raise CommandError(f"cannot start {args.engine[0]!r}: {exc.strerror or exc}") from None
    except BrokenProcessPool as exc:
        raise CommandError(f"a worker process stopped: {exc}") from None
    return outcome, status


def _junit(args: argparse.Namespace, run: Any, outcome: Any, **fields: Any) -> int:
    """Write the ``--junit-xml`` report, if asked for: 2 when it cannot be written."""
    if args.junit_xml is None:
        return 0
    from rulespec.cli.conform_junit import report
    from rulespec.cli.junit import write_junit

    problem = write_junit(args.junit_xml, report(run, outcome, **fields))
    if problem is not None:
        print(f"rulespec conform: --junit-xml: {problem}", file=sys.stderr)
        return 2
    return 0


@attrs.frozen
class _Broke:
    """A protocol failure, as the reports give it."""

    what: str
    text: str
    saved: str | None
    record: Any


def run(args: argparse.Namespace) -> int:
    """Run ``rulespec conform``; raise ``CommandError`` for a usage error."""
    try:
        from rulespec.cli import conform_verdict as verdicts
        from rulespec.cli.conform_junit import Run, replay_command
        from rulespec.testing import capabilities, search
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
    if args.max_breaks is not None and args.max_breaks < 1:
        raise CommandError("--max-breaks must be at least 1")
    # "not x > 0" refuses nan too
    if not args.timeout > 0 or (args.seconds is not None and not args.seconds > 0):
        raise CommandError("--timeout and --seconds must be positive")
    if args.shrink_seconds is not None and not args.shrink_seconds >= 0:
        raise CommandError("--shrink-seconds must be 0 or more")
    if args.shrink_steps < 0:
        raise CommandError("--shrink-steps must be 0 or more")
    if args.junit_xml is not None:
        _writable(args.junit_xml)
    options = _options(g, args.option, args.players)
    waived = _waivers(g, args.waive)
    chosen = _reading_specs(args.reading)
    fixed = _readings(g, chosen, "--reading")
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
            waived=tuple(waived.items()),
            readings=tuple(chosen.items()),
        )

    try:
        engine = search.SearchEngine(command, g, timeout=args.timeout)
    except OSError as exc:
        raise CommandError(f"cannot start {command[0]!r}: {exc.strerror or exc}") from None
    except ProtocolError as exc:
        print(f"rulespec conform: the engine breaks the protocol: {exc}", file=sys.stderr)
        if args.json:
            greeting = _Broke(exc.what, str(exc), None, None)
            print(_json_verdict(g, None, [], None, seed, 0.0, [], [], waived, chosen, greeting))
        _junit(args, about(None, []), None, failure=str(exc))
        return 3
    try:
        # What the engine declares of itself, added to what the command line says.
        declared_deviations = dict(getattr(engine, "deviations", {}))
        _waivers(g, list(declared_deviations), "the engine's deviations:")
        for clause, reason in declared_deviations.items():
            waived.setdefault(clause, reason)
        declared = dict(getattr(engine, "readings", {}))
        for clause, name in declared.items():
            if chosen.get(clause, name) != name:
                raise CommandError(
                    f"--reading {clause}={chosen[clause]}: the engine declares {name}"
                )
        if declared:
            chosen = {**declared, **chosen}
            fixed = _readings(g, chosen, "the engine's reading")
    except CommandError:
        engine.close()
        raise
    declared_caps = capabilities(engine)
    compared = [name for name in OPTIONAL if name in declared_caps]
    if not args.json:
        print(
            f"engine {engine.name!r} ({' '.join(command)}); {g.id}; compares: "
            f"{', '.join(compared) or 'refusals only'}"
        )
        for clause, name in chosen.items():
            print(f"reading: {clause} = {name}")
    progress = _Progress(f"conform {g.id}")
    status: int | None = None
    wall, start = time.time(), time.perf_counter()  # the search's clock
    try:
        if replay is not None:
            outcome = search.combine([search.replay_batch(engine, replay)], wall)
        else:
            outcome, status = _search(args, g, engine, options, seed, progress, fixed, waived)
    finally:
        progress.stop()
        if args.workers == 1 or replay is not None:
            status = engine.close()
    seconds = time.perf_counter() - start
    shown_seed = None if replay is not None else seed

    # Each break: its record saved, its replay command.
    met_again = dict(outcome.extras.set_aside)
    texts: list[str] = []
    keys: list[str] = []
    fields: list[dict[str, Any]] = []
    saved_records: list[str] = []
    for number, found in enumerate(outcome.breaks, 1):
        divergence = found.divergence
        saved = other = replay_text = None
        if replay is None:
            path = (
                record_path
                if number == 1
                else record_path.with_name(f"{record_path.stem}.{number}{record_path.suffix}")
            )
            saved = _write(path, _divergent_record(g, divergence))
            if saved == str(path):
                saved_records.append(saved)
                replay_text = replay_command(g.id, saved, command)
            if found.other is not None:
                again = path.with_name(path.stem + ".again.json")
                other = _write(again, found.other)
        elif args.replay is not None:
            replay_text = replay_command(g.id, args.replay, command)
        again_met = met_again.get(found.key, 0)
        keys.append(found.key)
        texts.append(
            "\n".join(
                verdicts.break_lines(
                    found, number, len(outcome.breaks), saved, replay_text, again_met, other
                )
            )
        )
        fields.append(_break_fields(found, saved, other, replay_text, again_met))
    broke: _Broke | None = None
    if outcome.failed is not None and outcome.failed.error is not None:
        error = outcome.failed.error.error()
        saved = None
        if error.record is not None and replay is None:
            saved = _write(
                record_path.with_name(record_path.stem + ".protocol.json")
                if outcome.breaks
                else record_path,
                error.record,
            )
        broke = _Broke(error.what, str(error), saved, error.record)
    rows = verdicts.coverage(g, outcome, waived)
    verdict = "protocol-error" if broke is not None else outcome.verdict
    if args.json:
        print(
            _json_verdict(
                g,
                engine,
                compared,
                outcome,
                shown_seed,
                seconds,
                fields,
                rows,
                waived,
                chosen,
                broke,
            )
        )
    else:
        if replay is not None and verdict == "conforms":
            took = f"{outcome.steps} step{'s' * (outcome.steps != 1)}, {seconds:.1f} s"
            print(f"CONFORMS: the saved game agrees with rulespec ({took})")
            for line in outcome.extras.notes:
                print(f"note: {line}")
        else:
            print(verdicts.verdict_line(outcome, shown_seed, seconds))
            for text in texts:
                print(text)
            if replay is None:
                _learned(outcome.extras)
                for line in verdicts.coverage_lines(rows, waived):
                    print(line)
        if outcome.cut:
            print(f"the time ran out after {outcome.games} games")
    if broke is not None:
        print(f"rulespec conform: the engine breaks the protocol: {broke.text}", file=sys.stderr)
        if broke.saved is not None:
            print(f"the game up to that request: {broke.saved}", file=sys.stderr)
    headline = verdicts.verdict_line(outcome, shown_seed, seconds)
    failure = None
    if broke is not None:
        lines = [f"the engine breaks the protocol: {broke.text}"]
        if broke.saved is not None:
            lines.append(f"the game up to that request: {broke.saved}")
            lines.append(f"replay:      {replay_command(g.id, broke.saved, command)}")
        failure = "\n".join(lines)
    junit_status = _junit(
        args,
        about(engine.name, compared),
        outcome,
        rows=rows,
        breaks={key: f"{headline}\n{text}" for key, text in zip(keys, texts, strict=True)},
        failure=failure,
        record=broke.record if broke is not None else None,
        saved=saved_records[0] if saved_records else (broke.saved if broke is not None else None),
    )
    if status not in (0, None):
        print(f"note: the engine exited with status {status} after quit", file=sys.stderr)
    code = _declined(outcome) if verdict != "protocol-error" else 0
    code = code or verdicts.EXIT[verdict] or junit_status
    return code
