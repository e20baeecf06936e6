"""An engine in another language conforms: ``rulespec conform canardage -- node
examples/canardage-js/engine.js`` passes, and catches the engine's mutants with the
clause each one breaks named first.

The engine's protocol manners are checked directly: the session of the protocol page,
refusals of illegal and unreadable actions (some generated),
``[]`` for a player not to move, undeclared queries, requests it cannot read.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.canardage import Card
from rulespec.cli.main import main
from rulespec.core.errors import IllegalAction, RecordError
from tests.cli.helpers import Run, run
from tests.testing.canardage.node import ENGINE, NODE, PROFILE, Session, node_program

GAMES = {"ci": 60, "deep": 300}.get(PROFILE, 4)
"""The games the correct engine plays through ``rulespec conform``."""
MUTANT_GAMES = 100
"""The games a mutant may survive before the test calls it missed."""
BLACK_BOX = "legal_actions,to_move,scores,winners,is_over"
"""The engine's queries without ``state`` and ``view``: what any player can observe."""
CAUGHT = {
    "pan-anywhere": "a card's effect",
    "double-apart": "a card's effect",
    "cover-under-water": "a card's effect",
    "squint-wrong-target": "a card's effect",
    "dispersion-clears-targets": "a card's effect",
    "march-on-top": "the line going under the duck deck",
    "refill-in-place": "the line closing up",
    "anticlockwise": "the turn order",
    "first-from-back": "the first player",
    "last-one-plays-on": "the end of the game",
    "planque-leaks": "a protection",
    "reshuffle-early": "the reshuffle",
}
"""Mutants ``rulespec conform`` catches within a few games, naming their clause first."""
QUICK = ("anticlockwise",)
"""The mutants checked under the default profile (all the others under ci and deep)."""
SHRINK_STEPS = "500" if PROFILE == "dev" else "20000"
FULLY_SHRUNK = {"squint-wrong-target", "refill-in-place", "cover-under-water", "march-on-top"}
"""Mutants whose divergent game shrinks to its end in 4 to 21 s on an idle machine: under
``ci`` and ``deep`` they may shrink for two minutes, so that the game reported, and the
clause named first, never depend on how fast the machine is. (Cut at 10 s on a loaded
machine, ``cover-under-water``'s game stopped at step 32, where an earlier En avant marche
explains the extra action as well.) The others shrink for 10 s, or 0.5 s under ``dev``."""


def mutants(node: str) -> dict[str, str]:
    """The engine's mutants and the clause each breaks."""
    out = subprocess.run(
        [node, str(ENGINE), "--list-mutants"], capture_output=True, text=True, check=True
    )
    return dict(line.split("\t")[:2] for line in out.stdout.splitlines())


MUTANTS = mutants(NODE) if NODE else {}
CAN = rulespec.game("canardage")


