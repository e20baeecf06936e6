"""What a state's decoder checks across its fields (a count per player, a turn only in
play, a card in play only during a turn, ...), the state schema checks too: each case
is refused by both, or accepted by both."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

import rulespec
from tests.schemas.helpers import refuses, valid
from tests.walks import random_step

Change = Callable[[dict[str, Any]], dict[str, Any]]


def _played(game_id: str, players: int, steps: int) -> dict[str, Any]:
    g = rulespec.game(game_id)
    rng = random.Random(3)
    state = g.new_game(players, g.default_options())
    for _ in range(steps):
        state = random_step(g, state, rng)
    return g.encode_state(state)


def _grid_duck(duck: int) -> Change:
    def change(d: dict[str, Any]) -> dict[str, Any]:
        out = copy.deepcopy(d)
        out["options"] = {"low_blows": True}
        out["grids"][0][0][1] = [duck]
        return out

    return change


CASES: list[tuple[str, int, int, str, Change, bool]] = [
    # game, players, steps played, what, change, refused
    ("canardage", 4, 5, "nobody on turn in play", lambda d: {**d, "turn": -1}, True),
    ("canardage", 4, 5, "the last seat on turn", lambda d: {**d, "turn": 3}, False),
    ("canardage", 4, 5, "a seat beyond the table", lambda d: {**d, "turn": 4}, True),
    ("canardage", 4, 5, "a hand missing", lambda d: {**d, "hands": d["hands"][:3]}, True),
    ("canardage", 4, 5, "a shelter too many", lambda d: {**d, "shelters": [-1] * 5}, True),
    ("canardage", 4, 5, "a winner twice", lambda d: {**d, "winners": [1, 1]}, True),
    ("canardage", 4, 5, "a winner beyond the table", lambda d: {**d, "winners": [4]}, True),
    ("duo", 3, 0, "hands before the deal", lambda d: {**d, "hands": [[], [], []]}, True),
    (
        "duo",
        3,
        3,
        "a first player beyond the table",
        lambda d: {**d, "options": {"first_player": 3}},
        True,
    ),
    ("duo", 3, 3, "a hand missing", lambda d: {**d, "hands": d["hands"][:2]}, True),
    ("duo", 3, 3, "one discard pile", lambda d: {**d, "piles": d["piles"][:1]}, True),
    (
        "duo",
        3,
        3,
        "a turn pile before the deal",
        lambda d: {**d, "phase": "deal", "turn_pile": 0},
        True,
    ),
    ("duo", 3, 3, "a score beyond reason", lambda d: {**d, "round_scores": [[10_001, 0, 0]]}, True),
    (
        "duo",
        3,
        3,
        "a round's scores of two players",
        lambda d: {**d, "round_scores": [[1, 2]]},
        True,
    ),
    ("duck-and-cover", 3, 3, "no card during a turn", lambda d: {**d, "card": None}, True),
    (
        "duck-and-cover",
        3,
        3,
        "a card outside a turn",
        lambda d: {**d, "phase": "reshuffle", "submitted": []},
        True,
    ),
    (
        "duck-and-cover",
        3,
        3,
        "an action missing",
        lambda d: {**d, "submitted": d["submitted"][:2]},
        True,
    ),
    (
        "duck-and-cover",
        3,
        3,
        "another seat's action",
        lambda d: {**d, "submitted": [{"type": "quack", "player": 1}, None, None]},
        True,
    ),
    ("duck-and-cover", 3, 3, "a grid missing", lambda d: {**d, "grids": d["grids"][:2]}, True),
    (
        "duck-and-cover",
        3,
        3,
        "two gifts of three",
        lambda d: {**d, "options": {"low_blows": True}, "gifts": [101, 201]},
        True,
    ),
    (
        "duck-and-cover",
        3,
        3,
        "three gifts of three",
        lambda d: {**d, "options": {"low_blows": True}, "gifts": [201, 301, 101]},
        False,
    ),
    (
        "duck-and-cover",
        3,
        3,
        "a gift of a seat not at the table",
        lambda d: {**d, "options": {"low_blows": True}, "gifts": [401, 301, 101]},
        True,
    ),
    ("duck-and-cover", 3, 3, "a grid duck of a seat not at the table", _grid_duck(401), True),
    ("duck-and-cover", 3, 3, "a grid duck of a seat at the table", _grid_duck(301), False),
]


@pytest.mark.parametrize(
    ("game_id", "players", "steps", "what", "change", "refused"),
    CASES,
    ids=[f"{c[0]}: {c[3]}" for c in CASES],
)
def test_state_schema_checks_what_the_decoder_checks_across_fields(
    game_id: str, players: int, steps: int, what: str, change: Change, refused: bool
) -> None:
    g = rulespec.game(game_id)
    data = _played(game_id, players, steps)
    assert valid(f"{game_id}/state", data) and not refuses(g.decode_state, data)
    changed = change(data)
    assert refuses(g.decode_state, changed) is refused, what
    assert valid(f"{game_id}/state", changed) is not refused, what
