"""Duck & Cover's action ids and observations, against the layout the reference page
documents. Expected ids are worked out by hand from the module's table."""

from __future__ import annotations

import random

import attrs
import pytest

import rulespec
from rulespec import IllegalAction
from rulespec.duck_cover import MAX, Cover, Duck, Give, Grid, Options, Phase, Place, Quack, View
from rulespec.duck_cover.grid import Position
from rulespec.duck_cover.view import GridView, StackView
from tests.duck_cover.helpers import DC, ROWS, play, refused

LOW_BLOWS = Options(low_blows=True)

# With the dealt grid, stacks are numbered by column then row:
#  k:  0 (0,0)=1   1 (0,1)=5   2 (0,2)=9    3 (1,0)=2   4 (1,1)=6   5 (1,2)=10
#      6 (2,0)=3   7 (2,1)=7   8 (2,2)=11   9 (3,0)=4  10 (3,1)=8  11 (3,2)=12
ON_A_5 = (
    1,  # Cover right, onto the 6
    3,  # Cover down, onto the 9
    4,  # Cover up, onto the 1
    5 + 0 + 1,  # Duck (-1, 0), left of stack 0
    5 + 0 + 3,  # Duck (0, -1), above stack 0
    5 + 8 + 1,  # Duck (-1, 2), left of stack 2
    5 + 8 + 2,  # Duck (0, 3), below stack 2
    5 + 12 + 3,  # Duck (1, -1), above stack 3
    5 + 20 + 2,  # Duck (1, 3), below stack 5
    5 + 24 + 3,  # Duck (2, -1), above stack 6
    5 + 32 + 2,  # Duck (2, 3), below stack 8
    5 + 36 + 0,  # Duck (4, 0), right of stack 9
    5 + 36 + 3,  # Duck (3, -1), above stack 9
    5 + 40 + 0,  # Duck (4, 1), right of stack 10
    5 + 44 + 0,  # Duck (4, 2), right of stack 11
    5 + 44 + 2,  # Duck (3, 3), below stack 11
)


def test_ids_name_sides_of_the_called_card_and_of_the_stacks() -> None:
    state = DC.position([ROWS, ROWS], card=5)
    assert DC.action_space_size(2) == DC.action_space_size(7) == 53
    assert DC.legal_action_ids(state, 0) == tuple(sorted(ON_A_5))
    assert DC.action_id(state, Cover(0, (1, 1))) == 1
    assert DC.action_id(state, Duck(0, (4, 2))) == 49
    assert DC.action_from_id(state, 1, 4) == Cover(1, (0, 0))
    assert DC.action_from_id(state, 1, 8) == Duck(1, (0, -1))
    covered = DC.position([ROWS, "1 2 3 4\n5/6 7 8 9\n10 11 12"], card=5)
    assert DC.legal_action_ids(covered, 1) == (0,)
    assert DC.action_from_id(covered, 1, 0) == Quack(1)


@pytest.mark.parametrize("shift", [(-3, 5), (40, -17), (-1000, 2)])
def test_ids_and_observations_do_not_depend_on_where_the_grids_lie(
    shift: tuple[int, int],
) -> None:
    state = DC.position([ROWS, ROWS], card=5)
    moved = DC.position(
        [Grid.from_diagram(ROWS, origin=shift), Grid.from_diagram(ROWS, origin=(7, 7))], card=5
    )
    for p in (0, 1):
        assert DC.legal_action_ids(moved, p) == DC.legal_action_ids(state, p)
        assert DC.observation(DC.view(moved, p)) == DC.observation(DC.view(state, p))
    dx, dy = shift
    assert DC.action_from_id(moved, 0, 6) == Duck(0, (dx - 1, dy))


# The 6 has moved out of (1, 1): stacks by column then row are
#  0 (0,0)=1  1 (0,1)=5  2 (0,2)=9  3 (1,0)=2  4 (1,2)=10  5 (2,0)=3  6 (2,1)=7 ...
HOLE = "1 2 3 4 6\n5 . 7 8\n9 10 11 12"


def test_a_place_beside_several_stacks_has_its_smallest_id_only() -> None:
    state = DC.position([HOLE, ROWS], card=5)
    duck = Duck(0, (1, 1))
    assert DC.action_id(state, duck) == 5 + 12 + 2  # below stack 3, the 2
    assert DC.action_from_id(state, 0, 19) == duck
    with refused("dc.move.duck"):
        DC.action_from_id(state, 0, 5 + 16 + 3)  # above stack 4, the 10
    with refused("dc.move.duck"):
        DC.action_from_id(state, 0, 5 + 24 + 1)  # left of stack 6, the 7
    with refused("dc.move.duck-adjacent"):
        DC.action_from_id(state, 0, 5 + 4 + 0)  # right of the moving 5 itself
    assert 5 + 16 + 3 not in DC.legal_action_ids(state, 0)


