"""Worked examples of Duo, drawn beside their clauses on the rules page.

Each ``after`` is written out from the rules, not computed: the test suite
checks that the engine reaches it. Card names are as in
:func:`rulespec.duo.position`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import attrs

from rulespec.duo.actions import Draw, Play, Stop
from rulespec.duo.cards import BASE_DECK, NUMBERS, TURBO, card_name, features, parse_card
from rulespec.duo.position import position
from rulespec.duo.state import Options, Phase, State
from rulespec.rulebook.examples import Example
from rulespec.rulebook.facts import Seat, Told

__all__ = ["examples", "facts", "told"]

HAND = ["red-3-circle", "blue-1-square", "green-2-cross"]
OTHER = ["yellow-4-cross", "blue-2-circle"]


def _play(card: str, pile: int) -> Play:
    return Play(player=0, card=parse_card(card), pile=pile)


def _two_features() -> Example:
    before = position([HAND, OTHER], [["red-3-square"], ["green-4-triangle"]])
    after = position(
        [HAND[1:], OTHER], [["red-3-square", "red-3-circle"], ["green-4-triangle"]], turn_pile=0
    )
    return Example(
        "duo-two-features",
        ("duo.place.two-features", "duo.turn.play", "duo.cards.symbols"),
        "Player :fact:`0 <duo-two-features.before.to_move>` places their red "
        ":fact:`3 <duo-two-features.after.top.0>` circle on the red "
        ":fact:`3 <duo-two-features.before.top.0>` square: the two cards share their "
        "colour and their number. They stay on turn and may place more on this pile.",
        before,
        _play("red-3-circle", 0),
        after,
        facts={"before": {"to_move": "0", "top.0": 3}, "after": {"top.0": 3}},
    )


def _one_pile() -> Example:
    hand = ["red-1-circle", "green-4-cross"]
    piles = [["red-3-square", "red-3-circle"], ["green-4-triangle"]]
    before = position([hand, OTHER], piles, turn_pile=0)
    after = position([hand[1:], OTHER], [[*piles[0], "red-1-circle"], piles[1]], turn_pile=0)
    return Example(
        "duo-one-pile",
        ("duo.turn.one-pile",),
        "Player :fact:`0 <duo-one-pile.before.to_move>` began their turn on pile "
        ":fact:`0 <duo-one-pile.before.turn_pile>`, so every further card goes there: the "
        "red :fact:`1 <duo-one-pile.after.top.0>` circle (colour and shape of the red "
        ":fact:`3 <duo-one-pile.before.top.0>` circle). Their green 4 cross would fit pile "
        "1, but not this turn.",
        before,
        _play("red-1-circle", 0),
        after,
        facts={"before": {"to_move": "0", "turn_pile": 0, "top.0": 3}, "after": {"top.0": 1}},
    )


def _stop() -> Example:
    piles = [["red-3-square", "red-3-circle"], ["green-4-triangle"]]
    before = position([HAND[1:], OTHER], piles, turn_pile=0)
    after = position([HAND[1:], OTHER], piles, turn=1)
    return Example(
        "duo-stop",
        ("duo.turn.stop",),
        "Having placed a card, player :fact:`0 <duo-stop.before.to_move>` ends their turn; "
        "player :fact:`1 <duo-stop.after.to_move>` is on turn.",
        before,
        Stop(player=0),
        after,
        facts={"before": {"to_move": "0"}, "after": {"to_move": "1"}},
    )


def _draw() -> Example:
    piles = [["yellow-2-square"], ["green-4-triangle"]]
    before = position([HAND, OTHER], piles)
    after = position([[*HAND, "blue-1-circle"], OTHER], piles, turn=1)
    return Example(
        "duo-draw",
        ("duo.turn.draw",),
        "No card of player :fact:`0 <duo-draw.before.to_move>` fits either pile: they take "
        "the top card of the draw pile, the blue 1 circle, and their turn ends.",
        before,
        Draw(player=0),
        after,
        facts={"before": {"to_move": "0"}},
    )


def _on_joker() -> Example:
    hand = ["yellow-2-triangle", "green-3-cross"]
    piles = [["blue-2-square", "joker-2"], ["green-4-triangle"]]
    before = position([hand, OTHER], piles)
    after = position([hand[1:], OTHER], [[*piles[0], hand[0]], piles[1]], turn_pile=0)
    return Example(
        "duo-on-joker",
        ("duo.place.on-joker",),
        "Pile 0 shows the joker :fact:`2 <duo-on-joker.before.top.0>`: any card with the "
        "number 2 fits it, whatever its colour and shape, such as the yellow "
        ":fact:`2 <duo-on-joker.after.top.0>` triangle.",
        before,
        _play("yellow-2-triangle", 0),
        after,
        facts={"before": {"top.0": 2}, "after": {"top.0": 2}},
    )


def _joker() -> Example:
    hand = ["joker-cross", "yellow-4-square"]
    piles = [["green-1-cross"], ["blue-3-circle", "joker-3"]]
    before = position([hand, OTHER], piles)
    after = position([hand[1:], OTHER], [[*piles[0], "joker-cross"], piles[1]], turn_pile=0)
    return Example(
        "duo-joker",
        ("duo.place.joker", "duo.cards.jokers", "duo.place.no-joker-on-joker"),
        "The cross joker goes on the green :fact:`1 <duo-joker.before.top.0>` cross, which "
        "shows a cross. It may not go on pile 1: a joker never goes on a joker.",
        before,
        _play("joker-cross", 0),
        after,
        facts={"before": {"top.0": 1}},
    )


def _turbo() -> Example:
    turbo = Options(turbo=True)
    hand = ["turbo", "red-2-square"]
    piles = [["blue-1-circle", "joker-blue"], ["green-4-triangle"]]
    before = position([hand, OTHER], piles, options=turbo)
    after = position(
        [hand[1:], OTHER], [[*piles[0], "turbo"], piles[1]], turn_pile=0, options=turbo
    )
    return Example(
        "duo-turbo",
        ("duo.place.turbo", "duo.cards.turbo"),
        "In Turbo-DUO a Turbo-joker goes on any card, a joker included; then any card may "
        "follow it, such as the red 2 square.",
        before,
        _play("turbo", 0),
        after,
    )


def _next_round(before: State, **changes: Any) -> State:
    """``before`` once its first round is over and scored: the second waits for its deal,
    which player 1 starts, with ``changes``."""
    return attrs.evolve(before, phase=Phase.DEAL, round=1, starter=1, turn=1, **changes)


def _score_out() -> Example:
    hands = [["red-3-circle"], ["blue-1-square", "green-2-cross"], [*OTHER, "joker-red"]]
    piles = [["red-3-square"], ["green-4-triangle"]]
    before = position(hands, piles)
    after = _next_round(
        before,
        hands=((), *before.hands[1:]),
        piles=((*before.piles[0], parse_card("red-3-circle")), before.piles[1]),
        round_scores=((5, 0, 0),),
    )
    return Example(
        "duo-score-out",
        ("duo.score.out", "duo.round.out"),
        "The rulebook's end of a round, with its numbers: players 0, 1 and 2 are its "
        "players A, B and C. Player :fact:`0 <duo-score-out.before.to_move>` places their "
        "last card and wins the round; the others still hold "
        ":fact:`2 <duo-score-out.before.hand.1>` and "
        ":fact:`3 <duo-score-out.before.hand.2>` cards, so player 0 scores "
        ":fact:`5 <duo-score-out.after.round_score.0>`. Player "
        ":fact:`1 <duo-score-out.after.starter>` will start the next round.",
        before,
        _play("red-3-circle", 0),
        after,
        facts={
            "before": {"to_move": "0", "hand.1": 2, "hand.2": 3},
            "after": {"round_score.0": 5, "starter": "1"},
        },
    )


def _score_exhausted() -> Example:
    piles = [["yellow-2-square"], ["green-4-triangle"]]
    named = {parse_card(c) for c in [*HAND, *OTHER, *piles[0], *piles[1]]}
    rest = [card_name(c) for c in BASE_DECK if c not in named]
    hands = [HAND, [*OTHER, *rest[1:]]]
    before = position(hands, piles, draw_pile=rest[:1])
    after = _next_round(
        before,
        # The card drawn, the blue 1 circle, sorts first in a hand.
        hands=((parse_card(rest[0]), *before.hands[0]), before.hands[1]),
        draw_pile=(),
        round_scores=((-4, -70),),
    )
    return Example(
        "duo-score-exhausted",
        ("duo.score.exhausted", "duo.round.exhausted"),
        "Player :fact:`0 <duo-score-exhausted.before.to_move>` draws the last card of the "
        "draw pile, which ends the round with no winner: each player loses a point per "
        "card held, :fact:`4 <duo-score-exhausted.after.hand.0>` for player 0 and "
        ":fact:`70 <duo-score-exhausted.after.hand.1>` for player 1 (drawn from player 0's "
        "view).",
        before,
        Draw(player=0),
        after,
        view=0,
        facts={"before": {"to_move": "0"}, "after": {"hand.0": 4, "hand.1": 70}},
    )


@cache
def examples() -> tuple[Example, ...]:
    """The worked examples, in the order of the rules they show.

    >>> [e.name for e in examples()][:3]
    ['duo-two-features', 'duo-one-pile', 'duo-stop']
    """
    return (
        _two_features(),
        _one_pile(),
        _stop(),
        _draw(),
        _on_joker(),
        _joker(),
        _turbo(),
        _score_out(),
        _score_exhausted(),
    )


def facts(state: State) -> dict[str, object]:
    """What a story may state about a Duo state, by seat.

    ``hand.P`` (cards held), ``score.P`` (over the finished rounds),
    ``round_score.P`` (in the last finished round), ``draw`` (cards in the
    draw pile), ``round`` (counted from 1), ``pile.N`` (the card on top
    of pile N, by name), ``top.N`` (the number it shows, if it has one),
    ``turn_pile`` (the pile this turn's cards go on, once one is placed) and
    ``starter`` (the player who starts the round, or the next one once it ends).

    >>> s = position([["red-1-circle"], ["red-2-cross"]], [["red-2-circle"], ["blue-1-square"]])
    >>> facts(s)["pile.1"], facts(s)["top.1"], facts(s)["round"]
    ('blue-1-square', 1, 1)
    """
    totals = state.totals()
    last = state.round_scores[-1] if state.round_scores else (0,) * state.players
    found: dict[str, object] = {
        "draw": len(state.draw_pile),
        "round": state.round + 1,
        "starter": Seat(state.starter),
    }
    if state.turn_pile is not None:
        found["turn_pile"] = state.turn_pile
    for p in range(state.players):
        found[f"hand.{p}"] = len(state.hands[p])
        found[f"score.{p}"] = totals[p]
        found[f"round_score.{p}"] = last[p]
    for n, pile in enumerate(state.piles):
        if pile:
            found[f"pile.{n}"] = card_name(pile[-1])
            number = None if pile[-1] == TURBO else features(pile[-1])[1]
            if number is not None:
                found[f"top.{n}"] = NUMBERS[number]
    return found


TOLD_HAND = (
    "blue-2-square",
    "red-2-square",
    "red-3-square",
    "yellow-1-triangle",
    "green-3-circle",
    "yellow-4-circle",
    "green-1-triangle",
)
"""Anna's hand in the turn told on the How to play page: a fresh deal of seven."""


@cache
def told() -> tuple[Told, ...]:
    """The turn told on the How to play page, and the rulebook's example of a round won.

    >>> [t.name for t in told()]
    ['duo-turn', 'duo-out']
    """
    players = ("Anna", "Ben", "Carla")
    turn = Told(
        "duo-turn",
        players,
        position([list(TOLD_HAND), None, None], [["blue-2-circle"], ["green-4-cross"]]),
        (*(Play(0, parse_card(c), 0) for c in TOLD_HAND[:3]), Stop(0)),
        {
            "before": {
                "round": 1,
                "to_move": "Anna",
                "hand.Anna": 7,
                "draw": 53,
                "pile.0": "blue-2-circle",
                "pile.1": "green-4-cross",
            },
            "after": {"pile.0": "red-3-square", "hand.Anna": 4, "to_move": "Ben"},
        },
    )
    out = Told(
        "duo-out",
        players,
        position(
            [
                ["red-2-cross"],
                ["green-1-circle", "yellow-3-square"],
                ["blue-4-triangle", "yellow-2-circle", "green-3-cross"],
            ],
            [["red-2-circle"], ["blue-1-square"]],
        ),
        (Play(0, parse_card("red-2-cross"), 0),),
        {
            "before": {"hand.Anna": 1, "hand.Ben": 2, "hand.Carla": 3},
            "after": {"round_score.Anna": 5, "score.Anna": 5},
        },
    )
    return (turn, out)
