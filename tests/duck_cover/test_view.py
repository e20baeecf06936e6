"""What each player may know: covered cards, piles and other players' actions are hidden."""

from __future__ import annotations

from typing import Any

import pytest

from rulespec.duck_cover import Cover, Duck, GridView, Quack, StackView, State
from tests.duck_cover.helpers import DC, MAX, REPEAT, ROWS, STACKED, pile_without, play

# The same tops and depths as STACKED; the covered cards differ.
RESTACKED = """
 1     2    .  4
 .  3/9/6 5/7  8
10    11    . 12
"""


def views(state: State) -> list[Any]:
    return [DC.view(state, p) for p in range(state.players)]


@pytest.mark.clause("dc.view.hidden")
def test_a_stack_shows_its_top_card_and_depth_only() -> None:
    state = DC.position([ROWS, STACKED], card=12)
    expected = GridView(
        (
            StackView((0, 0), 1, 0),
            StackView((0, 2), 10, 0),
            StackView((1, 0), 2, 0),
            StackView((1, 1), 6, 2),
            StackView((1, 2), 11, 0),
            StackView((2, 1), 7, 1),
            StackView((3, 0), 4, 0),
            StackView((3, 1), 8, 0),
            StackView((3, 2), 12, 0),
        )
    )
    for v in views(state):
        assert v.grids[1] == expected


@pytest.mark.clause("dc.view.hidden", "dc.deck.no-peeking")
def test_covered_cards_are_not_in_the_view() -> None:
    one = DC.position([ROWS, STACKED], card=12)
    two = DC.position([ROWS, RESTACKED], card=12)
    assert one != two
    assert views(one) == views(two)


@pytest.mark.clause("dc.view.hidden", "dc.deck.no-peeking")
def test_the_order_of_the_draw_pile_is_not_in_the_view() -> None:
    pile = pile_without((5,))
    one = DC.position([ROWS, ROWS, ROWS], card=5, draw_pile=pile)
    two = DC.position([ROWS, ROWS, ROWS], card=5, draw_pile=pile[::-1])
    assert one != two
    assert views(one) == views(two)
    assert views(one)[0].draw_pile_size == 25


@pytest.mark.clause("dc.view.hidden", "dc.deck.no-peeking")
def test_the_captain_pile_below_its_top_is_not_in_the_view() -> None:
    one = DC.position([ROWS, ROWS], card=5, captain_pile=(3, 7, 9))
    two = DC.position([ROWS, ROWS], card=5, captain_pile=(7, 3, 9))
    # A card below the top swapped with one in the draw pile.
    three = DC.position([ROWS, ROWS], card=5, captain_pile=(MAX, 3, 9))
    assert len({one, two, three}) == 3
    assert views(one) == views(two) == views(three)
    v = views(one)[1]
    assert (v.captain_pile_top, v.captain_pile_size, v.draw_pile_size) == (9, 3, 22)
    other_top = DC.position([ROWS, ROWS], card=5, captain_pile=(3, 9, 7))
    assert views(other_top) != views(one)
    assert views(other_top)[0].captain_pile_top == 7


@pytest.mark.clause("dc.view.simultaneous")
def test_another_players_action_is_hidden_until_the_turn_resolves() -> None:
    grids = [ROWS, ROWS, ROWS]
    cover = DC.position(grids, card=6, submitted=[None, Cover(1, (1, 0)), None])
    duck = DC.position(grids, card=6, submitted=[None, Duck(1, (4, 1)), None])
    assert cover != duck
    for p in (0, 2):
        assert DC.view(cover, p) == DC.view(duck, p)
        assert DC.view(cover, p).own_action is None
        assert DC.view(cover, p).acted == (False, True, False)
    assert DC.view(cover, 1).own_action == Cover(1, (1, 0))
    assert DC.view(duck, 1).own_action == Duck(1, (4, 1))
    assert DC.view(cover, 1) != DC.view(duck, 1)
    # Nothing has moved yet in anyone's view.
    assert DC.view(cover, 0).grids == DC.view(DC.position(grids, card=6), 0).grids


@pytest.mark.clause("dc.view.simultaneous")
def test_a_player_sees_their_own_quack() -> None:
    covered = "1 2 3 4\n5/6 7 8 9\n10 11 12 ."
    state = play(DC.position([ROWS, covered], card=5), Quack(1))
    assert DC.view(state, 1).own_action == Quack(1)
    assert DC.view(state, 0).own_action is None
    assert DC.view(state, 0).acted == (False, True)


@pytest.mark.clause("dc.view.simultaneous")
def test_actions_become_visible_when_the_turn_resolves() -> None:
    state = play(DC.position([ROWS, ROWS], card=6), Cover(0, (1, 0)), Duck(1, (4, 1)))
    v = DC.view(state, 0)
    assert StackView((1, 0), 6, 1) in v.grids[0].stacks
    assert StackView((4, 1), 6, 0) in v.grids[1].stacks
    assert v.acted == (False, False)


@pytest.mark.clause("dc.view.hidden", "dc.turn.discard")
def test_the_discard_zone_and_the_discards_left_are_public() -> None:
    state = DC.position([ROWS, ROWS, ROWS], card=5, discard_zone=(REPEAT, 3, 11), captain_pile=(8,))
    for v in views(state):
        assert v.discard_zone == (REPEAT, 3, 11)
        assert v.discards_left == 8 - 3
        assert v.card == 5
        assert v.call == 5
    changed = DC.position([ROWS, ROWS, ROWS], card=5, discard_zone=(REPEAT, 3, 12))
    assert views(changed)[0].discard_zone != views(state)[0].discard_zone


@pytest.mark.clause("dc.view.hidden")
def test_public_differences_do_show() -> None:
    base = DC.position([ROWS, STACKED], card=12)
    deeper = DC.position([ROWS, {**_stacked(), (1, 1): (9, 5, 3, 6), (2, 1): (7,)}], card=12)
    assert views(base) != views(deeper)
    swapped_top = DC.position([ROWS, {**_stacked(), (2, 1): (7, 3)}], card=12)
    assert views(base) != views(swapped_top)


def _stacked() -> dict[tuple[int, int], tuple[int, ...]]:
    return dict(DC.position([ROWS, STACKED], card=12).grids[1].cells)