def test_ids_the_rules_refuse_cite_their_clause() -> None:
    state = DC.position([ROWS, "1 2 3 4\n5/6 7 8 9\n10 11 12"], card=5)
    with refused("dc.move.cover"):
        DC.action_from_id(state, 0, 2)  # left of the 5: nothing to cover
    with refused("dc.move.must-move"):
        DC.action_from_id(state, 0, 0)
    with refused("dc.move.quack"):
        DC.action_from_id(state, 1, 1)
    with refused("dc.move.must-move"):
        DC.action_from_id(state, 0, 53)
    with refused("dc.variant.low-blows.ownership"):
        DC.action_id(state, Cover(0, (1, 1), origin=(0, 1)))
    few = DC.position(["1/2/3/4/6/7/8/9/10/11 5 12", ROWS], card=5)
    with refused("dc.move.duck-adjacent"):
        DC.action_from_id(few, 0, 5 + 4 * 11)  # there is no stack 11
    acted = play(state, Cover(0, (1, 1)))
    with refused("dc.turn.simultaneous"):
        DC.action_from_id(acted, 0, 1)
    with refused("dc.turn.simultaneous"):
        DC.action_id(acted, Cover(0, (1, 1)))
    assert DC.legal_action_ids(acted, 0) == ()
    with refused("dc.move.cover"):
        DC.action_id(state, Cover(0, (1, True)))


def test_low_blows_gives_and_places() -> None:
    state = DC.position([ROWS, ROWS], card=MAX, options=LOW_BLOWS)
    assert DC.action_space_size(3, LOW_BLOWS) == 737
    # The two lowest visible ducks: the 1 (stack 0) and the 2 (stack 3).
    assert DC.legal_action_ids(state, 0) == (53 + 0, 53 + 3)
    assert DC.action_from_id(state, 1, 56) == Give(1, (1, 0))
    with refused("dc.variant.low-blows.trigger"):
        DC.action_from_id(state, 0, 1)
    with refused("dc.variant.low-blows.gift"):
        DC.action_from_id(state, 0, 53 + 1)  # the 5 is not one of the lowest
    given = play(state, Give(0, (0, 0)), Give(1, (0, 0)))
    assert given.gifts
    # Player 0's grid without the 1: 0 (0,1)=5  1 (0,2)=9  2 (1,0)=2 ...
    place = Place(0, (0, 0))
    assert DC.action_id(given, place) == 65 + 3  # above stack 0
    with refused("dc.variant.low-blows.placement"):
        DC.action_from_id(given, 0, 65 + 8 + 1)  # the same place, left of stack 2
    assert DC.action_from_id(given, 0, 68) == place
    with refused("dc.variant.low-blows.placement"):
        DC.action_from_id(given, 0, 1)


# Seat 1 holds seat 0's 7 (written 107) on its 5 at (0, 0), and its own 7 at (2, 1):
#  0 (0,0)=5/107  1 (0,1)=4  2 (0,2)=9  3 (1,0)=1  4 (1,1)=6  5 (1,2)=10  6 (2,0)=2
#  7 (2,1)=7  8 (2,2)=11  9 (3,0)=3  10 (3,1)=8  11 (3,2)=12
def test_low_blows_moves_that_name_their_origin() -> None:
    state = DC.position(["1", "5/107"], card=7, options=LOW_BLOWS)
    ids = DC.legal_action_ids(state, 1)
    assert DC.action_from_id(state, 1, 113 + 0) == Cover(1, (1, 0), origin=(0, 0))
    assert DC.action_from_id(state, 1, 113 + 2) == Cover(1, (0, 1), origin=(0, 0))
    assert DC.action_from_id(state, 1, 113 + 4 + 4 + 1) == Duck(1, (-1, 1), origin=(0, 0))
    assert DC.action_id(state, Cover(1, (3, 1), origin=(2, 1))) == 113 + 52 * 7 + 0
    assert DC.action_id(state, Duck(1, (4, 1), origin=(2, 1))) == 113 + 52 * 7 + 4 + 40
    assert all(113 <= i < 113 + 52 or 113 + 52 * 7 <= i < 113 + 52 * 8 for i in ids)
    with refused("dc.variant.low-blows.ownership"):
        DC.action_from_id(state, 1, 1)  # a move must say which 7
    with refused("dc.variant.low-blows.ownership"):
        DC.action_from_id(state, 1, 113 + 52 * 3)  # the 1 is not called
    with refused("dc.variant.low-blows.ownership"):
        DC.action_from_id(state, 0, 113)  # player 0 has one 7: no origin
    assert DC.legal_action_ids(state, 0)[0] < 53


