"""Determinisation: a full Duck & Cover state drawn among those that show a player's view.

A view hides four things, and :func:`sample_state` draws each of them:

- the covered cards of every grid: each grid holds its family's twelve ducks, so the
  ducks that are not visible are dealt out at random under the visible ones, in the
  counts the view shows (under *Low blows*, where ducks change grids, the covered
  ducks of all families are dealt out together over every grid's covered places);
- the draw pile's order, the Captain pile below its top and, under *Surprises*, the
  two cards set aside: the draw cards that are neither in the discard zone, nor the
  Captain pile's top, nor in play are dealt out to them at random;
- the actions of the other players who have already acted this turn: each is drawn
  uniformly among that player's legal actions (they depend only on what the view
  shows).

Each arrangement of the hidden cards is equally likely, copies of a draw card told
apart (as a shuffle deals them), and each hidden action too: the sample is uniform
over the states with this view when copies are told apart. Nothing else in a state
is hidden.

>>> import random, rulespec
>>> dc = rulespec.game("duck-and-cover")
>>> state = dc.start(3, seed=3)
>>> seen = dc.view(state, 0)
>>> guess = sample_state(seen, random.Random(1), dc.default_options())
>>> dc.view(guess, 0) == seen, sorted(guess.draw_pile) == sorted(state.draw_pile)
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from rulespec.duck_cover.actions import PlayerAction
from rulespec.duck_cover.cards import FAMILY, family_of, held_by, number_of
from rulespec.duck_cover.grid import Grid, PlaceMasks, Position, _set_masks
from rulespec.duck_cover.rules import legal_actions
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.view import View
from rulespec.plugin.sampling import dealt_out, impossible, sizes, unseen

__all__ = ["sample_state"]

_GAME = "Duck & Cover"

Duck = tuple[int, int]
"""A duck as (the seat whose family it is, its number)."""


class _Pieces:
    """What every sample of one view shares: the grids' visible parts, the hidden ducks
    and draw cards, and the sizes of the places they are dealt to."""

    __slots__ = ("cells", "covered", "draw", "draw_parts", "low_blows", "masks", "pools", "whole")

    def __init__(self, view: View, options: Options) -> None:
        n = view.players
        if type(n) is not int or not 2 <= n <= 7:
            raise impossible(_GAME, f"Duck & Cover is for 2 to 7 players, not {n!r}")
        if type(view.player) is not int or not 0 <= view.player < n:
            raise impossible(_GAME, f"there is no player {view.player!r} in a game of {n}")
        if view.grids and len(view.grids) != n:
            raise impossible(_GAME, f"{len(view.grids)} grids for {n} players")
        self.low_blows = options.low_blows
        self.cells: list[list[tuple[Position, int, int]]] = []
        """Each grid's stacks: (place, visible card, covered cards)."""
        tops: list[list[int]] = []
        for grid in view.grids:
            stacks = [(s.position, s.top, s.covered) for s in grid.stacks]
            sizes(tuple(c for _, _, c in stacks), len(stacks), _GAME, "covered counts")
            self.cells.append(stacks)
            tops.append([top for _, top, _ in stacks])
        self.covered = [sum(c for _, _, c in stacks) for stacks in self.cells]
        self.masks = [PlaceMasks.around([(q, (top,)) for q, top, _ in s]) for s in self.cells]
        """Each grid's places (they depend on the places and the visible cards only)."""
        self.whole = [
            None if covered else Grid(tuple((q, (top,)) for q, top, _ in stacks))
            for stacks, covered in zip(self.cells, self.covered, strict=True)
        ]
        """The grids with no covered card: the same in every sample."""
        self.pools: list[list[Duck]] = []
        """The hidden ducks: one pool per grid, or one for all under *Low blows*."""
        if self.low_blows:
            every: Counter[Duck] = Counter((f, k) for f in range(len(self.cells)) for k in FAMILY)
            shown = [(family_of(t, p), number_of(t)) for p, ts in enumerate(tops) for t in ts]
            shown += [(family_of(g, p), number_of(g)) for p, g in enumerate(view.gifts)]
            self.pools.append(unseen(every, shown, _GAME, "the visible ducks and the gifts"))
            if len(self.pools[0]) != sum(self.covered):
                raise impossible(_GAME, "the grids cover more or fewer ducks than are unseen")
        else:
            for p, ts in enumerate(tops):
                family: Counter[Duck] = Counter((p, k) for k in FAMILY)
                pool = unseen(family, [(p, t) for t in ts], _GAME, f"player {p}'s grid")
                if len(pool) != self.covered[p]:
                    raise impossible(
                        _GAME, f"player {p}'s grid covers {self.covered[p]} cards, not {len(pool)}"
                    )
                self.pools.append(pool)
        deck = Counter(options.draw_deck) if view.grids else Counter[int]()
        shown_cards = list(view.discard_zone)
        if view.captain_pile_top is not None:
            shown_cards.append(view.captain_pile_top)
        if view.card is not None:
            shown_cards.append(view.card)
        self.draw = unseen(deck, shown_cards, _GAME, "the discard zone, Captain pile and card")
        aside, captain, draw = sizes(
            (view.set_aside_size, view.captain_pile_size, view.draw_pile_size),
            3,
            _GAME,
            "the sizes of the piles",
        )
        if (captain == 0) != (view.captain_pile_top is None):
            raise impossible(_GAME, "the Captain pile's top and size disagree")
        below = max(captain - 1, 0)
        hidden = aside + below + draw
        if hidden != len(self.draw):
            raise impossible(
                _GAME, f"{len(self.draw)} draw cards are unseen, but the piles hide {hidden}"
            )
        self.draw_parts = (aside, below)


