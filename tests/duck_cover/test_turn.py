"""Setup, the turn (Cover, Duck, Quack), simultaneity, where the card goes, the deck."""

from __future__ import annotations

from collections import Counter

import pytest

import rulespec
from rulespec.duck_cover import Cover, Deal, Duck, Phase, PlayerAction, Quack, Reshuffle, State
from rulespec.duck_cover.rules import LegalActions, called_stack, destinations
from tests.duck_cover.helpers import (
    COVERED5,
    DC,
    FULL_DECK,
    IDENTITY,
    MAX,
    REPEAT,
    ROWS,
    STACKED,
    deal,
    deck_starting,
    pile_without,
    play,
    quack_all,
    refused,
)

# A hole at (2, 1); the 7 lies under the 12.
HOLE = """
1  2  3    4
5  6  .    8
9 10 11 7/12
"""


def cells(state: State, player: int) -> dict[tuple[int, int], tuple[int, ...]]:
    return dict(state.grids[player].cells)


def rows_cells() -> dict[tuple[int, int], tuple[int, ...]]:
    """The identity grid, written out place by place."""
    return {
        (0, 0): (1,),
        (1, 0): (2,),
        (2, 0): (3,),
        (3, 0): (4,),
        (0, 1): (5,),
        (1, 1): (6,),
        (2, 1): (7,),
        (3, 1): (8,),
        (0, 2): (9,),
        (1, 2): (10,),
        (2, 2): (11,),
        (3, 2): (12,),
    }


# -- setup ------------------------------------------------------------------------


@pytest.mark.clause("dc.setup.players")
@pytest.mark.parametrize("players", [-1, 0, 1, 8, 9])
def test_player_counts_outside_2_to_7_are_refused(players: int) -> None:
    with refused("dc.setup.players"):
        DC.new_game(players)
    with refused("dc.setup.players"):
        DC.start(players, seed=1)


@pytest.mark.clause("dc.setup.players")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_2_to_7_players_can_play(players: int) -> None:
    state = DC.new_game(players)
    assert DC.to_move(state) == (rulespec.CHANCE,)
    started = DC.start(players, seed=players)
    assert len(started.grids) == players
    assert DC.to_move(started) == tuple(range(players))


@pytest.mark.clause("dc.setup.players")
def test_a_player_who_is_not_seated_cannot_act() -> None:
    state = DC.position([ROWS, ROWS], card=5)
    with refused("dc.setup.players"):
        DC.apply(state, Quack(2))
    with refused("dc.setup.players"):
        DC.legal_actions(state, 2)


@pytest.mark.clause("dc.setup.grid")
def test_the_deal_lays_each_family_row_by_row() -> None:
    first = (7, 3, 12, 1, 9, 5, 11, 2, 8, 4, 10, 6)
    second = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    state = deal(2, grids=[first, second])
    assert cells(state, 0) == {
        (0, 0): (7,),
        (1, 0): (3,),
        (2, 0): (12,),
        (3, 0): (1,),
        (0, 1): (9,),
        (1, 1): (5,),
        (2, 1): (11,),
        (3, 1): (2,),
        (0, 2): (8,),
        (1, 2): (4,),
        (2, 2): (10,),
        (3, 2): (6,),
    }
    assert cells(state, 1) == {
        (0, 0): (12,),
        (1, 0): (11,),
        (2, 0): (10,),
        (3, 0): (9,),
        (0, 1): (8,),
        (1, 1): (7,),
        (2, 1): (6,),
        (3, 1): (5,),
        (0, 2): (4,),
        (1, 2): (3,),
        (2, 2): (2,),
        (3, 2): (1,),
    }
    assert state.grids[0].diagram() == " 7  3 12  1\n 9  5 11  2\n 8  4 10  6"


