"""Canardage (Gigamic, 2007 French rulebook): the rules, executable.

The package reads like the rulebook: :mod:`~rulespec.canardage.cards`,
:mod:`~rulespec.canardage.line` (the line of fire and its coordinates),
:mod:`~rulespec.canardage.actions` (what one action is),
:mod:`~rulespec.canardage.rules` (setup, the turn, the sixteen cards, the
end), :mod:`~rulespec.canardage.scoring`, :mod:`~rulespec.canardage.view`.
"""

from rulespec.canardage import render as render  # registers how states and views draw
from rulespec.canardage.actions import Action as Action
from rulespec.canardage.actions import Deal as Deal
from rulespec.canardage.actions import Discard as Discard
from rulespec.canardage.actions import Disperse as Disperse
from rulespec.canardage.actions import Play as Play
from rulespec.canardage.actions import PlayerAction as PlayerAction
from rulespec.canardage.actions import Reshuffle as Reshuffle
from rulespec.canardage.actions import Stack as Stack
from rulespec.canardage.cards import DEFAULT_ACTION_DECK as DEFAULT_ACTION_DECK
from rulespec.canardage.cards import WATER as WATER
from rulespec.canardage.cards import Card as Card
from rulespec.canardage.game import GAME as GAME
from rulespec.canardage.game import Canardage as Canardage
from rulespec.canardage.policy import random_card_policy as random_card_policy
from rulespec.canardage.position import position as position
from rulespec.canardage.state import Options as Options
from rulespec.canardage.state import Phase as Phase
from rulespec.canardage.state import State as State
from rulespec.canardage.view import View as View
