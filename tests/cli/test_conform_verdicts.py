"""``rulespec conform``'s verdicts: every break in one run, INCONCLUSIVE when too little was
compared, waived clauses, readings the engine declares, seeds that vary, and no traceback
where a verdict is due."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.core.record import ReplayError
from rulespec.testing import DivergenceError, ReferenceAdapter, check
from rulespec.testing.budget import Cut
from tests.cli.helpers import call
from tests.profiles import SEEDED

SERVE = [sys.executable, "-m", "rulespec.testing.serve"]
ENGINE_JS = Path(__file__).resolve().parents[2] / "examples" / "canardage-js" / "engine.js"
THREE = "pan-anywhere,double-apart,planque-on-water"
"""Three mutants of the JavaScript engine at once: each accepts illegal plays of its own."""
THREE_CLAUSES = {"can.action.pan", "can.action.double-viseur", "can.action.planque"}

# rulespec's engine, behind an interface that can express no play (or no deal).
HOLLOW = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    class Hollow(Engine):
        def answer(self, request):
            action = request.get("action") if isinstance(request, dict) else None
            if request.get("op") == "apply" and isinstance(action, dict):
                chance = action.get("type") in ("deal", "shuffle", "reshuffle", "dispersion")
                if chance == (sys.argv[1] == "deal"):
                    return {"id": request["id"], "inexpressible": {"reason": "no such button"}}
            return super().answer(request)

    sys.exit(serve(Hollow(batch=False), sys.stdin, sys.stdout))
    """
)


def _json(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(result.out.splitlines()[-1])
    return data


@pytest.fixture
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("node is not installed: the JavaScript engine is not checked")
    return found


# -- hollow passes ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hidden", "reason"),
    [("plays", "legal plays offered"), ("deal", "chance went unexamined")],
)
def test_an_engine_that_expresses_nothing_is_inconclusive_never_conforms(
    tmp_path: Path, hidden: str, reason: str
) -> None:
    script = tmp_path / "hollow.py"
    script.write_text(HOLLOW, encoding="utf-8")
    report = tmp_path / "report.xml"
    result = call(
        "conform", "canardage", "--examples", "3", "--seed", "1", "--max-steps", "40",
        "--junit-xml", str(report), "--", sys.executable, str(script), hidden,
    )  # fmt: skip
    assert result.status == 4, result.out + result.err
    assert result.out.splitlines()[1].startswith("INCONCLUSIVE: ")
    assert reason in result.out and "CONFORMS" not in result.out
    suite = ET.parse(report).getroot()[0]
    (case,) = [c for c in suite.findall("testcase") if c.find("failure") is not None]
    assert case.get("name") == "inconclusive"
    verdict = _json(
        call(
            "conform", "canardage", "--examples", "3", "--seed", "1", "--max-steps", "40",
            "--json", "--", sys.executable, str(script), hidden,
        )
    )  # fmt: skip
    assert verdict["verdict"] == "inconclusive" and reason in verdict["inconclusive"]


# -- tracebacks that were verdicts --------------------------------------------------------


def test_a_declined_setup_with_engine_chance_gets_a_verdict() -> None:
    result = call(
        "conform", "canardage", "--examples", "20", "--seed", "1", "--max-steps", "40",
        "--", *SERVE, "--chance", "engine", "--unsupported", "players=3", "canardage",
    )  # fmt: skip
    assert result.status == 0, result.out + result.err
    assert "Traceback" not in result.err and "Flaky" not in result.err
    assert "setup left out (the engine declines it): 3 players" in result.out


class CutAfter(ReferenceAdapter):
    """rulespec's engine, whose search is cut once it has taken ``steps`` steps (as the
    time limit of ``rulespec conform --seconds`` cuts it)."""

    def __init__(self, steps: int) -> None:
        self.left = steps

    def apply(self, action: Any) -> None:
        self.left -= 1
        if self.left < 0:
            raise Cut("the time is up")
        super().apply(action)


@pytest.mark.parametrize("steps", [1, 150, 600])
def test_a_cut_search_ends_with_what_it_learned_never_an_inconsistency(steps: int) -> None:
    with pytest.raises(Cut) as cut:
        check(
            CutAfter(steps),
            "canardage",
            players=3,
            max_steps=300,
            settings=settings(SEEDED, max_examples=50),
        )
    result = cut.value.result
    assert result is not None and result.games >= 1 and result.steps >= 1
    if steps >= 600:
        assert result.probed  # the illegal plays refused before the cut are kept
        assert result.offered > 0 and result.exercised


# -- seeds ------------------------------------------------------------------------------


