"""The rules of Canardage as pure functions: setup, the turn, the sixteen cards, the end."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from math import factorial
from typing import Any, TypeVar, overload

from rulespec.canardage import masks
from rulespec.canardage.actions import (
    Action,
    Deal,
    Discard,
    Disperse,
    Play,
    PlayerAction,
    Reshuffle,
    Stack,
)
from rulespec.canardage.cards import (
    A_COUVERT,
    BANZAI,
    CANARCHIE,
    CANARDAGE,
    DISPERSION,
    DOUBLE_VISEUR,
    DUCKS_PER_COLOUR,
    EN_AVANT_MARCHE,
    EN_JOUE,
    PALME_ARRIERE,
    PALME_AVANT,
    PAN,
    PLANQUE,
    RECTIFIER_DROITE,
    RECTIFIER_GAUCHE,
    TIREUR_D_ELITE,
    TU_LOUCHES,
    WATER,
    WATER_CARDS,
    Card,
    sort_cards,
)
from rulespec.canardage.line import dealt, forward, hide, shoot
from rulespec.canardage.scoring import scores, winners
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.canardage.view import view
from rulespec.core.chance import TrustedChance
from rulespec.core.checks import wrong_type
from rulespec.core.errors import IllegalAction
from rulespec.plugin.builder import builder
from rulespec.plugin.lazy import LazySequence
from rulespec.plugin.piles import pile_of
from rulespec.rulebook.implements import implements

__all__ = [
    "CLAUSES",
    "LegalActions",
    "apply",
    "chance_piles",
    "check_action",
    "check_deal",
    "check_disperse",
    "check_reshuffle",
    "duck_deck",
    "first_player",
    "is_over",
    "legal_actions",
    "new_game",
    "scores",
    "to_move",
    "uses",
    "view",
    "winners",
]

Line = tuple[Stack, ...]
Spaces = tuple[int, ...]
ChanceAction = TypeVar("ChanceAction", Deal, Reshuffle, Disperse)

_state = builder(State)
"""``State(...)`` with every field given by position, built about three times faster."""

CLAUSES: dict[Card, str] = {card: f"can.action.{card.value}" for card in Card}
"""The clause of each action card."""


# -- setup ------------------------------------------------------------------------


@implements("can.setup.players", "can.setup.colours")
def new_game(players: int, options: Options | None = None) -> State:
    """A game of ``players`` (3–6) players, waiting for the deal; player ``p`` plays
    colour ``p``."""
    if type(players) is not int or not 3 <= players <= 6:
        raise IllegalAction("can.setup.players", f"Canardage is for 3 to 6 players, not {players}")
    options = Options() if options is None else options
    if options.deck_size < 4 * players:
        raise IllegalAction(
            "can.setup.action-deck",
            f"{options.deck_size} action cards cannot serve {players} players: at least "
            f"{4 * players} are needed (three in each hand and more to draw)",
        )
    return State(
        players=players,
        options=options,
        phase=Phase.DEAL,
        turn=-1,
        line=(),
        targets=(),
        shelters=(NO_SHELTER,) * players,
        deck=(),
        seen=0,
        hands=((),) * players,
        draw_pile=(),
        played=(),
        shot=(0,) * players,
    )


@implements("can.setup.duck-deck")
def duck_deck(players: int) -> tuple[int, ...]:
    """The duck deck before its shuffle: five ducks of each colour in play and five water
    cards, in a canonical order.

    >>> len(duck_deck(3)), duck_deck(3).count(WATER)
    (20, 5)
    """
    return (
        *(c for c in range(players) for _ in range(DUCKS_PER_COLOUR)),
        *(WATER,) * WATER_CARDS,
    )


@implements("can.turn.first-player")
def first_player(line: Line) -> int:
    """Who starts: the owner of the first duck of the line (water cards are skipped)."""
    for stack in line:
        if stack[-1] != WATER:
            return stack[-1]
    raise IllegalAction("can.turn.first-player", "the line holds no duck")


@implements("can.setup.duck-deck", "can.setup.action-deck", "can.chance.shuffles")
def check_deal(state: State, action: Deal) -> None:
    """Refuse ``action`` unless the game waits for its deal and it orders both decks."""
    if _DRAWN.trusted(state, action):
        return
    if state.phase is not Phase.DEAL:
        raise IllegalAction("can.chance.shuffles", "the game does not wait for its deal now")
    ducks, cards = action.ducks, action.actions
    if not pile_of(ducks, int) or sorted(ducks) != list(duck_deck(state.players)):
        raise IllegalAction(
            "can.setup.duck-deck",
            "the duck deck must hold five ducks of each colour in play and five water cards",
        )
    if not pile_of(cards, Card) or sort_cards(cards) != state.options.deck():
        raise IllegalAction(
            "can.setup.action-deck", "the action deck must hold exactly the game's action cards"
        )


@implements("can.setup.hands", "can.setup.action-deck", "can.chance.shuffles")
def deal(state: State, action: Deal) -> State:
    """Fill the line from the shuffled duck deck, deal three action cards to each player
    and give the turn to the owner of the first duck."""
    check_deal(state, action)
    ducks, cards = action.ducks, action.actions
    line, deck = dealt(ducks)
    n = state.players
    return State(
        players=n,
        options=state.options,
        phase=Phase.PLAY,
        turn=first_player(line),
        line=line,
        targets=(),
        shelters=state.shelters,
        deck=deck,
        seen=0,
        hands=tuple(sort_cards(cards[3 * p : 3 * p + 3]) for p in range(n)),
        draw_pile=cards[3 * n :],
        played=(),
        shot=state.shot,
    )


_SEATS = tuple((p,) for p in range(6))

# The phases tested at every step, read once: Python 3.11 reads a member of an Enum class
# slowly (the cards have their names in rulespec.canardage.cards for the same reason).
_PLAY, _OVER = Phase.PLAY, Phase.OVER


def to_move(state: State) -> tuple[int, ...]:
    """The player on turn, ``(CHANCE,)`` at a shuffle, ``()`` when the game is over."""
    phase = state.phase
    if phase is _PLAY:
        return _SEATS[state.turn]
    if phase is _OVER:
        return ()
    return (-1,)


# -- what each card may do ------------------------------------------------------------

Uses = Callable[[Line, frozenset[int], frozenset[int], int], list[Spaces]]


@implements("can.action.en-joue", "can.targets.spaces")
def _en_joue(line: Line, targets: frozenset[int], shelters: frozenset[int], p: int) -> list[Spaces]:
    """Any space without a target, water included."""
    return [(i,) for i in range(len(line)) if i not in targets]


@implements("can.action.double-viseur")
def _double_viseur(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Two adjacent free spaces; a single free space only when no such pair exists."""
    free = [i for i in range(len(line)) if i not in targets]
    pairs: list[Spaces] = [(i, i + 1) for i in free if i + 1 < len(line) and i + 1 not in targets]
    return pairs if pairs else [(i,) for i in free]


