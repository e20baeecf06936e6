"""The conformance kit's knowledge of Canardage.

- Steering, every generated game still legal: a game is played in a style
  (``"shoot"`` shoots whenever it can and aims otherwise, so players run out
  of ducks and games end within a hundred steps; ``"any"`` picks uniformly;
  ``"rare"`` prefers the cards other than Pan, En joue and En avant marche;
  ``"line"`` prefers the cards that move the line, so pairs reach the front
  and go under the deck; ``"together"`` judges each play by its outcome and
  keeps Canardage for the last two ducks, so about one game in five ends
  with them falling together, against one in fifty played uniformly).
  Canarchie's up to 719 orders are cut to a spread of at most
  :data:`CANARCHIE_ORDERS`, or they would drown every other card.
  A deal or a reshuffle may put one copy of each rare card on top of the
  action deck, and a deal may put every duck of one colour on top of the duck
  deck (that player runs out early and goes on playing).
- Illegal probes: discarding a playable card, playing out of turn or a card
  not in hand, and each card in hand on near-miss spaces (an untargeted
  space, a neighbour too far, water, a protected space, the edge of the
  line), Canarchie keeping the order or dropping a card.
- The action space (:meth:`CanardageKit.action_space`), as rulespec numbers it
  for learning agents (:mod:`rulespec.canardage.encoding`): each of the
  sixteen cards, held or not, on each choice of spaces of a six-space line,
  then the discard of each card; Canarchie's up to 719 orders are cut to a
  few (the current order, the first two stacks swapped, the front stack sent
  to the back, the line reversed). A player not on turn gets a few actions
  only (they are all refused for the turn). Canonical encodings, in the
  wire's JSON:

  - spaces count from the front of the line, ``0`` to ``5``;
  - Double viseur and Canardage: two spaces ascending, ``[a, a + 1]``
    (Double viseur's single ``[s]`` only when no two adjacent spaces are
    free);
  - Tu louches ``[target, shot]`` and À couvert ``[duck, cover]``: by role,
    the neighbour on either side (``[t, t - 1]`` or ``[t, t + 1]``);
  - En avant marche, Dispersion and Canarchie: ``[]``; only Canarchie's play
    has ``line``, the whole new line, front first, each stack bottom first;
  - a discard names its card only.

  :meth:`CanardageKit.non_canonical` writes a legal Double viseur or
  Canardage with its spaces descending, ``[a + 1, a]``, which rulespec
  refuses. A refused legal discard of a card is explained by
  :meth:`CanardageKit.refusal_probes`: every play of that card, which the
  engine must believe possible.
- Clauses: each part of a state or view names the clauses it depends on,
  from the card just played and what lay on the spaces it touched (a pair,
  a Planqué card, water). A difference that shows only later (legal actions
  or scores, through a black box) is explained by the earliest step whose
  effect accounts for it: rulespec's state is changed in one simple way
  until it gives the engine's answer, and the kind of change names the step.
  A line that holds the same stacks in another order just after a shot, or
  whose stacks are found later in another order when no card that moves
  stacks was played and the last change to the line was a shot, names the
  closing up first and the shooting card second: the card's own part (which
  duck fell) agreed.
  A Planqué card offered again on its space is laid to Planqué itself
  (can.action.planque): through a black box it looks the same as a card taken
  off the line too early. Only then, the engine plays a short game of the
  kit's own (:func:`planque_trial`) that rebuilds the draw pile while a Planqué
  card lies on the line: an engine that keeps the card off its played cards
  there has not taken it off early, and the protection is named first
  (can.planque.space).
  Some changes point further back: a line refilled another way after a pair
  sent under the duck deck came back out names the pair's En avant marche; a
  shot at a pair after which the engine closed the line up (the same duck
  fell) names the last play that moved the pair; a shot at water just before
  names that shot when taking the water out explains the answer; and a hand
  that differs in one card drawn from a rebuilt draw pile names the
  reshuffle.
  Some are found by playing the game again from a variant of an earlier
  state, every step since still legal and answering as before: a duck deck
  dealt with one water card fewer or more names the duck deck; a shot at
  water after which the water left the line names that shot; an En avant
  marche that put the front stack on top of the deck, or a pair upside
  down under it, names that play. A line at the deal that holds other cards
  than the rules' names the duck deck first; a Planqué card among the
  played cards while it lies on the line (seen in the played cards, or as
  a draw pile that lasts longer after a reshuffle) names Planqué first and
  the reshuffle second; a shot refused on a Planqué space, water there or
  not, names the protection (can.planque.space). When an engine's moves
  were learned by offering a few of Canarchie's orders, a line is judged
  on the other plays.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
from hypothesis import strategies as st

from rulespec.canardage.actions import Deal, Discard, Disperse, Play, Reshuffle
from rulespec.canardage.cards import DUCKS_PER_COLOUR, WATER, Card, duck_name, sort_cards
from rulespec.canardage.codec import decode_options
from rulespec.canardage.line import LENGTH, Line, dealt, diagram, refill
from rulespec.canardage.rules import CLAUSES, LegalActions, duck_deck, first_player, legal_actions
from rulespec.canardage.rules import apply as rules_apply
from rulespec.canardage.rules import new_game as rules_new_game
from rulespec.canardage.state import NO_SHELTER, Options, Phase, State
from rulespec.canardage.view import View
from rulespec.core.chance import CHANCE, Chance
from rulespec.testing import kit as kits
from rulespec.testing.adapter import Setup
from rulespec.testing.kit import AnyGame, Draw, GameKit, Parts, Step, Strategy
from rulespec.testing.machine import ConformanceMachine

__all__ = [
    "ACTION_TWISTS",
    "CANARCHIE_ORDERS",
    "DUCK_TWISTS",
    "RARE",
    "RARE_DECK",
    "SECOND_DECK",
    "TRIAL_DECK",
    "CanardageKit",
    "CanardageMachine",
    "canonical",
    "canonical_view",
    "planque_trial",
    "second_planque_trial",
]

CANARCHIE_ORDERS = 8
"""At most this many of Canarchie's orders are offered to a generated game."""

SHOOTERS = frozenset({Card.PAN, Card.TIREUR_D_ELITE, Card.TU_LOUCHES, Card.CANARDAGE})
AIMERS = frozenset({Card.EN_JOUE, Card.DOUBLE_VISEUR})
RARE = frozenset(Card) - {Card.PAN, Card.EN_JOUE, Card.EN_AVANT_MARCHE}
"""The cards a ``"rare"`` game prefers, and a twisted shuffle puts on top."""
MOVERS = frozenset(
    {
        Card.EN_AVANT_MARCHE,
        Card.PALME_ARRIERE,
        Card.PALME_AVANT,
        Card.BANZAI,
        Card.A_COUVERT,
        Card.CANARCHIE,
        Card.DISPERSION,
    }
)

ACTION_TWISTS: tuple[str, ...] = ("none", "rare-first")
"""How a generated shuffle of action cards may be steered: left alone, or one copy of
each rare card on top (in the shuffled order)."""
DUCK_TWISTS: tuple[str, ...] = ("none", "colour-first")
"""How a generated deal of the duck deck may be steered: left alone, or every duck of
the top card's colour on top, so the line shows them at once."""

RARE_DECK = Options(
    action_deck={
        Card.EN_JOUE: 8,
        Card.DOUBLE_VISEUR: 3,
        Card.PAN: 8,
        Card.TIREUR_D_ELITE: 2,
        Card.TU_LOUCHES: 3,
        Card.CANARDAGE: 3,
        Card.RECTIFIER_GAUCHE: 2,
        Card.RECTIFIER_DROITE: 2,
        Card.EN_AVANT_MARCHE: 4,
        Card.PALME_ARRIERE: 2,
        Card.PALME_AVANT: 2,
        Card.BANZAI: 2,
        Card.CANARCHIE: 2,
        Card.DISPERSION: 2,
        Card.A_COUVERT: 4,
        Card.PLANQUE: 3,
    }
)
"""A 52-card deck with more of the rare cards (an ``action_deck`` option)."""

_ARITY: dict[Card, int] = {
    Card.EN_AVANT_MARCHE: 0,
    Card.DISPERSION: 0,
    Card.CANARCHIE: 0,
    Card.TU_LOUCHES: 2,
    Card.CANARDAGE: 2,
    Card.A_COUVERT: 2,
}

_HANDS = frozenset(f"hands[{p}]" for p in range(6)) | {"hand", "hand_sizes"}
_DECK = frozenset({"deck", "seen", "deck_size", "deck_bottom"})
_AFTER_PLAY = _HANDS | {"draw_pile", "draw_pile_size", "played", "shelters", "turn"}


