"""The conformance kit's knowledge of Duo.

- Steering, every generated game still legal: a round is played in a style
  (``"greedy"`` places cards while one fits, so turns hold several cards and
  matches reach the target in a few rounds; ``"any"`` picks uniformly;
  ``"drain"`` draws while the draw pile lasts and then plays greedily, so
  the draw pile runs out under either reading of ``exhausted``), and a deal
  may put a joker on top of a discard pile, hand the starter a joker (and,
  in Turbo-DUO, a Turbo-joker) to play on it, or start a pile with a
  Turbo-joker: the cases a random deal rarely reaches.
- Options: the base game or Turbo-DUO, either reading of an exhausted draw
  pile, the first player at seat 0 or 1.
- Illegal probes: Stop before any card, Draw after a card, a card on the
  other pile, cards that do not fit, a card not in the hand, a third pile,
  actions of players not on turn.
- The action space (:meth:`DuoKit.action_space`), as rulespec numbers it for
  learning agents (:mod:`rulespec.duo.encoding`): every card of the game's
  77 (the Turbo-joker included, held or not) on pile 0, then on pile 1, then
  Stop and Draw; a player not on turn gets a few actions only. Canonical
  encodings, in the wire's JSON: a card by its name (``"red-3-circle"``,
  ``"joker-2"``, ``"turbo"``), a pile ``0`` or ``1``; each action has one
  encoding only, so :meth:`~rulespec.testing.kit.GameKit.non_canonical` has
  none. A refused legal Draw or Stop is explained by
  :meth:`DuoKit.refusal_probes`: the plays of the cards in hand that the
  rules refuse, which the engine must believe possible.
- Clauses: each part of a state or view names the clauses it depends on, by
  the kind of step that changed it; a refused or missing Play names the
  placing rule that decides its card on that pile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs
from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from rulespec.core.chance import CHANCE, Chance
from rulespec.duo.actions import Deal, Draw, Play, Stop
from rulespec.duo.cards import JOKERS, TURBO, card_name, features, is_joker
from rulespec.duo.matching import fits, placement_clause
from rulespec.duo.state import EXHAUSTED_READINGS, Options, Phase, State
from rulespec.duo.view import View
from rulespec.testing import kit as kits
from rulespec.testing.kit import AnyGame, GameKit, Parts, Step, Strategy
from rulespec.testing.machine import ConformanceMachine

__all__ = ["DEALS", "DuoKit", "DuoMachine", "canonical", "canonical_view", "twist"]

HAND_SIZE = 7

DEALS: tuple[str, ...] = ("none", "joker-top", "joker-duel", "turbo-top")
"""How a generated deal may be steered: left alone; a joker starting discard pile 0;
a joker starting pile 0 with a joker (and in Turbo-DUO a Turbo-joker) in the
starter's hand; a Turbo-joker (else a joker) starting pile 1."""

SORTED_DEALS = 16
"""One generated deal in this many keeps the deck in its own order."""

_KIND_CLAUSES: dict[type, tuple[str, ...]] = {
    Play: ("duo.turn.play",),
    Stop: ("duo.turn.stop",),
    Draw: ("duo.turn.draw",),
    Deal: ("duo.setup.deal", "duo.setup.piles", "duo.setup.draw-pile", "duo.round.new"),
}


def _in_turn(state: Any, player: int | None = None) -> bool:
    """Whether ``state`` is in a turn (and ``player``, when given, one of its seats)."""
    return kits.playing(state, State, Phase.TURN, player)


def canonical(state: State) -> State:
    """``state`` with what no rule of Duo defines set to fixed values.

    - ``round`` is ``0``: the round in play follows from ``round_scores``;
    - each hand is sorted (a hand has no order);
    - each discard pile keeps its top card, the cards under it sorted (only the
      top is ever played on, and the piles are shuffled whole);
    - between rounds (``Phase.DEAL``) the hands, piles and draw pile of the
      round just ended are emptied, and so are ``turn`` and ``turn_pile``: the
      next deal replaces them (``starter``, the next round's first player, stays);
    - after the match (``Phase.OVER``) ``starter`` too is ``0``.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.start(2, seed=1)
    >>> canonical(state).hands == tuple(tuple(sorted(h)) for h in state.hands)
    True
    """
    if state.phase is not Phase.TURN:
        return attrs.evolve(state, **_between(state), hands=(), piles=(), draw_pile=())
    return attrs.evolve(
        state,
        round=0,
        hands=tuple(tuple(sorted(h)) for h in state.hands),
        piles=tuple((*sorted(p[:-1]), p[-1]) if p else () for p in state.piles),
    )


