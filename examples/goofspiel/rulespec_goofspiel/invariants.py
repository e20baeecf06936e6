"""What every reachable state of Goofspiel has, and what every step keeps.

Each invariant names the clauses it guards; :meth:`rulespec.Game.violations`,
``rulespec simulate`` and the conformance kit check them after every step.
"""

from __future__ import annotations

from rulespec.core.invariants import Invariant, TransitionInvariant
from rulespec_goofspiel.actions import Action, Bid
from rulespec_goofspiel.rules import suit
from rulespec_goofspiel.state import Phase, State

__all__ = ["INVARIANTS", "TRANSITION_INVARIANTS"]


def _prizes_conserved(state: State) -> str | None:
    if state.phase is Phase.SHUFFLE:
        return None if not state.prizes and state.prize is None else "a prize before the shuffle"
    shown = [] if state.prize is None else [state.prize]
    cards = sorted([*shown, *state.pot, *state.prizes, *state.discarded, *sum(state.won, ())])
    if cards != list(suit(state.options)):
        return f"the prize cards are {cards}, not each of the suit once"
    return None


def _hands(state: State) -> str | None:
    left = len(state.prizes) + (state.prize is not None)
    if state.phase is Phase.SHUFFLE:
        left = state.options.cards
    full = set(suit(state.options))
    for p, hand in enumerate(state.hands):
        if len(hand) != left or list(hand) != sorted(set(hand)) or not set(hand) <= full:
            return f"player {p} holds {hand}, not {left} distinct cards of the suit"
    return None


def _bids(state: State) -> str | None:
    if len(state.bids) != state.players:
        return f"{len(state.bids)} bids for {state.players} players"
    for p, card in enumerate(state.bids):
        if card is not None and (state.phase is not Phase.BID or card not in state.hands[p]):
            return f"player {p}'s bid {card} is not a card of their hand in a turn"
    if state.phase is Phase.BID and None not in state.bids:
        return "every bid is in, but the turn is not resolved"
    return None


def _pot(state: State) -> str | None:
    if state.pot and (state.options.ties == "discard" or state.phase is not Phase.BID):
        return f"a pot {state.pot} where no prize can carry it"
    return None


def _ended(state: State) -> str | None:
    over = state.phase is Phase.OVER
    if over != (state.prize is None and state.phase is not Phase.SHUFFLE):
        return "the game is over exactly when no prize is on the table"
    return None


INVARIANTS = (
    Invariant(
        "gs.prizes-conserved",
        ("gs.cards.prizes", "gs.turn.reveal", "gs.tie.discard"),
        "every prize card is on the table, in the pot, face down, won or discarded, once",
        _prizes_conserved,
    ),
    Invariant(
        "gs.hands",
        ("gs.cards.hands", "gs.turn.reveal"),
        "each player holds one distinct card of the suit per prize still to play for",
        _hands,
    ),
    Invariant(
        "gs.bids",
        ("gs.turn.bid", "gs.turn.simultaneous"),
        "a bid is a card of its player's hand, and a turn with every bid in is resolved",
        _bids,
    ),
    Invariant("gs.pot", ("gs.tie.carry",), "only a carried tie fills the pot", _pot),
    Invariant("gs.end", ("gs.turn.next",), "the game ends with the last prize", _ended),
)


def _secret(before: State, action: Action, after: State) -> str | None:
    """A bid that does not resolve the turn changes only its own bid."""
    if type(action) is not Bid or after.phase is not Phase.BID or after.prize != before.prize:
        return None
    changed = [p for p in range(before.players) if before.bids[p] != after.bids[p]]
    if changed != [action.player] or after.hands != before.hands or after.won != before.won:
        return "a bid changed more than its own player's bid"
    return None


def _points_grow(before: State, action: Action, after: State) -> str | None:
    for p in range(before.players):
        if sum(after.won[p]) < sum(before.won[p]):
            return f"player {p} lost points"
    return None


TRANSITION_INVARIANTS = (
    TransitionInvariant(
        "gs.bid-secret",
        ("gs.view.bids", "gs.turn.simultaneous"),
        "a bid before the last of its turn changes nothing but that bid",
        _secret,
    ),
    TransitionInvariant(
        "gs.points-grow", ("gs.score.points",), "no one ever loses points", _points_grow
    ),
)