def canonical(state: State) -> State:
    """``state`` with what no rule of Canardage defines set to fixed values.

    - ``seen`` is ``0``: it is kept for the views (the bottom of the duck deck
      seen going there), which the kit compares when an adapter gives them;
    - the played cards are sorted: they are shuffled whole into the next draw
      pile, and nothing reads their order;
    - each hand is sorted (a hand has no order);
    - while Dispersion waits for its shuffle (``Phase.DISPERSION``), the line's
      cards count as back in the duck deck, which is sorted, and the player on
      turn as having drawn (whether an engine gathers the line and draws before
      the shuffle or after it, no rule can tell);
    - after the game (``Phase.OVER``) ``turn`` is ``-1``, and the hands and the
      draw pile are emptied: the game ends with the play that shoots the last
      ducks, and no rule says whether its player draws back to three.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> state = can.start(3, seed=1)
    >>> canonical(state).seen, canonical(state).line == state.line
    (0, True)
    """
    deck, line, hands, pile = state.deck, state.line, list(state.hands), state.draw_pile
    if state.phase is Phase.DISPERSION:
        deck = tuple(sorted((*deck, *(c for stack in line for c in stack))))
        line = ()
        p = state.turn
        if 0 <= p < len(hands) and len(hands[p]) < 3 and pile:
            hands[p], pile = (*hands[p], pile[0]), pile[1:]
    over = state.phase is Phase.OVER
    return attrs.evolve(
        state,
        seen=0,
        line=line,
        deck=deck,
        draw_pile=() if over else pile,
        played=sort_cards(state.played),
        hands=() if over else tuple(sort_cards(h) for h in hands),
        turn=-1 if over else state.turn,
    )


def canonical_view(view: View) -> View:
    """``view`` with what no rule defines set to fixed values: the order of the played
    cards and of the hand, and after the game the turn, the hands and the draw pile
    (see :func:`canonical`).

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> view = can.view(can.start(3, seed=1), 0)
    >>> canonical_view(attrs.evolve(view, phase=Phase.OVER)).hand
    ()
    """
    if view.phase is Phase.OVER:
        return attrs.evolve(
            view, played=sort_cards(view.played), hand=(), hand_sizes=(), draw_pile_size=0, turn=-1
        )
    return attrs.evolve(view, played=sort_cards(view.played), hand=sort_cards(view.hand))


def _twist_actions(pile: list[Card], twist: str) -> list[Card]:
    if twist != "rare-first":
        return pile
    first: list[Card] = []
    rest: list[Card] = []
    for card in pile:
        (first if card in RARE and card not in first else rest).append(card)
    return first + rest


def _twist_ducks(pile: list[int], twist: str) -> list[int]:
    if twist != "colour-first" or not pile:
        return pile
    colour = next((c for c in pile if c != WATER), WATER)
    return [c for c in pile if c == colour] + [c for c in pile if c != colour]


