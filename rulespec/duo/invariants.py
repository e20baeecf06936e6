"""The invariants of Duo, as published checks.

Each returns a sentence saying what is wrong, or ``None``.
"""

from __future__ import annotations

import functools
from collections import Counter

from rulespec.core.invariants import Invariant, TransitionInvariant
from rulespec.duo.actions import Action, Deal, Draw, Play, Stop
from rulespec.duo.cards import card_name
from rulespec.duo.matching import fits
from rulespec.duo.rules import to_move
from rulespec.duo.scoring import exhausted_scores, out_scores, reached_target
from rulespec.duo.state import Options, Phase, State

__all__ = ["INVARIANTS", "TRANSITION_INVARIANTS"]


@functools.cache
def _deck(options: Options) -> Counter[int]:
    return Counter(options.cards())


def _dealt(s: State) -> bool:
    return bool(s.hands)


def _finished(s: State) -> bool:
    """Whether the state shows a round that has just ended (before the next deal)."""
    return s.phase is Phase.OVER or (s.phase is Phase.DEAL and s.round > 0)


def _cards_once(s: State) -> str | None:
    if not _dealt(s):
        if s.phase is not Phase.DEAL or s.round != 0:
            return "no cards have been dealt, yet the match is past its first deal"
        return None
    if len(s.hands) != s.players:
        return f"{len(s.hands)} hands for {s.players} players"
    held: Counter[int] = Counter(s.draw_pile)
    for hand in s.hands:
        held.update(hand)
    for pile in s.piles:
        held.update(pile)
    full = _deck(s.options)
    if held != full:
        extra = sorted((held - full).elements())
        missing = sorted((full - held).elements())
        what = f"{card_name(extra[0])} too often" if extra else f"{card_name(missing[0])} missing"
        return f"hands, piles and draw pile do not hold the {sum(full.values())} cards: {what}"
    return None


def _hands_sorted(s: State) -> str | None:
    for p, hand in enumerate(s.hands):
        if list(hand) != sorted(hand):
            return f"player {p}'s hand is not kept in card order"
    return None


def _piles(s: State) -> str | None:
    if not _dealt(s):
        return None
    if len(s.piles) != 2:
        return f"{len(s.piles)} discard piles instead of two"
    for i, pile in enumerate(s.piles):
        if not pile:
            return f"discard pile {i} is empty"
        for k in range(1, len(pile)):
            if not fits(pile[k], pile[k - 1]):
                return (
                    f"pile {i}: {card_name(pile[k])} lies on {card_name(pile[k - 1])}, "
                    "where it may not go"
                )
    return None


def _round_end(s: State) -> str | None:
    if s.phase is Phase.TURN:
        empty = [p for p, h in enumerate(s.hands) if not h]
        if empty:
            return f"player {empty[0]} has no card left but the round goes on"
        if not s.draw_pile and s.options.exhausted == "last-draw":
            return "the draw pile is exhausted but the round goes on"
    elif _finished(s):
        out = sum(1 for h in s.hands if not h)
        if out > 1:
            return "several players emptied their hands in one round"
        if out == 0 and s.draw_pile:
            return "the round ended with no empty hand and cards left in the draw pile"
    return None


def _scores(s: State) -> str | None:
    finished = len(s.round_scores)
    expected = s.round + (1 if s.phase is Phase.OVER else 0)
    if finished != expected:
        return f"{finished} round scores in round {s.round} ({s.phase.value})"
    if any(len(row) != s.players for row in s.round_scores):
        return "a round's scores do not have one entry per player"
    if _finished(s) and _dealt(s):
        out = [p for p, h in enumerate(s.hands) if not h]
        due = out_scores(s.hands, out[0]) if out else exhausted_scores(s.hands)
        if s.round_scores[-1] != due:
            return f"the last round scored {s.round_scores[-1]}, its final hands give {due}"
    return None


