"""What one player may know: the other hands, the draw pile's order and the shuffled
part of the duck deck are hidden; everything on the table is public, including the
cards seen going under the duck deck since its last shuffle."""

from __future__ import annotations

import attrs

from rulespec.canardage.actions import Stack
from rulespec.canardage.cards import Card
from rulespec.canardage.state import Phase, State, progress
from rulespec.drawing.show import Shown
from rulespec.rulebook.implements import implements

__all__ = ["View", "view"]


@attrs.frozen(cache_hash=True)
class View(Shown):
    """A player's view of the game.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> v = can.view(can.start(4, seed=2), 0)
    >>> len(v.line), v.deck_size, len(v.hand), v.deck_bottom
    (6, 19, 3, ())
    """

    player: int
    players: int
    phase: Phase
    turn: int
    line: tuple[Stack, ...]
    """The line, front first, hidden ducks included (they went under in view of all)."""
    targets: tuple[int, ...]
    shelters: tuple[int, ...]
    """Where each player's Planqué card lies (``-1``: none)."""
    deck_size: int
    deck_bottom: tuple[int, ...]
    """The bottom of the duck deck seen going there since its last shuffle, top first
    (its last card is the deck's bottom card)."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    played: tuple[Card, ...]
    shot: tuple[int, ...]
    winners: tuple[int, ...]

    def __repr__(self) -> str:
        return f"<canardage View of player {self.player}: {progress(self)}>"


@implements("can.view.hidden", "can.view.deck-bottom", "can.view.hidden-duck")
def view(state: State, player: int) -> View:
    """What ``player`` may know of ``state``."""
    if not 0 <= player < state.players:
        raise ValueError(f"there is no player {player} in this game")
    deck = state.deck
    return View(
        player=player,
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        line=state.line,
        targets=state.targets,
        shelters=state.shelters,
        deck_size=len(deck),
        deck_bottom=deck[len(deck) - state.seen :] if state.seen else (),
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_pile_size=len(state.draw_pile),
        played=state.played,
        shot=state.shot,
        winners=state.winners,
    )