@implements("can.action.pan", "can.planque.space")
def _pan(line: Line, targets: frozenset[int], shelters: frozenset[int], p: int) -> list[Spaces]:
    """A targeted space: water always; a duck unless a Planqué card protects its space."""
    return [
        (i,)
        for i in sorted(targets)
        if i < len(line) and (line[i][-1] == WATER or i not in shelters)
    ]


@implements("can.action.pan", "can.planque.space")
def _pan_target_only(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``sheltered_pan="target-only"``: any targeted space; a protected duck
    survives the shot."""
    return [(i,) for i in sorted(targets) if i < len(line)]


@implements("can.action.pan", "can.planque.space")
def _pan_never(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``sheltered_pan="never"``: a targeted space no Planqué card protects."""
    return [(i,) for i in sorted(targets) if i < len(line) and i not in shelters]


def _shootable(line: Line, shelters: frozenset[int], i: int) -> bool:
    return 0 <= i < len(line) and line[i][-1] != WATER and i not in shelters


@implements("can.action.tireur-d-elite")
def _tireur(line: Line, targets: frozenset[int], shelters: frozenset[int], p: int) -> list[Spaces]:
    """Any unprotected duck, targeted or not."""
    return [(i,) for i in range(len(line)) if _shootable(line, shelters, i)]


@implements("can.action.tu-louches")
def _tu_louches(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """(targeted space, unprotected duck beside it)."""
    return [
        (t, s)
        for t in sorted(targets)
        for s in (t - 1, t + 1)
        if t < len(line) and _shootable(line, shelters, s)
    ]


@implements("can.action.canardage")
def _canardage(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Two adjacent targeted spaces, each holding an unprotected duck."""
    return [
        (i, i + 1)
        for i in sorted(targets)
        if i + 1 in targets and _shootable(line, shelters, i) and _shootable(line, shelters, i + 1)
    ]


@implements("can.action.rectifier-gauche")
def _rectifier_gauche(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """A target not on the first space whose space in front is free."""
    return [(i,) for i in sorted(targets) if 1 <= i < len(line) and i - 1 not in targets]


@implements("can.action.rectifier-droite")
def _rectifier_droite(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """A target not on the last space whose space behind is free."""
    return [(i,) for i in sorted(targets) if i + 1 < len(line) and i + 1 not in targets]


def _always(line: Line, targets: frozenset[int], shelters: frozenset[int], p: int) -> list[Spaces]:
    return [()]


@implements("can.action.palme-arriere", "can.cover.pair")
def _palme_arriere(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """One of your ducks (on top of its space) that is not last."""
    return [(i,) for i in range(len(line) - 1) if line[i][-1] == p]


@implements("can.action.palme-avant")
def _palme_avant(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """One of your ducks (on top of its space) that is not first."""
    return [(i,) for i in range(1, len(line)) if line[i][-1] == p]


@implements("can.action.palme-arriere", "can.cover.pair")
def _palme_arriere_duck(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``palme_neighbour="duck"``: one of your ducks with a duck behind it."""
    return [(i,) for i in range(len(line) - 1) if line[i][-1] == p and line[i + 1][-1] != WATER]


@implements("can.action.palme-avant", "can.cover.pair")
def _palme_avant_duck(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``palme_neighbour="duck"``: one of your ducks with a duck in front of it."""
    return [(i,) for i in range(1, len(line)) if line[i][-1] == p and line[i - 1][-1] != WATER]


@implements("can.action.en-joue", "can.targets.spaces")
def _en_joue_duck(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``en_joue="duck"``: a space without a target that shows a duck."""
    return [(i,) for i in range(len(line)) if i not in targets and line[i][-1] != WATER]


@implements("can.action.planque")
def _planque_own(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``planque="own-duck"``: a space showing one of your ducks, where no Planqué
    card lies yet."""
    return [(i,) for i in range(len(line)) if line[i][-1] == p and i not in shelters]


@implements("can.action.banzai")
def _banzai_any(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """Under ``banzai="may-stay"``: one of your ducks (on top of its space), the first
    one too, whose play then changes nothing."""
    return [(i,) for i in range(len(line)) if line[i][-1] == p]


@implements("can.action.banzai")
def _banzai(line: Line, targets: frozenset[int], shelters: frozenset[int], p: int) -> list[Spaces]:
    """One of your ducks (on top of its space) that is not already first."""
    return [(i,) for i in range(1, len(line)) if line[i][-1] == p]


@implements("can.action.a-couvert")
def _a_couvert(
    line: Line, targets: frozenset[int], shelters: frozenset[int], p: int
) -> list[Spaces]:
    """(your lone duck, a lone duck beside it, of any colour)."""
    n = len(line)
    return [
        (i, j)
        for i in range(n)
        if line[i] == (p,)
        for j in (i - 1, i + 1)
        if 0 <= j < n and len(line[j]) == 1 and line[j][0] != WATER
    ]


@implements("can.action.planque")
def _planque(line: Line, targets: frozenset[int], shelters: frozenset[int], p: int) -> list[Spaces]:
    """A space holding a duck (any colour) where no Planqué card lies yet."""
    return [(i,) for i in range(len(line)) if line[i][-1] != WATER and i not in shelters]


_USES: dict[Card, Uses] = {
    EN_JOUE: _en_joue,
    DOUBLE_VISEUR: _double_viseur,
    PAN: _pan,
    TIREUR_D_ELITE: _tireur,
    TU_LOUCHES: _tu_louches,
    CANARDAGE: _canardage,
    RECTIFIER_GAUCHE: _rectifier_gauche,
    RECTIFIER_DROITE: _rectifier_droite,
    EN_AVANT_MARCHE: _always,
    PALME_ARRIERE: _palme_arriere,
    PALME_AVANT: _palme_avant,
    BANZAI: _banzai,
    DISPERSION: _always,
    A_COUVERT: _a_couvert,
    PLANQUE: _planque,
}


@functools.cache
def _uses_read(readings: tuple[str, ...] | None) -> dict[Card, Uses]:
    """The rule function of each card under ``readings``
    (:attr:`~rulespec.canardage.Options.spaces_read`)."""
    if readings is None:
        return _USES
    sheltered_pan, palme_neighbour, en_joue, planque, banzai = readings
    found = dict(_USES)
    if sheltered_pan == "target-only":
        found[PAN] = _pan_target_only
    elif sheltered_pan == "never":
        found[PAN] = _pan_never
    if palme_neighbour == "duck":
        found[PALME_ARRIERE] = _palme_arriere_duck
        found[PALME_AVANT] = _palme_avant_duck
    if en_joue == "duck":
        found[EN_JOUE] = _en_joue_duck
    if planque == "own-duck":
        found[PLANQUE] = _planque_own
    if banzai == "may-stay":
        found[BANZAI] = _banzai_any
    return found


def card_uses(options: Options) -> dict[Card, Uses]:
    """The rule function of each card (but Canarchie) under the readings ``options``
    select: ``uses(line, targets, shelters, player)`` lists a card's spaces.

    >>> card_uses(Options())[Card.PAN] is card_uses(Options())[Card.PAN]
    True
    >>> card_uses(Options(sheltered_pan="never"))[Card.PAN].__name__
    '_pan_never'
    """
    return _uses_read(options.spaces_read)


class Arrangements(LazySequence[Line]):
    """Every new order of a line's stacks for Canarchie: the distinct rearrangements, in
    lexicographic order, the current order left out unless ``keep`` (the reading
    ``canarchie="any-order"``; identical cards are not told apart; a pair is one stack).

    >>> a = Arrangements(((6,), (6,), (0,)))
    >>> list(a)
    [((0,), (6,), (6,)), ((6,), (0,), (6,))]
    >>> len(Arrangements(((6,), (6,), (0,)), keep=True))
    3
    """

    __slots__ = (
        "_counted",
        "_counts",
        "_current",
        "_items",
        "_keep",
        "_len",
        "_line",
        "_orders",
    )

    def __init__(self, line: Line, keep: bool = False) -> None:
        self._line = line
        self._keep = keep
        self._current = -1
        self._len = -1  # the orders are counted when first asked for

    def _count(self) -> int:
        """How many new orders there are; the stacks are tallied once, for ranking too."""
        if self._len < 0:
            counted = _tally(self._line)
            self._counted = counted
            self._items = sorted(counted)
            self._counts = [counted[item] for item in self._items]
            self._orders = _multinomial(self._counts)
            self._len = self._orders if self._keep else self._orders - 1
        return self._len

    def __bool__(self) -> bool:
        """Whether the line has another order: whether it holds two different stacks
        (quicker than counting the orders)."""
        line = self._line
        if self._keep:  # the unchanged order at least
            return True
        return len(line) > 1 and line.count(line[0]) < len(line)

    # Ranking walks the orders in lexicographic order: of the ``orders`` arrangements of
    # ``n`` remaining stacks, ``orders * count / n`` begin with an item held ``count`` times.

    def _rank(self, line: Line) -> int:
        counts = list(self._counts)
        orders, n = self._orders, len(line)
        rank = 0
        for stack in line:
            for k, item in enumerate(self._items):
                count = counts[k]
                if count == 0:
                    continue
                first = orders * count // n
                if item == stack:
                    counts[k] = count - 1
                    orders, n = first, n - 1
                    break
                rank += first
        return rank

    def _unrank(self, rank: int) -> Line:
        counts = list(self._counts)
        orders, n = self._orders, len(self._line)
        out: list[Stack] = []
        while n:
            for k, item in enumerate(self._items):
                count = counts[k]
                if count == 0:
                    continue
                first = orders * count // n
                if rank < first:
                    out.append(item)
                    counts[k] = count - 1
                    orders, n = first, n - 1
                    break
                rank -= first
        return tuple(out)

    def __len__(self) -> int:
        return self._count()

    @overload
    def __getitem__(self, i: int) -> Line: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Line]: ...
    def __getitem__(self, i: int | slice) -> Line | Sequence[Line]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        total = self._count()
        if i < 0:
            i += total
        if not 0 <= i < total:
            raise IndexError(i)
        if self._keep:
            return self._unrank(i)
        if self._current < 0:
            self._current = self._rank(self._line)
        return self._unrank(i if i < self._current else i + 1)

    def __contains__(self, line: object) -> bool:
        if not (
            isinstance(line, tuple)
            and (self._keep or line != self._line)
            and len(line) == len(self._line)
            and all(type(s) is tuple for s in line)
        ):
            return False
        self._count()
        return _tally(line) == self._counted


def _tally(line: Line) -> dict[Stack, int]:
    counted: dict[Stack, int] = {}
    for stack in line:
        counted[stack] = counted.get(stack, 0) + 1
    return counted


def _multinomial(counts: list[int]) -> int:
    result = factorial(sum(counts))
    for c in counts:
        result //= factorial(c)
    return result


@implements("can.action.canarchie")
def arrangements(line: Line, keep: bool = False) -> Arrangements:
    """The new orders Canarchie may give the line: any other order of all its stacks,
    water cards included; with ``keep`` (``canarchie="any-order"``), the same order
    too."""
    return Arrangements(line, keep)


def _shelters(state: State) -> frozenset[int]:
    return frozenset(state.shelters).difference(_NO_SHELTER)


_NO_SHELTER = (NO_SHELTER,)


def uses(state: State, player: int, card: Card) -> Sequence[Spaces] | Arrangements:
    """The ways ``player`` may play ``card`` now: ``spaces`` tuples, or for Canarchie the
    new lines."""
    options = state.options
    if card is CANARCHIE:
        return arrangements(state.line, options.canarchie == "any-order")
    return card_uses(options)[card](state.line, frozenset(state.targets), _shelters(state), player)


class LegalActions(LazySequence[PlayerAction]):
    """A player's legal actions: the plays of each card in hand, in the rulebook's card
    order (then by spaces); or, when no card can be played, one discard per card.

    Built on demand: Canarchie's up to 719 orders are never listed unless asked for.
    :meth:`cards` and :meth:`uses` serve a player who picks a card first.
    """

    __slots__ = ("_groups",)

    def __init__(self, groups: dict[Card, Sequence[PlayerAction]]) -> None:
        self._groups = groups

    def cards(self) -> tuple[Card, ...]:
        """The cards that can be played now (or, when none can, the cards to discard)."""
        return tuple(self._groups)

    def uses(self, card: Card) -> Sequence[PlayerAction]:
        """The actions that play (or discard) ``card``."""
        return self._groups.get(card, ())

    def __len__(self) -> int:
        return sum(map(len, self._groups.values()))

    @overload
    def __getitem__(self, i: int) -> PlayerAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerAction]: ...
    def __getitem__(self, i: int | slice) -> PlayerAction | Sequence[PlayerAction]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        total = len(self)
        if i < 0:
            i += total
        if not 0 <= i < total:
            raise IndexError(i)
        for group in self._groups.values():
            if i < len(group):
                return group[i]
            i -= len(group)
        raise AssertionError("unreachable: i is below the total")  # pragma: no cover

    def __iter__(self) -> Iterator[PlayerAction]:
        for group in self._groups.values():
            yield from group

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Play | Discard) or not isinstance(action.card, Card):
            return False
        return action in self._groups.get(action.card, ())

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


_PLAYS: dict[tuple[int, Card, int], tuple[tuple[Spaces, ...], tuple[Play, ...]]] = {}
"""The plays of a player's card on each set of uses that :mod:`masks` names, made once
(actions never change, and the masks name few sets of uses). A set of uses is known by
its identity, quicker to hash than its spaces: the masks keep each set for good, and so
does this table, beside its plays."""


class _Orders(LazySequence[PlayerAction]):
    """Canarchie's plays, one per new order of the line, built when read."""

    __slots__ = ("_orders", "_player")

    def __init__(self, player: int, orders: Arrangements) -> None:
        self._player, self._orders = player, orders

    def __len__(self) -> int:
        return len(self._orders)

    @overload
    def __getitem__(self, i: int) -> PlayerAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerAction]: ...
    def __getitem__(self, i: int | slice) -> PlayerAction | Sequence[PlayerAction]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return Play(self._player, CANARCHIE, (), self._orders[i])

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Play)
            and action.player == self._player
            and action.card is CANARCHIE
            and action.spaces == ()
            and action.line in self._orders
        )


_NONE = LegalActions({})

_keep_legal = vars(State)["_legal"].__set__
"""Store what is known legal in a state's cache slot (the state is frozen, the cache not)."""
_DRAWN = TrustedChance(State, "_legal")
"""The chance actions the game drew from a state's own piles (see :func:`sampled`)."""


@implements("can.turn.play-one", "can.turn.discard")
def legal_actions(state: State, player: int) -> LegalActions:
    """The legal actions of ``player`` now (empty when they are not to play).

    Worked out once per state: the state keeps them for the next call.
    """
    if state.phase is not _PLAY or player != state.turn:
        return _NONE
    legal = state._legal
    if legal is None:
        legal = _legal_actions(state, player)
        _keep_legal(state, legal)
    return legal  # type: ignore[no-any-return]


def _legal_actions(state: State, player: int) -> LegalActions:
    line, hand = state.line, state.hands[player]
    table = masks.survey(line, state.targets, state.shelters, player)
    groups: dict[Card, Sequence[PlayerAction]] = {}
    options = state.options
    readings = options.spaces_read  # read once: None for the project's readings
    for card in hand:
        if card in groups:
            continue
        if card is CANARCHIE:
            orders = arrangements(line, options.canarchie == "any-order")
            if orders:
                groups[card] = _Orders(player, orders)
            continue
        if table is None:  # the plain path (a table the masks cannot hold)
            found = tuple(
                _uses_read(readings)[card](line, frozenset(state.targets), _shelters(state), player)
            )
            if found:
                groups[card] = tuple(Play(player, card, spaces) for spaces in found)
            continue
        # the quick path, equal to the rule functions'
        found = (
            masks.spaces(card, table)
            if readings is None
            else masks.read_spaces(card, table, readings)
        )
        if found:
            key = (player, card, id(found))
            kept = _PLAYS.get(key)
            if kept is None:
                kept = _PLAYS[key] = (found, tuple(Play(player, card, spaces) for spaces in found))
            groups[card] = kept[1]
    if not groups:
        groups = {card: (Discard(player, card),) for card in sort_cards(hand)}
    return LegalActions(groups)


# -- why a play is refused ------------------------------------------------------------


def _explain(state: State, player: int, card: Card, spaces: Spaces) -> tuple[str, str]:
    """The clause and the sentence that refuse playing ``card`` on ``spaces``."""
    clause = CLAUSES[card]
    line, n = state.line, len(state.line)
    targets = set(state.targets)
    shelters = {s for s in state.shelters if s != NO_SHELTER}
    arity = {
        EN_AVANT_MARCHE: 0,
        DISPERSION: 0,
        CANARCHIE: 0,
        TU_LOUCHES: 2,
        CANARDAGE: 2,
        A_COUVERT: 2,
    }.get(card, 1)
    name = card.french
    if card is DOUBLE_VISEUR:
        pairs = _double_viseur(line, frozenset(targets), frozenset(shelters), player)
        arity = len(pairs[0]) if pairs else 1
        if pairs and len(spaces) != 2:
            return clause, "two adjacent spaces are free: Double viseur must target two of them"
    if len(spaces) != arity:
        return clause, f"{name} names {arity} space(s), not {len(spaces)}"
    for s in spaces:
        if not 0 <= s < n:
            return clause, f"space {s} is not on the line (0 to {n - 1})"
    if card in (EN_JOUE, DOUBLE_VISEUR):
        if card is DOUBLE_VISEUR and len(spaces) == 2 and spaces[1] != spaces[0] + 1:
            return clause, "the two targets go on two adjacent spaces, front one first"
        taken = [s for s in spaces if s in targets]
        if taken:
            return "can.targets.spaces", f"space {taken[0]} already has a target"
        if card is EN_JOUE and state.options.en_joue == "duck" and line[spaces[0]][-1] == WATER:
            return clause, f"space {spaces[0]} holds water: En joue aims at a duck"
    if card in (PAN, CANARDAGE) and any(s not in targets for s in spaces):
        s = next(s for s in spaces if s not in targets)
        return clause, f"space {s} is not targeted: {name} shoots only at targeted spaces"
    if card is CANARDAGE and spaces[1] != spaces[0] + 1:
        return clause, "Canardage shoots two neighbouring targeted spaces, front one first"
    if card is TU_LOUCHES:
        t, s = spaces
        if t not in targets:
            return clause, f"space {t} is not targeted: Tu louches shoots beside a target"
        if abs(t - s) != 1:
            return clause, f"space {s} is not beside the targeted space {t}"
    shot = {
        PAN: spaces,
        TIREUR_D_ELITE: spaces,
        TU_LOUCHES: spaces[1:],
        CANARDAGE: spaces,
    }.get(card, ())
    sheltered_pan = state.options.sheltered_pan
    for s in shot:
        if line[s][-1] == WATER and card is not PAN:
            return clause, f"space {s} holds water: {name} shoots a duck"
        if card is PAN and s in shelters and sheltered_pan == "never":
            return "can.planque.space", f"a Planqué card protects space {s}: Pan is not fired there"
        if (
            line[s][-1] != WATER
            and s in shelters
            and not (card is PAN and sheltered_pan == "target-only")
        ):
            return "can.planque.space", f"a Planqué card protects space {s}: no duck is shot there"
    if card in (RECTIFIER_GAUCHE, RECTIFIER_DROITE):
        (s,) = spaces
        to = s - 1 if card is RECTIFIER_GAUCHE else s + 1
        if s not in targets:
            return clause, f"space {s} has no target to move"
        if not 0 <= to < n:
            end = "first" if to < 0 else "last"
            return clause, f"the target on the {end} space cannot leave the line"
        if to in targets:
            return clause, f"space {to} is already targeted"
    if card in (PALME_ARRIERE, PALME_AVANT, BANZAI, A_COUVERT):
        s = spaces[0]
        if line[s][-1] != player:
            hidden = len(line[s]) == 2 and line[s][0] == player
            if hidden:
                return "can.cover.pair", f"your duck at space {s} is hidden: it cannot move alone"
            return clause, f"space {s} does not show one of your ducks"
        if card is PALME_ARRIERE and s == n - 1:
            return clause, "the last duck of the line has no neighbour behind"
        if card is PALME_AVANT and s == 0:
            return clause, "the first duck of the line has no neighbour in front"
        if card in (PALME_ARRIERE, PALME_AVANT) and state.options.palme_neighbour == "duck":
            other = s + 1 if card is PALME_ARRIERE else s - 1
            if line[other][-1] == WATER:
                return clause, f"space {other} holds water: {name} swaps your duck with a duck"
        if card is BANZAI and s == 0:
            return clause, "your duck is already first: Banzaï must move it to the front"
        if card is A_COUVERT:
            c = spaces[1]
            if len(line[s]) == 2:
                return "can.cover.pair", "a duck that covers another cannot hide in turn"
            if abs(c - s) != 1:
                return clause, f"space {c} is not beside your duck"
            if line[c][-1] == WATER:
                return clause, "a duck cannot hide under a water card"
            if len(line[c]) == 2:
                return "can.cover.pair", f"the duck at space {c} already covers a duck"
    if card is PLANQUE:
        (s,) = spaces
        if line[s][-1] == WATER:
            return clause, "a Planqué card goes on a duck, not on water"
        if state.options.planque == "own-duck" and line[s][-1] != player:
            return clause, f"space {s} does not show one of your ducks"
        if s in shelters:
            return clause, f"a Planqué card already lies on space {s}"
    return clause, f"{name} cannot be played on {spaces}"


def _check_spaces(value: object) -> bool:
    if type(value) is not tuple:
        return False
    for space in value:  # noqa: SIM110 - quicker than all() over a generator
        if type(space) is not int:
            return False
    return True


def _check_line(value: object) -> bool:
    return type(value) is tuple and all(_check_spaces(stack) for stack in value)


def _offered(state: State, action: PlayerAction) -> bool:
    """Whether ``action`` is the very object that the legal actions of ``state``, already
    worked out, offer: legal then, with nothing more to check."""
    legal = state._legal
    if type(legal) is not LegalActions or type(action.card) is not Card:
        return False
    offered = legal._groups.get(action.card)
    if type(offered) is tuple:
        for offer in offered:
            if offer is action:
                return True
    return False


@implements("can.turn.play-one", "can.turn.order", "can.setup.players", "can.chance.shuffles")
def check_action(state: State, action: PlayerAction) -> None:
    """Refuse ``action`` unless the rules allow it now."""
    if _offered(state, action):
        return
    player = action.player
    if state.phase is not _PLAY:
        if state.phase is Phase.OVER:
            raise IllegalAction("can.end.winner", "the game is over")
        raise IllegalAction("can.chance.shuffles", "the game waits for a shuffle, not a player")
    if type(player) is not int or player != state.turn:
        if type(player) is not int or not 0 <= player < state.players:
            raise IllegalAction("can.setup.players", f"there is no player {player!r} in this game")
        raise IllegalAction("can.turn.order", f"it is player {state.turn}'s turn, not {player!r}'s")
    card = action.card
    if not isinstance(card, Card) or card not in state.hands[player]:
        raise IllegalAction("can.turn.play-one", f"{card!r} is not in player {player}'s hand")
    if isinstance(action, Play):  # the quick path: one card's uses, not every card's
        if not _check_spaces(action.spaces):
            raise IllegalAction(
                CLAUSES[card], f"spaces must be a tuple of whole numbers, not {action.spaces!r}"
            )
        if action.line != () and not _check_line(action.line):
            raise IllegalAction(
                CLAUSES[card], f"line must be a tuple of stacks of cards, not {action.line!r}"
            )
        if action in legal_actions(state, player).uses(card):
            return
    legal = legal_actions(state, player)
    if not isinstance(action, Play):
        if action not in legal:
            playable = ", ".join(c.french for c in legal.cards())
            raise IllegalAction(
                "can.turn.discard",
                f"a card is thrown away only when none can be played; playable: {playable}",
            )
        return
    if action in legal:
        return
    if card is CANARCHIE:
        if action.line == state.line and state.options.canarchie != "any-order":
            raise IllegalAction(
                "can.action.canarchie", "Canarchie must change the order of the line"
            )
        raise IllegalAction(
            "can.action.canarchie",
            "the new line must hold the same stacks as the line, in another order",
        )
    if action.line != ():
        raise IllegalAction(CLAUSES[card], f"only Canarchie gives a new line, not {card.french}")
    clause, reason = _explain(state, player, card, action.spaces)
    raise IllegalAction(clause, reason)


# -- playing a card ------------------------------------------------------------------


@functools.cache
def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` less one ``card``."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


@functools.cache
def _drawn(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` drawn, in the canonical order."""
    return sort_cards([*hand, card])


def _replace(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    return (*values[:i], value, *values[i + 1 :])


@implements("can.turn.play-one")
def play(state: State, action: PlayerAction) -> State:
    """Play (or discard) one card: check it, resolve it, then draw back to three."""
    if not _offered(state, action):
        check_action(state, action)
    p = action.player
    card = action.card
    hand = _without(state.hands[p], card)
    played = (*state.played, card)
    line, deck, targets = state.line, state.deck, state.targets
    seen, shelters, shot = state.seen, state.shelters, state.shot
    if not isinstance(action, Play):
        return _end_turn(
            state, hand, played, line, deck, seen, targets, shelters, shot, state.draw_pile
        )
    spaces = action.spaces
    killed: tuple[int, ...] = ()
    if card is EN_JOUE or card is DOUBLE_VISEUR:
        targets = tuple(sorted((*targets, *spaces)))
    elif card is PAN:
        s = spaces[0]
        targets = tuple([t for t in targets if t != s])
        if line[s][-1] != WATER and s not in shelters:  # a protected duck survives
            line, deck, killed = shoot(line, deck, spaces)
    elif card is TIREUR_D_ELITE or card is CANARDAGE:
        targets = tuple([t for t in targets if t not in spaces])
        line, deck, killed = shoot(line, deck, spaces)
    elif card is TU_LOUCHES:
        targets = tuple([t for t in targets if t != spaces[0]])
        line, deck, killed = shoot(line, deck, spaces[1:])
    elif card is RECTIFIER_GAUCHE or card is RECTIFIER_DROITE:
        s = spaces[0]
        to = s - 1 if card is RECTIFIER_GAUCHE else s + 1
        targets = tuple(sorted([to if t == s else t for t in targets]))
    elif card is EN_AVANT_MARCHE:
        line, deck, under = forward(line, deck, state.options.pair_order == "cover-first")
        seen += under
    elif card is PALME_ARRIERE or card is PALME_AVANT:
        line = _swap(line, spaces[0], spaces[0] + (1 if card is PALME_ARRIERE else -1))
    elif card is BANZAI:
        line = _to_front(line, spaces[0])
    elif card is CANARCHIE:
        line = action.line
    elif card is DISPERSION:
        return _disperse(state, _replace_hand(state.hands, p, hand), played)
    elif card is A_COUVERT:
        line, deck = hide(line, deck, spaces[0], spaces[1])
    else:  # Planqué: the card lies on the line instead of joining the played cards
        shelters = _replace(shelters, p, spaces[0])
        played = state.played
    if seen > len(deck):
        seen = len(deck)
    if killed:
        shot = _owners(shot, killed)
        if _is_over(shot):
            draw_pile = state.draw_pile
            if state.options.winner_draws and len(hand) < 3 and draw_pile:
                hand, draw_pile = _drawn(hand, draw_pile[0]), draw_pile[1:]
            return _finish(
                state,
                hands=_replace_hand(state.hands, p, hand),
                draw_pile=draw_pile,
                played=played,
                line=line,
                deck=deck,
                seen=seen,
                targets=targets,
                shelters=shelters,
                shot=shot,
            )
    return _end_turn(
        state, hand, played, line, deck, seen, targets, shelters, shot, state.draw_pile
    )


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], p: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    changed = list(hands)
    changed[p] = hand
    return tuple(changed)


@implements("can.action.palme-arriere", "can.action.palme-avant")
def _swap(line: Line, i: int, j: int) -> Line:
    """Swap the stacks of spaces ``i`` and ``j`` (a pair moves as one)."""
    stacks = list(line)
    stacks[i], stacks[j] = stacks[j], stacks[i]
    return tuple(stacks)


@implements("can.action.banzai")
def _to_front(line: Line, i: int) -> Line:
    """The stack at ``i`` to the front; those before it move back one space."""
    return (line[i], *line[:i], *line[i + 1 :])


@implements("can.shot.owner")
def _owners(shot: tuple[int, ...], killed: tuple[int, ...]) -> tuple[int, ...]:
    """Each shot duck goes to its owner: add it to their count."""
    counts = list(shot)
    for colour in killed:
        counts[colour] += 1
    return tuple(counts)


@implements("can.action.dispersion")
def _disperse(state: State, hands: tuple[tuple[Card, ...], ...], played: tuple[Card, ...]) -> State:
    """Every card of the line back into the duck deck (pairs come apart); the deck waits
    for its shuffle. Targets and Planqué cards stay on their spaces."""
    deck = state.deck + tuple(c for stack in state.line for c in stack)
    return _evolve(
        state,
        phase=Phase.DISPERSION,
        hands=hands,
        played=played,
        line=(),
        deck=deck,
        seen=0,
    )


@implements("can.action.dispersion", "can.chance.shuffles")
def check_disperse(state: State, action: Disperse) -> None:
    """Refuse ``action`` unless a Dispersion waits for its shuffle and it orders the duck
    deck's cards."""
    if _DRAWN.trusted(state, action):
        return
    if state.phase is not Phase.DISPERSION:
        raise IllegalAction("can.chance.shuffles", "no Dispersion waits for its shuffle now")
    deck = action.deck
    if not pile_of(deck, int) or sorted(deck) != sorted(state.deck):
        raise IllegalAction(
            "can.action.dispersion", "the shuffled duck deck must hold exactly the deck's cards"
        )


@implements("can.action.dispersion", "can.chance.shuffles")
def disperse(state: State, action: Disperse) -> State:
    """Lay six new cards from the shuffled duck deck, as at the start; then draw."""
    check_disperse(state, action)
    line, rest = dealt(action.deck)
    return _resume(state, line=line, deck=rest, seen=0)


# -- drawing, the next turn, the end ---------------------------------------------------


@implements("can.turn.draw", "can.deck.reshuffle")
def _end_turn(
    state: State,
    hand: tuple[Card, ...],
    played: tuple[Card, ...],
    line: Line,
    deck: tuple[int, ...],
    seen: int,
    targets: tuple[int, ...],
    shelters: tuple[int, ...],
    shot: tuple[int, ...],
    draw_pile: tuple[Card, ...],
) -> State:
    """The turn of ``state``'s player ends, their card resolved: ``hand`` is what they
    hold now, the other arguments are the table. They draw back to three cards, an empty
    draw pile first waiting for the reshuffle of the played cards; then the next player's
    turn begins."""
    p = state.turn
    phase, turn = _PLAY, p
    if len(hand) < 3 and draw_pile:
        hand, draw_pile = _drawn(hand, draw_pile[0]), draw_pile[1:]
    elif len(hand) < 3 and played:
        phase = Phase.RESHUFFLE
    if phase is _PLAY:
        turn, shelters, played = _next_turn(p, state.players, shelters, played)
    return _state(
        state.players,
        state.options,
        phase,
        turn,
        line,
        targets,
        shelters,
        deck,
        seen,
        _replace_hand(state.hands, p, hand),
        draw_pile,
        played,
        shot,
        (),
    )


def _resume(state: State, **changes: Any) -> State:
    """The turn of ``state``'s player ends after a chance step that made ``changes``."""
    table: dict[str, Any] = {
        "hand": state.hands[state.turn],
        "played": state.played,
        "line": state.line,
        "deck": state.deck,
        "seen": state.seen,
        "targets": state.targets,
        "shelters": state.shelters,
        "shot": state.shot,
        "draw_pile": state.draw_pile,
    }
    table.update(changes)
    return _end_turn(state, *table.values())


@implements("can.deck.reshuffle", "can.chance.shuffles")
def check_reshuffle(state: State, action: Reshuffle) -> None:
    """Refuse ``action`` unless the game waits for the played cards' shuffle and it orders
    them."""
    if _DRAWN.trusted(state, action):
        return
    if state.phase is not Phase.RESHUFFLE:
        raise IllegalAction("can.deck.reshuffle", "the draw pile is not empty: nothing to shuffle")
    pile = action.draw_pile
    if not pile_of(pile, Card) or sort_cards(pile) != sort_cards(state.played):
        raise IllegalAction(
            "can.deck.reshuffle", "the new draw pile must hold exactly the played cards"
        )


@implements("can.deck.reshuffle", "can.chance.shuffles")
def reshuffle(state: State, action: Reshuffle) -> State:
    """The shuffled played cards become the draw pile; the player on turn draws."""
    check_reshuffle(state, action)
    return _resume(state, draw_pile=action.draw_pile, played=())


@implements("can.turn.order", "can.action.planque", "can.end.out")
def _next_turn(
    turn: int, players: int, shelters: tuple[int, ...], played: tuple[Card, ...]
) -> tuple[int, tuple[int, ...], tuple[Card, ...]]:
    """The turn passes clockwise, to every player, out or not; a Planqué card of the new
    player is taken off the line first. Returns the new player, shelters and played cards."""
    nxt = (turn + 1) % players
    if shelters[nxt] != NO_SHELTER:
        return nxt, _replace(shelters, nxt, NO_SHELTER), (*played, PLANQUE)
    return nxt, shelters, played


def _is_over(shot: tuple[int, ...]) -> bool:
    alive = 0
    for s in shot:
        if s < DUCKS_PER_COLOUR:
            alive += 1
    return alive <= 1


@implements("can.end.winner", "can.end.simultaneous")
def _finish(state: State, **changes: Any) -> State:
    """The game ends after ``changes``: the last player with ducks wins; when one play
    removes the last ducks of every player still in, those players share the victory."""
    alive = tuple(p for p, s in enumerate(changes["shot"]) if s < DUCKS_PER_COLOUR)
    if not alive:
        alive = tuple(p for p, s in enumerate(state.shot) if s < DUCKS_PER_COLOUR)
    return _evolve(state, phase=Phase.OVER, winners=alive, **changes)


def _evolve(state: State, **changes: Any) -> State:
    """``state`` with ``changes``: the one new state a step makes."""
    get = changes.get
    return State(
        players=state.players,
        options=state.options,
        phase=get("phase", state.phase),
        turn=get("turn", state.turn),
        line=get("line", state.line),
        targets=get("targets", state.targets),
        shelters=get("shelters", state.shelters),
        deck=get("deck", state.deck),
        seen=get("seen", state.seen),
        hands=get("hands", state.hands),
        draw_pile=get("draw_pile", state.draw_pile),
        played=get("played", state.played),
        shot=get("shot", state.shot),
        winners=get("winners", state.winners),
    )


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` names the clause it breaks."""
    t = type(action)
    if t is Play or t is Discard:
        return play(state, action)  # type: ignore[arg-type]
    if t is Deal:
        return deal(state, action)  # type: ignore[arg-type]
    if t is Reshuffle:
        return reshuffle(state, action)  # type: ignore[arg-type]
    if t is Disperse:
        return disperse(state, action)  # type: ignore[arg-type]
    raise wrong_type(
        "action", action, "a Canardage action (Play, Discard, Deal, Reshuffle, Disperse)"
    )


def sampled(state: State, action: ChanceAction) -> ChanceAction:
    """``action``, which the game made by shuffling :func:`chance_piles` of ``state``: legal
    by construction, so applying it to ``state`` checks it no further."""
    return _DRAWN.mark(state, action)


def chance_piles(state: State) -> tuple[tuple[object, ...], ...]:
    """The piles the awaited chance step shuffles, in a canonical order."""
    if state.phase is Phase.DEAL:
        return (duck_deck(state.players), state.options.deck())
    if state.phase is Phase.DISPERSION:
        return (tuple(sorted(state.deck)),)
    if state.phase is Phase.RESHUFFLE:
        return (sort_cards(state.played),)
    raise IllegalAction("can.chance.shuffles", "the game does not wait for chance now")


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


_OVER = Phase.OVER  # read once: a member of an Enum class is slow to read in Python 3.11
