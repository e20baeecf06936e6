"""``rulespec conform`` as a CI tool: its JUnit XML report, ``--workers``, ``--seconds``,
and the CI jobs of an engine's repository (``tests/cli/engine_project``)."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.cli import conform_search
from rulespec.cli.conform_search import (
    Batch,
    BatchResult,
    StopFile,
    batches,
    search_on,
)
from rulespec.cli.junit import Case, Problem, junit_xml
from tests.cli.helpers import ROOT, call
from tests.processes import write_scripts
from tests.profiles import scaled

SERVE = [sys.executable, "-m", "rulespec.testing.serve"]
PROJECT = ROOT / "tests" / "cli" / "engine_project"
GITHUB = PROJECT / ".github" / "workflows" / "conformance.yml"
GITLAB = PROJECT / ".gitlab-ci.yml"
SHRINK = str(scaled(500, 20_000))

# Engines that break the protocol: no answer to the first apply, or no JSON at all.
BROKEN = textwrap.dedent(
    """
    import json, sys, time
    mode = sys.argv[1]
    for line in sys.stdin:
        request = json.loads(line)
        if mode == "bad-json":
            print("\\x1b[31mpanic\\x1b[0m", file=sys.stderr, flush=True)
            print("<not json & not closed", flush=True)
            continue
        if request["op"] == "apply":
            print("looking for the rulebook", file=sys.stderr, flush=True)
            time.sleep(60)
        hello = {"protocol": 1, "name": "broken", "capabilities": []}
        value = hello if request["op"] == "hello" else None
        print(json.dumps({"id": request["id"], "value": value}), flush=True)
    """
)

# rulespec's engine, slowed down: a step takes 5 ms, so one batch takes many seconds.
SLOW = textwrap.dedent(
    """
    import sys, time
    from rulespec.testing.serve import Engine, serve

    class Slow(Engine):
        def answer(self, request):
            if request.get("op") == "apply":
                time.sleep(0.005)
            return super().answer(request)

    sys.exit(serve(Slow(["canardage"], ["scores"]), sys.stdin, sys.stdout))
    """
)

# The engine of the example project, noting its process id in the folder given; with a
# number of seconds, it stalls that long the first time it takes a Pan the rules refuse.
NOTED = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    sys.path.insert(0, {project!r})
    from engine import Engine, PanAnywhere, serve

    folder, stall = Path(sys.argv[1]), float(sys.argv[2])
    (folder / str(os.getpid())).touch()

    class Stalling(Engine):
        stalled = False

        def answer(self, request):
            answer = super().answer(request)
            refused = answer.get("refused")
            if stall and not self.stalled and isinstance(refused, dict):
                if refused.get("clause") == "can.action.pan":
                    self.stalled = True
                    time.sleep(stall)
            return answer

    class Noted(PanAnywhere, Stalling):
        pass

    sys.exit(serve(Noted(["canardage"]), sys.stdin, sys.stdout))
    """
).format(project=str(PROJECT))


@pytest.fixture
def scripts(tmp_path: Path) -> dict[str, list[str]]:
    return write_scripts(tmp_path, broken=BROKEN, slow=SLOW, noted=NOTED)


@pytest.fixture
def pids(tmp_path: Path) -> Path:
    """The folder where the ``noted`` engine writes the ids of its processes."""
    folder = tmp_path / "pids"
    folder.mkdir()
    return folder


def _suite(path: Path) -> ET.Element:
    root = ET.fromstring(path.read_bytes())
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    for name in ("tests", "failures", "errors", "skipped"):
        assert root.get(name) == suite.get(name)
    assert int(suite.get("tests", "-1")) == len(cases)
    assert int(suite.get("failures", "-1")) == sum(c.find("failure") is not None for c in cases)
    assert int(suite.get("errors", "-1")) == sum(c.find("error") is not None for c in cases)
    return suite


def _properties(suite: ET.Element) -> dict[str, str]:
    return {p.get("name", ""): p.get("value", "") for p in suite.iter("property")}


# -- the JUnit XML document ----------------------------------------------------------------


