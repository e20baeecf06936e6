"""The rules of Duo as pure functions: deal, turn, placing cards, end of a round."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterator, Sequence
from typing import overload

from rulespec.core.chance import CHANCE
from rulespec.core.checks import pile_of, wrong_type
from rulespec.core.errors import IllegalAction
from rulespec.core.implements import implements
from rulespec.core.lazy import LazySequence
from rulespec.duo.actions import Action, Deal, Draw, Play, PlayerAction, Stop
from rulespec.duo.cards import TURBO, Card, card_name, deck
from rulespec.duo.matching import FITS_ON, fits, placement_clause
from rulespec.duo.scoring import exhausted_scores, out_scores, reached_target
from rulespec.duo.state import Options, Phase, State

__all__ = [
    "LegalActions",
    "apply",
    "chance_piles",
    "check_deal",
    "legal_actions",
    "new_game",
    "next_player",
    "next_starter",
    "playable",
    "to_move",
]

HAND_SIZE = 7
"""Cards dealt to each player."""


def _row(cards: tuple[Card, ...]) -> bytes:
    row = bytearray(TURBO + 1)
    for c in cards:
        row[c] = 1
    return bytes(row)


_FITS = tuple(_row(cards) for cards in FITS_ON)
"""``_FITS[top][card]``: 1 when ``card`` may go on ``top``."""


@implements("duo.setup.players", "duo.setup.first-player")
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
    return State(
        players=players,
        options=options,
        phase=Phase.DEAL,
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
    if phase is Phase.TURN:
        return (state.turn,)
    if phase is Phase.DEAL:
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
    if state.phase is not Phase.DEAL:
        raise IllegalAction("duo.setup.deal", "the match does not wait for a deal now")
    return (deck(state.options.turbo),)


@implements("duo.setup.deal")
def check_deal(state: State, action: Deal) -> None:
    """Refuse ``action`` unless the match waits for a deal and it orders the deck's cards."""
    if state.phase is not Phase.DEAL:
        raise IllegalAction("duo.setup.deal", "the match does not wait for a deal now")
    order = action.order
    if not pile_of(order, int) or sorted(order) != list(deck(state.options.turbo)):
        variant = "the 80 cards of Turbo-DUO" if state.options.turbo else "the 76 cards"
        raise IllegalAction("duo.setup.deal", f"a deal shuffles {variant}, each once")


@implements("duo.setup.deal", "duo.setup.draw-pile", "duo.setup.piles", "duo.round.new")
def deal(state: State, action: Deal) -> State:
    """Deal seven cards to each player one at a time, start the two discard piles with
    the next two cards, and keep the rest as the draw pile."""
    check_deal(state, action)
    order = action.order
    n = state.players
    dealt = HAND_SIZE * n
    return State(
        players=n,
        options=state.options,
        phase=Phase.TURN,
        round=state.round,
        starter=state.starter,
        turn=state.starter,
        turn_pile=None,
        hands=tuple(tuple(sorted(order[p:dealt:n])) for p in range(n)),
        piles=((order[dealt],), (order[dealt + 1],)),
        draw_pile=order[dealt + 2 :],
        round_scores=state.round_scores,
    )


# -- the turn ---------------------------------------------------------------------


@implements("duo.setup.players", "duo.setup.deal", "duo.turn.order")
def _check_actor(state: State, player: object) -> int:
    if type(player) is not int or not 0 <= player < state.players:
        raise IllegalAction("duo.setup.players", f"there is no player {player!r} in this match")
    if state.phase is not Phase.TURN:
        if state.phase is Phase.OVER:
            raise IllegalAction("duo.game.target", "the match is over")
        raise IllegalAction("duo.setup.deal", "the round has not been dealt yet")
    if player != state.turn:
        raise IllegalAction(
            "duo.turn.order", f"it is player {state.turn}'s turn, not player {player}'s"
        )
    return player


def _with(
    state: State,
    *,
    turn: int,
    turn_pile: int | None,
    hands: tuple[tuple[Card, ...], ...],
    piles: tuple[tuple[Card, ...], ...],
    draw_pile: tuple[Card, ...],
) -> State:
    return State(
        players=state.players,
        options=state.options,
        phase=Phase.TURN,
        round=state.round,
        starter=state.starter,
        turn=turn,
        turn_pile=turn_pile,
        hands=hands,
        piles=piles,
        draw_pile=draw_pile,
        round_scores=state.round_scores,
    )


@implements("duo.turn.play", "duo.turn.one-pile", "duo.round.out")
def play(state: State, action: Play) -> State:
    """Place one card on a pile: on the turn's pile once the turn has one, from the
    player's hand, fitting the pile's top. Playing the last card ends the round."""
    p = _check_actor(state, action.player)
    pile, card = action.pile, action.card
    if type(pile) is not int or not 0 <= pile <= 1:
        raise IllegalAction(
            "duo.setup.piles", f"there are two discard piles, 0 and 1, not {pile!r}"
        )
    if state.turn_pile is not None and pile != state.turn_pile:
        raise IllegalAction(
            "duo.turn.one-pile",
            f"this turn you play on pile {state.turn_pile}: every card of a turn goes on one pile",
        )
    hand = state.hands[p]
    i = bisect_left(hand, card) if type(card) is int else len(hand)
    if i == len(hand) or hand[i] != card:
        raise IllegalAction("duo.turn.play", f"{_name(card)} is not in your hand")
    top = state.piles[pile][-1]
    if not fits(card, top):
        raise IllegalAction(
            placement_clause(card, top), f"{card_name(card)} does not go on {card_name(top)}"
        )
    rest = hand[:i] + hand[i + 1 :]
    hands = (*state.hands[:p], rest, *state.hands[p + 1 :])
    piles = (
        ((*state.piles[0], card), state.piles[1])
        if pile == 0
        else (
            state.piles[0],
            (*state.piles[1], card),
        )
    )
    after = _with(
        state, turn=p, turn_pile=pile, hands=hands, piles=piles, draw_pile=state.draw_pile
    )
    if not rest:
        return _end_round(after, out_scores(hands, p))
    return after


