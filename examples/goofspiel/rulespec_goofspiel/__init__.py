"""Goofspiel with a shuffled prize deck, written with rulespec as a game of its own.

Each player holds a suit of cards; a shuffled prize suit is turned up one card at a
time, every player bids a card on it at once and in secret, and the single highest
bid takes the prize. The package reads like the rules: :mod:`~rulespec_goofspiel.state`
and :mod:`~rulespec_goofspiel.actions` (what the game is made of, and what is
hidden), :mod:`~rulespec_goofspiel.rules` (the rules, pure functions) and
:mod:`~rulespec_goofspiel.game` (the game object rulespec's tools call), found by
rulespec through the ``rulespec.games`` entry point of the package's
``pyproject.toml``.
"""

from rulespec_goofspiel.actions import Bid as Bid
from rulespec_goofspiel.actions import Shuffle as Shuffle
from rulespec_goofspiel.game import GAME as GAME
from rulespec_goofspiel.game import Goofspiel as Goofspiel
from rulespec_goofspiel.state import Options as Options
from rulespec_goofspiel.state import Phase as Phase
from rulespec_goofspiel.state import State as State
from rulespec_goofspiel.state import View as View
