"""Play many games with a policy, checking the invariants at every step.

:func:`simulate` plays in this process, or on any
:class:`concurrent.futures.Executor` (a process pool, a Dask or Ray
cluster's executor): the games are sent in chunks of seeds and the results
come back in game order, so they are the same whatever the executor.
:func:`summarize` turns results into statistics.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections import Counter, deque
from collections.abc import Generator, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.declaration import length_cap
from rulespec.core.game import Game, Policy, random_policy
from rulespec.core.invariants import Violation
from rulespec.core.record import Record

__all__ = [
    "END_PREFIXES",
    "DecisionTime",
    "GameResult",
    "InvariantBroken",
    "Policy",
    "SeatPolicies",
    "SeatStatistics",
    "Spread",
    "Statistics",
    "WinShare",
    "decision_times",
    "play",
    "play_chunk",
    "player_count",
    "policy_named",
    "random_policy",
    "seat_policies",
    "shared_events",
    "simulate",
    "summarize",
    "wilson",
    "win_shares",
]


@attrs.frozen
class SeatPolicies:
    """A policy for each seat: ``policies[p]`` chooses player ``p``'s actions.

    Picklable when every policy is, so it plays on worker processes too.

    >>> import rulespec
    >>> from rulespec.duo.policies import greedy_policy
    >>> duo = rulespec.game("duo")
    >>> mixed = SeatPolicies((greedy_policy, random_policy))
    >>> result = play(duo, 2, "5", policy=mixed)
    >>> len(result.scores)
    2
    """

    policies: tuple[Policy, ...]

    def __call__(
        self, g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random
    ) -> Any:
        """What the policy of ``player``'s seat chooses."""
        return self.policies[player](g, state, player, rng)


def player_count(g: Game[Any, Any, Any, Any], players: int | None) -> int:
    """``players``, or 4 (within the game's range) when it is ``None``; ``ValueError``
    when the game is not for that many.

    >>> import rulespec
    >>> player_count(rulespec.game("duo"), None), player_count(rulespec.game("duck-and-cover"), 7)
    (4, 7)
    """
    n = min(max(4, g.min_players), g.max_players) if players is None else players
    if not g.min_players <= n <= g.max_players:
        raise ValueError(f"{g.name} is for {g.min_players} to {g.max_players} players, not {n}")
    return n


def policy_named(g: Game[Any, Any, Any, Any], name: str | None) -> tuple[str, Policy]:
    """The policy ``name`` of ``g`` (its default when ``None``), or the search bot
    (``search``, ``search:PLAYOUTS``), with its name; ``ValueError`` for an unknown one.

    >>> import rulespec
    >>> policy_named(rulespec.game("duo"), "search:30")[0]
    'search:30'
    """
    from rulespec.tools import search

    chosen = g.default_policy if name is None else name
    try:
        searcher = search.parse(chosen)
    except ValueError as exc:
        raise ValueError(f"--policy {exc}") from None
    if searcher is not None:
        return searcher.name, searcher
    policies = g.policies()
    if chosen not in policies:
        known = ", ".join([*sorted(policies), search.NAME + "[:PLAYOUTS]"])
        raise ValueError(f"{g.id} has no policy {chosen!r} (known: {known})")
    return chosen, policies[chosen]


def seat_policies(
    g: Game[Any, Any, Any, Any], spec: str | None, players: int
) -> tuple[str, Policy, tuple[str, ...]]:
    """One policy for every seat, or one per seat joined by commas (``spec``); returns the
    label, the policy and each seat's policy name; ``ValueError`` for a bad ``spec``.

    >>> import rulespec
    >>> label, _, names = seat_policies(rulespec.game("duo"), "search:9, greedy", 2)
    >>> label, names
    ('search:9,greedy', ('search:9', 'greedy'))
    """
    if spec is None or "," not in spec:
        name, policy = policy_named(g, spec)
        return name, policy, (name,) * players
    chosen = [policy_named(g, item.strip()) for item in spec.split(",")]
    if len(chosen) != players:
        raise ValueError(
            f"--policy {spec!r} names {len(chosen)} policies for {players} players: "
            "give one for every seat, or one per seat"
        )
    names = tuple(name for name, _ in chosen)
    return ",".join(names), SeatPolicies(tuple(p for _, p in chosen)), names


