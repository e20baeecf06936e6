"""Goofspiel's JSON, derived from its classes (:func:`~rulespec.plugin.codec.codec_of`).

Cards are numbers; a hand is written ascending (a decoder takes it in any order); the
prize deck next card first. In a view, another player's secret bid is 0.

>>> encode_action(Bid(player=1, card=7))
{'type': 'bid', 'player': 1, 'card': 7}
>>> decode_action({"type": "shuffle", "order": [2, 1, 3]})
Shuffle(order=(2, 1, 3))
"""

from __future__ import annotations

from rulespec.core import derive as d
from rulespec.plugin.codec import codec_of, per_player, seat
from rulespec_goofspiel.actions import Bid, Shuffle
from rulespec_goofspiel.rules import MAX_PLAYERS, MIN_PLAYERS
from rulespec_goofspiel.state import MAX_CARDS, Options, State, View

CARD, CARDS = d.integer(1, MAX_CARDS), d.many(d.integer(1, MAX_CARDS), MAX_CARDS)
HAND = d.many(CARD, MAX_CARDS, order=sorted)
CODEC = codec_of(Options, (Bid, Shuffle), State, View, {
    "players": d.integer(MIN_PLAYERS, MAX_PLAYERS), "player": seat(MAX_PLAYERS),
    "cards": CARD, "card": CARD, "prize": d.maybe(CARD),
    **dict.fromkeys(("order", "pot", "prizes", "discarded", "last"), CARDS),
    "hands": per_player(HAND, MAX_PLAYERS),
    "bids": per_player(d.maybe(CARD), MAX_PLAYERS), "won": per_player(CARDS, MAX_PLAYERS),
}, view_fields={
    "prizes": HAND, "bids": per_player(d.maybe(d.integer(0, MAX_CARDS)), MAX_PLAYERS),
})  # fmt: skip
"""Goofspiel's codec; the module's eight functions are its own."""

encode_options, decode_options = CODEC.encode_options, CODEC.decode_options
encode_action, decode_action = CODEC.encode_action, CODEC.decode_action
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
encode_view, decode_view = CODEC.encode_view, CODEC.decode_view
