"""``check()``: play generated games through rulespec and another engine side by side.

Every generated game is legal: Hypothesis chooses the setup, each chance
outcome, the order in which simultaneous players arrive, and each player's
action among rulespec's legal ones; now and then it also offers an illegal
action to both engines. After every step the kit compares whatever the
adapter can answer, and stops at the first divergence. Hypothesis then
shrinks the game, and :class:`DivergenceError` reports the smallest one:
what differs, the clauses it implicates, both engines' answers, and the
game as a rulespec record.
"""

from __future__ import annotations

import contextlib
import textwrap
import time
import traceback
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NoReturn

import attrs
import hypothesis
from hypothesis import HealthCheck, Phase, Verbosity
from hypothesis import strategies as st

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import Setup, capabilities, game_of
from rulespec.testing.kit import Draw, GameKit, Step, index, kit_for

__all__ = [
    "CheckResult",
    "Divergence",
    "DivergenceError",
    "check",
    "game_of",
    "shrink_budget",
]

PROBE_CHOICES = (False,) * 7 + (True,)
"""An illegal probe before one player step in eight (failures shrink to none)."""


@attrs.frozen
class Divergence:
    """The first point where an engine and rulespec disagree.

    ``record`` holds the game up to that point (including the divergent step
    when rulespec accepted it), so ``record.replay()`` and ``rulespec verify``
    reproduce it; ``action`` is the step in question, as JSON data, if any.
    """

    game: str
    kind: str
    """``"legal-actions"``, ``"accepted-illegal"``, ``"refused-legal"``, ``"state"``,
    ``"view"``, ``"to_move"``, ``"is_over"``, ``"scores"``, ``"winners"`` or ``"crash"``."""
    step: int
    """The index of the divergent step in the record (the number of steps before it)."""
    summary: str
    clauses: tuple[str, ...]
    expected: str
    """rulespec's answer."""
    actual: str
    """The engine's answer."""
    record: Record
    action: Any = None

    def report(self) -> str:
        """The divergence as a report a person reads."""
        cat = {c.id: c.title for c in rulespec.clauses(self.game)}
        lines = [
            f"the engine diverges from rulespec ({self.game}, {self.record.players} players) "
            f"at step {self.step}:",
            *textwrap.wrap(self.summary, 76, initial_indent="  ", subsequent_indent="  "),
            "clauses:" if self.clauses else "clauses: none identified",
        ]
        lines.extend(f"  {cid}  {cat.get(cid, '(not in the catalogue)')}" for cid in self.clauses)
        lines.append(f"rulespec:    {self.expected}")
        lines.append(f"your engine: {self.actual}")
        if self.action is not None:
            import json

            lines.append(f"step:        {json.dumps(self.action, ensure_ascii=False)}")
        taken = len(self.record.steps)
        lines.append(
            f"record ({taken} steps; replay it with `rulespec verify` or Record.replay()):"
        )
        lines.append(self.record.to_json())
        return "\n".join(lines)


class DivergenceError(AssertionError):
    """Raised by :func:`check`: the engine diverges from rulespec.

    ``divergence`` is the report of the smallest game found; after
    :func:`check` raises it, ``found_after`` is the number of seconds until
    the first divergent game was found, ``seconds`` the whole run with
    shrinking, and ``games`` the number of games played until the first
    divergent one, that one included (the games replayed while shrinking do
    not count).
    """

    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.report())
        self.divergence = divergence
        self.found_after: float | None = None
        self.seconds: float | None = None
        self.games: int | None = None


@attrs.frozen
class CheckResult:
    """A clean run: how many games and steps agreed, and how long it took.

    ``games`` counts every game played, which may exceed ``max_examples``:
    Hypothesis sometimes plays a game it then sets aside.
    """

    games: int
    steps: int
    seconds: float


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 2000 else text[:2000] + " …"


def _unexpected(exc: BaseException) -> str:
    last = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return f"raised {last}"


