"""The invariants of Canardage, as published checks.

Each returns a sentence saying what is wrong, or ``None``.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from rulespec.canardage.actions import Action, Deal, Discard, Disperse, Play, Reshuffle
from rulespec.canardage.cards import DUCKS_PER_COLOUR, WATER, WATER_CARDS, Card
from rulespec.canardage.line import LENGTH
from rulespec.canardage.rules import to_move
from rulespec.canardage.state import NO_SHELTER, Phase, State
from rulespec.core.invariants import Invariant, TransitionInvariant

__all__ = ["INVARIANTS", "TRANSITION_INVARIANTS"]


def _dealt(s: State) -> bool:
    return s.phase is not Phase.DEAL


def _ducks(s: State) -> str | None:
    if not _dealt(s):
        return None
    held = Counter(c for stack in s.line for c in stack) + Counter(s.deck)
    for c in range(s.players):
        if held[c] + s.shot[c] != DUCKS_PER_COLOUR:
            return f"colour {c}: {held[c]} in line and deck, {s.shot[c]} shot, not 5 in all"
    if held[WATER] != WATER_CARDS:
        return f"{held[WATER]} water cards, not {WATER_CARDS}"
    stray = sorted(c for c in held if not (0 <= c < s.players or c == WATER))
    if stray:
        return f"card {stray[0]} is neither a colour in play nor water"
    return None


def _action_cards(s: State) -> str | None:
    if not _dealt(s):
        return None
    held = Counter(c for hand in s.hands for c in hand) + Counter(s.draw_pile)
    held.update(s.played)
    held[Card.PLANQUE] += sum(1 for x in s.shelters if x != NO_SHELTER)
    if held != Counter(s.options.deck()):
        return "hands, draw pile, played cards and Planqué cards on the line ≠ the action deck"
    return None


def _targets(s: State) -> str | None:
    t = s.targets
    if any(not 0 <= x < LENGTH for x in t) or any(a >= b for a, b in pairwise(t)):
        return f"targets {t}: at most one per space, spaces 0 to 5, ascending"
    return None


def _line(s: State) -> str | None:
    for i, stack in enumerate(s.line):
        if not 1 <= len(stack) <= 2:
            return f"space {i} holds {len(stack)} cards"
        if len(stack) == 2 and WATER in stack:
            return f"space {i}: a pair involves water"
    n = len(s.line)
    if s.phase in (Phase.PLAY, Phase.RESHUFFLE) and n != LENGTH:
        return f"the line has {n} spaces during play"
    if s.phase is Phase.DISPERSION and n != 0:
        return "the line is not empty while Dispersion's shuffle is awaited"
    if s.phase is Phase.OVER and n != LENGTH and s.deck:
        return f"the line has {n} spaces though the deck still has cards"
    return None


def _hands(s: State) -> str | None:
    if not _dealt(s):
        return None
    drew = s.phase is Phase.OVER and s.options.winner_draws  # can.turn.draw's reading
    for p, hand in enumerate(s.hands):
        due = 3 if (s.phase is Phase.PLAY or p != s.turn) else 2
        if drew and p == s.turn:  # back to three, unless nothing was left to draw
            if len(hand) == 3 or (len(hand) == 2 and not s.draw_pile):
                continue
            return f"player {p} ended the game and drew, but holds {len(hand)} cards"
        if len(hand) != due:
            return f"player {p} holds {len(hand)} cards in the {s.phase.value} phase, not {due}"
    return None


def _out(s: State) -> str | None:
    if not _dealt(s):
        return None
    held = Counter(c for stack in s.line for c in stack) + Counter(s.deck)
    for p in range(s.players):
        if (held[p] == 0) != (s.shot[p] == DUCKS_PER_COLOUR):
            return f"player {p}: {held[p]} ducks left but {s.shot[p]} shot"
    return None


def _end(s: State) -> str | None:
    if not _dealt(s):
        return None
    alive = [p for p in range(s.players) if s.shot[p] < DUCKS_PER_COLOUR]
    over = s.phase is Phase.OVER
    if over != (len(alive) <= 1):
        return f"{len(alive)} players have ducks, but the phase is {s.phase.value}"
    if over and not s.winners:
        return "the game is over with no winner"
    if not over and s.winners:
        return "winners named before the end"
    if over and alive and tuple(alive) != s.winners:
        return f"player {alive[0]} alone has ducks, but the winners are {s.winners}"
    return None


def _shelters(s: State) -> str | None:
    lying = [x for x in s.shelters if x != NO_SHELTER]
    if any(not 0 <= x < LENGTH for x in lying) or len(set(lying)) != len(lying):
        return f"Planqué cards {s.shelters}: at most one per space, on spaces 0 to 5"
    if s.phase is Phase.PLAY and s.shelters[s.turn] != NO_SHELTER:
        return f"player {s.turn}'s Planqué card is still on the line at their turn"
    return None


def _seen(s: State) -> str | None:
    if not 0 <= s.seen <= len(s.deck):
        return f"{s.seen} known cards at the bottom of a deck of {len(s.deck)}"
    return None


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "can.inv.ducks",
        ("can.setup.duck-deck", "can.setup.colours", "can.shot.owner"),
        "The line and the duck deck hold every living duck of the colours in play and the "
        "5 water cards; each colour's ducks plus its shot ducks make 5.",
        _ducks,
    ),
    Invariant(
        "can.inv.action-cards",
        ("can.setup.action-deck", "can.turn.play-one", "can.deck.reshuffle", "can.action.planque"),
        "The hands, the draw pile, the played cards and the Planqué cards on the line hold "
        "the action deck exactly.",
        _action_cards,
    ),
    Invariant(
        "can.inv.targets",
        ("can.targets.spaces",),
        "At most six targets, never two on one space.",
        _targets,
    ),
    Invariant(
        "can.inv.line",
        ("can.setup.line", "can.line.close-up", "can.line.short", "can.action.a-couvert"),
        "The line has six spaces while the game goes on (none while Dispersion's shuffle is "
        "awaited, fewer only when the deck is empty at the end); a space holds one card or a "
        "duck hidden under a duck.",
        _line,
    ),
    Invariant(
        "can.inv.hands",
        ("can.setup.hands", "can.turn.draw"),
        "Every hand holds three cards between turns; the player on turn holds two while a "
        "shuffle is awaited and after the last play (under the option winner_draws, three "
        "after the last play unless the draw pile was empty).",
        _hands,
    ),
    Invariant(
        "can.inv.out",
        ("can.end.out",),
        "The players out are exactly those with no living duck.",
        _out,
    ),
    Invariant(
        "can.inv.end",
        ("can.end.winner", "can.end.simultaneous"),
        "The game ends exactly when at most one player has ducks; the winners are then "
        "named (the player left, or those whose last ducks fell together).",
        _end,
    ),
    Invariant(
        "can.inv.shelters",
        ("can.action.planque",),
        "At most one Planqué card per space and per player; none of the player on turn.",
        _shelters,
    ),
    Invariant(
        "can.inv.seen",
        ("can.view.deck-bottom",),
        "The known bottom of the duck deck is never longer than the deck.",
        _seen,
    ),
)


def _actor(before: State, action: Action, after: State) -> str | None:
    actor = action.player if isinstance(action, Play | Discard) else -1
    if actor not in to_move(before):
        return f"{action!r} was accepted but {actor} was not to move ({to_move(before)})"
    return None


def _one_card(before: State, action: Action, after: State) -> str | None:
    if isinstance(action, Deal):
        return None
    if not isinstance(action, Play | Discard):
        for p in range(before.players):
            if p != before.turn and before.hands[p] != after.hands[p]:
                return f"a chance step changed player {p}'s hand"
        return None
    p = action.player
    for q in range(before.players):
        if q != p and before.hands[q] != after.hands[q]:
            return f"player {q}'s hand changed on player {p}'s turn"
    kept = Counter(before.hands[p])
    kept[action.card] -= 1
    if kept - Counter(after.hands[p]) or len(after.hands[p]) not in (2, 3):
        return f"player {p} lost more than the card {action.card.value} they played"
    return None


_AIM = (Card.EN_JOUE, Card.DOUBLE_VISEUR)
_SHOOT = (Card.PAN, Card.TIREUR_D_ELITE, Card.TU_LOUCHES, Card.CANARDAGE)
_BUMP = (Card.RECTIFIER_GAUCHE, Card.RECTIFIER_DROITE)


def _targets_stay(before: State, action: Action, after: State) -> str | None:
    t0, t1 = set(before.targets), set(after.targets)
    card = action.card if isinstance(action, Play) else None
    if card in _AIM:
        ok = t0 < t1 and len(t1 - t0) == len(action.spaces)  # type: ignore[union-attr]
    elif card in _SHOOT:
        ok = t1 < t0 or (card is Card.TIREUR_D_ELITE and t1 == t0)
    elif card in _BUMP:
        ok = len(t0) == len(t1) and len(t0 - t1) == 1
    else:
        ok = t0 == t1
    if not ok:
        return f"targets went from {sorted(t0)} to {sorted(t1)} on {action!r}"
    return None


def _shots(before: State, action: Action, after: State) -> str | None:
    grew = [p for p in range(before.players) if after.shot[p] != before.shot[p]]
    if any(after.shot[p] < before.shot[p] for p in grew):
        return "a shot duck came back to life"
    card = action.card if isinstance(action, Play) else None
    if grew and card not in _SHOOT:
        return f"ducks were shot by {action!r}, which shoots nothing"
    total = sum(after.shot) - sum(before.shot)
    if total > (2 if card is Card.CANARDAGE else 1):
        return f"{total} ducks shot by one card"
    return None


def _deck_queue(before: State, action: Action, after: State) -> str | None:
    if isinstance(action, Deal | Disperse) or (
        isinstance(action, Play) and action.card is Card.DISPERSION
    ):
        return None
    added = (
        before.line[0] if isinstance(action, Play) and action.card is Card.EN_AVANT_MARCHE else ()
    )
    if before.options.pair_order == "cover-first":  # can.cover.forward's reading
        added = added[::-1]
    full = before.deck + added
    k = len(full) - len(after.deck)
    if k < 0 or after.deck != full[k:]:
        return "the duck deck changed other than by drawing from its top and adding at its bottom"
    due = min(before.seen + len(added), len(after.deck))
    if after.seen != due:
        return f"{after.seen} known cards at the deck's bottom, expected {due}"
    return None


def _reshuffle(before: State, action: Action, after: State) -> str | None:
    if isinstance(action, Reshuffle) and before.draw_pile:
        return "the played cards were shuffled though the draw pile was not empty"
    return None


TRANSITION_INVARIANTS: tuple[TransitionInvariant, ...] = (
    TransitionInvariant(
        "can.inv.actor",
        ("can.turn.order",),
        "Only the player on turn acts; chance acts only at chance steps.",
        _actor,
    ),
    TransitionInvariant(
        "can.inv.one-card",
        ("can.turn.play-one", "can.turn.draw"),
        "A turn uses exactly the one card played; no other hand changes.",
        _one_card,
    ),
    TransitionInvariant(
        "can.inv.targets-stay",
        ("can.targets.spaces",),
        "Targets change only by the cards that place, move or shoot at them; when the line "
        "moves, they stay on their spaces.",
        _targets_stay,
    ),
    TransitionInvariant(
        "can.inv.shots",
        ("can.shot.owner", "can.action.canardage"),
        "Only shooting cards shoot: one duck at most, two with Canardage; shot ducks stay shot.",
        _shots,
    ),
    TransitionInvariant(
        "can.inv.deck-queue",
        ("can.line.close-up", "can.action.en-avant-marche", "can.view.deck-bottom"),
        "Outside a shuffle, the duck deck loses cards only from its top and gains them only at "
        "its bottom; the count of known bottom cards follows.",
        _deck_queue,
    ),
    TransitionInvariant(
        "can.inv.reshuffle-when-empty",
        ("can.deck.reshuffle",),
        "The played cards are shuffled into a draw pile only when it is empty.",
        _reshuffle,
    ),
)
