"""Determinisation: a full Canardage state drawn among those that show a player's view.

A view hides three things, and :func:`sample_state` draws each of them:

- the other players' hands: the action cards that are neither in the player's hand,
  nor played since the last reshuffle, nor lying on the line as Planqué cards are
  dealt out to the other hands and the draw pile at random;
- the draw pile's order, with them;
- the shuffled part of the duck deck: the living ducks and water cards that are
  neither in the line nor among the cards seen going under the deck are shuffled on
  top of those seen cards (:attr:`View.deck_bottom` stays the deck's bottom, in its
  order).

Each arrangement of the hidden cards is equally likely, copies of a card told apart
(as a shuffle deals them): the sample is uniform over the states with this view when
copies are told apart. Nothing else in a state is hidden.

>>> import random, rulespec
>>> can = rulespec.game("canardage")
>>> state = can.start(4, seed=3)
>>> seen = can.view(state, 2)
>>> guess = sample_state(seen, random.Random(1), can.default_options())
>>> can.view(guess, 2) == seen, guess.hands[2] == state.hands[2]
(True, True)
>>> sorted(guess.deck) == sorted(state.deck), len(guess.draw_pile) == len(state.draw_pile)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from rulespec.canardage.cards import DUCKS_PER_COLOUR, WATER, WATER_CARDS, Card, sort_cards
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.canardage.view import View
from rulespec.plugin.sampling import dealt_out, impossible, sizes, unseen

__all__ = ["sample_state"]

_GAME = "Canardage"


@lru_cache(maxsize=256)
def _hidden(view: View, options: Options) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The duck-deck cards above the seen bottom, and the action cards in the other hands
    and the draw pile (each in a canonical order), checked against the view's counts."""
    n = view.players
    if type(n) is not int or not 3 <= n <= 6:
        raise impossible(_GAME, f"Canardage is for 3 to 6 players, not {n!r}")
    if type(view.player) is not int or not 0 <= view.player < n:
        raise impossible(_GAME, f"there is no player {view.player!r} in a game of {n}")
    shot = sizes(view.shot, n, _GAME, "shot ducks")
    if any(s > DUCKS_PER_COLOUR for s in shot):
        raise impossible(_GAME, f"a colour has only {DUCKS_PER_COLOUR} ducks: shot {shot}")
    hand_sizes = sizes(view.hand_sizes, n, _GAME, "hand sizes")
    deck_size = sizes((view.deck_size, view.draw_pile_size), 2, _GAME, "deck and draw sizes")[0]
    ducks: Counter[int] = Counter()
    for colour in range(n):
        ducks[colour] = DUCKS_PER_COLOUR - shot[colour]
    ducks[WATER] = WATER_CARDS
    on_table = [card for stack in view.line for card in stack]
    bottom = view.deck_bottom
    if view.phase is Phase.DEAL:
        ducks = Counter()  # the duck deck is not formed yet
    deck = unseen(ducks, [*on_table, *bottom], _GAME, "the line and the deck's seen bottom")
    if len(deck) != deck_size - len(bottom):
        raise impossible(
            _GAME,
            f"the duck deck holds {deck_size} cards, {len(bottom)} of them seen, but "
            f"{len(deck)} cards are left for its shuffled part",
        )
    actions = Counter(options.deck()) if view.phase is not Phase.DEAL else Counter[Card]()
    lying = [Card.PLANQUE for x in view.shelters if x != NO_SHELTER]
    held = hand_sizes[view.player]
    if not all(type(c) is Card for c in view.hand) or sort_cards(view.hand) != view.hand:
        raise impossible(_GAME, f"the hand {view.hand!r} is not action cards in their order")
    if len(view.hand) != held:
        raise impossible(_GAME, f"the hand holds {len(view.hand)} cards, not {held}")
    cards = unseen(
        actions,
        [*view.played, *lying, *view.hand],
        _GAME,
        "the played cards, the Planqué cards on the line and the hand",
    )
    others = sum(hand_sizes) - hand_sizes[view.player]
    if len(cards) != others + view.draw_pile_size:
        raise impossible(
            _GAME,
            f"{len(cards)} action cards are unseen, but the other hands and the draw pile "
            f"hold {others + view.draw_pile_size}",
        )
    return tuple(deck), tuple(cards)


def sample_state(view: View, rng: random.Random, options: Options) -> State:
    """A state showing ``view`` to its player, its hidden cards dealt at random.

    The arguments are trusted to be of the right types (:meth:`Canardage.sample_state`
    checks them); a view that contradicts itself or ``options`` raises
    :class:`ValueError`.
    """
    deck_cards, action_cards = _hidden(view, options)
    me = view.player
    parts = tuple(0 if p == me else size for p, size in enumerate(view.hand_sizes))
    hands, draw_pile = dealt_out(action_cards, parts, rng)
    _, top = dealt_out(deck_cards, (), rng)
    bottom = view.deck_bottom
    return State(
        players=view.players,
        options=options,
        phase=view.phase,
        turn=view.turn,
        line=view.line,
        targets=view.targets,
        shelters=view.shelters,
        deck=(*top, *bottom),
        seen=len(bottom),
        hands=tuple(view.hand if p == me else sort_cards(h) for p, h in enumerate(hands)),
        draw_pile=tuple(draw_pile),
        played=view.played,
        shot=view.shot,
        winners=view.winners,
    )
