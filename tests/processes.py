"""Python code run in a process of its own: as a test needs when the interpreter's own
state (its hash seed, the modules it has imported) is what is tested, or to play an
engine speaking over its standard streams."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The project's root, where the child runs."""


def write_scripts(folder: Path, **sources: str) -> dict[str, list[str]]:
    """Each of ``sources`` written to ``folder`` as ``NAME.py``, with the command that
    runs it with this Python.

    >>> import tempfile
    >>> commands = write_scripts(Path(tempfile.mkdtemp()), hello="print('hello')")
    >>> subprocess.run(commands["hello"], capture_output=True, text=True).stdout
    'hello\\n'
    """
    commands = {}
    for name, source in sources.items():
        path = folder / f"{name}.py"
        path.write_text(source, encoding="utf-8")
        commands[name] = [sys.executable, str(path)]
    return commands


def python(code: str, *, env: Mapping[str, str] | None = None, timeout: float = 120) -> str:
    """What ``code`` prints when this Python runs it in a new process, in :data:`ROOT`;
    ``env`` is the child's whole environment (by default this process's). Fails the test,
    showing the child's standard error, unless the child exits 0.

    >>> python("print(6 * 7)")
    '42\\n'
    """
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=timeout)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return done.stdout.decode()