@pytest.mark.clause("dc.setup.grid")
@pytest.mark.parametrize(
    "grids",
    [
        [IDENTITY, (1, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)],  # a card twice
        [IDENTITY, IDENTITY[:11]],  # eleven cards
        [IDENTITY, (*IDENTITY, 12)],  # thirteen cards
        [IDENTITY, (0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)],  # not a duck card
        [IDENTITY],  # one grid for two players
        [IDENTITY, IDENTITY, IDENTITY],  # three grids for two players
    ],
)
def test_a_deal_that_is_not_a_permutation_per_player_is_refused(
    grids: list[tuple[int, ...]],
) -> None:
    with refused("dc.setup.grid"):
        DC.apply(DC.new_game(2), Deal(tuple(grids), FULL_DECK))


@pytest.mark.clause("dc.setup.draw-deck")
@pytest.mark.parametrize(
    "pile",
    [
        FULL_DECK[:-1],  # no Repeat
        tuple(c for c in FULL_DECK if c != MAX),  # no Max
        (*FULL_DECK, 5),  # a third 5
        (*FULL_DECK[2:], 3, 3),  # no 1, three 3s
        (),
    ],
)
def test_a_deal_with_a_wrong_draw_deck_is_refused(pile: tuple[int, ...]) -> None:
    with refused("dc.setup.draw-deck"):
        DC.apply(DC.new_game(2), Deal((IDENTITY, IDENTITY), pile))


@pytest.mark.clause("dc.setup.draw-deck", "dc.setup.grid")
def test_the_deal_shuffles_the_26_draw_cards_and_a_family_per_player() -> None:
    state = DC.new_game(3)
    chance = DC.chance(state)
    assert chance.kind == "deal"
    assert len(chance.piles) == 4
    for family in chance.piles[:3]:
        assert len(family) == 12
        assert Counter(family) == Counter(range(1, 13))
    hand_written = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12]
    assert len(chance.piles[3]) == 26
    assert Counter(chance.piles[3]) == Counter([*hand_written, MAX, REPEAT])
    started = DC.start(3, seed=11)
    held = [*started.draw_pile, *started.discard_zone]
    assert started.card is not None
    held.append(started.card)
    assert sorted(held) == [*hand_written, MAX, REPEAT]


@pytest.mark.clause("dc.turn.draw")
def test_each_turn_calls_the_top_card_of_the_draw_pile() -> None:
    state = deal(2, first=(4, 9, 12))
    assert state.card == 4
    assert state.draw_pile == deck_starting(4, 9, 12)[1:]
    for p in (0, 1):
        assert DC.view(state, p).card == 4
        assert DC.view(state, p).call == 4
    # 4 stands at (3, 0): both cover the 3 beside it.
    state = play(state, Cover(0, (2, 0)), Cover(1, (2, 0)))
    assert state.card == 9
    assert state.draw_pile == deck_starting(4, 9, 12)[2:]
    assert DC.view(state, 1).call == 9


# -- Cover ------------------------------------------------------------------------


@pytest.mark.clause("dc.move.cover")
@pytest.mark.parametrize("to", [(0, 0), (2, 0), (0, 2), (2, 2)])
def test_cover_is_never_diagonal(to: tuple[int, int]) -> None:
    state = DC.position([ROWS, ROWS], card=6)  # 6 at (1, 1)
    with refused("dc.move.cover"):
        DC.apply(state, Cover(0, to))


@pytest.mark.clause("dc.move.cover")
@pytest.mark.parametrize(("card", "to"), [(6, (3, 1)), (2, (1, 2)), (5, (2, 1)), (12, (3, 0))])
def test_cover_does_not_reach_two_places_away(card: int, to: tuple[int, int]) -> None:
    state = DC.position([ROWS, ROWS], card=card)
    with refused("dc.move.cover"):
        DC.apply(state, Cover(0, to))


@pytest.mark.clause("dc.move.cover")
def test_cover_onto_an_empty_place_is_refused() -> None:
    state = DC.position([HOLE, ROWS], card=6)  # (2, 1) beside the 6 is a hole
    with refused("dc.move.cover"):
        DC.apply(state, Cover(0, (2, 1)))
    with refused("dc.move.cover"):
        DC.apply(state, Cover(0, (1, 3)))  # outside the grid, not even beside


