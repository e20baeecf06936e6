"""A fourth game, written outside rulespec, gets every tool of rulespec unchanged.

The example game of ``examples/goofspiel`` (Goofspiel with a shuffled prize deck:
chance, hidden information, simultaneous bids) is its own package. Installed
beside rulespec in a fresh environment, it registers through the
``rulespec.games`` entry point alone, and there: the command line lists, plays,
simulates, verifies, benchmarks and checks it against ``python -m
rulespec.testing.serve``; the conformance kit's ``check()`` and state machine
run on it and catch an engine that breaks its tie rule; PettingZoo's and
OpenSpiel's own checks pass; and the Sphinx extension renders its catalogue.

Making the environment takes a few seconds (from uv's cache): the quick profile
installs the game and runs the command line on it; the tests marked ``heavy`` (the
kit, the adapters, the docs, about a minute in all) run under the ``ci`` profile.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.plugin.conftest import EXAMPLE, Env
from tests.plugin.fakes import TIE_TO_THE_FIRST


def test_the_command_line_lists_the_game(goof: Env, tmp_path: Path) -> None:
    shown = goof.run("rulespec", "games", cwd=tmp_path).stdout
    assert "goofspiel  Goofspiel, 2–6 players" in shown
    assert "bots: match, random (default)" in shown
    assert 'ties="discard"' in shown
    # rulespec's own games are still there, and this environment's rulespec knows
    # nothing of the game but its entry point.
    assert all(f"\n{g}  " in f"\n{shown}" for g in ("canardage", "duck-and-cover", "duo"))
    code = (
        "import rulespec, importlib.metadata as m\n"
        "g = rulespec.game('goofspiel')\n"
        "ep, = [e for e in m.entry_points(group='rulespec.games') if e.name == 'goofspiel']\n"
        "print(ep.dist.name, ep.value, g.declaration.prefix, rulespec.catalogue(g.id).languages)"
    )
    out = goof.run("python", "-c", code, cwd=tmp_path).stdout.split()
    assert out == ["rulespec-goofspiel", "rulespec_goofspiel.game:GAME", "gs.", "('fr',)"]


@pytest.mark.heavy
def test_the_rules_print_in_english_and_french_only(goof: Env, tmp_path: Path) -> None:
    english = goof.run("rulespec", "rules", "goofspiel", cwd=tmp_path).stdout
    assert " ".join(english.splitlines()[1:3]) == (
        "Our English statement of each rule; fr gives our wording, following the edition "
        "in that language where the game has one."
    )
    french = goof.run("rulespec", "rules", "goofspiel", "--lang", "fr", cwd=tmp_path).stdout
    assert "Les joueurs enchérissent en même temps" in french
    done = goof.run("rulespec", "rules", "goofspiel", "--lang", "de", cwd=tmp_path, ok=False)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "rulespec: error: goofspiel's clauses are not written in de (only: en, fr)"
    )


def test_simulate_runs_whole_games_and_checks_the_invariants(goof: Env, tmp_path: Path) -> None:
    out = goof.run(
        "rulespec", "simulate", "goofspiel", "--games", "40", "--players", "3",
        "--option", "cards=6,ties=carry", "--seed", "2", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "Goofspiel: 40 games, 3 players" in out
    assert "invariants: checked after every step, none broken" in out
    # The shuffle, then one bid per player and prize: every game takes 1 + 3 × 6 steps.
    steps = next(line for line in out.splitlines() if line.strip().startswith("steps"))
    assert steps.split()[1:] == ["19", "19.0", "19.0", "19.0", "19", "19.0"]


def test_play_in_the_terminal_then_verify_the_record(goof: Env, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    done = goof.run(
        "rulespec", "play", "goofspiel", "--players", "2", "--seed", "3",
        "--option", "cards=4", "--record", record, cwd=tmp_path, stdin="1\n" * 4,
    )  # fmt: skip
    out = done.stdout
    assert out.count("=== your move (Player 0) ===") == 4
    assert "prize: " in out and "bids: none none" in out  # the plain drawing of a view
    assert "=== the game is over ===" in out and "Game record saved" in out
    verified = goof.run("rulespec", "verify", record, cwd=tmp_path).stdout
    assert "goofspiel, 2 players (options: cards=4), 9 steps: legal; game over" in verified
    # Always bidding the lowest card: each bid of player 0 is 1, 2, 3, 4 in turn.
    data = json.loads(record.read_text(encoding="utf-8"))
    mine = [s["card"] for s in data["steps"] if s.get("type") == "bid" and s["player"] == 0]
    assert mine == [1, 2, 3, 4]
    # A bid of a card already spent is found, with its clause.
    first = next(s for s in data["steps"] if s.get("type") == "bid" and s["player"] == 0)
    later = [s for s in data["steps"] if s.get("type") == "bid" and s["player"] == 0][1]
    later["card"] = first["card"]
    record.write_text(json.dumps(data), encoding="utf-8")
    bad = goof.run("rulespec", "verify", record, cwd=tmp_path, ok=False)
    assert bad.returncode == 1
    assert "gs.turn.bid" in bad.stdout + bad.stderr


@pytest.mark.heavy
def test_bench_times_the_game(goof: Env, tmp_path: Path) -> None:
    out = goof.run(
        "rulespec", "bench", "goofspiel", "--players", "3", "--seconds", "0.5", cwd=tmp_path
    ).stdout
    assert "goofspiel, 3 players, policy 'random':" in out
    assert "goofspiel, 3 players, policy 'match':" in out
    assert float(out.split(" games/s")[0].split()[-1]) > 0


@pytest.mark.heavy
def test_conform_against_the_reference_engine(goof: Env, tmp_path: Path) -> None:
    out = goof.run(
        "rulespec", "conform", "goofspiel", "--examples", "25", "--seed", "4",
        "--", goof.python, "-m", "rulespec.testing.serve", cwd=tmp_path,
    ).stdout  # fmt: skip
    assert "CONFORMS: 25 games agree with rulespec" in out
    # The kit's illegal probes for the game were offered and refused.
    assert "gs.turn.bid" in out and "gs.turn.simultaneous" in out


_TIES_TO_THE_FIRST = """
import runpy, sys
import attrs
from rulespec_goofspiel import rules

