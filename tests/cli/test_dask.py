"""The command-line guide's Dask example, run as printed: a local cluster, same results."""

from __future__ import annotations

import re

import pytest

import rulespec
from rulespec.tools.simulation import simulate
from tests.cli.helpers import ROOT

GUIDE = ROOT / "docs" / "guides" / "command-line.rst"


def _dask_example() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"^\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text, re.M)
    (block,) = [b for b in blocks if "dask.distributed" in b]
    return "\n".join(line[3:] for line in block.splitlines())


@pytest.mark.heavy
def test_the_guide_simulates_on_a_dask_cluster_with_the_results_of_one_process() -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    code = _dask_example()
    assert "client.get_executor()" in code
    namespace: dict[str, object] = {"__name__": "dask_example"}
    exec(compile(code, str(GUIDE), "exec"), namespace)
    results = namespace["results"]
    expected = list(simulate(rulespec.game("duck-and-cover"), 2, 10, seed=1))
    assert results == expected
