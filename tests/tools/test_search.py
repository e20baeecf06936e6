"""The search bot: legal, reproducible, ends every game, and finds a winning move that
random play mostly misses (a reward backed up the wrong way would avoid it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulespec
from rulespec import canardage, duck_cover
from rulespec.core.game import Game
from rulespec.duck_cover.heuristic import standing
from rulespec.tools.search import Search, parse, reward
from rulespec.tools.simulation import SeatPolicies, play, random_policy

AnyGame = Game[Any, Any, Any, Any]

SETUPS = [("duck-and-cover", 2), ("duck-and-cover", 3), ("duo", 2), ("duo", 4), ("canardage", 3)]
"""Games and player counts, simultaneous turns included (Duck & Cover)."""


def _decisions(g: AnyGame, players: int, seed: int, count: int) -> list[tuple[Any, int]]:
    """``count`` (state, player) pairs of a random game with more than one legal action,
    spread over the game; in Duck & Cover some with another player's action submitted."""
    rng = random.Random(seed)
    options = g.decode_options(g.simulation_options())
    state = g.new_game(players, options)
    found: list[tuple[Any, int]] = []
    while not g.is_over(state):
        movers = g.to_move(state)
        if movers == (rulespec.CHANCE,):
            state = g.apply(state, g.sample_chance(state, rng))
            continue
        last = movers[-1]
        if len(g.legal_actions(state, last)) > 1 and rng.random() < 0.2:
            found.append((state, last))
        state = g.apply(state, random_policy(g, state, movers[0], rng))
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize(("game_id", "players"), SETUPS)
def test_the_bot_chooses_a_legal_action_and_the_same_one_from_the_same_seed(
    game_id: str, players: int
) -> None:
    g = rulespec.game(game_id)
    bot = Search(playouts=12)
    chosen = set()
    for i, (state, player) in enumerate(_decisions(g, players, seed=players, count=6)):
        action = bot(g, state, player, random.Random(i))
        assert action in g.legal_actions(state, player)
        assert bot(g, state, player, random.Random(i)) == action
        chosen.add(type(action).__name__)
    assert chosen  # some decisions were searched


@pytest.mark.parametrize(("game_id", "players"), SETUPS[1:])
def test_a_tiny_budget_ends_the_game_and_a_seed_gives_the_same_game(
    game_id: str, players: int
) -> None:
    g = rulespec.game(game_id)
    options = g.decode_options(
        {**g.simulation_options(), "max_rounds": 2} if game_id == "duo" else {}
    )
    seats = SeatPolicies((Search(playouts=2), *[random_policy] * (players - 1)))
    first = play(g, players, "11", policy=seats, options=options, record=True)
    again = play(g, players, "11", policy=seats, options=options, record=True)
    assert first.record is not None and again.record is not None
    assert g.is_over(first.record.replay())  # checked against every invariant on the way
    assert first.record.steps == again.record.steps


def _last_ducks() -> tuple[AnyGame, Any]:
    """Canardage, three players: player 2 is out; players 0 and 1 have one duck each, both
    targeted at the front. Player 0's Pan on space 1 wins at once; on space 0 it shoots
    their own last duck and loses; an En joue leaves player 1 a turn to shoot."""
    can = rulespec.game("canardage")
    state = canardage.position(
        "0* 1* W W W W",
        [["pan", "en-joue", "en-joue"], ["pan", "pan", "pan"], None],
        shot=(4, 4, 5),
    )
    return can, state


def test_the_bot_plays_the_winning_shot_that_random_play_mostly_misses() -> None:
    can, state = _last_ducks()
    legal = can.legal_actions(state, 0)
    wins = [a for a in legal if can.winners(can.apply(state, a)) == (0,)]
    assert len(wins) == 1 and len(legal) == 6
    bot = Search(playouts=40)
    for seed in range(5):
        assert bot(can, state, 0, random.Random(seed)) == wins[0]
    random_wins = sum(random_policy(can, state, 0, random.Random(s)) in wins for s in range(200))
    assert random_wins < 60  # one move in six


@pytest.mark.clause("can.end.winner", "can.end.simultaneous")
def test_the_reward_of_a_finished_game_is_a_win_a_shared_win_or_a_loss() -> None:
    can, state = _last_ducks()
    by_move = {a: can.apply(state, a) for a in can.legal_actions(state, 0)}
    won = next(s for s in by_move.values() if can.winners(s) == (0,))
    lost = next(s for s in by_move.values() if can.winners(s) == (1,))
    assert [reward(can, state, won, p) for p in range(3)] == [1.0, 0.0, 0.0]
    assert [reward(can, state, lost, p) for p in range(3)] == [0.0, 1.0, 0.0]
    shared = canardage.position(
        "0* 1* W W W W",
        [["canardage", "en-joue", "en-joue"], ["pan", "pan", "pan"], None],
        shot=(4, 4, 5),
    )
    (both,) = [a for a in can.legal_actions(shared, 0) if a.card.value == "canardage"]
    after = can.apply(shared, both)
    assert can.winners(after) == (0, 1)
    assert [reward(can, shared, after, p) for p in range(3)] == [0.5, 0.5, 0.0]


def test_an_unfinished_playout_ranks_the_gains_lowest_first_in_duck_and_cover() -> None:
    dc = rulespec.game("duck-and-cover")
    full = "1 2 3 4\n5 6 7 8\n9 10 11 12"
    start = duck_cover.position([full, full, full], card=5)
    # Player 1's 12 (five splashes) hidden under the 11: they gain -5, the others 0.
    later = duck_cover.position([full, "1 2 3 4\n5 6 7 8\n9 10 12/11 .", full], card=5)
    gains = [b - a for a, b in zip(standing(start), standing(later), strict=True)]
    assert gains == [0, -5, 0]  # the 12 scores five splashes; lowest wins
    assert [reward(dc, start, later, p, standing) for p in range(3)] == [0.25, 1.0, 0.25]


def test_the_budget_is_checked_and_parsed() -> None:
    assert parse("search") == Search()
    assert parse("search:7") == Search(playouts=7)
    assert parse("greedy") is None
    for bad in ("search:", "search:-3", "search:2.5", "search:²"):
        with pytest.raises(ValueError, match="number of playouts"):
            parse(bad)
    with pytest.raises(ValueError, match="at least 1"):
        parse("search:0")
    with pytest.raises(TypeError, match="playouts"):
        Search(playouts=True)
    with pytest.raises(TypeError, match="rng"):
        Search(playouts=3)(*_last_ducks(), 0, 5)  # type: ignore[arg-type]