def _name(card: object) -> str:
    if type(card) is int and 0 <= card <= TURBO:
        return card_name(card)
    return f"{card!r} (not a card)"


@implements("duo.turn.stop")
def stop(state: State, action: Stop) -> State:
    """End the turn after one or more cards; the next player is on turn."""
    _check_actor(state, action.player)
    if state.turn_pile is None:
        raise IllegalAction(
            "duo.turn.stop", "you have played no card this turn: play one, or draw instead"
        )
    return _with(
        state,
        turn=next_player(state),
        turn_pile=None,
        hands=state.hands,
        piles=state.piles,
        draw_pile=state.draw_pile,
    )


@implements("duo.turn.draw", "duo.round.exhausted")
def draw(state: State, action: Draw) -> State:
    """Take the draw pile's top card instead of playing, ending the turn. An exhausted
    draw pile ends the round (when its last card is drawn, or under the ``"empty-draw"``
    reading when a player draws from it empty)."""
    p = _check_actor(state, action.player)
    if state.turn_pile is not None:
        raise IllegalAction(
            "duo.turn.draw",
            "you have played this turn: drawing is instead of playing; play on or stop",
        )
    pile = state.draw_pile
    if not pile:
        return _end_round(state, exhausted_scores(state.hands))
    hand = list(state.hands[p])
    insort(hand, pile[0])
    hands = (*state.hands[:p], tuple(hand), *state.hands[p + 1 :])
    after = _with(
        state,
        turn=next_player(state),
        turn_pile=None,
        hands=hands,
        piles=state.piles,
        draw_pile=pile[1:],
    )
    if len(pile) == 1 and state.options.exhausted == "last-draw":
        return _end_round(after, exhausted_scores(hands))
    return after


@implements("duo.game.round-limit")
def _end_round(state: State, scores: tuple[int, ...]) -> State:
    """Add the round's points; end the match when a player reaches the target (or the
    round limit is reached), else wait for the next deal, started by the next starter."""
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
        phase=Phase.OVER if over else Phase.DEAL,
        round=state.round if over else state.round + 1,
        starter=starter,
        turn=state.turn if over else starter,
        turn_pile=None,
        hands=state.hands,
        piles=state.piles,
        draw_pile=state.draw_pile,
        round_scores=round_scores,
    )


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` names the clause it breaks."""
    t = type(action)
    if t is Play:
        return play(state, action)  # type: ignore[arg-type]
    if t is Stop:
        return stop(state, action)  # type: ignore[arg-type]
    if t is Draw:
        return draw(state, action)  # type: ignore[arg-type]
    if t is Deal:
        return deal(state, action)  # type: ignore[arg-type]
    raise wrong_type("action", action, "a Duo action (Play, Stop, Draw, Deal)")


# -- legal actions ----------------------------------------------------------------


def playable(hand: Sequence[Card], top: Card) -> list[Card]:
    """The distinct cards of a sorted ``hand`` that may go on ``top``, in card order."""
    ok = _FITS[top]
    found = [c for c in hand if ok[c]]
    if len(found) > 1 and found[-1] == TURBO and found[-2] == TURBO:
        found = [c for c in found if c != TURBO] + [TURBO]
    return found


class LegalActions(LazySequence[PlayerAction]):
    """A player's legal actions: the Plays, sorted by pile then card, then one last
    action, the Draw (before any card this turn) or the Stop (after one).

    Built on demand: only the (pile, card) pairs are computed up front.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> moves = duo.legal_actions(duo.start(2, seed=1), 0)
    >>> moves[-1], moves[-1] in moves
    (Draw(player=0), True)
    """

    __slots__ = ("_last", "_len", "_player", "_plays")

    def __init__(self, player: int, plays: list[tuple[int, Card]], last: PlayerAction | None):
        self._player = player
        self._plays = plays
        self._last = last
        self._len = len(plays) + (last is not None)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> PlayerAction: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[PlayerAction]: ...
    def __getitem__(self, i: int | slice) -> PlayerAction | Sequence[PlayerAction]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = self._len
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        plays = self._plays
        if i < len(plays):
            pile, card = plays[i]
            return Play(self._player, card, pile)
        assert self._last is not None
        return self._last

    def __iter__(self) -> Iterator[PlayerAction]:
        for pile, card in self._plays:
            yield Play(self._player, card, pile)
        if self._last is not None:
            yield self._last

    def __contains__(self, action: object) -> bool:
        if type(action) is Play:
            return action.player == self._player and (action.pile, action.card) in self._plays
        return self._last is not None and action == self._last

    @property
    def plays(self) -> int:
        """How many of the actions are Plays (they come first)."""
        return len(self._plays)

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


_NONE = LegalActions(0, [], None)


def legal_actions(state: State, player: int) -> LegalActions:
    """The legal actions of ``player`` now (empty when they are not on turn)."""
    if state.phase is not Phase.TURN or player != state.turn:
        return _NONE
    hand = state.hands[player]
    piles = state.piles
    chosen = state.turn_pile
    plays: list[tuple[int, Card]] = []
    for pile in (0, 1) if chosen is None else (chosen,):
        plays.extend((pile, c) for c in playable(hand, piles[pile][-1]))
    last: PlayerAction = Draw(player) if chosen is None else Stop(player)
    return LegalActions(player, plays, last)
