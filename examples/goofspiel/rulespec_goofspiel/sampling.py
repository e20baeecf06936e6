"""A whole state drawn at random among those a player's view shows (a
*determinisation*, for search bots): the prize deck's order and the secret bids
of the others are what a view hides."""

from __future__ import annotations

import random

from rulespec.core.sampling import impossible
from rulespec_goofspiel.state import Options, Phase, State
from rulespec_goofspiel.view import View

__all__ = ["sample_state"]


def sample_state(view: View, rng: random.Random, options: Options) -> State:
    """The face-down prizes in a uniformly random order, and for each other player who
    has bid a card drawn uniformly from their hand (every card of it is as likely)."""
    if view.phase is not Phase.BID and any(view.acted):
        raise impossible("Goofspiel", "bids are shown outside a turn")
    if view.acted[view.player] != (view.bid is not None):
        raise impossible("Goofspiel", "the player's own bid and their flag disagree")
    bids = tuple(
        view.bid
        if p == view.player
        else (rng.choice(view.hands[p]) if acted and view.hands[p] else None)
        for p, acted in enumerate(view.acted)
    )
    prizes = list(view.prizes_left)
    rng.shuffle(prizes)
    return State(
        players=view.players,
        options=options,
        phase=view.phase,
        prize=view.prize,
        pot=view.pot,
        prizes=tuple(prizes),
        hands=view.hands,
        bids=bids,
        won=view.won,
        discarded=view.discarded,
        last=view.last,
    )
