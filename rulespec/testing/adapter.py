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

Engines as they are written need not take rulespec's shape:

- An engine that shuffles for itself sets :attr:`Adapter.chance` to
  ``"engine"``: its :meth:`Adapter.start` receives a seed
  (:attr:`Setup.seed`), :meth:`Adapter.draw_chance` reports the outcome it
  draws at each chance step, and :meth:`Adapter.apply` returns the outcomes
  it draws inside a player's step (a reshuffle folded into a draw). The kit
  checks each outcome against the rules and follows it.
- An engine that keeps part of the state or of a view sets
  :attr:`Adapter.state_parts` (or :attr:`Adapter.view_parts`): its
  :meth:`Adapter.state` then returns just those parts, as the game's JSON
  writes them, and the kit compares exactly those.
- An engine whose interface cannot express a legal action raises
  :class:`Inexpressible` from :meth:`Adapter.apply`; an engine that does not
  play a setup raises :class:`Unsupported` from :meth:`Adapter.start`.
  Neither is a divergence: the kit plays on, and lists them in its result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

import rulespec
from rulespec.core.game import Game

__all__ = [
    "OPTIONAL",
    "Adapter",
    "Encoded",
    "Inexpressible",
    "Query",
    "Refused",
    "Setup",
    "Unsupported",
    "action_json",
    "ask_each",
    "capabilities",
    "game_of",
]


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


class Inexpressible(Exception):
    """Raised by :meth:`Adapter.apply`: the action is legal, but the engine's interface
    cannot express it (which target Tu louches keeps, say). Nothing changed; the kit
    counts it, plays another action and lists it in its result.

    >>> str(Inexpressible("this interface always keeps the first target"))
    'this interface always keeps the first target'
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Unsupported(Exception):
    """Raised by :meth:`Adapter.start`: the engine does not play this setup (a number of
    players, an option). The kit leaves that setup out and says so in its result.

    >>> str(Unsupported("two players only"))
    'two players only'
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@attrs.frozen
class Setup:
    """What a new game starts from: the game, its players and its options.

    The deal is not part of it: it is the first chance step, given to
    :meth:`Adapter.apply` like every later shuffle, or, for an engine that draws
    its own chance, drawn by the engine from ``seed`` (``None`` otherwise).
    """

    game: Game[Any, Any, Any, Any]
    players: int
    options: Any
    seed: int | None = None


ACTION_JSON_MOST = 10_000
"""The most actions of one game whose JSON :func:`action_json` keeps: once full, it
starts again (some games' actions are seldom seen twice, as Canardage's Canarchie with
each order of the line)."""


class ActionJSON:
    """A game's actions as JSON data, each action encoded once (see :func:`action_json`)."""

    def __init__(self, game: Game[Any, Any, Any, Any]) -> None:
        self.game = game
        self._encode = game.encode_action
        self._known: dict[Any, Any] = {}

    def __call__(self, action: Any) -> Any:
        """``action`` as the game's JSON (shared data: never change it)."""
        data = self._known.get(action)
        if data is None:
            data = self._encode(action)
            if len(self._known) >= ACTION_JSON_MOST:
                self._known.clear()
            self._known[action] = data
        return data

    def many(self, actions: Iterable[Any]) -> list[Any]:
        """Each of ``actions`` as the game's JSON, in order."""
        known, encode = self._known, self._encode
        found = []
        for action in actions:
            data = known.get(action)
            if data is None:
                data = encode(action)
                if len(known) >= ACTION_JSON_MOST:
                    known.clear()
                known[action] = data
            found.append(data)
        return found


_ACTION_JSON: dict[str, ActionJSON] = {}


def action_json(game: Game[Any, Any, Any, Any]) -> ActionJSON:
    """The encoder of ``game``'s actions to JSON data that encodes each action once: the
    kit sends and compares the same few actions again and again.

    >>> import rulespec
    >>> from rulespec.duo import Stop
    >>> encode = action_json(rulespec.game("duo"))
    >>> encode(Stop(player=1))
    {'type': 'stop', 'player': 1}
    >>> encode(Stop(player=1)) is encode(Stop(player=1))
    True
    """
    found = _ACTION_JSON.get(game.id)
    if found is None or found.game is not game:
        found = _ACTION_JSON[game.id] = ActionJSON(game)
    return found


@attrs.frozen(eq=False)
class Encoded:
    """A state, a view or a list of legal actions as an engine wrote it, in the game's
    JSON, decoded only when it differs from rulespec's own encoding (comparing JSON is
    cheaper than decoding it).

    ``decode()`` gives the game's state or view type (a list of actions), or raises as
    the game's checked decoder does.

    >>> Encoded({"turn": 0}, lambda: "decoded").decode()
    'decoded'
    """

    data: Any
    decode: Callable[[], Any]


@attrs.frozen
class Query:
    """One request of a step, for :meth:`Adapter.ask`: ``op`` is ``"apply"`` (``arg``
    the action) or the name of an optional method (``arg`` its player, if it takes one).

    >>> Query("view", 1)
    Query(op='view', arg=1)
    """

    op: str
    arg: Any = None


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
    chance: str = "kit"
    """``"kit"``: the engine takes every chance outcome from :meth:`apply`;
    ``"engine"``: it draws them itself (see :meth:`draw_chance`)."""
    state_parts: frozenset[str] | None = None
    """The parts of the state (keys of the game's state JSON) that :meth:`state`
    returns, as a mapping of JSON data; ``None``: the whole state, as a state."""
    view_parts: frozenset[str] | None = None
    """The parts of a view (keys of the game's view JSON) that :meth:`view` returns;
    ``None``: the whole view."""

    def start(self, setup: Setup) -> None:
        """Begin a new game of ``setup.players`` players with ``setup.options``."""
        raise NotImplementedError

    def apply(self, action: Any) -> Sequence[Any] | None:
        """Apply a rulespec action; raise :class:`ValueError` (e.g. :class:`Refused`)
        to refuse it, :class:`Inexpressible` when the engine cannot express it.

        An engine that draws its own chance returns the chance outcomes it drew during
        the step, in order (``None`` or empty when it drew none)."""
        raise NotImplementedError

    def draw_chance(self) -> Any:
        """For an engine that draws its own chance: draw the outcome of the chance step
        the game waits for, apply it, and return it as a rulespec chance action."""
        raise NotImplementedError

    def ask(self, queries: Sequence[Query]) -> Iterable[Any]:
        """The answers to ``queries``, in order, each on the state the earlier ones left:
        a value, or the exception its method raised (a refusal, say).

        By default each method is called in turn, lazily, so the kit stops asking at
        its first divergence; an engine that answers a whole step in one round trip
        overrides it."""
        return ask_each(self, queries)

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


def ask_each(adapter: Any, queries: Sequence[Query]) -> Iterator[Any]:
    """The answers to ``queries``, calling ``adapter``'s methods one at a time, lazily: a
    value, or the exception the method raised.

    >>> class Echo:
    ...     def start(self, setup): ...
    ...     def apply(self, action): raise Refused("no")
    ...     def scores(self): return (1, 2)
    >>> [type(a).__name__ for a in ask_each(Echo(), [Query("apply", 3), Query("scores")])]
    ['Refused', 'tuple']
    """
    for query in queries:
        method = getattr(adapter, query.op)
        try:
            yield method() if query.arg is None else method(query.arg)
        except Exception as exc:  # the kit sorts refusals from crashes
            yield exc


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
