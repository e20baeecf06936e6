"""The example JavaScript engine of Canardage (``examples/canardage-js``), started and
spoken to as its tests need."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from rulespec.testing.wire import read_answer

ENGINE = Path(__file__).resolve().parents[3] / "examples" / "canardage-js" / "engine.js"
NODE = shutil.which("node")
PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")


def node_program() -> str:
    """The ``node`` program; the test is skipped where there is none, and fails under
    ``RULESPEC_PROFILE=ci``, which must check the engine."""
    if NODE is None:
        if PROFILE == "ci":
            pytest.fail("node is needed to check the JavaScript engine under RULESPEC_PROFILE=ci")
        pytest.skip("node is not installed: the JavaScript engine is not checked")
    return NODE


def start_engine(node: str, *args: str) -> subprocess.Popen[str]:
    """The example engine run by ``node`` with ``args``, its three streams piped as UTF-8
    text."""
    return subprocess.Popen(
        [node, str(ENGINE), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


class Session:
    """The engine spoken to line by line, every answer read as the kit reads it."""

    def __init__(self, node: str, *args: str) -> None:
        self.process = start_engine(node, *args)
        self.id = 0

    def line(self, op: str, **fields: Any) -> str:
        """Send one request; the engine's answer line as it wrote it."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.id += 1
        self.process.stdin.write(json.dumps({"id": self.id, "op": op, **fields}) + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline()

    def ask(self, op: str, **fields: Any) -> tuple[str, Any]:
        return read_answer(self.line(op, **fields).encode(), self.id)

    def end(self) -> tuple[int, str]:
        """Close the input; the exit status and standard error."""
        _, err = self.process.communicate(timeout=10)
        return self.process.returncode, err
