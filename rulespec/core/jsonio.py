"""Checked reading of JSON: one decoder for untrusted text, and checks that name their
place (``steps[3].to``).

:func:`parse_json` is the one way rulespec reads JSON text that may come from
anywhere (records, by :meth:`~rulespec.Record.from_json` and
:func:`~rulespec.tools.verifier.verify` alike). It takes ``str`` or ``bytes`` and
behaves the same for both:

- UTF-8 only, at most :data:`MAX_BYTES` bytes; one leading byte order mark
  (``EF BB BF``, or ``U+FEFF`` at the start of a ``str``) is skipped, as
  RFC 8259 allows; UTF-16 and UTF-32 are refused;
- strict JSON: no ``NaN`` or ``Infinity``, no key twice in one object, no
  string holding half of a surrogate pair (``"\\ud800"``);
- arrays and objects nested at most :data:`MAX_DEPTH` deep, at most
  :data:`MAX_CONTAINERS` of them in all, at most :data:`MAX_VALUES` values in
  them, at most :data:`MAX_MEMBERS` members in one object, at most
  :data:`MAX_FLOATS` numbers with a fraction or an exponent and no number
  of more than :data:`MAX_DIGITS` digits: all checked on
  the bytes before anything is decoded, so that a hostile text is refused
  in time and memory that its size bounds, however it spends its bytes
  (millions of distinct keys, of floats or of zeros), without being parsed;
- at most :data:`MAX_KEYS` distinct keys in all: checked as each object is
  read, so that a text within the other limits stops being read at the first
  object beyond it.

Every check takes time linear in the input, and every refusal is one
:class:`RecordError` line that says where: the byte at which a number too long
begins, the first key beyond :data:`MAX_KEYS`.

>>> try:
...     parse_json(b'{"seed": ' + b"9" * 101 + b"}")
... except RecordError as exc:
...     print(exc)
record: a number with too many digits to read (more than the limit of 100, at byte 9)

>>> parse_json(b'{"players": 2}')
{'players': 2}
>>> parse_json('{"players": 2, "players": 3}')
Traceback (most recent call last):
...
rulespec.core.errors.RecordError: record: key 'players' twice in one object
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable
from itertools import accumulate
from typing import Any, NoReturn, TypeVar

import attrs

from rulespec.core.checks import wrong_type
from rulespec.core.errors import RecordError

__all__ = [
    "MAX_BYTES",
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_FLOATS",
    "MAX_KEYS",
    "MAX_MEMBERS",
    "MAX_VALUES",
    "expect_bool",
    "expect_enum",
    "expect_int",
    "expect_list",
    "expect_object",
    "parse_json",
]

E = TypeVar("E", bound=enum.Enum)

MAX_BYTES = 64 * 1024 * 1024
"""The largest JSON text :func:`parse_json` reads: 64 MiB of UTF-8, 335 bytes for each step
of a record of :data:`~rulespec.core.record.MAX_STEPS` steps (the records rulespec writes
take fewer than 100 bytes a step), so that every record within the step limit is read."""
MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects :func:`parse_json` reads."""
MAX_CONTAINERS = 1_000_000
"""The most JSON arrays and objects, in all, :func:`parse_json` reads: five per step of a
record of :data:`~rulespec.core.record.MAX_STEPS` steps (a record holds fewer than three
per step), so that the memory and time that parsing takes stay within bounds too."""

MAX_VALUES = 3_200_000
"""The most values in arrays and objects, in all, :func:`parse_json` reads (counted as
their commas and the arrays and objects themselves): sixteen per step of a record of
:data:`~rulespec.core.record.MAX_STEPS` steps (a record holds fewer than eight)."""
MAX_MEMBERS = 10_000
"""The most members of one JSON object :func:`parse_json` reads: far more than any
object of a record holds (its steps, states and options have a few dozen at most)."""
MAX_FLOATS = 100_000
"""The most numbers with a fraction or an exponent :func:`parse_json` reads (the
records of the games hold none)."""
MAX_DIGITS = 100
"""The most digits in a row of a JSON number :func:`parse_json` reads: five times the
digits of the largest 64-bit number. Python takes time that grows with the square of
a number's digits to read it, so that numbers of thousands of digits each, many of
them, would take a minute."""
MAX_KEYS = 10_000
"""The most distinct keys, in all the objects of one text, :func:`parse_json` reads:
each key costs its own string once, where a key used again costs nothing. A game's
records and states spell their keys from a few dozen names."""

