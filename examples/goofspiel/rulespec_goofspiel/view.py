"""What one player may know: everything but the order of the prize deck and the
bids of the others that the turn has not yet revealed.

Every card bid is shown when its turn is resolved, so the cards each player
has left are public (a player could count them); the view shows them. A bid
stays in its player's hand until the turn is resolved, so a hand never gives
a secret bid away; the view says only who has bid.
"""

from __future__ import annotations

import attrs

from rulespec.core.implements import implements
from rulespec.drawing.show import Shown
from rulespec_goofspiel.state import Phase, State, progress

__all__ = ["View", "view"]


@attrs.frozen(weakref_slot=False)
class View(Shown):
    """A player's view of the game.

    >>> import rulespec
    >>> goof = rulespec.game("goofspiel")
    >>> v = goof.view(goof.start(3, seed=2), 1)
    >>> v.prize in v.hands[1], v.bid, v.acted, len(v.prizes_left)
    (True, None, (False, False, False), 12)
    """

    player: int
    players: int
    phase: Phase
    prize: int | None
    pot: tuple[int, ...]
    prizes_left: tuple[int, ...]
    """The prize cards still face down, ascending (their order is hidden)."""
    hands: tuple[tuple[int, ...], ...]
    """Each player's cards not yet revealed, ascending."""
    bid: int | None
    """This player's own bid of the turn, ``None`` before it."""
    acted: tuple[bool, ...]
    """Whether each player has bid this turn (not what)."""
    won: tuple[tuple[int, ...], ...]
    discarded: tuple[int, ...]
    last: tuple[int, ...]

    def __repr__(self) -> str:
        return f"<goofspiel View of player {self.player}: {progress(self)}>"


@implements("gs.view.hidden", "gs.view.bids")
def view(state: State, player: int) -> View:
    """What ``player`` may know of ``state`` (``player`` is a checked seat)."""
    return View(
        player=player,
        players=state.players,
        phase=state.phase,
        prize=state.prize,
        pot=state.pot,
        prizes_left=tuple(sorted(state.prizes)),
        hands=state.hands,
        bid=state.bids[player],
        acted=tuple(b is not None for b in state.bids),
        won=state.won,
        discarded=state.discarded,
        last=state.last,
    )
