"""What a conformance run finds: a divergence, or the counts of a clean run.

:class:`Divergence` is the first point where an engine and rulespec
disagree, with the clauses it implicates and the game as a record;
:class:`CheckResult` what a clean run played and tried. Values in reports
are written as the engine protocol's JSON (:func:`wire_text`), the language
every engine speaks.
"""

from __future__ import annotations

import enum
import json
import re
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

import rulespec
from rulespec.core.game import Game
from rulespec.core.record import Record

__all__ = [
    "INCONCLUSIVE_SHARE",
    "CheckResult",
    "Divergence",
    "DivergenceError",
    "InconclusiveError",
    "card_difference",
    "part_data",
    "shown",
    "wire_data",
    "wire_text",
]

INCONCLUSIVE_SHARE = 0.2
"""The largest share of the legal plays offered that an engine may answer
``inexpressible`` and still be found to conform: beyond it, too little was compared."""

SHOWN = 500
"""The most bytes (of UTF-8) of one value a report shows; a longer one is cut, with its
size."""
_SLACK = 200
_CUT = re.compile(r" … \([\d,]+ bytes\)$")


def wire_data(game: Game[Any, Any, Any, Any], value: Any) -> Any:
    """``value`` as JSON data, written as the game's codec writes it on the wire.

    Actions, states and views are encoded by the game; cards and other
    enumerations by their value; containers item by item.

    >>> import rulespec
    >>> from rulespec.canardage import Card, Discard
    >>> g = rulespec.game("canardage")
    >>> wire_data(g, (Discard(0, Card.PAN), Card.CANARCHIE))
    [{'type': 'discard', 'player': 0, 'card': 'pan'}, 'canarchie']
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return wire_data(game, value.value)
    if isinstance(value, list | tuple | frozenset | set):
        items = [wire_data(game, v) for v in value]
        if isinstance(value, frozenset | set):
            items.sort(key=lambda v: json.dumps(v, sort_keys=True))
        return items
    if isinstance(value, Mapping):
        return {str(k): wire_data(game, v) for k, v in value.items()}
    for encode in (game.encode_action, game.encode_state, game.encode_view):
        try:
            return encode(value)
        except Exception:  # not a value of this kind
            continue
    if attrs.has(type(value)):  # its value: the fields that equality compares (no cache)
        fields = attrs.fields(type(value))
        return {f.name: wire_data(game, getattr(value, f.name)) for f in fields if f.eq}
    return repr(value)


def wire_text(game: Game[Any, Any, Any, Any], value: Any) -> str:
    """``value`` as one line of the wire's JSON (cut after :data:`SHOWN` bytes).

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover
    >>> wire_text(rulespec.game("duck-and-cover"), Cover(player=0, to=(0, 1)))
    '{"type": "cover", "player": 0, "to": [0, 1]}'
    """
    return shown(json.dumps(wire_data(game, value), ensure_ascii=False))


def shown(text: str) -> str:
    """``text`` cut after :data:`SHOWN` bytes of UTF-8, with its size, as a report shows it
    (a few words around a value already cut are left as they are).

    >>> shown("x" * 52_311)[-16:]
    '… (52,311 bytes)'
    >>> shown("short")
    'short'
    >>> shown("refuses it: " + shown("y" * 600))[-18:]
    'yyyy … (600 bytes)'
    """
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= SHOWN or (len(data) <= SHOWN + _SLACK and _CUT.search(text)):
        return text  # short, or a few words around a value already cut
    head = data[:SHOWN].decode("utf-8", "ignore")
    return f"{head} … ({len(data):,} bytes)"


def part_data(data: Any, part: str, keys: Mapping[str, Sequence[str]] | None = None) -> Any:
    """The JSON of one part of a state or view (as a kit's ``parts`` names it) in ``data``,
    the state's or view's JSON: the key of that name, the item of a list (``hands[2]``),
    or the keys ``keys`` gives for a part made of several (an object of them).
    :class:`LookupError` when ``data`` has no such part.

    >>> data = {"hands": [[1], [2, 3]], "phase": "play", "top": 4, "size": 9}
    >>> part_data(data, "hands[1]"), part_data(data, "phase")
    ([2, 3], 'play')
    >>> part_data(data, "pile", {"pile": ("top", "size")})
    {'top': 4, 'size': 9}
    """
    if not isinstance(data, Mapping):
        raise LookupError(part)
    if part in data:
        return data[part]
    several = (keys or {}).get(part)
    if several is not None:
        if len(several) == 1:
            return data[several[0]]
        return {k: data[k] for k in several}
    name, bracket, rest = part.partition("[")
    if bracket and rest.endswith("]") and rest[:-1].isdigit():
        items = data[name]
        if isinstance(items, list):
            return items[int(rest[:-1])]
    raise LookupError(part)


def card_difference(expected: Any, actual: Any, most: int = 10) -> str:
    """What two shuffles (chance actions as JSON data) hold differently, pile by pile: the
    cards ``actual`` misses and those it has in excess, as the protocol writes them; empty
    when each pile holds the same cards.

    >>> card_difference({"type": "reshuffle", "draw_pile": ["pan", "pan", "en-joue"]},
    ...                 {"type": "reshuffle", "draw_pile": ["pan", "banzai", "en-joue"]})
    'draw_pile: missing "pan"; extra "banzai"'
    """
    if not isinstance(expected, Mapping) or not isinstance(actual, Mapping):
        return ""
    found = []
    for key in dict.fromkeys((*expected, *actual)):
        ours, theirs = expected.get(key), actual.get(key)
        if not isinstance(ours, list) and not isinstance(theirs, list):
            continue
        ours_count, theirs_count = Counter(_cards(ours)), Counter(_cards(theirs))
        said = []
        for word, cards in (
            ("missing", ours_count - theirs_count),
            ("extra", theirs_count - ours_count),
        ):
            named = sorted(cards.elements())
            if named:
                more = f" and {len(named) - most} more" if len(named) > most else ""
                said.append(f"{word} {', '.join(named[:most])}{more}")
        if said:
            found.append(f"{key}: {'; '.join(said)}")
    return shown(" | ".join(found))


def _cards(value: Any) -> list[str]:
    """The leaves of a pile (or of piles of piles) of JSON data, each as JSON text."""
    if isinstance(value, list):
        return [card for item in value for card in _cards(item)]
    return [] if value is None else [json.dumps(value, ensure_ascii=False)]


@attrs.frozen
class Divergence:
    """The first point where an engine and rulespec disagree.

    ``record`` holds the game up to that point (including the divergent step
    when rulespec accepted it), so ``record.replay()`` and ``rulespec verify``
    reproduce it; ``action`` is the step in question, as JSON data, if any.
    """

    game: str
    kind: str
    """``"legal-actions"``, ``"accepted-illegal"``, ``"refused-legal"``, ``"state"``,
    ``"view"``, ``"to_move"``, ``"is_over"``, ``"scores"``, ``"winners"``, ``"chance"``
    (an outcome an engine drew that the rules do not allow there), ``"crash"`` or
    ``"nondeterministic"`` (the engine answered the same game differently when it was
    played again: ``other_record`` is the second game)."""
    step: int
    """The index of the divergent step in the record (the number of steps before it)."""
    summary: str
    clauses: tuple[str, ...]
    expected: str
    """rulespec's answer."""
    actual: str
    """The engine's answer."""
    record: Record
    action: Any = None
    other_record: Record | None = None
    """For ``"nondeterministic"``: the same game played again, which went otherwise."""

    def report(self) -> str:
        """The divergence as a report a person reads."""
        cat = {c.id: c.title for c in rulespec.clauses(self.game)}
        lines = [
            f"the engine diverges from rulespec ({self.game}, {self.record.players} players) "
            f"at step {self.step}:",
            *textwrap.wrap(self.summary, 76, initial_indent="  ", subsequent_indent="  "),
            "clauses:" if self.clauses else "clauses: none identified",
        ]
        lines.extend(f"  {cid}  {cat.get(cid, '(not in the catalogue)')}" for cid in self.clauses)
        lines.append(f"rulespec:    {self.expected}")
        lines.append(f"your engine: {self.actual}")
        if self.action is not None:
            lines.append(f"step:        {json.dumps(self.action, ensure_ascii=False)}")
        taken = len(self.record.steps)
        lines.append(
            f"record ({taken} steps; replay it with `rulespec verify` or Record.replay()):"
        )
        lines.append(self.record.to_json())
        if self.other_record is not None:
            lines.append("the same game played again:")
            lines.append(self.other_record.to_json())
        return "\n".join(lines)


class DivergenceError(AssertionError):
    """Raised by :func:`~rulespec.testing.check`: the engine diverges from rulespec.

    ``divergence`` is the report of the smallest game found; after
    :func:`~rulespec.testing.check` raises it, ``found_after`` is the number of
    seconds until the first divergent game was found, ``seconds`` the whole run
    with shrinking, ``games`` the number of games played until the first
    divergent one, that one included (the games replayed while shrinking do
    not count), and ``result`` the counts of the run (a :class:`CheckResult`).
    """

    def __init__(self, divergence: Divergence) -> None:
        super().__init__(divergence.report())
        self.divergence = divergence
        self.found_after: float | None = None
        self.seconds: float | None = None
        self.games: int | None = None
        self.result: CheckResult | None = None


class InconclusiveError(AssertionError):
    """Raised by :func:`~rulespec.testing.check`: too little was compared to say the
    engine conforms (``result.inconclusive`` says why; ``result`` holds the counts)."""

    def __init__(self, result: CheckResult) -> None:
        super().__init__(f"inconclusive: {result.inconclusive}")
        self.result = result


@attrs.frozen
class CheckResult:
    """What a run played and tried: games and steps that agreed, how long it took, and
    what it learned on the way.

    ``games`` counts every game played, which may exceed ``max_examples``:
    Hypothesis sometimes plays a game it then sets aside.

    >>> CheckResult(2, 40, 0.5).probed
    {}
    """

    games: int
    steps: int
    seconds: float
    probed: Mapping[str, int] = attrs.field(factory=dict)
    """For each clause, how many illegal actions it forbids were offered to the engine
    (and refused)."""
    inexpressible: tuple[str, ...] = ()
    """Legal actions the engine said its interface cannot express, one line each (the
    action's JSON and the engine's reason), each kind once."""
    unsupported: tuple[str, ...] = ()
    """The setups the engine declined, with its reasons."""
    chance: str = "kit"
    """Who drew the chance outcomes: ``"kit"`` or ``"engine"``."""
    notes: tuple[str, ...] = ()
    """Protocol matters that are no divergence of the rules."""
    offered: int = 0
    """Legal player actions offered to the engine."""
    unexpressed: int = 0
    """Of :attr:`offered`, how many the engine answered it cannot express."""
    hidden_chance: int = 0
    """Chance outcomes the engine would not take (answered inexpressible)."""
    exercised: Mapping[str, int] = attrs.field(factory=dict)
    """For each clause, how many steps the engine took that exercise it (its setup
    clauses once a game)."""
    set_aside: Mapping[str, int] = attrs.field(factory=dict)
    """For each break already found (the clause to blame), how many more times it was
    met (each time ending its game)."""
    waived: Mapping[str, int] = attrs.field(factory=dict)
    """For each waived clause, how many of its divergences were met."""

    @property
    def inconclusive(self) -> str | None:
        """Why the run cannot say the engine conforms, or ``None``: a chance step the
        engine would not show, or more than :data:`INCONCLUSIVE_SHARE` of the legal plays
        offered answered ``inexpressible``.

        >>> CheckResult(3, 3, 0.1, offered=10, unexpressed=10).inconclusive
        'the engine cannot express 10 of the 10 legal plays offered (more than 20 %)'
        >>> CheckResult(3, 90, 0.1, offered=80, unexpressed=4).inconclusive is None
        True
        """
        if self.hidden_chance:
            return (
                f"the engine would not take {self.hidden_chance} chance "
                f"outcome{'s' * (self.hidden_chance != 1)}: the chance went unexamined"
            )
        if self.unexpressed > INCONCLUSIVE_SHARE * self.offered:
            return (
                f"the engine cannot express {self.unexpressed} of the {self.offered} legal "
                f"plays offered (more than {INCONCLUSIVE_SHARE:.0%})".replace("%", " %")
            )
        return None