class _Stats:
    def __init__(self) -> None:
        self.games = 0
        self.steps = 0
        self.start = time.perf_counter()
        self.first_failure: float | None = None
        self.games_to_failure: int | None = None


class Driver:
    """Plays one generated game through rulespec and an adapter, comparing as it goes.

    ``draw`` draws from a Hypothesis strategy (``data.draw`` in a test).
    """

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        adapter: Any,
        draw: Draw,
        *,
        kit: GameKit | None = None,
        probes: bool = True,
    ) -> None:
        self.game = game
        self.kit = kit_for(game) if kit is None else kit
        self.adapter = adapter
        self.caps = frozenset() if adapter is None else capabilities(adapter)
        self.draw = draw
        self.probes = probes
        self.style = self.kit.styles[0]
        self.steps: list[Any] = []
        self.players = 0
        self.options: Any = None
        self.state: Any = None
        self.before: Any = None
        self.last: Any = None
        self.history: list[Step] = []

    # -- reporting ---------------------------------------------------------------------

    def record(self) -> Record:
        return Record(self.game.id, self.players, self.options, tuple(self.steps))

    def fail(
        self,
        kind: str,
        summary: str,
        clauses: Iterable[str],
        expected: Any,
        actual: Any,
        action: Any = None,
        step: int | None = None,
    ) -> NoReturn:
        raise DivergenceError(
            Divergence(
                game=self.game.id,
                kind=kind,
                step=len(self.steps) if step is None else step,
                summary=summary,
                clauses=tuple(dict.fromkeys(clauses)),
                expected=expected if isinstance(expected, str) else _show(expected),
                actual=actual if isinstance(actual, str) else _show(actual),
                record=self.record(),
                action=None if action is None else self.game.encode_action(action),
            )
        )

    def _call(self, name: str, *args: Any, step: Step) -> Any:
        try:
            return getattr(self.adapter, name)(*args)
        except Exception as exc:
            clauses = self.kit.action_clauses(self.game, step.after, step.action)
            self.fail("crash", f"the engine's {name}() raised", clauses, "an answer", exc)

    # -- playing -----------------------------------------------------------------------

    def start(self, players: int, options: Any) -> None:
        g = self.game
        self.players, self.options = players, options
        self.steps = []
        self.state = g.new_game(players, options)
        self.before = self.last = None
        self.history = []
        if self.adapter is not None:
            try:
                self.adapter.start(Setup(g, players, options))
            except Exception as exc:
                self.fail("crash", "the engine's start() raised", (), "a new game", exc)
            self.compare(Step(None, None, self.state))

    def choose(self, items: Sequence[Any]) -> Any:
        """One of ``items``, drawn (failures shrink toward the first)."""
        return items[self.draw(index(len(items)))] if len(items) > 1 else items[0]

    def next_action(self) -> Any:
        """Draw the next step (a chance outcome or a player's legal action); compare the
        player's legal actions and probe with an illegal action on the way."""
        g, state, kit = self.game, self.state, self.kit
        actors = g.to_move(state)
        if actors == (CHANCE,):
            chance = g.chance(state)
            action = kit.chance_action(g, state, chance, self.draw)
            if chance.kind == "deal":
                self.style = self.choose(kit.styles)
            return action
        player = self.choose(actors)
        if self.adapter is not None:
            if "legal_actions" in self.caps:
                self._compare_legal(self._now(), player)
            if self.probes and self.choose(PROBE_CHOICES):
                others = [p for p in range(self.players) if p != player]
                self.probe(self.choose([player, *others]))
        return self.choose(kit.player_actions(g, state, player, self.style))

    def step(self, action: Any) -> None:
        """Apply ``action`` (legal for rulespec) to both engines and compare."""
        g = self.game
        before = self.state
        after = g.apply(before, action)
        self.steps.append(action)
        step = Step(before, action, after)
        self.history.append(step)
        if self.adapter is not None:
            try:
                self.adapter.apply(action)
            except ValueError as exc:
                own = getattr(exc, "clause", None)
                self.fail(
                    "refused-legal",
                    f"the engine refuses a legal step: {self.kit.describe(g, action)}",
                    (
                        *([own] if isinstance(own, str) and own else []),
                        *self.kit.action_clauses(g, before, action),
                    ),
                    "accepts it",
                    f"refuses it: {exc}",
                    action,
                    step=len(self.steps) - 1,
                )
            except Exception as exc:
                self.fail(
                    "crash",
                    f"the engine crashes on a legal step: {self.kit.describe(g, action)}",
                    self.kit.action_clauses(g, before, action),
                    "accepts it",
                    _unexpected(exc),
                    action,
                    step=len(self.steps) - 1,
                )
        self.state, self.before, self.last = after, before, action
        if self.adapter is not None:
            self.compare(step)

    def probe(self, player: int) -> None:
        """Offer an illegal action of ``player`` to both engines: both must refuse it."""
        g, state = self.game, self.state
        candidates = list(self.kit.illegal_actions(g, state, player))
        if not candidates:
            return
        action = self.choose(candidates)
        try:
            g.apply(state, action)
        except IllegalAction as exc:
            refusal = exc
        else:  # the kit offered a legal action: not a probe
            return
        try:
            self.adapter.apply(action)
        except ValueError:
            return
        except Exception as exc:
            self.fail(
                "crash",
                f"the engine crashes on an illegal action: {self.kit.describe(g, action)}",
                (refusal.clause,),
                f"refuses it: {refusal}",
                _unexpected(exc),
                action,
            )
        self.fail(
            "accepted-illegal",
            f"the engine accepts an illegal action: {self.kit.describe(g, action)}",
            (refusal.clause, *self.kit.action_clauses(g, state, action)),
            f"refuses it: {refusal}",
            "accepts it",
            action,
        )

    # -- comparing ---------------------------------------------------------------------

    def _now(self) -> Step:
        """The last step."""
        return self.history[-1] if self.history else Step(None, None, self.state)

    def _explained(self, step: Step) -> Step:
        """``step`` with the game's steps before it, for a kit to look back through (built
        only when a divergence is reported)."""
        if self.history and self.history[-1] is step:
            return attrs.evolve(step, history=tuple(self.history[:-1]))
        return step

    def compare(self, step: Step) -> None:
        """Compare everything the adapter answers with rulespec's state ``step.after``."""
        g, kit, caps, state = self.game, self.kit, self.caps, step.after
        if "state" in caps:
            actual = self._call("state", step=step)
            expected_state = kit.canonical(g, state)
            actual_state = self._canonical(actual, kit.canonical)
            if actual_state != expected_state:
                self._diverge_parts(
                    step, "state", kit.parts(g, expected_state), self._parts(actual_state, True)
                )
        if "view" in caps:
            for p in range(self.players):
                expected_view = kit.canonical_view(g, g.view(state, p))
                actual_view = self._canonical(self._call("view", p, step=step), kit.canonical_view)
                if actual_view != expected_view:
                    self._diverge_parts(
                        step,
                        f"player {p}'s view",
                        kit.view_parts(g, expected_view),
                        self._parts(actual_view, False),
                    )
            if "legal_actions" in caps and "state" not in caps:
                actors = g.to_move(state)
                for p in range(self.players):
                    if p in actors:
                        self._compare_legal(step, p)
        if "to_move" in caps:
            expected = tuple(g.to_move(state))
            actual_to_move = self._call("to_move", step=step)
            try:
                got = tuple(sorted(actual_to_move))
            except TypeError:
                got = actual_to_move
            if got != expected:
                self._diverge("to_move", "who is to move differs", step, expected, got)
        if "is_over" in caps:
            over = self._call("is_over", step=step)
            if bool(over) != g.is_over(state) or not isinstance(over, bool):
                self._diverge(
                    "is_over", "whether the game is over differs", step, g.is_over(state), over
                )
        if "scores" in caps:
            scores = self._call("scores", step=step)
            expected_scores = tuple(g.scores(state))
            got_scores = tuple(scores) if isinstance(scores, Iterable) else scores
            if got_scores != expected_scores:
                self._diverge("scores", "the scores differ", step, expected_scores, got_scores)
        if "winners" in caps:
            winners = self._call("winners", step=step)
            expected_winners = tuple(g.winners(state))
            got_winners = tuple(sorted(winners)) if isinstance(winners, Iterable) else winners
            if got_winners != expected_winners:
                self._diverge("winners", "the winners differ", step, expected_winners, got_winners)

    def _canonical(self, value: Any, projection: Any) -> Any:
        try:
            return projection(self.game, value)
        except Exception:
            return value

    def _parts(self, value: Any, full: bool) -> dict[str, Any]:
        try:
            return (
                self.kit.parts(self.game, value) if full else self.kit.view_parts(self.game, value)
            )
        except Exception:
            return {"(unreadable)": value}

    def _diverge(self, what: str, summary: str, step: Step, expected: Any, actual: Any) -> NoReturn:
        clauses = self.kit.result_clauses(self.game, self._explained(step), what, expected, actual)
        index = len(self.steps) - 1 if step.action is not None else 0
        self.fail(what, self._after(step, summary), clauses, expected, actual, step.action, index)

    def _after(self, step: Step, summary: str) -> str:
        if step.action is None:
            return f"{summary} at the start of the game"
        return f"{summary} after {self.kit.describe(self.game, step.action)}"

    def _diverge_parts(
        self, step: Step, what: str, expected: Mapping[str, Any], actual: Mapping[str, Any]
    ) -> NoReturn:
        g = self.game
        differ = [
            k for k in dict.fromkeys((*expected, *actual)) if expected.get(k) != actual.get(k)
        ]
        if not differ:
            differ = ["(equal parts, unequal values)"]
        clauses: list[str] = []
        explained = self._explained(step)
        for part in self.kit.cited_parts(differ):
            clauses.extend(self.kit.part_clauses(g, explained, part, expected, actual))
        state = step.after
        if what == "state" and not clauses:
            actual_state = self._call("state", step=step)
            try:
                for v in g.violations(actual_state):
                    clauses.extend(v.clauses)
            except Exception:
                pass
        first = differ[0]
        kind = "state" if what == "state" else "view"
        self.fail(
            kind,
            self._after(step, f"{what} differs in {', '.join(differ)}"),
            clauses,
            f"{first} = {_show(expected.get(first))}" if state is not None else expected,
            f"{first} = {_show(actual.get(first))}",
            step.action,
            step=max(len(self.steps) - 1, 0) if step.action is not None else 0,
        )

    def _compare_legal(self, step: Step, player: int) -> None:
        g = self.game
        expected = list(g.legal_actions(step.after, player))
        got = self._call("legal_actions", player, step=step)
        try:
            actual = list(got)
            same = len(actual) == len(expected) and set(actual) == set(expected)
        except TypeError:
            self.fail(
                "legal-actions",
                f"player {player}'s legal actions are not a list of actions",
                (),
                _show(expected),
                got,
            )
        if same:
            return
        missing = sorted((Counter(expected) - Counter(actual)).elements(), key=repr)
        extra = sorted((Counter(actual) - Counter(expected)).elements(), key=repr)
        clauses = self.kit.legal_clauses(g, self._explained(step), player, missing, extra)
        parts = []
        if missing:
            parts.append("misses " + ", ".join(self.kit.describe(g, a) for a in missing[:5]))
        if extra:
            parts.append("adds " + ", ".join(self.kit.describe(g, a) for a in extra[:5]))
        self.fail(
            "legal-actions",
            f"player {player}'s legal actions differ: the engine {'; '.join(parts)}",
            clauses,
            f"{len(expected)} actions: {_show(sorted(expected, key=repr))}",
            f"{len(actual)} actions: {_show(sorted(actual, key=repr))}",
        )


