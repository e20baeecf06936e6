"""Information states: a player's own history decides them (perfect recall), and two
plays the player cannot tell apart give them the same one; observations are the view."""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np
import pyspiel
import pytest

import rulespec
from rulespec import openspiel as ros
from rulespec.openspiel.turns import turn_based
from tests.openspiel.helpers import GAME_IDS, short, step


def _dealt(game: pyspiel.Game, orderings: Sequence[Sequence[object]]) -> pyspiel.State:
    """A new game whose first chance step draws ``orderings`` (one per pile)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        draws = state.node.draws
        pile = draws.piles[draws.current]
        card = orderings[draws.current][len(draws.placed[draws.current])]
        state.apply_action(pile.index(card))
    return state


def _first_orderings(game: pyspiel.Game, seed: int) -> list[list[object]]:
    """The orderings (one per pile) that a random first chance step draws."""
    state = game.new_initial_state()
    piles = state.node.draws.piles
    orders: list[list[object]] = [[] for _ in piles]
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        draws = state.node.draws
        step(state, rng)
        orders[draws.current].append(draws.piles[draws.current][state.history()[-1]])
    # A pile's forced tail was placed without a draw: the rest of the pile, in any order.
    for order, pile in zip(orders, piles, strict=True):
        rest = list(pile)
        for card in order:
            rest.remove(card)
        order += rest
    return orders


def _deep_swap(orderings: list[list[object]]) -> list[list[object]]:
    """The orderings with the last two different cards of the last pile swapped: cards at
    the bottom of the draw pile, which nobody sees for a long while."""
    swapped = [list(o) for o in orderings]
    pile = swapped[-1]
    last = len(pile) - 1
    other = max(i for i in range(last) if pile[i] != pile[last])
    pile[last], pile[other] = pile[other], pile[last]
    return swapped


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_information_for_plays_no_one_can_tell_apart(game_id: str) -> None:
    game = short(game_id, 4)
    orderings = _first_orderings(game, 3)
    one, two = _dealt(game, orderings), _dealt(game, _deep_swap(orderings))
    assert str(one) != str(two)  # the hidden order differs
    rng = np.random.RandomState(4)
    for _ in range(6):  # the same few moves in both games
        if one.is_terminal() or one.is_chance_node():
            break
        for p in range(4):
            assert one.information_state_string(p) == two.information_state_string(p)
            assert one.observation_string(p) == two.observation_string(p)
            assert one.observation_tensor(p) == two.observation_tensor(p)
            assert one.information_state_tensor(p) == two.information_state_tensor(p)
        if one.is_simultaneous_node():
            ids = [int(rng.choice(one.legal_actions(p))) for p in range(4)]
            one.apply_actions(ids)
            two.apply_actions(ids)
        else:
            action = int(rng.choice(one.legal_actions()))
            one.apply_action(action)
            two.apply_action(action)


def test_a_hand_tells_plays_apart_for_its_owner_only() -> None:
    # Duo deals the deck's first 7n cards round the table: position 1 goes to player 1.
    game = ros.load("duo", 3, {"max_rounds": 1})
    (order,) = _first_orderings(game, 6)
    other = list(order)
    other[1], other[-1] = other[-1], other[1]  # player 1's card for the pile's bottom one
    one, two = _dealt(game, [order]), _dealt(game, [other])
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(2) == two.information_state_string(2)
    assert one.information_state_string(1) != two.information_state_string(1)
    assert one.observation_string(1) != two.observation_string(1)
    assert one.information_state_tensor(0) == two.information_state_tensor(0)
    assert one.information_state_tensor(1) != two.information_state_tensor(1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_own_actions_tell_histories_apart(game_id: str) -> None:
    """Two children of a node where the player chose differently: their information states
    differ (and each differs from the parent's), even where the views might agree."""
    game = short(game_id, 3)
    state = game.new_initial_state()
    rng = np.random.RandomState(8)
    checked = 0
    while not state.is_terminal() and checked < 5:
        if state.is_chance_node() or state.is_simultaneous_node():
            movers = range(3) if state.is_simultaneous_node() else []
            for p in movers:
                legal = state.legal_actions(p)
                if len(legal) >= 2:
                    ids = [state.legal_actions(q)[0] for q in range(3)]
                    other = list(ids)
                    other[p] = legal[1]
                    a, b = state.clone(), state.clone()
                    a.apply_actions(ids)
                    b.apply_actions(other)
                    assert a.information_state_string(p) != b.information_state_string(p)
                    checked += 1
            step(state, rng)
            continue
        p = state.current_player()
        legal = state.legal_actions()
        if len(legal) >= 2:
            a, b = state.child(legal[0]), state.child(legal[-1])
            assert a.information_state_string(p) != b.information_state_string(p)
            assert a.information_state_string(p) != state.information_state_string(p)
            checked += 1
        step(state, rng)
    assert checked


def test_information_state_names_player_step_and_view() -> None:
    game = ros.load("duo", 2, {"max_rounds": 1})
    state = _dealt(game, _first_orderings(game, 1))
    head, view = state.information_state_string(1).split("\n")
    assert head.startswith("player 1, step 1, history ")
    assert json.loads(view) == rulespec.game("duo").encode_view(
        rulespec.game("duo").view(state.node.state, 1)
    )
    assert view == state.observation_string(1)


def test_chance_draws_are_not_seen_until_the_step_is_applied() -> None:
    state = ros.load("canardage", 3).new_initial_state()
    before = [state.information_state_string(p) for p in range(3)]
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_chance_node()
    assert [state.information_state_string(p) for p in range(3)] == before


def test_observation_tensor_is_the_rules_observation() -> None:
    game = ros.load("duck-and-cover", 3)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.is_chance_node():
        step(state, rng)
    rules = rulespec.game("duck-and-cover")
    for p in range(3):
        expected = rules.observation(rules.view(state.node.state, p))
        assert np.allclose(state.observation_tensor(p), expected)


def test_other_observation_kinds_are_refused() -> None:
    game = ros.load("duo", 2)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="own view"):
        game.make_py_observer(public)
    with pytest.raises(ValueError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})


