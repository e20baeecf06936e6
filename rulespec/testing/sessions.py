"""Example sessions of the engine protocol, as the reference engine plays them.

Every session greets the engine with version 2 of the protocol. There is a
whole game of each game that declares one (:data:`GAMES`, from each game's
declared ``sessions``): it starts a seeded game, asks every
query after the deal, offers one illegal action (refused), applies every
step to the end, asks every query again, and quits. Two shorter sessions
show the features of version 2 (:data:`FEATURES`), each named after the game
that declares it:

- ``duo-batch``: the first steps of a game of Duo (:data:`BATCH_STEPS`), each
  sent as one ``batch`` (the step's ``apply``, every query at the new point,
  the legal actions of each player to move; once, an illegal action too), as
  the kit sends them;
- ``canardage-engine-chance``: a game of Canardage whose engine draws chance
  itself (``--chance engine --fold``): ``start`` gives it a seed, the kit
  asks for the deal with ``chance``, and a player's step that leads to a
  chance step (a Dispersion, a reshuffle) is answered with the outcomes the
  engine drew, ``{"chance": [...]}``.

The documentation shows them, and its tests check that the reference engine
(started with :data:`FLAGS`) still answers exactly so.

A session is written one message a line: ``>``, a space and the request the
kit sends, or ``<``, a space and the answer it expects. An engine in any language can
replay the file as a test: send each request, compare its answer with the
next line (a list of legal actions may come in any order).

Write the files with ``python -m rulespec.testing.sessions FOLDER``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction
from rulespec.core.record import Record
from rulespec.testing.kit import kit_for
from rulespec.testing.serve import Engine

__all__ = ["BATCH_STEPS", "FEATURES", "FLAGS", "GAMES", "SESSIONS", "example", "lines", "main"]


def _declared(kind: str) -> dict[str, tuple[int, dict[str, Any], int]]:
    """The sessions of ``kind`` that the games declare: players, options (as JSON) and
    seed, by game id."""
    return {
        g.id: (s.players, dict(s.options), s.seed)
        for g in rulespec.games()
        for s in g.declaration.sessions
        if s.kind == kind
    }


GAMES: dict[str, tuple[int, dict[str, Any], int]] = _declared("game")
"""Each game's whole-game session: players, options (as JSON) and the seed of its game."""

BATCH_STEPS = 12
"""The steps the ``batch`` session plays (the deal and the first plays)."""

Exchange = tuple[dict[str, Any], dict[str, Any]]


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


