"""The engine protocol: WireAdapter against the reference engine and against broken engines."""

from __future__ import annotations

import json
import random
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.testing import Refused, Setup, capabilities, check
from rulespec.testing.replay import check_record
from rulespec.testing.wire import ProtocolError, WireAdapter, read_answer

SERVE = [sys.executable, "-m", "rulespec.testing.serve"]
DUO = rulespec.game("duo")
CAN = rulespec.game("canardage")
QUICK = settings(max_examples=2, derandomize=True, database=None)

# A minimal engine without rules: it accepts every action and answers what its mode says.
FAKE = textwrap.dedent(
    """
    import json, sys, time
    mode = sys.argv[1]
    caps = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else []
    applies = 0
    def say(answer):
        sys.stdout.write(answer + "\\n")
        sys.stdout.flush()
    for line in sys.stdin:
        request = json.loads(line)
        rid, op = request["id"], request["op"]
        if op == "hello":
            if mode == "bad-json-hello":
                print("starting up", file=sys.stderr, flush=True)
                say("{this is not json")
                continue
            if mode == "refuse-hello":
                say(json.dumps({"id": rid, "refused": {"reason": "I only play chess"}}))
                continue
            value = {"protocol": 1, "name": "fake", "capabilities": caps}
            if mode == "unknown-capability":
                value["capabilities"] = ["telepathy"]
            say(json.dumps({"id": rid, "value": value}))
        elif op == "apply":
            applies += 1
            if mode == "hang-apply":
                print("thinking very hard", file=sys.stderr, flush=True)
                time.sleep(60)
            if mode == "crash-apply" and applies == 2:
                print("Traceback (most recent call last):", file=sys.stderr)
                print("  File 'engine.py', line 12, in apply", file=sys.stderr)
                print("KeyError: 'pile'", file=sys.stderr, flush=True)
                sys.exit(1)
            if mode == "wrong-id":
                rid += 1
            if mode == "two-keys":
                say(json.dumps({"id": rid, "value": None, "unsupported": True}))
                continue
            if mode == "refuse-apply":
                say(json.dumps({"id": rid, "refused": {"reason": "no", "clause": "duo.turn.x"}}))
                continue
            say(json.dumps({"id": rid, "value": None}))
        elif op == "to_move":
            if mode == "refuse-query":
                say(json.dumps({"id": rid, "refused": {}}))
            else:
                say(json.dumps({"id": rid, "value": ["first"]}))
        elif op == "start" and mode == "unsupported-start":
            say(json.dumps({"id": rid, "unsupported": True}))
        elif op == "start" and mode == "start-value":
            say(json.dumps({"id": rid, "value": "started"}))
        elif op == "scores":
            if mode == "long-answer":
                say(json.dumps({"id": rid, "value": [0] * 5000}))
            else:
                say(json.dumps({"id": rid, "unsupported": True}))
        elif op == "quit":
            say(json.dumps({"id": rid, "value": None}))
            if mode != "ignore-quit":
                sys.exit(0)
            time.sleep(60)
        else:
            say(json.dumps({"id": rid, "value": None}))
    """
)


@pytest.fixture
def fake(tmp_path: Path) -> Any:
    script = tmp_path / "fake_engine.py"
    script.write_text(FAKE, encoding="utf-8")

    def command(mode: str, caps: str = "") -> list[str]:
        return [sys.executable, str(script), mode, caps]

    return command


def _setup(players: int = 2) -> Setup:
    return Setup(DUO, players, DUO.default_options())


def _deal(seed: int = 1) -> Any:
    return DUO.sample_chance(DUO.new_game(2), random.Random(seed))