@contextlib.contextmanager
def shrink_budget(seconds: float | None) -> Iterator[None]:
    """Within this block, Hypothesis shrinks one failure for at most ``seconds`` seconds
    and reports the smallest found by then (its own bound is five minutes).

    For :func:`check` use its ``shrink_seconds``; this is for other Hypothesis runs,
    such as the state machines'. Not thread-safe: the bound is global. Where the
    installed Hypothesis has no such bound to set, it does nothing.
    """
    from hypothesis.internal.conjecture import engine

    saved = getattr(engine, "MAX_SHRINKING_SECONDS", None)
    if seconds is None or saved is None:
        yield
        return
    engine.MAX_SHRINKING_SECONDS = seconds  # type: ignore[assignment]
    try:
        yield
    finally:
        engine.MAX_SHRINKING_SECONDS = saved


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
    game: str | Game[Any, Any, Any, Any] = "duck-and-cover",
    *,
    players: int | Sequence[int] | None = None,
    options: Any = None,
    max_steps: int = 1000,
    probes: bool = True,
    settings: hypothesis.settings | None = None,
    shrink_seconds: float | None = 60.0,
    seed: int | None = None,
) -> CheckResult:
    """Check an engine against rulespec on Hypothesis-generated games.

    Args:
        adapter: an :class:`~rulespec.testing.Adapter` (or any object with
            ``start`` and ``apply``) driving the engine; ``start`` must reset it.
        game: the game id or object.
        players: a number of players, a sequence to choose from, or ``None``
            for every count the game allows.
        options: the options to play with, or ``None`` for those the game's
            kit generates (for Duck & Cover, the published game and the
            Competition variant).
        max_steps: the longest game, in steps (chance steps included).
        probes: whether to offer illegal actions now and then.
        settings: Hypothesis settings (default: the active profile; no
            example database unless these settings give one). The explain phase
            never runs: the report says what diverged, and tracing the lines that
            failing games run would only point into the kit.
        shrink_seconds: how long to shrink a divergent game before reporting
            the smallest found so far (``None``: as long as Hypothesis likes).
        seed: the seed of Hypothesis's search, for a run that plays the same
            games again (``None``: a fresh search each time, unless ``settings``
            derandomize it).

    Returns:
        How many games and steps agreed, when every game did.

    Raises:
        DivergenceError: at the first divergence of the smallest game found.
    """
    stats = _Stats()  # the clock of ``found_after`` and ``seconds`` starts at the call
    g = game_of(game)
    kit = kit_for(g)
    capabilities(adapter)  # a clear TypeError now rather than inside Hypothesis
    player_counts = _players(g, players, options)
    option_values = kit.options(g) if options is None else st.just(options)

    @st.composite
    def games(draw: st.DrawFn) -> int:
        stats.games += 1
        driver = Driver(g, adapter, draw, kit=kit, probes=probes)
        try:
            driver.start(draw(player_counts), draw(option_values))
            while not g.is_over(driver.state) and len(driver.steps) < max_steps:
                driver.step(driver.next_action())
        except DivergenceError:
            if stats.first_failure is None:
                stats.first_failure = time.perf_counter() - stats.start
                stats.games_to_failure = stats.games
            raise
        finally:
            stats.steps += len(driver.steps)
        return len(driver.steps)

    @hypothesis.settings(_settings(settings))
    @hypothesis.given(games())
    def run(steps: int) -> None:
        """Each game is played and compared while it is generated."""

    if seed is not None:
        run = hypothesis.seed(seed)(run)
    try:
        with shrink_budget(shrink_seconds):
            run()
    except DivergenceError as exc:
        exc.found_after = stats.first_failure
        exc.seconds = time.perf_counter() - stats.start
        exc.games = stats.games_to_failure
        raise
    return CheckResult(stats.games, stats.steps, time.perf_counter() - stats.start)
