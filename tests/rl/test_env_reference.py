"""The environments' outputs, step after step, equal those of a plain reference written
here from the engine alone: each observation is the view's numbers, clipped to the
declared bounds and scaled, each mask the legal ids, and rewards, terminations,
truncations and infos follow the rules of :mod:`rulespec.rl.episode` (an illegal id
ends the game at the end of its turn; a game is truncated after ``max_steps`` player
actions, at the end of a turn). Seeded random games of every player count, legal ids
mostly, some illegal ones and some short caps."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import rulespec
from rulespec import pettingzoo as rz
from rulespec.core.errors import IllegalAction
from tests.rl.helpers import GAME_IDS, THOROUGH, seats

GAMES = 3 if THOROUGH else 1


class Reference:
    """One game played from the engine's functions only, as the environments promise."""

    def __init__(self, env_episode: Any, seed: int, reward: str) -> None:
        self.g: Any = env_episode.game
        self.players = env_episode.players
        self.options = env_episode.options
        self.max_steps = env_episode.max_steps
        self.size = env_episode.action_space_size
        self.reward = reward
        self.rng = random.Random(seed)
        low, high = (
            np.asarray(b, dtype=np.float32)
            for b in self.g.encoding.observation_bounds(self.players, self.options)
        )
        scale = (1.0 / np.maximum(np.maximum(np.abs(low), np.abs(high)), 1.0)).astype(np.float32)
        self.low, self.high, self.scale = low, high, scale
        self.new_game()

    def new_game(self) -> None:
        g = self.g
        self.state = self.resolve(g.new_game(self.players, self.options))
        self.movers: tuple[int, ...] = g.to_move(self.state)
        self.steps = 0
        self.illegal: dict[int, str] = {}
        self.done = self.over = self.truncated = False
        self.values = self.value()

    def resolve(self, state: Any) -> Any:
        g = self.g
        while g.to_move(state) == (rulespec.CHANCE,):
            state = g.apply(state, g.sample_chance(state, self.rng))
        return state

    def value(self) -> tuple[float, ...]:
        g, state = self.g, self.state
        if self.reward == "score":
            sign = -1.0 if g.lowest_score_wins else 1.0
            return tuple(sign * s for s in g.scores(state))
        won = g.winners(state) if g.is_over(state) else ()
        return tuple(1.0 if p in won else 0.0 for p in range(self.players))

    def legal(self, seat: int) -> list[int]:
        if self.done or seat not in self.movers:
            return []
        return sorted(self.g.encoding.legal_action_ids(self.state, seat))

    def mask(self, seat: int) -> np.ndarray[Any, Any]:
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.legal(seat)] = 1
        return mask

    def observation(self, seat: int) -> np.ndarray[Any, Any]:
        numbers = np.asarray(self.g.observation(self.g.view(self.state, seat)), dtype=np.float64)
        clipped = np.clip(numbers, self.low, self.high).astype(np.float32)
        return clipped * self.scale

    def act(self, ids: dict[int, int]) -> tuple[float, ...]:
        """Play the ids of some movers (checked against the state before any is applied);
        the step's rewards."""
        g, state = self.g, self.state
        actions, refused = [], {}
        for p in sorted(ids):
            try:
                actions.append(g.action_from_id(state, p, ids[p]))
            except IllegalAction as exc:
                refused[p] = str(exc)
        zeros: tuple[float, ...] = (0.0,) * self.players
        if refused or self.illegal:
            self.illegal.update(refused)
            waiting = tuple(p for p in self.movers if p not in ids)
            if waiting:
                self.movers = waiting
                return zeros
            self.done = True
            return tuple(-1.0 if p in self.illegal else 0.0 for p in range(self.players))
        for action in actions:
            state = g.apply(state, action)
        self.state = self.resolve(state)
        before, self.movers = self.movers, g.to_move(self.state)
        self.steps += len(ids)
        if not self.movers:
            self.done = self.over = True
        elif self.steps >= self.max_steps:
            rest = tuple(p for p in before if p not in ids)
            self.truncated = self.done = self.movers != rest
        if self.reward == "win" and not self.over:
            return zeros
        old, self.values = self.values, self.value()
        return tuple(b - a for a, b in zip(old, self.values, strict=True))


def _pick(reference: Reference, seat: int, rng: random.Random) -> int:
    """A legal id mostly, now and then any id at all."""
    legal = reference.legal(seat)
    if rng.random() < 0.004 or not legal:
        return rng.randrange(reference.size)
    return rng.choice(legal)


def _cases() -> list[Any]:
    cases = []
    for game_id in GAME_IDS:
        low, high = seats(game_id)
        for players in range(low, high + 1):
            cases.append(pytest.param(game_id, players, id=f"{game_id}-{players}"))
    return cases