@pytest.mark.clause("dc.move.cover")
@pytest.mark.parametrize(("to", "below"), [((0, 1), 5), ((2, 1), 7), ((1, 0), 2), ((1, 2), 10)])
def test_cover_puts_the_called_card_on_an_orthogonal_neighbour(
    to: tuple[int, int], below: int
) -> None:
    state = DC.position([ROWS, ROWS], card=6)
    after = play(state, Cover(0, to), Cover(1, (1, 0)))
    expected = rows_cells()
    del expected[(1, 1)]
    expected[to] = (below, 6)
    assert cells(after, 0) == expected


@pytest.mark.clause("dc.move.stack", "dc.move.cover")
def test_cover_carries_the_whole_stack_onto_a_stack() -> None:
    state = DC.position([STACKED, ROWS], card=6)
    after = play(state, Cover(0, (2, 1)), Cover(1, (1, 0)))
    assert cells(after, 0) == {
        (0, 0): (1,),
        (1, 0): (2,),
        (3, 0): (4,),
        (2, 1): (3, 7, 9, 5, 6),  # bottom first: the old stack, then the moved one
        (3, 1): (8,),
        (0, 2): (10,),
        (1, 2): (11,),
        (3, 2): (12,),
    }
    assert cells(after, 1)[(1, 0)] == (2, 6)


@pytest.mark.clause("dc.move.stack", "dc.move.duck")
@pytest.mark.parametrize("to", [(0, 1), (1, -1), (2, 0), (2, 2)])
def test_duck_carries_the_whole_stack(to: tuple[int, int]) -> None:
    state = DC.position([STACKED, ROWS], card=6)
    after = play(state, Duck(0, to), Cover(1, (1, 0)))
    expected = {
        (0, 0): (1,),
        (1, 0): (2,),
        (3, 0): (4,),
        (2, 1): (3, 7),
        (3, 1): (8,),
        (0, 2): (10,),
        (1, 2): (11,),
        (3, 2): (12,),
        to: (9, 5, 6),
    }
    assert cells(after, 0) == expected


# -- Duck -------------------------------------------------------------------------


@pytest.mark.clause("dc.move.duck", "dc.setup.grid")
def test_duck_outside_the_grid_keeps_negative_coordinates() -> None:
    state = deal(2, first=(5, 9))
    # Turn 1: player 0 ducks the 5 from (0, 1) to the left of the 1; player 1 covers.
    state = play(state, Duck(0, (-1, 0)), Cover(1, (0, 0)))
    # Turn 2: player 0 ducks the 9 under the 5, beside it; player 1 fills the hole at (0, 1).
    state = play(state, Duck(0, (-1, 1)), Duck(1, (0, 1)))
    expected0 = rows_cells()
    del expected0[(0, 1)], expected0[(0, 2)]
    expected0[(-1, 0)] = (5,)
    expected0[(-1, 1)] = (9,)
    assert cells(state, 0) == expected0
    expected1 = rows_cells()
    del expected1[(0, 2)]
    expected1[(0, 0)] = (1, 5)
    expected1[(0, 1)] = (9,)
    assert cells(state, 1) == expected1
    assert state.grids[0].diagram() == " 5  1  2  3  4\n 9  .  6  7  8\n .  . 10 11 12"


@pytest.mark.clause("dc.move.duck")
def test_duck_into_a_hole_inside_the_grid() -> None:
    state = DC.position([HOLE, ROWS], card=11)  # 11 at (2, 2), the hole at (2, 1)
    after = play(state, Duck(0, (2, 1)), Cover(1, (2, 1)))
    assert cells(after, 0)[(2, 1)] == (11,)
    assert (2, 2) not in cells(after, 0)


@pytest.mark.clause("dc.move.duck-adjacent")
@pytest.mark.parametrize("to", [(-1, 0), (0, -1), (-1, -1), (10, 10), (-2, 0)])
def test_a_duck_beside_only_its_own_old_place_is_refused(to: tuple[int, int]) -> None:
    state = DC.position([ROWS, ROWS], card=1)  # 1 at the corner (0, 0)
    with refused("dc.move.duck-adjacent"):
        DC.apply(state, Duck(0, to))


