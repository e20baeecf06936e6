"""The Goofspiel game object: what rulespec's tools call.

A game is a subclass of :class:`rulespec.Game`. It names its classes (so that
every method can refuse an argument of the wrong type), its rules module (the
base class forwards ``scores``, ``winners``, ``view`` and ``is_over`` to it),
its codec and encoding modules, its invariants and its declaration, and
implements the few methods that only the game can: ``new_game``,
``to_move``, ``legal_actions``, ``chance``, ``chance_action``, ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rulespec import Chance, Game, IllegalAction
from rulespec.core.checks import integer, seat
from rulespec.core.checks import outcome as checked_outcome
from rulespec.core.game import Policy, random_policy
from rulespec_goofspiel import codec, encoding, rules, sampling
from rulespec_goofspiel.actions import Action, Bid, Shuffle
from rulespec_goofspiel.declaration import DECLARATION
from rulespec_goofspiel.invariants import INVARIANTS, TRANSITION_INVARIANTS
from rulespec_goofspiel.policies import match_policy
from rulespec_goofspiel.state import Options, Phase, State
from rulespec_goofspiel.view import View

__all__ = ["GAME", "Goofspiel"]


class Goofspiel(Game[State, Bid | Shuffle, View, Options]):
    """Goofspiel with a shuffled prize deck, 2–6 players, one bid each per prize.

    >>> import rulespec
    >>> goof = rulespec.game("goofspiel")
    >>> state = goof.start(3, seed=1)
    >>> goof.to_move(state), len(goof.legal_actions(state, 0))
    ((0, 1, 2), 13)
    """

    id = "goofspiel"
    name = "Goofspiel"
    min_players = rules.MIN_PLAYERS
    max_players = rules.MAX_PLAYERS
    state_type = State
    action_types = (Bid, Shuffle)
    player_action_types = (Bid,)
    options_type = Options
    view_type = View
    declaration = DECLARATION
    rules = rules
    codec = codec
    encoding = encoding
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    def new_game(self, players: int, options: Options | None = None) -> State:
        if options is not None:
            self._check_options(options)
        return rules.new_game(integer(players, "players"), options)

    def to_move(self, state: State) -> tuple[int, ...]:
        self._check_state(state)
        return rules.to_move(state)

    def legal_actions(self, state: State, player: int) -> Sequence[Bid]:
        self._check_state(state)
        return rules.legal_actions(state, seat(player, state.players, "gs.setup.players"))

    def chance(self, state: State) -> Chance:
        self._check_state(state)
        return Chance(
            "shuffle",
            "the prize suit is shuffled face down; its top card is the first prize",
            rules.chance_piles(state),
        )

    def chance_action(self, state: State, outcome: Sequence[Sequence[Any]]) -> Shuffle:
        self._check_state(state)
        if state.phase is not Phase.SHUFFLE:
            raise IllegalAction("gs.setup.shuffle", "the prize deck is shuffled only at the start")
        (order,) = checked_outcome(outcome, 1, "gs.setup.shuffle")
        action = Shuffle(order)
        rules.check_shuffle(state, action)
        return action

    def apply(self, state: State, action: Action) -> State:
        self._check_state(state)
        self._check_action(action)
        return rules.apply(state, action)

    def _sample_state(self, view: View, rng: random.Random, options: Options) -> State:
        """The prize deck's order and the others' secret bids, drawn uniformly (see
        :mod:`rulespec_goofspiel.sampling`)."""
        return sampling.sample_state(view, rng, options)

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
