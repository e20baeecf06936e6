"""The rulespec pytest plugin: the ``rulespec_clause`` marker and its check at collection."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.core.conftest import VenvFactory, clean_env, run

pytest_plugins = ["pytester"]


KNOWN = """
import pytest

@pytest.mark.rulespec_clause("dc.move.cover", "dc.move.stack")
def test_cites_known_clauses():
    assert True
"""

UNKNOWN = """
import pytest

@pytest.mark.rulespec_clause("dc.move.cover")
def test_fine():
    pass

@pytest.mark.rulespec_clause("dc.no.such-rule")
def test_cites_an_unknown_clause():
    pass
"""


def test_known_clause_ids_pass(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_known=KNOWN)
    result = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert result.ret == pytest.ExitCode.OK


def test_unknown_clause_id_fails_collection(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_unknown=UNKNOWN)
    result = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*tests cite clause ids that no catalogue has*",
            "*'dc.no.such-rule' in test_unknown.py::test_cites_an_unknown_clause*",
        ]
    )
    # The known id of the same file is not reported, and no test ran.
    assert "test_fine" not in result.stderr.str()
    result.assert_outcomes()


def test_unknown_clause_id_on_a_class_or_module_is_caught(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_marks="""
        import pytest

        pytestmark = pytest.mark.rulespec_clause("dc.module.unknown")

        @pytest.mark.rulespec_clause("dc.class.unknown")
        class TestGroup:
            def test_one(self):
                pass
        """
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        [
            "*'dc.class.unknown' in test_marks.py::TestGroup::test_one*",
            "*'dc.module.unknown' in test_marks.py::TestGroup::test_one*",
        ]
    )


def test_the_marker_is_registered(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--markers")
    result.stdout.fnmatch_lines(["*@pytest.mark.rulespec_clause(*ids)*rulespec clauses*"])
    assert "@pytest.mark.clause(" not in result.stdout.str()


_TINY = """
import sys

import pytest


@pytest.mark.rulespec_clause("dc.move.cover")
def test_without_hypothesis():
    import rulespec

    assert "hypothesis" not in sys.modules
    assert rulespec.clause("dc.move.cover").status == "implemented"
"""


@pytest.mark.heavy
def _pytest(python: Path, folder: Path) -> str:
    """What ``pytest -q`` prints when ``python`` runs the tests of ``folder``, markers strict
    and no cache written."""
    command = [str(python), "-m", "pytest", "--strict-markers", "-p", "no:cacheprovider", "-q"]
    return run(command, cwd=folder, env=clean_env())


def test_plugin_loads_where_hypothesis_is_absent(clean_venv: VenvFactory, tmp_path: Path) -> None:
    python = clean_venv("attrs", "pytest")
    run(
        [str(python), "-c", "import importlib.util as u; assert not u.find_spec('hypothesis')"],
        cwd=tmp_path,
        env=clean_env(),
    )
    (tmp_path / "test_tiny.py").write_text(_TINY, encoding="utf-8")
    out = _pytest(python, tmp_path)
    assert "1 passed" in out
    # The plugin is active there: an unknown id fails collection.
    (tmp_path / "test_bad.py").write_text(
        'import pytest\n\n@pytest.mark.rulespec_clause("dc.nowhere")\ndef test_bad():\n    pass\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [str(python), "-m", "pytest", "-p", "no:cacheprovider", "test_bad.py"],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == pytest.ExitCode.USAGE_ERROR
    assert "'dc.nowhere' in test_bad.py::test_bad" in done.stderr
    # A project of its own, with its own ``clause`` marker, is not refused.
    own = tmp_path / "own"
    own.mkdir()
    (own / "conftest.py").write_text(_FOREIGN_CONFTEST, encoding="utf-8")
    (own / "test_own.py").write_text(_FOREIGN_TEST, encoding="utf-8")
    out = _pytest(python, own)
    assert "2 passed" in out


_FOREIGN_CONFTEST = """
def pytest_configure(config):
    config.addinivalue_line("markers", "clause(ref): a requirement of this project")
"""

_FOREIGN_TEST = """
import pytest

@pytest.mark.clause("REQ-12")
def test_meets_requirement_12():
    assert True

@pytest.mark.clause("dc.not-ours")
def test_uses_a_dotted_id_of_its_own():
    assert True
"""


def test_a_foreign_clause_marker_is_left_alone(pytester: pytest.Pytester) -> None:
    """A project with its own ``clause`` marker runs as if rulespec were not installed."""
    pytester.makeconftest(_FOREIGN_CONFTEST)
    pytester.makepyfile(test_foreign=_FOREIGN_TEST)
    result = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.OK
    result.assert_outcomes(passed=2)
    assert "no catalogue" not in result.stderr.str()


def test_a_project_may_ask_for_the_short_marker(pytester: pytest.Pytester) -> None:
    """``rulespec_clause_markers`` makes the plugin check another marker name too."""
    pytester.makeini("[pytest]\nrulespec_clause_markers = clause\n")
    pytester.makepyfile(
        test_short='import pytest\n\n@pytest.mark.clause("dc.nowhere")\ndef test_x():\n    pass\n'
    )
    result = pytester.runpytest("--strict-markers", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*'dc.nowhere' in test_short.py::test_x*"])


def test_this_project_checks_its_short_markers(pytestconfig: pytest.Config) -> None:
    """rulespec's own suite keeps ``@pytest.mark.clause``, checked like the namespaced one."""
    assert "clause" in pytestconfig.getini("rulespec_clause_markers")
