"""Example sessions of the engine protocol: a whole game of each, as the reference engine plays it.

Each session greets the engine, starts a seeded game, asks every query after
the deal, offers one illegal action (refused), applies every step to the
end, asks every query again, and quits. The documentation shows them, and
its tests check that the reference engine still answers exactly so.

A session is written one message a line: ``>``, a space and the request the
kit sends, or ``<``, a space and the answer it expects. An engine in any language can
replay the file as a test: send each request, compare its answer with the
next line (a list of legal actions may come in any order).

Write the files with ``python -m rulespec.testing.sessions FOLDER``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction
from rulespec.core.record import Record
from rulespec.testing.kit import kit_for
from rulespec.testing.serve import Engine

__all__ = ["GAMES", "example", "lines", "main"]

GAMES: dict[str, tuple[int, dict[str, Any], int]] = {
    "canardage": (3, {}, 0),
    "duo": (2, {"max_rounds": 1}, 0),
    "duck-and-cover": (2, {}, 0),
}
"""Each game's example: players, options (as JSON) and the seed of its game."""


def _illegal(game_id: str, state: Any) -> Any:
    """The first of the kit's illegal probes that rulespec refuses now, if any."""
    g = rulespec.game(game_id)
    kit = kit_for(g)
    for player in range(len(g.scores(state))):
        for action in kit.illegal_actions(g, state, player):
            try:
                g.apply(state, action)
            except IllegalAction:
                return action
    return None


def example(game_id: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The example session of ``game_id``: (request, answer) pairs, in order.

    >>> session = example("canardage")
    >>> session[0][1]["value"]["capabilities"][:2], session[-1]
    (['legal_actions', 'to_move'], ({'id': 89, 'op': 'quit'}, {'id': 89, 'value': None}))
    """
    players, options, seed = GAMES[game_id]
    g = rulespec.game(game_id)
    record = Record.play(g, players, seed=seed, options=g.decode_options(options))
    engine = Engine()
    exchanges: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def send(op: str, **fields: Any) -> dict[str, Any]:
        request = {"id": len(exchanges) + 1, "op": op, **fields}
        answer = engine.answer(request)
        exchanges.append((request, answer))
        return answer

    def queries(player: int) -> None:
        send("to_move")
        send("legal_actions", player=player)
        send("view", player=player)
        for op in ("state", "scores", "winners", "is_over"):
            send(op)

    send("hello", protocol=1, game=game_id)
    send("start", game=game_id, players=players, options=options)
    send("to_move")
    states = record.states()
    state = next(states)
    for index, step in enumerate(record.steps):
        send("apply", action=g.encode_action(step))
        state = next(states)
        if index == 0:
            actors = g.to_move(state)
            queries(actors[0] if actors and actors[0] != CHANCE else 0)
            probe = _illegal(game_id, state)
            if probe is not None:
                send("apply", action=g.encode_action(probe))
    queries(0)
    send("quit")
    return exchanges


def lines(session: Sequence[tuple[dict[str, Any], dict[str, Any]]]) -> list[str]:
    """A session as the lines of its file (``> request`` and ``< answer``)."""
    out = []
    for request, answer in session:
        for mark, message in ((">", request), ("<", answer)):
            out.append(f"{mark} {json.dumps(message, ensure_ascii=False, separators=(',', ':'))}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``<game id>.txt`` into the folder given (the documentation's sessions)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m rulespec.testing.sessions FOLDER", file=sys.stderr)
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    for game_id in GAMES:
        path = folder / f"{game_id}.txt"
        text = "\n".join(lines(example(game_id))) + "\n"
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
