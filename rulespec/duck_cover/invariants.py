"""The invariants of Duck & Cover, as published checks.

Each returns a sentence saying what is wrong, or ``None``.
"""

from __future__ import annotations

from collections import Counter

from rulespec.core.invariants import Invariant, TransitionInvariant
from rulespec.duck_cover.actions import Action, Cover, Deal, Duck, Quack
from rulespec.duck_cover.cards import DRAW_DECK, FAMILY, REPEAT
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.rules import round_is_over, to_move
from rulespec.duck_cover.scoring import round_scores
from rulespec.duck_cover.state import Phase, State

__all__ = ["INVARIANTS", "TRANSITION_INVARIANTS"]

_DECK = Counter(DRAW_DECK)


def _ducks_once(s: State) -> str | None:
    for p, grid in enumerate(s.grids):
        if grid.cards() != FAMILY:
            return f"player {p}'s grid holds {grid.cards()}, not each card 1–12 once"
    if s.phase is not Phase.DEAL and len(s.grids) != s.players:
        return f"{len(s.grids)} grids for {s.players} players"
    return None


def _no_empty_stack(s: State) -> str | None:
    for p, grid in enumerate(s.grids):
        for pos, stack in grid.cells:
            if not stack:
                return f"player {p} has an empty stack at {pos}"
        if len(set(grid.positions())) != len(grid.cells):
            return f"player {p} has two stacks in one place"
    return None


def _draw_cards(s: State) -> str | None:
    if not s.grids:
        return None
    held = Counter(s.draw_pile) + Counter(s.captain_pile) + Counter(s.discard_zone)
    if s.card is not None:
        held[s.card] += 1
    if held != _DECK:
        return "the piles and the card in play do not hold the 26 draw cards"
    return None


def _discard_limit(s: State) -> str | None:
    if len(s.discard_zone) > s.discard_limit:
        return f"{len(s.discard_zone)} discards exceed the limit of {s.discard_limit}"
    return None


def _round_end(s: State) -> str | None:
    if s.phase in (Phase.TURN, Phase.RESHUFFLE) and round_is_over(s):
        return "an end-of-round condition holds but the round goes on"
    finished = s.phase is Phase.OVER or (s.phase is Phase.DEAL and s.round > 0)
    if finished and not round_is_over(s):
        return "the round ended though neither end condition holds"
    return None


def _scores(s: State) -> str | None:
    expected = 3 if s.phase is Phase.OVER else s.round
    if len(s.round_scores) != expected:
        return f"{len(s.round_scores)} round scores in round {s.round} ({s.phase.value})"
    finished = s.phase is Phase.OVER or (s.phase is Phase.DEAL and s.round > 0)
    if finished:
        due = round_scores(s.grids, s.options)
        if s.round_scores[-1] != due:
            return f"the last round scored {s.round_scores[-1]}, its grids give {due}"
    return None


def _turn(s: State) -> str | None:
    if s.phase is Phase.TURN:
        if s.card is None or s.call is None:
            return "a turn with no card in play"
        if len(s.submitted) != s.players or None not in s.submitted:
            return "a turn in progress must wait for at least one player"
        if s.card == REPEAT and (s.previous is None or s.previous_discarded):
            return "a Repeat in play with nothing to repeat"
    elif s.card is not None:
        return f"a card is in play during the {s.phase.value} phase"
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "dc.inv.ducks-once",
        ("dc.setup.grid", "dc.move.stack"),
        "Every grid holds each duck card 1–12 exactly once.",
        _ducks_once,
    ),
    Invariant(
        "dc.inv.no-empty-stack",
        ("dc.move.stack",),
        "No stack is empty and no place holds two stacks.",
        _no_empty_stack,
    ),
    Invariant(
        "dc.inv.draw-cards",
        ("dc.setup.draw-deck", "dc.turn.captain-pile", "dc.turn.discard", "dc.deck.reshuffle"),
        "The 26 draw cards are in the draw pile, Captain pile, discard zone or in play.",
        _draw_cards,
    ),
    Invariant(
        "dc.inv.discard-limit",
        ("dc.end.discard-limit",),
        "The discard zone never holds more than 11 − players cards.",
        _discard_limit,
    ),
    Invariant(
        "dc.inv.round-end",
        ("dc.end.single-pile", "dc.end.discard-limit"),
        "A round ends exactly when one of its two end conditions holds.",
        _round_end,
    ),
    Invariant(
        "dc.inv.scores",
        ("dc.score.splashes", "dc.score.sign", "dc.game.three-rounds"),
        "One score per finished round; the last one follows from its final grids.",
        _scores,
    ),
    Invariant(
        "dc.inv.turn",
        ("dc.turn.draw", "dc.turn.simultaneous", "dc.special.repeat"),
        "A turn has a card in play and waits for someone; otherwise no card is in play.",
        _turn,
    ),
)


def _covered(grid: Grid) -> set[int]:
    return {c for _, stack in grid.cells for c in stack[:-1]}


def _same_round(before: State, action: Action) -> bool:
    return type(action) is not Deal and bool(before.grids)


def _stays_covered(before: State, action: Action, after: State) -> str | None:
    if not _same_round(before, action):
        return None
    for p, (g0, g1) in enumerate(zip(before.grids, after.grids, strict=True)):
        back = _covered(g0) - _covered(g1)
        if back:
            return f"player {p}'s covered cards {sorted(back)} came back into view"
    return None


def _stacks_never_grow(before: State, action: Action, after: State) -> str | None:
    if not _same_round(before, action):
        return None
    for p, (g0, g1) in enumerate(zip(before.grids, after.grids, strict=True)):
        if len(g1.cells) > len(g0.cells):
            return f"player {p} went from {len(g0.cells)} to {len(g1.cells)} stacks"
    return None


def _actor(before: State, action: Action, after: State) -> str | None:
    actor = action.player if isinstance(action, Cover | Duck | Quack) else -1
    if actor not in to_move(before):
        return f"{action!r} was accepted but {actor} was not to move ({to_move(before)})"
    return None


TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (
    TransitionInvariant(
        "dc.inv.covered-stays-covered",
        ("dc.move.cover", "dc.move.stack"),
        "Within a round, a covered card never comes back into view.",
        _stays_covered,
    ),
    TransitionInvariant(
        "dc.inv.stacks-never-grow",
        ("dc.move.cover", "dc.move.duck"),
        "Within a round, a player's number of stacks never grows.",
        _stacks_never_grow,
    ),
    TransitionInvariant(
        "dc.inv.actor",
        ("dc.turn.simultaneous",),
        "Only a player who is to move acts; chance acts only at chance steps.",
        _actor,
    ),
)
