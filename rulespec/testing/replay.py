"""Replay one saved game through an engine, comparing as :func:`~rulespec.testing.check` does.

A divergent game that :func:`~rulespec.testing.check` reports is a rulespec
record; :func:`check_record` plays it again through an engine, with the
same comparisons after every step, to see whether a fix holds. Every kind
of divergence comes back: a step the engine refuses or should refuse, an
answer that differs after a step, and the legal actions after the last
step. For an engine that draws its own chance, the record's seed is given
again and the engine must draw the record's outcomes.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction
from rulespec.core.game import game as game_by_id
from rulespec.core.record import Record
from rulespec.testing.divergence import CheckResult
from rulespec.testing.driver import Driver

__all__ = ["check_record"]


def _no_draw(strategy: st.SearchStrategy[Any]) -> Any:
    raise RuntimeError("a replay draws nothing: its steps are given")


class _Replay(Driver):
    """A driver whose choices are the record's: the player and the action of each step."""

    wanted: tuple[int, Any] = (CHANCE, None)
    record_steps: tuple[Any, ...] = ()

    def choose(self, items: Sequence[Any]) -> Any:
        player, action = self.wanted
        if action in items:
            return action
        if all(type(i) is int for i in items):
            return player if player in items else items[0]
        return action  # legal in rulespec, outside the kit's current style of play

    def choose_style(self) -> str:
        return "any" if "any" in self.kit.styles else self.kit.styles[0]

    def _expect_outcome(self, outcome: Any) -> None:
        at = len(self.steps)
        expected = self.record_steps[at] if at < len(self.record_steps) else None
        if outcome != expected:
            self.steps.append(outcome)
            self.fail(
                "chance",
                "the engine draws another outcome than the record's from the same seed: "
                "its chance is not repeatable",
                (),
                "no further step" if expected is None else expected,
                outcome,
                outcome,
                step=at,
                setup=False,
            )


def check_record(adapter: Any, record: Record) -> CheckResult:
    """Play ``record`` through ``adapter`` and rulespec side by side, comparing what the
    adapter answers after every step (and each player's legal actions before their step,
    and after the last one).

    A step that rulespec refuses (such as the illegal action an engine accepted, which
    a report of :func:`check` ends with) must be refused by the engine too; the replay
    stops there.

    >>> import rulespec
    >>> from rulespec.testing import ReferenceAdapter
    >>> record = rulespec.Record.play(rulespec.game("duo"), players=3, seed=2, steps=60)
    >>> check_record(ReferenceAdapter(), record).steps
    60

    A record from a position (:attr:`~rulespec.Record.start`) is a
    :class:`ValueError`: an engine starts from a new game.

    Raises:
        DivergenceError: at the first divergence.
    """
    if record.start is not None:
        raise ValueError("the record starts from a position; an engine starts from a new game")
    g = game_by_id(record.game)
    start = time.perf_counter()
    driver = _Replay(g, adapter, _no_draw, probes=False)
    driver.record_steps = record.steps
    driver.style = driver.choose_style()
    driver.start(record.players, record.options, record.chance_seed)
    while len(driver.steps) < len(record.steps):
        action = record.steps[len(driver.steps)]
        state = driver.state
        actors = g.to_move(state)
        if actors == (CHANCE,) and driver.engine_chance:
            driver.advance()
            continue
        try:
            g.apply(state, action)
        except IllegalAction as refusal:
            _expect_refusal(driver, action, refusal)
            driver.tally.notes["refused"] = (
                f"the record's step {len(driver.steps)} is illegal ({refusal.clause}): "
                "the engine refuses it too, and the replay ends there"
            )
            break
        if actors == (CHANCE,):
            driver.step(action)
            continue
        player = next((p for p in actors if action in g.legal_actions(state, p)), actors[0])
        driver.wanted = (player, action)
        driver._next = None  # the record says who acts
        driver.advance()
    else:
        _last_legal(driver)
    tally = driver.tally
    return CheckResult(
        1,
        len(driver.steps),
        time.perf_counter() - start,
        notes=tuple(tally.notes.values()),
        offered=tally.offered,
        unexpressed=tally.unexpressed,
        hidden_chance=tally.hidden_chance,
        exercised=tally.exercised(g, driver.kit),
    )


def _last_legal(driver: Driver) -> None:
    """Compare the legal actions of everyone to move after the last step."""
    g = driver.game
    actors = g.to_move(driver.state)
    if "legal_actions" not in driver.caps or actors == (CHANCE,):
        return
    now = driver._now()
    for p in actors:
        driver._compare_legal(now, p, driver._call("legal_actions", p, step=now))


def _expect_refusal(driver: Driver, action: Any, refusal: IllegalAction) -> None:
    g, kit = driver.game, driver.kit
    try:
        driver.adapter.apply(action)
    except ValueError:
        return
    except Exception as exc:
        driver.fail(
            "crash",
            f"the engine crashes on an illegal action: {kit.describe(g, action)}",
            (refusal.clause,),
            f"refuses it: {refusal}",
            f"raised {type(exc).__name__}: {exc}",
            action,
            setup=False,
        )
    driver.fail(
        "accepted-illegal",
        f"the engine accepts an illegal action: {kit.describe(g, action)}",
        (refusal.clause, *kit.action_clauses(g, driver.state, action)),
        f"refuses it: {refusal}",
        "accepts it",
        action,
        setup=driver.player_steps == 0 and refusal.clause in kit.dealt,
    )
