"""The conformance search: an engine of the engine protocol checked over many games.

:func:`conform` is the whole search, from Python or from a test: it starts the engine
(a command, as ``rulespec conform`` takes it), plays the games in numbered batches, here
or on worker processes, sets each break found aside and goes on, and returns an
:class:`Outcome` (its :attr:`~Outcome.verdict`, its :attr:`~Outcome.breaks`)::

    from rulespec.testing.search import conform

    def test_my_engine_conforms() -> None:
        outcome = conform(["node", "engine.js"], "canardage", examples=50, seed=7)
        assert outcome.verdict == "conforms", [str(b.divergence) for b in outcome.breaks]

The parts it is made of serve a caller that deals the work itself. A run plays
:data:`BATCH` games at a time; batch ``b`` searches with the seed
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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from pathlib import Path
from typing import Any, cast

import attrs
import hypothesis
from hypothesis import Phase

from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing import DivergenceError, check
from rulespec.testing.adapter import Query, Setup, Unsupported, game_of
from rulespec.testing.budget import Cut
from rulespec.testing.checking import CheckResult, Divergence, break_key
from rulespec.testing.wire import ProtocolError, WireAdapter

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


@attrs.frozen
class StopFile:
    """A file that tells running batches to stop. It holds the number of a batch and the
    breaks known once that batch was played: every batch above it that does not set
    those breaks aside stops (its games would report them again), and ``-1`` with no
    breaks stops them all. A file, so that worker processes on this machine see it
    without any channel of their own.
    """

    path: str

    def stops(self, number: int, set_aside: frozenset[str] = frozenset()) -> bool:
        """Whether batch ``number``, which sets ``set_aside`` aside, is told to stop."""
        try:
            text = Path(self.path).read_text(encoding="utf-8")
            data = json.loads(text)
            above, needs = int(data["above"]), data["needs"]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
            return False  # none yet, or being replaced: read again at the next look
        if data.get("all"):
            return True
        return number > above and not set(needs) <= set_aside

    def stop_above(self, number: int, needs: Sequence[str] = ()) -> None:
        """Tell every batch above ``number`` that does not set ``needs`` aside to stop
        (``-1``: every batch, whatever it sets aside)."""
        data = {"above": number, "needs": sorted(needs), "all": number < 0}
        draft = f"{self.path}.{os.getpid()}"
        Path(draft).write_text(json.dumps(data), encoding="utf-8")
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
    attempt: int = 0
    """How many times the batch has been played before, each ended by a new break."""
    set_aside: frozenset[str] = frozenset()
    """The breaks found before it (see :func:`~rulespec.testing.checking.break_key`)."""
    waived: frozenset[str] = frozenset()
    """The clauses the engine's author waives."""
    fixed_options: tuple[tuple[str, Any], ...] = ()
    """The options every game is played with (JSON): the readings declared."""

    @property
    def search_seed(self) -> int:
        """The seed its search runs with."""
        base = self.seed * SEED_STRIDE + self.number
        return base if self.attempt == 0 else base * SEED_STRIDE + self.attempt

    @property
    def key(self) -> tuple[int, int, frozenset[str]]:
        """What makes two plays of a batch the same play."""
        return self.number, self.attempt, self.set_aside


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


def _pairs(mapping: Any) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((str(k), int(v)) for k, v in dict(mapping or {}).items()))


def _added(a: tuple[tuple[str, int], ...], b: tuple[tuple[str, int], ...]) -> Any:
    total: Counter[str] = Counter(dict(a))
    total.update(dict(b))
    return tuple(sorted(total.items()))


