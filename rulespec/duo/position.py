"""Build a Duo position directly, checked against the rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulespec.core.errors import PositionError
from rulespec.duo.cards import TURBO, Card, card_name, deck, parse_card
from rulespec.duo.matching import fits
from rulespec.duo.scoring import reached_target
from rulespec.duo.state import Options, Phase, State

__all__ = ["position"]


def _card(value: Card | str, where: str) -> Card:
    if type(value) is int and 0 <= value <= TURBO:
        return value
    if isinstance(value, str):
        try:
            return parse_card(value)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None
    raise PositionError(f"{where}: {value!r} is not a card (a name such as 'red-3-circle')")


def _cards(values: Sequence[Card | str], where: str) -> tuple[Card, ...]:
    if isinstance(values, str):
        raise PositionError(f"{where}: expected a sequence of cards, not one string")
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(values))


def _round_scores(rows: Sequence[Sequence[int]], players: int) -> tuple[tuple[int, ...], ...]:
    result = []
    for r, row in enumerate(rows):
        scores = tuple(row)
        if len(scores) != players or not all(type(s) is int for s in scores):
            raise PositionError(f"round_scores[{r}]: expected {players} whole numbers")
        gains = [s for s in scores if s > 0]
        if gains:
            if len(gains) != 1 or scores.count(0) != players - 1 or gains[0] < players - 1:
                raise PositionError(
                    f"round_scores[{r}]: a won round gives only its winner points, at least "
                    f"one per other player, and nobody else any: {scores} is not reachable"
                )
        elif not all(s < 0 for s in scores):
            raise PositionError(
                f"round_scores[{r}]: an exhausted draw pile costs every player at least "
                f"one point: {scores} is not reachable"
            )
        result.append(scores)
    return tuple(result)


def position(
    hands: Sequence[Sequence[Card | str]],
    piles: Sequence[Sequence[Card | str]],
    *,
    draw_pile: Sequence[Card | str] | None = None,
    turn: int | None = None,
    turn_pile: int | None = None,
    round: int = 0,
    round_scores: Sequence[Sequence[int]] = (),
    options: Options | None = None,
) -> State:
    """A round in progress, with ``turn`` (default: the round's starter) to act.

    Cards are names (``"red-3-circle"``, ``"joker-2"``, ``"turbo"``) or ints.
    ``piles`` are the two discard piles, bottom first. ``turn_pile`` is the
    pile the player on turn has already played on this turn (``None``: they
    have not played yet). ``draw_pile`` defaults to the cards that are
    nowhere else, in canonical order. The round's starter follows from
    ``options.first_player`` and ``round``.

    Refused with :class:`PositionError` when no match could reach it: a card
    missing or twice, an empty hand, a pile that breaks the placement rules,
    a draw pile already exhausted (under the ``"last-draw"`` reading), scores
    that no round gives, a total at the target.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.position(
    ...     [["red-3-circle", "blue-1-square"], ["joker-green", "yellow-4-cross"]],
    ...     [["red-3-cross"], ["green-2-square"]],
    ... )
    >>> list(duo.legal_actions(state, 0))  # doctest: +NORMALIZE_WHITESPACE
    [Play(player=0, card=24, pile=0), Draw(player=0)]
    >>> duo.position([["red-3-circle"], []], [["red-3-cross"], ["green-2-square"]])
    Traceback (most recent call last):
    ...
    rulespec.core.errors.PositionError: player 1 has no card: the round would already be over
    """
    opts = Options() if options is None else options
    players = len(hands)
    if not 2 <= players <= 6:
        raise PositionError(f"Duo is for 2 to 6 players, not {players}")
    if opts.first_player >= players:
        raise PositionError(f"options.first_player {opts.first_player} is not a seat")
    built = [tuple(sorted(_cards(h, f"hands[{p}]"))) for p, h in enumerate(hands)]
    for p, hand in enumerate(built):
        if not hand:
            raise PositionError(f"player {p} has no card: the round would already be over")
    if len(piles) != 2:
        raise PositionError(f"there are two discard piles, not {len(piles)}")
    stacks = [_cards(pile, f"piles[{i}]") for i, pile in enumerate(piles)]
    for i, pile in enumerate(stacks):
        if not pile:
            raise PositionError(f"pile {i} is empty: each pile starts with a card")
        for k in range(1, len(pile)):
            if not fits(pile[k], pile[k - 1]):
                raise PositionError(
                    f"pile {i}: {card_name(pile[k])} cannot have been placed on "
                    f"{card_name(pile[k - 1])}"
                )
    full = Counter(deck(opts.turbo))
    placed = Counter(c for h in built for c in h) + Counter(c for s in stacks for c in s)
    if draw_pile is None:
        rest = full - placed
        draw = tuple(sorted(rest.elements()))
    else:
        draw = _cards(draw_pile, "draw_pile")
    total = placed + Counter(draw)
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
    if type(round) is not int or round < 0:
        raise PositionError(f"round: expected a whole number from 0, not {round!r}")
    scores = _round_scores(round_scores, players)
    if len(scores) != round:
        raise PositionError("round_scores must hold one score list per finished round")
    totals = tuple(sum(s[p] for s in scores) for p in range(players))
    if reached_target(totals, players) is not None:
        raise PositionError(f"totals {totals} reach the target: the match would be over")
    if opts.max_rounds is not None and round >= opts.max_rounds:
        raise PositionError(f"round {round} is past the round limit of {opts.max_rounds}")
    starter = (opts.first_player + round) % players
    on_turn = starter if turn is None else turn
    if type(on_turn) is not int or not 0 <= on_turn < players:
        raise PositionError(f"turn: {on_turn!r} is not a seat")
    if turn_pile is not None:
        if turn_pile not in (0, 1):
            raise PositionError(f"turn_pile: expected 0, 1 or None, not {turn_pile!r}")
        if len(stacks[turn_pile]) < 2:
            raise PositionError(
                f"turn_pile {turn_pile}: its top is the starting card, so no card was "
                "played on it this turn"
            )
    return State(
        players=players,
        options=opts,
        phase=Phase.TURN,
        round=round,
        starter=starter,
        turn=on_turn,
        turn_pile=turn_pile,
        hands=tuple(built),
        piles=(stacks[0], stacks[1]),
        draw_pile=draw,
        round_scores=scores,
    )
