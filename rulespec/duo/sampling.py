"""Determinisation: a full Duo state drawn among those that show a player's view.

A view hides three things, and :func:`sample_state` draws each of them:

- the other players' hands and the draw pile's order: the cards that are neither in
  the player's hand, nor a pile's top, nor covered in a pile are dealt out to them at
  random, as a shuffle would (copies of the Turbo-joker told apart);
- the covered cards of the two discard piles (``duo.view.piles``): which cards lie
  under each top, and in what order. Each covered card must be one that the card on
  it may go on, so the covered cards form a chain down from each top.

The law is uniform over the states that show the view, copies of the Turbo-joker told
apart (as a shuffle deals them): each arrangement of the hidden cards is as likely as
any other. The covered cards are drawn first, then the rest is dealt out uniformly.

Where the piles cover at most :data:`EXACT` cards in all, the covered cards are drawn
exactly by rejection: each pile's chain is drawn as a *walk* down from its top (each
card one that the card above may go on, a card's copies counted, repeats allowed),
uniformly among the walks of its length, which a count of the walks by length makes
easy; a pair of walks that uses a card more often than it is unseen is drawn again
(and one that uses ``m`` of ``n`` Turbo-jokers is kept with probability
``n!/((n-m)! n^m)``, so that its copies count as distinct cards). What is kept is
uniform over the valid arrangements, since each was as likely as any other walk.

Longer covered chains would be rejected almost always, and no formula counts their
arrangements (they are the paths of a graph: which card may lie under which), so
they are drawn nearly uniformly, in two steps:

1. a random depth-first search lays the two chains down from the tops, each card
   drawn uniformly among the unseen cards that the card above may go on
   (backtracking at a dead end);
2. :data:`SWEEPS` sweeps of a heat-bath Markov chain then redraw each two
   neighbouring covered cards together, uniformly among the pairs of unseen cards
   (those two included) that fit between their neighbours. The uniform law over the
   valid arrangements is this chain's stationary law, so each sweep brings the
   sample closer to it.

On small cases, where the uniform law can be counted, the search alone is visibly
biased (it favours cards close to the top) and two sweeps make the law
indistinguishable from uniform in 20,000 samples. A covered card never comes back
into play (the discard piles are never reshuffled), so what is left of the bias only
touches which cards the other hands and the draw pile may hold.

Nothing else in a state is hidden.

>>> import random, rulespec
>>> duo = rulespec.game("duo")
>>> state = duo.start(3, seed=3)
>>> seen = duo.view(state, 1)
>>> guess = sample_state(seen, random.Random(1), duo.default_options())
>>> duo.view(guess, 1) == seen, guess.hands[1] == state.hands[1]
(True, True)
>>> len(guess.hands[0]), guess.piles == state.piles
(7, True)
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections import Counter
from functools import lru_cache
from itertools import accumulate

from rulespec.duo.cards import TURBO, Card
from rulespec.duo.matching import fits
from rulespec.duo.state import Options, State
from rulespec.duo.view import View
from rulespec.plugin.sampling import dealt_out, impossible, sizes, unseen

__all__ = ["EXACT", "SWEEPS", "exact", "sample_state"]

_GAME = "Duo"

SWEEPS = 2
"""Heat-bath sweeps over the covered cards of the discard piles, after the search."""

EXACT = 8
"""The most covered cards (both piles together) that are drawn exactly uniformly."""

_CARDS = TURBO + 1
_BELOW: tuple[int, ...] = tuple(
    sum(1 << c for c in range(_CARDS) if fits(upper, c)) for upper in range(_CARDS)
)
"""``_BELOW[upper]``: the cards (as bits) that ``upper`` may lie on."""
_ABOVE: tuple[int, ...] = tuple(
    sum(1 << c for c in range(_CARDS) if fits(c, lower)) for lower in range(_CARDS)
)
"""``_ABOVE[lower]``: the cards (as bits) that may lie on ``lower``."""
_EVERY = (1 << _CARDS) - 1

_BUDGET = 20_000
"""Steps of the first search for the covered chains before it starts again; each new
search may take twice as many."""
_ATTEMPTS = 7


def _nth(mask: int, n: int) -> Card:
    """The card of the ``n``-th lowest bit of ``mask`` (from 0)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _draw(mask: int, counts: list[int], rng: random.Random) -> Card:
    """A card of ``mask``, each as likely as its copies in ``counts`` (only the
    Turbo-joker has several)."""
    extra = counts[TURBO] - 1 if mask >> TURBO & 1 else 0
    pick = rng.randrange(mask.bit_count() + extra)
    if pick >= mask.bit_count():
        return TURBO
    return _nth(mask, pick)