_BOM = b"\xef\xbb\xbf"
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_NOT_STRUCTURE = bytes(range(256)).translate(None, b"[]{}:")
_INNERMOST = re.compile(rb"\[\]|\{:*\}")
_WIDE = re.compile(rb"(?<!:):{%d}" % (MAX_MEMBERS + 1))
"""A run of colons longer than :data:`MAX_MEMBERS`, sought from where a run begins only,
so that the search takes time linear in the structure however long its runs are."""
_NOT_BRACKETS_QUOTES = bytes(range(256)).translate(None, b'[]{}"')
_SQUARE = bytes.maketrans(b"{}", b"[]")
_DEPTH_STEP = tuple(1 if b in b"[{" else -1 for b in range(256))
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
"""Every digit as ``0``, every other byte as a space: a run of digits, found at once."""
_LONG_NUMBER = b"0" * (MAX_DIGITS + 1)
_STRING_OR_LONG_NUMBER = re.compile(
    rb'"[^"\\]*(?:\\.[^"\\]*)*"?|(?<![0-9])[0-9]{%d,}' % (MAX_DIGITS + 1), re.DOTALL
)
"""A string (to the end of the text if it does not end), or a run of more than
:data:`MAX_DIGITS` digits from where it begins."""
_CHUNK = 1 << 16
"""The depth check reads this many bytes at a time, so that its time stays linear in the
input beyond the size of a processor cache too."""


def _shape_short(data: bytes, stop_above: int | None) -> tuple[int, int] | None:
    """The deepest bracket nesting outside strings and how many arrays and objects open
    outside strings, of a text of at most :data:`_CHUNK` bytes whose strings all end and
    whose brackets pair up (``None`` for any other: :func:`_tally` then reads it bracket
    by bracket). Each pass takes out the innermost pairs, so the passes count the depth.

    >>> _shape_short(b'[{"a": "[[["}, [1]]', None), _shape_short(b'[[', None)
    ((2, 3), None)
    """
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    # Strings without brackets leave two quotes side by side: without them, the rest.
    brackets = data.translate(_SQUARE, _NOT_BRACKETS_QUOTES).replace(b'""', b"")
    if b'"' in brackets:  # a string holding brackets
        pieces = data.split(b'"')
        if len(pieces) % 2 == 0:  # a string that does not end
            return None
        brackets = b"".join(pieces[::2]).translate(_SQUARE, _NOT_BRACKETS)
    opened = brackets.count(b"[")
    depth = 0
    while brackets:
        inner = brackets.replace(b"[]", b"")
        if len(inner) == len(brackets):
            return None
        brackets = inner
        depth += 1
        if stop_above is not None and depth > stop_above:
            break
    return depth, opened


@attrs.frozen
class _Tally:
    """What :func:`_tally` counts outside the strings of a JSON text."""

    depth: int
    containers: int
    values: int
    floats: int
    structure: bytes
    """The text's brackets and colons outside strings, in order."""
    long_number: bool = False
    """Whether a run of more than :data:`MAX_DIGITS` digits may stand outside strings
    (never ``False`` when one does; :func:`_long_number_at` says where)."""


