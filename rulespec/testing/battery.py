"""The checks a game's author runs before publishing it: ``rulespec check GAME``.

:func:`check_game` runs each check of :data:`CHECKS` on one game and returns a
:class:`Finding` per check: ``ok``, ``failed`` or ``skipped``, with a one-line reason.
The catalogue must load; every clause marked implemented must have a function that
``@implements`` it and a test that cites it; the kit's state machine and random games
must keep the invariants; records, states and views must survive their JSON; a view
must not show what the game's sampler draws anew (what the view hides); the JSON
written must fit the game's schemas; PettingZoo's ``api_test`` and OpenSpiel's
``random_sim_test`` must pass where they are installed.

>>> findings = check_game("canardage", games=2, only=("catalogue", "invariants", "records"))
>>> [(f.check, f.status) for f in findings]
[('catalogue', 'ok'), ('invariants', 'ok'), ('records', 'ok')]
"""

from __future__ import annotations

import contextlib
import functools
import io
import random
import time
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.declaration import length_cap
from rulespec.core.errors import RecordError
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import game_of

__all__ = ["CHECKS", "Finding", "Skip", "check_game"]

Status = Literal["ok", "failed", "skipped"]


class Skip(Exception):  # a way out of a check, not an error
    """Raised by a check that cannot run here: the reason is its message."""


@attrs.frozen
class Finding:
    """How one check ended: ``ok``, ``failed`` or ``skipped``, and why in one line."""

    check: str
    status: Status
    reason: str
    seconds: float = attrs.field(default=0.0, eq=False)

    def line(self) -> str:
        """The finding as one line of the report.

        >>> Finding("records", "ok", "10 records written and read back").line()
        'records     ok       10 records written and read back'
        """
        return f"{self.check:<11} {self.status:<8} {self.reason}"

    def data(self) -> dict[str, Any]:
        """The finding as JSON data."""
        return {
            "check": self.check,
            "status": self.status,
            "reason": self.reason,
            "seconds": round(self.seconds, 3),
        }


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


