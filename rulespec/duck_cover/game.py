"""The Duck & Cover game object: the public face of the rules."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rulespec.core.chance import Chance, shuffled
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game
from rulespec.duck_cover import codec, encoding, rules, sampling
from rulespec.duck_cover.actions import Action, Cover, Deal, Duck, Give, Place, Quack, Reshuffle
from rulespec.duck_cover.declaration import DECLARATION
from rulespec.duck_cover.invariants import INVARIANTS, TRANSITION_INVARIANTS
from rulespec.duck_cover.position import position
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.view import View
from rulespec.plugin import piles

__all__ = ["GAME", "DuckAndCover"]

_DEAL = Phase.DEAL
_RESHUFFLE = Phase.RESHUFFLE
_OVER = Phase.OVER
_PLAYER_ACTIONS = frozenset([Cover, Duck, Quack, Give, Place])


class DuckAndCover(Game[State, Action, View, Options]):
    """Duck & Cover (Captain Games), 2–7 players, three rounds, simultaneous turns.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.start(4, seed=1)
    >>> dc.to_move(state)
    (0, 1, 2, 3)
    """

    id = "duck-and-cover"
    name = "Duck & Cover"
    min_players = 2
    max_players = 7
    lowest_score_wins = True
    state_type = State
    action_types = (Cover, Duck, Quack, Give, Place, Deal, Reshuffle)
    player_action_types = (Cover, Duck, Quack, Give, Place)
    options_type = Options
    view_type = View
    declaration = DECLARATION
    rules = rules
    codec = codec
    encoding = encoding
    invariants = INVARIANTS
    transition_invariants = TRANSITION_INVARIANTS

    if TYPE_CHECKING:  # the rules' lazy sequence, through Game.legal_actions

        def legal_actions(self, state: State, player: int) -> rules.LegalActions: ...

    def chance(self, state: State) -> Chance:
        self._check_state(state)
        piles = rules.chance_piles(state)
        if state.phase is _DEAL:
            aside = "; its first two cards are set aside unseen" if state.options.surprises else ""
            return Chance(
                "deal",
                f"each family is shuffled into a grid; the {len(piles[-1])} draw cards form "
                f"the draw pile{aside}",
                piles,
            )
        return Chance("reshuffle", "the Captain pile is shuffled into a new draw pile", piles)

    def _sample_chance(self, state: State, rng: random.Random) -> Action:
        """The action made from the game's own piles, needing none of the checks of an
        outcome from outside (nor, applied to ``state``, those of :meth:`apply`)."""
        drawn = shuffled(rules.chance_piles(state), rng)
        if state.phase is _DEAL:
            *grids, pile = drawn
            return rules.sampled(state, Deal(tuple(grids), pile))
        return rules.sampled(state, Reshuffle(drawn[0]))

    def chance_action(self, state: State, outcome: Sequence[Sequence[Any]]) -> Action:
        self._check_state(state)
        if state.phase is _DEAL:
            *grids, pile = piles.outcome(outcome, state.players + 1, "dc.setup.grid")
            deal = Deal(tuple(grids), pile)
            rules.check_deal(state, deal)
            return deal
        if state.phase is _RESHUFFLE:
            (pile,) = piles.outcome(outcome, 1, "dc.deck.reshuffle")
            reshuffle = Reshuffle(pile)
            rules.check_reshuffle(state, reshuffle)
            return reshuffle
        raise IllegalAction("dc.turn.draw", "the game does not wait for chance now")

    def apply(self, state: State, action: Action) -> State:
        if not isinstance(state, State):
            raise self._wrong_state(state)
        if type(action) in _PLAYER_ACTIONS:
            return rules.submit(state, action)  # type: ignore[arg-type]
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        # rules.is_over, read here to spare a call on every step
        if not isinstance(state, State):
            raise self._wrong_state(state)
        return state.phase is _OVER

    def _sample_state(self, view: View, rng: random.Random, options: Options) -> State:
        """The covered cards, the hidden piles and the other players' actions of this
        turn are drawn at random (see :mod:`rulespec.duck_cover.sampling`)."""
        return sampling.sample_state(view, rng, options)

    def rounds(self, state: State) -> int:
        self._check_state(state)
        return len(state.round_scores)

    def events(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """``turn`` when a turn resolves, ``gift`` when every player has given a duck
        (*Low blows*), ``reshuffle``, and ``round:single-pile`` or ``round:discard-limit``
        when a round ends."""
        self._check_step(before, action, after)
        found: list[str] = []
        if type(action) is Reshuffle:
            found.append("reshuffle")
        elif type(action) is not Deal and not any(after.submitted):
            found.append("gift" if after.gifts and not before.gifts else "turn")
        if len(after.round_scores) > len(before.round_scores):
            if any(len(g.cells) == 1 for g in after.grids):
                found.append("round:single-pile")
            else:
                found.append("round:discard-limit")
        return tuple(found)

    position = staticmethod(position)


GAME = DuckAndCover()