class _Pieces:
    """What every sample of one view shares: the unseen cards (as counts), the tops,
    and the sizes of the places the unseen cards go to."""

    __slots__ = ("counts", "covered", "dealt", "draw", "hands", "tops")

    def __init__(self, view: View, options: Options) -> None:
        n = view.players
        if type(n) is not int or not 2 <= n <= 6:
            raise impossible(_GAME, f"Duo is for 2 to 6 players, not {n!r}")
        me = view.player
        if type(me) is not int or not 0 <= me < n:
            raise impossible(_GAME, f"there is no player {me!r} in a match of {n}")
        hand_sizes = sizes(view.hand_sizes, n, _GAME, "hand sizes")
        draw = sizes((view.draw_pile_size,), 1, _GAME, "the draw pile's size")[0]
        self.dealt = bool(view.pile_tops or view.pile_sizes)
        self.hands = tuple(0 if p == me else size for p, size in enumerate(hand_sizes))
        self.draw = draw
        self.tops: tuple[Card, ...] = ()
        self.covered: tuple[int, ...] = ()
        self.counts = [0] * _CARDS
        if not self.dealt:
            if view.hand or any(hand_sizes) or draw:
                raise impossible(_GAME, "cards are held, but the piles have not been started")
            return
        piles = sizes(view.pile_sizes, 2, _GAME, "the piles' sizes")
        if len(view.pile_tops) != 2 or 0 in piles:
            raise impossible(_GAME, "there are two discard piles, each with a top card")
        hand = view.hand
        if len(hand) != hand_sizes[me] or list(hand) != sorted(hand):
            raise impossible(_GAME, f"the hand {hand!r} is not {hand_sizes[me]} cards in order")
        full = options.cards()
        hidden = unseen(Counter(full), [*hand, *view.pile_tops], _GAME, "the hand and the tops")
        for card in hidden:
            self.counts[card] += 1
        self.tops = view.pile_tops
        self.covered = (piles[0] - 1, piles[1] - 1)
        if len(hidden) != sum(self.hands) + draw + sum(self.covered):
            raise impossible(
                _GAME,
                f"{len(hidden)} cards are unseen, but the other hands, the draw pile and the "
                f"covered cards of the piles hold {sum(self.hands) + draw + sum(self.covered)}",
            )


@lru_cache(maxsize=256)
def _pieces(view: View, options: Options) -> _Pieces:
    return _Pieces(view, options)


def _search(
    tops: tuple[Card, ...],
    covered: tuple[int, ...],
    counts: list[int],
    rng: random.Random,
    budget: int,
) -> list[list[Card]] | None:
    """Chains of ``covered`` cards down from each top, taken from ``counts`` (which it
    updates); ``None`` after ``budget`` steps, ``[]`` when no chains exist."""
    slots = [(i, k) for i in range(len(tops)) for k in range(covered[i])]
    free = sum(1 << c for c in range(_CARDS) if counts[c])
    chains: list[list[Card]] = [[] for _ in tops]
    untried: list[int] = []  # the cards (as bits) still to try at each slot filled so far
    depth = 0
    steps = 0
    while depth < len(slots):
        i, k = slots[depth]
        if len(untried) == depth:
            untried.append(free & _BELOW[tops[i] if k == 0 else chains[i][-1]])
        steps += 1
        if steps > budget:
            return None
        mask = untried[depth]
        if mask:
            card = _nth(mask, rng.randrange(mask.bit_count()))
            untried[depth] = mask ^ (1 << card)
            counts[card] -= 1
            if not counts[card]:
                free ^= 1 << card
            chains[i].append(card)
            depth += 1
            continue
        untried.pop()
        if depth == 0:
            return []
        depth -= 1
        i, _ = slots[depth]
        card = chains[i].pop()
        if not counts[card]:
            free |= 1 << card
        counts[card] += 1
    return chains


