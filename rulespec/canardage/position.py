"""Build a Canardage position directly, checked against the rules."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, SupportsIndex

from rulespec.canardage.actions import Stack
from rulespec.canardage.cards import DUCKS_PER_COLOUR, WATER, WATER_CARDS, Card, sort_cards
from rulespec.canardage.line import LENGTH, parse
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.core.errors import PositionError
from rulespec.plugin.positions import listed, shown, whole, wholes

__all__ = ["position"]

HAND = 3
"""The action cards of each hand between turns."""

_CARD = re.compile(r"(?:[Ww]|[0-9]+)")
"""One card of a line diagram: water or a colour, in ASCII digits only."""


def _card(value: Any, where: str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card(value)
        except ValueError:
            pass
    raise PositionError(f"{where}: {shown(value)} is not an action card id (such as 'pan')")


def _cards(values: Any, where: str) -> tuple[Card, ...]:
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(listed(values, where)))


def _line(line: Any) -> tuple[tuple[Stack, ...], tuple[int, ...]]:
    """The stacks and the marked targets of ``line``, a diagram or a sequence of stacks."""
    if isinstance(line, str):
        for i, cell in enumerate(line.split()):
            parts = cell.removesuffix("*").split("/")
            if not all(_CARD.fullmatch(part) for part in parts):
                raise PositionError(
                    f"line: space {i}: {shown(cell)} is neither W (water), a colour 0–5 in ASCII "
                    "digits nor hidden/cover"
                )
        try:
            return parse(line)
        except PositionError as exc:
            raise PositionError(f"line: {exc}") from None
    stacks = tuple(wholes(stack, f"line[{i}]") for i, stack in enumerate(listed(line, "line")))
    return stacks, ()


def position(
    line: str | Sequence[Stack],
    hands: Sequence[Sequence[Card | str] | None],
    *,
    turn: SupportsIndex = 0,
    targets: Sequence[SupportsIndex] | None = None,
    shelters: Mapping[SupportsIndex, SupportsIndex] | None = None,
    shot: Sequence[SupportsIndex] | None = None,
    deck: Sequence[SupportsIndex] | None = None,
    seen: SupportsIndex = 0,
    draw_pile: Sequence[Card | str] | None = None,
    played: Sequence[Card | str] = (),
    options: Options | None = None,
) -> State:
    """A turn about to be played: player ``turn`` holds ``hands[turn]`` and must play.

    ``line`` is a diagram, front first (``"0* W 1/2 3 W W"``: ``W`` is water,
    a digit a duck of that colour, ``h/c`` a duck ``h`` hidden under ``c``,
    ``*`` a target; see :func:`rulespec.canardage.line.parse`) or a sequence
    of stacks. ``hands`` has one entry per player (its length is the number
    of players), three cards at most. ``shelters`` maps a player to the space their
    Planqué card lies on. Numbers are whole numbers (``int`` or anything
    with ``__index__``, never a ``bool``).

    Name only what matters: the rest is dealt in the default order. The duck
    deck (top first, when ``deck`` is not given) holds the duck cards that
    are nowhere else, colour 0's first, then colour 1's, …, then the water
    cards; a line of fewer than six spaces is completed at the back from its
    top, as the game refills the line. The action cards named nowhere, in
    the rulebook's order (:data:`~rulespec.canardage.cards.DECK_ORDER`),
    complete each hand of fewer than three cards (``None``: none named), in
    seat order, and then make the draw pile (when not given).

    The position is refused with :class:`PositionError`, which says where, if
    no game could reach it or a value is not of the documented kind.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> s = can.position("0* W 1 2 W 0", [["pan", "en-joue", "banzai"], ["pan"] * 3, ["pan"] * 3])
    >>> [a.spaces for a in can.legal_actions(s, 0) if a.card.value == "pan"]
    [(0,)]

    Only the front of the line and one card of player 0 named:

    >>> s = can.position("1* 2", [["pan"], None, None])
    >>> rulespec.canardage.line.diagram(s.line, s.targets)
    '1* 2 0 0 0 0'
    >>> [c.value for c in s.hands[0]], [c.value for c in s.hands[1]]
    (['en-joue', 'en-joue', 'pan'], ['en-joue', 'en-joue', 'en-joue'])
    >>> can.position("0 0 0 0 0 0 0", [["pan"] * 3] * 3)
    Traceback (most recent call last):
    ...
    rulespec.core.errors.PositionError: the line has 7 spaces, not 6
    """
    players = len(listed(hands, "hands"))
    if not 3 <= players <= 6:
        raise PositionError(f"Canardage is for 3 to 6 players, not {players}")
    if options is not None and not isinstance(options, Options):
        raise PositionError(f"options: expected rulespec.canardage.Options, not {shown(options)}")
    options = Options() if options is None else options
    stacks, marked = _line(line)
    if targets is not None and marked:
        raise PositionError("give targets either with * in the diagram or with targets=, not both")
    aimed = tuple(sorted(marked if targets is None else wholes(targets, "targets")))
    if len(stacks) > LENGTH:
        raise PositionError(f"the line has {len(stacks)} spaces, not {LENGTH}")
    for i, stack in enumerate(stacks):
        if not 1 <= len(stack) <= 2:
            raise PositionError(
                f"space {i} holds {len(stack)} cards: one, or a hidden duck and its cover"
            )
        for c in stack:
            if not (0 <= c < players or c == WATER):
                raise PositionError(
                    f"space {i}: {c} is neither a colour in play (0–{players - 1}) nor water"
                )
        if len(stack) == 2 and WATER in stack:
            raise PositionError(f"space {i}: only a duck hides, and only under a duck")
    if len(set(aimed)) != len(aimed) or any(not 0 <= t < LENGTH for t in aimed):
        raise PositionError(f"targets {aimed}: at most one per space, on spaces 0 to 5")
    dead = (0,) * players if shot is None else wholes(shot, "shot")
    if len(dead) != players or any(not 0 <= s <= DUCKS_PER_COLOUR for s in dead):
        raise PositionError("shot must give each player's shot ducks, 0 to 5")
    on_line = Counter(c for stack in stacks for c in stack)
    if deck is None:
        rest: list[int] = []
        for c in range(players):
            rest.extend([c] * max(DUCKS_PER_COLOUR - dead[c] - on_line[c], 0))
        rest.extend([WATER] * max(WATER_CARDS - on_line[WATER], 0))
        missing = LENGTH - len(stacks)
        if missing > len(rest):
            raise PositionError(
                f"the line has {len(stacks)} spaces and the deck too few cards to fill it"
            )
        stacks += tuple((c,) for c in rest[:missing])
        ducks = tuple(rest[missing:])
    else:
        ducks = wholes(deck, "deck")
        if len(stacks) != LENGTH:
            raise PositionError(
                f"the line has {len(stacks)} spaces, not {LENGTH} (with deck= give the whole line)"
            )
    held = Counter(c for stack in stacks for c in stack) + Counter(ducks)
    for c in range(players):
        if held[c] + dead[c] != DUCKS_PER_COLOUR:
            raise PositionError(
                f"colour {c}: {held[c]} ducks in the line and deck and {dead[c]} shot, "
                f"not {DUCKS_PER_COLOUR}"
            )
    if held[WATER] != WATER_CARDS:
        raise PositionError(f"{held[WATER]} water cards, not {WATER_CARDS}")
    if any(c not in range(players) and c != WATER for c in held):
        raise PositionError("the deck holds a card that is neither a colour in play nor water")
    if sum(1 for c in range(players) if held[c] > 0) <= 1:
        raise PositionError("at most one player has ducks: the game would be over")
    known = whole(seen, "seen")
    if not 0 <= known <= len(ducks):
        raise PositionError(f"seen: {known} is not between 0 and the deck's {len(ducks)} cards")
    on_turn = whole(turn, "turn")
    if not 0 <= on_turn < players:
        raise PositionError(f"turn: there is no player {on_turn}")
    cover = [NO_SHELTER] * players
    if shelters is not None and not isinstance(shelters, Mapping):
        raise PositionError(
            f"shelters: expected a mapping of player to space, not {shown(shelters)}"
        )
    for key, value in (shelters or {}).items():
        p = whole(key, "shelters")
        space = whole(value, f"shelters[{p}]")
        if not 0 <= p < players or not 0 <= space < LENGTH:
            raise PositionError(f"shelters: player {p} on space {space} is off the table")
        cover[p] = space
    if cover[on_turn] != NO_SHELTER:
        raise PositionError(
            f"player {on_turn}'s Planqué card is taken off at the start of their turn"
        )
    lying = [s for s in cover if s != NO_SHELTER]
    if len(set(lying)) != len(lying):
        raise PositionError("two Planqué cards lie on one space")
    named = [() if h is None else _cards(h, f"hands[{p}]") for p, h in enumerate(hands)]
    for p, hand in enumerate(named):
        if len(hand) > HAND:
            raise PositionError(f"player {p} holds {len(hand)} cards, not {HAND}")
    played_cards = _cards(played, "played")
    pile = None if draw_pile is None else _cards(draw_pile, "draw_pile")
    out_of_deck = Counter(c for hand in named for c in hand)
    out_of_deck[Card.PLANQUE] += len(lying)
    out_of_deck.update(played_cards)
    out_of_deck.update(pile or ())
    composition = Counter(options.deck())
    unnamed = iter(sort_cards(list((composition - out_of_deck).elements())))
    in_hands = []
    for p, hand in enumerate(named):
        dealt = list(hand)
        while len(dealt) < HAND:
            card = next(unnamed, None)
            if card is None:
                raise PositionError(f"hands[{p}]: no action card is left to complete it")
            dealt.append(card)
        in_hands.append(tuple(dealt))
    if pile is None:
        pile = tuple(unnamed)
    if (
        Counter(c for hand in in_hands for c in hand)
        + Counter(pile)
        + Counter(played_cards)
        + Counter({Card.PLANQUE: len(lying)})
        != composition
    ):
        raise PositionError(
            "the hands, the draw pile, the played cards and the Planqué cards on the line must "
            "hold the action deck exactly"
        )
    return State(
        players=players,
        options=options,
        phase=Phase.PLAY,
        turn=on_turn,
        line=stacks,
        targets=aimed,
        shelters=tuple(cover),
        deck=ducks,
        seen=known,
        hands=tuple(sort_cards(h) for h in in_hands),
        draw_pile=pile,
        played=played_cards,
        shot=dead,
    )
