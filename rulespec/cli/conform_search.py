"""The conformance search's former home: its names, now in :mod:`rulespec.testing.search`,
stay importable from here."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

from rulespec.testing import search as _search
from rulespec.testing.search import (
    BATCH,
    Batch,
    BatchResult,
    Break,
    Cut,
    Extras,
    Family,
    Outcome,
    Progress,
    ProtocolFailure,
    SearchEngine,
    StopFile,
    batches,
    combine,
    conform,
    family_name,
    fewer_collections,
    play_batch,
    replay_batch,
    run_batch,
    search_here,
    stop_file,
)

__all__ = [
    "BATCH",
    "Batch",
    "BatchResult",
    "Break",
    "Cut",
    "Extras",
    "Family",
    "Outcome",
    "ProtocolFailure",
    "SearchEngine",
    "StopFile",
    "batches",
    "combine",
    "conform",
    "family_name",
    "fewer_collections",
    "play_batch",
    "replay_batch",
    "run_batch",
    "search_here",
    "search_on",
    "stop_file",
]


def search_on(
    executor: Executor,
    planned: Sequence[Batch],
    workers: int,
    progress: Progress | None = None,
    max_breaks: int | None = None,
) -> list[BatchResult]:
    """:func:`rulespec.testing.search.search_on`, each batch played by this module's
    ``run_batch``."""
    return _search.search_on(executor, planned, workers, progress, max_breaks, run=run_batch)
