"""``rulespec check GAME``: the three games and the example plug-in pass it, and a game
with a broken rule, an unimplemented clause or a view that leaks fails the right check."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.testing.battery import CHECKS, Finding, check_game
from tests.cli.helpers import ROOT, call, child_environment
from tests.profiles import scaled

EXAMPLE = ROOT / "examples" / "goofspiel"
BUDGET = str(scaled(1, 2))
"""Random games per check: the checks' work grows with it."""

OPTIONAL = {"pettingzoo", "openspiel", "schemas"}
"""The checks that may be skipped where what they need is not installed."""


def _findings(out: str) -> dict[str, dict[str, Any]]:
    data = json.loads(out)
    assert data["format"] == "rulespec-check"
    return {c["check"]: c for c in data["checks"]}


# -- the games pass -------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["canardage", "duck-and-cover", "duo"])
def test_each_game_passes_every_check(game_id: str) -> None:
    result = call("check", game_id, "--games", BUDGET, "--tests", str(ROOT / "tests"), "--json")
    found = _findings(result.out)
    assert list(found) == list(CHECKS)
    bad = {k: v["reason"] for k, v in found.items() if v["status"] == "failed"}
    assert result.status == 0 and not bad, bad
    skipped = {k for k, v in found.items() if v["status"] == "skipped"}
    assert skipped <= OPTIONAL, skipped
    assert json.loads(result.out)["passed"] is True


_GAME = """
import sys
sys.path.insert(0, {example!r})
import attrs
from rulespec.core.game import register
from rulespec.cli.main import main
from rulespec_goofspiel import game
{body}
sys.exit(main(["check", "goofspiel", "--tests", {tests!r}, *sys.argv[1:]]))
"""