def test_junit_xml_escapes_what_xml_cannot_hold_and_parses_back() -> None:
    text = "engine said: <b>\"x\" & 'y'</b>\n\x1b[31mred\x1b[0m \x00 end"
    cases = [
        Case(
            "c.d", '3 players, options: x="<&>"', 1.25, failure=Problem("a\nb & c", "state", text)
        ),
        Case("c.d", "broken", 0.0, error=Problem("\x07bell", "protocol-error", text)),
        Case("c.d", "declined", 0.0, skipped="no <5> players"),
        Case("c.d", "fine", 0.5, output="2 games"),
    ]
    document = junit_xml("suite & co", cases, seconds=2.0, properties={"command": "a 'b' <c>"})
    root = ET.fromstring(document.encode("utf-8"))
    suite = root.find("testsuite")
    assert suite is not None and suite.get("name") == "suite & co"
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "1", "1")
    assert suite.get("skipped") == "1" and suite.get("time") == "2.000"
    first, second, third, fourth = suite.findall("testcase")
    assert first.get("name") == '3 players, options: x="<&>"' and first.get("time") == "1.250"
    failure = first.find("failure")
    assert failure is not None and failure.get("message") == "a\nb & c"
    assert failure.text == "engine said: <b>\"x\" & 'y'</b>\n\\x1b[31mred\\x1b[0m \\x00 end"
    error = second.find("error")
    assert error is not None and error.get("message") == "\\x07bell"
    skipped = third.find("skipped")
    assert skipped is not None and skipped.get("message") == "no <5> players"
    assert fourth.findtext("system-out") == "2 games" and fourth.find("failure") is None
    assert _properties(suite) == {"command": "a 'b' <c>"}


# -- reports of runs -----------------------------------------------------------------------


def test_a_clean_run_reports_every_clause_of_the_catalogue(tmp_path: Path) -> None:
    report = tmp_path / "report.xml"
    result = call(
        "conform", "duo", "--examples", "3", "--players", "2", "--max-steps", "60",
        "--seed", "4", "--junit-xml", str(report), "--json", "--", *SERVE,
    )  # fmt: skip
    assert result.status == 0, result.out + result.err
    verdict = json.loads(result.out)
    suite = _suite(report)
    cases = suite.findall("testcase")
    assert suite.get("failures") == suite.get("errors") == "0"
    listed = [c.id for c in rulespec.clauses("duo") if c.status != "retired"]
    names = [c.get("name", "") for c in cases]
    assert [n.split(" ")[0] for n in names] == listed  # one case per clause, in order
    for case in cases:
        assert case.get("classname") == "rulespec.conform.duo"
        assert case.find("failure") is None and case.find("error") is None
        clause = case.get("name", "").split(" ")[0]
        counts = verdict["coverage"][clause]
        skipped = case.find("skipped")
        assert (skipped is None) == (counts["status"] == "passed")
        assert bool(counts["exercised"] or counts["probed"]) == (counts["status"] == "passed")
        assert case.findtext("system-out") == (
            f"exercised {counts['exercised']}, probed {counts['probed']}, "
            f"diverged {counts['diverged']}, waived {counts['waived']}"
        )
    # Every game played exercises the deal: a pass that says what it covered.
    assert verdict["coverage"]["duo.setup.deal"]["exercised"] >= verdict["games"]
    assert verdict["coverage"]["duo.setup.deal"]["status"] == "passed"
    properties = _properties(suite)
    assert properties["seed"] == "4" and properties["engine"] == "rulespec"
    assert properties["command"] == shlex.join(SERVE)
    # Text, --json and JUnit give the same counts.
    assert (properties["games"], properties["steps"]) == (
        str(verdict["games"]),
        str(verdict["steps"]),
    )
    out = suite.findtext("system-out") or ""
    assert out.startswith(f"{verdict['games']} games, {verdict['steps']} steps\n")
    text = call(
        "conform", "duo", "--examples", "3", "--players", "2", "--max-steps", "60",
        "--seed", "4", "--", *SERVE,
    )  # fmt: skip
    assert f"CONFORMS: {verdict['games']} games agree with rulespec ({verdict['steps']} steps" in (
        text.out
    )


def test_a_protocol_error_is_the_error_of_the_engine_protocol_case(
    scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    report = tmp_path / "report.xml"
    result = call(
        "conform", "canardage", "--players", "4", "--timeout", "0.5", "--record",
        str(tmp_path / "late.json"), "--junit-xml", str(report), "--", *scripts["broken"], "hang",
    )  # fmt: skip
    assert result.status == 3
    suite = _suite(report)
    (case,) = [c for c in suite.findall("testcase") if c.find("error") is not None]
    assert case.get("name") == "engine protocol"
    assert _properties(suite)["verdict"] == "protocol-error"
    error = case.find("error")
    assert error is not None and error.get("type") == "protocol-error"
    assert error.get("message") == "no answer to request 3 (apply) within 0.5 s"
    assert "looking for the rulebook" in (error.text or "")
    assert "--replay" in (error.text or "")  # the game up to that request, replayable


def test_a_protocol_error_at_the_greeting_is_an_error_of_its_own(
    scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    report = tmp_path / "report.xml"
    result = call(
        "conform", "duo", "--junit-xml", str(report), "--", *scripts["broken"], "bad-json"
    )
    assert result.status == 3
    suite = _suite(report)
    (case,) = suite.findall("testcase")
    assert case.get("name") == "engine protocol"
    error = case.find("error")
    assert error is not None
    message = error.get("message", "")
    assert message.startswith("request 1 (hello): the answer: not valid JSON")
    assert message.endswith("'<not json & not closed'")
    assert "\\x1b[31mpanic" in (error.text or "")  # the terminal colours, made readable


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "0"], "--workers must be at least 1"),
        (["--junit-xml", "/no/such/folder/r.xml"], "--junit-xml /no/such/folder/r.xml: no such"),
    ],
)
def test_ci_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = call("conform", "duo", *args, "--", *SERVE)
    assert result.status == 2 and message in result.err