class _Session:
    """A session being written: every request sent to ``engine`` and its answer."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.exchanges: list[Exchange] = []

    def send(self, op: str, **fields: Any) -> dict[str, Any]:
        request = {"id": len(self.exchanges) + 1, "op": op, **fields}
        answer = self.engine.answer(request)
        self.exchanges.append((request, answer))
        return answer

    def queries(self, player: int) -> None:
        """Every query once, asked of ``player`` where it takes one."""
        self.send("to_move")
        self.send("legal_actions", player=player)
        self.send("view", player=player)
        for op in ("state", "scores", "winners", "is_over"):
            self.send(op)

    def probe(self, game_id: str, state: Any, player: int) -> None:
        """Every query, asked of ``player``, then an action rulespec refuses at ``state``
        (when the kit has one)."""
        self.queries(player)
        action = _illegal(game_id, state)
        if action is not None:
            self.send("apply", action=rulespec.game(game_id).encode_action(action))

    def close(self) -> list[Exchange]:
        """Every query once more, then ``quit``: the exchanges of the whole session."""
        self.queries(0)
        self.send("quit")
        return self.exchanges


def _whole_game(game_id: str) -> list[Exchange]:
    players, options, seed = GAMES[game_id]
    g = rulespec.game(game_id)
    record = Record.play(g, players, seed=seed, options=g.decode_options(options))
    session = _Session(Engine())
    session.send("hello", protocol=2, game=game_id)
    session.send("start", game=game_id, players=players, options=options)
    session.send("to_move")
    states = record.states()
    state = next(states)
    for index, step in enumerate(record.steps):
        session.send("apply", action=g.encode_action(step))
        state = next(states)
        if index == 0:
            actors = g.to_move(state)
            session.probe(game_id, state, actors[0] if actors and actors[0] != CHANCE else 0)
    return session.close()


def _batch(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[Exchange]:
    g = rulespec.game(game_id)
    opts = g.decode_options(options)
    record = Record.play(g, players, seed=seed, options=opts, steps=BATCH_STEPS)
    session = _Session(Engine())
    session.send("hello", protocol=2, game=game_id)
    session.send("start", game=game_id, players=players, options=options)
    states = record.states()
    next(states)
    probed = False
    for step in record.steps:
        state = next(states)
        requests: list[dict[str, Any]] = [{"op": "apply", "action": g.encode_action(step)}]
        requests += [{"op": "to_move"}, {"op": "state"}]
        requests += [{"op": "view", "player": p} for p in range(players)]
        requests += [{"op": "scores"}, {"op": "winners"}, {"op": "is_over"}]
        movers = [p for p in g.to_move(state) if p != CHANCE]
        requests += [{"op": "legal_actions", "player": p} for p in movers]
        probe = None if probed or not movers else _illegal(game_id, state)
        if probe is not None:
            requests.append({"op": "apply", "action": g.encode_action(probe)})
            probed = True
        session.send("batch", requests=requests)
    session.send("quit")
    return session.exchanges


def _engine_chance(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> list[Exchange]:
    """A game whose engine draws chance; the kit chooses the players' actions with a
    generator of its own, and follows the outcomes the engine reports."""
    g = rulespec.game(game_id)
    session = _Session(Engine(chance="engine", fold=True))
    session.send("hello", protocol=2, game=game_id)
    session.send("start", game=game_id, players=players, options=options, seed=seed)
    state = g.new_game(players, g.decode_options(options))
    choose = random.Random(seed)
    session.send("to_move")
    first = True
    while not g.is_over(state):
        actor = g.to_move(state)[0]
        if actor == CHANCE:
            state = g.apply(state, g.decode_action(session.send("chance")["value"]))
            continue
        action = choose.choice(g.legal_actions(state, actor))
        answer = session.send("apply", action=g.encode_action(action))
        state = g.apply(state, action)
        for outcome in (answer["value"] or {}).get("chance", []):
            state = g.apply(state, g.decode_action(outcome))
        if first:
            first = False
            session.probe(game_id, state, g.to_move(state)[0])
    return session.close()


_FEATURES: dict[str, Callable[[str, int, dict[str, Any], int], list[Exchange]]] = {
    "batch": _batch,
    "engine-chance": _engine_chance,
}
"""How each feature's session plays, by the kind a game declares."""

_FEATURE_FLAGS: dict[str, tuple[str, ...]] = {"engine-chance": ("--chance", "engine", "--fold")}


def _feature(
    kind: str, game_id: str, setup: tuple[int, dict[str, Any], int]
) -> Callable[[], list[Exchange]]:
    play = _FEATURES[kind]
    return lambda: play(game_id, *setup)


FEATURES: dict[str, Callable[[], list[Exchange]]] = {
    f"{game_id}-{kind}": _feature(kind, game_id, setup)
    for kind in _FEATURES
    for game_id, setup in _declared(kind).items()
}
"""The sessions that show a feature of version 2, by name (``<game id>-<feature>``)."""

SESSIONS: tuple[str, ...] = (*GAMES, *FEATURES)
"""Every session's name (its file is ``<name>.txt``)."""

FLAGS: dict[str, tuple[str, ...]] = {
    f"{game_id}-{kind}": flags
    for kind, flags in _FEATURE_FLAGS.items()
    for game_id in _declared(kind)
}
"""The options of ``python -m rulespec.testing.serve`` that replay a session (none for
the others)."""


def example(name: str) -> list[Exchange]:
    """The example session ``name`` (a game id or a name of :data:`FEATURES`):
    (request, answer) pairs, in order.

    >>> session = example("canardage")
    >>> session[0][1]["value"]["capabilities"][-2:], session[-1]
    (['is_over', 'batch'], ({'id': 89, 'op': 'quit'}, {'id': 89, 'value': None}))
    """
    if name in FEATURES:
        return FEATURES[name]()
    return _whole_game(name)


def lines(session: Sequence[Exchange]) -> list[str]:
    """A session as the lines of its file (``> request`` and ``< answer``)."""
    out = []
    for request, answer in session:
        for mark, message in ((">", request), ("<", answer)):
            out.append(f"{mark} {json.dumps(message, ensure_ascii=False, separators=(',', ':'))}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Write ``<name>.txt`` of every session into the folder given (the documentation's)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m rulespec.testing.sessions FOLDER", file=sys.stderr)
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    for name in SESSIONS:
        path = folder / f"{name}.txt"
        text = "\n".join(lines(example(name))) + "\n"
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
