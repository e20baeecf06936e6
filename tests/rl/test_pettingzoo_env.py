"""The PettingZoo environments play the games as the engine does: same final states
and scores, masks equal to the legal actions, rewards as documented, views that hide
what the rules hide, illegal ids, truncation and seeding."""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pytest

import rulespec
from rulespec import pettingzoo as rz
from rulespec.rl.episode import Episode
from rulespec.rl.lengths import max_game_length
from tests.rl.helpers import GAME_IDS, SHORT, SIGN, choose, play_out, seats


def _engine_replay(game_id: str, env: Any, seed: int, sent: list[tuple[str, int]]) -> Any:
    """The engine's own loop fed the ids the agents sent, its chance steps drawn as the
    environment draws them (``random.Random(seed)``); the final state."""
    g = rulespec.game(game_id)
    chance_rng = random.Random(seed)
    state = g.new_game(env.episode.players, env.episode.options)
    queue = iter(sent)
    while not g.is_over(state):
        for actor in g.to_move(state):
            if actor == rulespec.CHANCE:
                state = g.apply(state, g.sample_chance(state, chance_rng))
                continue
            agent, action_id = next(queue)
            assert agent == f"player_{actor}"
            state = g.apply(state, g.action_from_id(state, actor, action_id))
    assert next(queue, None) is None, "the engine's game ended before the agents' did"
    return state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_through_the_env_ends_as_the_engine_plays_it(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], **SHORT.get(game_id, {}))
    env.reset(seed=11)
    sent, _ = play_out(env, random.Random(3))
    assert env.episode.terminated and not env.episode.truncated
    final = _engine_replay(game_id, env, 11, sent)
    g = rulespec.game(game_id)
    assert final == env.game_state
    assert g.scores(final) == g.scores(env.game_state)
    assert len(sent) == env.episode.steps


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_agent_s_mask_is_its_legal_actions(game_id: str) -> None:
    g = rulespec.game(game_id)
    env = rz.env(game_id, seats(game_id)[1], **SHORT.get(game_id, {}))
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(60):
        state = env.game_state
        for p, agent in enumerate(env.possible_agents):
            mask = env.observe(agent)["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (env.episode.action_space_size,)
            named = [g.action_from_id(state, p, int(i)) for i in np.flatnonzero(mask)]
            # Every agent that owes a choice has its mask (in Duck & Cover all who
            # have not yet chosen this turn); the others' masks are all zeros.
            owing = p in env.episode.to_move()
            legal = list(g.legal_actions(state, p)) if owing else []
            assert len(named) == len(legal) and set(named) == set(legal)
            assert (len(legal) > 0) == owing
            assert owing or agent != env.agent_selection
        if env.terminations[env.agent_selection]:
            break
        env.step(choose(env.observe(env.agent_selection), rng))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_observation_is_the_agent_s_view_encoded(game_id: str) -> None:
    g = rulespec.game(game_id)
    env = rz.env(game_id, 3)
    env.reset(seed=2)
    for p, agent in enumerate(env.possible_agents):
        seen = env.observe(agent)["observation"]
        assert seen.dtype == np.float32
        assert seen.shape == g.observation_shape(env.episode.players, env.episode.options)
        raw = np.array(g.observation(g.view(env.game_state, p)), dtype=np.float32)
        bounds = g.encoding.observation_bounds(3)  # type: ignore[attr-defined]
        low, high = (np.array(b, dtype=np.float32) for b in bounds)
        scale = np.float32(1) / np.maximum(np.maximum(abs(low), abs(high)), np.float32(1))
        assert np.array_equal(seen.ravel(), np.clip(raw * scale, low * scale, high * scale))
        assert env.observation_space(agent).contains(env.observe(agent))


# -- rewards ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_win_rewards_give_one_to_each_winner_at_the_end_only(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], **SHORT.get(game_id, {}))
    env.reset(seed=8)
    rng = random.Random(8)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(choose(env.observe(agent), rng))
        if not env.episode.done:
            assert set(env.rewards.values()) == {0.0}
        for name, reward in env.rewards.items():
            totals[name] += reward
    winners = rulespec.game(game_id).winners(env.game_state)
    assert totals == {f"player_{p}": float(p in winners) for p in range(len(totals))}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_score_rewards_add_up_to_the_score_signed_so_that_higher_is_better(
    game_id: str,
) -> None:
    g = rulespec.game(game_id)
    env = rz.env(game_id, seats(game_id)[0], reward="score", **SHORT.get(game_id, {}))
    env.reset(seed=21)
    start = g.scores(env.game_state)
    _, totals = play_out(env, random.Random(21))
    final = g.scores(env.game_state)
    sign = SIGN[game_id]
    expected = [sign * (f - s) for f, s in zip(final, start, strict=True)]
    assert [totals[a] for a in env.possible_agents] == expected
    # The winners (Duck & Cover's lowest totals) have the best summed reward.
    best = max(totals.values())
    winners = g.winners(env.game_state)
    if winners:
        assert {f"player_{p}" for p in winners} == {a for a, r in totals.items() if r == best}


def test_duck_and_cover_score_rewards_are_minus_the_round_scores() -> None:
    env = rz.parallel_env("duck-and-cover", 2, reward="score")
    observations, _ = env.reset(seed=4)
    rng = random.Random(4)
    rounds_seen = 0
    while env.agents:
        actions = {a: choose(observations[a], rng) for a in env.agents}
        before = len(env.game_state.round_scores)
        observations, rewards, *_ = env.step(actions)
        scores = env.game_state.round_scores
        if len(scores) > before:
            rounds_seen += 1
            assert [rewards[f"player_{p}"] for p in range(2)] == [-s for s in scores[-1]]
        else:
            assert set(rewards.values()) == {0.0}
    assert rounds_seen == 3


# -- what an agent may know ------------------------------------------------------------


def _reversed_pile(state: Any) -> Any:
    return attrs.evolve(state, draw_pile=tuple(reversed(state.draw_pile)))


def _hands_swapped(state: Any, a: int, b: int) -> Any:
    hands = list(state.hands)
    hands[a], hands[b] = hands[b], hands[a]
    return attrs.evolve(state, hands=tuple(hands))


def _hidden_changes(game_id: str) -> list[tuple[Any, Any, int, int | None]]:
    """(state, changed state, an observer who cannot tell them apart, a player who can
    or ``None``)."""
    g = rulespec.game(game_id)
    state = g.start(3, seed=9)
    changes: list[tuple[Any, Any, int, int | None]] = [(state, _reversed_pile(state), 0, None)]
    if game_id == "duck-and-cover":
        first, second = list(g.legal_actions(state, 1))[:2]
        changes.append((g.apply(state, first), g.apply(state, second), 0, 1))
    else:
        mover = g.to_move(state)[0]
        others = [p for p in range(3) if p != mover]
        changes.append((state, _hands_swapped(state, *others), mover, others[0]))
    return changes


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_observation_does_not_change_with_what_the_agent_cannot_see(game_id: str) -> None:
    g = rulespec.game(game_id)
    env = rz.env(game_id, 3)
    for state, changed, blind, seeing in _hidden_changes(game_id):
        assert state != changed
        assert g.view(state, blind) == g.view(changed, blind)
        env.reset(options={"state": state})
        before = {a: env.observe(a)["observation"] for a in env.possible_agents}
        env.reset(options={"state": changed})
        after = {a: env.observe(a)["observation"] for a in env.possible_agents}
        assert np.array_equal(before[f"player_{blind}"], after[f"player_{blind}"])
        if seeing is not None:  # the same change shows to the player it concerns
            assert not np.array_equal(before[f"player_{seeing}"], after[f"player_{seeing}"])


# -- illegal ids -----------------------------------------------------------------------


def _illegal_id(observation: dict[str, Any]) -> int:
    return int(np.flatnonzero(observation["action_mask"] == 0)[0])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_illegal_id_ends_the_game_as_a_loss_for_its_sender(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0])
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.game_state
    env.step(_illegal_id(env.observe(agent)))
    assert env.game_state == before
    rng = random.Random(3)
    owing = [p for p in env.episode.to_move() if env.possible_agents[p] != agent]
    # In Duck & Cover the others still make the turn's choice; none is played.
    assert len(owing) == (seats(game_id)[0] - 1 if game_id == "duck-and-cover" else 0)
    for _ in owing:
        assert not any(env.terminations.values()) and env.agent_selection != agent
        env.step(choose(env.observe(env.agent_selection), rng))
    assert env.game_state == before
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert env.rewards == {a: -1.0 if a == agent else 0.0 for a in env.possible_agents}
    assert "illegal_action" in env.infos[agent]
    for name in env.agent_iter():
        assert env.last()[1] == (-1.0 if name == agent else 0.0)
        env.step(None)
    assert env.agents == []


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_on_illegal_raise_refuses_the_id_and_keeps_the_game(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], on_illegal="raise")
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.game_state
    with pytest.raises(rulespec.IllegalAction):
        env.step(_illegal_id(env.observe(agent)))
    with pytest.raises(rulespec.IllegalAction):
        env.step(env.episode.action_space_size)  # outside the action space
    with pytest.raises(rulespec.IllegalAction):
        env.step(-1)  # not the last id, read from the end of the listed flags
    with pytest.raises(TypeError, match="action must be an integer"):
        env.step(1.0)
    assert env.game_state == before and env.agent_selection == agent
    assert not any(env.terminations.values())
    env.step(choose(env.observe(agent), random.Random(1)))
    assert env.episode.steps == 1