def _tally(data: bytes) -> _Tally:
    """The deepest bracket nesting outside strings and how many arrays and objects open
    outside strings (exact for valid JSON, and never less than what a parser reaches
    before it finds an error), with the values in containers (commas and
    containers), the numbers with a fraction or an exponent (at least as many as
    there are), the structure, and whether a run of digits may be too long, however
    the chunks read cut it; a count that passes its limit stops the reading, the
    results are then lower bounds.

    >>> t = _tally(b'{"a": [1.5, "x:,"], "b": true, "c": 2e3}')
    >>> t.depth, t.containers, t.values, t.floats, t.structure
    (2, 2, 5, 2, b'{:[]::}')
    """
    deepest = depth = opened = values = floats = 0
    long_number = False
    digits = 0  # the digits ending the last chunk, outside strings, that a number may go on
    in_string = escaped = False
    structure: list[bytes] = []
    for start in range(0, len(data), _CHUNK):
        chunk = data[start : start + _CHUNK]
        if escaped and chunk[:1] in (b"\\", b'"'):  # escaped by the last chunk's backslash
            chunk = chunk[1:]
        run = len(chunk) - len(chunk.rstrip(b"\\"))
        escaped = run % 2 == 1
        if escaped:
            chunk = chunk[:-1]
        chunk = chunk.replace(b"\\\\", b"").replace(b'\\"', b"")
        # Every quote left opens or closes a string: keep the pieces outside strings.
        pieces = chunk.split(b'"')
        outside = b" ".join(pieces[1 if in_string else 0 :: 2])  # a string parts two numbers
        in_string ^= len(pieces) % 2 == 0
        marks = outside.translate(None, _NOT_STRUCTURE)
        structure.append(marks)
        brackets = marks.translate(None, b":")
        if brackets:
            levels = accumulate(map(_DEPTH_STEP.__getitem__, brackets), initial=depth)
            deepest = max(deepest, max(levels))
            opens = brackets.count(b"[") + brackets.count(b"{")
            opened += opens
            depth += 2 * opens - len(brackets)
        values += outside.count(b",")
        e = outside.count(b"e") - outside.count(b"true") - outside.count(b"false")
        floats += outside.count(b".") + outside.count(b"E") + e
        shape = outside.translate(_DIGITS)
        first = shape.find(b" ")
        if first < 0:  # digits only (or nothing): the last chunk's run goes on
            digits += len(shape)
            long_number = long_number or digits > MAX_DIGITS
        else:
            long_number = long_number or digits + first > MAX_DIGITS or _LONG_NUMBER in shape
            digits = len(shape) - 1 - shape.rfind(b" ")
        if escaped or in_string:  # a string or a backslash ends a run of digits
            digits = 0
        if (
            deepest > MAX_DEPTH
            or opened > MAX_CONTAINERS
            or values + opened > MAX_VALUES
            or floats > MAX_FLOATS
        ):
            break
    return _Tally(deepest, opened, values + opened, floats, b"".join(structure), long_number)


def _long_number_at(data: bytes) -> int | None:
    """The byte at which the first run of more than :data:`MAX_DIGITS` digits outside
    strings begins, or ``None``: read token by token, so only once :func:`_tally` has
    found that there may be one.

    >>> _long_number_at(b'["' + b"1" * 200 + b'", ' + b"2" * 101 + b"]")
    205
    """
    for found in _STRING_OR_LONG_NUMBER.finditer(data):
        if found[0][:1] != b'"':
            return found.start()
    return None


def _widest(structure: bytes) -> bool:
    """Whether an object of ``structure`` (see :class:`_Tally`) has more than
    :data:`MAX_MEMBERS` members. Each pass takes out the innermost arrays and objects,
    after looking for a run of colons too long in the objects it takes out, so that
    what is left of an object is its colons.

    >>> _widest(b"{" + b":[]" * 10_001 + b"}"), _widest(b"[" + b"{:}" * 10_001 + b"]")
    (True, False)
    """
    while structure:
        if _WIDE.search(structure):
            return True
        inner = _peeled(structure)
        if len(inner) == len(structure):
            return False
        structure = inner
    return False


