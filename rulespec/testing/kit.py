"""What the conformance kit knows of one game beyond the :class:`~rulespec.Game` protocol.

The kit plays and compares games through the protocol alone. A
:class:`GameKit` adds what only a game's own module can say: how to steer
generated games toward rare situations (all of them still legal), which
illegal actions are worth trying, how to split a state into comparable
parts, and which clauses a divergence in each part implicates.

The kit of a game lives in the module its declaration names as ``kit``
(:mod:`rulespec.core.declaration`), imported on first use, which registers the
game's :class:`GameKit` with :func:`register_kit`. A game without a kit
is still checked, with the defaults of :class:`GameKit` (plain legal play,
no illegal probes, divergences cited through the game's invariants).
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, TypeAlias, TypeVar

import attrs
from hypothesis import strategies as st

from rulespec.core.chance import Chance
from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game
from rulespec.rulebook.implements import implementations_by_clause

__all__ = [
    "AnyGame",
    "Draw",
    "GameKit",
    "ImplementsKit",
    "Parts",
    "Step",
    "field_parts",
    "index",
    "kit_for",
    "permutations",
    "playing",
    "refusals",
    "register_kit",
    "traced_clauses",
]

Strategy = st.SearchStrategy[Any]
AnyGame: TypeAlias = Game[Any, Any, Any, Any]
"""A game of any state, action, view and options types."""
Parts: TypeAlias = Mapping[str, Any]
"""A state or view split into named parts (see :meth:`GameKit.parts`)."""
Draw = Callable[[st.SearchStrategy[Any]], Any]
"""Draws a value from a strategy (the ``draw`` of a composite strategy)."""


@lru_cache(maxsize=512)
def index(n: int) -> st.SearchStrategy[int]:
    """An index into a sequence of ``n`` items (shrinks to 0); built once per ``n``."""
    return st.integers(0, n - 1)


@lru_cache(maxsize=512)
def permutations(pile: tuple[Hashable, ...]) -> st.SearchStrategy[list[Any]]:
    """The orderings of ``pile`` (shrinks to its own order); built once per pile."""
    return st.permutations(pile)


@attrs.frozen
class Step:
    """Where a comparison happens: the step ``before → after`` by ``action``.

    ``before`` and ``action`` are ``None`` for the state a game starts in.
    ``after`` is rulespec's state.

    >>> Step(None, None, "start").history
    ()
    """

    before: Any
    action: Any
    after: Any
    history: tuple[Step, ...] = attrs.field(default=(), eq=False, repr=False)
    """The game's earlier steps, oldest first (filled when a divergence is reported), so
    a kit can name the step whose effect explains a difference seen only later."""

    def since(self, kind: type) -> list[Step]:
        """The steps from the latest one taken by an action of ``kind`` (a deal, say) to
        this one, oldest first; without such a step, every step but the start.

        >>> start = Step(None, None, "s0")
        >>> step = Step("s1", "a", "s2", history=(start, Step("s0", 1, "s1")))
        >>> [s.action for s in step.since(int)], [s.action for s in step.since(bytes)]
        ([1, 'a'], [1, 'a'])
        """
        steps = [*self.history, self]
        for i in range(len(steps) - 1, -1, -1):
            if isinstance(steps[i].action, kind):
                return steps[i:]
        return [s for s in steps if s.action is not None]


def field_parts(value: Any, *split: str, only: Sequence[str] = ()) -> dict[str, Any]:
    """The public attrs fields of ``value`` by name, in their order (or those named in
    ``only``, in that order), each field named in ``split`` (a tuple of one item a seat
    or a pile) given as parts ``name[i]``: a state split into parts (see
    :meth:`GameKit.parts`).

    >>> @attrs.frozen
    ... class Table:
    ...     turn: int
    ...     hands: tuple[str, ...]
    ...     _cache: object = None
    >>> field_parts(Table(1, ("ab", "c")), "hands")
    {'turn': 1, 'hands[0]': 'ab', 'hands[1]': 'c'}
    >>> field_parts(Table(1, ("ab", "c")), only=("hands", "turn"))
    {'hands': ('ab', 'c'), 'turn': 1}
    """
    names = only or [f.name for f in attrs.fields(type(value)) if not f.name.startswith("_")]
    found: dict[str, Any] = {}
    for name in names:
        item = getattr(value, name)
        if name in split:
            found.update((f"{name}[{i}]", part) for i, part in enumerate(item))
        else:
            found[name] = item
    return found


def playing(state: Any, kind: type, phase: Any, player: int | None = None) -> bool:
    """Whether ``state`` is a ``kind`` (a game's state class) in ``phase`` and, when
    ``player`` is given, ``player`` is one of its seats.

    >>> import rulespec
    >>> from rulespec.duo import Phase, State
    >>> state = rulespec.game("duo").start(2, seed=1)
    >>> playing(state, State, Phase.TURN, 1), playing(state, State, Phase.TURN, 2)
    (True, False)
    """
    if not isinstance(state, kind) or getattr(state, "phase", None) is not phase:
        return False
    return player is None or 0 <= player < state.players  # type: ignore[attr-defined]


class GameKit:
    """The defaults; each game's module subclasses it."""

    game_id: str = ""
    styles: tuple[str, ...] = ("any",)
    """Names of the play styles a generated round may follow (the first is the
    one failures shrink to)."""
    dealt: ClassVar[frozenset[str]] = frozenset()
    """Refusal clauses that a wrong deal explains (a card that is not in the hand, say):
    a divergence through one of them before the first player's step names the setup."""
    every_step: ClassVar[frozenset[str]] = frozenset()
    """The clauses every player step exercises (the order of turns, say): the coverage
    of a conformance run counts them once a step the engine takes."""
    consequences: ClassVar[Mapping[str, frozenset[str]]] = {}
    """For a part of a state or view, the parts that differ as a consequence when it
    differs; a report cites the clauses of the other parts only."""
    part_keys: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """For a part of a view (or state) that no key of its JSON names: the keys that hold
    it, which a report shows (see :func:`~rulespec.testing.divergence.part_data`)."""

    # -- generating --------------------------------------------------------------------

    def options(self, game: AnyGame) -> Strategy:
        """Options to play with; by default the published rules only."""
        return st.just(game.default_options())

    def reading_options(self, game: AnyGame) -> Strategy:
        """Options rulespec plays against itself: those of :meth:`options`, and those
        selecting the readings its catalogue registers (:func:`rulespec.readings`),
        which an engine compared with rulespec declares rather than being sent. By
        default :meth:`options`."""
        return self.options(game)

    def chance_action(self, game: AnyGame, state: Any, chance: Chance, draw: Draw) -> Any:
        """A chance outcome drawn with ``draw``: one permutation of each pile."""
        return game.chance_action(state, self.shuffled(chance, draw))

    @staticmethod
    def shuffled(chance: Chance, draw: Draw) -> list[list[Any]]:
        """One permutation of each pile of ``chance``, drawn with ``draw``."""
        return [list(draw(permutations(pile))) for pile in chance.piles]

    def player_actions(self, game: AnyGame, state: Any, player: int, style: str) -> Sequence[Any]:
        """The legal actions of ``player`` that a round played in ``style`` chooses from
        (uniformly); by default all of them."""
        return game.legal_actions(state, player)

    def illegal_actions(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """Actions of ``player`` that the rules refuse now, worth trying on an engine."""
        return ()

    def action_space(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """Every well-formed action of ``player`` in the game's fixed action space at
        ``state``'s shape, in its canonical encoding, legal or not: the kit offers those
        the rules refuse as systematic probes, grouped by the clause that refuses each.
        By default the rules' ``action_space`` (a :class:`rulespec.plugin.RulesGame`'s),
        each action given to ``player``, or else :meth:`illegal_actions`."""
        listed = getattr(game.rules, "action_space", None)
        if listed is None:
            return self.illegal_actions(game, state, player)
        return [_for(a, player) for a in listed(state.players, state.options)]

    def non_canonical(self, game: AnyGame, state: Any, player: int) -> Sequence[Any]:
        """A few legal actions of ``player`` written in another encoding than the
        canonical one (the same play, its spaces in another order): an engine that
        accepts one earns a protocol note, not a divergence. By default none."""
        return ()

    def canonical_of(self, game: AnyGame, state: Any, action: Any) -> Any:
        """The canonical encoding of the action that the non-canonical ``action`` (one of
        :meth:`non_canonical`) stands for; ``None`` by default."""
        return None

    def refusal_probes(self, game: AnyGame, state: Any, action: Any) -> Sequence[Any]:
        """Illegal actions whose acceptance by an engine would explain why it refuses the
        legal ``action`` (a refused discard: the plays of that card, which the engine must
        believe possible). The kit offers them before it blames the refusal; by default
        none."""
        return ()

    def setup_clauses(self, game: AnyGame, state: Any) -> tuple[str, ...]:
        """The clauses of the game's setup (the deal, the first player, the starting
        hands), cited first when an engine diverges before its first player's step."""
        return ()

    # -- comparing ---------------------------------------------------------------------

    def canonical(self, game: AnyGame, state: Any) -> Any:
        """``state`` with what no rule defines set to fixed values (the kit compares
        these projections of whole states); by default the state itself."""
        return state

    def canonical_view(self, game: AnyGame, view: Any) -> Any:
        """A view with what no rule defines set to fixed values; by default the view
        itself."""
        return view

    def parts(self, game: AnyGame, state: Any) -> dict[str, Any]:
        """A state split into named parts, compared one by one (JSON keys by default)."""
        return dict(game.encode_state(state))

    def view_parts(self, game: AnyGame, view: Any) -> dict[str, Any]:
        """A view split into named parts (its attrs fields by default)."""
        if attrs.has(type(view)):
            return {f.name: getattr(view, f.name) for f in attrs.fields(type(view))}
        return {"view": view}

    def cited_parts(self, differ: Sequence[str]) -> list[str]:
        """The differing parts whose clauses a report cites: those that are not a
        consequence of another differing part."""
        cited = [
            p
            for p in differ
            if not any(p in self.consequences.get(q, ()) for q in differ if q != p)
        ]
        return cited or list(differ)

    def part_clauses(
        self, game: AnyGame, step: Step, part: str, expected: Parts, actual: Parts
    ) -> tuple[str, ...]:
        """The clauses a divergence in ``part`` (of a state or a view) implicates."""
        return ()

    def action_clauses(self, game: AnyGame, state: Any, action: Any) -> tuple[str, ...]:
        """The clauses that allow ``action`` in ``state`` (cited when an engine refuses it)."""
        return ()

    def legal_clauses(
        self, game: AnyGame, step: Step, player: int, missing: Sequence[Any], extra: Sequence[Any]
    ) -> tuple[str, ...]:
        """The clauses a difference in ``player``'s legal actions implicates: first the
        clauses rulespec refuses the ``extra`` actions with, then those that allow the
        ``missing`` ones."""
        state = step.after
        found = list(refusals(game, state, extra))
        found.extend(self.allowing(game, state, (*missing, *extra)))
        return tuple(dict.fromkeys(found))

    def allowing(self, game: AnyGame, state: Any, actions: Iterable[Any]) -> list[str]:
        """The clauses of :meth:`action_clauses` for each of ``actions``, in order."""
        return [c for action in actions for c in self.action_clauses(game, state, action)]

    def confirm(
        self, game: AnyGame, adapter: Any, step: Step, extra: Sequence[Any], clauses: Sequence[str]
    ) -> tuple[str, ...]:
        """``clauses`` of a difference in legal actions at ``step`` (the engine adds
        ``extra``), reordered when a short game of the kit's own, played on the engine's
        ``adapter``, tells apart two rules the difference alone cannot. The engine is
        left in that game. By default, ``clauses`` unchanged."""
        return tuple(clauses)

    def result_clauses(
        self, game: AnyGame, step: Step, what: str, expected: Any, actual: Any
    ) -> tuple[str, ...]:
        """The clauses a difference in ``what`` implicates: ``"to_move"``, ``"is_over"``,
        ``"scores"`` or ``"winners"``."""
        return ()

    def describe(self, game: AnyGame, action: Any) -> str:
        """An action in a report."""
        return repr(action)


def refusals(game: AnyGame, state: Any, actions: Iterable[Any]) -> list[str]:
    """The clauses rulespec refuses each of ``actions`` with in ``state``, in order, once
    each (actions it accepts add nothing)."""
    found: list[str] = []
    for action in actions:
        try:
            game.apply(state, action)
        except IllegalAction as exc:
            found.append(exc.clause)
        except Exception:  # not an action of this game at all
            continue
    return list(dict.fromkeys(found))


def _for(action: Any, player: int) -> Any:
    """``action`` with ``player`` as its player, when it has one."""
    has = attrs.has(type(action)) and "player" in attrs.fields_dict(type(action))
    return attrs.evolve(action, player=player) if has else action


_KITS: dict[str, GameKit] = {}
K = TypeVar("K", bound=GameKit)


def register_kit(kit: K) -> K:
    """Use ``kit`` for the game whose id is ``kit.game_id``; ``kit`` itself is returned."""
    _KITS[kit.game_id] = kit
    return kit


def kit_for(game: AnyGame) -> GameKit:
    """The kit of ``game``: registered, registered by the kit module the game declares
    (imported on first use), or the defaults."""
    kit = _KITS.get(game.id)
    if kit is not None:
        return kit
    reference = game.declaration.kit
    if reference is not None:
        importlib.import_module(reference)
    kit = _KITS.get(game.id)
    if kit is None:
        kit = ImplementsKit()
        kit.game_id = game.id
        _KITS[game.id] = kit
    return kit


def traced_clauses(game: AnyGame, call: Callable[[], object]) -> tuple[str, ...]:
    """The clauses of ``game`` whose ``@implements`` functions run while rulespec answers
    ``call()``, in the order they first run, and the clause of an
    :class:`~rulespec.IllegalAction` it raises, last.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> "duo.setup.players" in traced_clauses(duo, lambda: duo.new_game(2))
    True
    """
    prefix = game.declaration.prefix
    codes: dict[object, list[str]] = {}
    for clause_id, functions in implementations_by_clause().items():
        if clause_id.startswith(prefix):
            for function in functions:
                code = getattr(inspect.unwrap(function), "__code__", None)
                if code is not None:
                    codes.setdefault(code, []).append(clause_id)
    seen: dict[str, None] = {}

    def profile(frame: types.FrameType, event: str, arg: object) -> None:
        if event == "call":
            found = codes.get(frame.f_code)
            if found:
                seen.update(dict.fromkeys(found))

    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        call()
    except IllegalAction as exc:
        seen[exc.clause] = None
    except Exception:  # an answer rulespec refuses otherwise: what ran still counts
        pass
    finally:
        sys.setprofile(before)
    return tuple(seen)


class ImplementsKit(GameKit):
    """The kit of a game that declares none: a divergence names the clauses whose
    ``@implements`` functions rulespec runs to answer the step in question (to apply its
    action, to say who moves, the scores or the winners), as
    :func:`traced_clauses` finds them."""

    def setup_clauses(self, game: AnyGame, state: Any) -> tuple[str, ...]:
        players = getattr(state, "players", None)
        if not isinstance(players, int):
            return ()
        return traced_clauses(game, lambda: game.new_game(players))

    def action_clauses(self, game: AnyGame, state: Any, action: Any) -> tuple[str, ...]:
        return traced_clauses(game, lambda: game.apply(state, action))

    def part_clauses(
        self,
        game: AnyGame,
        step: Step,
        part: str,
        expected: Mapping[str, Any],
        actual: Mapping[str, Any],
    ) -> tuple[str, ...]:
        if step.before is None or step.action is None:
            return self.setup_clauses(game, step.after)
        return self.action_clauses(game, step.before, step.action)

    def result_clauses(
        self, game: AnyGame, step: Step, what: str, expected: Any, actual: Any
    ) -> tuple[str, ...]:
        answer = {
            "to_move": game.to_move,
            "is_over": game.is_over,
            "scores": game.scores,
            "winners": game.winners,
        }.get(what)
        found = () if answer is None else traced_clauses(game, lambda: answer(step.after))
        if step.before is not None and step.action is not None:
            found = (*found, *self.action_clauses(game, step.before, step.action))
        return tuple(dict.fromkeys(found))