def canonical_view(view: View) -> View:
    """``view`` with what no rule defines set to fixed values: the round number (it
    follows from the round scores) and the order of the hand; between rounds and after
    the match, as :func:`canonical` has it, the turn, the hands, the piles and the draw
    pile of the round just ended (and after the match the starter).

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> view = duo.view(duo.start(2, seed=1), 0)
    >>> canonical_view(attrs.evolve(view, phase=Phase.DEAL)).hand
    ()
    """
    if view.phase is Phase.TURN:
        return attrs.evolve(view, round=0, hand=tuple(sorted(view.hand)))
    emptied: dict[str, Any] = {"hand": (), "hand_sizes": (), "pile_tops": (), "pile_sizes": ()}
    return attrs.evolve(view, **_between(view), **emptied, draw_pile_size=0)


def _between(table: State | View) -> dict[str, Any]:
    """What the state or view of a match between rounds (or over) holds of no round: the
    round number, the turn, and after the match the starter."""
    starter = table.starter if table.phase is Phase.DEAL else 0
    return {"round": 0, "starter": starter, "turn": -1, "turn_pile": None}


def _is_joker(card: int) -> bool:
    return card in JOKERS


def _move(order: list[int], wanted: Callable[[int], bool], to: int, fixed: set[int]) -> None:
    """Swap the first card ``wanted`` accepts (outside ``fixed``) into position ``to``."""
    for i, card in enumerate(order):
        if i not in fixed and i != to and wanted(card):
            order[i], order[to] = order[to], order[i]
            break
    fixed.add(to)


def twist(order: Sequence[int], players: int, starter: int, how: str) -> list[int]:
    """The deal ``order`` steered as ``how`` says (one of :data:`DEALS`); still a
    permutation of the same cards.

    Card ``k`` of the first ``7n`` goes to seat ``k mod n``; cards ``7n`` and
    ``7n + 1`` start piles 0 and 1.
    """
    cards = list(order)
    left, right = HAND_SIZE * players, HAND_SIZE * players + 1
    fixed: set[int] = set()
    if how == "joker-top":
        _move(cards, _is_joker, left, fixed)
    elif how == "joker-duel":
        _move(cards, _is_joker, left, fixed)
        _move(cards, _is_joker, starter, fixed)
        if TURBO in cards:
            _move(cards, lambda c: c == TURBO, starter + players, fixed)
    elif how == "turbo-top":
        wanted = (lambda c: c == TURBO) if TURBO in cards else _is_joker
        _move(cards, wanted, right, fixed)
    return cards


_SPACE: tuple[tuple[Any, ...], ...] = tuple(
    (
        *(Play(p, card, pile) for pile in (0, 1) for card in range(TURBO + 1)),
        Stop(p),
        Draw(p),
    )
    for p in range(6)
)
"""``_SPACE[player]``: the action space of a seat (see :meth:`DuoKit.action_space`)."""


def _closeness(card: int, top: int) -> int:
    """How near ``card`` comes to fitting on ``top``: 3 when it fits, else the features
    they share (a joker on a joker counts one: only its own rule forbids it)."""
    if fits(card, top):
        return 3
    if is_joker(card) and is_joker(top):
        return 1
    a, b = features(card), features(top)
    return sum(1 for x, y in zip(a, b, strict=True) if x is not None and x == y)


def _round_ended(step: Step) -> bool:
    before, after = step.before, step.after
    return (
        isinstance(before, State)
        and isinstance(after, State)
        and len(after.round_scores) > len(before.round_scores)
    )


