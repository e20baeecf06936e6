"""The rulebooks' worked examples, played through ``apply``.

French « Exemple de tour de jeu » and « Exemple de fin de manche » (Spanish
and German editions alike; the German one adds that Gwen's 5 was covered by
her 2), the discard-limit table, and the publisher's Competition example
quoted in FACTS.md.
"""

from __future__ import annotations

import pytest

import rulespec
from rulespec.duck_cover import Cover, Duck, Grid, Options, Quack
from tests.duck_cover.helpers import DC, MAX, deal, play, refused

# -- « Exemple de tour de jeu » ---------------------------------------------------

CONNIE = """
1  2  3  4
5  7  6  8
9 10 11 12
"""  # her 5 at (0, 1) beside her 7 at (1, 1)

JACKSON = """
 6  1 2  3
 4  7 8  9
10 11 5 12
"""  # his 6 in the top-left corner; his 5 far from it

DAN = """
 1  2 3  4
 6  7 8  9
10 11 5 12
"""  # his 8 at (2, 1), directly above his 5 at (2, 2)

GWEN = """
1   .  3 4
6 5/2  7 8
9  10 11 12
"""  # earlier in the game her 2 covered her 5


@pytest.mark.clause(
    "dc.turn.draw",
    "dc.move.cover",
    "dc.move.duck",
    "dc.move.duck-adjacent",
    "dc.move.quack",
    "dc.turn.captain-pile",
)
def test_the_turn_example() -> None:
    state = DC.position([CONNIE, JACKSON, DAN, GWEN], card=5)  # Connie draws the 5
    assert [DC.view(state, p).call for p in range(4)] == [5, 5, 5, 5]
    # Gwen's 5 is covered: she can only say « Coin ».
    assert list(DC.legal_actions(state, 3)) == [Quack(3)]
    with refused("dc.move.quack"):
        DC.apply(state, Cover(3, (1, 0)))
    # The place left of Jackson's 6 touches the 6: a legal Duck.
    assert Duck(1, (-1, 0)) in DC.legal_actions(state, 1)
    state = play(
        state,
        Cover(0, (1, 1)),  # Connie covers her 7 with her 5
        Duck(1, (-1, 0)),  # Jackson ducks his 5 beside his 6, outside the grid
        Cover(2, (2, 1)),  # Dan covers his 8, just above his 5
        Quack(3),  # Gwen: « Coin »
    )
    assert state.grids[0] == Grid.from_diagram("1 2 3 4\n. 7/5 6 8\n9 10 11 12")
    assert state.grids[1] == Grid.from_diagram("5 6 1 2 3\n. 4 7 8 9\n. 10 11 . 12", (-1, 0))
    assert state.grids[2] == Grid.from_diagram("1 2 3 4\n6 7 8/5 9\n10 11 . 12")
    assert state.grids[3] == Grid.from_diagram(GWEN)
    # Players moved the 5, so it tops the Captain pile.
    assert state.captain_pile == (5,)
    assert state.discard_zone == ()


@pytest.mark.clause("dc.move.duck-adjacent")
def test_the_turn_example_needs_the_6_beside_the_ducked_5() -> None:
    state = DC.position([CONNIE, JACKSON, DAN, GWEN], card=5)
    # Beside the 6 at (0, 0): (-1, 0) and (0, -1). One step further out, beside nothing.
    DC.apply(state, Duck(1, (0, -1)))
    with refused("dc.move.duck-adjacent"):
        DC.apply(state, Duck(1, (-2, 0)))
    with refused("dc.move.duck-adjacent"):
        DC.apply(state, Duck(1, (-1, -1)))


# -- « Exemple de fin de manche » -------------------------------------------------

