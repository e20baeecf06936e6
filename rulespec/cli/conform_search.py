"""The conformance search's former home: its names, now in :mod:`rulespec.testing.search`,
stay importable from here."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

from rulespec.testing import search as _search
from rulespec.testing.search import (
    BATCH as BATCH,
)
from rulespec.testing.search import (
    Batch as Batch,
)
from rulespec.testing.search import (
    BatchResult as BatchResult,
)
from rulespec.testing.search import (
    Break as Break,
)
from rulespec.testing.search import (
    Cut as Cut,
)
from rulespec.testing.search import (
    Extras as Extras,
)
from rulespec.testing.search import (
    Family as Family,
)
from rulespec.testing.search import (
    Outcome as Outcome,
)
from rulespec.testing.search import (
    Progress as Progress,
)
from rulespec.testing.search import (
    ProtocolFailure as ProtocolFailure,
)
from rulespec.testing.search import (
    SearchEngine as SearchEngine,
)
from rulespec.testing.search import (
    StopFile as StopFile,
)
from rulespec.testing.search import (
    batches as batches,
)
from rulespec.testing.search import (
    combine as combine,
)
from rulespec.testing.search import (
    conform as conform,
)
from rulespec.testing.search import (
    family_name as family_name,
)
from rulespec.testing.search import (
    fewer_collections as fewer_collections,
)
from rulespec.testing.search import (
    play_batch as play_batch,
)
from rulespec.testing.search import (
    replay_batch as replay_batch,
)
from rulespec.testing.search import (
    run_batch as run_batch,
)
from rulespec.testing.search import (
    search_here as search_here,
)
from rulespec.testing.search import (
    stop_file as stop_file,
)


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