def _dealt(step: Step) -> bool:
    """Whether ``step`` starts the match or deals a round."""
    return step.before is None or isinstance(step.action, Deal)


def _first_player_clause(step: Step) -> str:
    """Who plays first after ``step``: the match's first player, else the next starter."""
    return "duo.setup.first-player" if step.before is None else "duo.round.next-starter"


def _round_end_clauses(action: Any) -> tuple[str, ...]:
    """The round end a step may bring: an empty hand after a Play, an exhausted draw
    pile after a Draw."""
    if isinstance(action, Play):
        return ("duo.round.out",)
    if isinstance(action, Draw):
        return ("duo.round.exhausted",)
    return ("duo.round.out", "duo.round.exhausted")


def _score_clauses(expected: Any, actual: Any, action: Any) -> list[str]:
    """Which scoring rule explains two different lists of round scores."""
    if not isinstance(expected, tuple) or not isinstance(actual, tuple):
        return ["duo.score.out", "duo.score.exhausted"]
    found: list[str] = []
    if len(expected) != len(actual):
        found.extend(_round_end_clauses(action))
    for e_row, a_row in zip(expected, actual, strict=False):
        if e_row != a_row:
            found.append(_row_clause(e_row))
    return found or ["duo.score.out", "duo.score.exhausted"]


def _row_clause(row: Any) -> str:
    """The scoring rule of one round's scores: only a won round gives points."""
    won = isinstance(row, tuple) and any(v > 0 for v in row)
    return "duo.score.out" if won else "duo.score.exhausted"


_CATEGORY: dict[str, str] = {
    "hand": "hands",
    "hand_sizes": "hands",
    "pile_tops": "piles",
    "pile_sizes": "piles",
    "draw_pile": "draw",
    "draw_pile_size": "draw",
}


def _category(part: str) -> str:
    if part.startswith("hands["):
        return "hands"
    if part.startswith("piles["):
        return "piles"
    return _CATEGORY.get(part, part)


def _round_steps(step: Step) -> list[Step]:
    """The steps of the round in play, oldest first, ``step`` last."""
    return step.since(Deal)


def _hand_source(step: Step, player: int, cards: Iterable[int]) -> list[str]:
    """Which step put ``cards`` (not in ``player``'s hand for rulespec) in the engine's
    hand: a draw, when rulespec still has one of them in the draw pile and the player
    drew this round; else the deal."""
    state: State = step.after
    drew = any(isinstance(s.action, Draw) and s.action.player == player for s in _round_steps(step))
    if drew and any(c in state.draw_pile for c in cards):
        return ["duo.turn.draw", "duo.setup.deal"]
    return ["duo.setup.deal", "duo.setup.draw-pile"]


