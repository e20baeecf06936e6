"""Narrated turns and the facts their prose states, checked against the engine.

A How to play page tells a turn in words: who is on turn, how many cards
someone holds, what they play, what it scores. Each such story is a
:class:`Told`: the position it starts from, the choices made, and the facts
the prose states at each moment, as data. Two checks keep page and engine
together:

- :func:`check_told` plays the choices (each must be legal) and compares
  every stated fact with what the game's ``facts()`` reads from the state;
- :func:`check_marks` compares the prose with the data: the page marks each
  fact it states, ``:fact:`seven <duo-turn.before.hand.Anna>```, and the
  words shown must say the value (``7``, ``seven``, ``sept``, ``siete`` or
  ``sieben`` for 7; the name for a player).

A fact is named ``NAME`` or ``NAME.PLAYER`` (``to_move``, ``hand.Anna``);
the game's ``facts(state)`` gives the same names with seat numbers
(``hand.0``), and :class:`Told` maps its players' names to their seats.

>>> told = told_of("duo")[0]
>>> check_told("duo", told)
[]
>>> marks("Anna holds :fact:`seven <duo-turn.before.hand.Anna>` cards.")
[Mark(shown='seven', example='duo-turn', moment='before', fact='hand.Anna')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rulespec.core.game import game as registered

__all__ = [
    "NUMBER_WORDS",
    "Mark",
    "Seat",
    "Told",
    "Value",
    "check_marks",
    "check_told",
    "denotes",
    "facts_of",
    "marks",
    "told_of",
]

Value = int | str | tuple[int | str, ...]
"""A stated fact: a number, a name (a player's, a card's), or several."""


@attrs.frozen
class Told:
    """A turn told on a How to play page: where it starts, what is played, what the prose says.

    ``players`` names the seats in order; ``actions`` are applied one after
    the other to ``before`` (each must be legal where it is applied), giving
    ``after``. ``facts`` maps each moment (``"before"``, ``"after"``) to the
    facts the prose states there, by name: ``{"to_move": "Anna", "hand.Anna": 7}``.
    """

    name: str
    """A short unique name, such as ``"duo-turn"``, used by the page's marks."""
    players: tuple[str, ...]
    before: Any
    actions: tuple[Any, ...]
    facts: Mapping[str, Mapping[str, Value]]

    def after(self, game: Any) -> Any:
        """The state once every action is played (legal or not: :func:`check_told` checks)."""
        state = self.before
        for action in self.actions:
            state = game.apply(state, action)
        return state

    def seat_key(self, fact: str) -> str:
        """``fact`` with a player's name turned into their seat: ``hand.Anna`` → ``hand.0``."""
        name, _, who = fact.partition(".")
        if who in self.players:
            return f"{name}.{self.players.index(who)}"
        return fact


@attrs.frozen
class Seat:
    """A player read from a state, which a story names: ``Seat(1)`` is its second player."""

    seat: int


def _module(game: str) -> Any:
    declared = registered(game).declaration
    return None if declared.examples is None else declared.load(declared.examples)


def told_of(game: str) -> tuple[Told, ...]:
    """The turns told on ``game``'s How to play page (its examples module's ``told()``).

    >>> [t.name for t in told_of("canardage")]
    ['can-turn']
    """
    module = _module(game)
    found: tuple[Told, ...] = getattr(module, "told", tuple)()
    return found


def facts_of(game: str, state: Any) -> dict[str, object]:
    """Every fact ``game``'s examples module reads from ``state``, by seat (``hand.0``).

    >>> from rulespec.duo import position
    >>> state = position([["red-1-circle"], ["red-2-cross"]], [["red-2-circle"], ["blue-1-square"]])
    >>> facts_of("duo", state)["hand.0"]
    1
    """
    module = _module(game)
    reader: Callable[[Any], dict[str, object]] | None = getattr(module, "facts", None)
    if reader is None:
        raise LookupError(f"{game} reads no facts from its states")
    return reader(state)


def _as_stated(told: Told, value: object) -> object:
    """The engine's ``value`` written as a story states it: seats by name, one name alone."""
    if isinstance(value, Seat):
        return told.players[value.seat]
    if isinstance(value, tuple) and value and all(isinstance(v, Seat) for v in value):
        names = tuple(_as_stated(told, v) for v in value)
        return names[0] if len(names) == 1 else names
    return value


