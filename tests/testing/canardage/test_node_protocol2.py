"""The JavaScript Canardage engine speaks version 2 of the engine protocol, raw.

Each test writes JSON lines to ``node examples/canardage-js/engine.js`` and reads
its answers as they come, without the kit: the version 2 greeting (and the
version 1 one, unchanged), ``batch``, the engine's own chance (``--own-chance``),
an engine without a move list (``--no-moves``), refused arguments, and the
mutants that each accept one kind of illegal play. Then ``rulespec conform``
through version 2 (``heavy``: under ``ci`` and ``deep``): the engine conforms
with its own chance and without a move list, and each of those mutants is caught,
without a move list, by the illegal play it accepts. Like the other tests of the
engine, they are skipped when ``node`` is missing, except under
``RULESPEC_PROFILE=ci``, where they fail.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import hypothesis
import pytest

import rulespec
from rulespec.canardage.rules import duck_deck
from rulespec.core.errors import IllegalAction
from rulespec.testing import check
from rulespec.testing.wire import WireAdapter
from tests.testing.canardage.node import ENGINE, Session

PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
CAN = rulespec.game("canardage")
QUERIES = ["legal_actions", "to_move", "state", "view", "scores", "winners", "is_over"]


class Raw(Session):
    """The engine spoken to one JSON line at a time; answers returned as read."""

    def send(self, op: str, **fields: Any) -> dict[str, Any]:
        """The whole answer to one request, its id checked and removed."""
        answer: dict[str, Any] = json.loads(self.line(op, **fields))
        assert answer.pop("id") == self.id
        assert len(answer) == 1, answer
        return answer

    def value(self, op: str, **fields: Any) -> Any:
        answer = self.send(op, **fields)
        assert "value" in answer, (op, fields, answer)
        return answer["value"]


@pytest.fixture
def engines() -> Iterator[list[Raw]]:
    """Every engine a test starts, killed at its end if still running."""
    started: list[Raw] = []
    yield started
    for engine in started:
        if engine.process.poll() is None:
            engine.process.kill()
            engine.process.wait()


def _greeted(
    engines: list[Raw], node: str, *args: str, protocol: int = 2, players: int = 3, **start: Any
) -> Raw:
    engine = Raw(node, *args)
    engines.append(engine)
    engine.value("hello", protocol=protocol, game="canardage")
    assert engine.value("start", game="canardage", players=players, options={}, **start) is None
    return engine


def _ducks(cards: Sequence[int | str]) -> list[int]:
    return [6 if c == "water" else int(c) for c in cards]


def _deal(line: Sequence[int | str], hands: Sequence[Sequence[str]]) -> dict[str, Any]:
    """A deal of len(hands) players laying ``line`` (front first) and dealing ``hands``
    (seat 0 first); the other cards in the catalogue's order."""
    players = len(hands)
    ducks = list(duck_deck(players))
    for duck in _ducks(line):
        ducks.remove(duck)
    laid: list[int | str] = list(reversed(line))  # the first card turned up goes back
    actions = [c.value for c in CAN.new_game(players).options.deck()]
    dealt = [card for hand in hands for card in hand]
    for card in dealt:
        actions.remove(card)
    rest: list[int | str] = ["water" if c == 6 else c for c in ducks]
    return {"type": "deal", "ducks": laid + rest, "actions": dealt + actions}


# -- the greeting -----------------------------------------------------------------------


def test_a_version_2_greeting_declares_batch_and_who_draws_chance(
    node: str, engines: list[Raw]
) -> None:
    plain = Raw(node)
    engines.append(plain)
    hello = plain.value("hello", protocol=2, game="canardage")
    assert hello == {
        "protocol": 2,
        "name": "canardage-js",
        "capabilities": [*QUERIES, "batch"],
        "chance": "kit",
    }
    own = Raw(node, "--own-chance")
    engines.append(own)
    assert own.value("hello", protocol=2, game="canardage")["chance"] == "engine"


