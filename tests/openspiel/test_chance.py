"""Chance nodes: one card drawn at a time, with exact probabilities that make every
ordering of a pile as likely as a shuffle does."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import rulespec
from rulespec.openspiel.draws import Draws
from tests.openspiel.helpers import GAME_IDS, THOROUGH, short, step


def _orderings(draws: Draws) -> dict[tuple[tuple[object, ...], ...], Fraction]:
    """Every outcome the draws can end in, with its exact probability."""
    if draws.complete:
        return {draws.ordering(): Fraction(1)}
    found: dict[tuple[tuple[object, ...], ...], Fraction] = {}
    for outcome, p in draws.outcomes():
        for ordering, q in _orderings(draws.draw(outcome)).items():
            found[ordering] = found.get(ordering, Fraction(0)) + p * q
    return found


def _arrangements(pile: tuple[object, ...]) -> int:
    """The distinct orderings of ``pile``: n! over the copies' factorials."""
    return math.factorial(len(pile)) // math.prod(math.factorial(n) for n in Counter(pile).values())


@pytest.mark.parametrize(
    "piles",
    [
        ((1, 2, 3, 4),),
        ((3, 5, 5, 12),),
        (("a", "a", "b", "b", "b"), (7,), (1, 2, 2)),
        (("x", "x"), ("y", "z", "y", "z")),
    ],
)
def test_every_ordering_is_equally_likely(piles: tuple[tuple[object, ...], ...]) -> None:
    found = _orderings(Draws.start(rulespec.Chance("deal", "toy", piles)))
    expected = math.prod(_arrangements(p) for p in piles)
    assert len(found) == expected
    assert set(found.values()) == {Fraction(1, expected)}
    for ordering in found:
        assert [sorted(map(str, o)) for o in ordering] == [sorted(map(str, p)) for p in piles]


def test_forced_piles_take_no_draw() -> None:
    draws = Draws.start(rulespec.Chance("deal", "toy", ((4, 4, 4), (9,), (1, 1, 2))))
    assert draws.current == 2  # the first two piles are placed at once
    assert draws.outcomes() == ((0, Fraction(2, 3)), (2, Fraction(1, 3)))
    assert not Draws.start(rulespec.Chance("deal", "toy", ((5,), ()))).outcomes()


def test_a_card_not_left_is_refused() -> None:
    draws = Draws.start(rulespec.Chance("deal", "toy", ((3, 5, 5, 12),))).draw(0)
    with pytest.raises(ValueError, match="not a card index left"):
        draws.draw(0)  # the only 3 is drawn
    with pytest.raises(ValueError, match="not a card index left"):
        draws.draw(2)  # a 5 is outcome 1, the index of its first copy


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_chance_nodes_of_real_games(game_id: str) -> None:
    """Every chance node met in random play: outcomes are card indices below
    ``max_chance_outcomes``, each with probability copies left / cards left of its pile
    (counted here from the pile and the cards drawn since the step began), summing to 1.
    (The replay test checks that the chance step applied is the ordering drawn.)"""
    game = short(game_id, 4)
    rules = rulespec.game(game_id)
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    drawn: list[int] = []
    pile_index = 0
    nodes = 0
    while not state.is_terminal() and nodes < (5000 if THOROUGH else 600):
        if not state.is_chance_node():
            drawn, pile_index = [], 0
            step(state, rng)
            continue
        nodes += 1
        piles = rules.chance(state.node.state).piles
        while len(drawn) >= len(piles[pile_index]) or _forced(piles[pile_index], drawn):
            drawn, pile_index = [], pile_index + 1
        pile = piles[pile_index]
        left = Counter(pile) - Counter(pile[i] for i in drawn)
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == sorted(pile.index(card) for card in left)
        assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
        total = sum(left.values())
        for action, p in outcomes:
            assert p == left[pile[action]] / total
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert sum(p for _, p in state.node.draws.outcomes()) == 1
        assert state.legal_actions() == [a for a, _ in outcomes]
        before = state.node.record
        step(state, rng)
        drawn.append(state.history()[-1])
        if state.node.record is not before:  # the chance step is applied
            drawn, pile_index = [], 0
    assert nodes > 0


def _forced(pile: tuple[object, ...], drawn: list[int]) -> bool:
    left = Counter(pile) - Counter(pile[i] for i in drawn)
    return len(left) <= 1
