"""Worked examples of Duck & Cover, drawn beside their clauses on the rules page.

Two players lay their families in order (:data:`FAMILY_GRID`) unless an
example needs otherwise. Each ``after`` is written out from the rules, not
computed: the test suite checks that the engine reaches it.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import attrs

from rulespec.duck_cover.actions import Cover, Deal, Duck, Give, Place, Quack, Reshuffle
from rulespec.duck_cover.cards import DRAW_DECK, MAX, REPEAT, DrawCard, number_of
from rulespec.duck_cover.grid import Grid
from rulespec.duck_cover.position import position
from rulespec.duck_cover.rules import new_game
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.rulebook.examples import Example
from rulespec.rulebook.facts import Told

__all__ = ["FAMILY_GRID", "RULEBOOK_DISCARDS", "examples", "facts", "told"]

FAMILY_GRID = """
1  2  3  4
5  6  7  8
9 10 11 12
"""
"""A family laid in order: card 5 at ``(0, 1)``, card 12 at ``(3, 2)``."""


def _pile(*first: DrawCard, used: tuple[DrawCard, ...] = ()) -> tuple[DrawCard, ...]:
    """The draw pile with ``first`` on top and the cards neither there nor ``used``
    below, in order."""
    rest = Counter(DRAW_DECK)
    rest.subtract((*first, *used))
    return (*first, *sorted(rest.elements()))


def _cover() -> Example:
    before = position(
        [FAMILY_GRID, FAMILY_GRID], card=6, submitted=[None, Cover(player=1, to=(1, 0))]
    )
    after = position(
        ["1 2 3 4\n5 . 7/6 8\n9 10 11 12", "1 2/6 3 4\n5 . 7 8\n9 10 11 12"],
        card=1,
        captain_pile=[6],
        previous=6,
    )
    return Example(
        "dc-cover",
        ("dc.move.cover", "dc.turn.simultaneous", "dc.turn.captain-pile"),
        "Card :fact:`6 <dc-cover.before.called>` is called. Player 1 has already covered "
        "their 2 with it, unseen; player :fact:`0 <dc-cover.before.to_move>` covers their "
        "7. Both have moved, so the :fact:`6 <dc-cover.after.captain_top>` goes on the "
        "Captain pile and the next card, a :fact:`1 <dc-cover.after.called>`, is drawn.",
        before,
        Cover(player=0, to=(2, 1)),
        after,
        facts={"before": {"called": 6, "to_move": "0"}, "after": {"captain_top": 6, "called": 1}},
    )


def _duck() -> Example:
    before = position(
        [FAMILY_GRID, FAMILY_GRID], card=5, submitted=[None, Duck(player=1, to=(4, 0))]
    )
    after = position(
        ["1 2 3 4\n. 6 7 8\n9 10 11 12\n5 . . .", "1 2 3 4 5\n. 6 7 8\n9 10 11 12"],
        card=1,
        captain_pile=[5],
        previous=5,
    )
    return Example(
        "dc-duck",
        ("dc.move.duck", "dc.move.duck-adjacent", "dc.move.must-move"),
        "Card :fact:`5 <dc-duck.before.called>` is called and each player's 5 is visible, "
        "so each must move it. Player :fact:`0 <dc-duck.before.to_move>` ducks it below "
        "their 9, player 1 beside their 4: each new place touches another of the player's "
        "cards by a side, and the hole left behind stays empty.",
        before,
        Duck(player=0, to=(0, 3)),
        after,
        facts={"before": {"called": 5, "to_move": "0"}},
    )


def _quack() -> Example:
    covered = "1 2 3 4\n5/6 . 7 8\n9 10 11 12"
    pile = _pile(REPEAT, 3, used=(5, 6))
    before = position(
        [covered, covered],
        card=5,
        draw_pile=pile,
        captain_pile=[6],
        previous=6,
        submitted=[None, Quack(player=1)],
    )
    after = position(
        [covered, covered],
        card=3,
        draw_pile=pile[2:],
        captain_pile=[6],
        discard_zone=[5, REPEAT],
        previous=5,
        previous_discarded=True,
    )
    return Example(
        "dc-quack",
        ("dc.move.quack", "dc.turn.discard", "dc.special.repeat-after-discard"),
        "Card :fact:`5 <dc-quack.before.called>` is called, but both players' 5 lie under "
        "a 6: player 1 has said « Coin », and player :fact:`0 <dc-quack.before.to_move>` "
        "says it too. Nobody moved, so the 5 goes to the discard zone; the Repeat drawn "
        "next follows it there, and a :fact:`3 <dc-quack.after.called>` is drawn.",
        before,
        Quack(player=0),
        after,
        facts={"before": {"called": 5, "to_move": "0"}, "after": {"called": 3}},
    )


def _max() -> Example:
    before = position(
        [FAMILY_GRID, FAMILY_GRID], card=MAX, submitted=[None, Cover(player=1, to=(3, 1))]
    )
    after = position(
        ["1 2 3 4\n5 6 7 8\n9 10 11/12 .", "1 2 3 4\n5 6 7 8/12\n9 10 11 ."],
        card=1,
        captain_pile=[MAX],
        previous=MAX,
    )
    return Example(
        "dc-max",
        ("dc.special.max",),
        ":fact:`Max <dc-max.before.called>` calls each player's highest visible card: the "
        "12 for both. Player 1 has put it on their 8; player "
        ":fact:`0 <dc-max.before.to_move>` puts it on their 11.",
        before,
        Cover(player=0, to=(2, 2)),
        after,
        facts={"before": {"called": "Max", "to_move": "0"}},
    )


def _repeat() -> Example:
    moved = "1 2 3 4\n5 6 . 8/7\n9 10 11 12"
    before = position(
        [moved, moved],
        card=REPEAT,
        captain_pile=[7],
        previous=7,
        submitted=[None, Cover(player=1, to=(3, 0))],
    )
    after = position(
        ["1 2 3 4/8/7\n5 6 . .\n9 10 11 12"] * 2,
        card=1,
        captain_pile=[7, REPEAT],
        previous=7,
    )
    return Example(
        "dc-repeat",
        ("dc.special.repeat", "dc.move.stack"),
        "Repeat calls the previous card, the :fact:`7 <dc-repeat.before.previous>`, again. "
        "Each player's 7 lies on their 8, and the whole stack moves with it onto the 4: a "
        "stack never splits.",
        before,
        Cover(player=0, to=(3, 0)),
        after,
        facts={"before": {"previous": 7}},
    )


def _repeat_after_max() -> Example:
    moved = "1 2 3 4\n5 6 7 8\n9 10 11/12 ."
    before = position(
        [moved, moved],
        card=REPEAT,
        captain_pile=[MAX],
        previous=MAX,
        submitted=[None, Cover(player=1, to=(1, 2))],
    )
    after = position(
        ["1 2 3 4\n5 6 7 8\n9 10/11/12 . ."] * 2,
        card=1,
        captain_pile=[MAX, REPEAT],
        previous=MAX,
    )
    return Example(
        "dc-repeat-after-max",
        ("dc.special.repeat-after-max",),
        "Repeat after Max plays :fact:`Max <dc-repeat-after-max.before.previous>` again: "
        "each player's highest visible card is still the 12 they moved on Max, and it "
        "moves again, onto the 10 with the 11 beneath it.",
        before,
        Cover(player=0, to=(1, 2)),
        after,
        facts={"before": {"previous": "Max"}},
    )


def _repeat_first() -> Example:
    before = new_game(2, Options())
    pile = _pile(REPEAT, 7)
    after = position(
        [FAMILY_GRID, FAMILY_GRID],
        card=7,
        draw_pile=pile[2:],
        discard_zone=[REPEAT],
        previous_discarded=True,
    )
    return Example(
        "dc-repeat-first",
        ("dc.special.repeat-first", "dc.turn.draw"),
        "The deal lays both families in order and turns up Repeat first: with no card to "
        "repeat it goes straight to the discard zone, and the "
        ":fact:`7 <dc-repeat-first.after.called>` below it is called.",
        before,
        Deal(grids=(tuple(range(1, 13)),) * 2, draw_pile=pile),
        after,
        facts={"after": {"called": 7}},
    )


def _turn() -> Example:
    grids = [
        "3 9 1 12\n7 5 11 4\n. 10/2 8 6",
        "8 1 4 6\n12 5 3 11\n10 . 7/2 9",
        ". 11 6 1\n9/2 8 12 4\n7 5 3 10",
        "6 1 9 12\n4 5/2 . 8\n11 10 3 7",
    ]
    chosen = [None, Duck(player=1, to=(4, 0)), Cover(player=2, to=(1, 1)), Quack(player=3)]
    before = position(grids, card=5, captain_pile=[2], previous=2, submitted=chosen)
    after = position(
        [
            "3 9 1 12\n7/5 . 11 4\n. 10/2 8 6",
            "8 1 4 6 5\n12 . 3 11\n10 . 7/2 9",
            ". 11 6 1\n9/2 8/5 12 4\n7 . 3 10",
            grids[3],
        ],
        card=1,
        captain_pile=[2, 5],
        previous=5,
    )
    return Example(
        "dc-turn",
        ("dc.turn.simultaneous", "dc.move.duck-adjacent", "dc.move.quack"),
        "The rulebooks' turn, with its :fact:`four <dc-turn.before.players>` players: "
        "Connie, Jackson, Dan and Gwen are players 0 to 3 (the rulebook tells their moves; "
        "the grids around them are ours). Connie, the Captain, turns up a "
        ":fact:`5 <dc-turn.before.called>`, and everyone moves their 5 at once. "
        ":fact:`Connie <dc-turn.before.to_move>` covers her 7 with it; Jackson ducks his "
        "beside his 6, outside the grid he was dealt, which is allowed since it touches "
        "the 6; Dan covers the 8 just above his 5; Gwen says « Coin », as her 5 already "
        "lies under her 2. Someone moved, so the :fact:`5 <dc-turn.after.captain_top>` "
        "goes on the Captain pile.",
        before,
        Cover(player=0, to=(0, 1)),
        after,
        facts={
            "before": {"players": 4, "called": 5, "to_move": "Connie"},
            "after": {"captain_top": 5},
        },
        players=("Connie", "Jackson", "Dan", "Gwen"),
    )


RULEBOOK_DISCARDS = (5, 3, 8, 11, 9, 7)
"""The six cards already in the discard zone at the rulebooks' end of a round (the
rulebook gives their number, not which they are)."""


def _score() -> Example:
    grids = [
        "1/3/4/5/7/8/9/10/11/12/6 2",
        "1/2/3/4/5/7/8/9/11/12/10 6",
        "2/3/5/7/8/9/10/11/12/1 4 6",
        "1/2/3/4/5/7/8/9/10/11/12 6",
    ]
    quack = [Quack(player=0), None, Quack(player=2), Quack(player=3)]
    before = position(grids, card=10, discard_zone=RULEBOOK_DISCARDS, submitted=quack)
    after = attrs.evolve(
        before,
        phase=Phase.DEAL,
        round=1,
        grids=(
            before.grids[0],
            Grid.from_diagram(". 6/1/2/3/4/5/7/8/9/11/12/10"),
            *before.grids[2:],
        ),
        captain_pile=(10,),
        card=None,
        previous=10,
        submitted=(),
        round_scores=((3, -4, 4, 7),),
    )
    return Example(
        "dc-score",
        ("dc.score.splashes", "dc.score.sign", "dc.end.single-pile", "dc.end.discard-limit"),
        "The rulebooks' end of a round, with its numbers: "
        ":fact:`four <dc-score.before.players>` players (Connie, Jackson, Dan and Gwen are "
        "players 0 to 3) and :fact:`6 <dc-score.before.discard>` cards already in the "
        "discard zone, so one more discard would end the round. Connie turns up a "
        ":fact:`10 <dc-score.before.called>`; the others' 10 are covered and they say « "
        "Coin », but :fact:`Jackson <dc-score.before.to_move>` covers his 6 with his 10: "
        "he holds a single stack, which ends the round. Each scores the splashes of their "
        "visible cards: Connie's :fact:`6 and 2 <dc-score.after.visible.Connie>` make "
        ":fact:`+3 <dc-score.after.round_score.Connie>`; Jackson's lone "
        ":fact:`10 <dc-score.after.visible.Jackson>` makes "
        ":fact:`−4 <dc-score.after.round_score.Jackson>`, negative for a single stack; "
        "Dan's :fact:`1, 4 and 6 <dc-score.after.visible.Dan>` make "
        ":fact:`+4 <dc-score.after.round_score.Dan>`; Gwen's "
        ":fact:`12 and 6 <dc-score.after.visible.Gwen>` make "
        ":fact:`+7 <dc-score.after.round_score.Gwen>`.",
        before,
        Cover(player=1, to=(1, 0)),
        after,
        facts={
            "before": {"players": 4, "discard": 6, "called": 10, "to_move": "Jackson"},
            "after": {
                "visible.Connie": (6, 2),
                "round_score.Connie": 3,
                "visible.Jackson": (10,),
                "round_score.Jackson": -4,
                "visible.Dan": (1, 4, 6),
                "round_score.Dan": 4,
                "visible.Gwen": (12, 6),
                "round_score.Gwen": 7,
            },
        },
        players=("Connie", "Jackson", "Dan", "Gwen"),
    )


def _reshuffle() -> Example:
    grids = ["1 2 3 4\n5 . 7/6 8\n9 10 11 12", "1 2/6 3 4\n5 . 7 8\n9 10 11 12"]
    below = _pile(used=(1, 2, 6))
    turn = position(grids, card=6, draw_pile=[], captain_pile=below, discard_zone=[1, 2])
    before = attrs.evolve(
        turn, phase=Phase.RESHUFFLE, card=None, captain_pile=(*below, 6), previous=6, submitted=()
    )
    order = _pile(MAX, used=(1, 2))
    after = position(grids, card=MAX, draw_pile=order[1:], discard_zone=[1, 2], previous=6)
    return Example(
        "dc-reshuffle",
        ("dc.deck.reshuffle",),
        "A card must be drawn and the draw pile is empty: the Captain pile is shuffled "
        "into a new draw pile (a chance step, here turning up "
        ":fact:`Max <dc-reshuffle.after.called>` first). The "
        ":fact:`1 and 2 <dc-reshuffle.before.discarded>` of the discard zone stay where "
        "they are.",
        before,
        Reshuffle(draw_pile=order),
        after,
        facts={"before": {"discarded": (1, 2)}, "after": {"called": "Max"}},
    )


def _give() -> Example:
    low_blows = Options(low_blows=True)
    before = position(
        [FAMILY_GRID, FAMILY_GRID],
        card=MAX,
        options=low_blows,
        submitted=[None, Give(player=1, at=(0, 0))],
    )
    gave = Grid.from_diagram(". 2 3 4\n5 6 7 8\n9 10 11 12")
    after = attrs.evolve(before, grids=(gave, gave), submitted=(None, None), gifts=(201, 101))
    return Example(
        "dc-give",
        ("dc.variant.low-blows.gift", "dc.variant.low-blows.lowest", "dc.variant.low-blows.left"),
        "Low blows: :fact:`Max <dc-give.before.called>` makes each player give one of "
        "their two lowest visible ducks to the player on their left. Both give their 1; "
        "player 0 receives player 1's 1 (written :fact:`201 <dc-give.after.gift.0>`, of "
        "the second family) and player 1 receives player 0's (:fact:`101 "
        "<dc-give.after.gift.1>`).",
        before,
        Give(player=0, at=(0, 0)),
        after,
        facts={"before": {"called": "Max"}, "after": {"gift.0": 201, "gift.1": 101}},
    )


def _place() -> Example:
    given = _give().after
    before = attrs.evolve(given, submitted=(None, Place(player=1, to=(0, 0))))
    after = position(
        ["201 2 3 4\n5 6 7 8\n9 10 11 12", "101 2 3 4\n5 6 7 8\n9 10 11 12"],
        card=1,
        captain_pile=[MAX],
        previous=MAX,
        options=Options(low_blows=True),
    )
    return Example(
        "dc-place",
        ("dc.variant.low-blows.placement", "dc.variant.low-blows.ownership"),
        "Each player places the duck they received by the Duck rule, here where their own "
        "1 stood; from now on it is theirs. :fact:`Max <dc-place.after.captain_top>` goes "
        "on the Captain pile.",
        before,
        Place(player=0, to=(0, 0)),
        after,
        facts={"after": {"captain_top": "Max"}},
    )


@cache
def examples() -> tuple[Example, ...]:
    """The worked examples, in the order of the rules they show.

    >>> [e.name for e in examples()][:3]
    ['dc-turn', 'dc-cover', 'dc-duck']
    """
    return (
        _turn(),
        _cover(),
        _duck(),
        _quack(),
        _max(),
        _repeat(),
        _repeat_after_max(),
        _repeat_first(),
        _score(),
        _reshuffle(),
        _give(),
        _place(),
    )


def facts(state: State) -> dict[str, object]:
    """What a story may state about a Duck & Cover state, by seat.

    ``called`` (the card drawn, a number or ``"Max"``/``"Repeat"``),
    ``captain_top`` (the Captain pile's top card), ``previous`` (the card
    Repeat calls), ``discarded`` (the discard zone's cards, in order),
    ``captain_pile``, ``discard`` and ``draw`` (pile sizes), ``players``,
    ``round`` (counted from 1), and for each player ``stacks.P``,
    ``visible.P`` (the numbers showing, left to right and top to bottom),
    ``round_score.P`` (in the last finished round), ``total.P`` and, while
    low blows' gifts are placed, ``gift.P`` (the duck received, as written).

    >>> s = position([FAMILY_GRID, FAMILY_GRID], card=5)
    >>> facts(s)["called"], facts(s)["stacks.1"]
    (5, 12)
    """
    last = state.round_scores[-1] if state.round_scores else (0,) * state.players
    totals = tuple(sum(r[p] for r in state.round_scores) for p in range(state.players))
    found: dict[str, object] = {
        "called": _card_word(state.card),
        "captain_top": _card_word(state.captain_pile[-1] if state.captain_pile else None),
        "captain_pile": len(state.captain_pile),
        "discard": len(state.discard_zone),
        "draw": len(state.draw_pile),
        "round": state.round + 1,
        "players": state.players,
        "previous": _card_word(state.previous),
        "discarded": tuple(_card_word(c) for c in state.discard_zone),
    }
    for p, grid in enumerate(state.grids):
        cells = sorted(grid.cells, key=lambda cell: (cell[0][1], cell[0][0]))
        found[f"stacks.{p}"] = len(cells)
        found[f"visible.{p}"] = tuple(number_of(stack[-1]) for _, stack in cells)
        found[f"round_score.{p}"] = last[p]
        found[f"total.{p}"] = totals[p]
        if state.gifts:
            found[f"gift.{p}"] = state.gifts[p]
    return found


def _card_word(card: DrawCard | None) -> int | str | None:
    return {MAX: "Max", REPEAT: "Repeat"}.get(card, card) if card is not None else None


@cache
def told() -> tuple[Told, ...]:
    """The turn told on the How to play page, and the rulebooks' scoring example.

    >>> [t.name for t in told()]
    ['dc-turn', 'dc-score']
    """
    players = ("Connie", "Jackson", "Dan", "Gwen")
    grids = [
        "1 2 3 4\n7 5 6 8\n9 10 11 12",
        "1 2 3 6\n5 4 7 8\n9 10 11 12",
        "1 2 3 4\n8 6 7 12\n5 10 11 9",
        "1 2 3 4\n5/6 . 7 8\n9 10 11 12",
    ]
    moves = (
        Cover(player=0, to=(0, 1)),
        Duck(player=1, to=(4, 0)),
        Cover(player=2, to=(0, 1)),
        Quack(player=3),
    )
    turn = Told(
        "dc-turn",
        players,
        position(grids, card=5),
        moves,
        {
            "before": {"called": 5, "captain_pile": 0},
            "after": {"captain_top": 5, "captain_pile": 1, "called": 1},
        },
    )
    scored = _score()
    stated = {**scored.facts, "after": {**scored.facts["after"], "stacks.Jackson": 1}}
    score = Told("dc-score", players, scored.before, (scored.action,), stated)
    return (turn, score)