def in_process(*args: str) -> Run:
    """``rulespec ARGS`` run by this process (the engine still runs apart; ``conform``
    itself runs in a process of its own once): its status and what it wrote."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return Run(status, out.getvalue(), err.getvalue())


def conform(
    tmp_path: Path, *args: str, engine: list[str], apart: bool = False
) -> tuple[int, dict[str, Any]]:
    """``rulespec conform canardage --json ARGS -- ENGINE``: its status and verdict,
    in a new process if ``apart``, else called in this one."""
    record = tmp_path / "divergence.json"
    command = ("conform", "canardage", "--json", "--record", str(record), *args, "--", *engine)
    done = run(*command, timeout=600) if apart else in_process(*command)
    lines = done.out.strip().splitlines()
    assert len(lines) == 1, done
    return done.status, json.loads(lines[0])


@pytest.mark.parametrize(
    ("capabilities", "games"), [(None, GAMES), (BLACK_BOX, max(2, GAMES // 4))], ids=["full", "bb"]
)
def test_rulespec_conform_passes_the_engine(
    node: str, tmp_path: Path, capabilities: str | None, games: int
) -> None:
    engine = [node, str(ENGINE)] + (
        [] if capabilities is None else ["--capabilities", capabilities]
    )
    status, verdict = conform(
        tmp_path, "--examples", str(games), "--seed", "3", engine=engine, apart=capabilities is None
    )
    assert (status, verdict["verdict"]) == (0, "conforms"), verdict
    assert verdict["engine"] == "canardage-js"
    assert verdict["games"] >= games and verdict["steps"] > 10 * games
    expected = "legal_actions,to_move,state,view,scores,winners,is_over"
    assert verdict["compares"] == (capabilities or expected).split(",")
    assert not (tmp_path / "divergence.json").exists()


@pytest.mark.parametrize(
    "mutant",
    [pytest.param(m, marks=pytest.mark.clause(MUTANTS[m]), id=m) for m in CAUGHT if m in MUTANTS]
    or ["(node missing)"],
)
def test_rulespec_conform_names_the_clause_a_mutant_breaks(
    node: str, tmp_path: Path, mutant: str
) -> None:
    if PROFILE == "dev" and mutant not in QUICK:
        pytest.skip(f"{mutant}: runs under RULESPEC_PROFILE=ci and deep")
    engine = [node, str(ENGINE), "--mutant", mutant]
    shrink = "100000" if PROFILE != "dev" and mutant in FULLY_SHRUNK else SHRINK_STEPS
    status, verdict = conform(
        tmp_path,
        "--examples", str(MUTANT_GAMES), "--seed", "1", "--shrink-steps", shrink,
        "--max-breaks", "1", engine=engine,
    )  # fmt: skip
    assert (status, verdict["verdict"]) == (1, "diverges"), verdict
    assert 1 <= verdict["found_after_games"] <= 5, verdict
    divergence = verdict["divergence"]
    # The game it saved is one the correct engine plays like rulespec.
    replay = in_process(
        "conform", "canardage", "--replay", divergence["record"], "--", node, str(ENGINE)
    )
    assert replay.status == 0, replay.out
    assert "CONFORMS: the saved game agrees" in replay.out
    first = divergence["clauses"][0] if divergence["clauses"] else None
    assert first == MUTANTS[mutant], divergence


def test_there_are_mutants_of_many_clauses(node: str) -> None:
    assert len(MUTANTS) >= 8
    assert len(set(MUTANTS.values())) >= 8
    for clause in MUTANTS.values():
        assert rulespec.clause(clause).status == "implemented"
    assert len(CAUGHT) >= 8 and set(CAUGHT) <= set(MUTANTS)


def _deal(players: int, seed: int) -> Any:
    return CAN.sample_chance(CAN.new_game(players), random.Random(seed))


def test_the_engine_refuses_what_it_cannot_play(node: str) -> None:
    engine = Session(node)
    assert engine.ask("hello", protocol=1, game="duo")[0] == "refused"
    assert engine.ask("hello", protocol=3, game="canardage")[0] == "refused"
    kind, hello = engine.ask("hello", protocol=1, game="canardage")
    assert kind == "value" and hello["protocol"] == 1 and "state" in hello["capabilities"]
    assert engine.ask("start", game="canardage", players=3, options={}) == ("value", None)
    state = CAN.start(3, seed=5)
    assert engine.ask("apply", action=CAN.encode_action(_deal(3, seed=5))) == ("value", None)
    assert engine.ask("state") == ("value", CAN.encode_state(state))
    p = state.turn
    hand = [card.value for card in state.hands[p]]
    missing = next(c.value for c in Card if c not in state.hands[p])
    for q in range(3):
        kind, legal = engine.ask("legal_actions", player=q)
        assert kind == "value" and (legal == []) == (q != p)
    refusals: list[tuple[Any, str | None]] = [
        ({"type": "discard", "player": (p + 1) % 3, "card": hand[0]}, "can.turn.order"),
        ({"type": "discard", "player": p, "card": hand[0]}, "can.turn.discard"),
        ({"type": "play", "player": p, "card": missing, "spaces": [0]}, "can.turn.play-one"),
        (CAN.encode_action(_deal(3, seed=6)), "can.chance.shuffles"),
        # Not even actions of the game: refused all the same, without a clause.
        ({"type": "discard", "player": 9, "card": hand[0]}, "can.turn.order"),
        ({"type": "play", "player": p, "card": "joker", "spaces": [0]}, None),
        ({"type": "play", "player": p, "card": hand[0], "spaces": ["x"]}, None),
        ({"type": "play", "player": p, "card": hand[0], "spaces": [0], "aim": 1}, None),
        ({"type": "play", "player": p, "card": "canarchie", "spaces": [], "line": [[]]}, None),
        ({"type": "play", "player": "0", "card": hand[0], "spaces": [0]}, None),
        ({"type": "discard", "player": p}, None),
        ({"type": "pass", "player": p}, None),
        ({"type": "reshuffle", "draw_pile": [7]}, None),
        ([p, hand[0]], None),
        (None, None),
    ]
    for action, clause in refusals:
        kind, (reason, named) = engine.ask("apply", action=action)
        assert (kind, named) == ("refused", clause), (action, reason)
    assert engine.ask("state") == ("value", CAN.encode_state(state))
    assert engine.ask("quit") == ("value", None)
    assert engine.end() == (0, "")


def test_the_engine_declares_what_it_answers(node: str) -> None:
    engine = Session(node, "--capabilities", "is_over,winners")
    _, hello = engine.ask("hello", protocol=1, game="canardage")
    assert set(hello) == {"protocol", "name", "capabilities"}
    assert sorted(hello["capabilities"]) == ["is_over", "winners"]
    engine.ask("start", game="canardage", players=4, options={})
    assert engine.ask("state") == ("unsupported", None)
    assert engine.ask("legal_actions", player=0) == ("unsupported", None)
    assert engine.ask("is_over") == ("value", False)
    assert engine.ask("winners") == ("value", [])
    assert engine.ask("quit") == ("value", None)
    assert engine.end()[0] == 0


HELLO = '{"id": 1, "op": "hello", "protocol": 1, "game": "canardage"}'
START = '{"id": 2, "op": "start", "game": "canardage", "players": 3, "options": {}}'


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ([HELLO, START, '{"id": 3, "op": "view", "player": 7}'], "no seat 7"),
        ([HELLO, START, '{"id": 3, "op": "legal_actions"}'], "no seat undefined"),
        ([HELLO, '{"id": 2, "op": "scores"}'], "no game"),
        ([HELLO, START.replace('"players": 3', '"players": 2')], "3 to 6 players"),
        ([HELLO, "not json"], "not JSON"),
    ],
)
def test_a_request_it_cannot_read_ends_the_engine(node: str, lines: list[str], said: str) -> None:
    done = subprocess.run(
        [node, str(ENGINE)],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert done.returncode == 2, done
    assert said in done.stderr and "bad request" in done.stderr, done.stderr
    assert len(done.stdout.splitlines()) == len(lines) - 1  # no answer to the bad request


SESSION = ENGINE.parents[2] / "docs" / "reference" / "sessions" / "canardage.txt"


def _same_answer(request: dict[str, Any], got: dict[str, Any], expected: dict[str, Any]) -> bool:
    """As the protocol page says to compare: legal actions in any order, a refusal's
    clause but not its reason, the greeting but not the engine's name."""
    op = request["op"]
    if op == "hello":
        got["value"]["name"] = expected["value"]["name"]
    if op == "legal_actions" and "value" in got and "value" in expected:
        return sorted(map(json.dumps, got["value"])) == sorted(map(json.dumps, expected["value"]))
    if "refused" in got and "refused" in expected:
        return bool(got["refused"].get("clause") == expected["refused"].get("clause"))
    return got == expected


