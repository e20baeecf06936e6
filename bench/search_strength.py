"""How strong the search bot is: its win share against the built-in bots, in every game.

Each setting plays ``--games`` games of one game: the search bot
(:class:`rulespec.tools.search.Search`) in one seat, the named opponent policy in
every other. The bot's seat rotates (game ``i``: seat ``i mod players``), so no
seat's advantage helps or hurts it; a bot no better than its opponents would win
about one game in ``players``. Game ``i`` of a setting is played from the seed
``"SEED-i"`` with the game's simulation options (Duo stops at 50 rounds, a match
without a winner then). A shared victory counts ``1/k`` to each of its ``k``
winners.

Printed per setting: games, the bot's win share with its 95 % Wilson interval,
the share an equal player would expect, and the mean time of a searched
decision (one with more than one legal action; a single legal action is played
without search) and the processor time of the setting's games, then the total
wall-clock time. Processor time barely depends on what else the machine runs,
so ``nice`` changes the wall-clock time only.

Usage: ``uv run python bench/search_strength.py [--games 100] [--seed 0]
[--workers 1] [--only GAME] [--players N] [--playouts N]``
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

import attrs

import rulespec
from rulespec.tools.search import Search
from rulespec.tools.simulation import wilson

CHANCE = rulespec.CHANCE


@attrs.frozen
class Setting:
    """One measurement: a game, its players, the opponents' policy and the bot's budget."""

    game: str
    players: int
    opponent: str
    playouts: int

    @property
    def label(self) -> str:
        return f"{self.game}, {self.players} players, vs {self.opponent}, search:{self.playouts}"


SETTINGS = (
    Setting("duck-and-cover", 2, "random", 50),
    Setting("duck-and-cover", 4, "random", 50),
    Setting("duo", 2, "random", 30),
    Setting("duo", 4, "random", 30),
    Setting("duo", 2, "greedy", 100),
    Setting("duo", 4, "greedy", 100),
    Setting("canardage", 3, "random", 100),
    Setting("canardage", 4, "random", 100),
)


@attrs.frozen
class Game:
    """One game's outcome for the bot, and the cost of its searched decisions."""

    share: float
    searched: int
    seconds: float
    """Processor time of the searched decisions."""
    cpu: float
    """Processor time of the whole game."""


def one_game(setting: Setting, seed: int, index: int) -> Game:
    """Game ``index`` of ``setting``: the bot in seat ``index mod players``."""
    g = rulespec.game(setting.game)
    bot = Search(playouts=setting.playouts)
    other = g.policies()[setting.opponent]
    seat = index % setting.players
    began = time.process_time()
    rng = random.Random(f"{seed}-{index}")
    state = g.new_game(setting.players, g.decode_options(g.simulation_options()))
    searched, seconds = 0, 0.0
    while not g.is_over(state):
        actor = g.to_move(state)[0]
        if actor == CHANCE:
            action = g.sample_chance(state, rng)
        elif actor == seat:
            many = len(g.legal_actions(state, actor)) > 1
            start = time.process_time()
            action = bot(g, state, actor, rng)
            if many:
                seconds += time.process_time() - start
                searched += 1
        else:
            action = other(g, state, actor, rng)
        state = g.apply(state, action)
    winners = g.winners(state)
    share = 1 / len(winners) if seat in winners else 0.0
    return Game(share, searched, seconds, time.process_time() - began)


def _play(job: tuple[Setting, int, int]) -> Game:
    return one_game(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per setting")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--only", default=None, help="only this game's settings")
    parser.add_argument("--playouts", type=int, default=None, help="every setting's budget")
    parser.add_argument("--players", type=int, default=None, help="only this player count")
    parser.add_argument("--opponent", default=None, help="only against this policy")
    args = parser.parse_args()
    chosen = [
        s if args.playouts is None else attrs.evolve(s, playouts=args.playouts)
        for s in SETTINGS
        if args.only in (None, s.game)
        and args.players in (None, s.players)
        and args.opponent in (None, s.opponent)
    ]
    began = time.perf_counter()
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    print(
        "| setting | games | win share (95 % interval) | equal player | ms per decision | CPU s |"
    )
    try:
        for setting in chosen:
            jobs = [(setting, args.seed, i) for i in range(args.games)]
            games = list(pool.map(_play, jobs) if pool else map(_play, jobs))
            won = sum(r.share for r in games)
            low, high = wilson(won, len(games))
            searched = sum(r.searched for r in games)
            per = 1000 * sum(r.seconds for r in games) / max(searched, 1)
            print(
                f"| {setting.label} | {len(games)} | {100 * won / len(games):.1f} % "
                f"({100 * low:.1f}–{100 * high:.1f}) | {100 / setting.players:.1f} % "
                f"| {per:.1f} ({searched} decisions) | {sum(r.cpu for r in games):.0f} |",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"total: {time.perf_counter() - began:.0f} s, {args.workers} worker(s)")


if __name__ == "__main__":
    main()
