"""An independent Canardage engine, written the way an outsider would write one.

It shares no code with :mod:`rulespec.canardage`: mutable objects; the line
as a list of :class:`Spot` objects (a duck on top, maybe one hidden below);
ducks named by colour words and water as ``"~"``; action cards by short
English nicknames; targets as six booleans; Planqué cards as a map from a
space to the player who laid it; the duck deck as a deque whose top is its
left end; the draw pile with its top as its *last* element; shot ducks kept
in a pile in front of each player; and an injected shuffle function for
every chance event.

:class:`ForeignAdapter` plugs it into :func:`rulespec.testing.check`. The
``MUTANTS`` are copies of the engine with one realistic rule bug each; every
one names the clause it breaks in ``BREAKS``.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from rulespec.canardage import (
    Card,
    Deal,
    Discard,
    Disperse,
    Options,
    Phase,
    Play,
    Reshuffle,
    State,
    View,
)
from rulespec.testing import Adapter, Refused, Setup

COLOURS = ("red", "blue", "green", "yellow", "violet", "white")
WATER = "~"
SPACES = 6

# The action cards by nickname, in no particular order.
AIM, DOUBLE, BANG, SNIPER, SQUINT, TWO_BIRDS = ("aim", "double", "bang", "sniper", "squint", "2b")
LEFT, RIGHT, MARCH, BACK, AHEAD, BANZAI = ("left", "right", "march", "back", "ahead", "banzai")
CHAOS, SCATTER, COVER, HIDE = ("chaos", "scatter", "cover", "hide")

Shuffler = Callable[[list[str]], list[str]]
Spaces = tuple[int, ...]
"""The spaces a card is played on."""
Key = tuple[str, str | None]
"""A spot as a value: its top card and the duck hidden under it."""


class Illegal(Exception):
    """The engine's own refusal."""


class Spot:
    """One space's cards: the top card, and a duck hidden under it by À couvert."""

    def __init__(self, top: str, hidden: str | None = None) -> None:
        self.top = top
        self.hidden = hidden

    def key(self) -> Key:
        return (self.top, self.hidden)

    def is_duck(self) -> bool:
        return self.top != WATER


