"""rulespec itself as an engine of the protocol: ``python -m rulespec.testing.serve``.

The reference engine reads requests on standard input and answers on
standard output, one JSON object per line, as the engine protocol says.
It plays every game of rulespec, or only those named, and declares every
capability, or only those given with ``--capabilities``::

    python -m rulespec.testing.serve                      # every game, everything
    python -m rulespec.testing.serve duo --capabilities scores,winners

It speaks version 2 of the protocol, and version 1 to a kit that greets it
so (or to every kit, with ``--protocol 1``: then it refuses a version-2
greeting, as an engine of version 1 does; with ``--ignore-version`` too, it
answers every greeting in version 1, as some engines of version 1 do). Its
other options make it an
engine that uses each feature of version 2, for the kit's own tests; they
apply only once a kit has greeted it with version 2:

``--chance engine``
    It draws every chance outcome itself, with ``random.Random(seed)`` seeded
    by ``start``'s ``seed``, and answers the ``chance`` request.
``--fold`` (with ``--chance engine``)
    It draws the chance steps that follow a player's step at once, and
    answers that ``apply`` with ``{"chance": [outcome, ...]}``.
``--deal-at-start`` (with ``--chance engine``)
    It draws the deal at ``start``, and answers ``{"chance": [deal]}``.
``--state-parts KEY,...``, ``--view-parts KEY,...``
    It keeps only those top-level keys of the state's (the view's) JSON, and
    declares them.
``--no-batch``
    It does not answer ``batch`` requests.
``--unsupported players=N`` (repeatable)
    It answers a ``start`` of N players ``{"unsupported": {"reason": ...}}``.
``--inexpressible KEY=VALUE`` (repeatable)
    It answers a legal player action whose JSON has that value at that key
    ``{"inexpressible": {"reason": ...}}`` (VALUE is JSON, or else a string).

It is the other side of :class:`~rulespec.testing.wire.WireAdapter`: a
complete engine to test the kit against, and the source of the example
sessions in the protocol's reference. A request it cannot read (not UTF-8
JSON within the limits of :func:`~rulespec.core.jsonio.parse_json`, not an
object, not as the protocol says) is the kit's fault, not the engine's: it
says so in one line on standard error, with the line's number, and exits with
status 2.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction, RecordError
from rulespec.core.game import Game
from rulespec.core.jsonio import MAX_BYTES, parse_json
from rulespec.testing.adapter import OPTIONAL, action_json

__all__ = ["VERSIONS", "BadRequest", "Engine", "main", "serve"]

VERSIONS = (1, 2)
"""The versions of the protocol the reference engine speaks."""
SEEDS = 2**32
"""A seed of ``start`` (engine-drawn chance) is a whole number below this."""
_NOT_IN_BATCH = frozenset({"hello", "start", "quit", "batch"})
_to_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


class BadRequest(Exception):
    """A request the engine cannot read."""


class Engine:
    """The reference engine's answers: one request (JSON data) in, one answer out.

    The keyword arguments are the features of version 2 it uses (see the
    module's options); ``protocol=1`` makes it an engine of version 1 only.
    In a session greeted with version 1 it is the engine of version 1 whatever
    they say: the kit draws chance, states are whole, every setup is played.

    >>> engine = Engine()
    >>> engine.answer({"id": 1, "op": "hello", "protocol": 2, "game": "duo"})["value"]["chance"]
    'kit'
    >>> engine.answer({"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}})
    {'id': 2, 'value': None}
    >>> engine.answer({"id": 3, "op": "batch", "requests": [{"op": "to_move"}, {"op": "is_over"}]})
    {'id': 3, 'value': [{'value': [-1]}, {'value': False}]}
    >>> Engine(protocol=1).answer({"id": 1, "op": "hello", "protocol": 2, "game": "duo"})
    {'id': 1, 'refused': {'reason': 'this engine speaks version 1'}}
    """

    def __init__(
        self,
        games: Iterable[str] | None = None,
        capabilities: Iterable[str] = OPTIONAL,
        *,
        protocol: int = 2,
        ignore_version: bool = False,
        chance: str = "kit",
        fold: bool = False,
        deal_at_start: bool = False,
        state_parts: Sequence[str] | None = None,
        view_parts: Sequence[str] | None = None,
        batch: bool = True,
        unsupported_players: Iterable[int] = (),
        inexpressible: Iterable[tuple[str, Any]] = (),
        readings: Mapping[str, str] | None = None,
        deviations: Mapping[str, str] | None = None,
    ) -> None:
        self.games = frozenset(g.id for g in rulespec.games()) if games is None else set(games)
        self.capabilities = tuple(c for c in OPTIONAL if c in set(capabilities))
        if protocol not in VERSIONS:
            raise ValueError(f"protocol: expected one of {VERSIONS}, not {protocol!r}")
        if chance not in ("kit", "engine"):
            raise ValueError(f"chance: expected 'kit' or 'engine', not {chance!r}")
        self.protocol = protocol
        self.ignore_version = ignore_version
        self.chance = chance
        self.fold = fold
        self.deal_at_start = deal_at_start
        self.state_parts = None if state_parts is None else tuple(dict.fromkeys(state_parts))
        self.view_parts = None if view_parts is None else tuple(dict.fromkeys(view_parts))
        self.batch = batch
        self.unsupported_players = frozenset(unsupported_players)
        self.inexpressible = tuple(inexpressible)
        self.readings = dict(readings or {})
        self.deviations = dict(deviations or {})
        self._check_features()
        self.version = 1
        """The version of the session: 2 once a kit has greeted the engine with 2."""
        self.rng = random.Random(0)
        self.game: Game[Any, Any, Any, Any] | None = None
        self.state: Any = None
        self.players = 0
        self.queries: dict[str, Callable[[dict[str, Any]], Any]] = {
            "legal_actions": self._legal_actions,
            "to_move": lambda r: list(self._game().to_move(self.state)),
            "state": lambda r: self._parts(self._game().encode_state(self.state), self.state_parts),
            "view": lambda r: self._parts(
                self._game().encode_view(self._game().view(self.state, self._player(r))),
                self.view_parts,
            ),
            "scores": lambda r: list(self._game().scores(self.state)),
            "winners": lambda r: list(self._game().winners(self.state)),
            "is_over": lambda r: self._game().is_over(self.state),
        }
        self._declared = {name: self.queries[name] for name in self.capabilities}

    def _check_features(self) -> None:
        """:class:`ValueError` for features that do not go together."""
        if self.chance == "kit" and (self.fold or self.deal_at_start):
            raise ValueError("folding chance and dealing at start need chance drawn by the engine")
        for name, parts in (("state", self.state_parts), ("view", self.view_parts)):
            if parts is None:
                continue
            if name not in self.capabilities:
                raise ValueError(f"{name} parts need the capability {name!r}")
            for g in rulespec.games():
                if g.id not in self.games:
                    continue
                start = g.new_game(g.min_players)
                data = g.encode_state(start) if name == "state" else g.encode_view(g.view(start, 0))
                unknown = [key for key in parts if key not in data]
                if unknown:
                    raise ValueError(
                        f"{name} parts: {unknown[0]!r} is not a key of the {name} of {g.id} "
                        f"(its keys: {', '.join(data)})"
                    )
        v2 = (
            self.chance != "kit"
            or self.state_parts is not None
            or self.view_parts is not None
            or self.unsupported_players
            or self.inexpressible
        )
        if self.protocol == 1 and v2:
            raise ValueError(
                "engine-drawn chance, parts, unsupported setups and inexpressible actions "
                "need protocol 2"
            )

    def _game(self) -> Game[Any, Any, Any, Any]:
        if self.game is None or self.state is None:
            raise BadRequest("no game started")
        return self.game

    def _player(self, request: dict[str, Any]) -> int:
        self._game()
        player = request.get("player")
        if type(player) is not int or not 0 <= player < self.players:
            raise BadRequest(f"player: expected a seat of this game, got {player!r}")
        return player

    def _parts(self, data: dict[str, Any], parts: tuple[str, ...] | None) -> dict[str, Any]:
        if parts is None or self.version == 1:
            return data
        return {key: value for key, value in data.items() if key in parts}

    def _legal_actions(self, request: dict[str, Any]) -> list[Any]:
        g = self._game()
        return action_json(g).many(g.legal_actions(self.state, self._player(request)))

    @property
    def _draws(self) -> bool:
        """Whether the engine draws chance itself in this session."""
        return self.version == 2 and self.chance == "engine"

    def answer(self, request: Any) -> dict[str, Any]:
        """The answer to one request; :class:`BadRequest` when it cannot be read."""
        if not isinstance(request, dict) or type(request.get("id")) is not int:
            raise BadRequest("expected an object with an integer id")
        rid, op = request["id"], request.get("op")
        if op == "batch" and self.version == 2 and self.batch:
            return {"id": rid, "value": self._batch(rid, request.get("requests"))}
        return {"id": rid, **self._answer(op, request)}

    def _batch(self, rid: int, requests: Any) -> list[dict[str, Any]]:
        """The answers to a batch's requests, each on the state the earlier ones left."""
        if not isinstance(requests, list):
            raise BadRequest("requests: expected a list")
        answers = []
        # An engine made by overriding answer() answers the requests of a batch there too.
        plain = type(self).answer is Engine.answer
        for index, inner in enumerate(requests):
            if not isinstance(inner, dict):
                raise BadRequest(f"requests[{index}]: expected an object")
            op = inner.get("op")
            if "id" in inner or op in _NOT_IN_BATCH:
                wrong = "a request in a batch has no id" if "id" in inner else None
                raise BadRequest(f"requests[{index}]: {wrong or f'{op} cannot be batched'}")
            try:
                if plain:
                    answer = self._answer(op, inner)
                else:
                    answer = self.answer({**inner, "id": rid})
                    del answer["id"]
            except BadRequest as exc:
                raise BadRequest(f"requests[{index}]: {exc}") from None
            answers.append(answer)
        return answers

    def _answer(self, op: Any, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to one request, without its id."""
        query = self._declared.get(op)
        if query is not None:
            return {"value": query(request)}
        if op == "hello":
            return self._hello(request)
        if op == "start":
            return self._start(request)
        if op == "apply":
            return self._apply(request)
        if op == "chance" and self._draws:
            if self._game().to_move(self.state) != (CHANCE,):
                raise BadRequest("chance: the game awaits no chance step")
            return {"value": self._draw()}
        if op == "quit":
            return {"value": None}
        return {"unsupported": True}

    def _hello(self, request: dict[str, Any]) -> dict[str, Any]:
        asked = request.get("protocol")
        if self.ignore_version and (type(asked) is not int or not 1 <= asked <= self.protocol):
            asked = self.protocol
        if type(asked) is not int or not 1 <= asked <= self.protocol:
            spoken = " and ".join(map(str, VERSIONS[: self.protocol]))
            plural = "s" * (self.protocol > 1)
            return {"refused": {"reason": f"this engine speaks version{plural} {spoken}"}}
        if request.get("game") not in self.games:
            return {"refused": {"reason": f"this engine does not play {request.get('game')!r}"}}
        self.version = asked
        value: dict[str, Any] = {
            "protocol": asked,
            "name": "rulespec",
            "capabilities": list(self.capabilities),
        }
        if asked == 2:
            value["capabilities"] += ["batch"] * self.batch
            value["chance"] = self.chance
            if self.state_parts is not None:
                value["state_parts"] = list(self.state_parts)
            if self.view_parts is not None:
                value["view_parts"] = list(self.view_parts)
            if self.readings:
                value["readings"] = dict(self.readings)
            if self.deviations:
                value["deviations"] = dict(self.deviations)
        return {"value": value}

    def _start(self, request: dict[str, Any]) -> dict[str, Any]:
        name = request.get("game")
        if not isinstance(name, str) or name not in self.games:
            raise BadRequest(f"game: this engine does not play {name!r}")
        g = rulespec.game(name)
        players = request.get("players")
        if type(players) is not int or not g.min_players <= players <= g.max_players:
            raise BadRequest(f"players: expected {g.min_players} to {g.max_players}")
        options = request.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("options: expected an object")
        try:
            decoded = g.decode_options(options)
        except (RecordError, ValueError) as exc:
            said = str(exc)
            raise BadRequest(said if said.startswith("options") else f"options: {said}") from None
        self.game, self.state, self.players = g, None, players
        if self.version == 2 and players in self.unsupported_players:
            return {"unsupported": {"reason": f"this engine does not play {players} players"}}
        if self._draws:
            seed = request.get("seed")
            if type(seed) is not int or not 0 <= seed < SEEDS:
                raise BadRequest(f"seed: expected a whole number 0 to {SEEDS - 1}, got {seed!r}")
            self.rng = random.Random(seed)
        try:
            self.state = g.new_game(players, decoded)
        except IllegalAction as exc:  # options the rules refuse for this many players
            raise BadRequest(f"options: {exc}") from None
        drawn = self._draw_all() if self._draws and self.deal_at_start else []
        return {"value": {"chance": drawn} if drawn else None}

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        g = self._game()
        data = request.get("action")
        try:
            action = g.decode_action(data)
        except RecordError as exc:  # e.g. a pile that does not exist: no such action
            return {"refused": {"reason": f"not an action of the game: {exc}"}}
        if self._draws and g.to_move(self.state) == (CHANCE,):
            return {"refused": {"reason": "this engine draws chance itself (ask with chance)"}}
        try:
            after = g.apply(self.state, action)
        except IllegalAction as exc:
            return {"refused": {"reason": exc.reason, "clause": exc.clause}}
        if self.version == 2 and g.to_move(self.state) != (CHANCE,):
            for key, value in self.inexpressible:
                if isinstance(data, dict) and data.get(key) == value:
                    reason = f"this engine's interface has no {key} {json.dumps(value)}"
                    return {"inexpressible": {"reason": reason}}
        self.state = after
        drawn = self._draw_all() if self._draws and self.fold else []
        return {"value": {"chance": drawn} if drawn else None}

    def _draw(self) -> Any:
        """Draw the chance step the game awaits, apply it, and return it as JSON."""
        g = self._game()
        outcome = g.sample_chance(self.state, self.rng)
        self.state = g.apply(self.state, outcome)
        return g.encode_action(outcome)

    def _draw_all(self) -> list[Any]:
        """Draw every chance step the game awaits now, in order."""
        drawn = []
        while self._game().to_move(self.state) == (CHANCE,):
            drawn.append(self._draw())
        return drawn


def _lines(stream: IO[bytes] | IO[str]) -> Iterator[bytes]:
    """The lines of ``stream`` as bytes, each read with a limit of :data:`MAX_BYTES`
    bytes (a text stream's characters count as bytes of its UTF-8, or of its buffer)."""
    raw: Any = getattr(stream, "buffer", stream)
    while True:
        line = raw.readline(MAX_BYTES + 1)
        if not line:
            return
        if isinstance(line, str):
            line = line.encode("utf-8", "surrogatepass")
        if len(line) > MAX_BYTES and not line.endswith(b"\n"):
            raise BadRequest(f"longer than the limit of {MAX_BYTES} bytes")
        yield line


def serve(engine: Engine, requests: IO[bytes] | IO[str], answers: IO[str]) -> int:
    """Answer every line of ``requests`` on ``answers`` until ``quit`` or the end of input.

    ``requests`` is read as bytes (a text stream through its buffer, when it has
    one), each line with :func:`~rulespec.core.jsonio.parse_json`. Returns the exit
    status: 0, or 2 after a request it cannot read, said in one line on standard
    error.
    """
    number = 0
    lines = _lines(requests)
    while True:
        number += 1
        try:
            line = next(lines, None)
            if line is None:
                return 0
            if not line.strip():
                continue
            try:
                request = parse_json(line.removesuffix(b"\n"))
            except RecordError as exc:
                raise BadRequest(exc.what) from None
            answer = engine.answer(request)
        except BadRequest as exc:
            print(f"rulespec.testing.serve: line {number}: bad request: {exc}", file=sys.stderr)
            return 2
        answers.write(_to_json(answer) + "\n")
        answers.flush()
        if request.get("op") == "quit":
            return 0


def _keys(text: str | None) -> list[str] | None:
    return None if text is None else [k.strip() for k in text.split(",") if k.strip()]


def _players(text: str) -> int:
    name, _, count = text.partition("=")
    if name != "players" or not count.isdigit():
        raise ValueError(f"--unsupported: expected players=N, got {text!r}")
    return int(count)


def _field(text: str) -> tuple[str, Any]:
    key, equals, value = text.partition("=")
    if not key or not equals:
        raise ValueError(f"--inexpressible: expected KEY=VALUE, got {text!r}")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m rulespec.testing.serve",
        description="rulespec as an engine of the rulespec engine protocol (JSON lines on "
        "standard input and output). The options of version 2 apply once a kit greets it "
        "with version 2.",
    )
    add = parser.add_argument
    add("games", nargs="*", metavar="GAME", help="the games served (default: all)")
    add(
        "--capabilities",
        metavar="NAME,...",
        help=f"the queries declared (default: all of {','.join(OPTIONAL)})",
    )
    add(
        "--protocol",
        type=int,
        choices=VERSIONS,
        default=2,
        help="the highest version spoken; 1 refuses a greeting of version 2 (default: 2)",
    )
    add(
        "--ignore-version",
        action="store_true",
        help="answer a greeting of a version not spoken with the highest version spoken, "
        "instead of refusing it",
    )
    add(
        "--chance",
        choices=("kit", "engine"),
        default="kit",
        help="who draws chance: the kit, with apply, or the engine, with start's seed "
        "(default: kit)",
    )
    add(
        "--fold",
        action="store_true",
        help="with --chance engine: draw the chance steps after a player's step at once and "
        "report them in that apply's answer",
    )
    add(
        "--deal-at-start",
        action="store_true",
        help="with --chance engine: draw the deal at start and report it in start's answer",
    )
    add("--state-parts", metavar="KEY,...", help="keep and declare only these keys of the state")
    add("--view-parts", metavar="KEY,...", help="keep and declare only these keys of views")
    add("--no-batch", action="store_true", help="do not answer batch requests")
    add(
        "--unsupported",
        action="append",
        default=[],
        metavar="players=N",
        help="answer start of N players unsupported (repeatable)",
    )
    add(
        "--inexpressible",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="answer a legal player action with that value at that key inexpressible "
        "(repeatable; VALUE is JSON, or else a string)",
    )
    add(
        "--reading",
        action="append",
        default=[],
        metavar="CLAUSE=ALTERNATIVE",
        help="declare in the greeting that the engine follows this reading (repeatable; it "
        "plays whatever options start gives)",
    )
    add(
        "--deviation",
        action="append",
        default=[],
        metavar="CLAUSE=REASON",
        help="declare in the greeting a clause the engine knowingly does not follow (repeatable)",
    )
    return parser


def _pairs(texts: Sequence[str]) -> dict[str, str]:
    found = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key or not value:
            raise ValueError(f"expected CLAUSE=TEXT, not {text!r}")
        found[key] = value
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulespec.testing.serve [GAME ...] [OPTIONS]`` (``--help`` lists them)."""
    args = _parser().parse_args(argv)
    known = {g.id for g in rulespec.games()}
    for name in args.games:
        if name not in known:
            print(f"rulespec.testing.serve: unknown game {name!r}", file=sys.stderr)
            return 2
    caps = OPTIONAL if args.capabilities is None else _keys(args.capabilities) or []
    unknown = [c for c in caps if c not in OPTIONAL]
    if unknown:
        hint = " (batch is declared unless --no-batch)" if unknown[0] == "batch" else ""
        print(f"rulespec.testing.serve: unknown capability {unknown[0]!r}{hint}", file=sys.stderr)
        return 2
    try:
        engine = Engine(
            args.games or None,
            caps,
            protocol=args.protocol,
            ignore_version=args.ignore_version,
            chance=args.chance,
            fold=args.fold,
            deal_at_start=args.deal_at_start,
            state_parts=_keys(args.state_parts),
            view_parts=_keys(args.view_parts),
            batch=not args.no_batch,
            unsupported_players=[_players(text) for text in args.unsupported],
            inexpressible=[_field(text) for text in args.inexpressible],
            readings=_pairs(args.reading),
            deviations=_pairs(args.deviation),
        )
    except ValueError as exc:
        print(f"rulespec.testing.serve: {exc}", file=sys.stderr)
        return 2
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[union-attr]
    gc.freeze()  # what the start left is kept to the end: no collection looks through it
    return serve(engine, sys.stdin.buffer, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
