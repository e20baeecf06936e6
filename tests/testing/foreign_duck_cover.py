"""An independent Duck & Cover engine, written the way an outsider would write one.

It shares no code with :mod:`rulespec.duck_cover`: mutable objects, a
``card -> place`` index beside ``place -> stack`` lists, a draw pile whose next
card is its *last* element, special cards as the strings ``"max"`` and
``"repeat"``, rounds counted from 1, and an injected shuffle function for
every chance event (as an engine that wants reproducible games takes one).

:class:`ForeignAdapter` plugs it into :func:`rulespec.testing.check`. The
``MUTANTS`` are copies of the engine with one realistic rule bug each; every
one names the clause it breaks in ``BREAKS``.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from rulespec.duck_cover import (
    MAX,
    REPEAT,
    Cover,
    Deal,
    Duck,
    Grid,
    Options,
    Phase,
    Quack,
    Reshuffle,
    State,
)
from rulespec.testing import Adapter, Refused, Setup
from tests.testing.suites import without

Place = tuple[int, int]
Card = int | str  # 1-12, "max" or "repeat"
Shuffler = Callable[[list[Card]], list[Card]]

STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
DECK: list[Card] = [*range(1, 13), *range(1, 13), "max", "repeat"]


class Illegal(Exception):
    """The engine's own refusal."""