def test_a_version_1_greeting_is_answered_as_before(node: str, engines: list[Raw]) -> None:
    engine = Raw(node, "--own-chance")
    engines.append(engine)
    assert "refused" in engine.send("hello", protocol=3, game="canardage")
    assert engine.value("hello", protocol=1, game="canardage") == {
        "protocol": 1,
        "name": "canardage-js",
        "capabilities": QUERIES,
    }
    # Version 1: the kit deals, and neither batch nor chance is served.
    assert engine.value("start", game="canardage", players=3, options={}) is None
    assert engine.send("chance") == {"unsupported": True}
    assert engine.send("batch", requests=[{"op": "to_move"}]) == {"unsupported": True}
    deal = _deal([0, "water", 1, 2, 1, 2], [["pan", "en-joue", "planque"]] * 3)
    assert engine.value("apply", action=deal) is None
    assert engine.value("to_move") == [0]


# -- batch ------------------------------------------------------------------------------


def test_a_batch_answers_its_requests_in_order_as_one_by_one(node: str, engines: list[Raw]) -> None:
    deal = _deal([0, "water", 1, 2, 1, 2], [["en-joue", "pan", "planque"]] * 3)
    state = CAN.apply(CAN.new_game(3), CAN.decode_action(deal))
    aim = {"type": "play", "player": 0, "card": "en-joue", "spaces": [2]}
    after = CAN.apply(state, CAN.decode_action(aim))
    requests: list[dict[str, Any]] = [
        {"op": "apply", "action": {"type": "discard", "player": 0, "card": "pan"}},
        {"op": "apply", "action": aim},
        {"op": "to_move"},
        {"op": "state"},
        {"op": "view", "player": 1},
        {"op": "legal_actions", "player": 1},
        {"op": "legal_actions", "player": 0},
        {"op": "apply", "action": {"type": "play", "player": 1, "card": "pan", "spaces": [0]}},
        {"op": "no-such-query"},
    ]
    batched = _greeted(engines, node)
    assert batched.value("apply", action=deal) is None
    answers = batched.value("batch", requests=requests)
    one_by_one = _greeted(engines, node)
    assert one_by_one.value("apply", action=deal) is None
    assert answers == [
        one_by_one.send(r["op"], **{k: v for k, v in r.items() if k != "op"}) for r in requests
    ]
    assert [next(iter(a)) for a in answers] == [
        *("refused", "value", "value", "value", "value", "value", "value", "refused"),
        "unsupported",
    ]
    assert answers[0]["refused"]["clause"] == "can.turn.discard"
    assert answers[2]["value"] == [1]
    assert answers[3]["value"] == CAN.encode_state(after)
    assert answers[4]["value"] == CAN.encode_view(CAN.view(after, 1))
    legal = sorted(json.dumps(CAN.encode_action(a)) for a in CAN.legal_actions(after, 1))
    assert sorted(json.dumps(a) for a in answers[5]["value"]) == legal
    assert answers[6]["value"] == []
    assert answers[7]["refused"]["clause"] == "can.action.pan"  # space 0 has no target
    assert batched.value("state") == CAN.encode_state(after)  # the refusals changed nothing
    assert batched.value("batch", requests=[]) == []


@pytest.mark.parametrize(
    ("requests", "said"),
    [
        ([{"op": "to_move"}, {"op": "hello", "protocol": 2, "game": "canardage"}], "hello"),
        ([{"op": "batch", "requests": []}], "batch"),
        ([{"id": 7, "op": "to_move"}], "no id"),
        (["to_move"], "an op"),
        ({"op": "to_move"}, "a list"),
    ],
)
def test_a_batch_it_cannot_read_ends_the_engine(
    node: str, engines: list[Raw], requests: Any, said: str
) -> None:
    engine = _greeted(engines, node)
    assert engine.process.stdin is not None
    engine.process.stdin.write(json.dumps({"id": 3, "op": "batch", "requests": requests}) + "\n")
    status, err = engine.end()
    assert status == 2 and said in err and len(err.splitlines()) == 1, err


# -- the engine's own chance ------------------------------------------------------------

SMALL_DECK = {"pan": 4, "en-joue": 4, "dispersion": 3, "en-avant-marche": 2}
"""Thirteen action cards for three players: the draw pile runs out every few turns, and
Dispersion comes often."""


