"""The integer encodings a game gets when it writes none, for learning agents.

**Action ids** come from the rules' ``action_space(players, options)``: every
action of player 0 that a game of that size may ever allow, in a fixed order.
An action's id is its place in that list once its ``player`` is player 0's;
the list, and so the numbering, depends on the player count and options only.

**Observation**: the rules' ``observation(view)`` when they have one, of the
length the declaration's pieces give; otherwise a *hashed bag* of the view's
facts: each ``(field, seat, value)`` of the view sets one of :data:`HASHED`
numbers, picked by a CRC-32 of its text (the same on every platform). It lets
every agent adapter run; an agent that must learn well wants the game's own.

>>> import rulespec
>>> len(hashed(("a", (1, 2), None)))
256
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Sequence
from typing import Any

import attrs

from rulespec.plugin.declaration import observation_size
from rulespec.plugin.ids import checked_id, refuse_unless_legal

__all__ = ["HASHED", "DerivedEncoding", "hashed"]

HASHED = 256
"""The length of the hashed observation."""


def _facts(name: str, value: Any) -> list[str]:
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return [f"{name}[{p}]={item!r}" for p, items in enumerate(value) for item in items]
    if isinstance(value, tuple):
        return [f"{name}={item!r}" for item in value] + [f"{name}#{len(value)}"]
    return [f"{name}={value!r}"]


def hashed(values: Sequence[Any], names: Sequence[str] | None = None) -> tuple[float, ...]:
    """:data:`HASHED` numbers: 1.0 where one of the facts of ``values`` (named by
    ``names``, else by position) falls, 0.0 elsewhere."""
    found = [0.0] * HASHED
    for i, value in enumerate(values):
        for fact in _facts(names[i] if names else str(i), value):
            found[zlib.crc32(fact.encode()) % HASHED] = 1.0
    return tuple(found)


class DerivedEncoding:
    """The :class:`~rulespec.core.encoding.Encoding` of a game whose rules list its
    action space (see the module): ``game`` is the game, ``clause`` the clause an id
    outside the space cites."""

    def __init__(self, game: Any, clause: str) -> None:
        self.game = game
        self.clause = clause
        self._space = functools.lru_cache(maxsize=64)(self._listed)

    def _listed(self, players: int, options: Any) -> tuple[tuple[Any, ...], dict[Any, int]]:
        actions = tuple(self.game.rules.action_space(players, options))
        return actions, {a: i for i, a in enumerate(actions)}

    def _of(self, players: int, options: Any) -> tuple[tuple[Any, ...], dict[Any, int]]:
        return self._space(players, self.game.default_options() if options is None else options)

    def action_space_size(self, players: int, options: Any = None) -> int:
        """How many actions ``action_space`` lists."""
        return len(self._of(players, options)[0])

    def _id(self, state: Any, action: Any) -> int:
        player = getattr(action, "player", 0)
        plain = action if player == 0 else attrs.evolve(action, player=0)
        return self._of(state.players, state.options)[1][plain]

    def action_id(self, state: Any, action: Any) -> int:
        """The place of ``action`` (legal in ``state``) in the action space."""
        player = getattr(action, "player", None)
        legal = self._legal(state, player)
        refuse_unless_legal(legal, action, lambda a: self.game.apply(state, a), self.clause)
        return self._id(state, action)

    def _legal(self, state: Any, player: object) -> Sequence[Any]:
        if type(player) is int and 0 <= player < state.players:
            found: Sequence[Any] = self.game.rules.legal_actions(state, player)
            return found
        return ()

    def action_from_id(self, state: Any, player: int, action_id: int) -> Any:
        """The legal action of ``player`` whose id is ``action_id``."""
        actions = self._of(state.players, state.options)[0]
        action = actions[checked_id(action_id, len(actions), self.clause)]
        if hasattr(action, "player"):
            action = attrs.evolve(action, player=player)
        refuse_unless_legal(
            self._legal(state, player),
            action,
            lambda a: self.game.apply(state, a),
            self.clause,
        )
        return action

    def legal_action_ids(self, state: Any, player: int) -> tuple[int, ...]:
        """The ids of ``player``'s legal actions, ascending."""
        return tuple(sorted(self._id(state, a) for a in self._legal(state, player)))

    def observation_shape(self, players: int, options: Any = None) -> tuple[int, ...]:
        """The declared pieces' length with the rules' ``observation``, else :data:`HASHED`."""
        if hasattr(self.game.rules, "observation"):
            return (observation_size(self.game.declaration, players),)
        return (HASHED,)

    def observation(self, view: Any) -> tuple[float, ...]:
        """The rules' ``observation(view)``, else the hashed bag of the view's facts (the
        seats counted from the viewer)."""
        own = getattr(self.game.rules, "observation", None)
        if own is not None:
            return tuple(own(view))
        fields = [f.name for f in attrs.fields(type(view)) if f.name != "player"]
        values = [_turned(getattr(view, n), view.player, view.players) for n in fields]
        return hashed(values, fields)


def _turned(value: Any, player: int, players: int) -> Any:
    """A per-player tuple turned so that the viewer's entry comes first."""
    if isinstance(value, tuple) and len(value) == players:
        return value[player:] + value[:player]
    return value