class Player:
    """One player's ducks: stacks by place, and where each card lies."""

    def __init__(self, order: Sequence[int]) -> None:
        self.stacks: dict[Place, list[int]] = {}
        self.where: dict[int, Place] = {}
        for i, card in enumerate(order):
            place = (i % 4, i // 4)
            self.stacks[place] = [card]
            self.where[card] = place

    def visible(self) -> list[int]:
        return [stack[-1] for stack in self.stacks.values()]

    def is_visible(self, card: int) -> bool:
        return self.stacks[self.where[card]][-1] == card


class Table:
    """A game of Duck & Cover in progress."""

    BREAKS: ClassVar[str] = ""
    """The clause a mutant breaks (none for the engine itself)."""
    SPLASH: ClassVar[dict[int, int]] = dict(enumerate((0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5), 1))

    def __init__(self, players: int, splash: dict[int, int] | None = None) -> None:
        if not 2 <= players <= 7:
            raise Illegal("2 to 7 players")
        self.n = players
        self.splash = dict(self.SPLASH if splash is None else splash)
        self.phase = "deal"  # deal, turn, reshuffle, over
        self.round_no = 0  # rounds started, from 1
        self.players: list[Player] = []
        self.deck: list[Card] = []  # next card last
        self.captain: list[Card] = []  # top last
        self.discards: list[Card] = []
        self.current: Card | None = None
        self.last_call: int | str | None = None  # a number or "max"
        self.last_discarded = False
        self.pending: dict[int, tuple[str, Place | None]] = {}
        self.history: list[list[int]] = []

    # -- the rules a mutant may change ---------------------------------------------

    def discard_limit(self) -> int:
        return 11 - self.n

    def highest(self, pl: Player) -> int:
        return max(pl.visible())

    def cover_ok(self, pl: Player, origin: Place, to: Place) -> bool:
        dx, dy = to[0] - origin[0], to[1] - origin[1]
        return abs(dx) + abs(dy) == 1 and to in pl.stacks

    def duck_ok(self, pl: Player, origin: Place, to: Place) -> bool:
        if to in pl.stacks:
            return False
        for dx, dy in STEPS:
            near = (to[0] + dx, to[1] + dy)
            if near != origin and near in pl.stacks:
                return True
        return False

    def carry(self, pl: Player, origin: Place, to: Place) -> None:
        moving = pl.stacks.pop(origin)
        pl.stacks.setdefault(to, []).extend(moving)
        for card in moving:
            pl.where[card] = to

    def score(self, pl: Player) -> int:
        total = sum(self.splash[stack[-1]] for stack in pl.stacks.values())
        return -total if len(pl.stacks) == 1 else total

    def round_over(self) -> bool:
        if len(self.discards) >= self.discard_limit():
            return True
        return any(len(pl.stacks) == 1 for pl in self.players)

    def check(self, p: int, kind: str, to: Place | None) -> None:
        card = self.target(p)
        pl = self.players[p]
        if kind == "quack":
            if pl.is_visible(card):
                raise Illegal("your card is visible: move it")
            return
        if not pl.is_visible(card):
            raise Illegal("your card is covered: say Coin")
        assert to is not None
        origin = pl.where[card]
        ok = self.cover_ok(pl, origin, to) if kind == "cover" else self.duck_ok(pl, origin, to)
        if not ok:
            raise Illegal(f"cannot {kind} to {to}")

    def gather_for_reshuffle(self) -> list[Card]:
        cards = self.captain
        self.captain = []
        return cards

    def remember(self, call: int | str) -> None:
        self.last_call = call

    def start_round_memory(self) -> None:
        self.last_call = None
        self.last_discarded = False

    def end_of_turn_pile(self, everyone_quacked: bool) -> list[Card]:
        return self.discards if everyone_quacked else self.captain

    # -- reading the table -------------------------------------------------------------

    def call(self) -> int | str | None:
        if self.current == "repeat":
            return self.last_call
        return self.current

    def target(self, p: int) -> int:
        call = self.call()
        if call == "max":
            return self.highest(self.players[p])
        assert isinstance(call, int)
        return call

    def waiting_for(self) -> list[int]:
        if self.phase != "turn":
            return []
        return [p for p in range(self.n) if p not in self.pending]

    def options_for(self, p: int) -> list[tuple[str, Place | None]]:
        if p not in self.waiting_for():
            return []
        pl = self.players[p]
        card = self.target(p)
        if not pl.is_visible(card):
            return [("quack", None)]
        origin = pl.where[card]
        found: list[tuple[str, Place | None]] = []
        seen: set[Place] = set()
        for place in list(pl.stacks):
            for dx, dy in STEPS:
                to = (place[0] + dx, place[1] + dy)
                if to in seen:
                    continue
                seen.add(to)
                if self.cover_ok(pl, origin, to):
                    found.append(("cover", to))
                elif self.duck_ok(pl, origin, to):
                    found.append(("duck", to))
        return found

    def totals(self) -> list[int]:
        return [sum(r[p] for r in self.history) for p in range(self.n)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        totals = self.totals()
        low = min(totals)
        tied = [p for p in range(self.n) if totals[p] == low]
        fewest = min(len(self.players[p].stacks) for p in tied)
        return [p for p in tied if len(self.players[p].stacks) == fewest]

    # -- playing -----------------------------------------------------------------------

    def new_round(self, shuffle: Shuffler) -> None:
        if self.phase != "deal":
            raise Illegal("no deal now")
        self.players = []
        for _ in range(self.n):
            family: list[Card] = list(range(1, 13))
            self.players.append(Player([int(c) for c in shuffle(family)]))
        order = shuffle(list(DECK))
        if Counter(order) != Counter(DECK):
            raise Illegal("a deck of 26 draw cards")
        self.deck = list(reversed(order))
        self.captain = []
        self.discards = []
        self.start_round_memory()
        self.round_no += 1
        self.draw()

    def refill(self, shuffle: Shuffler) -> None:
        if self.phase != "reshuffle":
            raise Illegal("the draw pile is not empty")
        self.deck = list(reversed(shuffle(self.gather_for_reshuffle())))
        self.draw()

    def draw(self) -> None:
        while True:
            if not self.deck:
                self.phase = "reshuffle"
                self.current = None
                return
            card = self.deck.pop()
            if card == "repeat" and (self.last_call is None or self.last_discarded):
                self.discards.append(card)
                self.last_discarded = True
                if len(self.discards) >= self.discard_limit():
                    self.current = None
                    self.finish_round()
                    return
                continue
            self.current = card
            self.pending = {}
            self.phase = "turn"
            return

    def play(self, p: int, kind: str, to: Place | None = None) -> None:
        if self.phase != "turn":
            raise Illegal("nobody plays now")
        if not 0 <= p < self.n or p in self.pending:
            raise Illegal(f"player {p} cannot act now")
        if kind not in ("cover", "duck", "quack"):
            raise Illegal(f"unknown move {kind}")
        self.check(p, kind, to)
        self.pending[p] = (kind, to)
        if len(self.pending) == self.n:
            self.resolve()

    def resolve(self) -> None:
        call = self.call()
        assert call is not None and self.current is not None
        for p in range(self.n):
            kind, to = self.pending[p]
            if kind != "quack":
                pl = self.players[p]
                assert to is not None
                self.carry(pl, pl.where[self.target(p)], to)
        everyone_quacked = all(kind == "quack" for kind, _ in self.pending.values())
        self.end_of_turn_pile(everyone_quacked).append(self.current)
        self.remember(call)
        self.last_discarded = everyone_quacked
        self.current = None
        self.pending = {}
        if self.round_over():
            self.finish_round()
        else:
            self.draw()

    def finish_round(self) -> None:
        self.history.append([self.score(pl) for pl in self.players])
        self.phase = "over" if len(self.history) == 3 else "deal"
        self.pending = {}


# -- the adapter ----------------------------------------------------------------------

_OUT = {"max": MAX, "repeat": REPEAT}
_IN = {MAX: "max", REPEAT: "repeat"}


def card_out(card: Card) -> int:
    return _OUT[card] if isinstance(card, str) else card


def card_in(card: int) -> Card:
    return _IN.get(card, card)


class Outcomes:
    """A shuffle function that hands out the orders of a rulespec chance action."""

    def __init__(self, piles: Sequence[Sequence[int]]) -> None:
        self.piles = [list(p) for p in piles]

    def __call__(self, cards: list[Card]) -> list[Card]:
        wanted = [card_in(c) for c in self.piles.pop(0)] if self.piles else []
        rest = Counter(cards)
        order: list[Card] = []
        for c in wanted:  # the given order, as far as the engine has those cards
            if rest[c] > 0:
                rest[c] -= 1
                order.append(c)
        order.extend(sorted(rest.elements(), key=str))  # cards rulespec did not shuffle
        return order


def grid_out(stacks: dict[Place, list[int]]) -> Grid:
    """This engine's stacks as rulespec's grid (built once for each arrangement)."""
    return _grid(tuple((place, tuple(cards)) for place, cards in stacks.items()))


@functools.lru_cache(maxsize=4096)
def _grid(stacks: tuple[tuple[Place, tuple[int, ...]], ...]) -> Grid:
    return Grid.from_stacks(dict(stacks))


class ForeignAdapter(Adapter):
    """Drives a :class:`Table` (or a mutant) with rulespec's actions."""

    engine: type[Table] = Table

    def __init__(self, engine: type[Table] | None = None) -> None:
        if engine is not None:
            self.engine = engine
        self.table = self.engine(2)
        self.options = Options()

    def start(self, setup: Setup) -> None:
        options: Options = setup.options
        self.options = options
        self.table = self.engine(
            setup.players, dict(zip(range(1, 13), options.card_values, strict=True))
        )

    def apply(self, action: Any) -> None:
        t = self.table
        try:
            if isinstance(action, Deal):
                t.new_round(Outcomes([*action.grids, action.draw_pile]))
            elif isinstance(action, Reshuffle):
                t.refill(Outcomes([action.draw_pile]))
            elif isinstance(action, Quack):
                t.play(action.player, "quack")
            elif isinstance(action, Cover | Duck):
                t.play(action.player, "cover" if isinstance(action, Cover) else "duck", action.to)
            else:
                raise Refused(f"not a Duck & Cover action: {action!r}")
        except Illegal as exc:
            raise Refused(str(exc)) from None

    def legal_actions(self, player: int) -> Iterable[Any]:
        for kind, to in self.table.options_for(player):
            if kind == "quack":
                yield Quack(player)
            elif kind == "cover":
                assert to is not None
                yield Cover(player, to)
            else:
                assert to is not None
                yield Duck(player, to)

    def to_move(self) -> Iterable[int]:
        t = self.table
        if t.phase in ("deal", "reshuffle"):
            return (-1,)
        return t.waiting_for()

    def state(self) -> State:
        t = self.table
        phase = {"deal": Phase.DEAL, "turn": Phase.TURN, "reshuffle": Phase.RESHUFFLE}.get(
            t.phase, Phase.OVER
        )
        submitted: tuple[Any, ...] = ()
        if phase is Phase.TURN:
            acts: list[Any] = []
            for p in range(t.n):
                if p not in t.pending:
                    acts.append(None)
                    continue
                kind, to = t.pending[p]
                if kind == "quack":
                    acts.append(Quack(p))
                else:
                    assert to is not None
                    acts.append(Cover(p, to) if kind == "cover" else Duck(p, to))
            submitted = tuple(acts)
        last = t.last_call
        return State(
            players=t.n,
            options=self.options,
            phase=phase,
            round=len(t.history),  # not compared: the round scores say it
            grids=tuple(grid_out(pl.stacks) for pl in t.players),
            draw_pile=tuple(card_out(c) for c in reversed(t.deck)),
            captain_pile=tuple(card_out(c) for c in t.captain),
            discard_zone=tuple(card_out(c) for c in t.discards),
            card=None if t.current is None else card_out(t.current),
            previous=None if last is None else card_out(last),
            previous_discarded=t.last_discarded,
            submitted=submitted,
            round_scores=tuple(tuple(r) for r in t.history),
        )

    def scores(self) -> Sequence[int]:
        return self.table.totals()

    def winners(self) -> Iterable[int]:
        return self.table.winners()

    def is_over(self) -> bool:
        return self.table.phase == "over"


ScoresOnlyAdapter = without(
    "ScoresOnlyAdapter", ForeignAdapter, "legal_actions", "state", "to_move"
)
"""A partial adapter: no legal actions, no state; only transitions and scores."""


# -- the mutants: one realistic bug each -----------------------------------------------


class DuckBesideOldPlace(Table):
    """Checks a Duck's neighbours on the grid before the move: the place the card
    leaves counts as a neighbour."""

    BREAKS = "dc.move.duck-adjacent"

    def duck_ok(self, pl: Player, origin: Place, to: Place) -> bool:
        if to in pl.stacks:
            return False
        return any((to[0] + dx, to[1] + dy) in pl.stacks for dx, dy in STEPS)


class CoverDiagonal(Table):
    """Lets a card cover a diagonal neighbour."""

    BREAKS = "dc.move.cover"

    def cover_ok(self, pl: Player, origin: Place, to: Place) -> bool:
        dx, dy = to[0] - origin[0], to[1] - origin[1]
        return max(abs(dx), abs(dy)) == 1 and to in pl.stacks

    def options_for(self, p: int) -> list[tuple[str, Place | None]]:
        found = super().options_for(p)
        if found == [("quack", None)] or not found:
            return found
        pl = self.players[p]
        origin = pl.where[self.target(p)]
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            to = (origin[0] + dx, origin[1] + dy)
            if to in pl.stacks:
                found.append(("cover", to))
        return found


class FixedDiscardLimit(Table):
    """Ends a round at 7 discards whatever the number of players (the 4-player figure)."""

    BREAKS = "dc.end.discard-limit"

    def discard_limit(self) -> int:
        return 7


class TopCardOnly(Table):
    """Moves only the called card, leaving the cards beneath it behind."""

    BREAKS = "dc.move.stack"

    def carry(self, pl: Player, origin: Place, to: Place) -> None:
        stack = pl.stacks[origin]
        card = stack.pop()
        if not stack:
            del pl.stacks[origin]
        pl.stacks.setdefault(to, []).append(card)
        pl.where[card] = to


class PositiveSingleStack(Table):
    """Forgets that a single stack scores negative."""

    BREAKS = "dc.score.sign"

    def score(self, pl: Player) -> int:
        return sum(self.splash[stack[-1]] for stack in pl.stacks.values())


class CoveredCardsScore(Table):
    """Counts the splashes of every card in a stack, covered ones too."""

    BREAKS = "dc.score.splashes"

    def score(self, pl: Player) -> int:
        total = sum(self.splash[c] for stack in pl.stacks.values() for c in stack)
        return -total if len(pl.stacks) == 1 else total


class QuackAnyTime(Table):
    """Lists the right moves, but accepts « Coin » from a player whose card is visible."""

    BREAKS = "dc.move.must-move"

    def check(self, p: int, kind: str, to: Place | None) -> None:
        if kind != "quack":
            super().check(p, kind, to)


class MaxIncludesCovered(Table):
    """Max calls the family's highest card, even when it is covered."""

    BREAKS = "dc.special.max"

    def highest(self, pl: Player) -> int:
        return max(pl.where)


class RepeatForgetsMax(Table):
    """Remembers only numbered calls, so Repeat after Max repeats the number before it."""

    BREAKS = "dc.special.repeat-after-max"

    def remember(self, call: int | str) -> None:
        if call != "max":
            self.last_call = call


class RepeatFirstRemembersLastRound(Table):
    """Keeps the last call of the previous round, so a Repeat drawn first in a new round
    is played instead of discarded."""

    BREAKS = "dc.special.repeat-first"

    def start_round_memory(self) -> None:
        self.last_discarded = False


class ReshuffleTakesDiscards(Table):
    """Reshuffles the discard zone into the new draw pile along with the Captain pile."""

    BREAKS = "dc.deck.reshuffle"

    def gather_for_reshuffle(self) -> list[Card]:
        cards = self.captain + self.discards
        self.captain = []
        self.discards = []
        return cards


class AllQuackToCaptainPile(Table):
    """Puts the card everyone said « Coin » on onto the Captain pile."""

    BREAKS = "dc.turn.discard"

    def end_of_turn_pile(self, everyone_quacked: bool) -> list[Card]:
        return self.captain


class SinglePileOnlyFirstPlayer(Table):
    """Looks for a single stack in the first player's layout only."""

    BREAKS = "dc.end.single-pile"

    def round_over(self) -> bool:
        if len(self.discards) >= self.discard_limit():
            return True
        return len(self.players[0].stacks) == 1


MUTANTS: tuple[type[Table], ...] = (
    DuckBesideOldPlace,
    CoverDiagonal,
    FixedDiscardLimit,
    TopCardOnly,
    PositiveSingleStack,
    CoveredCardsScore,
    QuackAnyTime,
    MaxIncludesCovered,
    RepeatForgetsMax,
    RepeatFirstRemembersLastRound,
    ReshuffleTakesDiscards,
    AllQuackToCaptainPile,
    SinglePileOnlyFirstPlayer,
)
