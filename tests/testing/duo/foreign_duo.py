"""An independent Duo engine, written the way an outsider would write one.

It shares no code with :mod:`rulespec.duo`: one mutable ``Match`` object;
cards as ``(colour, number, shape)`` tuples of strings, with ``None`` for a
feature a joker lacks and ``"*"`` for each feature of a Turbo-joker; hands
as lists in the order their cards arrived; the draw pile's next card as its
*last* element; the discard piles named ``"left"`` and ``"right"``; a score
sheet of one list per finished round; and an injected shuffle function for
every deal (as an engine that wants reproducible games takes one).

:class:`ForeignDuoAdapter` plugs it into :func:`rulespec.testing.check`. The
``MUTANTS`` are copies of the engine with one realistic rule bug each; every
one names the clause it breaks in ``BREAKS``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from rulespec.duo import (
    Deal,
    Draw,
    Options,
    Phase,
    Play,
    State,
    Stop,
    View,
    card_name,
    parse_card,
)
from rulespec.testing import Adapter, Refused, Setup
from tests.testing.suites import without

Feature = str | None
Card = tuple[Feature, Feature, Feature]
Move = tuple[str, Card | None, str | None]  # ("play", card, side), ("stop"/"draw", None, None)
Shuffler = Callable[[list[Card]], list[Card]]

ANY = "*"
TURBO_CARD: Card = (ANY, ANY, ANY)
COLOURS = ("blue", "red", "yellow", "green")
NUMBERS = ("1", "2", "3", "4")
SHAPES = ("circle", "square", "triangle", "cross")
SIDES = ("left", "right")
GOALS = {2: 10, 3: 15, 4: 15, 5: 20, 6: 20}


class Illegal(Exception):
    """The engine's own refusal."""


def symbol_cards() -> list[Card]:
    return [(c, n, s) for c in COLOURS for n in NUMBERS for s in SHAPES]


def joker_cards() -> list[Card]:
    return (
        [(c, None, None) for c in COLOURS]
        + [(None, n, None) for n in NUMBERS]
        + [(None, None, s) for s in SHAPES]
    )


def is_turbo(card: Card) -> bool:
    return card == TURBO_CARD


def is_joker(card: Card) -> bool:
    return sum(f is not None for f in card) == 1


def in_common(a: Card, b: Card) -> int:
    """How many features two cards share (a missing feature matches nothing)."""
    return sum(1 for x, y in zip(a, b, strict=True) if x is not None and x == y)


