"""Hostile input against every decoder of untrusted data.

Inputs are arbitrary bytes and text, arbitrary JSON, and mutations (of the
bytes and of the JSON structure) of real records that ``rulespec simulate
--record`` writes at the start of the run. Whatever the input:

- only the documented errors escape: :class:`RecordError` (``VerifyError`` is
  one) from reading, :class:`ReplayError` from replay, and from
  :func:`verify` a verdict;
- :meth:`Record.from_json` and :func:`verify` agree, on bytes and on text;
- a record verified as legal replays with every player step among the
  legal actions of its player, and every chance step when chance is due;
- the time taken grows linearly with the input.

``RULESPEC_PROFILE=deep`` runs many more examples.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import random
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import rulespec
from rulespec import CHANCE, Record, RecordError, ReplayError
from rulespec.cli.main import main
from rulespec.tools.verifier import Verdict, VerifyError, verify

GAMES = rulespec.games()
SIMULATIONS = {
    "duck-and-cover": ["--players", "2"],
    "duo": ["--players", "2", "--option", "max_rounds=1"],
    "canardage": ["--players", "3"],
}


@functools.cache
def real_records() -> tuple[bytes, ...]:
    """Records of whole games, as ``rulespec simulate --record`` writes them."""
    found: list[bytes] = []
    with tempfile.TemporaryDirectory() as folder:
        for game_id, args in SIMULATIONS.items():
            command = ["simulate", game_id, "--games", "1", "--seed", "7", "--record", folder]
            with (
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                assert main([*command, *args]) == 0
        found.extend(path.read_bytes() for path in sorted(Path(folder).glob("*.json")))
    assert len(found) == len(SIMULATIONS)
    return tuple(found)


# -- what an attacker sends --------------------------------------------------------

TOKENS = [
    b'"',
    b"\\",
    b'\\"',
    b"\\\\",
    b"[",
    b"]",
    b"{",
    b"}",
    b",",
    b":",
    b"\xef\xbb\xbf",
    b"\\ud800",
    b"\\udfff",
    b"\\ud83e\\udd86",
    b"NaN",
    b"-Infinity",
    b"\x00",
    b"\xff",
    b"\xc0\x80",
    b"\xed\xa0\x80",
    b"1e400",
    b"-0",
    b"9" * 30,
    b"true",
    b"null",
    b'"players": 2, ',
    b'"type": "deal", ',
    b'"steps": [], ',
]

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-10, 130)
    | st.sampled_from([2**31, -(2**63), 10**30, 1.5, -0.0, 1e300])
    | st.text(max_size=6)
    | st.sampled_from(["max", "repeat", "deal", "play", "draw", "stop", "pan", "red-3-circle"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def _mutate_bytes(data: bytes, draw: Callable[[Any], Any]) -> bytes:
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        end = min(len(data), at + draw(st.integers(0, 40)))
        kind = draw(st.sampled_from(["insert", "replace", "delete", "repeat", "cut"]))
        token = draw(st.sampled_from(TOKENS) | st.binary(min_size=1, max_size=4))
        if kind == "insert":
            data = data[:at] + token + data[at:]
        elif kind == "replace":
            data = data[:at] + token + data[end:]
        elif kind == "delete":
            data = data[:at] + data[end:]
        elif kind == "repeat":
            data = data[:end] + data[at:end] * draw(st.integers(1, 50)) + data[end:]
        else:
            data = data[:at]
    return bytes(data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list) and value:
        # The first, the last and one in the middle: enough places, at a bounded cost.
        for i in sorted({0, len(value) // 2, len(value) - 1}):
            found.extend(_paths(value[i], (*prefix, i)))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any, kind: str) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[head] = _replaced(value[head], rest, new, kind)
    elif kind == "delete":
        del copy[head]
    elif kind == "repeat" and isinstance(copy, list):
        copy.insert(head, value[head])
    else:
        copy[head] = new
    return copy


def _mutate_json(value: Any, draw: Callable[[Any], Any]) -> Any:
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(value)))
        kind = draw(st.sampled_from(["replace", "delete", "repeat"]))
        value = _replaced(value, path, draw(JSON), kind if path else "replace")
    return value


OPTIONS: dict[str, list[dict[str, Any]]] = {
    "duck-and-cover": [{"splashes": [1] * 12}, {"pressure": True}, {"competition": True}],
    "duo": [{"first_player": 1}, {"first_player": 5}, {"turbo": True}, {"max_rounds": 1}],
    "canardage": [{"action_deck": {"pan": 30}}, {"action_deck": {"pan": 9}}],
}


@st.composite
def real_record_variants(draw: Callable[[Any], Any]) -> bytes:
    """A real record, changed where a cheat or a broken program would change it."""
    text = draw(st.sampled_from(real_records()))
    data = json.loads(text)
    how = draw(st.sampled_from(["bytes", "json", "steps", "setup"]))
    if how == "bytes":
        return _mutate_bytes(text, draw)
    if how == "json":
        return json.dumps(_mutate_json(data, draw)).encode()
    if how == "steps":  # a prefix, a step moved or repeated: each step keeps its shape
        steps = data["steps"][: draw(st.integers(0, len(data["steps"])))]
        if steps:
            i, j = draw(st.integers(0, len(steps) - 1)), draw(st.integers(0, len(steps)))
            steps.insert(j, steps.pop(i) if draw(st.booleans()) else steps[i])
        data["steps"] = steps
    else:  # other players or other options, with the same steps
        g = rulespec.game(data["game"])
        data["players"] = draw(st.integers(g.min_players, g.max_players))
        data["options"] = draw(st.sampled_from([{}, *OPTIONS[g.id]]))
    return json.dumps(data, ensure_ascii=draw(st.booleans())).encode()


HOSTILE = (
    st.binary(max_size=300)
    | st.text(max_size=200).map(str.encode)
    | JSON.map(lambda v: json.dumps(v).encode())
    | real_record_variants()
)


# -- what must hold ----------------------------------------------------------------


def _outcome(read: Callable[[], Any]) -> Any:
    """What ``read`` returns, or the line of the RecordError it raises."""
    try:
        return read()
    except RecordError as exc:
        assert "\n" not in str(exc)
        return str(exc)


def _replays_through_legal_actions(record: Record) -> None:
    g = rulespec.game(record.game)
    states = record.states()
    state = next(states)
    for step, after in zip(record.steps, states, strict=True):
        movers = g.to_move(state)
        player = getattr(step, "player", None)
        if movers == (CHANCE,):
            assert player is None, f"a player's step when chance is due: {step!r}"
        else:
            assert player in movers, f"{step!r} by a player not to move ({movers})"
            assert step in g.legal_actions(state, player), f"{step!r} is not a legal action"
        state = after


def _check(data: bytes, count: Callable[[str], None] = event) -> Verdict | str:
    """Read ``data`` every way, check that the answers agree, and ``count`` the outcome."""
    record = _outcome(lambda: Record.from_json(data))
    verdict = _outcome(lambda: verify(data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        assert _outcome(lambda: Record.from_json(text)) == record
    if isinstance(record, str):
        assert verdict == record  # the same line, from the same decoder
        count("refused at " + re.sub(r"\[\d+\]", "[i]", record.partition(": ")[0]))
        return record
    assert isinstance(verdict, Verdict)
    g = rulespec.game(record.game)
    assert (verdict.game, verdict.players, verdict.steps) == (
        g.id,
        record.players,
        len(record.steps),
    )
    assert verdict.options == g.encode_options(record.options)
    if verdict.illegal is None:
        count("legal, game over" if verdict.over else "legal, unfinished")
        _replays_through_legal_actions(record)
    else:
        count("illegal setup" if verdict.illegal.index is None else "illegal step")
        with pytest.raises(ReplayError) as info:
            record.replay()
        assert (info.value.index, info.value.clause) == (
            verdict.illegal.index,
            verdict.illegal.clause,
        )
    return verdict


@given(HOSTILE)
def test_fuzz_record_readers(data: bytes) -> None:
    _check(data)


@given(real_record_variants())
def test_fuzz_changed_real_records(data: bytes) -> None:
    _check(data)


def test_the_real_records_are_legal_and_survive_a_round_trip() -> None:
    for text in real_records():
        verdict = _check(text, count=lambda _: None)
        assert isinstance(verdict, Verdict) and verdict.legal and verdict.over
        record = Record.from_json(text)
        assert Record.from_json(record.to_json()) == record


@st.composite
def codec_input(draw: Callable[[Any], Any]) -> tuple[rulespec.Game[Any, Any, Any, Any], Any]:
    """A game, and data for one of its decoders: arbitrary, or a real action, state or
    options changed."""
    text = draw(st.sampled_from(real_records()))
    record = Record.from_json(text)
    g = rulespec.game(record.game)
    kind = draw(st.sampled_from(["any", "action", "state", "options"]))
    if kind == "any":
        return g, draw(JSON)
    if kind == "action":
        base = g.encode_action(draw(st.sampled_from(record.steps)))
    elif kind == "state":
        at = draw(st.integers(0, min(len(record.steps), 60)))
        base = g.encode_state(
            Record(g.id, record.players, record.options, record.steps[:at]).replay()
        )
    else:
        base = draw(st.sampled_from([{}, *OPTIONS[g.id]]))
    return g, _mutate_json(base, draw)


@given(codec_input())
def test_fuzz_game_decoders(case: tuple[rulespec.Game[Any, Any, Any, Any], Any]) -> None:
    g, data = case
    decoders: list[Callable[[Any], Any]] = [
        lambda d: g.decode_action(d, "steps[0]"),
        g.decode_state,
        g.decode_options,
    ]
    for decode in decoders:
        _outcome(functools.partial(decode, data))


# -- time linear in the input ------------------------------------------------------


def _mixed(n: int) -> bytes:
    """Quotes and backslashes at random."""
    return random.Random(n).randbytes(n).translate(bytes(b'"\\'[b % 2] for b in range(256)))


PATHOLOGICAL: dict[str, Callable[[int], bytes]] = {
    "a quote, then escaped quotes": lambda n: b'"' + b'\\"' * (n // 2),
    "a quote, then backslashes": lambda n: b'"' + b"\\" * n,
    "quotes": lambda n: b'"' * n,
    "quotes and backslashes at random": _mixed,
    "escapes in the strings of an open list": lambda n: b"[" + b'"\\\\\\"",' * (n // 7),
    "opening brackets": lambda n: b"[" * n,
    "surrogate escapes": lambda n: b'["' + b"\\ud800" * (n // 6) + b'"]',
}


def _best(read: Callable[[bytes], Any], data: bytes, repeat: int) -> float:
    """The least processor time of ``repeat`` reads (other processes do not count)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        with contextlib.suppress(RecordError):
            read(data)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize(
    ("pattern", "read"),
    [(pattern, verify) for pattern in PATHOLOGICAL]
    + [(pattern, Record.from_json) for pattern in list(PATHOLOGICAL)[:2]],
)
def test_pathological_input_takes_linear_time(pattern: str, read: Callable[[bytes], Any]) -> None:
    """1 MiB takes at most about 16 times what 64 KiB takes (the ratio of the sizes; four
    times that is allowed, since 1 MiB outgrows a loaded machine's caches where 64 KiB
    fits; a quadratic reader takes 256 times), and well under a second."""
    make = PATHOLOGICAL[pattern]
    small, big = make(64 * 1024), make(1024 * 1024)
    with pytest.raises(RecordError):
        read(big)
    t_small, t_big = _best(read, small, 7), _best(read, big, 3)
    assert t_big < 0.5, f"{pattern}: 1 MiB took {t_big:.3f} s"
    assert t_big <= 64 * t_small + 0.01, f"{pattern}: {t_small:.4f} s, then {t_big:.4f} s"


def test_a_verify_error_is_a_record_error() -> None:
    with pytest.raises(RecordError) as info:
        verify(b"{")
    assert isinstance(info.value, VerifyError) and info.value.where == "record"
