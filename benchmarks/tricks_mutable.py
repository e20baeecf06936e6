"""A plain, mutable game of Tricks (the small trick-taking plug-in of the tests,
``tests/plugin/tricks.py``): lists changed in place, ``legal()`` listing actions as
tuples, ``apply()`` asserting one is legal before playing it, uniform play. It keeps
the cards of the tricks taken, as the engine's state does.
Run as ``python tricks_mutable.py [players] [games] [seed]``; prints ``N full games/s``.
"""

from __future__ import annotations

import random
import sys
import time

HAND = 3


class Table:
    """One game, dealt: hands, the trick on the table, the tricks taken, whose turn, the points."""

    def __init__(self, players: int, rng: random.Random) -> None:
        deck = rng.sample(range(1, HAND * players + 1), HAND * players)
        self.players = players
        self.hands = [sorted(deck[p::players]) for p in range(players)]
        self.table: list[int] = []
        self.played: list[int] = []
        self.points = [0] * players
        self.turn = 0

    def legal(self) -> list[tuple[str, int, int]]:
        return [("play", self.turn, c) for c in self.hands[self.turn]]

    def apply(self, action: tuple[str, int, int]) -> None:
        _, p, card = action
        assert p == self.turn and card in self.hands[p]
        self.hands[p].remove(card)
        self.table.append(card)
        if len(self.table) < self.players:
            self.turn = (p + 1) % self.players
            return
        leader = (p + 1) % self.players
        taker = (leader + self.table.index(max(self.table))) % self.players
        self.points[taker] += 1
        self.played += self.table
        self.table = []
        self.turn = taker if self.hands[p] else -1


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    start = time.perf_counter()
    for _ in range(games):
        table = Table(players, rng)
        while table.turn >= 0:
            table.apply(rng.choice(table.legal()))
    print(f"uniform: {games / (time.perf_counter() - start):.1f} full games/s")


if __name__ == "__main__":
    main()