def test_an_illegal_id_in_a_simultaneous_turn_ends_the_game_for_its_senders_only() -> None:
    env = rz.parallel_env("duck-and-cover", 3)
    observations, _ = env.reset(seed=6)
    rng = random.Random(6)
    actions = {a: choose(observations[a], rng) for a in env.agents}
    actions["player_1"] = _illegal_id(observations["player_1"])
    _, rewards, terminations, truncations, infos = env.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    assert all(terminations.values()) and not any(truncations.values())
    assert list(infos["player_1"]) == ["illegal_action"] and infos["player_0"] == {}
    assert env.agents == []
    with pytest.raises(ValueError, match="over"):
        env.step(actions)


def test_the_parallel_env_needs_the_action_of_every_player_to_move() -> None:
    env = rz.parallel_env("duck-and-cover", 3)
    observations, _ = env.reset(seed=6)
    with pytest.raises(ValueError, match="player_1 is to move"):
        env.step({"player_0": choose(observations["player_0"], random.Random(1))})


def test_in_a_turn_based_game_only_the_player_on_turn_acts_in_a_parallel_step() -> None:
    env = rz.parallel_env("duo", 3)
    observations, _ = env.reset(seed=6)
    mover = env.episode.to_move()[0]
    assert [a for a in env.agents if observations[a]["action_mask"].any()] == [f"player_{mover}"]
    rng = random.Random(2)
    actions = {a: env.episode.action_space_size + 5 for a in env.agents}  # ignored
    actions[f"player_{mover}"] = choose(observations[f"player_{mover}"], rng)
    _, _, terminations, _, _ = env.step(actions)
    assert env.episode.steps == 1 and not any(terminations.values())


