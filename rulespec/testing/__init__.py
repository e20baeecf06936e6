"""The conformance kit: check another engine of these games against rulespec.

Install it with the ``testing`` extra (it needs Hypothesis), from a clone of the
repository: ``uv sync --extra testing``, or ``pip install ".[testing]"``.
Write an :class:`Adapter` for your engine, then call :func:`check` in a test:

.. code-block:: python

    from rulespec.testing import check

    def test_my_engine_follows_the_rules() -> None:
        check(MyAdapter(), "duck-and-cover")

:func:`check_record` plays a given record (the one of a report, say) through
the same comparison. Each game's kit module documents, in ``canonical``,
what of a state the rules define and what is left out of the comparison.

Also here: the Hypothesis strategies (:mod:`rulespec.testing.strategies`), a
state machine per game to subclass (``DuckAndCoverMachine``, ``DuoMachine``,
``CanardageMachine``: each game's kit module names its own), the golden records
(:mod:`rulespec.testing.golden`), the engine protocol for engines in any
language (:class:`WireAdapter`, :mod:`rulespec.testing.wire`), and per-game knowledge in
the kit module each game declares (``kit`` in :mod:`rulespec.core.declaration`).

Importing the package imports none of these: each name is loaded from its module
when first asked for, so that the engine protocol's side
(:mod:`rulespec.testing.serve`, :mod:`rulespec.testing.wire`) starts without
Hypothesis.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from rulespec.extras import EXTRAS, MissingExtra

if TYPE_CHECKING:
    from rulespec.testing import strategies as strategies
    from rulespec.testing.adapter import Adapter as Adapter
    from rulespec.testing.adapter import Inexpressible as Inexpressible
    from rulespec.testing.adapter import Query as Query
    from rulespec.testing.adapter import Refused as Refused
    from rulespec.testing.adapter import Setup as Setup
    from rulespec.testing.adapter import Unsupported as Unsupported
    from rulespec.testing.adapter import capabilities as capabilities
    from rulespec.testing.budget import shrink_budget as shrink_budget
    from rulespec.testing.checking import CheckResult as CheckResult
    from rulespec.testing.checking import Divergence as Divergence
    from rulespec.testing.checking import DivergenceError as DivergenceError
    from rulespec.testing.checking import InconclusiveError as InconclusiveError
    from rulespec.testing.checking import check as check
    from rulespec.testing.kit import GameKit as GameKit
    from rulespec.testing.kit import Step as Step
    from rulespec.testing.kit import kit_for as kit_for
    from rulespec.testing.kit import register_kit as register_kit
    from rulespec.testing.machine import ConformanceMachine as ConformanceMachine
    from rulespec.testing.reference import ReferenceAdapter as ReferenceAdapter
    from rulespec.testing.replay import check_record as check_record
    from rulespec.testing.wire import ProtocolError as ProtocolError
    from rulespec.testing.wire import WireAdapter as WireAdapter

_HOME: dict[str, str] = {
    "Adapter": "rulespec.testing.adapter",
    "CheckResult": "rulespec.testing.checking",
    "ConformanceMachine": "rulespec.testing.machine",
    "Divergence": "rulespec.testing.checking",
    "DivergenceError": "rulespec.testing.checking",
    "GameKit": "rulespec.testing.kit",
    "InconclusiveError": "rulespec.testing.checking",
    "Inexpressible": "rulespec.testing.adapter",
    "Query": "rulespec.testing.adapter",
    "ProtocolError": "rulespec.testing.wire",
    "ReferenceAdapter": "rulespec.testing.reference",
    "Refused": "rulespec.testing.adapter",
    "Setup": "rulespec.testing.adapter",
    "Step": "rulespec.testing.kit",
    "Unsupported": "rulespec.testing.adapter",
    "WireAdapter": "rulespec.testing.wire",
    "capabilities": "rulespec.testing.adapter",
    "check": "rulespec.testing.checking",
    "check_record": "rulespec.testing.replay",
    "kit_for": "rulespec.testing.kit",
    "register_kit": "rulespec.testing.kit",
    "shrink_budget": "rulespec.testing.budget",
}
"""The module that defines each public name."""


def _from_a_kit(name: str) -> Any:
    """``name`` from the kit module of a registered game (its state machine, such as
    ``DuoMachine``)."""
    from rulespec.core.game import games

    for g in games():
        reference = g.declaration.kit
        if reference is not None:
            module = importlib.import_module(reference)
            if name in getattr(module, "__all__", ()):
                return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _imported(module: str) -> Any:
    """``module``, or :class:`~rulespec.extras.MissingExtra` when it needs the ``testing``
    extra and the extra is not installed."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] in EXTRAS["testing"]:
            raise MissingExtra("testing", module, exc.name) from None
        raise


def __getattr__(name: str) -> Any:
    """Each public name, imported from its module when first asked for."""
    if name == "strategies":
        value: Any = _imported("rulespec.testing.strategies")
    elif name in _HOME:
        value = getattr(_imported(_HOME[name]), name)
    elif name.endswith("Machine"):
        value = _from_a_kit(name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME, "strategies"})


__all__ = [
    "Adapter",
    "CheckResult",
    "ConformanceMachine",
    "Divergence",
    "DivergenceError",
    "GameKit",
    "InconclusiveError",
    "Inexpressible",
    "ProtocolError",
    "Query",
    "ReferenceAdapter",
    "Refused",
    "Setup",
    "Step",
    "Unsupported",
    "WireAdapter",
    "capabilities",
    "check",
    "check_record",
    "kit_for",
    "register_kit",
    "shrink_budget",
    "strategies",
]
