"""Players out, the winner, ducks falling together, a line that runs short."""

from __future__ import annotations

import pytest

from rulespec.canardage import Card
from rulespec.canardage.scoring import out
from tests.canardage.helpers import GAME, W, at, line_of, play, spaces


@pytest.mark.clause("can.end.out", "can.turn.order")
def test_a_player_with_no_duck_left_keeps_playing() -> None:
    s = at("0 1* W 0 1 W", ["pan", "en-joue", "pan"], turn=2, shot=[0, 0, 5])
    assert out(s) == (2,) and not GAME.is_over(s)
    assert GAME.to_move(s) == (2,)
    assert spaces(s, Card.PAN) == [(1,)]  # the player out can still shoot
    after = play(s, Card.PAN, 1)
    assert after.shot == (0, 1, 5) and after.turn == 0
    # ... and their turn comes round again.
    s2 = at("0 1 W 0 1 W", ["en-avant-marche", "pan", "pan"], turn=1, shot=[0, 0, 5])
    assert play(s2, Card.EN_AVANT_MARCHE).turn == 2


@pytest.mark.clause("can.end.winner", "can.end.out")
def test_shooting_the_last_duck_of_the_second_last_player_ends_the_game() -> None:
    s = at("0 1* W W W 0", ["pan", "pan", "pan"], turn=0, shot=[2, 4, 5])
    after = play(s, Card.PAN, 1)
    assert GAME.is_over(after) and GAME.to_move(after) == ()
    assert GAME.winners(after) == (0,)
    assert GAME.scores(after) == (3, 0, 0)
    assert out(after) == (1, 2)
    assert len(after.hands[0]) == 2  # no draw after the last play


@pytest.mark.clause("can.end.winner")
def test_no_winner_while_two_players_have_ducks() -> None:
    s = at("0 1* W W 1 0", ["pan", "pan", "pan"], turn=0, shot=[2, 3, 5])
    after = play(s, Card.PAN, 1)
    assert not GAME.is_over(after) and GAME.winners(after) == ()


@pytest.mark.clause("can.end.simultaneous", "can.line.short", "can.targets.spaces")
def test_canardage_on_the_last_two_ducks_shares_the_victory_and_shortens_the_line() -> None:
    s = at("W W 1* 2* W W*", ["canardage", "pan", "pan"], turn=0, shot=[5, 4, 4], deck=[W])
    after = play(s, Card.CANARDAGE, 2, 3)
    assert GAME.is_over(after)
    assert GAME.winners(after) == (1, 2)
    assert line_of(after) == "W W W W W"  # the deck held one card: space 5 stays empty
    assert after.deck == ()
    assert after.targets == (5,)  # a target beside the empty space stays there


@pytest.mark.clause("can.line.short")
def test_the_deck_is_never_too_short_while_two_players_have_ducks() -> None:
    # Five water cards and two living ducks, one hidden: the line is full and the deck empty.
    s = at("W W 1/2 W W W", ["en-avant-marche", "pan", "pan"], shot=[5, 4, 4], deck=[])
    after = play(s, Card.EN_AVANT_MARCHE)
    assert len(after.line) == 6 and after.deck == ()  # the front water card came straight back
    assert line_of(after) == "W 1/2 W W W W"
