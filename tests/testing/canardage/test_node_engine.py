"""An engine in another language conforms: the JavaScript Canardage engine of
``examples/canardage-js`` plays random games side by side with rulespec through the
engine protocol (one JSON object per line), and each of its mutants diverges.

The driver is deliberately small: it compares the legal actions, the player to move,
the state, each view, the scores, the winners and the end after every step, and offers the
engine some actions rulespec refuses.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.canardage import Card, Discard, Options, Play, State
from rulespec.canardage.policy import random_card_policy
from rulespec.canardage.rules import legal_actions
from rulespec.core.errors import IllegalAction
from rulespec.testing.canardage import RARE_DECK

ENGINE = Path(__file__).resolve().parents[3] / "examples" / "canardage-js" / "engine.js"
NODE = shutil.which("node")
PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
GAMES = {"ci": 60, "deep": 300}.get(PROFILE, 8)
MUTANT_GAMES = {"ci": 200, "deep": 1000}.get(PROFILE, 120)
"""The games a mutant may survive before the test calls it missed."""
RARE = {
    "nobody-shares": "the last ducks of two players fall to one Canardage about once in 100 games"
}
"""Mutants that random games reach too rarely for the default profile."""
OPTIONS = (Options(), RARE_DECK)
CAN = rulespec.game("canardage")
ENCODE_VIEW: Callable[[Any], Any] | None = getattr(CAN, "encode_view", None)
"""Views are compared once rulespec encodes them."""


def _node() -> str:
    if NODE is None:
        if PROFILE == "ci":
            pytest.fail("node is needed to check the JavaScript engine under RULESPEC_PROFILE=ci")
        pytest.skip("node is not installed: the JavaScript engine is not checked")
    return NODE


class Divergence(AssertionError):
    """The engine and rulespec disagree."""


class Engine:
    """A running engine, spoken to through the protocol."""

    def __init__(self, node: str, mutant: str | None = None) -> None:
        args = [node, str(ENGINE)] + (["--mutant", mutant] if mutant else [])
        self.process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )
        self.id = 0

    def ask(self, op: str, **fields: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.id += 1
        self.process.stdin.write(json.dumps({"id": self.id, "op": op, **fields}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise Divergence(f"{op}: the engine exited")
        reply: dict[str, Any] = json.loads(line)
        if reply.get("id") != self.id or len(reply) != 2:
            raise Divergence(f"{op}: malformed answer {line.strip()}")
        return reply

    def value(self, op: str, **fields: Any) -> Any:
        reply = self.ask(op, **fields)
        if "value" not in reply:
            raise Divergence(f"{op}: no value in {reply}")
        return reply["value"]

    def close(self) -> None:
        self.ask("quit")
        self.process.wait(timeout=5)


def _canonical(actions: Any) -> list[str]:
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def _compare(engine: Engine, state: State, where: str) -> None:
    def same(op: str, expected: Any, **fields: Any) -> None:
        got = engine.value(op, **fields)
        if got != expected:
            raise Divergence(f"{where}: {op} {fields or ''}: engine {got}, rulespec {expected}")

    same("to_move", list(CAN.to_move(state)))
    same("state", CAN.encode_state(state))
    same("scores", list(CAN.scores(state)))
    same("winners", list(CAN.winners(state)))
    same("is_over", CAN.is_over(state))
    for p in range(state.players):
        if ENCODE_VIEW is not None:
            same("view", ENCODE_VIEW(CAN.view(state, p)), player=p)
        expected = _canonical(CAN.encode_action(a) for a in CAN.legal_actions(state, p))
        got = _canonical(engine.value("legal_actions", player=p))
        if got != expected:
            missing, extra = set(expected) - set(got), set(got) - set(expected)
            raise Divergence(f"{where}: legal actions of {p}: missing {missing}, extra {extra}")


def _illegal(state: State, rng: random.Random) -> Any:
    """An action rulespec refuses now, or None: out of turn, a discard while a card is
    playable, a card from the hand on random spaces."""
    p = state.turn
    hand = state.hands[p]
    card = rng.choice(hand)
    candidates: list[Any] = [
        Discard(p, card),
        Discard((p + 1) % state.players, card),
        Play(p, card, tuple(rng.randrange(-1, 7) for _ in range(rng.randrange(3)))),
        Play(p, rng.choice(list(Card)), (rng.randrange(6),)),
    ]
    action = rng.choice(candidates)
    try:
        CAN.apply(state, action)
    except IllegalAction:
        return action
    return None


MOVERS = frozenset(
    {Card.EN_AVANT_MARCHE, Card.PALME_ARRIERE, Card.PALME_AVANT, Card.BANZAI, Card.A_COUVERT}
)


def _choose(state: State, player: int, rng: random.Random, movers: bool) -> Any:
    """A card uniformly, then a use of it; in a game of ``movers``, mostly a card that
    moves ducks, so that pairs form and reach the front of the line."""
    legal = legal_actions(state, player)
    preferred = [c for c in legal.cards() if c in MOVERS]
    if movers and preferred and rng.random() < 0.7:
        return rng.choice(legal.uses(rng.choice(preferred)))
    return random_card_policy(CAN, state, player, rng)


def play_game(engine: Engine, seed: int) -> int:
    """Play one random game on both sides; return its steps or raise :class:`Divergence`."""
    rng = random.Random(seed)
    players = rng.randint(3, 6)
    options = rng.choice(OPTIONS)
    movers = rng.random() < 0.5
    engine.value("start", game="canardage", players=players, options=CAN.encode_options(options))
    state = CAN.new_game(players, options)
    steps = 0
    while True:
        where = f"seed {seed}, {players} players, step {steps}"
        _compare(engine, state, where)
        if CAN.is_over(state):
            return steps
        (actor,) = CAN.to_move(state)
        if actor == rulespec.CHANCE:
            action = CAN.sample_chance(state, rng)
        else:
            probe = _illegal(state, rng) if rng.random() < 0.3 else None
            if probe is not None and "refused" not in engine.ask(
                "apply", action=CAN.encode_action(probe)
            ):
                raise Divergence(f"{where}: accepted {CAN.encode_action(probe)}, an illegal action")
            action = _choose(state, actor, rng, movers)
        reply = engine.ask("apply", action=CAN.encode_action(action))
        if "refused" in reply:
            raise Divergence(f"{where}: refused {CAN.encode_action(action)}: {reply['refused']}")
        state = CAN.apply(state, action)
        steps += 1


def mutants(node: str) -> dict[str, str]:
    """The engine's mutants and the clause each breaks."""
    out = subprocess.run(
        [node, str(ENGINE), "--list-mutants"], capture_output=True, text=True, check=True
    )
    return dict(line.split("\t")[:2] for line in out.stdout.splitlines())


