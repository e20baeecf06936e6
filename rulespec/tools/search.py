"""A player that searches: information-set Monte Carlo tree search from one seat.

:class:`Search` is a :data:`~rulespec.tools.simulation.Policy` for every game.
At each decision it runs a budget of *playouts*; each one

1. draws a full state that shows the player's view
   (:meth:`~rulespec.core.game.Game.sample_state`, a *determinisation*: the
   hidden cards dealt at random);
2. walks down the player's own tree of decisions, keyed by the actions'
   values: at each of the player's turns the node counts every tried action
   legal in this determinisation as *available*, expands the action the
   game's default policy draws when the node has not tried it yet, and else
   follows the tried action with the best upper confidence bound
   ``mean + exploration * sqrt(ln(available) / visits)``;
3. plays on with the game's default policy (:attr:`Game.default_policy`) for
   every player until the playout ends;
4. adds its reward to every action taken in the tree.

Only the searching player has nodes: the other players' moves, even in the
tree, come from the default policy, and chance steps are drawn with the
policy's ``rng`` as they come. When several players are to move at once (Duck
& Cover's simultaneous turns), the others choose before the searching player,
so no choice sees another's. The search is therefore a best reply to
opponents who play the default policy.

A playout ends with the game, at the end of the round it is in, or (for a game
whose ``heuristic`` module sets a ``HORIZON``) before the player's move
number ``HORIZON + 1``, counted from the decision searched. Its reward, for
the searching player:

* the game is over with winners: 1 for a sole win, ``1/k`` for a victory
  shared by ``k`` players, 0 for a loss;
* the game is over with no winner (Duo's round cap for simulations): 0;
* otherwise, by the scores gained since the decision (a game's ``heuristic``
  module may give a ``standing`` that counts the round in progress; else
  :meth:`Game.scores`): the share of the other players who gained less, a
  tie counting one half (1 for the best gain alone, 0 for the worst).

The action played is the one tried most often (ties: the better mean, then
the earlier in the legal order). Everything random is drawn from the
policy's ``rng``, so a seed gives the same game.

>>> import random, rulespec
>>> duo = rulespec.game("duo")
>>> state = duo.start(2, seed=3)
>>> player = duo.to_move(state)[0]
>>> bot = Search(playouts=20)
>>> move = bot(duo, state, player, random.Random(1))
>>> move in duo.legal_actions(state, player)
True
>>> move == bot(duo, state, player, random.Random(1))
True
"""

from __future__ import annotations

import functools
import importlib
import math
import random
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.checks import wrong_type
from rulespec.core.game import Game

__all__ = ["DEFAULT_PLAYOUTS", "NAME", "Search", "parse", "reward"]

NAME = "search"
"""The policy's name on the command line: ``search`` or ``search:PLAYOUTS``."""

DEFAULT_PLAYOUTS = 100
"""The budget of ``search`` without a number: playouts per decision."""

Standing = Callable[[Any], Sequence[int]]


def _playouts(_: object, __: object, value: object) -> None:
    if type(value) is not int:
        raise wrong_type("playouts", value, "an integer")
    if value < 1:
        raise ValueError(f"playouts must be at least 1, not {value}")


def _exploration(_: object, __: object, value: object) -> None:
    if type(value) not in (int, float):
        raise wrong_type("exploration", value, "a number")
    if not 0 <= value < math.inf:  # type: ignore[operator]
        raise ValueError(f"exploration must be a finite number from 0, not {value}")


@attrs.frozen
class Search:
    """Information-set Monte Carlo tree search with ``playouts`` playouts a decision.

    A decision with a single legal action is taken at once, without search.
    Picklable, so it plays on worker processes too.

    >>> Search(playouts=50).name
    'search:50'
    >>> Search(playouts=0)
    Traceback (most recent call last):
      ...
    ValueError: playouts must be at least 1, not 0
    """

    playouts: int = attrs.field(default=DEFAULT_PLAYOUTS, validator=_playouts)
    exploration: float = attrs.field(default=0.7, validator=_exploration)
    """The weight of the confidence bound against the mean reward."""

    @property
    def name(self) -> str:
        """The policy's name on the command line."""
        return f"{NAME}:{self.playouts}"

    def __call__(
        self, g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random
    ) -> Any:
        """The action ``player`` takes in ``state``, from ``player``'s view only."""
        if not isinstance(g, Game):
            raise wrong_type("g", g, "a game")
        if not isinstance(rng, random.Random):
            raise wrong_type("rng", rng, "a random.Random")
        legal = g.legal_actions(state, player)
        if len(legal) == 1:
            return legal[0]
        if not legal:
            raise ValueError(f"player {player} has nothing to do now")
        return _Searcher(g, player, rng, self.exploration, state).run(
            g.view(state, player), self.playouts, legal
        )


def parse(text: str) -> Search | None:
    """The :class:`Search` a command line names (``search`` or ``search:N``), or
    ``None`` for another policy's name; :class:`ValueError` for a bad budget.

    >>> parse("search:30"), parse("search") == Search(), parse("random")
    (Search(playouts=30, exploration=0.7), True, None)
    >>> parse("search:many")
    Traceback (most recent call last):
      ...
    ValueError: 'search:many': after 'search:' comes a number of playouts, e.g. search:200
    """
    name, colon, budget = text.partition(":")
    if name != NAME:
        return None
    if not colon:
        return Search()
    if not budget.isdigit() or not budget.isascii():
        raise ValueError(f"{text!r}: after '{NAME}:' comes a number of playouts, e.g. {NAME}:200")
    return Search(playouts=int(budget))


