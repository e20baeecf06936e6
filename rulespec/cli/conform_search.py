"""The search of ``rulespec conform``: numbered batches of games, here or on workers.

A run plays :data:`BATCH` games at a time; batch ``b`` searches with the seed
``seed * 100_003 + b``, so a seed plays the same games again. :func:`search_here`
plays the batches one after the other through one engine. :func:`search_on` gives
them to any :class:`concurrent.futures.Executor` (a process pool, a Dask client's
executor), each batch with an engine process of its own (:func:`run_batch`), and
keeps the report of the lowest-numbered batch that failed: once a batch fails, the
higher ones are cancelled or told to stop, and every lower one is waited for. The
report therefore depends on the seed alone, not on the workers or their speed.

Under a time limit a batch also ends between two steps once the limit has passed:
its search runs without shrinking, so that ending it early never loses a divergence
found, and a divergence is then searched again with shrinking, untimed (the same
seed finds the same game first).
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any, cast

import attrs
import hypothesis
from hypothesis import Phase

from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing import DivergenceError, check
from rulespec.testing.adapter import Query, Setup, game_of
from rulespec.testing.checking import Divergence
from rulespec.testing.wire import ProtocolError, WireAdapter

__all__ = [
    "BATCH",
    "Batch",
    "BatchResult",
    "Cut",
    "Extras",
    "Family",
    "Outcome",
    "ProtocolFailure",
    "SearchEngine",
    "StopFile",
    "batches",
    "combine",
    "family_name",
    "fewer_collections",
    "play_batch",
    "replay_batch",
    "run_batch",
    "search_here",
    "search_on",
    "stop_file",
]

BATCH = 25
"""Games per batch (the last one may be smaller). The sizes depend on nothing else, so
that ``--seed`` plays the same games again, with or without ``--seconds`` or
``--workers``."""

SEED_STRIDE = 100_003
"""Batch ``b`` of a run seeded ``s`` searches with the seed ``s * SEED_STRIDE + b``."""

STOP_POLL = 0.1
"""Seconds between two looks at the stop file, inside a batch."""

_WITHOUT_SHRINKING = tuple(p for p in Phase if p not in (Phase.shrink, Phase.explain))


def family_name(g: Game[Any, Any, Any, Any], players: int, options: Any) -> str:
    """A family of games: a number of players and an option set, in one phrase.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> family_name(duo, 3, duo.default_options())
    '3 players, rules as printed'
    >>> family_name(duo, 2, duo.decode_options({"turbo": True}))
    '2 players, options: turbo=true'
    """
    data = g.encode_options(options if options is not None else g.default_options())
    if not data:
        return f"{players} players, rules as printed"
    shown = ", ".join(
        f"{name}={json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"
        for name, value in data.items()
    )
    return f"{players} players, options: {shown}"


class Cut(BaseException):
    """A batch ends before all its games are played: the time is up, or a lower batch
    has failed. Like :class:`~rulespec.testing.wire.ProtocolError` it passes through
    the search without counting as a divergence."""


@attrs.frozen
class StopFile:
    """A file that tells running batches to stop: it holds the number of the lowest
    batch that failed, and every batch above it stops (``-1`` stops them all). A file,
    so that worker processes on this machine see it without any channel of their own.
    """

    path: str

    def stops(self, number: int) -> bool:
        """Whether batch ``number`` is told to stop."""
        try:
            text = Path(self.path).read_text(encoding="ascii")
        except (OSError, UnicodeDecodeError):
            return False
        try:
            return number > int(text)
        except ValueError:  # being replaced: read again at the next look
            return False

    def stop_above(self, number: int) -> None:
        """Tell every batch above ``number`` to stop."""
        draft = f"{self.path}.{os.getpid()}"
        Path(draft).write_text(str(number), encoding="ascii")
        os.replace(draft, self.path)


@contextlib.contextmanager
def stop_file() -> Iterator[StopFile]:
    """A fresh :class:`StopFile` in a temporary directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="rulespec-conform-") as folder:
        yield StopFile(str(Path(folder) / "stop"))


