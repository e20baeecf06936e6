"""``rulespec.tools.simulation``: the same results on any executor, in game order; statistics."""

from __future__ import annotations

import multiprocessing
import pickle
import statistics
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

import rulespec
from rulespec.core.invariants import Violation
from rulespec.tools.simulation import (
    GameResult,
    InvariantBroken,
    Spread,
    play,
    simulate,
    summarize,
)

DC = rulespec.game("duck-and-cover")


class _Inline(Executor):
    """Runs each task when it is submitted, noting the games each chunk covers."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls.append((args[3], args[4]))
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@pytest.fixture(scope="module")
def alone() -> list[GameResult]:
    return list(simulate(DC, 2, 7, seed=9))


@pytest.mark.heavy
def test_a_process_pool_gives_the_results_of_one_process_in_game_order(
    alone: list[GameResult],
) -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        pooled = list(simulate(DC, 2, 7, seed=9, executor=pool, chunk_size=3))
    assert pooled == alone
    assert [r.seed for r in pooled] == [f"9-{i}" for i in range(7)]


@pytest.mark.parametrize(("chunk", "in_flight"), [(1, 1), (2, 3), (7, 64), (50, 2)])
def test_any_chunking_gives_the_same_results(
    alone: list[GameResult], chunk: int, in_flight: int
) -> None:
    executor = _Inline()
    got = list(simulate(DC, 2, 7, seed=9, executor=executor, chunk_size=chunk, in_flight=in_flight))
    assert got == alone
    # The chunks cover games 0..6 once each, in order.
    covered = [i for first, stop in executor.calls for i in range(first, stop)]
    assert covered == list(range(7))
    assert all(stop - first <= chunk for first, stop in executor.calls)


def test_threads_give_the_same_results_and_records_that_replay(alone: list[GameResult]) -> None:
    with ThreadPoolExecutor(2) as pool:
        got = list(simulate(DC, 2, 7, seed=9, executor=pool, chunk_size=2, record=True))
    assert got == alone
    for result in got:
        assert result.record is not None
        final = result.record.replay()
        assert DC.scores(final) == result.scores
        assert len(result.record.steps) == result.steps


def test_a_game_is_the_same_played_alone(alone: list[GameResult]) -> None:
    assert play(DC, 2, "9-4") == alone[4]


def test_a_broken_invariant_crosses_a_process_boundary_intact() -> None:
    error = InvariantBroken("3-1", 17, [Violation("cards-conserved", ("dc.setup.grid",), "lost")])
    again = pickle.loads(pickle.dumps(error))
    assert (again.seed, again.step, again.violations) == ("3-1", 17, error.violations)
    assert str(again) == str(error)


def test_results_pickle_with_their_records() -> None:
    result = play(DC, 2, "x", record=True)
    again = pickle.loads(pickle.dumps(result))
    assert again == result
    assert again.record == result.record


@pytest.mark.parametrize("values", [[5], [3, 1], [4, 1, 3, 2], list(range(10, 0, -3)) * 3])
def test_spread_has_the_inclusive_quartiles(values: list[int]) -> None:
    spread = Spread.of(values)
    assert (spread.min, spread.max) == (min(values), max(values))
    assert spread.mean == pytest.approx(statistics.mean(values))
    assert spread.median == pytest.approx(statistics.median(values))
    if len(values) > 1:
        q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
        assert (spread.q1, spread.q3) == pytest.approx((q1, q3))


def test_summarize_counts_seats_ends_and_lengths_of_given_games() -> None:
    results = [
        GameResult("s-0", (3, 5, 3), (0, 2), 10, (("round:a", 2), ("turn", 4))),
        GameResult("s-1", (1, 9, 4), (0,), 20, (("round:b", 1), ("turn", 6))),
        GameResult("s-2", (7, 2, 8), (1,), 30, (("match:cap", 1), ("round:a", 3), ("turn", 8))),
        GameResult("s-3", (4, 4, 0), (2,), 40, (("round:a", 1), ("turn", 2))),
    ]
    stats = summarize(results)
    assert stats.games == 4
    assert [(s.seat, s.mean_score, s.wins, s.shared_wins) for s in stats.seats] == [
        (0, 15 / 4, 1, 1),
        (1, 20 / 4, 1, 0),
        (2, 15 / 4, 1, 1),
    ]
    assert stats.ends == {"match:cap": 1, "round:a": 6, "round:b": 1}
    assert (stats.steps.min, stats.steps.median, stats.steps.max) == (10, 25.0, 40)
    assert stats.turns is not None and stats.turns.mean == 5.0
    assert stats.rounds is not None and (stats.rounds.min, stats.rounds.max) == (1, 3)
    with pytest.raises(ValueError):
        summarize([])