resolve = rules.resolve

def first_takes_ties(state, bids):  # a tie goes to the first of the tied players
    after = resolve(state, bids)
    if len(after.discarded) > len(state.discarded) and bids.count(max(bids)) > 1:
        seat = bids.index(max(bids))
        won = list(after.won)
        won[seat] = (*won[seat], state.prize)
        return attrs.evolve(after, won=tuple(won), discarded=after.discarded[:-1])
    return after

rules.resolve = first_takes_ties
sys.argv = ["serve", "goofspiel"]
runpy.run_module("rulespec.testing.serve", run_name="__main__")
"""


@pytest.mark.heavy
def test_conform_finds_an_engine_that_breaks_the_tie_rule(goof: Env, tmp_path: Path) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text(_TIES_TO_THE_FIRST, encoding="utf-8")
    done = goof.run(
        "rulespec", "conform", "goofspiel", "--examples", "200", "--seed", "1",
        "--max-breaks", "1", "--option", "ties=discard", "--record", tmp_path / "smallest.json",
        "--", goof.python, engine, cwd=tmp_path, ok=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "gs.tie.discard" in done.stdout
    assert (tmp_path / "smallest.json").is_file()


_KIT = (
    """
import random, unittest
import attrs
from hypothesis import settings
from rulespec.testing import ConformanceMachine, DivergenceError, ReferenceAdapter, check
from rulespec_goofspiel import Options

class GoofspielMachine(ConformanceMachine):
    game_id = "goofspiel"

quick = settings(max_examples=25, derandomize=True, deadline=None)
result = check(ReferenceAdapter(), "goofspiel", settings=quick)
assert result.games >= 25 and result.probed, result
print("probed", sorted(result.probed))

"""
    + TIE_TO_THE_FIRST
    + """
try:
    check(TieToTheFirst(), "goofspiel", players=2, options=Options(cards=4), settings=quick)
except DivergenceError as exc:
    print("diverged", " ".join(exc.divergence.clauses))
else:
    raise AssertionError("the broken tie rule went unseen")

