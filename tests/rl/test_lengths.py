"""The declared game lengths are sound: no game takes more player actions or chance
steps than :mod:`rulespec.rl.lengths` allows."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

import rulespec
from rulespec.rl.lengths import default_cap, max_chance_steps, max_game_length, rule_bound
from tests.rl.helpers import THOROUGH

ROUNDS = 30 if THOROUGH else 6


def _count(g: Any, state: Any, choose: Any, rng: random.Random) -> tuple[int, int]:
    """Play ``state`` to its end: (player actions, chance steps)."""
    actions = chances = 0
    while not g.is_over(state):
        for actor in g.to_move(state):
            if actor == rulespec.CHANCE:
                state = g.apply(state, g.sample_chance(state, rng))
                chances += 1
            else:
                state = g.apply(state, choose(g.legal_actions(state, actor), rng))
                actions += 1
    return actions, chances


def _one_card_a_turn(legal: Any, rng: random.Random) -> Any:
    """Stop after a single card, and play a card whenever one fits: long Duo rounds."""
    last = legal[len(legal) - 1]
    if type(last).__name__ == "Stop" or len(legal) == 1:
        return last
    return legal[rng.randrange(len(legal) - 1)]


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("settings", [{}, {"turbo": True}, {"exhausted": "empty-draw"}])
def test_no_duo_match_is_longer_than_its_bound(players: int, settings: dict[str, Any]) -> None:
    duo = rulespec.game("duo")
    options = duo.decode_options({**settings, "max_rounds": 1})
    bound = rule_bound(duo, players, options)
    assert bound is not None and bound == max_game_length(duo, players, options)
    assert max_chance_steps(duo, players, options) == 1
    rng = random.Random(players)
    for policy in (_one_card_a_turn, lambda legal, r: r.choice(legal)):
        for _ in range(ROUNDS):
            actions, chances = _count(duo, duo.new_game(players, options), policy, rng)
            assert actions <= bound and chances == 1


def test_a_duo_bound_counts_every_round() -> None:
    duo = rulespec.game("duo")
    one = rule_bound(duo, 3, duo.decode_options({"max_rounds": 1}))
    assert one is not None
    assert rule_bound(duo, 3, duo.decode_options({"max_rounds": 7})) == 7 * one
    assert rule_bound(duo, 3) is None  # no round limit: the rules set none
    assert default_cap(duo, 3) == rule_bound(duo, 3, duo.decode_options({"max_rounds": 50}))


@pytest.mark.parametrize("game_id", ["duck-and-cover", "canardage"])
def test_games_without_a_limit_are_capped(game_id: str) -> None:
    g = rulespec.game(game_id)
    players = 3
    assert rule_bound(g, players) is None
    assert max_game_length(g, players) == default_cap(g, players)
    assert max_game_length(g, players, max_steps=40) == 40
    # random play stays far below the cap, and its chance steps below their bound
    rng = random.Random(1)
    for _ in range(3 if THOROUGH else 1):
        actions, chances = _count(g, g.new_game(players), lambda legal, r: r.choice(legal), rng)
        assert actions < default_cap(g, players) // 2
        assert chances <= max_chance_steps(g, players, max_steps=actions)


def test_duck_and_cover_caps_whole_turns() -> None:
    dc = rulespec.game("duck-and-cover")
    assert {default_cap(dc, n) % n for n in range(2, 8)} == {0}


def test_importing_rulespec_imports_no_learning_package() -> None:
    code = (
        "import sys, rulespec\n"
        "heavy = ('numpy', 'gymnasium', 'pettingzoo', 'rulespec.pettingzoo', 'rulespec.rl')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