class InvariantBroken(AssertionError):
    """A step of a simulated game broke an invariant: the game's seed says how to replay it."""

    def __init__(self, seed: str, step: int, violations: Sequence[Violation]) -> None:
        detail = "; ".join(str(v) for v in violations)
        super().__init__(f"game seed {seed!r}, step {step}: {detail}")
        self.seed = seed
        self.step = step
        self.violations = tuple(violations)

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a worker process, it crosses back to the caller intact.
        return (type(self), (self.seed, self.step, self.violations))


@attrs.frozen
class GameResult:
    """One simulated game: its seed, final scores, winners, steps and events."""

    seed: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    steps: int
    events: tuple[tuple[str, int], ...]
    """Counts of the game's events (e.g. ``("round:single-pile", 2)``)."""
    record: Record | None = attrs.field(default=None, eq=False, repr=False)
    """The whole game, when it was asked for (``record=True``)."""
    truncated: bool = False
    """Whether the game was cut at its length cap
    (:func:`~rulespec.core.declaration.length_cap`) before the rules ended it: it
    then has no winner, and counts once in the ``cut:length-cap`` event."""
    timing: tuple[tuple[int, float], ...] = attrs.field(default=(), eq=False, repr=False)
    """Per seat, the decisions its policy made and the CPU seconds they took, when
    asked for (``timing=True``); not part of equality: times vary from run to run."""


def play(
    g: Game[Any, Any, Any, Any],
    players: int,
    seed: str,
    *,
    policy: Policy = random_policy,
    options: Any = None,
    check: bool = True,
    record: bool = False,
    timing: bool = False,
) -> GameResult:
    """Play one game from ``random.Random(seed)``; raise :class:`InvariantBroken` on a
    broken invariant when ``check``; keep the game's :class:`Record` when ``record``;
    time each seat's decisions (CPU time, :attr:`GameResult.timing`) when ``timing``.
    Whatever the options, a game still going after its length cap of player actions
    (:func:`~rulespec.core.declaration.length_cap`) stops there, at the start of a
    turn (:attr:`GameResult.truncated`).

    >>> import rulespec
    >>> result = play(rulespec.game("canardage"), 3, "7", timing=True)
    >>> [n > 0 and seconds > 0 for n, seconds in result.timing]
    [True, True, True]
    """
    rng = random.Random(seed)
    state = g.new_game(players, options)
    events: Counter[str] = Counter()
    taken: list[Any] = []
    steps = 0
    cap = length_cap(g, players, state.options)
    whole_turns = g.declaration.simultaneous  # cut only where a turn starts
    acted = 0
    truncated = False
    decisions = [0] * players if timing else []
    spent = [0.0] * players if timing else []
    clock = time.process_time
    while not g.is_over(state):
        actors = g.to_move(state)
        actor = actors[0]
        if actor == CHANCE:
            action = g.sample_chance(state, rng)
        else:
            if acted >= cap and (not whole_turns or len(actors) == players):
                truncated = True
                events["cut:length-cap"] += 1
                break
            acted += 1
            if timing:
                start = clock()
                action = policy(g, state, actor, rng)
                spent[actor] += clock() - start
                decisions[actor] += 1
            else:
                action = policy(g, state, actor, rng)
        after = g.apply(state, action)
        steps += 1
        if check:
            found = g.violations(after) + g.step_violations(state, action, after)
            if found:
                raise InvariantBroken(seed, steps, found)
        events.update(g.events(state, action, after))
        if record:
            taken.append(action)
        state = after
    kept = None
    if record:
        used = g.default_options() if options is None else options
        kept = Record(g.id, players, used, tuple(taken), truncated=truncated)
    return GameResult(
        seed,
        g.scores(state),
        g.winners(state),
        steps,
        shared_events(events.items()),
        kept,
        truncated,
        tuple(zip(decisions, spent, strict=True)),
    )


_COUNTS: dict[tuple[str, int], tuple[str, int]] = {}
"""One copy of each (event, count) pair that results hold: as many as the events a game
reports times the counts they reach, a few thousand."""


