"""Verify a game record: replay it, and report a clean result or the first illegal step.

Records may come from any program, malformed or hostile. :func:`verify`
reads them as :meth:`Record.from_json <rulespec.Record.from_json>` does, with
the one decoder :func:`~rulespec.core.jsonio.parse_json`, within fixed limits,
in time linear in the input, and turns every problem into one
:class:`VerifyError` line:

- at most :data:`MAX_BYTES` bytes of UTF-8 JSON (one leading byte order mark
  skipped; UTF-16 and UTF-32 refused);
- strict JSON: no key twice in one object, no ``NaN``, no half of a
  surrogate pair;
- brackets nested at most :data:`MAX_DEPTH` deep, at most
  :data:`~rulespec.core.jsonio.MAX_CONTAINERS` arrays and objects and
  :data:`~rulespec.core.jsonio.MAX_VALUES` values in them in all, at most
  :data:`~rulespec.core.jsonio.MAX_MEMBERS` members in one object and
  :data:`~rulespec.core.jsonio.MAX_FLOATS` numbers with a fraction or an
  exponent (checked on the bytes, before parsing);
- at most :data:`MAX_STEPS` steps;
- a ``truncated`` flag that is true exactly when the game stops where
  :meth:`Record.play <rulespec.Record.play>` cuts it, at its length cap
  (:func:`~rulespec.core.declaration.length_cap`): recomputed, not believed;
- a ``start`` state (a record from a position) of the record's players and
  options, that breaks none of the game's state invariants.

The options are the record's own: the verdict names them, since the same
steps under other options can be illegal or end with other winners. A setup
that the rules refuse (options that do not fit the players) is an illegal
verdict, like an illegal step.

>>> import rulespec
>>> dc = rulespec.game("duck-and-cover")
>>> record = rulespec.Record.play(dc, players=3, seed=4)
>>> verdict = verify(record.to_json())
>>> verdict.legal, verdict.over, len(verdict.scores), verdict.options
(True, True, 3, {})
>>> verify('{"format": "rulespec-record"')
Traceback (most recent call last):
...
rulespec.tools.verifier.VerifyError: record: not valid JSON (Expecting ',' delimiter: ...)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.declaration import length_cap
from rulespec.core.errors import RecordError
from rulespec.core.game import game as game_by_id
from rulespec.core.jsonio import MAX_BYTES, MAX_DEPTH
from rulespec.core.record import MAX_STEPS, Record, ReplayError

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_STEPS",
    "IllegalStep",
    "Verdict",
    "VerifyError",
    "verify",
    "verify_file",
]


class VerifyError(RecordError):
    """A record that cannot be verified: unreadable, malformed or over a limit. One line.

    A :class:`~rulespec.RecordError`, so one ``except RecordError`` catches what
    :func:`verify` and :meth:`Record.from_json <rulespec.Record.from_json>` refuse.
    """


@attrs.frozen
class IllegalStep:
    """The first step of a record that the rules refuse, or its setup."""

    index: int | None
    """Its index in ``steps``, from 0; ``None`` when the rules refuse the setup (the
    players and options) before any step."""
    player: int | None
    """The player whose action it is; ``None`` for a chance step or the setup."""
    action: Any
    """The step as JSON data; ``None`` for the setup."""
    clause: str
    reason: str

    def __str__(self) -> str:
        if self.index is None:
            return f"the setup is illegal: {self.clause}: {self.reason}"
        who = "chance" if self.player is None else f"player {self.player}"
        step = json.dumps(self.action, ensure_ascii=False)
        return f"step {self.index} ({who}: {step}) is illegal: {self.clause}: {self.reason}"


@attrs.frozen
class Verdict:
    """What replaying a record found."""

    game: str
    players: int
    steps: int
    """How many steps the record holds."""
    over: bool
    """Whether the game is over after the last legal step."""
    scores: tuple[int, ...]
    """The scores after the last legal step (final when the game is over; all 0 when
    the setup is illegal)."""
    winners: tuple[int, ...]
    illegal: IllegalStep | None = None
    options: dict[str, Any] = attrs.field(factory=dict)
    """The options the record was played with, as JSON data: only those that differ
    from the rules as printed (``{}`` for the published game)."""
    truncated: bool = False
    """Whether the record says the game was cut at its length cap
    (:attr:`~rulespec.Record.truncated`)."""
    position: bool = False
    """Whether the steps follow a position (the record's
    :attr:`~rulespec.Record.start`) instead of a new game."""

    @property
    def legal(self) -> bool:
        """Whether every step is legal."""
        return self.illegal is None

    def options_text(self) -> str:
        """The options in one phrase: ``rules as printed`` or ``options: name=value, …``.

        >>> Verdict("duo", 2, 0, False, (0, 0), (), options={"max_rounds": 50}).options_text()
        'options: max_rounds=50'
        """
        if not self.options:
            return "rules as printed"
        return "options: " + ", ".join(
            f"{name}={json.dumps(value, ensure_ascii=False, separators=(',', ':'))}"
            for name, value in self.options.items()
        )

    def __str__(self) -> str:
        since = ", from a position" if self.position else ""
        head = f"{self.game}, {self.players} players ({self.options_text()}){since}, "
        head += f"{self.steps} steps"
        if self.illegal is not None:
            return f"{head}: {self.illegal}"
        scores = " ".join(str(s) for s in self.scores)
        if not self.over:
            cut = "cut at its length cap" if self.truncated else "not over"
            return f"{head}: legal; the game is {cut} (scores so far: {scores})"
        won = ", ".join(f"player {p}" for p in self.winners) or "none"
        return f"{head}: legal; game over; scores {scores}; winners: {won}"


def verify(record: str | bytes | Record) -> Verdict:
    """Replay ``record`` (JSON text, bytes or a :class:`Record`) and say what it holds.

    Returns a :class:`Verdict`: every step legal, with the scores and whether
    the game is over; or the first illegal step (or the illegal setup), with
    the player, the action and the clause it breaks. The verdict names the
    record's options. Raises :class:`VerifyError` when the record is
    unreadable, malformed or over a limit.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> text = rulespec.Record(duo.id, 2, duo.decode_options({"first_player": 5})).to_json()
    >>> print(verify(text))
    duo, 2 players (options: first_player=5), 0 steps: the setup is illegal: ...
    """
    if isinstance(record, Record):
        rec = record
    else:
        try:
            rec = Record.from_json(record)
        except RecordError as exc:
            raise VerifyError(exc.where, exc.what) from None
    if len(rec.steps) > MAX_STEPS:
        raise VerifyError("steps", f"more than the limit of {MAX_STEPS} steps")
    g = game_by_id(rec.game)
    if rec.start is not None:
        for invariant in g.invariants:
            broken = invariant.violation(rec.start)
            if broken is not None:
                raise VerifyError("start", f"{broken.invariant}: {broken.message}")
    state = None
    illegal = None
    cut = _Cut(g, rec.players, rec.options)
    try:
        for state in rec.states():
            cut.follow(state)
    except ReplayError as exc:
        player = getattr(exc.step, "player", None)
        illegal = IllegalStep(
            index=exc.index,
            player=player if isinstance(player, int) else None,
            action=None if exc.index is None else g.encode_action(exc.step),
            clause=exc.clause,
            reason=exc.error.reason,
        )
    if illegal is None:
        cut.check(rec)
    return Verdict(
        game=rec.game,
        players=rec.players,
        steps=len(rec.steps),
        over=state is not None and g.is_over(state),
        scores=(0,) * rec.players if state is None else tuple(g.scores(state)),
        winners=() if state is None else tuple(g.winners(state)),
        illegal=illegal,
        options=g.encode_options(rec.options),
        truncated=rec.truncated,
        position=rec.start is not None,
    )


class _Cut:
    """Where a replayed record reaches its length cap: the first state, after at least
    :func:`~rulespec.core.declaration.length_cap` player actions, at which a player (at
    the start of a turn, in a game of simultaneous turns) is to act in a game not over;
    :meth:`Record.play <rulespec.Record.play>` cuts a game there."""

    def __init__(self, g: Any, players: int, options: Any) -> None:
        self.game = g
        self.players = players
        self.cap: int | None
        try:
            self.cap = length_cap(g, players, options)
        except (ValueError, TypeError):  # options that the rules refuse: no cap to reach
            self.cap = None
        self.whole_turns = g.declaration.simultaneous
        self.acted = 0
        """The player actions among the steps followed."""
        self.steps = -1
        self.over = False
        self.at: int | None = None
        """The number of steps before the cut, once reached."""
        self._player_next = False

    def follow(self, state: Any) -> None:
        """Take the next state of the replay."""
        self.steps += 1
        self.acted += self._player_next
        g = self.game
        self.over = g.is_over(state)
        actors: tuple[int, ...] = () if self.over else tuple(g.to_move(state))
        self._player_next = bool(actors) and actors[0] != CHANCE
        reached = self.cap is not None and self.acted >= self.cap
        if self._player_next and self.at is None and reached:
            turn_starts = not self.whole_turns or len(actors) == self.players
            self.at = self.steps if turn_starts else None

    def check(self, record: Record) -> None:
        """:class:`VerifyError` when ``record`` says it was cut at its length cap and is
        not, or is cut there and does not say so."""
        end = len(record.steps)
        cap = f"its length cap of {self.cap} player actions"
        if record.truncated and self.at != end:
            if self.at is not None:
                where = f"it goes on past the cap, which it reaches at step {self.at}"
            elif self.over:
                where = "the game is over"
            elif self.cap is None or self.acted < self.cap:
                where = f"it holds {self.acted} player actions"
            else:
                where = "it does not stop where a player is to act"
            said = f"the record says the game was cut at {cap}, but {where}"
            raise VerifyError("truncated", said)
        if not record.truncated and self.at == end:
            raise VerifyError(
                "truncated",
                f'the game stops at {cap}, and the record does not say so ("truncated": true)',
            )


def verify_file(path: str | Path) -> Verdict:
    """:func:`verify` the record in the file at ``path`` (read only up to the size limit)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise VerifyError(str(path), f"cannot read it ({exc.strerror or exc})") from None
    return verify(data)
