"""What ``rulespec conform`` concludes: the verdict, each break, and what was covered.

One :class:`~rulespec.testing.search.Outcome` gives the console report, the
``--json`` verdict and the JUnit report (:mod:`rulespec.cli.conform_junit`), so the
three agree on every count. Per clause of the catalogue, :func:`coverage` says how
often the steps the engine took exercised it, how many illegal actions it forbids
were offered (and refused), how many divergences it was blamed for, and how many
of those the engine's author waived.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import rulespec
from rulespec.core.game import Game
from rulespec.testing.search import Break, Outcome

__all__ = [
    "EXIT",
    "ClauseCoverage",
    "break_lines",
    "coverage",
    "coverage_lines",
    "verdict_line",
]

EXIT = {"conforms": 0, "diverges": 1, "protocol-error": 3, "inconclusive": 4}
"""The exit status of each verdict (2 is a usage error)."""


@attrs.frozen
class ClauseCoverage:
    """What a run learned of one clause.

    ``status`` is ``"failed"`` (a break is blamed on it), ``"waived"`` (its divergences
    were met and the engine's author waives it), ``"passed"`` (exercised or probed,
    and never blamed), ``"not exercised"``, or ``"not formalized"``.
    """

    clause: str
    title: str
    status: str
    exercised: int = 0
    probed: int = 0
    diverged: int = 0
    waived: int = 0

    def data(self) -> dict[str, Any]:
        """The counts as the ``--json`` verdict writes them."""
        return {
            "status": self.status,
            "exercised": self.exercised,
            "probed": self.probed,
            "diverged": self.diverged,
            "waived": self.waived,
        }


def coverage(
    g: Game[Any, Any, Any, Any], outcome: Outcome, waived: Mapping[str, str] = {}
) -> list[ClauseCoverage]:
    """Each clause of the game's catalogue (retired ones left out), then each break
    blamed on no clause of it, with what ``outcome`` learned of it."""
    extras = outcome.extras
    exercised, probed = dict(extras.exercised), dict(extras.probed)
    met_again, met_waived = dict(extras.set_aside), dict(extras.waived)
    blamed = {b.key for b in outcome.breaks}
    rows = []
    for c in rulespec.clauses(g.id):
        if c.status == "retired":
            continue
        counts = {
            "exercised": exercised.get(c.id, 0),
            "probed": probed.get(c.id, 0),
            "diverged": (c.id in blamed) + met_again.get(c.id, 0),
            "waived": met_waived.get(c.id, 0),
        }
        if c.id in blamed:
            status = "failed"
        elif c.id in waived:
            status = "waived"
        elif c.status != "implemented":
            status = "not formalized"
        elif counts["exercised"] or counts["probed"]:
            status = "passed"
        else:
            status = "not exercised"
        rows.append(ClauseCoverage(c.id, c.title, status, **counts))
    known = {row.clause for row in rows}
    for b in outcome.breaks:
        if b.key not in known:
            known.add(b.key)
            rows.append(
                ClauseCoverage(
                    b.key,
                    "a divergence no clause explains",
                    "failed",
                    diverged=1 + met_again.get(b.key, 0),
                )
            )
    return rows


def verdict_line(outcome: Outcome, seed: int | None, seconds: float) -> str:
    """The verdict's first line.

    >>> from rulespec.testing.search import Extras, Outcome
    >>> print(verdict_line(Outcome(3, 60, (), False, Extras(offered=50)), 4, 0.2))
    CONFORMS: 3 games agree with rulespec (60 steps, 0.2 s; seed 4)
    """
    games, steps = outcome.games, outcome.steps
    played = f"{games} game{'s' * (games != 1)}"
    took = f"{steps} step{'s' * (steps != 1)}, {seconds:.1f} s"
    if seed is not None:
        took += f"; seed {seed}"
    verdict = outcome.verdict
    if verdict == "conforms":
        return f"CONFORMS: {played} agree with rulespec ({took})"
    took = f"{played}, {took}"
    if verdict == "diverges":
        n = len(outcome.breaks)
        return f"DIVERGES: {n} distinct break{'s' * (n != 1)} ({took})"
    if verdict == "inconclusive":
        return f"INCONCLUSIVE: {took}: {outcome.extras.inconclusive}"
    return f"PROTOCOL ERROR ({took})"


def break_lines(
    found: Break,
    number: int,
    of: int,
    saved: str | None,
    replay: str | None,
    met_again: int = 0,
    other: str | None = None,
) -> list[str]:
    """The report of one break."""
    divergence = found.divergence
    titles = {c.id: c.title for c in rulespec.clauses(divergence.game)}
    lines = []
    if of > 1:
        lines.append(f"-- break {number} of {of}")
    lines.append(
        f"DIVERGENCE ({divergence.game}, {divergence.record.players} players, "
        f"step {divergence.step}): {divergence.summary}"
    )
    lines.append(f"kind:        {divergence.kind}")
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
    if replay is not None:
        lines.append(f"replay:      {replay}")
    if found.found_games is not None:
        after = "" if found.found_after is None else f", after {found.found_after:.1f} s"
        lines.append(f"found in game {found.found_games}{after}")
    if met_again:
        lines.append(
            f"met again:   {met_again} more time{'s' * (met_again != 1)} "
            "(set aside, not reported again)"
        )
    return lines


def coverage_lines(rows: Sequence[ClauseCoverage], waived: Mapping[str, str]) -> list[str]:
    """What the run covered, clause by clause (those with something to say), and the
    totals."""
    lines = []
    counted = [r for r in rows if r.exercised or r.probed or r.diverged or r.waived]
    formal = [r for r in rows if r.status != "not formalized"]
    seen = sum(r.status != "not exercised" for r in formal)
    lines.append(
        f"covered: {seen} of {len(formal)} clauses exercised, probed or blamed "
        "(steps taken, illegal actions refused, divergences)"
    )
    for r in counted:
        parts = [f"exercised {r.exercised}"]
        if r.probed:
            parts.append(f"probed {r.probed}")
        if r.diverged:
            parts.append(f"diverged {r.diverged}")
        if r.waived:
            parts.append(f"waived {r.waived}")
        lines.append(f"  {r.clause:<28} {r.status:<8} {', '.join(parts)}")
    for clause, reason in waived.items():
        met = next((r.waived for r in rows if r.clause == clause), 0)
        lines.append(f"waived: {clause} ({reason}): {met} divergence{'s' * (met != 1)} met")
    return lines
