"""Fixtures of the tests of the example JavaScript engine."""

from __future__ import annotations

import pytest

from tests.testing.canardage.node import node_program


@pytest.fixture
def node() -> str:
    """The ``node`` program (see :func:`node_program`)."""
    return node_program()
