"""The Duck & Cover game object: the public face of the rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rulespec.core.chance import Chance
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game, register
from rulespec.core.invariants import Invariant, TransitionInvariant
from rulespec.duck_cover import codec, rules
from rulespec.duck_cover.actions import Action, Deal, Reshuffle
from rulespec.duck_cover.invariants import INVARIANTS, TRANSITION_INVARIANTS
from rulespec.duck_cover.position import position
from rulespec.duck_cover.scoring import totals, winners
from rulespec.duck_cover.state import Options, Phase, State
from rulespec.duck_cover.view import View, view

__all__ = ["GAME", "DuckAndCover"]


class DuckAndCover(Game[State, Action, View, Options]):
    """Duck & Cover (Captain Games), 2–7 players, three rounds, simultaneous turns.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.start(4, seed=1)
    >>> dc.to_move(state)
    (0, 1, 2, 3)
    """

    id = "duck-and-cover"
    name = "Duck & Cover"
    min_players = 2
    max_players = 7

    def default_options(self) -> Options:
        return Options()

    def new_game(self, players: int, options: Options | None = None) -> State:
        return rules.new_game(players, options)

    def to_move(self, state: State) -> tuple[int, ...]:
        return rules.to_move(state)

    def legal_actions(self, state: State, player: int) -> rules.LegalActions:
        return rules.legal_actions(state, player)

    def chance(self, state: State) -> Chance:
        piles = rules.chance_piles(state)
        if state.phase is Phase.DEAL:
            aside = "; its first two cards are set aside unseen" if state.options.surprises else ""
            return Chance(
                "deal",
                f"each family is shuffled into a grid; the {len(piles[-1])} draw cards form "
                f"the draw pile{aside}",
                piles,
            )
        return Chance("reshuffle", "the Captain pile is shuffled into a new draw pile", piles)

    def chance_action(self, state: State, outcome: Sequence[Sequence[Any]]) -> Action:
        if state.phase is Phase.DEAL:
            *grids, pile = outcome
            return Deal(tuple(tuple(g) for g in grids), tuple(pile))
        if state.phase is Phase.RESHUFFLE:
            (pile,) = outcome
            return Reshuffle(tuple(pile))
        raise IllegalAction("dc.turn.draw", "the game does not wait for chance now")

    def apply(self, state: State, action: Action) -> State:
        return rules.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def scores(self, state: State) -> tuple[int, ...]:
        return totals(state)

    def winners(self, state: State) -> tuple[int, ...]:
        return winners(state)

    def view(self, state: State, player: int) -> View:
        return view(state, player)

    def rounds(self, state: State) -> int:
        return len(state.round_scores)

    def events(self, before: State, action: Action, after: State) -> tuple[str, ...]:
        """``turn`` when a turn resolves, ``gift`` when every player has given a duck
        (*Low blows*), ``reshuffle``, and ``round:single-pile`` or ``round:discard-limit``
        when a round ends."""
        found: list[str] = []
        if type(action) is Reshuffle:
            found.append("reshuffle")
        elif type(action) is not Deal and not any(after.submitted):
            found.append("gift" if after.gifts and not before.gifts else "turn")
        if len(after.round_scores) > len(before.round_scores):
            if any(len(g.cells) == 1 for g in after.grids):
                found.append("round:single-pile")
            else:
                found.append("round:discard-limit")
        return tuple(found)

    @property
    def invariants(self) -> tuple[Invariant, ...]:
        return INVARIANTS

    @property
    def transition_invariants(self) -> tuple[TransitionInvariant, ...]:
        return TRANSITION_INVARIANTS

    def encode_options(self, options: Options) -> dict[str, Any]:
        return codec.encode_options(options)

    def decode_options(self, data: Mapping[str, Any]) -> Options:
        return codec.decode_options(data)

    def encode_action(self, action: Action) -> dict[str, Any]:
        return codec.encode_action(action)

    def decode_action(self, data: Any, where: str = "action") -> Action:
        return codec.decode_action(data, where)

    def encode_state(self, state: State) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_state(self, data: Any) -> State:
        return codec.decode_state(data)

    def encode_view(self, view: View) -> dict[str, Any]:
        return codec.encode_view(view)

    def decode_view(self, data: Any, where: str = "view") -> View:
        return codec.decode_view(data, where)

    position = staticmethod(position)


GAME = DuckAndCover()
register(GAME)
