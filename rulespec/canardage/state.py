"""The state of a game of Canardage."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any, ClassVar

import attrs

from rulespec.canardage.actions import Stack
from rulespec.canardage.cards import DECK_ORDER, DEFAULT_ACTION_DECK, Card
from rulespec.canardage.line import diagram
from rulespec.drawing.show import Shown

__all__ = [
    "BANZAI_FIRST",
    "CANARCHIE_ORDERS",
    "EN_JOUE_SPACES",
    "MOST_CARDS",
    "MOST_COPIES",
    "NO_SHELTER",
    "PAIR_ORDERS",
    "PALME_NEIGHBOURS",
    "PLANQUE_DUCKS",
    "SHELTERED_PAN",
    "Options",
    "Phase",
    "State",
]

NO_SHELTER = -1
"""In :attr:`State.shelters`: the player has no Planqué card on the line."""


class Phase(Enum):
    """What the game waits for."""

    DEAL = "deal"
    """Chance: the duck deck and the action deck are shuffled."""
    PLAY = "play"
    """The player on turn plays a card (or discards one when none can be played)."""
    DISPERSION = "dispersion"
    """Chance: Dispersion has put the line back into the duck deck, which is shuffled."""
    RESHUFFLE = "reshuffle"
    """Chance: the draw pile is empty and the player on turn must draw."""
    OVER = "over"
    """At most one player has ducks left."""


def _counts(value: Mapping[Card, int] | Mapping[str, int] | Iterable[int]) -> tuple[int, ...]:
    if isinstance(value, Mapping):
        by_card = {Card(k) if isinstance(k, str) else k: v for k, v in value.items()}
        return tuple(by_card.get(card, 0) for card in DECK_ORDER)
    return tuple(value)


MOST_COPIES = 1_000
"""The most copies of one action card :attr:`Options.action_deck` may ask for."""

MOST_CARDS = MOST_COPIES * len(Card)
"""The most action cards a match can hold: every card as many times as the options allow."""


def _deck(_: object, __: object, value: tuple[int, ...]) -> None:
    if len(value) != len(DECK_ORDER) or not all(
        type(v) is int and 0 <= v <= MOST_COPIES for v in value
    ):
        raise ValueError(
            f"action_deck: expected {len(DECK_ORDER)} whole numbers from 0 to {MOST_COPIES}, "
            "one per action card"
        )


PAIR_ORDERS = ("hidden-first", "cover-first")
"""The values of :attr:`Options.pair_order`, the default first."""
SHELTERED_PAN = ("water-only", "target-only", "never")
"""The values of :attr:`Options.sheltered_pan`, the default first."""
CANARCHIE_ORDERS = ("new-order", "any-order")
"""The values of :attr:`Options.canarchie`, the default first."""
PALME_NEIGHBOURS = ("any-card", "duck")
"""The values of :attr:`Options.palme_neighbour`, the default first."""
EN_JOUE_SPACES = ("any-space", "duck")
"""The values of :attr:`Options.en_joue`, the default first."""
PLANQUE_DUCKS = ("any-duck", "own-duck")
"""The values of :attr:`Options.planque`, the default first."""
BANZAI_FIRST = ("must-move", "may-stay")
"""The values of :attr:`Options.banzai`, the default first."""


def _one_of(values: tuple[str, ...]) -> Any:
    def check(_: object, attribute: attrs.Attribute[str], value: object) -> None:
        if type(value) is not str or value not in values:
            raise ValueError(
                f"{attribute.name}: expected one of {', '.join(map(repr, values))}, not {value!r}"
            )

    return check


_PUBLISHED_SPACES: tuple[str, ...] = (
    "water-only",
    "any-card",
    "any-space",
    "any-duck",
    "must-move",
)


def _flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise ValueError(f"{attribute.name}: expected true or false, not {value!r}")


@attrs.frozen(slots=False)  # slots=False: spaces_read is kept beside the fields
class Options:
    """The rules' adjustable data. The defaults are the published game, as the
    catalogue reads it.

    ``action_deck`` counts the copies of each action card in the rulebook's
    order (:data:`~rulespec.canardage.cards.DECK_ORDER`); a mapping from
    cards (or their ids) to counts is accepted too, missing cards counting 0.

    The other options each select a reading the catalogue registers where the
    rulebook is unclear (``rulespec.readings("canardage")`` lists them); their
    defaults are the project's readings.

    >>> Options().deck_size
    52
    >>> Options(action_deck={"pan": 30, "en-joue": 30}).deck_size
    60
    >>> Options(pair_order="cover-first").pair_order
    'cover-first'
    """

    action_deck: tuple[int, ...] = attrs.field(
        default=DEFAULT_ACTION_DECK, converter=_counts, validator=_deck
    )
    pair_order: str = attrs.field(default="hidden-first", validator=_one_of(PAIR_ORDERS))
    """En avant marche sends a pair under the duck deck: ``"hidden-first"``, the hidden
    duck above its cover, so it comes back first; ``"cover-first"``, the cover above
    (clause ``can.cover.forward``)."""
    sheltered_pan: str = attrs.field(default="water-only", validator=_one_of(SHELTERED_PAN))
    """Pan at a targeted space under a Planqué card: ``"water-only"``, allowed only when
    water shows there; ``"target-only"``, allowed on a duck too, which survives while the
    target goes; ``"never"``, refused whatever the space shows (``can.planque.space``)."""
    canarchie: str = attrs.field(default="new-order", validator=_one_of(CANARCHIE_ORDERS))
    """Canarchie's new line: ``"new-order"``, another order than the line's;
    ``"any-order"``, the unchanged order allowed too (``can.action.canarchie``)."""
    winner_draws: bool = attrs.field(default=False, validator=_flag)
    """Whether the player whose play ends the game still draws back to three cards
    (``can.turn.draw``)."""
    palme_neighbour: str = attrs.field(default="any-card", validator=_one_of(PALME_NEIGHBOURS))
    """What Palme avant and Palme arrière swap a duck with: ``"any-card"``, water
    included; ``"duck"``, only a duck (``can.action.palme-avant``,
    ``can.action.palme-arriere``)."""
    en_joue: str = attrs.field(default="any-space", validator=_one_of(EN_JOUE_SPACES))
    """Where En joue places its target: ``"any-space"`` without a target, water included;
    ``"duck"``, only a space showing a duck (``can.action.en-joue``)."""
    planque: str = attrs.field(default="any-duck", validator=_one_of(PLANQUE_DUCKS))
    """Which duck Planqué goes on: ``"any-duck"``, of any colour; ``"own-duck"``, only
    one of the player's own (``can.action.planque``)."""
    banzai: str = attrs.field(default="must-move", validator=_one_of(BANZAI_FIRST))
    """Banzaï on a duck already first: ``"must-move"``, refused; ``"may-stay"``, a
    play without effect (``can.action.banzai``)."""

    def __attrs_post_init__(self) -> None:
        readings: tuple[str, ...] = (self.sheltered_pan, self.palme_neighbour, self.en_joue)
        readings += (self.planque, self.banzai)
        if readings != _PUBLISHED_SPACES:  # else the class's None
            object.__setattr__(self, "spaces_read", readings)

    spaces_read: ClassVar[tuple[str, ...] | None] = None
    """The readings that change which spaces a card may take (``sheltered_pan``,
    ``palme_neighbour``, ``en_joue``, ``planque``, ``banzai``), in one tuple, worked
    out once; ``None`` when each is the project's, so that the rules read one value
    per turn (not an option: an instance keeps it beside its fields).

    >>> Options().spaces_read is None, Options(en_joue="duck").spaces_read[2]
    (True, 'duck')
    """

    @property
    def deck_size(self) -> int:
        """The number of action cards."""
        return sum(self.action_deck)

    def deck(self) -> tuple[Card, ...]:
        """Every action card, in the canonical order."""
        return _listed(self.action_deck)