@attrs.frozen
class Batch:
    """One batch of a search: what a worker needs to play it (picklable)."""

    command: tuple[str, ...]
    game: str
    number: int
    size: int
    seed: int
    """The run's seed; the batch searches with ``seed * SEED_STRIDE + number``."""
    players: int | None = None
    options: Any = None
    max_steps: int = 1000
    timeout: float = 10.0
    shrink_seconds: float | None = None
    shrink_steps: int | None = 20_000
    deadline: float | None = None
    """When the run's time is up (``time.time()``), if it has a limit."""
    stop: StopFile | None = None


@attrs.frozen
class ProtocolFailure:
    """A :class:`~rulespec.testing.wire.ProtocolError`, as data that crosses processes."""

    what: str
    stderr: tuple[str, ...] = ()
    status: int | None = None
    record: Record | None = None

    @classmethod
    def of(cls, error: ProtocolError) -> ProtocolFailure:
        """The failure ``error`` reports."""
        return cls(error.what, error.stderr, error.status, error.record)

    def error(self) -> ProtocolError:
        """The error again."""
        return ProtocolError(self.what, stderr=self.stderr, status=self.status, record=self.record)


@attrs.frozen
class Extras:
    """What a search result may say beyond games and steps (a version 2 kit's
    ``probed``, ``inexpressible``, ``unsupported``, ``chance`` and ``notes``): read
    with defaults, so that a kit without them gives empty ones."""

    probed: tuple[tuple[str, int], ...] = ()
    inexpressible: tuple[str, ...] = ()
    unsupported: tuple[str, ...] = ()
    chance: str = ""
    notes: tuple[str, ...] = ()

    @classmethod
    def of(cls, result: Any) -> Extras:
        """The extras of a :class:`~rulespec.testing.CheckResult` (or of anything)."""
        probed = getattr(result, "probed", None) or {}
        return cls(
            tuple(sorted((str(k), int(v)) for k, v in dict(probed).items())),
            tuple(str(x) for x in getattr(result, "inexpressible", None) or ()),
            tuple(str(x) for x in getattr(result, "unsupported", None) or ()),
            str(getattr(result, "chance", None) or ""),
            tuple(str(x) for x in getattr(result, "notes", None) or ()),
        )

    def __add__(self, other: Extras) -> Extras:
        probed: Counter[str] = Counter(dict(self.probed))
        probed.update(dict(other.probed))
        return Extras(
            tuple(sorted(probed.items())),
            tuple(dict.fromkeys((*self.inexpressible, *other.inexpressible)))[:20],
            tuple(dict.fromkeys((*self.unsupported, *other.unsupported))),
            self.chance or other.chance,
            tuple(dict.fromkeys((*self.notes, *other.notes))),
        )


@attrs.frozen
class BatchResult:
    """How one batch ended: clean, cut short, at a divergence or at a protocol error.

    ``games`` counts the games that count for the run: the batch's size when clean,
    the games finished when cut, the games until the divergent one (included) when
    failed. ``played`` holds, for each game the engine played, its family, seconds and
    steps.
    """

    number: int
    games: int = 0
    steps: int = 0
    started: float = 0.0
    """When the batch started (``time.time()``)."""
    seconds: float = 0.0
    played: tuple[tuple[str, float, int], ...] = ()
    cut: bool = False
    divergence: Divergence | None = None
    found_after: float | None = None
    """Seconds from the batch's start to its first divergent game."""
    error: ProtocolFailure | None = None
    extras: Extras = Extras()

    @property
    def failed(self) -> bool:
        """Whether the batch ends the run with a report."""
        return self.divergence is not None or self.error is not None


