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
state machine per game to subclass (:class:`DuckAndCoverMachine`,
:class:`DuoMachine`, :class:`CanardageMachine`), the golden records
(:mod:`rulespec.testing.golden`), the engine protocol for engines in any
language (:class:`WireAdapter`, :mod:`rulespec.testing.wire`), and per-game knowledge in
``rulespec.testing.<game package>`` (:mod:`rulespec.testing.duck_cover`,
:mod:`rulespec.testing.duo`, :mod:`rulespec.testing.canardage`).

Importing the package imports none of these: each name is loaded from its module
when first asked for, so that the engine protocol's side
(:mod:`rulespec.testing.serve`, :mod:`rulespec.testing.wire`) starts without
Hypothesis.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

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
    from rulespec.testing.canardage import CanardageMachine as CanardageMachine
    from rulespec.testing.check import CheckResult as CheckResult
    from rulespec.testing.check import Divergence as Divergence
    from rulespec.testing.check import DivergenceError as DivergenceError
    from rulespec.testing.check import check as check
    from rulespec.testing.duck_cover import DuckAndCoverMachine as DuckAndCoverMachine
    from rulespec.testing.duo import DuoMachine as DuoMachine
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
    "CanardageMachine": "rulespec.testing.canardage",
    "CheckResult": "rulespec.testing.check",
    "ConformanceMachine": "rulespec.testing.machine",
    "Divergence": "rulespec.testing.check",
    "DivergenceError": "rulespec.testing.check",
    "DuckAndCoverMachine": "rulespec.testing.duck_cover",
    "DuoMachine": "rulespec.testing.duo",
    "GameKit": "rulespec.testing.kit",
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
    "check": "rulespec.testing.check",
    "check_record": "rulespec.testing.replay",
    "kit_for": "rulespec.testing.kit",
    "register_kit": "rulespec.testing.kit",
    "shrink_budget": "rulespec.testing.budget",
    "strategies": "rulespec.testing.strategies",
}
"""The module that defines each public name."""


_MODULES = frozenset({"strategies"})
"""The public names that are modules themselves."""


class _Package(types.ModuleType):
    def __getattr__(self, name: str) -> object:
        home = _HOME.get(name)
        if home is None:
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        value = importlib.import_module(home)
        setattr(self, name, value)
        return getattr(self, name)

    def __setattr__(self, name: str, value: object) -> None:
        # Importing the submodule ``check`` binds it here; the public name is its function.
        if name in _HOME and name not in _MODULES and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *_HOME})


sys.modules[__name__].__class__ = _Package


__all__ = [
    "Adapter",
    "CanardageMachine",
    "CheckResult",
    "ConformanceMachine",
    "Divergence",
    "DivergenceError",
    "DuckAndCoverMachine",
    "DuoMachine",
    "GameKit",
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
