"""The publisher's variants (clauses ``dc.variant.*``).

Each variant's rules on hand-built positions, the publisher's Competition
example, the refused combination, the invariants and views under each
option, JSON, and whole simulated games under every option and some
combinations (``simulate`` checks every invariant after every step).

Expected values are worked out by hand from the publisher's page as
FACTS.md summarises it: splashes 0 1 1 2 2 2 3 3 3 4 4 5 for cards 1–12;
a duck of seat ``f``'s family held by another seat is written
``(f + 1) * 100 + number``.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any, cast

import attrs
import pytest

import rulespec
from rulespec.duck_cover import (
    Cover,
    Deal,
    Duck,
    Grid,
    Options,
    Phase,
    Quack,
    State,
)
from rulespec.duck_cover.actions import Give, Place
from rulespec.tools.simulation import simulate
from tests.duck_cover.helpers import (
    DC,
    FULL_DECK,
    IDENTITY,
    MAX,
    REPEAT,
    ROWS,
    deck_starting,
    play,
    refused,
)
from tests.profiles import scaled

COMPETITION = Options(competition=True)
CONSTRAINTS = Options(constraints=True)
PRESSURE = Options(pressure=True)
SURPRISES = Options(surprises=True)
LOW_BLOWS = Options(low_blows=True)

# The 20 draw cards of Constraints, written out: 4 to 12 twice, Max, Repeat.
CONSTRAINED_DECK = sorted([*range(4, 13), *range(4, 13), MAX, REPEAT])

Grids = dict[tuple[int, int], tuple[int, ...]]


def with_flags(**flags: bool) -> Options:
    """The published game's options with these variants switched on or off."""
    return Options(**cast(dict[str, Any], flags))


def rest_of(deck: list[int], *placed: int) -> tuple[int, ...]:
    """``deck`` without one copy of each of ``placed``, in deck order."""
    rest = list(deck)
    for card in placed:
        rest.remove(card)
    return tuple(rest)


def cells(state: State, player: int) -> Grids:
    return dict(state.grids[player].cells)


# -- Competition ------------------------------------------------------------------


@pytest.mark.clause("dc.variant.competition", "dc.score.sign")
@pytest.mark.parametrize(("options", "expected"), [(COMPETITION, (-12, 16)), (None, (-5, 6))])
def test_the_publishers_competition_example(options: Options | None, expected: Any) -> None:
    """12, 3 and 1 visible score 16 (6 in splashes); a lone 12 scores −12 (−5)."""
    lone_12 = {(0, 0): tuple(range(1, 12)), (1, 0): (12,)}
    twelve_3_1 = {(0, 0): (12,), (1, 0): (2, 4, 5, 6, 7, 8, 9, 10, 11, 3), (2, 0): (1,)}
    state = DC.position([lone_12, twelve_3_1], card=12, options=options)
    state = play(state, Cover(0, (0, 0)), Duck(1, (1, 1)))
    assert [s[-1] for s in cells(state, 1).values()] == [3, 12, 1]
    assert len(state.grids[0].cells) == 1
    assert state.round_scores == (expected,)
    # The published score invariant follows the option: the other table's scores break it.
    assert DC.violations(state) == ()
    other = (-5, 6) if expected == (-12, 16) else (-12, 16)
    wrong = attrs.evolve(state, round_scores=(other,))
    assert [v.invariant for v in DC.violations(wrong)] == ["dc.inv.scores"]


# -- Pressure ---------------------------------------------------------------------

# Player 0 covers with the 10 into a single stack; player 1's 10 is covered and
# their visible 1–9, 11 and 12 carry 0+1+1+2+2+2+3+3+3+4+5 = 26 splashes
# (1+…+9+11+12 = 68 as numbers).
LONE_10 = {(0, 0): (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12), (1, 0): (10,)}
HIDDEN_10 = "10/1 2 3 4\n5 6 7 8\n9 . 11 12"


