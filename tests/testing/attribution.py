"""How often the kit names a mutant's clause first when the engine gives no state.

Every mutant of the three independent engines is checked through a black-box
adapter (``start``, ``apply``, ``legal_actions``, ``to_move``, ``scores``,
``winners`` and ``is_over``: no state, no view) on derandomised games, and
the first clause of the report is compared with the clause the mutant
breaks. Run it from the repository's root::

    uv run --frozen python -m tests.testing.attribution [games] [shrink seconds] [game ...]

The deep profile's test (``test_attribution.py``) asserts the rates.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
from hypothesis import settings

from rulespec.testing import Adapter, DivergenceError, Setup, check
from tests.testing import foreign_duck_cover
from tests.testing.canardage import foreign_canardage
from tests.testing.duo import foreign_duo

BLACK_BOX = ("legal_actions", "to_move", "scores", "winners", "is_over")
"""What a black-box adapter answers besides ``start`` and ``apply``."""


class BlackBox(Adapter):
    """An adapter that hides its engine's state and views: only the black-box answers."""

    def __init__(self, inner: Adapter) -> None:
        self.inner = inner

    def start(self, setup: Setup) -> None:
        self.inner.start(setup)

    def apply(self, action: Any) -> None:
        self.inner.apply(action)

    def legal_actions(self, player: int) -> Iterable[Any]:
        return self.inner.legal_actions(player)

    def to_move(self) -> Iterable[int]:
        return self.inner.to_move()

    def scores(self) -> Sequence[int]:
        return self.inner.scores()

    def winners(self) -> Iterable[int]:
        return self.inner.winners()

    def is_over(self) -> bool:
        return self.inner.is_over()


Engines = tuple[Sequence[type[Any]], Callable[[type[Any]], Adapter]]

ENGINES: dict[str, Engines] = {
    "duck-and-cover": (foreign_duck_cover.MUTANTS, foreign_duck_cover.ForeignAdapter),
    "duo": (foreign_duo.MUTANTS, foreign_duo.ForeignDuoAdapter),
    "canardage": (foreign_canardage.MUTANTS, foreign_canardage.ForeignAdapter),
}


@attrs.frozen
class Outcome:
    """One mutant's result: the clauses the report named, in order (empty: not caught)."""

    game: str
    mutant: str
    breaks: str
    clauses: tuple[str, ...]
    kind: str
    seconds: float

    @property
    def first(self) -> bool:
        return bool(self.clauses) and self.clauses[0] == self.breaks


def attribute(
    game: str, mutant: type[Any], *, games: int = 100, shrink_seconds: float = 10.0
) -> Outcome:
    """Check ``mutant`` of ``game``'s independent engine through a black box."""
    _, adapter = ENGINES[game]
    search = settings(max_examples=games, derandomize=True, database=None)
    start = time.perf_counter()
    try:
        check(BlackBox(adapter(mutant)), game, settings=search, shrink_seconds=shrink_seconds)
    except DivergenceError as exc:
        found = exc.divergence
        clauses, kind = found.clauses, found.kind
    else:
        clauses, kind = (), "none"
    seconds = time.perf_counter() - start
    return Outcome(game, mutant.__name__, mutant.BREAKS, clauses, kind, seconds)


def measure(game: str, *, games: int = 100, shrink_seconds: float = 10.0) -> list[Outcome]:
    """Every mutant of ``game``'s independent engine."""
    mutants, _ = ENGINES[game]
    return [attribute(game, m, games=games, shrink_seconds=shrink_seconds) for m in mutants]


def main(argv: Sequence[str]) -> None:
    games = int(argv[0]) if argv else 100
    shrink = float(argv[1]) if len(argv) > 1 else 10.0
    chosen = list(argv[2:]) or list(ENGINES)
    for game in chosen:
        outcomes = []
        for m in ENGINES[game][0]:
            o = attribute(game, m, games=games, shrink_seconds=shrink)
            outcomes.append(o)
            mark = "first" if o.first else ("named" if o.breaks in o.clauses else "MISSED")
            print(
                f"{game:15} {o.mutant:32} {mark:6} {o.kind:16} {o.seconds:6.1f}s "
                f"{o.breaks} <- {', '.join(o.clauses[:4])}",
                flush=True,
            )
        rate = sum(o.first for o in outcomes) / len(outcomes)
        print(f"{game}: first for {sum(o.first for o in outcomes)}/{len(outcomes)} = {rate:.0%}")


if __name__ == "__main__":
    main(sys.argv[1:])
