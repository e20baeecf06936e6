"""``rulespec conform``: exit statuses and reports against good, buggy and broken engines."""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.cli.main import main
from tests.processes import write_scripts
from tests.profiles import scaled
from tests.testing.test_protocol2 import NO_PAN_ENGINE

SERVE = [sys.executable, "-m", "rulespec.testing.serve"]
# Steps to replay while shrinking a divergent game: what is asserted holds of any game
# found, shrunk or not, so a quick run shrinks for a few hundred steps.
SHRINK = str(scaled(500, 20_000))

# Served with the capabilities its first argument lists.
NO_PAN = NO_PAN_ENGINE + textwrap.dedent(
    """
    sys.exit(serve(NoPan(capabilities=sys.argv[1].split(",")), sys.stdin, sys.stdout))
    """
)

# rulespec's engine whose answers depend on earlier games: Pan is refused in every other game.
MOODY = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    class Moody(Engine):
        played = 0

        def answer(self, request):
            op = request.get("op")
            if op == "start":
                self.played += 1
            if op == "batch":
                inner = [self.answer({"id": 0, **r}) for r in request["requests"]]
                return {"id": request["id"], "value": [
                    {k: v for k, v in a.items() if k != "id"} for a in inner
                ]}
            action = request.get("action")
            if op == "apply" and self.played % 2 and action.get("card") == "pan":
                return {"id": request["id"], "refused": {"reason": "not today"}}
            return super().answer(request)

    sys.exit(serve(Moody(), sys.stdin, sys.stdout))
    """
)

# rulespec's engine that checks it is asked only what it declared.
ONLY = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    class Only(Engine):
        def answer(self, request):
            op = request.get("op")
            if op not in ("hello", "start", "apply", "quit", "batch", *self.capabilities):
                print(f"asked {op} without declaring it", file=sys.stderr, flush=True)
                sys.exit(4)
            return super().answer(request)

    sys.exit(serve(Only(capabilities=["is_over", "winners"]), sys.stdin, sys.stdout))
    """
)

# Engines that break the protocol, without any rules.
BROKEN = textwrap.dedent(
    """
    import json, sys, time
    mode = sys.argv[1]
    for line in sys.stdin:
        request = json.loads(line)
        rid, op = request["id"], request["op"]
        if op == "hello":
            if mode == "bad-json":
                print("engine 0.1 starting", file=sys.stderr, flush=True)
                print("OK, ready!", flush=True)
                continue
            value = {"protocol": 1, "name": "broken", "capabilities": []}
            print(json.dumps({"id": rid, "value": value}), flush=True)
        elif op == "apply" and mode == "hang":
            print("looking for the rulebook", file=sys.stderr, flush=True)
            time.sleep(60)
        elif op == "apply" and mode == "crash":
            for n in range(30):
                print(f"log line {n}", file=sys.stderr)
            print("Segmentation fault (core dumped)", file=sys.stderr, flush=True)
            sys.exit(139)
        else:
            print(json.dumps({"id": rid, "value": None}), flush=True)
            if op == "quit":
                break
    """
)


@pytest.fixture
def scripts(tmp_path: Path) -> dict[str, list[str]]:
    return write_scripts(tmp_path, no_pan=NO_PAN, only=ONLY, broken=BROKEN, moody=MOODY)