# Four players, six cards in the discard zone; the 10 is drawn. Each grid holds its
# twelve cards; the tops are those of the example.
CONNIE_END = {(0, 0): (10, 1, 3, 4, 5, 6), (1, 0): (7, 8, 9, 11, 12, 2)}  # 6 and 2
JACKSON_END = {(0, 0): (1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 6), (1, 0): (10,)}  # 6, then 10
DAN_END = {(0, 0): (10, 2, 3, 1), (1, 0): (5, 7, 4), (2, 0): (8, 9, 11, 12, 6)}  # 1, 4, 6
GWEN_END = {(0, 0): (10, 1, 2, 3, 4, 5, 12), (1, 0): (7, 8, 9, 11, 6)}  # 12 and 6
ZONE = (1, 3, 7, 9, 11, 4)


@pytest.mark.clause(
    "dc.score.splashes",
    "dc.score.sign",
    "dc.end.single-pile",
    "dc.cards.splashes",
    "dc.turn.captain-pile",
)
def test_the_end_of_round_example() -> None:
    state = DC.position([CONNIE_END, JACKSON_END, DAN_END, GWEN_END], card=10, discard_zone=ZONE)
    assert DC.view(state, 0).discards_left == 1
    for p in (0, 2, 3):
        assert list(DC.legal_actions(state, p)) == [Quack(p)]
    # Everyone says « Coin » but Jackson, who covers his 6 with his 10.
    state = play(state, Quack(0), Cover(1, (0, 0)), Quack(2), Quack(3))
    assert len(state.grids[1]) == 1
    assert DC.to_move(state) == (rulespec.CHANCE,)  # the round is over
    assert state.discard_zone == ZONE
    assert state.round_scores == ((+3, -4, +4, +7),)


@pytest.mark.clause("dc.end.discard-limit")
def test_the_end_of_round_example_had_nobody_played_the_10() -> None:
    jackson = {(0, 0): (1, 2, 3, 4, 5, 7, 8, 9, 11, 6), (1, 0): (10, 12)}  # 6 and 12
    state = DC.position([CONNIE_END, jackson, DAN_END, GWEN_END], card=10, discard_zone=ZONE)
    state = play(state, Quack(0), Quack(1), Quack(2), Quack(3))
    assert state.discard_zone == (*ZONE, 10)
    assert DC.to_move(state) == (rulespec.CHANCE,)
    assert state.round_scores == ((3, 2 + 5, 4, 7),)


# -- the discard-limit table ------------------------------------------------------


@pytest.mark.clause("dc.end.discard-limit")
@pytest.mark.parametrize(("players", "discards"), [(2, 9), (3, 8), (4, 7), (5, 6), (6, 5), (7, 4)])
def test_the_discard_limit_table(players: int, discards: int) -> None:
    state = deal(players, first=(5,))
    assert players + discards == 11
    for p in range(players):
        assert DC.view(state, p).discards_left == discards


# -- the publisher's Competition example (FACTS.md) -------------------------------

VISIBLE_12_3_1 = {(0, 0): (2, 4, 5, 6, 12), (1, 0): (7, 8, 9, 10, 11, 3), (2, 0): (1,)}


@pytest.mark.clause("dc.cards.splashes", "dc.score.splashes", "dc.score.sign")
@pytest.mark.parametrize(
    ("options", "twelve_3_1", "lone_12"), [(None, 6, -5), ("numbers", 16, -12)]
)
def test_the_competition_example(options: str | None, twelve_3_1: int, lone_12: int) -> None:
    chosen = Options(splashes=tuple(range(1, 13))) if options else None
    lone = {(0, 0): tuple(range(1, 12)), (1, 0): (12,)}
    # Max: player 0's 12 covers the rest (a lone 12); player 1's 12 ducks above the 3,
    # leaving 12, 3 and 1 visible.
    state = DC.position([lone, VISIBLE_12_3_1], card=MAX, options=chosen)
    state = play(state, Cover(0, (0, 0)), Duck(1, (1, -1)))
    assert sorted(s.top for s in DC.view(state, 0).grids[1].stacks) == [1, 3, 12]
    assert state.round_scores == ((lone_12, twelve_3_1),)
