"""Duo's schemas: the definitions of :data:`rulespec.duo.codec.CODEC` with their
descriptions, what a state and a view require across their fields, and the option sets
of :class:`rulespec.duo.kit.DuoKit`."""

from __future__ import annotations

from itertools import product
from typing import Any

from rulespec.duo.codec import CODEC
from rulespec.duo.state import EXHAUSTED_READINGS, Phase
from rulespec.schemas.source.dsl import (
    Schema,
    const,
    describe,
    described,
    integer,
    per_players,
    tagged,
)

__all__ = ["DEFS", "DOCS", "SEARCHED"]

MIN_PLAYERS, MAX_PLAYERS = 2, 6

SEARCHED: tuple[dict[str, Any], ...] = tuple(
    {
        **({"turbo": True} if turbo else {}),
        **({"first_player": first} if first else {}),
        **({"exhausted": reading} if reading != EXHAUSTED_READINGS[0] else {}),
    }
    for turbo, first, reading in product((False, True), (0, 1), EXHAUSTED_READINGS)
)
"""The options the conformance kit starts matches with when it varies them (as
``encode_options`` writes them): the base game or Turbo-DUO, either first player of
seats 0 and 1, either reading of an exhausted draw pile."""

_SEAT = "A seat, 0 to 5, below the number of players."
_PHASE = (
    'What the match waits for: "deal" (chance: a round\'s shuffle), "turn" (the player '
    'on turn plays, stops or draws) or "over" (a player has reached the target score, or '
    "the round limit stopped the match)."
)
_ROUND = "The current round, from 0; during a deal, the round being dealt."
_STARTER = (
    "The seat that starts (started) the current round: first_player in the first round, "
    "then the next seat each round."
)
_TURN = "The seat on turn; during a deal, the round's starter."
_TURN_PILE = (
    "The discard pile, 0 or 1, the player on turn has played on this turn (every card of "
    "a turn goes on it); null before their first card, and outside a turn."
)
_CARD_ORDER = (
    "card order (the symbol cards by colour blue, red, yellow, green, then by number 1 to "
    "4, then by shape circle, square, triangle, cross; then the colour, number and shape "
    "jokers, each in that order; then the Turbo-jokers)"
)
_ROUND_SCORES = (
    "Each finished round's points, first round first, each one number per seat in seat "
    "order: the player who went out gains a point per card left in the other hands, the "
    "others 0; after an exhausted draw pile every player loses a point per card held."
)

_NOT_DEALT: Schema = {"properties": {"phase": const(Phase.DEAL.value), "round": const(0)}}
"""Before the first deal: no hands, no discard piles."""


def _seats(players: int) -> Schema:
    """What a state of ``players`` players adds: seats below ``players``, one hand per
    seat once dealt, one score per seat in each round."""
    n = f"With {players} players"
    seat = described(f"{n}, a seat 0 to {players - 1}.", integer(0, players - 1))
    return {
        "properties": {
            "options": described(
                f"{n}, a first player at the table.", {"properties": {"first_player": seat}}
            ),
            "starter": seat,
            "turn": seat,
            "round_scores": described(
                f"{n}, {players} points in each round.",
                {"items": {"minItems": players, "maxItems": players}},
            ),
        },
        "if": _NOT_DEALT,
        "then": {
            "properties": {
                "hands": described("No hand before the first deal.", {"maxItems": 0}),
                "piles": described("No discard pile before the first deal.", {"maxItems": 0}),
            }
        },
        "else": {
            "properties": {
                "hands": described(
                    f"{n}, {players} hands once dealt.", {"minItems": players, "maxItems": players}
                ),
                "piles": described("Two discard piles once dealt.", {"minItems": 2, "maxItems": 2}),
            }
        },
    }


def _view_seats(players: int) -> Schema:
    """What a view of ``players`` players adds: seats below ``players``, one hand size
    and one score per seat at most."""
    n = f"With {players} players"
    seat = described(f"{n}, a seat 0 to {players - 1}.", integer(0, players - 1))
    return {
        "properties": {
            "player": seat,
            "starter": seat,
            "turn": seat,
            "hand_sizes": described(f"{n}, at most {players} sizes.", {"maxItems": players}),
            "round_scores": described(
                f"{n}, at most {players} points in each round.",
                {"items": {"maxItems": players}},
            ),
        }
    }


