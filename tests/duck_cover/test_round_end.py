"""The end of a round (single pile, discard limit), new rounds and the end of the game."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.duck_cover import Cover, Deal, Quack, State
from tests.duck_cover.helpers import (
    COVERED5,
    DC,
    FULL_DECK,
    IDENTITY,
    REPEAT,
    ROWS,
    deal,
    deck_starting,
    pile_without,
    play,
    quack_all,
    refused,
)

# Two stacks side by side: the 12 alone at (1, 0) covers the rest into a single pile.
TWO = {(0, 0): (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (1, 0): (12,)}
THREE = {(0, 0): (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (1, 0): (11,), (2, 0): (12,)}


# The discard limit of each player count, from the rulebook's table.
LIMIT = {2: 9, 3: 8, 4: 7, 5: 6, 6: 5, 7: 4}

# Draw cards to lay in a discard zone (no 5: the 5 is in play).
DISCARDS = (1, 1, 2, 2, 3, 3, 4, 4)


def is_waiting_for_a_deal(state: State) -> bool:
    return DC.to_move(state) == (rulespec.CHANCE,) and DC.chance(state).kind == "deal"


# -- single pile ------------------------------------------------------------------


@pytest.mark.clause("dc.end.single-pile", "dc.turn.order")
def test_a_single_pile_ends_the_round() -> None:
    pile = pile_without((12,), (3, 7))
    state = DC.position([TWO, ROWS], card=12, draw_pile=pile)
    state = play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))
    assert dict(state.grids[0].cells) == {(0, 0): (*range(1, 12), 12)}
    assert is_waiting_for_a_deal(state)
    assert state.round == 1
    # Player 0: one stack topped by the 12 (5 splashes), negative. Player 1: the 8
    # (3 splashes) is covered, the other eleven cards show 30 - 3.
    assert state.round_scores == ((-5, 27),)
    # The round ended before the next card was drawn.
    assert state.card is None
    assert state.draw_pile == pile
    assert state.captain_pile == (12,)


@pytest.mark.clause("dc.end.single-pile")
def test_several_players_can_reach_a_single_pile_at_once() -> None:
    state = DC.position([TWO, ROWS, TWO], card=12)
    state = play(state, Cover(0, (0, 0)), Cover(1, (2, 2)), Cover(2, (0, 0)))
    assert is_waiting_for_a_deal(state)
    # Player 1: the 11 (4 splashes) is covered.
    assert state.round_scores == ((-5, 26, -5),)


@pytest.mark.clause("dc.end.single-pile")
def test_two_stacks_left_do_not_end_the_round() -> None:
    state = DC.position([THREE, ROWS], card=12, draw_pile=pile_without((12,), (6,)))
    state = play(state, Cover(0, (1, 0)), Cover(1, (3, 1)))
    assert dict(state.grids[0].cells) == {(0, 0): tuple(range(1, 11)), (1, 0): (11, 12)}
    assert DC.to_move(state) == (0, 1)
    assert state.card == 6
    assert state.round_scores == ()


# -- discard limit ----------------------------------------------------------------


@pytest.mark.clause("dc.end.discard-limit")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_the_round_ends_when_the_discard_zone_reaches_11_minus_players(players: int) -> None:
    limit = LIMIT[players]
    assert limit == 11 - players
    zone = DISCARDS[: limit - 1]
    state = DC.position([COVERED5] * players, card=5, discard_zone=zone)
    assert DC.view(state, 0).discards_left == 1
    state = quack_all(state)
    assert state.discard_zone == (*zone, 5)
    assert is_waiting_for_a_deal(state)
    assert state.round == 1
    assert state.round_scores == ((28,) * players,)


@pytest.mark.clause("dc.end.discard-limit")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_the_round_goes_on_one_discard_before_the_limit(players: int) -> None:
    zone = DISCARDS[: LIMIT[players] - 2]
    state = DC.position([COVERED5] * players, card=5, discard_zone=zone)
    assert DC.view(state, 0).discards_left == 2
    state = quack_all(state)
    assert len(state.discard_zone) == LIMIT[players] - 1
    assert DC.to_move(state) == tuple(range(players))
    assert DC.view(state, 0).discards_left == 1
    assert state.round_scores == ()


@pytest.mark.clause("dc.end.discard-limit", "dc.turn.captain-pile")
def test_a_card_somebody_moved_does_not_count_toward_the_limit() -> None:
    zone = DISCARDS[:8]
    state = DC.position([COVERED5, ROWS], card=5, discard_zone=zone)
    state = play(state, Quack(0), Cover(1, (1, 1)))
    assert state.discard_zone == zone
    assert DC.to_move(state) == (0, 1)


# -- new rounds and the end of the game -------------------------------------------


def _end_first_round() -> State:
    """Round one ends at once: player 0 covers into a single pile."""
    state = DC.position([TWO, ROWS], card=12)
    return play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))


@pytest.mark.clause("dc.round.new", "dc.setup.grid")
def test_a_new_round_deals_fresh_grids_and_all_26_cards() -> None:
    state = _end_first_round()
    assert state.captain_pile == (12,)
    assert state.previous == 12
    with refused("dc.setup.draw-deck"):
        DC.apply(state, Deal((IDENTITY, IDENTITY), pile_without((12,))))
    with refused("dc.turn.draw"):
        DC.apply(state, Quack(0))
    order = (3, 1, 4, 12, 5, 9, 2, 6, 8, 7, 11, 10)
    state = DC.apply(state, Deal((order, IDENTITY), deck_starting(9)))
    assert state.round == 1
    assert dict(state.grids[0].cells)[(3, 0)] == (12,)
    assert dict(state.grids[0].cells)[(0, 0)] == (3,)
    assert len(state.grids[0].cells) == 12
    assert len(state.grids[1].cells) == 12
    assert state.captain_pile == ()
    assert state.discard_zone == ()
    assert state.card == 9
    assert state.draw_pile == deck_starting(9)[1:]
    assert state.previous is None
    assert DC.to_move(state) == (0, 1)


@pytest.mark.clause("dc.round.new", "dc.special.repeat-first")
def test_repeat_first_in_a_later_round_has_nothing_to_repeat() -> None:
    state = _end_first_round()
    assert state.previous == 12  # the last call of round one was played, not discarded
    state = deal(2, first=(REPEAT, 4), state=state)
    assert state.discard_zone == (REPEAT,)
    assert state.card == 4
    assert state.round == 1


@pytest.mark.clause("dc.game.three-rounds", "dc.round.new")
def test_the_second_round_ends_into_a_third() -> None:
    state = DC.position([TWO, ROWS], card=12, round=1, round_scores=[(3, 9)])
    state = play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))
    assert is_waiting_for_a_deal(state)
    assert state.round == 2
    assert state.round_scores == ((3, 9), (-5, 27))
    assert not DC.is_over(state)
    assert DC.winners(state) == ()
    assert DC.scores(state) == (3 - 5, 9 + 27)


@pytest.mark.clause("dc.game.three-rounds")
def test_the_game_is_over_after_the_third_round() -> None:
    state = DC.position([TWO, ROWS], card=12, round=2, round_scores=[(3, 9), (1, -2)])
    state = play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))
    assert DC.is_over(state)
    assert DC.to_move(state) == ()
    assert state.round_scores == ((3, 9), (1, -2), (-5, 27))
    assert DC.scores(state) == (3 + 1 - 5, 9 - 2 + 27)
    assert len(DC.legal_actions(state, 0)) == 0
    with refused("dc.game.three-rounds"):
        DC.apply(state, Quack(0))
    with refused("dc.round.new"):
        DC.apply(state, Deal((IDENTITY, IDENTITY), FULL_DECK))


@pytest.mark.clause(
    "dc.game.three-rounds",
    "dc.round.new",
    "dc.end.discard-limit",
    "dc.special.repeat-after-discard",
    "dc.game.tiebreak",
)
def test_a_whole_game_of_three_short_rounds() -> None:
    """Seven players; each round ends at its fourth discard."""
    state = DC.new_game(7)
    everyone = range(7)
    for rnd in range(3):
        assert is_waiting_for_a_deal(state)
        assert state.round == rnd
        state = deal(7, first=(6, 7, REPEAT, 7, 2, 3), state=state)
        assert state.discard_zone == ()
        state = play(state, *(Cover(p, (2, 1)) for p in everyone))  # each 6 covers the 7
        state = quack_all(state)  # the 7, then Repeat straight after it
        assert state.discard_zone == (7, REPEAT)
        state = quack_all(state)  # the other 7
        state = play(state, *(Cover(p, (2, 0)) for p in everyone))  # each 2 covers the 3
        assert state.card == 3
        assert DC.view(state, 0).discards_left == 1
        state = quack_all(state)
        assert state.discard_zone == (7, REPEAT, 7, 3)
    assert DC.is_over(state)
    # Covered: the 7 (3 splashes) and the 3 (1 splash): 30 - 4 each round.
    assert state.round_scores == ((26,) * 7,) * 3
    assert DC.scores(state) == (78,) * 7
    # Equal totals, ten stacks each: a shared victory.
    assert DC.winners(state) == (0, 1, 2, 3, 4, 5, 6)
