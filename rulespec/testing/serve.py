"""rulespec itself as an engine of the protocol: ``python -m rulespec.testing.serve``.

The reference engine reads requests on standard input and answers on
standard output, one JSON object per line, as the engine protocol says.
It plays every game of rulespec, or only those named, and declares every
capability, or only those given with ``--capabilities``::

    python -m rulespec.testing.serve                      # every game, everything
    python -m rulespec.testing.serve duo --capabilities scores,winners

It is the other side of :class:`~rulespec.testing.wire.WireAdapter`: a
complete engine to test the kit against, and the source of the example
sessions in the protocol's reference. A request it cannot read is the
kit's fault, not the engine's: it says so on standard error and exits with
status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

import rulespec
from rulespec.core.errors import IllegalAction, RecordError
from rulespec.core.game import Game
from rulespec.testing.adapter import OPTIONAL
from rulespec.testing.wire import PROTOCOL

__all__ = ["Engine", "main", "serve"]


class BadRequest(Exception):
    """A request the engine cannot read."""


class Engine:
    """The reference engine's answers: one request (JSON data) in, one answer out.

    >>> engine = Engine()
    >>> engine.answer({"id": 1, "op": "hello", "protocol": 1, "game": "duo"})["value"]["name"]
    'rulespec'
    >>> engine.answer({"id": 2, "op": "start", "game": "duo", "players": 2, "options": {}})
    {'id': 2, 'value': None}
    >>> engine.answer({"id": 3, "op": "to_move"})
    {'id': 3, 'value': [-1]}
    """

    def __init__(
        self, games: Iterable[str] | None = None, capabilities: Iterable[str] = OPTIONAL
    ) -> None:
        self.games = frozenset(g.id for g in rulespec.games()) if games is None else set(games)
        self.capabilities = tuple(c for c in OPTIONAL if c in set(capabilities))
        self.game: Game[Any, Any, Any, Any] | None = None
        self.state: Any = None
        self.players = 0
        self.queries: dict[str, Callable[[dict[str, Any]], Any]] = {
            "legal_actions": self._legal_actions,
            "to_move": lambda r: list(self._game().to_move(self.state)),
            "state": lambda r: self._game().encode_state(self.state),
            "view": lambda r: self._game().encode_view(
                self._game().view(self.state, self._player(r))
            ),
            "scores": lambda r: list(self._game().scores(self.state)),
            "winners": lambda r: list(self._game().winners(self.state)),
            "is_over": lambda r: self._game().is_over(self.state),
        }

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

    def _legal_actions(self, request: dict[str, Any]) -> list[Any]:
        g = self._game()
        return [g.encode_action(a) for a in g.legal_actions(self.state, self._player(request))]

    def answer(self, request: Any) -> dict[str, Any]:
        """The answer to one request; :class:`BadRequest` when it cannot be read."""
        if not isinstance(request, dict) or type(request.get("id")) is not int:
            raise BadRequest("expected an object with an integer id")
        rid, op = request["id"], request.get("op")
        if op == "hello":
            if request.get("protocol") != PROTOCOL:
                return {"id": rid, "refused": {"reason": f"this engine speaks version {PROTOCOL}"}}
            if request.get("game") not in self.games:
                return {
                    "id": rid,
                    "refused": {"reason": f"this engine does not play {request.get('game')!r}"},
                }
            value = {
                "protocol": PROTOCOL,
                "name": "rulespec",
                "capabilities": list(self.capabilities),
            }
            return {"id": rid, "value": value}
        if op == "start":
            self._start(request)
            return {"id": rid, "value": None}
        if op == "apply":
            g = self._game()
            try:
                action = g.decode_action(request.get("action"))
            except RecordError as exc:  # e.g. a pile that does not exist: no such action
                return {"id": rid, "refused": {"reason": f"not an action of the game: {exc}"}}
            try:
                self.state = g.apply(self.state, action)
            except IllegalAction as exc:
                return {"id": rid, "refused": {"reason": exc.reason, "clause": exc.clause}}
            return {"id": rid, "value": None}
        if op == "quit":
            return {"id": rid, "value": None}
        if op in self.capabilities:
            return {"id": rid, "value": self.queries[op](request)}
        return {"id": rid, "unsupported": True}

    def _start(self, request: dict[str, Any]) -> None:
        name = request.get("game")
        if not isinstance(name, str) or name not in self.games:
            raise BadRequest(f"game: this engine does not play {name!r}")
        g = rulespec.game(name)
        players = request.get("players")
        if type(players) is not int or not g.min_players <= players <= g.max_players:
            raise BadRequest(f"players: expected {g.min_players} to {g.max_players}")
        self.game, self.players = g, players
        options = request.get("options", {})
        if not isinstance(options, dict):
            raise BadRequest("options: expected an object")
        try:
            self.state = g.new_game(players, g.decode_options(options))
        except (RecordError, ValueError) as exc:
            raise BadRequest(f"options: {exc}") from None


def serve(engine: Engine, requests: IO[str], answers: IO[str]) -> int:
    """Answer every line of ``requests`` on ``answers`` until ``quit`` or the end of input.

    Returns the exit status: 0, or 2 after a request it cannot read.
    """
    for line in requests:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            answer = engine.answer(request)
        except (ValueError, BadRequest) as exc:
            print(f"rulespec.testing.serve: bad request: {exc}", file=sys.stderr)
            return 2
        answers.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
        answers.flush()
        if request.get("op") == "quit":
            return 0
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulespec.testing.serve [GAME ...] [--capabilities NAME,...]``."""
    parser = argparse.ArgumentParser(
        prog="python -m rulespec.testing.serve",
        description="rulespec as an engine of the rulespec engine protocol (JSON lines on "
        "standard input and output).",
    )
    parser.add_argument("games", nargs="*", metavar="GAME", help="the games served (default: all)")
    parser.add_argument(
        "--capabilities",
        metavar="NAME,...",
        help=f"the capabilities declared (default: all of {','.join(OPTIONAL)})",
    )
    args = parser.parse_args(argv)
    known = {g.id for g in rulespec.games()}
    for name in args.games:
        if name not in known:
            print(f"rulespec.testing.serve: unknown game {name!r}", file=sys.stderr)
            return 2
    caps = (
        OPTIONAL
        if args.capabilities is None
        else [c.strip() for c in args.capabilities.split(",") if c.strip()]
    )
    unknown = [c for c in caps if c not in OPTIONAL]
    if unknown:
        print(f"rulespec.testing.serve: unknown capability {unknown[0]!r}", file=sys.stderr)
        return 2
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[union-attr]
    return serve(Engine(args.games or None, caps), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
