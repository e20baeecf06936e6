"""Build a Canardage position directly, checked against the rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rulespec.canardage.actions import Stack
from rulespec.canardage.cards import DUCKS_PER_COLOUR, WATER, WATER_CARDS, Card, sort_cards
from rulespec.canardage.line import LENGTH, parse
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.core.errors import PositionError

__all__ = ["position"]


def _card(value: Card | str, where: str) -> Card:
    if isinstance(value, Card):
        return value
    try:
        return Card(value)
    except ValueError:
        raise PositionError(f"{where}: {value!r} is not an action card id") from None


def position(
    line: str | Sequence[Stack],
    hands: Sequence[Sequence[Card | str]],
    *,
    turn: int = 0,
    targets: Sequence[int] | None = None,
    shelters: Mapping[int, int] | None = None,
    shot: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    seen: int = 0,
    draw_pile: Sequence[Card | str] | None = None,
    played: Sequence[Card | str] = (),
    options: Options | None = None,
) -> State:
    """A turn about to be played: player ``turn`` holds ``hands[turn]`` and must play.

    ``line`` is a diagram, front first (``"0* W 1/2 3 W W"``: ``W`` is water,
    a digit a duck of that colour, ``h/c`` a duck ``h`` hidden under ``c``,
    ``*`` a target; see :func:`rulespec.canardage.line.parse`) or a sequence
    of stacks. ``hands`` has one entry of three cards per player (its length
    is the number of players). ``shelters`` maps a player to the space their
    Planqué card lies on. ``deck`` (top first) defaults to the duck cards that
    are nowhere else, in a canonical order; ``draw_pile`` likewise for the
    action cards. The position is refused with :class:`PositionError` if no
    game could reach it.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> s = can.position("0* W 1 2 W 0", [["pan", "en-joue", "banzai"], ["pan"] * 3, ["pan"] * 3])
    >>> [a.spaces for a in can.legal_actions(s, 0) if a.card.value == "pan"]
    [(0,)]
    >>> can.position("0 0 0 0 0 0 0", [["pan"] * 3] * 3)
    Traceback (most recent call last):
    ...
    rulespec.core.errors.PositionError: the line has 7 spaces, not 6
    """
    players = len(hands)
    if not 3 <= players <= 6:
        raise PositionError(f"Canardage is for 3 to 6 players, not {players}")
    options = Options() if options is None else options
    if isinstance(line, str):
        stacks, marked = parse(line)
    else:
        stacks, marked = tuple(tuple(int(c) for c in s) for s in line), ()
    if targets is not None and marked:
        raise PositionError("give targets either with * in the diagram or with targets=, not both")
    aimed = tuple(sorted(marked if targets is None else targets))
    if len(stacks) != LENGTH:
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
    counts = [0] * players
    if shot is None:
        shot = (0,) * players
    if len(shot) != players or any(not 0 <= s <= DUCKS_PER_COLOUR for s in shot):
        raise PositionError("shot must give each player's shot ducks, 0 to 5")
    on_line = Counter(c for stack in stacks for c in stack)
    if deck is None:
        rest: list[int] = []
        for c in range(players):
            left = DUCKS_PER_COLOUR - shot[c] - on_line[c]
            rest.extend([c] * max(left, 0))
        rest.extend([WATER] * max(WATER_CARDS - on_line[WATER], 0))
        deck = rest
    held = on_line + Counter(deck)
    for c in range(players):
        counts[c] = held[c]
        if held[c] + shot[c] != DUCKS_PER_COLOUR:
            raise PositionError(
                f"colour {c}: {held[c]} ducks in the line and deck and {shot[c]} shot, "
                f"not {DUCKS_PER_COLOUR}"
            )
    if held[WATER] != WATER_CARDS:
        raise PositionError(f"{held[WATER]} water cards, not {WATER_CARDS}")
    if any(c not in range(players) and c != WATER for c in held):
        raise PositionError("the deck holds a card that is neither a colour in play nor water")
    if sum(1 for c in range(players) if counts[c] > 0) <= 1:
        raise PositionError("at most one player has ducks: the game would be over")
    if not 0 <= seen <= len(deck):
        raise PositionError(f"seen: {seen} is not between 0 and the deck's {len(deck)} cards")
    if not 0 <= turn < players:
        raise PositionError(f"turn: there is no player {turn}")
    cover = [NO_SHELTER] * players
    for p, space in (shelters or {}).items():
        if not 0 <= p < players or not 0 <= space < LENGTH:
            raise PositionError(f"shelters: player {p} on space {space} is off the table")
        cover[p] = space
    if cover[turn] != NO_SHELTER:
        raise PositionError(f"player {turn}'s Planqué card is taken off at the start of their turn")
    lying = [s for s in cover if s != NO_SHELTER]
    if len(set(lying)) != len(lying):
        raise PositionError("two Planqué cards lie on one space")
    in_hands = [tuple(_card(c, f"hands[{p}]") for c in hand) for p, hand in enumerate(hands)]
    for p, hand in enumerate(in_hands):
        if len(hand) != 3:
            raise PositionError(f"player {p} holds {len(hand)} cards, not 3")
    out_of_deck = Counter(c for hand in in_hands for c in hand)
    out_of_deck[Card.PLANQUE] += len(lying)
    played_cards = tuple(_card(c, "played") for c in played)
    out_of_deck.update(played_cards)
    composition = Counter(options.deck())
    if draw_pile is None:
        remaining = composition - out_of_deck
        pile = sort_cards(list(remaining.elements()))
    else:
        pile = tuple(_card(c, "draw_pile") for c in draw_pile)
    if out_of_deck + Counter(pile) != composition:
        raise PositionError(
            "the hands, the draw pile, the played cards and the Planqué cards on the line must "
            "hold the action deck exactly"
        )
    return State(
        players=players,
        options=options,
        phase=Phase.PLAY,
        turn=turn,
        line=stacks,
        targets=aimed,
        shelters=tuple(cover),
        deck=tuple(deck),
        seen=seen,
        hands=tuple(sort_cards(h) for h in in_hands),
        draw_pile=pile,
        played=played_cards,
        shot=tuple(shot),
    )