def _settings(game_id: str, k: int) -> dict[str, Any]:
    settings: dict[str, Any] = {"reward": ("win", "score")[k % 2]}
    if game_id == "duo":
        settings["max_rounds"] = 2
    if k % 3 == 2:
        settings["max_steps"] = 30 + 7 * k
    return settings


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_the_aec_env_gives_what_the_reference_gives(game_id: str, players: int) -> None:
    rng = random.Random(f"aec{game_id}{players}")
    compared = 0
    for k in range(GAMES + 2):
        settings = _settings(game_id, k)
        env = rz.env(game_id, players, **settings)
        names = env.possible_agents
        seed = rng.randrange(1 << 30)
        env.reset(seed=seed)
        reference = Reference(env.episode, seed, settings["reward"])
        cumulative = dict.fromkeys(names, 0.0)
        infos: dict[str, dict[str, str]] = {name: {} for name in names}
        for agent in env.agent_iter():
            seat = names.index(agent)
            observation, reward, terminated, truncated, info = env.last()
            assert observation is not None
            if not reference.done:
                assert seat == reference.movers[0]
            assert np.array_equal(observation["observation"], reference.observation(seat))
            assert observation["observation"].dtype == np.float32
            assert np.array_equal(observation["action_mask"], reference.mask(seat))
            assert reward == cumulative[agent]
            ended = reference.done and bool(reference.illegal or reference.over)
            assert (terminated, truncated) == (ended, reference.done and not ended)
            assert info == infos[agent]
            if rng.random() < 0.3:  # another agent looks, out of turn
                other = rng.randrange(players)
                seen = env.observe(names[other])
                assert np.array_equal(seen["observation"], reference.observation(other))
                assert np.array_equal(seen["action_mask"], reference.mask(other))
            if rng.random() < 0.05:
                every = [reference.observation(p).ravel() for p in range(players)]
                assert np.array_equal(env.state(), np.concatenate(every))
            compared += 1
            if terminated or truncated:
                env.step(None)
                continue
            action = _pick(reference, seat, rng)
            rewards = reference.act({seat: action})
            env.step(action)
            step_rewards = dict(zip(names, rewards, strict=True))
            cumulative[agent] = 0.0
            for name in names:
                cumulative[name] += step_rewards[name]
            if reference.done:  # the illegal ids show once the game has ended
                for p, reason in reference.illegal.items():
                    infos[names[p]] = {"illegal_action": reason}
            if any(rewards):
                assert env.rewards == step_rewards
            assert env.infos == {name: infos[name] for name in env.agents}
        assert reference.done
    assert compared > 50


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_the_vector_env_gives_what_the_reference_gives(game_id: str, players: int) -> None:
    rng = random.Random(f"vector{game_id}{players}")
    count = 3
    settings = _settings(game_id, players)
    settings["max_steps"] = 20 + 10 * players
    envs = rz.vector_env(game_id, count, players, **settings)
    seed = rng.randrange(1 << 30)
    observations, _ = envs.reset(seed=seed)
    references = [Reference(e, seed + i, settings["reward"]) for i, e in enumerate(envs.episodes)]
    ended = 0
    for _ in range(40 * (GAMES + 1)):
        actions = np.zeros((count, players), dtype=np.int64)
        for i, reference in enumerate(references):
            for p in range(players):
                seen = observations["observation"][i, p]
                if p in reference.movers:
                    assert np.array_equal(seen, reference.observation(p))
                else:
                    assert not seen.any()
                assert np.array_equal(observations["action_mask"][i, p], reference.mask(p))
            for p in reference.movers:
                actions[i, p] = _pick(reference, p, rng)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert observations["observation"].dtype == np.float32
        for i, reference in enumerate(references):
            step = reference.act({p: int(actions[i, p]) for p in reference.movers})
            assert rewards[i].tolist() == list(step)
            ended_by_rules = bool(reference.illegal or reference.over)
            assert terminations[i] == (reference.done and ended_by_rules)
            assert truncations[i] == (reference.done and not ended_by_rules)
            illegal = reference.illegal if reference.done else {}
            assert dict(infos["illegal_action"][i]) == illegal
            if not reference.done:
                assert "final_obs" not in infos or infos["final_obs"][i] is None
                continue
            ended += 1
            final = infos["final_obs"][i]
            every = np.stack([reference.observation(p) for p in range(players)])
            assert np.array_equal(final["observation"], every)
            last_masks = np.stack([reference.mask(p) for p in range(players)])
            assert np.array_equal(final["action_mask"], last_masks)
            assert infos["final_info"]["steps"][i] == reference.steps
            assert infos["final_info"]["illegal_action"][i] == illegal
            reference.new_game()
    assert ended >= 1


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [
        ("duo", {}),
        ("duo", {"turbo": True}),
        ("canardage", {}),
        ("canardage", {"canarchie": "any-order"}),
    ],
)
def test_the_mask_flags_number_each_legal_action_as_action_id_does(
    game_id: str, settings: dict[str, Any]
) -> None:
    g = rulespec.game(game_id)
    options = g.decode_options(settings)
    encoding: Any = g.encoding
    rng = random.Random(f"flags{game_id}{settings}")
    checked = canarchie = 0
    low, high = seats(game_id)
    for players in range(low, high + 1):
        state = g.new_game(players, options)
        for _ in range(150 * (GAMES + 1)):
            if g.is_over(state):
                break
            (actor,) = g.to_move(state)[:1]
            if actor == rulespec.CHANCE:
                state = g.apply(state, g.sample_chance(state, rng))
                continue
            legal = list(g.legal_actions(state, actor))
            if rng.random() < 0.3:
                for seat in range(players):
                    flags = encoding.legal_action_flags(state, seat)
                    numbered = sorted(
                        encoding.action_id(state, a) for a in g.legal_actions(state, seat)
                    )
                    assert [i for i, flag in enumerate(flags) if flag] == numbered
                    checked += 1
                canarchie += len(legal) > 50
            state = g.apply(state, rng.choice(legal))
    assert checked > 40
    if game_id == "canardage":
        assert canarchie > 0  # Canarchie's new lines were among them


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_player_s_step_is_refused_for_a_player_not_to_move(game_id: str) -> None:
    from rulespec.rl.episode import Episode

    episode = Episode(rulespec.game(game_id), 3, seed=2)
    first = episode.to_move()[0]
    legal = episode.legal_action_ids(first)
    episode.legal_action_flags(first)  # listed, as a mask lists them
    episode.act_one(first, legal[-1])  # the last id ends the turn (Duo's Draw)
    assert first not in episode.to_move()
    episode.legal_action_flags(first)
    with pytest.raises(ValueError, match="players to move"):
        episode.act_one(first, legal[-1])