def _own_chance_game(
    engines: list[Raw], node: str, seed: int, options: dict[str, Any], choices: int
) -> list[tuple[str, dict[str, Any]]]:
    """A game of 3 against an engine drawing chance with ``seed``, rulespec following;
    the players choose with ``random.Random(choices)``. Every outcome, with how it came
    (``"chance"`` request or folded into ``"apply"``), is checked to be a whole
    permutation of the right cards, accepted by rulespec, the states compared after
    each step."""
    engine = Raw(node, "--own-chance")
    engines.append(engine)
    assert engine.value("hello", protocol=2, game="canardage")["chance"] == "engine"
    assert engine.value("start", game="canardage", players=3, options=options, seed=seed) is None
    state = CAN.new_game(3, CAN.decode_options(options))
    rng = random.Random(choices)
    outcomes: list[tuple[str, dict[str, Any]]] = []

    def follow(outcome: dict[str, Any], how: str) -> None:
        nonlocal state
        kind = outcome["type"]
        if kind == "deal":
            assert sorted(_ducks(outcome["ducks"])) == list(duck_deck(3))
            assert sorted(outcome["actions"]) == sorted(c.value for c in state.options.deck())
        elif kind == "reshuffle":
            assert Counter(outcome["draw_pile"]) == Counter(c.value for c in state.played)
        else:
            assert kind == "disperse"
            assert Counter(_ducks(outcome["deck"])) == Counter(state.deck)
        state = CAN.apply(state, CAN.decode_action(outcome))  # IllegalAction fails the test
        outcomes.append((how, outcome))

    for _ in range(2000):
        if CAN.is_over(state):
            break
        if CAN.to_move(state) == (rulespec.CHANCE,):
            follow(engine.value("chance"), "chance")
        else:
            (player,) = CAN.to_move(state)
            action = rng.choice(list(CAN.legal_actions(state, player)))
            state = CAN.apply(state, action)
            drawn = engine.value("apply", action=CAN.encode_action(action))
            for outcome in (drawn or {"chance": []})["chance"]:
                assert drawn is not None and set(drawn) == {"chance"}
                follow(outcome, "apply")
        assert engine.value("state") == CAN.encode_state(state)
    assert CAN.is_over(state)
    assert engine.value("is_over") is True
    return outcomes


def test_own_chance_draws_whole_permutations_rulespec_accepts(
    node: str, engines: list[Raw]
) -> None:
    seen: Counter[tuple[str, str]] = Counter()
    for seed in (0, 1, 2**32 - 1):
        for how, outcome in _own_chance_game(
            engines, node, seed, {"action_deck": SMALL_DECK}, choices=seed
        ):
            seen[how, outcome["type"]] += 1
    # The deal and Dispersion's shuffle answer chance requests; a reshuffle is folded
    # into the step that needs it, except right after Dispersion's shuffle.
    assert seen["chance", "deal"] == 3
    assert seen["apply", "reshuffle"] > 10 and seen["chance", "disperse"] > 3, seen
    assert seen["chance", "reshuffle"] > 0, seen
    assert {how for how, kind in seen if kind in ("deal", "disperse")} == {"chance"}
    assert not seen["apply", "deal"] and not seen["apply", "disperse"]


def test_own_chance_repeats_with_its_seed_and_differs_with_another(
    node: str, engines: list[Raw]
) -> None:
    first = _own_chance_game(engines, node, 42, {}, choices=1)
    again = _own_chance_game(engines, node, 42, {}, choices=1)
    other = _own_chance_game(engines, node, 43, {}, choices=1)
    assert first == again
    assert first[0] != other[0]  # another deal
    assert first[0][1]["type"] == "deal"


@pytest.mark.parametrize("seed", [-1, 2**32, 1.5, "7", None])
def test_own_chance_needs_a_seed_it_can_use(node: str, engines: list[Raw], seed: Any) -> None:
    engine = Raw(node, "--own-chance")
    engines.append(engine)
    engine.value("hello", protocol=2, game="canardage")
    start: dict[str, Any] = {"game": "canardage", "players": 3, "options": {}}
    if seed is not None:
        start["seed"] = seed
    assert engine.process.stdin is not None
    engine.process.stdin.write(json.dumps({"id": 2, "op": "start", **start}) + "\n")
    status, err = engine.end()
    assert status == 2 and "seed" in err, err


