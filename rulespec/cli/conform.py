"""``rulespec conform GAME -- COMMAND ...``: check an engine in any language against rulespec.

The engine runs as a child process and speaks the rulespec engine protocol
(:mod:`rulespec.testing.wire`); the conformance kit plays generated games
through it and rulespec side by side (:func:`rulespec.testing.check`).

Exit status: 0 when every game agrees; 1 at a divergence (reported with the
clauses it implicates, both answers and the step; the smallest game found
is written as a record); 2 for a usage error; 3 when the engine breaks the
protocol (with its last lines on standard error).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from rulespec.cli.arguments import check_setup, game_named, option_set
from rulespec.cli.errors import CommandError
from rulespec.core.errors import RecordError
from rulespec.core.game import Game
from rulespec.core.record import Record

__all__ = ["BATCH", "add_parser", "run"]

BATCH = 25
"""Games per call of the kit (5 under ``--seconds``): the time budget and the progress
line are checked between calls. The sizes depend on nothing else, so that ``--seed``
plays the same games again."""

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
        "--seconds", type=float, default=None, help="stop searching after this long (seconds)"
    )
    parser.add_argument(
        "--timeout", type=float, default=10.0, help="seconds to wait for each answer (default 10)"
    )
    parser.add_argument(
        "--max-steps", type=int, default=1000, help="the longest game, in steps (default 1000)"
    )
    parser.add_argument(
        "--shrink-seconds",
        type=float,
        default=60.0,
        help="how long to shrink a divergent game before reporting it (default 60)",
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
    from rulespec.core.verify import MAX_BYTES

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


def _report(divergence: Any, saved: str | None) -> str:
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
    return "\n".join(lines)


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


def _divergence_fields(divergence: Any, saved: str | None) -> dict[str, Any]:
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
    }


def run(args: argparse.Namespace) -> int:
    """Run ``rulespec conform``; raise ``CommandError`` for a usage error."""
    try:
        import hypothesis

        from rulespec.testing import CheckResult, DivergenceError, capabilities, check
        from rulespec.testing.adapter import OPTIONAL
        from rulespec.testing.replay import check_record
        from rulespec.testing.wire import ProtocolError, WireAdapter
    except ImportError:
        raise CommandError(
            "conform needs the testing extra: pip install 'rulespec[testing]'"
        ) from None

    g = game_named(args.game)
    if args.players is not None and not g.min_players <= args.players <= g.max_players:
        raise CommandError(f"{g.name} is for {g.min_players} to {g.max_players} players")
    for name in ("examples", "max_steps"):
        if getattr(args, name) < 1:
            raise CommandError(f"--{name.replace('_', '-')} must be at least 1")
    # "not x > 0" refuses nan too
    if not args.timeout > 0 or (args.seconds is not None and not args.seconds > 0):
        raise CommandError("--timeout and --seconds must be positive")
    if not args.shrink_seconds >= 0:
        raise CommandError("--shrink-seconds must be 0 or more")
    options = _options(g, args.option, args.players)
    replay = None if args.replay is None else _replay_record(g, args.replay)
    record_path = Path(args.record or f"conform-{g.id}.json")
    seed = random.randrange(10**6) if args.seed is None else args.seed
    command = args.engine

    class Engine(WireAdapter):
        """The engine, noting when each game starts (for ``found_after_games``)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.started: list[float] = []
            super().__init__(*args, **kwargs)

        def start(self, setup: Any) -> None:
            self.started.append(time.perf_counter())
            super().start(setup)

    try:
        engine = Engine(command, g, timeout=args.timeout)
    except OSError as exc:
        raise CommandError(f"cannot start {command[0]!r}: {exc.strerror or exc}") from None
    except ProtocolError as exc:
        print(f"rulespec conform: the engine breaks the protocol: {exc}", file=sys.stderr)
        if args.json:
            print(_verdict("protocol-error", g, None, [], seed=seed, error=exc.what, record=None))
        return 3
    declared = capabilities(engine)
    compared = [name for name in OPTIONAL if name in declared]
    if not args.json:
        print(
            f"engine {engine.name!r} ({' '.join(command)}); {g.id}; compares: "
            f"{', '.join(compared) or 'refusals only'}"
        )
    progress = _Progress(f"conform {g.id}")
    games = steps = 0
    start = batch_start = time.perf_counter()
    try:
        if replay is not None:
            result = check_record(engine, replay)
            games, steps = 1, result.steps
        else:
            batch = 0
            while games < args.examples:
                if args.seconds is not None and time.perf_counter() - start >= args.seconds:
                    break
                size = min(BATCH if args.seconds is None else 5, args.examples - games)
                quick = hypothesis.settings(max_examples=size, database=None)
                batch_start = time.perf_counter()
                result = check(
                    engine,
                    g,
                    players=args.players,
                    options=options,
                    max_steps=args.max_steps,
                    settings=quick,
                    shrink_seconds=args.shrink_seconds,
                    seed=seed * 100_003 + batch,
                )
                games, steps, batch = games + size, steps + result.steps, batch + 1
                progress.update(games, args.examples, steps)
    except DivergenceError as exc:
        progress.stop()
        engine.close()
        divergence = exc.divergence
        saved = None
        if replay is None:
            saved = _write(record_path, _divergent_record(g, divergence))
        found = None if exc.found_after is None else batch_start + exc.found_after
        found_games = None if found is None else sum(t <= found for t in engine.started)
        if args.json:
            print(
                _verdict(
                    "diverges",
                    g,
                    engine.name,
                    compared,
                    seed=None if replay is not None else seed,
                    games=games + (exc.games or 1),
                    found_after=None if found is None else round(found - start, 3),
                    found_after_games=found_games,
                    seconds=round(time.perf_counter() - start, 3),
                    divergence=_divergence_fields(divergence, saved),
                )
            )
            return 1
        print(_report(divergence, saved))
        searched = "" if replay is not None else f"seed {seed}; "
        if found is not None:
            searched += f"found in game {found_games}, after {found - start:.1f} s; "
        print(f"{searched}{time.perf_counter() - start:.1f} s in all")
        return 1
    except ProtocolError as exc:
        progress.stop()
        print(f"rulespec conform: the engine breaks the protocol: {exc}", file=sys.stderr)
        saved = None
        if exc.record is not None and replay is None:
            saved = _write(record_path, exc.record)
            print(f"the game up to that request: {saved}", file=sys.stderr)
        engine.close()
        if args.json:
            print(
                _verdict(
                    "protocol-error",
                    g,
                    engine.name,
                    compared,
                    seed=None if replay is not None else seed,
                    error=exc.what,
                    record=saved,
                )
            )
        return 3
    progress.stop()
    status = engine.close()
    summary = CheckResult(games, steps, time.perf_counter() - start)
    took = f"{summary.steps} step{'s' * (summary.steps != 1)}, {summary.seconds:.1f} s"
    if args.json:
        print(
            _verdict(
                "conforms",
                g,
                engine.name,
                compared,
                seed=None if replay is not None else seed,
                games=summary.games,
                steps=summary.steps,
                seconds=round(summary.seconds, 3),
            )
        )
    elif replay is not None:
        print(f"CONFORMS: the saved game agrees with rulespec ({took})")
    else:
        print(f"CONFORMS: {summary.games} games agree with rulespec ({took}; seed {seed})")
    if status not in (0, None):
        print(f"note: the engine exited with status {status} after quit", file=sys.stderr)
    return 0
