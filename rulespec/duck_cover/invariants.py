"""The invariants of Duck & Cover, as published checks.

Each returns a sentence saying what is wrong, or ``None``. Each holds under
every combination of the publisher's variants; the description says how a
variant changes what it checks (the deck of *Constraints*, the cards that
*Surprises* sets aside, the ducks that change owner under *Low blows*).
"""

from __future__ import annotations

from collections import Counter

from rulespec.core.invariants import Invariant, TransitionInvariant
from rulespec.duck_cover.actions import Action, Cover, Deal, Duck, Give, Place, Quack
from rulespec.duck_cover.cards import DRAW_DECK, FAMILY, MAX, REPEAT, family_of, number_of
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.rules import round_ends, to_move
from rulespec.duck_cover.scoring import round_scores
from rulespec.duck_cover.state import Phase, State

__all__ = ["INVARIANTS", "TRANSITION_INVARIANTS"]

_DECKS = {False: Counter(DRAW_DECK), True: Counter(c for c in DRAW_DECK if c > 3)}

Card = tuple[int, int]
"""A duck card as (the seat whose family it is, its number)."""


def _family_cards(s: State) -> Counter[Card]:
    """Every duck card in the grids and in transit (*Low blows*), by family and number."""
    found: Counter[Card] = Counter()
    for p, grid in enumerate(s.grids):
        for _, stack in grid.cells:
            found.update((family_of(c, p), number_of(c)) for c in stack)
    for p, card in enumerate(s.gifts):
        found[(family_of(card, p), number_of(card))] += 1
    return found


def _ducks_once(s: State) -> str | None:
    if s.phase is not Phase.DEAL and len(s.grids) != s.players:
        return f"{len(s.grids)} grids for {s.players} players"
    if not s.options.low_blows:
        for p, grid in enumerate(s.grids):
            if grid.cards() != FAMILY:
                return f"player {p}'s grid holds {grid.cards()}, not each card 1–12 once"
        return None
    if not s.grids:
        return None
    expected = Counter((f, n) for f in range(len(s.grids)) for n in FAMILY)
    found = _family_cards(s)
    if found != expected:
        wrong = sorted((found - expected) + (expected - found))
        return f"the players' families are not each held once: (seat, number) {wrong}"
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
    if len(s.set_aside) != (2 if s.options.surprises and s.grids else 0):
        return f"{len(s.set_aside)} draw cards set aside"
    if not s.grids:
        return None
    held = Counter(s.draw_pile) + Counter(s.captain_pile) + Counter(s.discard_zone)
    held.update(s.set_aside)
    if s.card is not None:
        held[s.card] += 1
    deck = s.options.deck
    if held != (Counter(deck) if deck else _DECKS[s.options.constraints]):
        size = len(s.options.draw_deck)
        return (
            f"the piles, the card in play and the cards set aside do not hold the {size} draw cards"
        )
    return None


def _discard_limit(s: State) -> str | None:
    if len(s.discard_zone) > s.discard_limit:
        return f"{len(s.discard_zone)} discards exceed the limit of {s.discard_limit}"
    return None


def _round_end(s: State) -> str | None:
    # While players place the ducks they were given, a giver may hold one stack for a
    # moment: the round ends only once the turn is over.
    if (
        s.phase in (Phase.TURN, Phase.RESHUFFLE)
        and round_ends(s, s.grids, s.discard_zone)
        and (not s.gifts or len(s.discard_zone) >= s.discard_limit)
    ):
        return "an end-of-round condition holds but the round goes on"
    finished = s.phase is Phase.OVER or (s.phase is Phase.DEAL and s.round > 0)
    if finished and not round_ends(s, s.grids, s.discard_zone):
        return "the round ended though neither end condition holds"
    return None


def _scores(s: State) -> str | None:
    expected = 3 if s.phase is Phase.OVER else s.round
    if len(s.round_scores) != expected:
        return f"{len(s.round_scores)} round scores in round {s.round} ({s.phase.value})"
    finished = s.phase is Phase.OVER or (s.phase is Phase.DEAL and s.round > 0)
    if finished:
        due = round_scores(s.grids, s.options, last=s.phase is Phase.OVER)
        if s.round_scores[-1] != due:
            return f"the last round scored {s.round_scores[-1]}, its grids give {due}"
    return None


def _turn(s: State) -> str | None:
    if s.phase is Phase.TURN:
        if s.card is None:
            return "a turn with no card in play"
        if len(s.submitted) != s.players or None not in s.submitted:
            return "a turn in progress must wait for at least one player"
        if s.options.low_blows and s.card in (MAX, REPEAT):
            return None  # Max and Repeat call nothing: players give ducks
        if s.call is None:
            return "a turn with no card in play"
        if s.card == REPEAT and (s.previous is None or s.previous_discarded):
            return "a Repeat in play with nothing to repeat"
        if s.gifts:
            return "ducks are being placed on a turn that gives none"
    elif s.card is not None:
        return f"a card is in play during the {s.phase.value} phase"
    return None


