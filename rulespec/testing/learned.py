"""What an engine that lists no legal actions allows, learned by offering it actions.

An engine that answers neither its legal actions nor its state shows a rule read
another way only when it refuses a legal step or takes an illegal one, often
many turns after the step that set it apart. To say which clause is to blame,
the kit then learns the engine's legal actions at that point: it plays the
game again up to there and offers every action of the game's action space
(and rulespec's legal actions); an action the engine refuses changes nothing,
and after one it takes, the game is played again up to the same point. The
difference with rulespec's list is explained as a listed one would be
(:meth:`~rulespec.testing.kit.GameKit.legal_clauses`).

Learning asks only when a divergence is reported, never while games agree.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.testing.adapter import Inexpressible, Setup
from rulespec.testing.kit import GameKit

__all__ = ["LEARN_MOST", "REPLAYS_MOST", "SAME_MOST", "Learned", "learn_legal"]

LEARN_MOST = 400
"""The most actions offered to learn one list."""
REPLAYS_MOST = 60
"""The most times the game is played again to learn one list (one per action taken)."""
SAME_MOST = 8
"""The most legal actions of one kind offered besides the action space."""


@attrs.frozen
class Learned:
    """The engine's answer on the actions offered at one state, set against rulespec's:
    the legal actions it refused (``missing``) and the illegal ones it took (``extra``).
    ``complete``: whether every action offered was answered."""

    missing: tuple[Any, ...]
    extra: tuple[Any, ...]
    complete: bool


def _spread(legal: Sequence[Any], offered: set[Any]) -> list[Any]:
    """The legal actions not ``offered`` already, at most :data:`SAME_MOST` of each kind
    (the action's type and card, when it has one): a card with hundreds of uses (a new
    order of a whole line) would drown the others. The uses left out count as taken."""
    seen: dict[tuple[Any, Any], int] = {}
    found = []
    for action in legal:
        if action in offered:
            continue
        key = (type(action), getattr(action, "card", None))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= SAME_MOST:
            found.append(action)
    return found


def _replay(adapter: Any, setup: Setup, steps: Sequence[Any]) -> bool:
    try:
        adapter.start(setup)
        for action in steps:
            adapter.apply(action)
    except Exception:
        return False
    return True


def learn_legal(
    game: Game[Any, Any, Any, Any],
    kit: GameKit,
    adapter: Any,
    setup: Setup,
    steps: Sequence[Any],
    state: Any,
    player: int,
) -> Learned | None:
    """Learn which actions of ``player`` the engine takes at ``state``, reached from
    ``setup`` by ``steps`` (which the engine took): rulespec's legal actions it
    refuses and the illegal ones of the action space it takes. ``None`` when the
    engine cannot be brought back to ``state`` (it refuses or raises on the way) or
    nobody but ``player`` could act there. The engine is left anywhere: start a new
    game after."""
    if tuple(game.to_move(state)) in ((), (CHANCE,)):
        return None
    with _unnoted(adapter):
        legal = list(game.legal_actions(state, player))
        space = list(kit.action_space(game, state, player))
        offered = list(dict.fromkeys((*space, *_spread(legal, set(space)))))[:LEARN_MOST]
        ours = set(legal)
        if not _replay(adapter, setup, steps):
            return None
        missing: list[Any] = []
        extra: list[Any] = []
        replays, complete = 0, True
        for action in offered:
            try:
                adapter.apply(action)
            except Inexpressible:
                continue
            except ValueError:
                if action in ours:
                    missing.append(action)
                continue
            except Exception:
                complete = False
                break
            if action not in ours:
                extra.append(action)
            replays += 1
            if replays > REPLAYS_MOST or not _replay(adapter, setup, steps):
                complete = False
                break
        return Learned(tuple(missing), tuple(extra), complete)


@contextlib.contextmanager
def _unnoted(adapter: Any) -> Iterator[None]:
    """Within the block, an adapter that notes the games it plays (``noting``) does not
    note the replays."""
    noting = getattr(adapter, "noting", None)
    if not isinstance(noting, bool):
        yield
        return
    adapter.noting = False
    try:
        yield
    finally:
        adapter.noting = noting