# -- observations --------------------------------------------------------------------

N = 3
FIXED = 5 * N + 89
GIFTS = N * (12 + N)
SLOT = 16 + N


def test_the_observation_follows_the_documented_layout() -> None:
    state = DC.position(
        [ROWS, "1 2 3 4\n5/6 7 8 9\n10 11 12", ROWS],
        card=5,
        captain_pile=(7, 9),
        discard_zone=(3, MAX),
        round=1,
        round_scores=[(4, -2, 0)],
    )
    state = play(state, Quack(1))
    values = DC.observation(DC.view(state, 1))
    assert len(values) == FIXED + GIFTS + N * 12 * SLOT == DC.observation_shape(N)[0]
    assert values[0:3] == (0.0, 1.0, 0.0)  # seat 1
    assert values[3:7] == (0.0, 0.0, 1.0, 0.0)  # turn
    assert values[7] == 1.0  # round
    assert values[8 + 4] == 1.0 and sum(values[8:22]) == 1.0  # card 5
    assert values[22 + 4] == 1.0 and sum(values[22:35]) == 1.0  # call 5
    assert sum(values[35:48]) == 0.0 and values[48] == 0.0  # no previous call
    assert values[49:53] == (26.0 - 5, 2.0, 8.0 - 2, 0.0)
    assert values[53 + 8] == 1.0 and sum(values[53:67]) == 1.0  # Captain top: 9
    assert values[67 + 2] == values[67 + 12] == 1.0 and sum(values[67:81]) == 2.0
    assert values[81:84] == (1.0, 0.0, 0.0)  # acted: me (seat 1), not seats 2, 0
    assert values[84:94] == (1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)  # Quack
    assert not any(values[94 : 94 + GIFTS])
    scores = 94 + GIFTS
    assert values[scores : scores + 3] == (-2.0, 0.0, 4.0)
    assert not any(values[scores + 3 : scores + 9])
    assert values[scores + 9] == 1.0
    grids = scores + 10
    assert grids == FIXED + GIFTS
    # My grid first; stack 1 is the 6 on the 5 at (0, 1).
    mine = values[grids + SLOT : grids + 2 * SLOT]
    assert mine[:3] == (1.0, 0.0, 1.0)
    assert mine[3 + 5] == 1.0 and sum(mine[3:15]) == 1.0
    assert mine[15:18] == (1.0, 0.0, 0.0) and mine[18] == 1.0
    # My grid has 11 stacks: the twelfth slot is empty.
    assert not any(values[grids + 11 * SLOT : grids + 12 * SLOT])
    # Then seat 2's grid, then seat 0's; seat 0's stack 0 is its 1, of seat 0's family.
    theirs = values[grids + 2 * 12 * SLOT : grids + 2 * 12 * SLOT + SLOT]
    assert theirs[:4] == (1.0, 0.0, 0.0, 1.0) and theirs[15:19] == (0.0, 0.0, 1.0, 0.0)


def test_gifts_and_origins_are_observed() -> None:
    state = DC.position([ROWS, ROWS, ROWS], card=MAX, options=LOW_BLOWS)
    given = play(state, Give(0, (0, 0)), Give(1, (1, 0)), Give(2, (0, 0)))
    values = DC.observation(DC.view(given, 0))
    gifts = values[94 : 94 + GIFTS]
    # Seat 0 received seat 2's 1, seat 1 seat 0's 1, seat 2 seat 1's 2.
    assert gifts[0] == 1.0 and gifts[12:15] == (0.0, 0.0, 1.0)
    assert gifts[15] == 1.0 and gifts[27:30] == (1.0, 0.0, 0.0)
    assert gifts[30 + 1] == 1.0 and gifts[42:45] == (0.0, 1.0, 0.0)
    chosen = DC.position(["1", "5/107"], card=7, options=LOW_BLOWS)
    moved = play(chosen, Cover(1, (1, 0), origin=(0, 0)))
    own = DC.observation(DC.view(moved, 1))[82:92]  # two players: 2 × 2 + 78
    assert own == (0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0)


