"""Train a policy for one seat of a game by policy gradient, in NumPy alone, then measure it.

The learner plays a random seat of each game against fixed opponents
(:mod:`rulespec.gymnasium`, uniformly random players by default), and is
rewarded 1 for a win (a shared victory included), 0 otherwise: nothing else.
Its policy is a small neural network (one hidden layer of ``tanh`` units,
plus a linear path) from the observation, which the environment already
scales into a bounded range, to one logit per action id; illegal ids are
masked out before the softmax. A second network (one hidden layer too)
learns the value of a position, the chance of winning from there, which is
each decision's baseline: the policy follows the gradient of its actions'
advantages (estimated over the rest of the game with ``--lam``, then
normalised over the batch) plus a small entropy bonus (``--entropy``), by
Adam with a learning rate that decays linearly to a tenth of ``--rate``.
The games of a batch are played side by side, so that the learners' next
decisions are one pass of the network.

After training, the policy (sampling its actions, as it learnt to, or
choosing the most likely with ``--greedy``) meets random players and the
search bot, from every seat in turn; the script prints its win share with
95 % Wilson intervals, against the equal share ``1/players``, and the CPU
time spent. Canardage with three players learns within minutes (about 280
CPU seconds of training, then about 78 % of the wins against random players,
an equal share 33 %):

    python examples/reinforce.py canardage --players 3 --games 40000

Needs the ``rl`` extra (``uv sync --extra rl``, or ``pip install ".[rl]"`` in a clone);
no other package.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

# The networks are small: one thread computes them as fast, and the CPU time is the work.
for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from rulespec import gymnasium as rg  # noqa: E402
from rulespec.tools.simulation import wilson  # noqa: E402

Array = npt.NDArray[np.float64]


def features(observation: npt.NDArray[Any]) -> Array:
    """The network's input: the observation, flattened (its numbers are scaled into
    their bounds by the environment)."""
    return np.asarray(observation, dtype=np.float64).ravel()


class Policy:
    """A one-hidden-layer network from features to masked action probabilities."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, 0.1 / np.sqrt(hidden), (hidden, actions)),
            "b2": np.zeros(actions),
            "w0": np.zeros((inputs, actions)),
        }

    def forward(self, x: Array, mask: npt.NDArray[Any]) -> tuple[Array, Array]:
        """Hidden activations and action probabilities for a batch ``x`` (rows)."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"])
        logits = h @ p["w2"] + p["b2"] + x @ p["w0"]
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return h, e / e.sum(axis=-1, keepdims=True)

    def gradients(
        self,
        x: Array,
        mask: npt.NDArray[Any],
        actions: npt.NDArray[np.int64],
        advantage: Array,
        entropy: float = 0.0,
    ) -> dict[str, Array]:
        """The gradient of ``mean(advantage × log π(action) + entropy × H(π))`` (to be
        ascended), ``H`` the entropy of the policy over the legal ids."""
        p = self.params
        h, probabilities = self.forward(x, mask)
        d_logits = -probabilities
        d_logits[np.arange(len(actions)), actions] += 1.0
        d_logits *= advantage[:, None]
        if entropy:
            logs = np.log(np.where(probabilities > 0, probabilities, 1.0))
            h_pi = -(probabilities * logs).sum(axis=1, keepdims=True)
            d_logits -= entropy * probabilities * (logs + h_pi)
        d_logits /= len(actions)
        d_h = (d_logits @ p["w2"].T) * (1.0 - h * h)
        return {
            "w2": h.T @ d_logits,
            "b2": d_logits.sum(axis=0),
            "w0": x.T @ d_logits,
            "w1": x.T @ d_h,
            "b1": d_h.sum(axis=0),
        }

    def choose(
        self, x: Array, mask: npt.NDArray[Any], rng: np.random.Generator | None
    ) -> npt.NDArray[np.int64]:
        """An action id for each row of ``x``: sampled from the policy with ``rng``, its
        most likely without."""
        _, probabilities = self.forward(x, mask)
        if rng is None:
            best: npt.NDArray[np.int64] = probabilities.argmax(axis=1)
            return best
        # Inverse-CDF sampling of every row at once; the clip keeps a rounding error
        # at the top from picking a masked id past the last legal one.
        cumulative = probabilities.cumsum(axis=1)
        draws = rng.random((len(x), 1)) * cumulative[:, -1:]
        chosen = (cumulative <= draws).sum(axis=1)
        legal = mask.astype(bool)
        last = mask.shape[1] - 1 - legal[:, ::-1].argmax(axis=1)
        picked: npt.NDArray[np.int64] = np.minimum(chosen, last).astype(np.int64)
        return picked

    def act(self, observation: dict[str, Any], rng: np.random.Generator | None) -> int:
        """An action id: sampled from the policy with ``rng``, its most likely without."""
        x = features(observation["observation"])[None, :]
        return int(self.choose(x, observation["action_mask"][None, :], rng)[0])


class Critic:
    """A one-hidden-layer network from features to the value of the position."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": np.zeros(hidden),
            "b2": np.zeros(1),
        }

    def forward(self, x: Array) -> tuple[Array, Array]:
        """Hidden activations and values for a batch ``x`` (rows)."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"])
        return h, h @ p["w2"] + p["b2"]

    def gradients(self, x: Array, targets: Array) -> dict[str, Array]:
        """The gradient of ``-mean((value - target)²) / 2`` (to be ascended)."""
        p = self.params
        h, values = self.forward(x)
        d_v = (targets - values) / len(targets)
        d_h = np.outer(d_v, p["w2"]) * (1.0 - h * h)
        return {"w2": h.T @ d_v, "b2": d_v.sum(keepdims=True), "w1": x.T @ d_h, "b1": d_h.sum(0)}


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


class Batch:
    """The learner's decisions in a batch of games: features, masks, actions, and for
    each game its decisions' span and its return."""

    def __init__(self) -> None:
        self.xs: list[Array] = []
        self.masks: list[npt.NDArray[Any]] = []
        self.actions: list[int] = []
        self.games: list[list[int]] = []
        self.returns: list[float] = []