class DuoKit(GameKit):
    """Duo's steering, probes and clause map."""

    game_id = "duo"
    styles = ("greedy", "any", "drain")
    dealt: ClassVar[frozenset[str]] = frozenset({"duo.turn.play"})
    every_step: ClassVar[frozenset[str]] = frozenset({"duo.turn.order"})
    consequences: ClassVar[Mapping[str, frozenset[str]]] = {
        # A round (or the match) that ends in one engine only: nobody is on turn.
        "phase": frozenset({"round", "starter", "turn", "turn_pile", "round_scores"}),
        # Another starter: the round's first turn follows.
        "starter": frozenset({"turn"}),
        # A card taken from the draw pile lands in a hand.
        "draw_pile": frozenset({"hand", "hand_sizes"}),
        "draw_pile_size": frozenset({"hand", "hand_sizes"}),
        "hand": frozenset({"hand_sizes"}),
        "pile_tops": frozenset({"pile_sizes"}),
    }

    # -- generating --------------------------------------------------------------------

    def options(self, game: AnyGame) -> Strategy:
        """The base game or Turbo-DUO, either reading of an exhausted draw pile, the
        first player at seat 0 or 1 (valid for every number of players)."""
        return st.builds(
            Options,
            turbo=st.booleans(),
            first_player=st.integers(0, 1),
            exhausted=st.sampled_from(EXHAUSTED_READINGS),
        )

    def chance_action(self, game: AnyGame, state: Any, chance: Chance, draw: kits.Draw) -> Any:
        (pile,) = chance.piles
        # One deal in SORTED_DEALS keeps the deck's own order: the simplest game then
        # costs one choice per deal, not one per card (its rounds are short, so a long
        # run of steps holds many deals).
        sorted_deal = draw(kits.index(SORTED_DEALS)) == 0
        order: list[Any] = list(pile) if sorted_deal else list(draw(kits.permutations(pile)))
        how = DEALS[draw(kits.index(len(DEALS)))]
        return game.chance_action(state, [twist(order, state.players, state.starter, how)])

    def player_actions(self, game: AnyGame, state: Any, player: int, style: str) -> Sequence[Any]:
        legal = game.legal_actions(state, player)
        if style == "any":
            return legal
        if style == "drain" and state.draw_pile and Draw(player) in legal:
            return [Draw(player)]
        plays = [a for a in legal if type(a) is Play]
        return plays or [legal[-1]]

    def illegal_actions(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        if not _in_turn(state, player):
            return (Draw(player),) if _in_turn(state) else ()
        hand = state.hands[player]
        if player != state.turn:
            return (Draw(player), Stop(player), Play(player, hand[0], 0))
        chosen = state.turn_pile
        found: list[Any] = [Stop(player)] if chosen is None else [Draw(player)]
        if chosen is not None:
            other = 1 - chosen
            top = state.piles[other][-1]
            found.extend(Play(player, c, other) for c in hand if fits(c, top))
        for pile in (0, 1) if chosen is None else (chosen,):
            top = state.piles[pile][-1]
            found.extend(Play(player, c, pile) for c in hand if not fits(c, top))
        outside = [c for c in (*state.piles[0], *state.piles[1]) if c not in hand]
        if outside:
            found.append(Play(player, outside[0], 0 if chosen is None else chosen))
        found.append(Play(player, hand[0], 2))
        legal = set(game.legal_actions(state, player))
        return [a for a in dict.fromkeys(found) if a not in legal]

    def action_space(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """Every card on each pile, then Stop and Draw; a few actions for a player not on
        turn; none outside the players' turns.

        >>> import rulespec
        >>> duo = rulespec.game("duo")
        >>> state = duo.start(2, seed=1)
        >>> space = KIT.action_space(duo, state, state.turn)
        >>> len(space), space[-2:]
        (156, (Stop(player=0), Draw(player=0)))
        """
        if not _in_turn(state, player):
            return ()
        if player != state.turn:
            hand = state.hands[player]
            return (Draw(player), Stop(player), *(Play(player, c, 0) for c in hand[:1]))
        return _SPACE[player]

    def refusal_probes(self, game: AnyGame, state: Any, action: Any) -> Sequence[Any]:
        """For a legal Draw or Stop, the refused plays of the cards in hand: first a card
        that fits the other pile after a card this turn, then by how near a card comes
        to fitting (the features it shares with the top card), pile, card."""
        if not isinstance(action, Draw | Stop) or not isinstance(state, State):
            return ()
        if state.phase is not Phase.TURN or action.player != state.turn:
            return ()
        legal = game.legal_actions(state, action.player)
        if action not in legal:
            return ()
        found = [
            (_closeness(card, state.piles[pile][-1]), pile, card)
            for pile in (0, 1)
            for card in sorted(set(state.hands[action.player]))
            if Play(action.player, card, pile) not in legal
        ]
        found.sort(key=lambda t: (-t[0], t[1], t[2]))
        return [Play(action.player, card, pile) for _, pile, card in found]

    def setup_clauses(self, game: AnyGame, state: Any) -> tuple[str, ...]:
        """The deal, the two piles, the draw pile, who starts, the player count and the
        deck (with the Turbo-jokers in Turbo-DUO); a later round's deal adds the new
        round and its starter."""
        found = [
            "duo.setup.deal",
            "duo.setup.piles",
            "duo.setup.draw-pile",
            "duo.setup.first-player",
            "duo.setup.players",
            "duo.cards.symbols",
            "duo.cards.jokers",
        ]
        if isinstance(state, State):
            if state.options.turbo:
                found.append("duo.cards.turbo")
            if state.round > 0:
                found[3:3] = ["duo.round.new", "duo.round.next-starter"]
        return tuple(found)

    # -- comparing ---------------------------------------------------------------------

    def canonical(self, game: AnyGame, state: Any) -> Any:
        return canonical(state)

    def canonical_view(self, game: AnyGame, view: Any) -> Any:
        return canonical_view(view)

    def parts(self, game: AnyGame, state: Any) -> dict[str, Any]:
        return kits.field_parts(state, "hands", "piles")

    def part_clauses(
        self, game: AnyGame, step: Step, part: str, expected: Parts, actual: Parts
    ) -> tuple[str, ...]:
        action, after = step.action, step.after
        kind = _category(part)
        ended = _round_ended(step)
        found: list[str] = []
        if kind in ("hands", "piles", "draw"):
            if step.before is None or isinstance(action, Deal):
                found.append(
                    {
                        "hands": "duo.setup.deal",
                        "piles": "duo.setup.piles",
                        "draw": "duo.setup.draw-pile",
                    }[kind]
                )
                found.append("duo.setup.deal")
            else:
                found.extend(_KIND_CLAUSES.get(type(action), ()))
                if isinstance(action, Play):
                    found.append("duo.turn.one-pile")
                if isinstance(action, Draw):
                    found.append("duo.setup.draw-pile")
        elif kind == "turn":
            if _dealt(step):
                found.append(_first_player_clause(step))
            else:
                found.extend(_KIND_CLAUSES.get(type(action), ()))
                if not isinstance(action, Play):
                    found.append("duo.turn.order")
                if ended:
                    found.extend(("duo.round.next-starter", *_round_end_clauses(action)))
        elif kind == "starter":
            found.append(_first_player_clause(step))
        elif kind == "turn_pile":
            found.extend(_KIND_CLAUSES.get(type(action), ()))
            found.append("duo.turn.one-pile")
        elif kind == "phase":
            e_scores, a_scores = expected.get("round_scores"), actual.get("round_scores")
            same_count = (
                isinstance(e_scores, tuple)
                and isinstance(a_scores, tuple)
                and len(e_scores) == len(a_scores)
            )
            if not same_count:
                found.extend(_round_end_clauses(action))
            elif e_scores != a_scores:
                found.extend(_score_clauses(e_scores, a_scores, action))
            if same_count or Phase.OVER in (expected.get(part), actual.get(part)):
                found.append("duo.game.target")
                if isinstance(after, State) and after.options.max_rounds is not None:
                    found.append("duo.game.round-limit")
        elif kind == "round":
            found.append("duo.round.new")
            if ended:
                found.extend(_round_end_clauses(action))
        elif kind == "round_scores":
            found.extend(_score_clauses(expected.get(part), actual.get(part), action))
        elif kind == "target":
            found.append("duo.game.target")
        elif kind in ("players", "player"):
            found.append("duo.setup.players")
        elif kind == "options":
            found.append("duo.cards.turbo")
        return tuple(dict.fromkeys(found))

    def legal_clauses(
        self, game: AnyGame, step: Step, player: int, missing: Sequence[Any], extra: Sequence[Any]
    ) -> tuple[str, ...]:
        state = step.after
        found: list[str] = []
        if _in_turn(state, player):
            hand = state.hands[player]
            strangers = [a.card for a in extra if isinstance(a, Play) and a.card not in hand]
            if strangers:
                found.extend(_hand_source(step, player, strangers))
            found.extend(kits.refusals(game, state, extra))
            for action in missing:
                if isinstance(action, Play) and action.pile in (0, 1):
                    found.append(placement_clause(action.card, state.piles[action.pile][-1]))
                found.extend(_KIND_CLAUSES.get(type(action), ()))
        found.extend(self.allowing(game, state, (*missing, *extra)))
        return tuple(dict.fromkeys(found))

    def action_clauses(self, game: AnyGame, state: Any, action: Any) -> tuple[str, ...]:
        found = list(_KIND_CLAUSES.get(type(action), ()))
        if not _in_turn(state):
            return tuple(found)
        player = getattr(action, "player", None)
        if player != state.turn:
            found.append("duo.turn.order")
        if isinstance(action, Play):
            if state.turn_pile is not None and action.pile != state.turn_pile:
                found.append("duo.turn.one-pile")
            if action.pile in (0, 1) and 0 <= action.card <= TURBO:
                found.append(placement_clause(action.card, state.piles[action.pile][-1]))
            else:
                found.append("duo.setup.piles")
            if player == state.turn and state.hands[state.turn] == (action.card,):
                found.append("duo.round.out")
        elif isinstance(action, Draw):
            if state.turn_pile is not None:
                found.append("duo.turn.stop")
            if len(state.draw_pile) <= 1:
                found.append("duo.round.exhausted")
        elif isinstance(action, Stop) and state.turn_pile is None:
            found.append("duo.turn.draw")
        return tuple(dict.fromkeys(found))

    def result_clauses(
        self, game: AnyGame, step: Step, what: str, expected: Any, actual: Any
    ) -> tuple[str, ...]:
        after: State = step.after
        action = step.action
        found: list[str] = []
        if what == "scores":
            if after.round_scores:
                found.append(_row_clause(after.round_scores[-1]))
            else:
                found.extend(("duo.score.out", "duo.score.exhausted"))
        elif what == "winners":
            found.append("duo.game.target")
        elif what == "is_over":
            found.append("duo.game.target")
            if after.options.max_rounds is not None:
                found.append("duo.game.round-limit")
            if _round_ended(step):
                # The round just scored may have brought a total to the target.
                found.extend((*_round_end_clauses(action), _row_clause(after.round_scores[-1])))
        elif what == "to_move":
            if _dealt(step):
                found.append(_first_player_clause(step))
            else:
                found.extend(self._turn_end_clauses(step, expected, actual))
                found.extend(_KIND_CLAUSES.get(type(action), ()))
                found.append("duo.turn.order")
        return tuple(dict.fromkeys(found))

    @staticmethod
    def _turn_end_clauses(step: Step, expected: Any, actual: Any) -> list[str]:
        """Why the turn passes differently: a round or match that ends in one engine
        only, or the next seat."""
        after, action = step.after, step.action
        engine_ends = actual in ((CHANCE,), ())
        if _round_ended(step):
            if expected == (CHANCE,) and actual == ():
                row = after.round_scores[-1]
                won = any(v > 0 for v in row)
                return ["duo.game.target"] if won else ["duo.score.exhausted", "duo.game.target"]
            if expected == () and engine_ends:
                return ["duo.game.target"]
            return list(_round_end_clauses(action))
        if engine_ends:
            return list(_round_end_clauses(action))
        if isinstance(action, Play):
            return ["duo.turn.play", "duo.turn.stop"]
        return ["duo.turn.order"]

    def describe(self, game: AnyGame, action: Any) -> str:
        if isinstance(action, Play):
            card = card_name(action.card) if 0 <= action.card <= TURBO else repr(action.card)
            return f"player {action.player}: play {card} on pile {action.pile}"
        if isinstance(action, Stop | Draw):
            return f"player {action.player}: {type(action).__name__.lower()}"
        if isinstance(action, Deal):
            return "deal (" + " ".join(card_name(c) for c in action.order) + ")"
        return repr(action)


KIT = kits.register_kit(DuoKit())


class DuoMachine(ConformanceMachine):
    """A Duo match as a Hypothesis state machine (see
    :class:`~rulespec.testing.machine.ConformanceMachine`); besides single actions it
    plays whole turns (a player acts until the turn passes), so turns of several cards
    come often."""

    game_id = "duo"

    @precondition(
        lambda self: (
            not self.game.is_over(self.state) and self.game.to_move(self.state) != (CHANCE,)
        )
    )
    @rule(data=st.data())
    def whole_turn(self, data: st.DataObject) -> None:
        """The player on turn acts until the turn passes or the round ends."""
        self._use(data)
        player = self.state.turn
        while self.state.phase is Phase.TURN and self.state.turn == player:
            self.driver.advance()
