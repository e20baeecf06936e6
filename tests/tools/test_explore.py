"""``rulespec explore`` finds what a broken engine does wrong, with the shortest path."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

import rulespec
import rulespec.duo.sampling
from rulespec.canardage.small import rotated
from rulespec.core.chance import CHANCE, Chance
from rulespec.core.invariants import Invariant
from rulespec.duo.actions import Deal, Draw
from rulespec.duo.state import Phase
from rulespec.tools.explore import (
    ExploreReport,
    Symmetry,
    _outcomes,
    check_views,
    config,
    configs,
    explore,
    orderings,
    small_options,
)
from tests.cli.helpers import call
from tests.tools.test_state_space import FULL, ROWS

DUO = rulespec.game("duo")
CAN = rulespec.game("canardage")
OPTIONS = small_options("duo", "small")
HANDS = (0, 1, 4, 5)  # dealt first: player 0 holds 0 and 4, player 1 holds 1 and 5


class FixedHands:
    """Duo whose deal always gives the same hands: only the piles' first cards and the
    draw pile are shuffled (a small graph, whose paths the real Duo replays). It and the
    broken variants pickle (by class), for the walks in several processes."""

    g = DUO

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.g, name)

    def chance(self, state: Any) -> Chance:
        rest = tuple(c for c in OPTIONS.cards() if c not in HANDS)
        return Chance("deal", "the last four cards", (rest,))

    def chance_action(self, state: Any, outcome: Any) -> Any:
        return Deal((*HANDS, *outcome[0]))


class DrawLosesTheCard(FixedHands):
    """A Draw takes the draw pile's card but does not put it in the hand."""

    def apply(self, state: Any, action: Any) -> Any:
        after = self.g.apply(state, action)
        if type(action) is Draw and after.phase is Phase.TURN:
            hands = list(after.hands)
            hands[action.player] = state.hands[action.player]
            return attrs.evolve(after, hands=tuple(hands))
        return after


class NoDraw(FixedHands):
    """Drawing is never offered: a player with nothing to play is stuck."""

    def legal_actions(self, state: Any, player: int) -> Any:
        return [a for a in self.g.legal_actions(state, player) if type(a) is not Draw]


class DrawPasses(FixedHands):
    """A Draw only passes the turn: two players who draw bring the game back."""

    def apply(self, state: Any, action: Any) -> Any:
        if type(action) is Draw:
            return attrs.evolve(state, turn=1 - state.turn)
        return self.g.apply(state, action)


def _explore(g: object, workers: int = 1) -> ExploreReport:
    return explore(cast(Any, g), 2, OPTIONS, max_states=50_000, workers=workers)


def _without_times(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("seconds", "peak_rss_kib")}


def _verify(tmp_path: Path, steps: Any) -> int:
    record = rulespec.Record("duo", 2, OPTIONS, tuple(steps))
    path = tmp_path / "path.json"
    path.write_text(json.dumps(record.to_data()), encoding="utf-8")
    return call("verify", str(path)).status


def test_the_fixed_deal_is_sound_and_small() -> None:
    report = _explore(FixedHands())
    assert report.ok and report.cycles == 0
    assert report.per_depth[:2] == [1, 24]  # the new game, then each ordering of 4 cards
    assert report.terminal == sum(report.terminal_per_depth) > 0
    assert sum(report.per_depth) == report.states
    assert report.longest >= report.depth


def test_a_broken_invariant_is_found_at_its_shortest_path(tmp_path: Path) -> None:
    report = _explore(DrawLosesTheCard())
    assert not report.ok
    first = next(f for f in report.violations if f.kind == "invariant")
    assert "duo.inv.cards-once" in first.message
    # deal, then player 0 draws: the shortest way to a card twice
    assert first.depth == 2 and len(first.record.steps) == 2
    assert type(first.record.steps[1]) is Draw
    assert _verify(tmp_path, first.record.steps) == 0  # legal steps of the real Duo


def test_a_deadlock_is_found(tmp_path: Path) -> None:
    report = _explore(NoDraw())
    assert report.deadlocks and not report.ok
    found = report.deadlocks[0]
    assert "have no action" in found.message
    state = DUO.new_game(2, OPTIONS)
    for step in found.record.steps:
        state = DUO.apply(state, step)
    assert not DUO.is_over(state) and all(
        type(a) is Draw for a in DUO.legal_actions(state, state.turn)
    )
    assert _verify(tmp_path, found.record.steps) == 0