def test_states_a_player_sees_alike_give_the_same_observation() -> None:
    pile = (9, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, MAX, 14)
    base = DC.position([ROWS, ROWS, ROWS], card=5, draw_pile=pile, captain_pile=(9,))
    other = DC.position(
        [ROWS, ROWS, ROWS], card=5, draw_pile=tuple(reversed(pile)), captain_pile=(9,)
    )
    a = play(base, Cover(1, (1, 1)))
    b = play(other, Duck(1, (-1, 0)))
    assert a != b
    for p in (0, 2):
        assert DC.view(a, p) == DC.view(b, p)
        assert DC.observation(DC.view(a, p)) == DC.observation(DC.view(b, p))
    assert DC.observation(DC.view(a, 1)) != DC.observation(DC.view(b, 1))


def _changed(view: View) -> dict[str, View]:
    """One visible change per field of the view."""
    e = attrs.evolve
    grid = view.grids[0]
    first = grid.stacks[0]
    return {
        "player": e(view, player=1),
        "players": e(
            view,
            players=3,
            grids=(*view.grids, grid),
            acted=(*view.acted, False),
            round_scores=tuple((*r, 0) for r in view.round_scores),
        ),
        "phase": e(view, phase=Phase.OVER),
        "round": e(view, round=2),
        "grids": e(view, grids=(view.grids[1], view.grids[0])),
        "card": e(view, card=MAX),
        "call": e(view, call=MAX),
        "previous": e(view, previous=4),
        "previous_discarded": e(view, previous_discarded=True),
        "draw_pile_size": e(view, draw_pile_size=3),
        "captain_pile_top": e(view, captain_pile_top=11),
        "captain_pile_size": e(view, captain_pile_size=view.captain_pile_size + 1),
        "discard_zone": e(view, discard_zone=(*view.discard_zone, 8)),
        "discards_left": e(view, discards_left=view.discards_left - 1),
        "set_aside_size": e(view, set_aside_size=2),
        "gifts": e(view, gifts=(101, 2)),
        "acted": e(view, acted=(False, True)),
        "own_action": e(view, own_action=Cover(0, (1, 1))),
        "round_scores": e(view, round_scores=(*view.round_scores, (3, 3))),
        "grids.position": e(
            view,
            grids=(
                GridView((attrs.evolve(first, position=(-1, 0)), *grid.stacks[1:])),
                view.grids[1],
            ),
        ),
        "grids.top": e(
            view,
            grids=(GridView((StackView((0, 0), 201, 0), *grid.stacks[1:])), view.grids[1]),
        ),
        "grids.covered": e(
            view,
            grids=(GridView((attrs.evolve(first, covered=2), *grid.stacks[1:])), view.grids[1]),
        ),
    }


def test_every_visible_field_changes_the_observation() -> None:
    state = DC.position([ROWS, "2 1"], card=5, captain_pile=(7,), round=1, round_scores=[(1, 2)])
    view = DC.view(state, 0)
    assert view.own_action is None and not view.gifts
    changed = _changed(view)
    assert {name.split(".")[0] for name in changed} == {f.name for f in attrs.fields(View)}
    before = DC.observation(view)
    for name, other in changed.items():
        assert DC.observation(other) != before, name


def test_before_the_first_deal_the_grids_are_empty() -> None:
    values = DC.observation(DC.view(DC.new_game(2), 1))
    assert len(values) == DC.observation_shape(2)[0]
    assert values[2:6] == (1.0, 0.0, 0.0, 0.0)
    assert not any(values[5 * 2 + 89 :])


def test_an_id_decoded_unchecked_is_applied_only_if_the_rules_allow_its_action() -> None:
    # Decoding a listed id marks the action as taken from the legal actions, so that
    # apply looks it up no further; an id that is not listed must mark nothing.
    from rulespec.duck_cover.encoding import legal_action_from_id

    rng = random.Random(4)
    tried = refused_ids = 0
    for _ in range(4):
        state = DC.start(3, seed=rng.randrange(1000))
        while state.round == 0:
            actor = DC.to_move(state)[0]
            if actor == rulespec.CHANCE:
                state = DC.apply(state, DC.sample_chance(state, rng))
                continue
            legal = list(DC.legal_actions(state, actor))
            listed = DC.legal_action_ids(state, actor)
            for i in range(53):
                try:
                    action = legal_action_from_id(state, actor, i)
                except IllegalAction:
                    assert i not in listed
                    continue
                tried += 1
                if action in legal:
                    DC.apply(state, action)
                else:
                    assert i not in listed
                    refused_ids += 1
                    with pytest.raises(IllegalAction):
                        DC.apply(state, action)
            state = DC.apply(state, rng.choice(legal))
    assert tried > 500 and refused_ids > 100


