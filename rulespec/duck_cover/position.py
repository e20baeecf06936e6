"""Build a Duck & Cover position directly, checked against the rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rulespec.core.errors import IllegalAction, PositionError
from rulespec.duck_cover.actions import Cover, Duck, PlayerAction, Quack
from rulespec.duck_cover.cards import DRAW_DECK, FAMILY, MAX, REPEAT, Call, DrawCard
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
) -> State:
    """A turn in progress: ``card`` has just been drawn and players are to act.

    ``grids`` gives each player's ducks as a text diagram (see
    :meth:`Grid.from_diagram`), a :class:`Grid` or ``{position: stack}``.
    ``draw_pile`` defaults to the draw cards that are nowhere else, in a
    canonical order. The position is refused with :class:`PositionError` if
    no game could reach it: a duck card missing or twice, an empty stack, a
    draw card too many or missing, a round that would already be over.

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
    built: list[Grid] = []
    for p, g in enumerate(grids):
        grid = (
            g
            if isinstance(g, Grid)
            else (Grid.from_diagram(g) if isinstance(g, str) else Grid.from_stacks(g))
        )
        counts = Counter(c for _, stack in grid.cells for c in stack)
        for c in sorted(counts):
            if c not in FAMILY:
                raise PositionError(
                    f"player {p}'s grid has card {c}, which is not a duck card 1–12"
                )
            if counts[c] > 1:
                raise PositionError(f"card {c} appears {counts[c]} times in player {p}'s grid")
        for c in FAMILY:
            if c not in counts:
                raise PositionError(f"player {p}'s grid misses card {c}")
        if any(not stack for _, stack in grid.cells):
            raise PositionError(f"player {p}'s grid has an empty stack")
        if len({pos for pos, _ in grid.cells}) != len(grid.cells):
            raise PositionError(f"player {p}'s grid has two stacks in one place")
        if len(grid.cells) == 1:
            raise PositionError(f"player {p} has a single stack: the round would already be over")
        built.append(grid)
    for name, cards in (
        ("card", (card,)),
        ("captain_pile", captain_pile),
        ("discard_zone", discard_zone),
    ):
        for c in cards:
            if c not in DRAW_DECK:
                raise PositionError(f"{name}: {c!r} is not a draw card (1–12, MAX, REPEAT)")
    placed = Counter([card, *captain_pile, *discard_zone])
    if draw_pile is None:
        rest = Counter(DRAW_DECK)
        rest.subtract(placed)
        if any(v < 0 for v in rest.values()):
            raise PositionError("more draw cards are placed than the 26-card deck holds")
        draw_pile = tuple(sorted(rest.elements()))
    total = placed + Counter(draw_pile)
    if total != Counter(DRAW_DECK):
        raise PositionError(
            "the draw pile, Captain pile, discard zone and card in play must hold the 26 draw "
            "cards exactly once (1–12 twice, Max, Repeat)"
        )
    limit = 11 - players
    if len(discard_zone) >= limit:
        raise PositionError(
            f"{len(discard_zone)} discards with {players} players: the round would be over"
        )
    if card == REPEAT and previous is None:
        raise PositionError("a Repeat in play needs a previous call (give previous=)")
    if card == REPEAT and previous_discarded:
        raise PositionError(
            "a Repeat after a discarded card goes to the discard zone, not into play"
        )
    if previous is not None and not (previous in FAMILY or previous == MAX):
        raise PositionError(f"previous: {previous!r} is not a call (1–12 or MAX)")
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
        options=Options() if options is None else options,
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
    )
    if all(a is not None for a in acts):
        raise PositionError(
            "submitted: with every player's action in, the turn would have resolved"
        )
    from rulespec.duck_cover.rules import submit

    for p, act in enumerate(acts):
        if act is None:
            continue
        if not isinstance(act, Cover | Duck | Quack):
            raise PositionError(f"submitted[{p}]: {act!r} is not a player's action")
        if act.player != p:
            raise PositionError(f"submitted[{p}] is an action of player {act.player}")
        try:
            state = submit(state, act)
        except IllegalAction as exc:
            raise PositionError(f"submitted[{p}]: {exc}") from None
    return state