@attrs.frozen
class Extras:
    """What a search result may say beyond games and steps (a version 2 kit's
    ``probed``, ``inexpressible``, ``unsupported``, ``chance`` and ``notes``, and the
    counts of what was compared): read with defaults, so that a kit without them gives
    empty ones."""

    probed: tuple[tuple[str, int], ...] = ()
    inexpressible: tuple[str, ...] = ()
    unsupported: tuple[str, ...] = ()
    chance: str = ""
    notes: tuple[str, ...] = ()
    offered: int = 0
    unexpressed: int = 0
    hidden_chance: int = 0
    exercised: tuple[tuple[str, int], ...] = ()
    set_aside: tuple[tuple[str, int], ...] = ()
    waived: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, result: Any) -> Extras:
        """The extras of a :class:`~rulespec.testing.CheckResult` (or of anything)."""
        return cls(
            _pairs(getattr(result, "probed", None)),
            tuple(str(x) for x in getattr(result, "inexpressible", None) or ()),
            tuple(str(x) for x in getattr(result, "unsupported", None) or ()),
            str(getattr(result, "chance", None) or ""),
            tuple(str(x) for x in getattr(result, "notes", None) or ()),
            int(getattr(result, "offered", 0) or 0),
            int(getattr(result, "unexpressed", 0) or 0),
            int(getattr(result, "hidden_chance", 0) or 0),
            _pairs(getattr(result, "exercised", None)),
            _pairs(getattr(result, "set_aside", None)),
            _pairs(getattr(result, "waived", None)),
        )

    def __add__(self, other: Extras) -> Extras:
        return Extras(
            _added(self.probed, other.probed),
            tuple(dict.fromkeys((*self.inexpressible, *other.inexpressible)))[:20],
            tuple(dict.fromkeys((*self.unsupported, *other.unsupported))),
            self.chance or other.chance,
            tuple(dict.fromkeys((*self.notes, *other.notes))),
            self.offered + other.offered,
            self.unexpressed + other.unexpressed,
            self.hidden_chance + other.hidden_chance,
            _added(self.exercised, other.exercised),
            _added(self.set_aside, other.set_aside),
            _added(self.waived, other.waived),
        )

    @property
    def inconclusive(self) -> str | None:
        """Why the run cannot say the engine conforms (see
        :attr:`rulespec.testing.CheckResult.inconclusive`), or ``None``."""
        return CheckResult(
            1,
            0,
            0.0,
            offered=self.offered,
            unexpressed=self.unexpressed,
            hidden_chance=self.hidden_chance,
        ).inconclusive


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
    batch: Batch | None = None
    """What was played (its number, attempt, and the breaks set aside)."""

    @property
    def failed(self) -> bool:
        """Whether the batch found a break or broke the protocol."""
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
        self._set_aside: frozenset[str] = frozenset()
        self._next_look = 0.0
        self._last: tuple[Any, list[Any]] | None = None  # the last game: setup, applies
        self._current: tuple[Any, list[Any]] | None = None
        self._replaying = False
        super().__init__(command, game, timeout=timeout)

    def watch(
        self,
        number: int,
        deadline: float | None,
        stop: StopFile | None,
        set_aside: frozenset[str] = frozenset(),
    ) -> None:
        """From now on, cut the search (batch ``number``, setting ``set_aside`` aside) once
        ``time.time()`` passes ``deadline`` (``None``: never), or when ``stop`` says so;
        forget the games noted."""
        self.played, self.noting = [], True
        self._number, self._deadline, self._stop = number, deadline, stop
        self._set_aside = set_aside
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
            if self._stop.stops(self._number, self._set_aside):
                raise Cut("stopped: a lower batch found a break")
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
        try:
            # A version 2 engine's start may answer more than nothing.
            return cast(Any, super()).start(setup)  # type: ignore[no-any-return]
        except Unsupported:
            if self.noting:
                self.played.pop()  # not a game: the engine declines it
            raise

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
        """Apply a step (unless the batch is cut)."""
        self._note(action)
        answer: tuple[Any, ...] = super().apply(action)
        return answer

    def ask(self, queries: Sequence[Query]) -> Iterator[Any]:
        """A step's requests (a batch): its step noted as :meth:`apply` notes it."""
        if self.batching and len(queries) >= 2 and queries[0].op == "apply":
            self._note(queries[0].arg)
        return super().ask(queries)

    def played_game(self, steps: int) -> None:
        """Told by the kit, at the end of each game, how many steps it played."""
        if self.noting and self.played:
            self.played[-1][3] = steps


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
        seed=batch.search_seed,
        set_aside=batch.set_aside,
        waived=batch.waived,
        strict=False,
        fixed_options=dict(batch.fixed_options),
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
    engine.watch(batch.number, batch.deadline, batch.stop, batch.set_aside)
    timed = batch.deadline is not None

    def result(
        played: Sequence[tuple[str, float, int]], games: int | None = None, **fields: Any
    ) -> BatchResult:
        return BatchResult(
            batch.number,
            games=len(played) if games is None else games,
            steps=sum(n for _, _, n in played),
            played=tuple(played),
            started=started,
            seconds=time.perf_counter() - clock,
            batch=batch,
            **fields,
        )

    try:
        try:
            outcome = _check(engine, batch, _WITHOUT_SHRINKING if timed else None)
        except DivergenceError as exc:
            found = exc.divergence
            games = min(exc.games or 1, batch.size)
            played = engine.finish()[:games]
            if timed:  # the same seed again, to shrink what it finds first
                engine.watch(batch.number, None, batch.stop, batch.set_aside)
                engine.noting = False
                try:
                    _check(engine, batch, None)
                except DivergenceError as again:
                    found = again.divergence
            return result(
                played,
                games=games,
                divergence=found,
                found_after=exc.found_after,
                extras=Extras.of(exc.result),
            )
    except ProtocolError as exc:
        return result(engine.finish(), error=ProtocolFailure.of(exc))
    except Cut as exc:
        played = engine.finish(unfinished=True)[: batch.size]
        return result(played, cut=True, extras=Extras.of(exc.result))
    # Hypothesis may play a few games more than asked: the batch counts its size.
    return result(engine.finish()[: batch.size], extras=Extras.of(outcome))


