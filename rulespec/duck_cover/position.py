"""Build a Duck & Cover position directly, checked against the rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rulespec.core.errors import IllegalAction, PositionError
from rulespec.duck_cover.actions import Cover, Duck, Give, PlayerAction, Quack
from rulespec.duck_cover.cards import (
    CONSTRAINED,
    FAMILY,
    MAX,
    REPEAT,
    Call,
    DrawCard,
    family_of,
    number_of,
)
from rulespec.duck_cover.grid import Grid, Position
from rulespec.duck_cover.state import Options, Phase, State

__all__ = ["position"]


def position(
    grids: Sequence[str | Grid | Mapping[Position, Sequence[int]]],
    *,
    card: DrawCard,
    draw_pile: Sequence[DrawCard] | None = None,
    captain_pile: Sequence[DrawCard] = (),
    discard_zone: Sequence[DrawCard] = (),
    previous: Call | None = None,
    previous_discarded: bool = False,
    submitted: Sequence[PlayerAction | None] | None = None,
    round: int = 0,
    round_scores: Sequence[Sequence[int]] = (),
    options: Options | None = None,
    set_aside: Sequence[DrawCard] = (),
) -> State:
    """A turn in progress: ``card`` has just been drawn and players are to act.

    ``grids`` gives each player's ducks as a text diagram (see
    :meth:`Grid.from_diagram`), a :class:`Grid` or ``{position: stack}``.
    ``draw_pile`` defaults to the draw cards that are nowhere else, in a
    canonical order. The position is refused with :class:`PositionError` if
    no game could reach it: a duck card missing or twice, an empty stack, a
    draw card too many or missing, a round that would already be over.

    With the publisher's variants (``options``): under *Constraints* the draw
    cards are the 20 without 1, 2 and 3; under *Surprises* ``set_aside`` names
    the two cards set aside; under *Low blows* a grid may hold ducks of other
    families (``(seat + 1) * 100 + number``, see
    :func:`~rulespec.duck_cover.cards.number_of`), each family's twelve ducks
    held once in all, and a ``card`` Max or Repeat starts the gift.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> grid = "1 2 3 4\\n5 6 7 8\\n9 10 11 12"
    >>> state = dc.position([grid, grid], card=5)
    >>> dc.legal_actions(state, 0)[:3]  # card 5 stands at (0, 1): three Covers first
    [Cover(player=0, to=(0, 0)), Cover(player=0, to=(0, 2)), Cover(player=0, to=(1, 1))]
    >>> dc.position(["1 2 3", "1 2 3"], card=5)
    Traceback (most recent call last):
    ...
    rulespec.core.errors.PositionError: player 0's grid misses card 4
    """
    players = len(grids)
    if not 2 <= players <= 7:
        raise PositionError(f"Duck & Cover is for 2 to 7 players, not {players}")
    chosen = Options() if options is None else options
    built: list[Grid] = []
    families: Counter[tuple[int, int]] = Counter()
    for p, g in enumerate(grids):
        grid = (
            g
            if isinstance(g, Grid)
            else (Grid.from_diagram(g) if isinstance(g, str) else Grid.from_stacks(g))
        )
        counts = Counter(c for _, stack in grid.cells for c in stack)
        for c in sorted(counts):
            if c not in FAMILY and not (chosen.low_blows and _foreign(c, p, players)):
                raise PositionError(
                    f"player {p}'s grid has card {c}, which is not a duck card 1–12"
                    + ("" if chosen.low_blows else " (other families' ducks: Low blows only)")
                )
            if counts[c] > 1:
                raise PositionError(f"card {c} appears {counts[c]} times in player {p}'s grid")
            families[(family_of(c, p), number_of(c))] += counts[c]
        for c in FAMILY:
            if c not in counts and not chosen.low_blows:
                raise PositionError(f"player {p}'s grid misses card {c}")
        if any(not stack for _, stack in grid.cells):
            raise PositionError(f"player {p}'s grid has an empty stack")
        if len({pos for pos, _ in grid.cells}) != len(grid.cells):
            raise PositionError(f"player {p}'s grid has two stacks in one place")
        if len(grid.cells) == 1:
            raise PositionError(f"player {p} has a single stack: the round would already be over")
        built.append(grid)
    for f in range(players):
        for c in FAMILY:
            held = families[(f, c)]
            if held != 1:
                where = "misses" if held == 0 else f"holds {held} times"
                raise PositionError(f"the game {where} card {c} of player {f}'s family")
    deck = chosen.draw_deck
    if len(set_aside) != chosen.set_aside:
        raise PositionError(
            f"set_aside: {chosen.set_aside} cards are set aside with these options, "
            f"not {len(set_aside)}"
        )
    for name, cards in (
        ("card", (card,)),
        ("captain_pile", captain_pile),
        ("discard_zone", discard_zone),
        ("set_aside", set_aside),
    ):
        for c in cards:
            if c not in deck:
                raise PositionError(
                    f"{name}: {c!r} is not a draw card "
                    + (
                        "(4–12, MAX, REPEAT under Constraints)"
                        if chosen.constraints
                        else "(1–12, MAX, REPEAT)"
                    )
                )
    placed = Counter([card, *captain_pile, *discard_zone, *set_aside])
    if draw_pile is None:
        rest = Counter(deck)
        rest.subtract(placed)
        if any(v < 0 for v in rest.values()):
            raise PositionError(f"more draw cards are placed than the {len(deck)}-card deck holds")
        draw_pile = tuple(sorted(rest.elements()))
    total = placed + Counter(draw_pile)
    if total != Counter(deck):
        raise PositionError(
            f"the draw pile, Captain pile, discard zone, card in play and cards set aside must "
            f"hold the {len(deck)} draw cards exactly once"
        )
    limit = 11 - players
    if len(discard_zone) >= limit:
        raise PositionError(
            f"{len(discard_zone)} discards with {players} players: the round would be over"
        )
    if card == REPEAT and previous is None and not chosen.low_blows:
        raise PositionError("a Repeat in play needs a previous call (give previous=)")
    if card == REPEAT and previous_discarded and not chosen.low_blows:
        raise PositionError(
            "a Repeat after a discarded card goes to the discard zone, not into play"
        )
    if previous is not None and not (previous in FAMILY or previous == MAX):
        raise PositionError(f"previous: {previous!r} is not a call (1–12 or MAX)")
    if chosen.constraints and previous in CONSTRAINED:
        raise PositionError(f"previous: under Constraints no card calls {previous}")
    if not 0 <= round < 3 or len(round_scores) != round:
        raise PositionError("round_scores must hold one score list per finished round")
    for r, scores in enumerate(round_scores):
        if len(scores) != players or not all(type(v) is int for v in scores):
            raise PositionError(f"round_scores[{r}] must hold one whole number per player")
    acts = tuple(submitted) if submitted is not None else (None,) * players
    if len(acts) != players:
        raise PositionError("submitted must hold one entry per player")
    state = State(
        players=players,
        options=chosen,
        phase=Phase.TURN,
        round=round,
        grids=tuple(built),
        draw_pile=tuple(draw_pile),
        captain_pile=tuple(captain_pile),
        discard_zone=tuple(discard_zone),
        card=card,
        previous=previous,
        previous_discarded=previous_discarded,
        submitted=(None,) * players,
        round_scores=tuple(tuple(s) for s in round_scores),
        set_aside=tuple(set_aside),
    )
    if all(a is not None for a in acts):
        raise PositionError(
            "submitted: with every player's action in, the turn would have resolved"
        )
    from rulespec.duck_cover.rules import submit

    for p, act in enumerate(acts):
        if act is None:
            continue
        if not isinstance(act, Cover | Duck | Quack | Give):
            raise PositionError(f"submitted[{p}]: {act!r} is not a player's action")
        if act.player != p:
            raise PositionError(f"submitted[{p}] is an action of player {act.player}")
        try:
            state = submit(state, act)
        except IllegalAction as exc:
            raise PositionError(f"submitted[{p}]: {exc}") from None
    return state


def _foreign(card: int, holder: int, players: int) -> bool:
    """Whether ``card`` is written as a duck of another seat's family in this game."""
    family, number = divmod(card, 100)
    return 1 <= family <= players and family != holder + 1 and 1 <= number <= 12