class SearchEngine(WireAdapter):
    """The engine of a search: a :class:`~rulespec.testing.wire.WireAdapter` that notes
    the family, length and steps of every game, and ends a batch (:class:`Cut`) when
    its time is up or it is told to stop (see :meth:`watch`)."""

    def __init__(
        self, command: Sequence[str], game: str | Game[Any, Any, Any, Any], *, timeout: float = 10.0
    ) -> None:
        self.played: list[list[Any]] = []  # [family, start, end or None, steps]
        self.noting = True
        self._deadline: float | None = None
        self._stop: StopFile | None = None
        self._number = 0
        self._next_look = 0.0
        self._last: tuple[Any, list[Any]] | None = None  # the last game: setup, applies
        self._current: tuple[Any, list[Any]] | None = None
        self._replaying = False
        super().__init__(command, game, timeout=timeout)

    def watch(self, number: int, deadline: float | None, stop: StopFile | None) -> None:
        """From now on, cut the search (batch ``number``) once ``time.time()`` passes
        ``deadline`` (``None``: never), or when ``stop`` says so; forget the games noted."""
        self.played, self.noting = [], True
        self._number, self._deadline, self._stop = number, deadline, stop
        self._next_look = 0.0
        self._last = self._current = None
        self._replaying = False

    def finish(self, *, unfinished: bool = False) -> list[tuple[str, float, int]]:
        """The games noted: family, seconds and steps; the game in progress counts as
        finished now, or is left out when ``unfinished``."""
        now = time.perf_counter()
        rows = [row for row in self.played if row[2] is not None] if unfinished else self.played
        return [(f, (now if end is None else end) - start, n) for f, start, end, n in rows]

    def _look(self) -> None:
        now = time.time()
        if self._stop is not None and now >= self._next_look:
            self._next_look = now + STOP_POLL
            if self._stop.stops(self._number):
                raise Cut("stopped: a lower batch failed")
        # Past the deadline, the search goes on only while it may be replaying its last
        # game: the replay of a divergent game, which must not be lost.
        if self._deadline is not None and now >= self._deadline and not self._replaying:
            raise Cut("the time is up")

    def start(self, setup: Setup) -> None:
        """Start a game (unless the batch is cut), noting it."""
        now = time.perf_counter()
        if self.noting and self.played and self.played[-1][2] is None:
            self.played[-1][2] = now
        key = (setup.players, setup.options)
        self._last, self._current = self._current, (key, [])
        self._replaying = self._last is not None and self._last[0] == key
        self._look()
        if self.noting:
            self.played.append([family_name(self.game, setup.players, setup.options), now, None, 0])
        # A version 2 engine's start may answer more than nothing.
        return cast(Any, super()).start(setup)  # type: ignore[no-any-return]

    def _note(self, action: Any) -> None:
        """Before a step goes to the engine: note it, and cut the batch if time is up."""
        if self._current is not None:
            done = self._current[1]
            if self._replaying:
                last = self._last[1] if self._last is not None else []
                self._replaying = len(done) < len(last) and last[len(done)] == action
            done.append(action)
        self._look()

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Apply a step (unless the batch is cut), counting it when the engine takes it."""
        self._note(action)
        answer: tuple[Any, ...] = super().apply(action)
        if self.noting and self.played:
            self.played[-1][3] += 1
        return answer

    def ask(self, queries: Sequence[Query]) -> Iterator[Any]:
        """A step's requests (a batch): its step noted as :meth:`apply` notes it."""
        if self.batching and len(queries) >= 2 and queries[0].op == "apply":
            self._note(queries[0].arg)
            if self.noting and self.played:
                self.played[-1][3] += 1
        return super().ask(queries)


def _settings(size: int, phases: Sequence[Phase] | None) -> hypothesis.settings:
    if phases is None:
        return hypothesis.settings(max_examples=size, database=None)
    return hypothesis.settings(max_examples=size, database=None, phases=phases)


def _check(engine: SearchEngine, batch: Batch, phases: Sequence[Phase] | None) -> Any:
    return check(
        engine,
        batch.game,
        players=batch.players,
        options=batch.options,
        max_steps=batch.max_steps,
        settings=_settings(batch.size, phases),
        shrink_seconds=batch.shrink_seconds,
        shrink_steps=batch.shrink_steps,
        seed=batch.seed * SEED_STRIDE + batch.number,
    )