class Table:
    """A game of Canardage in progress."""

    BREAKS: ClassVar[str] = ""
    """The clause a mutant breaks (none for the engine itself)."""
    WATER_CARDS: ClassVar[int] = 5
    """The water cards of the duck deck."""

    def __init__(self, players: int, composition: dict[str, int]) -> None:
        if not 3 <= players <= 6:
            raise Illegal("3 to 6 players")
        self.n = players
        self.composition = dict(composition)
        self.stage = "setup"  # setup, play, scatter, refill, done
        self.current = -1
        self.line: list[Spot] = []
        self.aimed = [False] * SPACES
        self.hideouts: dict[int, int] = {}  # space -> the player whose Planqué lies there
        self.ducks: deque[str] = deque()  # top at the left
        self.known = 0  # cards at the bottom of the duck deck seen going there
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.pile: list[str] = []  # the draw pile, top last
        self.discards: list[str] = []  # played cards, oldest first
        self.trophies: list[list[str]] = [[] for _ in range(players)]  # shot ducks by owner
        self.champions: list[int] = []

    # -- reading the table ---------------------------------------------------------

    def owner(self, card: str) -> int:
        return COLOURS.index(card)

    def alive(self) -> list[int]:
        return [p for p in range(self.n) if len(self.trophies[p]) < 5]

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.line) and not self.aimed[i]

    def protected(self, i: int) -> bool:
        return i in self.hideouts

    def shootable(self, i: int) -> bool:
        return 0 <= i < len(self.line) and self.line[i].is_duck() and not self.protected(i)

    def mine(self, i: int, p: int) -> bool:
        return 0 <= i < len(self.line) and self.line[i].top == COLOURS[p]

    # -- what each card may do (the rules a mutant may change) -----------------------

    def aim_choices(self) -> list[Spaces]:
        return [(i,) for i in range(len(self.line)) if self.free(i)]

    def double_choices(self) -> list[Spaces]:
        pairs: list[Spaces] = [
            (i, i + 1) for i in range(len(self.line) - 1) if self.free(i) and self.free(i + 1)
        ]
        return pairs or self.aim_choices()

    def bang_choices(self) -> list[Spaces]:
        found: list[Spaces] = []
        for i in range(len(self.line)):
            if self.aimed[i] and (not self.line[i].is_duck() or not self.protected(i)):
                found.append((i,))
        return found

    def sniper_choices(self) -> list[Spaces]:
        return [(i,) for i in range(len(self.line)) if self.shootable(i)]

    def squint_choices(self) -> list[Spaces]:
        found: list[Spaces] = []
        for t in range(len(self.line)):
            if self.aimed[t]:
                found.extend((t, s) for s in (t - 1, t + 1) if self.shootable(s))
        return found

    def two_birds_choices(self) -> list[Spaces]:
        found: list[Spaces] = []
        for i in range(len(self.line) - 1):
            both = self.aimed[i] and self.aimed[i + 1]
            if both and self.shootable(i) and self.shootable(i + 1):
                found.append((i, i + 1))
        return found

    def bump_choices(self, step: int) -> list[Spaces]:
        found: list[Spaces] = []
        for i in range(len(self.line)):
            if self.aimed[i] and self.free(i + step):
                found.append((i,))
        return found

    def back_choices(self, p: int) -> list[Spaces]:
        return [(i,) for i in range(len(self.line) - 1) if self.mine(i, p)]

    def ahead_choices(self, p: int) -> list[Spaces]:
        return [(i,) for i in range(1, len(self.line)) if self.mine(i, p)]

    def banzai_choices(self, p: int) -> list[Spaces]:
        return [(i,) for i in range(1, len(self.line)) if self.mine(i, p)]

    def cover_choices(self, p: int) -> list[Spaces]:
        found: list[Spaces] = []
        for i, spot in enumerate(self.line):
            if spot.top != COLOURS[p] or spot.hidden is not None:
                continue
            for j in (i - 1, i + 1):
                if 0 <= j < len(self.line):
                    other = self.line[j]
                    if other.is_duck() and other.hidden is None:
                        found.append((i, j))
        return found

    def hide_choices(self) -> list[Spaces]:
        return [
            (i,) for i in range(len(self.line)) if self.line[i].is_duck() and i not in self.hideouts
        ]

    def chaos_orders(self) -> list[tuple[Key, ...]]:
        now = tuple(s.key() for s in self.line)
        return sorted(set(itertools.permutations(now)) - {now}, key=repr)

    def choices(self, card: str, p: int) -> list[Spaces]:
        """The spaces ``card`` may be played on by ``p`` (``[()]`` for a card without
        spaces, ``[]`` when it cannot be played)."""
        if card == CHAOS:
            return [()] if self.chaos_orders() else []
        if card in (MARCH, SCATTER):
            return [()]
        table: dict[str, Callable[[], list[Spaces]]] = {
            AIM: self.aim_choices,
            DOUBLE: self.double_choices,
            BANG: self.bang_choices,
            SNIPER: self.sniper_choices,
            SQUINT: self.squint_choices,
            TWO_BIRDS: self.two_birds_choices,
            LEFT: lambda: self.bump_choices(-1),
            RIGHT: lambda: self.bump_choices(+1),
            BACK: lambda: self.back_choices(p),
            AHEAD: lambda: self.ahead_choices(p),
            BANZAI: lambda: self.banzai_choices(p),
            COVER: lambda: self.cover_choices(p),
            HIDE: self.hide_choices,
        }
        return table[card]()

    def playable(self, p: int) -> list[str]:
        return [c for c in dict.fromkeys(self.hands[p]) if self.choices(c, p)]

    def may_discard(self, p: int, card: str) -> bool:
        return not self.playable(p)

    # -- the effects a mutant may change ---------------------------------------------

    def refill(self) -> None:
        while len(self.line) < SPACES and self.ducks:
            self.line.append(Spot(self.ducks.popleft()))
        self.known = min(self.known, len(self.ducks))

    def kill(self, spaces: Iterable[int]) -> None:
        hit = set(spaces)
        kept: list[Spot] = []
        for i, spot in enumerate(self.line):
            if i not in hit:
                kept.append(spot)
                continue
            self.trophies[self.owner(spot.top)].append(spot.top)
            if spot.hidden is not None:
                kept.append(Spot(spot.hidden))
        self.line = kept
        self.refill()

    def bang(self, s: int) -> None:
        self.aimed[s] = False
        if self.line[s].is_duck():
            self.kill([s])

    def squint(self, t: int, s: int) -> None:
        self.aimed[t] = False
        self.kill([s])

    def two_birds(self, a: int, b: int) -> None:
        self.aimed[a] = self.aimed[b] = False
        self.kill([a, b])

    def bump(self, s: int, step: int) -> None:
        self.aimed[s] = False
        self.aimed[s + step] = True

    def march(self) -> None:
        front = self.line.pop(0)
        if front.hidden is not None:
            self.ducks.append(front.hidden)
            self.known += 1
        self.ducks.append(front.top)
        self.known += 1
        self.refill()

    def banzai(self, s: int) -> None:
        self.line.insert(0, self.line.pop(s))

    def cover(self, duck: int, under: int) -> None:
        self.line[under].hidden = self.line[duck].top
        del self.line[duck]
        self.refill()

    def scatter(self) -> None:
        for spot in self.line:
            if spot.hidden is not None:
                self.ducks.append(spot.hidden)
            self.ducks.append(spot.top)
        self.line = []
        self.known = 0
        self.stage = "scatter"

    def next_player(self) -> int:
        return (self.current + 1) % self.n

    def game_over(self) -> bool:
        return len(self.alive()) <= 1

    def rebuild_pile(self, shuffle: Shuffler) -> None:
        self.pile = list(reversed(shuffle(self.discards)))
        self.discards = []

    # -- playing -----------------------------------------------------------------------

    def deal(self, shuffle: Shuffler) -> None:
        if self.stage != "setup":
            raise Illegal("the game is dealt already")
        ducks = [c for c in COLOURS[: self.n] for _ in range(5)] + [WATER] * self.WATER_CARDS
        order = shuffle(ducks)
        if Counter(order) != Counter(ducks):
            raise Illegal("not the duck deck")
        self.ducks = deque(order)
        self.lay_line()
        cards = [c for c, k in self.composition.items() for _ in range(k)]
        dealt = shuffle(cards)
        if Counter(dealt) != Counter(cards):
            raise Illegal("not the action deck")
        for p in range(self.n):
            self.hands[p] = dealt[3 * p : 3 * p + 3]
        self.pile = list(reversed(dealt[3 * self.n :]))
        self.current = next(self.owner(s.top) for s in self.line if s.is_duck())
        self.stage = "play"

    def lay_line(self) -> None:
        laid = [Spot(self.ducks.popleft()) for _ in range(min(SPACES, len(self.ducks)))]
        self.line = laid[::-1]
        self.known = 0

    def redeal_line(self, shuffle: Shuffler) -> None:
        if self.stage != "scatter":
            raise Illegal("no Dispersion is waiting")
        order = shuffle(list(self.ducks))
        if Counter(order) != Counter(self.ducks):
            raise Illegal("not the duck deck")
        self.ducks = deque(order)
        self.lay_line()
        self.stage = "play"
        self.draw_and_pass()

    def refill_pile(self, shuffle: Shuffler) -> None:
        if self.stage != "refill":
            raise Illegal("the draw pile is not empty")
        self.rebuild_pile(shuffle)
        self.stage = "play"
        self.draw_and_pass()

    def check_turn(self, p: int, card: str) -> None:
        if self.stage != "play":
            raise Illegal("no player plays now")
        if p != self.current:
            raise Illegal(f"it is not player {p}'s turn")
        if card not in self.hands[p]:
            raise Illegal(f"player {p} holds no {card}")

    def discard(self, p: int, card: str) -> None:
        self.check_turn(p, card)
        if not self.may_discard(p, card):
            raise Illegal("a playable card cannot be thrown away")
        self.hands[p].remove(card)
        self.discards.append(card)
        self.draw_and_pass()

    def play(self, p: int, card: str, spaces: tuple[int, ...], order: Sequence[Key] = ()) -> None:
        self.check_turn(p, card)
        if card == CHAOS:
            if tuple(order) not in set(self.chaos_orders()):
                raise Illegal("Canarchie needs another order of the same cards")
            if spaces:
                raise Illegal("Canarchie names no space")
        elif order or spaces not in self.choices(card, p):
            raise Illegal(f"{card} cannot be played on {spaces}")
        alive = self.alive()
        self.hands[p].remove(card)
        if card != HIDE:
            self.discards.append(card)
        shots = sum(len(t) for t in self.trophies)
        self.resolve(p, card, spaces, order)
        if self.stage == "scatter":
            return
        if sum(len(t) for t in self.trophies) > shots and self.game_over():
            self.stage = "done"
            self.champions = self.alive() or alive
            return
        self.draw_and_pass()

    def resolve(self, p: int, card: str, s: tuple[int, ...], order: Sequence[Key]) -> None:
        if card in (AIM, DOUBLE):
            for i in s:
                self.aimed[i] = True
        elif card == BANG:
            self.bang(s[0])
        elif card == SNIPER:
            self.aimed[s[0]] = False
            self.kill(s)
        elif card == SQUINT:
            self.squint(s[0], s[1])
        elif card == TWO_BIRDS:
            self.two_birds(s[0], s[1])
        elif card in (LEFT, RIGHT):
            self.bump(s[0], -1 if card == LEFT else 1)
        elif card == MARCH:
            self.march()
        elif card in (BACK, AHEAD):
            j = s[0] + (1 if card == BACK else -1)
            self.line[s[0]], self.line[j] = self.line[j], self.line[s[0]]
        elif card == BANZAI:
            self.banzai(s[0])
        elif card == CHAOS:
            self.line = [Spot(top, hidden) for top, hidden in order]
        elif card == SCATTER:
            self.scatter()
        elif card == COVER:
            self.cover(s[0], s[1])
        else:  # HIDE
            self.hideouts[s[0]] = p

    def draw_and_pass(self) -> None:
        hand = self.hands[self.current]
        if len(hand) < 3:
            if not self.pile:
                if self.discards:
                    self.stage = "refill"
                    return
            else:
                hand.append(self.pile.pop())
        self.current = self.next_player()
        for space, owner in list(self.hideouts.items()):
            if owner == self.current:
                del self.hideouts[space]
                self.discards.append(HIDE)
        self.stage = "play"


