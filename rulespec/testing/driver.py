"""The driver: one generated game played through rulespec and an adapter side by side.

:func:`~rulespec.testing.check`, the replay of a record and the state
machines all play through a :class:`Driver`. At each step it applies the
step to rulespec and to the engine, asks the engine everything it declares
(in one round trip when the engine answers a whole step at once), offers
it illegal actions now and then, and compares; the first difference raises
a :class:`~rulespec.testing.DivergenceError` naming the clauses it
implicates.
"""

from __future__ import annotations

import json
import traceback
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, NoReturn

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction, RecordError
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import (
    Encoded,
    Inexpressible,
    Query,
    Setup,
    Unsupported,
    action_json,
    ask_each,
    capabilities,
)
from rulespec.testing.budget import Spent, active
from rulespec.testing.divergence import (
    Divergence,
    DivergenceError,
    card_difference,
    part_data,
    shown,
    wire_data,
    wire_text,
)
from rulespec.testing.kit import Draw, GameKit, Step, index, kit_for
from rulespec.testing.learned import learn_legal
from rulespec.testing.probes import PROBE_ALL, Probe, plan, refused

__all__ = ["PROBE_CHOICES", "Driver", "SetAside", "Tally", "break_key"]

PROBE_CHOICES = (False,) * 7 + (True,)
"""Probes at one state in eight where the engine lists its legal actions (failures
shrink to none)."""
BLIND_PROBE_CHOICES = (False, True)
"""Probes at one state in two where it does not: probing is then the only way to learn
of an illegal action it accepts."""
PROBE_LISTED = 16
"""The most probes at one state where the engine lists its legal actions (which already
shows most illegal actions it takes for legal)."""
EXPLAIN_MOST = 64
"""The most illegal actions offered to explain one refusal of a legal action."""
SHUFFLE_PROBES = 400
"""The most shuffles offered to learn which cards an engine that refuses a legal shuffle
of one pile holds instead."""
SAMPLES = 3
"""The steps of one kind kept to learn which clauses that kind exercises."""


def break_key(divergence: Divergence) -> str:
    """What tells one break from another: the clause to blame (the first named), or,
    when no clause is named or the engine's answers depend on earlier games, the kind
    of divergence in brackets.

    >>> import rulespec
    >>> from rulespec.testing import Divergence
    >>> d = Divergence("duo", "scores", 3, "", ("duo.score.round",), "", "",
    ...                rulespec.Record("duo", 2, rulespec.game("duo").default_options()))
    >>> break_key(d), break_key(attrs.evolve(d, clauses=()))
    ('duo.score.round', '(scores)')
    """
    if divergence.kind == "nondeterministic" or not divergence.clauses:
        return f"({divergence.kind})"
    return divergence.clauses[0]


class SetAside(Exception):
    """Raised by a driver at a divergence of a break already found or waived: the game
    ends there, the occurrence is counted, and the search goes on."""

    def __init__(self, divergence: Divergence | None, key: str) -> None:
        super().__init__(key)
        self.divergence = divergence
        self.key = key


def _count(rows: dict[tuple[Any, ...], list[Any]], key: tuple[Any, ...], sample: Any) -> None:
    """One more of ``key`` in ``rows``: a row is its count, then up to :data:`SAMPLES`
    samples, ``sample`` kept while there is room."""
    row = rows.get(key)
    if row is None:
        rows[key] = [1, sample]
    else:
        row[0] += 1
        if len(row) <= SAMPLES:
            row.append(sample)