# -- the example engine project: its CI jobs, run here --------------------------------------


def _documented_command(text: str) -> list[str]:
    """The ``rulespec conform`` command of a CI job, as its arguments."""
    found = re.search(r"rulespec conform .*?-- python engine\.py", text, re.S)
    assert found is not None
    line = re.sub(r"\s+", " ", found.group())
    line = re.sub(r"\$\{\{ github\.run_number \}\}|\"\$CI_PIPELINE_IID\"", "SEED", line)
    return shlex.split(line)


def test_the_ci_jobs_install_the_kit_run_conform_and_keep_the_report_and_the_record() -> None:
    github, gitlab = GITHUB.read_text(encoding="utf-8"), GITLAB.read_text(encoding="utf-8")
    assert _documented_command(github) == _documented_command(gitlab)
    command = _documented_command(github)
    assert command[command.index("--junit-xml") + 1] == "report.xml"
    for text in (github, gitlab):
        assert 'pip install "./rulespec[testing]"' in text  # from the submodule
        assert "conform-canardage*.json" in text  # the divergent games, kept
    assert "report_paths: report.xml" in github
    assert "junit: report.xml" in gitlab
    guide = (ROOT / "docs" / "guides" / "conformance-ci.rst").read_text(encoding="utf-8")
    for path in (GITHUB, GITLAB):  # the guide shows these very files
        assert f".. literalinclude:: ../../{path.relative_to(ROOT)}" in guide
    yaml = pytest.importorskip("yaml")
    steps = yaml.safe_load(github)["jobs"]["conform"]["steps"]
    assert any("rulespec conform" in step.get("run", "") for step in steps)
    job = yaml.safe_load(gitlab)["conformance"]
    assert job["artifacts"]["reports"]["junit"] == "report.xml"
    assert "conform-canardage*.json" in job["artifacts"]["paths"]


def test_the_project_s_ci_command_reports_the_bug_with_a_replay_that_fails_again(
    tmp_path: Path,
) -> None:
    shutil.copy(PROJECT / "engine.py", tmp_path / "engine.py")
    command = _documented_command(GITHUB.read_text(encoding="utf-8"))
    assert command[:2] == ["rulespec", "conform"]
    args = command[1:]
    args[args.index("SEED")] = "5"
    args[args.index("--seconds") + 1] = "60"
    args[args.index("--workers") + 1] = str(scaled(1, 2))  # worker processes start slowly
    args[args.index("python")] = sys.executable
    args[args.index("--") : args.index("--")] = ["--shrink-steps", SHRINK]
    result = call(*args, cwd=tmp_path)
    assert result.status == 1, result.out + result.err
    suite = _suite(tmp_path / "report.xml")
    failed = [c for c in suite.findall("testcase") if c.find("failure") is not None]
    (case,) = failed
    assert case.get("name") == "can.action.pan Pan (Shoot)"
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "accepted-illegal"
    assert "[can.action.pan" in failure.get("message", "")
    text = failure.text or ""
    assert "can.action.pan  Pan (Shoot)" in text
    assert re.search(r"^DIVERGES: 1 distinct break \(.*; seed 5\)$", text, re.M)
    assert re.search(r"^found in game \d+", text, re.M)
    assert "game saved:  conform-canardage.json" in text
    replay = re.search(r"^replay: +(.+)$", text, re.M)
    assert replay is not None
    properties = _properties(suite)
    assert properties["replay-command"] == replay.group(1)
    again = shlex.split(replay.group(1))
    assert again[:2] == ["rulespec", "conform"]
    assert again[again.index("--replay") + 1] == "conform-canardage.json"
    rerun = call(*again[1:], cwd=tmp_path)
    assert rerun.status == 1 and "can.action.pan" in rerun.out


# -- --workers ------------------------------------------------------------------------------


