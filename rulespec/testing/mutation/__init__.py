"""Sampled mutation testing: how many small bugs in the rules do the tests catch?

A mutant is a copy of a module with one small change (``<`` made ``<=``, a
``+`` made ``-``, a number plus one, a statement deleted...). A seeded sample
of mutants is drawn (:func:`sample`), and the tests run against each in a
copy of the project (:func:`run`): a mutant the tests pass is a survivor,
either *equivalent* (it changes no behaviour) or a gap in the tests.

It needs nothing beyond pytest and works on any project's modules; from the
command line, ``python -m rulespec.testing.mutation --help``.
"""

from rulespec.testing.mutation.mutants import KINDS as KINDS
from rulespec.testing.mutation.mutants import Mutant as Mutant
from rulespec.testing.mutation.mutants import mutants_of as mutants_of
from rulespec.testing.mutation.mutants import sample as sample
from rulespec.testing.mutation.mutants import sound as sound
from rulespec.testing.mutation.runner import Outcome as Outcome
from rulespec.testing.mutation.runner import Run as Run
from rulespec.testing.mutation.runner import order_tests as order_tests
from rulespec.testing.mutation.runner import run as run

__all__ = [
    "KINDS",
    "Mutant",
    "Outcome",
    "Run",
    "mutants_of",
    "order_tests",
    "run",
    "sample",
    "sound",
]
