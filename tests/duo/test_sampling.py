"""Determinisation in Duo: other hands and the draw pile are dealt as a fair shuffle
deals them; the covered cards of the discard piles form valid chains, nearly uniform."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from math import comb

import attrs
import pytest

import rulespec.duo.sampling
from rulespec.duo import TURBO, Options, State
from rulespec.duo.matching import fits
from tests.duo.helpers import DUO
from tests.sampling_checks import P_MIN, SAMPLES, chi_squared_p


def pile_sizes(state: State) -> tuple[int, ...]:
    return tuple(len(p) for p in state.piles)


def first_state(players: int, sizes: tuple[int, ...], options: Options | None = None) -> State:
    """The first state of seeded random rounds whose piles have these sizes."""
    for seed in range(3000):
        rng = random.Random(seed)
        state = DUO.start(players, seed=seed, options=options)
        while DUO.to_move(state) == (state.turn,):
            if pile_sizes(state) == sizes:
                return state
            state = DUO.apply(state, rng.choice(DUO.legal_actions(state, state.turn)))
    raise AssertionError(f"no piles of sizes {sizes} in 3000 rounds")


@pytest.mark.clause("duo.view.hidden")
def test_other_hands_and_draw_pile_follow_a_fair_shuffle() -> None:
    state = DUO.start(3, seed=8)
    seen = DUO.view(state, 0)
    hidden = [*state.hands[1], *state.hands[2], *state.draw_pile]
    places = {"hand 1": 7, "hand 2": 7, "draw top": 1, "draw rest": len(state.draw_pile) - 1}
    law = {place: Fraction(k, len(hidden)) for place, k in places.items()}
    watched = hidden[::9]  # a few cards: where does each one go?
    rng = random.Random(2)
    counts: dict[int, Counter[str]] = {card: Counter() for card in watched}
    for _ in range(3000 * SAMPLES):
        guess = DUO.sample_state(seen, rng)
        for card in watched:
            if card in guess.hands[1]:
                counts[card]["hand 1"] += 1
            elif card in guess.hands[2]:
                counts[card]["hand 2"] += 1
            elif guess.draw_pile[0] == card:
                counts[card]["draw top"] += 1
            else:
                counts[card]["draw rest"] += 1
    for card in watched:
        assert chi_squared_p(counts[card], law) > P_MIN / len(watched)


@pytest.mark.clause("duo.cards.turbo")
def test_turbo_jokers_are_dealt_as_four_cards_told_apart() -> None:
    options = Options(turbo=True)
    state = DUO.start(2, seed=3, options=options)
    seen = DUO.view(state, 0)
    hidden = [*state.hands[1], *state.draw_pile]
    turbos = hidden.count(TURBO)
    assert turbos >= 2
    # how many Turbo-jokers the other hand holds: hypergeometric, as in a shuffle
    n, k = len(hidden), len(state.hands[1])
    law = {
        t: Fraction(comb(turbos, t) * comb(n - turbos, k - t), comb(n, k))
        for t in range(turbos + 1)
    }
    rng = random.Random(4)
    counts: Counter[int] = Counter()
    for _ in range(3000 * SAMPLES):
        counts[DUO.sample_state(seen, rng, options).hands[1].count(TURBO)] += 1
    merged: Counter[int] = Counter()  # three or four in one hand are too rare to test
    merged_law: dict[int, Fraction] = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for t, v in counts.items():
        merged[min(t, 2)] += v
    for t, p in law.items():
        merged_law[min(t, 2)] += p
    assert chi_squared_p(merged, merged_law) > P_MIN


def chains_down(top: int, length: int, unseen: frozenset[int]) -> Iterator[tuple[int, ...]]:
    """Every chain of ``length`` distinct unseen cards that may lie under ``top``, top
    first."""
    if length == 0:
        yield ()
        return
    for card in unseen:
        if fits(top, card):
            for rest in chains_down(card, length - 1, unseen - {card}):
                yield (card, *rest)


def bottom_law(state: State, player: int) -> dict[int, Fraction]:
    """The exact law of pile 0's bottom card when all arrangements of the covered cards
    that the view allows are equally likely."""
    tops = [p[-1] for p in state.piles]
    unseen = frozenset(range(76)) - set(state.hands[player]) - set(tops)
    below = [len(p) - 1 for p in state.piles]
    ways: Counter[int] = Counter()
    for chain in chains_down(tops[0], below[0], unseen):
        ways[chain[-1]] += sum(1 for _ in chains_down(tops[1], below[1], unseen - set(chain)))
    total = sum(ways.values())
    return {card: Fraction(k, total) for card, k in ways.items()}


Piles = tuple[State, dict[int, Fraction]]
"""A table, and the law of the card under the top of its pile 0 in seat 0's view."""