def _conform(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["conform", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_rulespec_itself_conforms(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "divergence.json"
    status, out, _ = _conform(
        capsys,
        "duo",
        "--examples",
        "2",
        "--players",
        "2",
        "--max-steps",
        "120",
        "--seed",
        "4",
        "--record",
        str(record),
        "--",
        *SERVE,
    )
    assert status == 0, out
    assert "compares: legal_actions, to_move, state, view, scores, winners, is_over" in out
    assert "CONFORMS: 2 games agree with rulespec" in out
    assert "seed 4" in out
    assert not record.exists()  # written only on a divergence


@pytest.mark.clause("can.action.pan")
def test_a_rule_bug_exits_1_with_its_clause_and_a_record_that_replays(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    record = tmp_path / "pan.json"
    engine = [*scripts["no_pan"], "scores"]
    status, out, _ = _conform(
        capsys, "canardage", "--examples", "20", "--seed", "1", "--shrink-steps", SHRINK,
        "--record", str(record),
        "--", *engine,
    )  # fmt: skip
    assert status == 1, out
    assert "the engine refuses a legal step" in out
    assert "can.action.pan" in out
    assert "rulespec:    accepts it" in out and "the engine:  refuses it: unknown card" in out
    assert re.search(
        r"^DIVERGES: 1 distinct break \(\d+ games, \d+ steps, \d+\.\d s; seed 1\)$", out, re.M
    )
    assert re.search(r"^found in game \d+, after \d+\.\d s$", out, re.M)
    saved = rulespec.Record.from_json(record.read_text(encoding="utf-8"))
    last = saved.steps[-1]
    assert last.card.value == "pan"
    saved.replay()  # every step legal in rulespec
    replayed, again, _ = _conform(capsys, "canardage", "--replay", str(record), "--", *engine)
    assert replayed == 1 and "can.action.pan" in again
    fixed, clean, _ = _conform(capsys, "canardage", "--replay", str(record), "--", *SERVE)
    assert fixed == 0 and "CONFORMS: the saved game agrees" in clean


@pytest.mark.clause("duo.turn.stop")
def test_an_illegal_action_accepted_ends_the_saved_game_so_that_verify_names_it(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    record = tmp_path / "yes.json"
    engine = [*scripts["broken"], "accept-everything"]
    status, out, _ = _conform(
        capsys, "duo", "--seed", "1", "--shrink-steps", SHRINK,
        "--record", str(record), "--", *engine,
    )  # fmt: skip
    assert status == 1, out
    assert "compares: refusals only" in out
    assert "the engine accepts an illegal action" in out
    assert main(["verify", str(record)]) == 1
    verdict = capsys.readouterr().out
    assert "is illegal: duo." in verdict
    replayed, again, _ = _conform(capsys, "duo", "--replay", str(record), "--", *engine)
    assert replayed == 1 and "the engine accepts an illegal action" in again
    fixed, clean, _ = _conform(capsys, "duo", "--replay", str(record), "--", *SERVE)
    assert fixed == 0 and "CONFORMS: the saved game agrees" in clean


@pytest.mark.heavy  # the adapter's own refusal: tests/testing/test_wire.py, under dev too
def test_only_declared_capabilities_are_asked(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]]
) -> None:
    status, out, err = _conform(
        capsys, "duo", "--examples", "2", "--players", "3", "--", *scripts["only"]
    )
    assert status == 0, out + err
    assert "compares: winners, is_over" in out


def test_bad_json_exits_3_with_the_engine_s_stderr(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]]
) -> None:
    status, _, err = _conform(capsys, "duo", "--", *scripts["broken"], "bad-json")
    assert status == 3
    assert "the engine breaks the protocol: request 1 (hello): the answer: not valid JSON" in err
    assert "'OK, ready!'" in err
    assert "  engine 0.1 starting" in err


def test_no_answer_in_time_exits_3_and_saves_the_game_so_far(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    record = tmp_path / "late.json"
    status, _, err = _conform(
        capsys, "canardage", "--timeout", "0.5", "--record", str(record),
        "--", *scripts["broken"], "hang",
    )  # fmt: skip
    assert status == 3
    assert "no answer to request 3 (apply) within 0.5 s" in err
    assert "  looking for the rulebook" in err
    saved = rulespec.Record.from_json(record.read_text(encoding="utf-8"))
    assert len(saved.steps) == 1 and saved.steps[0].__class__.__name__ == "Deal"


def test_a_crash_exits_3_with_the_status_and_the_last_stderr_lines(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    status, _, err = _conform(
        capsys, "duck-and-cover", "--record", str(tmp_path / "r.json"),
        "--", *scripts["broken"], "crash",
    )  # fmt: skip
    assert status == 3
    assert "(the engine exited with status 139)" in err
    assert "  Segmentation fault (core dumped)" in err
    assert "log line 29" in err and "log line 5\n" not in err  # a bounded tail


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--", "x"], "unknown game 'chess'"),
        (["duo", "--players", "9", "--", "x"], "Duo is for 2 to 6 players"),
        (["duo", "--option", "turbo=maybe", "--", "x"], "--option 'turbo=maybe'"),
        (["duo", "--examples", "0", "--", "x"], "--examples must be at least 1"),
        (["duo", "--", "/no/such/engine"], "cannot start '/no/such/engine'"),
        (["duo", "--replay", "/no/such.json", "--", "x"], "/no/such.json: cannot read it"),
        (["duo", "--timeout", "nan", "--", "x"], "--timeout and --seconds must be positive"),
        (["duo", "--seconds", "nan", "--", "x"], "--timeout and --seconds must be positive"),
        (["duo", "--shrink-seconds", "nan", "--", "x"], "--shrink-seconds must be 0 or more"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, _, err = _conform(capsys, *args)
    assert status == 2
    assert message in err


def test_a_replay_of_another_game_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "duo.json"
    path.write_text(rulespec.Record.play(rulespec.game("duo"), 2, seed=1, steps=3).to_json())
    status, _, err = _conform(capsys, "canardage", "--replay", str(path), "--", *SERVE)
    assert status == 2 and "a record of duo, not canardage" in err


def test_the_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["conform", "duo"])
    assert exit_.value.code == 2


def _verdict(out: str) -> dict[str, Any]:
    lines = out.splitlines()
    assert len(lines) == 1, out  # the verdict alone
    data: dict[str, Any] = json.loads(lines[0])
    assert (data["format"], data["version"]) == ("rulespec-conform", 2)
    return data


def test_json_gives_the_verdict_of_an_engine_that_conforms(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = [*SERVE, "duo", "--capabilities", "scores,winners"]
    args = ["duo", "--json", "--examples", "2", "--players", "2", "--seed", "4", "--", *engine]
    status, out, _ = _conform(capsys, *args)
    verdict = _verdict(out)
    assert status == 0
    assert verdict["verdict"] == "conforms" and verdict["game"] == "duo"
    assert verdict["engine"] == "rulespec" and verdict["compares"] == ["scores", "winners"]
    assert verdict["seed"] == 4 and verdict["games"] >= 2 and verdict["steps"] > 0


@pytest.mark.clause("can.action.pan")
def test_json_gives_the_divergence_with_its_clauses_in_order(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    record = tmp_path / "pan.json"
    status, out, _ = _conform(
        capsys, "canardage", "--json", "--examples", "20", "--seed", "1",
        "--shrink-steps", SHRINK, "--record", str(record), "--", *scripts["no_pan"], "scores",
    )  # fmt: skip
    verdict = _verdict(out)
    assert status == 1 and verdict["verdict"] == "diverges"
    divergence = verdict["divergence"]
    assert divergence["kind"] == "refused-legal"
    assert divergence["clauses"][0] == "can.action.pan"
    assert divergence["action"]["card"] == "pan" and divergence["record"] == str(record)
    saved = rulespec.Record.from_json(record.read_text(encoding="utf-8"))
    assert len(saved.steps) == divergence["step"] + 1  # the refused step ends the game
    assert 1 <= verdict["found_after_games"] <= verdict["games"]
    assert 0 <= verdict["found_after"] <= verdict["seconds"]


def test_json_gives_a_protocol_error(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    record = tmp_path / "late.json"
    status, out, err = _conform(
        capsys, "canardage", "--json", "--timeout", "0.5", "--record", str(record),
        "--", *scripts["broken"], "hang",
    )  # fmt: skip
    verdict = _verdict(out)
    assert status == 3 and verdict["verdict"] == "protocol-error"
    assert verdict["error"] == "no answer to request 3 (apply) within 0.5 s"
    assert verdict["record"] == str(record) and record.exists()
    assert "looking for the rulebook" in err  # the report stays on stderr


def test_an_engine_whose_answers_depend_on_earlier_games_gets_its_verdict_and_both_games(
    capsys: pytest.CaptureFixture[str], scripts: dict[str, list[str]], tmp_path: Path
) -> None:
    record = tmp_path / "moody.json"
    status, out, err = _conform(
        capsys, "canardage", "--examples", "25", "--seed", "1", "--json",
        "--record", str(record), "--", *scripts["moody"],
    )  # fmt: skip
    verdict = json.loads(out)
    assert status == 1, out + err
    assert verdict["divergence"]["kind"] == "nondeterministic"
    again = Path(verdict["divergence"]["other_record"])
    assert again == tmp_path / "moody.again.json"
    first, second = (rulespec.Record.from_json(f.read_text()) for f in (record, again))
    # The same game: refused the first time, taken when it was played again.
    assert (first.players, first.options) == (second.players, second.options)
    assert "refused-legal" in verdict["divergence"]["summary"]
    assert first.steps[-1].card.value == "pan"
    second.replay()  # a legal game, as far as it went
    assert "Traceback" not in err