def test_a_cycle_is_found_with_the_steps_around_it() -> None:
    report = _explore(DrawPasses())
    assert report.cycles > 0 and report.cycle is not None and not report.ok
    steps = report.cycle.record.steps
    broken = DrawPasses()
    state = DUO.new_game(2, OPTIONS)
    seen = []
    for step in steps:
        state = broken.apply(state, step)
        seen.append(state)
    assert seen[-1] in seen[:-1]  # round the cycle: an equal state comes back


def test_the_state_bound_stops_the_walk() -> None:
    with pytest.raises(RuntimeError, match="more than 10 distinct states"):
        explore(cast(Any, FixedHands()), 2, OPTIONS, max_states=10)


def test_orderings_are_distinct_and_complete() -> None:
    found: list[tuple[Any, ...]] = list(orderings((2, 1, 2, 3)))
    assert len(found) == len(set(found)) == 12
    assert all(sorted(cast(Any, f)) == [1, 2, 2, 3] for f in found)


@pytest.fixture(scope="module")
def three() -> ExploreReport:
    """Every state of Duo's configuration ``three``."""
    return explore(DUO, 3, small_options("duo", "three"))


def test_views_sampled_from_their_sets_pass_and_a_skewed_sampler_fails(
    three: ExploreReport,
) -> None:
    options, report = small_options("duo", "three"), three
    views = check_views(DUO, report, report.kept, options, sets=2)
    assert views["tested"] and not views["failures"]
    assert views["information_sets"] > 1000

    class Skewed:
        g = DUO

        def __getattr__(self, name: str) -> Any:
            return getattr(DUO, name)

        def sample_state(self, view: Any, rng: Any, options: Any = None) -> Any:
            drawn = self.g.sample_state(view, rng, options)
            again = self.g.sample_state(view, rng, options)
            return min(drawn, again, key=lambda s: s.draw_pile)  # favours low draw piles

    skewed = check_views(cast(Any, Skewed()), report, report.kept, options, sets=2)
    assert skewed["failures"]


