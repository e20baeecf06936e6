"""``check()``: play generated games through rulespec and another engine side by side.

Every generated game is legal: Hypothesis chooses the setup, each chance
outcome (or the seed of an engine that draws its own), the order in which
simultaneous players arrive, and each player's action among rulespec's
legal ones; at sampled states it also offers the engine the actions the
rules forbid there. After every step the kit compares whatever the adapter
can answer, and stops at the first divergence. Hypothesis then shrinks the
game, within a budget counted in work (steps replayed), and
:class:`DivergenceError` reports the smallest one: what differs, the
clauses it implicates, both engines' answers, and the game as a rulespec
record.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import attrs
import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity
from hypothesis import strategies as st
from hypothesis.errors import Flaky, Unsatisfiable

from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import Unsupported, capabilities, game_of
from rulespec.testing.budget import SHRINK_STEPS, Cut, active, shrink_budget
from rulespec.testing.divergence import (
    CheckResult,
    Divergence,
    DivergenceError,
    InconclusiveError,
)
from rulespec.testing.driver import PROBE_CHOICES, Driver, SetAside, Tally, break_key
from rulespec.testing.kit import GameKit, kit_for

__all__ = [
    "PROBE_CHOICES",
    "SHRINK_STEPS",
    "CheckResult",
    "Divergence",
    "DivergenceError",
    "Driver",
    "InconclusiveError",
    "break_key",
    "check",
    "game_of",
    "shrink_budget",
]


class _Search:
    """One run's clock and counts."""

    def __init__(self) -> None:
        self.games = 0
        self.steps = 0
        self.start = time.perf_counter()
        self.first_failure: float | None = None
        self.games_to_failure: int | None = None
        self.last: Record | None = None
        self.tally = Tally()

        self.cut = False

    def result(self, chance: str, g: Game[Any, Any, Any, Any], kit: GameKit) -> CheckResult:
        tally = self.tally
        return CheckResult(
            self.games,
            self.steps,
            time.perf_counter() - self.start,
            probed=dict(sorted(tally.probed.items())),
            inexpressible=tuple(f"{a}: {r}" for a, r in tally.inexpressible.items()),
            unsupported=tuple(f"{s}: {r}" for s, r in tally.unsupported.items()),
            chance=chance,
            notes=tuple(tally.notes.values()),
            offered=tally.offered,
            unexpressed=tally.unexpressed,
            hidden_chance=tally.hidden_chance,
            exercised=tally.exercised(g, kit),
            set_aside=dict(sorted(tally.set_aside.items())),
            waived=dict(sorted(tally.waived.items())),
        )


def _settings(base: hypothesis.settings | None) -> hypothesis.settings:
    parent = hypothesis.settings() if base is None else base
    quiet = parent.verbosity <= Verbosity.normal
    return hypothesis.settings(
        parent,
        deadline=None,
        database=parent.database if base is not None else None,
        report_multiple_bugs=False,
        # The report is the divergence itself: no search for the lines failing games run.
        phases=[p for p in parent.phases if p is not Phase.explain],
        verbosity=Verbosity.quiet if quiet else parent.verbosity,
        suppress_health_check=[
            *parent.suppress_health_check,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
            HealthCheck.filter_too_much,
            HealthCheck.nested_given,
        ],
    )


def _players(
    g: Game[Any, Any, Any, Any], players: int | Sequence[int] | None, options: Any = None
) -> st.SearchStrategy[int]:
    """The player counts to play: those asked for (all by default) that ``options`` fit;
    the :class:`~rulespec.IllegalAction` of the first when ``options`` fit none."""
    if players is None:
        counts: tuple[int, ...] = tuple(range(g.min_players, g.max_players + 1))
    else:
        counts = (players,) if isinstance(players, int) else tuple(players)
    if options is not None:
        fitting = tuple(n for n in counts if _fits(g, n, options))
        if not fitting:
            g.new_game(counts[0], options)  # raises: the rules refuse this setup
        if fitting != counts:
            return st.sampled_from(fitting)
    if players is None:
        return st.integers(g.min_players, g.max_players)
    return st.just(players) if isinstance(players, int) else st.sampled_from(counts)


def _fits(g: Game[Any, Any, Any, Any], players: int, options: Any) -> bool:
    try:
        g.new_game(players, options)
    except IllegalAction:
        return False
    return True