@pytest.mark.clause("dc.variant.pressure", "dc.variant.competition")
@pytest.mark.parametrize(
    ("options", "round", "expected"),
    [
        (PRESSURE, 2, (-8, 26)),
        (PRESSURE, 1, (-4, 26)),
        (PRESSURE, 0, (-4, 26)),
        (None, 2, (-4, 26)),
        (Options(pressure=True, competition=True), 2, (-20, 68)),
        (COMPETITION, 2, (-10, 68)),
    ],
)
def test_pressure_doubles_a_negative_score_in_the_last_round_only(
    options: Options | None, round: int, expected: tuple[int, int]
) -> None:
    earlier = [(1, 2)] * round
    state = DC.position(
        [LONE_10, HIDDEN_10], card=10, round=round, round_scores=earlier, options=options
    )
    state = play(state, Cover(0, (0, 0)), Quack(1))
    assert state.round_scores == (*earlier, expected)
    assert DC.scores(state) == (expected[0] + round, expected[1] + 2 * round)
    assert DC.violations(state) == ()
    if round == 2:
        assert DC.is_over(state) and DC.winners(state) == (0,)
        if options is not None and options.pressure:
            undoubled = (expected[0] // 2, expected[1])
            wrong = attrs.evolve(state, round_scores=(*earlier, undoubled))
            assert [v.invariant for v in DC.violations(wrong)] == ["dc.inv.scores"]


# -- Constraints ------------------------------------------------------------------


@pytest.mark.clause("dc.variant.constraints.deck")
def test_constraints_take_the_1_2_and_3_out_of_the_draw_deck() -> None:
    state = DC.new_game(3, CONSTRAINTS)
    deck = cast(list[int], list(DC.chance(state).piles[-1]))
    assert sorted(deck) == CONSTRAINED_DECK
    with refused("dc.variant.constraints.deck"):
        DC.apply(state, Deal((IDENTITY,) * 3, FULL_DECK))
    pile = (7, *rest_of(CONSTRAINED_DECK, 7))
    after = DC.apply(state, Deal((IDENTITY,) * 3, pile))
    assert after.card == 7 and len(after.draw_pile) == 19
    assert DC.violations(after) == ()
    # A 1, 2 or 3 is never in play, nor remembered as a call.
    with pytest.raises(rulespec.PositionError):
        DC.position([ROWS, ROWS], card=2, options=CONSTRAINTS)
    with pytest.raises(rulespec.PositionError):
        DC.position([ROWS, ROWS], card=REPEAT, previous=3, options=CONSTRAINTS)
    # The invariant counts 20 cards: a 1 slipped into the draw pile breaks it.
    broken = attrs.evolve(after, draw_pile=(1, *after.draw_pile))
    assert [v.invariant for v in DC.violations(broken)] == ["dc.inv.draw-cards"]


# Only the 1 and the 3 are visible: the highest visible card is a 3.
LOW_TOPS = {(0, 0): (4, 5, 6, 7, 8, 9, 10, 11, 12, 2, 1), (1, 0): (3,)}


@pytest.mark.clause("dc.variant.constraints.max", "dc.variant.constraints.frozen")
def test_max_on_a_frozen_highest_card_means_quack() -> None:
    state = DC.position([LOW_TOPS, ROWS], card=MAX, options=CONSTRAINTS)
    assert list(DC.legal_actions(state, 0)) == [Quack(0)]
    with refused("dc.variant.constraints.frozen"):
        DC.apply(state, Cover(0, (0, 0)))
    # Player 1's Max is the 12 at (3, 2): it covers the 8 or the 11, or ducks.
    legal = set(DC.legal_actions(state, 1))
    assert {Cover(1, (3, 1)), Cover(1, (2, 2))} <= legal and Quack(1) not in legal
    after = play(state, Quack(0), Cover(1, (3, 1)))
    assert cells(after, 0) == LOW_TOPS
    assert after.captain_pile == (MAX,)
    # Without the option, the 3 is the Max card and must move.
    base = DC.position([LOW_TOPS, ROWS], card=MAX)
    assert set(DC.legal_actions(base, 0)) >= {Cover(0, (0, 0))}
    assert Quack(0) not in set(DC.legal_actions(base, 0))


@pytest.mark.clause(
    "dc.variant.constraints.max", "dc.turn.discard", "dc.special.repeat-after-discard"
)
def test_under_constraints_max_can_be_discarded_and_repeat_follows_it() -> None:
    pile = (REPEAT, 9, *rest_of(CONSTRAINED_DECK, MAX, REPEAT, 9))
    state = DC.position([LOW_TOPS, LOW_TOPS], card=MAX, draw_pile=pile, options=CONSTRAINTS)
    after = play(state, Quack(0), Quack(1))
    assert after.discard_zone == (MAX, REPEAT)
    assert after.card == 9 and after.captain_pile == ()


@pytest.mark.clause("dc.variant.constraints.frozen")
def test_a_covered_1_2_or_3_moves_with_its_stack() -> None:
    # The 5 tops the 1 and the 2 at (0, 0): on a 5 the whole stack moves.
    grid = {(0, 0): (1, 2, 5), (1, 0): (3,), (2, 0): (4, 6, 7, 8, 9, 10, 11, 12)}
    state = DC.position([grid, grid], card=5, options=CONSTRAINTS)
    after = play(state, Cover(0, (1, 0)), Duck(1, (1, 1)))
    assert cells(after, 0)[(1, 0)] == (3, 1, 2, 5)
    assert cells(after, 1)[(1, 1)] == (1, 2, 5)


@pytest.mark.clause("dc.variant.constraints.frozen", "dc.variant.low-blows.gift")
def test_a_frozen_card_may_still_be_given_under_low_blows() -> None:
    both = Options(constraints=True, low_blows=True)
    state = DC.position([LOW_TOPS, ROWS], card=MAX, options=both)
    assert set(DC.legal_actions(state, 0)) == {Give(0, (0, 0)), Give(0, (1, 0))}


# -- Surprises --------------------------------------------------------------------


@pytest.mark.clause("dc.variant.surprises", "dc.setup.draw-deck")
def test_surprises_set_the_first_two_cards_of_the_deal_aside() -> None:
    pile = deck_starting(5, 9, 11)
    state = DC.apply(DC.new_game(2, SURPRISES), Deal((IDENTITY,) * 2, pile))
    assert state.set_aside == (5, 9)
    assert state.card == 11 and state.draw_pile == pile[3:]
    assert len(state.draw_pile) == 23
    assert DC.violations(state) == ()
    # The draw-card invariant counts them; without the option nothing lies aside.
    lost = attrs.evolve(state, set_aside=(5,))
    assert [v.invariant for v in DC.violations(lost)] == ["dc.inv.draw-cards"]
    plain = DC.apply(DC.new_game(2), Deal((IDENTITY,) * 2, pile))
    assert plain.set_aside == () and plain.card == 5
    extra = attrs.evolve(plain, set_aside=(9, 11), draw_pile=plain.draw_pile[2:])
    assert [v.invariant for v in DC.violations(extra)] == ["dc.inv.draw-cards"]


@pytest.mark.clause("dc.variant.surprises", "dc.view.hidden")
def test_views_never_show_the_cards_set_aside() -> None:
    one = DC.position([ROWS, ROWS], card=6, set_aside=(5, 9), options=SURPRISES)
    two = DC.position([ROWS, ROWS], card=6, set_aside=(12, MAX), options=SURPRISES)
    assert one != two
    for p in range(2):
        assert DC.view(one, p) == DC.view(two, p)
        assert DC.view(one, p).set_aside_size == 2
        assert DC.view(one, p).draw_pile_size == 23
    with pytest.raises(rulespec.PositionError):
        DC.position([ROWS, ROWS], card=6, options=SURPRISES)  # which two lie aside?


@pytest.mark.clause("dc.variant.surprises", "dc.deck.reshuffle", "dc.round.new")
def test_cards_set_aside_stay_out_of_a_reshuffle_and_return_next_round() -> None:
    captain = rest_of(sorted(FULL_DECK), 5, 9, 12)
    state = DC.position(
        [ROWS, ROWS],
        card=12,
        draw_pile=(),
        captain_pile=captain,
        set_aside=(5, 9),
        options=SURPRISES,
    )
    state = play(state, Cover(0, (3, 1)), Cover(1, (3, 1)))
    assert state.phase is Phase.RESHUFFLE
    (pile,) = DC.chance(state).piles
    assert Counter(pile) == Counter(FULL_DECK) - Counter([5, 9])
    # End a round: the next deal shuffles all 26 cards again and sets two new ones aside.
    lone = {(0, 0): tuple(range(1, 12)), (1, 0): (12,)}
    state = DC.position([lone, ROWS], card=12, set_aside=(5, 9), options=SURPRISES)
    state = play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))
    assert state.phase is Phase.DEAL
    assert Counter(DC.chance(state).piles[-1]) == Counter(FULL_DECK)
    state = DC.apply(state, Deal((IDENTITY,) * 2, deck_starting(MAX, REPEAT, 4)))
    assert state.set_aside == (MAX, REPEAT) and state.card == 4