@attrs.define
class _Run:
    """What the checks of one run share: the game, the budget, and the random games
    played once for every check that reads them."""

    game: Game[Any, Any, Any, Any]
    games: int
    seed: int
    tests: Path | None

    @functools.cached_property
    def played(self) -> tuple[tuple[Record, tuple[Any, ...]], ...]:
        """Random games, each as its record and the states it went through."""
        from rulespec.tools.simulation import play

        g = self.game
        counts = range(g.min_players, g.max_players + 1)
        found = []
        for i in range(self.games):
            players = counts[i % len(counts)]
            result = play(g, players, f"check-{self.seed}-{i}", check=False, record=True)
            assert result.record is not None
            state = g.new_game(players, result.record.options)
            states = [state]
            for action in result.record.steps:
                state = g.apply(state, action)
                states.append(state)
            found.append((result.record, tuple(states)))
        return tuple(found)

    @staticmethod
    def sample(states: Sequence[Any]) -> Sequence[Any]:
        """About ten of a game's states, spread over it (the first one included)."""
        return states[:: max(1, len(states) // 10)]

    def clauses(self) -> Any:
        from rulespec.rulebook.clauses import clauses

        return clauses(self.game.id)


def _catalogue(run: _Run) -> str:
    from rulespec.rulebook.clauses import catalogue_path, load_catalogue

    declared = run.game.declaration
    path = catalogue_path(declared.catalogue)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise AssertionError(f"no catalogue at {path} ({exc.strerror or exc})") from None
    cat = load_catalogue(text, path.name, prefix=declared.prefix, languages=declared.languages)
    if cat.game != run.game.id:
        raise AssertionError(f"{path.name}: catalogue.game is {cat.game!r}, not {run.game.id!r}")
    if not cat.clauses:
        raise AssertionError(f"{path.name}: no clause")
    statuses = sorted({c.status for c in cat.clauses})
    return f"{len(cat.clauses)} clauses in {', '.join(cat.languages)} ({', '.join(statuses)})"


def _unknown(run: _Run, cited: Mapping[str, Sequence[Any]], by: Callable[[Any], str]) -> None:
    """Fail on the first id of the game's prefix that ``cited`` names and the catalogue
    does not (``by`` says who cites it)."""
    known = {c.id for c in run.clauses()}
    prefix = run.game.declaration.prefix
    stray = sorted(k for k in cited if k.startswith(prefix) and k not in known)
    if stray:
        raise AssertionError(f"{stray[0]}: cited by {by(cited[stray[0]][0])} but in no catalogue")


def _missing(run: _Run, found: Mapping[str, Any], what: str) -> list[str]:
    """The implemented clauses, after failing on the first that ``found`` lacks."""
    wanted = [c.id for c in run.clauses() if c.status == "implemented"]
    missing = [cid for cid in wanted if cid not in found]
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise AssertionError(f"{missing[0]}: implemented, but {what}{more}")
    return wanted


def _implemented(run: _Run) -> str:
    from rulespec.tools.trace import implementations_of

    code = implementations_of()
    _unknown(run, code, lambda ref: str(ref.name))
    wanted = _missing(run, code, "no function carries @implements for it")
    for c in run.clauses():
        if c.status != "implemented" and c.id in code:
            raise AssertionError(f"{c.id}: {c.status}, but {code[c.id][0].name} implements it")
    return f"{len(wanted)} implemented clauses, each with its function"


def _tested(run: _Run) -> str:
    from rulespec.tools.trace import test_citations

    folder = run.tests if run.tests is not None else Path("tests")
    if not folder.is_dir():
        raise Skip(f"no tests folder at {folder} (give --tests)")
    cited = test_citations(folder)
    _unknown(run, cited, lambda ref: f"test {ref.nodeid}")
    wanted = _missing(run, cited, f"no test under {folder} cites it")
    return f"{len(wanted)} implemented clauses, each cited by a test under {folder}"


def _machine(run: _Run) -> str:
    import importlib

    from hypothesis import HealthCheck, Phase, settings
    from hypothesis.stateful import run_state_machine_as_test

    from rulespec.testing.machine import ConformanceMachine

    g = run.game
    machine: type[ConformanceMachine] | None = None
    if g.declaration.kit is not None:
        module = importlib.import_module(g.declaration.kit)
        for name in getattr(module, "__all__", ()):
            found = getattr(module, name, None)
            if isinstance(found, type) and issubclass(found, ConformanceMachine):
                machine = found
    where = "the kit's" if machine is not None else "the default"
    if machine is None:
        machine = type("Machine", (ConformanceMachine,), {"game_id": g.id})
    # A failure is reported in one line: no time is spent shrinking its run.
    chosen = settings(
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        max_examples=run.games,
        stateful_step_count=50,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    with contextlib.redirect_stdout(io.StringIO()):
        run_state_machine_as_test(machine, settings=chosen)
    return f"{where} {machine.__name__}: {run.games} runs of up to 50 steps"


def _invariants(run: _Run) -> str:
    g = run.game
    steps = 0
    for number, (record, states) in enumerate(run.played, 1):
        for k, action in enumerate(record.steps):
            before, after = states[k], states[k + 1]
            broken = g.violations(after) + g.step_violations(before, action, after)
            if broken:
                at = f"random game {number}, {record.players} players, step {k + 1}"
                raise AssertionError(f"{broken[0]} ({at})")
        steps += len(record.steps)
    return f"{len(run.played)} random games, {steps} steps, no invariant broken"


def _records(run: _Run) -> str:
    from rulespec.tools.verifier import verify

    g = run.game
    for record, states in run.played:
        again = Record.from_json(record.to_json())
        if again != record:
            raise AssertionError("a record read back from its JSON differs from the one written")
        verdict = verify(again)
        if not verdict.legal:
            raise AssertionError(f"a record of a random game does not verify: {verdict.illegal}")
        for state in run.sample(states):
            if g.codec.decode_state(g.codec.encode_state(state)) != state:
                raise AssertionError("a state read back from its JSON differs from the one written")
    return f"{len(run.played)} records and their states written and read back"


def _views(run: _Run) -> str:
    g = run.game
    rng = random.Random(run.seed)
    samples = views = 0
    leak = "a state drawn anew from it shows another view: it shows what it should hide"
    for record, states in run.played:
        for state in run.sample(states):
            for player in range(record.players):
                view = g.view(state, player)
                views += 1
                try:
                    drawn = g.sample_state(view, rng, state.options)
                except NotImplementedError:
                    drawn = None
                except ValueError as exc:
                    raise AssertionError(f"player {player}'s view: {leak} ({exc})") from None
                if drawn is not None:
                    samples += 1
                    if g.view(drawn, player) != view:
                        raise AssertionError(f"player {player}'s view: {leak}")
                if g.codec.decode_view(g.codec.encode_view(view)) != view:
                    raise AssertionError(f"player {player}'s view differs once read from its JSON")
    if not samples:
        raise Skip(f"{views} views read back from JSON; the game samples no states from views")
    return f"{views} views read back from JSON, {samples} redrawn without showing what they hide"


def _schemas(run: _Run) -> str:
    try:
        import jsonschema
    except ImportError:
        raise Skip("jsonschema is not installed") from None
    from rulespec import schemas

    g = run.game
    wanted = ("record", "state", "view", "action", "chance")
    shipped = {n.partition("/")[2] for n in schemas.names() if n.startswith(f"{g.id}/")}
    found: dict[str, Any] = {k: schemas.load(f"{g.id}/{k}") for k in wanted if k in shipped}
    if not found:
        raise Skip(f"{g.id} declares no JSON schema")
    checkers = {k: jsonschema.Draft202012Validator(s) for k, s in found.items()}
    checked = 0

    def fits(kind: str, data: Any, where: str) -> None:
        nonlocal checked
        if kind in checkers:
            error = jsonschema.exceptions.best_match(checkers[kind].iter_errors(data))
            if error is not None:
                path = "/".join(str(p) for p in error.absolute_path) or "(top)"
                raise AssertionError(f"{where} breaks {g.id}/{kind} at {path}: {error.message}")
            checked += 1

    for record, states in run.played:
        # A record's steps are alike: its first 200 show as much as all of them.
        fits("record", attrs.evolve(record, steps=record.steps[:200]).to_data(), "a record")
        stride = max(1, len(record.steps) // 10)
        for k in range(0, len(record.steps), stride):
            state, action = states[k], record.steps[k]
            kind = "chance" if g.to_move(state) == (CHANCE,) else "action"
            fits(kind, g.codec.encode_action(action), f"{kind} {action!r}")
            fits("state", g.codec.encode_state(state), "a state")
            fits("view", g.codec.encode_view(g.view(state, k % record.players)), "a view")
    return f"{checked} documents fit {g.id}'s schemas ({', '.join(sorted(found))})"


def _pettingzoo(run: _Run) -> str:
    try:
        from pettingzoo.test import api_test
    except ImportError:
        raise Skip("PettingZoo is not installed") from None
    from rulespec import pettingzoo as rz

    return _at_tables(
        run,
        lambda players, cap: api_test(
            rz.env(run.game.id, players, max_steps=cap), num_cycles=20 * run.games
        ),
        "api_test",
    )


def _openspiel(run: _Run) -> str:
    try:
        import pyspiel
    except ImportError:
        raise Skip("OpenSpiel is not installed") from None
    from rulespec import openspiel as ros

    return _at_tables(
        run,
        lambda players, cap: pyspiel.random_sim_test(
            ros.load(run.game.id, players, max_game_length=cap),
            num_sims=max(1, run.games // 4),
            serialize=True,
            verbose=False,
        ),
        "random_sim_test",
    )


def _at_tables(run: _Run, test: Callable[[int, int], object], name: str) -> str:
    """Run ``test(players, cap)`` at the fewest and the most players, quietly, on games
    cut at 200 player actions at most."""
    g = run.game
    counts = sorted({g.min_players, g.max_players})
    for players in counts:
        cap = min(200, length_cap(g, players, g.default_options()))
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")
            test(players, cap)
    return f"{name} passed at {' and '.join(map(str, counts))} players"


CHECKS: dict[str, Callable[[_Run], str]] = {
    "catalogue": _catalogue,
    "implemented": _implemented,
    "tested": _tested,
    "machine": _machine,
    "invariants": _invariants,
    "records": _records,
    "views": _views,
    "schemas": _schemas,
    "pettingzoo": _pettingzoo,
    "openspiel": _openspiel,
}
"""Each check by name, in the order they run: each returns what it saw, raises
:class:`Skip` when it cannot run here, and anything else when the game fails it."""


def check_game(
    game: str | Game[Any, Any, Any, Any],
    *,
    games: int = 10,
    seed: int = 0,
    tests: str | Path | None = None,
    only: Sequence[str] | None = None,
) -> tuple[Finding, ...]:
    """Run the checks of :data:`CHECKS` (or those named in ``only``) on ``game``.

    ``games`` is the budget: the random games played, the state machine's runs, and
    the ecosystems' cycles and simulations grow with it; ``seed`` fixes them all;
    ``tests`` is the folder whose tests must cite each implemented clause (default:
    ``tests`` in the working directory). Raises :class:`KeyError` for an unknown game,
    :class:`ValueError` for a budget under 1 or an unknown check.
    """
    g = game_of(game)
    if games < 1:
        raise ValueError(f"the budget must be at least 1 game, not {games}")
    unknown = [n for n in only or () if n not in CHECKS]
    if unknown:
        raise ValueError(f"no check {unknown[0]!r} (the checks: {', '.join(CHECKS)})")
    names = [n for n in CHECKS if only is None or n in only]
    run = _Run(g, games, seed, None if tests is None else Path(tests))
    findings = []
    for name in names:
        clock = time.perf_counter()
        try:
            status: Status = "ok"
            reason = CHECKS[name](run)
        except Skip as exc:
            status, reason = "skipped", str(exc)
        except (AssertionError, RecordError) as exc:
            status, reason = "failed", str(exc).strip().splitlines()[0] if str(exc) else name
        except Exception as exc:
            status, reason = "failed", _first_line(exc)
        findings.append(Finding(name, status, reason, time.perf_counter() - clock))
    return tuple(findings)
