"""The ``rulespec`` command line."""

from rulespec.cli.main import main as main

__all__ = ["main"]
