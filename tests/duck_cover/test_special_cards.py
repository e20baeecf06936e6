"""Max and Repeat."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.duck_cover import Cover, Duck, Quack, Reshuffle, State
from tests.duck_cover.helpers import (
    COVERED5,
    DC,
    MAX,
    REPEAT,
    ROWS,
    SPLASH,
    deal,
    deck_starting,
    pile_without,
    play,
    quack_all,
    refused,
)

# The 12 lies under the 11 at (2, 2): the 11 is the highest visible card.
UNDER11 = """
1  2    3 4
5  6    7 8
9 10 12/11 .
"""

# The 12 and 11 lie under the 10 at (1, 2): the 10 is the highest visible card.
UNDER10 = """
1        2 3 4
5        6 7 8
9 12/11/10 . .
"""

# Only 1 to 5 are visible; the 5, at (0, 1), is the highest.
LOW = {
    (0, 0): (6, 7, 8, 9, 10, 11, 12, 1),
    (1, 0): (2,),
    (2, 0): (3,),
    (3, 0): (4,),
    (0, 1): (5,),
}


def cells(state: State, player: int) -> dict[tuple[int, int], tuple[int, ...]]:
    return dict(state.grids[player].cells)


# -- Max --------------------------------------------------------------------------


@pytest.mark.clause("dc.special.max")
def test_max_moves_each_players_highest_visible_card() -> None:
    state = DC.position([ROWS, UNDER11, UNDER10, LOW], card=MAX)
    assert DC.view(state, 0).call == MAX
    assert [list(DC.legal_actions(state, p))[:2] for p in range(4)] == [
        [Cover(0, (2, 2)), Cover(0, (3, 1))],  # the 12 at (3, 2)
        [Cover(1, (1, 2)), Cover(1, (2, 1))],  # the 11 at (2, 2)
        [Cover(2, (0, 2)), Cover(2, (1, 1))],  # the 10 at (1, 2)
        [Cover(3, (0, 0)), Duck(3, (-1, 0))],  # the 5 at (0, 1)
    ]
    for p in range(4):
        with refused("dc.move.must-move"):
            DC.apply(state, Quack(p))
    after = play(state, Cover(0, (2, 2)), Cover(1, (1, 2)), Cover(2, (1, 1)), Cover(3, (0, 0)))
    assert cells(after, 0)[(2, 2)] == (11, 12)
    assert cells(after, 1)[(1, 2)] == (10, 12, 11)
    assert cells(after, 2)[(1, 1)] == (6, 12, 11, 10)
    assert cells(after, 3)[(0, 0)] == (6, 7, 8, 9, 10, 11, 12, 1, 5)
    assert after.captain_pile == (MAX,)


@pytest.mark.clause("dc.special.max")
def test_max_picks_the_highest_number_not_the_most_splashes() -> None:
    # Visible: 10 and 11 (4 splashes each), 1 and 9; the 12 is covered.
    grid = {(0, 0): (12, 10), (1, 0): (2, 3, 4, 11), (0, 1): (5, 6, 7, 8, 1), (1, 1): (9,)}
    assert SPLASH[10] == SPLASH[11]
    state = DC.position([grid, ROWS], card=MAX)
    assert list(DC.legal_actions(state, 0))[:2] == [Cover(0, (0, 0)), Cover(0, (1, 1))]
    after = play(state, Cover(0, (1, 1)), Cover(1, (3, 1)))
    assert cells(after, 0)[(1, 1)] == (9, 2, 3, 4, 11)


# -- Repeat -----------------------------------------------------------------------


@pytest.mark.clause("dc.special.repeat")
def test_repeat_calls_the_previous_number_again() -> None:
    state = deal(2, first=(7, REPEAT, 3))
    # Turn 1: both cover the 8 at (3, 1) with the 7 at (2, 1).
    state = play(state, Cover(0, (3, 1)), Cover(1, (3, 1)))
    assert state.card == REPEAT
    assert DC.view(state, 0).call == 7
    # The 7 now tops (3, 1): it covers the 4 above or the 12 below, or ducks.
    moves = DC.legal_actions(state, 0)
    assert list(moves)[:2] == [Cover(0, (3, 0)), Cover(0, (3, 2))]
    assert Duck(0, (2, 1)) in moves
    state = play(state, Cover(0, (3, 0)), Duck(1, (2, 1)))
    assert cells(state, 0)[(3, 0)] == (4, 8, 7)
    assert cells(state, 1)[(2, 1)] == (8, 7)
    assert state.captain_pile == (7, REPEAT)
    assert state.card == 3


@pytest.mark.clause("dc.special.repeat")
def test_repeat_of_a_covered_number_is_a_quack() -> None:
    state = DC.position([COVERED5, ROWS], card=REPEAT, previous=5)
    assert DC.view(state, 0).call == 5
    assert list(DC.legal_actions(state, 0)) == [Quack(0)]
    assert list(DC.legal_actions(state, 1))[:3] == [
        Cover(1, (0, 0)),
        Cover(1, (0, 2)),
        Cover(1, (1, 1)),
    ]


@pytest.mark.clause("dc.special.repeat-after-max", "dc.special.repeat")
def test_repeat_after_max_is_max_again() -> None:
    pile = tuple(c for c in deck_starting(REPEAT) if c != MAX)
    state = DC.position([UNDER11, ROWS], card=MAX, draw_pile=pile)
    # Max: player 0 moves the 11 (the 12 is covered), player 1 the 12.
    state = play(state, Cover(0, (2, 1)), Cover(1, (2, 2)))
    assert cells(state, 0)[(2, 1)] == (7, 12, 11)
    assert state.card == REPEAT
    assert DC.view(state, 0).call == MAX
    # Were the 12 called, player 0 would have to say « Coin »; Max moves the 11 again.
    with refused("dc.move.must-move"):
        DC.apply(state, Quack(0))
    assert list(DC.legal_actions(state, 0))[:3] == [
        Cover(0, (1, 1)),
        Cover(0, (2, 0)),
        Cover(0, (3, 1)),
    ]
    state = play(state, Cover(0, (2, 0)), Cover(1, (2, 1)))
    assert cells(state, 0)[(2, 0)] == (3, 7, 12, 11)
    assert cells(state, 1)[(2, 1)] == (7, 11, 12)
    assert state.captain_pile == (MAX, REPEAT)


@pytest.mark.clause("dc.special.repeat-after-max")
def test_a_repeat_in_play_after_max_calls_max() -> None:
    state = DC.position([UNDER10, ROWS], card=REPEAT, previous=MAX)
    assert DC.view(state, 0).call == MAX
    assert list(DC.legal_actions(state, 0))[:2] == [Cover(0, (0, 2)), Cover(0, (1, 1))]
    assert list(DC.legal_actions(state, 1))[:2] == [Cover(1, (2, 2)), Cover(1, (3, 1))]


@pytest.mark.clause("dc.special.repeat-first")
@pytest.mark.parametrize(("players", "left"), [(2, 8), (4, 6), (7, 3)])
def test_repeat_first_in_a_round_goes_straight_to_the_discard_zone(players: int, left: int) -> None:
    state = deal(players, first=(REPEAT, 5, 9))
    assert state.discard_zone == (REPEAT,)
    assert state.captain_pile == ()
    assert state.card == 5
    assert state.draw_pile == deck_starting(REPEAT, 5, 9)[2:]
    assert DC.to_move(state) == tuple(range(players))
    assert state.submitted == (None,) * players
    assert DC.view(state, 0).discards_left == left
    assert DC.view(state, 0).call == 5


@pytest.mark.clause("dc.special.repeat-after-discard")
def test_repeat_after_an_all_quack_discard_is_discarded_too() -> None:
    state = deal(2, first=(6, 7, REPEAT, 1))
    # Turn 1: both cover the 7 at (2, 1) with the 6 at (1, 1).
    state = play(state, Cover(0, (2, 1)), Cover(1, (2, 1)))
    assert state.card == 7
    assert [list(DC.legal_actions(state, p)) for p in (0, 1)] == [[Quack(0)], [Quack(1)]]
    state = quack_all(state)
    assert state.discard_zone == (7, REPEAT)
    assert state.captain_pile == (6,)
    assert state.card == 1
    assert DC.view(state, 1).discards_left == 9 - 2
    assert DC.to_move(state) == (0, 1)


@pytest.mark.clause("dc.special.repeat-after-discard")
def test_repeat_after_a_card_someone_moved_is_played() -> None:
    state = DC.position([COVERED5, ROWS], card=5, draw_pile=pile_without((5,), (REPEAT,)))
    state = play(state, Quack(0), Cover(1, (1, 1)))
    assert state.card == REPEAT
    assert state.discard_zone == ()
    assert DC.view(state, 1).call == 5


@pytest.mark.clause(
    "dc.special.repeat-after-discard", "dc.end.discard-limit", "dc.game.three-rounds"
)
def test_an_automatic_discard_can_end_the_round() -> None:
    # Seven players: four discards end the round. Two lie there; the 5 is covered for all.
    state = DC.position(
        [COVERED5] * 7,
        card=5,
        discard_zone=(1, 2),
        draw_pile=pile_without((5, 1, 2), (REPEAT, 8)),
    )
    state = quack_all(state)
    assert state.discard_zone == (1, 2, 5, REPEAT)
    assert DC.to_move(state) == (rulespec.CHANCE,)
    assert state.round == 1
    assert state.card is None
    # Visible: every card but the covered 5 (2 splashes): 30 - 2.
    assert state.round_scores == ((28,) * 7,)


@pytest.mark.clause("dc.special.repeat-after-discard", "dc.end.discard-limit")
def test_an_automatic_discard_one_below_the_limit_does_not_end_the_round() -> None:
    state = DC.position(
        [COVERED5] * 6, card=5, discard_zone=(1, 2), draw_pile=pile_without((5, 1, 2), (REPEAT, 8))
    )
    state = quack_all(state)
    assert state.discard_zone == (1, 2, 5, REPEAT)
    assert state.card == 8
    assert DC.view(state, 0).discards_left == 1
    assert state.round_scores == ()


@pytest.mark.clause("dc.special.repeat", "dc.deck.reshuffle")
def test_repeat_drawn_first_after_a_reshuffle_repeats_the_last_call() -> None:
    # One 9 is in play and one 5 is the last card of the draw pile.
    captain = (1, 1, 2, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, MAX, REPEAT)
    state = DC.position(
        [ROWS, COVERED5], card=9, draw_pile=(5,), captain_pile=captain, discard_zone=(3, 4)
    )
    # The 9s: player 0's at (0, 2) covers the 10, player 1's at (3, 1) covers the 8.
    state = play(state, Cover(0, (1, 2)), Cover(1, (2, 1)))
    assert state.card == 5
    # The 5 is covered for player 1 only; player 0 moves it. Then the pile is empty.
    state = play(state, Cover(0, (0, 0)), Quack(1))
    assert DC.to_move(state) == (rulespec.CHANCE,)
    reshuffled = (REPEAT, *(c for c in (*captain, 9, 5) if c != REPEAT))
    state = DC.apply(state, Reshuffle(reshuffled))
    assert state.card == REPEAT
    assert DC.view(state, 0).call == 5
    assert list(DC.legal_actions(state, 1)) == [Quack(1)]