# -- answers, one line at a time -------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"{oops", "not valid JSON"),
        (b"[1, 2]", "not a JSON object but list"),
        (b'{"value": null}', "has no id"),
        (b'{"id": 4, "value": null}', "for request 4, not 3"),
        (b'{"id": "3", "value": null}', "for request '3', not 3"),
        (b'{"id": 3}', "exactly one of value, refused, unsupported, inexpressible (has none)"),
        (b'{"id": 3, "value": 1, "refused": {}}', "(has value and refused)"),
        (b'{"id": 3, "value": 1, "note": "hi"}', "unknown key 'note'"),
        (
            b'{"id": 3, "unsupported": false}',
            "unsupported: expected a JSON object, got bool (or true)",
        ),
        (b'{"id": 3, "inexpressible": {}}', "inexpressible: missing key 'reason'"),
        (b'{"id": 3, "refused": "no"}', "refused: expected a JSON object"),
        (b'{"id": 3, "refused": {"why": "no"}}', "refused: unknown key 'why'"),
        (b'{"id": 3, "refused": {"clause": 7}}', "refused.clause: expected a string"),
        (b'{"id": 3, "value": ' + b"[" * 65 + b"]" * 65 + b"}", "beyond the limit of 64"),
        (b'{"id": 3, "value": "\xff"}', "not UTF-8 text (byte 20)"),
    ],
)
def test_each_malformed_answer_is_a_protocol_error(line: bytes, message: str) -> None:
    with pytest.raises(ProtocolError) as err:
        read_answer(line, 3)
    assert message in err.value.what


def test_well_formed_answers_are_read() -> None:
    assert read_answer(b'{"id": 3, "value": [1, 2]}\n', 3) == ("value", [1, 2])
    assert read_answer(b'{"id": 3, "unsupported": true}', 3) == ("unsupported", None)
    refusal = b'{"id": 3, "refused": {"reason": "not your turn", "clause": "duo.turn.order"}}'
    assert read_answer(refusal, 3) == ("refused", ("not your turn", "duo.turn.order"))


def test_a_protocol_error_is_not_an_exception_that_a_divergence_would_swallow() -> None:
    assert not issubclass(ProtocolError, Exception)
    error = ProtocolError("late", stderr=("a", "b"))
    assert str(error).splitlines() == ["late", "the engine's last lines on stderr:", "  a", "  b"]


# -- a live engine ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served_canardage() -> Iterator[WireAdapter]:
    """rulespec's own engine over a pipe, playing Canardage: one process for the module."""
    with WireAdapter(SERVE, "canardage") as engine:
        yield engine


def test_the_reference_engine_conforms_through_the_wire(served_canardage: WireAdapter) -> None:
    engine = served_canardage
    assert engine.name == "rulespec"
    assert len(capabilities(engine)) == 7
    before = engine.requests
    result = check(engine, "canardage", players=3, max_steps=150, settings=QUICK)
    assert result.games >= 2 and result.steps > 0
    # Every step is compared, not just applied.
    assert engine.requests - before > result.steps
    assert engine.error is None


def test_answers_are_decoded_into_rulespec_types() -> None:
    state = DUO.start(2, seed=3)
    with WireAdapter(SERVE, DUO) as engine:
        engine.start(_setup())
        record = rulespec.Record.play(DUO, 2, seed=3, steps=1)
        engine.apply(record.steps[0])
        assert engine.state() == state
        assert engine.view(1) == DUO.view(state, 1)
        assert sorted(engine.legal_actions(0), key=repr) == sorted(
            DUO.legal_actions(state, 0), key=repr
        )
        assert engine.to_move() == DUO.to_move(state)
        assert engine.is_over() is False
        assert engine.winners() == ()
        player = DUO.to_move(state)[0]
        illegal = next(a for a in DUO.legal_actions(state, player) if hasattr(a, "pile")).__class__(
            player, 200, 0
        )
        with pytest.raises(Refused) as refused:
            engine.apply(illegal)
        assert refused.value.clause and refused.value.clause.startswith("duo.")
        assert engine.record() == rulespec.Record(DUO.id, 2, DUO.default_options(), record.steps)