def _plugin(tmp_path: Path, body: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``rulespec check goofspiel ARGS`` in a process of its own, where the example
    plug-in is the game that ``body`` registers."""
    script = tmp_path / "check.py"
    text = _GAME.format(
        example=str(EXAMPLE), tests=str(EXAMPLE / "tests"), body=textwrap.dedent(body)
    )
    script.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=child_environment(),
        check=False,
    )


def _lines(out: str) -> dict[str, str]:
    """The report's lines by check (the last line, the count, left out)."""
    return {line.split()[0]: line for line in out.splitlines()[:-1]}


def test_the_example_plugin_passes_every_check(tmp_path: Path) -> None:
    done = _plugin(tmp_path, "register(game.GAME)", "--games", BUDGET)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = _lines(done.stdout)
    assert list(lines) == list(CHECKS)
    assert not [line for line in lines.values() if " failed " in line]
    # It ships no schema: a line says so rather than a pass.
    assert lines["schemas"].split()[1] == "skipped" and "no JSON schema" in lines["schemas"]
    assert done.stdout.splitlines()[-1].startswith("goofspiel: ")


# -- a broken game fails the right check ----------------------------------------------


_DROPPED_TIE = """
class DroppedTie(game.Goofspiel):
    # A tie's prize vanishes instead of being discarded (gs.tie.discard broken).
    def apply(self, state, action):
        after = super().apply(state, action)
        if len(after.discarded) > len(state.discarded):
            after = attrs.evolve(after, discarded=state.discarded)
        return after

register(DroppedTie())
"""


def test_a_broken_rule_fails_the_invariants_with_the_clause(tmp_path: Path) -> None:
    asked = ("--only", "machine", "--only", "invariants", "--only", "records", "--games", "6")
    done = _plugin(tmp_path, _DROPPED_TIE, *asked)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = _lines(done.stdout)
    assert lines["invariants"].split()[1] == "failed"
    assert "gs.prizes-conserved" in lines["invariants"] and "gs.tie.discard" in lines["invariants"]
    assert lines["machine"].split()[1] == "failed" and "gs.prizes-conserved" in lines["machine"]
    assert lines["records"].split()[1] == "ok"  # the records are still written and read back
    assert done.stdout.splitlines()[-1] == "goofspiel: 1 ok, 2 failed, 0 skipped"


_UNIMPLEMENTED = """
import pathlib, tempfile
EXTRA = {extra!r}
folder = pathlib.Path(tempfile.mkdtemp()) / "extra_spec"
folder.mkdir()
(folder / "__init__.py").write_text("")
spec = pathlib.Path({spec!r}).read_text(encoding="utf-8")
first = spec.index("[[clause]]")
block = spec[first:spec.index("[[clause]]", first + 1)]
old = block.split('id = "', 1)[1].split('"', 1)[0]
(folder / "goofspiel.toml").write_text(spec + "\\n" + block.replace(old, EXTRA))
sys.path.insert(0, str(folder.parent))

class WithExtraClause(game.Goofspiel):
    declaration = attrs.evolve(game.Goofspiel.declaration, catalogue="extra_spec:goofspiel.toml")

register(WithExtraClause())
"""


def _extra_clause(clause: str) -> str:
    """A body that registers the example plug-in with its catalogue and one clause more,
    ``clause``, a copy of its first."""
    spec = EXAMPLE / "rulespec_goofspiel" / "spec" / "goofspiel.toml"
    return _UNIMPLEMENTED.replace("{spec!r}", repr(str(spec))).replace("{extra!r}", repr(clause))


def test_an_unimplemented_clause_fails_implemented_and_tested(tmp_path: Path) -> None:
    body = _extra_clause("gs.extra.rule")
    done = _plugin(
        tmp_path, body, "--only", "catalogue", "--only", "implemented", "--only", "tested"
    )
    assert done.returncode == 1, done.stdout + done.stderr
    lines = _lines(done.stdout)
    assert lines["catalogue"].split()[1] == "ok"
    assert lines["implemented"].split()[1:3] == ["failed", "gs.extra.rule:"]
    assert "@implements" in lines["implemented"]
    assert lines["tested"].split()[1:3] == ["failed", "gs.extra.rule:"]


def test_a_clause_without_the_game_s_prefix_fails_the_catalogue(tmp_path: Path) -> None:
    done = _plugin(tmp_path, _extra_clause("extra.rule"), "--only", "catalogue")
    assert done.returncode == 1, done.stdout + done.stderr
    line = _lines(done.stdout)["catalogue"]
    assert line.split()[1] == "failed" and "extra.rule" in line and "gs." in line


_LEAKY_VIEW = """
class LeakyView(game.Goofspiel):
    # The prizes still face down, shown in the order they will come up.
    def view(self, state, player):
        seen = super().view(state, player)
        return attrs.evolve(seen, prizes=tuple(state.prizes))

register(LeakyView())
"""


def test_a_view_that_shows_a_hidden_field_fails_views(tmp_path: Path) -> None:
    done = _plugin(tmp_path, _LEAKY_VIEW, "--only", "views", "--json")
    assert done.returncode == 1, done.stdout + done.stderr
    views = _findings(done.stdout)["views"]
    assert views["status"] == "failed"
    assert "should hide" in views["reason"] and "\n" not in views["reason"]


_EXTRA_FIELD = """
import sys, rulespec
from rulespec.core.game import register
from rulespec.cli.main import main

canardage = rulespec.game("canardage")


class Codec:
    # The game's codec, but every action written with a field no schema allows.
    def __getattr__(self, name):
        return getattr(type(canardage).codec, name)

    def encode_action(self, action):
        return {**type(canardage).codec.encode_action(action), "note": 1}


class Noted(type(canardage)):
    codec = Codec()


register(Noted(), replace=True)
sys.exit(main(["check", "canardage", "--only", "schemas", "--games", "1"]))
"""


def test_json_that_breaks_the_schemas_fails_them(tmp_path: Path) -> None:
    pytest.importorskip("jsonschema", reason="jsonschema is not installed")
    script = tmp_path / "noted.py"
    script.write_text(_EXTRA_FIELD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 1, done.stdout + done.stderr
    line = _lines(done.stdout)["schemas"]
    assert line.split()[1] == "failed" and "canardage/" in line and "note" in line


# -- skips, usage errors and the library ---------------------------------------------


def test_without_a_tests_folder_the_tested_check_is_skipped_with_its_line(
    tmp_path: Path,
) -> None:
    result = call("check", "canardage", "--only", "tested", cwd=tmp_path)
    assert result.status == 0, result.out + result.err
    assert result.out.splitlines()[0].split()[:2] == ["tested", "skipped"]
    assert "--tests" in result.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("canardage", "--games", "0"), "--games must be at least 1"),
        (("canardage", "--only", "speed"), "--only speed: no such check"),
        (("canardage", "--tests", "no/such/folder"), "--tests no/such/folder: no such folder"),
        (("no-such-game",), "no-such-game"),
    ],
)
def test_usage_errors_exit_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    result = call("check", *args)
    assert result.status == 2 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and message in result.err


def test_check_game_runs_the_checks_asked_in_their_order() -> None:
    found = check_game(rulespec.game("duo"), games=1, only=("records", "catalogue"))
    assert [f.check for f in found] == ["catalogue", "records"]
    assert all(isinstance(f, Finding) and f.status == "ok" for f in found)
    with pytest.raises(ValueError, match="no check 'speed'"):
        check_game("duo", only=("speed",))


def test_without_jsonschema_the_schemas_check_is_skipped(tmp_path: Path) -> None:
    # A module named jsonschema that cannot be imported stands for one not installed.
    (tmp_path / "jsonschema.py").write_text("raise ImportError('not here')\n", encoding="utf-8")
    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path)!r})\n"
        "from rulespec.testing.battery import check_game\n"
        "(f,) = check_game('canardage', games=1, only=['schemas'])\n"
        "print(f.status, f.reason)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.stdout.strip() == "skipped jsonschema is not installed", done.stderr
