"""The protocol every game implements, and the registry of games."""

from __future__ import annotations

import abc
import contextlib
import functools
import random
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from types import ModuleType
from typing import Any, TypeVar, cast

import attrs

from rulespec.core.chance import CHANCE, Chance
from rulespec.core.checks import integer, seat, wrong_type
from rulespec.core.codec import GameJSON
from rulespec.core.declaration import Declaration
from rulespec.core.encoding import GameEncoding
from rulespec.core.errors import RecordError
from rulespec.core.invariants import Invariant, TransitionInvariant, Violation

__all__ = [
    "Discovery",
    "Game",
    "Policy",
    "discover",
    "game",
    "games",
    "random_policy",
    "register",
]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
O = TypeVar("O")  # noqa: E741


class Game(GameJSON[S, A, V, O], GameEncoding[S, A, V, O], abc.ABC):
    """A game's rules: pure functions over immutable states.

    Every game offers the same methods, so a loop written for one plays all:

    >>> import random, rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> rng = random.Random(7)
    >>> state = dc.new_game(players=3)
    >>> while not dc.is_over(state):
    ...     for actor in dc.to_move(state):
    ...         if actor == rulespec.CHANCE:
    ...             action = dc.sample_chance(state, rng)
    ...         else:
    ...             action = rng.choice(dc.legal_actions(state, actor))
    ...         state = dc.apply(state, action)
    >>> len(dc.scores(state)), len(dc.winners(state)) >= 1
    (3, True)

    Every method refuses a bad argument at once, the same way in every game
    (:mod:`rulespec.core.checks`): a wrong type is a :class:`TypeError` naming the
    argument, a value that the rules refuse an :class:`~rulespec.IllegalAction`
    naming the clause.

    >>> dc.legal_actions(state, True)
    Traceback (most recent call last):
      ...
    TypeError: player must be an integer, not bool (True)
    >>> dc.legal_actions(state, 7)
    Traceback (most recent call last):
      ...
    rulespec.core.errors.IllegalAction: dc.setup.players: there is no player 7 in a game of 3

    The methods below are the rules; a game also reads and writes JSON
    (:class:`~rulespec.core.codec.GameJSON`: its :attr:`codec` does the work)
    and numbers actions and views for learning agents
    (:class:`~rulespec.core.encoding.GameEncoding`: its :attr:`encoding`).
    """

    id: str
    """The game's id, as in :func:`rulespec.game`."""
    name: str
    """The game's name as printed on its box."""
    min_players: int
    max_players: int
    default_policy: str = "random"
    """The name, in :meth:`policies`, of the policy that simulations use by default."""
    lowest_score_wins: bool = False
    """Whether the lowest of :meth:`scores` wins (Duck & Cover's totals) rather than the
    highest (Duo's points, Canardage's living ducks)."""
    declaration: Declaration
    """What the shared layers need from the game (see :mod:`rulespec.core.declaration`).

    :meta hide-value:
    """
    rules: ModuleType
    """The game's rules module: :meth:`scores`, :meth:`winners`, :meth:`view` and
    :meth:`is_over` call its functions of those names once the arguments are checked.

    :meta hide-value:
    """

    # -- setting up -------------------------------------------------------------

    def default_options(self) -> O:
        """The options of the rules as printed (no variant): :attr:`options_type` with
        every field at its default.

        >>> import rulespec
        >>> rulespec.game("duo").default_options().turbo
        False
        """
        options: O = self.options_type()
        return options

    def new_game(self, players: int, options: O | None = None) -> S:
        """A new game of ``players`` players, waiting for its first chance step.

        Raises :class:`TypeError` when ``players`` is not an integer or ``options`` not
        this game's options, :class:`~rulespec.IllegalAction` for a player count the
        rules do not allow. By default the rules' ``new_game(players, options)`` once
        the arguments are checked.
        """
        if options is not None:
            self._check_options(options)
        made: S = self.rules.new_game(integer(players, "players"), options)
        return made

    def start(self, players: int, *, seed: int | None = None, options: O | None = None) -> S:
        """A new game with its first chance steps sampled from ``random.Random(seed)``.

        A convenience: the same seed gives the same deal on every platform. ``seed``
        is an integer or ``None``.
        """
        rng = random.Random(None if seed is None else integer(seed, "seed"))
        state = self.new_game(players, options)
        while self.to_move(state) == (CHANCE,):
            state = self.apply(state, self.sample_chance(state, rng))
        return state

    # -- whose turn -------------------------------------------------------------

    def to_move(self, state: S) -> tuple[int, ...]:
        """Who must act now, in seat order: players, ``(CHANCE,)``, or ``()`` when over.

        By default the rules' ``to_move(state)``, the state's type tested first (one
        ``type() is`` test: the check costs nothing on the busiest path)."""
        if type(state) is not self.state_type:
            self._check_state(state)
        found: tuple[int, ...] = self.rules.to_move(state)
        return found

    def legal_actions(self, state: S, player: int) -> Sequence[A]:
        """The actions ``player`` may take now, in a documented, stable order.

        The sequence is lazy: ``len``, indexing and ``in`` do not build every
        action, so ``random.choice`` on it is cheap; it equals the list (and
        the tuple) of the same actions. Empty for a player who is not to move;
        :class:`~rulespec.IllegalAction` for a seat the game does not have.
        By default the rules' ``legal_actions(state, player)``, the state and the
        seat checked first.
        """
        if type(state) is not self.state_type:
            self._check_state(state)
        if type(player) is not int or not 0 <= player < state.players:  # type: ignore[attr-defined]
            players: int = state.players  # type: ignore[attr-defined]
            player = seat(player, players, self.declaration.players_clause)
        found: Sequence[A] = self.rules.legal_actions(state, player)
        return found

    @abc.abstractmethod
    def chance(self, state: S) -> Chance:
        """The chance step ``state`` waits for (only when ``to_move`` is ``(CHANCE,)``)."""

    @abc.abstractmethod
    def chance_action(self, state: S, outcome: Sequence[Sequence[Any]]) -> A:
        """The action that applies ``outcome``: one ordering of each pile of :meth:`chance`.

        Checked as :meth:`apply` checks it: :class:`~rulespec.IllegalAction` when no
        chance step is pending or ``outcome`` is not an ordering of the piles.
        """

    def sample_chance(self, state: S, rng: random.Random) -> A:
        """A chance action drawn uniformly with ``rng``: :meth:`chance`'s piles shuffled
        as ``Chance.sample`` shuffles them (the same draws of ``rng``)."""
        if not isinstance(rng, random.Random):
            raise wrong_type("rng", rng, "a random.Random")
        self._check_state(state)
        return self._sample_chance(state, rng)

    def _sample_chance(self, state: S, rng: random.Random) -> A:
        """:meth:`sample_chance` once its arguments are checked. A game may make the
        action from its own piles, needing none of the checks of an outcome from
        outside, as long as ``rng`` makes the same draws."""
        return self.chance_action(state, self.chance(state).sample(rng))

    # -- playing ----------------------------------------------------------------

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it.

        An ``action`` that is not one of this game's action classes is a
        :class:`TypeError`; a chance action is refused unless that very chance step
        is pending, and a player's action while any chance step is. By default the
        rules' ``apply(state, action)`` once both types are checked.
        """
        if type(state) is not self.state_type:
            self._check_state(state)
        if type(action) not in self.action_types:
            self._check_action(action)
        after: S = self.rules.apply(state, action)
        return after

    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""
        self._check_state(state)
        over: bool = self.rules.is_over(state)
        return over

    def scores(self, state: S) -> tuple[int, ...]:
        """Each player's score so far (final when the game is over)."""
        self._check_state(state)
        found: tuple[int, ...] = self.rules.scores(state)
        return found

    def winners(self, state: S) -> tuple[int, ...]:
        """The winning players in seat order (several on a shared victory); ``()`` until over."""
        self._check_state(state)
        found: tuple[int, ...] = self.rules.winners(state)
        return found

    def view(self, state: S, player: int) -> V:
        """What ``player`` may know of ``state`` under the rules."""
        self._check_state(state)
        players: int = state.players  # type: ignore[attr-defined]
        seen: V = self.rules.view(state, seat(player, players, self.declaration.players_clause))
        return seen

    # -- seeing from a seat -------------------------------------------------------

    def sample_state(self, view: V, rng: random.Random, options: O | None = None) -> S:
        """A full state drawn at random among those that show ``view`` to its player.

        A *determinisation*: everything the view shows is kept (the player's own
        cards, the public cards, what the player knows of a pile's order), and
        everything it hides is drawn with ``rng`` (the other hands, the order of
        the piles, the covered cards, the other players' hidden choices), so that
        ``view(sample_state(v, rng), v.player) == v`` and the sample breaks no
        invariant. Each game's page says what it draws and how (uniformly over
        the arrangements of the hidden cards, copies of a card told apart, unless
        the game says otherwise).

        ``options`` are the rules the game is played with: every player knows
        them but the view does not carry them; ``None`` for
        :meth:`default_options`.

        ``view`` must be this game's view (else :class:`TypeError`), ``rng`` a
        :class:`random.Random` (else :class:`TypeError`). A view that no state
        shows to its player under ``options`` (edited by hand, or of a game played
        with other options) raises :class:`ValueError` saying why.

        The first sample of a view is checked against the invariants and the
        view; later samples of the very same view object with the same options
        object (a search calls this thousands of times) are built from the same
        trusted pieces and not checked again. Another view, even one equal to a
        checked one, is checked anew.

        >>> import random, rulespec
        >>> duo = rulespec.game("duo")
        >>> state = duo.start(3, seed=4)
        >>> seen = duo.view(state, 1)
        >>> guess = duo.sample_state(seen, random.Random(0))
        >>> duo.view(guess, 1) == seen, guess.hands[1] == state.hands[1]
        (True, True)
        """
        self._check_view(view)
        if not isinstance(rng, random.Random):
            raise wrong_type("rng", rng, "a random.Random")
        given = options
        if options is None:
            options = self.default_options()
        else:
            self._check_options(options)
        state = self._sample_state(view, rng, options)
        # Trusted are the very objects checked before, not others equal to them: a view
        # forged to compare equal (a float for an int) is checked like any new one.
        key = (id(view), id(given))
        known = _CONFIRMED.get(key)
        if known is not None and known[0] is view and known[1] is given:
            return state
        self._confirm_sample(view, state)
        try:
            hash(view)
        except TypeError:  # a view edited to hold a list may change: check every sample
            return state
        if len(_CONFIRMED) >= _CONFIRMED_MAX:
            _CONFIRMED.clear()
        _CONFIRMED[key] = (view, given)
        return state

    def _sample_state(self, view: V, rng: random.Random, options: O) -> S:
        """:meth:`sample_state` once its arguments are checked: a game that can
        sample overrides this."""
        raise NotImplementedError(f"{self.name} does not sample states from views")

    def _confirm_sample(self, view: V, state: S) -> None:
        """Refuse ``view`` when ``state``, sampled from it, breaks an invariant, holds a
        value of the wrong type or shows another view: no state could show it."""
        broken = self.violations(state)
        if broken:
            raise ValueError(
                f"no {self.name} state shows this view: a state built from it breaks "
                f"{broken[0].invariant} ({broken[0].message})"
            )
        try:  # a value of the wrong type (a float for an int) does not survive JSON
            rebuilt = self.codec.decode_state(self.codec.encode_state(state))
        except (RecordError, TypeError, ValueError) as exc:
            rebuilt, why = None, str(exc)
        else:
            why = "a value of the wrong type"
        if not _identical(rebuilt, state):
            raise ValueError(f"no {self.name} state shows this view: {why}")
        player: int = view.player  # type: ignore[attr-defined]
        if not _identical(self.view(state, player), view):
            raise ValueError(
                f"no {self.name} state shows this view: its fields contradict each other"
            )

    # -- checking ---------------------------------------------------------------

    invariants: tuple[Invariant, ...]
    """The state invariants the rulebook implies.

    :meta hide-value:
    """
    transition_invariants: tuple[TransitionInvariant, ...]
    """The invariants of every step ``(before, action, after)``.

    :meta hide-value:
    """

    def violations(self, state: S) -> tuple[Violation, ...]:
        """The invariants ``state`` breaks (none for any reachable state)."""
        self._check_state(state)
        found = (inv.violation(state) for inv in self.invariants)
        return tuple(v for v in found if v is not None)

    def step_violations(self, before: S, action: A, after: S) -> tuple[Violation, ...]:
        """The transition invariants that the step ``before → after`` breaks."""
        self._check_step(before, action, after)
        found = (inv.violation(before, action, after) for inv in self.transition_invariants)
        return tuple(v for v in found if v is not None)

    def events(self, before: S, action: A, after: S) -> tuple[str, ...]:
        """Names of what the step did, for statistics (e.g. ``"round:single-pile"``)."""
        self._check_step(before, action, after)
        return ()

    def rounds(self, state: S) -> int:
        """How many rounds have finished (a game without rounds counts one when over).

        >>> import rulespec
        >>> dc = rulespec.game("duck-and-cover")
        >>> dc.rounds(dc.start(2, seed=1))
        0
        """
        return 1 if self.is_over(state) else 0

    def simulation_options(self) -> dict[str, Any]:
        """Options (as JSON data) that simulations add unless told otherwise.

        A game whose rules set no limit on its length names a cap here, so that
        a simulated game always ends; the cap shows in the statistics.
        """
        return {}

    def policies(self) -> Mapping[str, Policy]:
        """The game's built-in policies by name, for simulations and benchmarks.

        Every game offers ``"random"`` (a legal action chosen uniformly); a game
        may add its own, and names its default in :attr:`default_policy`.

        >>> import rulespec
        >>> dc = rulespec.game("duck-and-cover")
        >>> list(dc.policies()), dc.default_policy
        (['random'], 'random')
        """
        return {"random": random_policy}

    def __repr__(self) -> str:
        return f"<Game {self.id!r}>"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give a game that names its ``rules``, ``state_type`` and ``declaration`` the
        busiest default methods (:meth:`to_move`, :meth:`legal_actions`) made for it: each
        holds the rules' function, the state class and the seat clause in its closure,
        where the generic method would read them from the game on every call. A subclass
        that sets any of the three in its own body gets them made anew for its own
        (see ``made_methods``); a method the game (or a base between it and
        :class:`Game`) writes itself is kept."""
        super().__init_subclass__(**kwargs)
        made_methods(cls, _FAST_PATHS, ("rules", "state_type", "declaration"))


def made_methods(
    cls: type[Game[Any, Any, Any, Any]],
    makers: Mapping[str, Callable[[Any, Any], Any]],
    sources: tuple[str, ...],
    derived: Collection[str] = (),
) -> None:
    """Give ``cls`` the method ``makers[name](rule, cls)`` for each ``name`` whose rule
    its rules module holds, when ``cls`` sets one of ``sources`` (the attributes the
    methods are made from) in its own body; for a name in ``derived``, the method
    ``makers[name](None, cls)`` when the module holds no such rule (a maker that
    derives the method from the module's other functions).

    A method :class:`Game` defines generically, or one made for a base class, is
    replaced: a subclass that swaps its rules plays by its own, never by its parent's.
    A method that ``cls`` or a base writes itself (a wrapper of a made one too) is kept.
    A made method holds itself in its attribute ``__rulespec_made__``.
    """
    own = vars(cls)
    if not any(name in own for name in sources):
        return
    if any(getattr(cls, name, None) is None for name in sources):
        return
    rules = cls.rules
    for name, make in makers.items():
        generic, current = getattr(Game, name), getattr(cls, name)
        if name in own or (current is not generic and getattr(current, _MADE, None) is not current):
            continue
        rule = getattr(rules, name, None)
        if rule is None and name not in derived:
            if current is not generic:
                setattr(cls, name, generic)
            continue
        made = functools.update_wrapper(make(rule, cls), generic)
        setattr(made, _MADE, made)  # a wrapper copying its attributes is not made
        setattr(cls, name, made)


_MADE = "__rulespec_made__"
"""The attribute that marks a method :func:`made_methods` made."""


Policy = Callable[[Game[Any, Any, Any, Any], Any, int, random.Random], Any]
"""Chooses a player's action: ``policy(game, state, player, rng) -> action``.

To play on another process or machine, a policy must be picklable: a
function defined at module level, not a lambda or a closure.
"""


def _to_move(rule: Callable[[Any], Any], cls: Any) -> Any:
    kind = cls.state_type

    def to_move(self: Game[Any, Any, Any, Any], state: Any) -> tuple[int, ...]:
        if type(state) is not kind:
            self._check_state(state)
        found: tuple[int, ...] = rule(state)
        return found

    return to_move


def _legal_actions(rule: Callable[[Any, int], Any], cls: Any) -> Any:
    kind, clause = cls.state_type, cls.declaration.players_clause

    def legal_actions(self: Game[Any, Any, Any, Any], state: Any, player: int) -> Any:
        if type(state) is not kind:
            self._check_state(state)
        if type(player) is not int or not 0 <= player < state.players:
            player = seat(player, state.players, clause)
        return rule(state, player)

    return legal_actions


_FAST_PATHS: dict[str, Callable[..., Any]] = {"to_move": _to_move, "legal_actions": _legal_actions}
"""The default methods :meth:`Game.__init_subclass__` makes for each game."""


def random_policy(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    """A legal action chosen uniformly: the policy every game offers as ``"random"``."""
    return rng.choice(g.legal_actions(state, player))


def _identical(a: object, b: object) -> bool:
    """Whether ``a`` equals ``b`` with every part of the same type (``1`` is not
    ``1.0``, nor ``True``)."""
    if type(a) is not type(b):
        return False
    if attrs.has(type(a)):
        return all(
            _identical(getattr(a, f.name), getattr(b, f.name))
            for f in attrs.fields(cast(Any, type(a)))
            if f.eq
        )
    if isinstance(a, tuple | list):
        b_items: Sequence[object] = b  # type: ignore[assignment]
        return len(a) == len(b_items) and all(map(_identical, a, b_items))
    if isinstance(a, frozenset | set):
        return {(type(x), x) for x in a} == {(type(x), x) for x in b}  # type: ignore[attr-defined]
    return a == b


_CONFIRMED: dict[tuple[int, int], tuple[object, object]] = {}
"""The views (with the options given) whose first sample passed the checks, by the
identity of both: the objects themselves are kept, so an id is never reused while
its entry stands."""
_CONFIRMED_MAX = 4096

_GAMES: dict[str, Game[Any, Any, Any, Any]] = {}
"""The games loaded so far, by id."""
_LOADING = threading.RLock()


class Discovery(abc.ABC):
    """A source of games beyond those registered by hand: :func:`game` and
    :func:`games` ask each source that :func:`discover` installed (importing
    ``rulespec`` installs the one that reads the installed distributions' entry points,
    :mod:`rulespec.discovery`)."""

    @abc.abstractmethod
    def find(self, game_id: str | None) -> Sequence[Game[Any, Any, Any, Any]]:
        """The game ``game_id`` if this source offers it (each game it offers when
        ``None``); a :class:`KeyError` that says why when it offers the game but cannot
        load it. The registry keeps the first game it is given for an id."""

    @abc.abstractmethod
    def check(self, instance: Game[Any, Any, Any, Any]) -> None:
        """Refuse, with an error that says why, a game that :func:`register` is asked
        to add."""


_SOURCES: list[Discovery] = []


def discover(source: Discovery) -> None:
    """Ask ``source`` too for the games that nobody registered (once, however often).

    >>> discover("rulespec.discovery")
    Traceback (most recent call last):
      ...
    TypeError: source must be a Discovery, not str ('rulespec.discovery')
    """
    if not isinstance(source, Discovery):
        raise wrong_type("source", source, "a Discovery")
    with _LOADING:
        if source not in _SOURCES:
            _SOURCES.append(source)


def _find(game_id: str | None) -> None:
    with _LOADING:
        for source in tuple(_SOURCES):
            for found in source.find(game_id):
                _GAMES.setdefault(found.id, found)


def register(instance: Game[Any, Any, Any, Any], *, replace: bool = False) -> None:
    """Add a game to the registry behind :func:`game` and :func:`games`, besides those
    that the installed sources offer (which need no call).

    Each source checks the game first (the entry points' one checks its declaration,
    :func:`rulespec.discovery.check_game`); an id that another game holds is refused,
    unless ``replace`` asks to put ``instance`` in its place (a variant of a game
    under test, say).
    """
    if not isinstance(instance, Game):
        raise wrong_type("instance", instance, "a rulespec Game")
    for source in tuple(_SOURCES):
        source.check(instance)
    with _LOADING:
        if instance.id not in _GAMES:
            with contextlib.suppress(KeyError):  # a plug-in that failed holds no id
                _find(instance.id)
        held = _GAMES.get(instance.id)
        if held is not None and held is not instance and not replace:
            raise ValueError(f"the id {instance.id!r} is already the game {held!r}")
        _GAMES[instance.id] = instance


def game(game_id: str) -> Game[Any, Any, Any, Any]:
    """The game with id ``game_id``, loaded from its source on first use.

    A game whose plug-in failed to load is a :class:`KeyError` that says why.

    >>> import rulespec
    >>> rulespec.game("duck-and-cover").name
    'Duck & Cover'
    """
    found = _GAMES.get(game_id)
    if found is not None:
        return found
    if isinstance(game_id, str):
        _find(game_id)
        found = _GAMES.get(game_id)
        if found is not None:
            return found
    known = ", ".join(g.id for g in games())
    raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def games() -> tuple[Game[Any, Any, Any, Any], ...]:
    """Every game, those of the sources loaded, by id; a plug-in that fails to load
    is left out (see :func:`rulespec.plugin_failures`).

    >>> import rulespec
    >>> "duck-and-cover" in [g.id for g in rulespec.games()]
    True
    """
    _find(None)
    return tuple(_GAMES[k] for k in sorted(_GAMES))