@pytest.mark.clause("dc.move.duck-adjacent")
def test_a_duck_beside_another_stack_is_accepted_even_far_from_its_place() -> None:
    state = DC.position([ROWS, ROWS], card=1)
    after = play(state, Duck(0, (4, 2)), Duck(1, (4, 0)))
    assert cells(after, 0)[(4, 2)] == (1,)
    assert cells(after, 1)[(4, 0)] == (1,)


@pytest.mark.clause("dc.move.duck")
@pytest.mark.parametrize("to", [(1, 0), (0, 1), (3, 2), (0, 0)])
def test_a_duck_onto_a_stack_or_its_own_place_is_refused(to: tuple[int, int]) -> None:
    state = DC.position([ROWS, ROWS], card=1)
    with refused("dc.move.duck"):
        DC.apply(state, Duck(0, to))


# -- Quack ------------------------------------------------------------------------


@pytest.mark.clause("dc.move.must-move")
def test_quack_is_refused_while_the_called_card_is_visible() -> None:
    state = DC.position([ROWS, COVERED5], card=5)
    with refused("dc.move.must-move"):
        DC.apply(state, Quack(0))


@pytest.mark.clause("dc.move.quack")
@pytest.mark.parametrize("action", [Cover(1, (1, 1)), Duck(1, (0, 3)), Cover(1, (0, 0))])
def test_a_covered_called_card_cannot_move(action: PlayerAction) -> None:
    state = DC.position([ROWS, COVERED5], card=5)
    with refused("dc.move.quack"):
        DC.apply(state, action)
    assert list(DC.legal_actions(state, 1)) == [Quack(1)]
    after = DC.apply(state, Quack(1))
    assert after.submitted[1] == Quack(1)


@pytest.mark.clause("dc.move.must-move")
def test_every_player_with_a_visible_called_card_has_a_move() -> None:
    # Two far-apart stacks: no Cover, but the left side of the other stack is free.
    grid = {(0, 0): (1, 2, 3, 4, 5, 6), (5, 5): (7, 8, 9, 10, 11, 12)}
    state = DC.position([grid, ROWS], card=6)
    moves = DC.legal_actions(state, 0)
    assert Quack(0) not in moves
    assert set(moves) == {Duck(0, (4, 5)), Duck(0, (6, 5)), Duck(0, (5, 4)), Duck(0, (5, 6))}


# -- a simultaneous turn ----------------------------------------------------------


@pytest.mark.clause("dc.turn.simultaneous")
def test_a_player_acts_once_per_turn() -> None:
    state = DC.position([ROWS, ROWS, ROWS], card=6)
    once = DC.apply(state, Cover(1, (1, 0)))
    assert DC.to_move(once) == (0, 2)
    assert len(DC.legal_actions(once, 1)) == 0
    for second in (Cover(1, (1, 0)), Cover(1, (0, 1)), Duck(1, (4, 0))):
        with refused("dc.turn.simultaneous"):
            DC.apply(once, second)
    twice = DC.apply(once, Cover(2, (2, 1)))
    assert DC.to_move(twice) == (0,)
    with refused("dc.turn.simultaneous"):
        DC.apply(twice, Quack(2))


@pytest.mark.clause("dc.turn.simultaneous")
def test_moves_take_effect_only_when_the_last_player_has_acted() -> None:
    state = DC.position([ROWS, ROWS, ROWS], card=6)
    one = DC.apply(state, Cover(0, (1, 0)))
    two = DC.apply(one, Duck(2, (4, 1)))
    assert two.grids == state.grids
    assert two.card == 6
    three = DC.apply(two, Cover(1, (0, 1)))
    assert cells(three, 0)[(1, 0)] == (2, 6)
    assert cells(three, 1)[(0, 1)] == (5, 6)
    assert cells(three, 2)[(4, 1)] == (6,)
    assert DC.to_move(three) == (0, 1, 2)