MUTANTS = mutants(NODE) if NODE else {}


@pytest.fixture
def node() -> str:
    return _node()


def test_the_javascript_engine_agrees_with_rulespec(node: str) -> None:
    engine = Engine(node)
    hello = engine.value("hello", protocol=1, game="canardage")
    assert hello["protocol"] == 1 and "state" in hello["capabilities"]
    steps = [play_game(engine, seed) for seed in range(GAMES)]
    engine.close()
    assert engine.process.returncode == 0
    assert min(steps) > 10


def test_the_engine_refuses_with_a_clause(node: str) -> None:
    engine = Engine(node)
    assert "refused" in engine.ask("hello", protocol=1, game="duo")
    engine.value("start", game="canardage", players=3, options={})
    state = CAN.start(3, seed=5)
    engine.value("apply", action=CAN.encode_action(_deal(3, seed=5)))
    assert engine.value("state") == CAN.encode_state(state)
    p = state.turn
    missing = next(c for c in Card if c not in state.hands[p])
    for action, clause in [
        (Discard((p + 1) % 3, state.hands[p][0]), "can.turn.order"),
        (Discard(p, state.hands[p][0]), "can.turn.discard"),
        (Play(p, missing, (0,)), "can.turn.play-one"),
        (_deal(3, seed=6), "can.chance.shuffles"),
    ]:
        refusal = engine.ask("apply", action=CAN.encode_action(action))["refused"]
        assert refusal["clause"] == clause, refusal
    assert engine.value("state") == CAN.encode_state(state)
    engine.close()


def _deal(players: int, seed: int) -> Any:
    state = CAN.new_game(players)
    return CAN.sample_chance(state, random.Random(seed))


@pytest.mark.parametrize(
    "mutant",
    [pytest.param(m, marks=pytest.mark.clause(c), id=m) for m, c in MUTANTS.items()]
    or ["(node missing)"],
)
def test_each_mutant_diverges_where_the_engine_agrees(node: str, mutant: str) -> None:
    if mutant in RARE and PROFILE == "dev":
        pytest.skip(f"{mutant}: {RARE[mutant]} (runs under ci and deep)")
    engine = Engine(node, mutant)
    engine.value("hello", protocol=1, game="canardage")
    for seed in range(MUTANT_GAMES):
        try:
            play_game(engine, seed)
        except Divergence:
            break
    else:
        pytest.fail(f"the mutant {mutant} survived {MUTANT_GAMES} games")
    engine.process.kill()
    engine.process.wait()
    correct = Engine(node)
    play_game(correct, seed)
    correct.close()


def test_there_are_mutants_of_many_clauses(node: str) -> None:
    assert len(MUTANTS) >= 8
    assert len(set(MUTANTS.values())) >= 8
    for clause in MUTANTS.values():
        assert rulespec.clause(clause).status == "implemented"
