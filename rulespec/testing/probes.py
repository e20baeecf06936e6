"""Illegal actions offered to an engine, chosen from the game's fixed action space.

At a state the kit samples, every well-formed action of the game's action
space that the rules forbid is a probe, filed under the clause rulespec
refuses it with. When there are few, all are offered; else a sample that
gives every clause its share, so each "may not" clause is tried wherever it
applies. The choice depends on nothing but the state, so a search plays the
same probes again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rulespec.core.errors import IllegalAction
from rulespec.core.game import Game

__all__ = ["PROBE_ALL", "Probe", "plan"]

PROBE_ALL = 64
"""At most this many probes at one state; beyond it, a sample stratified by clause."""


@attrs.frozen
class Probe:
    """An illegal action and rulespec's refusal of it."""

    action: Any
    refusal: IllegalAction = attrs.field(eq=False)

    @property
    def clause(self) -> str:
        """The clause that forbids the action."""
        return self.refusal.clause


def refused(game: Game[Any, Any, Any, Any], state: Any, actions: Iterable[Any]) -> list[Probe]:
    """The actions of ``actions`` that rulespec refuses in ``state``, each once, in order.

    >>> import rulespec
    >>> from rulespec.duo import Stop
    >>> g = rulespec.game("duo")
    >>> s = g.start(players=2, seed=1)
    >>> [p.clause for p in refused(g, s, [Stop(player=9), Stop(player=9)])]
    ['duo.setup.players']
    """
    found: list[Probe] = []
    seen: set[Any] = set()
    for action in actions:
        if action in seen:
            continue
        seen.add(action)
        try:
            game.apply(state, action)
        except IllegalAction as exc:
            # Kept without its traceback, whose frames would hold the probes in a cycle
            # that only the garbage collector frees.
            found.append(Probe(action, exc.with_traceback(None)))
        except Exception:  # not an action of this game: no probe of the rules
            continue
    return found


def stratified(probes: Sequence[Probe], most: int = PROBE_ALL) -> list[Probe]:
    """At most ``most`` of ``probes``: all when they fit, else an even share of each
    clause's (spread over its list), clauses in the order they first appear.

    >>> from rulespec.core.errors import IllegalAction
    >>> ps = [Probe(i, IllegalAction("a" if i < 90 else "b", "no")) for i in range(100)]
    >>> chosen = stratified(ps, 10)
    >>> len(chosen), sorted({p.clause for p in chosen})
    (10, ['a', 'b'])
    """
    if len(probes) <= most:
        return list(probes)
    groups: dict[str, list[Probe]] = {}
    for probe in probes:
        groups.setdefault(probe.clause, []).append(probe)
    share, left = divmod(most, len(groups))
    chosen: list[Probe] = []
    for i, items in enumerate(groups.values()):
        take = min(len(items), share + (i < left))
        if take:
            step = len(items) / take
            chosen.extend(items[int(k * step)] for k in range(take))
    return chosen


def plan(
    game: Game[Any, Any, Any, Any], state: Any, actions: Iterable[Any], most: int = PROBE_ALL
) -> list[Probe]:
    """The probes to offer at ``state``, from the candidate ``actions``."""
    return stratified(refused(game, state, actions), most)
