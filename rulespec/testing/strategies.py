"""Hypothesis strategies for any rulespec game.

Every state they give is reachable: it is played from a new game by chance
outcomes and legal actions, never assembled, so a test never fails on a
position no game can reach. Failures shrink to fewer players, fewer steps
and shuffles closer to the canonical order.

>>> from hypothesis import given, settings
>>> import rulespec
>>> from rulespec.testing import strategies
>>> dc = rulespec.game("duck-and-cover")
>>> @settings(max_examples=5, database=None)
... @given(strategies.records(dc, max_steps=30))
... def test_records_replay(record):
...     assert dc.violations(record.replay()) == ()
>>> test_records_replay()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import Setup, game_of
from rulespec.testing.driver import Driver
from rulespec.testing.kit import kit_for

__all__ = [
    "Played",
    "actions",
    "chance_actions",
    "illegal_actions",
    "played",
    "records",
    "setups",
    "states",
]

GameLike = str | Game[Any, Any, Any, Any]


@attrs.frozen
class Played:
    """A game played from its start: the record and the state it reaches."""

    record: Record
    state: Any


def _players(g: Game[Any, Any, Any, Any], players: int | Sequence[int] | None) -> Any:
    if players is None:
        return st.integers(g.min_players, g.max_players)
    if isinstance(players, int):
        return st.just(players)
    return st.sampled_from(tuple(players))


def setups(
    game: GameLike, *, players: int | Sequence[int] | None = None, options: Any = None
) -> st.SearchStrategy[Setup]:
    """What a game starts from: a number of players and the options.

    ``options=None`` draws from the options the game's kit offers (for Duck &
    Cover, the published game and the Competition variant).
    """
    g = game_of(game)
    opts = kit_for(g).options(g) if options is None else st.just(options)
    return st.builds(Setup, st.just(g), _players(g, players), opts)


@st.composite
def played(
    draw: st.DrawFn,
    game: GameLike,
    *,
    players: int | Sequence[int] | None = None,
    options: Any = None,
    max_steps: int = 200,
    min_steps: int = 0,
) -> Played:
    """A game played legally for ``min_steps`` to ``max_steps`` steps (fewer if it ends)."""
    g = game_of(game)
    setup = draw(setups(g, players=players, options=options))
    length = draw(st.integers(min_steps, max_steps))
    driver = Driver(g, None, draw)
    driver.start(setup.players, setup.options)
    while len(driver.steps) < length and not g.is_over(driver.state):
        driver.advance()
    return Played(driver.record(), driver.state)


def records(
    game: GameLike,
    *,
    players: int | Sequence[int] | None = None,
    options: Any = None,
    max_steps: int = 200,
    min_steps: int = 0,
) -> st.SearchStrategy[Record]:
    """Records of legal games (see :func:`played`)."""
    return played(
        game, players=players, options=options, max_steps=max_steps, min_steps=min_steps
    ).map(lambda p: p.record)


def states(
    game: GameLike,
    *,
    players: int | Sequence[int] | None = None,
    options: Any = None,
    max_steps: int = 200,
    min_steps: int = 0,
) -> st.SearchStrategy[Any]:
    """States reached by legal play from a deal (see :func:`played`)."""
    return played(
        game, players=players, options=options, max_steps=max_steps, min_steps=min_steps
    ).map(lambda p: p.state)


def chance_actions(game: GameLike, state: Any) -> st.SearchStrategy[Any]:
    """The chance outcomes of ``state`` (a chance step), steered by the game's kit."""
    g = game_of(game)
    if g.to_move(state) != (CHANCE,):
        return st.nothing()
    kit, chance = kit_for(g), g.chance(state)

    @st.composite
    def outcome(draw: st.DrawFn) -> Any:
        return kit.chance_action(g, state, chance, draw)

    return outcome()


def actions(game: GameLike, state: Any, player: int | None = None) -> st.SearchStrategy[Any]:
    """Legal actions in ``state``: of ``player``, or of any player to move (a chance
    outcome at a chance step). Empty (``nothing()``) when none is legal."""
    g = game_of(game)
    actors = g.to_move(state)
    if actors == (CHANCE,):
        return chance_actions(g, state) if player is None else st.nothing()
    who = actors if player is None else tuple(p for p in actors if p == player)
    legal = [a for p in who for a in g.legal_actions(state, p)]
    return st.sampled_from(legal) if legal else st.nothing()


def illegal_actions(
    game: GameLike, state: Any, player: int | None = None
) -> st.SearchStrategy[Any]:
    """Actions the rules refuse in ``state`` (of ``player``, or of any player), from the
    game's kit; ``nothing()`` where the kit has none."""
    g = game_of(game)
    kit = kit_for(g)
    seats = range(g.max_players) if player is None else (player,)
    found = [a for p in seats for a in kit.illegal_actions(g, state, p)]
    return st.sampled_from(found) if found else st.nothing()
