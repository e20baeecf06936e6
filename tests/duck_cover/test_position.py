"""The position builder and grid diagrams."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
from tests.integers import Index

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
def test_a_card_no_grid_names_takes_the_first_free_place() -> None:
    state = DC.position(["1 2 3 4\n5 6 7 8\n9 10 11 .", ROWS], card=3)
    assert state.grids[0] == state.grids[1] == Grid.dealt(IDENTITY)


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


# -- only the documented syntax --------------------------------------------------

HALF: Any = (0.5, 0)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"grids": [ROWS, "1_0 1 2 3 4 5 6 7 8 9 11 12"]}, r"grids\[1\]: row 1, column 1: '1_0'"),
        ({"grids": [ROWS, "+5 1 2"]}, r"grids\[1\]: row 1, column 1: '\+5'"),
        ({"grids": [ROWS, "５ 1 2"]}, r"grids\[1\]: row 1, column 1: '５'"),
        ({"grids": [ROWS, "1 ٥ 2"]}, r"grids\[1\]: row 1, column 2: '٥'"),
        ({"grids": [ROWS, "1 2\n3 ²"]}, r"grids\[1\]: row 2, column 2: '²'"),
        ({"grids": [ROWS, "1 2//3"]}, r"grids\[1\]: row 1, column 2: '2//3'"),
        ({"grids": [ROWS, {(0, 0): (1,), (1.5, 0): (2,)}]}, r"grids\[1\]: position \(1.5, 0\)"),
        ({"grids": [ROWS, {(0, 0): (1,), (1, 0): (2.0,)}]}, r"grids\[1\] at \(1, 0\)\[0\]"),
        ({"grids": [ROWS, {(0, 0): (1,), (1, 0): (True,)}]}, r"grids\[1\] at \(1, 0\)\[0\]"),
        ({"grids": [ROWS, {(0, 0): (1,), (1, 0): "2"}]}, r"grids\[1\] at \(1, 0\): expected a"),
        ({"grids": [ROWS, {(0, 0, 0): (1,)}]}, r"grids\[1\]: \(0, 0, 0\) is not a place"),
        ({"grids": [ROWS, {(0, 10**6): (1,)}]}, r"grids\[1\]: \(0, 1000000\) is not a place"),
        ({"grids": [ROWS, Grid(((HALF, (1,)),))]}, r"grids\[1\]: position \(0.5, 0\)"),
        ({"grids": [ROWS, 5]}, r"grids\[1\]: expected a diagram, a Grid"),
        ({"grids": ROWS}, "grids: expected a list"),
        ({"card": 5.0}, "card: expected a whole number, not 5.0"),
        ({"card": True}, "card: expected a whole number, not True"),
        ({"card": "5"}, "card: expected a whole number"),
        ({"captain_pile": [5.0]}, r"captain_pile\[0\]: expected a whole number"),
        ({"discard_zone": (True,)}, r"discard_zone\[0\]: expected a whole number"),
        ({"draw_pile": "12"}, "draw_pile: expected a list"),
        ({"previous": 4.0}, "previous: expected a whole number"),
        ({"previous_discarded": 0}, "previous_discarded: expected True or False"),
        ({"round": 1.0}, "round: expected a whole number"),
        ({"round": 1, "round_scores": [[1, 2.0]]}, r"round_scores\[0\]\[1\]: expected a whole"),
        ({"submitted": Quack(0)}, "submitted: expected a list"),
        ({"options": {"pressure": True}}, "options: expected rulespec.duck_cover.Options"),
    ],
)
def test_values_of_another_kind_are_refused_saying_where(
    change: dict[str, Any], where: str
) -> None:
    arguments: dict[str, Any] = {"grids": [ROWS, ROWS], "card": 3, **change}
    with pytest.raises(rulespec.PositionError, match=f"^{where}"):
        DC.position(**arguments)


def test_whole_numbers_of_any_integer_type_are_cards_and_places() -> None:
    stacks = {(Index(c % 4), Index(c // 4)): (Index(c + 1),) for c in range(12)}
    arguments: dict[str, Any] = {"card": Index(3), "captain_pile": [Index(MAX)]}
    state = DC.position([stacks, None], **arguments)  # type: ignore[list-item]
    assert state == DC.position([ROWS, ROWS], card=3, captain_pile=[MAX])
    assert type(state.card) is int and type(state.grids[0].cells[0][1][0]) is int


# -- partial positions -------------------------------------------------------------


@pytest.mark.clause("dc.setup.grid")
def test_unnamed_ducks_fill_the_free_places_of_the_deal_in_order() -> None:
    state = DC.position(["7/5 . 12\n. 1", None, "3"], card=7)
    assert state.grids[0].diagram() == "7/5   2  12   3\n  4   1   6   8\n  9  10  11   ."
    assert state.grids[1] == Grid.dealt(IDENTITY)
    assert state.grids[2] == Grid.dealt((3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    assert DC.violations(state) == ()
    assert all(len(DC.legal_actions(state, p)) > 0 for p in range(3))


@pytest.mark.clause("dc.variant.low-blows.gift")
def test_under_low_blows_a_family_card_no_grid_names_goes_to_its_own_grid() -> None:
    options = rulespec.duck_cover.Options(low_blows=True)
    state = DC.position(["1", "107/5"], card=3, options=options)
    # Seat 0's 7 is in seat 1's grid; the other ducks fill their own family's rectangle.
    assert state.grids[1].stack_at((0, 0)) == (107, 5)
    assert state.grids[1].stack_at((1, 0)) == (1,)
    assert state.grids[0].cards() == (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
    assert state.grids[0].stack_at((2, 1)) == (8,)
    assert DC.violations(state) == ()


def test_a_full_rectangle_leaves_no_place_for_a_card_no_grid_names() -> None:
    options = rulespec.duck_cover.Options(low_blows=True)
    grid = "201 202 203 204\n205 206 207 208\n209 210 211 212"
    refused_position(r"grids\[0\]: no free place", [grid, "."], card=3, options=options)


@given(st.data())
def test_a_partial_position_is_a_valid_state_with_the_named_cards_in_place(
    data: st.DataObject,
) -> None:
    players = data.draw(st.integers(2, 7), label="players")
    grids: list[dict[tuple[int, int], tuple[int, ...]] | None] = []
    for _ in range(players):
        named = data.draw(st.lists(st.sampled_from(IDENTITY), unique=True, max_size=11))
        places = data.draw(
            st.lists(
                st.tuples(st.integers(-1, 4), st.integers(-1, 3)),
                min_size=len(named),
                max_size=len(named),
                unique=True,
            )
        )
        grid: dict[tuple[int, int], tuple[int, ...]] = {
            place: (c,) for place, c in zip(places, named, strict=True)
        }
        grids.append(data.draw(st.sampled_from([None, grid])))
    card = data.draw(st.sampled_from(IDENTITY))
    state = DC.position(grids, card=card)
    for p, named_grid in enumerate(grids):
        for place, stack in (named_grid or {}).items():
            assert state.grids[p].stack_at(place) == stack
        assert state.grids[p].cards() == IDENTITY
    assert DC.violations(state) == ()
    assert all(len(DC.legal_actions(state, p)) > 0 for p in range(players))


def test_the_masks_of_an_empty_grid_hold_no_place() -> None:
    """``Grid.masks`` are the grid's places as bit masks: a grid without a stack has
    none occupied, none beside a stack, and no place for a Duck."""
    masks = Grid(()).masks()
    assert masks.stacks == 0 and masks.cells == () and masks.tops == ()
    assert list(masks.places(masks.stacks)) == []
    assert masks.beside(masks.stacks) == 0
    assert list(masks.places(masks.beside(masks.stacks) & ~masks.stacks)) == []