def run_batch(batch: Batch) -> BatchResult:
    """Play ``batch`` with an engine process of its own, ended before returning: the
    work one worker does. Raises :class:`OSError` when the engine cannot be started."""
    if (batch.stop is not None and batch.stop.stops(batch.number, batch.set_aside)) or (
        batch.deadline is not None and time.time() >= batch.deadline
    ):
        return BatchResult(batch.number, started=time.time(), cut=True, batch=batch)
    try:
        engine = SearchEngine(batch.command, game_of(batch.game), timeout=batch.timeout)
    except ProtocolError as exc:
        return BatchResult(
            batch.number, started=time.time(), error=ProtocolFailure.of(exc), batch=batch
        )
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


def _following(
    planned: Sequence[Batch], batch: Batch, result: BatchResult, max_breaks: int | None
) -> Batch | None:
    """The batch to play after ``batch`` ended as ``result`` (``None``: the search is
    over). After a new break, the rest of the batch's games are played again with that
    break set aside, and so are the batches after it."""
    if result.error is not None or result.cut:
        return None
    aside = batch.set_aside
    if result.divergence is not None:
        aside = aside | {break_key(result.divergence)}
        breaks = len(aside - planned[0].set_aside)
        if max_breaks is not None and breaks >= max_breaks:
            return None
        left = batch.size - result.games
        if left > 0:
            return attrs.evolve(batch, size=left, attempt=batch.attempt + 1, set_aside=aside)
    later = [b for b in planned if b.number > batch.number]
    if not later or (later[0].deadline is not None and time.time() >= later[0].deadline):
        return None
    return attrs.evolve(later[0], set_aside=aside)


def search_here(
    engine: SearchEngine,
    planned: Sequence[Batch],
    progress: Progress | None = None,
    max_breaks: int | None = None,
) -> list[BatchResult]:
    """Play the batches one after the other through ``engine``, each break found set
    aside for the games after it, until the batches are played, ``max_breaks`` breaks
    are found, the engine breaks the protocol or the deadline passes."""
    results: list[BatchResult] = []
    batch = planned[0] if planned else None
    if batch is not None and batch.deadline is not None and time.time() >= batch.deadline:
        return results
    while batch is not None:
        results.append(play_batch(engine, batch))
        if progress is not None:
            progress(sum(r.games for r in results), sum(r.steps for r in results))
        batch = _following(planned, batch, results[-1], max_breaks)
    return results


