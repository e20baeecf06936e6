"""The JUnit XML report of ``rulespec conform`` (``--junit-xml PATH``).

One test case per family of games the search played (a number of players and an
option set), named like ``3 players, rules as printed``; a divergence is the failure
of its game's family, with its clauses, the seed, the saved record and the command
that replays it; a protocol error is an error, of the family it broke in (or of a
test case of its own, ``engine protocol``, when it broke outside a game). Families a
version 2 engine declines are listed as skipped.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

import attrs

from rulespec.cli.conform_search import Family, Outcome, family_name
from rulespec.cli.junit import Case, Problem, junit_xml
from rulespec.core.game import Game
from rulespec.core.record import Record

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


def _family(g: Game[Any, Any, Any, Any], record: Record | None) -> str | None:
    return None if record is None else family_name(g, record.players, record.options)


def _output(family: Family) -> str:
    return f"{family.games} game{'s' * (family.games != 1)}, {family.steps} steps"


def _notes(run: Run, outcome: Outcome | None) -> str:
    if outcome is None:
        return ""
    extras = outcome.extras
    lines = []
    if outcome.cut:
        lines.append(f"the time ran out after {outcome.games} games")
    if extras.chance:
        lines.append(f"chance drawn by: {extras.chance}")
    if extras.probed:
        lines.append("illegal actions offered, by the clause that refuses them:")
        lines += [f"  {clause}  {times}" for clause, times in extras.probed]
    if extras.inexpressible:
        lines.append("legal actions the engine cannot express:")
        lines += [f"  {line}" for line in extras.inexpressible]
    if extras.notes:
        lines.append("protocol notes:")
        lines += [f"  {line}" for line in extras.notes]
    return "\n".join(lines)


def report(
    run: Run,
    outcome: Outcome | None,
    *,
    failure: str | None = None,
    record: Record | None = None,
    saved: str | None = None,
) -> str:
    """The JUnit XML document of a run.

    ``outcome`` is the search (``None`` when the engine broke at its greeting);
    ``failure`` the text of the divergence or protocol error that ended it, ``record``
    the game it happened in and ``saved`` where that game was written.
    """
    g = run.game
    classname = f"rulespec.conform.{g.id}"
    families = list(outcome.families) if outcome is not None else []
    failed = outcome.failed if outcome is not None else None
    divergence = failed.divergence if failed is not None else None
    error = failed.error if failed is not None else None
    broken = error is not None or (outcome is None and failure is not None)
    where = _family(g, record)
    if where is None and broken:
        where = PROTOCOL_CASE
    if where is not None and where not in {f.name for f in families}:
        families.append(Family(where))
    problem: Problem | None = None
    if divergence is not None:
        clauses = ", ".join(divergence.clauses) or "no clause identified"
        problem = Problem(f"{divergence.summary} [{clauses}]", divergence.kind, failure or "")
    elif broken:
        what = error.what if error is not None else (failure or "").splitlines()[0]
        problem = Problem(what, "protocol-error", failure or "")
    cases = []
    for family in families:
        mine = problem is not None and family.name == where
        cases.append(
            Case(
                classname,
                family.name,
                family.seconds,
                failure=problem if mine and divergence is not None else None,
                error=problem if mine and divergence is None else None,
                output=_output(family) if family.name != PROTOCOL_CASE else "",
            )
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
