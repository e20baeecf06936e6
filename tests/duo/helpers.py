"""Small builders shared by the Duo unit tests.

Expected values in the tests are written by hand from the rulebook; these
helpers only build inputs (deals, positions) and check refusals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache

import attrs
import pytest

import rulespec
from rulespec.duo import GAME, Deal, Duo, Options, State, parse_card

__all__ = [
    "ALL_NAMES",
    "COLOURS",
    "DUO",
    "NUMBERS",
    "SHAPES",
    "card",
    "deal_order",
    "features_of",
    "refused",
    "rulebook_fits",
    "started",
    "symbol_names",
]


DUO: Duo = GAME
"""The game as the registry serves it: ``rulespec.game("duo")`` is this object."""

# « Poser des cartes qui conviennent »: the three features of a symbol card.
COLOURS = ("blue", "red", "yellow", "green")
NUMBERS = (1, 2, 3, 4)
SHAPES = ("circle", "square", "triangle", "cross")


def symbol_names() -> list[str]:
    """The 64 symbol cards by name, every colour × number × shape once."""
    return [f"{c}-{n}-{s}" for c in COLOURS for n in NUMBERS for s in SHAPES]


JOKER_NAMES = [f"joker-{c}" for c in COLOURS] + [f"joker-{n}" for n in NUMBERS]
JOKER_NAMES += [f"joker-{s}" for s in SHAPES]

ALL_NAMES = [*symbol_names(), *JOKER_NAMES, "turbo"]
"""Every distinct card: 64 symbol cards, 12 jokers and the Turbo-joker."""


def card(name: str) -> int:
    """The engine's card for ``name``."""
    return parse_card(name)


def deal_order(
    players: int,
    hands: Sequence[Sequence[str]],
    piles: Sequence[str],
    draw_first: Sequence[str] = (),
    *,
    turbo: bool = False,
) -> Deal:
    """A Deal giving these 7-card hands, these two starting cards, and a draw pile
    starting with ``draw_first`` (the other cards follow in name order).

    Hands are laid out as the deal hands them out: card k to seat k mod n.
    """
    assert len(hands) == players and all(len(h) == 7 for h in hands)
    names = [*ALL_NAMES[:-1], *(["turbo"] * 4 if turbo else [])]
    order: list[str] = []
    for k in range(7):
        for p in range(players):
            order.append(hands[p][k])
    order += [*piles, *draw_first]
    rest = list(names)
    for name in order:
        rest.remove(name)
    return Deal(tuple(card(n) for n in [*order, *rest]))


def features_of(name: str) -> dict[str, str]:
    """A card's features read off its name: ``red-3-circle`` has three, a joker one."""
    parts = name.split("-")
    if parts[0] == "joker":
        value = parts[1]
        kind = "colour" if value in COLOURS else "shape" if value in SHAPES else "number"
        return {kind: value}
    return {"colour": parts[0], "number": parts[1], "shape": parts[2]}


@cache
def rulebook_fits(name: str, top: str) -> bool:
    """« Poser des cartes qui conviennent » and « Turbo-DUO », written out."""
    if "turbo" in (name, top):
        return True
    mine, theirs = features_of(name), features_of(top)
    if len(mine) == 1 and len(theirs) == 1:
        return False  # no joker on a joker
    if len(mine) == 1 or len(theirs) == 1:
        joker, other = (mine, theirs) if len(mine) == 1 else (theirs, mine)
        ((kind, value),) = joker.items()
        return other[kind] == value
    return sum(mine[k] == theirs[k] for k in ("colour", "number", "shape")) >= 2


@contextmanager
def refused(clause: str) -> Iterator[None]:
    """Expect an :class:`IllegalAction` naming ``clause``."""
    with pytest.raises(rulespec.IllegalAction) as info:
        yield
    assert info.value.clause == clause, str(info.value)


def started(players: int, deal: Deal, options: Options | None = None) -> State:
    """A new match after ``deal``."""
    return DUO.apply(DUO.new_game(players, options), deal)


def shuffle_hidden(state: State, player: int, rng: random.Random) -> State:
    """The same table for ``player``: the other hands and the draw pile shuffled with
    ``rng`` among themselves, every size kept (each other hand sorted)."""
    hidden = [c for p, h in enumerate(state.hands) if p != player for c in h]
    hidden += list(state.draw_pile)
    rng.shuffle(hidden)
    hands = []
    for p, h in enumerate(state.hands):
        if p == player:
            hands.append(h)
        else:
            hands.append(tuple(sorted(hidden[: len(h)])))
            hidden = hidden[len(h) :]
    return attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(hidden))