# -- Low blows: the trigger -------------------------------------------------------


@pytest.mark.clause("dc.variant.low-blows.trigger", "dc.variant.low-blows.gift")
@pytest.mark.parametrize("card", [MAX, REPEAT])
def test_max_and_repeat_make_everyone_give_instead(card: int) -> None:
    state = DC.position([ROWS, ROWS], card=card, previous=7, options=LOW_BLOWS)
    assert state.gifting and DC.to_move(state) == (0, 1)
    # ROWS: the two lowest visible ducks are the 1 at (0, 0) and the 2 at (1, 0).
    for p in (0, 1):
        assert list(DC.legal_actions(state, p)) == [Give(p, (0, 0)), Give(p, (1, 0))]
    with refused("dc.variant.low-blows.trigger"):
        DC.apply(state, Cover(0, (0, 1)))
    with refused("dc.variant.low-blows.trigger"):
        DC.apply(state, Quack(0))
    assert DC.view(state, 0).call is None


@pytest.mark.clause("dc.variant.low-blows.trigger", "dc.special.repeat-first")
def test_a_repeat_drawn_first_still_sets_off_a_gift() -> None:
    pile = deck_starting(REPEAT, 8)
    gift = DC.apply(DC.new_game(2, LOW_BLOWS), Deal((IDENTITY,) * 2, pile))
    assert gift.card == REPEAT and gift.discard_zone == () and gift.gifting
    # Without the option it goes to the discard zone and the 8 is drawn.
    plain = DC.apply(DC.new_game(2), Deal((IDENTITY,) * 2, pile))
    assert plain.discard_zone == (REPEAT,) and plain.card == 8


