"""What each player has seen and done so far: the game's steps as a chain of records,
from which a player's information state is built (perfect recall).

Each :class:`Record` is one step of the rules (a player's action, the actions
of a simultaneous turn, or a whole chance step) with the state it led to. What
player ``p`` knows after the steps ``1 … k`` is the sequence of entries
``e_1 … e_k``, where ``e_i`` holds ``p``'s own action in step ``i`` (its id, if
``p`` acted) and ``p``'s view of the state after it (:meth:`Game.view
<rulespec.Game.view>`, as canonical JSON): two plays that ``p`` cannot tell
apart give the same entries.

The sequence grows with the game (a Duck & Cover view alone is two
kilobytes), so a player's information state names it by a digest: the
chained BLAKE2b hash ``h_i = H(h_{i-1}, e_i)``, 128 bits. Two sequences give
the same digest only if they are equal, a collision aside (among a billion
histories, a chance below 2^-60). The information state string is

.. code-block:: text

    player 0, step 12, history 5f0c…e1
    {"draw_pile_size": 46, …}                (the view now, for reading)

Digests are computed on demand and kept, so a search that never asks for an
information state pays nothing for them.

>>> import rulespec
>>> duo = rulespec.game("duo")
>>> first = Record.first(duo, duo.new_game(2))
>>> dealt = first.then(duo.start(2, seed=1), {})
>>> dealt.steps, dealt.information(0) == dealt.information(1)
(1, False)
>>> print(dealt.information(0).splitlines()[0][:28])
player 0, step 1, history ...
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from rulespec.core.game import Game

__all__ = ["Record", "json_text", "sampled_digest", "view_json"]

_ORIGIN = hashlib.blake2b(b"rulespec information state", digest_size=16).hexdigest()
"""The digest of an empty history."""


def view_json(game: Game[Any, Any, Any, Any], state: Any, player: int) -> str:
    """``player``'s view of ``state`` as compact JSON with sorted keys: equal views,
    equal text.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> view_json(duo, duo.new_game(2), 1)[:40]
    '{"draw_pile_size":0,"hand":[],"hand_size'
    """
    return json_text(game.encode_view(game.view(state, player)))


def json_text(data: Any) -> str:
    """JSON ``data`` as compact text with sorted keys.

    >>> json_text({"b": [1, 2], "a": "é"})
    '{"a":"é","b":[1,2]}'
    """
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_SAMPLED = hashlib.blake2b(b"rulespec sampled state", digest_size=16).hexdigest()
"""The digest that a sampled state's history starts from (its past is not drawn)."""


def _chained(digest: str, entry: str) -> str:
    h = hashlib.blake2b(digest.encode("ascii"), digest_size=16)
    h.update(b"\n")
    h.update(entry.encode("utf-8"))
    return h.hexdigest()


def sampled_digest(game: Game[Any, Any, Any, Any], state: Any, player: int) -> str:
    """The digest given to ``player`` in a state sampled for another player: a history
    that starts with their view of the sample, marked as sampled."""
    return _chained(_SAMPLED, f"- {view_json(game, state, player)}")


class Record:
    """One step of the game and the state it led to, linked to the step before.

    Records never change once made (their caches aside), so states that share a
    past share its records.
    """

    __slots__ = ("_digests", "_lasts", "acted", "game", "memo", "previous", "state", "steps")

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        previous: Record | None,
        state: Any,
        acted: Mapping[int, int],
        digests: Mapping[int, str] | None = None,
        steps: int | None = None,
        lasts: Mapping[int, int | None] | None = None,
    ) -> None:
        self.game = game
        self.previous = previous
        self.state = state
        """The rules' state after this step."""
        self.acted = dict(acted)
        """The action id each acting player chose in this step (none for chance)."""
        self.steps: int = (previous.steps + 1 if previous else 0) if steps is None else steps
        """How many steps led here (0 for the first record)."""
        self._digests: dict[int, str] = dict(digests or {})
        self._lasts: dict[int, int | None] = dict(lasts or {})
        self.memo: dict[str, Any] = {}
        """What the nodes of this step derive from its state (its JSON, its chance
        step), shared by them; dropped when the next step is made."""

    @classmethod
    def first(cls, game: Game[Any, Any, Any, Any], state: Any) -> Record:
        """The record of a new game: ``state``, before any step."""
        return cls(game, None, state, {})

    @classmethod
    def restored(
        cls,
        game: Game[Any, Any, Any, Any],
        state: Any,
        digests: Mapping[int, str],
        steps: int,
        lasts: Mapping[int, int | None] | None = None,
    ) -> Record:
        """A record whose players' digests are known (a state read back, or sampled):
        its past is not kept, only what it adds up to (and each player's latest
        action, ``lasts``, where known)."""
        if set(digests) != set(range(state.players)):
            raise ValueError("a restored record needs one digest per player")
        return cls(game, None, state, {}, digests, steps, lasts)

    def then(self, state: Any, acted: Mapping[int, int]) -> Record:
        """The record of the next step: ``state``, reached by the players' ``acted`` ids."""
        self.memo.clear()
        return Record(self.game, self, state, acted)

    def last_action(self, player: int) -> int | None:
        """The id of ``player``'s latest own action up to this record, ``None`` before
        their first.

        >>> import rulespec
        >>> duo = rulespec.game("duo")
        >>> dealt = Record.first(duo, duo.new_game(2)).then(duo.start(2, seed=1), {})
        >>> after = dealt.then(dealt.state, {0: 7}).then(dealt.state, {1: 3})
        >>> after.last_action(0), after.last_action(1), dealt.last_action(0)
        (7, 3, None)
        """
        found: int | None = None
        record: Record | None = self
        while record is not None:
            if player in record.acted:
                found = record.acted[player]
                break
            if player in record._lasts:
                found = record._lasts[player]
                break
            record = record.previous
        self._lasts[player] = found
        return found

    def _entry(self, player: int, view: str | None = None) -> str:
        own = self.acted.get(player)
        if view is None:
            view = view_json(self.game, self.state, player)
        return f"{'-' if own is None else own} {view}"

    def digest(self, player: int, view: str | None = None) -> str:
        """The digest of ``player``'s entries up to this record (see the module);
        ``view`` is their :func:`view_json` of this record's state, if known."""
        pending: list[Record] = []
        record: Record | None = self
        while record is not None and player not in record._digests:
            pending.append(record)
            record = record.previous
        digest = _ORIGIN if record is None else record._digests[player]
        for step in reversed(pending):
            entry = step._entry(player, view if step is self else None)
            digest = step._digests[player] = _chained(digest, entry)
        return digest

    def information(self, player: int, view: str | None = None) -> str:
        """``player``'s information state string (see the module); ``view`` as for
        :meth:`digest`."""
        if view is None:
            view = view_json(self.game, self.state, player)
        return f"player {player}, step {self.steps}, history {self.digest(player, view)}\n{view}"