# -- the adapter ----------------------------------------------------------------------

CARD_NAMES: dict[Card, str] = {
    Card.EN_JOUE: AIM,
    Card.DOUBLE_VISEUR: DOUBLE,
    Card.PAN: BANG,
    Card.TIREUR_D_ELITE: SNIPER,
    Card.TU_LOUCHES: SQUINT,
    Card.CANARDAGE: TWO_BIRDS,
    Card.RECTIFIER_GAUCHE: LEFT,
    Card.RECTIFIER_DROITE: RIGHT,
    Card.EN_AVANT_MARCHE: MARCH,
    Card.PALME_ARRIERE: BACK,
    Card.PALME_AVANT: AHEAD,
    Card.BANZAI: BANZAI,
    Card.CANARCHIE: CHAOS,
    Card.DISPERSION: SCATTER,
    Card.A_COUVERT: COVER,
    Card.PLANQUE: HIDE,
}
CARDS_BY_NAME = {name: card for card, name in CARD_NAMES.items()}
RULEBOOK_ORDER = list(CARD_NAMES.values())  # the order rulespec lists hands in


def duck_out(card: str) -> int:
    return 6 if card == WATER else COLOURS.index(card)


def duck_in(card: int) -> str:
    return WATER if card == 6 else COLOURS[card]