@pytest.fixture(scope="module")
def short_piles() -> Piles:
    state = first_state(2, (4, 3))
    return state, bottom_law(state, 0)


@pytest.fixture
def searched_piles(short_piles: Piles, monkeypatch: pytest.MonkeyPatch) -> Piles:
    """The short piles, their covered cards sampled as long piles' are: by the search."""
    monkeypatch.setattr(rulespec.duo.sampling, "EXACT", -1)
    return short_piles


def bottoms(state: State, samples: int) -> Counter[int]:
    seen = DUO.view(state, 0)
    rng = random.Random(7)
    return Counter(DUO.sample_state(seen, rng).piles[0][0] for _ in range(samples))


def _p_value(piles: Piles) -> float:
    """How well the sampled covered cards fit their law (chi-squared)."""
    state, law = piles
    return chi_squared_p(bottoms(state, 4000 * SAMPLES), law)


@pytest.mark.clause("duo.view.piles")
def test_covered_cards_are_uniform(short_piles: Piles) -> None:
    assert sum(len(p) - 1 for p in short_piles[0].piles) <= rulespec.duo.sampling.EXACT
    assert _p_value(short_piles) > P_MIN


@pytest.mark.clause("duo.view.piles")
def test_the_search_and_its_sweeps_are_nearly_uniform(searched_piles: Piles) -> None:
    assert _p_value(searched_piles) > P_MIN


@pytest.mark.clause("duo.view.piles")
def test_the_search_alone_fails_that_test(
    searched_piles: Piles, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rulespec.duo.sampling, "SWEEPS", 0)
    assert _p_value(searched_piles) < P_MIN


@pytest.mark.clause("duo.view.piles", "duo.setup.piles")
def test_every_card_that_may_lie_under_a_top_turns_up_there() -> None:
    state = first_state(3, (5, 3))
    seen = DUO.view(state, 1)
    unseen = set(range(76)) - set(state.hands[1]) - {p[-1] for p in state.piles}
    rng = random.Random(3)
    under: list[set[int]] = [set(), set()]
    held: set[int] = set()
    for _ in range(1500 * SAMPLES):
        guess = DUO.sample_state(seen, rng)
        for i in (0, 1):
            under[i].add(guess.piles[i][-2])
        held.update(guess.hands[0])
    for i in (0, 1):
        possible = {c for c in unseen if fits(state.piles[i][-1], c)}
        assert under[i] == possible
    assert held == unseen  # any unseen card may be in another hand


@pytest.mark.clause("duo.place.joker")
def test_a_view_whose_covered_cards_cannot_lie_under_the_top_is_refused() -> None:
    # A blue joker on top of one covered card, and every blue card in the hand: no
    # unseen card may lie under the joker, though the counts add up.
    seen = DUO.view(DUO.start(2, seed=1), 0)
    blue_joker, red_card = 64, 16
    edited = attrs.evolve(
        seen,
        hand=tuple(range(16)),
        hand_sizes=(16, 7),
        pile_tops=(blue_joker, red_card),
        pile_sizes=(2, 1),
        draw_pile_size=76 - 16 - 2 - 7 - 1,
    )
    with pytest.raises(ValueError, match="cannot be laid under the tops"):
        DUO.sample_state(edited, random.Random(1))
    possible = attrs.evolve(edited, hand=(*range(1, 16), 17))  # blue-1-circle unseen
    guess = DUO.sample_state(possible, random.Random(1))
    assert guess.piles[0] == (0, blue_joker)
