"""A plain, mutable Goofspiel: the speed a game of Goofspiel needs no engine for.

The shape of the games' own speed baselines: a table of lists changed in place,
``legal()`` listing the actions as tuples, ``apply()`` asserting that one is
legal before playing it, a uniformly random legal bid for each player in turn. It
keeps what the engine's state keeps (the prize cards each player won in order, the
discarded ones, the bids last revealed), so that both do the same work.
Run as ``python goofspiel_mutable.py [players] [games] [seed]``; prints ``N full
games/s`` for the uniform policy, as ``rulespec bench --baseline`` reads it.
"""

from __future__ import annotations

import random
import sys
import time

CARDS = 13


class Table:
    """One game: hands, the shuffled prizes, this turn's bids, the prizes won and lost."""

    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        self.prizes = rng.sample(range(1, CARDS + 1), CARDS)
        self.prize = self.prizes.pop()
        self.hands = [list(range(1, CARDS + 1)) for _ in range(players)]
        self.bids: list[int | None] = [None] * players
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.discarded: list[int] = []
        self.last: list[int] = []
        self.over = False

    def to_move(self) -> list[int]:
        return [] if self.over else [p for p, b in enumerate(self.bids) if b is None]

    def legal(self, p: int) -> list[tuple[str, int, int]]:
        return [("bid", p, c) for c in self.hands[p]] if self.bids[p] is None else []

    def apply(self, action: tuple[str, int, int]) -> None:
        _, p, card = action
        assert not self.over and self.bids[p] is None and card in self.hands[p]
        self.bids[p] = card
        if None in self.bids:
            return
        bids = self.bids
        high = max(bids)  # type: ignore[type-var]
        if bids.count(high) == 1:
            self.won[bids.index(high)].append(self.prize)
        else:
            self.discarded.append(self.prize)
        for hand, bid in zip(self.hands, bids, strict=True):
            hand.remove(bid)
        self.last = bids  # type: ignore[assignment]
        self.bids = [None] * self.players
        if self.prizes:
            self.prize = self.prizes.pop()
        else:
            self.over = True


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    start = time.perf_counter()
    for _ in range(games):
        table = Table(players, rng)
        while not table.over:
            for p in table.to_move():
                table.apply(rng.choice(table.legal(p)))
    print(f"uniform: {games / (time.perf_counter() - start):.1f} full games/s")


if __name__ == "__main__":
    main()
