"""Narrated turns and the facts their prose states, checked against the engine.

A How to play page tells a turn in words: who is on turn, how many cards
someone holds, what they play, what it scores. Each such story is a
:class:`Told`: the position it starts from, the choices made, and the facts
the prose states at each moment, as data. Two checks keep page and engine
together:

- :func:`check_told` plays the choices (each must be legal) and compares
  every stated fact with what the game's ``facts()`` reads from the state
  (:func:`check_facts`, which :func:`check_example` uses for the worked
  examples' captions too);
- :func:`check_marks` compares the prose with the data: the page marks each
  fact it states, ``:fact:`seven <duo-turn.before.hand.Anna>```, and the
  words shown must say the value (``7``, ``seven``, ``sept``, ``siete`` or
  ``sieben`` for 7; the name for a player; ``3 and 4``, ``le 3 et le 4`` for
  several). :func:`plain` shows the prose with its marks as plain words.

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
from typing import Any, Protocol

import attrs

from rulespec.core.game import game as registered
from rulespec.rulebook.examples import Example, Value

__all__ = [
    "NUMBER_WORDS",
    "Mark",
    "Seat",
    "Stated",
    "Told",
    "Value",
    "check_caption",
    "check_example",
    "check_facts",
    "check_marks",
    "check_told",
    "denotes",
    "facts_of",
    "marks",
    "plain",
    "told_of",
]


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


class Stated(Protocol):
    """Anything whose prose states facts: a :class:`Told` turn, a worked example."""

    @property
    def name(self) -> str:
        """The name its marks use."""

    @property
    def facts(self) -> Mapping[str, Mapping[str, Value]]:
        """The facts stated, by moment (``"before"``, ``"after"``) and name."""


def _seat_key(players: tuple[str, ...], fact: str) -> str:
    name, _, who = fact.partition(".")
    if who in players:
        return f"{name}.{players.index(who)}"
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


def _as_stated(players: tuple[str, ...], value: object) -> object:
    """The engine's ``value`` written as a story states it: seats by name, one name alone."""
    if isinstance(value, Seat):
        return players[value.seat] if 0 <= value.seat < len(players) else "chance"
    if isinstance(value, tuple) and value and all(isinstance(v, Seat) for v in value):
        names = tuple(_as_stated(players, v) for v in value)
        return names[0] if len(names) == 1 else names
    return value


def check_facts(
    game: str,
    name: str,
    players: tuple[str, ...],
    moments: Mapping[str, Any],
    stated: Mapping[str, Mapping[str, Value]],
) -> list[str]:
    """What the engine disagrees with among the ``stated`` facts of the states ``moments``.

    ``players`` names the seats in order; a fact may name a player
    (``hand.Anna``) or its seat (``hand.0``). Besides the game's ``facts()``,
    every state has ``to_move`` and ``winners``. One line per problem, naming
    ``name``, the moment and the fact.

    >>> from rulespec.duo import position
    >>> state = position([["red-1-circle"], ["red-2-cross"]], [["red-2-circle"], ["blue-1-square"]])
    >>> check_facts("duo", "x", ("0", "1"), {"before": state}, {"before": {"hand.1": 2}})
    ['x.before: hand.1 is 1 in the engine, the page says 2']
    """
    g = registered(game)
    problems: list[str] = []
    for moment, facts in stated.items():
        if moment not in moments:
            problems.append(f"{name}: no moment {moment!r} ({', '.join(moments)})")
            continue
        state = moments[moment]
        read = facts_of(game, state)
        read["to_move"] = tuple(Seat(s) for s in g.to_move(state))
        read["winners"] = tuple(Seat(s) for s in g.winners(state)) if g.is_over(state) else ()
        for fact, value in facts.items():
            key = _seat_key(players, fact)
            if key not in read:
                problems.append(f"{name}.{moment}: {game} has no fact {fact!r}")
                continue
            engine = _as_stated(players, read[key])
            if engine != value:
                problems.append(
                    f"{name}.{moment}: {fact} is {engine!r} in the engine, the page says {value!r}"
                )
    return problems