def test_a_chance_request_with_no_chance_step_ends_the_engine(
    node: str, engines: list[Raw]
) -> None:
    engine = _greeted(engines, node, "--own-chance", seed=5)
    assert engine.value("chance")["type"] == "deal"
    assert engine.process.stdin is not None
    engine.process.stdin.write('{"id": 4, "op": "chance"}\n')
    status, err = engine.end()
    assert status == 2 and "no chance step" in err, err


# -- no move list -----------------------------------------------------------------------


@pytest.mark.parametrize("protocol", [1, 2])
def test_no_moves_declares_neither_legal_actions_nor_state(
    node: str, engines: list[Raw], protocol: int
) -> None:
    engine = _greeted(engines, node, "--no-moves", protocol=protocol)
    engine.send("quit")
    again = Raw(node, "--no-moves")
    engines.append(again)
    hello = again.value("hello", protocol=protocol, game="canardage")
    kept = ["to_move", "view", "scores", "winners", "is_over"]
    assert hello["capabilities"] == (kept if protocol == 1 else [*kept, "batch"])
    again.value("start", game="canardage", players=3, options={})
    deal = _deal([0, "water", 1, 2, 1, 2], [["en-joue", "pan", "planque"]] * 3)
    assert again.value("apply", action=deal) is None
    assert again.send("legal_actions", player=0) == {"unsupported": True}
    assert again.send("state") == {"unsupported": True}
    assert again.value("view", player=0)["hand"] == ["en-joue", "pan", "planque"]
    assert again.value("to_move") == [0]


def test_no_moves_narrows_the_capabilities_given(node: str, engines: list[Raw]) -> None:
    engine = Raw(node, "--capabilities", "legal_actions,state,scores", "--no-moves")
    engines.append(engine)
    assert engine.value("hello", protocol=2, game="canardage")["capabilities"] == [
        "scores",
        "batch",
    ]


# -- arguments --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--own-chanse"], '"--own-chanse"'),
        (["--no-moves", "yes"], '"yes"'),
        (["--mutant"], "--mutant needs a value"),
        (["--mutant", "no-such-mutant"], "unknown mutant"),
        (["--capabilities", "state", "--capabilities", "view"], "twice"),
        (["--capabilities", "state,batch"], "unknown capability batch"),
        (["-h"], '"-h"'),
    ],
)
def test_unknown_arguments_are_refused(node: str, args: list[str], said: str) -> None:
    done = subprocess.run(
        [node, str(ENGINE), *args], input="", capture_output=True, text=True, timeout=10
    )
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.startswith("engine.js: ") and said in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_the_flags_it_knows_are_accepted(node: str) -> None:
    done = subprocess.run(
        [node, str(ENGINE), "--own-chance", "--no-moves", "--mutant", "anticlockwise"],
        input='{"id": 1, "op": "quit"}\n',
        capture_output=True,
        text=True,
        timeout=10,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, '{"id":1,"value":null}\n', "")


# -- mutants that accept one kind of illegal play ---------------------------------------

LINE: list[int | str] = [0, "water", 1, 2, 1, 2]
"""Player 0's duck first, water on space 1: player 0 starts."""


def _play(player: int, card: str, *spaces: int) -> dict[str, Any]:
    return {"type": "play", "player": player, "card": card, "spaces": list(spaces)}


