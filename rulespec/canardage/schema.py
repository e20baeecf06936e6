"""Canardage's schemas: the definitions of :data:`rulespec.canardage.codec.CODEC` with
their descriptions, what a state and a view require across their fields, and the option
sets of :class:`rulespec.canardage.kit.CanardageKit`."""

from __future__ import annotations

from typing import Any

from rulespec.canardage.cards import COLOURS, DEFAULT_ACTION_DECK, Card
from rulespec.canardage.codec import CODEC
from rulespec.canardage.state import Phase
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


_RARE = (8, 3, 8, 2, 3, 3, 2, 2, 4, 2, 2, 2, 2, 2, 4, 3)
SEARCHED: tuple[dict[str, Any], ...] = (
    {},
    {"action_deck": {c.value: n for c, n in zip(Card, _RARE, strict=True)}},
)
"""The options the conformance kit starts games with when it varies them (as
``encode_options`` writes them): the published action deck, or a deck of 52 with more of
the rare cards."""

_SEAT = "A seat, 0 to 5, below the number of players."
_PHASE = (
    'What the game waits for: "deal" (chance: both decks are shuffled), "play" (the '
    "player on turn plays a card, or discards one when none can be played), "
    '"dispersion" (chance: Dispersion has put the line back into the duck deck, which is '
    'shuffled), "reshuffle" (chance: the draw pile is empty and the player on turn must '
    'draw) or "over" (at most one player has ducks left).'
)
_TURN = (
    "The seat on turn (-1 before the deal); at a reshuffle or a Dispersion's shuffle, the "
    "seat whose turn it is."
)
_LINE = (
    "The line, front first: item 0 is the head of the line, where the ducks walk to, "
    "item 5 the back, beside the duck deck. Hidden ducks included (they went under in "
    "view of all). Empty before the deal and while a Dispersion waits for its shuffle; "
    "shorter than six spaces only when the duck deck has run out."
)
_TARGETS = (
    "The targeted spaces, ascending. Targets stand beside spaces, not on cards: they stay "
    "where they are when cards move."
)
_SHELTERS = (
    "For each seat, in seat order, the space its Planqué card lies on, or -1 when it has "
    "none on the line."
)
_HAND_ORDER = (
    "in the rulebook's order of the action cards (" + ", ".join(c.value for c in Card) + ")"
)
_PLAYED = (
    "The played and discarded action cards since the last reshuffle, in the order they "
    "were played (a Planqué card joins them when it leaves the line)."
)
_SHOT = "Each seat's ducks shot so far, 0 to 5, in seat order."
_SPACES = (
    "The spaces the card names, numbered from the front (0) to the back (5): one space "
    "for En joue (the space to target), Pan (the targeted space shot at), Tireur d'élite "
    "(the duck shot), both Rectifier (where the target stands now), Palme arrière and "
    "Palme avant (your duck), Banzaï (your duck) and Planqué (the space the card lies "
    "on); [a, a + 1] for Double viseur ([a] when no two adjacent spaces are free) and "
    "Canardage (two adjacent targeted ducks); [target, shot] for Tu louches (a targeted "
    "space and the neighbouring duck shot); [duck, cover] for À couvert (your duck and "
    "the neighbouring duck it hides under); none for En avant marche, Dispersion and "
    "Canarchie."
)


def _seat(players: int) -> Schema:
    seat = described(f"With {players} players, 0 to {players - 1}.", integer(0, players - 1))
    return {"properties": {"player": seat}}


def _state_seats(players: int) -> Schema:
    """What a state of ``players`` players adds: seats below ``players``, one hand,
    shelter and count of shot ducks per player."""
    n = f"With {players} players"
    seat = integer(0, players - 1)
    each = {"minItems": players, "maxItems": players}
    return {
        "properties": {
            "turn": described(f"{n}, -1 or a seat 0 to {players - 1}.", integer(-1, players - 1)),
            "hands": described(f"{n}, {players} hands.", each),
            "shelters": described(f"{n}, {players} shelters.", each),
            "shot": described(f"{n}, {players} counts.", each),
            "winners": described(
                f"{n}, at most {players} seats, each 0 to {players - 1}.",
                {"items": seat, "maxItems": players},
            ),
        }
    }


