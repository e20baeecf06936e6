"""Canardage's small configuration for ``rulespec explore`` (see
:mod:`rulespec.tools.explore`).

From before the deal, the twenty cards of a three-player duck deck alone have billions
of orders, so the walk starts later: from a position of three players who each have one
duck left, with a short action deck (the ``action_deck`` option, not a rule of the
game), in each arrangement of its hidden cards (the hands, the duck deck), as a shuffle
would deal them. The game's chance steps after that (the draw pile's reshuffle of the
played cards) are walked outcome by outcome.

The seats of a game are symmetric under a rotation, which turns each player's colour
with them: a state and its rotations are one class.

>>> [(c.name, c.players, c.deep) for c in configs()]
[('endgame', 3, False), ('longer', 3, True)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, cast

import attrs

from rulespec.canardage.cards import WATER, Card, sort_cards
from rulespec.canardage.position import HAND, position
from rulespec.canardage.state import State
from rulespec.plugin.small import Canonical, Config, arrangements, orderings

__all__ = ["configs", "rotated", "starts", "symmetry", "weight"]

LINE = "0 W 1 W 2 W"
"""The line of the start: each player's last duck, water between."""
SHOT = (4, 4, 4)


def starts(options: Any) -> list[State]:
    """The start position in each arrangement of its hidden cards: the action cards
    dealt to the hands (three each) and the draw pile, the duck deck's order."""
    base = position(LINE, [None] * len(SHOT), shot=SHOT, options=options)
    cards = tuple(c for hand in base.hands for c in hand) + base.draw_pile
    n = base.players
    found: dict[State, None] = {}
    for shuffled in orderings(cards):
        order = cast(tuple[Card, ...], shuffled)
        hands = tuple(sort_cards(list(order[HAND * p : HAND * (p + 1)])) for p in range(n))
        for deck in cast(Iterator[tuple[int, ...]], orderings(base.deck)):
            found[attrs.evolve(base, hands=hands, draw_pile=order[HAND * n :], deck=deck)] = None
    return list(found)


def rotated(state: State, k: int) -> State:
    """``state`` with every seat moved ``k`` places on, each colour with its seat."""
    n = state.players

    def seat(p: int) -> int:
        return (p + k) % n

    def colour(c: int) -> int:
        return c if c == WATER else (c + k) % n

    def moved(values: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(values[(p - k) % n] for p in range(n))

    return attrs.evolve(
        state,
        turn=seat(state.turn) if state.turn >= 0 else state.turn,
        line=tuple(tuple(colour(c) for c in stack) for stack in state.line),
        shelters=moved(state.shelters),
        deck=tuple(colour(c) for c in state.deck),
        hands=moved(state.hands),
        shot=moved(state.shot),
        winners=tuple(sorted(seat(p) for p in state.winners)),
    )


def symmetry(options: Any) -> Canonical:
    """Canardage's canonical form: the least of a state's rotations (seats and colours
    together; the turn order goes round the table, so a rotation changes no rule)."""

    def canonical(s: State) -> Hashable:
        forms = []
        for k in range(s.players):
            r = rotated(s, k) if k else s
            hands = tuple(tuple(c.value for c in h) for h in r.hands)
            forms.append(
                (r.turn, r.line, r.targets, r.shelters, r.deck, r.seen, hands, r.shot, r.winners)
            )
        pile = tuple(c.value for c in s.draw_pile)
        return (s.phase, pile, tuple(c.value for c in s.played), min(forms))

    return canonical


def weight(state: State) -> int:
    """The arrangements a state stands for, copies of an action card told apart (see
    :func:`~rulespec.plugin.small.arrangements`; the draw pile and the duck deck are
    orders)."""
    return arrangements(state.hands)


def _config(name: str, deck: dict[str, int], deep: bool) -> Config:
    drawn = sum(deck.values()) - 3 * len(SHOT)
    cards = ", ".join(f"{k} {c}" for c, k in deck.items())
    return Config(
        name,
        3,
        {"action_deck": deck},
        f"3 players, each with one duck left (line {LINE}, two water cards in the duck "
        f"deck), an action deck of {cards} ({drawn} to draw after the hands), each "
        "arrangement of the hands, the draw pile and the duck deck",
        start=starts,
        symmetry=symmetry,
        weight=weight,
        endless=True,
        note=(
            "The duck deck of a deal has billions of orders, so it starts from a position, in"
            " each arrangement of its hidden cards; the short action deck is the action_deck "
            "option, not a rule. The reshuffle of the played cards is a chance step the walk "
            "reaches; the rules let a game go on for ever. Reduced: seats rotated with their "
            "colours, which the start's turn leaves without effect."
        ),
        law="each arrangement of the hidden cards equally likely, copies told apart: "
        "a state weighs the product over its hands of the ways to tell their copies apart",
        deep=deep,
    )


def configs() -> tuple[Config, ...]:
    """Canardage's small configurations, the default first."""
    return (
        _config("endgame", {"pan": 5, "en-joue": 4}, False),
        _config("longer", {"pan": 5, "en-joue": 4, "planque": 1}, True),
    )
