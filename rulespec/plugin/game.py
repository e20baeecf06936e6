"""The game object of a plug-in, derived from its rules module: the protocol's methods,
their argument checks and the engines' fast paths, written once.

A plug-in subclasses :class:`RulesGame`, names its classes, its rules module and its
declaration, and writes no method; every part it leaves out has a default:

====================  ============================================================
the rules module has  the game
====================  ============================================================
``new_game``          :meth:`~rulespec.Game.new_game` (players and options checked)
``to_move``           :meth:`~rulespec.Game.to_move`
``legal_actions``     :meth:`~rulespec.Game.legal_actions` (the seat checked)
``bid``, ``shuffle``  :meth:`~rulespec.Game.apply`: for each action class, the rule
(``check_bid``...)    named after it (see :func:`action_rules`), its check first;
                      or the module's own ``apply``, which must refuse with a clause
``chance``            :meth:`~rulespec.Game.chance`, :meth:`~rulespec.Game.chance_action`
                      and :meth:`~rulespec.Game.sample_chance`
``is_over``,          the methods of those names
``scores``,
``winners``
``view`` (optional)   :meth:`~rulespec.Game.view`; without it, the state's fields with
                      the hidden ones masked (:mod:`rulespec.plugin.hidden`)
``sample_state``      :meth:`~rulespec.Game.sample_state`; without it, the hidden
(optional)            fields drawn at random
(no ``codec``)        JSON read and written from the classes (:mod:`rulespec.plugin.codec`)
``action_space``,     the integer encodings (:mod:`rulespec.plugin.encoding`)
``observation``
(optional)
====================  ============================================================

The fast paths a plug-in gets without writing them: the methods check a state's
type with one ``type() is`` test before the rules run; a chance action is made
from the pending step's own piles, shuffled with ``random.Random.sample`` as
:meth:`Chance.sample <rulespec.core.chance.Chance.sample>` draws them, with none
of the checks an outcome from outside needs, and applied without its ``check_``
function (or, in a module that writes its own ``apply``, without the check that
:func:`drawn` lets it skip) when the game that plays by those very rules drew it
for that very state; :meth:`~rulespec.Game.apply` finds the rule of an action's
class in one look-up (:func:`action_rules`); a rules module whose legal actions
come from :func:`listed` builds the actions of each short hand once (of a longer
one, only the action a player picks, once in a process), and its :func:`evolve`
copies the game's states with code compiled for their class when the game class is
defined (:func:`compiled_evolve`).
"""

from __future__ import annotations

import functools
import keyword
import random
import re
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Generic, TypeVar

import attrs

from rulespec.core.chance import Chance, shuffled
from rulespec.core.checks import seat, wrong_type
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game, made_methods
from rulespec.plugin.builder import changer, copier
from rulespec.plugin.codec import derived
from rulespec.plugin.encoding import DerivedEncoding
from rulespec.plugin.hidden import Hiding
from rulespec.plugin.lazy import BuiltSequence, LazySequence
from rulespec.plugin.piles import outcome as checked_outcome

__all__ = ["Listed", "RulesGame", "action_rules", "compiled_evolve", "drawn", "evolve", "listed"]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
O = TypeVar("O")  # noqa: E741
T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Listed(LazySequence[T_co], Generic[T_co]):
    """The actions ``make(item)`` of each of ``items``, built only when read: ``len`` and
    ``in`` on the items' count cost nothing, and :func:`random.choice` builds one.

    >>> bids = Listed(lambda card: ("bid", card), (2, 5, 9))
    >>> len(bids), bids[1], bids == [("bid", 2), ("bid", 5), ("bid", 9)]
    (3, ('bid', 5), True)
    """

    __slots__ = ("_items", "_make")

    def __init__(self, make: Callable[[Any], T_co], items: Sequence[Any]) -> None:
        self._make = make
        self._items = items

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i: Any) -> Any:
        if type(i) is slice:
            return Listed(self._make, self._items[i])
        return self._make(self._items[i])

    def __iter__(self) -> Any:
        return map(self._make, self._items)

    def __repr__(self) -> str:
        return f"Listed({list(self)!r})"