_KINDS = ("play", "stop", "draw", "deal")
DOCS: dict[str, str] = {
    "card": 'A card by name: "red-3-circle" (colour blue, red, yellow or green, number 1 '
    'to 4, shape circle, square, triangle or cross), "joker-green" (a colour joker), '
    '"joker-2" (a number joker), "joker-cross" (a shape joker) or "turbo" (a Turbo-joker).',
    "cards": "Cards by name, at most 80.",
    "options": "Options that differ from the base game; a key left out takes its default. "
    "encode_options writes only what differs; decode_options also reads the defaults "
    "written out. The conformance kit's start sends them; unless told which (--option), "
    "it sends one of the sets of $defs/searched.",
    "options.turbo": "Turbo-DUO: the four Turbo-jokers join the deck (80 cards instead of "
    "76). Default false. The kit's default search varies it.",
    "options.first_player": "The seat of the youngest player, who starts the first round "
    "(below the number of players). Default 0. The kit's default search varies it between "
    "0 and 1.",
    "options.exhausted": 'When an exhausted draw pile ends the round: "last-draw" (the '
    'default: as soon as its last card is drawn) or "empty-draw" (when a player draws from '
    "it empty). The kit's default search varies it.",
    "options.max_rounds": "Not a rule: stop the match, with no winner, after this many "
    "rounds, at most 1000000 (for simulations, where random play may never reach the "
    "target). Default null, "
    "no limit; encode_options never writes null. The kit's default search leaves it out.",
    "options.leader_wins": "Not a rule: a match stopped by max_rounds is won by the highest "
    "total (every player holding it). Default false; simulations set it with max_rounds. "
    "The kit's default search leaves it out.",
    "options.features": "Not a rule: how many colours, numbers and shapes are in play, the "
    "first of each, for exhaustive exploration of small matches. Default 4.",
    "options.jokers": "Not a rule: whether the jokers of the features in play are in the "
    "deck. Default true.",
    "options.hand_size": "Not a rule: the cards dealt to each player. Default 7.",
    "play": "Put a card of the hand on a discard pile.",
    "play.card": "The card played, from the player's hand.",
    "play.pile": "The discard pile it goes on, 0 or 1: the first card of a turn chooses it, "
    "the turn's later cards go on the same pile.",
    "stop": "End a turn after one or more cards.",
    "draw": "Take the top card of the draw pile instead of playing; the turn ends.",
    "deal": "Chance, at the start of each round: the whole shuffled deck.",
    "deal.order": "The deck (76 cards, 80 under Turbo-DUO), shuffled: with n players, card "
    "k of the first 7n goes to seat k mod n, the next two start discard piles 0 and 1, and "
    "the rest is the draw pile, next card first.",
    **{f"{kind}.type": f'"{kind}".' for kind in _KINDS},
    **{f"{kind}.player": f"The seat on turn. {_SEAT}" for kind in _KINDS[:3]},
    "state.players": "The number of players, 2 to 6; the seats are 0 to players - 1, in "
    "turn order.",
    "state.options": "The match's options.",
    "state.round": _ROUND,
    "state.hands": f"Each seat's hand, in seat order: written in {_CARD_ORDER}, read in any "
    "order. None before the first deal; between rounds, as the last round left them.",
    "state.piles": "The two discard piles, pile 0 then pile 1, each bottom first (its last "
    "card is its top). None before the first deal.",
    "state.draw_pile": "The draw pile, next card first (hidden from the players).",
    "state.round_scores": _ROUND_SCORES,
    "view.player": f"The seat whose view this is. {_SEAT}",
    "view.players": "The number of players, 2 to 6.",
    "view.round": _ROUND,
    "view.turn_pile": _TURN_PILE + " Public: cards are played face up.",
    "view.hand": f"The viewer's own hand: written in {_CARD_ORDER}, read in any order. "
    "Empty before the first deal.",
    "view.hand_sizes": "How many cards each seat holds, in seat order (0 before the first deal).",
    "view.pile_tops": "The top card of each discard pile, pile 0 then pile 1; none before "
    "the first deal.",
    "view.pile_sizes": "How many cards each discard pile holds, pile 0 then pile 1; none "
    "before the first deal.",
    "view.draw_pile_size": "How many cards the draw pile holds.",
    "view.round_scores": _ROUND_SCORES,
    "view.target": "The score that wins the match: 10 with 2 players, 15 with 3 or 4, 20 "
    "with 5 or 6.",
    **{f"{root}.phase": _PHASE for root in ("state", "view")},
    **{f"{root}.starter": _STARTER for root in ("state", "view")},
    **{f"{root}.turn": _TURN for root in ("state", "view")},
    "state.turn_pile": _TURN_PILE,
}
"""Each definition's description and its properties' (``"state.players"``)."""

_DEFS = describe(CODEC.defs, DOCS)
DEFS: dict[str, Schema] = {
    **_DEFS,
    "searched": described(
        "The options the conformance kit sends at start when it chooses them (no "
        "--option), as encode_options writes them: its default search varies turbo, "
        "first_player (0 or 1) and exhausted, and leaves max_rounds out.",
        {"enum": list(SEARCHED)},
    ),
    "action": tagged(_KINDS[:3]),
    "chance": tagged(_KINDS[3:]),
    "step": tagged(_KINDS),
    "state": {
        **_DEFS["state"],
        "if": {"not": {"properties": {"phase": const(Phase.TURN.value)}}},
        "then": {
            "description": "A turn pile is chosen during a turn only.",
            "properties": {"turn_pile": described("No turn pile.", {"type": "null"})},
        },
        "allOf": per_players(MIN_PLAYERS, MAX_PLAYERS, _seats),
    },
    "view": {**_DEFS["view"], "allOf": per_players(MIN_PLAYERS, MAX_PLAYERS, _view_seats)},
}
"""Every definition: those of :data:`rulespec.duo.codec.CODEC`, described, and what a
state and a view require across their fields; a file holds those its root needs."""
