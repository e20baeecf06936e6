"""Round scores (splashes, sign), totals over three rounds, winners and tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from rulespec.duck_cover import Cover, Options, State
from tests.duck_cover.helpers import DC, SPLASH, quack_all

# Splashes of cards 1 to 12 (FACTS.md, from the published card list).
TABLE = (0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5)

# Grids in which the 1 is covered, so a called 1 makes everyone say « Coin ».
G_A = "1/2 3 4 5\n6 7 8 9\n10 11 12 ."  # 11 stacks; 2..12 visible: 30
G_B = "1/2/3/4 5 6 7\n8 9 10 11\n12 . . ."  # 9 stacks; 4..12 visible: 28
G_C = {(0, 0): (1, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3), (1, 0): (2,)}  # 2 stacks; 3, 2: 2
G_D = {(0, 0): (1, 12, 11, 10, 2), (1, 0): (9, 8, 3), (2, 0): (7, 6, 5, 4)}  # 2, 3, 4: 4

Grid = str | dict[tuple[int, int], tuple[int, ...]]


def last_round(
    grids: Sequence[Grid],
    earlier: Sequence[Sequence[int]] = (),
    options: Options | None = None,
) -> State:
    """End the round at once: everyone says « Coin » on the covered 1 at the discard limit."""
    players = len(grids)
    zone = (2, 2, 3, 3, 4, 4, 5, 5)[: 11 - players - 1]
    g: list[Any] = list(grids)
    state = DC.position(
        g,
        card=1,
        discard_zone=zone,
        round=len(earlier),
        round_scores=earlier,
        options=options,
    )
    return quack_all(state)


@pytest.mark.clause("dc.cards.splashes", "dc.score.sign", "dc.end.single-pile")
@pytest.mark.parametrize("card", range(1, 13))
def test_a_single_pile_scores_minus_the_splashes_of_its_top(card: int) -> None:
    grid = {(0, 0): tuple(c for c in range(1, 13) if c != card), (1, 0): (card,)}
    state = DC.position([grid, grid], card=card)
    state = DC.apply(DC.apply(state, Cover(0, (0, 0))), Cover(1, (0, 0)))
    assert state.round_scores == ((-TABLE[card - 1], -TABLE[card - 1]),)


@pytest.mark.clause("dc.cards.splashes")
def test_the_splash_table_matches_facts() -> None:
    assert sum(TABLE) == 30
    assert dict(zip(range(1, 13), TABLE, strict=True)) == SPLASH
    assert Options().splashes == TABLE


@pytest.mark.clause("dc.score.splashes", "dc.score.sign")
def test_only_visible_cards_score_and_more_than_one_stack_is_positive() -> None:
    state = last_round([G_A, G_B, G_C, G_D])
    assert state.round_scores == ((30, 28, 2, 4),)


@pytest.mark.clause("dc.cards.splashes", "dc.score.splashes")
def test_the_splash_table_is_an_option() -> None:
    numbers = Options(splashes=tuple(range(1, 13)))  # the Competition variant's scoring
    state = last_round([G_C, G_D], options=numbers)
    assert state.round_scores == ((3 + 2, 2 + 3 + 4),)


@pytest.mark.clause("dc.game.three-rounds", "dc.game.winner")
def test_totals_add_three_rounds_and_the_lowest_wins() -> None:
    state = last_round([G_A, G_B, G_C, G_D], earlier=[(5, -3, 10, 0), (2, 8, -4, 1)])
    assert DC.is_over(state)
    assert DC.scores(state) == (5 + 2 + 30, -3 + 8 + 28, 10 - 4 + 2, 0 + 1 + 4)
    # Player 3 wins on total, though player 2 has fewer stacks.
    assert DC.winners(state) == (3,)


@pytest.mark.clause("dc.game.winner")
def test_a_total_below_zero_is_possible_and_wins() -> None:
    state = last_round([G_A, G_C], earlier=[(-5, 0), (-40, 1)])
    assert DC.scores(state) == (-15, 3)
    assert DC.winners(state) == (0,)


@pytest.mark.clause("dc.game.tiebreak")
def test_a_tie_goes_to_fewer_visible_cards_in_the_last_round() -> None:
    state = last_round([G_A, G_B, G_C], earlier=[(0, 1, 20), (0, 1, 20)])
    assert DC.scores(state) == (30, 30, 42)
    # Players 0 and 1 tie on 30; player 1 has 9 stacks to player 0's 11. Player 2's
    # two stacks do not count: their total is higher.
    assert DC.winners(state) == (1,)


@pytest.mark.clause("dc.game.tiebreak")
def test_a_tie_among_many_keeps_those_with_fewest_stacks() -> None:
    state = last_round([G_B, G_A, G_B, G_C], earlier=[(1, 0, 1, 30), (1, 0, 1, 30)])
    assert DC.scores(state) == (30, 30, 30, 62)
    assert DC.winners(state) == (0, 2)


@pytest.mark.clause("dc.game.tiebreak")
def test_a_full_tie_is_a_shared_victory() -> None:
    state = last_round([G_A, G_A, G_B], earlier=[(0, 0, 5), (0, 0, 5)])
    assert DC.scores(state) == (30, 30, 38)
    assert DC.winners(state) == (0, 1)
