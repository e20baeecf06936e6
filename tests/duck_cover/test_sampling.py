"""Determinisation in Duck & Cover: covered cards, hidden piles and the other players'
actions of the turn are drawn as a fair shuffle (and a uniform choice) would."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import attrs
import pytest

import rulespec
from rulespec import CHANCE
from rulespec.duck_cover import Options, Phase, State
from rulespec.duck_cover.game import DuckAndCover
from tests.sampling_checks import P_MIN, SAMPLES, chi_squared_p, exact_law

DC: DuckAndCover = rulespec.duck_cover.GAME
SURPRISES = Options(surprises=True)


def first_state(players: int, options: Options, wanted: Callable[[State], bool]) -> State:
    """The first state of seeded random games (players acting in random order) that
    ``wanted`` accepts."""
    for seed in range(200):
        rng = random.Random(seed)
        state = DC.new_game(players, options)
        while not DC.is_over(state):
            actors = DC.to_move(state)
            if actors == (CHANCE,):
                state = DC.apply(state, DC.sample_chance(state, rng))
                continue
            if wanted(state):
                return state
            state = DC.apply(state, rng.choice(DC.legal_actions(state, rng.choice(actors))))
    raise AssertionError("no such state in 200 games")


def covered(state: State, seat: int) -> list[int]:
    return [len(stack) - 1 for _, stack in state.grids[seat].cells]


@pytest.mark.clause("dc.view.hidden")
@pytest.mark.parametrize("seat", [0, 2])
def test_covered_cards_follow_a_fair_shuffle_exactly(seat: int) -> None:
    state = first_state(
        3,
        Options(),
        lambda s: 4 <= sum(covered(s, seat)) <= 6 and sum(map(bool, covered(s, seat))) >= 2,
    )
    counts = covered(state, seat)
    pool = [c for _, stack in state.grids[seat].cells for c in stack[:-1]]

    def observe(order: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        found, at = [], 0
        for k in counts:
            found.append(order[at : at + k])
            at += k
        return tuple(found)

    law = exact_law(pool, observe)
    seen = DC.view(state, 0)  # the player's own covered cards are hidden from them too
    rng = random.Random(4)
    observed: Counter[object] = Counter()
    for _ in range(4000 * SAMPLES):
        guess = DC.sample_state(seen, rng)
        observed[tuple(stack[:-1] for _, stack in guess.grids[seat].cells)] += 1
    assert chi_squared_p(observed, law) > P_MIN


@pytest.mark.clause("dc.variant.low-blows.ownership")
def test_under_low_blows_a_covered_duck_may_be_of_any_family() -> None:
    options = Options(low_blows=True)
    state = first_state(
        3,
        options,
        lambda s: s.phase is Phase.TURN and all(sum(covered(s, p)) >= 3 for p in range(3)),
    )
    seen = DC.view(state, 1)
    rng = random.Random(2)
    places: set[tuple[int, int]] = set()
    for _ in range(300):
        guess = DC.sample_state(seen, rng, options)
        for holder, grid in enumerate(guess.grids):
            for _, stack in grid.cells:
                places.update(
                    (holder, card // 100 - 1 if card > 100 else holder) for card in stack[:-1]
                )
    # every family's hidden ducks turn up under every grid's covered cards
    assert places == {(h, f) for h in range(3) for f in range(3)}


@pytest.mark.clause("dc.deck.no-peeking", "dc.variant.surprises")
def test_hidden_draw_cards_follow_a_fair_shuffle() -> None:
    state = first_state(3, SURPRISES, lambda s: len(s.captain_pile) >= 3 and len(s.draw_pile) >= 2)
    seen = DC.view(state, 0)
    hidden = Counter([*state.draw_pile, *state.captain_pile[:-1], *state.set_aside])
    total = sum(hidden.values())
    pair_law = {
        (a, b): Fraction(hidden[a] * (hidden[b] - (a == b)), total * (total - 1))
        for a in hidden
        for b in hidden
        if hidden[b] - (a == b) > 0
    }
    one_law = {card: Fraction(k, total) for card, k in hidden.items()}
    rng = random.Random(6)
    pairs: Counter[tuple[int, int]] = Counter()
    aside: Counter[object] = Counter()
    for _ in range(4000 * SAMPLES):
        guess = DC.sample_state(seen, rng, SURPRISES)
        pairs[(guess.draw_pile[0], guess.captain_pile[0])] += 1
        aside[guess.set_aside[1]] += 1
    assert chi_squared_p(aside, one_law) > P_MIN
    # Pairs of the rarer cards are too rare for the test: merge them by whether they match.
    same: Counter[object] = Counter()
    for (first, second), v in pairs.items():
        same[first == second] += v
    same_law: dict[object, Fraction] = {True: Fraction(0), False: Fraction(0)}
    for (a, b), p in pair_law.items():
        same_law[a == b] += p
    assert chi_squared_p(same, same_law) > P_MIN
    firsts = Counter({a: 0 for a in hidden})
    for (a, _), v in pairs.items():
        firsts[a] += v
    assert chi_squared_p(firsts, one_law) > P_MIN


@pytest.mark.clause("dc.view.simultaneous")
def test_another_players_action_is_drawn_uniformly_among_theirs() -> None:
    def wanted(s: State) -> bool:
        waiting = attrs.evolve(s, submitted=(None,) * s.players)
        return (
            s.submitted[2] is not None
            and s.submitted[0] is None
            and len(DC.legal_actions(waiting, 2)) >= 5
        )

    state = first_state(3, Options(), wanted)
    seen = DC.view(state, 0)
    choices = list(DC.legal_actions(attrs.evolve(state, submitted=(None,) * 3), 2))
    rng = random.Random(9)
    counts: Counter[object] = Counter()
    for _ in range(300 * len(choices) * SAMPLES):
        guess = DC.sample_state(seen, rng)
        counts[guess.submitted[2]] += 1
        assert (guess.submitted[1] is None) == (state.submitted[1] is None)
    law = {a: Fraction(1, len(choices)) for a in choices}
    assert chi_squared_p(counts, law) > P_MIN


def test_the_players_own_action_is_kept() -> None:
    state = first_state(
        4, Options(), lambda s: s.submitted[3] is not None and s.submitted[0] is None
    )
    seen = DC.view(state, 3)
    guess = DC.sample_state(seen, random.Random(1))
    assert guess.submitted[3] == state.submitted[3]