def stack_out(spot: Spot) -> tuple[int, ...]:
    if spot.hidden is None:
        return (duck_out(spot.top),)
    return (duck_out(spot.hidden), duck_out(spot.top))


def key_in(stack: Sequence[int]) -> Key:
    if len(stack) == 2:
        return (duck_in(stack[1]), duck_in(stack[0]))
    return (duck_in(stack[0]), None)


class Outcomes:
    """A shuffle function that hands out the orders (top first) of a rulespec chance
    action, as far as the engine has those cards."""

    def __init__(self, piles: Sequence[Sequence[str]]) -> None:
        self.piles = [list(p) for p in piles]

    def __call__(self, cards: list[str]) -> list[str]:
        wanted = self.piles.pop(0) if self.piles else []
        rest = Counter(cards)
        order: list[str] = []
        for c in wanted:
            if rest[c] > 0:
                rest[c] -= 1
                order.append(c)
        order.extend(sorted(rest.elements()))
        return order


class ForeignAdapter(Adapter):
    """Drives a :class:`Table` (or a mutant) with rulespec's actions."""

    engine: type[Table] = Table

    def __init__(self, engine: type[Table] | None = None) -> None:
        if engine is not None:
            self.engine = engine
        self.table = self.engine(3, {})

    def start(self, setup: Setup) -> None:
        options: Options = setup.options
        composition = {
            CARD_NAMES[card]: k for card, k in zip(Card, options.action_deck, strict=True) if k
        }
        self.table = self.engine(setup.players, composition)

    def apply(self, action: Any) -> None:
        t = self.table
        try:
            if isinstance(action, Deal):
                ducks = [duck_in(c) for c in action.ducks]
                t.deal(Outcomes([ducks, [CARD_NAMES[c] for c in action.actions]]))
            elif isinstance(action, Disperse):
                t.redeal_line(Outcomes([[duck_in(c) for c in action.deck]]))
            elif isinstance(action, Reshuffle):
                t.refill_pile(Outcomes([[CARD_NAMES[c] for c in action.draw_pile]]))
            elif isinstance(action, Discard):
                t.discard(action.player, CARD_NAMES[action.card])
            elif isinstance(action, Play):
                order = [key_in(s) for s in action.line]
                t.play(action.player, CARD_NAMES[action.card], tuple(action.spaces), order)
            else:
                raise Refused(f"not a Canardage action: {action!r}")
        except Illegal as exc:
            raise Refused(str(exc)) from None

    def legal_actions(self, player: int) -> Iterable[Any]:
        t = self.table
        if t.stage != "play" or player != t.current:
            return []
        found: list[Any] = []
        for name in t.playable(player):
            card = CARDS_BY_NAME[name]
            if name == CHAOS:
                for order in t.chaos_orders():
                    line = tuple(stack_out(Spot(top, hidden)) for top, hidden in order)
                    found.append(Play(player, card, (), line))
            else:
                found.extend(Play(player, card, s) for s in t.choices(name, player))
        if not found:
            for name in dict.fromkeys(t.hands[player]):
                if t.may_discard(player, name):
                    found.append(Discard(player, CARDS_BY_NAME[name]))
        return found

    def to_move(self) -> Iterable[int]:
        t = self.table
        if t.stage == "play":
            return (t.current,)
        if t.stage == "done":
            return ()
        return (-1,)

    def _phase(self) -> Phase:
        return {
            "setup": Phase.DEAL,
            "play": Phase.PLAY,
            "scatter": Phase.DISPERSION,
            "refill": Phase.RESHUFFLE,
        }.get(self.table.stage, Phase.OVER)

    def _hand(self, p: int) -> tuple[Card, ...]:
        names = sorted(self.table.hands[p], key=RULEBOOK_ORDER.index)
        return tuple(CARDS_BY_NAME[c] for c in names)

    def _shelters(self) -> tuple[int, ...]:
        t = self.table
        where = {owner: space for space, owner in t.hideouts.items()}
        return tuple(where.get(p, -1) for p in range(t.n))

    def state(self) -> State:
        t = self.table
        return State(
            players=t.n,
            options=Options(action_deck={CARDS_BY_NAME[c]: k for c, k in t.composition.items()}),
            phase=self._phase(),
            turn=t.current,
            line=tuple(stack_out(s) for s in t.line),
            targets=tuple(i for i in range(SPACES) if t.aimed[i]),
            shelters=self._shelters(),
            deck=tuple(duck_out(c) for c in t.ducks),
            seen=t.known,
            hands=tuple(self._hand(p) for p in range(t.n)),
            draw_pile=tuple(CARDS_BY_NAME[c] for c in reversed(t.pile)),
            played=tuple(CARDS_BY_NAME[c] for c in t.discards),
            shot=tuple(len(x) for x in t.trophies),
            winners=tuple(sorted(t.champions)),
        )

    def view(self, player: int) -> View:
        t = self.table
        deck = [duck_out(c) for c in t.ducks]
        return View(
            player=player,
            players=t.n,
            phase=self._phase(),
            turn=t.current,
            line=tuple(stack_out(s) for s in t.line),
            targets=tuple(i for i in range(SPACES) if t.aimed[i]),
            shelters=self._shelters(),
            deck_size=len(deck),
            deck_bottom=tuple(deck[len(deck) - t.known :]) if t.known else (),
            hand=self._hand(player) if t.stage != "setup" else (),
            hand_sizes=tuple(len(h) for h in t.hands),
            draw_pile_size=len(t.pile),
            played=tuple(CARDS_BY_NAME[c] for c in t.discards),
            shot=tuple(len(x) for x in t.trophies),
            winners=tuple(sorted(t.champions)),
        )

    def scores(self) -> Sequence[int]:
        return [5 - len(x) for x in self.table.trophies]

    def winners(self) -> Iterable[int]:
        return sorted(self.table.champions) if self.table.stage == "done" else []

    def is_over(self) -> bool:
        return self.table.stage == "done"


