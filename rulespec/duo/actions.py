"""What one action is in Duo.

Duo's turns are sequential; a turn may hold several actions:

- :class:`Play`: the player on turn places one card from their hand on one
  of the two discard piles. A turn's first Play chooses the pile; its
  further Plays go on the same pile.
- :class:`Stop`: after one or more Plays, the player ends their turn.
- :class:`Draw`: instead of playing, the player takes the top card of the
  draw pile, which ends their turn (allowed even when a play is possible).

Playing one's last card ends the round at once, with no Stop. A *turn* is
thus one player's actions from their first to a Draw, a Stop or their last
card; every action is one step of a record, so a record's legal-action
counts are counted per action, not per turn.

Chance has one step, :class:`Deal`, at the start of each round: the order
of the shuffled deck. Drawing a card is not a chance step: the card drawn
is the next one of the dealt draw pile.

Piles are numbered 0 (left of the draw pile) and 1 (right of it).
"""

from __future__ import annotations

import attrs

from rulespec.duo.cards import Card

__all__ = ["Action", "Deal", "Draw", "Play", "PlayerAction", "Stop"]


@attrs.frozen
class Play:
    """Place ``card`` from the hand of ``player`` on discard pile ``pile`` (0 or 1).

    >>> from rulespec.duo.cards import parse_card
    >>> Play(player=0, card=parse_card("red-3-circle"), pile=1)
    Play(player=0, card=24, pile=1)
    """

    player: int
    card: Card
    pile: int


@attrs.frozen
class Stop:
    """End the turn after playing one or more cards.

    >>> Stop(player=2)
    Stop(player=2)
    """

    player: int


@attrs.frozen
class Draw:
    """Take the top card of the draw pile instead of playing; the turn ends.

    >>> Draw(player=1)
    Draw(player=1)
    """

    player: int


@attrs.frozen
class Deal:
    """Chance: the shuffled deck, in order.

    With ``n`` players, card ``k`` of the first ``7n`` goes to player
    ``k mod n`` (one at a time, seven rounds of dealing); the next card
    starts discard pile 0, the one after it pile 1, and the rest is the draw
    pile, next card first.
    """

    order: tuple[Card, ...]


PlayerAction = Play | Stop | Draw
Action = Play | Stop | Draw | Deal