@pytest.mark.clause("dc.turn.simultaneous")
def test_the_order_of_arrival_does_not_matter() -> None:
    state = DC.position([ROWS, COVERED5, ROWS], card=5)
    moves: dict[int, PlayerAction] = {0: Cover(0, (1, 1)), 1: Quack(1), 2: Duck(2, (-1, 0))}
    results = {
        play(state, *(moves[p] for p in order))
        for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    }
    assert len(results) == 1
    (after,) = results
    assert cells(after, 0)[(1, 1)] == (6, 5)
    assert cells(after, 2)[(-1, 0)] == (5,)


# -- where the called card goes ---------------------------------------------------


@pytest.mark.clause("dc.turn.captain-pile")
def test_a_card_someone_moved_goes_on_the_captain_pile() -> None:
    state = DC.position([ROWS, COVERED5], card=5, captain_pile=(3, MAX), discard_zone=(8,))
    after = play(state, Cover(0, (0, 0)), Quack(1))
    assert after.captain_pile == (3, MAX, 5)
    assert after.discard_zone == (8,)
    assert DC.view(after, 1).captain_pile_top == 5
    assert DC.view(after, 1).captain_pile_size == 3


@pytest.mark.clause("dc.turn.discard")
def test_a_card_nobody_could_move_goes_to_the_discard_zone() -> None:
    state = DC.position([COVERED5, COVERED5], card=5, captain_pile=(3, MAX), discard_zone=(8,))
    after = quack_all(state)
    assert after.discard_zone == (8, 5)
    assert after.captain_pile == (3, MAX)
    for p in (0, 1):
        v = DC.view(after, p)
        assert v.discard_zone == (8, 5)
        assert v.discards_left == 9 - 2
    assert after.grids == state.grids


@pytest.mark.clause("dc.turn.order")
def test_the_card_is_placed_before_the_next_one_is_drawn() -> None:
    state = DC.position([COVERED5, COVERED5], card=5, draw_pile=pile_without((5,), (8,)))
    after = quack_all(state)
    assert after.discard_zone == (5,)
    assert after.card == 8
    assert after.captain_pile == ()


# -- legal actions ----------------------------------------------------------------


def _hand_legal(
    player: int, covers: list[tuple[int, int]], ducks: list[tuple[int, int]]
) -> list[PlayerAction]:
    return [*(Cover(player, q) for q in sorted(covers)), *(Duck(player, q) for q in sorted(ducks))]


PERIMETER_BUT_LEFT_MIDDLE = [
    (-1, 0),
    (-1, 2),
    (0, -1),
    (1, -1),
    (2, -1),
    (3, -1),
    (0, 3),
    (1, 3),
    (2, 3),
    (3, 3),
    (4, 0),
    (4, 1),
    (4, 2),
]


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
def test_legal_actions_of_a_card_on_the_left_edge() -> None:
    state = DC.position([ROWS, ROWS], card=5)  # 5 at (0, 1)
    expected = _hand_legal(0, [(0, 0), (0, 2), (1, 1)], PERIMETER_BUT_LEFT_MIDDLE)
    moves = DC.legal_actions(state, 0)
    assert len(moves) == 16
    assert list(moves) == expected
    assert [moves[i] for i in range(len(moves))] == expected


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
def test_legal_actions_of_a_corner_card() -> None:
    state = DC.position([ROWS, ROWS], card=12)  # 12 at (3, 2)
    ducks = [
        (-1, 0),
        (-1, 1),
        (-1, 2),
        (0, -1),
        (1, -1),
        (2, -1),
        (3, -1),
        (0, 3),
        (1, 3),
        (2, 3),
        (4, 0),
        (4, 1),
    ]  # not (4, 2) nor (3, 3): they touch only the 12's own place
    moves = DC.legal_actions(state, 1)
    assert len(moves) == 14
    assert list(moves) == _hand_legal(1, [(2, 2), (3, 1)], ducks)