def check_told(game: str, told: Told) -> list[str]:
    """What is wrong with ``told``: an illegal choice, or a stated fact the engine disagrees with.

    Each problem is one line naming the example, the moment and the fact.
    """
    g = registered(game)
    problems: list[str] = []
    state = told.before
    for n, action in enumerate(told.actions, 1):
        movers = g.to_move(state)
        seat = getattr(action, "player", movers[0] if movers else 0)
        if action not in g.legal_actions(state, seat):
            problems.append(f"{told.name}: choice {n} ({action!r}) is not legal")
            return problems
        state = g.apply(state, action)
    moments = {"before": told.before, "after": state}
    for moment, stated in told.facts.items():
        if moment not in moments:
            problems.append(f"{told.name}: no moment {moment!r} (before, after)")
            continue
        read = facts_of(game, moments[moment])
        read["to_move"] = tuple(Seat(s) for s in g.to_move(moments[moment]))
        over = g.is_over(moments[moment])
        read["winners"] = tuple(Seat(s) for s in g.winners(moments[moment])) if over else ()
        for fact, value in stated.items():
            key = told.seat_key(fact)
            if key not in read:
                problems.append(f"{told.name}.{moment}: {game} has no fact {fact!r}")
                continue
            engine = _as_stated(told, read[key])
            if engine != value:
                problems.append(
                    f"{told.name}.{moment}: {fact} is {engine!r} in the engine, "
                    f"the page says {value!r}"
                )
    return problems


@attrs.frozen
class Mark:
    """One fact marked in prose: the words shown, and the fact they state."""

    shown: str
    example: str
    moment: str
    fact: str


_MARK = re.compile(r":fact:`(?P<shown>[^`<]*?)\s*<(?P<key>[^`>]+)>`")


def marks(text: str) -> list[Mark]:
    """The facts marked in ``text`` (reStructuredText), in order."""
    found = []
    for m in _MARK.finditer(text):
        example, _, rest = m["key"].partition(".")
        moment, _, fact = rest.partition(".")
        found.append(Mark(m["shown"], example, moment, fact))
    return found


NUMBER_WORDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (
        ("zero", "no", "none"),
        ("one", "a", "an"),
        ("two",),
        ("three",),
        ("four",),
        ("five",),
        ("six",),
        ("seven",),
        ("eight",),
        ("nine",),
        ("ten",),
        ("eleven",),
        ("twelve",),
    ),
    "fr": (
        ("zéro", "aucun", "aucune"),
        ("un", "une"),
        ("deux",),
        ("trois",),
        ("quatre",),
        ("cinq",),
        ("six",),
        ("sept",),
        ("huit",),
        ("neuf",),
        ("dix",),
        ("onze",),
        ("douze",),
    ),
    "es": (
        ("cero", "ningún", "ninguna", "ninguno"),
        ("un", "una", "uno"),
        ("dos",),
        ("tres",),
        ("cuatro",),
        ("cinco",),
        ("seis",),
        ("siete",),
        ("ocho",),
        ("nueve",),
        ("diez",),
        ("once",),
        ("doce",),
    ),
    "de": (
        ("null", "kein", "keine", "keinen"),
        ("ein", "eine", "einen", "einer", "eins"),
        ("zwei",),
        ("drei",),
        ("vier",),
        ("fünf",),
        ("sechs",),
        ("sieben",),
        ("acht",),
        ("neun",),
        ("zehn",),
        ("elf",),
        ("zwölf",),
    ),
}
"""How each language writes the small numbers in words (every form a sentence may need)."""

_SIGNED = re.compile(r"^(?P<sign>[+\-−]?)\s*(?P<digits>\d+)$")


def denotes(shown: str, value: Value, language: str) -> bool:
    """Whether the words ``shown`` state ``value`` in ``language``.

    >>> denotes("sept", 7, "fr"), denotes("−4", -4, "en"), denotes("five", 7, "en")
    (True, True, False)
    """
    text = shown.strip()
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        m = _SIGNED.match(text)
        if m:
            number = int(m["digits"])
            return (-number if m["sign"] in "-−" and m["sign"] else number) == value
        words = NUMBER_WORDS.get(language, NUMBER_WORDS["en"])
        return 0 <= value < len(words) and text.lower() in words[value]
    if isinstance(value, str):
        return text == value
    return text in value and len(value) == 1


def check_marks(text: str, language: str, stories: Mapping[str, Told]) -> list[str]:
    """What is wrong with the facts marked in ``text``: an unknown fact, or words that do not
    state its value in ``language``. One line per problem."""
    problems = []
    for mark in marks(text):
        told = stories.get(mark.example)
        if told is None:
            problems.append(f"no told example {mark.example!r}")
            continue
        stated = told.facts.get(mark.moment, {})
        if mark.fact not in stated:
            problems.append(f"{mark.example}.{mark.moment} states no fact {mark.fact!r}")
        elif not denotes(mark.shown, stated[mark.fact], language):
            problems.append(
                f"{mark.example}.{mark.moment}.{mark.fact} is {stated[mark.fact]!r}, "
                f"the text says {mark.shown!r}"
            )
    return problems