@pytest.mark.clause("dc.variant.low-blows.trigger", "dc.variant.low-blows.placement")
def test_after_a_gift_the_card_goes_to_the_captain_pile_and_play_goes_on() -> None:
    state = DC.position([ROWS, ROWS], card=MAX, draw_pile=None, options=LOW_BLOWS)
    state = play(state, Give(0, (0, 0)), Give(1, (0, 0)))
    assert state.phase is Phase.TURN and state.card == MAX and state.gifts == (201, 101)
    state = play(state, Place(0, (0, 0)), Place(1, (-1, 1)))
    assert state.captain_pile == (MAX,) and state.gifts == ()
    assert state.card == 1  # the next card of the canonical draw pile
    assert cells(state, 0)[(0, 0)] == (201,)
    assert cells(state, 1)[(-1, 1)] == (101,)
    assert (0, 0) not in cells(state, 1)


# -- Low blows: the gift ----------------------------------------------------------

# Seat 0 holds seat 1's 4 (written 204) and lacks its own 7, held by seat 1 (107).
HOLDS_204 = {(0, 0): (1, 3, 5, 6, 8, 10, 11, 12, 2), (1, 0): (4,), (2, 0): (204,), (3, 0): (9,)}
HOLDS_107 = "1 2 3 107\n5 6 7 8\n9 10 11 12"