STACKED_COVERS = [(1, 0), (1, 2), (2, 1)]
STACKED_DUCKS = [
    (-1, 0),
    (0, 1),
    (0, -1),
    (2, 0),
    (1, -1),
    (4, 0),
    (3, -1),
    (2, 2),
    (4, 1),
    (-1, 2),
    (0, 3),
    (1, 3),
    (4, 2),
    (3, 3),
]


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
def test_legal_actions_of_a_stack_among_holes() -> None:
    state = DC.position([ROWS, STACKED], card=6)
    moves = DC.legal_actions(state, 1)
    assert len(moves) == 17
    assert list(moves) == _hand_legal(1, STACKED_COVERS, STACKED_DUCKS)


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
def test_exactly_the_hand_derived_moves_are_accepted() -> None:
    state = DC.position([ROWS, STACKED], card=6)
    occupied = set(cells(state, 1))
    for c in range(-3, 7):
        for r in range(-3, 6):
            to = (c, r)
            cover = Cover(1, to)
            if to in STACKED_COVERS:
                DC.apply(state, cover)
            else:
                with refused("dc.move.cover"):
                    DC.apply(state, cover)
            duck = Duck(1, to)
            if to in STACKED_DUCKS:
                DC.apply(state, duck)
            else:
                with refused("dc.move.duck" if to in occupied else "dc.move.duck-adjacent"):
                    DC.apply(state, duck)


@pytest.mark.clause("dc.move.quack", "dc.turn.simultaneous")
def test_legal_actions_are_a_lone_quack_or_nothing() -> None:
    state = DC.position([ROWS, COVERED5], card=5)
    assert list(DC.legal_actions(state, 1)) == [Quack(1)]
    assert len(DC.legal_actions(state, 1)) == 1
    assert Quack(1) in DC.legal_actions(state, 1)
    assert Quack(0) not in DC.legal_actions(state, 0)
    after = DC.apply(state, Quack(1))
    assert list(DC.legal_actions(after, 1)) == []
    assert list(DC.legal_actions(DC.new_game(2), 0)) == []


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.quack")
def test_legal_actions_index_like_the_list_they_hold() -> None:
    state = DC.position([ROWS, COVERED5], card=5)
    for player in (0, 1):
        legal = DC.legal_actions(state, player)
        listed = list(legal)
        n = len(listed)
        assert [legal[i] for i in range(-n, n)] == listed + listed
        assert legal[1:3] == listed[1:3] and legal[::-1] == listed[::-1]
        for i in (n, n + 1, -n - 1):
            with pytest.raises(IndexError):
                _ = legal[i]


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.quack")
def test_a_sequence_of_legal_actions_built_from_places_holds_exactly_them() -> None:
    covers, ducks = [(0, 0), (2, 1)], [(-1, 0)]
    legal = LegalActions(1, covers, ducks, False)
    listed = [Cover(1, (0, 0)), Cover(1, (2, 1)), Duck(1, (-1, 0))]
    assert list(legal) == listed and len(legal) == 3
    assert [legal[i] for i in range(-3, 3)] == listed + listed
    for action in listed:
        assert action in legal
    for action in [
        Cover(1, (0, 0), origin=(1, 1)),
        Duck(1, (-1, 0), origin=(1, 1)),
        Cover(0, (0, 0)),
        Cover(1, (-1, 0)),
        Duck(1, (0, 0)),
        Quack(1),
    ]:
        assert action not in legal, action
    alone = LegalActions(1, [], [], True)
    assert list(alone) == [Quack(1)] and Quack(1) in alone and Quack(0) not in alone


# -- the deck ---------------------------------------------------------------------

# Every draw card but the discards (3, 4) and the 5 in play.
CAPTAIN = (1, 1, 2, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, MAX, REPEAT)


def _last_card(card: int = 5) -> State:
    """The last card of the draw pile is in play."""
    return DC.position(
        [ROWS, COVERED5], card=card, draw_pile=(), captain_pile=CAPTAIN, discard_zone=(3, 4)
    )