def test_the_engine_answers_the_session_of_the_protocol_page(node: str) -> None:
    lines = SESSION.read_text(encoding="utf-8").splitlines()
    requests = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    answers = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    done = subprocess.run(
        [node, str(ENGINE)],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    got = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(got) == len(answers) > 50
    for request, mine, theirs in zip(requests, got, answers, strict=True):
        assert _same_answer(request, mine, theirs), (request, mine, theirs)


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 9),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["water", "pan", "canarchie", "a-couvert", "joker", ""]),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=8,
)
FIELDS = ("type", "player", "card", "spaces", "line", "ducks", "actions", "draw_pile", "deck")


@st.composite
def _near_actions(draw: st.DrawFn) -> Any:
    """JSON that looks like an action: the type of one, any value in any field."""
    action: dict[str, Any] = {
        "type": draw(st.sampled_from(["play", "discard", "deal", "reshuffle", "disperse", "go"]))
    }
    for key in draw(st.lists(st.sampled_from(FIELDS[1:]), unique=True, max_size=4)):
        action[key] = draw(JSON)
    return action


@pytest.fixture(scope="module")
def greeted() -> Iterator[Session]:
    """One engine for every example, greeted (its answers read as the kit reads them)."""
    engine = Session(node_program())
    engine.ask("hello", protocol=1, game="canardage")
    yield engine
    engine.process.kill()
    engine.process.wait()


@settings(deadline=None)
@given(action=st.one_of(_near_actions(), JSON))
def test_an_action_it_cannot_read_is_refused_never_a_crash(greeted: Session, action: Any) -> None:
    engine = greeted
    assert engine.ask("start", game="canardage", players=3, options={}) == ("value", None)
    assert engine.ask("apply", action=CAN.encode_action(_deal(3, seed=5))) == ("value", None)
    try:
        CAN.apply(CAN.start(3, seed=5), CAN.decode_action(action))
    except (IllegalAction, RecordError):
        kind, _ = engine.ask("apply", action=action)
        assert kind == "refused", action
    else:
        assume(False)  # a legal action: hardly ever drawn
