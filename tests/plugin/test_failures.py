"""A plug-in that cannot be loaded is reported in one line and skipped: every other game
works. A plug-in cannot take another distribution's game id, and a declaration that
makes no sense is refused when the game is loaded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.plugin.fakes import distribution, run

_DUO_LIKE = """
import attrs
from rulespec.duo.game import Duo

class {cls}(Duo):
    id = {id!r}
    name = {name!r}
    min_players = {low}
    max_players = {high}

GAME = {cls}()
"""

BROKEN = {
    "boom": ("boom_pkg:GAME", "raise RuntimeError('the plug-in exploded')\n"),
    "syntax": ("syntax_pkg:GAME", "def broken(:\n    pass\n"),
    "ghost": ("no_such_module_here:GAME", None),
    "notgame": ("notgame_pkg:GAME", "GAME = 42\n"),
    "xx": (
        "xx_pkg:GAME",
        "import attrs\nfrom rulespec.duo.game import GAME as DUO\n"
        "attrs.evolve(DUO.declaration, languages=('xx',))\n",
    ),
    "renamed": ("renamed_pkg:GAME", _DUO_LIKE.format(cls="R", id="other", name="R", low=2, high=3)),
    "quits": ("quits_pkg:GAME", "raise SystemExit(3)\n"),
    "nobody": ("nobody_pkg:GAME", _DUO_LIKE.format(cls="N", id="nobody", name="N", low=0, high=0)),
    "upside": ("upside_pkg:GAME", _DUO_LIKE.format(cls="U", id="upside", name="U", low=5, high=2)),
    "nocap": (
        "nocap_pkg:GAME",
        "import attrs\nfrom rulespec.duo.game import Duo, GAME as DUO\n"
        "class C(Duo):\n    id = 'nocap'\n"
        "    declaration = attrs.evolve(DUO.declaration, simulation_cap=0)\nGAME = C()\n",
    ),
}
"""Each broken plug-in: its entry point's value and its module's source (``None``:
no module)."""

WHY = {
    "boom": "RuntimeError: the plug-in exploded",
    "syntax": "SyntaxError: ",
    "ghost": "ModuleNotFoundError: No module named 'no_such_module_here'",
    "notgame": "TypeError: not a rulespec Game but int",
    "xx": "ValueError: languages must be distinct ones of ('fr', 'es', 'de'), not ('xx',)",
    "renamed": "ValueError: it names the game 'other': the entry point's name must be",
    "quits": "SystemExit: 3",
    "nobody": "ValueError: game 'nobody': min_players is 0; a game needs at least one player",
    "upside": "ValueError: game 'upside': min_players (5) is more than max_players (2)",
    "nocap": "ValueError: simulation_cap must be a positive integer or None, not 0",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding every broken plug-in, each its own distribution, and one that
    offers a game under Duo's id."""
    folder = tmp_path_factory.mktemp("site")
    for name, (value, source) in BROKEN.items():
        module = value.partition(":")[0]
        modules = {} if source is None else {module: source}
        distribution(folder, f"rulespec-{name}", {name: value}, modules)
    fake = _DUO_LIKE.format(cls="F", id="duo", name="Fake Duo", low=2, high=6)
    distribution(folder, "rulespec-fakeduo", {"duo": "fakeduo:GAME"}, {"fakeduo": fake})
    return folder


def test_rulespec_games_lists_every_working_game_then_each_failure_on_a_line(
    site: Path,
) -> None:
    done = run(site, "-m", "rulespec", "games")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert all(f"\n{g}  " in f"\n{out}" for g in ("canardage", "duck-and-cover", "duo"))
    assert "duo  Duo, 2–6 players" in out and "Fake Duo" not in out
    games, _, failed = out.partition("\nnot loaded (fix or uninstall):\n")
    lines = failed.splitlines()
    assert len(lines) == len(BROKEN) + 1
    for name, (value, _) in BROKEN.items():
        (line,) = [x for x in lines if x.startswith(f"  rulespec-{name}: ")]
        assert line.startswith(f"  rulespec-{name}: entry point {name} = {value!r}: {WHY[name]}")
        assert f"\n{name}  " not in games
    (clash,) = [x for x in lines if "rulespec-fakeduo" in x]
    assert clash == (
        "  rulespec-fakeduo: entry point duo = 'fakeduo:GAME': "
        "the id 'duo' is taken by rulespec: refused"
    )