def _gifts(s: State) -> str | None:
    if not s.gifts:
        return None
    if not s.options.low_blows:
        return "ducks are in transit without the Low blows variant"
    if s.phase is not Phase.TURN or len(s.gifts) != s.players:
        return f"{len(s.gifts)} ducks in transit in the {s.phase.value} phase"
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "dc.inv.ducks-once",
        ("dc.setup.grid", "dc.move.stack", "dc.variant.low-blows.ownership"),
        "Every grid holds each duck card 1–12 exactly once. Under Low blows ducks change "
        "owner: each card of every player's family is held exactly once, in some grid or "
        "in transit to the player who receives it.",
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
        (
            "dc.setup.draw-deck",
            "dc.turn.captain-pile",
            "dc.turn.discard",
            "dc.deck.reshuffle",
            "dc.variant.constraints.deck",
            "dc.variant.surprises",
        ),
        "The 26 draw cards are in the draw pile, Captain pile, discard zone or in play. "
        "Under Constraints the deck is 20 cards, without the 1, 2 and 3; under Surprises "
        "two of them lie set aside for the round.",
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
        (
            "dc.score.splashes",
            "dc.score.sign",
            "dc.game.three-rounds",
            "dc.variant.competition",
            "dc.variant.pressure",
        ),
        "One score per finished round; the last one follows from its final grids (card "
        "numbers under Competition; a negative third round doubled under Pressure).",
        _scores,
    ),
    Invariant(
        "dc.inv.turn",
        ("dc.turn.draw", "dc.turn.simultaneous", "dc.special.repeat"),
        "A turn has a card in play and waits for someone; otherwise no card is in play. "
        "Under Low blows a Max or Repeat in play calls nothing.",
        _turn,
    ),
    Invariant(
        "dc.inv.gifts",
        ("dc.variant.low-blows.gift", "dc.variant.low-blows.placement"),
        "Ducks are in transit only under Low blows, one for each player, while they are placed.",
        _gifts,
    ),
)


def _covered(grid: Grid) -> set[int]:
    return {c for _, stack in grid.cells for c in stack[:-1]}


def _covered_cards(s: State) -> set[Card]:
    """Every covered card, whoever holds it, as (the seat whose family it is, number)."""
    return {
        (family_of(c, p), number_of(c))
        for p, grid in enumerate(s.grids)
        for _, stack in grid.cells
        for c in stack[:-1]
    }


def _same_round(before: State, action: Action) -> bool:
    return type(action) is not Deal and bool(before.grids)


def _stays_covered(before: State, action: Action, after: State) -> str | None:
    if not _same_round(before, action):
        return None
    if not before.options.low_blows:
        for p, (g0, g1) in enumerate(zip(before.grids, after.grids, strict=True)):
            back = _covered(g0) - _covered(g1)
            if back:
                return f"player {p}'s covered cards {sorted(back)} came back into view"
        return None
    uncovered = _covered_cards(before) - _covered_cards(after)
    if uncovered and after.gifts and not before.gifts:
        # The step that hands the ducks over: the card just beneath a given duck shows.
        gives: list[Action | None] = list(before.submitted)
        gives[action.player] = action  # type: ignore[union-attr]
        for p, give in enumerate(gives):
            if not isinstance(give, Give):
                continue
            stack = before.grids[p].stack_at(give.at)
            if stack is not None and len(stack) > 1:
                uncovered.discard((family_of(stack[-2], p), number_of(stack[-2])))
    if uncovered:
        return f"covered cards {sorted(uncovered)} (seat, number) came back into view"
    return None


def _stacks_never_grow(before: State, action: Action, after: State) -> str | None:
    if not _same_round(before, action):
        return None
    placing = before.gifts and type(action) is Place
    for p, (g0, g1) in enumerate(zip(before.grids, after.grids, strict=True)):
        if len(g1.cells) > len(g0.cells) + (1 if placing else 0):
            return f"player {p} went from {len(g0.cells)} to {len(g1.cells)} stacks"
    return None


def _actor(before: State, action: Action, after: State) -> str | None:
    actor = action.player if isinstance(action, Cover | Duck | Quack | Give | Place) else -1
    if actor not in to_move(before):
        return f"{action!r} was accepted but {actor} was not to move ({to_move(before)})"
    return None


TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (
    TransitionInvariant(
        "dc.inv.covered-stays-covered",
        ("dc.move.cover", "dc.move.stack", "dc.variant.low-blows.gift"),
        "Within a round, a covered card never comes back into view, whoever holds it. "
        "Under Low blows one exception: the card that lay just beneath a given duck.",
        _stays_covered,
    ),
    TransitionInvariant(
        "dc.inv.stacks-never-grow",
        ("dc.move.cover", "dc.move.duck", "dc.variant.low-blows.placement"),
        "Within a round, a player's number of stacks never grows. Under Low blows one "
        "exception: placing the duck received makes one stack more.",
        _stacks_never_grow,
    ),
    TransitionInvariant(
        "dc.inv.actor",
        ("dc.turn.simultaneous",),
        "Only a player who is to move acts; chance acts only at chance steps.",
        _actor,
    ),
)