def listed(make: Callable[..., T], items: Sequence[Any], *first: Any) -> LazySequence[T]:
    """The legal actions ``make(*first, item)``, one for each of ``items``.

    When ``make`` is a frozen attrs class (an action class), ``items`` a tuple and the
    arguments hashable, each action is built once in a process, one object for each
    arguments. The actions of a hand of up to six items are built together, in one pass
    of C, and kept: the next call with the same arguments returns the same sequence (a
    :class:`~rulespec.plugin.lazy.BuiltSequence` whose indexing is a tuple's, so that
    :func:`random.choice` runs no Python code on it; a slice is a tuple). Of a longer
    hand only the actions read are made. Otherwise (a mutable class, a function, a list
    of items) the actions are made anew when read (see :class:`Listed`).

    >>> @attrs.frozen
    ... class Bid:
    ...     player: int
    ...     card: int
    >>> bids = listed(Bid, (2, 5, 9), 1)
    >>> bids[1], bids == [Bid(1, 2), Bid(1, 5), Bid(1, 9)], listed(Bid, (2, 5, 9), 1) is bids
    (Bid(player=1, card=5), True, True)
    """
    if type(items) is tuple:
        if len(items) <= _KEPT_LENGTH:
            key = (make, items, first)
            try:
                return _KEPT[key]
            except KeyError:
                return _keep(key)
            except TypeError:  # an unhashable argument: nothing is kept
                pass
        elif _shareable(make):
            try:
                return _Interned(_ACTIONS[(make, first)], items)
            except KeyError:
                return _Interned(_actions(make, first), items)
            except TypeError:
                pass
    return Listed(functools.partial(make, *first) if first else make, items)


class _Actions(dict[Any, Any]):
    """The actions ``make(*first, item)`` of one class and first arguments, by item,
    each built when first asked for."""

    __slots__ = ("_first", "_make")

    def __init__(self, make: Callable[..., Any], first: tuple[Any, ...]) -> None:
        super().__init__()
        self._make, self._first = make, first

    def __missing__(self, item: Any) -> Any:
        if _MADE[0] >= _KEPT_MAX:  # every store starts anew, this one too
            _ACTIONS.clear()
            self.clear()
            _MADE[0] = 0
        _MADE[0] += 1
        action = self[item] = self._make(*self._first, item)
        return action

    def made(self, item: Any) -> Any:
        """The action of ``item``, made anew."""
        return self._make(*self._first, item)


def _actions(make: Callable[..., Any], first: tuple[Any, ...]) -> _Actions:
    """The one store of the actions of ``make`` and ``first``."""
    found = _ACTIONS.get((make, first))
    if found is None:
        if len(_ACTIONS) >= _KEPT_MAX:
            _ACTIONS.clear()
        found = _ACTIONS[(make, first)] = _Actions(make, first)
    return found


class _Interned(LazySequence[T_co]):
    """Actions of a frozen class :func:`listed` makes when read, one object for each
    arguments: the action a player picks from a long hand is built once in a process."""

    __slots__ = ("_items", "_table")

    def __init__(self, table: _Actions, items: tuple[Any, ...]) -> None:
        self._table, self._items = table, items

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, i: Any) -> Any:
        if type(i) is slice:
            return _Interned(self._table, self._items[i])
        try:
            return self._table[self._items[i]]
        except TypeError:  # an unhashable item: made anew
            return self._table.made(self._items[i])

    def __iter__(self) -> Any:
        return map(self.__getitem__, range(len(self._items)))

    def __repr__(self) -> str:
        return f"Listed({list(self)!r})"


class _Kept(BuiltSequence[T_co]):
    """Actions :func:`listed` keeps: a tuple's own indexing (:func:`random.choice` runs
    no Python code on them); a slice is a plain tuple."""

    __slots__ = ()
    __getitem__ = tuple.__getitem__  # type: ignore[assignment]


_KEPT: dict[tuple[Any, ...], LazySequence[Any]] = {}
"""The legal actions :func:`listed` has built, by its arguments."""
_ACTIONS: dict[tuple[Any, ...], _Actions] = {}
"""The actions :func:`listed` has built, by their class and first arguments."""
_KEPT_LENGTH = 6
"""The longest sequence of actions kept: a longer hand has so many siblings (the hands
of that size) that most are met once, and its actions are made when read (a store of
them all would be found in memory no sooner than they are made)."""
_KEPT_MAX = 1 << 16
"""How many sequences, and how many actions in all the stores of actions, are kept
before the store starts anew."""
_MADE = [0]
"""How many actions the stores have made since they last started anew."""


def _keep(key: tuple[Any, Any, tuple[Any, ...]]) -> LazySequence[Any]:
    """The actions of ``key``'s items built and kept (made anew when read, but kept
    all the same, when ``make`` is no frozen class)."""
    make, items, first = key
    if len(_KEPT) >= _KEPT_MAX:
        _KEPT.clear()
    if not _shareable(make):
        lazy = _KEPT[key] = Listed(functools.partial(make, *first) if first else make, items)
        return lazy
    kept = _KEPT[key] = _Kept(map(_actions(make, first).__getitem__, items))
    return kept


