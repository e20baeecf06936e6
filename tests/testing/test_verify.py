"""``rulespec verify`` and its API: clean records, the first illegal step, hostile input."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.cli.main import main
from rulespec.duck_cover import DRAW_DECK, Cover, Deal, Duck, Quack
from rulespec.testing import Setup, strategies
from rulespec.tools.verifier import MAX_BYTES, MAX_DEPTH, MAX_STEPS, VerifyError, verify
from tests.profiles import scaled
from tests.testing.foreign_duck_cover import ForeignAdapter

DC = rulespec.game("duck-and-cover")
FAMILY = tuple(range(1, 13))
# Grids laid row by row: 1 2 3 4 / 5 6 7 8 / 9 10 11 12; the first card drawn is 5.
DEAL = Deal((FAMILY, FAMILY), (5, *[c for i, c in enumerate(DRAW_DECK) if i != 4]))


def _record(*steps: Any) -> rulespec.Record:
    return rulespec.Record(DC.id, 2, DC.default_options(), (DEAL, *steps))


def test_a_complete_game_verifies_with_the_scores_an_independent_engine_finds() -> None:
    record = rulespec.Record.play(DC, players=3, seed=11)
    verdict = verify(record.to_json())
    assert verdict.legal and verdict.over
    assert verdict.steps == len(record.steps)
    engine = ForeignAdapter()
    engine.start(Setup(DC, 3, record.options))
    for step in record.steps:
        engine.apply(step)
    assert verdict.scores == tuple(engine.scores())
    assert verdict.winners == tuple(engine.winners())


@pytest.mark.clause("dc.move.must-move", "dc.move.cover", "dc.move.duck-adjacent")
@pytest.mark.parametrize(
    ("step", "clause"),
    [
        (Quack(1), "dc.move.must-move"),  # the 5 is visible: it must move
        (Cover(1, (2, 1)), "dc.move.cover"),  # (2, 1) is two places from the 5 at (0, 1)
        (Duck(1, (5, 5)), "dc.move.duck-adjacent"),  # touches none of the cards
    ],
)
def test_the_first_illegal_step_is_reported_with_its_player_and_clause(
    step: Any, clause: str
) -> None:
    # Player 0 ducks the 5 beside the 8; then player 1's step, then a step never reached.
    verdict = verify(_record(Duck(0, (4, 1)), step, Quack(0)).to_json())
    assert not verdict.legal
    assert verdict.illegal is not None
    assert verdict.illegal.index == 2
    assert verdict.illegal.player == 1
    assert verdict.illegal.action == DC.encode_action(step)
    assert verdict.illegal.clause == clause
    assert "step 2 (player 1: " in str(verdict)


def test_an_unfinished_legal_game_is_reported_as_such() -> None:
    verdict = verify(_record(Cover(0, (0, 0))).to_json())
    assert verdict.legal and not verdict.over
    assert verdict.scores == (0, 0)
    assert "not over" in str(verdict)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"[" * (MAX_DEPTH + 1), f"nested at least {MAX_DEPTH + 1} deep"),
        (b'{"format": 1', "not valid JSON"),
        (b"[]", "record: expected a JSON object"),
        (
            b'{"format": "rulespec-record", "version": 1, "game": "chess", "players": 2, '
            b'"options": {}, "steps": []}',
            "unknown game 'chess'",
        ),
        (
            b'{"format": "rulespec-record", "version": 1, "game": "duck-and-cover", '
            b'"players": 9, "options": {}, "steps": []}',
            "players: expected",
        ),
        (b"1" * 5000, "a number with too many digits to read"),
    ],
)
def test_malformed_records_give_one_line(text: bytes, message: str) -> None:
    with pytest.raises(VerifyError) as info:
        verify(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_the_depth_limit_counts_brackets_outside_strings_only() -> None:
    inside = json.dumps({"format": "[" * 500})
    with pytest.raises(VerifyError, match="missing key"):
        verify(inside)
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    with pytest.raises(VerifyError, match="expected a JSON object"):
        verify(nested)


def test_the_size_and_step_limits() -> None:
    with pytest.raises(VerifyError, match="larger than the limit"):
        verify(b" " * (MAX_BYTES + 1))
    data = _record().to_data()
    data["steps"] = [{}] * (MAX_STEPS + 1)
    with pytest.raises(VerifyError, match=f"more than the limit of {MAX_STEPS} steps"):
        verify(json.dumps(data))


def _cli(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["verify", *args])
    return status, out.getvalue(), err.getvalue()


def test_the_command_exits_0_1_or_2(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(rulespec.Record.play(DC, players=2, seed=3).to_json(), encoding="utf-8")
    status, out, err = _cli(str(good))
    assert (status, err) == (0, "")
    assert out.startswith(f"{good}: duck-and-cover, 2 players (rules as printed), ")
    assert "game over" in out

    bad = tmp_path / "bad.json"
    bad.write_text(_record(Quack(1)).to_json(), encoding="utf-8")
    status, out, err = _cli(str(bad), "--json")
    assert status == 1
    assert json.loads(out)["illegal"]["clause"] == "dc.move.must-move"

    broken = tmp_path / "broken.json"
    broken.write_bytes(b"[" * 10_000)
    for path in (broken, tmp_path / "missing.json"):
        status, out, err = _cli(str(path))
        assert status == 2 and out == ""
        assert err.startswith(f"rulespec: error: {path}: ") and err.count("\n") == 1


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


def _no_crash(data: bytes) -> None:
    try:
        verdict = verify(data)
    except VerifyError as exc:
        assert "\n" not in str(exc)
        return
    if verdict.illegal is not None:
        index = verdict.illegal.index
        assert index is None or 0 <= index < verdict.steps


@given(JSON)
def test_fuzz_any_json_value(value: Any) -> None:
    _no_crash(json.dumps(value).encode())


def _mutate(data: Any, path: list[Any], value: Any, mode: int) -> Any:
    """``data`` with the item at ``path`` replaced by ``value``, deleted or duplicated."""
    if not path:
        return value
    key, rest = path[0], path[1:]
    if isinstance(data, dict) and data:
        k = sorted(data)[key % len(data)]
        out = dict(data)
        if not rest and mode == 1:
            del out[k]
        else:
            out[k] = _mutate(data[k], rest, value, mode)
        return out
    if isinstance(data, list) and data:
        i = key % len(data)
        out_list = list(data)
        if not rest and mode == 1:
            del out_list[i]
        elif not rest and mode == 2:
            out_list.insert(i, data[i])
        else:
            out_list[i] = _mutate(data[i], rest, value, mode)
        return out_list
    return value


@settings(max_examples=scaled(30, 150))
@given(
    strategies.records(DC, max_steps=30),
    st.lists(st.integers(0, 50), min_size=1, max_size=5),
    JSON,
    st.integers(0, 2),
    st.integers(0, 4000),
    st.binary(max_size=3),
)
def test_fuzz_mutated_valid_records(
    record: rulespec.Record, path: list[int], value: Any, mode: int, cut: int, junk: bytes
) -> None:
    data = _mutate(record.to_data(), path, value, mode)
    text = json.dumps(data).encode()
    _no_crash(text)
    _no_crash(text[:cut] + junk + text[cut:])


@settings(max_examples=20)
@given(JSON)
def test_fuzz_the_command_never_prints_a_traceback(value: Any) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        import sys

        stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(value).encode()))
        try:
            status = main(["verify", "-"])
        finally:
            sys.stdin = stdin
    assert status in (0, 1, 2)
    assert "Traceback" not in err.getvalue()
    assert err.getvalue().count("\n") <= 1


# -- the options and the setup come from the record --------------------------------


def test_the_verdict_names_the_options_that_decide_the_winner() -> None:
    """The same legal steps under another splash table score otherwise: the verdict says
    which table was played, in its text and its JSON."""
    played = rulespec.Record.play(DC, players=3, seed=11)
    splashes = [12 - (c % 12) for c in range(1, 13)]  # a table of our own, not the printed one
    other = attrs.evolve(played, options=DC.decode_options({"splashes": splashes}))
    printed, custom = verify(played.to_json()), verify(other.to_json())
    assert printed.legal and custom.legal
    assert printed.scores != custom.scores
    assert printed.options == {} and custom.options == {"splashes": splashes}
    assert "(rules as printed)" in str(printed)
    assert f"(options: splashes={json.dumps(splashes, separators=(',', ':'))})" in str(custom)


def test_the_json_verdict_holds_the_options(tmp_path: Path) -> None:
    duo = rulespec.game("duo")
    path = tmp_path / "duo.json"
    path.write_text(rulespec.Record.play(duo, 2, seed=2, steps=40).to_json(), encoding="utf-8")
    status, out, _ = _cli(str(path), "--json")
    assert status == 0
    assert json.loads(out)["options"] == {"max_rounds": 50, "leader_wins": True}
    status, out, _ = _cli(str(path))
    assert "(options: max_rounds=50, leader_wins=true)" in out


SETUPS = [
    ("duo", 2, {"first_player": 5}, "duo.setup.first-player"),
    ("duo", 3, {"first_player": 3}, "duo.setup.first-player"),
    ("canardage", 3, {"action_deck": {"pan": 11}}, "can.setup.action-deck"),
    ("canardage", 6, {"action_deck": {"pan": 23}}, "can.setup.action-deck"),
]


@pytest.mark.clause("duo.setup.first-player", "can.setup.action-deck")
@pytest.mark.parametrize(("game_id", "players", "options", "clause"), SETUPS)
def test_an_illegal_setup_is_an_illegal_verdict(
    game_id: str, players: int, options: dict[str, Any], clause: str, tmp_path: Path
) -> None:
    g = rulespec.game(game_id)
    record = rulespec.Record(g.id, players, g.decode_options(options))
    # The options as a client writes them, on a record whose envelope is well formed.
    text = json.dumps(
        {**rulespec.Record(g.id, players, g.default_options()).to_data(), "options": options}
    )
    with pytest.raises(rulespec.ReplayError) as info:
        record.replay()
    assert info.value.index is None and info.value.step is None
    assert info.value.clause == clause and str(info.value).startswith(f"setup: {clause}: ")
    for verdict in (verify(record), verify(text)):
        assert not verdict.legal and verdict.illegal is not None
        assert verdict.illegal.index is None and verdict.illegal.action is None
        assert verdict.illegal.clause == clause
        assert not verdict.over and verdict.scores == (0,) * players and verdict.winners == ()
        assert verdict.options == g.encode_options(record.options)
        assert f"the setup is illegal: {clause}: " in str(verdict)
    path = tmp_path / "setup.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = _cli(str(path), "--json")
    assert (status, err) == (1, "")
    assert json.loads(out)["illegal"] == {
        "index": None,
        "player": None,
        "action": None,
        "clause": clause,
        "reason": info.value.error.reason,
    }
    status, out, err = _cli(str(path))
    assert status == 1 and "internal error" not in out + err


def _wait_until_blocked(pid: int) -> None:
    """Return once process ``pid`` has slept for a fifth of a second on end (Linux), or after
    two seconds where the system does not say."""
    import time

    stat = Path(f"/proc/{pid}/stat")
    asleep_since, deadline = None, time.monotonic() + (10 if stat.exists() else 2)
    while time.monotonic() < deadline:
        now = time.monotonic()
        try:
            state = stat.read_text().rpartition(")")[2].split()[0]
        except (OSError, IndexError):
            state = "?"
        if state != "S":
            asleep_since = None
        elif asleep_since is None:
            asleep_since = now
        elif now - asleep_since >= 0.2:
            return
        time.sleep(0.02)


def test_ctrl_c_stops_the_command_with_one_line() -> None:
    """Ctrl-C while ``verify -`` waits for its input: exit status 130 and one line."""
    import signal
    import subprocess
    import sys

    # A shell that starts a job in the background makes it ignore SIGINT, and Python keeps
    # an ignored SIGINT ignored: restore what a terminal gives, Ctrl-C as KeyboardInterrupt.
    script = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from rulespec.cli.main import entry; print(flush=True); entry()"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script, "verify", "-"],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(b'{"format": "rulespec-record", ')
    child.stdin.flush()
    assert child.stdout.readline() == b"\n"  # imported: the command starts
    _wait_until_blocked(child.pid)  # on the rest of the input
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=20)
    assert child.returncode == 130, err
    assert (out, err) == (b"", b"rulespec: interrupted\n")


def test_a_keyboard_interrupt_is_never_taken_for_a_bad_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import rulespec.cli.verify as verify_cli

    def interrupted(path: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(verify_cli, "verify_file", interrupted)
    status, out, err = _cli("game.json")
    assert (status, out, err) == (130, "", "rulespec: interrupted\n")


def test_a_match_stopped_by_its_round_limit_has_no_winner_and_says_so() -> None:
    duo = rulespec.game("duo")
    record = rulespec.Record.play(duo, 2, seed=5, options=duo.decode_options({"max_rounds": 1}))
    verdict = verify(record)
    assert verdict.over and verdict.winners == ()
    assert str(verdict).endswith("; winners: none")
