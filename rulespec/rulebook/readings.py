"""The readings an engine may declare: the alternatives of the catalogue that an option plays.

Where a rulebook is unclear, the catalogue records the reading the project
follows and the others (:class:`~rulespec.rulebook.clauses.Alternative`). An
alternative that changes play and that an option of the game plays has a
short name; ``clause=name`` (``can.cover.forward=cover-first``) then declares
it, and :func:`reading_options` gives the options that select it, as JSON
(what ``Game.decode_options`` takes).

>>> reading_options("canardage", "can.cover.forward", "cover-first")
{'pair_order': 'cover-first'}
>>> reading_options("canardage", "can.setup.line", "front-first")  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
rulespec.rulebook.readings.ReadingError: can.setup.line: no reading 'front-first' (...)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.rulebook.clauses import Alternative, catalogue

__all__ = ["Reading", "ReadingError", "reading_options", "readings"]


class ReadingError(ValueError):
    """A reading that cannot be declared: an unknown game, clause or name, or an
    alternative that no option plays. Its message is one line.

    >>> str(ReadingError("can.turn.draw: no reading 'x'"))
    "can.turn.draw: no reading 'x'"
    """


@attrs.frozen
class Reading:
    """An executable reading: the clause it reads, its name and the options that play it.

    >>> r = readings("canardage")[0]
    >>> r.declared
    'can.setup.action-deck=two-tireur-d-elite'
    """

    clause: str
    name: str
    option: Mapping[str, Any] = attrs.field(eq=False, hash=False)
    """The options selecting it, as JSON (read-only: :func:`reading_options` gives a copy
    to change)."""

    @property
    def declared(self) -> str:
        """How the reading is declared: ``clause=name``."""
        return f"{self.clause}={self.name}"


def _alternatives(game_id: str, clause_id: str) -> tuple[Alternative, ...]:
    try:
        cat = catalogue(game_id)
    except KeyError:
        raise ReadingError(f"no game {game_id!r} has a catalogue") from None
    if clause_id not in cat:
        raise ReadingError(f"{clause_id}: no clause of {game_id} has this id")
    it = cat[clause_id].interpretation
    if it is None:
        raise ReadingError(f"{clause_id}: the clause registers no interpretation")
    return it.alternatives


def reading_options(game_id: str, clause_id: str, name: str) -> dict[str, Any]:
    """The options (JSON, as ``Game.decode_options`` takes them) that play the
    alternative ``name`` of ``clause_id``'s interpretation.

    ``name`` is the alternative's name, or its number in the catalogue's list (from 1),
    which every alternative has, executable or not.

    Raises :class:`ReadingError` (a :class:`ValueError`) for an unknown game, clause or
    name, and for an alternative no option plays: one that changes no play, or one that
    does but that the engine does not play yet.

    >>> reading_options("canardage", "can.turn.draw", "winner-draws")
    {'winner_draws': True}
    >>> reading_options("canardage", "can.setup.hands", "1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    rulespec.rulebook.readings.ReadingError: can.setup.hands: reading 1 is not executable: ...
    >>> import rulespec
    >>> rulespec.game("duo").decode_options(
    ...     reading_options("duo", "duo.round.exhausted", "empty-draw")
    ... ).exhausted
    'empty-draw'
    """
    alternatives = _alternatives(game_id, clause_id)
    for number, alt in enumerate(alternatives, 1):
        if name not in (alt.name, str(number)):
            continue
        if alt.option is not None:
            return alt.options()  # type: ignore[return-value]
        if not alt.changes_play:
            raise ReadingError(f"{clause_id}: reading {name} is not executable: it changes no play")
        raise ReadingError(f"{clause_id}: reading {name} is not executable: no option plays it yet")
    named = [alt.name for alt in alternatives if alt.name is not None]
    known = f"known: {', '.join(named)}" if named else "the clause names no executable reading"
    n = len(alternatives)
    known += "; its one alternative is numbered 1" if n == 1 else f"; numbers 1 to {n} name all"
    raise ReadingError(f"{clause_id}: no reading {name!r} ({known})")


def readings(game_id: str) -> tuple[Reading, ...]:
    """Every executable reading of ``game_id``, in the catalogue's order.

    >>> [r.declared for r in readings("duo")]
    ['duo.round.exhausted=empty-draw', 'duo.game.round-limit=leader-wins']
    """
    try:
        cat = catalogue(game_id)
    except KeyError:
        raise ReadingError(f"no game {game_id!r} has a catalogue") from None
    return tuple(
        Reading(c.id, alt.name, alt.option)
        for c in cat
        if c.interpretation is not None
        for alt in c.interpretation.alternatives
        if alt.name is not None and alt.option is not None
    )
