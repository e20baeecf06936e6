"""Verify a game record: replay it, and report a clean result or the first illegal step.

Records may come from any program, malformed or hostile. :func:`verify`
reads them within fixed limits and turns every problem into one
:class:`VerifyError` line:

- at most :data:`MAX_BYTES` bytes of UTF-8 JSON;
- brackets nested at most :data:`MAX_DEPTH` deep (checked before parsing);
- at most :data:`MAX_STEPS` steps.

>>> import rulespec
>>> dc = rulespec.game("duck-and-cover")
>>> record = rulespec.Record.play(dc, players=3, seed=4)
>>> verdict = verify(record.to_json())
>>> verdict.legal, verdict.over, len(verdict.scores)
(True, True, 3)
>>> verify('{"format": "rulespec-record"')
Traceback (most recent call last):
...
rulespec.core.verify.VerifyError: record: not valid JSON (Expecting ',' delimiter: ...)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from rulespec.core.errors import RecordError
from rulespec.core.game import game as game_by_id
from rulespec.core.jsonio import nesting_depth
from rulespec.core.record import Record, ReplayError

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

MAX_BYTES = 16 * 1024 * 1024
"""The largest record :func:`verify` reads: 16 MiB."""
MAX_STEPS = 200_000
"""The most steps a record may hold."""
MAX_DEPTH = 64
"""The deepest nesting of JSON arrays and objects a record may use."""


class VerifyError(ValueError):
    """A record that cannot be verified: unreadable, malformed or over a limit. One line."""


@attrs.frozen
class IllegalStep:
    """The first step of a record that the rules refuse."""

    index: int
    """Its index in ``steps``, from 0."""
    player: int | None
    """The player whose action it is; ``None`` for a chance step."""
    action: Any
    """The step as JSON data."""
    clause: str
    reason: str

    def __str__(self) -> str:
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
    """The scores after the last legal step (final when the game is over)."""
    winners: tuple[int, ...]
    illegal: IllegalStep | None = None

    @property
    def legal(self) -> bool:
        """Whether every step is legal."""
        return self.illegal is None

    def __str__(self) -> str:
        head = f"{self.game}, {self.players} players, {self.steps} steps"
        if self.illegal is not None:
            return f"{head}: {self.illegal}"
        scores = " ".join(str(s) for s in self.scores)
        if not self.over:
            return f"{head}: legal; the game is not over (scores so far: {scores})"
        won = ", ".join(f"player {p}" for p in self.winners)
        return f"{head}: legal; game over; scores {scores}; winners: {won}"


def _parse(data: bytes) -> Any:
    if len(data) > MAX_BYTES:
        raise VerifyError(f"record: larger than the limit of {MAX_BYTES} bytes")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VerifyError(f"record: not UTF-8 text (byte {exc.start})") from None
    depth = nesting_depth(data)
    if depth > MAX_DEPTH:
        raise VerifyError(f"record: nested {depth} deep, beyond the limit of {MAX_DEPTH}")
    try:
        return json.loads(text)
    except RecursionError:
        raise VerifyError(f"record: nested beyond the limit of {MAX_DEPTH}") from None
    except ValueError as exc:
        raise VerifyError(f"record: not valid JSON ({exc})") from None


def verify(record: str | bytes | Record) -> Verdict:
    """Replay ``record`` (JSON text, bytes or a :class:`Record`) and say what it holds.

    Returns a :class:`Verdict`: every step legal, with the scores and whether
    the game is over; or the first illegal step, with the player, the action
    and the clause it breaks. Raises :class:`VerifyError` when the record is
    unreadable, malformed or over a limit.
    """
    if isinstance(record, Record):
        rec = record
    else:
        data = _parse(record.encode("utf-8") if isinstance(record, str) else bytes(record))
        steps = data.get("steps") if isinstance(data, dict) else None
        if isinstance(steps, list) and len(steps) > MAX_STEPS:
            raise VerifyError(f"steps: more than the limit of {MAX_STEPS} steps")
        try:
            rec = Record.from_data(data)
        except RecordError as exc:
            raise VerifyError(str(exc)) from None
    if len(rec.steps) > MAX_STEPS:
        raise VerifyError(f"steps: more than the limit of {MAX_STEPS} steps")
    g = game_by_id(rec.game)
    state = None
    illegal = None
    try:
        for state in rec.states():  # noqa: B007
            pass
    except ReplayError as exc:
        player = getattr(exc.step, "player", None)
        illegal = IllegalStep(
            index=exc.index,
            player=player if isinstance(player, int) else None,
            action=g.encode_action(exc.step),
            clause=exc.clause,
            reason=exc.error.reason,
        )
    return Verdict(
        game=rec.game,
        players=rec.players,
        steps=len(rec.steps),
        over=g.is_over(state),
        scores=tuple(g.scores(state)),
        winners=tuple(g.winners(state)),
        illegal=illegal,
    )


def verify_file(path: str | Path) -> Verdict:
    """:func:`verify` the record in the file at ``path`` (read only up to the size limit)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise VerifyError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    return verify(data)