def _shareable(make: object) -> bool:
    """Whether ``make`` is a class whose instances never change, so that one may serve
    every caller."""
    if not isinstance(make, type):
        return False
    known = _SHAREABLE.get(make)
    if known is None:
        frozen = getattr(make.__setattr__, "__name__", "") == "_frozen_setattrs"
        known = _SHAREABLE[make] = attrs.has(make) and frozen
    return known


_SHAREABLE: dict[type, bool] = {}


def evolve(instance: T, **changes: Any) -> T:
    """A copy of ``instance`` (a frozen attrs object) with the fields in ``changes`` set,
    equal to what :func:`attrs.evolve` makes, about three times faster: the copy of
    each class is compiled once (:func:`rulespec.plugin.builder.copier`) and takes the
    changes as the dictionary the call made. A class the compiled copy cannot fill (a
    validator, a weakref slot...) is copied by :func:`attrs.evolve`.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> evolve(Point(1, 2), y=5)
    Point(x=1, y=5)
    """
    return _COPIERS[type(instance)](instance, changes)  # type: ignore[no-any-return]


def compiled_evolve(rules: ModuleType, kind: type) -> None:
    """Put in ``rules`` (a rules module), in the place of :func:`evolve`, a function that
    copies a ``kind`` (its state class) as :func:`evolve` does, about 1.5 to 1.8 times
    as fast (about five times as fast as :func:`attrs.evolve`): its keywords are the
    fields of ``kind``, read as Python reads any keywords, where :func:`evolve`
    gathers them into a dictionary and compiles nothing for the call.
    Any other object, or a keyword that is no field of ``kind``, it hands to
    :func:`evolve`: the module reads and behaves the same, as
    :class:`RulesGame` makes it for the game's rules when the game class is defined.

    A module whose ``evolve`` is not :func:`evolve` (one already compiled for another
    class, or a function of the module's own) keeps it, and so does a class that the
    compiled copy cannot fill (see :func:`rulespec.plugin.builder.changer`).

    >>> import types
    >>> @attrs.frozen(weakref_slot=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> rules = types.ModuleType("rules")
    >>> rules.evolve = evolve
    >>> compiled_evolve(rules, Point)
    >>> rules.evolve is evolve, rules.evolve(Point(1, 2), y=5)
    (False, Point(x=1, y=5))
    """
    names = [name for name, value in vars(rules).items() if value is evolve]
    if not names:
        return
    try:
        fast: Callable[..., Any] = changer(kind, evolve)
    except TypeError:
        return
    functools.update_wrapper(fast, evolve)
    for name in names:
        setattr(rules, name, fast)


class _Copiers(dict[type, Callable[[Any, dict[str, Any]], Any]]):
    """The copy of each class :func:`evolve` has met, compiled when first met."""

    def __missing__(self, kind: type) -> Callable[[Any, dict[str, Any]], Any]:
        try:
            copy: Callable[[Any, dict[str, Any]], Any] = copier(kind)
        except TypeError:
            copy = _evolved
        self[kind] = copy
        return copy


def _evolved(instance: Any, changes: dict[str, Any]) -> Any:
    return attrs.evolve(instance, **changes)


_COPIERS = _Copiers()


_DRAWN: list[tuple[object, object, object]] = [(None, None, None)]
"""The last chance action a game drew from a state's own piles, with that state and the
namespace of the game's rules module (one triple, replaced whole, so that a thread never
reads half of another's)."""


def drawn(state: object, action: object) -> bool:
    """Whether ``action`` is the chance action that the game drew itself from ``state``'s
    own piles (:meth:`~rulespec.Game.sample_chance`), so legal by construction: a rule
    may skip checking it. Any other action, even an equal one, or the same one applied
    to another state, is not drawn and must be checked.

    Only a function of the very rules module that the drawing game plays by (the module
    whose ``chance`` gave the piles) is told so: another game sharing the state class (a
    variant, a mutant) checks the action as usual. A game draws trusted actions only
    when its state class and its chance action class are both frozen attrs classes, so
    that neither can change between the draw and the step.

    >>> drawn(object(), object())
    False
    """
    last = _DRAWN[0]
    return last[1] is action and last[0] is state and last[2] is sys._getframe(1).f_globals