GoofspielMachine.TestCase.settings = settings(
    max_examples=15, stateful_step_count=50, derandomize=True, deadline=None
)
run = unittest.TextTestRunner(verbosity=0).run(
    unittest.defaultTestLoader.loadTestsFromTestCase(GoofspielMachine.TestCase)
)
print("machine", run.wasSuccessful(), run.testsRun)
"""
)


@pytest.mark.heavy
def test_check_and_the_state_machine_run_on_the_game(goof: Env, tmp_path: Path) -> None:
    lines = goof.run("python", "-c", _KIT, cwd=tmp_path).stdout.splitlines()
    assert lines[0] == "probed ['gs.turn.bid', 'gs.turn.simultaneous']"
    diverged = next(line for line in lines if line.startswith("diverged"))
    assert "gs.tie.discard" in diverged.split()
    assert lines[-1] == "machine True 1"


_RL = """
import warnings
import pyspiel
from pettingzoo.test import api_test, parallel_api_test, seed_test
from rulespec import openspiel as ros
from rulespec import pettingzoo as rz

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "Observation is not a NumPy array")
    warnings.filterwarnings("ignore", "Observation space for each agent probably")
    for players in (2, 5):
        api_test(rz.env("goofspiel", players), num_cycles=10_000)
        par = rz.parallel_env("goofspiel", players, options={"ties": "carry"})
        parallel_api_test(par, num_cycles=10_000)
        assert par.agents == []  # the game ended within the cycles
    seed_test(lambda: rz.env("goofspiel", 3), num_cycles=200)
print("pettingzoo passed")
for players, options in ((2, None), (4, {"ties": "carry", "cards": 6})):
    game = ros.load("goofspiel", players, options)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.max_game_length() == (options or {}).get("cards", 13)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
print("openspiel passed")
"""


@pytest.mark.heavy
def test_pettingzoo_and_openspiel_checks_pass(goof: Env, tmp_path: Path) -> None:
    if "rl" not in goof.extras:
        pytest.skip("the rl extra (PettingZoo, OpenSpiel) does not install here")
    out = goof.run("python", "-c", _RL, cwd=tmp_path).stdout.splitlines()
    assert out[-2:] == ["pettingzoo passed", "openspiel passed"]


_CONF = """
project = "Goofspiel"
extensions = ["rulespec.sphinxext"]
rules_tests_dir = {tests!r}
"""

_INDEX = """
Goofspiel
=========

A tie for the highest bid discards the prize (:rule:`gs.tie.discard`) unless the
players carry it over (:rule:`gs.tie.carry`).

.. rules:catalogue:: goofspiel

.. rules:interpretations:: goofspiel

.. rules:editions:: goofspiel

.. rules:example:: gs-reveal

.. rules:observation:: goofspiel

.. rules:traceability:: goofspiel
"""


@pytest.mark.heavy
def test_the_sphinx_directives_render_the_catalogue(goof: Env, tmp_path: Path) -> None:
    source = tmp_path / "docs"
    source.mkdir()
    (source / "conf.py").write_text(_CONF.format(tests=str(EXAMPLE / "tests")), encoding="utf-8")
    (source / "index.rst").write_text(_INDEX, encoding="utf-8")
    goof.run("python", "-m", "sphinx", "-W", "-q", "-b", "html", source, tmp_path / "html",
             cwd=tmp_path)  # fmt: skip
    page = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    for shown in (
        'id="gs.view.bids"',  # every clause, by its id
        "Les joueurs enchérissent en même temps",  # its French text
        "Our translation into French",  # said to be the project's translation
        "What becomes of a prize that the highest bids tie for?",  # the register
        "rulespec_goofspiel.rules.resolve",  # implemented by
        "test_every_player_bids_once_a_card_they_hold",  # checked by
        'id="example-gs-reveal"',  # the worked example, drawn
        "A hashed bag of the view",  # the default observation, said
    ):
        assert shown in page, shown
    assert page.count("<svg") >= 2


@pytest.mark.heavy
def test_the_example_game_passes_its_own_tests(goof: Env) -> None:
    out = goof.run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=EXAMPLE).stdout
    assert " passed" in out and "failed" not in out
