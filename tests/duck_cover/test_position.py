"""The position builder and grid diagrams."""

from __future__ import annotations

from typing import Any

import pytest

import rulespec
from rulespec.duck_cover import Cover, Deal, Duck, Grid, Quack
from tests.duck_cover.helpers import (
    DC,
    FULL_DECK,
    IDENTITY,
    MAX,
    REPEAT,
    ROWS,
    deal,
    deck_starting,
    pile_without,
)

TWO = {(0, 0): (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (1, 0): (12,)}


def refused_position(match: str | None, grids: list[Any], **kwargs: Any) -> None:
    with pytest.raises(rulespec.PositionError, match=match):
        DC.position(grids, **kwargs)


# -- grids ------------------------------------------------------------------------


@pytest.mark.clause("dc.setup.grid")
def test_a_card_twice_is_refused() -> None:
    refused_position(
        "card 5 appears 2 times in player 1's grid",
        [ROWS, "1 2 3 4\n5 6 7 8\n9 10 11 5"],
        card=3,
    )


@pytest.mark.clause("dc.setup.grid")
def test_a_missing_card_is_refused() -> None:
    refused_position(
        "player 0's grid misses card 12", ["1 2 3 4\n5 6 7 8\n9 10 11 .", ROWS], card=3
    )


@pytest.mark.clause("dc.setup.grid")
def test_a_card_that_is_not_a_duck_card_is_refused() -> None:
    refused_position("card 13", [ROWS, "1 2 3 4\n5 6 7 8\n9 10 11 12/13"], card=3)


@pytest.mark.clause("dc.move.stack")
def test_an_empty_stack_is_refused() -> None:
    refused_position("empty", [ROWS, {**TWO, (2, 0): ()}], card=3)


@pytest.mark.clause("dc.end.single-pile")
def test_a_single_stack_is_refused() -> None:
    refused_position("single stack", [ROWS, {(0, 0): tuple(range(1, 13))}], card=3)


@pytest.mark.clause("dc.move.stack")
def test_two_stacks_in_one_place_are_refused() -> None:
    """No move puts two stacks in one place; a Grid built by hand can."""
    doubled = Grid((((0, 0), (1, 2, 3, 4, 5, 6)), ((0, 0), (7, 8, 9, 10, 11, 12))))
    refused_position(None, [ROWS, doubled], card=3)


@pytest.mark.clause("dc.setup.players")
@pytest.mark.parametrize("players", [1, 8])
def test_a_position_for_1_or_8_players_is_refused(players: int) -> None:
    refused_position("2 to 7 players", [ROWS] * players, card=3)


# -- draw cards -------------------------------------------------------------------


@pytest.mark.clause("dc.setup.draw-deck")
@pytest.mark.parametrize(
    "kwargs",
    [
        {"draw_pile": pile_without((3,))[1:]},  # 25 cards with the one in play
        {"draw_pile": (*pile_without((3,)), 7)},  # a third 7
        {"draw_pile": (*pile_without((3,), (MAX,))[:-1], MAX)},  # Max twice, no Repeat
        {"captain_pile": (5, 5, 5)},  # three 5s
        {"captain_pile": (3, 3)},  # three 3s with the one in play
        {"discard_zone": (MAX, MAX)},
    ],
)
def test_wrong_draw_card_totals_are_refused(kwargs: dict[str, Any]) -> None:
    with pytest.raises(rulespec.PositionError):
        DC.position([ROWS, ROWS], card=3, **kwargs)


@pytest.mark.clause("dc.setup.draw-deck")
@pytest.mark.parametrize("bad", [0, 15, -1])
def test_a_card_that_is_not_a_draw_card_is_refused(bad: int) -> None:
    refused_position("not a draw card", [ROWS, ROWS], card=3, captain_pile=(bad,))
    refused_position("not a draw card", [ROWS, ROWS], card=bad)


@pytest.mark.clause("dc.end.discard-limit")
@pytest.mark.parametrize(("players", "limit"), [(2, 9), (4, 7), (7, 4)])
def test_a_discard_zone_at_the_limit_is_refused(players: int, limit: int) -> None:
    zone = (1, 1, 2, 2, 4, 4, 5, 5, 6)[:limit]
    refused_position("the round would be over", [ROWS] * players, card=3, discard_zone=zone)
    DC.position([ROWS] * players, card=3, discard_zone=zone[:-1])


# -- the rest of a turn -----------------------------------------------------------


@pytest.mark.clause("dc.special.repeat", "dc.special.repeat-after-discard")
def test_a_repeat_in_play_needs_a_call_to_repeat() -> None:
    refused_position("previous", [ROWS, ROWS], card=REPEAT)
    refused_position("discard", [ROWS, ROWS], card=REPEAT, previous=4, previous_discarded=True)
    refused_position("not a call", [ROWS, ROWS], card=REPEAT, previous=REPEAT)


@pytest.mark.clause("dc.turn.simultaneous")
def test_submitted_actions_are_checked() -> None:
    refused_position(
        "resolved", [ROWS, ROWS], card=5, submitted=[Cover(0, (0, 0)), Cover(1, (0, 0))]
    )
    refused_position("action of player 1", [ROWS, ROWS], card=5, submitted=[Cover(1, (0, 0)), None])
    refused_position("dc.move.must-move", [ROWS, ROWS], card=5, submitted=[Quack(0), None])
    refused_position("one entry per player", [ROWS, ROWS], card=5, submitted=[None])


@pytest.mark.clause("dc.game.three-rounds")
def test_round_scores_must_match_the_round() -> None:
    refused_position("round_scores", [ROWS, ROWS], card=5, round=1)
    refused_position("round_scores", [ROWS, ROWS], card=5, round_scores=[(1, 2)])
    refused_position("round_scores", [ROWS, ROWS], card=5, round=3, round_scores=[(0, 0)] * 3)
    DC.position([ROWS, ROWS], card=5, round=2, round_scores=[(0, 0), (1, 1)])


@pytest.mark.clause("dc.game.three-rounds")
def test_round_scores_must_hold_one_score_per_player() -> None:
    """Otherwise the totals of the built state cannot be computed."""
    refused_position(None, [ROWS, ROWS], card=5, round=1, round_scores=[(1,)])
    refused_position(None, [ROWS, ROWS], card=5, round=1, round_scores=[(1, 2, 3)])


@pytest.mark.clause("dc.turn.simultaneous")
def test_a_submitted_step_that_is_no_players_action_is_refused() -> None:
    deal = Deal((IDENTITY, IDENTITY), FULL_DECK)
    refused_position(None, [ROWS, ROWS], card=5, submitted=[deal, None])


@pytest.mark.clause("dc.setup.grid", "dc.turn.draw")
def test_a_built_position_equals_the_dealt_one() -> None:
    first = (5, 9, 2)
    dealt = deal(2, first=first)
    built = DC.position([ROWS, ROWS], card=5, draw_pile=deck_starting(*first)[1:])
    assert built == dealt


@pytest.mark.clause("dc.turn.simultaneous")
def test_a_built_position_with_a_submitted_action_equals_the_played_one() -> None:
    played = DC.apply(DC.position([ROWS, ROWS], card=5), Duck(1, (-1, 0)))
    built = DC.position([ROWS, ROWS], card=5, submitted=[None, Duck(1, (-1, 0))])
    assert built == played


# -- diagrams ---------------------------------------------------------------------


def test_a_diagram_reads_row_by_row_from_its_origin() -> None:
    grid = Grid.from_diagram(
        """
        7/5  1  .  3
          4  6  2  8
          9 10 11 12
        """,
        origin=(-1, 2),
    )
    assert dict(grid.cells) == {
        (-1, 2): (7, 5),
        (0, 2): (1,),
        (2, 2): (3,),
        (-1, 3): (4,),
        (0, 3): (6,),
        (1, 3): (2,),
        (2, 3): (8,),
        (-1, 4): (9,),
        (0, 4): (10,),
        (1, 4): (11,),
        (2, 4): (12,),
    }
    assert grid.origin == (-1, 2)


def test_a_diagram_is_written_back_the_same_way() -> None:
    grid = Grid.from_stacks({(-2, -1): (3,), (0, -1): (1, 2), (-1, 0): (12, 4), (0, 0): (5,)})
    text = grid.diagram()
    assert text == "   3    .  1/2\n   . 12/4    5"
    assert Grid.from_diagram(text, origin=(-2, -1)) == grid
    assert Grid.from_diagram(text) != grid


def test_diagrams_round_trip_through_a_seeded_game() -> None:
    record = rulespec.Record.play(DC, players=3, seed=5, steps=400)
    seen = 0
    for state in record.states():
        for grid in state.grids:
            assert Grid.from_diagram(grid.diagram(), origin=grid.origin) == grid
            seen += 1
    assert seen > 300


def test_a_diagram_with_a_word_is_refused() -> None:
    with pytest.raises(rulespec.PositionError, match="row 2, column 3"):
        Grid.from_diagram("1 2 3\n4 5 six")