ILLEGAL: dict[str, tuple[str, list[list[str]], list[dict[str, Any]], dict[str, Any]]] = {
    "pan-anywhere": ("can.action.pan", [["pan", "en-joue", "planque"]] * 3, [], _play(0, "pan", 2)),
    "pan-at-bare-water": (
        "can.action.pan",
        [["pan", "en-joue", "planque"]] * 3,
        [],
        _play(0, "pan", 1),
    ),
    "elite-at-water": (
        "can.action.tireur-d-elite",
        [["tireur-d-elite", "en-joue", "pan"], ["pan"] * 3, ["pan"] * 3],
        [],
        _play(0, "tireur-d-elite", 1),
    ),
    "planque-on-water": (
        "can.action.planque",
        [["planque", "en-joue", "pan"]] * 3,
        [],
        _play(0, "planque", 1),
    ),
    "banzai-in-place": (
        "can.action.banzai",
        [["banzai", "en-joue", "pan"], ["pan"] * 3, ["pan"] * 3],
        [],
        _play(0, "banzai", 0),
    ),
    "cover-under-water": (
        "can.action.a-couvert",
        [["a-couvert", "en-joue", "pan"], ["pan", "a-couvert", "en-joue"], ["pan"] * 3],
        [],
        {"type": "play", "player": 0, "card": "a-couvert", "spaces": [0, 1]},
    ),
    "squint-at-water": (
        "can.action.tu-louches",
        [["en-joue"] * 3, ["tu-louches", "en-joue", "pan"], ["pan"] * 3],
        [_play(0, "en-joue", 2)],
        _play(1, "tu-louches", 2, 1),
    ),
    "two-birds-with-water": (
        "can.action.canardage",
        [["double-viseur", "en-joue", "pan"], ["canardage", "en-joue", "pan"], ["pan"] * 3],
        [_play(0, "double-viseur", 1, 2)],
        _play(1, "canardage", 1, 2),
    ),
}
"""For each mutant: the clause it breaks, the hands dealt (with LINE), the legal plays
that lead to the position, and the illegal play it accepts there."""


def _at(
    engines: list[Raw], node: str, mutant: str, run: str | None
) -> tuple[Raw, Any, dict[str, Any]]:
    """An engine (mutant ``run``, or the rules) and rulespec at ``mutant``'s position,
    and the illegal play it accepts there."""
    _, hands, plays, illegal = ILLEGAL[mutant]
    args = ("--mutant", run) if run else ()
    engine = _greeted(engines, node, *args)
    deal = _deal(LINE, hands)
    state = CAN.apply(CAN.new_game(3), CAN.decode_action(deal))
    assert engine.value("apply", action=deal) is None
    for play in plays:
        state = CAN.apply(state, CAN.decode_action(play))
        assert engine.value("apply", action=play) is None
    assert engine.value("state") == CAN.encode_state(state)
    return engine, state, illegal


def _mutants(node: str) -> dict[str, str]:
    listed = subprocess.run(
        [node, str(ENGINE), "--list-mutants"], capture_output=True, text=True, check=True
    )
    return dict(line.split("\t")[:2] for line in listed.stdout.splitlines())


@pytest.mark.parametrize(
    "mutant", [pytest.param(m, marks=pytest.mark.clause(c[0]), id=m) for m, c in ILLEGAL.items()]
)
def test_a_mutant_accepts_its_illegal_play_the_engine_refuses(
    node: str, engines: list[Raw], mutant: str
) -> None:
    breaks = ILLEGAL[mutant][0]
    assert _mutants(node)[mutant] == breaks
    engine, state, illegal = _at(engines, node, mutant, None)
    with pytest.raises(IllegalAction) as refused:
        CAN.apply(state, CAN.decode_action(illegal))
    assert refused.value.clause == breaks
    answer = engine.send("apply", action=illegal)
    assert answer["refused"]["clause"] == breaks, answer
    assert engine.value("state") == CAN.encode_state(state)
    player = illegal["player"]
    legal = {json.dumps(CAN.encode_action(a)) for a in CAN.legal_actions(state, player)}
    assert {json.dumps(a) for a in engine.value("legal_actions", player=player)} == legal

    broken, same, _ = _at(engines, node, mutant, mutant)
    offered = {json.dumps(a) for a in broken.value("legal_actions", player=player)}
    assert legal < offered and json.dumps(illegal) in offered
    for extra in offered - legal:  # every play it adds is of the one kind it breaks
        with pytest.raises(IllegalAction) as why:
            CAN.apply(same, CAN.decode_action(json.loads(extra)))
        assert why.value.clause == breaks, extra
    assert broken.value("apply", action=illegal) is None


def test_the_new_mutants_are_listed_with_their_clauses(node: str) -> None:
    listed = _mutants(node)
    assert {m: listed.get(m) for m in ILLEGAL} == {m: c[0] for m, c in ILLEGAL.items()}
    for clause, *_ in ILLEGAL.values():
        assert rulespec.clause(clause).status == "implemented"