def _peeled(structure: bytes) -> bytes:
    """``structure`` without its innermost arrays and objects, taken out a slice of about
    :data:`_CHUNK` bytes at a time, so that the memory it takes stays within a few times
    a slice's size, however many there are. A slice ends after a closing bracket, which
    no innermost pair holds, so that no pair lies across two slices.

    >>> _peeled(b"[{::}[[]{:[]}]]")
    b'[[{:}]]'
    """
    pieces = []
    start, size = 0, len(structure)
    while start < size:
        end = start + _CHUNK
        if end < size:
            cut = max(structure.rfind(b"]", start, end), structure.rfind(b"}", start, end))
            if cut < start:
                later = [
                    at for at in (structure.find(b"]", end), structure.find(b"}", end)) if at >= 0
                ]
                cut = min(later, default=size - 1)
            end = cut + 1
        pieces.append(_INNERMOST.sub(b"", structure[start:end]))
        start = end
    return b"".join(pieces)


def _objects() -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """An ``object_pairs_hook`` for one text: refuses a key twice in one object, and
    the first key beyond :data:`MAX_KEYS` distinct ones in all, by name."""
    keys: set[str] = set()

    def read(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) < len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise RecordError("record", f"key {key!r} twice in one object")
                seen.add(key)
        if len(keys) + len(result) > MAX_KEYS:
            for key in result:
                keys.add(key)
                if len(keys) > MAX_KEYS:
                    raise RecordError(
                        "record",
                        f"more than the limit of {MAX_KEYS} distinct keys (at key {_named(key)})",
                    )
        else:
            keys.update(result)
        return result

    return read


def _named(key: str) -> str:
    """``repr(key)``, shortened to at most 40 characters for an error message.

    >>> _named("k" * 100)
    "'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…"
    """
    text = repr(key[:40])
    return text if len(text) <= 40 else text[:39] + "…"


def _constant(name: str) -> NoReturn:
    raise RecordError("record", f"not valid JSON ({name} is not a JSON number)")


def parse_json(source: str | bytes | bytearray, where: str = "record") -> Any:
    """The JSON value in ``source``; :class:`RecordError` (placed at ``where``) when it is
    not UTF-8 JSON within the limits, :class:`TypeError` when it is neither text nor bytes.

    >>> parse_json("[1, [2, [3]]]")
    [1, [2, [3]]]
    >>> parse_json(b"\\xff\\xfe[\\x001\\x00]\\x00")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: record: not UTF-8 text (byte 0)
    """
    if isinstance(source, str):
        if len(source) > MAX_BYTES:
            raise RecordError(where, f"larger than the limit of {MAX_BYTES} bytes")
        try:
            data = source.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise RecordError(
                where, f"not Unicode text (a lone surrogate at character {exc.start})"
            ) from None
    elif isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
    else:
        raise wrong_type("source", source, "JSON text (str or bytes)")
    if len(data) > MAX_BYTES:
        raise RecordError(where, f"larger than the limit of {MAX_BYTES} bytes")
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    _check_tally(data, where)  # before decoding: a hostile text costs no more than its bytes
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(where, f"not UTF-8 text (byte {exc.start})") from None
    if "\x00" in text:
        raise RecordError(where, f"not UTF-8 JSON (a NUL at byte {data.index(0)}: UTF-16 or 32?)")
    try:
        value = json.JSONDecoder(object_pairs_hook=_objects(), parse_constant=_constant).decode(
            text
        )
    except RecordError as exc:
        raise RecordError(where, exc.what) from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError(where, f"not valid JSON ({exc})") from None
    if _SURROGATE_ESCAPE.search(data):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as exc:
            half = ord(exc.object[exc.start])
            raise RecordError(
                where, f"not Unicode text (\\u{half:04x} is half of a surrogate pair)"
            ) from None
    return value


