"""The Canardage game object: the public face of the rules."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulespec.canardage import codec, encoding, rules, sampling
from rulespec.canardage.actions import Action, Deal, Discard, Disperse, Play, Reshuffle
from rulespec.canardage.declaration import DECLARATION
from rulespec.canardage.invariants import INVARIANTS, TRANSITION_INVARIANTS
from rulespec.canardage.policy import random_card_policy
from rulespec.canardage.position import position
from rulespec.canardage.state import Options, Phase, State
from rulespec.canardage.view import View
from rulespec.core.chance import Chance, shuffled
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game, Policy, random_policy
from rulespec.plugin import piles

__all__ = ["GAME", "Canardage"]

_OVER = Phase.OVER  # read once: a member of an Enum class is slow to read in Python 3.11


class Canardage(Game[State, Action, View, Options]):
    """Canardage (Gigamic), 3–6 players, one card played per turn, last duck standing wins.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> state = can.start(4, seed=1)
    >>> len(can.to_move(state)), len(state.line)
    (1, 6)
    """

    id = "canardage"
    name = "Canardage"
    min_players = 3
    max_players = 6
    default_policy = "random-card"
    """Simulations pick a playable card uniformly, then one of its uses uniformly."""
    state_type = State
    action_types = (Play, Discard, Deal, Reshuffle, Disperse)
    player_action_types = (Play, Discard)
    options_type = Options
    view_type = View
    declaration = DECLARATION
    rules = rules
    codec = codec
    encoding = encoding
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    def policies(self) -> Mapping[str, Policy]:
        """``"random"`` (a legal action uniformly; Canarchie's many orders dominate it)
        and ``"random-card"`` (a playable card uniformly, then a use of it uniformly).

        >>> import rulespec
        >>> sorted(rulespec.game("canardage").policies())
        ['random', 'random-card']
        """
        return {"random": random_policy, "random-card": random_card_policy}

    if TYPE_CHECKING:  # the rules' lazy sequence, through Game.legal_actions

        def legal_actions(self, state: State, player: int) -> rules.LegalActions: ...

    def chance(self, state: State) -> Chance:
        self._check_state(state)
        piles = rules.chance_piles(state)
        if state.phase is Phase.DEAL:
            return Chance(
                "deal",
                "the duck deck and the action deck are shuffled; the line is laid and three "
                "action cards dealt to each player",
                piles,
            )
        if state.phase is Phase.DISPERSION:
            return Chance(
                "dispersion", "Dispersion: the duck deck, with the line's cards, is shuffled", piles
            )
        return Chance("reshuffle", "the played action cards are shuffled into a draw pile", piles)

    def _sample_chance(self, state: State, rng: random.Random) -> Action:
        """The action made from the game's own piles, needing none of the checks of an
        outcome from outside (nor, applied to ``state``, those of :meth:`apply`)."""
        drawn = shuffled(rules.chance_piles(state), rng)
        if state.phase is Phase.DEAL:
            return rules.sampled(state, Deal(*drawn))
        if state.phase is Phase.DISPERSION:
            return rules.sampled(state, Disperse(*drawn))
        return rules.sampled(state, Reshuffle(*drawn))

    def chance_action(self, state: State, outcome: Sequence[Sequence[Any]]) -> Action:
        self._check_state(state)
        if state.phase is Phase.DEAL:
            ducks, cards = piles.outcome(outcome, 2, "can.chance.shuffles")
            deal = Deal(ducks, cards)
            rules.check_deal(state, deal)
            return deal
        if state.phase is Phase.DISPERSION:
            (deck,) = piles.outcome(outcome, 1, "can.chance.shuffles")
            disperse = Disperse(deck)
            rules.check_disperse(state, disperse)
            return disperse
        if state.phase is Phase.RESHUFFLE:
            (pile,) = piles.outcome(outcome, 1, "can.chance.shuffles")
            reshuffle = Reshuffle(pile)
            rules.check_reshuffle(state, reshuffle)
            return reshuffle
        raise IllegalAction("can.chance.shuffles", "the game does not wait for chance now")

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(state, State):
            raise self._wrong_state(state)
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        # rules.is_over, read here to spare a call on every step
        if not isinstance(state, State):
            raise self._wrong_state(state)
        return state.phase is _OVER

    def _sample_state(self, view: View, rng: random.Random, options: Options) -> State:
        """The other hands, the draw pile and the duck deck above its seen bottom are
        dealt at random (see :mod:`rulespec.canardage.sampling`)."""
        return sampling.sample_state(view, rng, options)

    def events(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """``turn``, ``play:<card>`` or ``discard``, ``duck-shot`` per duck shot,
        ``reshuffle``, ``dispersion``, and ``end:winner`` or ``end:shared`` at the end."""
        self._check_step(before, action, after)
        found: list[str] = []
        if isinstance(action, Play):
            found += ["turn", f"play:{action.card.value}"]
        elif isinstance(action, Discard):
            found += ["turn", "discard"]
        elif isinstance(action, Reshuffle):
            found.append("reshuffle")
        elif isinstance(action, Disperse):
            found.append("dispersion")
        found += ["duck-shot"] * (sum(after.shot) - sum(before.shot))
        if after.phase is Phase.OVER and before.phase is not Phase.OVER:
            found.append("end:winner" if len(after.winners) == 1 else "end:shared")
        return tuple(found)

    position = staticmethod(position)


GAME = Canardage()