@pytest.mark.clause("dc.variant.low-blows.lowest", "dc.variant.low-blows.gift")
def test_the_two_lowest_are_counted_by_number_with_ties_kept() -> None:
    state = DC.position([HOLDS_204, HOLDS_107], card=MAX, options=LOW_BLOWS)
    # Visible 2, 4, 4 (seat 1's) and 9: the 2 or either 4.
    assert list(DC.legal_actions(state, 0)) == [
        Give(0, (0, 0)),
        Give(0, (1, 0)),
        Give(0, (2, 0)),
    ]
    with refused("dc.variant.low-blows.gift"):
        DC.apply(state, Give(0, (3, 0)))
    with refused("dc.variant.low-blows.gift"):
        DC.apply(state, Give(0, (5, 5)))
    # Seat 1: visible 1, 2, 3, its 7s… the 1 and the 2.
    assert list(DC.legal_actions(state, 1)) == [Give(1, (0, 0)), Give(1, (1, 0))]
    # Splashes would tie the 4 with the 5 and 6 (2 splashes each): numbers decide.
    grid = {(0, 0): (1, 2, 3, 7, 8, 9, 10, 11, 12, 5), (1, 0): (6,), (2, 0): (4,)}
    state = DC.position([grid, ROWS], card=MAX, options=LOW_BLOWS)
    assert list(DC.legal_actions(state, 0)) == [Give(0, (0, 0)), Give(0, (2, 0))]


STACKED_1 = "12/1 2 3 4\n5 6 7 8\n9 10 11 ."


@pytest.mark.clause(
    "dc.variant.low-blows.gift", "dc.variant.low-blows.left", "dc.variant.low-blows.ownership"
)
def test_each_player_gives_one_card_alone_to_the_next_seat() -> None:
    state = DC.position([STACKED_1, ROWS, ROWS], card=MAX, options=LOW_BLOWS)
    state = play(state, Give(2, (0, 0)), Give(0, (0, 0)))
    # Choices stay hidden until everyone has chosen.
    assert DC.view(state, 1).own_action is None and DC.view(state, 1).acted == (True, False, True)
    assert cells(state, 0)[(0, 0)] == (12, 1)
    state = DC.apply(state, Give(1, (1, 0)))
    # Seat 0's 1 goes to seat 1, seat 1's 2 to seat 2, seat 2's 1 to seat 0.
    assert state.gifts == (301, 101, 202)
    assert all(DC.view(state, p).gifts == (301, 101, 202) for p in range(3))
    # Seat 0's 12 lay under the 1: it is visible now.
    assert cells(state, 0)[(0, 0)] == (12,)
    assert (1, 0) not in cells(state, 1) and (0, 0) not in cells(state, 2)
    assert DC.violations(state) == ()


@pytest.mark.clause("dc.variant.low-blows.placement")
def test_a_received_duck_is_placed_by_the_duck_rule() -> None:
    state = DC.position([ROWS, ROWS], card=REPEAT, previous=4, options=LOW_BLOWS)
    state = play(state, Give(0, (0, 0)), Give(1, (1, 0)))
    # Seat 1 gave its 2 from (1, 0): every empty place beside one of its stacks, the
    # hole included; (1, -1) touches only the hole.
    expected = {(-1, 0), (-1, 1), (-1, 2), (4, 0), (4, 1), (4, 2)}
    expected |= {(0, -1), (2, -1), (3, -1), (0, 3), (1, 3), (2, 3), (3, 3), (1, 0)}
    assert {a.to for a in DC.legal_actions(state, 1)} == expected  # type: ignore[union-attr]
    assert all(type(a) is Place for a in DC.legal_actions(state, 1))
    with refused("dc.variant.low-blows.placement"):
        DC.apply(state, Place(1, (0, 0)))  # covers a stack
    with refused("dc.variant.low-blows.placement"):
        DC.apply(state, Place(1, (1, -1)))  # touches no stack
    with refused("dc.variant.low-blows.placement"):
        DC.apply(state, Give(1, (0, 0)))
    after = play(state, Place(1, (1, 0)), Place(0, (4, 2)))
    assert cells(after, 1)[(1, 0)] == (101,) and cells(after, 0)[(4, 2)] == (202,)


