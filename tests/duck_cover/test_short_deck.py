"""The ``deck`` option: a short draw deck, not a rule, for small games to explore."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import rulespec
from rulespec.core.errors import IllegalAction, RecordError
from rulespec.duck_cover import Options
from rulespec.duck_cover.actions import Deal
from rulespec.duck_cover.cards import FAMILY, MAX, REPEAT

DC = rulespec.game("duck-and-cover")


def test_a_short_deck_is_what_a_round_deals_and_draws() -> None:
    options = Options(deck=(9, MAX, 4, 4))
    assert options.draw_deck == (4, 4, 9, MAX)  # in the canonical order
    state = DC.start(2, seed=5, options=options)
    held = Counter([*state.draw_pile, *state.captain_pile, *state.discard_zone, state.card])
    assert held == Counter({4: 2, 9: 1, MAX: 1})
    rng = random.Random(2)
    while not DC.is_over(state):  # every invariant holds along a whole game
        state = DC.apply(state, _step(state, rng))
        assert all(inv.violation(state) is None for inv in DC.invariants)


def _step(state: Any, rng: random.Random) -> Any:
    actors = DC.to_move(state)
    if actors == (rulespec.CHANCE,):
        piles = DC.chance(state).piles
        return DC.chance_action(state, tuple(tuple(rng.sample(p, len(p))) for p in piles))
    return rng.choice(list(DC.legal_actions(state, actors[0])))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ((5, 5, 5), "deck: 3 times 5, but the rules hold 2"),
        ((REPEAT, REPEAT), "deck: 2 times 14, but the rules hold 1"),
        ((15,), "deck: 1 times 15, but no such draw card"),
        (("5",), "deck: expected draw cards"),
    ],
)
def test_a_deck_the_rules_cannot_hold_is_refused(deck: tuple[object, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Options(deck=deck)  # type: ignore[arg-type]


def test_constraints_keep_their_cards_out_of_a_short_deck() -> None:
    with pytest.raises(ValueError, match=r"dc\.variant\.constraints\.deck"):
        Options(constraints=True, deck=(2, 7))
    assert Options(constraints=True, deck=(7, 8)).draw_deck == (7, 8)


def test_the_option_is_written_and_read_as_json() -> None:
    options = Options(deck=(MAX, 3, 3))
    data = DC.encode_options(options)
    assert data == {"deck": [3, 3, "max"]} and DC.decode_options(data) == options
    assert DC.encode_options(Options()) == {}
    with pytest.raises(RecordError, match=r"options.deck\[1\]"):
        DC.decode_options({"deck": [3, "ace"]})


def test_a_deal_of_the_published_deck_is_refused_under_a_short_one() -> None:
    state = DC.new_game(2, Options(deck=(4, 5)))
    with pytest.raises(IllegalAction, match="the 2 cards of the deck option"):
        DC.apply(state, Deal((FAMILY, FAMILY), tuple(range(1, 13))))
