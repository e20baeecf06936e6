"""Tricks: a small trick-taking game written as a plug-in would be, with rulespec's
defaults for everything but its classes, rules and declaration.

2 to 4 players are dealt three cards each from the cards 1 to ``3 × players``; the
leader plays any card, then each other player in seat order; the highest card takes
the trick and leads the next; a trick is a point. The hands are hidden: each player
sees their own, and the others' as cards marked 0.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from rulespec.core.chance import CHANCE, Chance
from rulespec.core.declaration import Declaration
from rulespec.core.errors import IllegalAction
from rulespec.core.game import _GAMES, register
from rulespec.plugin import (
    RulesGame,
    evolve,
    listed,
    own_hands,
    replaced,
    view_class,
    without,
)
from rulespec.rulebook import implements as _implements
from rulespec.rulebook.clauses import catalogues
from rulespec.rulebook.implements import implements

HAND = 3


@attrs.frozen
class Options:
    """Tricks has no options."""


@attrs.frozen
class Deal:
    """Chance: the deck in the order it is dealt."""

    order: tuple[int, ...]


@attrs.frozen
class Play:
    """``player`` plays ``card`` to the trick."""

    player: int
    card: int


def _unseen(view: Any) -> list[int]:
    """The cards ``view``'s player cannot see: the deck but their hand and the tricks."""
    shown = {*view.hands[view.player], *view.table, *view.played}
    return [c for c in range(1, HAND * view.players + 1) if c not in shown]


@attrs.frozen(weakref_slot=False)
class State:
    """A whole game: ``turn`` is -1 until the deal and after the last trick."""

    players: int
    options: Options
    hands: tuple[tuple[int, ...], ...] = attrs.field(metadata=own_hands(0, _unseen))
    turn: int
    table: tuple[int, ...]
    """The cards of the trick in play, the leader's first."""
    played: tuple[int, ...]
    """The cards of the tricks taken."""
    points: tuple[int, ...]


View = view_class(State, "View")


def new_game(players: int, options: Options | None) -> State:
    if not 2 <= players <= 4:
        raise IllegalAction("tt.setup.players", f"Tricks is for 2 to 4 players, not {players}")
    return State(players, options or Options(), ((),) * players, -1, (), (), (0,) * players)


def to_move(state: State) -> tuple[int, ...]:
    if state.turn >= 0:
        return (state.turn,)
    return (CHANCE,) if not state.played else ()


def is_over(state: State) -> bool:
    return state.turn < 0 and bool(state.played)


def chance(state: State) -> Chance:
    if state.turn >= 0 or state.played:
        raise IllegalAction("tt.setup.deal", "the cards are dealt once, at the start")
    deck = tuple(range(1, HAND * state.players + 1))
    return Chance("deal", "the deck is shuffled and dealt", (deck,))


def legal_actions(state: State, player: int) -> Any:
    if player != state.turn:
        return ()
    return listed(Play, state.hands[player], player)


def action_space(players: int, options: Options) -> tuple[Play, ...]:
    return tuple(Play(0, card) for card in range(1, HAND * players + 1))


@implements("tt.setup.deal")
def check_deal(state: State, action: Deal) -> None:
    chance(state)
    if sorted(action.order) != list(range(1, HAND * state.players + 1)):
        raise IllegalAction(
            "tt.setup.deal", f"a deal orders the cards 1 to {HAND * state.players}, once each"
        )


@implements("tt.setup.deal")
def deal(state: State, action: Deal) -> State:
    n = state.players
    hands = tuple(tuple(sorted(action.order[p::n])) for p in range(n))
    return evolve(state, hands=hands, turn=0)


@implements("tt.turn.play", "tt.turn.trick")
def play(state: State, action: Play) -> State:
    p, card = action.player, action.card
    if p != state.turn or card not in state.hands[p]:
        raise IllegalAction("tt.turn.play", f"player {p} cannot play {card!r} now")
    hand = without(state.hands[p], card)
    hands = replaced(state.hands, p, hand)
    table = (*state.table, card)
    if len(table) < state.players:
        return evolve(state, hands=hands, turn=(p + 1) % state.players, table=table)
    leader = (p + 1) % state.players
    taker = (leader + table.index(max(table))) % state.players
    points = replaced(state.points, taker, state.points[taker] + 1)
    turn = taker if hand else -1
    return evolve(
        state, hands=hands, turn=turn, table=(), played=(*state.played, *table), points=points
    )


@implements("tt.score.tricks")
def scores(state: State) -> tuple[int, ...]:
    return state.points


def winners(state: State) -> tuple[int, ...]:
    best = max(state.points)
    return tuple(p for p, s in enumerate(state.points) if s == best) if is_over(state) else ()


class Tricks(RulesGame[State, Any, Any, Options]):
    """The game object: its methods are the rules above, its view, sampling, JSON,
    encodings and drawing rulespec's defaults."""

    id = "tricks"
    name = "Tricks"
    min_players, max_players = 2, 4
    state_type, view_type, options_type = State, View, Options
    action_types, player_action_types = (Play, Deal), (Play,)
    chance_clause = "tt.setup.deal"
    rules = sys.modules[__name__]
    declaration = Declaration(
        prefix="tt.", catalogue="tests.plugin:tricks.toml", languages=(), simulation_cap=12
    )


GAME = Tricks()

# Tricks is a game of these tests only: its ``@implements`` marks leave the registry as
# soon as they are made (the project's traceability and docs never meet its clauses)
# and come back for a test inside :func:`registered`.
CODE = {c: f for c, f in _implements._REGISTRY.items() if c.startswith("tt.")}
for _clause in CODE:
    del _implements._REGISTRY[_clause]


@contextmanager
def registered() -> Iterator[None]:
    """Tricks in the game registry, its clauses' code in the ``@implements`` registry
    and its catalogue read, for the time of the ``with`` block."""
    register(GAME)
    _implements._REGISTRY.update(CODE)
    catalogues.cache_clear()
    try:
        yield
    finally:
        _GAMES.pop(GAME.id, None)
        for clause in CODE:
            _implements._REGISTRY.pop(clause, None)
        catalogues.cache_clear()
