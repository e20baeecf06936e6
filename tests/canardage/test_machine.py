"""Whole games driven by Hypothesis: chance outcomes and plays chosen by it, every
invariant checked after every step, and a proof that the profile reaches game ends."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from rulespec import CHANCE
from rulespec.canardage import Discard, Options, Play, State
from rulespec.canardage.cards import DUCKS_PER_COLOUR
from rulespec.canardage.kit import KIT
from rulespec.canardage.policy import random_card_policy
from rulespec.canardage.rules import legal_actions
from tests.canardage.helpers import GAME


class CanardageMachine(RuleBasedStateMachine):
    """Plays Canardage games; a fast-forward rule plays many turns at once so that
    games end within a run's step budget."""

    ends: ClassVar[Counter[str]] = Counter()

    def __init__(self) -> None:
        super().__init__()
        self.state: State = GAME.new_game(3)
        self.players = 3
        self.options = Options()

    @initialize(players=st.integers(3, 6), options=KIT.reading_options(GAME))
    def start(self, players: int, options: Options) -> None:
        self.players = players
        self.options = options  # the published rules, or readings of the catalogue
        self.state = GAME.new_game(players, options)
        type(self).ends.update([f"options:{sorted(GAME.encode_options(options))}"])

    def _step(self, action: Any) -> None:
        before = self.state
        if isinstance(action, Play | Discard):
            assert action in GAME.legal_actions(before, before.turn)
        after = GAME.apply(before, action)
        found = GAME.violations(after) + GAME.step_violations(before, action, after)
        assert not found, "; ".join(str(v) for v in found)
        if GAME.is_over(after):
            alive = [p for p, s in enumerate(after.shot) if s < DUCKS_PER_COLOUR]
            assert len(alive) <= 1
            if alive:
                assert GAME.winners(after) == tuple(alive)
            else:  # the last ducks fell together: those who still had ducks share the win
                before_alive = [p for p, s in enumerate(before.shot) if s < DUCKS_PER_COLOUR]
                assert GAME.winners(after) == tuple(before_alive)
            kind = "shared" if len(after.winners) > 1 else "single"
            type(self).ends.update([f"end:{kind}", f"end:{after.players}p"])
        self.state = after

    def _is_chance(self) -> bool:
        return GAME.to_move(self.state) == (CHANCE,)

    def _is_play(self) -> bool:
        return not GAME.is_over(self.state) and not self._is_chance()

    @precondition(lambda self: self._is_chance())
    @rule(data=st.data())
    def shuffle(self, data: st.DataObject) -> None:
        piles = GAME.chance(self.state).piles
        outcome = tuple(data.draw(st.permutations(pile)) for pile in piles)
        self._step(GAME.chance_action(self.state, outcome))

    @precondition(lambda self: self._is_play())
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        legal = legal_actions(self.state, self.state.turn)
        card = data.draw(st.sampled_from(legal.cards()))
        uses = legal.uses(card)
        self._step(uses[data.draw(st.integers(0, len(uses) - 1))])

    @precondition(lambda self: not GAME.is_over(self.state))
    @rule(seed=st.integers(0, 2**32 - 1))
    def fast_forward(self, seed: int) -> None:
        # The number of turns comes from the seed too: drawn by Hypothesis, which favours
        # constants found in the loaded modules, it changed with the tests run before.
        rng = random.Random(seed)
        for _ in range(rng.randint(10, 60)):
            if GAME.is_over(self.state):
                return
            if self._is_chance():
                self._step(GAME.sample_chance(self.state, rng))
            else:
                self._step(random_card_policy(GAME, self.state, self.state.turn, rng))

    @precondition(lambda self: GAME.is_over(self.state))
    @rule()
    def restart(self) -> None:
        self.state = GAME.new_game(self.players, self.options)

    @invariant()
    def holds(self) -> None:
        assert not GAME.violations(self.state)


@pytest.mark.clause(
    "can.end.winner",
    "can.end.out",
    "can.turn.draw",
    "can.cover.forward",
    "can.planque.space",
    "can.action.canarchie",
    "can.action.palme-avant",
    "can.action.palme-arriere",
    "can.setup.hands",
    "can.targets.spaces",
    "can.line.close-up",
    "can.deck.reshuffle",
)
def test_whole_games_keep_every_invariant_and_reach_their_end() -> None:
    CanardageMachine.ends.clear()
    examples = min(settings().max_examples, 100)
    budget = settings(max_examples=examples, stateful_step_count=25)
    run_state_machine_as_test(CanardageMachine, settings=budget)
    ends = CanardageMachine.ends
    print(f"\ngame ends reached: {dict(ends)} over {examples} examples")
    assert ends["end:single"] + ends["end:shared"] >= max(3, examples // 5), dict(ends)
    readings = [k for k in ends if k.startswith("options:") and k != "options:[]"]
    assert len(readings) >= min(3, examples // 10), dict(ends)  # readings are played too