# -- the mutants: one realistic bug each -----------------------------------------------


class PanAtUntargetedDuck(Table):
    """Lets Pan fire at any duck, targeted or not."""

    BREAKS = "can.action.pan"

    def bang_choices(self) -> list[Spaces]:
        found = super().bang_choices()
        extra: list[Spaces] = [
            (i,) for i in range(len(self.line)) if not self.aimed[i] and self.shootable(i)
        ]
        return sorted(found + extra)


class PanRemovesWater(Table):
    """Takes a water card fired at out of the line, like a shot duck."""

    BREAKS = "can.action.pan"

    def bang(self, s: int) -> None:
        self.aimed[s] = False
        if self.line[s].is_duck():
            self.kill([s])
        else:
            del self.line[s]
            self.refill()


class DoubleViseurApart(Table):
    """Lets Double viseur target any two free spaces, neighbours or not."""

    BREAKS = "can.action.double-viseur"

    def double_choices(self) -> list[Spaces]:
        free = [i for i in range(len(self.line)) if self.free(i)]
        pairs: list[Spaces] = [(a, b) for a in free for b in free if a < b]
        return pairs or self.aim_choices()


class BumpLeftOntoTarget(Table):
    """Lets Rectifier le tir à gauche move a target onto a targeted space."""

    BREAKS = "can.action.rectifier-gauche"

    def bump_choices(self, step: int) -> list[Spaces]:
        if step > 0:
            return super().bump_choices(step)
        return [(i,) for i in range(1, len(self.line)) if self.aimed[i]]


