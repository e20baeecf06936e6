"""Duo (Ravensburger): the rules of the French rulebook, executable.

The package reads like the rulebook: :mod:`~rulespec.duo.cards` (the deck),
:mod:`~rulespec.duo.matching` (which card goes on which),
:mod:`~rulespec.duo.rules` (setup, the turn, the end of a round),
:mod:`~rulespec.duo.scoring`, :mod:`~rulespec.duo.view`; the action model
is in :mod:`~rulespec.duo.actions`.
"""

from rulespec.duo import render as render  # registers how states and views draw
from rulespec.duo.actions import Action as Action
from rulespec.duo.actions import Deal as Deal
from rulespec.duo.actions import Draw as Draw
from rulespec.duo.actions import Play as Play
from rulespec.duo.actions import PlayerAction as PlayerAction
from rulespec.duo.actions import Stop as Stop
from rulespec.duo.cards import BASE_DECK as BASE_DECK
from rulespec.duo.cards import COLOURS as COLOURS
from rulespec.duo.cards import JOKERS as JOKERS
from rulespec.duo.cards import NUMBERS as NUMBERS
from rulespec.duo.cards import SHAPES as SHAPES
from rulespec.duo.cards import SYMBOLS as SYMBOLS
from rulespec.duo.cards import TURBO as TURBO
from rulespec.duo.cards import TURBO_DECK as TURBO_DECK
from rulespec.duo.cards import Card as Card
from rulespec.duo.cards import card_name as card_name
from rulespec.duo.cards import parse_card as parse_card
from rulespec.duo.cards import symbol as symbol
from rulespec.duo.game import GAME as GAME
from rulespec.duo.game import Duo as Duo
from rulespec.duo.matching import fits as fits
from rulespec.duo.policies import greedy_policy as greedy_policy
from rulespec.duo.position import position as position
from rulespec.duo.state import Options as Options
from rulespec.duo.state import Phase as Phase
from rulespec.duo.state import State as State
from rulespec.duo.view import View as View
