"""The environments follow the ecosystem's conventions: bounded observations,
PettingZoo's render test, ``aec_to_parallel`` for the game that plays simultaneous
turns, ``state()``, order errors, and the vector environment's stacking and
auto-reset."""

from __future__ import annotations

import random

import numpy as np
import pytest

import rulespec
from rulespec import pettingzoo as rz
from tests.rl.helpers import GAME_IDS, SHORT, choose, play_out, seats

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_observation_lies_within_finite_bounds(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[1], **SHORT.get(game_id, {}))
    box = env.observation_space("player_0")["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert box.low.min() >= -1 and box.high.max() <= 1
    rng = random.Random(4)
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            assert observation is not None
            assert box.contains(observation["observation"]), agent
            for other in env.possible_agents:
                seen = env.observe(other)["observation"]
                assert (box.low <= seen).all() and (seen <= box.high).all()
            env.step(None if terminated or truncated else choose(observation, rng))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_s_render_test_passes_and_human_prints(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from pettingzoo.test import render_test

    def make(render_mode: str | None = None) -> rz.GameEnv:
        return rz.env(game_id, seats(game_id)[0], render_mode=render_mode)

    render_test(make)
    capsys.readouterr()
    human = make("human")
    human.reset(seed=1)
    assert human.render() is None
    assert capsys.readouterr().out == str(human.game_state) + "\n"


def test_duck_and_cover_steps_whole_turns_through_aec_to_parallel() -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = rz.env("duck-and-cover", 3, max_steps=40)
    assert aec.metadata["is_parallelizable"] is True
    par = aec_to_parallel(aec)
    rng = random.Random(2)
    steps = 0
    observations, _ = par.reset(seed=2)
    while par.agents:
        before = aec.episode.steps
        actions = {a: choose(observations[a], rng) for a in par.agents}
        observations, _, _, truncations, _ = par.step(actions)
        assert aec.episode.steps == before + 3  # one whole turn: every player acted
        steps += 1
    assert steps == 14 and all(truncations.values())  # 40 actions end with a turn's end


@pytest.mark.parametrize("players", range(2, 8))
def test_aec_to_parallel_plays_whole_duck_and_cover_games_by_the_masks(players: int) -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = rz.env("duck-and-cover", players)
    par = aec_to_parallel(aec)
    rng = random.Random(players)
    for seed in range(2):
        observations, _ = par.reset(seed=seed)
        turns = 0
        while par.agents:
            # Only what the wrapper hands out: each agent's own observation and mask.
            actions = {a: choose(observations[a], rng) for a in par.agents}
            observations, _, terminations, _, infos = par.step(actions)
            assert not any("illegal_action" in info for info in infos.values())
            turns += 1
        assert all(terminations.values()) and turns > 10
        assert rulespec.game("duck-and-cover").is_over(aec.game_state)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_an_illegal_id_through_aec_to_parallel_ends_the_game_at_the_turn_s_end(
    players: int,
) -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = rz.env("duck-and-cover", players)
    par = aec_to_parallel(aec)
    observations, _ = par.reset(seed=3)
    actions = {a: choose(observations[a], random.Random(3)) for a in par.agents}
    culprit = par.agents[1]
    actions[culprit] = int(np.flatnonzero(observations[culprit]["action_mask"] == 0)[0])
    _, rewards, terminations, truncations, infos = par.step(actions)
    assert all(terminations.values()) and not any(truncations.values())
    assert par.agents == []
    assert rewards == {a: -1.0 if a == culprit else 0.0 for a in aec.possible_agents}
    assert set(infos[culprit]) == {"illegal_action"}
    assert all(infos[a] == {} for a in aec.possible_agents if a != culprit)


@pytest.mark.parametrize("game_id", ["duo", "canardage"])
def test_turn_based_games_are_not_parallelizable(game_id: str) -> None:
    from pettingzoo.utils.conversions import aec_to_parallel

    env = rz.env(game_id, 3)
    assert env.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_state_is_every_observation_end_to_end(game_id: str) -> None:
    players = seats(game_id)[0]
    for env in (rz.env(game_id, players), rz.parallel_env(game_id, players)):
        env.reset(seed=3)
        state = env.state()
        assert state.dtype == np.float32 and env.state_space.contains(state)
        parts = [env._table.observe(a)["observation"].ravel() for a in env.possible_agents]
        assert np.array_equal(state, np.concatenate(parts))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_steps_out_of_order_are_refused_clearly(game_id: str) -> None:
    env = rz.env(game_id, seats(game_id)[0], **SHORT.get(game_id, {}))
    with pytest.raises(rz.ResetNeeded, match="reset"):
        env.step(0)
    env.reset(seed=1)
    play_out(env, random.Random(1))
    assert env.agents == []
    with pytest.raises(rz.ResetNeeded, match="every agent is done"):
        env.step(0)
    with pytest.raises(ValueError, match="reset"):  # ResetNeeded is a ValueError too
        env.step(None)
    par = rz.parallel_env(game_id, seats(game_id)[0])
    with pytest.raises(rz.ResetNeeded, match="reset"):
        par.step({})


def test_duck_and_cover_masks_every_agent_that_owes_the_turn_s_choice() -> None:
    env = rz.env("duck-and-cover", 4)
    env.reset(seed=7)
    rng = random.Random(7)
    waiting = 0
    for _ in range(30):
        owing = {f"player_{p}" for p in env.episode.to_move()}
        assert env.agent_selection in owing
        for agent in env.possible_agents:
            mask = env.observe(agent)["action_mask"]
            assert mask.any() == (agent in owing)
            if agent in owing:
                seat = env.possible_agents.index(agent)
                assert list(np.flatnonzero(mask)) == list(env.episode.legal_action_ids(seat))
                waiting += agent != env.agent_selection
        env.step(choose(env.observe(env.agent_selection), rng))
    assert waiting > 0


# -- the vector environment ------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_vector_env_stacks_games_and_seats(game_id: str) -> None:
    players = seats(game_id)[0]
    envs = rz.vector_env(game_id, 3, players, **SHORT.get(game_id, {}))
    observations, _ = envs.reset(seed=5)
    shape = rulespec.game(game_id).observation_shape(players, envs.episodes[0].options)
    assert observations["observation"].shape == (3, players, *shape)
    assert observations["action_mask"].shape == (3, players, envs.action_space_size)
    assert envs.observation_space.contains(observations)
    for i, episode in enumerate(envs.episodes):
        for p in range(players):
            mask = observations["action_mask"][i, p]
            assert list(np.flatnonzero(mask)) == list(episode.legal_action_ids(p))
            seen = observations["observation"][i, p]
            if p in episode.to_move():  # a mover's own observation; zeros for the others
                assert np.array_equal(seen, envs._observers[i].observe(p))
            else:
                assert not seen.any() and not mask.any()
    again, _ = rz.vector_env(game_id, 3, players, **SHORT.get(game_id, {})).reset(seed=5)
    assert np.array_equal(again["observation"], observations["observation"])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_vector_env_s_rows_are_each_seat_s_observation_step_after_step(
    game_id: str,
) -> None:
    from rulespec.pettingzoo._observe import Observer

    players = seats(game_id)[-1]
    envs = rz.vector_env(game_id, 3, players, max_steps=40)
    observations, _ = envs.reset(seed=3)
    # Observers of their own, written seat by seat: what the batched rows must equal.
    plain = [Observer(episode) for episode in envs.episodes]
    rng = np.random.default_rng(3)
    compared = 0
    for _ in range(60):
        for i, episode in enumerate(envs.episodes):
            movers = episode.to_move()
            for p in range(players):
                mask = observations["action_mask"][i, p]
                seen = observations["observation"][i, p]
                if p in movers:
                    assert np.flatnonzero(mask).tolist() == list(episode.legal_action_ids(p))
                    assert np.array_equal(seen, plain[i].observe(p))
                    compared += 1
                else:
                    assert not seen.any() and not mask.any()
        masks = observations["action_mask"]
        assert masks.flags.writeable  # the masks are the caller's to change
        actions = (rng.random(masks.shape) * masks).argmax(axis=2)
        observations, *_ = envs.step(actions)
    assert compared >= 180


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_vector_env_resets_a_finished_game_in_the_same_step(game_id: str) -> None:
    players = seats(game_id)[0]
    envs = rz.vector_env(game_id, 2, players, max_steps=6)
    observations, _ = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(40):
        masks = observations["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=2)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert rewards.shape == (2, players) and rewards.dtype == np.float32
        done = terminations | truncations
        if not done.any():
            assert "final_obs" not in infos and "final_info" not in infos
            continue
        assert list(infos["_final_obs"]) == list(done) == list(infos["_final_info"])
        assert list(infos["final_info"]["_steps"]) == list(done)
        for i in np.flatnonzero(done):
            ended += 1
            final = infos["final_obs"][i]
            assert final["observation"].shape == observations["observation"][i].shape
            assert final["observation"].any(axis=-1).all()  # every seat's, written
            assert infos["final_info"]["steps"][i] >= 6
            assert envs.episodes[i].steps == 0  # a new game already
            assert observations["action_mask"][i].any()  # someone is to move in it
        for i in np.flatnonzero(~done):
            assert infos["final_obs"][i] is None
    assert ended >= 4


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_vector_env_plays_as_its_games_would_alone(game_id: str) -> None:
    from rulespec.pettingzoo._common import make_episode
    from rulespec.pettingzoo._observe import Observer

    players = seats(game_id)[-1]
    count = 3
    envs = rz.vector_env(game_id, count, players, max_steps=25)
    # The same games, seeded alike and played one by one with the same ids.
    alone = [
        make_episode(game_id, players, None, "win", None, 25, "lose", -1.0) for _ in range(count)
    ]
    observers = [Observer(e) for e in alone]
    for i, episode in enumerate(alone):
        episode.seed(4 + i)
        episode.reset()
    observations, _ = envs.reset(seed=4)
    rng = np.random.default_rng(4)
    ended = illegal = 0
    for step in range(120):
        for i, episode in enumerate(alone):
            masks = np.zeros((players, envs.action_space_size), dtype=np.int8)
            for p in episode.to_move():
                masks[p] = np.frombuffer(episode.legal_action_flags(p), dtype=np.int8)
                assert np.array_equal(observations["observation"][i, p], observers[i].observe(p))
            assert np.array_equal(observations["action_mask"][i], masks)
        masks = observations["action_mask"]
        actions = (rng.random(masks.shape) * masks).argmax(axis=2)
        if step % 40 == 39:  # an id no mover of game 1 may send: it ends that game
            actions[1] = envs.action_space_size - 1
            actions[1][masks[1, :, -1] == 1] = 0
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        for i, episode in enumerate(alone):
            outcome = episode.act({p: int(actions[i, p]) for p in episode.to_move()})
            assert rewards[i].tolist() == list(outcome.rewards)
            assert (terminations[i], truncations[i]) == (episode.terminated, episode.truncated)
            assert dict(infos["illegal_action"][i]) == dict(outcome.illegal)
            if not episode.done:
                assert "final_obs" not in infos or infos["final_obs"][i] is None
                continue
            ended += 1
            illegal += bool(outcome.illegal)
            final = infos["final_obs"][i]
            every = np.stack([observers[i].observe(p) for p in range(players)])
            assert np.array_equal(final["observation"], every)
            assert infos["final_info"]["steps"][i] == episode.steps
            assert infos["final_info"]["illegal_action"][i] == dict(outcome.illegal)
            episode.reset()
    assert ended >= 6 and illegal >= 1


def test_the_vector_env_refuses_bad_actions_and_steps_before_reset() -> None:
    envs = rz.vector_env("duo", 2, 2)
    with pytest.raises(rz.ResetNeeded):
        envs.step(np.zeros((2, 2), dtype=np.int64))
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="shape"):
        envs.step(np.zeros((3, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="integers"):
        envs.step(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="num_envs"):
        rz.vector_env("duo", 0, 2)
    movers = [e.to_move()[0] for e in envs.episodes]
    _, rewards, terminations, _, infos = envs.step(np.full((2, 2), 154))  # Stop: no card yet
    assert terminations.all()
    for i, mover in enumerate(movers):
        assert list(infos["illegal_action"][i]) == [mover]
        assert rewards[i].tolist() == [-1.0 if p == mover else 0.0 for p in range(2)]
