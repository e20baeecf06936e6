"""A hash seed for a child process that differs from the one this process uses."""

from __future__ import annotations

import os


def other_hash_seed() -> str:
    """A ``PYTHONHASHSEED`` for a child process that differs from this process's own.

    This process hashes with a random seed unless ``PYTHONHASHSEED`` fixes one; ``"0"``
    turns randomization off, so it differs from a random seed, and ``"1"`` differs from it.

    >>> other_hash_seed() != os.environ.get("PYTHONHASHSEED")
    True
    """
    return "1" if os.environ.get("PYTHONHASHSEED") == "0" else "0"