def _match_end(s: State) -> str | None:
    totals = s.totals()
    reached = reached_target(totals, s.players)
    limit = s.options.max_rounds
    if s.phase is Phase.OVER:
        if reached is None and (limit is None or len(s.round_scores) < limit):
            return f"the match is over, but no total {totals} reaches the target"
    elif reached is not None:
        return f"player {reached} has reached the target with {totals[reached]}, but play goes on"
    elif limit is not None and len(s.round_scores) >= limit:
        return f"{len(s.round_scores)} rounds were played, but the round limit is {limit}"
    return None


def _turn(s: State) -> str | None:
    n = s.players
    if not 0 <= s.turn < n or not 0 <= s.starter < n:
        return f"turn {s.turn} or starter {s.starter} is not a seat"
    if s.starter != (s.options.first_player + s.round) % n:
        return f"round {s.round} is started by player {s.starter}, not the next seat in turn"
    if s.phase is Phase.DEAL and s.turn != s.starter:
        return "a deal waits, but the player on turn is not the round's starter"
    if s.turn_pile is not None:
        if s.phase is not Phase.TURN:
            return f"a turn pile is set during the {s.phase.value} phase"
        if s.turn_pile not in (0, 1) or len(s.piles[s.turn_pile]) < 2:
            return f"turn pile {s.turn_pile} holds no card played this turn"
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "duo.inv.cards-once",
        ("duo.setup.deal", "duo.cards.symbols", "duo.cards.jokers", "duo.cards.turbo"),
        "Every card (76, or 80 in Turbo-DUO) is once in a hand, a discard pile or the draw pile.",
        _cards_once,
    ),
    Invariant(
        "duo.inv.hands-sorted",
        ("duo.view.hidden",),
        "Hands are kept in card order, so a hand says nothing of the order its cards came in.",
        _hands_sorted,
    ),
    Invariant(
        "duo.inv.piles",
        (
            "duo.setup.piles",
            "duo.place.two-features",
            "duo.place.on-joker",
            "duo.place.joker",
            "duo.place.no-joker-on-joker",
            "duo.place.turbo",
        ),
        "There are two discard piles, never empty, and each card in them may lie on the one below.",
        _piles,
    ),
    Invariant(
        "duo.inv.round-end",
        ("duo.round.out", "duo.round.exhausted"),
        "A round ends exactly when a hand is empty or the draw pile is exhausted.",
        _round_end,
    ),
    Invariant(
        "duo.inv.scores",
        ("duo.score.out", "duo.score.exhausted"),
        "One score list per finished round; the last one follows from the final hands.",
        _scores,
    ),
    Invariant(
        "duo.inv.match-end",
        ("duo.game.target", "duo.game.round-limit"),
        "The match is over exactly when a total reaches the target (or the round limit is hit).",
        _match_end,
    ),
    Invariant(
        "duo.inv.turn",
        ("duo.turn.order", "duo.round.next-starter", "duo.setup.first-player", "duo.turn.one-pile"),
        "Seats are valid, each round's starter is the next seat, and a turn pile holds this "
        "turn's card.",
        _turn,
    ),
)


def _actor(before: State, action: Action, after: State) -> str | None:
    actor = -1 if type(action) is Deal else action.player  # type: ignore[union-attr]
    if actor not in to_move(before):
        return f"{action!r} was accepted but {actor} was not to move ({to_move(before)})"
    return None


def _one_pile(before: State, action: Action, after: State) -> str | None:
    if type(action) is not Play:
        return None
    if before.turn_pile is not None and action.pile != before.turn_pile:
        return (
            f"a card went on pile {action.pile} after this turn's cards went on {before.turn_pile}"
        )
    if after.phase is Phase.TURN and (
        after.turn_pile != action.pile or after.turn != action.player
    ):
        return "after a play the same player goes on, on the same pile"
    return None


