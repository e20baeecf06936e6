"""The state of a game of Duck & Cover."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import Enum
from typing import Any

import attrs

from rulespec.drawing.show import Shown
from rulespec.duck_cover.actions import PlayerAction
from rulespec.duck_cover.cards import (
    CONSTRAINED,
    CONSTRAINED_DRAW_DECK,
    DRAW_DECK,
    FAMILY,
    MAX,
    REPEAT,
    SPLASHES,
    Call,
    DrawCard,
    draw_card_name,
)
from rulespec.duck_cover.grid import Grid
from rulespec.rulebook.implements import implements

__all__ = ["MOST_SPLASHES", "Options", "Phase", "State"]


class Phase(Enum):
    """What the game waits for."""

    DEAL = "deal"
    """Chance: a round's grids and draw pile."""
    RESHUFFLE = "reshuffle"
    """Chance: the draw pile is empty and a card must be drawn."""
    TURN = "turn"
    """Players: each submits their action on the called card."""
    OVER = "over"
    """The third round has ended."""


def _to_tuple(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


MOST_SPLASHES = 100
"""The most splashes (or points, negated) :attr:`Options.splashes` may give a card."""


def _splashes(_: object, __: object, value: tuple[int, ...]) -> None:
    if len(value) != 12 or not all(
        type(v) is int and -MOST_SPLASHES <= v <= MOST_SPLASHES for v in value
    ):
        raise ValueError(
            f"splashes: expected twelve whole numbers from {-MOST_SPLASHES} to {MOST_SPLASHES}, "
            "for cards 1 to 12"
        )


def _sorted(values: Iterable[int]) -> tuple[int, ...]:
    items = tuple(values)
    try:
        return tuple(sorted(items))
    except TypeError:
        return items


_ALL = Counter(DRAW_DECK)


def _deck(_: object, __: object, value: tuple[int, ...]) -> None:
    if not all(type(c) is int for c in value):
        raise ValueError("deck: expected draw cards (1–12, 13 for Max, 14 for Repeat)")
    extra = Counter(value) - _ALL
    if extra:
        card = min(extra)
        held = "no such draw card" if card not in _ALL else f"the rules hold {_ALL[card]}"
        raise ValueError(f"deck: {Counter(value)[card]} times {card}, but {held}")


def _flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise ValueError(f"{attribute.name}: expected True or False, got {value!r}")


@attrs.frozen
class Options:
    """The rules' adjustable data and the publisher's variants, each off by default.

    The defaults are the published game. Every variant (clauses
    ``dc.variant.*``) may be combined with the others, except *Competition*
    with a splash table of one's own (``dc.variant.combinations``).

    >>> Options().splashes[11]
    5
    >>> Options(competition=True, pressure=True).card_values[11]
    12
    >>> Options(competition=True, splashes=(1,) * 12)
    Traceback (most recent call last):
    ...
    ValueError: dc.variant.combinations: Competition scores numbers, not a splash table
    """

    splashes: tuple[int, ...] = attrs.field(
        default=SPLASHES, converter=_to_tuple, validator=_splashes
    )
    """Splashes of cards 1–12 (publisher data: see the sources page; replace to correct them)."""
    competition: bool = attrs.field(default=False, validator=_flag)
    """Competition: a visible card scores its number instead of its splashes."""
    constraints: bool = attrs.field(default=False, validator=_flag)
    """Constraints: the 1, 2 and 3 leave the draw deck; a player's 1, 2 and 3 move
    only inside a stack, once covered."""
    pressure: bool = attrs.field(default=False, validator=_flag)
    """Pressure: negative round scores count double in the third round."""
    surprises: bool = attrs.field(default=False, validator=_flag)
    """Surprises: two draw cards are set aside unseen before each round."""
    low_blows: bool = attrs.field(default=False, validator=_flag)
    """Low blows: Max and Repeat make each player give a low duck to their left
    neighbour instead of their usual effect."""
    deck: tuple[DrawCard, ...] = attrs.field(default=(), converter=_sorted, validator=_deck)
    """Not a rule: a short draw deck, some of the rules' draw cards (each at most as
    often), so that ``rulespec explore`` can walk every state of a small game; empty
    (the default): every draw card of the rules."""

    @implements("dc.variant.combinations")
    def __attrs_post_init__(self) -> None:
        if self.competition and self.splashes != SPLASHES:
            raise ValueError(
                "dc.variant.combinations: Competition scores numbers, not a splash table"
            )
        if self.constraints and any(c in CONSTRAINED for c in self.deck):
            raise ValueError("dc.variant.constraints.deck: the 1, 2 and 3 leave the draw deck")

    @property
    @implements("dc.variant.constraints.deck")
    def draw_deck(self) -> tuple[DrawCard, ...]:
        """The draw cards of a round, in a canonical order (20 under *Constraints*; the
        ``deck`` option's, when it names some)."""
        if self.deck:
            return self.deck
        return CONSTRAINED_DRAW_DECK if self.constraints else DRAW_DECK

    @property
    def card_values(self) -> tuple[int, ...]:
        """What each visible card 1–12 scores: its splashes, or its number under
        *Competition*."""
        return FAMILY if self.competition else self.splashes

    @property
    def set_aside(self) -> int:
        """How many draw cards each round sets aside unseen (*Surprises*)."""
        return 2 if self.surprises else 0


@attrs.frozen(weakref_slot=False)  # for rulespec.plugin.builder
class State(Shown):
    """A complete game state, hidden parts included.

    Build states with :meth:`DuckAndCover.new_game`, :meth:`DuckAndCover.apply`
    or :func:`rulespec.duck_cover.position`; players see it through
    :meth:`DuckAndCover.view`.
    """

    players: int
    options: Options
    phase: Phase
    round: int
    """The current round, from 0."""
    grids: tuple[Grid, ...]
    draw_pile: tuple[DrawCard, ...]
    """Next card first."""
    captain_pile: tuple[DrawCard, ...]
    """Bottom first: ``captain_pile[-1]`` is its visible top."""
    discard_zone: tuple[DrawCard, ...]
    """In the order the cards were discarded."""
    card: DrawCard | None
    """The card drawn this turn, while players act on it."""
    previous: Call | None
    """The call of the previous card of this round (what Repeat repeats)."""
    previous_discarded: bool
    """Whether the previous card of this round went to the discard zone."""
    submitted: tuple[PlayerAction | None, ...]
    """Each player's action this turn, ``None`` until they act."""
    round_scores: tuple[tuple[int, ...], ...]
    """Each finished round's scores, per player."""
    set_aside: tuple[DrawCard, ...] = ()
    """*Surprises*: the draw cards set aside unseen for this round."""
    gifts: tuple[int, ...] = ()
    """*Low blows*: while players place the ducks they were given, ``gifts[p]`` is the
    duck player ``p`` received, written as ``p``'s grid will hold it; otherwise empty."""
    # What the rules keep for this state once worked out; not part of the value. While
    # players act: the lookups that the states of one turn share (rules.Turn), handed on
    # from state to state. While the game waits for chance: the chance action the game
    # sampled from this state's piles (rules.sampled).
    _kept_: Any = attrs.field(init=False, default=None, eq=False, repr=False)

    @property
    def call(self) -> Call | None:
        """What this turn asks players to move: a number 1–12 or ``MAX``."""
        if self.card == REPEAT:
            return self.previous
        return self.card

    @property
    def discard_limit(self) -> int:
        """The number of discards that ends a round: 11 − players."""
        return 11 - self.players

    @property
    @implements("dc.variant.low-blows.trigger")
    def gifting(self) -> bool:
        """Whether this turn asks each player to give a duck (*Low blows*: Max or Repeat
        was drawn)."""
        return (
            self.phase is Phase.TURN
            and not self.gifts
            and (self.card == MAX or self.card == REPEAT)
            and self.options.low_blows
        )

    @property
    def placing(self) -> bool:
        """Whether players are placing the ducks they were given (*Low blows*)."""
        return bool(self.gifts)

    def is_max(self) -> bool:
        """Whether this turn calls each player's highest visible card."""
        return self.call == MAX

    def __repr__(self) -> str:
        return f"<duck-and-cover State: {self.players} players, {progress(self)}>"


def progress(table: Any) -> str:
    """Where a game stands, in a few words (for the one-line repr of states and views)."""
    phase: Phase = table.phase
    if phase is Phase.OVER:
        totals = tuple(sum(s[p] for s in table.round_scores) for p in range(table.players))
        return f"game over, totals {totals}"
    head = f"round {table.round + 1} of 3"
    if phase is Phase.DEAL:
        return f"{head}, to deal"
    if phase is Phase.RESHUFFLE:
        return f"{head}, the Captain pile to reshuffle"
    discards = len(table.discard_zone)
    return f"{head}, card {draw_card_name(table.card)}, {discards} of {11 - table.players} discards"
