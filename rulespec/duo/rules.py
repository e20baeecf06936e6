"""The rules of Duo as pure functions: deal, turn, placing cards, end of a round."""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from rulespec.core.chance import CHANCE, TrustedChance
from rulespec.core.checks import wrong_type
from rulespec.core.errors import IllegalAction
from rulespec.duo.actions import Action, Deal, Draw, Play, PlayerAction, Stop
from rulespec.duo.cards import TURBO, Card, card_name, deck
from rulespec.duo.matching import FITS_ON, fits, placement_clause
from rulespec.duo.scoring import exhausted_scores, out_scores, reached_target, winners
from rulespec.duo.scoring import totals as scores
from rulespec.duo.state import Options, Phase, State
from rulespec.duo.view import view
from rulespec.plugin.builder import evolver
from rulespec.plugin.lazy import BuiltSequence
from rulespec.plugin.piles import pile_of
from rulespec.rulebook.implements import implements

__all__ = [
    "STEPS",
    "LegalActions",
    "apply",
    "chance_piles",
    "check_deal",
    "drawn_deal",
    "is_over",
    "legal_actions",
    "new_game",
    "next_player",
    "next_starter",
    "playable",
    "scores",
    "to_move",
    "view",
    "winners",
]

HAND_SIZE = 7
"""Cards dealt to each player."""

_DEAL, _TURN, _OVER = Phase.DEAL, Phase.TURN, Phase.OVER
# Read once: looking a member up on its enum class costs as much as a call.


_FITS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(card in cards for card in range(TURBO + 1)) for cards in FITS_ON
)
"""``_FITS[top][card]``: whether ``card`` may go on ``top`` (tuples: the interpreter
indexes them faster than bytes)."""


@implements("duo.setup.players", "duo.setup.first-player", "duo.setup.deal")
def new_game(players: int, options: Options | None = None) -> State:
    """A match of ``players`` (2–6) players, waiting for the deal of its first round.

    The first round's starter is ``options.first_player`` (the youngest player).
    """
    if type(players) is not int or not 2 <= players <= 6:
        raise IllegalAction("duo.setup.players", f"Duo is for 2 to 6 players, not {players!r}")
    options = Options() if options is None else options
    if options.first_player >= players:
        raise IllegalAction(
            "duo.setup.first-player",
            f"first_player is seat {options.first_player}, but seats run from 0 to {players - 1}",
        )
    deck, dealt = len(options.cards()), options.hand_size * players
    if deck < dealt + 2:
        raise IllegalAction(
            "duo.setup.deal",
            f"the deck of these options holds {deck} cards: too few to deal "
            f"{options.hand_size} to each of {players} players and start the two piles",
        )
    return State(
        players=players,
        options=options,
        phase=_DEAL,
        round=0,
        starter=options.first_player,
        turn=options.first_player,
        turn_pile=None,
        hands=(),
        piles=(),
        draw_pile=(),
        round_scores=(),
    )


def to_move(state: State) -> tuple[int, ...]:
    """``(player on turn,)``, ``(CHANCE,)`` at a deal, ``()`` when the match is over."""
    phase = state.phase
    if phase is _TURN:
        return (state.turn,)
    if phase is _DEAL:
        return (CHANCE,)
    return ()


@implements("duo.turn.order")
def next_player(state: State) -> int:
    """The player after the one on turn, clockwise: the next seat number."""
    return (state.turn + 1) % state.players


@implements("duo.round.next-starter")
def next_starter(state: State) -> int:
    """Who starts the next round: the player left of this round's starter, the next seat."""
    return (state.starter + 1) % state.players


# -- chance -----------------------------------------------------------------------


def chance_piles(state: State) -> tuple[tuple[Card, ...], ...]:
    """The pile the awaited deal shuffles: the whole deck, in canonical order."""
    if state.phase is not _DEAL:
        raise IllegalAction("duo.setup.deal", "the match does not wait for a deal now")
    return (state.options.cards(),)


@implements("duo.setup.deal")
def check_deal(state: State, action: Deal) -> None:
    """Refuse ``action`` unless the match waits for a deal and it orders the deck's cards."""
    if state.phase is not _DEAL:
        raise IllegalAction("duo.setup.deal", "the match does not wait for a deal now")
    order = action.order
    if not pile_of(order, int) or sorted(order) != list(state.options.cards()):
        variant = "the 80 cards of Turbo-DUO" if state.options.turbo else "the 76 cards"
        if len(state.options.cards()) != len(deck(state.options.turbo)):
            variant = f"the {len(state.options.cards())} cards of the options"
        raise IllegalAction("duo.setup.deal", f"a deal shuffles {variant}, each once")


