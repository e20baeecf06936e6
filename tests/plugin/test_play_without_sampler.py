"""``rulespec play`` at a game that cannot sample states from views: the search bot is
refused in one line before the game starts, the default bots fall back to the game's
own policy, and a bot that fails mid-game loses no record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.plugin.fakes import distribution, run

_BLIND = """
from rulespec.core.game import Game
from rulespec_goofspiel.game import Goofspiel

class Blind(Goofspiel):
    id = "blind"
    name = "Blind Goofspiel"
    _sample_state = Game._sample_state

def crash(game, state, player, rng):
    raise RuntimeError("the bot fell over")

class Crashing(Goofspiel):
    id = "crashing"
    def policies(self):
        return {**super().policies(), "crash": crash}

GAME = Blind()
CRASHING = Crashing()
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    entries = {"blind": "blind_pkg:GAME", "crashing": "blind_pkg:CRASHING"}
    distribution(folder, "rulespec-blind", entries, {"blind_pkg": _BLIND})
    return folder


def _play(site: Path, *args: str) -> tuple[int, str, str]:
    done = run(
        site, "-m", "rulespec", "play", *args, "--players", "2", "--seed", "1",
        "--option", "cards=3", "--record", "game.json",
    )  # fmt: skip
    return done.returncode, done.stdout, done.stderr


def test_the_search_bot_is_refused_before_the_game_starts(site: Path) -> None:
    status, out, err = _play(site, "blind", "--policy", "search:10")
    assert status == 2 and out == ""
    assert err == (
        "rulespec: error: --policy search:10: the search bot needs states sampled from "
        "views, which Blind Goofspiel does not offer (sample_state); choose among match, "
        "random\n"
    )
    assert not (site / "game.json").exists()


def test_the_default_bots_play_the_games_own_policy(site: Path) -> None:
    done = run(
        site, "-m", "rulespec", "play", "blind", "--players", "2", "--seed", "1",
        "--option", "cards=3", "--record", "whole.json", cwd=site,
    )  # fmt: skip
    assert done.returncode == 1  # the input ends at once: the game so far is saved
    assert "the bots play 'random'" in done.stdout
    assert "does not sample states from views" in done.stderr
    assert json.loads((site / "whole.json").read_text())["game"] == "blind"


def test_a_bot_that_fails_keeps_the_record(site: Path) -> None:
    done = run(
        site, "-m", "rulespec", "play", "crashing", "--players", "2", "--seed", "1",
        "--option", "cards=3", "--policy", "crash", "--record", "crash.json", stdin="1\n",
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        "rulespec: error: the bot fell over; the game so far is saved in crash.json\n"
    )
    saved = json.loads((site / "crash.json").read_text())
    assert saved["game"] == "crashing" and len(saved["steps"]) == 2
