"""``rulespec bench --baseline PROGRAM``: the same games timed by another program, for a
ratio.

The baseline is any program that plays whole games of the same game and prints its
speed as ``N full games/s`` or ``N rounds/s``. It is run as ``PROGRAM PLAYERS GAMES
SEED`` (with this Python when its name ends in ``.py``), with ``GAMES`` grown until it
runs about as long as the bench did. A line of its output may name a policy
(``greedy``, or ``uniform`` for ``random``): the bench of a policy reads the line that
names it, or else a line that names none.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

import attrs

from rulespec.cli.errors import CommandError

__all__ = ["BaselineRun", "Rate", "check", "compare", "rates", "run"]

_RATE = re.compile(r"(\d+(?:\.\d+)?)\s*(full games|rounds)/s\b")

_WORDS = {"random": ("random", "uniform")}
"""Other words that name a policy in a baseline's output."""

_PROBES = 6
"""How many times at most the baseline runs while its game count grows."""

_GROWTH = 10
"""How many times more games a run plays at most than the run before: the length of
one game varies, and a few games say little of the rest."""


@attrs.frozen
class Rate:
    """One speed that a baseline printed."""

    value: float
    """How many games or rounds per second."""
    unit: str
    """``"full games/s"`` or ``"rounds/s"``."""
    policy: str | None
    """The policy its line names (``"random"`` for ``uniform``), or ``None``."""
    word: str | None
    """The word of the line that names the policy, as printed."""


@attrs.frozen
class BaselineRun:
    """The last run of a baseline: what ran, for how long, and what it printed."""

    command: tuple[str, ...]
    """The program and its arguments, as the user would type them."""
    games: int
    seconds: float
    output: str


def _named(line: str, policies: Iterable[str]) -> tuple[str | None, str | None]:
    """The policy ``line`` names first, and the word that names it."""
    found: list[tuple[int, str, str]] = []
    for policy in policies:
        for word in _WORDS.get(policy, (policy,)):
            match = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", line, re.IGNORECASE)
            if match is not None:
                found.append((match.start(), policy, match.group()))
    if not found:
        return None, None
    _, policy, word = min(found)
    return policy, word


def rates(output: str, policies: Iterable[str]) -> list[Rate]:
    """Every rate in ``output``, the first of each line, with the policy the line names.

    >>> rates("4 players, greedy: 635.3 matches/s, 2211 rounds/s\\nwarm-up done", ["greedy"])
    [Rate(value=2211.0, unit='rounds/s', policy='greedy', word='greedy')]
    >>> rates("4 players: 35 full games/s (28.701 ms/game)", ["random"])
    [Rate(value=35.0, unit='full games/s', policy=None, word=None)]
    """
    names = tuple(policies)
    found = []
    for line in output.splitlines():
        match = _RATE.search(line)
        if match is not None:
            policy, word = _named(line, names)
            found.append(Rate(float(match.group(1)), match.group(2) + "/s", policy, word))
    return found


def check(path: str) -> None:
    """Refuse, before the bench starts, a baseline that is not a file."""
    if not Path(path).is_file():
        raise CommandError(f"--baseline {path}: no such file")


def _command(path: str) -> list[str]:
    return [sys.executable, path] if path.endswith(".py") else [path]


def _once(path: str, players: int, games: int, seed: int, timeout: float) -> BaselineRun:
    arguments = [str(players), str(games), str(seed)]
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [*_command(path), *arguments],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
            errors="replace",
        )
    except subprocess.TimeoutExpired:
        raise CommandError(f"--baseline {path}: still running after {timeout:.0f} s") from None
    except OSError as exc:
        raise CommandError(f"--baseline {path}: cannot run it ({exc.strerror or exc})") from None
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        last = [line.strip() for line in done.stderr.splitlines() if line.strip()]
        said = f": {last[-1]}" if last else ""
        raise CommandError(f"--baseline {path}: exited with status {done.returncode}{said}")
    return BaselineRun((path, *arguments), games, elapsed, done.stdout)


def run(path: str, players: int, seed: int, seconds: float) -> BaselineRun:
    """Run the baseline with a game count that makes it last about ``seconds``.

    It first plays one game; each next run scales the count by how far the last
    one fell short (its start-up time included, so the count rarely overshoots),
    at most tenfold, until a run lasts at least half of ``seconds``. A baseline that fails,
    or outlasts ``60 + 5 * seconds`` seconds, is a :class:`CommandError`.
    """
    timeout = 60 + 5 * seconds
    games = 1
    for _ in range(_PROBES - 1):
        done = _once(path, players, games, seed, timeout)
        if done.seconds >= seconds / 2:
            return done
        wanted = round(games * seconds / max(done.seconds, 1e-3))
        games = max(games + 1, min(games * _GROWTH, wanted))
    return _once(path, players, games, seed, timeout)


def compare(
    path: str,
    output: str,
    measured: Sequence[tuple[str, float, float]],
    policies: Iterable[str],
) -> list[str]:
    """The ratio lines: for each policy benched, ``(name, games/s, rounds/s)``, our rate
    over the rate the baseline ``output`` gives in the same unit; ``policies`` are the
    names of every policy of the game, that the baseline's lines may name.

    >>> out = "4 players, uniform: 2.3 matches/s, 983 rounds/s\\n4 players, greedy: 2211 rounds/s"
    >>> measured = [("greedy", 150.0, 600.0), ("random", 1.0, 50.0)]
    >>> for line in compare("base.py", out, measured, ["greedy", "random"]):
    ...     print(line)
    baseline, policy 'greedy' (its "greedy" line): 2211.0 rounds/s → ratio 0.27
    baseline, policy 'random' (its "uniform" line): 983.0 rounds/s → ratio 0.05
    >>> compare("base.py", "35 full games/s", [("random", 70.0, 210.0)], ["random"])
    ['baseline: 35.0 full games/s → ratio 2.00']
    """
    found = rates(output, policies)
    if not found:
        raise CommandError(f"--baseline {path}: printed no rate ('N full games/s' or 'N rounds/s')")
    lines = []
    for name, games_rate, rounds_rate in measured:
        rate = next((r for r in found if r.policy == name), None)
        rate = rate or next((r for r in found if r.policy is None), None)
        if rate is None:
            named = ", ".join(sorted({r.word or "" for r in found}))
            raise CommandError(
                f"--baseline {path}: printed no rate for policy {name!r} (its lines name {named})"
            )
        ours = games_rate if rate.unit == "full games/s" else rounds_rate
        if rate.policy is not None:
            which = f', policy {name!r} (its "{rate.word}" line)'
        elif len(measured) > 1:
            which = f", policy {name!r}"
        else:
            which = ""
        ratio = ours / rate.value if rate.value > 0 else float("inf")
        lines.append(f"baseline{which}: {rate.value:.1f} {rate.unit} → ratio {ratio:.2f}")
    return lines