class PalmeAvantAnyDuck(Table):
    """Lets Palme avant move any duck forward, an opponent's too."""

    BREAKS = "can.action.palme-avant"

    def ahead_choices(self, p: int) -> list[Spaces]:
        return [(i,) for i in range(1, len(self.line)) if self.line[i].is_duck()]


class MarchFrontOnTop(Table):
    """En avant marche puts the front card on top of the duck deck, not under it."""

    BREAKS = "can.action.en-avant-marche"

    def march(self) -> None:
        front = self.line.pop(0)
        self.ducks.appendleft(front.top)
        if front.hidden is not None:
            self.ducks.appendleft(front.hidden)
        self.refill()


class PlanqueDoesNotProtect(Table):
    """A Planqué card protects nothing: its duck can be shot."""

    BREAKS = "can.planque.space"

    def protected(self, i: int) -> bool:
        return False


class CoverUnderWater(Table):
    """Lets À couvert hide a duck under a water card."""

    BREAKS = "can.action.a-couvert"

    def cover_choices(self, p: int) -> list[Spaces]:
        found: list[Spaces] = []
        for i, spot in enumerate(self.line):
            if spot.top != COLOURS[p] or spot.hidden is not None:
                continue
            found.extend(
                (i, j)
                for j in (i - 1, i + 1)
                if 0 <= j < len(self.line) and self.line[j].hidden is None
            )
        return found


