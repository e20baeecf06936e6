"""Goofspiel's own tests: each cites the clauses it checks, so the rules pages list it
under "Checked by" and rulespec's pytest plugin refuses an id the catalogue lacks."""

from __future__ import annotations

import random

import pytest
from rulespec_goofspiel import Bid, Options, Shuffle
from rulespec_goofspiel.examples import examples, table

import rulespec
from rulespec import IllegalAction

GOOF = rulespec.game("goofspiel")


def refused(clause: str, state: object, action: object) -> None:
    with pytest.raises(IllegalAction) as info:
        GOOF.apply(state, action)
    assert info.value.clause == clause


@pytest.mark.rulespec_clause("gs.setup.players", "gs.cards.hands")
def test_two_to_six_players_each_holding_a_suit() -> None:
    state = GOOF.new_game(6, Options(cards=4))
    assert state.hands == ((1, 2, 3, 4),) * 6
    with pytest.raises(IllegalAction) as info:
        GOOF.new_game(7)
    assert info.value.clause == "gs.setup.players"


@pytest.mark.rulespec_clause("gs.setup.shuffle", "gs.cards.prizes")
def test_the_shuffle_turns_up_the_top_prize() -> None:
    state = GOOF.new_game(2, Options(cards=3))
    assert GOOF.chance(state).piles == ((1, 2, 3),)
    after = GOOF.apply(state, Shuffle((2, 3, 1)))
    assert (after.prize, after.prizes) == (2, (3, 1))
    refused("gs.setup.shuffle", state, Shuffle((1, 1, 2)))
    refused("gs.setup.shuffle", after, Shuffle((1, 2, 3)))


@pytest.mark.rulespec_clause("gs.turn.bid", "gs.turn.simultaneous")
def test_every_player_bids_once_a_card_they_hold() -> None:
    state = GOOF.apply(GOOF.new_game(3, Options(cards=3)), Shuffle((1, 2, 3)))
    assert GOOF.to_move(state) == (0, 1, 2)
    state = GOOF.apply(state, Bid(1, 3))
    assert GOOF.to_move(state) == (0, 2)
    refused("gs.turn.simultaneous", state, Bid(1, 2))
    refused("gs.turn.bid", state, Bid(0, 4))


@pytest.mark.rulespec_clause("gs.turn.simultaneous", "gs.turn.reveal")
def test_the_order_of_the_bids_does_not_matter() -> None:
    start = GOOF.start(4, seed=5)
    bids = [Bid(p, c) for p, c in enumerate((7, 13, 2, 13))]
    ends = set()
    for seed in range(6):
        order = random.Random(seed).sample(bids, len(bids))
        state = start
        for bid in order:
            state = GOOF.apply(state, bid)
        ends.add(state)
    assert len(ends) == 1  # and the tie of the two 13s takes nothing
    (end,) = ends
    assert end.won == ((),) * 4 and end.discarded == (start.prize,)


@pytest.mark.rulespec_clause(
    "gs.turn.reveal",
    "gs.turn.next",
    "gs.tie.discard",
    "gs.tie.carry",
    "gs.score.points",
    "gs.score.winner",
    "gs.view.bids",
)
@pytest.mark.parametrize("example", examples(), ids=lambda e: e.name)
def test_the_worked_examples(example: object) -> None:
    assert GOOF.apply(example.before, example.action) == example.after  # type: ignore[attr-defined]


@pytest.mark.rulespec_clause("gs.view.hidden", "gs.view.bids")
def test_a_view_hides_the_prize_order_and_the_others_bids() -> None:
    one = table(((1, 2, 3), (1, 2, 3)), 2, (1, 3), bids=(3, None))
    other = table(((1, 2, 3), (1, 2, 3)), 2, (3, 1), bids=(1, None))
    assert GOOF.view(one, 1) == GOOF.view(other, 1)
    assert GOOF.view(one, 0) != GOOF.view(other, 0)  # player 0 knows their own bid
