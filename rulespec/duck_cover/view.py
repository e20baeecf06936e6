"""What one player may know: covered cards, the draw pile and the Captain pile
below its top are hidden, and so are the other players' actions of this turn
and, under the *Surprises* variant, the draw cards set aside."""

from __future__ import annotations

import attrs

from rulespec.drawing.show import Shown
from rulespec.duck_cover.actions import PlayerAction
from rulespec.duck_cover.cards import Call, DrawCard
from rulespec.duck_cover.grid import Grid, Position
from rulespec.duck_cover.state import Phase, State, progress
from rulespec.rulebook.implements import implements

__all__ = ["GridView", "StackView", "View", "view"]


@attrs.frozen
class StackView:
    """A stack as anyone sees it: its place, its visible card and how many lie beneath."""

    position: Position
    top: int
    covered: int


@attrs.frozen(cache_hash=True)
class GridView:
    """A grid with its covered cards hidden."""

    stacks: tuple[StackView, ...]

    @classmethod
    def of(cls, grid: Grid) -> GridView:
        """The visible part of ``grid``."""
        return cls(tuple(StackView(p, s[-1], len(s) - 1) for p, s in grid.cells))


@attrs.frozen(cache_hash=True)
class View(Shown):
    """A player's view of the game.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> v = dc.view(dc.start(3, seed=2), 0)
    >>> v.player, v.draw_pile_size, v.discards_left
    (0, 25, 8)
    """

    player: int
    players: int
    phase: Phase
    round: int
    grids: tuple[GridView, ...]
    card: DrawCard | None
    """The card in play (announced to all)."""
    call: Call | None
    previous: Call | None
    previous_discarded: bool
    draw_pile_size: int
    captain_pile_top: DrawCard | None
    captain_pile_size: int
    discard_zone: tuple[DrawCard, ...]
    discards_left: int
    """How many more discards end the round."""
    set_aside_size: int
    """*Surprises*: how many draw cards were set aside unseen (which ones stays hidden)."""
    gifts: tuple[int, ...]
    """*Low blows*: the duck each player received and is placing (public), else empty."""
    acted: tuple[bool, ...]
    """Who has acted this turn (public); what they did is not."""
    own_action: PlayerAction | None
    round_scores: tuple[tuple[int, ...], ...]

    def __repr__(self) -> str:
        return f"<duck-and-cover View of player {self.player}: {progress(self)}>"


@implements("dc.view.hidden", "dc.view.simultaneous", "dc.deck.no-peeking", "dc.variant.surprises")
def view(state: State, player: int) -> View:
    """What ``player`` may know of ``state``.

    Under *Low blows* a turn on Max or Repeat calls no card (``call`` is ``None``);
    the ducks given are public once every player has chosen.
    """
    if not 0 <= player < state.players:
        raise ValueError(f"there is no player {player} in this game")
    turn = state.phase is Phase.TURN
    calls = turn and not (state.gifts or state.gifting)
    return View(
        player=player,
        players=state.players,
        phase=state.phase,
        round=state.round,
        grids=tuple(GridView.of(g) for g in state.grids),
        card=state.card,
        call=state.call if calls else None,
        previous=state.previous,
        previous_discarded=state.previous_discarded,
        draw_pile_size=len(state.draw_pile),
        captain_pile_top=state.captain_pile[-1] if state.captain_pile else None,
        captain_pile_size=len(state.captain_pile),
        discard_zone=state.discard_zone,
        discards_left=state.discard_limit - len(state.discard_zone),
        set_aside_size=len(state.set_aside),
        gifts=state.gifts,
        acted=tuple(a is not None for a in state.submitted),
        own_action=state.submitted[player] if turn else None,
        round_scores=state.round_scores,
    )