def shared_events(counts: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    """Event counts as :attr:`GameResult.events` holds them: sorted by name, each name
    interned and each (name, count) pair made once, so that the results of many games
    share them (a program that keeps thousands of results, as ``rulespec simulate``
    does, would otherwise hold a new copy of ``("play:pan", 3)`` for every game).

    >>> one = shared_events([("play:" + "pan", 3), ("turn", 9)])
    >>> two = shared_events([("play:pa" + "n", 3)])
    >>> one[0] is two[0], one[0][0] is two[0][0]
    (True, True)
    """
    pairs = []
    for name, n in counts:
        pair = (sys.intern(name), n)
        pairs.append(_COUNTS.setdefault(pair, pair))
    pairs.sort()
    return tuple(pairs)


def _shared(results: list[GameResult]) -> list[GameResult]:
    """Results that came back from another process, their event names shared again
    (unpickled names are new copies)."""
    return [attrs.evolve(r, events=shared_events(r.events)) for r in results]


def play_chunk(
    g: Game[Any, Any, Any, Any],
    players: int,
    seed: int,
    first: int,
    stop: int,
    policy: Policy = random_policy,
    options: Any = None,
    check: bool = True,
    record: bool = False,
    timing: bool = False,
) -> list[GameResult]:
    """Games ``first`` to ``stop - 1`` of a simulation: the work one task does."""
    return [
        play(
            g,
            players,
            f"{seed}-{i}",
            policy=policy,
            options=options,
            check=check,
            record=record,
            timing=timing,
        )
        for i in range(first, stop)
    ]


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for first in range(0, games, size):
        yield first, min(first + size, games)


def simulate(
    g: Game[Any, Any, Any, Any],
    players: int,
    games: int,
    *,
    seed: int = 0,
    policy: Policy = random_policy,
    options: Any = None,
    check: bool = True,
    record: bool = False,
    executor: Executor | None = None,
    chunk_size: int | None = None,
    in_flight: int = 64,
    timing: bool = False,
) -> Generator[GameResult, None, None]:
    """Play ``games`` games; game ``i`` uses the seed ``f"{seed}-{i}"``, so any game
    can be replayed alone, and the results are the same however they are computed.

    With an ``executor`` (any :class:`concurrent.futures.Executor`, such as a
    ``ProcessPoolExecutor`` or a Dask ``client.get_executor()``), chunks of
    ``chunk_size`` games run as tasks, at most ``in_flight`` at a time, and
    the results are yielded in game order. The game, the policy and the
    options must then be picklable. ``timing`` times each seat's decisions
    (:attr:`GameResult.timing`; see :func:`decision_times`).

    >>> import rulespec
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> dc = rulespec.game("duck-and-cover")
    >>> here = list(simulate(dc, 2, 2, seed=1))
    >>> with ThreadPoolExecutor(2) as pool:
    ...     there = list(simulate(dc, 2, 2, seed=1, executor=pool, chunk_size=1))
    >>> here == there, [r.seed for r in there]
    (True, ['1-0', '1-1'])
    """
    if executor is None:
        for i in range(games):
            yield play(
                g,
                players,
                f"{seed}-{i}",
                policy=policy,
                options=options,
                check=check,
                record=record,
                timing=timing,
            )
        return
    size = chunk_size or max(1, min(32, games // 64))
    if size < 1 or in_flight < 1:
        raise ValueError("chunk_size and in_flight must be at least 1")
    pending: deque[Future[list[GameResult]]] = deque()
    chunks = _chunks(games, size)
    try:
        for first, stop in chunks:
            pending.append(
                executor.submit(
                    play_chunk,
                    g,
                    players,
                    seed,
                    first,
                    stop,
                    policy,
                    options,
                    check,
                    record,
                    timing,
                )
            )
            if len(pending) >= in_flight:
                yield from _shared(pending.popleft().result())
        while pending:
            yield from _shared(pending.popleft().result())
    finally:
        for future in pending:
            future.cancel()


# -- statistics -----------------------------------------------------------------

END_PREFIXES = ("round:", "match:", "end:")
"""Events that say how a round or a game ended."""


@attrs.frozen
class Spread:
    """A distribution: minimum, quartiles, maximum and mean."""

    min: float
    q1: float
    median: float
    q3: float
    max: float
    mean: float

    @classmethod
    def of(cls, values: Iterable[int]) -> Spread:
        """The spread of ``values`` (quartiles by linear interpolation).

        >>> Spread.of([1, 2, 3, 4, 5])
        Spread(min=1, q1=2.0, median=3.0, q3=4.0, max=5, mean=3.0)
        """
        data = sorted(values)
        if not data:
            raise ValueError("no values")

        def quantile(p: float) -> float:
            at = p * (len(data) - 1)
            low = int(at)
            high = min(low + 1, len(data) - 1)
            return data[low] + (data[high] - data[low]) * (at - low)

        return cls(
            data[0],
            quantile(0.25),
            quantile(0.5),
            quantile(0.75),
            data[-1],
            sum(data) / len(data),
        )


@attrs.frozen
class SeatStatistics:
    """One seat over many games."""

    seat: int
    mean_score: float
    wins: int
    """Games this seat won alone."""
    shared_wins: int
    """Games this seat won with others."""


@attrs.frozen
class Statistics:
    """What many games of one setting show.

    >>> import rulespec
    >>> stats = summarize(list(simulate(rulespec.game("duck-and-cover"), 2, 3)))
    >>> stats.games, len(stats.seats), sum(stats.ends.values()) >= 9  # three rounds a game
    (3, 2, True)
    """

    games: int
    seats: tuple[SeatStatistics, ...]
    ends: dict[str, int]
    """How rounds or games ended: counts of the ``round:``, ``match:`` and ``end:`` events."""
    events: dict[str, int]
    """Every event, counted over all games."""
    steps: Spread
    """Steps per game (chance steps included)."""
    turns: Spread | None
    """Turns per game, for a game that reports ``turn`` events."""
    rounds: Spread | None
    """Rounds per game, for a game that reports ``round:`` events."""


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for the default ``z``).

    ``successes`` may be fractional (shared wins count a share).

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    >>> wilson(0, 5)[0], wilson(5, 5)[1]
    (0.0, 1.0)
    """
    if trials < 1:
        raise ValueError("no trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class WinShare:
    """One seat's share of the victories, with its 95 % Wilson interval."""

    seat: int
    share: float
    """Games won alone, plus ``1/k`` of each victory shared by ``k`` players, over the
    games played."""
    low: float
    high: float


@attrs.frozen
class DecisionTime:
    """One seat's policy over many games: how many decisions, and their CPU time."""

    seat: int
    decisions: int
    seconds: float

    @property
    def per_decision(self) -> float | None:
        """Mean CPU seconds a decision (``None`` for a seat that never chose)."""
        return self.seconds / self.decisions if self.decisions else None


def decision_times(results: Sequence[GameResult]) -> tuple[DecisionTime, ...]:
    """Each seat's :class:`DecisionTime` over ``results`` played with ``timing=True``
    (empty when they were not timed). Chance steps and the rules' own work are not
    counted: only the time spent in the policy choosing an action.

    >>> import rulespec
    >>> timed = list(simulate(rulespec.game("canardage"), 3, 2, timing=True))
    >>> [(t.seat, t.decisions > 0, t.per_decision > 0) for t in decision_times(timed)]
    [(0, True, True), (1, True, True), (2, True, True)]
    """
    if not results or not results[0].timing:
        return ()
    seats = len(results[0].timing)
    return tuple(
        DecisionTime(
            seat,
            sum(r.timing[seat][0] for r in results),
            sum(r.timing[seat][1] for r in results),
        )
        for seat in range(seats)
    )


def win_shares(results: Sequence[GameResult]) -> tuple[WinShare, ...]:
    """Each seat's :class:`WinShare` over ``results`` (at least one game).

    >>> r = [GameResult("0", (1, 0), (0,), 9, ()), GameResult("1", (1, 1), (0, 1), 9, ())]
    >>> [(s.seat, s.share) for s in win_shares(r)]
    [(0, 0.75), (1, 0.25)]
    """
    if not results:
        raise ValueError("no games to summarize")
    n = len(results)
    shares = []
    for seat in range(len(results[0].scores)):
        won = sum(1 / len(r.winners) for r in results if seat in r.winners)
        shares.append(WinShare(seat, won / n, *wilson(won, n)))
    return tuple(shares)


def summarize(results: Sequence[GameResult]) -> Statistics:
    """Statistics of ``results`` (at least one game, all with the same players)."""
    if not results:
        raise ValueError("no games to summarize")
    n = len(results)
    players = len(results[0].scores)
    seats = tuple(
        SeatStatistics(
            seat,
            sum(r.scores[seat] for r in results) / n,
            sum(1 for r in results if r.winners == (seat,)),
            sum(1 for r in results if seat in r.winners and len(r.winners) > 1),
        )
        for seat in range(players)
    )
    events: Counter[str] = Counter()
    for r in results:
        events.update(dict(r.events))
    ends = {k: events[k] for k in sorted(events) if k.startswith(END_PREFIXES)}
    per_game = [dict(r.events) for r in results]
    turns = Spread.of(e.get("turn", 0) for e in per_game) if events["turn"] else None
    has_rounds = any(k.startswith("round:") for k in events)
    rounds = (
        Spread.of(sum(v for k, v in e.items() if k.startswith("round:")) for e in per_game)
        if has_rounds
        else None
    )
    return Statistics(
        n,
        seats,
        ends,
        dict(sorted(events.items())),
        Spread.of(r.steps for r in results),
        turns,
        rounds,
    )
