"""Running ``rulespec`` as a user does: a separate process, its exit status and its output;
or its main function in this process, which gives the same for a fraction of the time."""

from __future__ import annotations

import contextlib
import io
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import ClassVar

import attrs

ROOT = Path(__file__).resolve().parents[2]
_SCRIPT = Path(sys.executable).with_name("rulespec")
COMMAND: tuple[str, ...] = (
    (str(_SCRIPT),) if _SCRIPT.exists() else (sys.executable, "-m", "rulespec")
)
"""The installed console script, or ``python -m rulespec`` when there is none."""


def child_environment(env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a command run in a process of its own: this one's, 100 columns
    wide, with ``env`` added."""
    return {**os.environ, "COLUMNS": "100", **(env or {})}


@attrs.frozen
class Run:
    """A finished command."""

    status: int
    out: str
    err: str


def run(
    *args: str, cwd: Path | None = None, timeout: float = 120, env: dict[str, str] | None = None
) -> Run:
    """``rulespec ARGS...`` in a new process, standard input closed; ``env`` adds variables."""
    done = subprocess.run(
        [*COMMAND, *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        cwd=cwd,
        timeout=timeout,
        env=child_environment(env),
        encoding="utf-8",
        errors="strict",
    )
    return Run(done.returncode, done.stdout, done.stderr)


@contextlib.contextmanager
def environment(cwd: Path | None, env: Mapping[str, str | None]) -> Iterator[None]:
    """Run the body in ``cwd`` (unless ``None``) with ``env`` set in the environment (a
    variable set to ``None`` removed), then put both back."""
    saved = {name: os.environ.get(name) for name in env}
    here = Path.cwd()
    for name, value in env.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    try:
        if cwd is not None:
            os.chdir(cwd)
        yield
    finally:
        os.chdir(here)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def call(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, encoding: str = "utf-8"
) -> Run:
    """``rulespec ARGS...`` run by :func:`rulespec.cli.main.main` in this process, as
    :func:`run` runs it in a new one: standard input empty, standard output and error
    captured through streams of ``encoding`` that are not terminals, the exit status of a
    usage error (``SystemExit``) returned like any other."""
    from rulespec.cli.main import main

    streams = [io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict") for _ in range(2)]
    out, err = streams
    with (
        environment(cwd, {"COLUMNS": "100", **(env or {})}),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        stdin, sys.stdin = sys.stdin, io.StringIO("")
        try:
            status = main(list(args))
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            if isinstance(exc.code, str):
                print(exc.code, file=sys.stderr)
        finally:
            sys.stdin = stdin
    texts = []
    for stream in streams:
        stream.flush()
        buffer = stream.buffer
        assert isinstance(buffer, io.BytesIO)
        texts.append(buffer.getvalue().decode(encoding))
    return Run(status, *texts)


def one_error_line(result: Run) -> str:
    """The single stderr line of a failed command (asserting there is exactly one)."""
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    return lines[0]


def usage_error(*args: str) -> str:
    """The one stderr line of ``rulespec ARGS...`` run by :func:`call`, which must exit 2
    with nothing on standard output."""
    result = call(*args)
    assert result.status == 2 and result.out == "", result
    return one_error_line(result)


class Terminal:
    """``rulespec ARGS...`` on a pseudo-terminal: what it writes, and what we type."""

    def __init__(self, args: Sequence[str], cwd: Path) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            [*COMMAND, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            close_fds=True,
            env=child_environment({"TERM": "dumb"}),
        )
        os.close(slave)
        self.seen = b""

    def _read(self, timeout: float) -> bool:
        """Read what is there within ``timeout``; False once the program has closed the pty."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the other side is closed
            return False
        if not chunk:
            return False
        self.seen += chunk
        return True

    def expect(self, text: str, timeout: float = 20) -> str:
        """Wait for ``text`` after what was already consumed; return everything up to it."""
        wanted = text.encode()
        deadline = time.monotonic() + timeout
        while wanted not in self.seen:
            if time.monotonic() > deadline or not self._read(0.2):
                if wanted in self.seen:
                    break
                raise AssertionError(f"no {text!r} in output:\n{self.text(self.seen[-3000:])}")
        before, _, self.seen = self.seen.partition(wanted)
        return self.text(before + wanted)

    def prompt(self, text: str, timeout: float = 20) -> str | None:
        """Everything up to the next ``text``, or ``None`` once the program has ended."""
        wanted = text.encode()
        deadline = time.monotonic() + timeout
        while wanted not in self.seen:
            if not self._read(0.2):
                return None
            if time.monotonic() > deadline:
                raise AssertionError(f"no {text!r} in output:\n{self.text(self.seen[-3000:])}")
        before, _, self.seen = self.seen.partition(wanted)
        return self.text(before)

    def send(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def send_eof(self) -> None:
        os.write(self.master, b"\x04")

    def finish(self, timeout: float = 30) -> tuple[int, str]:
        """Wait for the program to end: its status and the rest of its output."""
        deadline = time.monotonic() + timeout
        while self._read(0.2) and time.monotonic() < deadline:
            if self.process.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                break
        status = self.process.wait(timeout=max(1, deadline - time.monotonic()))
        os.close(self.master)
        rest = self.text(self.seen)
        self.seen = b""
        return status, rest

    @staticmethod
    def text(data: bytes) -> str:
        return data.decode("utf-8", "replace").replace("\r\n", "\n")


class Console(Terminal):
    """:class:`Terminal` without a new process: ``rulespec ARGS...`` run by
    :func:`rulespec.cli.main.main` in a thread of this one, reading what we type from a
    pipe and writing its standard output and error to another. What we type is echoed into
    the output, as a terminal echoes it; only one may run at a time."""

    _running: ClassVar[list[Console]] = []

    def __init__(self, args: Sequence[str], cwd: Path) -> None:
        self.master, written = os.pipe()
        read, self.typed = os.pipe()
        self.seen = b""
        self.status: int | None = None
        self._written = written
        self._output = io.TextIOWrapper(
            io.FileIO(written, "w", closefd=False), encoding="utf-8", write_through=True
        )
        self._input = io.TextIOWrapper(io.FileIO(read, "r"), encoding="utf-8")
        self._thread = threading.Thread(target=self._main, args=(list(args), cwd), daemon=True)
        Console._running.append(self)
        self._thread.start()

    def _main(self, args: list[str], cwd: Path) -> None:
        from rulespec.cli.main import main

        with (
            environment(cwd, {"COLUMNS": "100", "TERM": "dumb"}),
            contextlib.redirect_stdout(self._output),
            contextlib.redirect_stderr(self._output),
        ):
            stdin, sys.stdin = sys.stdin, self._input
            try:
                self.status = main(args)
            except SystemExit as exc:
                self.status = exc.code if isinstance(exc.code, int) else 1
            finally:
                sys.stdin = stdin
                self._input.close()
                os.close(self._written)  # the reader sees the end of the output

    def send(self, line: str) -> None:
        echo = line.encode() + b"\n"
        os.write(self._written, echo)  # the program waits for input: nothing comes between
        os.write(self.typed, echo)

    def send_eof(self) -> None:
        os.close(self.typed)
        self.typed = -1

    def finish(self, timeout: float = 30) -> tuple[int, str]:
        """Wait for the program to end: its status and the rest of its output."""
        self._drain(timeout)
        assert not self._thread.is_alive(), "the program did not end"
        self.close()
        rest = self.text(self.seen)
        self.seen = b""
        assert self.status is not None
        return self.status, rest

    def _drain(self, timeout: float) -> None:
        """Read until the program closes its output (it ends), for at most ``timeout``."""
        deadline = time.monotonic() + timeout
        while self._read(0.2) and time.monotonic() < deadline:
            pass
        self._thread.join(max(0, deadline - time.monotonic()))

    def close(self) -> None:
        """End the input, let the program end, and free the pipes (once)."""
        if self not in Console._running:
            return
        Console._running.remove(self)
        if self.typed != -1:
            self.send_eof()
        self._drain(30)
        os.close(self.master)

    @classmethod
    def close_all(cls) -> None:
        """Close every console still open (a test that failed half way leaves one)."""
        for console in list(cls._running):
            console.close()
