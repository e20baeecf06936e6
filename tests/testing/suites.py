"""What the shared conformance tests need of one game beyond its declaration.

The golden, mutant, foreign-engine and state-machine tests are written once,
parametrized over :func:`rulespec.games`. A game's own data comes from its
declaration and its kit; what only this test suite knows of a game (the
independent engine written in the tests, its mutants and what each partial
adapter of it must still catch) is a :class:`Suite`, the ``SUITE`` of a
module ``tests/testing/*/suite.py``. A game with no such module (a plug-in
registered later) runs the tests that need nothing more, and skips the others.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.testing import Adapter
from rulespec.testing.adapter import OPTIONAL
from rulespec.testing.divergence import Divergence
from rulespec.testing.golden import Golden

GAMES = tuple(g.id for g in rulespec.games())
"""Every registered game, by id (the fourth, a plug-in, included once installed)."""

Check = Callable[[Divergence], None]
"""More assertions on a divergence found."""


@attrs.frozen(kw_only=True)
class Agreement:
    """How long the independent engine is checked against rulespec: ``examples``
    games per profile (``dev`` when the profile is not listed), at most ``max_steps``
    steps each, and more than ``steps_per_game`` steps per game on average."""

    examples: Mapping[str, int]
    steps_per_game: int
    max_steps: int = 1000


@attrs.frozen(kw_only=True)
class Variant:
    """A setup under which the independent engine must agree as well."""

    name: str
    options: Any
    players: tuple[int, ...]


def without(name: str, adapter: type, *queries: str) -> type:
    """A partial ``adapter``: its subclass ``name`` (of the calling module) that leaves
    ``queries`` unanswered, each falling back to :class:`~rulespec.testing.Adapter`'s
    own, which says it is not supported."""
    return _partial(name, adapter, queries, sys._getframe(1).f_globals["__name__"])


def answering(name: str, adapter: type, *queries: str) -> type:
    """A partial ``adapter`` that answers ``queries`` and leaves every other optional query
    unanswered, as :func:`without` does."""
    unanswered = [query for query in OPTIONAL if query not in queries]
    return _partial(name, adapter, unanswered, sys._getframe(1).f_globals["__name__"])


def _partial(name: str, adapter: type, unanswered: Iterable[str], module: str) -> type:
    methods: dict[str, Any] = {query: getattr(Adapter, query) for query in unanswered}
    return type(name, (adapter,), {**methods, "__module__": module})


@attrs.frozen(kw_only=True)
class Partial:
    """A partial adapter of the independent engine, built as ``adapter(engine)``: what
    it answers, and the bug of ``mutant`` it must still catch (a divergence of one of
    ``kinds`` that cites ``clause``)."""

    name: str
    adapter: Callable[..., Any]
    answers: frozenset[str]
    mutant: type | None = None
    kinds: tuple[str, ...] = ()
    clause: str = ""
    examples: int = 200
    """The games searched for the bug."""
    check: Mapping[str, Any] = attrs.field(factory=dict)
    """More arguments of ``check`` while searching for the bug."""
    plain_steps: int | None = None
    """``max_steps`` of a quick check of the adapter of the right engine, which must
    pass (``None``: no such check)."""
    more: Check | None = None


@attrs.frozen(kw_only=True)
class MachineSpec:
    """The kit's state machine driving the independent engine."""

    players: tuple[int, ...]
    steps: int
    """Steps of one run (``stateful_step_count``)."""
    waits: Callable[[Any], None]
    """An invariant on a machine: the engine waits for whom rulespec waits for."""
    bug: type
    """A mutant the machine must catch..."""
    clause: str
    """...citing this clause."""
    never: Callable[[Any], bool] | None = None
    """Something that holds at the start of a game and that the rules let play break:
    a user invariant asserting it must fail the run."""


@attrs.frozen(kw_only=True)
class Suite:
    """One game's independent engine and what the shared tests expect of it."""

    game: str
    adapter: type[Any]
    """The independent engine's full adapter: ``adapter()``, or ``adapter(mutant)``."""
    mutants: tuple[type[Any], ...]
    """Copies of the engine with one rule bug each; each names the clause it breaks
    as ``BREAKS``."""
    min_mutants: int
    distinct_breaks: bool = True
    """Whether every mutant breaks a clause of its own."""
    agreement: Agreement
    variants: tuple[Variant, ...] = ()
    partials: tuple[Partial, ...] = ()
    catch: Mapping[type[Any], Check] = attrs.field(factory=dict)
    """More assertions on the kit's report of some mutants."""
    machine: MachineSpec | None = None
    golden_clauses: tuple[str, ...] = ()
    """The clauses that agreeing on every golden game checks."""
    golden_bug: type
    """A legality bug: the golden check fails on its legal-action counts."""
    golden_caught: tuple[tuple[type, str | None], ...] = ()
    """More mutants that fail the golden check, each with the start of the mismatch
    (``None``: any)."""
    golden_blind: tuple[type, ...] = ()
    """Mutants whose bug no golden game shows (they only accept an illegal action);
    every other mutant fails the golden check."""
    results_only: tuple[tuple[type, str | None], ...] = ()
    """Mutants checked on the golden results alone (no legal-action listing): ``None``
    when the check passes, else the start of the mismatch."""
    golden_covers: Callable[[tuple[Golden, ...]], None] | None = None
    """Assertions that the golden games reach the cases that matter."""
    probe_options: tuple[Any, ...] = (None,)
    """The options of the seeded games whose states the kit's action space is tried on
    (``None``: the published game)."""


@cache
def suites() -> Mapping[str, Suite]:
    """Every ``SUITE`` of ``tests/testing/*/suite.py``, by game id."""
    found: dict[str, Suite] = {}
    for file in sorted(Path(__file__).parent.glob("*/suite.py")):
        module = importlib.import_module(f"tests.testing.{file.parent.name}.suite")
        suite: Suite = module.SUITE
        found[suite.game] = suite
    return found


def suite_of(game: str) -> Suite:
    """The suite of ``game``; skips the test when the game has none."""
    suite = suites().get(game)
    if suite is None:
        pytest.skip(f"the tests hold no independent engine of {game}")
    return suite


def kit_machine(game: str) -> type[Any]:
    """The state machine that the game's kit module names (a plain
    :class:`~rulespec.testing.ConformanceMachine` of the game when it names none)."""
    from rulespec.testing.machine import ConformanceMachine

    declaration = rulespec.game(game).declaration
    if declaration.kit is not None:
        module = declaration.load(declaration.kit)
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, ConformanceMachine)
                and value.game_id == game
            ):
                return value
    name = f"{''.join(part.title() for part in game.split('-'))}Machine"
    return type(name, (ConformanceMachine,), {"game_id": game})