@functools.lru_cache(maxsize=16)
def _listed(counts: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(card for card, n in zip(DECK_ORDER, counts, strict=True) for _ in range(n))


@attrs.frozen(weakref_slot=False)  # for rulespec.plugin.builder
class State(Shown):
    """A complete game state, hidden parts included.

    Build states with :meth:`Canardage.new_game`, :meth:`Canardage.apply` or
    :func:`rulespec.canardage.position`; players see it through
    :meth:`Canardage.view`.
    """

    players: int
    options: Options
    phase: Phase
    turn: int
    """The player whose turn it is (``-1`` before the deal)."""
    line: tuple[Stack, ...]
    """The line, front first: ``line[0]`` is the space the ducks walk towards."""
    targets: tuple[int, ...]
    """The targeted spaces, ascending (targets stand beside spaces, not on cards)."""
    shelters: tuple[int, ...]
    """For each player, the space their Planqué card lies on, or :data:`NO_SHELTER`."""
    deck: tuple[int, ...]
    """The duck deck, top first."""
    seen: int
    """How many cards at the bottom of the duck deck went there in view of all since its
    last shuffle: ``deck[len(deck) - seen:]`` is public."""
    hands: tuple[tuple[Card, ...], ...]
    """Each player's action cards, in the canonical order."""
    draw_pile: tuple[Card, ...]
    """The action cards to draw, top first."""
    played: tuple[Card, ...]
    """The played (and discarded) action cards since the last reshuffle, in order."""
    shot: tuple[int, ...]
    """Each player's ducks shot so far (0 to 5)."""
    winners: tuple[int, ...] = ()
    """Set when the game ends."""
    _legal: Any = attrs.field(default=None, init=False, eq=False, repr=False)
    # What is known legal here, worked out once (the state never changes): the legal
    # actions of the player on turn (rules.legal_actions), or at a chance step the chance
    # action the game sampled from this state's own piles (rules.sampled).

    @property
    def living(self) -> tuple[int, ...]:
        """Each player's ducks still in the line or the duck deck."""
        return tuple(5 - s for s in self.shot)

    def __repr__(self) -> str:
        return f"<canardage State: {self.players} players, {progress(self)}>"


def progress(table: Any) -> str:
    """Where a game stands, in a few words (for the one-line repr of states and views)."""
    living = tuple(5 - s for s in table.shot)
    if table.phase is Phase.OVER:
        return f"game over, winners {table.winners}"
    if table.phase is Phase.DEAL:
        return "to deal"
    line = diagram(table.line, table.targets)
    return f"player {table.turn} to play, line {line}, ducks left {living}"