def play(
    envs: list[rg.SingleAgentEnv], policy: Policy, rng: np.random.Generator | None
) -> tuple[Batch, list[dict[str, Any]]]:
    """One game in each environment, side by side: the learner's decisions, and each
    game's last ``info``."""
    batch = Batch()
    observations = [env.reset()[0] for env in envs]
    decisions: list[list[int]] = [[] for _ in envs]
    returns = [0.0] * len(envs)
    infos: list[dict[str, Any]] = [{} for _ in envs]
    live = list(range(len(envs)))
    while live:
        x = np.array([features(observations[i]["observation"]) for i in live])
        mask = np.array([observations[i]["action_mask"] for i in live])
        chosen = policy.choose(x, mask, rng)
        still = []
        for row, i in enumerate(live):
            decisions[i].append(len(batch.actions))
            batch.xs.append(x[row])
            batch.masks.append(mask[row])
            batch.actions.append(int(chosen[row]))
            observation, reward, terminated, truncated, info = envs[i].step(int(chosen[row]))
            returns[i] += reward
            if terminated or truncated:
                infos[i] = info
            else:
                observations[i] = observation
                still.append(i)
        live = still
    batch.games, batch.returns = decisions, returns
    return batch, infos


def advantages(values: Array, batch: Batch, lam: float) -> tuple[Array, Array]:
    """Each decision's advantage and its value target (``λ``-returns): the game's
    return is its only reward, and the value after the last decision is 0."""
    advantage = np.zeros(len(values))
    for rows, total in zip(batch.games, batch.returns, strict=True):
        following, running = total, 0.0
        for row in reversed(rows):
            running = following - values[row] + lam * running
            advantage[row] = running
            following = values[row]
    return advantage, advantage + values