class CanardageOneTarget(Table):
    """Lets Canardage shoot two neighbouring ducks when only one of them is targeted."""

    BREAKS = "can.action.canardage"

    def two_birds_choices(self) -> list[Spaces]:
        found: list[Spaces] = []
        for i in range(len(self.line) - 1):
            either = self.aimed[i] or self.aimed[i + 1]
            if either and self.shootable(i) and self.shootable(i + 1):
                found.append((i, i + 1))
        return found


class DiscardAnyTime(Table):
    """Lists the right plays, but accepts a discard even when a card can be played."""

    BREAKS = "can.turn.discard"

    def discard(self, p: int, card: str) -> None:
        self.check_turn(p, card)
        self.hands[p].remove(card)
        self.discards.append(card)
        self.draw_and_pass()


class GoesOnWithOnePlayer(Table):
    """Ends the game only when nobody has a duck left."""

    BREAKS = "can.end.winner"

    def game_over(self) -> bool:
        return not self.alive()


class TuLouchesRemovesTheShotTarget(Table):
    """Tu louches removes the target of the duck it shoots, not the chosen target."""

    BREAKS = "can.action.tu-louches"

    def squint(self, t: int, s: int) -> None:
        self.aimed[s] = False
        self.kill([s])


class FirstPlayerFromTheBack(Table):
    """Gives the first turn to the owner of the duck nearest the deck."""

    BREAKS = "can.turn.first-player"

    def deal(self, shuffle: Shuffler) -> None:
        super().deal(shuffle)
        self.current = next(self.owner(s.top) for s in reversed(self.line) if s.is_duck())


class SkipsPlayersOut(Table):
    """Passes over the players who have no duck left."""

    BREAKS = "can.end.out"

    def next_player(self) -> int:
        nxt = (self.current + 1) % self.n
        while len(self.trophies[nxt]) >= 5 and nxt != self.current:
            nxt = (nxt + 1) % self.n
        return nxt


class ShotCoverTakesBoth(Table):
    """A shot at a pair kills the hidden duck along with its cover."""

    BREAKS = "can.cover.shot"

    def kill(self, spaces: Iterable[int]) -> None:
        for i in spaces:
            hidden = self.line[i].hidden
            if hidden is not None:
                self.trophies[self.owner(hidden)].append(hidden)
                self.line[i].hidden = None
        super().kill(spaces)


class DispersionClearsTargets(Table):
    """Dispersion takes the targets off the line along with its cards."""

    BREAKS = "can.action.dispersion"

    def scatter(self) -> None:
        super().scatter()
        self.aimed = [False] * SPACES


class BanzaiSwapsWithFront(Table):
    """Banzaï swaps the duck with the first card instead of moving the others back."""

    BREAKS = "can.action.banzai"

    def banzai(self, s: int) -> None:
        self.line[0], self.line[s] = self.line[s], self.line[0]