def search_on(
    executor: Executor,
    planned: Sequence[Batch],
    workers: int,
    progress: Progress | None = None,
    max_breaks: int | None = None,
    run: Callable[[Batch], BatchResult] | None = None,
) -> list[BatchResult]:
    """Play the batches on ``executor``, ``workers`` at a time (each through ``run``, by
    default :func:`run_batch`), and return the same results as :func:`search_here` would.

    The next batches are played ahead, with the breaks known so far set aside; when a
    batch finds a new break, those played ahead without it are stopped (through the
    batches' :class:`StopFile`) and played again. What is reported therefore depends
    on the seed alone, not on the workers or their speed."""
    stop = planned[0].stop if planned else None
    results: list[BatchResult] = []
    done: dict[tuple[int, int, frozenset[str]], BatchResult] = {}
    pending: dict[Future[BatchResult], Batch] = {}
    current = planned[0] if planned else None
    if current is not None and current.deadline is not None and time.time() >= current.deadline:
        current = None

    def wanted() -> list[Batch]:
        """The current batch and those after it, as they would be played if no new
        break is found."""
        if current is None:
            return []
        ahead = [b for b in planned if b.number > current.number]
        return [current, *(attrs.evolve(b, set_aside=current.set_aside) for b in ahead)]

    broken: list[int] = []  # batches where the engine broke the protocol: none above

    def submit() -> None:
        running = {b.key for b in pending.values()}
        for batch in wanted():
            if len(pending) >= workers or (broken and batch.number > min(broken)):
                return
            if batch.key in running or batch.key in done:
                continue
            if batch.deadline is not None and time.time() >= batch.deadline:
                return
            pending[executor.submit(run or run_batch, batch)] = batch

    try:
        submit()
        while current is not None:
            if current.key not in done:
                if not pending:
                    break  # the deadline passed before the current batch could start
                finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
                for future in finished:
                    batch = pending.pop(future)
                    if not future.cancelled():
                        done[batch.key] = future.result()
                        if done[batch.key].error is not None:
                            broken.append(batch.number)
            while current is not None and current.key in done:
                result = attrs.evolve(done.pop(current.key), batch=current)
                results.append(result)
                following = _following(planned, current, result, max_breaks)
                if following is None or following.set_aside != current.set_aside:
                    if stop is not None and following is not None:
                        # What was played ahead without the new break is played again.
                        stop.stop_above(current.number, sorted(following.set_aside))
                    for future, batch in list(pending.items()):
                        if (
                            following is None or batch.set_aside != following.set_aside
                        ) and future.cancel():
                            del pending[future]
                current = following
            if progress is not None:
                progress(sum(r.games for r in results), sum(r.steps for r in results))
            submit()
    finally:
        for future in pending:
            future.cancel()
        if stop is not None:
            stop.stop_above(-1)
    return results


@attrs.define
class Family:
    """The games of one family (a number of players and an option set) in a run."""

    name: str
    games: int = 0
    steps: int = 0
    seconds: float = 0.0


@attrs.frozen
class Break:
    """One distinct break a search found: its smallest divergent game, and when."""

    divergence: Divergence
    found_after: float | None = None
    """Seconds from the run's start to its first divergent game."""
    found_games: int | None = None
    """Games played until its first divergent game, that one included."""
    other: Record | None = None

    @property
    def key(self) -> str:
        """The clause to blame (see :func:`~rulespec.testing.checking.break_key`)."""
        return break_key(self.divergence)


@attrs.frozen
class Outcome:
    """A whole search: the batches' results added up, the breaks it found, and the
    protocol failure that ended it, if any."""

    games: int
    steps: int
    families: tuple[Family, ...]
    """Every family played, in the order first played."""
    cut: bool
    """Whether the time ran out before every game was played."""
    extras: Extras
    breaks: tuple[Break, ...] = ()
    """Each distinct break, in the order found."""
    failed: BatchResult | None = None
    """The batch where the engine broke the protocol, if it did."""

    @property
    def verdict(self) -> str:
        """``"protocol-error"``, ``"diverges"``, ``"inconclusive"`` or ``"conforms"``."""
        if self.failed is not None:
            return "protocol-error"
        if self.breaks:
            return "diverges"
        if self.extras.inconclusive is not None:
            return "inconclusive"
        return "conforms"


def combine(results: Sequence[BatchResult], started: float) -> Outcome:
    """The search made of ``results`` (in the order played); ``started`` is when the run
    started (``time.time()``)."""
    families: dict[str, Family] = {}
    extras = Extras()
    breaks: list[Break] = []
    games = 0
    for result in results:
        extras += result.extras
        for name, seconds, steps in result.played[: result.games]:
            family = families.setdefault(name, Family(name))
            family.games += 1
            family.seconds += seconds
            family.steps += steps
        games += result.games
        if result.divergence is not None:
            found_after = None
            if result.found_after is not None:
                found_after = result.started + result.found_after - started
            breaks.append(
                Break(
                    result.divergence,
                    found_after,
                    games,
                    getattr(result.divergence, "other_record", None),
                )
            )
    failed = next((r for r in results if r.error is not None), None)
    return Outcome(
        games=games,
        steps=sum(f.steps for f in families.values()),
        families=tuple(families.values()),
        cut=any(r.cut for r in results),
        extras=extras,
        breaks=tuple(breaks),
        failed=failed,
    )