def _check_tally(data: bytes, where: str) -> None:
    """Refuse ``data`` beyond a limit of :func:`parse_json` that its bytes show. A short
    text cannot pass the limits of values and floats, nor that of members without as
    many colons: its brackets alone are read, the quick way when it can be."""
    short = None
    if (
        len(data) <= _CHUNK
        and data.count(b":") <= MAX_MEMBERS
        and _LONG_NUMBER not in data.translate(_DIGITS)
    ):
        short = _shape_short(data, MAX_DEPTH)
    found = _tally(data) if short is None else _Tally(*short, 0, 0, b"")
    if found.long_number and (at := _long_number_at(data)) is not None:
        raise RecordError(
            where,
            f"a number with too many digits to read (more than the limit of {MAX_DIGITS},"
            f" at byte {at})",
        )
    if found.depth > MAX_DEPTH:
        raise RecordError(
            where, f"nested at least {found.depth} deep, beyond the limit of {MAX_DEPTH}"
        )
    for count, limit, what in (
        (found.containers, MAX_CONTAINERS, "arrays and objects in all"),
        (found.values, MAX_VALUES, "values in arrays and objects in all"),
        (found.floats, MAX_FLOATS, "numbers with a fraction or an exponent"),
    ):
        if count > limit:
            raise RecordError(where, f"more than the limit of {limit} {what}")
    if found.structure.count(b":") > MAX_MEMBERS and _widest(found.structure):
        raise RecordError(where, f"an object of more than the limit of {MAX_MEMBERS} members")


def expect_int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number within ``low``..``high``; else :class:`RecordError`.

    >>> expect_int(3, "players", 2, 7)
    3
    >>> expect_int(True, "players")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: players: expected a whole number, got True
    """
    if type(value) is not int:
        raise RecordError(where, f"expected a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise RecordError(where, f"{value} is less than {low}")
        if low is None:
            raise RecordError(where, f"{value} is more than {high}")
        raise RecordError(where, f"{value} is out of range {low} to {high}")
    return value


def expect_enum(kind: type[E], value: Any, where: str, noun: str) -> E:
    """``value`` as a member of the enumeration ``kind``; else :class:`RecordError`.

    >>> import enum
    >>> class Side(enum.Enum):
    ...     LEFT = "left"
    >>> expect_enum(Side, "right", "state.side", "side")
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: state.side: unknown side 'right'
    """
    try:
        return kind(value)
    except ValueError:
        raise RecordError(where, f"unknown {noun} {value!r}") from None


def expect_bool(value: Any, where: str) -> bool:
    """``value`` if it is ``true`` or ``false``; else :class:`RecordError`."""
    if not isinstance(value, bool):
        raise RecordError(where, f"expected true or false, got {value!r}")
    return value


def expect_list(
    value: Any, where: str, max_len: int = 10_000, size: int | None = None
) -> list[Any]:
    """``value`` if it is a list of at most ``max_len`` items (exactly ``size`` if given);
    else :class:`RecordError`.

    >>> expect_list([1, 2], "to", 2, size=3)
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: to: expected 3 items, got 2
    """
    if not isinstance(value, list):
        raise RecordError(where, f"expected a list, got {type(value).__name__}")
    if len(value) > max_len:
        raise RecordError(where, f"more than {max_len} items")
    if size is not None and len(value) != size:
        raise RecordError(where, f"expected {size} items, got {len(value)}")
    return value


def expect_object(
    value: Any, where: str, required: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """``value`` if it is an object with every ``required`` key and no key outside
    ``required | optional``; else :class:`RecordError` naming the first offending key.

    >>> expect_object({"type": "quack", "who": 1}, "steps[2]", {"type"})
    Traceback (most recent call last):
    ...
    rulespec.core.errors.RecordError: steps[2]: unknown key 'who'
    """
    if not isinstance(value, dict):
        raise RecordError(where, f"expected a JSON object, got {type(value).__name__}")
    keys = value.keys()
    if missing := required - keys:
        raise RecordError(where, f"missing key {min(missing)!r}")
    if (extra := keys - required) and not extra <= optional:
        raise RecordError(where, f"unknown key {min(extra - optional)!r}")
    return value
