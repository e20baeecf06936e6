"""Build a Duo position directly, checked against the rules."""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from typing import Any, SupportsIndex

from rulespec.core.errors import PositionError
from rulespec.duo.cards import TURBO, Card, card_name, parse_card
from rulespec.duo.matching import fits
from rulespec.duo.scoring import reached_target
from rulespec.duo.state import Options, Phase, State
from rulespec.plugin.positions import listed, shown, whole

__all__ = ["position"]


def _card(value: Any, where: str) -> Card:
    if isinstance(value, str):
        try:
            return parse_card(value)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
        else:
            if 0 <= number <= TURBO:
                return number
    raise PositionError(
        f"{where}: {shown(value)} is not a card (a name such as 'red-3-circle', or 0 to {TURBO})"
    )


def _cards(values: Any, where: str) -> tuple[Card, ...]:
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(listed(values, where)))


def _round_scores(rows: Any, players: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for r, row in enumerate(listed(rows, "round_scores")):
        where = f"round_scores[{r}]"
        scores = tuple(whole(s, f"{where}[{p}]") for p, s in enumerate(listed(row, where)))
        if len(scores) != players:
            raise PositionError(f"{where}: expected {players} whole numbers")
        gains = [s for s in scores if s > 0]
        if gains:
            if len(gains) != 1 or scores.count(0) != players - 1 or gains[0] < players - 1:
                raise PositionError(
                    f"{where}: a won round gives only its winner points, at least "
                    f"one per other player, and nobody else any: {shown(scores)} is not reachable"
                )
        elif not all(s < 0 for s in scores):
            raise PositionError(
                f"{where}: an exhausted draw pile costs every player at least "
                f"one point: {shown(scores)} is not reachable"
            )
        result.append(scores)
    return tuple(result)


def position(
    hands: Sequence[Sequence[Card | str] | None],
    piles: Sequence[Sequence[Card | str] | None] | None = None,
    *,
    draw_pile: Sequence[Card | str] | None = None,
    turn: SupportsIndex | None = None,
    turn_pile: SupportsIndex | None = None,
    round: SupportsIndex = 0,
    round_scores: Sequence[Sequence[int]] = (),
    options: Options | None = None,
) -> State:
    """A round in progress, with ``turn`` (default: the round's starter) to act.

    Cards are names (``"red-3-circle"``, ``"joker-2"``, ``"turbo"``) or whole
    numbers (see :mod:`rulespec.duo.cards`). ``hands`` has one entry per
    player (its length is the number of players); ``piles`` are the two
    discard piles, bottom first. ``turn_pile`` is the pile the player on turn
    has already played on this turn (``None``: they have not played yet).
    The round's starter follows from ``options.first_player`` and ``round``.

    Name only what matters: the rest is dealt in the default order, the cards
    named nowhere in card order (blue before red, yellow, green; in a colour
    1 before 2, 3, 4; then circle, square, triangle, cross; then the jokers).
    From it each hand given as ``None`` takes seven cards, in seat
    order; then each pile given as ``None`` (or both, with ``piles=None``)
    its starting card; the draw pile (when not given) the rest, in that
    order.

    Refused with :class:`PositionError`, which says where, when no match
    could reach it: a card missing or twice, an empty hand, a pile that
    breaks the placement rules, a draw pile already exhausted (under the
    ``"last-draw"`` reading), scores that no round gives, a total at the
    target; or when a value is not of the documented kind.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.position(
    ...     [["red-3-circle", "blue-1-square"], ["joker-green", "yellow-4-cross"]],
    ...     [["red-3-cross"], ["green-2-square"]],
    ... )
    >>> list(duo.legal_actions(state, 0))  # doctest: +NORMALIZE_WHITESPACE
    [Play(player=0, card=24, pile=0), Draw(player=0)]

    Only player 0's hand and pile 0 named; player 1's hand and pile 1 are dealt:

    >>> state = duo.position([["red-3-circle"], None], [["red-3-cross"], None])
    >>> [rulespec.duo.card_name(c) for c in state.hands[1][:3]], state.piles[1]
    (['blue-1-circle', 'blue-1-square', 'blue-1-triangle'], (7,))
    >>> duo.position([["red-3-circle"], []], [["red-3-cross"], ["green-2-square"]])
    Traceback (most recent call last):
    ...
    rulespec.core.errors.PositionError: player 1 has no card: the round would already be over
    """
    if options is not None and not isinstance(options, Options):
        raise PositionError(f"options: expected rulespec.duo.Options, not {shown(options)}")
    opts = Options() if options is None else options
    players = len(listed(hands, "hands"))
    if not 2 <= players <= 6:
        raise PositionError(f"Duo is for 2 to 6 players, not {players}")
    if opts.first_player >= players:
        raise PositionError(f"options.first_player {opts.first_player} is not a seat")
    named_hands = [None if h is None else _cards(h, f"hands[{p}]") for p, h in enumerate(hands)]
    given_piles = [None, None] if piles is None else list(listed(piles, "piles"))
    if len(given_piles) != 2:
        raise PositionError(f"there are two discard piles, not {len(given_piles)}")
    named_piles = [
        None if p is None else _cards(p, f"piles[{i}]") for i, p in enumerate(given_piles)
    ]
    draw = None if draw_pile is None else _cards(draw_pile, "draw_pile")
    full = Counter(opts.cards())
    named = Counter(c for cards in (*named_hands, *named_piles, draw) for c in cards or ())
    rest = iter(sorted((full - named).elements()))
    needed = opts.hand_size * named_hands.count(None) + named_piles.count(None)
    if needed > sum((full - named).values()):
        raise PositionError(
            f"the cards named nowhere are too few to deal the {needed} cards left unnamed"
        )
    built = [
        tuple(sorted(h if h is not None else (next(rest) for _ in range(opts.hand_size))))
        for h in named_hands
    ]
    for p, hand in enumerate(built):
        if not hand:
            raise PositionError(f"player {p} has no card: the round would already be over")
    stacks = [p if p is not None else (next(rest),) for p in named_piles]
    for i, pile in enumerate(stacks):
        if not pile:
            raise PositionError(f"pile {i} is empty: each pile starts with a card")
        for k in range(1, len(pile)):
            if not fits(pile[k], pile[k - 1]):
                raise PositionError(
                    f"pile {i}: {card_name(pile[k])} cannot have been placed on "
                    f"{card_name(pile[k - 1])}"
                )
    if draw is None:
        draw = tuple(rest)
    total = Counter(c for cards in (*built, *stacks, draw) for c in cards)
    if total != full:
        extra = sorted((total - full).elements())
        missing = sorted((full - total).elements())
        what = (
            f"{card_name(extra[0])} is there too often"
            if extra
            else f"{card_name(missing[0])} is missing"
        )
        variant = "the 80 cards of Turbo-DUO" if opts.turbo else "the 76 cards"
        raise PositionError(f"hands, piles and draw pile must hold {variant} once: {what}")
    if not draw and opts.exhausted == "last-draw":
        raise PositionError("the draw pile is empty: the round would already be over")
    number = whole(round, "round")
    if number < 0:
        raise PositionError(f"round: expected a whole number from 0, not {shown(number)}")
    scores = _round_scores(round_scores, players)
    if len(scores) != number:
        raise PositionError("round_scores must hold one score list per finished round")
    totals = tuple(sum(s[p] for s in scores) for p in range(players))
    if reached_target(totals, players) is not None:
        raise PositionError(f"totals {totals} reach the target: the match would be over")
    if opts.max_rounds is not None and number >= opts.max_rounds:
        raise PositionError(f"round {number} is past the round limit of {opts.max_rounds}")
    starter = (opts.first_player + number) % players
    on_turn = starter if turn is None else whole(turn, "turn")
    if not 0 <= on_turn < players:
        raise PositionError(f"turn: {shown(on_turn)} is not a seat")
    on_pile = None if turn_pile is None else whole(turn_pile, "turn_pile")
    if on_pile is not None:
        if on_pile not in (0, 1):
            raise PositionError(f"turn_pile: expected 0, 1 or None, not {shown(on_pile)}")
        if len(stacks[on_pile]) < 2:
            raise PositionError(
                f"turn_pile {on_pile}: its top is the starting card, so no card was "
                "played on it this turn"
            )
    return State(
        players=players,
        options=opts,
        phase=Phase.TURN,
        round=number,
        starter=starter,
        turn=on_turn,
        turn_pile=on_pile,
        hands=tuple(built),
        piles=(stacks[0], stacks[1]),
        draw_pile=draw,
        round_scores=scores,
    )
