"""The worked examples drawn on the site as the rulebooks' own tell them with the
rulebooks' numbers: the turn of Connie, Jackson, Dan and Gwen, and their end of a
round (French « Exemple de tour de jeu » and « Exemple de fin de manche »)."""

from __future__ import annotations

import pytest

from rulespec.duck_cover import Cover, Duck, Quack, State
from rulespec.duck_cover.view import GridView
from rulespec.rulebook.examples import Example, examples_of

CONNIE, JACKSON, DAN, GWEN = range(4)


def _example(name: str) -> Example:
    return next(e for e in examples_of("duck-and-cover") if e.name == name)


def _tops(state: State, player: int) -> dict[tuple[int, int], int]:
    return {st.position: st.top for st in GridView.of(state.grids[player]).stacks}


def test_only_the_rulebooks_examples_say_they_are_the_rulebooks() -> None:
    said = {
        e.name
        for game in ("duck-and-cover", "duo", "canardage")
        for e in examples_of(game)
        if "rulebook" in e.caption
    }
    assert said == {"dc-turn", "dc-score", "duo-score-out"}


@pytest.mark.clause("dc.end.single-pile", "dc.score.sign", "dc.end.discard-limit")
def test_the_end_of_a_round_has_six_discards_and_jackson_covering_his_6() -> None:
    example = _example("dc-score")
    before = example.before
    assert before.players == 4 and before.card == 10
    assert len(before.discard_zone) == 6 and before.discard_limit == 7
    # Jackson holds two stacks, topped by the 10 he moves and the 6 it covers.
    jackson = _tops(before, JACKSON)
    assert sorted(jackson.values()) == [6, 10]
    action = example.action
    assert isinstance(action, Cover) and action.player == JACKSON
    assert jackson[action.to] == 6
    # The others' 10 are covered: they said « Coin »; their visible cards are the book's.
    assert before.submitted == (Quack(CONNIE), None, Quack(DAN), Quack(GWEN))
    shown = {p: sorted(_tops(before, p).values()) for p in (CONNIE, DAN, GWEN)}
    assert shown == {CONNIE: [2, 6], DAN: [1, 4, 6], GWEN: [6, 12]}
    assert example.after.round_scores == ((3, -4, 4, 7),)
    # No card in the discard zone may be one that someone still shows: a visible card
    # was visible when it was called, and would have been moved.
    visible = {t for p in range(4) for t in _tops(before, p).values()}
    assert not visible & set(before.discard_zone)


@pytest.mark.clause("dc.move.cover", "dc.move.duck-adjacent", "dc.move.quack")
def test_the_turn_is_the_rulebooks_four_moves_on_a_5() -> None:
    example = _example("dc-turn")
    before = example.before
    assert before.players == 4 and before.card == 5
    moves = dict(enumerate(before.submitted))
    moves[CONNIE] = example.action
    # Connie covers her 7 with her 5.
    connie = moves[CONNIE]
    assert isinstance(connie, Cover) and _tops(before, CONNIE)[connie.to] == 7
    # Jackson ducks his 5 beside his 6, outside the four-by-three grid he was dealt.
    jackson = moves[JACKSON]
    assert isinstance(jackson, Duck)
    col, row = jackson.to
    assert not (0 <= col < 4 and 0 <= row < 3)
    beside = {(col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)}
    assert 6 in {_tops(before, JACKSON).get(at) for at in beside}
    # Dan covers the 8 just above his 5.
    dan = moves[DAN]
    five = next(at for at, top in _tops(before, DAN).items() if top == 5)
    assert isinstance(dan, Cover) and dan.to == (five[0], five[1] - 1)
    assert _tops(before, DAN)[dan.to] == 8
    # Gwen must say « Coin »: her 5 lies under her 2.
    assert moves[GWEN] == Quack(GWEN)
    assert any(st == (5, 2) for _, st in before.grids[GWEN])
