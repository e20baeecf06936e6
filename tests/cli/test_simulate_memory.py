"""``simulate`` keeps one result per game and nothing more: results share their event
names and counts, in one process or many, and a long run grows by its results alone."""

from __future__ import annotations

import gc
import os
import pickle
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

import rulespec
from rulespec.tools.simulation import GameResult, simulate

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")


class _Pickling(Executor):
    """Runs each task at once and hands back its result as another process would: pickled
    and read back."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(pickle.loads(pickle.dumps(fn(*args, **kwargs))))
        return future


def _copies(results: list[GameResult]) -> tuple[int, int, int, int]:
    """How many event names and (name, count) pairs the results hold, each counted by
    value and by object."""
    pairs = [pair for r in results for pair in r.events]
    names = [name for name, _ in pairs]
    return len(set(names)), len({id(n) for n in names}), len(set(pairs)), len(set(map(id, pairs)))


@pytest.mark.parametrize("where", ["here", "elsewhere"])
@pytest.mark.parametrize("game_id", ["canardage", "duck-and-cover", "duo"])
def test_results_share_one_copy_of_each_event_count(game_id: str, where: str) -> None:
    g = rulespec.game(game_id)
    executor = _Pickling() if where == "elsewhere" else None
    results = list(simulate(g, 3, 8, seed=2, executor=executor, chunk_size=2, timing=True))
    names, name_objects, pairs, pair_objects = _copies(results)
    assert names > 3 and pairs > names
    assert (name_objects, pair_objects) == (names, pairs)


def _held(item: Any) -> int:
    """The bytes that ``item`` takes: its size, rounded up to the 16 bytes that Python's
    small-object allocator hands out at a time."""
    return -(-sys.getsizeof(item) // 16) * 16


def _deep_size(roots: list[GameResult]) -> int:
    """The bytes of ``roots`` and of every object they reach, each counted once."""
    seen: set[int] = set()
    stack: list[Any] = list(roots)
    total = sys.getsizeof(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += _held(item)
        if isinstance(item, GameResult):
            stack.extend((item.seed, item.scores, item.winners, item.events, item.timing))
        elif isinstance(item, tuple):
            stack.extend(item)
    return total


def _resident() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(PROFILE != "deep", reason="a ten-minute soak: RULESPEC_PROFILE=deep")
@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads /proc (Linux)")
def test_a_ten_minute_simulation_grows_by_its_results_alone() -> None:
    """As ``rulespec simulate`` does in its one process: play, keep every result."""
    g = rulespec.game("canardage")
    played = simulate(g, 4, 10**9, seed=5, timing=True)
    results = [next(played) for _ in range(200)]  # warmed up: the rules' tables are made
    gc.collect()
    rss, kept = _resident(), _deep_size(results)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        results.extend(next(played) for _ in range(50))
    played.close()
    gc.collect()
    grown = _resident() - rss
    results_grown = _deep_size(results) - kept
    assert grown - results_grown <= 5 * 1024 * 1024, (len(results), grown, results_grown)
    # What a result holds of its own: its seed, scores, winners, timing, and its events'
    # tuple (their names and pairs are shared), about a kilobyte, not three.
    assert results_grown / (len(results) - 200) < 1500