class Match:
    """A match of Duo in progress."""

    BREAKS: ClassVar[str] = ""
    """The clause a mutant breaks (none for the engine itself)."""

    def __init__(
        self,
        players: int,
        *,
        turbo: bool = False,
        youngest: int = 0,
        exhausted: str = "last-draw",
        round_cap: int | None = None,
    ) -> None:
        if players not in GOALS:
            raise Illegal("Duo is for 2 to 6 players")
        if not 0 <= youngest < players:
            raise Illegal("the youngest player must sit at the table")
        self.n = players
        self.turbo = turbo
        self.youngest = youngest
        self.exhausted = exhausted
        self.round_cap = round_cap
        self.stage = "shuffle"  # shuffle, play, done
        self.hands: list[list[Card]] = []
        self.discard: dict[str, list[Card]] = {}
        self.stock: list[Card] = []  # next card last
        self.sheet: list[list[int]] = []
        self.opener = youngest  # who starts the current round
        self.seat = youngest  # who is on turn
        self.side: str | None = None  # the pile chosen this turn

    # -- the rules a mutant may change ---------------------------------------------

    def deck(self) -> list[Card]:
        return symbol_cards() + joker_cards() + ([TURBO_CARD] * 4 if self.turbo else [])

    def deal_hands(self, order: list[Card]) -> list[list[Card]]:
        """One card at a time around the table: card k goes to seat k mod n."""
        return [[order[k] for k in range(7 * self.n) if k % self.n == p] for p in range(self.n)]

    def symbol_on_symbol(self, card: Card, top: Card) -> bool:
        return in_common(card, top) >= 2

    def on_joker(self, card: Card, top: Card) -> bool:
        return in_common(card, top) >= 1

    def joker_on_card(self, card: Card, top: Card) -> bool:
        return in_common(card, top) >= 1

    def joker_on_joker(self, card: Card, top: Card) -> bool:
        return False

    def with_turbo(self, card: Card, top: Card) -> bool:
        return True

    def matches(self, card: Card, top: Card) -> bool:
        if is_turbo(card) or is_turbo(top):
            return self.with_turbo(card, top)
        if is_joker(card) and is_joker(top):
            return self.joker_on_joker(card, top)
        if is_joker(card):
            return self.joker_on_card(card, top)
        if is_joker(top):
            return self.on_joker(card, top)
        return self.symbol_on_symbol(card, top)

    def open_sides(self) -> tuple[str, ...]:
        return SIDES if self.side is None else (self.side,)

    def can_stop(self) -> bool:
        return self.side is not None

    def can_draw(self) -> bool:
        return self.side is None

    def after(self, seat: int) -> int:
        return (seat + 1) % self.n

    def next_opener(self) -> int:
        return (self.opener + 1) % self.n

    def goal(self) -> int:
        return GOALS[self.n]

    def won_round(self, winner: int) -> list[int]:
        points = sum(len(h) for h in self.hands)
        return [points if p == winner else 0 for p in range(self.n)]

    def lost_round(self) -> list[int]:
        return [-len(h) for h in self.hands]

    def ends_at_last_draw(self) -> bool:
        return self.exhausted == "last-draw"

    def went_out(self, seat: int) -> bool:
        return not self.hands[seat]

    # -- reading the table -------------------------------------------------------------

    def moves(self, seat: int) -> list[Move]:
        if self.stage != "play" or seat != self.seat:
            return []
        found: list[Move] = []
        for side in self.open_sides():
            top = self.discard[side][-1]
            for card in self.hands[seat]:
                move: Move = ("play", card, side)
                if move not in found and self.matches(card, top):
                    found.append(move)
        if self.can_draw():
            found.append(("draw", None, None))
        if self.can_stop():
            found.append(("stop", None, None))
        return found

    def totals(self) -> list[int]:
        return [sum(row[p] for row in self.sheet) for p in range(self.n)]

    def winners(self) -> list[int]:
        if self.stage != "done":
            return []
        return [p for p, total in enumerate(self.totals()) if total >= self.goal()]

    # -- playing -----------------------------------------------------------------------

    def shuffle_and_deal(self, shuffle: Shuffler) -> None:
        if self.stage != "shuffle":
            raise Illegal("no deal now")
        order = shuffle(self.deck())
        if Counter(order) != Counter(self.deck()):
            raise Illegal("a deal uses every card once")
        dealt = 7 * self.n
        self.hands = self.deal_hands(order)
        self.discard = {"left": [order[dealt]], "right": [order[dealt + 1]]}
        self.stock = list(reversed(order[dealt + 2 :]))
        self.stage = "play"
        self.seat = self.opener
        self.side = None

    def _on_turn(self, seat: int) -> None:
        if self.stage != "play":
            raise Illegal("nobody plays now")
        if seat != self.seat:
            raise Illegal(f"it is seat {self.seat}'s turn")

    def play(self, seat: int, card: Card, side: str) -> None:
        self._on_turn(seat)
        if side not in self.open_sides():
            raise Illegal(f"cannot play on the {side} pile now")
        hand = self.hands[seat]
        if card not in hand:
            raise Illegal("that card is not in your hand")
        if not self.matches(card, self.discard[side][-1]):
            raise Illegal("that card does not match the top of the pile")
        hand.remove(card)
        self.discard[side].append(card)
        self.side = side
        if self.went_out(seat):
            self.close_round(self.won_round(seat))

    def stop(self, seat: int) -> None:
        self._on_turn(seat)
        if not self.can_stop():
            raise Illegal("play a card or draw")
        self.pass_turn()

    def draw(self, seat: int) -> None:
        self._on_turn(seat)
        if not self.can_draw():
            raise Illegal("you have played: you cannot draw")
        if not self.stock:
            self.close_round(self.lost_round())
            return
        self.hands[seat].append(self.stock.pop())
        self.pass_turn()
        if not self.stock and self.ends_at_last_draw():
            self.close_round(self.lost_round())

    def pass_turn(self) -> None:
        self.seat = self.after(self.seat)
        self.side = None

    def close_round(self, scores: list[int]) -> None:
        self.sheet.append(scores)
        self.side = None
        capped = self.round_cap is not None and len(self.sheet) >= self.round_cap
        if capped or any(t >= self.goal() for t in self.totals()):
            self.stage = "done"
            return
        self.stage = "shuffle"
        self.opener = self.next_opener()
        self.seat = self.opener


# -- the adapter ----------------------------------------------------------------------


def card_in(card: int) -> Card:
    """rulespec's card as this engine's tuple (through the card's name)."""
    name = card_name(card)
    if name == "turbo":
        return TURBO_CARD
    parts = name.split("-")
    if parts[0] != "joker":
        colour, number, shape = parts
        return (colour, number, shape)
    feature = parts[1]
    if feature in COLOURS:
        return (feature, None, None)
    if feature in NUMBERS:
        return (None, feature, None)
    return (None, None, feature)


