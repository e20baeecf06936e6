"""rulespec: the executable, citable rulebook of Duck & Cover, Duo and Canardage.

>>> import rulespec
>>> dc = rulespec.game("duck-and-cover")
>>> state = dc.start(players=4, seed=1)
>>> dc.to_move(state)
(0, 1, 2, 3)
"""

import typing as _typing

from rulespec.core.chance import CHANCE as CHANCE
from rulespec.core.chance import Chance as Chance
from rulespec.core.errors import IllegalAction as IllegalAction
from rulespec.core.errors import PositionError as PositionError
from rulespec.core.errors import RecordError as RecordError
from rulespec.core.game import Game as Game
from rulespec.core.game import game as game
from rulespec.core.game import games as games
from rulespec.core.invariants import Invariant as Invariant
from rulespec.core.invariants import TransitionInvariant as TransitionInvariant
from rulespec.core.invariants import Violation as Violation
from rulespec.core.record import Record as Record
from rulespec.core.record import ReplayError as ReplayError
from rulespec.core.version import __version__ as __version__
from rulespec.discovery import PluginFailure as PluginFailure
from rulespec.discovery import plugin_failures as plugin_failures
from rulespec.rulebook.clauses import Catalogue as Catalogue
from rulespec.rulebook.clauses import CatalogueError as CatalogueError
from rulespec.rulebook.clauses import Clause as Clause
from rulespec.rulebook.clauses import catalogue as catalogue
from rulespec.rulebook.clauses import clause as clause
from rulespec.rulebook.clauses import clauses as clauses
from rulespec.rulebook.implements import implementations as implementations
from rulespec.rulebook.implements import implements as implements
from rulespec.rulebook.readings import ReadingError as ReadingError
from rulespec.rulebook.readings import reading_options as reading_options
from rulespec.rulebook.readings import readings as readings

__all__ = [
    "CHANCE",
    "Catalogue",
    "CatalogueError",
    "Chance",
    "Clause",
    "Game",
    "IllegalAction",
    "Invariant",
    "PluginFailure",
    "PositionError",
    "ReadingError",
    "Record",
    "RecordError",
    "ReplayError",
    "TransitionInvariant",
    "Violation",
    "catalogue",
    "clause",
    "clauses",
    "game",
    "games",
    "implementations",
    "implements",
    "plugin_failures",
    "reading_options",
    "readings",
]


def __getattr__(name: str) -> _typing.Any:
    """A game's package, such as ``rulespec.duo``, imported on first use: the games come
    from the ``rulespec.games`` entry points, and ``import rulespec`` imports none."""
    if not name.startswith("__"):
        games()
    found = globals().get(name)
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return found
