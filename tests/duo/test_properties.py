"""Properties of the engine (DESIGN §5): purity, determinism, legality, replay."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given

import rulespec
from rulespec import CHANCE, IllegalAction, Record
from rulespec.duo import TURBO, Deal, Draw, Options, Play, PlayerAction, Stop
from tests.duo.helpers import DUO
from tests.duo.strategies import Played, played
from tests.hash_seeds import other_hash_seed
from tests.processes import python

ROOT = Path(__file__).resolve().parents[2]
DUO_CLAUSES = {c.id for c in rulespec.clauses("duo")}


def candidates(players: int) -> list[PlayerAction]:
    """Every action any player could try: every card on both piles, Draw and Stop."""
    found: list[PlayerAction] = []
    for p in range(players):
        found += [Play(p, c, pile) for c in range(TURBO + 1) for pile in (0, 1)]
        found += [Draw(p), Stop(p)]
    return found


@pytest.mark.clause("duo.turn.order", "duo.turn.play", "duo.turn.draw", "duo.turn.stop")
@given(played())
def test_legal_actions_are_accepted_and_every_other_is_refused_with_a_clause(
    match: Played,
) -> None:
    state = match.state
    if DUO.to_move(state) in ((), (CHANCE,)):
        for action in candidates(state.players)[::7]:
            with pytest.raises(IllegalAction) as info:
                DUO.apply(state, action)
            assert info.value.clause in DUO_CLAUSES
        return
    legal = set(DUO.legal_actions(state, state.turn))
    for action in candidates(state.players):
        try:
            DUO.apply(state, action)
        except IllegalAction as exc:
            assert exc.clause in DUO_CLAUSES, exc
            assert action not in legal, exc
        else:
            assert action in legal, action
    for odd in (Play(state.turn, 99, 0), Play(state.turn, 0, 2), Draw(9), Stop(-1)):
        with pytest.raises(IllegalAction) as info:
            DUO.apply(state, odd)
        assert info.value.clause in DUO_CLAUSES


@given(played())
def test_apply_never_changes_its_argument(match: Played) -> None:
    state = match.state
    before = json.dumps(DUO.encode_state(state))
    copy = DUO.decode_state(json.loads(before))
    if DUO.to_move(state) == (CHANCE,):
        DUO.sample_chance(state, random.Random(0))
    elif not DUO.is_over(state):
        for action in DUO.legal_actions(state, state.turn):
            DUO.apply(state, action)
        for action in candidates(state.players)[::11]:
            with contextlib.suppress(IllegalAction):
                DUO.apply(state, action)
    assert json.dumps(DUO.encode_state(state)) == before
    assert state == copy and hash(state) == hash(copy)


@given(played(max_steps=60))
def test_replaying_the_steps_gives_the_same_state(match: Played) -> None:
    record = Record(DUO.id, match.players, match.options, match.steps)
    assert record.replay() == match.state
    states = list(record.states())
    assert len(states) == len(match.steps) + 1 and states[-1] == match.state


_SCRIPT = """
import json, rulespec
from rulespec.tools.simulation import play
from rulespec.duo import Options
duo = rulespec.game("duo")
out = []
for name, policy in sorted(duo.policies().items()):
    opts = Options(turbo=True, max_rounds=3)
    out.append([name, str(play(duo, 3, "h", policy=policy, options=opts))])
out.append(rulespec.Record.play(duo, 4, seed=9, steps=300).to_json())
print(json.dumps(out))
"""


def test_a_seed_gives_the_same_match_whatever_the_hash_seed() -> None:
    env = {**os.environ, "PYTHONHASHSEED": other_hash_seed()}
    there = python(_SCRIPT, env=env)
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(_SCRIPT, {})  # the same script, under this process's hash seed
    assert there == here.getvalue()
    record = Record.play(DUO, 4, seed=9, steps=300).to_json()
    assert json.loads(there)[-1] == record


@pytest.mark.clause("duo.setup.deal")
def test_start_samples_one_uniform_deal() -> None:
    a, b = DUO.start(4, seed=5), DUO.start(4, seed=5)
    assert a == b and a != DUO.start(4, seed=6)
    chance = DUO.chance(DUO.new_game(4, Options(turbo=True)))
    assert chance.kind == "deal" and len(chance.piles) == 1 and len(chance.piles[0]) == 80
    action = DUO.chance_action(DUO.new_game(4), [list(reversed(chance.piles[0][:76]))])
    assert isinstance(action, Deal)
    with pytest.raises(IllegalAction):
        DUO.chance_action(a, [[]])
    with pytest.raises(IllegalAction):
        DUO.chance(a)


def test_legal_actions_sequence_protocol() -> None:
    state = DUO.start(3, seed=11)
    moves = DUO.legal_actions(state, state.turn)
    listed = list(moves)
    assert len(moves) == len(listed) == moves.plays + 1
    assert [moves[i] for i in range(len(moves))] == listed
    assert moves[-1] == listed[-1] == Draw(state.turn)
    assert all(a in moves for a in listed)
    not_an_action: object = "draw"
    assert Stop(state.turn) not in moves and not_an_action not in moves
    assert repr(moves).startswith("LegalActions(")
    assert len(DUO.legal_actions(state, (state.turn + 1) % 3)) == 0