@pytest.mark.clause("dc.deck.reshuffle")
def test_an_empty_draw_pile_waits_for_a_reshuffle_of_the_captain_pile() -> None:
    state = play(_last_card(), Cover(0, (0, 0)), Quack(1))
    assert DC.to_move(state) == (rulespec.CHANCE,)
    assert state.draw_pile == ()
    assert state.discard_zone == (3, 4)
    chance = DC.chance(state)
    assert chance.kind == "reshuffle"
    (pile,) = chance.piles
    assert Counter(pile) == Counter((*CAPTAIN, 5))  # the card just played is in
    assert len(pile) == 24
    with refused("dc.turn.draw"):
        DC.apply(state, Quack(1))
    after = DC.apply(state, Reshuffle((5, *CAPTAIN)))
    assert after.card == 5
    assert after.draw_pile == CAPTAIN
    assert after.captain_pile == ()
    assert after.discard_zone == (3, 4)
    assert DC.to_move(after) == (0, 1)


@pytest.mark.clause("dc.deck.reshuffle")
def test_an_empty_draw_pile_after_a_discard_reshuffles_the_captain_pile_alone() -> None:
    state = DC.position(
        [COVERED5, COVERED5], card=5, draw_pile=(), captain_pile=CAPTAIN, discard_zone=(3, 4)
    )
    state = quack_all(state)
    assert state.discard_zone == (3, 4, 5)
    assert DC.to_move(state) == (rulespec.CHANCE,)
    assert Counter(DC.chance(state).piles[0]) == Counter(CAPTAIN)


@pytest.mark.clause("dc.deck.reshuffle")
@pytest.mark.parametrize(
    "order",
    [
        CAPTAIN,  # misses the 5 just played
        (3, *CAPTAIN),  # a discarded card
        (5, 5, *CAPTAIN),  # a card too many
        (5, *CAPTAIN[1:], 4),  # a 1 swapped for the discarded 4
        (),
    ],
)
def test_a_reshuffle_of_other_cards_is_refused(order: tuple[int, ...]) -> None:
    state = play(_last_card(), Cover(0, (0, 0)), Quack(1))
    with refused("dc.deck.reshuffle"):
        DC.apply(state, Reshuffle(order))


@pytest.mark.clause("dc.deck.reshuffle")
def test_no_reshuffle_while_the_draw_pile_holds_cards() -> None:
    state = DC.position([ROWS, ROWS], card=5)
    with refused("dc.deck.reshuffle"):
        DC.apply(state, Reshuffle(()))


@pytest.mark.clause("dc.deck.reshuffle", "dc.turn.order", "dc.end.single-pile")
def test_a_last_card_that_ends_the_round_is_not_followed_by_a_reshuffle() -> None:
    two = {(0, 0): (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (1, 0): (12,)}
    captain = (*(c for c in CAPTAIN if c != 12), 5)  # one 12 in play, one discarded
    state = DC.position(
        [two, ROWS], card=12, draw_pile=(), captain_pile=captain, discard_zone=(3, 4, 12)
    )
    state = play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))
    assert DC.chance(state).kind == "deal"
    assert state.round == 1
    assert state.captain_pile == (*captain, 12)


@pytest.mark.clause("dc.round.new")
def test_no_deal_during_a_round() -> None:
    state = DC.position([ROWS, ROWS], card=5)
    with refused("dc.round.new"):
        DC.apply(state, Deal((IDENTITY, IDENTITY), FULL_DECK))


# -- legal actions against an independent reading of the rules ----------------------


def _reference_legal(state: State, player: int) -> list[PlayerAction]:
    """Cover, Duck and Quack written from the rulebook, separately from the engine."""
    stacks = dict(state.grids[player].cells)
    call = state.previous if state.card == REPEAT else state.card
    tops = {stack[-1]: place for place, stack in stacks.items()}
    card = max(tops) if call == MAX else call
    if card not in tops:
        return [Quack(player)]
    c, r = tops[card]

    def sides(place: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = place
        return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]

    covers = sorted(q for q in sides((c, r)) if q in stacks)
    others = [p for p in stacks if p != (c, r)]
    ducks = sorted({q for p in others for q in sides(p) if q not in stacks})
    return [*(Cover(player, q) for q in covers), *(Duck(player, q) for q in ducks)]


