"""What a divergence report says, for each kind of divergence."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.duck_cover import Cover, Deal, Duck
from rulespec.testing import (
    Adapter,
    DivergenceError,
    ReferenceAdapter,
    Refused,
    Setup,
    capabilities,
    check,
    check_record,
)
from tests.profiles import scaled
from tests.testing.foreign_duck_cover import AllQuackToCaptainPile, ForeignAdapter
from tests.testing.suites import answering

QUICK = settings(max_examples=200, derandomize=True, database=None)
SHRINK_STEPS = scaled(500, 5_000)
"""Steps replayed while shrinking a divergence: a few hundred under dev (the checks below
hold for any game found, shrunk or not)."""


def _diverge(adapter: Any, **kwargs: Any) -> DivergenceError:
    with pytest.raises(DivergenceError) as info:
        check(adapter, "duck-and-cover", settings=QUICK, shrink_steps=SHRINK_STEPS, **kwargs)
    return info.value


class RefusesDucks(ReferenceAdapter):
    def apply(self, action: Any) -> None:
        if isinstance(action, Duck):
            raise Refused("ducks are not implemented")
        super().apply(action)


@pytest.fixture(scope="module")
def refused_ducks() -> DivergenceError:
    """The report on an engine that refuses every duck move (searched for once)."""
    return _diverge(RefusesDucks())


class AcceptsEverything(ReferenceAdapter):
    def apply(self, action: Any) -> None:
        with contextlib.suppress(rulespec.IllegalAction):
            super().apply(action)


class CrashesOnLegalActions(ReferenceAdapter):
    def legal_actions(self, player: int) -> list[Any]:
        raise KeyError(player)


@pytest.mark.clause("dc.move.duck")
def test_a_refused_legal_action_cites_the_clause_that_allows_it(
    refused_ducks: DivergenceError,
) -> None:
    found = refused_ducks.divergence
    assert found.kind == "refused-legal"
    assert "dc.move.duck" in found.clauses
    assert found.actual.startswith("refuses it: ducks are not implemented")
    # The record ends with the refused step, which rulespec accepts.
    assert isinstance(found.record.steps[-1], Duck)
    assert found.step == len(found.record.steps) - 1
    found.record.replay()


def test_an_accepted_illegal_action_cites_rulespecs_refusal() -> None:
    found = _diverge(AcceptsEverything()).divergence
    assert found.kind == "accepted-illegal"
    state = found.record.replay()
    action = rulespec.game("duck-and-cover").decode_action(found.action)
    with pytest.raises(rulespec.IllegalAction) as refusal:
        rulespec.game("duck-and-cover").apply(state, action)
    assert found.clauses[0] == refusal.value.clause
    assert found.expected == f"refuses it: {refusal.value}"
    assert found.step == len(found.record.steps)


def test_a_crash_is_a_divergence_with_the_exception() -> None:
    found = _diverge(CrashesOnLegalActions()).divergence
    assert found.kind == "crash"
    assert "KeyError" in found.actual


@pytest.mark.clause("dc.turn.discard")
def test_views_are_compared_when_the_adapter_maps_views_only() -> None:
    class Viewing(ForeignAdapter):
        engine = AllQuackToCaptainPile

        def view(self, player: int) -> Any:
            return rulespec.game("duck-and-cover").view(ForeignAdapter.state(self), player)

    view_only = answering("ViewOnly", Viewing, "view")
    assert capabilities(view_only()) == {"view"}
    found = _diverge(view_only()).divergence
    assert found.kind == "view"
    assert "dc.turn.discard" in found.clauses
    assert "view differs in" in found.summary


def test_the_report_reads_top_to_bottom(refused_ducks: DivergenceError) -> None:
    error = refused_ducks
    lines = str(error).splitlines()
    assert lines[0].startswith("the engine diverges from rulespec (duck-and-cover, ")
    # The summary follows on its own lines, wrapped, so no line of it overflows.
    assert lines[1].startswith("  the engine refuses a legal step: player ")
    at = lines.index("clauses:")
    assert all(len(line) <= 80 for line in lines[:at])
    assert " ".join(x.strip() for x in lines[1:at]) == error.divergence.summary
    assert lines[at + 1] == f"  dc.move.duck  {rulespec.clause('dc.move.duck').title}"
    assert any(line.startswith("rulespec:    accepts it") for line in lines)
    assert any(line.startswith("your engine: refuses it") for line in lines)
    assert rulespec.Record.from_json(lines[-1]) == error.divergence.record
    assert error.found_after is not None and error.seconds is not None
    assert error.found_after <= error.seconds
    assert error.games is not None and error.games >= 1


def test_an_adapter_needs_start_and_apply() -> None:
    class NoApply:
        def start(self, setup: Setup) -> None: ...

    with pytest.raises(TypeError, match="apply"):
        check(NoApply(), "duck-and-cover")


def test_a_duck_typed_adapter_works_without_subclassing() -> None:
    class Plain:
        def start(self, setup: Setup) -> None:
            self.inner = ReferenceAdapter()
            self.inner.start(setup)

        def apply(self, action: Any) -> None:
            self.inner.apply(action)

        def legal_actions(self, player: int) -> Iterable[Any]:
            return self.inner.legal_actions(player)

    assert capabilities(Plain()) == {"legal_actions"}
    result = check(
        Plain(), "duck-and-cover", players=3, max_steps=50, settings=settings(QUICK, max_examples=5)
    )
    assert result.games == 5


def test_a_wrong_legal_list_names_what_is_missing_and_what_is_extra() -> None:
    class ExtraCover(ReferenceAdapter):
        def legal_actions(self, player: int) -> list[Any]:
            return [*super().legal_actions(player), Cover(player, (99, 99))]

    found = _diverge(ExtraCover()).divergence
    assert found.kind == "legal-actions"
    assert "adds player" in found.summary and "Cover to (99, 99)" in found.summary
    assert "dc.move.cover" in found.clauses


def test_the_games_count_stops_at_the_first_divergent_game() -> None:
    class RefusesUnusualDeals(ReferenceAdapter):
        """Diverges on every deal whose draw pile does not start with a 1: an engine
        whose answers depend on its input only, as Hypothesis needs."""

        started = 0
        first: int | None = None

        def start(self, setup: Setup) -> None:
            type(self).started += 1
            super().start(setup)

        def apply(self, action: Any) -> None:
            if isinstance(action, Deal) and action.draw_pile[0] != 1:
                if type(self).first is None:
                    type(self).first = type(self).started
                raise Refused("unusual deal")
            super().apply(action)

    error = _diverge(RefusesUnusualDeals(), players=2, max_steps=5)
    first = RefusesUnusualDeals.first
    assert first is not None
    # Shrinking plays more games; they are not counted.
    assert RefusesUnusualDeals.started > first
    assert error.games == first


def test_a_method_set_to_none_or_left_as_the_base_one_is_no_capability() -> None:
    class Partial(ReferenceAdapter):
        state = None  # type: ignore[assignment]
        view = Adapter.view

    assert capabilities(Partial()) == {
        "legal_actions",
        "to_move",
        "scores",
        "winners",
        "is_over",
    }
    check(
        Partial(),
        "duck-and-cover",
        players=2,
        max_steps=30,
        settings=settings(QUICK, max_examples=3),
    )


@pytest.mark.clause("dc.move.duck")
def test_the_engines_own_refusal_clause_comes_first() -> None:
    class RefusesDucksWithAClause(ReferenceAdapter):
        def apply(self, action: Any) -> None:
            if isinstance(action, Duck):
                raise Refused("a duck must touch two cards", "dc.move.duck-adjacent")
            super().apply(action)

    found = _diverge(RefusesDucksWithAClause()).divergence
    assert found.kind == "refused-legal"
    assert found.clauses[0] == "dc.move.duck-adjacent"
    assert "dc.move.duck" in found.clauses


def test_without_a_state_every_acting_players_view_and_legal_actions_are_compared() -> None:
    class ViewsAndLegalActions(ReferenceAdapter):
        state = None  # type: ignore[assignment]

        def __init__(self) -> None:
            self.asked: set[int] = set()
            self.viewed: set[int] = set()

        def legal_actions(self, player: int) -> list[Any]:
            self.asked.add(player)
            return list(super().legal_actions(player))

        def view(self, player: int) -> Any:
            self.viewed.add(player)
            return super().view(player)

    adapter = ViewsAndLegalActions()
    check(
        adapter,
        "duck-and-cover",
        players=4,
        max_steps=2,
        probes=False,
        settings=settings(QUICK, max_examples=1),
    )
    # Two steps: the deal, then one player's move; all four act in the first turn.
    assert adapter.viewed == adapter.asked == {0, 1, 2, 3}


def test_check_record_replays_a_game_and_stops_where_the_engine_parts() -> None:
    dc = rulespec.game("duck-and-cover")
    record = rulespec.Record.play(dc, 3, seed=4, steps=300)
    assert check_record(ReferenceAdapter(), record).steps == len(record.steps)
    first_duck = next(i for i, a in enumerate(record.steps) if isinstance(a, Duck))
    with pytest.raises(DivergenceError) as info:
        check_record(RefusesDucks(), record)
    found = info.value.divergence
    assert found.kind == "refused-legal"
    assert found.step == first_duck
    assert found.record.steps == record.steps[: first_duck + 1]


class TracedRefusesDucks(RefusesDucks):
    """Notes the trace function each time the kit plays a step through it."""

    def __init__(self) -> None:
        super().__init__()
        self.traces: set[object] = set()

    def apply(self, action: Any) -> None:
        self.traces.add(sys.gettrace())
        super().apply(action)


def test_no_game_is_replayed_under_a_line_tracer_for_the_report() -> None:
    before = sys.gettrace()  # a coverage tool's, or none
    engine = TracedRefusesDucks()
    _diverge(engine, players=2)
    assert engine.traces == {before}


class SlowToDeclare(RefusesDucks):
    """Takes a fifth of a second to say what it answers, the first time it is asked, and
    notes when each game starts."""

    def __init__(self) -> None:
        super().__init__()
        self.started: list[float] = []
        self._asked = False

    @property
    def declared_capabilities(self) -> frozenset[str] | None:
        if not self._asked:
            self._asked = True
            time.sleep(0.2)
        return None

    @declared_capabilities.setter
    def declared_capabilities(self, value: frozenset[str] | None) -> None:
        raise AttributeError("fixed")

    def start(self, setup: Setup) -> None:
        self.started.append(time.perf_counter())
        super().start(setup)


def test_the_time_to_the_first_divergence_counts_from_the_call() -> None:
    engine = SlowToDeclare()
    called = time.perf_counter()
    found = _diverge(engine, players=2)
    assert found.found_after is not None and found.games is not None
    # The first divergent game started before the divergence, on the same clock.
    assert engine.started[found.games - 1] <= called + found.found_after


def test_a_value_shows_in_a_report_as_equality_sees_it() -> None:
    # A grid made by a move keeps caches (its place masks, the cells it came from):
    # the report writes the grid, equal to one laid out directly, without them.
    from rulespec.duck_cover import Grid
    from rulespec.testing.divergence import wire_data

    dc = rulespec.game("duck-and-cover")
    dealt = Grid.dealt(tuple(range(1, 13)))
    dealt.masks()
    moved = dealt.moved(0, (-1, 0))
    laid = Grid.from_stacks(dict(moved.cells))
    assert moved == laid
    assert (
        wire_data(dc, moved)
        == wire_data(dc, laid)
        == {"cells": [[list(place), list(stack)] for place, stack in laid.cells]}
    )