@implements("duo.setup.deal", "duo.setup.draw-pile", "duo.setup.piles", "duo.round.new")
def deal(state: State, action: Deal) -> State:
    """Deal seven cards to each player one at a time, start the two discard piles with
    the next two cards, and keep the rest as the draw pile."""
    if not _DRAWN.trusted(state, action):
        check_deal(state, action)
    order = action.order
    n = state.players
    dealt = state.options.hand_size * n
    return State(
        players=n,
        options=state.options,
        phase=_TURN,
        round=state.round,
        starter=state.starter,
        turn=state.starter,
        turn_pile=None,
        hands=tuple(tuple(sorted(order[p:dealt:n])) for p in range(n)),
        piles=((order[dealt],), (order[dealt + 1],)),
        draw_pile=order[dealt + 2 :],
        round_scores=state.round_scores,
    )


def drawn_deal(state: State, rng: random.Random) -> Deal:
    """A deal drawn uniformly with ``rng``: the deck of :func:`chance_piles` shuffled
    by ``random.Random.sample``. It is known to hold the deck, so :func:`deal` does not
    check it again when it is applied to ``state``."""
    (cards,) = chance_piles(state)
    return _DRAWN.mark(state, Deal(tuple(rng.sample(cards, len(cards)))))


_DRAWN = TrustedChance(State, "_drawn")
"""The deals the game drew from a state's own deck (see :func:`drawn_deal`)."""


# -- the turn ---------------------------------------------------------------------


@implements("duo.setup.players", "duo.setup.deal", "duo.turn.order")
def _refuse_actor(state: State, player: object) -> NoReturn:
    """Raise the clause that keeps ``player`` from acting now: a call only when
    ``player`` is not the player on turn of a dealt round, in play."""
    if type(player) is not int or not 0 <= player < state.players:
        raise IllegalAction("duo.setup.players", f"there is no player {player!r} in this match")
    if state.phase is not _TURN:
        if state.phase is _OVER:
            raise IllegalAction("duo.game.target", "the match is over")
        raise IllegalAction("duo.setup.deal", "the round has not been dealt yet")
    raise IllegalAction(
        "duo.turn.order", f"it is player {state.turn}'s turn, not player {player}'s"
    )


_turn = evolver(State, "turn", "turn_pile", "hands", "piles", "draw_pile")
"""``_turn(state, turn, turn_pile, hands, piles, draw_pile)``: the state of the round
on turn, with these parts changed."""


@implements("duo.turn.play", "duo.turn.one-pile", "duo.round.out")
def play(state: State, action: Play) -> State:
    """Place one card on a pile: on the turn's pile once the turn has one, from the
    player's hand, fitting the pile's top. Playing the last card ends the round."""
    p = action.player
    if type(p) is not int or p != state.turn or state.phase is not _TURN:
        _refuse_actor(state, p)
    pile, card = action.pile, action.card
    if type(pile) is not int or not 0 <= pile <= 1:
        raise IllegalAction(
            "duo.setup.piles", f"there are two discard piles, 0 and 1, not {pile!r}"
        )
    chosen = state.turn_pile
    if chosen is not None and pile != chosen:
        raise IllegalAction(
            "duo.turn.one-pile",
            f"this turn you play on pile {chosen}: every card of a turn goes on one pile",
        )
    hands = state.hands
    hand = hands[p]
    i = bisect_left(hand, card) if type(card) is int else len(hand)
    if i == len(hand) or hand[i] != card:
        raise IllegalAction("duo.turn.play", f"{_name(card)} is not in your hand")
    piles = state.piles
    top = piles[pile][-1]
    if not _FITS[top][card]:  # fits(card, top), read from the same table
        raise IllegalAction(
            placement_clause(card, top), f"{card_name(card)} does not go on {card_name(top)}"
        )
    rest = hand[:i] + hand[i + 1 :]
    table = list(hands)
    table[p] = rest
    hands = tuple(table)
    piles = (piles[0] + (card,), piles[1]) if pile == 0 else (piles[0], piles[1] + (card,))
    if not rest:
        return _end_round(state, p, hands, piles, state.draw_pile, out_scores(hands, p))
    return _turn(state, p, pile, hands, piles, state.draw_pile)


def _name(card: object) -> str:
    if type(card) is int and 0 <= card <= TURBO:
        return card_name(card)
    return f"{card!r} (not a card)"


@implements("duo.turn.stop")
def stop(state: State, action: Stop) -> State:
    """End the turn after one or more cards; the next player is on turn."""
    p = action.player
    if type(p) is not int or p != state.turn or state.phase is not _TURN:
        _refuse_actor(state, p)
    if state.turn_pile is None:
        raise IllegalAction(
            "duo.turn.stop", "you have played no card this turn: play one, or draw instead"
        )
    return _turn(state, next_player(state), None, state.hands, state.piles, state.draw_pile)


