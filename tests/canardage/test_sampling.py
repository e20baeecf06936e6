"""Determinisation in Canardage: the hidden cards are dealt as a fair shuffle deals them."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import attrs
import pytest

import rulespec
from rulespec.canardage import Card, State
from rulespec.canardage.cards import sort_cards
from rulespec.canardage.game import Canardage
from tests.sampling_checks import P_MIN, SAMPLES, chi_squared_p, exact_law

CAN: Canardage = rulespec.canardage.GAME
SMALL = CAN.decode_options({"action_deck": {"pan": 3, "en-joue": 3, "planque": 2, "banzai": 4}})


def small_table() -> State:
    """A game of three with a 12-card action deck: two cards played, one left to draw,
    and the three cards last put under the duck deck seen by all."""
    state = CAN.start(3, seed=1, options=SMALL)
    state = attrs.evolve(state, played=state.draw_pile[:2], draw_pile=state.draw_pile[2:], seen=3)
    assert CAN.violations(state) == ()
    return state


@pytest.mark.clause("can.view.hidden")
def test_other_hands_and_draw_pile_follow_a_fair_shuffle_exactly() -> None:
    state = small_table()
    me = 0
    seen = CAN.view(state, me)
    hidden = [c for p, h in enumerate(state.hands) if p != me for c in h] + list(state.draw_pile)
    sizes = [len(h) for p, h in enumerate(state.hands) if p != me]

    def observe(order: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        a, b = sizes
        return (sort_cards(order[:a]), sort_cards(order[a : a + b]), order[a + b :])

    law = exact_law(hidden, observe)
    rng = random.Random(5)
    counts: Counter[object] = Counter()
    for _ in range(3000 * SAMPLES):
        guess = CAN.sample_state(seen, rng, SMALL)
        others = [h for p, h in enumerate(guess.hands) if p != me]
        counts[(*others, guess.draw_pile)] += 1
    assert len(law) > 10
    assert chi_squared_p(counts, law) > P_MIN


@pytest.mark.clause("can.view.deck-bottom")
def test_the_duck_deck_keeps_its_seen_bottom_and_shuffles_the_rest() -> None:
    state = small_table()
    seen = CAN.view(state, 2)
    bottom = state.deck[-3:]
    hidden = Counter(state.deck[:-3])
    rng = random.Random(8)
    at_top: Counter[object] = Counter()
    just_above: Counter[object] = Counter()
    n = 3000 * SAMPLES
    for _ in range(n):
        guess = CAN.sample_state(seen, rng, SMALL)
        assert guess.deck[-3:] == bottom and guess.seen == 3
        at_top[guess.deck[0]] += 1
        just_above[guess.deck[-4]] += 1
    total = sum(hidden.values())
    law = {card: Fraction(k, total) for card, k in hidden.items()}
    assert chi_squared_p(at_top, law) > P_MIN
    assert chi_squared_p(just_above, law) > P_MIN