class RulesGame(Game[S, A, V, O]):
    """A game whose methods are its rules module's functions (see the module).

    A subclass sets :attr:`~rulespec.Game.id`, :attr:`~rulespec.Game.name`, the player
    counts, its classes (``state_type``, ``action_types``, ``player_action_types``,
    ``options_type``, and ``view_type`` when its rules write the view), ``rules``,
    ``declaration`` and, when it has chance steps, :attr:`chance_clause`; ``codec`` and
    ``encoding`` when it writes its own.
    """

    chance_clause: str = ""
    """The clause that a chance outcome of the wrong number of piles breaks."""
    invariants = ()
    transition_invariants = ()

    def __init__(self) -> None:
        kinds = [t for t in self.action_types if t not in self.player_action_types]
        self._chance_type: Callable[..., A] | None = kinds[0] if len(kinds) == 1 else None
        rules = self.rules
        frozen = _shareable(self.state_type) and _shareable(self._chance_type)
        self._drawer: object = getattr(rules, "__dict__", None) if frozen else None
        if not hasattr(rules, "view") or not hasattr(rules, "sample_state"):
            if self.view_type is object:
                raise TypeError(f"{type(self).__name__} needs a view_type")
            self._hiding = Hiding(self.state_type, self.view_type)
        self._view = getattr(rules, "view", None) or self._hiding.view
        self._sample = getattr(rules, "sample_state", None) or self._hiding.sample
        if not hasattr(self, "codec"):
            types = (self.state_type, self.action_types, self.view_type, self.options_type)
            self.codec = derived(*types)
        if not hasattr(self, "encoding") and hasattr(rules, "action_space"):
            self.encoding = DerivedEncoding(self, f"{self.declaration.prefix}setup.players")
        self._seat_clause = self.declaration.players_clause

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Give the game :meth:`~rulespec.Game.is_over` and :meth:`~rulespec.Game.apply`
        made for its rules and classes (as :class:`~rulespec.Game` makes
        :meth:`~rulespec.Game.to_move` and :meth:`~rulespec.Game.legal_actions`), made
        anew for a subclass that sets ``rules``, ``state_type`` or ``action_types``,
        unless the game writes them itself (``rulespec.core.game.made_methods``). A rules
        module without ``apply`` gives its rule of each action class instead (see
        :func:`action_rules`); one missing is a :class:`TypeError` here, naming it.

        The rules module's :func:`evolve` becomes one compiled for the state class (see
        :func:`compiled_evolve`)."""
        super().__init_subclass__(**kwargs)
        made_methods(cls, _MAKERS, ("rules", "state_type", "action_types"), ("apply",))
        rules, kind = getattr(cls, "rules", None), getattr(cls, "state_type", None)
        if isinstance(rules, ModuleType) and isinstance(kind, type):
            compiled_evolve(rules, kind)

    def chance(self, state: S) -> Chance:
        self._check_state(state)
        found: Chance = self.rules.chance(state)
        return found

    def chance_action(self, state: S, outcome: Sequence[Sequence[Any]]) -> A:
        piles = self.chance(state).piles
        if self._chance_type is None:
            raise NotImplementedError(f"{self.name} has several kinds of chance action")
        action = self._chance_type(*checked_outcome(outcome, len(piles), self.chance_clause))
        self.apply(state, action)  # the rules refuse an outcome, citing their clause
        return action

    def sample_chance(self, state: S, rng: random.Random) -> A:
        if type(rng) is not random.Random and not isinstance(rng, random.Random):
            raise wrong_type("rng", rng, "a random.Random")
        if type(state) is not self.state_type:
            self._check_state(state)
        return self._sample_chance(state, rng)

    def _sample_chance(self, state: S, rng: random.Random) -> A:
        """The pending step's own piles, shuffled: legal by construction, and marked so
        that the rules need not check it again (:func:`drawn`)."""
        if self._chance_type is None:
            return super()._sample_chance(state, rng)
        piles = self.rules.chance(state).piles
        if len(piles) == 1:
            action = self._chance_type(tuple(rng.sample(piles[0], len(piles[0]))))
        else:
            action = self._chance_type(*shuffled(piles, rng))
        if self._drawer is not None:
            _DRAWN[0] = (state, action, self._drawer)
        return action

    def view(self, state: S, player: int) -> V:
        if type(state) is not self.state_type:
            self._check_state(state)
        if type(player) is not int or not 0 <= player < state.players:  # type: ignore[attr-defined]
            player = seat(player, state.players, self._seat_clause)  # type: ignore[attr-defined]
        seen: V = self._view(state, player)
        return seen

    def _sample_state(self, view: V, rng: random.Random, options: O) -> S:
        try:
            found: S = self._sample(view, rng, options)
        except (IndexError, TypeError, ValueError, IllegalAction) as exc:
            raise ValueError(f"no {self.name} state shows this view: {exc}") from None
        return found


def _is_over(rule: Callable[[Any], bool], cls: Any) -> Any:
    kind = cls.state_type

    def is_over(self: Game[Any, Any, Any, Any], state: Any) -> bool:
        if type(state) is not kind:
            self._check_state(state)
        return rule(state)

    return is_over


def _apply(rule: Callable[[Any, Any], Any] | None, cls: Any) -> Any:
    kind, kinds = cls.state_type, cls.action_types
    if rule is not None:

        def apply(self: Game[Any, Any, Any, Any], state: Any, action: Any) -> Any:
            if type(state) is not kind:
                self._check_state(state)
            if type(action) not in kinds:
                self._check_action(action)
            return rule(state, action)

        return apply
    rules = action_rules(cls.rules, kinds)

    def apply_by_class(self: Game[Any, Any, Any, Any], state: Any, action: Any) -> Any:
        if type(state) is not kind:
            self._check_state(state)
        try:
            found = rules[type(action)]
        except KeyError:
            self._check_action(action)  # refuses any object but an action's subclass
            found = next(rules[k] for k in type(action).__mro__ if k in rules)
        return found(state, action)

    return apply_by_class


def action_rules(rules: ModuleType, kinds: Sequence[type]) -> dict[type, Callable[..., Any]]:
    """The rule that applies each action class of ``kinds`` in a rules module that
    writes no ``apply``: its function named after the class, in lower case with words
    joined by ``_`` (``bid`` for ``Bid``, ``play_card`` for ``PlayCard``; a Python
    keyword takes a final ``_``: ``pass_`` for ``Pass``), which takes the state and the
    action and returns the next state. An action of a class derived from one of
    ``kinds`` is applied by the rule of its nearest base among them. A class whose rule
    would bear the name of the module's other functions (``LegalActions``, ``View``,
    ``CheckBid``) is a :class:`TypeError`.

    When the module also writes ``check_<name>`` (``check_bid``), that function refuses
    an illegal action (raising :class:`~rulespec.IllegalAction` with its clause) and
    the rule only changes the state: the check runs first, except for a chance action
    that a game playing by this module drew itself from that very state's own piles
    (see :func:`drawn`), legal by construction.

    >>> import types
    >>> @attrs.frozen
    ... class PlayCard:
    ...     card: int
    >>> rules = types.ModuleType("rules")
    >>> rules.play_card = lambda state, action: state + action.card
    >>> action_rules(rules, (PlayCard,))[PlayCard](1, PlayCard(4))
    5
    """
    found: dict[type, Callable[..., Any]] = {}
    for kind in kinds:
        name = _snake(kind.__name__)
        if name in _NOT_ACTION_RULES or name.startswith("check_"):
            raise TypeError(
                f"{kind.__name__}'s rule would be {name}(), which the rules module writes "
                "for another purpose: rename the class, or write apply(state, action)"
            )
        effect = getattr(rules, name, None)
        if not callable(effect):
            module = getattr(rules, "__name__", "the rules")
            raise TypeError(
                f"{module} writes no apply(state, action), "
                f"nor {name}(state, action) to apply a {kind.__name__}"
            )
        check = getattr(rules, f"check_{name}", None)
        found[kind] = effect if check is None else _checked(check, effect, vars(rules))
    return found


_NOT_ACTION_RULES = frozenset(
    (
        "action_space",
        "apply",
        "chance",
        "evolve",
        "is_over",
        "legal_actions",
        "new_game",
        "observation",
        "sample_state",
        "scores",
        "to_move",
        "view",
        "winners",
    )
)
"""The names of a rules module's functions that are no action's rule."""


def _snake(name: str) -> str:
    """``play_card`` for ``PlayCard``; ``pass_`` for ``Pass``, whose name is a keyword."""
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
    return f"{snake}_" if keyword.iskeyword(snake) else snake


def _checked(
    check: Callable[[Any, Any], object], effect: Callable[[Any, Any], Any], drawer: object
) -> Callable[[Any, Any], Any]:
    """``effect`` after ``check``, which a chance action drawn from the state by a game
    whose rules' namespace is ``drawer`` skips."""

    def checked(state: Any, action: Any) -> Any:
        last = _DRAWN[0]
        if last[1] is not action or last[0] is not state or last[2] is not drawer:
            check(state, action)
        return effect(state, action)

    functools.update_wrapper(checked, effect)
    return checked


_MAKERS: dict[str, Callable[[Any, Any], Any]] = {"is_over": _is_over, "apply": _apply}
"""The methods :meth:`RulesGame.__init_subclass__` makes for each game."""