@lru_cache(maxsize=256)
def _pieces(view: View, options: Options) -> _Pieces:
    return _Pieces(view, options)


def _grids(pieces: _Pieces, rng: random.Random) -> tuple[Grid, ...]:
    """Every grid, its covered cards dealt out at random."""
    if pieces.low_blows:
        dealt, _ = dealt_out(pieces.pools[0], pieces.covered, rng)
    else:
        dealt = [dealt_out(pool, (), rng)[1] for pool in pieces.pools]
    grids = []
    for holder, (stacks, ducks) in enumerate(zip(pieces.cells, dealt, strict=True)):
        whole = pieces.whole[holder]
        if whole is not None:
            grids.append(whole)
            continue
        cells = []
        at = 0
        for place, top, covered in stacks:
            under = tuple(held_by(f, k, holder) for f, k in ducks[at : at + covered])
            at += covered
            cells.append((place, (*under, top)))
        grid = Grid(tuple(cells))
        _set_masks(grid, pieces.masks[holder])
        grids.append(grid)
    return tuple(grids)


def sample_state(view: View, rng: random.Random, options: Options) -> State:
    """A state showing ``view`` to its player, its hidden cards dealt and the other
    players' hidden actions drawn at random.

    The arguments are trusted to be of the right types
    (:meth:`DuckAndCover.sample_state` checks them); a view that contradicts itself or
    ``options`` raises :class:`ValueError`.
    """
    pieces = _pieces(view, options)
    grids = _grids(pieces, rng)
    (aside, captain_below), draw_pile = dealt_out(pieces.draw, pieces.draw_parts, rng)
    captain_pile = () if view.captain_pile_top is None else (*captain_below, view.captain_pile_top)
    acted = view.acted
    waiting = tuple(None for _ in acted)
    state = State(
        view.players,
        options,
        view.phase,
        view.round,
        grids,
        tuple(draw_pile),
        captain_pile,
        view.discard_zone,
        view.card,
        view.previous,
        view.previous_discarded,
        waiting,
        view.round_scores,
        tuple(aside),
        view.gifts,
    )
    if not any(acted):
        return state
    if view.phase is not Phase.TURN or len(acted) != view.players:
        raise impossible(_GAME, "players have acted outside a turn")
    submitted: list[PlayerAction | None] = list(waiting)
    for p, done in enumerate(acted):
        if not done:
            continue
        choices = legal_actions(state, p)
        if p == view.player:
            if view.own_action not in choices:
                raise impossible(_GAME, f"the player's own action {view.own_action!r} is illegal")
            submitted[p] = view.own_action
        elif not choices:
            raise impossible(_GAME, f"player {p} has acted but has no legal action")
        else:
            submitted[p] = choices[rng.randrange(len(choices))]
    return State(
        view.players,
        options,
        view.phase,
        view.round,
        grids,
        state.draw_pile,
        captain_pile,
        view.discard_zone,
        view.card,
        view.previous,
        view.previous_discarded,
        tuple(submitted),
        view.round_scores,
        state.set_aside,
        view.gifts,
    )