class ReshuffleLeavesLastCard(Table):
    """Rebuilds the draw pile without the card just played (as if it were shuffled
    before the play)."""

    BREAKS = "can.deck.reshuffle"

    def rebuild_pile(self, shuffle: Shuffler) -> None:
        last = self.discards.pop()
        super().rebuild_pile(shuffle)
        self.discards = [last]


class CanarchieLeavesWater(Table):
    """Canarchie reorders the ducks only: water cards keep their spaces."""

    BREAKS = "can.action.canarchie"

    def chaos_orders(self) -> list[tuple[Key, ...]]:
        now = tuple(s.key() for s in self.line)
        wet = [i for i, k in enumerate(now) if k[0] == WATER]
        return [o for o in super().chaos_orders() if all(o[i][0] == WATER for i in wet)]


class CoverLeavesAGap(Table):
    """After À couvert the line closes up but takes no new card: it runs one short."""

    BREAKS = "can.line.close-up"

    def cover(self, duck: int, under: int) -> None:
        self.line[under].hidden = self.line[duck].top
        del self.line[duck]


class PlanqueLiftedEarly(Table):
    """Takes a Planqué card off the line as soon as its player's turn ends, not when
    their next turn begins."""

    BREAKS = "can.action.planque"

    def draw_and_pass(self) -> None:
        player = self.current
        super().draw_and_pass()
        if self.stage == "play" and self.current != player:
            for space, owner in list(self.hideouts.items()):
                if owner == player:
                    del self.hideouts[space]
                    self.discards.append(HIDE)


class PairForwardCoverFirst(Table):
    """En avant marche sends a pair under the deck cover first, hidden duck at the bottom."""

    BREAKS = "can.cover.forward"

    def march(self) -> None:
        front = self.line[0]
        if front.hidden is not None:
            front.top, front.hidden = front.hidden, front.top
        super().march()


class PalmeLeavesTheHiddenDuck(Table):
    """Palme swaps the top cards only: a duck hidden under the moving cover stays on its
    space, under the card that comes in."""

    BREAKS = "can.cover.pair"

    def resolve(self, p: int, card: str, s: tuple[int, ...], order: Sequence[Key]) -> None:
        if card in (BACK, AHEAD):
            here, there = self.line[s[0]], self.line[s[0] + (1 if card == BACK else -1)]
            here.top, there.top = there.top, here.top
            return
        super().resolve(p, card, s, order)


class NobodyWinsTogether(Table):
    """When the last ducks fall together, nobody wins."""

    BREAKS = "can.end.simultaneous"

    def play(self, p: int, card: str, spaces: tuple[int, ...], order: Sequence[Key] = ()) -> None:
        super().play(p, card, spaces, order)
        if self.stage == "done" and not self.alive():
            self.champions = []


class AnyoneMayPlay(Table):
    """Lists the right plays, but accepts a play from a player who is not on turn (and
    then goes on from that player)."""

    BREAKS = "can.turn.order"

    def check_turn(self, p: int, card: str) -> None:
        if self.stage == "play" and 0 <= p < self.n:
            self.current = p
        super().check_turn(p, card)


MUTANTS: tuple[type[Table], ...] = (
    PanAtUntargetedDuck,
    PanRemovesWater,
    DoubleViseurApart,
    BumpLeftOntoTarget,
    PalmeAvantAnyDuck,
    MarchFrontOnTop,
    PlanqueDoesNotProtect,
    CoverUnderWater,
    CanardageOneTarget,
    DiscardAnyTime,
    GoesOnWithOnePlayer,
    TuLouchesRemovesTheShotTarget,
    FirstPlayerFromTheBack,
    SkipsPlayersOut,
    ShotCoverTakesBoth,
    DispersionClearsTargets,
    BanzaiSwapsWithFront,
    ReshuffleLeavesLastCard,
    CanarchieLeavesWater,
    CoverLeavesAGap,
    PlanqueLiftedEarly,
    PairForwardCoverFirst,
    PalmeLeavesTheHiddenDuck,
    NobodyWinsTogether,
    AnyoneMayPlay,
)