def test_with_engine_drawn_chance_two_seeds_play_two_games(tmp_path: Path) -> None:
    def verdict(seed: str) -> dict[str, Any]:
        return _json(
            call(
                "conform", "duo", "--examples", "1", "--seed", seed, "--max-steps", "30",
                "--players", "2", "--json", "--", *SERVE, "--chance", "engine",
            )
        )  # fmt: skip

    one, again, other = verdict("1"), verdict("1"), verdict("2")
    assert one["coverage"] == again["coverage"]  # a seed plays the same game again
    assert one["coverage"] != other["coverage"]  # another seed, another deal


# -- every break in one run ---------------------------------------------------------------


def test_one_run_names_every_break_each_with_its_clause_first(node: str, tmp_path: Path) -> None:
    engine = [node, str(ENGINE_JS), "--mutant", THREE]
    common = ["--examples", "60", "--seed", "3", "--players", "3", "--shrink-steps", "300"]
    record = tmp_path / "three.json"
    text = call("conform", "canardage", *common, "--record", str(record), "--", *engine)
    assert text.status == 1, text.out + text.err
    verdict = _json(
        call("conform", "canardage", *common, "--record", str(record), "--json", "--", *engine)
    )
    blamed = {b["clauses"][0] for b in verdict["breaks"]}
    assert blamed >= THREE_CLAUSES  # each break once, with its clause first
    assert len(blamed) == len(verdict["breaks"])
    assert f"DIVERGES: {len(verdict['breaks'])} distinct break" in text.out
    for clause in THREE_CLAUSES:
        assert verdict["coverage"][clause]["status"] == "failed"
    for n, found in enumerate(verdict["breaks"], 1):
        saved = record if n == 1 else record.with_name(f"three.{n}.json")
        assert found["record"] == str(saved) and saved.exists()
        assert found["replay"].startswith("rulespec conform canardage --replay ")
        assert f"-- break {n} of {len(verdict['breaks'])}" in text.out
        again = call("conform", "canardage", "--replay", str(saved), "--", *engine)
        assert again.status == 1 and found["clauses"][0] in again.out
    report = tmp_path / "three.xml"
    call("conform", "canardage", *common, "--junit-xml", str(report), "--", *engine)
    suite = ET.parse(report).getroot()[0]
    failed = {c.get("name", "").split(" ")[0] for c in suite.iter("testcase")
              if c.find("failure") is not None}  # fmt: skip
    assert failed == blamed
    assert suite.get("failures") == str(len(blamed))
    # --max-breaks stops at the first.
    first = _json(
        call("conform", "canardage", *common, "--max-breaks", "1", "--json", "--", *engine)
    )
    assert [b["clauses"] for b in first["breaks"]] == [verdict["breaks"][0]["clauses"]]


def test_waived_clauses_are_counted_apart_and_the_others_still_reported(
    node: str, tmp_path: Path
) -> None:
    engine = [node, str(ENGINE_JS), "--mutant", THREE]
    common = ["--examples", "60", "--seed", "3", "--players", "3", "--shrink-steps", "300"]
    some = call(
        "conform", "canardage", *common, "--waive", "can.action.pan=our house rule",
        "--json", "--", *engine,
    )  # fmt: skip
    verdict = _json(some)
    assert some.status == 1
    assert "can.action.pan" not in {b["clauses"][0] for b in verdict["breaks"]}
    assert verdict["waived"]["can.action.pan"]["reason"] == "our house rule"
    assert verdict["waived"]["can.action.pan"]["met"] > 0  # counted, never dropped
    assert verdict["coverage"]["can.action.pan"]["status"] == "waived"
    waives = [f"--waive={c}" for c in sorted(THREE_CLAUSES)]
    text = call("conform", "canardage", *common, *waives, "--", *engine)
    assert text.status == 0, text.out
    for clause in THREE_CLAUSES:
        assert f"waived: {clause} (waived on the command line): " in text.out


def test_deviations_the_engine_declares_are_waived(node: str) -> None:
    plain = call(
        "conform", "duo", "--examples", "5", "--seed", "2", "--players", "2", "--json",
        "--", *SERVE, "--deviation", "duo.turn.draw=we draw later",
    )  # fmt: skip
    verdict = _json(plain)
    assert plain.status == 0
    assert verdict["waived"] == {"duo.turn.draw": {"reason": "we draw later", "met": 0}}


def test_a_waived_clause_must_be_a_clause_of_the_game() -> None:
    result = call("conform", "duo", "--waive", "can.action.pan", "--", *SERVE)
    assert result.status == 2 and "'can.action.pan' is no clause of duo" in result.err


# -- reports that read right ------------------------------------------------------------


@pytest.mark.parametrize("where", ["/dev/full", "{folder}", ""])
def test_an_unwritable_junit_path_is_refused_before_the_run(tmp_path: Path, where: str) -> None:
    path = where.format(folder=tmp_path)
    if path == "/dev/full" and not Path(path).exists():
        pytest.skip("no /dev/full here")
    result = call("conform", "duo", "--junit-xml", path, "--", "no-such-engine-program")
    assert result.status == 2, result.out + result.err
    assert result.err.startswith("rulespec: error: --junit-xml") and not result.out