def check_told(game: str, told: Told) -> list[str]:
    """What is wrong with ``told``: an illegal choice, or a stated fact the engine disagrees with.

    Each problem is one line naming the example, the moment and the fact.
    """
    g = registered(game)
    state = told.before
    for n, action in enumerate(told.actions, 1):
        movers = g.to_move(state)
        seat = getattr(action, "player", movers[0] if movers else 0)
        if action not in g.legal_actions(state, seat):
            return [f"{told.name}: choice {n} ({action!r}) is not legal"]
        state = g.apply(state, action)
    moments = {"before": told.before, "after": state}
    return check_facts(game, told.name, told.players, moments, told.facts)


def check_example(game: str, example: Example) -> list[str]:
    """What the engine disagrees with among the facts ``example``'s caption states.

    Its ``before`` and ``after`` are the moments (the test suite checks that the
    move leads from one to the other); its players are named by seat (``"0"``)
    unless it names them.

    >>> from rulespec.rulebook.examples import examples_of
    >>> check_example("duo", examples_of("duo")[0])
    []
    """
    moments = {"before": example.before, "after": example.after}
    return check_facts(game, example.name, example.names(), moments, example.facts)


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

LIST_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset({"and", "the"}),
    "fr": frozenset({"et", "le", "la", "les"}),
    "es": frozenset({"y", "e", "el", "la", "los", "las"}),
    "de": frozenset({"und", "die", "der", "das", "den"}),
}
"""The words that join the items of a list in each language (``le 1, le 4 et le 6``)."""

_SIGNED = re.compile(r"^(?P<sign>[+\-−]?)\s*(?P<digits>\d+)$")


def denotes(shown: str, value: Value, language: str) -> bool:
    """Whether the words ``shown`` state ``value`` in ``language``.

    A list is stated item by item, in order; an empty one by a word for none.

    >>> denotes("sept", 7, "fr"), denotes("−4", -4, "en"), denotes("five", 7, "en")
    (True, True, False)
    >>> denotes("le 3 et le 4", (3, 4), "fr"), denotes("4 and 3", (3, 4), "en")
    (True, False)
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
    if not value:
        return text.lower() in NUMBER_WORDS.get(language, NUMBER_WORDS["en"])[0]
    joins = LIST_WORDS.get(language, LIST_WORDS["en"])
    parts = [p for p in re.split(r"[,;\s]+", text) if p and p.lower() not in joins]
    return len(parts) == len(value) and all(
        denotes(p, v, language) for p, v in zip(parts, value, strict=True)
    )


def check_marks(text: str, language: str, stories: Mapping[str, Stated]) -> list[str]:
    """What is wrong with the facts marked in ``text``: an unknown fact, or words that do not
    state its value in ``language``. One line per problem. ``stories`` are the told turns
    or worked examples the marks may name, by name."""
    problems = []
    for mark in marks(text):
        told = stories.get(mark.example)
        if told is None:
            problems.append(f"no example {mark.example!r} states facts here")
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


def plain(text: str) -> str:
    """``text`` with each marked fact shown as its words.

    >>> plain("Player :fact:`0 <duo-stop.before.to_move>` ends their turn.")
    'Player 0 ends their turn.'
    """
    return _MARK.sub(lambda m: m["shown"], text)


def check_caption(game: str, example: Example, text: str, language: str) -> list[str]:
    """What is wrong with the marks of ``example``'s caption, as ``text`` writes it in
    ``language`` (its translation, or the English caption itself): a mark of another
    example, an unknown fact, or words that do not state its value. A caption not yet
    translated (``text`` is the English) is held to English.

    >>> from rulespec.rulebook.examples import examples_of
    >>> example = examples_of("duo")[2]
    >>> check_caption("duo", example, example.caption, "de")
    []
    """
    if text == example.caption:
        language = "en"
    others = sorted({m.example for m in marks(text)} - {example.name})
    problems = [f"{example.name}: the caption marks a fact of {o!r}" for o in others]
    return problems + check_marks(text, language, {example.name: example})