FULL_COLLECTIONS = 100
"""While a batch plays, the collector looks through every object (its oldest generation)
only after this many collections of the middle one, rather than 10: a search keeps much
alive (Hypothesis's tree of choices, the games played) and looking through it all again
and again took a tenth of the kit's time."""


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Within the block, what is alive at its start is left out of garbage collection, and
    full collections are rarer (see :data:`FULL_COLLECTIONS`); as before, after it."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], max(before[2], FULL_COLLECTIONS))
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def play_batch(engine: SearchEngine, batch: Batch) -> BatchResult:
    """Play ``batch`` through ``engine`` (which it leaves open)."""
    with fewer_collections():
        return _play_batch(engine, batch)


def _play_batch(engine: SearchEngine, batch: Batch) -> BatchResult:
    started, clock = time.time(), time.perf_counter()
    engine.watch(batch.number, batch.deadline, batch.stop)
    timed = batch.deadline is not None

    def result(**fields: Any) -> BatchResult:
        return BatchResult(
            batch.number, started=started, seconds=time.perf_counter() - clock, **fields
        )

    try:
        try:
            outcome = _check(engine, batch, _WITHOUT_SHRINKING if timed else None)
        except DivergenceError as exc:
            found = exc.divergence
            games = exc.games or 1
            played = engine.finish()[:games]
            if timed:  # the same seed again, to shrink what it finds first
                engine.watch(batch.number, None, batch.stop)
                engine.noting = False
                try:
                    _check(engine, batch, None)
                except DivergenceError as again:
                    found = again.divergence
            return result(
                games=games,
                steps=sum(n for _, _, n in played),
                played=tuple(played),
                divergence=found,
                found_after=exc.found_after,
            )
    except ProtocolError as exc:
        played = engine.finish()
        return result(
            games=len(played),
            steps=sum(n for _, _, n in played),
            played=tuple(played),
            error=ProtocolFailure.of(exc),
        )
    except Cut:
        played = engine.finish(unfinished=True)
        return result(
            games=min(len(played), batch.size),
            steps=sum(n for _, _, n in played),
            played=tuple(played),
            cut=True,
        )
    return result(
        # A batch whose setups the engine all declined played no game.
        games=min(batch.size, outcome.games),
        steps=outcome.steps,
        played=tuple(engine.finish()),
        extras=Extras.of(outcome),
    )


def run_batch(batch: Batch) -> BatchResult:
    """Play ``batch`` with an engine process of its own, ended before returning: the
    work one worker does. Raises :class:`OSError` when the engine cannot be started."""
    if (batch.stop is not None and batch.stop.stops(batch.number)) or (
        batch.deadline is not None and time.time() >= batch.deadline
    ):
        return BatchResult(batch.number, started=time.time(), cut=True)
    try:
        engine = SearchEngine(batch.command, game_of(batch.game), timeout=batch.timeout)
    except ProtocolError as exc:
        return BatchResult(batch.number, started=time.time(), error=ProtocolFailure.of(exc))
    try:
        return play_batch(engine, batch)
    finally:
        engine.close()


def batches(examples: int, template: Batch) -> list[Batch]:
    """The batches of a run of ``examples`` games: ``template`` numbered and sized.

    >>> [(b.number, b.size) for b in batches(60, Batch((), "duo", 0, 0, 7))]
    [(0, 25), (1, 25), (2, 10)]
    """
    return [
        attrs.evolve(template, number=n, size=min(BATCH, examples - first))
        for n, first in enumerate(range(0, examples, BATCH))
    ]


Progress = Callable[[int, int], None]
"""Told the games and steps played so far, after each batch."""


def search_here(
    engine: SearchEngine, planned: Sequence[Batch], progress: Progress | None = None
) -> list[BatchResult]:
    """Play the batches one after the other through ``engine``, up to the first that
    fails or the deadline."""
    results: list[BatchResult] = []
    for batch in planned:
        if batch.deadline is not None and time.time() >= batch.deadline:
            break
        results.append(play_batch(engine, batch))
        if progress is not None:
            progress(sum(r.games for r in results), sum(r.steps for r in results))
        if results[-1].failed or results[-1].cut:
            break
    return results