def _placement(before: State, action: Action, after: State) -> str | None:
    if type(action) is not Play:
        return None
    p, pile, card = action.player, action.pile, action.card
    if after.piles[pile] != (*before.piles[pile], card):
        return f"{card_name(card)} was not put on top of pile {pile}"
    if after.piles[1 - pile] != before.piles[1 - pile]:
        return f"pile {1 - pile} changed though the card went on pile {pile}"
    if (
        Counter(before.hands[p]) - Counter(after.hands[p]) != Counter([card])
        or len(after.hands[p]) != len(before.hands[p]) - 1
    ):
        return f"player {p}'s hand did not lose exactly {card_name(card)}"
    if not fits(card, before.piles[pile][-1]):
        return f"{card_name(card)} does not go on {card_name(before.piles[pile][-1])}"
    if after.draw_pile != before.draw_pile:
        return "the draw pile changed during a play"
    return None


def _turn_passes(before: State, action: Action, after: State) -> str | None:
    t = type(action)
    if t is not Draw and t is not Stop:
        return None
    p = action.player  # type: ignore[union-attr]
    if after.phase is Phase.TURN and (
        after.turn != (p + 1) % before.players or after.turn_pile is not None
    ):
        return f"after player {p}'s turn, player {after.turn} is on turn, not the next seat"
    if t is Draw:
        if before.turn_pile is not None:
            return "a player drew after playing this turn"
        if before.draw_pile:
            drawn = before.draw_pile[0]
            if after.draw_pile != before.draw_pile[1:]:
                return "a draw did not take exactly the top card of the draw pile"
            if Counter(after.hands[p]) - Counter(before.hands[p]) != Counter([drawn]):
                return f"player {p} drew but did not receive {card_name(drawn)}"
        elif after.phase is Phase.TURN:
            return "a player drew from an empty draw pile and the round went on"
    elif before.turn_pile is None:
        return "a player stopped without playing a card"
    if after.phase is Phase.TURN and (after.hands[:p] + after.hands[p + 1 :]) != (
        before.hands[:p] + before.hands[p + 1 :]
    ):
        return "another player's hand changed"
    return None


def _round_transition(before: State, action: Action, after: State) -> str | None:
    if type(action) is Deal:
        if any(len(h) != after.options.hand_size for h in after.hands):
            return f"a deal did not give every player {after.options.hand_size} cards"
        if any(len(p) != 1 for p in after.piles):
            return "a deal did not start each discard pile with one card"
        if after.turn != after.starter:
            return "the round's starter does not play first"
        return None
    if len(after.round_scores) == len(before.round_scores):
        if after.phase is not Phase.TURN:
            return f"the round ended with no score ({after.phase.value})"
        return None
    if after.phase is Phase.DEAL and after.starter != (before.starter + 1) % before.players:
        return f"round {after.round} is started by {after.starter}, not left of {before.starter}"
    return None


TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (
    TransitionInvariant(
        "duo.inv.actor",
        ("duo.turn.order",),
        "Only the player on turn acts; chance acts only at a deal.",
        _actor,
    ),
    TransitionInvariant(
        "duo.inv.one-pile",
        ("duo.turn.one-pile", "duo.turn.play"),
        "Within a turn every card goes on the same pile, and the player goes on until they stop.",
        _one_pile,
    ),
    TransitionInvariant(
        "duo.inv.placement",
        ("duo.turn.play", "duo.place.two-features", "duo.place.on-joker", "duo.place.joker"),
        "A play moves exactly one fitting card from the hand to the top of the chosen pile.",
        _placement,
    ),
    TransitionInvariant(
        "duo.inv.turn-passes",
        ("duo.turn.draw", "duo.turn.stop", "duo.turn.order"),
        "A Draw (before any card) takes the top card; a Draw or Stop passes the turn clockwise.",
        _turn_passes,
    ),
    TransitionInvariant(
        "duo.inv.round-transition",
        ("duo.setup.deal", "duo.round.new", "duo.round.next-starter"),
        "A deal gives seven cards each and one card per pile; the next round's starter is "
        "left of the last one.",
        _round_transition,
    ),
)
