"""What one player may know: their own hand, the size of the other hands, the
tops of the discard piles, the size of the draw pile, and the scores."""

from __future__ import annotations

import attrs

from rulespec.drawing.show import Shown
from rulespec.duo.cards import Card
from rulespec.duo.scoring import target
from rulespec.duo.state import Phase, State, progress
from rulespec.rulebook.implements import implements

__all__ = ["View", "view"]


@attrs.frozen(cache_hash=True)
class View(Shown):
    """A player's view of the match.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> v = duo.view(duo.start(3, seed=2), 1)
    >>> len(v.hand), v.hand_sizes, v.draw_pile_size, v.target
    (7, (7, 7, 7), 53, 15)
    """

    player: int
    players: int
    phase: Phase
    round: int
    starter: int
    turn: int
    turn_pile: int | None
    """The pile the player on turn has chosen this turn (public: they play face up)."""
    hand: tuple[Card, ...]
    """This player's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    pile_tops: tuple[Card, ...]
    """The top card of each discard pile (none before the first deal)."""
    pile_sizes: tuple[int, ...]
    draw_pile_size: int
    round_scores: tuple[tuple[int, ...], ...]
    target: int

    def __repr__(self) -> str:
        return f"<duo View of player {self.player}: {progress(self)}>"


@implements("duo.view.hidden", "duo.view.piles")
def view(state: State, player: int) -> View:
    """What ``player`` may know of ``state``."""
    if type(player) is not int or not 0 <= player < state.players:
        raise ValueError(f"there is no player {player!r} in this match")
    dealt = bool(state.hands)
    return View(
        player=player,
        players=state.players,
        phase=state.phase,
        round=state.round,
        starter=state.starter,
        turn=state.turn,
        turn_pile=state.turn_pile,
        hand=state.hands[player] if dealt else (),
        hand_sizes=tuple(len(h) for h in state.hands) if dealt else (0,) * state.players,
        pile_tops=tuple(p[-1] for p in state.piles),
        pile_sizes=tuple(len(p) for p in state.piles),
        draw_pile_size=len(state.draw_pile),
        round_scores=state.round_scores,
        target=target(state.players),
    )