_HANDS_DOC = f"Each seat's action cards, in seat order, each hand {_HAND_ORDER}."
_KINDS = ("play", "discard", "deal", "reshuffle", "disperse")
_ROOTS = ("state", "view")
DOCS: dict[str, str] = {
    "duck": 'A duck-deck card: a colour 0 to 5 (seat p plays colour p) or "water".',
    "card": "An action card, by id.",
    "stack": "One space of the line, bottom first: [card], or [hidden, cover] for a duck "
    "hidden under its cover by À couvert.",
    "line": _LINE,
    "ducks": "Duck-deck cards, at most 40.",
    "cards": "Action cards by id.",
    "options": "Options that differ from the published game; left out, the published "
    "action deck (52 cards) and the project's readings. The other keys each select a "
    "reading that the catalogue registers (rulespec.readings). The conformance kit's start "
    "sends them; unless told which (--option), it sends one of the sets of $defs/searched.",
    "options.action_deck": "Copies of each action card, by id; ids left out count 0. "
    "encode_options writes every id, zeros included, and only for a deck other than the "
    "published one. The kit's default search varies it: left out, or the deck of its "
    "searched options.",
    **{
        f"options.action_deck.{c.value}": f"Copies of {c.french} ({c.english}); the "
        f"published deck has {n}."
        for c, n in zip(Card, DEFAULT_ACTION_DECK, strict=True)
    },
    "options.pair_order": 'En avant marche sends a pair under the duck deck: "hidden-first" '
    '(the default, left out: the hidden duck above its cover) or "cover-first" (the cover '
    "above it). Clause can.cover.forward.",
    "options.sheltered_pan": 'Pan at a targeted space under a Planqué card: "water-only" '
    '(the default, left out: only when water shows there), "target-only" (a duck there '
    'survives, the target goes) or "never". Clause can.planque.space.',
    "options.canarchie": 'Canarchie\'s new line: "new-order" (the default, left out: another '
    'order) or "any-order" (the unchanged order too). Clause can.action.canarchie.',
    "options.winner_draws": "Whether the player whose play ends the game still draws (true; "
    "false, the default, is left out). Clause can.turn.draw.",
    "options.palme_neighbour": "What Palme avant and Palme arrière swap a duck with: "
    '"any-card" (the default, left out: water included) or "duck". Clauses '
    "can.action.palme-avant and can.action.palme-arriere.",
    "options.en_joue": 'Where En joue places its target: "any-space" (the default, left '
    'out: water included) or "duck". Clause can.action.en-joue.',
    "options.planque": 'Which duck Planqué goes on: "any-duck" (the default, left out) or '
    '"own-duck". Clause can.action.planque.',
    "options.banzai": 'Banzaï on a duck already first: "must-move" (the default, left out: '
    'refused) or "may-stay" (a play without effect). Clause can.action.banzai.',
    "play": "Play an action card from the hand, with every choice it needs.",
    "play.card": "The card played, from the player's hand.",
    "play.spaces": _SPACES,
    "play.line": "Canarchie only (and then always): the new line, front first, the same "
    "stacks in a new order.",
    "discard": "Discard a card without effect (only when no card in hand can be played).",
    "discard.card": "The card discarded, from the player's hand.",
    "deal": "Chance, at the start: the shuffled duck deck and action deck.",
    "deal.ducks": "The duck deck, shuffled, top first: five ducks of each colour in play and "
    "five water cards. Its first six cards fill the line from the back (the first on space "
    "5, the sixth on space 0); the rest is the duck deck, top first.",
    "deal.actions": "The action deck, shuffled, top first: seat p receives cards 3p to "
    "3p + 2, and the rest is the draw pile, top first.",
    "reshuffle": "Chance, after the play that finds the draw pile empty, before the draw: "
    "the played cards shuffled into a new draw pile.",
    "reshuffle.draw_pile": "The new draw pile, top first.",
    "disperse": "Chance, after Dispersion: the duck deck (with the line's cards put back) "
    "shuffled.",
    "disperse.deck": "The shuffled duck deck, top first, laid like the deal's: its first "
    "six cards fill the line from the back, the rest is the duck deck.",
    **{f"{kind}.type": f'"{kind}".' for kind in _KINDS},
    **{f"{kind}.player": f"The seat on turn. {_SEAT}" for kind in _KINDS[:2]},
    "state.players": "The number of players, 3 to 6; the seats are 0 to players - 1, in "
    "turn order, and seat p plays colour p.",
    "state.options": "The game's options.",
    "state.deck": "The duck deck, top first: new cards enter the line from its top, cards "
    "sent under it go to its end.",
    "state.seen": "How many cards at the bottom of the duck deck went there in view of all "
    "since its last shuffle: the last seen cards of deck are public (a view's deck_bottom).",
    "state.hands": _HANDS_DOC,
    "state.draw_pile": "The action cards to draw, top first (hidden from the players).",
    "state.winners": "The winning seats, ascending; empty until the game ends. The last "
    "seat with ducks left wins; when one play shoots the last ducks of every seat still "
    "in, those seats share the victory.",
    "view.player": f"The seat whose view this is. {_SEAT}",
    "view.players": "The number of players, 3 to 6.",
    "view.deck_size": "How many cards the duck deck holds.",
    "view.deck_bottom": "The cards at the bottom of the duck deck that were seen going "
    "there since its last shuffle, top first (its last card is the deck's bottom card).",
    "view.hand": f"The viewer's action cards: written {_HAND_ORDER}, read in any order.",
    "view.hand_sizes": "How many action cards each seat holds, in seat order.",
    "view.draw_pile_size": "How many cards the draw pile holds.",
    "view.winners": "The winning seats, ascending; empty until the game ends.",
    **{f"{r}.phase": _PHASE for r in _ROOTS},
    **{f"{r}.turn": _TURN for r in _ROOTS},
    **{f"{r}.line": _LINE for r in _ROOTS},
    **{f"{r}.targets": _TARGETS for r in _ROOTS},
    **{f"{r}.shelters": _SHELTERS for r in _ROOTS},
    **{f"{r}.played": _PLAYED for r in _ROOTS},
    **{f"{r}.shot": _SHOT for r in _ROOTS},
}
"""Each definition's description and its properties' (``"state.players"``)."""

