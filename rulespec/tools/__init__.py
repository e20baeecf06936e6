"""Tools that work with any game, above the games and below the front ends.

The core is the game protocol; the tools use it, on every registered game
alike, and the command line, the Sphinx extension and the conformance kit use
the tools:

- :mod:`rulespec.tools.simulation`: play many games with policies, checking
  the invariants at every step, and sum up what they show;
- :mod:`rulespec.tools.search`: a player that searches (information-set Monte
  Carlo tree search);
- :mod:`rulespec.tools.verifier`: replay a game record from any program and
  report a clean result or its first illegal step;
- :mod:`rulespec.tools.trace`: which code implements each clause and which
  tests check it;
- :mod:`rulespec.tools.export`: the catalogue, with that traceability, as a
  sphinx-needs ``needs.json``.

A tool imports the core only, and reaches a game through the registry
(:func:`rulespec.game`). The package exports the main names of each tool; a
tool's module is imported when one of its names is first asked for, so using
one tool loads no other.

>>> import rulespec
>>> from rulespec.tools import simulate, summarize, verify
>>> results = list(simulate(rulespec.game("duo"), 2, 2, seed=3))
>>> summarize(results).games
2
>>> verify(rulespec.Record.play(rulespec.game("duo"), players=2, seed=3).to_json()).legal
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rulespec.tools.export import needs_fields, needs_json, write_needs_json
    from rulespec.tools.search import Search
    from rulespec.tools.simulation import (
        GameResult,
        InvariantBroken,
        Policy,
        SeatPolicies,
        SeatStatistics,
        Spread,
        Statistics,
        WinShare,
        play,
        random_policy,
        simulate,
        summarize,
        wilson,
        win_shares,
    )
    from rulespec.tools.trace import (
        CodeRef,
        Gap,
        TestRef,
        Trace,
        gaps,
        implementations_of,
        test_citations,
    )
    from rulespec.tools.verifier import IllegalStep, Verdict, VerifyError, verify, verify_file

__all__ = [
    "CodeRef",
    "GameResult",
    "Gap",
    "IllegalStep",
    "InvariantBroken",
    "Policy",
    "Search",
    "SeatPolicies",
    "SeatStatistics",
    "Spread",
    "Statistics",
    "TestRef",
    "Trace",
    "Verdict",
    "VerifyError",
    "WinShare",
    "gaps",
    "implementations_of",
    "needs_fields",
    "needs_json",
    "play",
    "random_policy",
    "simulate",
    "summarize",
    "test_citations",
    "verify",
    "verify_file",
    "wilson",
    "win_shares",
    "write_needs_json",
]

_HOMES = {
    "export": ("needs_fields", "needs_json", "write_needs_json"),
    "search": ("Search",),
    "simulation": (
        "GameResult",
        "InvariantBroken",
        "Policy",
        "SeatPolicies",
        "SeatStatistics",
        "Spread",
        "Statistics",
        "WinShare",
        "play",
        "random_policy",
        "simulate",
        "summarize",
        "wilson",
        "win_shares",
    ),
    "trace": (
        "CodeRef",
        "Gap",
        "TestRef",
        "Trace",
        "gaps",
        "implementations_of",
        "test_citations",
    ),
    "verifier": ("IllegalStep", "Verdict", "VerifyError", "verify", "verify_file"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}
"""The module of each name in ``__all__`` (the imports above, for type checkers)."""


def __getattr__(name: str) -> object:
    """A tool's exported name, from the module that defines it (imported on first use)."""
    try:
        module = _HOME[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
