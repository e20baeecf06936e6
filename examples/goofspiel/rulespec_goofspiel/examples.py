"""Worked examples of Goofspiel, drawn beside their clauses on the rules page.

Each ``after`` is written out from the rules, not computed by them: rulespec's
tests check that ``game.apply(before, action) == after``.
"""

from __future__ import annotations

from rulespec.rulebook.examples import Example
from rulespec_goofspiel.actions import Bid
from rulespec_goofspiel.state import Options, Phase, State

__all__ = ["examples", "table"]

FIVE = Options(cards=5)


def table(
    hands: tuple[tuple[int, ...], ...],
    prize: int | None,
    prizes: tuple[int, ...],
    *,
    bids: tuple[int | None, ...] | None = None,
    won: tuple[tuple[int, ...], ...] | None = None,
    pot: tuple[int, ...] = (),
    discarded: tuple[int, ...] = (),
    last: tuple[int, ...] = (),
    options: Options = FIVE,
) -> State:
    """A state in the middle of a game, its parts given (others empty).

    >>> table(((1, 2), (2, 5)), 4, (1,), won=((5,), (2, 3))).players
    2
    """
    n = len(hands)
    return State(
        players=n,
        options=options,
        phase=Phase.BID if prize is not None else Phase.OVER,
        prize=prize,
        pot=pot,
        prizes=prizes,
        hands=hands,
        bids=(None,) * n if bids is None else bids,
        won=((),) * n if won is None else won,
        discarded=discarded,
        last=last,
    )


def _secret() -> Example:
    before = table(((1, 3, 5), (2, 3, 4)), 4, (1, 5), won=((2,), (3,)))
    return Example(
        "gs-secret-bid",
        ("gs.view.bids", "gs.turn.simultaneous", "gs.turn.bid"),
        "Player 0 bids their 5 on the 4. Player 1 sees that player 0 has bid, not what: "
        "the 5 stays in player 0's hand until every bid is in.",
        before,
        Bid(player=0, card=5),
        table(((1, 3, 5), (2, 3, 4)), 4, (1, 5), bids=(5, None), won=((2,), (3,))),
        view=1,
    )


def _reveal() -> Example:
    before = table(((1, 3, 5), (2, 3, 4)), 4, (1, 5), bids=(5, None), won=((2,), (3,)))
    return Example(
        "gs-reveal",
        ("gs.turn.reveal", "gs.turn.next", "gs.score.points"),
        "Player 1 bids their 3, the last bid of the turn: the bids are shown, player 0's 5 "
        "is the highest and takes the 4. The bid cards are spent and the next prize, the 1, "
        "is turned up.",
        before,
        Bid(player=1, card=3),
        table(((1, 3), (2, 4)), 1, (5,), won=((2, 4), (3,)), last=(5, 3)),
    )


def _tie() -> Example:
    before = table(((1, 3), (2, 3)), 5, (1,), bids=(3, None), won=((2, 4), (3,)))
    return Example(
        "gs-tie",
        ("gs.tie.discard",),
        "Both players bid their 3 on the 5: a tie for the highest bid, so nobody takes the "
        "5; it is put aside.",
        before,
        Bid(player=1, card=3),
        table(((1,), (2,)), 1, (), won=((2, 4), (3,)), discarded=(5,), last=(3, 3)),
    )


def _carry() -> Example:
    carry = Options(cards=5, ties="carry")
    won = ((2, 4), (3,))
    before = table(((1,), (2,)), 1, (), bids=(1, None), won=won, pot=(5,), options=carry)
    return Example(
        "gs-carry",
        ("gs.tie.carry", "gs.score.winner"),
        "With tied prizes carried over, the 5 tied for earlier goes with the last prize, the "
        "1, to player 1's 2: player 1 ends with 9 points to player 0's 6 and wins.",
        before,
        Bid(player=1, card=2),
        table(((), ()), None, (), won=((2, 4), (3, 5, 1)), last=(1, 2), options=carry),
    )


def examples() -> tuple[Example, ...]:
    """Every worked example of Goofspiel."""
    return (_secret(), _reveal(), _tie(), _carry())
