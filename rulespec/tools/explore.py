"""Every reachable state of a small game, checked: the model checker of rulespec.

:func:`explore` walks breadth first from a new game (before the deal) through every
player action and every chance outcome (each distinct ordering of each shuffled
pile), keeping each state once by value, or once per symmetry class when the
configuration declares a canonical form. On every state it checks the game's state
invariants and that someone can act unless the game is over; on every step the
transition invariants; over the whole graph, that no state comes back (every game
ends). It counts the distinct and final states per depth and the longest game.
:func:`check_views` then groups the states by what each player sees and checks that
:meth:`~rulespec.core.game.Game.sample_state` draws only states of the view's set,
each as often as the documented law says.

A small configuration (:class:`Config`, listed by the game: :func:`configs`) shrinks
the deck and the hands with options that are not rules of the game, or starts from a
position late in a game, each arrangement of its hidden cards.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import pickle
import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from itertools import pairwise, permutations, product
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game, game
from rulespec.core.invariants import Violation
from rulespec.core.record import Record
from rulespec.plugin.small import Canonical, Config, arrangements, orderings

__all__ = [
    "Config",
    "ExploreReport",
    "Finding",
    "Symmetry",
    "TooManyStates",
    "arrangements",
    "check_views",
    "config",
    "configs",
    "explore",
    "orderings",
    "small_options",
]


def configs(g: Game[Any, Any, Any, Any]) -> tuple[Config, ...]:
    """The small configurations that ``g``'s declaration lists (``small``), the default
    first; :class:`LookupError` when it lists none.

    >>> [(c.name, c.players) for c in configs(game("duo"))]
    [('small', 2), ('three', 3), ('long', 2)]
    """
    module = g.declaration.small
    if module is None:
        raise LookupError(f"{g.id} declares no small configuration to explore")
    found: tuple[Config, ...] = tuple(g.declaration.load(module).configs())
    return found


def config(game_id: str, name: str) -> Config:
    """The small configuration ``name`` of ``game_id``.

    >>> config("duo", "three").players
    3
    """
    for c in configs(game(game_id)):
        if c.name == name:
            return c
    raise KeyError(name)


def small_options(game_id: str, name: str) -> Any:
    """The options of the small configuration ``name`` of ``game_id``.

    >>> small_options("duo", "small").hand_size
    2
    """
    return game(game_id).decode_options(config(game_id, name).options)


class TooManyStates(RuntimeError):
    """The exploration reached its bound on distinct states."""


@attrs.frozen
class Finding:
    """A broken invariant, a deadlock or a cycle, with the shortest path to it."""

    kind: str
    """``"invariant"``, ``"transition"``, ``"deadlock"`` or ``"cycle"``."""
    message: str
    depth: int
    record: Record
    """The steps from the start to the state (for a cycle: round it once more), after
    the walk's start state when it did not start from the new game (the record's
    :attr:`~rulespec.Record.start`): a record ``rulespec verify`` replays."""

    def to_data(self) -> dict[str, Any]:
        """The finding as JSON data, its path as a record."""
        data = {"kind": self.kind, "message": self.message, "depth": self.depth}
        return data | {"record": self.record.to_data()}


@attrs.define
class ExploreReport:
    """What :func:`explore` found."""

    game: str
    players: int
    options: dict[str, Any]
    symmetry: bool
    states: int = 0
    terminal: int = 0
    depth: int = 0
    """The deepest state's distance from the new game, in steps (chance steps count)."""
    longest: int = 0
    """The most steps of a game, from the new game to a final state."""
    edges: int = 0
    per_depth: list[int] = attrs.Factory(list)
    terminal_per_depth: list[int] = attrs.Factory(list)
    winners: dict[str, int] = attrs.Factory(dict)
    """Final states by their winners (seats joined by commas, ``none`` for no winner)."""
    violations: list[Finding] = attrs.Factory(list)
    deadlocks: list[Finding] = attrs.Factory(list)
    cycles: int = 0
    cycle: Finding | None = None
    endless: bool = False
    """Whether the rules let a game go on for ever (a cycle is then no fault)."""
    seconds: float = 0.0
    views: dict[str, Any] = attrs.Factory(dict)
    kept: list[Any] = attrs.field(factory=list, repr=False)
    """The distinct states, breadth first (for :func:`check_views`)."""

    @property
    def ok(self) -> bool:
        """Whether nothing is wrong."""
        bad = self.violations or self.deadlocks or (self.cycles and not self.endless)
        return not bad and not self.views.get("failures")

    def to_data(self) -> dict[str, Any]:
        """The report as JSON data."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "symmetry": self.symmetry,
            "states": self.states,
            "terminal": self.terminal,
            "depth": self.depth,
            "longest": self.longest,
            "edges": self.edges,
            "per_depth": self.per_depth,
            "terminal_per_depth": self.terminal_per_depth,
            "winners": self.winners,
            "violations": [f.to_data() for f in self.violations],
            "deadlocks": [f.to_data() for f in self.deadlocks],
            "cycles": self.cycles,
            "endless": self.endless,
            "cycle": None if self.cycle is None else self.cycle.to_data(),
            "views": self.views,
            "seconds": round(self.seconds, 3),
        }


def explore(
    g: Game[Any, Any, Any, Any],
    players: int,
    options: Any = None,
    *,
    symmetry: Canonical | None = None,
    starts: Sequence[Any] | None = None,
    endless: bool = False,
    max_states: int = 2_000_000,
    max_outcomes: int = 1_000_000,
    findings: int = 10,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> ExploreReport:
    """Every state reachable from ``g.new_game(players, options)`` (or from each of
    ``starts``), checked.

    With ``endless``, a cycle is counted but not found wrong (rules that let a game go
    on for ever). ``symmetry`` maps a state to its canonical form: states of equal forms are kept
    once. Raises :class:`TooManyStates` past ``max_states`` distinct states, and
    :class:`ValueError` when a chance step has more than ``max_outcomes`` orderings.
    At most ``findings`` broken state invariants, as many broken transition invariants
    and as many deadlocks are kept (the first found, the shallowest).

    With ``workers`` above 1, each depth's states are expanded in that many processes
    and their successors numbered here in the order one process walks them: the report
    is the same (paths included). The game and ``symmetry`` are then sent to the
    processes: they must pickle (a configuration's form: :class:`Symmetry`).
    """
    started = time.perf_counter()
    options = g.default_options() if options is None else options
    report = ExploreReport(g.id, players, g.encode_options(options), symmetry is not None)
    report.endless = endless
    key: Canonical = symmetry or (lambda s: s)
    walker = _Walker(g, symmetry, max_outcomes)
    states: list[Any] = []
    index: dict[Hashable, int] = {}
    for first in [g.new_game(players, options)] if starts is None else starts:
        if index.setdefault(key(first), len(states)) == len(states):
            states.append(first)
    parent: list[tuple[int, Any] | None] = [None] * len(states)
    depth_of: list[int] = [0] * len(states)
    edges: list[tuple[int, ...]] = []
    frontier, depth = list(range(len(states))), 0
    kinds: Counter[str] = Counter(invariant=0, transition=0)

    def step(a: int, b: int) -> Any:
        wanted = key(states[b])
        return next(m for m in walker.moves(states[a]) if key(g.apply(states[a], m)) == wanted)

    def path(node: int) -> list[Any]:
        actions: list[Any] = []
        while (link := parent[node]) is not None:
            node, action = link
            actions.append(action)
        return actions[::-1]

    def finding(kind: str, message: str, node: int, extra: Sequence[Any] = ()) -> Finding:
        root = node
        while (link := parent[root]) is not None:
            root = link[0]
        start = None if starts is None else states[root]
        steps = tuple([*path(node), *extra])
        return Finding(
            kind, message, depth_of[node], Record(g.id, players, options, steps, start=start)
        )

    def merge(nodes: Sequence[int], chunk: _Chunk, following: list[int]) -> None:
        """Number the successors of ``nodes`` (expanded as ``chunk``) in the order of the
        walk in one process: the nodes', then each node's moves'."""
        forms, expanded = chunk
        known: list[int | None] = [None] * len(forms)
        for node, (broken, end, successors) in zip(nodes, expanded, strict=True):
            if kinds["invariant"] < findings:
                for message in broken:
                    kinds["invariant"] += 1
                    report.violations.append(finding("invariant", message, node))
            if end is not None:
                final, text = end
                if final:
                    report.terminal += 1
                    report.terminal_per_depth[-1] += 1
                    report.winners[text] = report.winners.get(text, 0) + 1
                elif len(report.deadlocks) < findings:
                    report.deadlocks.append(finding("deadlock", text, node))
                edges.append(())
                continue
            targets: dict[int, None] = {}
            for action, form, wrong in successors:
                report.edges += 1
                if kinds["transition"] < findings:
                    for message in wrong:
                        kinds["transition"] += 1
                        report.violations.append(finding("transition", message, node, (action,)))
                target = known[form]
                if target is None:
                    k, after = forms[form]
                    target = index.get(k)
                    if target is None:
                        target = len(states)
                        if target >= max_states:
                            raise TooManyStates(
                                f"more than {max_states:,} distinct states (raise --max-states)"
                            )
                        index[k] = target
                        states.append(after)
                        parent.append((node, action))
                        depth_of.append(depth + 1)
                        following.append(target)
                    known[form] = target
                targets[target] = None
            edges.append(tuple(targets))
            if progress is not None:
                progress(len(states), depth)

    with _pool(walker, workers) as pool:
        while frontier:
            report.per_depth.append(len(frontier))
            report.terminal_per_depth.append(0)
            following: list[int] = []
            if pool is None:
                for i in range(0, len(frontier), 64):
                    part = frontier[i : i + 64]
                    checks = (kinds["invariant"] < findings, kinds["transition"] < findings)
                    chunk = walker.expand([states[n] for n in part], *checks, dedupe=False)
                    merge(part, chunk, following)
            else:
                size = max(64, -(-len(frontier) // (8 * workers)))
                parts = [frontier[i : i + size] for i in range(0, len(frontier), size)]
                checks = (kinds["invariant"] < findings, kinds["transition"] < findings)
                chunks = [[states[n] for n in part] for part in parts]
                for part, chunk in zip(
                    parts,
                    pool.map(_expand, chunks, *([c] * len(parts) for c in checks)),
                    strict=True,
                ):
                    merge(part, chunk, following)
            frontier = following
            depth += 1
    # Edges were listed in the order of the states' numbers (breadth first).
    report.states = len(states)
    report.depth = depth - 1
    report.violations.sort(key=lambda f: f.depth)
    _graph(report, edges, finding, step)
    report.kept = states
    report.seconds = time.perf_counter() - started
    return report


class Symmetry:
    """The canonical form ``make(options)`` of a configuration (its ``symmetry``), which
    pickles as ``make`` and ``options`` (a form is often a closure, which does not), so
    that :func:`explore` can send it to its worker processes.

    >>> from rulespec.duo.small import symmetry
    >>> import pickle
    >>> form = Symmetry(symmetry, small_options("duo", "small"))
    >>> s = game("duo").new_game(2, form.options)
    >>> pickle.loads(pickle.dumps(form))(s) == form(s)
    True
    """

    def __init__(self, make: Callable[[Any], Canonical], options: Any) -> None:
        self.make, self.options = make, options
        self.form = make(options)

    def __call__(self, state: Any) -> Hashable:
        return self.form(state)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Symmetry, (self.make, self.options))


_Expanded = tuple[tuple[str, ...], tuple[bool, str] | None, list[tuple[Any, int, tuple[str, ...]]]]
"""A state expanded: its broken invariants' messages; ``(final, winners label)`` or
``(False, deadlock message)`` when it has no move, else ``None``; each move with its
successor (an index into the chunk's forms) and the transition invariants it breaks."""
_Chunk = tuple[list[tuple[Hashable, Any]], list[_Expanded]]
"""States expanded together: their successors once each, as (key, state), and each
state's expansion."""


@attrs.frozen
class _Walker:
    """What expands a state: the game, its canonical form (``None``: the state itself)
    and the bound on a chance step's outcomes."""

    g: Any
    key: Canonical | None
    max_outcomes: int

    def moves(self, state: Any) -> list[Any]:
        g = self.g
        actors = g.to_move(state)
        if actors == (CHANCE,):
            piles = g.chance(state).piles
            return [g.chance_action(state, o) for o in _outcomes(piles, self.max_outcomes)]
        return [a for actor in actors for a in g.legal_actions(state, actor)]

    def expand(
        self, states: Sequence[Any], check_states: bool, check_steps: bool, dedupe: bool = True
    ) -> _Chunk:
        """``states`` expanded, their invariants checked if ``check_states`` and their steps'
        if ``check_steps``; with ``dedupe``, each successor listed once (it is sent)."""
        g, key = self.g, self.key
        invariants = g.invariants if check_states else ()
        steps = g.transition_invariants if check_steps else ()
        forms: list[tuple[Hashable, Any]] = []
        seen: dict[Hashable, int] = {}
        expanded: list[_Expanded] = []
        for state in states:
            broken = _messages(inv.violation(state) for inv in invariants)
            moves = self.moves(state)
            if not moves:
                if g.is_over(state):
                    end = (True, ",".join(map(str, g.winners(state))) or "none")
                else:
                    actors = g.to_move(state)
                    who = "nobody is to move" if not actors else f"players {actors} have no action"
                    end = (False, f"not over, but {who}")
                expanded.append((broken, end, []))
                continue
            successors = []
            for action in moves:
                after = g.apply(state, action)
                wrong = (
                    _messages(check.violation(state, action, after) for check in steps)
                    if steps
                    else ()
                )
                k = after if key is None else key(after)
                form = seen.get(k) if dedupe else None
                if form is None:
                    form = len(forms)
                    forms.append((k, after))
                    if dedupe:
                        seen[k] = form
                successors.append((action, form, wrong))
            expanded.append((broken, None, successors))
        return forms, expanded


def _messages(found: Iterable[Violation | None]) -> tuple[str, ...]:
    return tuple(f"{b.invariant}: {b.message}" for b in found if b is not None)


_WALKER: list[_Walker] = []
"""The walker of a worker process (set when it starts)."""


def _started(walker: _Walker) -> None:
    _WALKER[:] = [walker]


def _expand(states: list[Any], check_states: bool, check_steps: bool) -> _Chunk:
    return _WALKER[0].expand(states, check_states, check_steps)


@contextlib.contextmanager
def _pool(walker: _Walker, workers: int) -> Iterator[Executor | None]:
    """``workers`` fresh processes that expand states with ``walker`` (``None`` for 1)."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if workers == 1:
        yield None
        return
    try:
        pickle.dumps(walker)
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise ValueError(
            f"with several workers the game and its canonical form must pickle: {exc}"
        ) from None
    # "spawn": workers start clean, whatever threads this process runs.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, context, _started, (walker,)) as pool:
        yield pool


def _outcomes(
    piles: Sequence[Sequence[Hashable]], limit: int
) -> Iterator[tuple[tuple[Hashable, ...], ...]]:
    """Every outcome of a chance step: each distinct ordering of each pile."""
    total = 1
    for pile in piles:
        total *= math.factorial(len(pile)) // math.prod(
            math.factorial(c) for c in Counter(pile).values()
        )
    if total > limit:
        sizes = ", ".join(str(len(p)) for p in piles)
        raise ValueError(
            f"a chance step has {total:,} outcomes (piles of {sizes}), more than {limit:,}: "
            "choose a smaller configuration"
        )
    if len(piles) == 1 and len(set(piles[0])) == len(piles[0]):
        for order in permutations(piles[0]):
            yield (order,)
        return
    yield from product(*(list(orderings(p)) for p in piles))


def _graph(
    report: ExploreReport,
    edges: list[tuple[int, ...]],
    finding: Callable[[str, str, int, Sequence[Any]], Finding],
    step: Callable[[int, int], Any],
) -> None:
    """Cycles (Kahn's order leaves them) and the longest game over the explored graph."""
    n = len(edges)
    incoming = [0] * n
    for targets in edges:
        for t in targets:
            incoming[t] += 1
    order = [v for v in range(n) if not incoming[v]]
    for v in order:  # grows as it goes
        for t in edges[v]:
            incoming[t] -= 1
            if not incoming[t]:
                order.append(t)
    if len(order) < n:
        left = [v for v in range(n) if incoming[v]]
        report.cycles = len(left)
        report.cycle = _cycle(left, edges, finding, step)
        return
    longest = [0] * n
    for v in reversed(order):
        longest[v] = max((longest[t] + 1 for t in edges[v]), default=0)
    report.longest = max(longest, default=0)


def _cycle(
    left: list[int],
    edges: list[tuple[int, ...]],
    finding: Callable[[str, str, int, Sequence[Any]], Finding],
    step: Callable[[int, int], Any],
) -> Finding:
    """A cycle among the states Kahn's order left, reached by the shortest path to its
    first state, with the steps around it."""
    inside = set(left)
    pruned = True
    while pruned:  # keep the states on a cycle: each has a successor kept
        kept = {v for v in inside if any(t in inside for t in edges[v])}
        pruned = kept != inside
        inside = kept
    left = sorted(inside)
    node, seen = left[0], {left[0]: 0}
    walk = [left[0]]
    while True:  # every state left has a successor left
        node = next(t for t in edges[node] if t in inside)
        if node in seen:
            break
        seen[node] = len(walk)
        walk.append(node)
    loop = [*walk[seen[node] :], node]
    around = [step(a, b) for a, b in pairwise(loop)]
    return finding(
        "cycle", f"a cycle of {len(around)} steps comes back to a state", loop[0], around
    )


def check_views(
    g: Game[Any, Any, Any, Any],
    report: ExploreReport,
    states: Sequence[Any],
    options: Any,
    *,
    weight: Callable[[Any], int] | None = None,
    exact: Callable[[Any], bool] | None = None,
    sets: int = 3,
    largest: int = 60,
    draws_per_state: int = 30,
    seed: int = 0,
) -> dict[str, Any]:
    """Group ``states`` by each player's view and check :meth:`sample_state` on a few
    information sets: every draw shows the view, and the draws that fall among the set's
    explored states fall on each as often as its ``weight`` says (a chi-squared test at
    the 10⁻⁴ level).

    The weight of a state is the number of arrangements of the hidden cards it stands
    for when copies of a card are told apart (a hand holding two copies stands for
    fewer than one holding two different cards), as a shuffle deals them; ``None``:
    every state weighs 1. A draw that shows the view but was not explored (a walk from
    a position does not hold every arrangement of what a view forgets, such as the
    cards drawn since the start) is counted, not tested. Sets of 2 to ``largest``
    states are tested: for each player, the ``sets`` largest on whose views the game's
    sampler is ``exact`` among those that look *whole* (ten draws all explored; each
    row says whether all its draws were), filled up with the largest other exact ones,
    then as many on which it is not exact: a draw that does not show the view fails
    either, a frequency test fails only an exact one (the others are reported).
    """
    exact = exact or (lambda view: True)
    weigh = weight or (lambda state: 1)
    rng = random.Random(seed)
    result: dict[str, Any] = {"information_sets": 0, "tested": [], "failures": []}
    for player in range(report.players):
        groups: dict[Any, list[Any]] = defaultdict(list)
        for state in states:
            if g.to_move(state) == (CHANCE,) or g.is_over(state):
                continue
            groups[g.view(state, player)].append(state)
        result["information_sets"] += len(groups)
        fit = sorted(
            (v for v, members in groups.items() if 2 <= len(members) <= largest),
            key=lambda v: (-len(groups[v]), repr(v)),
        )
        exacts = [v for v in fit if exact(v)]
        whole = [v for v in exacts[: 40 * sets] if _whole(g, v, groups[v], rng, options)][:sets]
        chosen = whole + [v for v in exacts if v not in whole][: sets - len(whole)]
        chosen += [v for v in fit if not exact(v)][:sets]
        for seen in chosen:
            members = groups[seen]
            counts = Counter({s: 0 for s in members})
            draws = draws_per_state * len(members)
            outside = unexplored = 0
            for _ in range(draws):
                drawn = g.sample_state(seen, rng, options)
                if drawn in counts:
                    counts[drawn] += 1
                elif g.view(drawn, player) == seen:
                    unexplored += 1
                else:
                    outside += 1
            hits = draws - outside - unexplored
            weights = {s: weigh(s) for s in members}
            total = sum(weights.values())
            chi2 = 0.0
            for s, c in counts.items():
                expected = hits * weights[s] / total
                chi2 += (c - expected) ** 2 / expected if expected else 0.0
            p = _chi2_tail(chi2, len(members) - 1) if hits else 1.0
            row = {"player": player, "states": len(members), "draws": draws, "chi2": round(chi2, 2)}
            row |= {"p": round(p, 6), "outside": outside, "unexplored": unexplored}
            row |= {"weighted": len(set(weights.values())) > 1, "exact": exact(seen)}
            row["whole"] = not unexplored
            result["tested"].append(row)
            if outside or (p < 1e-4 and exact(seen)):
                result["failures"].append(row)
    return result


def _whole(g: Any, view: Any, members: Sequence[Any], rng: random.Random, options: Any) -> bool:
    """Whether ten draws for ``view`` all fall among ``members`` (the set looks whole)."""
    known = set(members)
    return all(g.sample_state(view, rng, options) in known for _ in range(10))


def _chi2_tail(x: float, k: int) -> float:
    """P(X ≥ x) for a chi-squared X with ``k`` degrees of freedom (Wilson–Hilferty).

    >>> round(_chi2_tail(3.84, 1), 2), round(_chi2_tail(0.0, 3), 2)
    (0.05, 1.0)
    """
    if x <= 0:
        return 1.0
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))
