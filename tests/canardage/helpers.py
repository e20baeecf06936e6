"""Shared helpers for the Canardage tests: positions built by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import rulespec
from rulespec.canardage import Card, Play, State, position
from rulespec.canardage.cards import WATER
from rulespec.canardage.line import diagram
from rulespec.canardage.rules import legal_actions

GAME = rulespec.game("canardage")
W = WATER

_FILLER = ("en-joue", "pan", "en-avant-marche")


def at(
    line: str,
    hand: Sequence[str],
    *,
    players: int = 3,
    turn: int = 0,
    others: Sequence[Sequence[str]] | None = None,
    **kwargs: Any,
) -> State:
    """A position where player ``turn`` holds ``hand`` and the others hold filler cards."""
    hands: list[Sequence[str]] = []
    k = 0
    for p in range(players):
        if p == turn:
            hands.append(hand)
        elif others is not None:
            hands.append(others[k])
            k += 1
        else:
            hands.append(_FILLER)
    return position(line, hands, turn=turn, **kwargs)


def legal(state: State, card: Card | None = None) -> list[Any]:
    """The legal actions of the player on turn (of one card when given)."""
    actions = legal_actions(state, state.turn)
    if card is None:
        return list(actions)
    return [a for a in actions if isinstance(a, Play) and a.card is card]


def spaces(state: State, card: Card) -> list[tuple[int, ...]]:
    """The ``spaces`` of every legal play of ``card``."""
    return [a.spaces for a in legal(state, card)]


def play(state: State, card: Card, *spaces: int) -> State:
    """The state after the player on turn plays ``card`` on ``spaces``."""
    return GAME.apply(state, Play(state.turn, card, tuple(spaces)))  # type: ignore[no-any-return]


def refusal(state: State, card: Card, *spaces: int) -> str:
    """The clause that refuses the player on turn playing ``card`` on ``spaces``."""
    with pytest.raises(rulespec.IllegalAction) as info:
        play(state, card, *spaces)
    return info.value.clause


def line_of(state: State) -> str:
    """The line as a diagram without targets."""
    return diagram(state.line)