def _spread(uses: Sequence[Any], most: int) -> list[Any]:
    n = len(uses)
    if n <= most:
        return list(uses)
    return [uses[k * n // most] for k in range(most)]


def _first_spaces(card: Card) -> tuple[int, ...]:
    return tuple(range(_ARITY.get(card, 1)))


def _choices(card: Card) -> tuple[tuple[int, ...], ...]:
    """Every choice of spaces for ``card`` in the fixed action space (a full line), in
    the order of rulespec's action ids."""
    arity = _ARITY.get(card, 1)
    pairs = tuple((a, a + 1) for a in range(LENGTH - 1))
    if card is Card.DOUBLE_VISEUR:
        return (*pairs, *((s,) for s in range(LENGTH)))
    if card is Card.CANARDAGE:
        return pairs
    if arity == 2:  # (target, shot) or (duck, cover): a neighbour on either side
        return tuple((s, s + d) for s in range(LENGTH) for d in (-1, 1))
    if arity == 0:
        return ((),)
    return tuple((s,) for s in range(LENGTH))


_CHOICES = {card: _choices(card) for card in Card}
_SPECIAL = frozenset({"can.planque.space", "can.cover.pair", "can.targets.spaces"})
"""Refusals by a rule beside the card's own: an engine that forgets one accepts a play
that looks legal, so such plays are offered first."""


def _canarchie_lines(line: Line) -> list[Line]:
    """A few new lines for Canarchie: the current order (refused: it must change), the
    first two stacks swapped, the front stack sent to the back, the line reversed."""
    if len(line) < 2:
        return [line]
    found = [line, (line[1], line[0], *line[2:]), (*line[1:], line[0]), line[::-1]]
    return list(dict.fromkeys(found))


def _plays(state: State, player: int, card: Card) -> list[Play]:
    """The plays of ``card`` in the action space."""
    if card is Card.CANARCHIE:
        return [Play(player, card, (), line) for line in _canarchie_lines(state.line)]
    return [Play(player, card, spaces) for spaces in _CHOICES[card]]


def _out_of_turn(state: State, player: int) -> list[Any]:
    """A few actions of a player not on turn: discarding or playing each card in hand."""
    hand = tuple(dict.fromkeys(state.hands[player]))
    found: list[Any] = [Discard(player, card) for card in hand]
    found.extend(Play(player, card, _first_spaces(card)) for card in hand)
    return found


def _shot_spaces(action: Play) -> tuple[int, ...]:
    card = action.card
    if card is Card.TU_LOUCHES:
        return action.spaces[1:]
    if card in SHOOTERS:
        return action.spaces
    return ()


def _shelters(state: State) -> frozenset[int]:
    return frozenset(s for s in state.shelters if s != NO_SHELTER)


def _play_context(state: Any, action: Any) -> list[str]:
    """Clauses beyond the card's own that a play touches: pairs, Planqué cards, the
    targets already there, a line that closes up."""
    if not isinstance(state, State) or not isinstance(action, Play):
        return []
    found: list[str] = []
    line, card = state.line, action.card
    n = len(line)
    touched = [s for s in action.spaces if type(s) is int and 0 <= s < n]
    shot = [s for s in _shot_spaces(action) if type(s) is int and 0 <= s < n]
    if card in AIMERS and any(s in state.targets for s in touched):
        found.append("can.targets.spaces")
    if any(len(line[s]) == 2 for s in shot):
        found.append("can.cover.shot")
    if any(s in _shelters(state) for s in shot):
        found.append("can.planque.space")
    moves = (Card.PALME_ARRIERE, Card.PALME_AVANT, Card.BANZAI, Card.A_COUVERT)
    if card in moves and any(len(line[s]) == 2 for s in touched):
        found.append("can.cover.pair")
    if card is Card.CANARCHIE and any(len(s) == 2 for s in line):
        found.append("can.cover.pair")
    if card is Card.EN_AVANT_MARCHE and n and len(line[0]) == 2:
        found.append("can.cover.forward")
    if card is Card.DISPERSION and any(len(s) == 2 for s in line):
        found.append("can.cover.pair")
    return found


def _card_clauses(state: Any, action: Any) -> list[str]:
    """The clauses of the step ``action`` from ``state``."""
    if isinstance(action, Play):
        found = [CLAUSES[action.card] if isinstance(action.card, Card) else "can.turn.play-one"]
        found.extend(_play_context(state, action))
        return found
    if isinstance(action, Discard):
        return ["can.turn.discard"]
    if isinstance(action, Deal):
        return ["can.setup.line", "can.setup.duck-deck"]
    if isinstance(action, Disperse):
        return ["can.action.dispersion"]
    if isinstance(action, Reshuffle):
        return ["can.deck.reshuffle"]
    return []


def _closes_up(action: Any) -> bool:
    return isinstance(action, Play) and (
        action.card in SHOOTERS or action.card in (Card.A_COUVERT, Card.EN_AVANT_MARCHE)
    )


def _someone_out(state: Any) -> bool:
    return isinstance(state, State) and any(s >= DUCKS_PER_COLOUR for s in state.shot)


def _end_clauses(*states: Any, shared: bool = False) -> list[str]:
    """The end of the game; shared victories first when several players win."""
    found = ["can.end.winner"]
    for s in states:
        if isinstance(s, State) and s.phase is Phase.OVER and len(s.winners) > 1:
            shared = True
    return ["can.end.simultaneous", *found] if shared else found


_PAIR_CLAUSES = ("can.cover.shot", "can.cover.forward", "can.cover.pair")
_QUIET = AIMERS | {Card.PLANQUE}
"""Cards whose effect a later turn shows directly (targets and Planqué cards stay where
they were put), so they never explain a difference seen later."""


def _pairs_first(clauses: Sequence[str]) -> list[str]:
    """A step's clauses with those about a pair first: a pair is the rarer situation."""
    return [c for c in clauses if c in _PAIR_CLAUSES] + [
        c for c in clauses if c not in _PAIR_CLAUSES
    ]


def _game_steps(step: Step) -> list[Step]:
    """The steps since the deal, oldest first, ``step`` last."""
    return step.since(Deal)


_AIMED = AIMERS | SHOOTERS | {Card.RECTIFIER_GAUCHE, Card.RECTIFIER_DROITE}
"""Cards whose uses depend on the targets."""
_RETARGET = SHOOTERS | {Card.RECTIFIER_GAUCHE, Card.RECTIFIER_DROITE, Card.DISPERSION}
"""Cards that take targets off or move them (besides the aiming cards)."""


def _culprit(
    steps: Sequence[Step], cards: Iterable[Any] = (), among: frozenset[Card] | None = None
) -> list[str]:
    """The clauses of the last play of ``steps`` whose effect on the line, the targets or
    the duck deck a later turn can show only indirectly (a shot, a move, a Dispersion);
    when every card in question depends on the targets, the last play that took
    targets off or moved them; with ``among``, the last play of one of those cards."""
    play = _last_play(steps, cards, among)
    if play is None:
        return []
    found = _pairs_first(_card_clauses(play.before, play.action))
    if _closes_up(play.action):
        found.append("can.line.close-up")
    return found


def _last_play(
    steps: Sequence[Step], cards: Iterable[Any] = (), among: frozenset[Card] | None = None
) -> Step | None:
    """The step of :func:`_culprit`'s play, or ``None``."""
    aimed = bool(set(cards)) and set(cards) <= _AIMED
    for s in reversed(steps):
        action = s.action
        if isinstance(action, Play) and isinstance(action.card, Card):
            if action.card in _QUIET or (aimed and action.card not in _RETARGET):
                continue
            if among is not None and action.card not in among:
                continue
            return s
    return None


def _rearranged(steps: Sequence[Step]) -> list[str]:
    """The clauses that explain a line whose stacks stand in another order: when the
    last play that changed the line was a shot, the closing up first and the shot's
    clauses second (the shot's own part, which duck fell, agreed when it was
    compared); otherwise :func:`_culprit`'s."""
    play = _last_play(steps, among=_REMOVERS | _SHIFTERS | {Card.DISPERSION})
    if play is None or play.action.card not in SHOOTERS:
        return _culprit(steps)
    return _pairs_first(["can.line.close-up", *_card_clauses(play.before, play.action)])


def _refilled(steps: Sequence[Step]) -> int:
    """How many cards came into the line from the duck deck since the first En avant
    marche after the last shuffle of the duck deck: their order follows that play."""
    count, counting = 0, False
    for s in steps:
        action, before, after = s.action, s.before, s.after
        if isinstance(action, Play) and action.card is Card.EN_AVANT_MARCHE:
            counting = True
        if not counting or not isinstance(before, State) or not isinstance(after, State):
            continue
        if isinstance(action, Disperse):  # a new shuffle, the same in both engines
            count, counting = 0, False
            continue
        under = 0
        if isinstance(action, Play) and action.card is Card.EN_AVANT_MARCHE and before.line:
            under = len(before.line[0])
        count += max(len(before.deck) + under - len(after.deck), 0)
    return count


def _lifted(steps: Sequence[Step]) -> list[tuple[int, int]]:
    """The Planqué cards taken off the line since the deal: (player, space)."""
    found: list[tuple[int, int]] = []
    for s in steps:
        before, after = s.before, s.after
        if isinstance(before, State) and isinstance(after, State):
            for p, (was, now) in enumerate(zip(before.shelters, after.shelters, strict=False)):
                if was != NO_SHELTER and now == NO_SHELTER:
                    found.append((p, was))
    return found


def _kept(state: State, lifted: Iterable[tuple[int, int]]) -> Iterable[tuple[str, State]]:
    """``state`` with a Planqué card taken off earlier still on its space."""
    for p, space in lifted:
        if state.shelters[p] == NO_SHELTER and space < len(state.line):
            shelters = (*state.shelters[:p], space, *state.shelters[p + 1 :])
            yield "kept", attrs.evolve(state, shelters=shelters)


TRIAL_DECK = Options(action_deck={Card.PLANQUE: 1, Card.EN_JOUE: 12})
"""The action deck of :func:`planque_trial`: one Planqué card among thirteen."""


@functools.cache
def planque_trial() -> tuple[tuple[Any, ...], tuple[Card, ...]]:
    """A three-player game on :data:`TRIAL_DECK` that rebuilds the draw pile while a
    Planqué card lies on the line, its player's turn not yet back: its steps up to the
    reshuffle, and the played cards then (En joue only). Every player aims until the
    draw pile is empty; the first player then lays the Planqué card, and the next player
    aims and must draw. Nobody can shoot or lay a Planqué card meanwhile, so an engine
    that takes the Planqué card off the line when its player's turn ends answers every
    question the same until it is asked to rebuild its draw pile: its played cards hold
    the Planqué card.

    >>> steps, played = planque_trial()
    >>> len(steps), played == (Card.EN_JOUE,) * 4
    (6, True)
    """
    state = rules_new_game(3, TRIAL_DECK)
    ducks = duck_deck(3)
    first = rules_apply(state, Deal(ducks, TRIAL_DECK.deck())).turn
    cards = [Card.EN_JOUE] * 13
    cards[3 * first] = Card.PLANQUE
    steps: list[Any] = [Deal(ducks, tuple(cards))]
    state = rules_apply(state, steps[0])
    for card in (Card.EN_JOUE,) * 3 + (Card.PLANQUE, Card.EN_JOUE):
        play = next(a for a in legal_actions(state, state.turn) if getattr(a, "card", None) is card)
        steps.append(play)
        state = rules_apply(state, play)
    assert state.phase is Phase.RESHUFFLE and _shelters(state)
    return tuple(steps), state.played


def _lifted_late(game: AnyGame, adapter: Any) -> bool:
    """Whether the engine keeps a Planqué card off its played cards while the card lies
    on the line: it refuses, in :func:`planque_trial`, a rebuilt draw pile that holds the
    Planqué card, then takes the one without it."""
    return _trial(game, adapter) is True


SECOND_DECK = Options(action_deck={Card.PLANQUE: 2, Card.EN_JOUE: 11})
"""The action deck of :func:`second_planque_trial`: two Planqué cards among thirteen."""


@functools.cache
def second_planque_trial() -> tuple[tuple[Any, ...], Any]:
    """A three-player game on :data:`SECOND_DECK` where the first player lays a Planqué
    card and the next player holds the other: its steps, and that second card laid on
    the same space, which the rules refuse (the first card still lies there). An engine
    that takes it has taken the first card off the line when its player's turn ended.

    >>> steps, again = second_planque_trial()
    >>> len(steps), again.card is Card.PLANQUE
    (2, True)
    """
    state = rules_new_game(3, SECOND_DECK)
    ducks = duck_deck(3)
    first = rules_apply(state, Deal(ducks, SECOND_DECK.deck())).turn
    cards = [Card.EN_JOUE] * 13
    cards[3 * first] = cards[3 * ((first + 1) % 3)] = Card.PLANQUE
    deal = Deal(ducks, tuple(cards))
    state = rules_apply(state, deal)
    laid = next(
        a for a in legal_actions(state, first) if isinstance(a, Play) and a.card is Card.PLANQUE
    )
    state = rules_apply(state, laid)
    again = Play(state.turn, Card.PLANQUE, laid.spaces)
    assert again not in legal_actions(state, state.turn)
    return (deal, laid), again


def _kept_on_the_line(game: AnyGame, adapter: Any) -> bool | None:
    """Whether the engine keeps a Planqué card on its space until its player's next turn:
    it refuses, in :func:`second_planque_trial`, a second card on that space (``None``
    when it answers neither way)."""
    steps, again = second_planque_trial()
    return _refuses(adapter, again) if _replayed(game, adapter, SECOND_DECK, steps) else None


def _replayed(game: AnyGame, adapter: Any, options: Options, steps: Sequence[Any]) -> bool:
    """Whether the engine plays ``steps`` from a three-player start with ``options``."""
    try:
        adapter.start(Setup(game, 3, options))
        for action in steps:
            adapter.apply(action)
    except Exception:
        return False
    return True


def _refuses(adapter: Any, action: Any) -> bool | None:
    """Whether the engine refuses ``action`` as illegal (``None`` when it fails otherwise)."""
    try:
        adapter.apply(action)
    except ValueError:
        return True
    except Exception:
        return None
    return False


def _trial(game: AnyGame, adapter: Any) -> bool | None:
    """The engine's answer to :func:`planque_trial`: ``True`` when it keeps the Planqué
    card off its played cards while the card lies on the line, ``False`` when it takes
    a rebuilt draw pile that holds the card, ``None`` when it answers neither way."""
    steps, played = planque_trial()
    if not _replayed(game, adapter, TRIAL_DECK, steps):
        return None
    refused = _refuses(adapter, Reshuffle((Card.PLANQUE, *played)))
    if refused is not True:
        return refused
    try:
        adapter.apply(Reshuffle(played))
    except Exception:
        return None
    return True


def _aimed_there(
    state: State, variants: Sequence[tuple[str, State]], fits: Any, steps: Sequence[Step]
) -> bool:
    """Whether a play of ``steps`` touched a space (named it, or moved a target onto it)
    whose target differs in a ``"targets"`` variant of ``state`` that ``fits``."""
    toggled: set[int] = set()
    for kind, v in variants:
        if kind == "targets" and fits(v):
            toggled |= set(v.targets) ^ set(state.targets)
    for s in steps:
        action = s.action
        if isinstance(action, Play) and isinstance(action.card, Card):
            touched = set(action.spaces)
            if action.card in (Card.RECTIFIER_GAUCHE, Card.RECTIFIER_DROITE):
                touched |= {t + d for t in action.spaces for d in (-1, 1)}
            if action.card is Card.DISPERSION:
                return True
            if touched & toggled:
                return True
    return False


def _fits(
    game: AnyGame, state: State, player: int, engine: set[Any], differ: Sequence[Any]
) -> tuple[Any, Any]:
    """Whether a variant of ``state`` gives ``player`` the engine's legal actions
    (``engine``): exactly, and leaving Canarchie's orders aside (``None`` when only
    Canarchie's plays differ). An engine whose moves were learned by offering them was
    offered only a few of its up to 719 orders. A variant with the line, the targets,
    the Planqué cards and the hands of ``state`` explains nothing."""

    def exact(v: State) -> bool:
        return set(game.legal_actions(v, player)) == engine

    def loose(v: State) -> bool:
        if (v.line, v.targets, v.shelters, v.hands) == here:
            return False
        ours = {a for a in game.legal_actions(v, player) if a.card is not Card.CANARCHIE}
        return ours == theirs

    here = (state.line, state.targets, state.shelters, state.hands)
    theirs = {a for a in engine if getattr(a, "card", None) is not Card.CANARCHIE}
    if all(getattr(a, "card", None) is Card.CANARCHIE for a in differ):
        return exact, None
    return exact, loose


def _dealt_otherwise(steps: Sequence[Step], answers: Any, *, lists: bool = False) -> bool:
    """Whether a duck deck dealt with one water card fewer or more, the same steps played
    since (one at least, each legal there), explains the engine's answer (``answers``:
    the last state to a truth value) while agreeing with rulespec on who moves and the
    scores at every earlier step (``lists``: and on the legal actions of the player on
    turn, as an engine that lists them did): the engine's duck deck was not the rules'
    (``steps`` start at the deal)."""
    if len(steps) < 2 or not isinstance(steps[0].action, Deal):
        return False  # at the deal itself, one answer says too little
    if not isinstance(steps[0].after, State):
        return False
    ducks, first = steps[0].action.ducks, steps[0].after
    waters = [i for i, c in enumerate(ducks) if c == WATER]
    decks = [ducks[:i] + ducks[i + 1 :] for i in waters]
    decks += [(*ducks[:i], WATER, *ducks[i:]) for i in (*waters, len(ducks))]
    for deck in dict.fromkeys(decks):
        line, rest = dealt(deck)
        state = attrs.evolve(first, line=line, deck=rest, turn=first_player(line))
        if _replays(state, steps[1:], answers, lists=lists):
            return True
    return False


def _replays(state: State, steps: Sequence[Step], answers: Any, *, lists: bool = False) -> bool:
    """Whether ``steps`` played from ``state`` (a variant of the first one's ``before``)
    are legal, agree with rulespec on who moves and the scores before each of them, and
    end in a state for which ``answers`` is true. A Dispersion's shuffle is fitted to
    the variant's duck deck (:func:`_fitted`)."""
    try:
        for s in steps:
            if not _agrees(state, s.before, lists=lists):
                return False
            action = s.action
            if isinstance(action, Disperse):
                action = Disperse(_fitted(action.deck, state.deck))
            state = rules_apply(state, action)
        return bool(answers(state))
    except Exception:
        return False


def _water_shot_earlier(steps: Sequence[Step], answers: Any) -> list[str]:
    """The clauses of an earlier shot at water (not the last play) after which the
    engine took the water out of the line, like a duck: that line, every step since
    played from it, explains ``answers`` (see :func:`_replays`)."""
    plays = [i for i, s in enumerate(steps) if isinstance(s.action, Play)]
    for i in reversed(plays[:-1]):
        shot = steps[i]
        if not isinstance(shot.after, State) or not _shot_water([shot]):
            continue
        for _, variant in _water_taken(shot.after, [shot]):
            if _replays(variant, steps[i + 1 :], answers):
                return [*_pairs_first(_card_clauses(shot.before, shot.action)), "can.line.close-up"]
    return []


def _agrees(variant: State, ours: Any, *, lists: bool = False) -> bool:
    """Whether ``variant`` answers as rulespec's ``ours`` did: who moves, and the scores
    (every step played from it must be legal in it too); with ``lists``, the legal
    actions of the player on turn too."""
    if not isinstance(ours, State) or variant.phase is not ours.phase:
        return False
    if variant.shot != ours.shot or variant.turn != ours.turn:
        return False
    if not lists or ours.phase is not Phase.PLAY:
        return True
    return set(legal_actions(variant, ours.turn)) == set(legal_actions(ours, ours.turn))


def _marched_otherwise(steps: Sequence[Step], answers: Any) -> list[str]:
    """The clauses of an earlier En avant marche after which the engine's duck deck holds
    the front stack otherwise (on top of the deck, or a pair upside down at the bottom):
    that deck, every step since played from it, explains ``answers`` (see
    :func:`_replays`)."""
    for i in range(len(steps) - 1, -1, -1):
        march = steps[i]
        before, action, after = march.before, march.action, march.after
        if not (isinstance(action, Play) and action.card is Card.EN_AVANT_MARCHE):
            continue
        if not isinstance(before, State) or not isinstance(after, State) or not before.line:
            continue
        front, rest = before.line[0], before.line[1:]
        own = _card_clauses(before, action)
        tried = []
        if len(front) == 2:  # a pair is the rarer situation: its reading first
            tried.append((refill(rest, (*before.deck, *front[::-1])), _pairs_first(own)))
        tried.append((refill(rest, (*front, *before.deck)), [CLAUSES[Card.EN_AVANT_MARCHE], *own]))
        for (line, deck), clauses in tried:
            variant = attrs.evolve(after, line=line, deck=deck, seen=min(after.seen, len(deck)))
            if _replays(variant, steps[i + 1 :], answers):
                return clauses
    return []


def _fitted(order: tuple[int, ...], deck: tuple[int, ...]) -> tuple[int, ...]:
    """``order`` (a shuffle of the rules' duck deck) with water cards taken off its end
    or added there until it holds as many as ``deck``: the same shuffle of that deck."""
    extra = order.count(WATER) - deck.count(WATER)
    found = list(order)
    while extra > 0:
        del found[len(found) - 1 - found[::-1].index(WATER)]
        extra -= 1
    return (*found, *(WATER,) * -extra)


def _planque_shuffled(steps: Sequence[Step]) -> bool:
    """Whether the last rebuilding of the draw pile came while a Planqué card lay on the
    line: an engine that counts it among the played cards shuffles it in."""
    for s in reversed(steps):
        if isinstance(s.action, Reshuffle):
            return isinstance(s.before, State) and bool(_shelters(s.before))
    return False


def _variants(state: State, refilled: int = 0) -> Iterable[tuple[str, State]]:
    """``state`` with its targets or its line changed in one simple way, each with the
    kind of change: ``"targets"`` (none, one more, one less); ``"gone"`` (a space
    taken out, the line closed up and refilled from the deck); ``"short"`` (taken out,
    not refilled); ``"in-place"`` (the back stack moved into a space); ``"moved"``
    (two spaces swapped, a space moved elsewhere); ``"pair"`` (a hidden duck under
    another card than its cover); ``"refill"`` (one of the last
    ``refilled`` spaces holding another card, as from a duck deck in another order)."""
    if state.targets:
        yield "targets", attrs.evolve(state, targets=())
    line, deck = state.line, state.deck
    n = len(line)
    for i in range(n):
        toggled = tuple(sorted(set(state.targets) ^ {i}))
        yield "targets", attrs.evolve(state, targets=toggled)

    def laid(new: Line, rest_of_deck: tuple[int, ...] = deck) -> State:
        # Targets stand beside spaces: they stay where they are.
        targets = tuple(t for t in state.targets if t < len(new))
        return attrs.evolve(state, line=new, deck=rest_of_deck, targets=targets)

    for k in range(n):
        rest = line[:k] + line[k + 1 :]
        if deck:
            yield "gone", laid((*rest, (deck[0],)), deck[1:])
        yield "short", laid(rest)
        if k < n - 1:
            yield "in-place", laid((*line[:k], line[-1], *line[k:-1]))
    for i in range(n):
        for j in range(i + 1, n):
            swapped = list(line)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            yield "moved", attrs.evolve(state, line=tuple(swapped))
        others = [*line[:i], *line[i + 1 :]]
        for j in range(n):
            if j != i:
                yield "moved", attrs.evolve(state, line=(*others[:j], line[i], *others[j:]))
    for i in range(n):
        if len(line[i]) != 2:
            continue
        for j in range(n):
            if j != i and len(line[j]) == 1:
                split = list(line)
                split[i], split[j] = line[i][1:], (line[i][0], *line[j])
                yield "pair", attrs.evolve(state, line=tuple(split))
    for k in range(max(n - refilled, 0), n):
        for card in (*range(state.players), WATER):
            if line[k] != (card,):
                yield "refill", attrs.evolve(state, line=(*line[:k], (card,), *line[k + 1 :]))


_REMOVERS = SHOOTERS | {Card.A_COUVERT, Card.EN_AVANT_MARCHE}
"""Cards that take a space out of the line."""
_SHIFTERS = frozenset(
    {Card.PALME_ARRIERE, Card.PALME_AVANT, Card.BANZAI, Card.CANARCHIE, Card.A_COUVERT}
)
"""Cards that move stacks along the line."""

SHOT_ORDER = ("kept", "refill", "pair", "moved", "in-place", "gone", "short", "targets")
"""The variants tried on a shot whose scores differ, smallest change first: one number
of scores says little, so the change that moves the fewest cards is preferred."""


def _smallest_first(variants: Iterable[tuple[str, State]]) -> list[tuple[str, State]]:
    return sorted(variants, key=lambda kv: SHOT_ORDER.index(kv[0]))


def _explaining(variants: Iterable[tuple[str, State]], answers: Any) -> str | None:
    """The kind of the first variant for which ``answers`` (a state to a value) is true."""
    for kind, variant in variants:
        try:
            if answers(variant):
                return kind
        except Exception:
            continue
    return None


def _all_explaining(variants: Iterable[tuple[str, State]], answers: Any) -> list[str]:
    """The kinds of every variant for which ``answers`` is true, each once, in order."""
    found: dict[str, None] = {}
    for kind, variant in variants:
        if kind in found:
            continue
        try:
            if answers(variant):
                found[kind] = None
        except Exception:
            continue
    return list(found)


_KINDS_AFTER: tuple[tuple[frozenset[Card], tuple[str, ...]], ...] = (
    (frozenset({Card.A_COUVERT, Card.EN_AVANT_MARCHE}), ("short", "in-place", "gone", "pair")),
    (_SHIFTERS, ("moved", "pair", "in-place")),
)
"""For the card of the last play, the kinds of change it may leave behind, likeliest
first: when several simple changes explain an engine's answer, the one the last play
could have made is preferred."""


def _together(game: AnyGame, state: State, player: int, legal: LegalActions) -> list[Any]:
    """The plays a ``"together"`` game prefers, each judged by its outcome: first one
    that ends the game with several winners; then Double viseur on two neighbouring
    ducks of two players, one with the fewest ducks left; a shot at a duck of a player
    with the most ducks left (the counts even out); En joue on a duck of a player with
    the fewest ducks left; any other play that does not end the game; Canardage (kept
    for the last two ducks); last, a play that ends it with one winner."""
    left = [DUCKS_PER_COLOUR - n for n in state.shot]
    alive = [left[p] for p in range(state.players) if left[p] > 0]
    fewest, most = (min(alive), max(alive)) if alive else (0, 0)
    line = state.line

    def owner(space: int) -> int | None:
        top = line[space][-1] if 0 <= space < len(line) else WATER
        return None if top == WATER else top

    tiers: dict[int, list[Any]] = {}
    plays = [
        play
        for card in legal.cards()
        for play in (
            _spread(legal.uses(card), CANARCHIE_ORDERS)
            if card is Card.CANARCHIE
            else legal.uses(card)
        )
    ]
    for play in plays:
        after = game.apply(state, play)
        card = getattr(play, "card", None)
        owners = [owner(s) for s in getattr(play, "spaces", ())]
        fell = [p for p in range(state.players) if after.shot[p] > state.shot[p]]
        if after.phase is Phase.OVER:
            tier = 0 if len(after.winners) > 1 else 6
        elif card is Card.CANARDAGE:
            tier = 5
        elif (
            card is Card.DOUBLE_VISEUR
            and len(owners) == 2
            and None not in owners
            and owners[0] != owners[1]
            and min(left[p] for p in owners if p is not None) == fewest
        ):
            tier = 1
        elif fell and max(left[p] for p in fell) == most:
            tier = 2
        elif card is Card.EN_JOUE and owners[0] is not None and left[owners[0]] == fewest:
            tier = 3
        else:
            tier = 4
        tiers.setdefault(tier, []).append(play)
    return tiers[min(tiers)] if tiers else list(legal)


def _at_water(state: State, actions: Iterable[Any]) -> bool:
    """Whether one of ``actions`` aims at water: a space it shoots, targets or hides
    under, where water lies (not a space it names as the player's own duck, where an
    engine that sees a duck sees another line)."""
    line = state.line
    for action in actions:
        card = getattr(action, "card", None)
        if card in (Card.PALME_ARRIERE, Card.PALME_AVANT, Card.BANZAI):
            continue
        spaces = getattr(action, "spaces", ())
        aimed = spaces[1:] if card is Card.A_COUVERT else spaces
        if any(0 <= s < len(line) and line[s][-1] == WATER for s in aimed):
            return True
    return False


def _shot_water(steps: Sequence[Step]) -> bool:
    """Whether the last play shot at water: the line may differ from there on."""
    last = next((s for s in reversed(steps) if isinstance(s.action, Play)), None)
    if last is None or last.action.card not in SHOOTERS or not isinstance(last.before, State):
        return False
    return _at_water(last.before, (last.action,))


def _water_taken(state: State, steps: Sequence[Step]) -> Iterable[tuple[str, State]]:
    """When the last play of ``steps`` shot at water and left the line as ``state`` has
    it, ``state`` with that water taken out of the line (refilled, or not): an engine
    that shoots water may take it away like a duck, the likeliest change then."""
    last = next((s for s in reversed(steps) if isinstance(s.action, Play)), None)
    if last is None or not _shot_water(steps) or not isinstance(last.after, State):
        return
    if last.after.line != state.line or not isinstance(last.before, State):
        return
    line, deck = state.line, state.deck
    for k in _shot_spaces(last.action):
        if 0 <= k < len(line) and line[k][-1] == WATER:
            rest = line[:k] + line[k + 1 :]
            targets = tuple(t for t in state.targets if t != k)
            if deck:
                yield (
                    "gone",
                    attrs.evolve(state, line=(*rest, (deck[0],)), deck=deck[1:], targets=targets),
                )
            yield "short", attrs.evolve(state, line=rest, targets=targets)


def _parted_pair(state: State, steps: Sequence[Step], answers: Any) -> list[str]:
    """When the last play of ``steps`` shot at a pair and left the line as ``state`` has
    it, and the engine's answer is that of a line where that space was taken out (closed
    up and refilled) although the same duck fell: the engine's cover hid no duck, so the
    pair had come apart earlier, at the last play that moved it (its clauses, the pair's
    first), or at the À couvert that made it."""
    plays = [i for i, s in enumerate(steps) if isinstance(s.action, Play)]
    if not plays:
        return []
    shot = steps[plays[-1]]
    before, action = shot.before, shot.action
    if action.card not in SHOOTERS or not isinstance(before, State):
        return []
    if not isinstance(shot.after, State) or shot.after.line != state.line or not state.deck:
        return []
    for k in _shot_spaces(action):
        if not (0 <= k < len(before.line) and len(before.line[k]) == 2):
            continue
        rest = state.line[:k] + state.line[k + 1 :]
        targets = tuple(t for t in state.targets if t < len(state.line))
        gone = attrs.evolve(
            state, line=(*rest, (state.deck[0],)), deck=state.deck[1:], targets=targets
        )
        if not _explaining([("gone", gone)], answers):
            continue
        pair, at = before.line[k], k
        for s in reversed(steps[: plays[-1]]):
            was, now = s.before, s.after
            if not isinstance(was, State) or not isinstance(now, State):
                break
            if at >= len(now.line) or now.line[at] != pair:
                break
            if at < len(was.line) and was.line[at] == pair:
                continue  # it stood there already
            if not isinstance(s.action, Play):
                break
            own = _card_clauses(was, s.action)
            if pair in was.line:  # moved here whole: its move is in question
                return _pairs_first(["can.cover.pair", *own])
            return [*own, "can.cover.pair"]  # made here
    return []


def _likeliest(kinds: Sequence[str], steps: Sequence[Step]) -> str | None:
    """Among the ``kinds`` of change that explain an answer, the one the last play could
    have made, or else the first."""
    if not kinds:
        return None
    if "refill" in kinds and _returned_pair(steps) is not None:
        return "refill"
    last = next((s.action for s in reversed(steps) if isinstance(s.action, Play)), None)
    if last is not None:
        for cards, likely in _KINDS_AFTER:
            if last.card in cards:
                for kind in likely:
                    if kind in kinds:
                        return kind
    return kinds[0]


def _returned_pair(steps: Sequence[Step]) -> Step | None:
    """The last En avant marche since the duck deck's last shuffle that sent a pair under
    the deck, of which a card has come back into the line since: the order the pair
    went under in decides the line from then on.

    The duck deck is followed step by step, each card marked with the step that sent
    it under (none for a shuffled card), until a card so marked is drawn again."""
    marks: list[int | None] = []
    back: int | None = None
    for i, s in enumerate(steps):
        action, before, after = s.action, s.before, s.after
        if not isinstance(after, State):
            continue
        if isinstance(action, Deal | Disperse) or not isinstance(before, State):
            marks, back = [None] * len(after.deck), None
            continue
        if len(marks) != len(before.deck):
            marks = [None] * len(after.deck)  # lost track: nothing is marked from here
            continue
        under = 0
        if isinstance(action, Play) and action.card is Card.EN_AVANT_MARCHE and before.line:
            under = len(before.line[0])
        pile = [*marks, *([i if under == 2 else None] * under)]
        drawn = len(pile) - len(after.deck)
        if drawn < 0:
            marks = [None] * len(after.deck)
            continue
        for mark in pile[:drawn]:
            if mark is not None:
                back = mark
        marks = pile[drawn:]
    return None if back is None else steps[back]


def _sent_under(steps: Sequence[Step]) -> list[str]:
    """The clauses of the play that put cards into the duck deck that explain a line
    refilled another way: a pair sent under that came back out (see
    :func:`_returned_pair`), or else the last play that put cards into the deck, pairs
    first."""
    pair = _returned_pair(steps)
    if pair is not None:
        return _pairs_first(_card_clauses(pair.before, pair.action))
    for s in reversed(steps):
        action = s.action
        if isinstance(action, Play) and action.card in (Card.EN_AVANT_MARCHE, Card.DISPERSION):
            return _pairs_first(_card_clauses(s.before, action))
    return []


def _by_kind(kind: str | None, steps: Sequence[Step]) -> list[str]:
    """The clauses that explain a change of ``kind`` (see :func:`_variants`)."""
    if kind is None:
        return []
    if kind == "targets":
        return _culprit(steps, _AIMED)
    if kind == "kept":
        return ["can.action.planque", "can.planque.space"]
    if kind in ("short", "in-place"):
        close = ["can.line.close-up", *(["can.line.short"] if kind == "short" else [])]
        return [*close, *_culprit(steps, among=_REMOVERS)]
    if kind == "refill":
        return _sent_under(steps) or _culprit(steps)
    if kind == "gone":
        return _culprit(steps, among=_REMOVERS) or _culprit(steps)
    return _culprit(steps, among=_SHIFTERS | {Card.EN_AVANT_MARCHE}) or _rearranged(steps)


def _reordered(action: Any, expected: Any, actual: Any) -> bool:
    """Whether after a shot both lines hold the same stacks in another order: the shot
    took the right duck, the closing up put the others in the wrong places."""
    if not (isinstance(action, Play) and action.card in SHOOTERS):
        return False
    if not isinstance(expected, tuple) or not isinstance(actual, tuple) or expected == actual:
        return False
    try:
        return sorted(map(tuple, expected)) == sorted(map(tuple, actual))
    except TypeError:
        return False


def _drawn_since_reshuffle(steps: Sequence[Step], player: int) -> frozenset[Card]:
    """The cards ``player`` drew from a draw pile rebuilt from the played cards."""
    drawn: set[Card] = set()
    rebuilt = False
    for s in steps:
        rebuilt = rebuilt or isinstance(s.action, Reshuffle)
        before, after = s.before, s.after
        if (
            rebuilt
            and isinstance(before, State)
            and isinstance(after, State)
            and 0 <= player < min(len(before.hands), len(after.hands))
        ):
            drawn.update(set(after.hands[player]) - set(before.hands[player]))
    return frozenset(drawn)


def _other_hands(state: State, player: int, cards: Iterable[Card]) -> Iterable[State]:
    """``state`` with one of ``cards`` in ``player``'s hand replaced by another card."""
    hand = state.hands[player]
    for card in cards:
        if card not in hand:
            continue
        rest = list(hand)
        rest.remove(card)
        for other in Card:
            if other is not card:
                hands = list(state.hands)
                hands[player] = sort_cards((*rest, other))
                yield attrs.evolve(state, hands=tuple(hands))


def _hand_source(step: Step) -> list[str]:
    """Which steps fill the hands: the reshuffle of the played cards when one came."""
    if any(isinstance(s.action, Reshuffle) for s in _game_steps(step)):
        return ["can.deck.reshuffle", "can.turn.draw"]
    return ["can.setup.hands", "can.turn.draw"]


def _ducks_differ(expected: Parts, actual: Parts) -> bool:
    """Whether the line and the duck deck of a state hold other cards in the engine's."""

    def cards(parts: Mapping[str, Any]) -> list[Any]:
        found: list[Any] = []
        for stack in parts.get("line") or ():
            found.extend(stack if isinstance(stack, tuple) else (stack,))
        found.extend(parts.get("deck") or ())
        return sorted(found, key=repr)

    try:
        return "deck" in expected and cards(expected) != cards(actual)
    except TypeError:
        return False


def _refilled_otherwise(step: Step, line: Any) -> list[str]:
    """When the engine's ``line`` is rulespec's with one of the spaces refilled since a
    pair went under the duck deck holding another card, the clauses of the play that
    sent it under (:func:`_sent_under`): the walk back a black box gets, for a state
    without the duck deck."""
    state = step.after
    if not isinstance(state, State) or not isinstance(line, tuple):
        return []
    steps = _game_steps(step)
    if _returned_pair(steps) is None:
        return []
    refills = (v for kind, v in _variants(state, _refilled(steps)) if kind == "refill")
    if any(v.line == line for v in refills):
        return _sent_under(steps)
    return []


_VIEW_TO_STATE = {
    "deck_size": "deck",
    "deck_bottom": "seen",
    "hand_sizes": "hands",
    "draw_pile_size": "draw_pile",
    "player": "players",
}


class CanardageKit(GameKit):
    """Canardage's steering, probes and clause map."""

    game_id = "canardage"
    styles = ("shoot", "any", "rare", "line", "together")
    dealt: ClassVar[frozenset[str]] = frozenset({"can.turn.play-one"})
    every_step: ClassVar[frozenset[str]] = frozenset({"can.turn.order", "can.turn.draw"})
    consequences: ClassVar[Mapping[str, frozenset[str]]] = {
        # A game that ends in one engine only: nobody draws, the turn stays.
        "phase": _AFTER_PLAY | {"winners"},
        # Another duck shot: the end of the game may follow.
        "shot": _AFTER_PLAY | {"phase", "winners"},
        # The line closes up and refills from the deck.
        "line": _DECK,
        "deck": _DECK - {"deck"},
        # The draw pile feeds the hands; a reshuffle empties the played cards.
        "draw_pile": _HANDS | {"played", "draw_pile_size"},
        # Another player on turn: their Planqué card comes off the line.
        "turn": frozenset({"shelters", "played"}),
    }

    # -- generating --------------------------------------------------------------------

    def options(self, game: AnyGame) -> Strategy:
        """The published deck, or one with more of the rare cards."""
        return st.sampled_from((Options(), RARE_DECK))

    def reading_options(self, game: AnyGame) -> Strategy:
        """Either deck of :meth:`options` with the published readings, one reading of
        the catalogue (:func:`rulespec.readings`), or every reading option at once
        (each at its first alternative)."""
        return st.tuples(self.options(game), st.sampled_from(reading_sets())).map(
            lambda pair: attrs.evolve(pair[0], **pair[1])
        )

    def chance_action(self, game: AnyGame, state: Any, chance: Chance, draw: Draw) -> Any:
        orders = self.shuffled(chance, draw)
        if chance.kind == "deal":
            orders[0] = _twist_ducks(orders[0], DUCK_TWISTS[draw(kits.index(len(DUCK_TWISTS)))])
        if chance.kind in ("deal", "reshuffle"):
            twist = ACTION_TWISTS[draw(kits.index(len(ACTION_TWISTS)))]
            orders[-1] = _twist_actions(orders[-1], twist)
        return game.chance_action(state, orders)

    def player_actions(self, game: AnyGame, state: Any, player: int, style: str) -> Sequence[Any]:
        legal = legal_actions(state, player)
        cards = legal.cards()
        if not cards or not isinstance(legal[0], Play):
            return legal
        if style == "together":
            return _together(game, state, player, legal)
        by_card = {
            card: _spread(legal.uses(card), CANARCHIE_ORDERS)
            if card is Card.CANARCHIE
            else list(legal.uses(card))
            for card in cards
        }
        preferred: tuple[frozenset[Card], ...] = {
            "shoot": (SHOOTERS, AIMERS),
            "rare": (RARE,),
            "line": (MOVERS,),
        }.get(style, ())
        for kinds in preferred:
            found = [a for card, uses in by_card.items() if card in kinds for a in uses]
            if found:
                return found
        return [a for uses in by_card.values() for a in uses]

    def illegal_actions(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        if not isinstance(state, State) or state.phase is not Phase.PLAY:
            return ()
        if not 0 <= player < state.players:
            return (Discard(player, Card.PAN),)
        hand = tuple(dict.fromkeys(state.hands[player]))
        if player != state.turn:
            found: list[Any] = [Discard(player, card) for card in hand]
            found.extend(Play(player, card, _first_spaces(card)) for card in hand)
            return found
        legal = game.legal_actions(state, player)
        playable = len(legal) > 0 and isinstance(legal[0], Play)
        found = [Discard(player, card) for card in hand] if playable else []
        missing = next(c for c in Card if c not in hand)
        found.append(Play(player, missing, _first_spaces(missing)))
        n = len(state.line)
        for card in hand:
            found.extend(Play(player, card, spaces) for spaces in self._near(card, n))
            if card is Card.CANARCHIE and n:
                found.append(Play(player, card, (), state.line))
                found.append(Play(player, card, (), state.line[1:]))
                found.append(Play(player, card, (), (*state.line[:-1], state.line[0])))
        return [a for a in found if a not in legal]

    @staticmethod
    def _near(card: Card, n: int) -> list[tuple[int, ...]]:
        """Spaces to try ``card`` on: every space and one past each end, or neighbours
        and near neighbours for the cards that name two spaces."""
        arity = _ARITY.get(card, 1)
        found: list[tuple[int, ...]] = []
        if arity == 0:
            return [(0,)]
        if arity == 1 or card is Card.DOUBLE_VISEUR:
            found.extend((s,) for s in range(-1, n + 1))
        if arity == 2 or card is Card.DOUBLE_VISEUR:
            found.extend((a, b) for a in range(n) for b in (a - 1, a + 1, a + 2) if b <= n)
        return found

    def action_space(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """Every card's plays on every choice of spaces (Canarchie's a few orders), then
        every card's discard; a few actions for a player not on turn; none outside
        the players' turns.

        >>> import rulespec
        >>> can = rulespec.game("canardage")
        >>> state = can.start(3, seed=1)
        >>> space = KIT.action_space(can, state, state.turn)
        >>> sum(1 for a in space if not (isinstance(a, Play) and a.card is Card.CANARCHIE))
        112
        """
        if not isinstance(state, State) or state.phase is not Phase.PLAY:
            return ()
        if not 0 <= player < state.players:
            return ()
        if player != state.turn:
            return _out_of_turn(state, player)
        found: list[Any] = []
        for card in Card:
            found.extend(_plays(state, player, card))
        found.extend(Discard(player, card) for card in Card)
        return found

    def non_canonical(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """Each legal two-space Double viseur or Canardage with its spaces descending."""
        if not isinstance(state, State) or state.phase is not Phase.PLAY:
            return ()
        legal = legal_actions(state, player)
        return [
            Play(player, card, spaces[::-1])
            for card in (Card.DOUBLE_VISEUR, Card.CANARDAGE)
            for play in legal.uses(card)
            if isinstance(play, Play) and len(spaces := play.spaces) == 2
        ]

    def canonical_of(self, game: AnyGame, state: Any, action: Any) -> Any:
        """A two-space Double viseur or Canardage with its spaces ascending.

        >>> from rulespec.canardage import Card, Play
        >>> KIT.canonical_of(None, None, Play(0, Card.CANARDAGE, (3, 2)))
        Play(player=0, card=<Card.CANARDAGE: 'canardage'>, spaces=(2, 3), line=())
        """
        pair = (Card.DOUBLE_VISEUR, Card.CANARDAGE)
        if isinstance(action, Play) and action.card in pair and len(action.spaces) == 2:
            return Play(action.player, action.card, tuple(sorted(action.spaces)))
        return None

    def refusal_probes(self, game: AnyGame, state: Any, action: Any) -> Sequence[Any]:
        """For a legal discard, every play of every card in hand (all refused: a player
        discards only when no card can be played, so an engine that refuses the discard
        takes one of them for legal): the discarded card's first, and for each card
        those refused by a rule beside the card's own first (a protected space, a pair,
        a space already targeted), then in the order of the action space."""
        if not isinstance(action, Discard) or not isinstance(state, State):
            return ()
        if state.phase is not Phase.PLAY or action.player != state.turn:
            return ()
        legal = legal_actions(state, action.player)
        if action not in legal:
            return ()
        hand = dict.fromkeys((action.card, *state.hands[action.player]))
        found: list[Any] = []
        for card in hand:
            plays = [p for p in _plays(state, action.player, card) if p not in legal]
            special = [p for p in plays if set(kits.refusals(game, state, (p,))) & _SPECIAL]
            found += special + [p for p in plays if p not in special]
        return found

    def setup_clauses(self, game: AnyGame, state: Any) -> tuple[str, ...]:
        """The line, the hands, who starts, the two decks, the colours, the player count."""
        return (
            "can.setup.line",
            "can.setup.hands",
            "can.turn.first-player",
            "can.setup.duck-deck",
            "can.setup.action-deck",
            "can.setup.colours",
            "can.setup.players",
            "can.chance.shuffles",
        )

    # -- comparing ---------------------------------------------------------------------

    def canonical(self, game: AnyGame, state: Any) -> Any:
        return canonical(state)

    def canonical_view(self, game: AnyGame, view: Any) -> Any:
        return canonical_view(view)

    def parts(self, game: AnyGame, state: Any) -> dict[str, Any]:
        return kits.field_parts(state, "hands")

    def part_clauses(
        self, game: AnyGame, step: Step, part: str, expected: Parts, actual: Parts
    ) -> tuple[str, ...]:
        before, action, after = step.before, step.action, step.after
        is_view = "player" in expected
        base = _VIEW_TO_STATE.get(part, part)
        if base == "hand" or base.startswith("hands"):
            base = "hands"
        found: list[str] = []
        setup = before is None or isinstance(action, Deal)
        if base in ("line", "deck", "seen"):
            if setup:
                if _ducks_differ(expected, actual):
                    found.append("can.setup.duck-deck")
                found.extend(("can.setup.line", "can.setup.duck-deck"))
            elif isinstance(action, Disperse):
                found.extend(("can.action.dispersion", "can.setup.line"))
            else:
                own = _card_clauses(before, action)
                close: list[str] = []
                if _closes_up(action):
                    close.append("can.line.close-up")
                    if isinstance(after, State) and len(after.line) < 6:
                        close.append("can.line.short")
                if base == "line" and _reordered(action, expected.get(part), actual.get(part)):
                    found.extend(_pairs_first([*close, *own]))
                else:
                    if base == "line" and isinstance(after, State):
                        # A line refilled another way: the play that sent cards under.
                        found.extend(_refilled_otherwise(step, actual.get(part)))
                    found.extend((*own, *close))
            if base == "seen":
                found.append("can.view.deck-bottom")
        elif base == "targets":
            found.extend(_card_clauses(before, action))
            found.append("can.targets.spaces")
        elif base == "shelters":
            if isinstance(action, Play) and action.card is Card.PLANQUE:
                found.extend(_card_clauses(before, action))
            found.append("can.action.planque")
        elif base == "shot":
            found.append("can.shot.owner")
            found.extend(_card_clauses(before, action))
        elif base == "hands":
            if setup:
                found.extend(("can.setup.hands", "can.setup.action-deck"))
            else:
                found.extend(("can.turn.draw", "can.turn.play-one"))
                if isinstance(action, Discard):
                    found.append("can.turn.discard")
        elif base == "draw_pile":
            if setup:
                found.extend(("can.setup.hands", "can.setup.action-deck"))
            else:
                found.extend(("can.turn.draw", "can.deck.reshuffle"))
        elif base == "played":
            found.extend(("can.turn.play-one", "can.deck.reshuffle"))
            took_off = (
                isinstance(before, State)
                and isinstance(after, State)
                and after.phase is Phase.PLAY
                and 0 <= after.turn < len(before.shelters)
                and before.shelters[after.turn] != NO_SHELTER
            )
            planque = isinstance(action, Play) and action.card is Card.PLANQUE
            if took_off or planque or Card.PLANQUE in (*self._last(expected), *self._last(actual)):
                if self._planques(expected) != self._planques(actual):
                    # When a Planqué card joins the played cards is Planqué's own rule.
                    found.insert(0, "can.action.planque")
                else:
                    found.append("can.action.planque")
            if isinstance(action, Discard):
                found.append("can.turn.discard")
        elif base == "phase":
            phases = {expected.get("phase"), actual.get("phase")}
            if Phase.OVER in phases:
                found.extend(_end_clauses(after))
            if Phase.RESHUFFLE in phases:
                found.append("can.deck.reshuffle")
            if Phase.DISPERSION in phases:
                found.append("can.action.dispersion")
            if not found:
                found.append("can.chance.shuffles")
        elif base == "turn":
            if setup:
                found.append("can.turn.first-player")
            else:
                found.append("can.turn.order")
                if _someone_out(after):
                    found.append("can.end.out")
        elif base == "winners":
            found.extend(_end_clauses(after))
        elif base == "players":
            found.append("can.setup.players")
        elif base == "options":
            found.append("can.setup.action-deck")
        if isinstance(action, Reshuffle) and base in ("hands", "draw_pile", "played"):
            # The hand drew from the pile this very step rebuilt: the rebuilding first.
            found.insert(0, "can.deck.reshuffle")
        if is_view:
            found.append("can.view.hidden")
            if part == "line" and isinstance(after, State) and any(len(s) == 2 for s in after.line):
                found.append("can.view.hidden-duck")
        return tuple(dict.fromkeys(found))

    @staticmethod
    def _planques(parts: Mapping[str, Any]) -> int:
        played = parts.get("played")
        return played.count(Card.PLANQUE) if isinstance(played, tuple) else 0

    @staticmethod
    def _last(parts: Mapping[str, Any]) -> tuple[Any, ...]:
        played = parts.get("played")
        return tuple(played[-1:]) if isinstance(played, tuple) else ()

    def legal_clauses(
        self, game: AnyGame, step: Step, player: int, missing: Sequence[Any], extra: Sequence[Any]
    ) -> tuple[str, ...]:
        state = step.after
        found: list[str] = []
        if isinstance(state, State) and state.phase is Phase.PLAY and 0 <= player < state.players:
            hand = set(state.hands[player])
            own = set(game.legal_actions(state, player))
            engine = (own - set(missing)) | set(extra)
            if any(getattr(a, "card", None) not in hand for a in extra):
                found.extend(_hand_source(step))
            # The engine's answer is exactly rulespec's on targets or a line that differ
            # in one simple way: an earlier play left them so. Otherwise the rule of
            # the card in hand is read another way.
            refused = kits.refusals(game, state, extra)
            sheltered = _shelters(state)
            if (
                missing
                and not extra
                and all(isinstance(a, Play) and set(_shot_spaces(a)) & sheltered for a in missing)
            ):
                # Only shots at a Planqué space are missing (at water: no duck is shot):
                # the engine's protection reaches further than the space's ducks.
                found.append("can.planque.space")
            if engine:
                steps = _game_steps(step)
                fits, loose = _fits(game, state, player, engine, (*missing, *extra))
                variants = [
                    *_kept(state, _lifted(steps)),
                    *_variants(state, _refilled(steps)),
                ]
                kinds = _all_explaining(variants, fits)
                if not kinds and loose is not None:
                    # None fits exactly: Canarchie's orders may be known in part only.
                    loosely = _all_explaining(variants, loose)
                    if loosely:
                        kinds, fits = loosely, loose
                if "targets" in kinds and not _aimed_there(state, variants, fits, steps):
                    # No play since the deal touched the space whose target differs: the
                    # card's own rule is read another way, likelier.
                    kinds = [k for k in kinds if k != "targets"]
                kind = _likeliest(kinds, steps)
                if kind == "gone":
                    found.extend(_parted_pair(state, steps, fits))
                if kind is None and any(
                    fits(v)
                    for v in _other_hands(state, player, _drawn_since_reshuffle(steps, player))
                ):
                    # One card of the hand differs, and it came from a rebuilt draw pile.
                    found.extend(("can.deck.reshuffle", "can.turn.draw"))
                replayed = fits if loose is None else (lambda v: fits(v) or loose(v))
                again: list[str] = []  # found by playing the game again from a variant
                aims_at_water = bool(refused) and _at_water(state, extra)
                if not aims_at_water and _dealt_otherwise(steps, replayed, lists=True):
                    # (An engine that aims at water misreads the card's rule: likelier.)
                    again.append("can.setup.duck-deck")
                for earlier in (_water_shot_earlier, _marched_otherwise):
                    again.extend(earlier(steps, replayed))
                retarget = _last_play(steps, _AIMED)
                dispersed = (
                    kind == "targets"
                    and retarget is not None
                    and retarget.action.card is Card.DISPERSION
                )
                if refused and _at_water(state, extra) and not _shot_water(steps) and not dispersed:
                    # Another line would explain it too, but an engine that aims at water
                    # misreads the card's own rule: likelier (unless the targets differ
                    # since a Dispersion, which lays a new line under them).
                    found.extend(refused)
                if kind != "refill" or _returned_pair(steps) is None:
                    found.extend(again)  # else a pair came back out: its reading first
                found.extend(_by_kind(kind, steps))
                found.extend(again)
            found.extend(refused)
            for action in missing:
                found.extend(_card_clauses(state, action))
        found.extend(self.allowing(game, state, (*missing, *extra)))
        return tuple(dict.fromkeys(found))

    def confirm(
        self, game: AnyGame, adapter: Any, step: Step, extra: Sequence[Any], clauses: Sequence[str]
    ) -> tuple[str, ...]:
        """A second Planqué card offered on a space that holds one names Planqué's own
        rule first (the card came off the line too early) unless
        :func:`planque_trial` shows the engine keeping such a card off its played cards
        while it lies on the line: then the engine does not see the space as protected
        (can.planque.space first). A shot at a duck on a protected space names the
        protection first, unless :func:`second_planque_trial` shows the engine taking a
        second Planqué card on a space whose first still lies there: then it took the
        first card off too early (can.action.planque first)."""
        state = step.after
        if not clauses or not isinstance(state, State):
            return tuple(clauses)
        if clauses[0] == "can.planque.space":
            laid = _shelters(state)
            shot = any(
                isinstance(a, Play)
                and any(s in laid and state.line[s][-1] != WATER for s in _shot_spaces(a))
                for a in extra
            )
            if shot and _kept_on_the_line(game, adapter) is False:
                # The engine shoots there because it took the Planqué card off already.
                return ("can.action.planque", *(c for c in clauses if c != "can.action.planque"))
            return tuple(clauses)
        if clauses[0] != "can.action.planque":
            return tuple(clauses)
        laid = _shelters(state)
        again = any(
            isinstance(a, Play) and a.card is Card.PLANQUE and a.spaces and a.spaces[0] in laid
            for a in extra
        )
        if not again or not _lifted_late(game, adapter):
            return tuple(clauses)
        return ("can.planque.space", *(c for c in clauses if c != "can.planque.space"))

    def action_clauses(self, game: AnyGame, state: Any, action: Any) -> tuple[str, ...]:
        found = _card_clauses(state, action)
        if isinstance(action, Deal):
            found.extend(("can.setup.hands", "can.setup.action-deck", "can.chance.shuffles"))
        if isinstance(action, Play | Discard) and isinstance(state, State):
            if state.phase is Phase.PLAY and action.player != state.turn:
                found.append("can.turn.order")
            if 0 <= action.player < state.players and state.shot[action.player] >= 5:
                found.append("can.end.out")
        return tuple(dict.fromkeys(found))

    def result_clauses(
        self, game: AnyGame, step: Step, what: str, expected: Any, actual: Any
    ) -> tuple[str, ...]:
        state, action = step.after, step.action
        found: list[str] = []
        if what == "scores":
            own = _card_clauses(step.before, action)
            found.extend(c for c in own if c in _PAIR_CLAUSES)
            before, got = step.before, tuple(actual) if isinstance(actual, Iterable) else ()
            if isinstance(before, State) and not found:
                again: list[str] = []  # found by playing the game again from a variant
                if _dealt_otherwise(_game_steps(step), lambda v: tuple(game.scores(v)) == got):
                    again.append("can.setup.duck-deck")
                for earlier in (_water_shot_earlier, _marched_otherwise):
                    again.extend(earlier(_game_steps(step), lambda v: tuple(game.scores(v)) == got))
                paired = _returned_pair(_game_steps(step)) is not None
                if not paired:
                    found.extend(again)  # else a pair came back out: its reading first
                # A shot at a line that differs: which simple change explains the scores.
                steps = _game_steps(step)[:-1]
                kind = _explaining(
                    itertools.chain(
                        _water_taken(before, steps),
                        _smallest_first(_variants(before, _refilled(steps))),
                    ),
                    lambda v: tuple(game.scores(game.apply(v, action))) == got,
                )
                if kind == "gone":
                    found.extend(
                        _parted_pair(
                            before,
                            steps,
                            lambda v: tuple(game.scores(game.apply(v, action))) == got,
                        )
                    )
                found.extend(_by_kind(kind, steps))
                found.extend(again)
            found.extend(own)
            found.append("can.shot.owner")
        elif what in ("winners", "is_over"):
            several = what == "winners" and isinstance(actual, Iterable) and len(set(actual)) > 1
            found.extend(_end_clauses(state, shared=several))
        elif what == "to_move":
            if isinstance(action, Deal):
                found.append("can.turn.first-player")
            if isinstance(state, State):
                if state.phase is Phase.OVER or actual == ():
                    found.extend(_end_clauses(state))
                if state.phase is Phase.RESHUFFLE:
                    if _planque_shuffled(_game_steps(step)):
                        # The engine's draw pile lasts longer: it took a Planqué card
                        # lying on the line for a played card at the last rebuilding.
                        found.append("can.action.planque")
                    found.append("can.deck.reshuffle")
                if state.phase is Phase.DISPERSION:
                    found.append("can.action.dispersion")
                if state.phase is Phase.PLAY and actual == (CHANCE,):
                    found.append("can.deck.reshuffle")
                if _someone_out(state):
                    found.append("can.end.out")
            found.append("can.turn.order")
        return tuple(dict.fromkeys(found))

    def describe(self, game: AnyGame, action: Any) -> str:
        if isinstance(action, Play) and isinstance(action.card, Card):
            name = f"player {action.player}: {action.card.french} ({action.card.english})"
            if action.card is Card.CANARCHIE:
                return f"{name}, new line {diagram(action.line)!r}"
            if action.spaces:
                return f"{name} on {', '.join(map(str, action.spaces))}"
            return name
        if isinstance(action, Discard) and isinstance(action.card, Card):
            return f"player {action.player}: discards {action.card.french}"
        if isinstance(action, Deal):
            ducks = ", ".join(duck_name(c) for c in action.ducks)
            return f"deal (duck deck, top first: {ducks}; {len(action.actions)} action cards)"
        if isinstance(action, Reshuffle):
            cards = ", ".join(c.french for c in action.draw_pile)
            return f"reshuffle (new draw pile, top first: {cards})"
        if isinstance(action, Disperse):
            ducks = ", ".join(duck_name(c) for c in action.deck)
            return f"Dispersion's shuffle (duck deck, top first: {ducks})"
        return repr(action)


@functools.cache
def reading_sets() -> tuple[dict[str, Any], ...]:
    """The option fields the kit's :meth:`CanardageKit.reading_options` sets on a deck:
    none; each executable reading of the catalogue; every reading option at once.

    >>> reading_sets()[0], {"pair_order": "cover-first"} in reading_sets()
    ({}, True)
    """
    from rulespec.rulebook.readings import reading_options, readings  # read when asked

    found: list[dict[str, Any]] = [{}]
    together: dict[str, Any] = {}
    for reading in readings("canardage"):
        decoded = decode_options(reading_options("canardage", reading.clause, reading.name))
        changed = {
            f.name: getattr(decoded, f.name)
            for f in attrs.fields(Options)
            if getattr(decoded, f.name) != getattr(Options(), f.name)
        }
        if changed not in found:
            found.append(changed)
        for name, value in changed.items():
            if name != "action_deck":
                together.setdefault(name, value)
    found.append(together)
    return tuple(found)


KIT = kits.register_kit(CanardageKit())


class CanardageMachine(ConformanceMachine):
    """A Canardage game as a Hypothesis state machine (see
    :class:`~rulespec.testing.machine.ConformanceMachine`)."""

    game_id = "canardage"
