"""The conformance kit's knowledge of Goofspiel (needs ``rulespec[testing]``).

rulespec's kit plays generated games through the game protocol alone; this module
adds what only the game can say, in a :class:`~rulespec.testing.GameKit` it
registers on import (the game's declaration names this module as ``kit``):

- Options: suits of 1 to 13 cards (few cards shrink best), either reading of a tie.
- Steering, every game still legal: a game is played in a style: ``"any"``
  bids uniformly, ``"high"`` bids the highest card left (every player alike,
  so the bids tie and the tie rules are met often), ``"match"`` bids the card
  nearest the prize.
- Illegal probes: a card already spent or above the suit, a second bid in one
  turn, a bid before the shuffle or after the end.
- The action space: a bid of each card 1 to 13 (the action ids of
  :mod:`rulespec_goofspiel.encoding`).
- Clauses: each part of a state or view names the clauses that decide it.

It also offers :class:`GoofspielMachine`, a Hypothesis state machine of whole
games, with ``rulespec.testing.GoofspielMachine`` as its public name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.testing.kit import GameKit, Step, register_kit
from rulespec.testing.machine import ConformanceMachine
from rulespec_goofspiel.actions import Bid, Shuffle
from rulespec_goofspiel.state import MAX_CARDS, TIE_READINGS, Options, Phase, State

__all__ = ["KIT", "GoofspielKit", "GoofspielMachine"]

Strategy = st.SearchStrategy[Any]

_PARTS: dict[str, tuple[str, ...]] = {
    "players": ("gs.setup.players",),
    "options": ("gs.cards.hands", "gs.tie.discard"),
    "phase": ("gs.setup.shuffle", "gs.turn.next"),
    "prize": ("gs.setup.shuffle", "gs.turn.next"),
    "prizes": ("gs.setup.shuffle", "gs.turn.next"),
    "prizes_left": ("gs.turn.next", "gs.view.hidden"),
    "pot": (),
    "hands": ("gs.cards.hands", "gs.turn.reveal"),
    "bids": ("gs.turn.bid", "gs.turn.simultaneous"),
    "bid": ("gs.turn.bid", "gs.view.bids"),
    "acted": ("gs.view.bids", "gs.turn.simultaneous"),
    "won": ("gs.turn.reveal",),
    "discarded": (),
    "last": ("gs.turn.reveal",),
    "player": ("gs.setup.players",),
}
"""The clauses that decide each part of a state (or of a view); the tie rule in play is
added to those of the prizes won, put aside and carried over."""


class GoofspielKit(GameKit):
    """What the conformance kit knows of Goofspiel (see the module)."""

    game_id = "goofspiel"
    styles = ("any", "high", "match")
    consequences: ClassVar[Mapping[str, frozenset[str]]] = {
        "prizes": frozenset({"prize", "prizes_left", "phase"}),
        "last": frozenset({"hands", "won", "discarded", "pot", "bids", "acted"}),
    }

    def options(self, game: Game[Any, Any, Any, Any]) -> Strategy:
        """A suit of 1 to 13 cards (shrinking to few), ties discarded or carried."""
        return st.builds(
            Options, cards=st.integers(1, MAX_CARDS), ties=st.sampled_from(TIE_READINGS)
        )

    def player_actions(
        self, game: Game[Any, Any, Any, Any], state: Any, player: int, style: str
    ) -> Sequence[Any]:
        """All bids (``"any"``), the highest card (``"high"``), or the card nearest the
        prize (``"match"``)."""
        bids: Sequence[Bid] = game.legal_actions(state, player)
        if style == "high" and bids:
            return bids[-1:]
        if style == "match" and bids:
            return [min(bids, key=lambda b: (abs(b.card - state.prize), b.card))]
        return bids

    def illegal_actions(
        self, game: Game[Any, Any, Any, Any], state: Any, player: int
    ) -> Sequence[Any]:
        """A spent card or one above the suit, a second bid, a bid outside a turn."""
        if state.phase is not Phase.BID:
            return [Bid(player, 1)]
        hand = state.hands[player]
        if state.bids[player] is not None:
            return [Bid(player, card) for card in hand[:2]]
        return [Bid(player, c) for c in range(1, MAX_CARDS + 1) if c not in hand][:4]

    def action_space(
        self, game: Game[Any, Any, Any, Any], state: Any, player: int
    ) -> Sequence[Any]:
        """A bid of every card from 1 to 13, legal or not."""
        return [Bid(player, card) for card in range(1, MAX_CARDS + 1)]

    def setup_clauses(self, game: Game[Any, Any, Any, Any], state: Any) -> tuple[str, ...]:
        return ("gs.setup.shuffle", "gs.cards.prizes", "gs.cards.hands")

    def part_clauses(
        self,
        game: Game[Any, Any, Any, Any],
        step: Step,
        part: str,
        expected: Mapping[str, Any],
        actual: Mapping[str, Any],
    ) -> tuple[str, ...]:
        """The clauses of ``part`` (see :data:`_PARTS`); the tie rule in play for the
        prizes won, put aside or carried."""
        found = _PARTS.get(part, ())
        after: State = step.after
        if part in ("won", "discarded", "pot", "options"):
            tie = "gs.tie.carry" if after.options.ties == "carry" else "gs.tie.discard"
            found = (*found, tie)
        return tuple(dict.fromkeys(found))

    def action_clauses(
        self, game: Game[Any, Any, Any, Any], state: Any, action: Any
    ) -> tuple[str, ...]:
        return ("gs.turn.bid", "gs.turn.simultaneous")

    def result_clauses(
        self, game: Game[Any, Any, Any, Any], step: Step, what: str, expected: Any, actual: Any
    ) -> tuple[str, ...]:
        return {
            "to_move": ("gs.turn.simultaneous", "gs.turn.next"),
            "is_over": ("gs.turn.next",),
            "scores": ("gs.score.points", "gs.turn.reveal"),
            "winners": ("gs.score.winner",),
        }.get(what, ())

    def describe(self, game: Game[Any, Any, Any, Any], action: Any) -> str:
        if isinstance(action, Bid):
            return f"player {action.player}: bid {action.card}"
        if isinstance(action, Shuffle):
            return "shuffle (" + " ".join(map(str, action.order)) + ")"
        return repr(action)


KIT = GoofspielKit()
register_kit(KIT)


def _bidding(machine: ConformanceMachine) -> bool:
    g = machine.game
    return not g.is_over(machine.state) and g.to_move(machine.state) != (CHANCE,)


class GoofspielMachine(ConformanceMachine):
    """Whole games of Goofspiel as a Hypothesis state machine, with an optional engine
    beside it: subclass it, set ``adapter_factory``, add your own rules and
    invariants, and collect ``YourMachine.TestCase``.

    Besides the steps of :class:`~rulespec.testing.ConformanceMachine` it checks, at
    any turn, that the bids still to come give the same result in whatever order
    they arrive (it plays them aside: the game goes on as it was).
    """

    game_id = "goofspiel"

    @precondition(_bidding)
    @rule(data=st.data())
    def arrival_order_does_not_matter(self, data: st.DataObject) -> None:
        g, state = self.game, self.state
        bids = [
            data.draw(st.sampled_from(list(g.legal_actions(state, p)))) for p in g.to_move(state)
        ]
        order = data.draw(st.permutations(range(len(bids))))
        assert _played(g, state, bids) == _played(g, state, [bids[i] for i in order])


def _played(g: Game[Any, Any, Any, Any], state: Any, actions: Iterable[Any]) -> Any:
    for action in actions:
        state = g.apply(state, action)
    return state
