"""OpenSpiel's own consistency checks on random games: legal actions sorted and unique in
their strings, masks, clones, chance outcomes, observations and information states of
every player, returns within the declared utilities, lengths within the declared
maximum, and (``serialize=True``) states written and read back."""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest

import rulespec
from rulespec import openspiel as ros
from tests.openspiel.helpers import GAME_IDS, SHORT, THOROUGH, short

SIMS = 4 if THOROUGH else 1

CAP: dict[str, dict[str, Any]] = {g: {} for g in GAME_IDS}
CAP["duck-and-cover"] = {"max_game_length": 200}
"""Duck & Cover's random games take some 150 turns a round and the checks cost a few
milliseconds a turn: the many-settings tests cut them at 200 turns (whole games are
checked in ``test_random_sim_test``)."""


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("serialize", [False, True])
def test_random_sim_test(game_id: str, serialize: bool) -> None:
    pyspiel.random_sim_test(short(game_id), num_sims=SIMS, serialize=serialize, verbose=False)


@pytest.mark.skipif(not THOROUGH, reason="every player count and variant: ci profile")
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_sim_test_every_player_count(game_id: str) -> None:
    rules = rulespec.game(game_id)
    for players in range(rules.min_players, rules.max_players + 1):
        game = ros.load(game_id, players, **{**SHORT[game_id], **CAP[game_id]})
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.skipif(not THOROUGH, reason="variants: ci profile")
@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("duck-and-cover", {"low_blows": True}),
        ("duck-and-cover", {"surprises": True, "constraints": True}),
        ("duo", {"turbo": True, "exhausted": "empty-draw", "max_rounds": 2}),
        ("canardage", {"action_deck": {"pan": 10, "en-joue": 10, "canarchie": 6}}),
    ],
)
def test_random_sim_test_variants(game_id: str, options: dict[str, object]) -> None:
    game = ros.load(game_id, 4, options, **CAP[game_id])
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_truncated_games_pass_the_checks() -> None:
    # A cap of a few moves: every game ends by truncation, and the checks still hold.
    for game_id in GAME_IDS:
        options = {"max_rounds": 1} if game_id == "duo" else None
        game = ros.load(game_id, 4, options, max_game_length=3)
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
