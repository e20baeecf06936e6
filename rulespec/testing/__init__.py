"""The conformance kit: check another engine of these games against rulespec.

Install it with ``pip install rulespec[testing]`` (it needs Hypothesis).
Write an :class:`Adapter` for your engine, then call :func:`check` in a test:

.. code-block:: python

    from rulespec.testing import check

    def test_my_engine_follows_the_rules() -> None:
        check(MyAdapter(), "duck-and-cover")

Also here: the Hypothesis strategies (:mod:`rulespec.testing.strategies`), a
state machine per game to subclass (:class:`DuckAndCoverMachine`,
:class:`DuoMachine`, :class:`CanardageMachine`), the golden records
(:mod:`rulespec.testing.golden`), the engine protocol for engines in any
language (:class:`WireAdapter`, :mod:`rulespec.testing.wire`), and per-game knowledge in
``rulespec.testing.<game package>`` (:mod:`rulespec.testing.duck_cover`,
:mod:`rulespec.testing.duo`, :mod:`rulespec.testing.canardage`).
"""

from rulespec.testing import strategies as strategies
from rulespec.testing.adapter import Adapter as Adapter
from rulespec.testing.adapter import Refused as Refused
from rulespec.testing.adapter import Setup as Setup
from rulespec.testing.adapter import capabilities as capabilities
from rulespec.testing.canardage import CanardageMachine as CanardageMachine
from rulespec.testing.check import CheckResult as CheckResult
from rulespec.testing.check import Divergence as Divergence
from rulespec.testing.check import DivergenceError as DivergenceError
from rulespec.testing.check import check as check
from rulespec.testing.check import shrink_budget as shrink_budget
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
    "ProtocolError",
    "ReferenceAdapter",
    "Refused",
    "Setup",
    "Step",
    "WireAdapter",
    "capabilities",
    "check",
    "check_record",
    "kit_for",
    "register_kit",
    "shrink_budget",
    "strategies",
]
