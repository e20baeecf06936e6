"""Train a policy for one seat of a game with REINFORCE, in NumPy alone, then measure it.

The learner plays a random seat of each game against fixed opponents
(:mod:`rulespec.gymnasium`, uniformly random players by default), and is
rewarded 1 for a win (a shared victory included), 0 otherwise. Its policy is
a small neural network (one hidden layer of ``tanh`` units) from the
observation to one logit per action id; illegal ids are masked out before
the softmax. Each update follows the policy gradient of a batch of games,
with the batch's mean return as baseline, by Adam. Observations are
compressed with ``sign(x) log(1 + |x|)`` (card counts reach 43).

After training, the policy (sampling its actions, as it learnt to) meets
random players and the search bot, from every seat in turn; the script
prints its win share with 95 % Wilson intervals, against the equal share
``1/players``, and the CPU time spent. Canardage with three players learns
within minutes:

    python examples/reinforce.py canardage --players 3 --games 12000

Needs the ``rl`` extra (``pip install "rulespec[rl]"``); no other package.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from rulespec import gymnasium as rg
from rulespec.tools.simulation import wilson

Array = npt.NDArray[np.float64]


def features(observation: npt.NDArray[Any]) -> Array:
    """The network's input: the observation, flattened and compressed."""
    x = np.asarray(observation, dtype=np.float64).ravel()
    return np.sign(x) * np.log1p(np.abs(x))


class Policy:
    """A one-hidden-layer network from features to masked action probabilities."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, 0.1 / np.sqrt(hidden), (hidden, actions)),
            "b2": np.zeros(actions),
        }

    def forward(self, x: Array, mask: npt.NDArray[Any]) -> tuple[Array, Array]:
        """Hidden activations and action probabilities for a batch ``x`` (rows)."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"])
        logits = h @ p["w2"] + p["b2"]
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return h, e / e.sum(axis=-1, keepdims=True)

    def gradients(
        self, x: Array, mask: npt.NDArray[Any], actions: npt.NDArray[np.int64], advantage: Array
    ) -> dict[str, Array]:
        """The gradient of ``mean(advantage × log π(action))`` (to be ascended)."""
        p = self.params
        h, probabilities = self.forward(x, mask)
        d_logits = -probabilities
        d_logits[np.arange(len(actions)), actions] += 1.0
        d_logits *= advantage[:, None] / len(actions)
        d_h = (d_logits @ p["w2"].T) * (1.0 - h * h)
        return {
            "w2": h.T @ d_logits,
            "b2": d_logits.sum(axis=0),
            "w1": x.T @ d_h,
            "b1": d_h.sum(axis=0),
        }

    def act(self, observation: dict[str, Any], rng: np.random.Generator | None) -> int:
        """An action id: sampled from the policy with ``rng``, its most likely without."""
        x = features(observation["observation"])[None, :]
        _, probabilities = self.forward(x, observation["action_mask"][None, :])
        if rng is None:
            return int(probabilities[0].argmax())
        return int(rng.choice(probabilities.shape[1], p=probabilities[0]))


class Adam:
    """Adam steps of a dict of parameters (ascending the gradient)."""

    def __init__(self, params: dict[str, Array], rate: float) -> None:
        self.rate, self.t = rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, Array], grads: dict[str, Array]) -> None:
        """Move ``params`` along ``grads``."""
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            params[k] += self.rate * m / (np.sqrt(v) + 1e-8)


def play(
    env: rg.SingleAgentEnv, policy: Policy, rng: np.random.Generator | None
) -> tuple[list[Array], list[npt.NDArray[Any]], list[int], float]:
    """One game: the learner's features, masks and actions, and its return."""
    observation, _ = env.reset()
    xs, masks, actions, total, done = [], [], [], 0.0, False
    while not done:
        action = policy.act(observation, rng)
        xs.append(features(observation["observation"]))
        masks.append(observation["action_mask"])
        actions.append(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
    return xs, masks, actions, total


def train(
    env: rg.SingleAgentEnv, games: int, batch: int, hidden: int, rate: float, seed: int
) -> tuple[Policy, list[float]]:
    """A policy trained on ``games`` games; the mean return of each batch."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    inputs = int(np.prod(env.observation_space["observation"].shape or (1,)))
    policy = Policy(inputs, int(env.action_space.n), hidden, rng)
    adam = Adam(policy.params, rate)
    curve: list[float] = []
    for _ in range(max(1, games // batch)):
        xs: list[Array] = []
        masks: list[npt.NDArray[Any]] = []
        actions: list[int] = []
        returns: list[float] = []
        lengths: list[int] = []
        for _ in range(batch):
            x, m, a, g = play(env, policy, rng)
            xs += x
            masks += m
            actions += a
            returns.append(g)
            lengths.append(len(a))
        baseline = float(np.mean(returns))
        advantage = np.repeat(np.array(returns) - baseline, lengths)
        if np.any(advantage):
            grads = policy.gradients(
                np.array(xs), np.array(masks), np.array(actions, dtype=np.int64), advantage
            )
            adam.step(policy.params, grads)
        curve.append(baseline)
    return policy, curve


def evaluate(
    game_id: str, players: int, opponents: str, policy: Policy, games: int, seed: int, **kw: Any
) -> dict[str, Any]:
    """The policy's win share against ``opponents``, every seat in turn (its actions
    sampled from a generator seeded by ``seed``)."""
    rng = np.random.default_rng(seed)
    won = 0.0
    for seat in range(players):
        env = rg.make(game_id, players, opponents, seat=seat, **kw)
        env.reset(seed=seed + seat)
        for _ in range(seat, games, players):
            observation, info = env.reset()
            done, total = False, 0.0
            while not done:
                observation, reward, terminated, truncated, info = env.step(
                    policy.act(observation, rng)
                )
                total += reward
                done = terminated or truncated
            winners = info["winners"]
            won += total / len(winners) if winners and total > 0 else 0.0
    low, high = wilson(won, games)
    return {"games": games, "win_share": round(won / games, 3), "interval95": [low, high]}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train and measure as ``argv`` says; print and return the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="canardage")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=12000, help="training games")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--opponents", default="random", help="the training opponents")
    parser.add_argument("--eval-random", type=int, default=600, help="games against random")
    parser.add_argument("--eval-search", type=int, default=60, help="games against search")
    parser.add_argument("--search", default="search:20", help="the search bot's budget")
    parser.add_argument("--max-rounds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    kw: dict[str, Any] = {} if args.max_rounds is None else {"max_rounds": args.max_rounds}
    env = rg.make(args.game, args.players, args.opponents, seat=None, **kw)
    start = time.process_time()
    policy, curve = train(env, args.games, args.batch, args.hidden, args.rate, args.seed)
    trained = time.process_time() - start
    summary: dict[str, Any] = {
        "game": args.game,
        "players": args.players,
        "training_games": len(curve) * args.batch,
        "training_cpu_seconds": round(trained, 1),
        "equal_share": round(1 / args.players, 3),
        "first_batches_win_share": round(float(np.mean(curve[:5])), 3),
        "last_batches_win_share": round(float(np.mean(curve[-5:])), 3),
    }
    for name, opponents, games in (
        ("against_random", "random", args.eval_random),
        ("against_search", args.search, args.eval_search),
    ):
        if games:
            found = evaluate(args.game, args.players, opponents, policy, games, 10_000, **kw)
            found["interval95"] = [round(v, 3) for v in found["interval95"]]
            summary[name] = {"opponents": opponents, **found}
    summary["total_cpu_seconds"] = round(time.process_time() - start, 1)
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