@pytest.mark.clause(
    "dc.move.cover",
    "dc.move.duck",
    "dc.move.duck-adjacent",
    "dc.move.quack",
    "dc.special.max",
    "dc.special.repeat",
)
@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 21, None), (4, 22, 600), (7, 23, 600)])
def test_legal_actions_agree_with_a_reference_reading(
    players: int, seed: int, steps: int | None
) -> None:
    record = rulespec.Record.play(DC, players=players, seed=seed, steps=steps)
    turns = 0
    for state in record.states():
        if state.phase is not Phase.TURN:
            continue
        turns += 1
        for p in range(players):
            moves = DC.legal_actions(state, p)
            if state.submitted[p] is not None:
                assert len(moves) == 0
                continue
            expected = _reference_legal(state, p)
            assert list(moves) == expected
            assert len(moves) == len(expected)
            assert [moves[i] for i in range(-len(expected), 0)] == expected
            assert all(m in moves for m in expected)
    assert turns > 100


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
def test_destinations_are_the_cover_targets_and_the_duck_places() -> None:
    """:func:`rules.destinations` of the called stack: the stacks beside it (Cover), and
    the empty places beside another stack (Duck), which are where its moves go."""
    state = DC.position([HOLE, ROWS], card=7)
    # The 7 of the full grid at (2, 1) has a stack on each side and no empty place
    # beside it; the 7 of the other lies under the 12: not called, nothing to move.
    covers, ducks = destinations(state.grids[1], called_stack(state, 1))
    assert sorted(covers) == [(1, 1), (2, 0), (2, 2), (3, 1)]
    assert (2, 1) not in ducks and len(ducks) == 14
    assert called_stack(state, 0) == -1
    # The 1 at (0, 0): beside it the 2 and the 5; an empty place beside another stack,
    # but not beside its own old place alone.
    state = DC.position([HOLE, ROWS], card=1)
    for player in (0, 1):
        covers, ducks = destinations(state.grids[player], called_stack(state, player))
        assert sorted(covers) == [(0, 1), (1, 0)]
        assert (-1, 0) not in ducks and (0, -1) not in ducks
        assert {(-1, 1), (-1, 2), (1, -1), (4, 0), (0, 3)} <= set(ducks)
        legal = DC.legal_actions(state, player)
        assert sorted(a.to for a in legal if isinstance(a, Cover)) == sorted(covers)
        assert sorted(a.to for a in legal if isinstance(a, Duck)) == sorted(ducks)
    assert (2, 1) in destinations(state.grids[0], called_stack(state, 0))[1]  # the hole


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.duck-adjacent")
@pytest.mark.parametrize(("players", "seed"), [(2, 31), (5, 32)])
def test_a_destination_anywhere_is_legal_only_when_listed(players: int, seed: int) -> None:
    # Every Cover and Duck to a place in a box far wider than the grids: `in` and
    # `apply` agree with the listed moves, wherever the place lies (beyond the
    # places the engine keeps masks for, in every direction).
    record = rulespec.Record.play(DC, players=players, seed=seed, steps=150)
    checked = 0
    for i, state in enumerate(record.states()):
        if state.phase is not Phase.TURN or i % 4:
            continue
        for p in range(players):
            moves = DC.legal_actions(state, p)
            if not moves or state.submitted[p] is not None:
                continue
            listed = set(moves)
            for column in range(-8, 12):
                for row in range(-8, 12):
                    for kind in (Cover, Duck):
                        action = kind(p, (column, row))
                        assert (action in moves) == (action in listed), action
                        if action not in listed:
                            with pytest.raises(rulespec.IllegalAction):
                                DC.apply(state, action)
                            checked += 1
    assert checked > 500