@pytest.mark.clause("dc.variant.low-blows.placement", "dc.end.single-pile")
def test_a_gift_never_leaves_a_single_stack_at_the_end_of_the_turn() -> None:
    two_stacks = {(0, 0): tuple(range(2, 13)), (1, 0): (1,)}
    state = DC.position([two_stacks, ROWS], card=MAX, options=LOW_BLOWS)
    state = play(state, Give(0, (1, 0)), Give(1, (0, 0)))
    # For a moment seat 0 holds one stack; the round goes on.
    assert len(state.grids[0].cells) == 1 and state.phase is Phase.TURN
    assert DC.violations(state) == ()
    assert {a.to for a in DC.legal_actions(state, 0)} == {  # type: ignore[union-attr]
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
    }
    state = play(state, Place(0, (1, 0)), Place(1, (0, 0)))
    assert len(state.grids[0].cells) == 2
    assert state.round_scores == () and state.phase is Phase.TURN


# -- Low blows: ownership ---------------------------------------------------------

# Seat 0 holds its own 5 at (0, 1) and seat 1's 5 (205) at (4, 0), but not its 7, which
# seat 1 holds (107) where its own 5 stood.
TWO_FIVES = {**dict(Grid.from_diagram("1 2 3 4\n5 6 . 8\n9 10 11 12").cells), (4, 0): (205,)}
NO_FIVE = "1 2 3 4\n107 6 7 8\n9 10 11 12"


@pytest.mark.clause("dc.variant.low-blows.ownership")
def test_a_player_with_two_called_cards_chooses_which_moves() -> None:
    state = DC.position([TWO_FIVES, NO_FIVE], card=5, options=LOW_BLOWS)
    legal = list(DC.legal_actions(state, 0))
    # From (0, 1): cover (0, 0), (0, 2) or (1, 1); from (4, 0): cover (3, 0).
    covers = {(a.origin, a.to) for a in legal if isinstance(a, Cover)}
    assert covers == {((0, 1), (0, 0)), ((0, 1), (0, 2)), ((0, 1), (1, 1)), ((4, 0), (3, 0))}
    assert {a.origin for a in legal if isinstance(a, Cover | Duck)} == {(0, 1), (4, 0)}
    assert all(isinstance(a, Cover | Duck) for a in legal)
    with refused("dc.variant.low-blows.ownership"):
        DC.apply(state, Cover(0, (3, 0)))
    with refused("dc.variant.low-blows.ownership"):
        DC.apply(state, Cover(0, (3, 0), origin=(1, 1)))
    with refused("dc.move.cover"):
        DC.apply(state, Cover(0, (0, 0), origin=(4, 0)))
    with refused("dc.move.must-move"):
        DC.apply(state, Quack(0))
    # Seat 1's 5 is in seat 0's grid: seat 1 says « Coin ».
    assert list(DC.legal_actions(state, 1)) == [Quack(1)]
    after = play(state, Cover(0, (3, 0), origin=(4, 0)), Quack(1))
    assert cells(after, 0)[(3, 0)] == (4, 205) and (4, 0) not in cells(after, 0)
    assert cells(after, 0)[(0, 1)] == (5,)
    # One of the two 5s covered: the visible one moves, and no origin is named.
    covered = DC.position(["1 2 3 205/4\n5 6 . 8\n9 10 11 12", NO_FIVE], card=5, options=LOW_BLOWS)
    assert Cover(0, (0, 0)) in DC.legal_actions(covered, 0)
    with refused("dc.variant.low-blows.ownership"):
        DC.apply(covered, Cover(0, (0, 0), origin=(0, 1)))
    assert cells(play(covered, Cover(0, (0, 0)), Quack(1)), 0)[(0, 0)] == (1, 5)


@pytest.mark.clause("dc.variant.low-blows.ownership", "dc.score.splashes")
def test_received_ducks_score_by_their_number() -> None:
    # Seat 0's visible cards: 2, 204 (a 4) and 9 → 1 + 2 + 3 = 6 splashes. Seat 1's:
    # 1 2 3 107 (a 7) 5 6 7 8 9 12 11, the 10 covered → 0+1+1+3+2+2+3+3+3+5+4 = 27.
    zero = {(0, 0): (1, 3, 5, 6, 8, 10, 11, 12, 2), (1, 0): (4, 204), (3, 0): (9,)}
    one = "1 2 3 107\n5 6 7 8\n9 10/12 11 ."
    state = DC.position(
        [zero, one], card=10, discard_zone=(4, 4, 5, 5, 6, 6, 7, 7), options=LOW_BLOWS
    )
    state = play(state, Quack(0), Quack(1))
    assert state.round_scores == ((6, 27),)