def test_a_replayed_record_is_compared_at_every_step(served_canardage: WireAdapter) -> None:
    record = rulespec.Record.play(CAN, 4, seed=5, steps=40)
    engine = served_canardage
    before = engine.requests
    assert check_record(engine, record).steps == 40
    # One batch a step at least: the step, then every query the engine declares.
    assert engine.batching and engine.requests - before >= 40


def test_a_broken_engine_answering_bad_json_names_the_request_and_its_stderr(fake: Any) -> None:
    with pytest.raises(ProtocolError) as err:
        WireAdapter(fake("bad-json-hello"), DUO)
    assert "request 1 (hello): the answer: not valid JSON" in err.value.what
    assert err.value.stderr == ("starting up",)
    assert err.value.request == {"id": 1, "op": "hello", "protocol": 2, "game": "duo"}


def test_an_engine_that_does_not_answer_in_time_is_stopped(fake: Any) -> None:
    engine = WireAdapter(fake("hang-apply"), DUO, timeout=0.5)
    engine.start(_setup())
    deal = _deal()
    began = time.perf_counter()
    with pytest.raises(ProtocolError) as err:
        engine.apply(deal)
    assert time.perf_counter() - began < 5
    assert err.value.what == "no answer to request 3 (apply) within 0.5 s"
    assert err.value.stderr == ("thinking very hard",)
    assert err.value.record is not None and err.value.record.steps == (deal,)
    assert engine._process.proc.poll() is not None  # killed
    with pytest.raises(ProtocolError) as again:  # broken for good: no restart
        engine.start(_setup())
    assert again.value is err.value
    engine.close()


def test_a_crash_reports_the_exit_status_and_the_last_stderr_lines(fake: Any) -> None:
    with WireAdapter(fake("crash-apply"), DUO) as engine:
        engine.start(_setup())
        engine.apply(_deal())
        with pytest.raises(ProtocolError) as err:
            engine.apply(_deal(2))
    assert "request 4 (apply)" in err.value.what
    assert err.value.status == 1 and "status 1" in err.value.what
    assert err.value.stderr[-1] == "KeyError: 'pile'"
    assert len(err.value.stderr) == 3


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("wrong-id", "request 3 (apply): the answer is for request 4, not 3"),
        ("two-keys", "request 3 (apply): the answer needs exactly one of"),
    ],
)
def test_a_malformed_answer_to_apply_breaks_the_engine(fake: Any, mode: str, message: str) -> None:
    with WireAdapter(fake(mode), DUO) as engine:
        engine.start(_setup())
        with pytest.raises(ProtocolError) as err:
            engine.apply(_deal())
    assert message in err.value.what


def test_a_refusal_carries_the_engine_s_reason_and_clause(fake: Any) -> None:
    with WireAdapter(fake("refuse-apply"), DUO) as engine:
        engine.start(_setup())
        with pytest.raises(Refused) as err:
            engine.apply(_deal())
    assert str(err.value) == "no" and err.value.clause == "duo.turn.x"
    assert engine.error is None


def test_the_greeting_must_be_answered_as_the_protocol_says(fake: Any) -> None:
    with pytest.raises(ProtocolError) as refused:
        WireAdapter(fake("refuse-hello"), DUO)
    assert refused.value.what.startswith("the engine does not play duo: I only play chess")
    with pytest.raises(ProtocolError) as unknown:
        WireAdapter(fake("unknown-capability"), DUO)
    assert "value.capabilities[0]: unknown capability 'telepathy'" in unknown.value.what


def test_only_declared_capabilities_count_and_are_asked(fake: Any) -> None:
    with WireAdapter(fake("fine", "scores"), DUO) as engine:
        assert capabilities(engine) == {"scores"}
        with pytest.raises(NotImplementedError):
            engine.to_move()
        engine.start(_setup())
        with pytest.raises(ProtocolError) as err:  # declared, then unsupported
            engine.scores()
    assert "declares scores but answers unsupported" in err.value.what


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("refuse-query", "request 3 (to_move): only apply and hello may be refused"),
        ("unsupported-start", "request 2 (start): the engine must answer start"),
        ("start-value", "request 2 (start): value: expected null, got 'started'"),
    ],
)
def test_answers_of_the_wrong_kind_break_the_engine(fake: Any, mode: str, message: str) -> None:
    with WireAdapter(fake(mode, "to_move"), DUO) as engine, pytest.raises(ProtocolError) as err:
        engine.start(_setup())
        engine.to_move()
    assert err.value.what == message


