"""Duck & Cover (Captain Games): the rules of all three editions, executable.

The package reads like the rulebook: :mod:`~rulespec.duck_cover.cards`,
:mod:`~rulespec.duck_cover.grid` (setup and coordinates),
:mod:`~rulespec.duck_cover.rules` (the turn, special cards, the end of a
round), :mod:`~rulespec.duck_cover.scoring`, :mod:`~rulespec.duck_cover.view`.
"""

from rulespec.duck_cover import render as render  # registers how states and views draw
from rulespec.duck_cover.actions import Action as Action
from rulespec.duck_cover.actions import Cover as Cover
from rulespec.duck_cover.actions import Deal as Deal
from rulespec.duck_cover.actions import Duck as Duck
from rulespec.duck_cover.actions import Give as Give
from rulespec.duck_cover.actions import Place as Place
from rulespec.duck_cover.actions import PlayerAction as PlayerAction
from rulespec.duck_cover.actions import Quack as Quack
from rulespec.duck_cover.actions import Reshuffle as Reshuffle
from rulespec.duck_cover.cards import DRAW_DECK as DRAW_DECK
from rulespec.duck_cover.cards import MAX as MAX
from rulespec.duck_cover.cards import REPEAT as REPEAT
from rulespec.duck_cover.cards import SPLASHES as SPLASHES
from rulespec.duck_cover.game import GAME as GAME
from rulespec.duck_cover.game import DuckAndCover as DuckAndCover
from rulespec.duck_cover.grid import Grid as Grid
from rulespec.duck_cover.grid import Position as Position
from rulespec.duck_cover.position import position as position
from rulespec.duck_cover.state import Options as Options
from rulespec.duck_cover.state import Phase as Phase
from rulespec.duck_cover.state import State as State
from rulespec.duck_cover.view import GridView as GridView
from rulespec.duck_cover.view import StackView as StackView
from rulespec.duck_cover.view import View as View