@functools.cache
def card_out(card: Card) -> int:
    """This engine's card as rulespec's."""
    if is_turbo(card):
        return parse_card("turbo")
    if is_joker(card):
        return parse_card("joker-" + next(f for f in card if f is not None))
    return parse_card("-".join(f for f in card if f is not None))


class Outcomes:
    """A shuffle function that hands out the order of a rulespec deal."""

    def __init__(self, order: Sequence[int]) -> None:
        self.order = [card_in(c) for c in order]

    def __call__(self, cards: list[Card]) -> list[Card]:
        rest = Counter(cards)
        found: list[Card] = []
        for c in self.order:  # the given order, as far as the engine has those cards
            if rest[c] > 0:
                rest[c] -= 1
                found.append(c)
        found.extend(sorted(rest.elements(), key=str))  # cards rulespec did not shuffle
        return found


class ForeignDuoAdapter(Adapter):
    """Drives a :class:`Match` (or a mutant) with rulespec's actions."""

    engine: type[Match] = Match

    def __init__(self, engine: type[Match] | None = None) -> None:
        if engine is not None:
            self.engine = engine
        self.match = self.engine(2)

    def start(self, setup: Setup) -> None:
        options: Options = setup.options
        self.match = self.engine(
            setup.players,
            turbo=options.turbo,
            youngest=options.first_player,
            exhausted=options.exhausted,
            round_cap=options.max_rounds,
        )

    def apply(self, action: Any) -> None:
        m = self.match
        try:
            if isinstance(action, Deal):
                m.shuffle_and_deal(Outcomes(action.order))
            elif isinstance(action, Play):
                if action.pile not in (0, 1):
                    raise Refused(f"there is no pile {action.pile}")
                m.play(action.player, card_in(action.card), SIDES[action.pile])
            elif isinstance(action, Stop):
                m.stop(action.player)
            elif isinstance(action, Draw):
                m.draw(action.player)
            else:
                raise Refused(f"not a Duo action: {action!r}")
        except Illegal as exc:
            raise Refused(str(exc)) from None

    def legal_actions(self, player: int) -> Iterable[Any]:
        for kind, card, side in self.match.moves(player):
            if kind == "play":
                assert card is not None and side is not None
                yield Play(player, card_out(card), SIDES.index(side))
            elif kind == "stop":
                yield Stop(player)
            else:
                yield Draw(player)

    def to_move(self) -> Iterable[int]:
        m = self.match
        if m.stage == "shuffle":
            return (-1,)
        return (m.seat,) if m.stage == "play" else ()

    def state(self) -> State:
        m = self.match
        phase = {"shuffle": Phase.DEAL, "play": Phase.TURN, "done": Phase.OVER}[m.stage]
        return State(
            players=m.n,
            options=Options(
                turbo=m.turbo,
                first_player=m.youngest,
                exhausted="empty-draw" if m.exhausted == "empty-draw" else "last-draw",
                max_rounds=m.round_cap,
            ),
            phase=phase,
            round=len(m.sheet),  # not compared: the round scores say it
            starter=m.opener,
            turn=m.seat,
            turn_pile=None if m.side is None else SIDES.index(m.side),
            hands=tuple(tuple(sorted(card_out(c) for c in h)) for h in m.hands),
            piles=tuple(tuple(card_out(c) for c in m.discard[s]) for s in SIDES if m.discard),
            draw_pile=tuple(card_out(c) for c in reversed(m.stock)),
            round_scores=tuple(tuple(row) for row in m.sheet),
        )

    def scores(self) -> Sequence[int]:
        return self.match.totals()

    def winners(self) -> Iterable[int]:
        return self.match.winners()

    def is_over(self) -> bool:
        return self.match.stage == "done"


ResultsOnlyAdapter = without(
    "ResultsOnlyAdapter", ForeignDuoAdapter, "legal_actions", "state", "to_move"
)
"""A partial adapter: no legal actions, no state, nobody to move; only transitions,
scores, winners and the end of the match."""


class ViewsOnlyAdapter(ForeignDuoAdapter):
    """A partial adapter that answers with each player's view and nothing else."""

    legal_actions = Adapter.legal_actions
    state = Adapter.state
    to_move = Adapter.to_move
    scores = Adapter.scores
    winners = Adapter.winners
    is_over = Adapter.is_over

    def view(self, player: int) -> View:
        m = self.match
        full = ForeignDuoAdapter.state(self)
        return View(
            player=player,
            players=m.n,
            phase=full.phase,
            round=full.round,
            starter=m.opener,
            turn=m.seat,
            turn_pile=full.turn_pile,
            hand=full.hands[player] if m.hands else (),
            hand_sizes=tuple(len(h) for h in m.hands) if m.hands else (0,) * m.n,
            pile_tops=tuple(card_out(m.discard[s][-1]) for s in SIDES if m.discard),
            pile_sizes=tuple(len(m.discard[s]) for s in SIDES if m.discard),
            draw_pile_size=len(m.stock),
            round_scores=full.round_scores,
            target=m.goal(),
        )


