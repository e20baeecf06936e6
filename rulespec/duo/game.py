"""The Duo game object: the public face of the rules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulespec.core.chance import CHANCE, Chance
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game, Policy, random_policy
from rulespec.duo import codec, encoding, rules, sampling
from rulespec.duo.actions import Action, Deal, Draw, Play, Stop
from rulespec.duo.declaration import DECLARATION
from rulespec.duo.invariants import INVARIANTS, TRANSITION_INVARIANTS
from rulespec.duo.policies import greedy_policy
from rulespec.duo.position import position
from rulespec.duo.scoring import reached_target
from rulespec.duo.state import Options, Phase, State
from rulespec.duo.view import View
from rulespec.plugin import piles

__all__ = ["GAME", "Duo"]

_DEAL, _TURN, _OVER = Phase.DEAL, Phase.TURN, Phase.OVER
_ON_TURN = tuple((seat,) for seat in range(6))
_ONLY_CHANCE = (CHANCE,)
_STEP = rules.STEPS.get


class Duo(Game[State, Action, View, Options]):
    """Duo (Ravensburger), 2–6 players, rounds until a player reaches the target score.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.start(3, seed=1)
    >>> duo.to_move(state), len(duo.view(state, 0).hand)
    ((0,), 7)
    """

    id = "duo"
    name = "Duo"
    min_players = 2
    max_players = 6
    default_policy = "greedy"
    state_type = State
    action_types = (Play, Stop, Draw, Deal)
    player_action_types = (Play, Stop, Draw)
    options_type = Options
    view_type = View
    declaration = DECLARATION
    rules = rules
    codec = codec
    encoding = encoding
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    def to_move(self, state: State) -> tuple[int, ...]:
        if not isinstance(state, State):
            raise self._wrong_state(state)
        # rules.to_move, read here to spare a call on every step
        phase = state.phase
        if phase is _TURN:
            return _ON_TURN[state.turn]
        return _ONLY_CHANCE if phase is _DEAL else ()

    if TYPE_CHECKING:  # the rules' lazy sequence, through Game.legal_actions

        def legal_actions(self, state: State, player: int) -> rules.LegalActions: ...

    def chance(self, state: State) -> Chance:
        self._check_state(state)
        return Chance(
            "deal",
            "the deck is shuffled: seven cards to each player, two to start the discard "
            "piles, the rest as the draw pile",
            rules.chance_piles(state),
        )

    def _sample_chance(self, state: State, rng: random.Random) -> Action:
        """The deal drawn by the rules from the state's deck (see :func:`rules.drawn_deal`)."""
        return rules.drawn_deal(state, rng)

    def chance_action(self, state: State, outcome: Sequence[Sequence[Any]]) -> Action:
        self._check_state(state)
        if state.phase is not Phase.DEAL:
            raise IllegalAction("duo.setup.deal", "the match does not wait for a deal now")
        (order,) = piles.outcome(outcome, 1, "duo.setup.deal")
        action = Deal(order)
        rules.check_deal(state, action)
        return action

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(state, State):
            raise self._wrong_state(state)
        # The rule function of this kind of action; rules.apply refuses any other object.
        return _STEP(type(action), rules.apply)(state, action)

    def is_over(self, state: State) -> bool:
        # rules.is_over, read here to spare a call on every step
        if not isinstance(state, State):
            raise self._wrong_state(state)
        return state.phase is _OVER

    def _sample_state(self, view: View, rng: random.Random, options: Options) -> State:
        """The other hands, the draw pile and the covered cards of the discard piles are
        drawn at random, uniformly (see :mod:`rulespec.duo.sampling`: the covered cards
        of piles that cover more than eight cards only nearly so)."""
        return sampling.sample_state(view, rng, options)

    def rounds(self, state: State) -> int:
        self._check_state(state)
        return len(state.round_scores)

    def events(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """``play``, ``draw``, ``turn`` when a turn ends, ``round:empty-hand`` or
        ``round:exhausted-draw-pile`` when a round ends, ``match:round-limit`` when the
        round limit stops the match."""
        self._check_step(before, action, after)
        t = type(action)
        if t is Deal:
            return ()
        found: list[str] = []
        if t is Play:
            found.append("play")
        elif t is Draw:
            found.append("draw")
        if after.phase is not Phase.TURN or after.turn != before.turn:
            found.append("turn")
        if len(after.round_scores) > len(before.round_scores):
            if any(not h for h in after.hands):
                found.append("round:empty-hand")
            else:
                found.append("round:exhausted-draw-pile")
            reached = reached_target(after.totals(), after.players)
            if after.phase is Phase.OVER and reached is None:
                found.append("match:round-limit")
        return tuple(found)

    def simulation_options(self) -> dict[str, Any]:
        """Simulated matches stop after 50 rounds (``max_rounds``), won then by the
        highest total (``leader_wins``): random play rarely reaches the target score."""
        return {"max_rounds": 50, "leader_wins": True}

    def policies(self) -> Mapping[str, Policy]:
        """``greedy`` (play when you can; the default) and ``random`` (uniform)."""
        return {"greedy": greedy_policy, "random": random_policy}

    position = staticmethod(position)


GAME = Duo()