@pytest.mark.clause("dc.variant.low-blows.ownership", "dc.round.new")
def test_every_card_goes_back_to_its_family_at_the_next_deal() -> None:
    lone = {(0, 0): (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 205), (1, 0): (12,)}
    other = "1 2 3 4\n105 6 7 8\n9 10 11 12"
    state = DC.position([lone, other], card=12, options=LOW_BLOWS)
    state = play(state, Cover(0, (0, 0)), Cover(1, (3, 1)))
    assert state.phase is Phase.DEAL
    assert DC.chance(state).piles[:2] == (tuple(range(1, 13)), tuple(range(1, 13)))
    state = DC.apply(state, Deal((IDENTITY,) * 2, FULL_DECK))
    assert [g.cards() for g in state.grids] == [IDENTITY, IDENTITY]


# -- Low blows: invariants --------------------------------------------------------


@pytest.mark.clause("dc.variant.low-blows.ownership", "dc.variant.low-blows.gift")
def test_invariants_follow_ducks_that_change_owner() -> None:
    state = DC.position([STACKED_1, ROWS], card=MAX, options=LOW_BLOWS)
    given = play(state, Give(0, (0, 0)))
    placed = DC.apply(given, Give(1, (0, 0)))
    # The 12 beneath seat 0's 1 came into view: the one allowed exception.
    assert DC.step_violations(given, Give(1, (0, 0)), placed) == ()
    assert DC.violations(placed) == ()
    mid = DC.apply(placed, Place(0, (3, 2)))
    after = DC.apply(mid, Place(1, (-1, 1)))
    # Placing makes one stack more: allowed.
    assert DC.step_violations(mid, Place(1, (-1, 1)), after) == ()
    assert DC.violations(after) == ()
    # A duck held twice, or a family card lost, is caught.
    twice = attrs.evolve(
        after, grids=(after.grids[0], Grid((((-2, 0), (101,)), *after.grids[1].cells)))
    )
    assert "dc.inv.ducks-once" in [v.invariant for v in DC.violations(twice)]
    # Without Low blows a foreign duck is not a duck card 1–12.
    plain = attrs.evolve(after, options=Options())
    assert "dc.inv.ducks-once" in [v.invariant for v in DC.violations(plain)]
    # A covered card uncovered any other way still breaks the rule: here seat 0's 12.
    before = DC.position([HOLDS_204, HOLDS_107], card=MAX, options=LOW_BLOWS)
    moved = {**HOLDS_204, (0, 0): (1, 3, 5, 6, 8, 10, 11, 2), (4, 0): (12,)}
    uncovered = attrs.evolve(before, grids=(Grid.from_stacks(moved), before.grids[1]))
    assert "dc.inv.covered-stays-covered" in [
        v.invariant for v in DC.step_violations(before, Give(0, (0, 0)), uncovered)
    ]


# -- Combinations and options -----------------------------------------------------

FLAGS = ("competition", "constraints", "pressure", "surprises", "low_blows")


@pytest.mark.clause("dc.variant.combinations")
def test_every_combination_of_variants_is_accepted_but_competition_with_a_table() -> None:
    for chosen in itertools.product((False, True), repeat=len(FLAGS)):
        options = with_flags(**dict(zip(FLAGS, chosen, strict=True)))
        assert [getattr(options, f) for f in FLAGS] == list(chosen)
    table = (0, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5)
    assert Options(splashes=table).splashes == table
    with pytest.raises(ValueError, match=r"^dc\.variant\.combinations: "):
        Options(competition=True, splashes=table)
    with pytest.raises(rulespec.RecordError, match=r"dc\.variant\.combinations"):
        DC.decode_options({"competition": True, "splashes": list(table)})
    with pytest.raises(ValueError, match="low_blows"):
        Options(low_blows=1)  # type: ignore[arg-type]


