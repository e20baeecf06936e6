"""A Hypothesis state machine per game, to subclass with your own rules and invariants.

The machine deals, plays legal actions chosen by Hypothesis, and checks the
game's published invariants after every step. Give it an engine through
:attr:`ConformanceMachine.adapter_factory` and every step is also applied
to that engine and compared, as :func:`~rulespec.testing.check` does::

    class MyEngineMachine(DuckAndCoverMachine):
        adapter_factory = MyAdapter

        @invariant()
        def my_engine_never_logs_an_error(self) -> None:
            assert not self.adapter.engine.errors

    TestMyEngine = MyEngineMachine.TestCase
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.driver import Driver
from rulespec.testing.kit import kit_for

__all__ = ["ConformanceMachine"]


def _phase(machine: ConformanceMachine) -> str:
    state = machine.state
    g = machine.game
    if g.is_over(state):
        return "over"
    return "chance" if g.to_move(state) == (CHANCE,) else "players"


class ConformanceMachine(RuleBasedStateMachine):
    """Whole games of one game as a state machine (set :attr:`game_id` in a subclass).

    Attributes a rule or invariant may read: :attr:`game`, :attr:`state`
    (rulespec's), :attr:`adapter` (your engine's adapter, or ``None``) and
    :meth:`record` (the game so far).
    """

    game_id: ClassVar[str] = ""
    """The id of the game to play."""
    adapter_factory: ClassVar[Callable[[], Any] | None] = None
    """Builds the adapter of the engine to compare with; ``None`` plays rulespec alone."""
    players: ClassVar[int | Sequence[int] | None] = None
    """The number of players, a sequence to choose from, or ``None`` for any."""
    probes: ClassVar[bool] = True
    """Whether to offer illegal actions to the engine now and then."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game[Any, Any, Any, Any] = rulespec.game(self.game_id)
        factory = type(self).adapter_factory
        self.adapter: Any = None if factory is None else factory()
        self.driver = Driver(self.game, self.adapter, _no_draw, probes=self.probes)

    @property
    def state(self) -> Any:
        """rulespec's state of the game in progress."""
        return self.driver.state

    def record(self) -> Record:
        """The game so far, as a record."""
        return self.driver.record()

    def _use(self, data: st.DataObject) -> None:
        self.driver.draw = data.draw

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        """Start a game: the number of players and the options."""
        self._use(data)
        g = self.game
        players = type(self).players
        if players is None:
            count = data.draw(st.integers(g.min_players, g.max_players))
        elif isinstance(players, int):
            count = players
        else:
            count = data.draw(st.sampled_from(tuple(players)))
        kit = kit_for(g)
        # rulespec alone plays the registered readings too; an engine declares its own
        options = kit.options(g) if self.adapter is not None else kit.reading_options(g)
        self.driver.start(count, data.draw(options))

    @precondition(lambda self: _phase(self) == "over")
    @rule(data=st.data())
    def play_again(self, data: st.DataObject) -> None:
        """After the end of a game, start another."""
        self.new_game(data)

    @precondition(lambda self: _phase(self) == "chance")
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        """A chance step: a deal or a shuffle."""
        self._use(data)
        self.driver.advance()

    @precondition(lambda self: _phase(self) == "players")
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        """One player's legal action."""
        self._use(data)
        self.driver.advance()

    @precondition(lambda self: _phase(self) == "players")
    @rule(data=st.data())
    def turn(self, data: st.DataObject) -> None:
        """Every player to move acts once (the whole of a simultaneous turn)."""
        self._use(data)
        for _ in range(len(self.game.to_move(self.state))):
            if _phase(self) != "players":
                break
            self.driver.advance()

    @invariant()
    def rules_hold(self) -> None:
        """rulespec's own invariants hold in every state the machine reaches."""
        broken = self.game.violations(self.state)
        assert not broken, "; ".join(str(v) for v in broken)


def _no_draw(strategy: st.SearchStrategy[Any]) -> Any:
    raise RuntimeError("the machine draws only inside its rules")