def _sweep(
    tops: tuple[Card, ...],
    chains: list[list[Card]],
    counts: list[int],
    rng: random.Random,
) -> None:
    """Redraw each two neighbouring covered cards together, top down, uniformly among
    the pairs of unseen cards that fit between their neighbours (copies counted),
    updating ``counts``."""
    below_of = _BELOW
    free = sum(1 << c for c in range(_CARDS) if counts[c])
    for top, chain in zip(tops, chains, strict=True):
        for k in range(len(chain) - 1):
            first, second = chain[k], chain[k + 1]
            counts[first] += 1
            counts[second] += 1
            free |= (1 << first) | (1 << second)
            under = _ABOVE[chain[k + 2]] if k + 2 < len(chain) else _EVERY
            mask = free & below_of[top if k == 0 else chain[k - 1]]
            turbos = counts[TURBO]
            cards = []
            weights = []
            total = 0
            while mask:
                low = mask & -mask
                mask ^= low
                a = low.bit_length() - 1
                seconds = free & below_of[a] & under
                if a != TURBO:
                    seconds &= ~low  # a card lies on a copy of itself only if a Turbo-joker
                weight = seconds.bit_count()
                if seconds >> TURBO & 1:
                    weight += turbos - 1 - (a == TURBO)
                if weight:
                    weight *= counts[a]
                    total += weight
                    cards.append(a)
                    weights.append(total)
            pick = rng.randrange(total)
            a = cards[bisect_right(weights, pick)]
            counts[a] -= 1
            if not counts[a]:
                free ^= 1 << a
            b = _draw(free & below_of[a] & under, counts, rng)
            counts[b] -= 1
            if not counts[b]:
                free ^= 1 << b
            chain[k] = a
            chain[k + 1] = b


def exact(pile_sizes: tuple[int, ...]) -> bool:
    """Whether piles of ``pile_sizes`` cards (tops included) have their covered cards
    drawn exactly uniformly.

    >>> exact((3, 7)), exact((5, 7))
    (True, False)
    """
    return sum(pile_sizes) - len(pile_sizes) <= EXACT


_NONE: tuple[list[Card], list[int]] = ([], [])

_Walks = tuple[dict[int, tuple[list[Card], list[int]]], ...]
"""For each depth ``k`` of a chain, the card above (or the top) → the cards that may lie
under it and the running totals of the walks they start (their weight)."""


@lru_cache(maxsize=1024)
def _walks(
    tops: tuple[Card, ...], covered: tuple[int, ...], counts: tuple[int, ...]
) -> tuple[_Walks, ...]:
    """Each pile's choices, weighed by the walks down from them (copies counted)."""
    cards = [c for c in range(_CARDS) if counts[c]]
    # starting[n][a]: the walks of n cards whose first is a, each card weighed by its copies
    starting = [dict.fromkeys(cards, 0), {a: counts[a] for a in cards}]
    for _ in range(2, max(covered, default=0) + 1):
        last = starting[-1]
        starting.append(
            {a: counts[a] * sum(last[b] for b in cards if _BELOW[a] >> b & 1) for a in cards}
        )
    piles = []
    for top, length in zip(tops, covered, strict=True):
        levels = []
        for k in range(length):
            weights = starting[length - k]
            above = [top] if k == 0 else cards
            level: dict[int, tuple[list[Card], list[int]]] = {}
            for upper in above:
                choices = [b for b in cards if _BELOW[upper] >> b & 1 and weights[b]]
                level[upper] = (choices, list(accumulate(weights[b] for b in choices)))
            levels.append(level)
        piles.append(tuple(levels))
    return tuple(piles)


