"""Game records: a game's chance outcomes and actions, replayable exactly.

A record is JSON of this shape (format version 1)::

    {
      "format": "rulespec-record",
      "version": 1,
      "game": "duck-and-cover",
      "players": 4,
      "options": {},
      "steps": [ {"type": "deal", ...}, {"type": "cover", "player": 0, "to": [1, 2]}, ... ]
    }

``steps`` holds chance outcomes and player actions in the order they were
applied, so replaying needs no seed. ``options`` lists only the options that
differ from the game's defaults; they come from the record, and the same steps
under other options can be illegal or end with other winners. An optional
``"start"`` holds a state, as :meth:`~rulespec.core.game.Game.encode_state`
writes it, that the steps follow instead of ``new_game(players, options)``: a
game from a position (its players and options must be the record's). Extra
top-level keys are refused.

Records may come from programs you do not trust: :meth:`Record.from_json`
reads them with :func:`~rulespec.core.jsonio.parse_json`, within the limits it
lists, and takes at most :data:`MAX_STEPS` steps, in time linear in the
input. Malformed input raises
:class:`RecordError`; a setup or a step that the rules refuse raises
:class:`ReplayError` on replay. Nothing else escapes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import attrs

from rulespec.core.errors import IllegalAction, RecordError
from rulespec.core.game import Game, game
from rulespec.core.jsonio import parse_json

__all__ = ["FORMAT", "MAX_STEPS", "VERSION", "Record", "ReplayError"]

FORMAT = "rulespec-record"
VERSION = 1
MAX_STEPS = 200_000
"""The most steps a record read from JSON may hold."""


class ReplayError(ValueError):
    """A record step that the rules refuse: which step, whose, and the clause.

    ``error`` is the :class:`IllegalAction` that the step raised. When the rules
    refuse the setup itself (options that do not fit the players, such as
    Duo's ``first_player`` 5 with 2 players), ``index`` and ``step`` are
    ``None`` and the message starts with ``setup:``.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> options = duo.decode_options({"first_player": 5})
    >>> Record(duo.id, 2, options).replay()
    Traceback (most recent call last):
    ...
    rulespec.core.record.ReplayError: setup: duo.setup.first-player: first_player is seat 5, ...
    """

    def __init__(self, index: int | None, step: Any, error: IllegalAction) -> None:
        super().__init__(f"{'setup' if index is None else f'steps[{index}]'}: {error}")
        self.index = index
        self.step = step
        self.error = error
        self.clause = error.clause


def _agrees(record: Record, attribute: Any, start: Any) -> None:
    """:class:`RecordError` when a start state is not of the record's players and options."""
    if start is None:
        return
    players = getattr(start, "players", None)
    if players != record.players:
        raise RecordError(
            "start.players", f"a state of {players} players, but the record has {record.players}"
        )
    if getattr(start, "options", None) != record.options:
        g = game(record.game)
        theirs = json.dumps(g.encode_options(start.options), ensure_ascii=False)
        ours = json.dumps(g.encode_options(record.options), ensure_ascii=False)
        raise RecordError("start.options", f"the state's are {theirs}, but the record's {ours}")


@attrs.frozen
class Record:
    """A game from its start: the game id, players, options and every step.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> rec = Record.play(dc, players=2, seed=3, steps=10)
    >>> Record.from_json(rec.to_json()) == rec
    True
    >>> dc.encode_state(rec.replay()) == dc.encode_state(rec.replay())
    True

    With ``start``, the steps follow that state instead of a new game (its players
    and options must be the record's, or :class:`RecordError` says which differ):

    >>> later = Record(dc.id, 2, rec.options, rec.steps[5:], start=Record(
    ...     dc.id, 2, rec.options, rec.steps[:5]).replay())
    >>> later.replay() == rec.replay()
    True
    """

    game: str
    players: int
    options: Any
    steps: tuple[Any, ...] = ()
    chance_seed: int | None = None
    """The seed an engine that draws its own chance started this game with (``None``
    otherwise): the steps hold the outcomes it drew, so a replay needs no seed; an
    engine checked again is given the same one."""
    truncated: bool = False
    """Whether the game was cut at its length cap (the game's ``length_cap``, see
    :mod:`rulespec.core.declaration`) before the rules ended it: the record then
    stops there, as a finished record, and says so."""
    start: Any = attrs.field(default=None, validator=_agrees)
    """The state the steps follow (a position late in a game, say); ``None``: the new
    game of :attr:`players` and :attr:`options`. A record with a start counts its
    length cap from there."""

    def append(self, action: Any) -> Record:
        """This record with one more step."""
        return attrs.evolve(self, steps=(*self.steps, action))

    def states(self) -> Iterator[Any]:
        """The state before the first step (:attr:`start`, or the new game), then the
        state after each step.

        Raises :class:`ReplayError` at the first step the rules refuse, or before
        the first state when they refuse the setup (the players and options).
        """
        g = game(self.game)
        state = self.start
        if state is None:
            try:
                state = g.new_game(self.players, self.options)
            except IllegalAction as exc:
                raise ReplayError(None, None, exc) from None
        yield state
        for index, step in enumerate(self.steps):
            try:
                state = g.apply(state, step)
            except IllegalAction as exc:
                raise ReplayError(index, step, exc) from None
            yield state

    def replay(self) -> Any:
        """The state after the last step."""
        state = None
        for state in self.states():  # noqa: B007
            pass
        return state

    @classmethod
    def play(
        cls,
        g: Game[Any, Any, Any, Any],
        players: int,
        *,
        seed: int | None = None,
        options: Any = None,
        steps: int | None = None,
    ) -> Record:
        """A record of a uniformly random game (at most ``steps`` steps).

        ``seed`` and ``steps`` are integers (or ``None``); like every entry point,
        a wrong type is a :class:`TypeError` naming the argument.

        Without ``options``, the game's simulation options apply
        (:meth:`Game.simulation_options`, such as Duo's ``max_rounds`` of 50 with
        ``leader_wins``), so that a random game ends in seconds; they are written in the record's
        options. Pass ``options=g.default_options()`` for the rules as printed,
        and ``steps`` to stop after that many steps. Whatever the options, a game
        the rules have not ended after its length cap of player actions
        (:func:`~rulespec.core.declaration.length_cap`) stops there, at the start
        of a turn, and the record says so (:attr:`truncated`).

        >>> import rulespec
        >>> duo = rulespec.game("duo")
        >>> Record.play(duo, 3, seed=1).to_data()["options"]
        {'max_rounds': 50, 'leader_wins': True}
        """
        import random

        from rulespec.core.chance import CHANCE
        from rulespec.core.checks import integer, wrong_type
        from rulespec.core.declaration import length_cap

        if not isinstance(g, Game):
            raise wrong_type("g", g, "a game (from rulespec.game())")
        players = integer(players, "players")
        if steps is not None:
            steps = integer(steps, "steps")
            if steps < 0:
                raise ValueError(f"steps must be 0 or more, not {steps}")
        rng = random.Random(None if seed is None else integer(seed, "seed"))
        opts = g.decode_options(g.simulation_options()) if options is None else options
        state = g.new_game(players, opts)
        cap = length_cap(g, players, state.options)
        whole_turns = g.declaration.simultaneous  # cut only where a turn starts
        taken: list[Any] = []
        acted = 0
        while not g.is_over(state):
            actors = g.to_move(state)
            player = actors[0] != CHANCE
            if player and acted >= cap and (not whole_turns or len(actors) == players):
                return cls(g.id, players, opts, tuple(taken), truncated=True)
            if steps is not None and len(taken) >= steps:
                break
            if not player:
                action = g.sample_chance(state, rng)
            else:
                action = rng.choice(g.legal_actions(state, actors[0]))
                acted += 1
            state = g.apply(state, action)
            taken.append(action)
        return cls(g.id, players, opts, tuple(taken))

    def to_data(self) -> dict[str, Any]:
        """The record as JSON data."""
        g = game(self.game)
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": g.encode_options(self.options),
        }
        if self.chance_seed is not None:
            data["chance_seed"] = self.chance_seed
        if self.truncated:
            data["truncated"] = True
        if self.start is not None:
            data["start"] = g.encode_state(self.start)
        data["steps"] = [g.encode_action(step) for step in self.steps]
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_data(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_data(cls, data: Any) -> Record:
        """A record from JSON data; :class:`RecordError` says where it is malformed.

        Only the shape is checked here (at most :data:`MAX_STEPS` steps, each a
        well-formed action of the game, and a ``start`` that decodes to a state of the
        record's players and options); whether the rules allow the setup and the steps
        is for :meth:`replay` (or :func:`~rulespec.tools.verifier.verify`).
        """
        if not isinstance(data, dict):
            raise RecordError("record", "expected a JSON object")
        expected = {"format", "version", "game", "players", "options", "steps"}
        unknown = sorted(set(data) - expected - {"chance_seed", "truncated", "start"})
        if unknown:
            raise RecordError("record", f"unknown key {unknown[0]!r}")
        missing = sorted(expected - set(data))
        if missing:
            raise RecordError("record", f"missing key {missing[0]!r}")
        if data["format"] != FORMAT:
            raise RecordError("format", f"expected {FORMAT!r}")
        if type(data["version"]) is not int or data["version"] != VERSION:
            raise RecordError(
                "version", f"unsupported version {data['version']!r} (knows {VERSION})"
            )
        if not isinstance(data["game"], str):
            raise RecordError("game", "expected a string")
        try:
            g = game(data["game"])
        except KeyError as exc:
            raise RecordError("game", str(exc.args[0])) from None
        players = data["players"]
        if type(players) is not int or not g.min_players <= players <= g.max_players:
            raise RecordError(
                "players", f"expected a whole number from {g.min_players} to {g.max_players}"
            )
        if not isinstance(data["options"], dict):
            raise RecordError("options", "expected a JSON object")
        options = g.decode_options(data["options"])
        steps = data["steps"]
        if not isinstance(steps, list):
            raise RecordError("steps", "expected a list")
        if len(steps) > MAX_STEPS:
            raise RecordError("steps", f"more than the limit of {MAX_STEPS} steps")
        seed = data.get("chance_seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**32):
            raise RecordError("chance_seed", "expected a whole number from 0 to 2**32 - 1")
        truncated = data.get("truncated", False)
        if type(truncated) is not bool:
            raise RecordError("truncated", "expected true or false")
        start = _start(g, data["start"]) if "start" in data else None
        return cls(
            g.id,
            players,
            options,
            tuple(g.decode_action(s, f"steps[{i}]") for i, s in enumerate(steps)),
            chance_seed=seed,
            truncated=truncated,
            start=start,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """A record from JSON text or UTF-8 bytes; :class:`RecordError` says where it is
        malformed.

        The text is read by :func:`~rulespec.core.jsonio.parse_json`, within the
        same limits as :func:`~rulespec.tools.verifier.verify`.

        >>> Record.from_json('{"format": "rulespec-record", "format": "x"}')
        Traceback (most recent call last):
        ...
        rulespec.core.errors.RecordError: record: key 'format' twice in one object
        """
        return cls.from_data(parse_json(text))


def _start(g: Game[Any, Any, Any, Any], data: Any) -> Any:
    """The state of a record's ``start``; :class:`RecordError` says where it is malformed."""
    if not isinstance(data, dict):
        raise RecordError("start", "expected a JSON object (a state)")
    try:
        return g.decode_state(data)
    except RecordError as exc:
        where = exc.where
        if where == "state" or where.startswith(("state.", "state[")):
            where = where.removeprefix("state")
        elif where:
            where = f".{where}"
        raise RecordError(f"start{where}", exc.what) from None