@attrs.define
class Tally:
    """What a run learned besides divergences: the clauses probed, the actions the engine
    cannot express, the setups it declined (shared by the games of a run)."""

    probed: Counter[str] = attrs.field(factory=Counter)
    notes: dict[str, str] = attrs.field(factory=dict)
    inexpressible: dict[str, str] = attrs.field(factory=dict)
    unsupported: dict[str, str] = attrs.field(factory=dict)
    offered: int = 0
    """Legal player actions offered to the engine."""
    unexpressed: int = 0
    """Of those, the ones it answered it cannot express."""
    hidden_chance: int = 0
    """Chance outcomes the engine would not take or show (answered inexpressible)."""
    taken: dict[tuple[Any, ...], list[Any]] = attrs.field(factory=dict)
    """Steps the engine took, by kind (type and card): ``[count, samples...]``, so that
    the clauses they exercise are worked out once, at the end."""
    setups: dict[Any, list[Any]] = attrs.field(factory=dict)
    """Games whose setup was compared, by players and options: ``[count, a state]``."""
    results: dict[tuple[Any, ...], list[Any]] = attrs.field(factory=dict)
    """Results compared where they changed (scores, winners, the end) and who is to move,
    by kind: ``[count, samples...]`` as in :attr:`taken`."""
    views: int = 0
    """Views compared."""
    player_steps: int = 0
    """Player steps the engine took."""
    set_aside: Counter[str] = attrs.field(factory=Counter)
    """Later occurrences of breaks already found, by break (see :func:`break_key`)."""
    waived: Counter[str] = attrs.field(factory=Counter)
    """Occurrences of waived clauses' divergences."""

    def absorb(self, other: Tally) -> None:
        """Add what ``other`` (one game's tally) learned."""
        self.probed.update(other.probed)
        for mine, theirs in ((self.notes, other.notes), (self.inexpressible, other.inexpressible)):
            for key, text in theirs.items():
                if key not in mine and len(mine) < 20:
                    mine[key] = text
        self.unsupported.update(other.unsupported)
        self.offered += other.offered
        self.unexpressed += other.unexpressed
        self.hidden_chance += other.hidden_chance
        self.views += other.views
        self.player_steps += other.player_steps
        for rows, more in ((self.taken, other.taken), (self.results, other.results)):
            for kind, (count, *samples) in more.items():
                row = rows.setdefault(kind, [0])
                row[0] += count
                row.extend(samples[: SAMPLES + 1 - len(row)])
        for family, (count, state) in other.setups.items():
            self.setups.setdefault(family, [0, state])[0] += count
        self.set_aside.update(other.set_aside)
        self.waived.update(other.waived)

    def note_taken(self, before: Any, action: Any) -> None:
        """Count a step the engine took."""
        _count(self.taken, (type(action), getattr(action, "card", None)), (before, action))

    def note_result(self, what: str, step: Step, value: Any) -> None:
        """Count a result that agreed (``what``: ``"scores"``, ``"to_move"``…) after
        ``step``."""
        _count(self.results, (what, type(step.action)), (step, value))

    def exercised(self, game: Game[Any, Any, Any, Any], kit: GameKit) -> dict[str, int]:
        """How many times each clause was exercised where the engine agreed, from each
        source in turn (the setups, the kinds of steps taken, the results compared where
        they changed, the player steps, the views compared): the most any source counts,
        so that one step is never counted twice."""
        sources: list[Counter[str]] = []
        setups: Counter[str] = Counter()
        for count, state in self.setups.values():
            for clause in kit.setup_clauses(game, state):
                setups[clause] += count
        sources.append(setups)

        def action_clauses(key: tuple[Any, ...], sample: Any) -> Iterable[str]:
            return kit.action_clauses(game, *sample)

        def result_clauses(key: tuple[Any, ...], sample: Any) -> Iterable[str]:
            step, value = sample
            return kit.result_clauses(game, step, key[0], value, value)

        for rows, clauses_of in ((self.taken, action_clauses), (self.results, result_clauses)):
            found: Counter[str] = Counter()
            for key, (count, *samples) in rows.items():
                clauses: dict[str, None] = {}
                for sample in samples:
                    try:
                        clauses.update(dict.fromkeys(clauses_of(key, sample)))
                    except Exception:  # a kit that cannot say: no clause counted
                        continue
                for clause in clauses:
                    found[clause] += count
            sources.append(found)
        sources.append(Counter(dict.fromkeys(kit.every_step, self.player_steps)))
        if self.views:
            import rulespec

            sources.append(
                Counter(
                    {
                        c.id: self.views
                        for c in rulespec.clauses(game.id)
                        if c.section == "view" and c.status == "implemented"
                    }
                )
            )
        counts: Counter[str] = Counter()
        for source in sources:
            counts |= source
        return dict(sorted((k, v) for k, v in counts.items() if v))


def _unexpected(exc: BaseException) -> str:
    last = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return f"raised {last}"