def test_the_writers_follow_a_stack_that_wanders_far_from_the_others() -> None:
    # A stack sent 100 columns and 70 rows away, then the grid's corner moved while it
    # is there (every place rewritten), then the stack brought back: each state written
    # by one writer and one table in turn, as an environment's steps write them.
    from array import array

    from rulespec.duck_cover.encoding import ObservationTable, ObservationWriter

    dealt = DC.start(2, seed=1)
    grid = dealt.grids[0]
    far = grid.moved(4, (100, 70))  # stack 4, (1, 1), goes far
    corner = far.moved(0, (-1, 0))  # the stack at the corner moves left: a new corner
    back = corner.moved(len(corner.cells) - 1, (1, 1))  # the far stack returns
    states = [attrs.evolve(dealt, grids=(g, dealt.grids[1])) for g in (grid, far, corner, back)]
    states.append(attrs.evolve(dealt, grids=(Grid(far.cells), dealt.grids[1])))  # unmoved
    length = DC.observation_shape(2)[0]
    writer = ObservationWriter(array("d", bytes(8 * length)), 0, 2)
    bounded = ObservationWriter(array("d", bytes(8 * length)), 0, 2, saturate=True)
    table = ObservationTable(2)
    low, high = DC.encoding.observation_bounds(2)
    for state in states:
        expected = DC.observation(DC.view(state, 0))
        writer.write(state)
        bounded.write(state)
        table.write(state, 0)
        assert tuple(writer.buffer) == expected
        assert tuple(table.buffer[i] for i in table.order(0)) == expected
        assert tuple(bounded.buffer) == tuple(
            min(max(v, lo), hi) for v, lo, hi in zip(expected, low, high, strict=True)
        )
    assert max(DC.observation(DC.view(states[1], 0))) == 100.0  # the case is real


def test_the_writers_follow_the_grid_s_corner_along_one_axis_or_both() -> None:
    # One grid's moves, each written by every seat's writer and by the table in turn:
    # a duck left of the corner (new columns), one above it (new rows), the lone stack
    # of the top row moving along it then covering below (the row looked for again),
    # then a stack leaving to the top left and coming back (both axes).
    from array import array

    from rulespec.duck_cover.encoding import ObservationTable, ObservationWriter

    dealt = DC.start(3, seed=4)
    grids = [dealt.grids[1]]
    assert [q for q, _ in grids[0].cells][:4] == [(0, 0), (0, 1), (0, 2), (1, 0)]

    def then(source: Position, to: Position) -> None:
        grid = grids[-1]
        grids.append(grid.moved(grid.positions().index(source), to))

    then((0, 1), (-1, 1))  # the corner's column moves left
    then((2, 0), (2, -1))  # its row moves up
    then((2, -1), (3, -1))  # along the top row, its only stack
    then((3, -1), (3, 0))  # a Cover empties the top row: the corner moves down
    then((-1, 1), (-2, -1))  # both axes
    then((-2, -1), (0, 1))  # and back
    corners = [(min(q[0] for q in g.positions()), min(q[1] for q in g.positions())) for g in grids]
    assert corners == [(0, 0), (-1, 0), (-1, -1), (-1, -1), (-1, 0), (-2, -1), (0, 0)]
    states = [attrs.evolve(dealt, grids=(dealt.grids[0], g, dealt.grids[2])) for g in grids]
    length = DC.observation_shape(3)[0]
    writers = [ObservationWriter(array("d", bytes(8 * length)), p, 3) for p in range(3)]
    table = ObservationTable(3)
    for state in states:
        for p, writer in enumerate(writers):
            expected = DC.observation(DC.view(state, p))
            writer.write(state)
            table.write(state, p)
            assert tuple(writer.buffer) == expected
            assert tuple(table.buffer[i] for i in table.order(p)) == expected


def test_the_table_follows_states_of_one_turn_in_any_order() -> None:
    # States of one turn share the rules' lookups: the table takes each from the last
    # by who has chosen, whether a choice was added, taken back or changed.
    from rulespec.duck_cover.encoding import ObservationTable

    state = DC.start(3, seed=8)
    first = DC.legal_actions(state, 0)
    one = DC.apply(state, first[0])
    other = DC.apply(state, first[len(first) - 1])
    assert one.submitted[0] != other.submitted[0]
    two = DC.apply(one, DC.legal_actions(one, 1)[0])
    table = ObservationTable(3)
    for seen in (state, two, other, one, state, two):
        for p in range(3):
            table.write(seen, p)
            observed = tuple(table.buffer[i] for i in table.order(p))
            assert observed == DC.observation(DC.view(seen, p))