# -- rulespec conform, version 2 (ci and deep) ------------------------------------------

GAMES = {"ci": 60, "deep": 300}.get(PROFILE, 4)
"""The games the correct engine plays through ``rulespec conform``."""
ACCEPT_ILLEGAL = {
    "pan-at-bare-water": "pan",
    "elite-at-water": "tireur-d-elite",
    "two-birds-with-water": "canardage",
    "squint-at-water": "tu-louches",
    "planque-on-water": "planque",
    "banzai-in-place": "banzai",
}
"""The mutants that each accept one kind of illegal play, and the card it plays."""


def _deep(mutant: str) -> list[pytest.MarkDecorator]:
    """The two slowest searches run under the deep profile only (the others under ci)."""
    return [pytest.mark.deep] if mutant in ("elite-at-water", "planque-on-water") else []


MUTANT_GAMES = 60
"""The games such a mutant may survive, as an engine without a move list."""


def _conform(tmp_path: Path, *args: str, engine: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """``rulespec conform canardage --json ARGS -- ENGINE`` in a process of its own: its
    status and verdict."""
    done = subprocess.run(
        [
            *(sys.executable, "-m", "rulespec", "conform", "canardage", "--json"),
            *("--record", str(tmp_path / "divergence.json"), *args, "--", *engine),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done
    return done.returncode, json.loads(lines[0])


@pytest.mark.heavy
@pytest.mark.parametrize("flag", ["--own-chance", "--no-moves"])
def test_rulespec_conform_passes_the_engine_in_version_2(
    node: str, tmp_path: Path, flag: str
) -> None:
    status, verdict = _conform(
        tmp_path, "--examples", str(GAMES), "--seed", "3", engine=[node, str(ENGINE), flag]
    )
    assert (status, verdict["verdict"]) == (0, "conforms"), verdict
    assert verdict["games"] >= GAMES and verdict["steps"] > 10 * GAMES
    no_moves = ["to_move", "view", "scores", "winners", "is_over"]
    assert verdict["compares"] == (QUERIES if flag == "--own-chance" else no_moves)
    assert not (tmp_path / "divergence.json").exists()


@pytest.mark.heavy
def test_the_kit_takes_the_engines_chance_and_probes_an_engine_without_moves(node: str) -> None:
    command = [node, str(ENGINE), "--own-chance", "--no-moves"]
    search = hypothesis.settings(max_examples=8, derandomize=True, database=None)
    with WireAdapter(command, "canardage") as engine:
        assert engine.chance == "engine"
        result = check(engine, "canardage", settings=search)
    assert result.chance == "engine"
    assert result.games >= 8
    # Illegal plays were offered, each refused with rulespec's clause.
    assert {"can.turn.order", "can.action.pan"} <= set(result.probed), result.probed


@pytest.mark.heavy
@pytest.mark.parametrize(
    "mutant",
    [
        pytest.param(m, marks=[pytest.mark.clause(ILLEGAL[m][0]), *_deep(m)], id=m)
        for m in ACCEPT_ILLEGAL
    ],
)
def test_a_mutant_without_moves_is_caught_by_the_play_it_accepts(
    node: str, tmp_path: Path, mutant: str
) -> None:
    status, verdict = _conform(
        tmp_path,
        *("--examples", str(MUTANT_GAMES), "--seed", "1", "--shrink-steps", "20000"),
        engine=[node, str(ENGINE), "--no-moves", "--mutant", mutant],
    )
    assert (status, verdict["verdict"]) == (1, "diverges"), verdict
    assert 1 <= verdict["found_after_games"] <= MUTANT_GAMES, verdict
    divergence = verdict["divergence"]
    assert divergence["clauses"][0] == ILLEGAL[mutant][0], divergence
    assert divergence["action"]["card"] == ACCEPT_ILLEGAL[mutant], divergence
    # The game saved is one the correct engine plays like rulespec.
    replay = subprocess.run(
        [
            *(sys.executable, "-m", "rulespec", "conform", "canardage"),
            *("--replay", divergence["record"], "--", node, str(ENGINE), "--no-moves"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert replay.returncode == 0, replay.stdout
