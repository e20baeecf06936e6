"""Running a test suite against mutants, each in a copy of the project.

The project is copied once into a temporary folder; each mutant is written
over its file there, the tests run in a fresh ``pytest -x`` process (the
copy first on ``sys.path``, so subprocesses the tests start see the mutant
too), and the file is put back. A mutant is *killed* when a test fails or
errors, *survives* when every test passes, and counts as killed on a
*timeout* (reported as such). Hypothesis runs with a fixed seed, without
an example database and without shrinking: the first failure is enough.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

from rulespec.testing.mutation.mutants import Mutant

__all__ = ["SLOW_LAST", "Outcome", "Run", "order_tests", "run"]

SLOW_LAST = ("test_properties.py", "test_machine.py")
"""Test files that run last, in this order: the whole-game searches."""

_IGNORED = (".git", ".venv", "venv", "__pycache__", ".hypothesis", "*_cache", "_build", "dist")
_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


@attrs.frozen
class Outcome:
    """What became of one mutant."""

    mutant: Mutant
    status: str
    """``killed``, ``timeout`` (counted as killed) or ``survived``."""
    killed_by: str | None
    """The first test that failed (a pytest node id), if one was named."""
    seconds: float

    @property
    def killed(self) -> bool:
        """Whether the tests caught the mutant (a timeout counts)."""
        return self.status != "survived"


@attrs.frozen
class Run:
    """A run of the tests against a list of mutants."""

    outcomes: tuple[Outcome, ...]
    tests: tuple[str, ...]
    """The test files, in the order they ran."""
    baseline_seconds: float
    """How long the tests took on the unchanged project."""
    timeout: float
    wall_seconds: float


def order_tests(root: Path, paths: Sequence[str], last: Sequence[str] = SLOW_LAST) -> list[str]:
    """The test files under ``paths`` (relative to ``root``), the ``last`` ones at the end.

    A folder stands for its ``test_*.py`` files, alphabetically; a file is
    kept as given. So a broken rule fails its unit test in seconds, before
    the whole-game searches start.
    """
    files: list[str] = []
    for path in paths:
        full = root / path
        if full.is_dir():
            files += [p.relative_to(root).as_posix() for p in sorted(full.rglob("test_*.py"))]
        else:
            files.append(path)

    def rank(name: str) -> int:
        base = Path(name).name
        return last.index(base) + 1 if base in last else 0

    return sorted(dict.fromkeys(files), key=rank)


class _Copy:
    """A copy of the project in which one file at a time is mutated."""

    def __init__(self, root: Path, folder: Path, seed: int, profile: str | None) -> None:
        self.root = folder / "project"
        shutil.copytree(root, self.root, ignore=shutil.ignore_patterns(*_IGNORED), symlinks=True)
        self.seed = seed
        self.count = 0
        self.env = dict(os.environ)
        self.env["PYTHONPATH"] = os.pathsep.join(
            [str(self.root), *filter(None, [os.environ.get("PYTHONPATH")])]
        )
        if profile is not None:
            self.env["RULESPEC_PROFILE"] = profile

    def check_imports(self, module: str) -> None:
        """Fail unless ``module`` is imported from the copy."""
        code = f"import {module} as m; print(m.__file__)"
        shown = subprocess.run(
            [sys.executable, "-c", code],
            cwd=self.root,
            env=self.env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if not Path(shown).resolve().is_relative_to(self.root.resolve()):
            raise RuntimeError(f"{module} is imported from {shown}, not from the copy")

    def test(self, tests: Sequence[str], timeout: float | None) -> tuple[int | None, str, float]:
        """Run ``tests``; the exit status (``None`` on timeout), the output and the seconds."""
        shutil.rmtree(self.root / ".hypothesis", ignore_errors=True)
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-x",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "rulespec.testing.mutation.plugin",
            "-o",
            "addopts=",
            "-rfE",
            f"--hypothesis-seed={self.seed}",
            *tests,
        ]
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            cwd=self.root,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        try:
            output, _ = process.communicate(timeout=timeout)
            status: int | None = process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            status = None
        except BaseException:
            os.killpg(process.pid, signal.SIGKILL)
            raise
        return status, output, time.perf_counter() - start

    @contextmanager
    def mutated(self, mutant: Mutant) -> Iterator[None]:
        """The copy with ``mutant`` written over its file, put back afterwards."""
        path = self.root / mutant.path
        original = path.read_text(encoding="utf-8")
        stat = path.stat()
        path.write_text(mutant.apply(original), encoding="utf-8")
        # A compiled file is reused when the source's size and whole-second time
        # match: give each mutant a time of its own.
        self.count += 1
        os.utime(path, (stat.st_atime, stat.st_mtime + 2 * self.count))
        try:
            yield
        finally:
            path.write_text(original, encoding="utf-8")
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def run(
    root: Path,
    mutants: Sequence[Mutant],
    tests: Sequence[str],
    *,
    seed: int = 0,
    timeout: float | None = None,
    profile: str | None = "dev",
    progress: Callable[[int, Outcome], None] | None = None,
) -> Run:
    """Run ``tests`` (paths relative to ``root``) against each of ``mutants``.

    The tests run once on the unchanged project first: they must pass. The
    per-mutant ``timeout`` defaults to five times that run, and at least a
    minute. ``profile`` sets ``RULESPEC_PROFILE`` (``None`` leaves it).

    Raises:
        RuntimeError: the tests fail on the unchanged project, or the copy
            is not the code that the tests import.
    """
    start = time.perf_counter()
    ordered = order_tests(root, tests)
    with tempfile.TemporaryDirectory(prefix="mutation-") as folder:
        copy = _Copy(root, Path(folder), seed, profile)
        for module in sorted({_module_of(m.path) for m in mutants}):
            copy.check_imports(module)
        status, output, baseline = copy.test(ordered, None)
        if status != 0:
            tail = "\n".join(output.splitlines()[-15:])
            raise RuntimeError(f"the tests fail on the unchanged project:\n{tail}")
        limit = timeout if timeout is not None else max(60.0, 5 * baseline)
        outcomes: list[Outcome] = []
        for i, mutant in enumerate(mutants):
            with copy.mutated(mutant):
                status, output, seconds = copy.test(ordered, limit)
            if status in (4, 5):
                raise RuntimeError(f"pytest could not run the tests for {mutant.id}:\n{output}")
            failed = _FAILED.search(output)
            outcome = Outcome(
                mutant=mutant,
                status="timeout" if status is None else "survived" if status == 0 else "killed",
                killed_by=failed.group(1) if failed else None,
                seconds=round(seconds, 2),
            )
            outcomes.append(outcome)
            if progress is not None:
                progress(i, outcome)
    return Run(
        outcomes=tuple(outcomes),
        tests=tuple(ordered),
        baseline_seconds=round(baseline, 2),
        timeout=round(limit, 2),
        wall_seconds=round(time.perf_counter() - start, 2),
    )


def _module_of(path: str) -> str:
    parts = Path(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