def reward(
    g: Game[Any, Any, Any, Any],
    start: Any,
    end: Any,
    player: int,
    standing: Standing | None = None,
) -> float:
    """What a playout from ``start`` to ``end`` is worth to ``player``, from 0 to 1.

    A finished game pays its result (1 alone, ``1/k`` shared by ``k``, 0 lost or
    no winner); an unfinished one ranks the scores gained on the way
    (``standing``, by default :meth:`Game.scores`) against the other players'.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> start = duo.position([["red-3-circle"], ["yellow-4-cross", "blue-1-square"]],
    ...                      [["red-3-cross"], ["green-2-square"]])
    >>> end = duo.apply(start, duo.legal_actions(start, 0)[0])  # player 0 goes out
    >>> duo.is_over(end), duo.scores(end)
    (False, (2, 0))
    >>> reward(duo, start, end, 0), reward(duo, start, end, 1)
    (1.0, 0.0)
    """
    if g.is_over(end):
        winners = g.winners(end)
        return 1 / len(winners) if player in winners else 0.0
    score = g.scores if standing is None else standing
    before, after = score(start), score(end)
    sign = -1 if g.lowest_score_wins else 1
    gains = [sign * (a - b) for a, b in zip(after, before, strict=True)]
    mine = gains[player]
    beaten = sum(1 for x in gains if x < mine)
    tied = sum(1 for x in gains if x == mine) - 1
    return (beaten + tied / 2) / (len(gains) - 1)


@functools.cache
def _heuristic(reference: str | None) -> ModuleType | None:
    """The heuristic module a game declares, if it declares one."""
    return None if reference is None else importlib.import_module(reference)


class _Node:
    """One of the searching player's actions in the tree: its statistics and what
    the player did next."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Any, _Node] = {}


class _Searcher:
    """One decision's search."""

    def __init__(
        self,
        g: Game[Any, Any, Any, Any],
        player: int,
        rng: random.Random,
        exploration: float,
        state: Any,
    ) -> None:
        self.g = g
        self.player = player
        self.rng = rng
        self.exploration = exploration
        self.options = getattr(state, "options", None)
        self.default = g.policies()[g.default_policy]
        module = _heuristic(g.declaration.heuristic)
        self.standing: Standing | None = getattr(module, "standing", None)
        self.horizon: int | None = getattr(module, "HORIZON", None)

    def run(self, view: Any, playouts: int, legal: Sequence[Any]) -> Any:
        root = _Node()
        for _ in range(playouts):
            self.playout(root, self.g.sample_state(view, self.rng, self.options))
        best: tuple[int, float, int] | None = None
        chosen = None
        for index, action in enumerate(legal):
            node = root.children.get(action)
            if node is None:
                continue
            key = (node.visits, node.total / node.visits, -index)
            if best is None or key > best:
                best, chosen = key, action
        return self.rng.choice(legal) if chosen is None else chosen

    def playout(self, root: _Node, start: Any) -> None:
        g, me, rng, default = self.g, self.player, self.rng, self.default
        is_over, to_move, apply, rounds = g.is_over, g.to_move, g.apply, g.rounds
        first_round = rounds(start)
        horizon = self.horizon
        state = start
        node: _Node | None = root
        path: list[_Node] = []
        moves = 0
        while not is_over(state) and rounds(state) == first_round:
            movers = to_move(state)
            if movers[0] == CHANCE:
                state = apply(state, g.sample_chance(state, rng))
                continue
            actor = next((p for p in movers if p != me), me)
            if actor != me:
                state = apply(state, default(g, state, actor, rng))
                continue
            if horizon is not None and moves == horizon:
                break
            moves += 1
            if node is None:
                state = apply(state, default(g, state, me, rng))
                continue
            action, child = self.select(node, state)
            path.append(child)
            node = child if child.visits else None
            state = apply(state, action)
        value = reward(g, start, state, me, self.standing)
        for child in path:
            child.visits += 1
            child.total += value

    def select(self, node: _Node, state: Any) -> tuple[Any, _Node]:
        """The action to take at ``node`` in this determinisation, and its node."""
        g, me = self.g, self.player
        drawn = self.default(g, state, me, self.rng)
        children = node.children
        legal = g.legal_actions(state, me)
        if drawn not in children:
            for other, known in children.items():
                if other in legal:
                    known.available += 1
            child = children[drawn] = _Node()
            child.available = 1
            return drawn, child
        log, c = math.log, self.exploration
        best = -math.inf
        chosen: tuple[Any, _Node] | None = None
        for action, child in children.items():
            if action not in legal:
                continue
            child.available += 1
            bound = child.total / child.visits + c * math.sqrt(log(child.available) / child.visits)
            if bound > best:
                best, chosen = bound, (action, child)
        assert chosen is not None  # the drawn action is legal and tried
        return chosen
