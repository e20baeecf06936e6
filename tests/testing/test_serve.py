"""The reference engine's answers in version 2 of the protocol, its version-1 answers, its
options, and how it ends on a request it cannot read."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.jsonio import MAX_BYTES
from rulespec.testing.adapter import OPTIONAL
from rulespec.testing.serve import BadRequest, Engine, main, serve

CAN = rulespec.game("canardage")
DUO = rulespec.game("duo")


class Kit:
    """Requests with growing ids, answers without theirs."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.next_id = 0

    def __call__(self, op: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        answer = self.engine.answer({"id": self.next_id, "op": op, **fields})
        assert answer.pop("id") == self.next_id
        return answer


def _greeted(game: str = "canardage", protocol: int = 2, **features: Any) -> Kit:
    kit = Kit(Engine(**features))
    assert "value" in kit("hello", protocol=protocol, game=game)
    return kit


# -- greeting ------------------------------------------------------------------------------


def test_a_version_2_greeting_gets_every_query_and_batch() -> None:
    answer = Kit(Engine())("hello", protocol=2, game="duo")
    assert answer == {
        "value": {
            "protocol": 2,
            "name": "rulespec",
            "capabilities": [*OPTIONAL, "batch"],
            "chance": "kit",
        }
    }


def test_a_version_1_greeting_gets_the_version_1_answer() -> None:
    answer = Kit(Engine(chance="engine", state_parts=["phase"]))("hello", protocol=1, game="duo")
    assert answer == {"value": {"protocol": 1, "name": "rulespec", "capabilities": list(OPTIONAL)}}


def test_a_version_1_engine_refuses_version_2_and_answers_version_1() -> None:
    kit = Kit(Engine(protocol=1))
    assert kit("hello", protocol=2, game="duo") == {
        "refused": {"reason": "this engine speaks version 1"}
    }
    assert kit("hello", protocol=1, game="duo")["value"]["protocol"] == 1


def test_a_version_1_engine_that_ignores_the_version_answers_version_2_with_1() -> None:
    kit = Kit(Engine(protocol=1, ignore_version=True, batch=True))
    answer = kit("hello", protocol=2, game="duo")
    assert answer == {"value": {"protocol": 1, "name": "rulespec", "capabilities": list(OPTIONAL)}}
    kit("start", game="duo", players=2, options={})
    assert kit("batch", requests=[{"op": "to_move"}]) == {"unsupported": True}


@pytest.mark.parametrize("version", [0, 3, True, "2", None])
def test_other_versions_are_refused(version: Any) -> None:
    answer = Kit(Engine())("hello", protocol=version, game="duo")
    assert answer == {"refused": {"reason": "this engine speaks versions 1 and 2"}}


def test_capabilities_and_no_batch_shape_the_greeting() -> None:
    engine = Engine(["duo"], ["scores", "winners"], batch=False)
    value = Kit(engine)("hello", protocol=2, game="duo")["value"]
    assert value["capabilities"] == ["scores", "winners"]


# -- batch ---------------------------------------------------------------------------------


def test_a_batch_answers_each_request_in_order_on_the_state_the_earlier_left() -> None:
    kit = _greeted()
    assert kit("start", game="canardage", players=3, options={}) == {"value": None}
    deal = CAN.sample_chance(CAN.new_game(3), random.Random(5))
    after = CAN.apply(CAN.new_game(3), deal)
    (mover,) = CAN.to_move(after)
    legal = CAN.legal_actions(after, mover)[0]
    answer = kit(
        "batch",
        requests=[
            {"op": "to_move"},
            {"op": "apply", "action": CAN.encode_action(deal)},
            {"op": "to_move"},
            {"op": "apply", "action": CAN.encode_action(deal)},  # no deal now
            {"op": "legal_actions", "player": (mover + 1) % 3},
            {"op": "apply", "action": CAN.encode_action(legal)},
            {"op": "state"},
            {"op": "telepathy"},
        ],
    )
    values = answer["value"]
    assert values[0] == {"value": [CHANCE]}
    assert values[1] == values[5] == {"value": None}
    assert values[2] == {"value": [mover]}
    assert values[3]["refused"]["clause"]
    assert values[4] == {"value": []}
    assert values[6] == {"value": CAN.encode_state(CAN.apply(after, legal))}
    assert values[7] == {"unsupported": True}


@pytest.mark.parametrize(
    ("requests", "said"),
    [
        ({"op": "to_move"}, "requests: expected a list"),
        ([{"op": "to_move"}, "is_over"], "requests[1]: expected an object"),
        ([{"op": "to_move", "id": 9}], "requests[0]: a request in a batch has no id"),
        ([{"op": "quit"}], "requests[0]: quit cannot be batched"),
        ([{"op": "batch", "requests": []}], "requests[0]: batch cannot be batched"),
        ([{"op": "view", "player": 7}], "requests[0]: player: expected a seat"),
    ],
)
def test_a_batch_it_cannot_read_is_a_bad_request(requests: Any, said: str) -> None:
    kit = _greeted()
    kit("start", game="canardage", players=3, options={})
    with pytest.raises(BadRequest, match=said.replace("[", r"\[").replace("]", r"\]")):
        kit("batch", requests=requests)


def test_batch_is_unsupported_when_not_declared_or_in_version_1() -> None:
    for kit in (_greeted(batch=False), _greeted(protocol=1)):
        kit("start", game="canardage", players=3, options={})
        assert kit("batch", requests=[{"op": "to_move"}]) == {"unsupported": True}


# -- chance drawn by the engine ------------------------------------------------------------


def _outcomes(seed: int, fold: bool, steps: int = 60) -> tuple[list[Any], list[int]]:
    """A game of Canardage where the engine draws chance: every outcome it reports (each
    checked by rulespec where it comes), and the indexes of the applies that reported
    some. The players' choices are fixed (the first legal action), so only the seed
    varies."""
    kit = _greeted(chance="engine", fold=fold)
    assert kit("start", game="canardage", players=3, options={}, seed=seed) == {"value": None}
    state, outcomes, folded = CAN.new_game(3), [], []
    for index in range(steps):
        if CAN.is_over(state):
            break
        actor = CAN.to_move(state)[0]
        if actor == CHANCE:
            outcome = kit("chance")["value"]
            state = CAN.apply(state, CAN.decode_action(outcome))  # rulespec accepts it
            outcomes.append(outcome)
            continue
        action = CAN.legal_actions(state, actor)[0]
        answer = kit("apply", action=CAN.encode_action(action))
        state = CAN.apply(state, action)
        drawn = (answer["value"] or {}).get("chance", [])
        folded += [index] * bool(drawn)
        for outcome in drawn:
            assert CAN.to_move(state) == (CHANCE,)
            state = CAN.apply(state, CAN.decode_action(outcome))
            outcomes.append(outcome)
        assert kit("to_move") == {"value": list(CAN.to_move(state))}
    return outcomes, folded


def test_engine_chance_without_fold_answers_chance_requests_only() -> None:
    outcomes, folded = _outcomes(11, fold=False)
    assert folded == []
    assert [o["type"] for o in outcomes][:1] == ["deal"] and len(outcomes) >= 2


def test_engine_chance_with_fold_reports_the_outcomes_with_the_step() -> None:
    plain, _ = _outcomes(11, fold=False)
    outcomes, folded = _outcomes(11, fold=True)
    assert folded and outcomes == plain  # the same draws, reported another way


def test_the_same_seed_draws_the_same_outcomes_and_another_seed_others() -> None:
    assert _outcomes(3, fold=True) == _outcomes(3, fold=True)
    assert _outcomes(3, fold=True)[0][0] != _outcomes(4, fold=True)[0][0]


def test_the_deal_at_start_comes_with_starts_answer() -> None:
    kit = _greeted(chance="engine", deal_at_start=True)
    answer = kit("start", game="canardage", players=3, options={}, seed=3)
    (deal,) = answer["value"]["chance"]
    plain = _greeted(chance="engine")
    plain("start", game="canardage", players=3, options={}, seed=3)
    assert plain("chance") == {"value": deal}
    assert kit("to_move") == {
        "value": list(CAN.to_move(CAN.apply(CAN.new_game(3), CAN.decode_action(deal))))
    }


def test_an_engine_that_draws_chance_refuses_the_kits_outcomes() -> None:
    kit = _greeted(chance="engine")
    kit("start", game="canardage", players=3, options={}, seed=0)
    deal = CAN.sample_chance(CAN.new_game(3), random.Random(0))
    answer = kit("apply", action=CAN.encode_action(deal))
    assert "refused" in answer and "chance" in answer["refused"]["reason"]
    kit("chance")
    with pytest.raises(BadRequest, match="chance: the game awaits no chance step"):
        kit("chance")


@pytest.mark.parametrize("seed", [None, -1, 2**32, 1.5, "7"])
def test_an_engine_that_draws_chance_needs_a_seed(seed: Any) -> None:
    kit = _greeted(chance="engine")
    with pytest.raises(BadRequest, match="seed: expected a whole number 0 to 4294967295"):
        kit(
            "start",
            game="canardage",
            players=3,
            options={},
            **({} if seed is None else {"seed": seed}),
        )


def test_chance_is_unsupported_when_the_kit_draws_it() -> None:
    kit = _greeted()
    kit("start", game="canardage", players=3, options={})
    assert kit("chance") == {"unsupported": True}
    version_1 = _greeted(protocol=1, chance="engine")  # version 1: the kit's deal is played
    version_1("start", game="canardage", players=3, options={})
    deal = CAN.sample_chance(CAN.new_game(3), random.Random(0))
    assert version_1("apply", action=CAN.encode_action(deal)) == {"value": None}


# -- parts, unsupported setups, inexpressible actions ---------------------------------------


def test_parts_keep_only_the_declared_keys() -> None:
    kit = Kit(Engine(["duo"], state_parts=["hands", "piles"], view_parts=["hand"]))
    value = kit("hello", protocol=2, game="duo")["value"]
    assert value["state_parts"] == ["hands", "piles"] and value["view_parts"] == ["hand"]
    kit("start", game="duo", players=2, options={})
    deal = DUO.sample_chance(DUO.new_game(2), random.Random(0))
    kit("apply", action=DUO.encode_action(deal))
    state = DUO.apply(DUO.new_game(2), deal)
    whole = DUO.encode_state(state)
    assert kit("state") == {"value": {"hands": whole["hands"], "piles": whole["piles"]}}
    assert kit("view", player=1) == {"value": {"hand": DUO.encode_view(DUO.view(state, 1))["hand"]}}


def test_parts_are_whole_in_a_version_1_session() -> None:
    kit = Kit(Engine(["duo"], state_parts=["hands"]))
    assert "state_parts" not in kit("hello", protocol=1, game="duo")["value"]
    kit("start", game="duo", players=2, options={})
    assert kit("state") == {"value": DUO.encode_state(DUO.new_game(2))}


@pytest.mark.parametrize(
    ("features", "said"),
    [
        ({"state_parts": ["deck"], "games": ["duo"]}, "'deck' is not a key of the state of duo"),
        ({"view_parts": ["hand"], "capabilities": ["state"]}, "need the capability 'view'"),
        ({"fold": True}, "need chance drawn by the engine"),
        ({"protocol": 1, "unsupported_players": [7]}, "need protocol 2"),
        ({"chance": "dice"}, "chance: expected 'kit' or 'engine'"),
    ],
)
def test_features_that_do_not_go_together_are_a_value_error(
    features: dict[str, Any], said: str
) -> None:
    with pytest.raises(ValueError, match=said):
        Engine(**features)


def test_an_unsupported_setup_is_declined_at_start_in_version_2_only() -> None:
    kit = _greeted("duck-and-cover", unsupported_players=[7])
    answer = kit("start", game="duck-and-cover", players=7, options={})
    assert answer == {"unsupported": {"reason": "this engine does not play 7 players"}}
    with pytest.raises(BadRequest, match="no game started"):
        kit("to_move")
    assert kit("start", game="duck-and-cover", players=6, options={}) == {"value": None}
    version_1 = _greeted("duck-and-cover", protocol=1, unsupported_players=[7])
    assert version_1("start", game="duck-and-cover", players=7, options={}) == {"value": None}


def test_an_inexpressible_action_changes_nothing_and_an_illegal_one_is_still_refused() -> None:
    kit = _greeted("duo", inexpressible=[("type", "draw")])
    kit("start", game="duo", players=2, options={})
    deal = DUO.sample_chance(DUO.new_game(2), random.Random(0))
    kit("apply", action=DUO.encode_action(deal))
    state = DUO.apply(DUO.new_game(2), deal)
    player = DUO.to_move(state)[0]
    answer = kit("apply", action={"type": "draw", "player": player})
    assert answer == {"inexpressible": {"reason": 'this engine\'s interface has no type "draw"'}}
    assert kit("state") == {"value": DUO.encode_state(state)}
    assert "refused" in kit("apply", action={"type": "draw", "player": 1 - player})


# -- requests it cannot read, and the command line ------------------------------------------

HELLO = b'{"id": 1, "op": "hello", "protocol": 2, "game": "duo"}\n'


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            b'{"id": 2, "op": "start", "game": "duo", "players": 2, '
            b'"options": {"first_player": 5}}',
            "line 2: bad request: options: duo.setup.first-player: first_player is seat 5",
        ),
        (
            b'{"id": 2, "op": "start", "game": "canardage", "players": 4, '
            b'"options": {"action_deck": {"pan": 5}}}',
            "line 2: bad request: options: can.setup.action-deck: 5 action cards",
        ),
        (
            b'{"id": 2, "op": "start", "game": "duo", "players": 2, '
            b'"options": {"first_player": -1, "colour": 1}}',
            "line 2: bad request: options: unknown key 'colour'\n",
        ),
        (
            b'{"id": 2, "op": "start", "game": "duo", "players": 2, "options": {"max_rounds": 0}}',
            "line 2: bad request: options.max_rounds: 0 is ",
        ),
        (b'{"id": 2, "op": "\xff"}', "line 2: bad request: not UTF-8 text (byte 17)"),
        (b"[" * 1000 + b"]" * 1000, "line 2: bad request: nested at least"),
        (b"[1, 2]", "line 2: bad request: expected an object with an integer id"),
        (b'{"id": 2, "op": "quit", "op": "quit"}', "line 2: bad request: key 'op' twice"),
    ],
)
def test_a_request_it_cannot_read_ends_the_process_with_one_line(line: bytes, said: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.testing.serve"],
        input=HELLO + line + b"\n" + HELLO,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert len(done.stdout.splitlines()) == 1  # the greeting only
    err = done.stderr.decode()
    assert err.startswith(f"rulespec.testing.serve: {said}") and err.count("\n") == 1, err


def test_a_line_over_the_limit_is_refused_before_it_is_parsed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    long = b'{"id": 2, "op": "quit", "pad": "' + b"a" * MAX_BYTES + b'"}\n'
    out = io.StringIO()
    assert serve(Engine(), io.BytesIO(HELLO + long + HELLO), out) == 2
    assert len(out.getvalue().splitlines()) == 1
    err = capsys.readouterr().err
    said = f"line 2: bad request: longer than the limit of {MAX_BYTES} bytes"
    assert err == f"rulespec.testing.serve: {said}\n"


def test_a_line_at_the_limit_is_read() -> None:
    pad = MAX_BYTES - len(b'{"id":2,"op":"quit","pad":""}')
    line = b'{"id":2,"op":"quit","pad":"' + b"a" * pad + b'"}\n'
    out = io.StringIO()
    assert serve(Engine(), io.BytesIO(HELLO + line), out) == 0
    assert out.getvalue().splitlines()[-1] == '{"id":2,"value":null}'


def test_a_text_stream_is_read_as_its_utf8() -> None:
    out = io.StringIO()
    requests = io.StringIO(HELLO.decode() + '{"id": 2, "op": "\ud800"}\n')
    assert serve(Engine(), requests, out) == 2


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--fold"], "need chance drawn by the engine"),
        (["--protocol", "1", "--chance", "engine"], "need protocol 2"),
        (["duo", "--state-parts", "deck"], "'deck' is not a key of the state of duo"),
        (["--unsupported", "seats=3"], "--unsupported: expected players=N, got 'seats=3'"),
        (["--inexpressible", "draw"], "--inexpressible: expected KEY=VALUE, got 'draw'"),
        (["--capabilities", "scores,batch"], "unknown capability 'batch' (batch is declared"),
    ],
)
def test_options_that_do_not_go_together_are_a_usage_error(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulespec.testing.serve: ") and said in err and err.count("\n") == 1


def test_the_command_line_serves_every_feature_it_names() -> None:
    deal = DUO.sample_chance(DUO.new_game(2), random.Random(1))
    starter = DUO.to_move(DUO.apply(DUO.new_game(2), deal))[0]
    requests = [
        {"id": 1, "op": "hello", "protocol": 2, "game": "duo"},
        {"id": 2, "op": "start", "game": "duo", "players": 3, "options": {}, "seed": 1},
        {"id": 3, "op": "start", "game": "duo", "players": 2, "options": {}, "seed": 1},
        {"id": 4, "op": "chance"},
        {"id": 5, "op": "batch", "requests": [{"op": "state"}]},
        {"id": 6, "op": "apply", "action": {"type": "draw", "player": starter}},
        {"id": 7, "op": "state"},
        {"id": 8, "op": "quit"},
    ]
    flags = ["--chance=engine", "--fold", "--state-parts=round,turn", "--no-batch"]
    flags += ["--unsupported", "players=3", "--inexpressible", "type=draw"]
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.testing.serve", "duo", *flags],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    hello = answers[0]["value"]
    assert hello["capabilities"] == list(OPTIONAL) and hello["chance"] == "engine"
    assert hello["state_parts"] == ["round", "turn"]
    assert "unsupported" in answers[1] and answers[2] == {"id": 3, "value": None}
    assert answers[3] == {"id": 4, "value": DUO.encode_action(deal)}
    assert answers[4] == {"id": 5, "unsupported": True}
    assert "inexpressible" in answers[5]
    whole = DUO.encode_state(DUO.apply(DUO.new_game(2), deal))
    assert answers[6] == {"id": 7, "value": {"round": whole["round"], "turn": whole["turn"]}}
    assert answers[7] == {"id": 8, "value": None}


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        ([], {"value": {"protocol": 2, "name": "rulespec", "capabilities": [*OPTIONAL, "batch"]}}),
        (["--protocol", "1"], {"refused": {"reason": "this engine speaks version 1"}}),
        (
            ["--protocol", "1", "--ignore-version"],
            {"value": {"protocol": 1, "name": "rulespec", "capabilities": list(OPTIONAL)}},
        ),
    ],
)
def test_the_command_line_greets_version_2_as_its_protocol_flags_say(
    flags: list[str], expected: dict[str, Any]
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.testing.serve", "duo", *flags],
        input=HELLO,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    answer.get("value", {}).pop("chance", None)
    assert answer == {"id": 1, **expected}