def test_the_command_reports_json_and_bad_usage_is_one_line() -> None:
    result = call("explore", "duo", "--config", "three", "--symmetry", "--json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["states"] == 17011 and data["terminal"] == 8190 and data["depth"] == 4
    assert data["violations"] == [] and data["deadlocks"] == [] and data["cycles"] == 0
    assert data["seconds"] > 0
    bad = call("explore", "duo", "--config", "huge")
    assert bad.status == 2 and bad.err.count("\n") == 1 and "only: small, three, long" in bad.err
    assert call("explore", "duo", "--config", "three", "--max-states", "100").status == 3


def test_a_game_without_small_configurations_is_refused() -> None:
    class Bare:
        id = "bare"
        declaration = attrs.evolve(DUO.declaration, small=None)

    with pytest.raises(LookupError, match="bare declares no small configuration"):
        configs(cast(Any, Bare()))


def _successor_forms(g: Any, state: Any, canonical: Any) -> Counter[Any]:
    actors = g.to_move(state)
    if actors == (CHANCE,):
        moves = [g.chance_action(state, o) for o in _outcomes(g.chance(state).piles, 10_000)]
    else:
        moves = [a for p in actors for a in g.legal_actions(state, p)]
    return Counter(canonical(g.apply(state, m)) for m in moves)


@pytest.mark.parametrize(
    ("game_id", "name", "image"),
    [("canardage", "endgame", lambda s: rotated(s, 1)), ("duck-and-cover", "last-round", None)],
)
def test_a_symmetry_commutes_with_the_rules(game_id: str, name: str, image: Any) -> None:
    from rulespec.duck_cover.small import exchanged

    g, small = rulespec.game(game_id), config(game_id, name)
    options = small_options(game_id, name)
    assert small.start is not None and small.symmetry is not None
    canonical = small.symmetry(options)
    image = image or (lambda s: exchanged(s, (1, 0)))
    starts = small.start(options)[:3]  # a few arrangements: the walk from each is alike
    report = explore(g, small.players, options, starts=starts, endless=True)
    for state in report.kept[:: max(1, len(report.kept) // 150)]:
        other = image(state)
        assert canonical(other) == canonical(state) and g.is_over(other) == g.is_over(state)
        assert _successor_forms(g, other, canonical) == _successor_forms(g, state, canonical)


def test_canardage_views_are_weighted_by_the_copies_in_the_hands() -> None:
    small, options = config("canardage", "endgame"), small_options("canardage", "endgame")
    assert small.start is not None
    report = explore(CAN, 3, options, starts=small.start(options), endless=True)
    assert report.ok and report.cycles > 0 and report.states >= 10_000
    views = check_views(CAN, report, report.kept, options, weight=small.weight, sets=2)
    assert views["tested"] and not views["failures"]
    assert all(row["weighted"] and not row["unexplored"] for row in views["tested"])
    flat = check_views(CAN, report, report.kept, options, sets=2)
    assert flat["failures"]  # each state alike: the hands of copies come up too often


def test_a_position_config_writes_its_findings_as_records_from_the_start(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cycle.json"
    result = call("explore", "canardage", "--json", "--no-views", "--record", str(path))
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["endless"] and data["cycles"] > 0
    record = data["cycle"]["record"]
    assert record["start"]["players"] == 3 and "start" not in data["cycle"]
    assert json.loads(path.read_text(encoding="utf-8")) == record
    verdict = call("verify", str(path), "--json")
    assert verdict.status == 0, verdict.err
    checked = json.loads(verdict.out)
    assert checked["legal"] and checked["position"] and checked["steps"] == len(record["steps"])
    end = rulespec.Record.from_data(record).replay()
    assert CAN.encode_state(end) in [CAN.encode_state(s) for s in report_states(record)]
    assert call("explore", "canardage", "--players", "4").status == 2


def report_states(record: dict[str, Any]) -> list[Any]:
    """The states a record passes through before its last step (a cycle comes back)."""
    return list(rulespec.Record.from_data(record).states())[:-1]


class EightDiscards:
    """Duck & Cover with one more invariant, which fails where the discard zone holds
    eight cards or more: no rule of the game, so the walk from ``last-round`` (seven
    discards, a 1 called that both players say « Coin » to) breaks it."""

    def __init__(self) -> None:
        self.g = rulespec.game("duck-and-cover")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.g, name)

    @property
    def invariants(self) -> tuple[Invariant, ...]:
        def check(state: Any) -> str | None:
            held = len(state.discard_zone)
            return f"{held} discards" if held >= 8 else None

        return (*self.g.invariants, Invariant("test.seven-discards", (), "seven at most", check))


def test_a_finding_from_a_position_replays_to_its_step(tmp_path: Path) -> None:
    dc = rulespec.game("duck-and-cover")
    small = config("duck-and-cover", "last-round")
    options = dc.decode_options(small.options)
    assert small.start is not None
    starts = small.start(options)[-2:]
    report = explore(cast(Any, EightDiscards()), 2, options, starts=starts, endless=True)
    found = [f for f in report.violations if "test.seven-discards" in f.message]
    assert found and not report.ok
    first = found[0]
    record = first.record
    assert record.start in starts and len(record.steps) == first.depth == 2  # two « Coin »
    path = tmp_path / "finding.json"
    path.write_text(json.dumps(first.to_data()["record"]), encoding="utf-8")
    verdict = call("verify", str(path), "--json")
    assert verdict.status == 0, verdict.err
    checked = json.loads(verdict.out)
    assert checked["legal"] and checked["position"] and checked["steps"] == first.depth
    states = list(rulespec.Record.from_json(path.read_text(encoding="utf-8")).states())
    broken = EightDiscards().invariants[-1]
    assert broken.violation(states[-1]) is not None  # the replay ends where it breaks
    assert all(broken.violation(s) is None for s in states[:-1])  # and not before


@pytest.mark.parametrize("broken", [DrawLosesTheCard, NoDraw, DrawPasses])
def test_two_workers_find_the_same_faults_by_the_same_paths(broken: type[FixedHands]) -> None:
    alone, shared = _explore(broken()), _explore(broken(), workers=2)
    assert not alone.ok and (alone.violations or alone.deadlocks or alone.cycle)
    assert _without_times(shared.to_data()) == _without_times(alone.to_data())
    assert shared.kept == alone.kept  # numbered in the same order


@pytest.mark.parametrize(
    ("game_id", "name"),
    [
        ("duo", "three"),
        pytest.param("duck-and-cover", "last-round", marks=pytest.mark.deep),
        pytest.param("canardage", "endgame", marks=pytest.mark.deep),
    ],
)
def test_two_workers_give_the_command_s_report(game_id: str, name: str) -> None:
    line = ["explore", game_id, "--config", name, "--symmetry", "--json"]
    shared = call(*line, "--workers", "2")
    assert shared.status == 0, shared.err
    data = json.loads(shared.out)
    row = next(r for r in ROWS if r["game"] == game_id and r["config"] == name)["reduced"]
    assert {k: data[k] for k in row} == row and data["states"] > 10_000
    if FULL:  # the whole report, the cycle's path included
        alone = call(*line)
        assert _without_times(data) == _without_times(json.loads(alone.out))


def test_several_workers_need_a_form_that_pickles() -> None:
    options = small_options("duo", "three")
    form = config("duo", "three").symmetry
    assert form is not None
    with pytest.raises(ValueError, match="must pickle"):
        explore(DUO, 3, options, symmetry=form(options), workers=2)
    with pytest.raises(RuntimeError, match="more than 99 distinct states"):
        explore(DUO, 3, options, symmetry=Symmetry(form, options), workers=2, max_states=99)
    assert call("explore", "duo", "--workers", "0").status == 2


class Nearest:
    """A game whose sampler draws twice and keeps the draw that comes first as JSON: still
    a state of the view, but some states come up far more often than others."""

    def __init__(self, g: Any) -> None:
        self.g = g

    def __getattr__(self, name: str) -> Any:
        return getattr(self.g, name)

    def sample_state(self, view: Any, rng: Any, options: Any = None) -> Any:
        drawn = [self.g.sample_state(view, rng, options) for _ in range(2)]
        return min(drawn, key=lambda s: json.dumps(self.g.encode_state(s), sort_keys=True))


@pytest.mark.heavy
def test_duck_and_cover_views_are_checked_on_whole_sets_and_chance_is_walked() -> None:
    dc = rulespec.game("duck-and-cover")
    small, options = (
        config("duck-and-cover", "last-round"),
        small_options("duck-and-cover", "last-round"),
    )
    assert small.start is not None
    starts = small.start(options)
    assert len(starts) == 8  # two arrangements of the covered ducks of each grid, two of the cards
    report = explore(dc, 2, options, starts=starts, endless=True)
    assert report.ok and report.states >= 10_000
    shuffles = [s for s in report.kept if dc.to_move(s) == (CHANCE,)]
    assert shuffles and all(len(dc.chance(s).piles[0]) >= 3 for s in shuffles)
    views = check_views(dc, report, report.kept, options, sets=4)
    whole = [row for row in views["tested"] if row["whole"] and row["states"] > 1]
    assert len(whole) >= 6 and not views["failures"]
    assert all(row["draws"] >= 30 * row["states"] for row in whole)
    skewed = check_views(cast(Any, Nearest(dc)), report, report.kept, options, sets=4)
    assert skewed["failures"]


@pytest.mark.deep
def test_duo_views_with_covered_pile_cards_are_exact_and_a_biased_search_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options, small = small_options("duo", "small"), config("duo", "small")
    report = explore(DUO, 2, options)  # hands of 2: a pile covers cards while play goes on
    assert small.exact is not None and all(small.exact(DUO.view(s, 0)) for s in report.kept[1:])

    def covered(view: Any) -> bool:  # tested first: views whose piles cover cards
        return bool(sum(view.pile_sizes) > 2)

    views = check_views(DUO, report, report.kept, options, exact=covered, sets=3)
    rows = [row for row in views["tested"] if row["exact"]]
    assert len(rows) == 6 and all(row["whole"] for row in rows) and not views["failures"]
    monkeypatch.setattr(rulespec.duo.sampling, "EXACT", -1)  # the search alone, no sweeps
    monkeypatch.setattr(rulespec.duo.sampling, "SWEEPS", 0)
    biased = check_views(
        DUO, report, report.kept, options, exact=covered, sets=3, draws_per_state=300
    )
    assert biased["failures"]