# -- the mutants: one realistic bug each -----------------------------------------------


class JokerOnJoker(Match):
    """Lets a joker go on a joker."""

    BREAKS = "duo.place.no-joker-on-joker"

    def joker_on_joker(self, card: Card, top: Card) -> bool:
        return True


class OneFeatureEnough(Match):
    """Lets a symbol card go on a symbol card sharing one feature, not two."""

    BREAKS = "duo.place.two-features"

    def symbol_on_symbol(self, card: Card, top: Card) -> bool:
        return in_common(card, top) >= 1


class JokerOnAnySymbol(Match):
    """Lets a joker go on any symbol card, its feature or not."""

    BREAKS = "duo.place.joker"

    def joker_on_card(self, card: Card, top: Card) -> bool:
        return True


class AnythingOnAJoker(Match):
    """Takes any symbol card on a joker, whatever the joker's feature."""

    BREAKS = "duo.place.on-joker"

    def on_joker(self, card: Card, top: Card) -> bool:
        return True


class TurboNotOnJoker(Match):
    """Counts a Turbo-joker as a joker for the ban, so it is refused on a joker."""

    BREAKS = "duo.place.turbo"

    def with_turbo(self, card: Card, top: Card) -> bool:
        return not (is_turbo(card) and is_joker(top))


class SwitchPiles(Match):
    """Lets the later cards of a turn go on either pile."""

    BREAKS = "duo.turn.one-pile"

    def open_sides(self) -> tuple[str, ...]:
        return SIDES


class StopBeforeAnyCard(Match):
    """Lists the right moves, but accepts a Stop before any card of the turn."""

    BREAKS = "duo.turn.stop"

    def stop(self, seat: int) -> None:
        self._on_turn(seat)
        self.pass_turn()


class DrawAfterPlaying(Match):
    """Lets a player draw after placing cards, to end the turn with a new card."""

    BREAKS = "duo.turn.draw"

    def can_draw(self) -> bool:
        return True


class CounterClockwise(Match):
    """Passes the turn to the previous seat."""

    BREAKS = "duo.turn.order"

    def after(self, seat: int) -> int:
        return (seat - 1) % self.n


class DealtInBlocks(Match):
    """Deals each player seven cards at once instead of one at a time."""

    BREAKS = "duo.setup.deal"

    def deal_hands(self, order: list[Card]) -> list[list[Card]]:
        return [order[7 * p : 7 * p + 7] for p in range(self.n)]


class OutOnlyAtStop(Match):
    """Looks for an empty hand only when the turn ends, so the round goes on after the
    last card until the player stops."""

    BREAKS = "duo.round.out"

    def went_out(self, seat: int) -> bool:
        return False

    def stop(self, seat: int) -> None:
        super().stop(seat)
        if not self.hands[seat]:
            self.close_round(self.won_round(seat))


class AlwaysEndsAtLastDraw(Match):
    """Ends the round when the last card is drawn whatever the ``exhausted`` reading."""

    BREAKS = "duo.round.exhausted"

    def ends_at_last_draw(self) -> bool:
        return True


class StarterMovesRight(Match):
    """Gives the next round to the player on the previous starter's right."""

    BREAKS = "duo.round.next-starter"

    def next_opener(self) -> int:
        return (self.opener - 1) % self.n


class OthersLoseTheirCards(Match):
    """Also takes a point per card from the losers of a won round."""

    BREAKS = "duo.score.out"

    def won_round(self, winner: int) -> list[int]:
        scores = super().won_round(winner)
        return [s if p == winner else -len(self.hands[p]) for p, s in enumerate(scores)]


class ExhaustedGivesPoints(Match):
    """Adds a point per card held when the draw pile ends the round (the wrong sign)."""

    BREAKS = "duo.score.exhausted"

    def lost_round(self) -> list[int]:
        return [len(h) for h in self.hands]


class TargetOfTwoPlayers(Match):
    """Ends the match at 10 points whatever the number of players."""

    BREAKS = "duo.game.target"

    def goal(self) -> int:
        return 10


MUTANTS: tuple[type[Match], ...] = (
    JokerOnJoker,
    OneFeatureEnough,
    JokerOnAnySymbol,
    AnythingOnAJoker,
    TurboNotOnJoker,
    SwitchPiles,
    StopBeforeAnyCard,
    DrawAfterPlaying,
    CounterClockwise,
    DealtInBlocks,
    OutOnlyAtStop,
    AlwaysEndsAtLastDraw,
    StarterMovesRight,
    OthersLoseTheirCards,
    ExhaustedGivesPoints,
    TargetOfTwoPlayers,
)