def test_a_value_the_game_cannot_decode_says_where(fake: Any) -> None:
    with WireAdapter(fake("fine", "to_move"), DUO) as engine:
        engine.start(_setup())
        with pytest.raises(ProtocolError) as err:
            engine.to_move()
    assert err.value.what == ("request 3 (to_move): value[0]: expected a whole number, got 'first'")


def test_an_answer_over_the_size_limit_is_refused(
    fake: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulespec.testing.wire as wire

    monkeypatch.setattr(wire, "MAX_ANSWER_BYTES", 1000)
    with WireAdapter(fake("long-answer", "scores"), DUO) as engine:
        engine.start(_setup())
        with pytest.raises(ProtocolError) as err:
            engine.scores()
    assert "longer than the limit of 1000 bytes" in err.value.what


def test_closing_says_quit_and_kills_an_engine_that_stays(fake: Any) -> None:
    polite = WireAdapter(fake("fine"), DUO)
    assert polite.close() == 0
    assert polite.close() == 0  # twice is harmless
    stubborn = WireAdapter(fake("ignore-quit"), DUO, timeout=0.3)
    assert stubborn.close() is None
    assert stubborn._process.proc.poll() is not None


def test_a_command_that_cannot_start_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        WireAdapter([str(tmp_path / "no-such-engine")], DUO)
    with pytest.raises(TypeError):
        WireAdapter("python engine.py", DUO)


def test_the_reference_engine_refuses_what_it_cannot_read() -> None:
    from rulespec.testing.serve import Engine

    engine = Engine(["duo"])
    hello = engine.answer({"id": 1, "op": "hello", "protocol": 1, "game": "canardage"})
    assert "refused" in hello
    engine.answer({"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}})
    bad = {"type": "play", "player": 0, "card": "red-1-circle", "pile": 2}
    answer = engine.answer({"id": 3, "op": "apply", "action": bad})
    assert answer["refused"]["reason"].startswith("not an action of the game: action.pile")
    assert engine.answer({"id": 4, "op": "telepathy"}) == {"id": 4, "unsupported": True}
    assert json.dumps(engine.answer({"id": 5, "op": "to_move"})) == '{"id": 5, "value": [-1]}'


@given(
    st.binary(max_size=200) | st.from_regex(rb'\{"id": ?3, ?"(value|refused|unsupported)": .*\}')
)
def test_any_line_is_an_answer_or_a_protocol_error(line: bytes) -> None:
    try:
        kind, _ = read_answer(line, 3)
    except ProtocolError:
        return
    assert kind in ("value", "refused", "unsupported")


def test_the_reference_engine_stops_at_a_request_it_cannot_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import io

    from rulespec.testing.serve import Engine, main, serve

    out = io.StringIO()
    hello = '{"id": 1, "op": "hello", "protocol": 1, "game": "duo"}\n'
    assert serve(Engine(), io.StringIO(hello + "[1, 2]\n" + hello), out) == 2
    assert len(out.getvalue().splitlines()) == 1
    assert "bad request: expected an object with an integer id" in capsys.readouterr().err
    assert serve(Engine(), io.StringIO('{"id": 1, "op": "to_move"}\n'), out) == 2
    assert "no game started" in capsys.readouterr().err
    assert main(["chess"]) == 2 and "unknown game 'chess'" in capsys.readouterr().err
    assert main(["--capabilities", "scores,magic"]) == 2
    assert "unknown capability 'magic'" in capsys.readouterr().err
