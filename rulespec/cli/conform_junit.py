"""The JUnit XML report of ``rulespec conform`` (``--junit-xml PATH``).

One test case per clause of the game's catalogue, so that a CI dashboard shows which
rules the engine keeps: passed (exercised or probed, never blamed), failed (a break
is blamed on it: its report, the seed, the saved record and the command that replays
it), skipped as waived (its divergences counted) or as not exercised. A break that
no clause explains is a failed case of its own; a protocol error is the error of a
case named ``engine protocol``; an inconclusive run is the failure of a case named
``inconclusive``. The families of games played (players and options) are in the
suite's output, with their games and steps; setups the engine declines are skipped
cases.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rulespec.cli.junit import Case, Problem, junit_xml
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.search import Outcome

__all__ = ["Run", "replay_command", "report"]

PROTOCOL_CASE = "engine protocol"
"""The test case of a protocol error outside any game (at the greeting)."""


def replay_command(game: str, record: str, command: Sequence[str]) -> str:
    """The shell command that reruns a saved game through the engine.

    >>> print(replay_command("duo", "conform duo.json", ["node", "engine.js"]))
    rulespec conform duo --replay 'conform duo.json' -- node engine.js
    """
    return shlex.join(["rulespec", "conform", game, "--replay", record, "--", *command])


@attrs.frozen
class Run:
    """What the report says of the run as a whole."""

    game: Game[Any, Any, Any, Any]
    command: tuple[str, ...]
    engine: str | None
    compared: tuple[str, ...]
    seed: int | None
    """The search's seed (``None`` for a replay)."""
    seconds: float
    timestamp: str
    workers: int = 1
    replay: str | None = None
    """The record replayed, if the run replays one."""
    waived: tuple[tuple[str, str], ...] = ()
    """The clauses waived, with their reasons."""
    readings: tuple[tuple[str, str], ...] = ()
    """The readings played: clause and alternative."""


def _notes(run: Run, outcome: Outcome | None) -> str:
    if outcome is None:
        return ""
    extras = outcome.extras
    lines = [f"{outcome.games} games, {outcome.steps} steps"]
    lines += [f"  {f.name}: {f.games} games, {f.steps} steps" for f in outcome.families]
    if outcome.cut:
        lines.append(f"the time ran out after {outcome.games} games")
    if extras.chance:
        lines.append(f"chance drawn by: {extras.chance}")
    lines.append(
        f"legal plays offered: {extras.offered}, answered inexpressible: {extras.unexpressed}"
    )
    if extras.inexpressible:
        lines.append("legal actions the engine cannot express:")
        lines += [f"  {line}" for line in extras.inexpressible]
    if extras.notes:
        lines.append("protocol notes:")
        lines += [f"  {line}" for line in extras.notes]
    for clause, name in run.readings:
        lines.append(f"reading: {clause} = {name}")
    return "\n".join(lines)


def _counts(row: Any) -> str:
    return (
        f"exercised {row.exercised}, probed {row.probed}, diverged {row.diverged}, "
        f"waived {row.waived}"
    )


def report(
    run: Run,
    outcome: Outcome | None,
    *,
    rows: Sequence[Any] = (),
    breaks: Mapping[str, str] | None = None,
    failure: str | None = None,
    record: Record | None = None,
    saved: str | None = None,
) -> str:
    """The JUnit XML document of a run.

    ``outcome`` is the search (``None`` when the engine broke at its greeting); ``rows``
    the coverage of each clause (:func:`rulespec.cli.conform_verdict.coverage`);
    ``breaks`` the report of each break, by the clause to blame; ``failure`` the text
    of the protocol error, ``record`` the game a
    protocol error happened in and ``saved`` where the first break's game (or that
    one) was written.
    """
    g = run.game
    classname = f"rulespec.conform.{g.id}"
    reasons = dict(run.waived)
    texts = {}
    if outcome is not None:
        for found in outcome.breaks:
            texts[found.key] = found
    cases = []
    for row in rows:
        problem = skipped = None
        if row.status == "failed":
            blamed = texts.get(row.clause)
            d = blamed.divergence if blamed is not None else None
            message = row.title if d is None else f"{d.summary} [{', '.join(d.clauses)}]"
            problem = Problem(
                message,
                d.kind if d is not None else "divergence",
                (breaks or {}).get(row.clause, ""),
            )
        elif row.status == "waived":
            skipped = f"waived: {reasons.get(row.clause, '')} ({row.waived} divergences met)"
        elif row.status in ("not exercised", "not formalized"):
            skipped = row.status
        cases.append(
            Case(
                classname,
                f"{row.clause} {row.title}",
                0.0,
                failure=problem,
                skipped=skipped,
                output=_counts(row),
            )
        )
    failed = outcome.failed if outcome is not None else None
    error = failed.error if failed is not None else None
    if error is not None or (outcome is None and failure is not None):
        what = error.what if error is not None else (failure or "").splitlines()[0]
        cases.append(
            Case(
                classname, PROTOCOL_CASE, 0.0, error=Problem(what, "protocol-error", failure or "")
            )
        )
    if outcome is not None and outcome.verdict == "inconclusive":
        reason = outcome.extras.inconclusive or ""
        cases.append(
            Case(classname, "inconclusive", 0.0, failure=Problem(reason, "inconclusive", reason))
        )
    if outcome is not None:
        cases += [
            Case(classname, f"declined: {line}", 0.0, skipped=line)
            for line in outcome.extras.unsupported
        ]
    properties = {
        "game": g.id,
        "engine": run.engine or "",
        "command": shlex.join(run.command),
        "compares": ", ".join(run.compared),
    }
    if outcome is not None:
        properties["games"] = str(outcome.games)
        properties["steps"] = str(outcome.steps)
        properties["breaks"] = str(len(outcome.breaks))
        properties["verdict"] = outcome.verdict if error is None else "protocol-error"
    if run.seed is not None:
        properties["seed"] = str(run.seed)
        properties["workers"] = str(run.workers)
    if run.replay is not None:
        properties["replay"] = run.replay
    if saved is not None:
        properties["record"] = saved
        properties["replay-command"] = replay_command(g.id, saved, run.command)
    return junit_xml(
        f"rulespec conform {g.id}",
        cases,
        seconds=run.seconds,
        timestamp=run.timestamp,
        properties=properties,
        output=_notes(run, outcome),
    )
