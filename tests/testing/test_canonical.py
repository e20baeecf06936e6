"""The canonical projections: what no rule defines is left out of the comparison,
everything a rule defines is kept."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import settings

import rulespec
from rulespec.canardage import Card, Disperse, Play
from rulespec.canardage import Phase as CanPhase
from rulespec.canardage import State as CanState
from rulespec.canardage import kit as can_kit
from rulespec.duck_cover import Phase as DcPhase
from rulespec.duck_cover import State as DcState
from rulespec.duck_cover import kit as dc_kit
from rulespec.duo import Phase as DuoPhase
from rulespec.duo import State as DuoState
from rulespec.duo import kit as duo_kit
from rulespec.testing import ReferenceAdapter, check
from tests.profiles import scaled

DC = rulespec.game("duck-and-cover")
DUO = rulespec.game("duo")
CAN = rulespec.game("canardage")
QUICK = settings(max_examples=6, derandomize=True, database=None)
SHRINK_STEPS = scaled(500, 5_000)
"""Steps replayed while shrinking a divergence: a few hundred under dev (the checks below
hold for any game found, shrunk or not)."""


def _play(game: Any, state: Any, until: Any, limit: int = 3000) -> Any:
    """Play the first legal action (chance by its seed) until ``until(state)``."""
    import random

    rng = random.Random(3)
    for _ in range(limit):
        if until(state):
            return state
        actors = game.to_move(state)
        if actors == (rulespec.CHANCE,):
            state = game.apply(state, game.sample_chance(state, rng))
        else:
            legal = list(game.legal_actions(state, actors[0]))
            state = game.apply(state, rng.choice(legal))
    raise AssertionError("not reached")


def test_duck_and_cover_leaves_out_the_round_number_and_the_hidden_pile_orders() -> None:
    state = _play(DC, DC.start(3, seed=2), lambda s: len(s.captain_pile) >= 3)
    top = state.captain_pile[-1]
    shuffled = attrs.evolve(
        state,
        round=5,
        captain_pile=(*reversed(state.captain_pile[:-1]), top),
        discard_zone=tuple(reversed(state.discard_zone)),
    )
    assert dc_kit.canonical(shuffled) == dc_kit.canonical(state)
    # The visible top of the Captain pile and the draw pile's order are rules.
    under = state.captain_pile[0]
    assert (
        dc_kit.canonical(attrs.evolve(state, captain_pile=(*state.captain_pile[1:], under)))
        != dc_kit.canonical(state)
        or under == top
    )
    assert dc_kit.canonical(
        attrs.evolve(state, draw_pile=tuple(reversed(state.draw_pile)))
    ) != dc_kit.canonical(state)


def test_duck_and_cover_between_rounds_keeps_the_grids_and_the_scores_only() -> None:
    state = _play(DC, DC.start(2, seed=4), lambda s: s.phase is DcPhase.DEAL and s.round_scores)
    left = attrs.evolve(state, draw_pile=(), card=None, previous=None, submitted=())
    assert dc_kit.canonical(left) == dc_kit.canonical(state)
    other = attrs.evolve(state, round_scores=((0, 0),))
    assert dc_kit.canonical(other) != dc_kit.canonical(state)


def test_duo_leaves_out_hand_order_and_the_turn_after_the_match() -> None:
    state = _play(DUO, DUO.start(3, seed=1), lambda s: s.phase is DuoPhase.TURN)
    scrambled = attrs.evolve(state, hands=tuple(tuple(reversed(h)) for h in state.hands))
    assert duo_kit.canonical(scrambled) == duo_kit.canonical(state)
    assert duo_kit.canonical(attrs.evolve(state, turn=(state.turn + 1) % 3)) != (
        duo_kit.canonical(state)
    )
    short = DUO.new_game(2, rulespec.duo.Options(max_rounds=1))
    over = _play(DUO, short, lambda s: s.phase is DuoPhase.OVER)
    assert duo_kit.canonical(attrs.evolve(over, turn=1 - over.turn, starter=1)) == (
        duo_kit.canonical(over)
    )


def test_canardage_leaves_out_seen_and_the_order_of_played_cards() -> None:
    state = _play(CAN, CAN.start(3, seed=5), lambda s: len(s.played) >= 3)
    scrambled = attrs.evolve(state, seen=state.seen + 2, played=tuple(reversed(state.played)))
    assert can_kit.canonical(scrambled) == can_kit.canonical(state)
    assert (
        can_kit.canonical(attrs.evolve(state, deck=tuple(reversed(state.deck))))
        != (can_kit.canonical(state))
        or len(set(state.deck)) == 1
    )


def _dispersion(seed: int) -> tuple[CanState, CanState]:
    """A game right before and right after a Dispersion is played."""
    options = rulespec.canardage.Options(action_deck={"dispersion": 30, "en-joue": 30})
    state = CAN.new_game(3, options)
    import random

    state = CAN.apply(state, CAN.sample_chance(state, random.Random(seed)))
    p = state.turn
    after = CAN.apply(state, Play(p, Card.DISPERSION, ()))
    assert after.phase is CanPhase.DISPERSION
    return state, after


def test_canardage_dispersion_may_gather_and_draw_before_or_after_its_shuffle() -> None:
    before, waiting = _dispersion(1)
    p = before.turn
    # An engine that keeps the line until the shuffle and draws first.
    hand = (*waiting.hands[p], waiting.draw_pile[0])
    early = attrs.evolve(
        waiting,
        line=before.line,
        deck=before.deck,
        hands=(*waiting.hands[:p], hand, *waiting.hands[p + 1 :]),
        draw_pile=waiting.draw_pile[1:],
    )
    assert can_kit.canonical(early) == can_kit.canonical(waiting)
    # The shuffle itself then decides the new line: that is compared.
    done = CAN.apply(waiting, Disperse(tuple(sorted(waiting.deck))))
    assert can_kit.canonical(done).line == done.line


class Bookkeeper(ReferenceAdapter):
    """rulespec itself, with its bookkeeping kept some other way."""

    def state(self) -> Any:
        s = super().state()
        if isinstance(s, DcState):
            return attrs.evolve(s, round=9, discard_zone=tuple(reversed(s.discard_zone)))
        if isinstance(s, DuoState):
            turn = -5 if s.phase is DuoPhase.OVER else s.turn
            return attrs.evolve(s, round=9, turn=turn, hands=tuple(h[::-1] for h in s.hands))
        if isinstance(s, CanState):
            return attrs.evolve(s, seen=0, played=tuple(reversed(s.played)))
        return s


@pytest.mark.parametrize("game", ["duck-and-cover", "duo", "canardage"])
def test_an_engine_keeping_its_own_bookkeeping_conforms(game: str) -> None:
    assert check(Bookkeeper(), game, max_steps=150, settings=QUICK).games >= 6


@pytest.mark.parametrize("game", ["duck-and-cover", "duo", "canardage"])
def test_a_rule_difference_in_the_state_still_diverges(game: str) -> None:
    class WrongScores(ReferenceAdapter):
        def state(self) -> Any:
            s = super().state()
            if isinstance(s, CanState):
                return attrs.evolve(s, shot=tuple(x + 1 for x in s.shot))
            return attrs.evolve(s, round_scores=((1,) * s.players, *s.round_scores))

    with pytest.raises(rulespec.testing.DivergenceError) as info:
        check(WrongScores(), game, max_steps=50, settings=QUICK, shrink_steps=SHRINK_STEPS)
    assert info.value.divergence.kind == "state"