# -- the end, the length, seeds and options ---------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_is_truncated_after_max_steps_player_actions(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], max_steps=7)
    assert env.max_steps == 7
    env.reset(seed=1)
    sent, totals = play_out(env, random.Random(1))
    # Duck & Cover's two players end their fourth turn: a cap falls at a turn's end.
    assert len(sent) == (8 if game_id == "duck-and-cover" else 7)
    assert env.episode.truncated and not env.episode.terminated
    assert set(totals.values()) == {0.0}


def test_the_parallel_env_truncates_after_whole_turns() -> None:
    env = rz.parallel_env("duck-and-cover", 3, max_steps=9)
    observations, _ = env.reset(seed=2)
    rng = random.Random(2)
    steps = 0
    while env.agents:
        actions = {a: choose(observations[a], rng) for a in env.agents}
        observations, _, terminations, truncations, _ = env.step(actions)
        steps += 1
    assert steps == 3 and all(truncations.values()) and not any(terminations.values())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_declared_length_is_the_shared_bound(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0])
    g = rulespec.game(game_id)
    assert env.max_steps == max_game_length(g, env.episode.players, env.episode.options)
    assert rz.parallel_env(game_id, seats(game_id)[0]).max_steps == env.max_steps


def test_duo_plays_the_simulations_round_limit_unless_told_another() -> None:
    duo = rulespec.game("duo")
    assert rz.env("duo", 2).episode.options.max_rounds == duo.simulation_options()["max_rounds"]
    assert rz.env("duo", 2, max_rounds=2).episode.options.max_rounds == 2
    custom = duo.decode_options({"max_rounds": 3, "turbo": True})
    assert rz.env("duo", 2, custom).episode.options == custom
    assert rz.env("duo", 2, {"turbo": True}).episode.options.turbo
    with pytest.raises(ValueError, match="max_rounds"):
        rz.env("duck-and-cover", 2, max_rounds=2)
    with pytest.raises(ValueError, match="max_rounds"):
        rz.env("duo", 2, max_rounds=0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_seed_gives_the_same_game_and_another_seed_another(game_id: str) -> None:
    one, two = rz.env(game_id, seats(game_id)[0]), rz.env(game_id, seats(game_id)[0])
    one.reset(seed=12)
    two.reset(seed=12)
    assert one.game_state == two.game_state
    first = one.game_state
    one.reset()  # the generator goes on: a new deal
    assert one.game_state != first
    two.reset(seed=13)
    assert two.game_state != first


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        rz.env("chess")
    with pytest.raises(TypeError, match="game_id"):
        rz.env(3)  # type: ignore[arg-type]
    with pytest.raises(rulespec.IllegalAction, match=r"can\.setup\.players"):
        rz.env("canardage", 2)
    with pytest.raises(ValueError, match="reward"):
        rz.env("duo", 2, reward="points")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        rz.env("duo", 2, render_mode="rgb")
    with pytest.raises(ValueError, match="on_illegal"):
        rz.env("duo", 2, on_illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_steps"):
        rz.env("duo", 2, max_steps=0)
    with pytest.raises(TypeError, match="illegal_reward"):
        rz.env("duo", 2, illegal_reward="-1")  # type: ignore[arg-type]
    env = rz.env("duo", 2)
    with pytest.raises(ValueError, match="3 players"):
        env.reset(options={"state": rulespec.game("duo").start(3, seed=1)})
    with pytest.raises(TypeError, match="state"):
        env.reset(options={"state": "a state"})
    env.reset(seed=1)
    with pytest.raises(KeyError, match="player_9"):
        env.observe("player_9")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_ansi_rendering_is_the_text_board(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text == str(env.game_state)
    assert rulespec.game(game_id).name in text
    with pytest.warns(UserWarning, match="render_mode"):
        assert rz.env(game_id, seats(game_id)[0]).render() is None


@pytest.mark.parametrize("listing", ["ids", "flags"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_an_id_plays_alike_whether_the_legal_ids_were_listed_first_or_not(
    game_id: str, listing: str
) -> None:
    # Listed ids are decoded without a second check; unlisted ones are checked in full.
    g = rulespec.game(game_id)
    listed, unlisted = (Episode(g, seats(game_id)[0], seed=5) for _ in range(2))
    rng = random.Random(5)
    for _ in range(60):
        if listed.done:
            break
        player = listed.to_move()[0]
        ids = g.legal_action_ids(listed.state, player)
        if listing == "flags":  # listed as flags only, as an action mask lists them
            flags = listed.legal_action_flags(player)
            assert [i for i, flag in enumerate(flags) if flag] == list(ids)
            with pytest.raises(TypeError):  # a flag set from outside would pass unchecked
                flags[0] = 1  # type: ignore[index]
        else:
            assert listed.legal_action_ids(player) == ids
        action_id = rng.choice(ids)
        assert listed.act_one(player, action_id) == unlisted.act({player: action_id})
        assert listed.state == unlisted.state and listed.steps == unlisted.steps
    assert listed.steps > 10


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_agent_iter_counts_each_loop_afresh_and_stops_when_no_agent_is_left(
    game_id: str,
) -> None:
    env = rz.env(game_id, seats(game_id)[0])
    env.reset(seed=2)
    turns = env.agent_iter(max_iter=3)
    seen = []
    for agent in turns:
        assert agent == env.agent_selection
        seen.append(agent)
        env.step(int(env.observe(agent)["action_mask"].argmax()))
    assert len(seen) == 3
    assert len(list(zip(turns, range(5), strict=False))) == 3  # a new loop, a new count
    assert list(env.agent_iter(max_iter=0)) == []
    steps = 0
    for agent in env.agent_iter():  # to the game's end: every agent then steps None
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
        else:
            env.step(int(env.observe(agent)["action_mask"].argmax()))
        steps += 1
    assert not env.agents and steps > 0
    assert list(env.agent_iter()) == []