_DEFS = describe(CODEC.defs, DOCS)
_WINNERS = {**_DEFS["state"]["properties"]["winners"], "uniqueItems": True}
DEFS: dict[str, Schema] = {
    **_DEFS,
    "searched": described(
        "The options the conformance kit sends at start when it chooses them (no "
        "--option), as encode_options writes them: the published action deck, or a deck "
        "of 52 with more of the rare cards.",
        {"enum": list(SEARCHED)},
    ),
    "action": tagged(_KINDS[:2]),
    "chance": tagged(_KINDS[2:]),
    "step": tagged(_KINDS),
    "state": {
        **_DEFS["state"],
        "properties": {**_DEFS["state"]["properties"], "winners": _WINNERS},
        "if": {"properties": {"phase": const(Phase.DEAL.value)}},
        "then": {
            "description": "Nobody is on turn before the deal.",
            "properties": {"turn": described("-1 before the deal.", const(-1))},
        },
        "else": {"properties": {"turn": described("A seat once dealt.", integer(0, 5))}},
        "allOf": per_players(3, COLOURS, _state_seats),
    },
    "view": {**_DEFS["view"], "allOf": per_players(3, COLOURS, _seat)},
}
"""Every definition: those of :data:`rulespec.canardage.codec.CODEC`, described, and
what a state and a view require across their fields; a file holds those its root needs."""