def conform(
    engine: Sequence[str] | SearchEngine,
    game: str | Game[Any, Any, Any, Any],
    *,
    examples: int = 100,
    seed: int = 0,
    players: int | None = None,
    options: Any = None,
    seconds: float | None = None,
    workers: int = 1,
    executor: Executor | None = None,
    max_steps: int = 1000,
    timeout: float = 10.0,
    shrink_steps: int | None = 20_000,
    shrink_seconds: float | None = None,
    max_breaks: int | None = None,
    waived: Iterable[str] = (),
    fixed_options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> Outcome:
    """Search ``examples`` games of ``game`` for the breaks of an engine, as ``rulespec
    conform`` does, and return what was found.

    ``engine`` is the command that starts the engine (each worker starts its own), or a
    :class:`SearchEngine` already started, which the search plays through and leaves
    open (one worker only). Each break found is set aside and the search goes on, until
    the games are played, ``max_breaks`` distinct breaks are found, ``seconds`` have
    passed or the engine breaks the protocol. The same ``seed`` plays the same games and
    gives the same :class:`Outcome` whatever ``workers`` (``> 1``: a pool of that many
    fresh processes, or ``executor`` if given, which is left running).

    ``players`` and ``options`` (the game's options object) fix the setup, else the
    kit varies them; ``waived`` names clauses whose divergences are counted, not
    reported; ``fixed_options`` (JSON) are played in every game (the readings chosen);
    ``progress`` is told the games and steps played after each batch. Raises
    :class:`OSError` when the engine cannot be started and
    :class:`~rulespec.testing.wire.ProtocolError` when its greeting is wrong.

    >>> import sys
    >>> outcome = conform([sys.executable, "-m", "rulespec.testing.serve"], "duo",
    ...                   examples=3, seed=1, max_steps=40)
    >>> outcome.verdict, outcome.games
    ('conforms', 3)
    """
    if examples < 1 or workers < 1:
        raise ValueError(f"examples and workers must be at least 1, not {examples} and {workers}")
    started = time.time()
    if isinstance(engine, SearchEngine):
        open_engine, command = engine, engine.command
    else:
        open_engine, command = None, tuple(engine)
    template = Batch(
        command,
        game_of(game).id,
        number=0,
        size=0,
        seed=seed,
        players=players,
        options=options,
        max_steps=max_steps,
        timeout=timeout,
        shrink_seconds=shrink_seconds,
        shrink_steps=shrink_steps,
        deadline=None if seconds is None else started + seconds,
        waived=frozenset(waived),
        fixed_options=tuple(sorted((fixed_options or {}).items())),
    )
    planned = batches(examples, template)
    if workers == 1 and executor is None:
        here = open_engine or SearchEngine(template.command, template.game, timeout=timeout)
        try:
            return combine(search_here(here, planned, progress, max_breaks), started)
        finally:
            if open_engine is None:
                here.close()
    if open_engine is not None:
        raise ValueError("a search on workers starts engines of its own: give the command")
    pool = executor
    if pool is None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # "spawn": workers start clean, whatever threads this process runs.
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    with stop_file() as stop:
        try:
            planned = [attrs.evolve(b, stop=stop) for b in planned]
            results = search_on(pool, planned, workers, progress, max_breaks)
        finally:
            if executor is None:
                pool.shutdown(wait=True, cancel_futures=True)
    return combine(results, started)


def replay_batch(engine: SearchEngine, record: Record) -> BatchResult:
    """Replay ``record`` through ``engine`` (``--replay``): a batch of one game, whose
    steps are those of the record replayed (up to a divergence, or to an illegal step
    the engine refuses too)."""
    from rulespec.testing.replay import check_record

    started, clock = time.time(), time.perf_counter()
    engine.watch(0, None, None)

    def result(steps: int, **fields: Any) -> BatchResult:
        played = engine.finish()
        if played:
            family, seconds, _ = played[0]
            played = [(family, seconds, steps)]
        return BatchResult(
            0,
            games=1,
            steps=steps,
            started=started,
            seconds=time.perf_counter() - clock,
            played=tuple(played[:1]),
            **fields,
        )

    try:
        checked = check_record(engine, record)
    except DivergenceError as exc:
        divergence = exc.divergence
        return result(divergence.step, divergence=divergence)
    except ProtocolError as exc:
        return result(
            len(exc.record.steps) if exc.record is not None else 0, error=ProtocolFailure.of(exc)
        )
    return result(checked.steps, extras=Extras.of(checked))