class Driver:
    """Plays one generated game through rulespec and an adapter, comparing as it goes.

    ``draw`` draws from a Hypothesis strategy (``data.draw`` in a test); ``tally``
    collects what the games of one run learned (probes tried, actions the engine cannot
    express). Call :meth:`start`, then :meth:`advance` until the game is over.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        adapter: Any,
        draw: Draw,
        *,
        kit: GameKit | None = None,
        probes: bool = True,
        tally: Tally | None = None,
        set_aside: Collection[str] = (),
        waived: Collection[str] = (),
    ) -> None:
        self.game = game
        self.set_aside = frozenset(set_aside)
        """Breaks already found (see :func:`break_key`): a divergence of one of them
        raises :class:`SetAside` instead of a :class:`~rulespec.testing.DivergenceError`."""
        self.waived = frozenset(waived)
        """Clauses whose divergences the engine's author acknowledges: set aside too, and
        counted apart."""
        self.kit = kit_for(game) if kit is None else kit
        self._action_json = action_json(game)
        self.adapter = adapter
        self.caps = frozenset() if adapter is None else capabilities(adapter)
        self.engine_chance = getattr(adapter, "chance", "kit") == "engine"
        self.state_parts: frozenset[str] | None = getattr(adapter, "state_parts", None)
        self.view_parts: frozenset[str] | None = getattr(adapter, "view_parts", None)
        self.draw = draw
        self.probes = probes
        self.tally = Tally() if tally is None else tally
        self.style = self.kit.styles[0]
        self.steps: list[Any] = []
        self.players = 0
        self.options: Any = None
        self.seed: int | None = None
        self.state: Any = None
        self.before: Any = None
        self.last: Any = None
        self.history: list[Step] = []
        self.player_steps = 0
        """Player actions the engine has accepted in this game."""
        self.stuck = False
        """Whether the game cannot go on: the engine can express none of the legal actions
        of the player to move."""
        self._next: int | None = None  # the player drawn to act next, at the current state
        self._unsayable: set[Any] = set()  # actions the engine cannot express, this state
        self._results: dict[str, Any] = {}  # the last score, winners and end compared
        self._probing = False  # whether the current state is probed
        self._pending: tuple[list[Query], list[Callable[[Any], None]]] = ([], [])
        """What is asked at the current state, sent with the next step."""

    # -- reporting ---------------------------------------------------------------------

    def record(self) -> Record:
        return Record(
            self.game.id, self.players, self.options, tuple(self.steps), chance_seed=self.seed
        )

    def fail(
        self,
        kind: str,
        summary: str,
        clauses: Iterable[str],
        expected: Any,
        actual: Any,
        action: Any = None,
        step: int | None = None,
        setup: bool | None = None,
    ) -> NoReturn:
        """Raise the divergence. ``setup``: whether the game's setup explains it, so that
        its clauses come first (by default, while the engine has accepted no player
        action yet, they follow the clauses found)."""
        g = self.game
        found = tuple(clauses)
        if setup:
            found = (*self.kit.setup_clauses(g, self.state), *found)
        elif setup is None and self.player_steps == 0:
            found = (*found, *self.kit.setup_clauses(g, self.state))
        divergence = Divergence(
            game=g.id,
            kind=kind,
            step=len(self.steps) if step is None else step,
            summary=summary,
            clauses=tuple(dict.fromkeys(found)),
            expected=shown(expected) if isinstance(expected, str) else wire_text(g, expected),
            actual=shown(actual) if isinstance(actual, str) else wire_text(g, actual),
            record=self.record(),
            action=None if action is None else g.encode_action(action),
        )
        key = break_key(divergence)
        budget = active()
        if key in self.waived or key in self.set_aside:
            if budget is None or budget.first is None:  # games shrinking replays don't count
                (self.tally.waived if key in self.waived else self.tally.set_aside)[key] += 1
            raise SetAside(divergence, key)
        if budget is not None:
            budget.found(divergence)
        raise DivergenceError(divergence)

    def _crash(self, name: str, exc: BaseException, step: Step) -> NoReturn:
        clauses = self.kit.action_clauses(self.game, step.after, step.action)
        self.fail("crash", f"the engine's {name}() raised", clauses, "an answer", exc)

    def _call(self, name: str, *args: Any, step: Step) -> Any:
        try:
            return getattr(self.adapter, name)(*args)
        except Exception as exc:
            self._crash(name, exc, step)

    # -- playing -----------------------------------------------------------------------

    def start(self, players: int, options: Any, seed: int | None = None) -> None:
        """Begin a game in rulespec and the engine (``seed``: for an engine that draws its
        own chance). Raises :class:`~rulespec.testing.Unsupported` when the engine
        declines the setup."""
        g = self.game
        self.players, self.options = players, options
        self.seed = seed if self.engine_chance else None
        self.steps = []
        self.state = g.new_game(players, options)
        self.before = self.last = None
        self.history = []
        self.player_steps = 0
        self.stuck = False
        self._next = None
        self._pending = ([], [])
        self._unsayable = set()
        self._results = {}
        if self.adapter is not None:
            try:
                self.adapter.start(Setup(g, players, options, self.seed))
            except Unsupported:
                raise
            except Exception as exc:
                self.fail("crash", "the engine's start() raised", (), "a new game", exc)
            # An engine that draws its own chance may deal at start: it is compared once
            # its deal is followed, when both stand at the same point.
            if not (self.engine_chance and g.to_move(self.state) == (CHANCE,)):
                self._setup_compared()
                self.compare(Step(None, None, self.state))

    def _setup_compared(self) -> None:
        key = (self.players, self.options)
        row = self.tally.setups.get(key)
        if row is None:
            self.tally.setups[key] = [1, self.state]
        else:
            row[0] += 1

    def choose(self, items: Sequence[Any]) -> Any:
        """One of ``items``, drawn (failures shrink toward the first)."""
        return items[self.draw(index(len(items)))] if len(items) > 1 else items[0]

    def choose_style(self) -> str:
        """The style of play of a new round, drawn among the kit's."""
        style: str = self.choose(self.kit.styles)
        return style

    def advance(self) -> None:
        """Play one step: a chance outcome (drawn by the kit, or by the engine when it
        draws its own) or a player's legal action (another when the engine cannot express
        the one drawn), comparing everything on the way."""
        budget = active()
        if budget is not None:
            if budget.spent():
                budget.stopped = True
                raise Spent
            budget.spend()
        if self.engine_chance and self.game.to_move(self.state) == (CHANCE,):
            self._engine_chance()
            return
        action = self.next_action()
        if self._offer_non_canonical(action):
            return
        while not self.step(action):
            if self.stuck:
                return
            action = self.next_action()

    def _offer_non_canonical(self, action: Any) -> bool:
        """At a probed state, offer first a non-canonical encoding of the step drawn, when
        the game has one: an engine that takes it is noted (a protocol matter, not a rule
        broken), and the step is taken; ``True`` then."""
        if self.adapter is None or not self._probing or action is None:
            return False
        g, kit, before = self.game, self.kit, self.state
        player = getattr(action, "player", None)
        if type(player) is not int:
            return False
        alt = next(
            (
                a
                for a in kit.non_canonical(g, before, player)
                if kit.canonical_of(g, before, a) == action
            ),
            None,
        )
        if alt is None:
            return False
        self._probing = False
        ahead, ahead_handlers = self._pending
        self._pending = ([], [])
        answers = iter(self._ask([*ahead, Query("apply", alt)]))
        self._answer(ahead, ahead_handlers, answers)
        got = next(answers)
        if isinstance(got, BaseException):
            try:
                g.apply(before, alt)
            except IllegalAction as exc:  # rulespec refuses it too: a probe like the others
                self.tally.probed[exc.clause] += 1
            return False
        key = f"{wire_text(g, alt)} for {wire_text(g, action)}"
        if len(self.tally.notes) < 20:
            self.tally.notes[key] = (
                f"the engine takes {wire_text(g, alt)}, a non-canonical encoding of "
                f"{wire_text(g, action)}: the protocol's canonical encodings are the ones "
                "the kit sends, and rulespec refuses the others"
            )
        self._follow(Step(before, action, g.apply(before, action)), got)
        return True

    def next_action(self) -> Any:
        """Draw the next step (a chance outcome or a player's legal action); compare the
        player's legal actions and probe with illegal actions on the way, unless that
        was done with the step before."""
        g, state, kit = self.game, self.state, self.kit
        actors = g.to_move(state)
        if actors == (CHANCE,):
            chance = g.chance(state)
            action = kit.chance_action(g, state, chance, self.draw)
            if chance.kind == "deal":
                self.style = self.choose_style()
            return action
        if self.adapter is None:
            player = self.choose(actors)
        else:
            if self._next is None:
                self._at_state(self._now(), ())
            assert self._next is not None
            player = self._next
        options = [a for a in kit.player_actions(g, state, player, self.style)]
        if self._unsayable:
            options = [a for a in options if a not in self._unsayable]
            if not options:
                options = [a for a in g.legal_actions(state, player) if a not in self._unsayable]
            if not options:
                self.stuck = True
                return None
        return self.choose(options)

    def step(self, action: Any) -> bool:
        """Apply ``action`` (legal for rulespec) to both engines and compare; ``False``
        when the engine cannot express it (nothing changed, on either side)."""
        if action is None and self.stuck:
            return False
        g = self.game
        before = self.state
        after = g.apply(before, action)
        self._next = None
        if self.adapter is None:
            self._advanced(before, action, after)
            return True
        # An engine that draws its own chance may fold the next chance step into this
        # one: compare only once both stand at the same point.
        compare_now = not (self.engine_chance and g.to_move(after) == (CHANCE,))
        # What is asked where the player acts goes first, so that no probe is ever
        # applied after a step the engine did not take.
        ahead, ahead_handlers = self._pending
        self._pending = ([], [])
        queries = [*ahead, Query("apply", action)]
        handlers: list[Callable[[Any], None]] = []
        step = Step(before, action, after)
        if compare_now:
            self._queries(step, queries, handlers)
        answers = iter(self._ask(queries))
        self._answer(ahead, ahead_handlers, answers)
        answer = next(answers)
        chance = g.to_move(before) == (CHANCE,)
        if not chance:
            self.tally.offered += 1
        if isinstance(answer, Inexpressible):
            self._inexpressible(action, answer)
            self._next = None
            if chance:  # a chance step the engine will not take: the game cannot go on
                self.tally.hidden_chance += 1
                self.stuck = True
            else:
                self.tally.unexpressed += 1
            return False
        if isinstance(answer, BaseException):
            self.steps.append(action)  # the record ends with the step in question
            if isinstance(answer, ValueError):
                self._refused(before, action, answer)
            self.fail(
                "crash",
                f"the engine crashes on a legal step: {self.kit.describe(g, action)}",
                self.kit.action_clauses(g, before, action),
                "accepts it",
                _unexpected(answer),
                action,
                step=len(self.steps) - 1,
            )
        if compare_now and not (self.engine_chance and answer):
            self._taken(step)
            self._answer(queries[len(ahead) + 1 :], handlers, answers)
            self._at_state(step, queries)
        else:
            self._follow(step, answer)
        return True

    def _follow(self, step: Step, answer: Any) -> None:
        """Follow a player's step the engine took, with the chance outcomes it folded into
        its answer (an engine that draws its own chance), then compare where both stand."""
        self._taken(step)
        drawn = tuple(answer or ()) if self.engine_chance else ()
        for outcome in drawn:
            self._outcome(outcome)
        self.compare(self._now() if drawn else step)

    def _taken(self, step: Step) -> None:
        """Follow a step the engine took (a player's action, or a chance outcome it was
        given)."""
        self._advanced(step.before, step.action, step.after, step)
        if self.game.to_move(step.before) != (CHANCE,):
            self.player_steps += 1
            self.tally.player_steps += 1
        self.tally.note_taken(step.before, step.action)
        if self._unsayable:
            self._unsayable = set()

    def _advanced(self, before: Any, action: Any, after: Any, step: Step | None = None) -> None:
        self.steps.append(action)
        # The very step the comparisons hold, so a report can look back from it.
        self.history.append(Step(before, action, after) if step is None else step)
        self.state, self.before, self.last = after, before, action

    def _ask(self, queries: Sequence[Query]) -> Iterable[Any]:
        ask = getattr(self.adapter, "ask", None)
        if callable(ask):
            return ask(queries)  # type: ignore[no-any-return]
        return ask_each(self.adapter, queries)

    # -- chance the engine draws -------------------------------------------------------

    def _engine_chance(self) -> None:
        g = self.game
        try:
            outcome = self.adapter.draw_chance()
        except Exception as exc:
            chance = g.chance(self.state)
            self.fail(
                "crash",
                f"the engine's draw_chance() raised at a {chance.kind}",
                (),
                "a chance outcome",
                exc,
                setup=chance.kind == "deal",
            )
        self._outcome(outcome)
        self.compare(self._now())

    def _outcome(self, outcome: Any) -> None:
        """Follow a chance outcome the engine drew: the rules must allow it here."""
        g, state = self.game, self.state
        if g.to_move(state) != (CHANCE,):
            # The chance rule that draws this outcome first; then the step before it.
            clauses = self.kit.action_clauses(g, state, outcome)
            if self.last:
                clauses = (*clauses, *self.kit.action_clauses(g, self.before, self.last))
            self.steps.append(outcome)
            self.fail(
                "chance",
                "the engine draws chance where the rules draw none: "
                f"{self.kit.describe(g, outcome)}",
                clauses,
                "no chance step",
                outcome,
                outcome,
                step=len(self.steps) - 1,
            )
        deal = g.chance(state).kind == "deal"
        self._expect_outcome(outcome)
        try:
            after = g.apply(state, outcome)
        except IllegalAction as exc:
            self.steps.append(outcome)
            cards = self._shuffle_difference(state, _encoded(g.encode_action, outcome))
            self.fail(
                "chance",
                f"the engine draws an outcome the rules do not allow: {exc.reason}"
                + (f" ({cards})" if cards else ""),
                (exc.clause,),
                f"refuses it: {exc}",
                outcome,
                outcome,
                step=len(self.steps) - 1,
                setup=deal or None,
            )
        self._next = None
        self._advanced(state, outcome, after)
        self.tally.note_taken(state, outcome)
        if deal:
            if self.player_steps == 0 and len(self.steps) == 1:
                self._setup_compared()
            self.style = self.choose_style()

    def _shuffle_difference(self, state: Any, theirs: Any) -> str:
        """The cards the shuffle ``theirs`` (JSON data) misses and has in excess, against
        the piles rulespec shuffles at ``state``; empty when that cannot be said."""
        g = self.game
        try:
            ours = g.encode_action(g.chance_action(state, g.chance(state).piles))
        except Exception:
            return ""
        return card_difference(ours, theirs)

    def _probe_shuffle(self, before: Any, action: Any) -> str:
        """For a legal shuffle of one pile the engine refuses: offer it the same pile with a
        card fewer, a card more, or one card for another (at most :data:`SHUFFLE_PROBES`),
        and say which cards its own pile misses or has in excess by the first it takes;
        empty when it takes none. Each shuffle offered counts as a step of a shrink
        budget."""
        g = self.game
        names = [f.name for f in attrs.fields(type(action))] if attrs.has(type(action)) else []
        piles = g.chance(before).piles
        if len(names) != 1 or len(piles) != 1 or self.engine_chance:
            return ""
        name, pile = names[0], list(piles[0])
        kinds = list(dict.fromkeys(pile))
        deal = g.chance(g.new_game(self.players, self.options)).piles
        others = list(dict.fromkeys(c for p in (pile, *deal) for c in p))
        candidates: list[list[Any]] = []
        for c in kinds:
            candidates.append(_without(pile, c))
        candidates.extend([*pile, k] for k in others)
        candidates.extend([*_without(pile, c), k] for c in kinds for k in others if k != c)
        ours, found, tried = _encoded(g.encode_action, action), "", 0
        for cards in candidates[:SHUFFLE_PROBES]:
            probe = attrs.evolve(action, **{name: tuple(cards)})
            tried += 1
            try:
                self.adapter.apply(probe)
            except ValueError:
                continue
            except Exception:
                break
            found = card_difference(ours, _encoded(g.encode_action, probe))
            break
        budget = active()
        if budget is not None:
            budget.spend(tried)  # work done while shrinking, as steps are
        return found

    def _expect_outcome(self, outcome: Any) -> None:
        """A hook for a replay: the outcome must be the record's."""

    # -- refusals ----------------------------------------------------------------------

    def _inexpressible(self, action: Any, answer: Inexpressible) -> None:
        g = self.game
        key = wire_text(g, action)
        tally = self.tally.inexpressible
        if key not in tally and len(tally) < 20:
            tally[key] = answer.reason
        self._unsayable.add(action)

    def _refused(self, before: Any, action: Any, exc: ValueError) -> NoReturn:
        g = self.game
        own = getattr(exc, "clause", None)
        own_clauses = [own] if isinstance(own, str) and own else []
        if "legal_actions" not in self.caps and g.to_move(before) != (CHANCE,):
            self._explain(before, action, exc)
        summary = f"the engine refuses a legal step: {self.kit.describe(g, action)}"
        if g.to_move(before) == (CHANCE,):
            setup = g.chance(before).kind == "deal"
            cards = self._probe_shuffle(before, action)
            if cards:
                summary += f" (the engine's own pile, by a shuffle it takes: {cards})"
        else:
            setup = (
                self.player_steps == 0 and bool(own_clauses) and own_clauses[0] in self.kit.dealt
            )
        found = (*own_clauses, *self.kit.action_clauses(g, before, action))
        learned = self._learned(before, getattr(action, "player", None), self.steps[:-1], found)
        self.fail(
            "refused-legal",
            summary,
            (*learned, *found),
            "accepts it",
            f"refuses it: {exc}",
            action,
            step=len(self.steps) - 1,
            setup=setup,
        )

    def _explain(self, before: Any, action: Any, exc: ValueError) -> None:
        """Before blaming a refused legal ``action`` on an engine without a move list, offer
        the illegal actions whose acceptance would explain it; report the first it takes."""
        g = self.game
        candidates = refused(g, before, self.kit.refusal_probes(g, before, action))
        refused_step = self.steps.pop()
        for probe in candidates[:EXPLAIN_MOST]:
            try:
                self.adapter.apply(probe.action)
            except ValueError:
                self.tally.probed[probe.clause] += 1
                continue
            except Exception:
                break
            found = (probe.clause, *self.kit.action_clauses(g, before, probe.action))
            learned = self._learned(before, getattr(action, "player", None), self.steps, found)
            self.fail(
                "accepted-illegal",
                f"the engine refuses a legal step ({self.kit.describe(g, action)}: {exc}) "
                f"because it takes an illegal one for legal: {self.kit.describe(g, probe.action)}",
                (*learned, *found),
                f"refuses it: {probe.refusal}",
                "accepts it",
                probe.action,
                setup=self.player_steps == 0 and probe.clause in self.kit.dealt,
            )
        self.steps.append(refused_step)

    def _learned(
        self, state: Any, player: Any, steps: Sequence[Any], blamed: Sequence[str] = ()
    ) -> tuple[str, ...]:
        """For an engine that lists no legal actions: the clauses that explain the
        difference between its legal actions at ``state`` (the current state, reached by
        ``steps``), learned by offering it actions (:func:`learn_legal`), and rulespec's;
        none when they agree or cannot be learned, or when ``blamed`` (the clauses found
        without learning) blames a break already set aside."""
        g, kit = self.game, self.kit
        if "legal_actions" in self.caps or self.engine_chance or type(player) is not int:
            return ()
        if blamed and blamed[0] in self.set_aside | self.waived:
            return ()
        if player not in g.to_move(state):
            return ()
        setup = Setup(g, self.players, self.options, self.seed)
        learned = learn_legal(g, kit, self.adapter, setup, steps, state, player)
        if learned is None or not (learned.missing or learned.extra):
            return ()
        step = self._explained(self._now())
        clauses = kit.legal_clauses(g, step, player, learned.missing, learned.extra)
        if learned.extra:
            clauses = kit.confirm(g, self.adapter, step, list(learned.extra), clauses)
        return tuple(clauses)

    # -- what is asked at each point ---------------------------------------------------

    def _now(self) -> Step:
        """The last step."""
        return self.history[-1] if self.history else Step(None, None, self.state)

    def _explained(self, step: Step) -> Step:
        """``step`` with the game's steps before it, for a kit to look back through (built
        only when a divergence is reported)."""
        if self.history and self.history[-1] is step:
            return attrs.evolve(step, history=tuple(self.history[:-1]))
        return step

    def _at_state(self, step: Step, asked: Sequence[Query]) -> None:
        """Draw who acts next at ``step.after``, and prepare what is asked there (that
        player's legal actions and, now and then, illegal probes): it goes to the engine
        with the next step (``asked``: the queries already asked at that point)."""
        g, state = self.game, step.after
        actors = g.to_move(state)
        if not actors or actors == (CHANCE,):
            return
        queries: list[Query] = []
        own: list[Callable[[Any], None]] = []
        player = self._next = self.choose(actors)
        if "legal_actions" in self.caps and not self._legal_in([*asked, *queries], player):
            queries.append(Query("legal_actions", player))
            own.append(partial(self._compare_legal, step, player))
        if self.probes:
            rate = PROBE_CHOICES if "legal_actions" in self.caps else BLIND_PROBE_CHOICES
            self._probing = bool(self.choose(rate))
            if self._probing:
                others = [p for p in range(self.players) if p != player]
                target = self.choose([player, *others])
                if "legal_actions" in self.caps and not self._legal_in([*asked, *queries], target):
                    # A list that differs explains an illegal action taken better.
                    queries.append(Query("legal_actions", target))
                    own.append(partial(self._compare_legal, step, target))
                candidates = self.kit.action_space(g, state, target)
                most = PROBE_LISTED if "legal_actions" in self.caps else PROBE_ALL
                for probe in plan(g, state, candidates, most):
                    queries.append(Query("apply", probe.action))
                    own.append(partial(self._probed, probe))
        self._pending = (queries, own)

    @staticmethod
    def _legal_in(queries: Sequence[Query], player: int) -> bool:
        return any(q.op == "legal_actions" and q.arg == player for q in queries)

    def _queries(
        self, step: Step, queries: list[Query], handlers: list[Callable[[Any], None]]
    ) -> None:
        """Add the queries that compare the engine with rulespec's ``step.after``."""
        caps, g, state = self.caps, self.game, step.after

        def ask(query: Query, handle: Callable[[Any], None]) -> None:
            queries.append(query)
            handlers.append(handle)

        if "state" in caps:
            ask(Query("state"), partial(self._compare_state, step))
        if "view" in caps:
            # With the whole state compared, one view a step (each seat in turn) checks
            # the views; without it, the views are all there is to compare.
            seats = range(self.players) if "state" not in caps else (self._seat(),)
            for p in seats:
                ask(Query("view", p), partial(self._compare_view, step, p))
            if "legal_actions" in caps and "state" not in caps:
                actors = g.to_move(state)
                for p in range(self.players):
                    if p in actors:
                        ask(Query("legal_actions", p), partial(self._compare_legal, step, p))
        for name in ("to_move", "is_over", "scores", "winners"):
            if name in caps:
                ask(Query(name), partial(self._compare_result, step, name))

    def _seat(self) -> int:
        """The seat whose view is compared at this step, when the state is compared too."""
        return len(self.steps) % self.players if self.players else 0

    def _answer(
        self,
        queries: Sequence[Query],
        handlers: Sequence[Callable[[Any], None]],
        answers: Iterator[Any],
    ) -> None:
        for query, handle in zip(queries, handlers, strict=True):
            got = next(answers)
            if isinstance(got, BaseException) and query.op != "apply":
                self._crash(query.op, got, self._now())
            handle(got)

    def compare(self, step: Step) -> None:
        """Compare everything the adapter answers with rulespec's state ``step.after``
        (and ask what is asked where a player is to act)."""
        if self.adapter is None:
            return
        queries: list[Query] = []
        handlers: list[Callable[[Any], None]] = []
        self._queries(step, queries, handlers)
        if queries:
            self._answer(queries, handlers, iter(self._ask(queries)))
        self._at_state(step, queries)

    # -- comparing ---------------------------------------------------------------------

    def _probed(self, probe: Probe, got: Any) -> None:
        g, state = self.game, self.state
        if isinstance(got, Inexpressible):
            return  # neither refused nor taken: nothing learned of the clause
        if isinstance(got, ValueError):
            self.tally.probed[probe.clause] += 1
            return
        action = probe.action
        if isinstance(got, BaseException):
            self.fail(
                "crash",
                f"the engine crashes on an illegal action: {self.kit.describe(g, action)}",
                (probe.clause,),
                f"refuses it: {probe.refusal}",
                _unexpected(got),
                action,
                setup=False,
            )
        found = (probe.clause, *self.kit.action_clauses(g, state, action))
        learned = self._learned(state, getattr(action, "player", None), self.steps, found)
        clauses = (*learned, *found)
        self.fail(
            "accepted-illegal",
            f"the engine accepts an illegal action: {self.kit.describe(g, action)}",
            clauses,
            f"refuses it: {probe.refusal}",
            "accepts it",
            action,
            setup=self.player_steps == 0 and probe.clause in self.kit.dealt,
        )

    def _partial(self, got: Any, parts: frozenset[str], full: Any, decode: Any) -> Any:
        """The engine's ``parts`` (JSON data) completed with rulespec's own encoding of
        the rest, decoded; ``None`` when that does not decode."""
        data = dict(full)
        data.update({k: v for k, v in got.items() if k in parts})
        try:
            return decode(data)
        except (RecordError, ValueError, TypeError, KeyError):
            return None

    def _compare_state(self, step: Step, actual: Any) -> None:
        g, kit = self.game, self.kit
        self._compare_whole(
            step, "state", step.after, actual, self.state_parts,
            g.encode_state, g.decode_state, kit.canonical, kit.parts,
        )  # fmt: skip

    def _compare_view(self, step: Step, p: int, actual: Any) -> None:
        g, kit = self.game, self.kit
        self._compare_whole(
            step, f"player {p}'s view", g.view(step.after, p), actual, self.view_parts,
            g.encode_view, g.decode_view, kit.canonical_view, kit.view_parts,
        )  # fmt: skip
        self.tally.views += 1

    def _compare_whole(
        self,
        step: Step,
        what: str,
        ours: Any,
        actual: Any,
        parts: frozenset[str] | None,
        encode: Callable[[Any], Any],
        decode: Callable[[Any], Any],
        project: Callable[[Game[Any, Any, Any, Any], Any], Any],
        split: Callable[[Game[Any, Any, Any, Any], Any], dict[str, Any]],
    ) -> None:
        """Compare the engine's state or view with rulespec's ``ours``: as JSON first,
        then, when that differs, decoded and projected on what the rules define."""
        g = self.game
        if isinstance(actual, Encoded):
            if actual.data == encode(ours):
                return
            actual = actual.decode()
        expected = project(g, ours)
        if parts is not None and isinstance(actual, Mapping):
            full = encode(ours)
            if all(actual.get(k) == full.get(k) for k in parts):
                return
            decoded = self._partial(actual, parts, full, decode)
            if decoded is None:
                self._diverge_json(step, what, parts, encode(expected), actual)
            actual = decoded
        actual = self._canonical(actual, project)
        if actual != expected:
            self._diverge_parts(
                step,
                what,
                split(g, expected),
                self._split(actual, split),
                (_encoded(encode, expected), _encoded(encode, actual)),
            )

    def _diverge_json(
        self, step: Step, what: str, parts: frozenset[str], expected: Any, actual: Any
    ) -> NoReturn:
        keys = sorted(parts)
        self._diverge_parts(
            step, what, {k: expected.get(k) for k in keys}, {k: actual.get(k) for k in keys}
        )

    def _compare_result(self, step: Step, what: str, actual: Any) -> None:
        g, state = self.game, step.after
        if what == "to_move":
            expected: Any = tuple(g.to_move(state))
            try:
                got: Any = tuple(sorted(actual))
            except TypeError:
                got = actual
            if got != expected:
                self._diverge("to_move", "who is to move differs", step, expected, got)
        elif what == "is_over":
            if bool(actual) != g.is_over(state) or not isinstance(actual, bool):
                self._diverge(
                    "is_over", "whether the game is over differs", step, g.is_over(state), actual
                )
        elif what == "scores":
            expected = tuple(g.scores(state))
            got = tuple(actual) if isinstance(actual, Iterable) else actual
            if got != expected:
                self._diverge("scores", "the scores differ", step, expected, got)
        else:
            expected = tuple(g.winners(state))
            got = tuple(sorted(actual)) if isinstance(actual, Iterable) else actual
            if got != expected:
                self._diverge("winners", "the winners differ", step, expected, got)
        if what == "to_move":
            self.tally.note_result(what, step, expected)
        elif self._results.get(what) != (got := actual if what == "is_over" else expected):
            # A score, a winner or the end that changes: a rule acted, and agreed.
            self._results[what] = got
            self.tally.note_result(what, step, got)

    def _canonical(self, value: Any, projection: Any) -> Any:
        try:
            return projection(self.game, value)
        except Exception:
            return value

    def _split(
        self, value: Any, split: Callable[[Game[Any, Any, Any, Any], Any], dict[str, Any]]
    ) -> dict[str, Any]:
        try:
            return split(self.game, value)
        except Exception:
            return {"(unreadable)": value}

    def _diverge(self, what: str, summary: str, step: Step, expected: Any, actual: Any) -> NoReturn:
        clauses = self.kit.result_clauses(self.game, self._explained(step), what, expected, actual)
        at = len(self.steps) - 1 if step.action is not None else 0
        self.fail(what, self._after(step, summary), clauses, expected, actual, step.action, at)

    def _after(self, step: Step, summary: str) -> str:
        if step.action is None:
            return f"{summary} at the start of the game"
        return f"{summary} after {self.kit.describe(self.game, step.action)}"

    def _diverge_parts(
        self,
        step: Step,
        what: str,
        expected: Mapping[str, Any],
        actual: Mapping[str, Any],
        encoded: tuple[Any, Any] = (None, None),
    ) -> NoReturn:
        """Report the parts that differ; each value is shown as the protocol writes it,
        taken from ``encoded`` (the JSON of rulespec's and of the engine's whole state or
        view) when it has that part."""
        g = self.game
        differ = [
            k for k in dict.fromkeys((*expected, *actual)) if expected.get(k) != actual.get(k)
        ]
        ours, theirs = encoded
        if not differ and isinstance(ours, Mapping) and isinstance(theirs, Mapping):
            differ = [k for k in dict.fromkeys((*ours, *theirs)) if ours.get(k) != theirs.get(k)]
        if not differ:
            differ = ["(equal parts, unequal values)"]
        clauses: list[str] = []
        explained = self._explained(step)
        for part in self.kit.cited_parts(differ):
            clauses.extend(self.kit.part_clauses(g, explained, part, expected, actual))
        if what == "state" and not clauses and self.state_parts is None:
            actual_state = self._call("state", step=step)
            if isinstance(actual_state, Encoded):
                actual_state = actual_state.decode()
            try:
                for v in g.violations(actual_state):
                    clauses.extend(v.clauses)
            except Exception:
                pass
        first = differ[0]
        kind = "state" if what == "state" else "view"
        self.fail(
            kind,
            self._after(step, f"{what} differs in {', '.join(differ)}"),
            clauses,
            f"{first} = {self._part_text(ours, first, expected)}",
            f"{first} = {self._part_text(theirs, first, actual)}",
            step.action,
            step=max(len(self.steps) - 1, 0) if step.action is not None else 0,
        )

    def _part_text(self, data: Any, part: str, values: Mapping[str, Any]) -> str:
        """One part as the protocol writes it: from the JSON ``data`` when it has the part,
        else written from its value."""
        try:
            return wire_text(self.game, part_data(data, part, self.kit.part_keys))
        except LookupError:
            return wire_text(self.game, values.get(part))

    def _compare_legal(self, step: Step, player: int, got: Any) -> None:
        g = self.game
        expected = list(g.legal_actions(step.after, player))
        if isinstance(got, Encoded):
            if got.data == self._action_json.many(expected):
                return  # the same list in the same order: nothing to decode
            got = got.decode()
        try:
            actual = list(got)
            same = len(actual) == len(expected) and set(actual) == set(expected)
        except TypeError:
            self.fail(
                "legal-actions",
                f"player {player}'s legal actions are not a list of actions",
                (),
                expected,
                repr(got),
            )
        if same:
            return
        missing = sorted((Counter(expected) - Counter(actual)).elements(), key=repr)
        extra = sorted((Counter(actual) - Counter(expected)).elements(), key=repr)
        clauses = self.kit.legal_clauses(g, self._explained(step), player, missing, extra)
        self._set_aside_listing(clauses)
        if extra and self.adapter is not None and not self.engine_chance:
            clauses = self.kit.confirm(g, self.adapter, step, extra, clauses)
        parts = []
        if missing:
            parts.append("misses " + ", ".join(self.kit.describe(g, a) for a in missing[:5]))
        if extra:
            parts.append("adds " + ", ".join(self.kit.describe(g, a) for a in extra[:5]))
        self.fail(
            "legal-actions",
            f"player {player}'s legal actions differ: the engine {'; '.join(parts)}",
            clauses,
            f"{len(expected)} actions: {_sorted_json(g, expected)}",
            f"{len(actual)} actions: {_sorted_json(g, actual)}",
        )

    def _set_aside_listing(self, clauses: Sequence[str]) -> None:
        """Raise :class:`SetAside` when a list of legal actions that differs is of a break
        already found (or waived), counting it."""
        found = tuple(clauses)
        if not found and self.player_steps == 0:
            found = self.kit.setup_clauses(self.game, self.state)
        key = found[0] if found else "(legal-actions)"
        known = self.set_aside | self.waived
        if key not in known and "state" in self.caps:
            # The state agreed before this point: the lists differ by how moves are made,
            # and a move rule already found broken among the candidates explains it.
            key = next((c for c in found if c in known), key)
        if key not in known:
            return
        budget = active()
        if budget is None or budget.first is None:  # games shrinking replays don't count
            (self.tally.waived if key in self.waived else self.tally.set_aside)[key] += 1
        raise SetAside(None, key)


def _without(pile: Sequence[Any], card: Any) -> list[Any]:
    """``pile`` with one ``card`` fewer."""
    found = list(pile)
    found.remove(card)
    return found


def _encoded(encode: Callable[[Any], Any], value: Any) -> Any:
    """``value``'s JSON, or ``None`` when it does not encode."""
    try:
        return encode(value)
    except Exception:
        return None


def _sorted_json(game: Game[Any, Any, Any, Any], actions: Sequence[Any]) -> str:
    items = sorted(json.dumps(wire_data(game, a), ensure_ascii=False) for a in actions)
    return shown("[" + ", ".join(items) + "]")
