"""A game without a conformance kit (here Goofspiel, its kit left out of its
declaration) still has its divergences attributed: the clauses
whose ``@implements`` functions rulespec runs for the step in question."""

from __future__ import annotations

from pathlib import Path

from tests.plugin.fakes import TIE_TO_THE_FIRST, distribution, run

_KITLESS = """
import attrs
from rulespec_goofspiel.game import Goofspiel

class Kitless(Goofspiel):
    declaration = attrs.evolve(Goofspiel.declaration, kit=None)

GAME = Kitless()
"""

_CHECK = (
    """
import attrs
from hypothesis import settings
from rulespec.testing import DivergenceError, ReferenceAdapter, check
from rulespec.testing.kit import kit_for
import rulespec
from rulespec_goofspiel import Options

"""
    + TIE_TO_THE_FIRST
    + """
print(type(kit_for(rulespec.game("goofspiel"))).__name__)
quick = settings(max_examples=60, derandomize=True, deadline=None)
try:
    check(TieToTheFirst(), "goofspiel", players=2, options=Options(cards=4), settings=quick)
except DivergenceError as exc:
    print(" ".join(exc.divergence.clauses))
    print(exc.divergence.report().splitlines()[2])
"""
)


def test_a_divergence_names_the_clauses_that_implement_its_step(tmp_path: Path) -> None:
    distribution(tmp_path, "rulespec-kitless", {"goofspiel": "kitless_pkg:GAME"}, {})
    (tmp_path / "kitless_pkg.py").write_text(_KITLESS)
    done = run(tmp_path, "-c", _CHECK)
    assert done.returncode == 0, done.stderr
    kit, clauses, heading = done.stdout.splitlines()[:3]
    assert kit == "ImplementsKit"
    assert "gs.tie.discard" in clauses.split()
    assert all(c.startswith("gs.") for c in clauses.split())
    assert heading == "clauses:"