def test_the_lowest_failing_batch_is_reported_whichever_fails_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    delays = {0: 0.3, 1: 0.2, 2: 0.0, 3: 0.0, 4: 0.0}
    failing = {1, 2}
    ran: list[int] = []

    def scripted(batch: Batch) -> BatchResult:
        ran.append(batch.number)
        time.sleep(delays[batch.number])
        error = conform_search.ProtocolFailure(f"batch {batch.number}")
        fails = batch.number in failing
        return BatchResult(batch.number, games=batch.size, error=error if fails else None)

    monkeypatch.setattr(conform_search, "run_batch", scripted)
    stop = StopFile(str(tmp_path / "stop"))
    planned = batches(125, Batch((), "duo", 0, 0, 1, stop=stop))
    with ThreadPoolExecutor(3) as pool:
        results = search_on(pool, planned, 3)
    assert [r.number for r in results] == [0, 1]
    assert results[-1].error is not None and results[-1].error.what == "batch 1"
    assert sorted(ran) == [0, 1, 2]  # nothing above batch 2 once it failed
    assert stop.stops(0)  # and, the run over, every batch still running is told to stop


@pytest.mark.clause("can.action.pan")
def test_workers_report_what_one_process_reports_and_end_their_engines(
    scripts: dict[str, list[str]], tmp_path: Path, pids: Path
) -> None:
    engine = [*scripts["noted"], str(pids), "0"]
    reports = []
    for workers in ("1", "2"):
        result = call(
            "conform", "canardage", "--examples", "50", "--seed", "5", "--shrink-steps", "0",
            "--workers", workers, "--record", str(tmp_path / f"r{workers}.json"), "--json",
            "--junit-xml", str(tmp_path / f"r{workers}.xml"), "--", *engine,
        )  # fmt: skip
        assert result.status == 1, result.out + result.err
        reports.append(result.out)
    alone, parallel = (
        re.sub(r'"(seconds|found_after|record|replay)": [^,}]+', "", r) for r in reports
    )
    assert alone == parallel
    assert _properties(_suite(tmp_path / "r2.xml"))["workers"] == "2"
    started = [int(p.name) for p in pids.iterdir()]
    assert len(started) >= 3  # the greeting's engine, and one per batch started
    deadline = time.monotonic() + 10
    while (alive := [p for p in started if _alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split()[2] == "Z")


# -- --seconds ------------------------------------------------------------------------------


def test_seconds_ends_a_batch_between_two_steps(scripts: dict[str, list[str]]) -> None:
    # One batch of this engine takes a minute: the time limit ends it after about 1.5 s.
    start = time.monotonic()
    result = call(
        "conform", "canardage", "--seconds", "1.5", "--seed", "2", "--json", "--", *scripts["slow"]
    )
    took = time.monotonic() - start
    assert result.status == 0, result.out + result.err
    verdict = result.out
    seconds = float(re.search(r'"seconds": ([\d.]+)', verdict).group(1))  # type: ignore[union-attr]
    games = int(re.search(r'"games": (\d+)', verdict).group(1))  # type: ignore[union-attr]
    assert seconds < 1.5 + 0.5 and took < 10
    assert games < 25  # not one whole batch


@pytest.mark.heavy  # the engine stalls past the time limit on purpose
@pytest.mark.clause("can.action.pan")
def test_a_divergence_found_as_the_time_runs_out_is_still_reported(
    scripts: dict[str, list[str]], tmp_path: Path, pids: Path
) -> None:
    # The engine takes its first bad Pan, then stalls past the limit: the search must
    # not end in the replay of that game, which shows the divergence.
    result = call(
        "conform", "canardage", "--seconds", "4", "--seed", "5", "--shrink-steps", "0",
        "--record", str(tmp_path / "r.json"), "--", *scripts["noted"], str(pids), "5",
    )  # fmt: skip
    assert result.status == 1, result.out + result.err
    assert "can.action.pan" in result.out


@pytest.mark.heavy  # a Dask cluster of two worker processes
def test_the_batches_run_on_a_dask_cluster_as_they_run_here() -> None:
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    from dask.distributed import Client, LocalCluster

    engine = (sys.executable, str(PROJECT / "engine.py"))
    template = Batch(engine, "canardage", 0, 0, seed=5, shrink_seconds=0)
    here = conform_search.SearchEngine(engine, "canardage")
    try:
        alone = conform_search.search_here(here, batches(50, template))
    finally:
        here.close()
    with conform_search.stop_file() as stop:
        planned = batches(50, attrs.evolve(template, stop=stop))
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)  # type: ignore[no-untyped-call]
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            spread = search_on(client.get_executor(), planned, 2)

    def played(results: list[BatchResult]) -> list[tuple[Any, ...]]:
        return [
            (r.number, r.batch.attempt if r.batch else None, r.games, r.divergence) for r in results
        ]

    assert played(spread) == played(alone)  # the same batches, breaks and games
    assert any(r.divergence is not None for r in alone)