def train(
    envs: list[rg.SingleAgentEnv],
    games: int,
    hidden: int,
    rate: float,
    seed: int,
    lam: float = 0.95,
    entropy: float = 0.01,
) -> tuple[Policy, list[float]]:
    """A policy trained on about ``games`` games, ``len(envs)`` per update; the mean
    return of each batch."""
    rng = np.random.default_rng(seed)
    for i, env in enumerate(envs):
        env.reset(seed=seed + i)
    inputs = int(np.prod(envs[0].observation_space["observation"].shape or (1,)))
    policy = Policy(inputs, int(envs[0].action_space.n), hidden, rng)
    critic = Critic(inputs, hidden, rng)
    adam, critic_adam = Adam(policy.params, rate), Adam(critic.params, rate)
    curve: list[float] = []
    updates = max(1, games // len(envs))
    for update in range(updates):
        batch, _ = play(envs, policy, rng)
        x = np.array(batch.xs)
        mask = np.array(batch.masks)
        actions = np.array(batch.actions, dtype=np.int64)
        _, values = critic.forward(x)
        advantage, targets = advantages(values, batch, lam)
        advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
        adam.rate = critic_adam.rate = rate * (1.0 - 0.9 * update / updates)
        adam.step(policy.params, policy.gradients(x, mask, actions, advantage, entropy))
        critic_adam.step(critic.params, critic.gradients(x, targets))
        curve.append(float(np.mean(batch.returns)))
    return policy, curve


def evaluate(
    game_id: str,
    players: int,
    opponents: str,
    policy: Policy,
    games: int,
    seed: int,
    side: int = 64,
    greedy: bool = False,
    **kw: Any,
) -> dict[str, Any]:
    """The policy's win share against ``opponents``, every seat in turn (its actions
    sampled from a generator seeded by ``seed``, its most likely ones if ``greedy``;
    ``side`` games played side by side)."""
    rng = np.random.default_rng(seed)
    won = 0.0
    for seat in range(players):
        count = len(range(seat, games, players))
        envs = [
            rg.make(game_id, players, opponents, seat=seat, **kw) for _ in range(min(side, count))
        ]
        for i, env in enumerate(envs):
            env.reset(seed=seed + seat * side + i)
        while count:
            batch, infos = play(envs[:count], policy, None if greedy else rng)
            for total, info in zip(batch.returns, infos, strict=True):
                winners = info["winners"]
                won += total / len(winners) if winners and total > 0 else 0.0
            count -= len(infos)
    low, high = wilson(won, games)
    return {"games": games, "win_share": round(won / games, 3), "interval95": [low, high]}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Train and measure as ``argv`` says; print and return the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="canardage")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=40000, help="training games")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--rate", type=float, default=0.003, help="the first learning rate")
    parser.add_argument("--lam", type=float, default=0.95, help="advantages' λ (1: whole game)")
    parser.add_argument("--entropy", type=float, default=0.01, help="the entropy bonus")
    parser.add_argument("--opponents", default="random", help="the training opponents")
    parser.add_argument("--eval-random", type=int, default=3000, help="games against random")
    parser.add_argument("--eval-search", type=int, default=150, help="games against search")
    parser.add_argument("--search", default="search:20", help="the search bot's budget")
    parser.add_argument(
        "--greedy", action="store_true", help="measure the most likely actions, not samples"
    )
    parser.add_argument("--max-rounds", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    kw: dict[str, Any] = {} if args.max_rounds is None else {"max_rounds": args.max_rounds}
    envs = [
        rg.make(args.game, args.players, args.opponents, seat=None, **kw) for _ in range(args.batch)
    ]
    start = time.process_time()
    policy, curve = train(
        envs, args.games, args.hidden, args.rate, args.seed, args.lam, args.entropy
    )
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
            found = evaluate(
                args.game, args.players, opponents, policy, games, 10_000, greedy=args.greedy, **kw
            )
            found["interval95"] = [round(v, 3) for v in found["interval95"]]
            play = "greedy" if args.greedy else "sampled"
            summary[name] = {"opponents": opponents, "play": play, **found}
    summary["total_cpu_seconds"] = round(time.process_time() - start, 1)
    print(json.dumps(summary))
    return summary


if __name__ == "__main__":
    main()
