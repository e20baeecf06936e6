"""Hypothesis strategies for Duo: reachable states with the steps that led there."""

from __future__ import annotations

import attrs
from hypothesis import strategies as st

from rulespec import CHANCE
from rulespec.duo import Action, Deal, Options, State
from tests.duo.helpers import DUO

__all__ = ["Played", "options", "played"]


@attrs.frozen
class Played:
    """A match from its start: options, players, every step, and the state reached."""

    players: int
    options: Options
    steps: tuple[Action, ...]
    state: State


@st.composite
def options(draw: st.DrawFn, players: int) -> Options:
    """Any options for ``players`` players (no round limit)."""
    return Options(
        turbo=draw(st.booleans()),
        first_player=draw(st.integers(0, players - 1)),
        exhausted=draw(st.sampled_from(("last-draw", "empty-draw"))),
    )


@st.composite
def played(draw: st.DrawFn, *, max_steps: int = 120, min_players: int = 2) -> Played:
    """A match played from a Hypothesis-chosen deal, with Hypothesis-chosen actions
    (either any legal action, or plays first when a play exists)."""
    players = draw(st.integers(min_players, 6))
    opts = draw(options(players))
    greedy = draw(st.booleans())
    state = DUO.new_game(players, opts)
    steps: list[Action] = []
    for _ in range(draw(st.integers(1, max_steps))):
        if DUO.is_over(state):
            break
        if DUO.to_move(state) == (CHANCE,):
            (pile,) = DUO.chance(state).piles
            action: Action = Deal(tuple(draw(st.permutations(pile))))  # type: ignore[arg-type]
        else:
            legal = DUO.legal_actions(state, DUO.to_move(state)[0])
            n = legal.plays if greedy and legal.plays else len(legal)
            action = legal[draw(st.integers(0, n - 1))]
        state = DUO.apply(state, action)
        steps.append(action)
    return Played(players, opts, tuple(steps), state)