def _last_own(tensor: Sequence[float], game: pyspiel.Game) -> int | None:
    """The action id that the last-action part of an information state tensor holds."""
    part = np.asarray(tensor)[-game.num_distinct_actions() :]
    assert set(np.unique(part)) <= {0.0, 1.0} and part.sum() <= 1
    return int(part.argmax()) if part.any() else None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_information_state_tensor_is_the_view_and_the_players_last_action(game_id: str) -> None:
    game = short(game_id, 3)
    size = game.observation_tensor_size() + game.num_distinct_actions()
    assert game.information_state_tensor_shape() == [size]
    state, rng = game.new_initial_state(), np.random.RandomState(11)
    last: dict[int, int] = {}
    checked = 0
    while not state.is_terminal() and checked < 40:
        for p in range(3):
            tensor = state.information_state_tensor(p)
            assert len(tensor) == size
            assert tensor[: game.observation_tensor_size()] == state.observation_tensor(p)
            assert _last_own(tensor, game) == last.get(p)
            checked += 1
        if state.is_chance_node():
            step(state, rng)
        elif state.is_simultaneous_node():
            ids = [int(rng.choice(state.legal_actions(p))) for p in range(3)]
            state.apply_actions(ids)
            last.update(enumerate(ids))
        else:
            last[state.current_player()] = int(rng.choice(state.legal_actions()))
            state.apply_action(last[state.current_player()])
    assert checked >= 40


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_information_state_tensor_survives_serialisation_and_resampling(game_id: str) -> None:
    game = short(game_id, 3)
    state, rng = game.new_initial_state(), np.random.RandomState(12)
    while state.node.moves < 8 or state.is_chance_node():
        step(state, rng)
    again = game.deserialize_state(state.serialize())
    for p in range(3):
        assert _last_own(state.information_state_tensor(p), game) is not None
        assert again.information_state_tensor(p) == state.information_state_tensor(p)
        sample = state.resample_from_infostate(p, lambda: 0.25)
        assert sample.information_state_tensor(p) == state.information_state_tensor(p)


def test_turn_based_tensors_put_the_mover_and_the_observer_first() -> None:
    inner = short("duck-and-cover", 3)
    game = turn_based(inner)
    assert game.information_state_tensor_shape() == [6 + inner.information_state_tensor_size()]
    state, rng = game.new_initial_state(), np.random.RandomState(3)
    while state.is_chance_node():
        step(state, rng)
    first = [state.information_state_tensor(p) for p in range(3)]
    state.apply_action(state.legal_actions()[0])
    for p in range(3):
        tensor = state.information_state_tensor(p)
        assert tensor[:6] == [float(q == 1) for q in range(3)] + [float(q == p) for q in range(3)]
        assert tensor[6:] == first[p][6:]  # no one sees a choice until the turn is applied