def check(
    adapter: Any,
    game: str | Game[Any, Any, Any, Any],
    *,
    players: int | Sequence[int] | None = None,
    options: Any = None,
    max_steps: int = 1000,
    probes: bool = True,
    settings: hypothesis.settings | None = None,
    shrink_steps: int | None = SHRINK_STEPS,
    shrink_seconds: float | None = None,
    seed: int | None = None,
    set_aside: Collection[str] = (),
    waived: Collection[str] = (),
    strict: bool = True,
    fixed_options: Mapping[str, Any] | None = None,
) -> CheckResult:
    """Check an engine against rulespec on Hypothesis-generated games.

    Args:
        adapter: an :class:`~rulespec.testing.Adapter` (or any object with
            ``start`` and ``apply``) driving the engine; ``start`` must reset it. If it
            has a ``played_game`` method, that is told the steps of each game once the
            game ends.
        game: the game id or object.
        players: a number of players, a sequence to choose from, or ``None``
            for every count the game allows.
        options: the options to play with, or ``None`` for those the game's
            kit generates (for Duck & Cover, the published game and the
            Competition variant).
        max_steps: the longest game, in steps (chance steps included).
        probes: whether to offer illegal actions at sampled states.
        settings: Hypothesis settings (default: the active profile; no
            example database unless these settings give one). The explain phase
            never runs: the report says what diverged, and tracing the lines that
            failing games run would only point into the kit.
        shrink_steps: the shrink budget, in steps replayed after the first
            divergence (``None``: no limit); once spent, the smallest divergence
            found so far is reported. Counted in work, not time, so a seed gives
            the same report on any machine, busy or not.
        shrink_seconds: an outer wall-clock limit on shrinking (``None``: none),
            for runs that must end in time whatever the report.
        seed: the seed of Hypothesis's search, for a run that plays the same
            games again (``None``: a fresh search each time, unless ``settings``
            derandomize it). It also varies the chance seeds an engine that draws
            its own chance is given.
        set_aside: breaks already found (their :func:`~rulespec.testing.driver.break_key`,
            the clause to blame): a game that meets one again ends there, counted in
            :attr:`CheckResult.set_aside`, and the search goes on.
        waived: clauses whose divergences the engine's author acknowledges: handled
            like ``set_aside``, counted in :attr:`CheckResult.waived`.
        strict: raise :class:`InconclusiveError` when too little was compared (see
            :attr:`CheckResult.inconclusive`); with ``False`` the result says so.
        fixed_options: option values every game is played with, as JSON (as
            ``Game.decode_options`` takes them), over those of ``options`` or those
            the kit draws: the readings of the rules an engine declares it follows.

    Returns:
        What the run played and tried, when every game agreed.

    Raises:
        DivergenceError: at the first divergence of the smallest game found (of kind
            ``"nondeterministic"`` when the engine answered a game differently when it
            was played again).
        InconclusiveError: (with ``strict``) the engine answered too few plays, or
            would not show the chance, for the run to say it conforms.
    """
    search = _Search()  # the clock starts at the call
    g = game_of(game)
    kit = kit_for(g)
    capabilities(adapter)  # a clear TypeError now rather than inside Hypothesis
    engine_chance = getattr(adapter, "chance", "kit") == "engine"
    chance = "engine" if engine_chance else "kit"
    option_values = kit.options(g) if options is None else st.just(options)
    if fixed_options:
        fixed = dict(fixed_options)
        if options is not None:
            options = g.decode_options({**g.encode_options(options), **fixed})
            option_values = st.just(options)
        else:
            option_values = option_values.map(
                lambda o: g.decode_options({**g.encode_options(o), **fixed})
            )
    player_counts = _players(g, players, options)
    seeds = st.integers(0, 2**32 - 1)
    # The first games Hypothesis draws are its simplest (seed 0): shifted by the run's
    # seed, an engine drawing its own chance plays other games under another seed.
    chosen = _settings(settings)
    shift = 0
    if engine_chance and seed is not None:
        shift = random.Random(seed).getrandbits(32)
    elif engine_chance and not chosen.derandomize:
        shift = random.Random().getrandbits(32)  # not the global generator: left as it is
    aside, waiving = frozenset(set_aside), frozenset(waived)

    @st.composite
    def games(draw: st.DrawFn) -> int:
        count, opts = draw(player_counts), draw(option_values)
        # Drawn before anything the engine said can end the game, so that a game is
        # drawn the same way when Hypothesis plays it again.
        chance_seed = (draw(seeds) + shift) % 2**32 if engine_chance else None
        key = f"{count} players, options {json.dumps(g.encode_options(opts), sort_keys=True)}"
        if key in search.tally.unsupported:
            hypothesis.reject()
        search.games += 1
        # What a game learned counts once: not again when shrinking plays it again.
        running = active()
        shrinking = running is not None and running.first is not None
        tally = Tally()
        driver = Driver(
            g,
            adapter,
            draw,
            kit=kit,
            probes=probes,
            tally=tally,
            set_aside=aside,
            waived=waiving,
        )
        try:
            try:
                driver.start(count, opts, chance_seed)
            except Unsupported as exc:
                search.games -= 1  # not a game: the engine declined to play it
                search.tally.unsupported[key] = exc.reason
                hypothesis.reject()
            while (
                not g.is_over(driver.state) and len(driver.steps) < max_steps and not driver.stuck
            ):
                driver.advance()
        except SetAside:
            pass  # a break already found: counted, and this game ends here
        except DivergenceError:
            if search.first_failure is None:
                search.first_failure = time.perf_counter() - search.start
                search.games_to_failure = search.games
            raise
        except Cut:
            search.cut = True
            raise
        finally:
            search.steps += len(driver.steps)
            search.last = driver.record()
            if not shrinking:
                search.tally.absorb(tally)
            played = getattr(adapter, "played_game", None)
            if callable(played):
                played(len(driver.steps))
        return len(driver.steps)

    @hypothesis.settings(_settings(settings))
    @hypothesis.given(games())
    def run(steps: int) -> None:
        """Each game is played and compared while it is generated."""

    if seed is not None:
        run = hypothesis.seed(seed)(run)
    budget = None
    try:
        try:
            with shrink_budget(shrink_steps, seconds=shrink_seconds) as budget:
                run()
        except BaseException as exc:
            # A cut may reach here as Hypothesis's complaint that a game it played again
            # ended otherwise: the cut is what happened.
            if search.cut and not isinstance(exc, DivergenceError | KeyboardInterrupt):
                raise _cut(exc, search.result(chance, g, kit)) from None
            raise
    except DivergenceError as exc:
        best = budget.best if budget is not None and budget.best else exc.divergence
        raise _finished(DivergenceError(best), search, chance, g, kit) from None
    except Flaky:
        first = None if budget is None else budget.first
        if first is None:
            # A game played again went otherwise with no divergence found: the engine's
            # answers depend on earlier games.
            if "(nondeterministic)" in aside:
                search.tally.set_aside["(nondeterministic)"] += 1
                return search.result(chance, g, kit)
            divergence = Divergence(
                game=g.id,
                kind="nondeterministic",
                step=0,
                summary="the engine answered a game differently when it was played again: "
                "its answers depend on earlier games",
                clauses=(),
                expected="the same answers to the same game",
                actual="other answers",
                record=search.last or Record(g.id, g.min_players, g.default_options()),
            )
            raise _finished(DivergenceError(divergence), search, chance, g, kit) from None
        divergence = attrs.evolve(
            first,
            kind="nondeterministic",
            summary="the engine answered the same game differently when it was played "
            f"again: its answers depend on earlier games ({first.kind} at step {first.step} "
            "the first time, not the second)",
            other_record=search.last,
        )
        raise _finished(DivergenceError(divergence), search, chance, g, kit) from None
    except Unsatisfiable:
        pass  # the engine declined every setup asked: the result lists them
    result = search.result(chance, g, kit)
    if strict and result.inconclusive is not None:
        raise InconclusiveError(result)
    return result


def _cut(exc: BaseException, result: CheckResult) -> Cut:
    cut = exc if isinstance(exc, Cut) else Cut(str(exc))
    cut.result = result
    return cut


def _finished(
    error: DivergenceError, search: _Search, chance: str, g: Game[Any, Any, Any, Any], kit: GameKit
) -> DivergenceError:
    error.found_after = search.first_failure
    error.seconds = time.perf_counter() - search.start
    error.games = search.games_to_failure
    error.result = search.result(chance, g, kit)
    return error