def search_on(
    executor: Executor,
    planned: Sequence[Batch],
    workers: int,
    progress: Progress | None = None,
) -> list[BatchResult]:
    """Play the batches on ``executor``, ``workers`` at a time (:func:`run_batch`), and
    return the results up to the lowest-numbered batch that failed (all of them when
    none did). The batches should share a :class:`StopFile`, through which the higher
    batches are stopped once one fails, and all of them when this returns."""
    stop = planned[0].stop if planned else None
    results: dict[int, BatchResult] = {}
    pending: dict[Future[BatchResult], int] = {}
    queue = iter(planned)
    lowest: int | None = None

    def submit() -> None:
        while len(pending) < workers:
            batch = next(queue, None)
            if batch is None or (lowest is not None and batch.number > lowest):
                return
            if batch.deadline is not None and time.time() >= batch.deadline:
                return
            pending[executor.submit(run_batch, batch)] = batch.number

    try:
        submit()
        while any(lowest is None or n < lowest for n in pending.values()):
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for future in done:
                number = pending.pop(future)
                if future.cancelled():
                    continue
                result = future.result()
                results[number] = result
                if result.failed and (lowest is None or number < lowest):
                    lowest = number
                    if stop is not None:
                        stop.stop_above(number)
                    for other, n in list(pending.items()):
                        if n > number and other.cancel():
                            del pending[other]
            if progress is not None:
                done_results = [r for n, r in results.items() if lowest is None or n <= lowest]
                progress(sum(r.games for r in done_results), sum(r.steps for r in done_results))
            submit()
    finally:
        for future in pending:
            future.cancel()
        if stop is not None:
            stop.stop_above(-1)
    return [results[n] for n in sorted(results) if lowest is None or n <= lowest]


@attrs.define
class Family:
    """The games of one family (a number of players and an option set) in a run."""

    name: str
    games: int = 0
    steps: int = 0
    seconds: float = 0.0


@attrs.frozen
class Outcome:
    """A whole search: the batches' results added up, and the failure, if any."""

    games: int
    steps: int
    families: tuple[Family, ...]
    """Every family played, in the order first played."""
    cut: bool
    """Whether the time ran out before every game was played."""
    extras: Extras
    failed: BatchResult | None = None
    found_after: float | None = None
    """Seconds from the run's start to the divergent game."""
    found_games: int | None = None
    """Games played until the divergent one, that one included."""


def combine(results: Sequence[BatchResult], started: float) -> Outcome:
    """The search made of ``results`` (in batch order, up to the failed one); ``started``
    is when the run started (``time.time()``)."""
    families: dict[str, Family] = {}
    extras = Extras()
    for result in results:
        extras += result.extras
        for name, seconds, steps in result.played:
            family = families.setdefault(name, Family(name))
            family.games += 1
            family.seconds += seconds
            family.steps += steps
    failed = results[-1] if results and results[-1].failed else None
    found_after = found_games = None
    if failed is not None and failed.divergence is not None:
        found_games = sum(r.games for r in results)
        if failed.found_after is not None:
            found_after = failed.started + failed.found_after - started
    return Outcome(
        games=sum(r.games for r in results),
        steps=sum(r.steps for r in results),
        families=tuple(families.values()),
        cut=any(r.cut for r in results),
        extras=extras,
        failed=failed,
        found_after=found_after,
        found_games=found_games,
    )


def replay_batch(engine: SearchEngine, record: Record) -> BatchResult:
    """Replay ``record`` through ``engine`` (``--replay``): a batch of one game."""
    from rulespec.testing.replay import check_record

    started, clock = time.time(), time.perf_counter()
    engine.watch(0, None, None)

    def result(**fields: Any) -> BatchResult:
        played = engine.finish()
        return BatchResult(
            0,
            games=1,
            steps=sum(n for _, _, n in played),
            started=started,
            seconds=time.perf_counter() - clock,
            played=tuple(played),
            **fields,
        )

    try:
        checked = check_record(engine, record)
    except DivergenceError as exc:
        return result(divergence=exc.divergence)
    except ProtocolError as exc:
        return result(error=ProtocolFailure.of(exc))
    return result(extras=Extras.of(checked))
