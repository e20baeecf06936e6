"""What a game written as a plug-in gets without writing it: the game object derived
from its rules module, the view and the sampling from its hidden fields, a plain text
drawing and integer encodings.

The layer sits above the core and below the games that use it; a plug-in writes its
state and action classes, its rules, its catalogue and its declaration, and takes
the rest from here (see :doc:`/guides/your-own-game`).

The layer's rule: the tools for writing a game live here, the built-in games use
them as a plug-in does, and they import only the core, the drawing helpers and the
rulebook. The core keeps the protocol, records and the codecs' machinery, and
imports nothing from here; importing ``rulespec`` does not load this package.
"""

from rulespec.plugin.game import Listed as Listed
from rulespec.plugin.game import RulesGame as RulesGame
from rulespec.plugin.game import drawn as drawn
from rulespec.plugin.game import evolve as evolve
from rulespec.plugin.game import listed as listed
from rulespec.plugin.hidden import order_hidden as order_hidden
from rulespec.plugin.hidden import own_hands as own_hands
from rulespec.plugin.hidden import own_only as own_only
from rulespec.plugin.hidden import view_class as view_class
from rulespec.plugin.tuples import replaced as replaced
from rulespec.plugin.tuples import without as without

__all__ = [
    "Listed",
    "RulesGame",
    "drawn",
    "evolve",
    "listed",
    "order_hidden",
    "own_hands",
    "own_only",
    "replaced",
    "view_class",
    "without",
]