@implements("duo.turn.draw", "duo.round.exhausted")
def draw(state: State, action: Draw) -> State:
    """Take the draw pile's top card instead of playing, ending the turn. An exhausted
    draw pile ends the round (when its last card is drawn, or under the ``"empty-draw"``
    reading when a player draws from it empty)."""
    p = action.player
    if type(p) is not int or p != state.turn or state.phase is not _TURN:
        _refuse_actor(state, p)
    if state.turn_pile is not None:
        raise IllegalAction(
            "duo.turn.draw",
            "you have played this turn: drawing is instead of playing; play on or stop",
        )
    pile = state.draw_pile
    if not pile:
        hands = state.hands
        return _end_round(state, p, hands, state.piles, pile, exhausted_scores(hands))
    hand = list(state.hands[p])
    insort(hand, pile[0])
    table = list(state.hands)
    table[p] = tuple(hand)
    hands = tuple(table)
    after = next_player(state)
    if len(pile) == 1 and state.options.exhausted == "last-draw":
        return _end_round(state, after, hands, state.piles, (), exhausted_scores(hands))
    return _turn(state, after, None, hands, state.piles, pile[1:])


@implements("duo.game.round-limit")
def _end_round(
    state: State,
    turn: int,
    hands: tuple[tuple[Card, ...], ...],
    piles: tuple[tuple[Card, ...], ...],
    draw_pile: tuple[Card, ...],
    scores: tuple[int, ...],
) -> State:
    """The round ends on this table (``turn`` on turn): add its points; end the match
    when a player reaches the target (or the round limit is reached), else wait for
    the next deal, started by the next starter."""
    round_scores = (*state.round_scores, scores)
    totals = tuple(sum(s[p] for s in round_scores) for p in range(state.players))
    limit = state.options.max_rounds
    over = reached_target(totals, state.players) is not None or (
        limit is not None and len(round_scores) >= limit
    )
    starter = state.starter if over else next_starter(state)
    return State(
        players=state.players,
        options=state.options,
        phase=_OVER if over else _DEAL,
        round=state.round if over else state.round + 1,
        starter=starter,
        turn=turn if over else starter,
        turn_pile=None,
        hands=hands,
        piles=piles,
        draw_pile=draw_pile,
        round_scores=round_scores,
    )


STEPS: dict[type, Callable[[State, Any], State]] = {Play: play, Stop: stop, Draw: draw, Deal: deal}
"""The rule function that applies each kind of action."""


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` names the clause it breaks."""
    step = STEPS.get(type(action))
    if step is None:
        raise wrong_type("action", action, "a Duo action (Play, Stop, Draw, Deal)")
    return step(state, action)


# -- legal actions ----------------------------------------------------------------


def playable(hand: Sequence[Card], top: Card) -> list[Card]:
    """The distinct cards of ``hand`` that may go on ``top``, in card order.

    >>> from rulespec.duo.cards import parse_card as c
    >>> hand = (c("red-3-circle"), c("red-3-cross"), c("joker-3"), TURBO, TURBO)
    >>> [card_name(x) for x in playable(hand, c("red-3-square"))]
    ['red-3-circle', 'red-3-cross', 'joker-3', 'turbo']
    """
    return [card for card in sorted(set(hand)) if fits(card, top)]


_PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(player, card, pile) for card in range(TURBO + 1)) for pile in (0, 1))
    for player in range(6)
)
"""``_PLAYS[player][pile][card]``: every Play, built once (actions are immutable)."""
_DRAWS = tuple(Draw(player) for player in range(6))
_STOPS = tuple(Stop(player) for player in range(6))


class LegalActions(BuiltSequence[PlayerAction]):
    """A player's legal actions: the Plays, sorted by pile then card, then one last
    action, the Draw (before any card this turn) or the Stop (after one).

    Every action is built once when the module loads; a sequence of them costs a
    tuple, and ``len``, indexing and ``in`` cost what they cost on a tuple.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> moves = duo.legal_actions(duo.start(2, seed=1), 0)
    >>> moves[-1], moves[-1] in moves, moves.plays == len(moves) - 1
    (Draw(player=0), True, True)
    """

    __slots__ = ()

    @property
    def plays(self) -> int:
        """How many of the actions are Plays (they come first)."""
        return len(self) - 1 if self else 0


_NONE = LegalActions()


def legal_actions(state: State, player: int) -> LegalActions:
    """The legal actions of ``player`` now (empty when they are not on turn): the
    :func:`playable` cards of their hand on each pile they may play on, then the Draw
    or the Stop."""
    if state.phase is not _TURN or player != state.turn:
        return _NONE
    hand = state.hands[player]
    if len(hand) > 1 and hand[-2] == TURBO:  # several Turbo-jokers: one Play per pile
        hand = hand[: hand.index(TURBO) + 1]
    plays = _PLAYS[player]
    chosen, piles = state.turn_pile, state.piles
    found: list[PlayerAction] = []
    for pile in (0, 1) if chosen is None else (chosen,):
        fit, on_pile = _FITS[piles[pile][-1]], plays[pile]
        for card in hand:
            if fit[card]:
                found.append(on_pile[card])
    found.append(_DRAWS[player] if chosen is None else _STOPS[player])
    return LegalActions(found)


def is_over(state: State) -> bool:
    """Whether the game has ended."""
    return state.phase is _OVER


_OVER = Phase.OVER  # read once: a member of an Enum class is slow to read in Python 3.11
