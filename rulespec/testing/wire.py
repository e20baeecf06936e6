"""Drive an engine that runs as another program, through the rulespec engine protocol.

The engine may be written in any language: the kit starts it as a child
process and speaks JSON lines on its standard input and output (the
protocol is specified in the documentation, under *The engine protocol*).
:class:`WireAdapter` is an :class:`~rulespec.testing.Adapter`, so
:func:`~rulespec.testing.check`, the golden records and the state machines
drive such an engine as they drive a Python object:

.. code-block:: python

    from rulespec.testing import check
    from rulespec.testing.wire import WireAdapter

    with WireAdapter(["node", "engine.js"], "canardage") as engine:
        check(engine, "canardage")

An engine that breaks the protocol (an answer that is not JSON, or late, or
malformed; a process that exits) raises :class:`ProtocolError`, with the
engine's last lines of standard error. The engine is not restarted: once
broken, the adapter raises the same error on every call.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import json
import math
import os
import queue
import re
import select
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from rulespec.core.errors import RecordError, UnknownCard
from rulespec.core.game import Game
from rulespec.core.jsonio import (
    MAX_BYTES,
    MAX_DEPTH,
    expect_bool,
    expect_int,
    expect_list,
    expect_object,
    parse_json,
)
from rulespec.core.record import Record
from rulespec.testing.adapter import (
    OPTIONAL,
    Adapter,
    Encoded,
    Inexpressible,
    Query,
    Refused,
    Setup,
    Unsupported,
    action_json,
    game_of,
)
from rulespec.testing.divergence import shown

__all__ = [
    "CAPABILITIES",
    "MAX_ANSWER_BYTES",
    "MAX_DEPTH",
    "PROTOCOL",
    "PROTOCOLS",
    "ProtocolError",
    "WireAdapter",
    "other_edition",
    "read_answer",
]

PROTOCOL = 2
"""The newest version of the protocol this module speaks."""
PROTOCOLS = (2, 1)
"""The versions it speaks, newest first: an engine that refuses a greeting of version 2
is greeted again with version 1."""
CAPABILITIES = (*OPTIONAL, "batch")
"""What an engine of version 2 may declare: the queries, and ``batch`` (it answers a
whole step in one request)."""
MAX_ANSWER_BYTES = MAX_BYTES
"""The longest answer line read from an engine: the same limit as for records."""

_TOO_LONG = object()  # the reader's marker for a line over the limit
_to_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_LATE = object()  # no answer in time
_READ = 1 << 16  # bytes read from the engine's output at a time


class ProtocolError(BaseException):
    """An engine that breaks the protocol: it ends a conformance run at once.

    Like pytest's own outcomes, it derives from :class:`BaseException`, so
    that ``except Exception`` (in :func:`~rulespec.testing.check`, in
    Hypothesis, in your test) does not take it for a divergence of the rules
    and shrink it: a broken engine is reported as it broke.

    ``what`` says what went wrong in one line (cut, as every value of a report is, after
    :data:`~rulespec.testing.divergence.SHOWN` bytes: an engine's answer is never
    quoted whole); ``request`` is the request it
    answered badly (JSON data, or ``None``); ``stderr`` holds the engine's
    last lines of standard error; ``status`` its exit status if it has
    exited; ``record`` the game the kit was playing, up to and including the
    step that was being applied (``None`` outside a game).

    >>> print(ProtocolError("no answer within 5 s", stderr=("loading rules", "ready")))
    no answer within 5 s
    the engine's last lines on stderr:
      loading rules
      ready
    """

    def __init__(
        self,
        what: str,
        *,
        request: Any = None,
        stderr: Sequence[str] = (),
        status: int | None = None,
        record: Record | None = None,
    ) -> None:
        self.what = shown(what)
        self.request = request
        self.stderr = tuple(shown(line) for line in stderr)
        self.status = status
        self.record = record
        lines = [self.what]
        if self.stderr:
            lines.append("the engine's last lines on stderr:")
            lines.extend(f"  {line}" for line in self.stderr)
        else:
            lines.append("the engine wrote nothing on stderr")
        super().__init__("\n".join(lines))


def other_edition(
    game: Game[Any, Any, Any, Any],
    decode: Callable[[Any], Any],
    payload: Any,
    first: UnknownCard,
    said: str,
) -> str:
    """The verdict line for an answer naming cards that are not the game's: every such
    card of ``payload`` (found by decoding it again with each replaced by a card of the
    game), the edition rulespec follows, then ``said``, the decoder's own words.

    >>> import rulespec
    >>> from rulespec.core.errors import UnknownCard
    >>> can = rulespec.game("canardage")
    >>> answer = {"type": "reshuffle", "draw_pile": ["pan", "peace-and-love", "walking-duck"]}
    >>> try:
    ...     can.decode_action(answer)
    ... except UnknownCard as exc:
    ...     print(other_edition(can, can.decode_action, answer, exc, "request 4 (apply)"))
    cards of another edition: "peace-and-love", "walking-duck" (rulespec plays the cards of ...)
    """
    found = [first.card]
    data, exc = copy.deepcopy(payload), first
    for _ in range(_FOREIGN_MOST):
        if not _replace(data, exc.where, exc.card, exc.sample):
            break
        try:
            decode(data)
            break
        except UnknownCard as again:
            exc = again
            found.append(again.card)
        except Exception:
            break
    names = ", ".join(json.dumps(card, ensure_ascii=False) for card in dict.fromkeys(found))
    from rulespec.rulebook.clauses import catalogue

    sources = catalogue(game.id).sources
    edition = f"the cards of {sources[0][1]}" if sources else "this edition's cards"
    return f"cards of another edition: {names} (rulespec plays {edition}; {said})"


_FOREIGN_MOST = 100
"""The most cards of another edition one answer is searched for."""


def _replace(data: Any, where: str, card: Any, sample: Any) -> bool:
    """Replace ``card`` at ``where`` (a decoder's place: ``value.hands[1][2]``, whose
    first names may lie above ``data``) by ``sample``; whether it was found there."""
    path: list[str | int] = []
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", where):
        path.append(int(index) if index else name)
    for start in range(len(path)):
        node, steps = data, path[start:]
        try:
            for step in steps[:-1]:
                node = node[step]
            last = steps[-1]
            if node[last] == card and type(node[last]) is type(card):
                node[last] = sample
                return True
        except (KeyError, IndexError, TypeError):
            continue
    return False


class _Answer(Exception):
    """An answer that breaks the protocol (before the adapter adds its context)."""


def read_answer(line: bytes, request_id: int) -> tuple[str, Any]:
    """One answer line of an engine: ``("value", data)``, ``("refused", (reason, clause))``,
    ``("unsupported", reason or None)`` or ``("inexpressible", reason)``.

    Raises :class:`ProtocolError` (without the engine's context) when the line is
    not UTF-8 JSON within the limits, not an object, names another request, or does
    not hold exactly one of ``value``, ``refused``, ``unsupported`` and
    ``inexpressible``.

    >>> read_answer(b'{"id": 3, "value": null}', 3)
    ('value', None)
    >>> read_answer(b'{"id": 3, "refused": {"clause": "can.turn.play"}}', 3)
    ('refused', ('refused', 'can.turn.play'))
    >>> read_answer(b'{"id": 2, "value": null}', 3)
    Traceback (most recent call last):
    ...
    rulespec.testing.wire.ProtocolError: the answer is for request 2, not 3
    ...
    """
    try:
        return _read(line, request_id)
    except _Answer as exc:
        raise ProtocolError(str(exc)) from None


def _read(line: bytes, request_id: int) -> tuple[str, Any]:
    if len(line) > MAX_ANSWER_BYTES + 1:
        raise _Answer(f"the answer is longer than the limit of {MAX_ANSWER_BYTES} bytes")
    if line.startswith(b"\xef\xbb\xbf"):
        raise _Answer("the answer starts with a byte order mark")
    try:
        data = parse_json(line, where="the answer")
    except RecordError as exc:
        shown = line.decode("utf-8", errors="replace").strip()
        shown = shown if len(shown) <= 120 else shown[:120] + " …"
        raise _Answer(f"{exc}: {shown!r}") from None
    if not isinstance(data, dict):
        raise _Answer(f"the answer is not a JSON object but {type(data).__name__}")
    if "id" not in data:
        raise _Answer("the answer has no id")
    if type(data["id"]) is not int or data["id"] != request_id:
        raise _Answer(f"the answer is for request {data['id']!r}, not {request_id}")
    if len(data) == 2 and "value" in data:
        return "value", data["value"]  # the usual answer
    return _inner(data, {"id"})


_KINDS = ("value", "refused", "unsupported", "inexpressible")


def _inner(data: dict[str, Any], extra: set[str]) -> tuple[str, Any]:
    """The kind and payload of an answer object (``extra``: the other keys it may have)."""
    kinds = [k for k in _KINDS if k in data]
    unknown = sorted(set(data) - {*extra, *_KINDS})
    if unknown:
        raise _Answer(f"the answer has an unknown key {unknown[0]!r}")
    if len(kinds) != 1:
        found = " and ".join(kinds) if kinds else "none"
        raise _Answer(f"the answer needs exactly one of {', '.join(_KINDS)} (has {found})")
    kind = kinds[0]
    if kind == "value":
        return kind, data["value"]
    if kind == "unsupported":
        if data["unsupported"] is True:
            return kind, None
        return kind, _reason(data["unsupported"], "unsupported")
    if kind == "inexpressible":
        return kind, _reason(data["inexpressible"], "inexpressible")
    try:
        refusal = expect_object(data["refused"], "refused", set(), frozenset({"reason", "clause"}))
    except RecordError as exc:
        raise _Answer(str(exc)) from None
    reason, clause = refusal.get("reason", "refused"), refusal.get("clause")
    if not isinstance(reason, str):
        raise _Answer("refused.reason: expected a string")
    if clause is not None and not isinstance(clause, str):
        raise _Answer("refused.clause: expected a string")
    return kind, (shown(reason), None if clause is None else shown(clause))


def _reason(value: Any, where: str) -> str:
    try:
        found = expect_object(value, where, {"reason"})
    except RecordError as exc:
        extra = " (or true)" if where == "unsupported" else ""
        raise _Answer(f"{exc}{extra}") from None
    if not isinstance(found["reason"], str):
        raise _Answer(f"{where}.reason: expected a string")
    return shown(found["reason"])


class _Process:
    """The engine's process, with a reader thread per output stream."""

    def __init__(
        self,
        command: Sequence[str],
        cwd: str | Path | None,
        env: Mapping[str, str] | None,
        stderr_lines: int,
    ) -> None:
        self.proc = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=None if env is None else dict(env),
            # A group of its own, so that ending the engine ends what it started too
            # (an engine started through ``sh -c``, say).
            start_new_session=os.name == "posix",
        )
        self.answers: queue.Queue[object] = queue.Queue()
        self.tail: collections.deque[str] = collections.deque(maxlen=stderr_lines)
        self.lock = threading.Lock()
        # Where the system can wait on a pipe with a timeout, answers are read here, in
        # the caller's thread: no hand-over between threads for each answer.
        self._poll: Any = None
        self._buffer = bytearray()
        self._scanned = 0  # how much of the buffer holds no end of line
        self._ended = False
        out = self.proc.stdout
        assert out is not None
        if hasattr(select, "poll"):
            self._fd = out.fileno()
            self._poll = select.poll()
            self._poll.register(self._fd, select.POLLIN)
            self.readers = [threading.Thread(target=self._read_stderr, daemon=True)]
        else:  # pragma: no cover - Windows: a thread reads the answers
            self.readers = [
                threading.Thread(target=self._read_stderr, daemon=True),
                threading.Thread(target=self._read_answers, daemon=True),
            ]
        for reader in self.readers:
            reader.start()

    def answer(self, timeout: float) -> object:
        """The next answer line (with its end of line, if it has one): ``None`` once the
        engine has closed its output, :data:`_TOO_LONG` for a line over the limit,
        :data:`_LATE` when none comes within ``timeout`` seconds."""
        if self._poll is None:  # pragma: no cover - Windows
            try:
                return self.answers.get(timeout=timeout)
            except queue.Empty:
                return _LATE
        buffer = self._buffer
        deadline: float | None = None
        while True:
            end = buffer.find(b"\n", self._scanned)
            if end >= 0:
                if end + 1 > MAX_ANSWER_BYTES + 1:
                    return _TOO_LONG
                line = bytes(buffer[: end + 1])
                del buffer[: end + 1]
                self._scanned = 0
                return line
            if len(buffer) > MAX_ANSWER_BYTES:
                return _TOO_LONG
            self._scanned = len(buffer)
            if self._ended:
                if not buffer:
                    return None
                line = bytes(buffer)
                buffer.clear()
                self._scanned = 0
                return line
            if deadline is None:
                deadline = time.monotonic() + timeout
                wait = timeout
            else:
                wait = deadline - time.monotonic()
            if wait <= 0 or not self._poll.poll(max(0, math.ceil(wait * 1000))):
                if time.monotonic() >= deadline:
                    return _LATE
                continue
            try:
                chunk = os.read(self._fd, _READ)
            except BlockingIOError:  # pragma: no cover - woken for nothing
                continue
            except OSError:
                chunk = b""
            if chunk:
                buffer += chunk
            else:
                self._ended = True

    def _read_answers(self) -> None:  # pragma: no cover - Windows
        out = self.proc.stdout
        assert out is not None
        try:
            while True:
                line = out.readline(MAX_ANSWER_BYTES + 1)
                if not line:
                    break
                if len(line) > MAX_ANSWER_BYTES and not line.endswith(b"\n"):
                    self.answers.put(_TOO_LONG)
                    return
                self.answers.put(line)
        except (OSError, ValueError):
            pass
        self.answers.put(None)

    def _read_stderr(self) -> None:
        err = self.proc.stderr
        assert err is not None
        try:
            for raw in iter(lambda: err.readline(4096), b""):
                with self.lock:
                    self.tail.append(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass

    def stderr(self, settle: float = 0.0) -> tuple[str, ...]:
        """The last lines of standard error (after waiting up to ``settle`` seconds for
        the reader to reach the end, when the process has exited)."""
        if settle and self.proc.poll() is not None:
            self.readers[0].join(settle)
        with self.lock:
            return tuple(self.tail)

    def send(self, line: bytes) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        stdin.write(line)
        stdin.flush()

    def kill(self) -> int | None:
        """Stop the process now; its exit status, if it had exited by itself.

        The output streams are closed once their readers have reached their end (a
        child of the engine may still hold them open: then they are left to the
        garbage collector rather than block).
        """
        status = self.proc.poll()
        if status is None:
            self.proc.kill()
        self.proc.wait()
        self.kill_group()
        for reader in self.readers:
            reader.join(1.0)
        done = {id(self.proc.stderr): not self.readers[0].is_alive()}
        if len(self.readers) > 1:  # pragma: no cover - Windows
            done[id(self.proc.stdout)] = not self.readers[1].is_alive()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None and done.get(id(stream), True):
                with contextlib.suppress(OSError):
                    stream.close()
        return status

    def kill_group(self) -> None:
        """End every process left in the engine's group (the engine itself has ended)."""
        if os.name == "posix":
            with contextlib.suppress(OSError):
                os.killpg(self.proc.pid, signal.SIGKILL)


def _kill(process: _Process) -> None:
    if process.proc.poll() is None:
        process.kill()
    else:
        process.kill_group()


def _named(hello: Mapping[str, Any], key: str, what: str) -> dict[str, str]:
    """A greeting's ``readings`` or ``deviations``: an object from clause ids to strings
    (which clauses exist is the command's to check)."""
    if key not in hello:
        return {}
    found = hello[key]
    if not isinstance(found, dict) or len(found) > 200:
        raise RecordError(f"value.{key}", "expected an object from clause ids to strings")
    for clause, text in found.items():
        if not isinstance(text, str) or not text.strip():
            raise RecordError(f"value.{key}.{clause}", f"expected {what}")
    return {str(k): str(v) for k, v in found.items()}


class WireAdapter(Adapter):
    """An adapter that drives an engine running as another program (``command``, an argv
    list), through the rulespec engine protocol.

    Starting it starts the engine and greets it, in version 2 and, when the engine
    refuses that, in version 1; the engine's declared capabilities become
    :attr:`declared_capabilities`, so :func:`~rulespec.testing.capabilities` names only
    what the engine answers, and its other declarations (:attr:`chance`,
    :attr:`state_parts`, :attr:`view_parts`, :attr:`batching`) how the kit drives it.
    Every answer goes through the game's checked decoders. ``timeout`` bounds the wait
    for each answer, in seconds; ``stderr_lines`` is how many of the engine's last lines
    of standard error a :class:`ProtocolError` carries. Use it as a context manager, or
    call :meth:`close`.

    >>> import sys
    >>> from rulespec.testing import capabilities
    >>> serve = [sys.executable, "-m", "rulespec.testing.serve"]
    >>> with WireAdapter([*serve, "--capabilities", "scores,winners"], "duo") as duo:
    ...     print(duo.name, duo.protocol, sorted(capabilities(duo)))
    rulespec 2 ['scores', 'winners']

    Starting raises :class:`OSError` when the command cannot be started, and
    :class:`ProtocolError` when the engine does not answer the greeting as the
    protocol says, or does not play ``game``.
    """

    def __init__(
        self,
        command: Sequence[str],
        game: str | Game[Any, Any, Any, Any],
        *,
        timeout: float = 10.0,
        stderr_lines: int = 20,
        cwd: str | Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        if isinstance(command, str):
            raise TypeError("command: expected a list of arguments, not a string")
        self.game = game_of(game)
        self.command = tuple(command)
        self.timeout = timeout
        self.error: ProtocolError | None = None
        """The protocol error that broke the engine, once it has."""
        self.requests = 0
        """How many requests the engine has been sent."""
        self.protocol = PROTOCOL
        """The version of the protocol the engine speaks (1 or 2)."""
        self.batching = False
        """Whether the engine answers a whole step in one ``batch`` request."""
        self.readings: dict[str, str] = {}
        """The readings the engine declares it follows: clause id to the name of one of
        the catalogue's alternatives (version 2's optional ``readings``)."""
        self.deviations: dict[str, str] = {}
        """The clauses the engine's author acknowledges it does not follow, with the
        reason (version 2's optional ``deviations``)."""
        self._setup: Setup | None = None
        self._steps: list[Any] = []
        self._request: Any = None
        self._drawn: list[Any] = []  # outcomes the engine reported at start
        self._actions: dict[Any, Any] = {}  # decoded actions by their JSON, frozen
        self._action_json = action_json(self.game)
        self._decode_as = self._decoders()
        self._process = _Process(self.command, cwd, env, stderr_lines)
        self._finalizer = weakref.finalize(self, _kill, self._process)
        self.name, self.declared_capabilities = self._hello()

    # -- the protocol ------------------------------------------------------------------

    def _fail(self, what: str, pending: Any = None) -> ProtocolError:
        status = self._process.kill()
        if status is not None:
            what = f"{what} (the engine exited with status {status})"
        record = None
        if self._setup is not None:
            steps = (*self._steps, pending) if pending is not None else tuple(self._steps)
            record = self._record(steps)
        error = ProtocolError(
            what,
            request=self._request,
            stderr=self._process.stderr(),
            status=status,
            record=record,
        )
        self.error = error
        return error

    def _exchange(self, op: str, fields: Mapping[str, Any], pending: Any = None) -> tuple[str, Any]:
        if self.error is not None:
            raise self.error
        self.requests += 1
        request = self._request = {"id": self.requests, "op": op, **fields}
        label = f"request {self.requests} ({op})"
        line = _to_json(request) + "\n"
        try:
            self._process.send(line.encode("utf-8"))
        except (OSError, ValueError):
            self._settle()
            raise self._fail(f"the engine exited before {label}", pending) from None
        raw = self._process.answer(self.timeout)
        if raw is _LATE:
            raise self._fail(f"no answer to {label} within {self.timeout:g} s", pending)
        if raw is None:
            self._settle()
            raise self._fail(f"the engine closed its output before answering {label}", pending)
        if not isinstance(raw, bytes):
            raise self._fail(
                f"the answer to {label} is longer than the limit of {MAX_ANSWER_BYTES} bytes",
                pending,
            )
        try:
            kind, payload = _read(raw, self.requests)
        except _Answer as exc:
            raise self._fail(f"{label}: {exc}", pending) from None
        self._allowed(label, op, kind, pending)
        return kind, payload

    def _allowed(self, label: str, op: str, kind: str, pending: Any) -> None:
        """Fail unless an answer of ``kind`` may answer ``op``."""
        if kind == "refused" and op not in ("apply", "hello"):
            raise self._fail(f"{label}: only apply and hello may be refused", pending)
        if kind == "inexpressible" and (op != "apply" or self.protocol < 2):
            raise self._fail(f"{label}: only apply may be answered inexpressible", pending)
        if kind == "unsupported" and (
            op in ("hello", "apply", "quit", "chance", "batch")
            or (op == "start" and self.protocol < 2)
        ):
            raise self._fail(f"{label}: the engine must answer {op}", pending)
        declared = getattr(self, "declared_capabilities", None) or ()  # none while greeting
        if kind == "unsupported" and op in declared:
            raise self._fail(f"{label}: the engine declares {op} but answers unsupported")

    def _settle(self) -> None:
        """Give an engine that is exiting a moment to finish (for its status and stderr)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.proc.wait(1.0)

    def _decode(
        self, op: str, decode: Callable[[Any], Any], payload: Any, pending: Any = None
    ) -> Any:
        try:
            return decode(payload)
        except UnknownCard as exc:
            said = other_edition(
                self.game, decode, payload, exc, f"request {self.requests} ({op}): {exc}"
            )
            raise self._fail(said, pending) from None
        except RecordError as exc:
            raise self._fail(f"request {self.requests} ({op}): {exc}", pending) from None
        except Exception as exc:  # a decoder's bug must not pass for a divergence
            raise self._fail(
                f"request {self.requests} ({op}): unreadable value ({type(exc).__name__}: {exc})",
                pending,
            ) from None

    def _value(
        self, op: str, decode: Callable[[Any], Any], pending: Any = None, **fields: Any
    ) -> Any:
        _, payload = self._exchange(op, fields, pending)
        return self._decode(op, decode, payload, pending)

    def _hello(self) -> tuple[str, frozenset[str]]:
        for version in PROTOCOLS:
            self.protocol = version
            kind, payload = self._exchange("hello", {"protocol": version, "game": self.game.id})
            if kind != "refused":
                break
        if kind == "refused":
            reason, _ = payload
            raise self._fail(f"the engine does not play {self.game.id}: {reason}")
        label = f"request {self.requests} (hello)"
        try:
            return self._greeting(payload)
        except RecordError as exc:
            raise self._fail(f"{label}: {exc}") from None

    def _greeting(self, payload: Any) -> tuple[str, frozenset[str]]:
        v2 = {"chance", "state_parts", "view_parts", "readings", "deviations"}
        hello = expect_object(payload, "value", {"protocol", "name", "capabilities"}, frozenset(v2))
        version = expect_int(hello["protocol"], "value.protocol")
        if version not in PROTOCOLS or version > self.protocol:
            raise RecordError(
                "value.protocol", f"the engine speaks version {version}, not {self.protocol}"
            )
        self.protocol = version
        if version < 2 and v2 & set(hello):
            key = sorted(v2 & set(hello))[0]
            raise RecordError(f"value.{key}", "a key of version 2, in a greeting of version 1")
        if not isinstance(hello["name"], str):
            raise RecordError("value.name", "expected a string")
        known = CAPABILITIES if version >= 2 else OPTIONAL
        declared = expect_list(hello["capabilities"], "value.capabilities", 100)
        for i, name in enumerate(declared):
            if name not in known:
                raise RecordError(
                    f"value.capabilities[{i}]",
                    f"unknown capability {name!r} (known: {', '.join(known)})",
                )
        self.batching = "batch" in declared
        chance = hello.get("chance", "kit")
        if chance not in ("kit", "engine"):
            raise RecordError("value.chance", f"expected 'kit' or 'engine', got {chance!r}")
        self.chance = chance
        for key, query in (("state_parts", "state"), ("view_parts", "view")):
            if key in hello:
                parts = expect_list(hello[key], f"value.{key}", 100)
                if not parts or not all(isinstance(p, str) for p in parts):
                    raise RecordError(f"value.{key}", "expected a list of part names")
                if query not in declared:
                    raise RecordError(f"value.{key}", f"declared without the capability {query}")
                setattr(self, key, frozenset(parts))
        self.readings = _named(hello, "readings", "the name of an alternative")
        self.deviations = _named(hello, "deviations", "a reason")
        return hello["name"], frozenset(declared) - {"batch"}

    # -- the adapter -------------------------------------------------------------------

    def start(self, setup: Setup) -> None:
        """Start a new game in the engine (its deal arrives as the first :meth:`apply`, or,
        for an engine that draws its own chance, from :meth:`draw_chance`).

        Raises :class:`~rulespec.testing.Unsupported` when the engine does not play this
        setup."""
        if setup.game.id != self.game.id:
            raise ValueError(f"this engine was greeted for {self.game.id}, not {setup.game.id}")
        self._setup, self._steps, self._drawn = setup, [], []
        fields: dict[str, Any] = {
            "game": self.game.id,
            "players": setup.players,
            "options": self.game.encode_options(setup.options),
        }
        if self.chance == "engine":
            fields["seed"] = 0 if setup.seed is None else setup.seed
        kind, payload = self._exchange("start", fields)
        if kind == "unsupported":
            self._setup = None
            raise Unsupported(payload or "the engine does not play this setup")
        self._drawn = list(self._outcomes("start", payload, None))
        self._steps.extend(self._drawn)

    def apply(self, action: Any) -> tuple[Any, ...]:
        """Apply ``action`` in the engine: :class:`~rulespec.testing.Refused` when the
        engine refuses it, :class:`~rulespec.testing.Inexpressible` when its interface
        cannot express it; the chance outcomes an engine that draws its own chance drew
        during the step."""
        data = self._action_json(action)
        kind, payload = self._exchange("apply", {"action": data}, pending=action)
        return self._applied(kind, payload, action)

    def _applied(self, kind: str, payload: Any, action: Any) -> tuple[Any, ...]:
        if kind == "refused":
            reason, clause = payload
            raise Refused(reason, clause)
        if kind == "inexpressible":
            raise Inexpressible(payload)
        self._steps.append(action)
        drawn = self._outcomes("apply", payload, action)
        self._steps.extend(drawn)
        return drawn

    def _outcomes(self, op: str, payload: Any, pending: Any) -> tuple[Any, ...]:
        """The chance outcomes an answer to ``start`` or ``apply`` reports."""
        if payload is None:
            return ()
        if self.chance != "engine":
            raise self._fail(
                f"request {self.requests} ({op}): value: expected null, got {payload!r}", pending
            )

        def decode(value: Any) -> tuple[Any, ...]:
            found = expect_object(value, "value", {"chance"})
            items = expect_list(found["chance"], "value.chance", 100)
            return tuple(
                self.game.decode_action(a, f"value.chance[{i}]") for i, a in enumerate(items)
            )

        drawn: tuple[Any, ...] = self._decode(op, decode, payload, pending)
        return drawn

    def draw_chance(self) -> Any:
        """The outcome the engine draws at the chance step the game waits for (one it
        reported at ``start``, or one it is asked for with a ``chance`` request)."""
        if self.chance != "engine":
            raise NotImplementedError("the engine takes its chance outcomes from the kit")
        if self._drawn:
            return self._drawn.pop(0)
        outcome = self._value("chance", lambda v: self.game.decode_action(v, "value"))
        self._steps.append(outcome)
        return outcome

    def ask(self, queries: Sequence[Query]) -> Iterator[Any]:
        """The answers to ``queries``: in one ``batch`` request when the engine declares
        ``batch``, else one request each, lazily."""
        if not self.batching or len(queries) < 2:
            return iter(super().ask(queries))
        return iter(self._batch(queries))

    def _batch(self, queries: Sequence[Query]) -> list[Any]:
        inner: list[dict[str, Any]] = []
        encode = self._action_json
        for q in queries:
            if q.op == "apply":
                inner.append({"op": "apply", "action": encode(q.arg)})
            elif q.arg is None:
                inner.append({"op": q.op})
            else:
                inner.append({"op": q.op, "player": q.arg})
        pending = next((q.arg for q in queries if q.op == "apply"), None)
        kind, payload = self._exchange("batch", {"requests": inner}, pending)
        label = f"request {self.requests} (batch)"
        try:
            items = expect_list(payload, "value", len(queries))
            if len(items) != len(queries):
                raise RecordError("value", f"expected {len(queries)} answers, got {len(items)}")
        except RecordError as exc:
            raise self._fail(f"{label}: {exc}", pending) from None
        answers: list[Any] = []
        for i, (query, item) in enumerate(zip(queries, items, strict=True)):
            if type(item) is dict and len(item) == 1 and "value" in item:
                kind, value = "value", item["value"]  # the usual answer, always allowed
            else:
                where = f"{label}, answer {i} ({query.op})"
                if not isinstance(item, dict):
                    raise self._fail(f"{where}: expected an object", pending)
                try:
                    kind, value = _inner(item, set())
                except _Answer as exc:
                    raise self._fail(f"{where}: {exc}", pending) from None
                self._allowed(where, query.op, kind, pending)
            if query.op == "apply":
                try:
                    answers.append(self._applied(kind, value, query.arg))
                except (Refused, Inexpressible) as exc:
                    answers.append(exc.with_traceback(None))  # its frames hold the answers
                continue
            if kind == "unsupported":
                answers.append(NotImplementedError(f"the engine does not answer {query.op}"))
                continue
            decode = self._decode_as[query.op]
            answers.append(self._decode(query.op, decode, value, pending))
        return answers

    def _decoders(self) -> dict[str, Callable[[Any], Any]]:
        """Each query's decoder (built once: a batch decodes several answers a step)."""
        g = self.game
        top = g.max_players - 1
        return {
            "legal_actions": lambda v: self._lazy("legal_actions", self._legal, v, list),
            "to_move": lambda v: tuple(_ints(v, -1, top, top + 1)),
            "state": self._state,
            "view": self._view,
            "scores": lambda v: tuple(_ints(v, -(10**9), 10**9, g.max_players)),
            "winners": lambda v: tuple(_ints(v, 0, top, top + 1)),
            "is_over": lambda v: expect_bool(v, "value"),
        }

    def _legal(self, value: Any) -> list[Any]:
        items = expect_list(value, "value", 100_000)
        found: list[Any] = []
        cache = self._actions
        for i, item in enumerate(items):
            key = _frozen(item)
            action = cache.get(key)
            if action is None:
                action = self.game.decode_action(item, f"value[{i}]")
                if len(cache) < 100_000:
                    cache[key] = action
            found.append(action)
        if len(set(found)) < len(found):
            seen: set[Any] = set()
            for i, action in enumerate(found):
                if action in seen:
                    raise RecordError(f"value[{i}]", "the same action twice in one list")
                seen.add(action)
        return found

    def _parts(self, value: Any, parts: frozenset[str]) -> dict[str, Any]:
        found = expect_object(value, "value", set(parts))
        return dict(found)

    def _state(self, value: Any) -> Any:
        if self.state_parts is not None:
            return self._parts(value, self.state_parts)
        return self._lazy("state", self.game.decode_state, value)

    def _view(self, value: Any) -> Any:
        if self.view_parts is not None:
            return self._parts(value, self.view_parts)
        return self._lazy("view", self.game.decode_view, value)

    def _lazy(
        self, op: str, decode: Callable[[Any], Any], value: Any, shape: type = dict
    ) -> Encoded:
        """``value`` kept as JSON, decoded (through the checked decoder, failing as the
        protocol says) only when the kit needs it (at once unless it is a ``shape``)."""
        at = self.requests

        def decoded() -> Any:
            try:
                return decode(value)
            except UnknownCard as exc:
                said = f"request {at} ({op}): {exc}"
                raise self._fail(other_edition(self.game, decode, value, exc, said)) from None
            except RecordError as exc:
                raise self._fail(f"request {at} ({op}): {exc}") from None
            except Exception as exc:  # a decoder's bug must not pass for a divergence
                raise self._fail(
                    f"request {at} ({op}): unreadable value ({type(exc).__name__}: {exc})"
                ) from None

        if not isinstance(value, shape):
            decoded()  # fails now: not even an object (a list)
        return Encoded(value, decoded)

    def legal_actions(self, player: int) -> list[Any]:
        self._declared("legal_actions")
        result: list[Any] = self._value("legal_actions", self._legal, player=player)
        return result

    def to_move(self) -> tuple[int, ...]:
        self._declared("to_move")
        return tuple(self._value("to_move", self._decode_as["to_move"]))

    def state(self) -> Any:
        self._declared("state")
        return _decoded(self._value("state", self._state))

    def view(self, player: int) -> Any:
        self._declared("view")
        return _decoded(self._value("view", self._view, player=player))

    def scores(self) -> tuple[int, ...]:
        self._declared("scores")
        return tuple(self._value("scores", self._decode_as["scores"]))

    def winners(self) -> tuple[int, ...]:
        self._declared("winners")
        return tuple(self._value("winners", self._decode_as["winners"]))

    def is_over(self) -> bool:
        self._declared("is_over")
        return bool(self._value("is_over", self._decode_as["is_over"]))

    def _declared(self, name: str) -> None:
        if self.declared_capabilities is not None and name not in self.declared_capabilities:
            raise NotImplementedError(f"the engine does not declare {name}")

    # -- the game so far, closing ------------------------------------------------------

    def record(self) -> Record | None:
        """The game the engine is playing, as far as it accepted it (``None`` before the
        first :meth:`start`)."""
        if self._setup is None:
            return None
        return self._record(tuple(self._steps))

    def _record(self, steps: tuple[Any, ...]) -> Record:
        """The game so far, with the seed an engine that draws its own chance was given."""
        setup = self._setup
        assert setup is not None
        seed = None if self.chance != "engine" else 0 if setup.seed is None else setup.seed
        return Record(self.game.id, setup.players, setup.options, steps, chance_seed=seed)

    def stderr(self) -> tuple[str, ...]:
        """The engine's last lines of standard error."""
        return self._process.stderr()

    def close(self) -> int | None:
        """Say ``quit``, wait for the engine to exit (up to the timeout), then end it and
        every process it started.

        Returns the engine's exit status, or ``None`` when it had to be killed.
        Closing twice does nothing more.
        """
        proc = self._process.proc
        if proc.poll() is None and self.error is None:
            try:
                self._exchange("quit", {})
            except ProtocolError:
                pass
            else:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(self.timeout)
        status = self._process.kill()
        self._finalizer.detach()
        return status

    def __enter__(self) -> WireAdapter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<WireAdapter {self.game.id} {' '.join(self.command)!r}>"


def _frozen(value: Any) -> Any:
    """JSON data as a hashable key (objects keep their keys' order: another order is only
    another key, decoded once more)."""
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return (type(value), value)  # 1, 1.0 and True apart


def _decoded(value: Any) -> Any:
    """A state or view decoded (the parts an engine declares stay JSON data)."""
    return value.decode() if isinstance(value, Encoded) else value


def _ints(value: Any, low: int, high: int, most: int) -> list[int]:
    items = expect_list(value, "value", most)
    return [expect_int(v, f"value[{i}]", low, high) for i, v in enumerate(items)]