@pytest.mark.clause("dc.variant.combinations")
def test_options_are_written_only_when_they_differ_from_the_published_game() -> None:
    assert DC.encode_options(Options()) == {}
    for flag in FLAGS:
        options = with_flags(**{flag: True})
        data = json.loads(json.dumps(DC.encode_options(options)))
        assert data == {flag: True}
        assert DC.decode_options(data) == options
    assert DC.decode_options({flag: False for flag in FLAGS}) == Options()
    with pytest.raises(rulespec.RecordError) as info:
        DC.decode_options({"pressure": "yes"})
    assert info.value.where == "options.pressure"
    with pytest.raises(rulespec.RecordError):
        DC.decode_options({"madness": True})


@pytest.mark.clause("dc.variant.low-blows.gift", "dc.variant.low-blows.ownership")
def test_variant_actions_and_states_survive_json() -> None:
    for action in (Give(2, (-1, 3)), Place(0, (4, 0)), Cover(1, (0, 0), (1, 0)), Duck(0, (5, 5))):
        data = json.loads(json.dumps(DC.encode_action(action)))
        assert DC.decode_action(data) == action
    assert "origin" not in DC.encode_action(Duck(0, (5, 5)))
    state = DC.position([STACKED_1, ROWS], card=MAX, options=LOW_BLOWS)
    states = [state, DC.apply(state, Give(0, (0, 0)))]
    states.append(DC.apply(states[-1], Give(1, (0, 0))))
    states.append(DC.apply(states[-1], Place(1, (-1, 1))))
    states.append(DC.apply(states[-1], Place(0, (3, 2))))
    states.append(DC.position([ROWS, ROWS], card=6, set_aside=(5, 9), options=SURPRISES))
    for s in states:
        data = json.loads(json.dumps(DC.encode_state(s)))
        assert DC.decode_state(data) == s
    assert DC.encode_state(states[2])["gifts"] == [201, 101]
    assert DC.encode_state(states[-1])["set_aside"] == [5, 9]
    # Base states keep their shape; a foreign duck needs Low blows.
    base = DC.encode_state(DC.position([ROWS, ROWS], card=6))
    assert "gifts" not in base and "set_aside" not in base
    data = DC.encode_state(states[4])
    assert [[-1, 1], [101]] in data["grids"][1]
    data["options"] = {}
    del data["gifts"]
    with pytest.raises(rulespec.RecordError):
        DC.decode_state(data)


# -- Whole games ------------------------------------------------------------------

OPTION_SETS = [
    COMPETITION,
    CONSTRAINTS,
    PRESSURE,
    SURPRISES,
    LOW_BLOWS,
    Options(competition=True, pressure=True),
    Options(constraints=True, surprises=True),
    Options(constraints=True, low_blows=True),
    with_flags(**{flag: True for flag in FLAGS}),
]


@pytest.mark.clause(
    "dc.variant.competition",
    "dc.variant.constraints.deck",
    "dc.variant.pressure",
    "dc.variant.surprises",
    "dc.variant.low-blows.trigger",
    "dc.variant.low-blows.placement",
    "dc.variant.combinations",
)
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: DC.encode_options(o).__repr__())
def test_whole_games_under_each_option_keep_every_invariant(options: Options) -> None:
    results = list(simulate(DC, 3, scaled(1, 2), seed=11, options=options))
    for r in results:
        assert len(r.scores) == 3 and r.winners
        events = dict(r.events)
        assert sum(v for k, v in events.items() if k.startswith("round:")) == 3
        assert ("gift" in events) == options.low_blows


@pytest.mark.clause("dc.variant.combinations")
def test_the_command_line_compares_option_sets(capsys: pytest.CaptureFixture[str]) -> None:
    from rulespec.cli.main import main

    args = ["simulate", "duck-and-cover", "--games", "1", "--players", "3"]
    assert main([*args, "--option", "competition,pressure", "--option", "low-blows"]) == 0
    out = capsys.readouterr().out
    assert "== options: competition,pressure" in out and "== options: low-blows" in out
    assert "comparison of option sets" in out
    # Madness changes nothing the engine records: it is not an option.
    assert main([*args, "--option", "madness"]) == 2
    assert "unknown key 'madness'" in capsys.readouterr().err
