"""The one decoder of untrusted JSON: the same answer for text, bytes and files."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec import Record, RecordError
from rulespec.core.jsonio import MAX_BYTES, MAX_DEPTH, parse_json
from rulespec.tools.verifier import VerifyError, verify, verify_file
from tests.profiles import scaled

DC = rulespec.game("duck-and-cover")
GOOD = Record.play(DC, players=2, seed=1, steps=6).to_json()


def _answers(data: bytes, tmp_path: Path) -> list[str]:
    """What each reader says of ``data``: ``"ok"`` or its RecordError line."""
    path = tmp_path / "record.json"
    path.write_bytes(data)
    readers: list[Callable[[], object]] = [
        lambda: Record.from_json(data),
        lambda: verify(data),
        lambda: verify_file(path),
        lambda: Record.from_json(path.read_bytes()),
    ]
    answers = []
    for read in readers:
        try:
            read()
        except RecordError as exc:
            answers.append(str(exc).removeprefix(f"{path}: "))
        else:
            answers.append("ok")
    return answers


CASES: list[tuple[bytes, str]] = [
    (GOOD.encode(), "ok"),
    (b"\xef\xbb\xbf" + GOOD.encode(), "ok"),
    (b"\xef\xbb\xbf\xef\xbb\xbf" + GOOD.encode(), "record: not valid JSON"),
    (GOOD.encode("utf-16"), "record: not UTF-8 text (byte 0)"),
    (GOOD.encode("utf-16-le"), "record: not UTF-8 JSON (a NUL at byte 1: UTF-16 or 32?)"),
    (GOOD.encode("utf-32-be"), "record: not UTF-8 JSON (a NUL at byte 0: UTF-16 or 32?)"),
    (GOOD.encode("utf-32"), "record: not UTF-8 text (byte 0)"),
    (GOOD.replace('"players": 2', '"players": 2, "players": 3').encode(), "twice"),
    (GOOD.replace('"type": "deal"', '"type": "deal", "type": "deal"').encode(), "twice"),
    (
        GOOD.replace('"options": {}', '"options": {"splashes": [1], "splashes": [2]}').encode(),
        "twice",
    ),
    (GOOD.replace('"game": "duck-and-cover"', '"game": "\\ud800"').encode(), "\\ud800 is half"),
    (GOOD.replace('"game": "duck-and-cover"', '"game": "x\\uDC00"').encode(), "\\udc00 is half"),
    (GOOD.replace('"players": 2', '"players": NaN').encode(), "NaN is not a JSON number"),
    (GOOD.replace('"players": 2', '"players": -Infinity').encode(), "-Infinity is not a JSON"),
    (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), f"nested at least {MAX_DEPTH + 1} deep"),
    (b" " * (MAX_BYTES + 1), f"larger than the limit of {MAX_BYTES} bytes"),
    (GOOD.replace('"players": 2', '"players": ' + "9" * 5000).encode(), "too many digits"),
]


@pytest.mark.parametrize(("data", "says"), CASES)
def test_text_bytes_and_files_get_one_answer(data: bytes, says: str, tmp_path: Path) -> None:
    answers = _answers(data, tmp_path)
    assert len(set(answers)) == 1, answers
    assert says in answers[0]
    assert "\n" not in answers[0]


@pytest.mark.parametrize(("data", "says"), CASES)
def test_text_gets_the_answer_of_its_utf8_bytes(data: bytes, says: str) -> None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # not UTF-8: as text it is another record (tested with its own bytes)
    for source in (text, data):
        try:
            Record.from_json(source)
        except RecordError as exc:
            assert says in str(exc)
        else:
            assert says == "ok"


def test_a_valid_surrogate_pair_is_one_character() -> None:
    assert parse_json('["\\ud83e\\udd86"]') == ["\U0001f986"]
    assert parse_json('["\\\\ud800"]') == ["\\ud800"]  # an escaped backslash, then text


def test_a_lone_surrogate_in_python_text_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="lone surrogate at character 10"):
        Record.from_json('{"game": "\ud800"}')
    with pytest.raises(VerifyError, match="lone surrogate"):
        verify('{"game": "\ud800"}')


def test_a_bom_in_text_is_skipped_like_in_bytes() -> None:
    assert Record.from_json("\ufeff" + GOOD) == Record.from_json(GOOD)
    assert verify("\ufeff" + GOOD) == verify(GOOD)


def test_a_duplicated_key_is_named_wherever_it_is() -> None:
    with pytest.raises(RecordError) as info:
        parse_json('[{"a": {"b": 1, "b": 1}}]')
    assert str(info.value) == "record: key 'b' twice in one object"
    assert parse_json('{"a": {"b": 1}, "b": {"a": 2}}') == {"a": {"b": 1}, "b": {"a": 2}}


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("[]", 1),
        ('[{"a": [1]}]', 3),
        ('["[[[[", {"]": "{{{"}]', 2),
        ('["\\\\", [["\\"[["]]]', 3),
        ('"\\\\\\"[[[["', 0),
    ],
)
def test_the_depth_check_counts_only_brackets_outside_strings(text: str, depth: int) -> None:
    from rulespec.core.jsonio import _tally

    assert _tally(text.encode()).depth == depth
    json.loads(text)  # each case is valid JSON: the count is exact


_JSON_BITS = st.sampled_from(['"', "\\", "[", "]", "{", "}", ",", ":", "a", " ", "1"])


@given(st.lists(_JSON_BITS, max_size=40).map("".join))
def test_the_short_shape_agrees_with_the_bracket_by_bracket_one(text: str) -> None:
    from rulespec.core import jsonio

    data = text.encode()
    short = jsonio._shape_short(data, None)
    with_limit = jsonio._shape_short(data, 2)
    if short is not None:  # the short way gives the careful way's answer, or declines
        long = jsonio._tally(data + b" " * jsonio._CHUNK)
        assert short == (long.depth, long.containers)
        assert with_limit is not None and with_limit[0] == min(short[0], 3)


def test_the_depth_limit_is_exact() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(RecordError, match=f"nested at least {MAX_DEPTH + 1} deep"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    # An unterminated string hides the brackets after it, a parser too.
    with pytest.raises(RecordError, match="not valid JSON"):
        parse_json('"' + "[" * 10_000)


@pytest.mark.parametrize("source", [None, 5, 10**12, 1.5, ["{}"]])
def test_a_source_that_is_neither_text_nor_bytes_is_a_type_error(source: object) -> None:
    # bytes(10**12) would allocate a terabyte of zeros
    for read in (parse_json, Record.from_json, verify):
        with pytest.raises(TypeError, match=r"^source must be JSON text"):
            read(source)  # type: ignore[arg-type]


def test_the_number_of_arrays_and_objects_is_limited_before_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rulespec.core import jsonio

    # The real limit takes a few seconds to reach: a quick run checks a lower one.
    limit = scaled(1000, jsonio.MAX_CONTAINERS)
    monkeypatch.setattr(jsonio, "MAX_CONTAINERS", limit)

    def lists(count: int) -> str:
        """One array holding ``count - 1`` empty ones."""
        return "[" + ",".join(["[]"] * (count - 1)) + "]"

    assert len(parse_json(lists(limit))) == limit - 1
    too_many = f'{{"format": "rulespec-record", "steps": {lists(limit)}}}'
    for read in (parse_json, Record.from_json, verify):
        with pytest.raises(RecordError, match=f"more than the limit of {limit} arrays"):
            read(too_many)
    # brackets inside strings are text, not containers
    text = '"' + "[{" * limit + '"'
    assert parse_json(text) == "[{" * limit


def test_a_bound_left_open_is_not_named() -> None:
    from rulespec.core.jsonio import expect_int

    with pytest.raises(RecordError, match=r"^options.max_rounds: -1 is less than 1$"):
        expect_int(-1, "options.max_rounds", 1)
    with pytest.raises(RecordError, match=r"^x: 9 is more than 5$"):
        expect_int(9, "x", None, 5)
    with pytest.raises(RecordError, match=r"^x: 9 is out of range 0 to 5$"):
        expect_int(9, "x", 0, 5)
    assert expect_int(10**9, "options.max_rounds", 1) == 10**9


# -- hostile texts: refused from their bytes, in time and memory their size bounds ---------

HOSTILE_SIZE = 8 * 1024 * 1024
"""An eighth of the largest text read: every bound below is that fraction of the bound on
a 64 MiB text (10 seconds, three times its size in memory)."""

_HEAD = b'{"format": "rulespec-record", "version": 1, "game": "duo", "players": 2, "steps": [], '


def _hostile(unit: bytes, opening: bytes, closing: bytes, numbered: bool = False) -> bytes:
    """A record padded to :data:`HOSTILE_SIZE` with ``unit`` repeated (each one numbered in
    hexadecimal, so that keys differ, when ``numbered``)."""
    size = len(unit % 0 if numbered else unit)
    count = (HOSTILE_SIZE - len(_HEAD) - len(opening) - len(closing)) // size
    body = b"".join(unit % i for i in range(count)) if numbered else unit * count
    return _HEAD + opening + body[:-1] + closing


SHAPES: dict[str, tuple[tuple[bytes, bytes, bytes, bool], str]] = {
    "distinct keys": ((b'"%07x":0,', b"", b"}", True), "members"),
    "floats": ((b"0.125,", b'"junk": [', b"]}", False), "fraction or an exponent"),
    "zeros": ((b"0,", b'"junk": [', b"]}", False), "values in arrays and objects"),
    "distinct keys, one to an object": ((b'{"%07x":0},', b'"junk": [', b"]}", True), "keys"),
    "numbers of 4,300 digits": ((b"9" * 4300 + b",", b'"junk": [', b"]}", False), "digits"),
}
"""Each shape: what pads the record, and what its refusal says."""


@pytest.mark.parametrize("shape", SHAPES)
def test_a_hostile_text_is_refused_before_it_is_parsed(shape: str) -> None:
    import time
    import tracemalloc

    parts, says = SHAPES[shape]
    data = _hostile(*parts)
    assert len(data) <= HOSTILE_SIZE
    fraction = len(data) / MAX_BYTES
    started = time.process_time()
    with pytest.raises(RecordError, match=says):
        parse_json(data)
    assert time.process_time() - started < 10 * fraction
    tracemalloc.start()
    try:
        with pytest.raises(RecordError, match=says):
            parse_json(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * len(data)  # beyond the bytes given, which the caller holds
    for read in (Record.from_json, verify):
        with pytest.raises(RecordError, match=says):
            read(data)


def test_an_object_of_too_many_members_is_refused_however_its_values_nest() -> None:
    from rulespec.core.jsonio import MAX_MEMBERS

    wide = "{" + ",".join(f'"{i}": [{{"a": [1]}}]' for i in range(MAX_MEMBERS + 1)) + "}"
    with pytest.raises(RecordError, match=f"an object of more than the limit of {MAX_MEMBERS}"):
        parse_json(wide)
    many = "[" + ",".join(f'{{"{i % 99}": [{{"a": [1]}}]}}' for i in range(MAX_MEMBERS + 1)) + "]"
    assert len(parse_json(many)) == MAX_MEMBERS + 1  # as many members, in many objects


def test_keys_beyond_the_limit_of_distinct_ones_are_refused_wherever_they_are() -> None:
    from rulespec.core.jsonio import MAX_KEYS

    def objects(count: int, spread: int) -> str:
        return "[" + ",".join(f'{{"k{i % spread}": {{"v": {i}}}}}' for i in range(count)) + "]"

    assert len(parse_json(objects(3 * MAX_KEYS, MAX_KEYS - 1))) == 3 * MAX_KEYS  # used again
    with pytest.raises(RecordError) as caught:
        parse_json(objects(MAX_KEYS, MAX_KEYS))
    assert str(caught.value) == (
        f"record: more than the limit of {MAX_KEYS} distinct keys (at key 'k{MAX_KEYS - 1}')"
    )
    crowded = "[" + ",".join(f'{{"a{i}": 0}}' for i in range(MAX_KEYS - 2)) + ', {"a0": 1, '
    crowded += '"b": 2, "c": 3, "' + "d" * 1000 + '": 4}]'  # the one beyond: b, c, then d…
    with pytest.raises(RecordError, match=r"\(at key 'ddd+…\)$") as caught:
        parse_json(crowded)
    assert len(str(caught.value)) < 120
    with pytest.raises(RecordError, match="distinct keys"):
        Record.from_json(f'{{"format": "rulespec-record", "junk": {objects(MAX_KEYS, MAX_KEYS)}}}')


@pytest.mark.parametrize("padding", [0, 100_000])
def test_a_number_of_more_than_the_limit_of_digits_is_refused_outside_strings(
    padding: int,
) -> None:
    from rulespec.core.jsonio import MAX_DIGITS

    pad = " " * padding  # a short text and one read in chunks answer alike
    most = "9" * MAX_DIGITS
    assert parse_json(f'[{pad}{most}, "{most}9", -{most}, 0.{most}]')[0] == int(most)
    for number in (f"{most}9", f"-{most}9", f"1.{most}9", f"1e{most}9"):
        with pytest.raises(RecordError, match=f"too many digits to read .*{MAX_DIGITS}"):
            parse_json(f'{{"a": [{pad}{number}]}}')


def test_a_long_number_is_refused_wherever_it_falls_against_a_chunk_boundary() -> None:
    from rulespec.core.jsonio import _CHUNK, MAX_DIGITS

    number = "7" * (MAX_DIGITS + 50)
    for begins in range(_CHUNK - len(number) - 2, _CHUNK + 3):
        head = '["' + "x" * (begins - 5) + '", '  # the number begins at byte ``begins``
        text = head + number + "]"
        assert len(head) == begins
        with pytest.raises(RecordError) as caught:
            parse_json(text)
        assert str(caught.value) == (
            "record: a number with too many digits to read "
            f"(more than the limit of {MAX_DIGITS}, at byte {begins})"
        )


def test_digits_in_a_string_across_a_chunk_boundary_are_not_a_number() -> None:
    from rulespec.core.jsonio import _CHUNK, MAX_DIGITS

    digits = "7" * (MAX_DIGITS + 50)
    most = "8" * MAX_DIGITS
    for begins in range(_CHUNK - len(digits) - 2, _CHUNK + 3):
        pad = "x" * (begins - 2)
        # digits in a string, after escapes that a chunk may cut, and numbers beside strings
        for text in (
            f'["{pad}{digits}"]',
            f'["{pad[:-2]}\\\\{digits}"]',
            f'["{pad[:-2]}\\"{digits}"]',
            f'["{pad[:-5]}", {most}, "{digits}", {most}]',
        ):
            assert parse_json(text)[0].startswith("x"), begins


def test_a_long_number_after_a_string_holding_an_escaped_quote_is_found() -> None:
    from rulespec.core.jsonio import _CHUNK, MAX_DIGITS

    text = '["a\\"b", "\\\\", ' + "1" * (MAX_DIGITS + 1) + "]"
    for pad in (0, _CHUNK - 5):  # in the first chunk read, or across two
        with pytest.raises(RecordError, match=f"at byte {pad + text.index('1')}\\)$"):
            parse_json(" " * pad + text)


def test_the_widest_object_is_found_in_time_linear_in_the_structure() -> None:
    import time

    from rulespec.core.jsonio import MAX_MEMBERS, _widest

    full = b"{" + b":" * MAX_MEMBERS + b"}"
    started = time.process_time()
    assert not _widest(b"[" + full * 100 + b"]")  # 100 objects at the limit, none beyond
    assert time.process_time() - started < 1.0  # a search from each colon takes a minute
    assert _widest(b"[" + full * 99 + b"{" + b":" * (MAX_MEMBERS + 1) + b"}]")


def test_a_record_of_the_most_steps_still_verifies() -> None:
    from rulespec.core import jsonio
    from rulespec.core.record import MAX_STEPS

    duo = rulespec.game("duo")
    options = duo.decode_options({"max_rounds": 5000})
    record = Record.play(duo, 2, seed=3, steps=MAX_STEPS, options=options)
    assert len(record.steps) == MAX_STEPS
    data = record.to_json().encode()
    found = jsonio._tally(data)
    assert found.values < jsonio.MAX_VALUES / 2 and found.floats == 0  # far within the limits
    assert verify(data).steps == MAX_STEPS
