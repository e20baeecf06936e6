"""The rules of Goofspiel as pure functions: no input, no output, no randomness.

Every function takes a state (and an action) and returns a new state, or
raises :class:`~rulespec.IllegalAction` naming the clause the action breaks.
The chance step, the shuffle of the prize deck, is an argument like any
action: the rules never draw. Each action class has its rule, named after it:
:func:`bid` applies a ``Bid``, :func:`shuffle` a ``Shuffle`` once
:func:`check_shuffle` has let it through.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from rulespec.core.chance import CHANCE, Chance
from rulespec.core.errors import IllegalAction
from rulespec.plugin import evolve, listed, replaced, without
from rulespec.plugin.piles import pile_of
from rulespec.rulebook.implements import implements
from rulespec_goofspiel.actions import Bid, Shuffle
from rulespec_goofspiel.state import MAX_CARDS, Options, Phase, State

MIN_PLAYERS = 2
MAX_PLAYERS = 6
_NOTHING: Sequence[Bid] = listed(Bid, ())


def suit(options: Options) -> tuple[int, ...]:
    """The cards of one suit, ascending.

    >>> suit(Options(cards=5))
    (1, 2, 3, 4, 5)
    """
    return tuple(range(1, options.cards + 1))


@implements("gs.setup.players", "gs.cards.hands")
def new_game(players: int, options: Options | None = None) -> State:
    """A game of ``players`` players, each holding a whole suit, waiting for the shuffle
    of the prize deck."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(
            "gs.setup.players",
            f"Goofspiel is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}",
        )
    options = Options() if options is None else options
    hands, bids, won = (suit(options),) * players, (None,) * players, ((),) * players
    return State(players, options, Phase.SHUFFLE, None, (), (), hands, bids, won, (), ())


def to_move(state: State) -> tuple[int, ...]:
    """The players who have not bid yet, ``(CHANCE,)`` at the shuffle, ``()`` when over."""
    if state.phase is Phase.BID:
        return tuple(p for p, b in enumerate(state.bids) if b is None)
    return (CHANCE,) if state.phase is Phase.SHUFFLE else ()


def is_over(state: State) -> bool:
    """Whether every prize has been played for."""
    return state.phase is Phase.OVER


@implements("gs.score.points")
def scores(state: State) -> tuple[int, ...]:
    """Each player's points: the values of the prize cards they have won."""
    return tuple(sum(cards) for cards in state.won)


@implements("gs.score.winner")
def winners(state: State) -> tuple[int, ...]:
    """The players with the most points once the game is over (all of them on a tie)."""
    if state.phase is not Phase.OVER:
        return ()
    points = scores(state)
    best = max(points)
    return tuple(p for p, s in enumerate(points) if s == best)


# -- chance ---------------------------------------------------------------------------


def chance(state: State) -> Chance:
    """The awaited shuffle: the prize suit, ascending, to be put in a random order."""
    if state.phase is not Phase.SHUFFLE:
        raise IllegalAction("gs.setup.shuffle", "the prize deck is shuffled only at the start")
    return Chance(
        "shuffle",
        "the prize suit is shuffled face down; its top card is the first prize",
        (suit(state.options),),
    )


@implements("gs.setup.shuffle")
def check_shuffle(state: State, action: Shuffle) -> None:
    """Refuse ``action`` unless the game waits for the shuffle and it orders the suit."""
    if state.phase is not Phase.SHUFFLE:
        raise IllegalAction("gs.setup.shuffle", "the prize deck is shuffled only at the start")
    if not pile_of(action.order, int) or sorted(action.order) != list(suit(state.options)):
        raise IllegalAction(
            "gs.setup.shuffle",
            f"a shuffle orders the prize cards 1 to {state.options.cards}, each once",
        )


@implements("gs.setup.shuffle", "gs.cards.prizes")
def shuffle(state: State, action: Shuffle) -> State:
    """Lay the prize deck face down in the shuffled order and turn up its top card (the
    game runs :func:`check_shuffle` first)."""
    return evolve(state, phase=Phase.BID, prize=action.order[0], prizes=action.order[1:])


# -- bidding --------------------------------------------------------------------------


def legal_actions(state: State, player: int) -> Sequence[Bid]:
    """The bids ``player`` may make, by card, ascending; none once they have bid."""
    if state.phase is not Phase.BID or state.bids[player] is not None:
        return _NOTHING
    return listed(Bid, state.hands[player], player)


def action_space(players: int, options: Options) -> tuple[Bid, ...]:
    """Every bid a player may ever make, by card: 13 whatever the options (action id
    ``c - 1`` bids card ``c``)."""
    return tuple(Bid(0, card) for card in range(1, MAX_CARDS + 1))


def _refuse_bidder(state: State, player: object) -> NoReturn:
    """Raise the clause that keeps ``player`` from bidding now."""
    if type(player) is not int or not 0 <= player < state.players:
        raise IllegalAction("gs.setup.players", f"there is no player {player!r} in this game")
    if state.phase is Phase.SHUFFLE:
        raise IllegalAction("gs.setup.shuffle", "the prize deck has not been shuffled yet")
    if state.phase is Phase.OVER:
        raise IllegalAction("gs.turn.next", "the game is over: every prize has been played for")
    raise IllegalAction("gs.turn.simultaneous", f"player {player} has already bid this turn")


@implements("gs.turn.bid", "gs.turn.simultaneous")
def bid(state: State, action: Bid) -> State:
    """Lay a card face down; the last bid of the turn resolves it (:func:`resolve`)."""
    p = action.player
    if (
        type(p) is not int
        or not 0 <= p < state.players
        or state.phase is not Phase.BID
        or state.bids[p] is not None
    ):
        _refuse_bidder(state, p)
    card = action.card
    if type(card) is not int or card not in state.hands[p]:
        raise IllegalAction("gs.turn.bid", f"player {p} holds no card {card!r} to bid")
    bids = replaced(state.bids, p, card)
    if None in bids:
        return evolve(state, bids=bids)
    return resolve(state, tuple(c for c in bids if c is not None))


@implements("gs.turn.reveal", "gs.tie.discard", "gs.tie.carry", "gs.turn.next")
def resolve(state: State, bids: tuple[int, ...]) -> State:
    """Reveal ``bids`` (one per player): the single highest takes the prize (and the pot);
    a tie for the highest discards it, or carries it over. Then the next prize is turned
    up, or the game ends."""
    prize = state.prize
    assert prize is not None  # a turn is played for a prize
    high = max(bids)
    top = [p for p, c in enumerate(bids) if c == high]
    won, pot, discarded = state.won, state.pot, state.discarded
    if len(top) == 1:
        (taker,) = top
        won = replaced(won, taker, (*won[taker], *pot, prize))
        pot = ()
    elif state.options.ties == "carry":
        pot = (*pot, prize)
    else:
        discarded = (*discarded, prize)
    hands = tuple(map(without, state.hands, bids))
    over = not state.prizes
    if over and pot:  # no prize is left for the pot to go with
        discarded, pot = (*discarded, *pot), ()
    return evolve(
        state,
        phase=Phase.OVER if over else Phase.BID,
        prize=None if over else state.prizes[0],
        pot=pot,
        prizes=state.prizes[1:],
        hands=hands,
        bids=(None,) * state.players,
        won=won,
        discarded=discarded,
        last=bids,
    )