def test_the_json_list_holds_the_games_and_stderr_the_failures(site: Path) -> None:
    done = run(site, "-m", "rulespec", "games", "--json")
    assert done.returncode == 0
    assert [g["id"] for g in json.loads(done.stdout)] == ["canardage", "duck-and-cover", "duo"]
    assert len(done.stderr.splitlines()) == len(BROKEN) + 1
    assert all(x.startswith("rulespec: not loaded: rulespec-") for x in done.stderr.splitlines())


def test_the_other_commands_work_and_a_failed_game_is_one_line(site: Path) -> None:
    rules = run(site, "-m", "rulespec", "rules", "duo")
    assert rules.returncode == 0, rules.stderr
    assert "duo.setup.deal" in rules.stdout
    done = run(site, "-m", "rulespec", "rules", "boom")
    assert done.returncode == 2
    assert done.stderr == (
        "rulespec: error: game 'boom' failed to load: rulespec-boom: entry point "
        "boom = 'boom_pkg:GAME': RuntimeError: the plug-in exploded\n"
    )


def test_the_python_interface_names_the_failures(site: Path) -> None:
    code = (
        "import rulespec\n"
        "print(sorted(g.id for g in rulespec.games()))\n"
        "print(rulespec.game('duo').name, len(rulespec.clauses('duo')) > 0)\n"
        "print(sorted((f.distribution, f.game_id) for f in rulespec.plugin_failures()))\n"
        "try:\n    rulespec.game('quits')\nexcept KeyError as exc:\n    print(exc.args[0])\n"
    )
    done = run(site, "-c", code)
    assert done.returncode == 0, done.stderr
    ids, duo, failures, quits = done.stdout.splitlines()
    assert ids == str(["canardage", "duck-and-cover", "duo"])
    assert duo == "Duo True"
    expected = sorted([(f"rulespec-{n}", n) for n in BROKEN] + [("rulespec-fakeduo", "duo")])
    assert failures == str(expected)
    assert quits == (
        "game 'quits' failed to load: rulespec-quits: entry point quits = "
        "'quits_pkg:GAME': SystemExit: 3"
    )


def test_two_plugins_claiming_one_id_are_both_refused(tmp_path: Path) -> None:
    for dist in ("rulespec-one", "rulespec-two"):
        source = _DUO_LIKE.format(cls="T", id="twin", name=dist, low=2, high=3)
        module = dist.replace("-", "_")
        distribution(tmp_path, dist, {"twin": f"{module}:GAME"}, {module: source})
    code = "import rulespec\nfor f in rulespec.plugin_failures():\n    print(f)\n"
    done = run(tmp_path, "-c", code + "print('twin' in [g.id for g in rulespec.games()])")
    assert done.stdout.splitlines() == [
        "rulespec-one: entry point twin = 'rulespec_one:GAME': the id 'twin' is taken by "
        "rulespec-two: refused",
        "rulespec-two: entry point twin = 'rulespec_two:GAME': the id 'twin' is taken by "
        "rulespec-one: refused",
        "False",
    ]


_NO_CATALOGUE = """
import attrs
from rulespec_goofspiel.game import GAME as GOOF

class NoCatalogue(type(GOOF)):
    id = "nocat"
    declaration = attrs.evolve(GOOF.declaration, prefix="nocat.", catalogue="nocat_pkg:x.toml")

GAME = NoCatalogue()
"""

_CITING = """
import pytest

@pytest.mark.rulespec_clause("duo.setup.deal")
def test_cites_duo():
    pass

@pytest.mark.rulespec_clause("duo.setup.nothing")
def test_cites_nothing():
    pass
"""


def test_a_plugin_without_its_catalogue_hides_no_other_games_clauses(tmp_path: Path) -> None:
    distribution(tmp_path, "rulespec-nocat", {"nocat": "nocat_pkg:GAME"}, {})
    (tmp_path / "nocat_pkg.py").write_text(_NO_CATALOGUE)
    rules = run(tmp_path, "-m", "rulespec", "rules", "duo", "duo.setup.deal")
    assert rules.returncode == 0, rules.stderr
    (tmp_path / "test_citing.py").write_text(_CITING)
    done = run(tmp_path, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_citing.py")
    assert "'duo.setup.nothing' in test_citing.py::test_cites_nothing" in done.stdout + done.stderr
    assert "duo.setup.deal'" not in done.stdout + done.stderr
    assert "no clause catalogue" not in done.stdout + done.stderr