def test_a_replay_counts_the_steps_it_replayed(tmp_path: Path) -> None:
    g = rulespec.game("duo")
    record = rulespec.Record.play(g, players=2, seed=5, steps=300)
    path = tmp_path / "long.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = call("conform", "duo", "--replay", str(path), "--", *SERVE)
    assert result.status == 0
    assert f"({len(record.steps)} steps, " in result.out
    # A record whose step 40 is illegal: the engine refuses it too, and the replay says so.
    legal = rulespec.Record.play(g, players=2, seed=5, steps=40)
    illegal = legal.append(legal.steps[-1])  # the same action again: refused
    with pytest.raises(ReplayError, match=r"^steps\[40\]"):
        illegal.replay()
    path.write_text(illegal.to_json(), encoding="utf-8")
    result = call("conform", "duo", "--replay", str(path), "--", *SERVE)
    assert result.status == 0, result.out + result.err
    assert "(40 steps, " in result.out
    assert "note: the record's step 40 is illegal" in result.out


def test_check_sets_aside_the_breaks_it_is_told_of() -> None:
    class NoDiscards(ReferenceAdapter):
        def apply(self, action: Any) -> None:
            if type(action).__name__ == "Discard":
                raise ValueError("no discards here")
            super().apply(action)

    search = settings(SEEDED, max_examples=30)
    with pytest.raises(DivergenceError) as found:
        check(NoDiscards(), "canardage", players=3, max_steps=200, settings=search)
    blamed = found.value.divergence.clauses[0]
    result = check(
        NoDiscards(), "canardage", players=3, max_steps=200, settings=search, set_aside=[blamed]
    )
    assert result.set_aside[blamed] > 0  # met again, counted, not raised


# -- readings ---------------------------------------------------------------------------


@pytest.mark.clause("can.cover.forward")
def test_an_engine_that_declares_a_reading_is_held_to_it(node: str) -> None:
    common = ["--examples", "60", "--seed", "2", "--players", "3", "--shrink-steps", "300"]
    reading = "can.cover.forward=cover-first"
    declared = call(
        "conform", "canardage", *common, "--json", "--",
        node, str(ENGINE_JS), "--reading", reading,
    )  # fmt: skip
    verdict = _json(declared)
    assert declared.status == 0, declared.out + declared.err
    assert verdict["readings"] == {"can.cover.forward": "cover-first"}
    assert verdict["coverage"]["can.cover.forward"]["exercised"] > 0
    # The same play, not declared: the clause the reading answers is reported.
    silent = call(
        "conform", "canardage", *common, "--json", "--",
        node, str(ENGINE_JS), "--mutant", "pair-goes-under-flipped",
    )  # fmt: skip
    assert silent.status == 1
    assert any("can.cover.forward" in b["clauses"] for b in _json(silent)["breaks"])
    # A command line that says otherwise than the engine is a usage error.
    other = call(
        "conform", "canardage", "--reading", "can.cover.forward=1", "--",
        node, str(ENGINE_JS), "--reading", reading,
    )  # fmt: skip
    assert other.status == 2 and "the engine declares cover-first" in other.err


def test_a_reading_on_the_command_line_is_played_by_both_engines() -> None:
    result = call(
        "conform", "canardage", "--examples", "5", "--seed", "1", "--players", "3",
        "--reading", "can.turn.draw=winner-draws", "--json", "--", *SERVE,
    )  # fmt: skip
    assert result.status == 0
    assert _json(result)["readings"] == {"can.turn.draw": "winner-draws"}
    refused = call("conform", "canardage", "--reading", "can.turn.draw=nope", "--", *SERVE)
    assert refused.status == 2 and "can.turn.draw=nope" in refused.err


def test_a_clean_run_says_which_rules_its_steps_and_comparisons_exercised() -> None:
    result = call(
        "conform", "duo", "--examples", "4", "--seed", "3", "--players", "2",
        "--max-steps", "400", "--json", "--", *SERVE,
    )  # fmt: skip
    verdict = _json(result)
    coverage = verdict["coverage"]
    assert result.status == 0
    # Every player step keeps the order of turns; every view compared, the hidden hands.
    assert coverage["duo.turn.order"]["exercised"] == verdict["offered"] > 0
    assert coverage["duo.view.hidden"]["status"] == "passed"
    # Scores compared where they change exercise the scoring rules.
    assert any(coverage[c]["exercised"] for c in ("duo.score.out", "duo.score.exhausted"))
    # A clause nothing exercised is said to be so, not passed.
    for counts in coverage.values():
        if not (counts["exercised"] or counts["probed"]):
            assert counts["status"] in ("not exercised", "not formalized")
