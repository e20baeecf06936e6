"""The adapter protocol: how the conformance kit drives another engine.

An adapter wraps one engine (a web game's rules, a bot's simulator, a
server) and speaks rulespec's types at its edges. Two methods are required:

- :meth:`Adapter.start` begins a new game from a :class:`Setup` (the game,
  the number of players and the options), forgetting any game before it;
- :meth:`Adapter.apply` applies one rulespec action: a player's action or a
  chance outcome (the deal and every reshuffle arrive this way, so both
  engines play the same cards). To refuse an action, raise
  :class:`ValueError` (:class:`Refused` is one; so is
  :class:`rulespec.IllegalAction`); any other exception is a crash.

The other methods are optional: leave out what the engine cannot answer, and
the kit checks the rest. An engine that cannot list its legal actions is
still checked on refusals, transitions and scores.

- :meth:`Adapter.legal_actions`: a player's legal actions, as rulespec actions;
- :meth:`Adapter.to_move`: who must act now (:data:`rulespec.CHANCE` at a
  chance step, nobody when the game is over);
- :meth:`Adapter.state`: the whole state, mapped to the game's state type
  (the kit compares its canonical projection: what no rule defines is left
  out, see ``canonical`` in each game's kit module);
- :meth:`Adapter.view`: one player's view, mapped to the game's view type
  (without a state, the kit then compares every player's view and legal
  actions);
- :meth:`Adapter.scores`, :meth:`Adapter.winners`, :meth:`Adapter.is_over`.

An object that does not subclass :class:`Adapter` works too, as long as it
has ``start`` and ``apply``; its optional methods are those it defines (a
method set to ``None`` is not one).

An adapter that learns what its engine answers only when it meets it (such
as :class:`~rulespec.testing.wire.WireAdapter`, which asks the engine) sets
:attr:`Adapter.declared_capabilities` on the instance: a method it defines
but the engine does not declare is then not a capability.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

import rulespec
from rulespec.core.game import Game

__all__ = ["OPTIONAL", "Adapter", "Refused", "Setup", "capabilities", "game_of"]


def game_of(game: str | Game[Any, Any, Any, Any]) -> Game[Any, Any, Any, Any]:
    """A game object from an id or a game.

    >>> game_of("duo").id
    'duo'
    """
    return rulespec.game(game) if isinstance(game, str) else game


class Refused(ValueError):
    """Raised by an adapter's :meth:`Adapter.apply` when its engine refuses an action.

    ``clause`` is the clause id the engine gives, when it gives one; when the
    engine refuses a legal action, the report names it first.

    >>> str(Refused("not your turn"))
    'not your turn'
    """

    def __init__(self, reason: str, clause: str | None = None) -> None:
        super().__init__(reason)
        self.clause = clause


@attrs.frozen
class Setup:
    """What a new game starts from: the game, its players and its options.

    The deal is not part of it: it is the first chance step, given to
    :meth:`Adapter.apply` like every later shuffle.
    """

    game: Game[Any, Any, Any, Any]
    players: int
    options: Any


class Adapter:
    """Base class of adapters: override :meth:`start`, :meth:`apply` and what else
    the engine can answer.

    >>> class Partial(Adapter):
    ...     def start(self, setup): ...
    ...     def apply(self, action): ...
    ...     def scores(self): return (0, 0)
    >>> sorted(capabilities(Partial()))
    ['scores']
    """

    declared_capabilities: frozenset[str] | None = None
    """The optional methods the engine behind this adapter declares it answers, or
    ``None`` when every method the adapter defines counts."""

    def start(self, setup: Setup) -> None:
        """Begin a new game of ``setup.players`` players with ``setup.options``."""
        raise NotImplementedError

    def apply(self, action: Any) -> None:
        """Apply a rulespec action; raise :class:`ValueError` (e.g. :class:`Refused`)
        to refuse it."""
        raise NotImplementedError

    def legal_actions(self, player: int) -> Iterable[Any]:
        """Optional: ``player``'s legal actions now, as rulespec actions."""
        raise NotImplementedError

    def to_move(self) -> Iterable[int]:
        """Optional: who must act now (``CHANCE`` at a chance step; empty when over)."""
        raise NotImplementedError

    def state(self) -> Any:
        """Optional: the whole state, as the game's state type."""
        raise NotImplementedError

    def view(self, player: int) -> Any:
        """Optional: what ``player`` may know, as the game's view type."""
        raise NotImplementedError

    def scores(self) -> Sequence[int]:
        """Optional: each player's score so far."""
        raise NotImplementedError

    def winners(self) -> Iterable[int]:
        """Optional: the winners (empty until the game is over)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """Optional: whether the game has ended."""
        raise NotImplementedError


OPTIONAL: tuple[str, ...] = (
    "legal_actions",
    "to_move",
    "state",
    "view",
    "scores",
    "winners",
    "is_over",
)
"""The optional methods of an adapter, in the order the kit compares them."""


def capabilities(adapter: object) -> frozenset[str]:
    """The optional methods that ``adapter`` provides.

    A method counts when the adapter's class defines it, other than
    :class:`Adapter` does, and it is callable on the adapter (one set to
    ``None`` or left as :class:`Adapter`'s own does not count) and, when the
    adapter has ``declared_capabilities`` other than ``None``, its name is
    among them.

    >>> class NoState(Adapter):
    ...     def start(self, setup): ...
    ...     def apply(self, action): ...
    ...     def scores(self): return (0, 0)
    ...     state = None
    >>> sorted(capabilities(NoState()))
    ['scores']
    >>> from rulespec.testing import ReferenceAdapter
    >>> adapter = ReferenceAdapter()
    >>> len(capabilities(adapter))
    7
    >>> adapter.declared_capabilities = frozenset({"scores", "winners"})
    >>> sorted(capabilities(adapter))
    ['scores', 'winners']
    """
    missing = [name for name in ("start", "apply") if not callable(getattr(adapter, name, None))]
    if missing:
        raise TypeError(f"an adapter needs start() and apply(); {adapter!r} lacks {missing[0]}()")
    found = set()
    for name in OPTIONAL:
        defined = getattr(type(adapter), name, None)
        if defined is None or defined is getattr(Adapter, name):
            continue
        if callable(getattr(adapter, name, None)):
            found.add(name)
    declared = getattr(adapter, "declared_capabilities", None)
    if declared is not None:
        found.intersection_update(declared)
    return frozenset(found)
