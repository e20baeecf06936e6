"""The Goofspiel game object: what rulespec's tools call.

A plug-in's game is a :class:`rulespec.plugin.RulesGame`: it names its classes (so
that every method can refuse an argument of the wrong type), its rules module (whose
functions become the methods), its codec, its invariants and its declaration.
Everything else (the view, sampling, drawing, the integer encodings) comes from
rulespec's defaults; the game adds its statistics and a policy of its own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rulespec.core.game import Game, Policy, random_policy
from rulespec.plugin import RulesGame
from rulespec_goofspiel import codec, rules
from rulespec_goofspiel.actions import Action, Bid, Shuffle
from rulespec_goofspiel.declaration import DECLARATION
from rulespec_goofspiel.invariants import INVARIANTS, TRANSITION_INVARIANTS
from rulespec_goofspiel.state import Options, State, View

__all__ = ["GAME", "Goofspiel", "match_policy"]


def match_policy(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Bid:
    """Bid the card closest to the prize's value (the lower one of two as close).

    >>> import rulespec
    >>> goof = rulespec.game("goofspiel")
    >>> state = goof.start(2, seed=1)
    >>> match_policy(goof, state, 0, random.Random(0)).card == state.prize
    True
    """
    bids: list[Bid] = list(g.legal_actions(state, player))
    return min(bids, key=lambda b: (abs(b.card - state.prize), b.card))


class Goofspiel(RulesGame[State, Action, View, Options]):
    """Goofspiel with a shuffled prize deck, 2–6 players, one bid each per prize.

    >>> import rulespec
    >>> goof = rulespec.game("goofspiel")
    >>> state = goof.start(3, seed=1)
    >>> goof.to_move(state), len(goof.legal_actions(state, 0))
    ((0, 1, 2), 13)
    """

    id = "goofspiel"
    name = "Goofspiel"
    min_players, max_players = rules.MIN_PLAYERS, rules.MAX_PLAYERS
    state_type, view_type, options_type = State, View, Options
    action_types, player_action_types = (Bid, Shuffle), (Bid,)
    declaration, rules, codec = DECLARATION, rules, codec
    chance_clause = "gs.setup.shuffle"
    invariants, transition_invariants = INVARIANTS, TRANSITION_INVARIANTS

    def events(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """``turn:won`` or ``turn:tie`` when a turn is resolved."""
        self._check_step(before, action, after)
        if type(action) is not Bid or not all(b is None for b in after.bids):
            return ()
        return ("turn:won",) if after.won != before.won else ("turn:tie",)

    def policies(self) -> Mapping[str, Policy]:
        """``random`` (uniform; the default) and ``match`` (bid the prize's value)."""
        return {"random": random_policy, "match": match_policy}


GAME = Goofspiel()
"""The game, as the ``rulespec.games`` entry point names it."""