def _exact_chains(pieces: _Pieces, rng: random.Random) -> tuple[list[list[Card]], list[int]]:
    """The covered cards of both piles drawn exactly uniformly, by rejection of walks."""
    counts = pieces.counts
    piles = _walks(pieces.tops, pieces.covered, tuple(counts))
    tries = 0
    while True:
        chains: list[list[Card]] = []
        for top, levels in zip(pieces.tops, piles, strict=True):
            chain: list[Card] = []
            upper = top
            for level in levels:
                choices, totals = level.get(upper, _NONE)
                if not choices:
                    raise impossible(_GAME, "the unseen cards cannot be laid under the tops")
                upper = choices[bisect_right(totals, rng.randrange(totals[-1]))]
                chain.append(upper)
            chains.append(chain)
        used = Counter(c for chain in chains for c in chain)
        if all(used[c] <= counts[c] for c in used):
            n, m = counts[TURBO], used[TURBO]
            if m < 2 or rng.random() * n**m < math.perm(n, m):
                left = list(counts)
                for c, k in used.items():
                    left[c] -= k
                return chains, left
        tries += 1
        if (
            tries == _BUDGET
            and _search(pieces.tops, pieces.covered, list(counts), rng, 10**7) == []
        ):
            raise impossible(_GAME, "the unseen cards cannot be laid under the tops of the piles")


def _chains(pieces: _Pieces, rng: random.Random) -> tuple[list[list[Card]], list[int]]:
    """The covered cards of both piles, and the counts of the unseen cards left."""
    if sum(pieces.covered) <= EXACT:
        return _exact_chains(pieces, rng)
    for attempt in range(_ATTEMPTS):
        counts = list(pieces.counts)
        chains = _search(pieces.tops, pieces.covered, counts, rng, _BUDGET << attempt)
        if chains == []:
            break
        if chains is not None:
            for _ in range(SWEEPS):
                _sweep(pieces.tops, chains, counts, rng)
            return chains, counts
    raise impossible(_GAME, "the unseen cards cannot be laid under the tops of the piles")


def sample_state(view: View, rng: random.Random, options: Options) -> State:
    """A state showing ``view`` to its player, its hidden cards drawn at random.

    The arguments are trusted to be of the right types (:meth:`Duo.sample_state`
    checks them); a view that contradicts itself or ``options`` raises
    :class:`ValueError`.
    """
    pieces = _pieces(view, options)
    if not pieces.dealt:
        hands: tuple[tuple[Card, ...], ...] = ()
        piles: tuple[tuple[Card, ...], ...] = ()
        draw_pile: tuple[Card, ...] = ()
    else:
        if any(pieces.covered):
            chains, counts = _chains(pieces, rng)
        else:
            chains, counts = [[], []], pieces.counts
        rest = [card for card in range(_CARDS) for _ in range(counts[card])]
        dealt, drawn = dealt_out(rest, pieces.hands, rng)
        me = view.player
        hands = tuple(view.hand if p == me else tuple(sorted(h)) for p, h in enumerate(dealt))
        piles = tuple(
            (*reversed(chain), top) for chain, top in zip(chains, pieces.tops, strict=True)
        )
        draw_pile = tuple(drawn)
    return State(
        players=view.players,
        options=options,
        phase=view.phase,
        round=view.round,
        starter=view.starter,
        turn=view.turn,
        turn_pile=view.turn_pile,
        hands=hands,
        piles=piles,
        draw_pile=draw_pile,
        round_scores=view.round_scores,
    )
