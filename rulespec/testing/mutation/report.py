"""The results file of a mutation run, and the notes that explain its survivors.

The results are JSON, one entry per suite (a game), merged into the file so
that suites can run one at a time::

    {"format": "rulespec-mutation", "version": 1,
     "suites": {"duo": {"seed": 1, "sample": 40, "population": 412,
                        "killed": 40, "timeouts": 0, "survived": 0, "equivalent": 0,
                        "score": 100.0, "score_without_equivalents": 100.0,
                        "before_added_tests": {"killed": 37, "score": 92.5},
                        "survivors": [...], "mutants": [...], ...}}}

The notes are TOML, written by hand, one ``[[mutant]]`` table per mutant
that survived a run: its ``id``, a ``verdict`` and a ``why``::

    [[mutant]]
    id = "rulespec/duo/rules.py:93:29:constant:2"
    verdict = "killed-by-added-test"   # or "equivalent"
    why = "the next round's starter skips a seat"

A survivor with a note ``equivalent`` is left out of the second score; a
mutant killed now with a note ``killed-by-added-test`` is listed with the
test that kills it, and counted as a survivor in ``before_added_tests``.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from rulespec.testing.mutation.runner import Run

__all__ = ["VERDICTS", "Note", "merge_results", "read_notes", "suite_result"]

VERDICTS = ("equivalent", "killed-by-added-test")
"""What a note may say of a mutant."""


@attrs.frozen
class Note:
    """The explanation of one survivor."""

    id: str
    verdict: str
    why: str


def read_notes(path: Path) -> dict[str, Note]:
    """The notes in ``path`` by mutant id (none if the file does not exist).

    Raises:
        ValueError: a note lacks a field, has an unknown verdict or repeats an id.
    """
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    notes: dict[str, Note] = {}
    for i, entry in enumerate(data.get("mutant", [])):
        where = f"{path}: mutant {i + 1}"
        if set(entry) != {"id", "verdict", "why"}:
            raise ValueError(f"{where}: needs exactly id, verdict and why, has {sorted(entry)}")
        if entry["verdict"] not in VERDICTS:
            raise ValueError(f"{where}: verdict {entry['verdict']!r} is not one of {VERDICTS}")
        if entry["id"] in notes:
            raise ValueError(f"{where}: {entry['id']} has a note already")
        notes[entry["id"]] = Note(entry["id"], entry["verdict"], entry["why"])
    return notes


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 100.0


def suite_result(
    run: Run,
    notes: Mapping[str, Note],
    *,
    seed: int,
    sample: int,
    population: int,
    targets: list[str],
    command: str,
) -> dict[str, Any]:
    """The results entry of one suite's ``run``, with its survivors explained by ``notes``."""
    outcomes = run.outcomes
    total = len(outcomes)
    killed = sum(o.killed for o in outcomes)
    survivors: list[dict[str, Any]] = []
    equivalent = added = 0
    for o in outcomes:
        note = notes.get(o.mutant.id)
        if o.killed and (note is None or note.verdict != "killed-by-added-test"):
            continue
        m = o.mutant
        entry: dict[str, Any] = {
            "id": m.id,
            "path": m.path,
            "line": m.line,
            "column": m.column,
            "kind": m.kind,
            "before": m.before,
            "after": m.after,
        }
        if o.killed:
            added += 1
            entry |= {"status": "killed by an added test", "test": o.killed_by}
        elif note is not None and note.verdict == "equivalent":
            equivalent += 1
            entry["status"] = "equivalent"
        else:
            entry["status"] = "survived"
        entry["why"] = note.why if note is not None else None
        survivors.append(entry)
    return {
        "command": command,
        "seed": seed,
        "sample": sample,
        "population": population,
        "targets": targets,
        "tests": list(run.tests),
        "total": total,
        "killed": killed,
        "timeouts": sum(o.status == "timeout" for o in outcomes),
        "survived": total - killed,
        "equivalent": equivalent,
        "score": _percent(killed, total),
        "score_without_equivalents": _percent(killed, total - equivalent),
        "before_added_tests": {
            "killed": killed - added,
            "score": _percent(killed - added, total),
            "score_without_equivalents": _percent(killed - added, total - equivalent),
        },
        "baseline_seconds": run.baseline_seconds,
        "timeout_seconds": run.timeout,
        "wall_seconds": run.wall_seconds,
        "survivors": survivors,
        "mutants": [
            {
                "id": o.mutant.id,
                "status": o.status,
                "killed_by": o.killed_by,
                "seconds": o.seconds,
            }
            for o in outcomes
        ],
    }


def merge_results(path: Path, suite: str, result: Mapping[str, Any]) -> None:
    """Write ``result`` as ``suite``'s entry of the results file ``path``, keeping the others."""
    data: dict[str, Any] = {"format": "rulespec-mutation", "version": 1, "suites": {}}
    if path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
    data["suites"][suite] = dict(result)
    data["suites"] = dict(sorted(data["suites"].items()))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
