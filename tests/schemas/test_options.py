"""The options the conformance kit sends at ``start``: every set its default search draws
is written by ``encode_options`` as the game's options schema says and read back by
``decode_options``; the schema lists them (``$defs/searched``), each one the search can
draw. And for options written by hand, the schema and ``decode_options`` agree."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import find, given, settings

import rulespec
from rulespec import schemas
from rulespec.testing.kit import kit_for
from tests.schemas.games import GAME_IDS
from tests.schemas.helpers import examples, problems, refuses, valid


def _searched(game_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = schemas.load(f"{game_id}/options")["$defs"]["searched"]["enum"]
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_set_the_kit_draws_follows_the_schema(game_id: str) -> None:
    g = rulespec.game(game_id)
    listed = _searched(game_id)

    @settings(max_examples=examples(20), database=None)
    @given(kit_for(g).options(g))
    def check(options: Any) -> None:
        data = json.loads(json.dumps(g.encode_options(options)))
        assert problems(f"{game_id}/options", data) == []
        assert data in listed
        assert g.decode_options(data) == options

    check()


@pytest.mark.parametrize(
    ("game_id", "data"), [(gid, data) for gid in GAME_IDS for data in _searched(gid)]
)
def test_each_listed_option_set_is_one_the_kit_draws(game_id: str, data: dict[str, Any]) -> None:
    g = rulespec.game(game_id)
    assert valid(f"{game_id}/options", data)
    found = find(
        kit_for(g).options(g),
        lambda options: g.encode_options(options) == data,
        settings=settings(database=None, max_examples=500),
    )
    assert g.encode_options(g.decode_options(data)) == data == g.encode_options(found)


def test_the_kit_sends_competition_itself_not_a_splash_table() -> None:
    assert {"competition": True} in _searched("duck-and-cover")
    assert all("splashes" not in data for data in _searched("duck-and-cover"))


_PRINTED = [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5]
_NUMBERS = list(range(1, 13))

CASES: list[tuple[str, dict[str, Any], bool]] = [
    # game, options as JSON, accepted
    ("duck-and-cover", {}, True),
    ("duck-and-cover", {"competition": True}, True),
    ("duck-and-cover", {"competition": False}, True),
    ("duck-and-cover", {"splashes": _NUMBERS}, True),
    ("duck-and-cover", {"competition": True, "splashes": _PRINTED}, True),
    ("duck-and-cover", {"competition": True, "splashes": _NUMBERS}, False),
    ("duck-and-cover", {"competition": False, "splashes": _NUMBERS}, True),
    ("duck-and-cover", {"competition": 1}, False),
    ("duck-and-cover", {"splashes": _NUMBERS[:11]}, False),
    ("duck-and-cover", {"splashes": [101] * 12}, False),
    ("duck-and-cover", {"low_blows": True, "surprises": True, "pressure": True}, True),
    ("duck-and-cover", {"low-blows": True}, False),
    ("duo", {"max_rounds": None}, True),
    ("duo", {"max_rounds": 0}, False),
    ("duo", {"first_player": 5, "exhausted": "empty-draw", "turbo": False}, True),
    ("duo", {"first_player": 6}, False),
    ("duo", {"exhausted": "never"}, False),
    ("canardage", {"action_deck": {}}, True),
    ("canardage", {"action_deck": {"pan": 1000}}, True),
    ("canardage", {"action_deck": {"pan": 1001}}, False),
    ("canardage", {"action_deck": {"pan": -1}}, False),
    ("canardage", {"action_deck": {"joker": 1}}, False),
    ("canardage", {"action_deck": [10, 1]}, False),
]


@pytest.mark.parametrize(
    ("game_id", "data", "accepted"), CASES, ids=[f"{c[0]}: {json.dumps(c[1])}" for c in CASES]
)
def test_the_schema_and_decode_options_agree(
    game_id: str, data: dict[str, Any], accepted: bool
) -> None:
    g = rulespec.game(game_id)
    assert valid(f"{game_id}/options", data) is accepted
    assert refuses(g.decode_options, data) is not accepted
