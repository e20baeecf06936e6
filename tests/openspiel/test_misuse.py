"""Every misuse of an OpenSpiel state is a clear ``SpielError`` naming the method and
what to do instead, and leaves the state as it was."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

import rulespec
from rulespec.openspiel.turns import turn_based
from tests.openspiel.helpers import play_out, short, step


def _at_a_move(game_id: str, players: int = 3) -> pyspiel.State:
    state = short(game_id, players).new_initial_state()
    rng = np.random.RandomState(5)
    while state.is_chance_node():
        step(state, rng)
    return state


def _refused(state: pyspiel.State, call: str, *args: object) -> str:
    before = str(state)
    with pytest.raises(pyspiel.SpielError) as info:
        getattr(state, call)(*args)
    assert str(state) == before  # nothing was played
    message = str(info.value)
    assert message.startswith(f"{call}: ")
    return message


@pytest.mark.parametrize("length", [0, 1, 2, 4])
def test_duck_and_cover_takes_one_id_per_player(length: int) -> None:
    state = _at_a_move("duck-and-cover")
    ids = [state.legal_actions(p)[0] for p in range(3)]
    message = _refused(state, "apply_actions", (ids * 2)[:length])
    assert f"one id per player, 3, not {length}" in message
    state.apply_actions(ids)  # the right length plays
    assert state.node.moves == 1


def test_duck_and_cover_refuses_apply_action_at_its_simultaneous_nodes() -> None:
    state = _at_a_move("duck-and-cover")
    assert state.is_simultaneous_node()
    message = _refused(state, "apply_action", state.legal_actions(0)[0])
    assert "choose at once" in message and "apply_actions" in message


@pytest.mark.parametrize("game_id", ["duo", "canardage"])
def test_sequential_games_refuse_apply_actions(game_id: str) -> None:
    state = _at_a_move(game_id)
    player = state.current_player()
    ids = [state.legal_actions()[0]] * 3
    message = _refused(state, "apply_actions", ids)
    assert f"player {player} alone is to move" in message and "apply_action" in message


@pytest.mark.parametrize("game_id", ["canardage", "duck-and-cover", "duo"])
def test_chance_nodes_refuse_apply_actions(game_id: str) -> None:
    state = short(game_id, 3).new_initial_state()
    assert state.is_chance_node()
    assert "chance node" in _refused(state, "apply_actions", [0, 0, 0])


@pytest.mark.parametrize("game_id", ["canardage", "duck-and-cover", "duo"])
def test_terminal_states_refuse_every_action(game_id: str) -> None:
    state = play_out(_at_a_move(game_id), np.random.RandomState(9))
    assert state.is_terminal()
    for call, arg in (("apply_action", 0), ("apply_actions", [0, 0, 0])):
        assert "the game is over" in _refused(state, call, arg)


def test_an_id_that_is_not_legal_names_its_clause() -> None:
    state = _at_a_move("duo")
    with pytest.raises(rulespec.IllegalAction, match=r"duo\.turn\.play: action id 99999"):
        state.apply_action(99999)
    dc = _at_a_move("duck-and-cover")
    with pytest.raises(rulespec.IllegalAction, match="outside 0 to 52"):
        dc.apply_actions([99999, 0, 0])


def test_turn_based_states_refuse_apply_actions_everywhere() -> None:
    state = turn_based(short("duck-and-cover", 3)).new_initial_state()
    assert state.is_chance_node()
    assert "chance node" in _refused(state, "apply_actions", [0, 0, 0])
    rng = np.random.RandomState(2)
    while state.is_chance_node():
        step(state, rng)
    player = state.current_player()
    ids = [state.legal_actions()[0]] * 3
    assert f"player {player} alone is to move" in _refused(state, "apply_actions", ids)
    state.apply_action(ids[0])
    assert f"player {state.current_player()} alone" in _refused(state, "apply_actions", ids)
    while not state.is_terminal():
        step(state, rng)
    assert "the game is over" in _refused(state, "apply_actions", ids)
