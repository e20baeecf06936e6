"""Whole games of Duck & Cover, played by a Hypothesis state machine.

Hypothesis chooses the number of players, every shuffle (deals and
reshuffles) and every player's action. Random play needs about 160 turns per
round, so the machine also has a rule that plays several turns in which each
player covers whenever they can: whole games then take a few dozen steps.

After every single action the machine checks the published invariants
(``violations`` and ``step_violations``) and its own reading of the rules: a
small model of the table, written here from the rulebook (grids laid row by
row, moves carrying their stacks, the draw with Max and Repeat, the Captain
pile and the discard zone, the two end conditions, splash scoring and the
tie-break), which must agree with the engine at every step.

The same machine plays the publisher's variants, one subclass per set of
options: the model follows each variant as the publisher's page describes it
(clauses ``dc.variant.*``): card numbers scored, the deck without 1–3 and the
frozen 1–3 on Max, a doubled negative last round, two cards set aside, and
the gifts of Low blows, which the model keeps as (family, number) cards.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    precondition,
    rule,
    run_state_machine_as_test,
)

from rulespec import CHANCE
from rulespec.duck_cover import (
    GAME,
    MAX,
    REPEAT,
    Cover,
    Deal,
    Duck,
    Options,
    Phase,
    Quack,
    State,
)
from rulespec.duck_cover import Action as DCAction
from rulespec.duck_cover import PlayerAction as DCPlayerAction
from rulespec.duck_cover import Reshuffle as DCReshuffle
from rulespec.duck_cover.actions import Give, Place
from tests.profiles import scaled

Pos = tuple[int, int]
Card = tuple[int, int]
"""A duck card in the model: (the seat whose family it is, its number)."""

# Splashes printed on duck cards 1–12 (FACTS.md, publisher data).
SPLASHES = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2, 7: 3, 8: 3, 9: 3, 10: 4, 11: 4, 12: 5}

# « Fin de manche »: discards that end a round, by number of players.
DISCARD_LIMIT = {2: 9, 3: 8, 4: 7, 5: 6, 6: 5, 7: 4}

# « Matériel »: two Captain sets 1–12, one Max, one Repeat.
DRAW_CARDS = sorted([*range(1, 13), *range(1, 13), MAX, REPEAT])

DUCKS = list(range(1, 13))

ROUNDS = 3

# Whole-turn rules play at most this many turns per step.
MAX_TURNS_PER_STEP = 16

STEPS_PER_EXAMPLE = 50

# (round ends, game ends) that a run of the machine must reach, per profile.
THRESHOLDS = {"dev": (8, 1), "ci": (60, 10), "deep": (1000, 150)}


def sides(p: Pos) -> tuple[Pos, ...]:
    """The four places sharing a side with ``p``."""
    c, r = p
    return ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1))


def card_of(value: int, holder: int) -> Card:
    """The engine's written card as (family, number): another family's duck in a grid
    is written (seat + 1) × 100 + number (dc.variant.low-blows.ownership)."""
    return (holder, value) if value <= 12 else (value // 100 - 1, value % 100)


def written(card: Card, holder: int) -> int:
    family, number = card
    return number if family == holder else (family + 1) * 100 + number


_OWN: list[dict[int, Card]] = [{c: (p, c) for c in DUCKS} for p in range(7)]


def grid_dict(state: State, player: int) -> dict[Pos, tuple[Card, ...]]:
    """A player's grid as ``{position: stack bottom first}``, cards as (family, number)."""
    own = _OWN[player]
    return {
        pos: tuple([own[c] if c <= 12 else card_of(c, player) for c in stack])
        for pos, stack in state.grids[player].cells
    }


def round_score(grid: dict[Pos, tuple[Card, ...]], options: Options, last: bool) -> int:
    """Splashes on the visible cards; negative with a single stack (« Scoring »).
    Competition counts numbers; Pressure doubles a negative last round."""
    total = sum(
        stack[-1][1] if options.competition else SPLASHES[stack[-1][1]] for stack in grid.values()
    )
    score = -total if len(grid) == 1 else total
    return 2 * score if options.pressure and last and score < 0 else score


def expected_winners(totals: list[int], stacks: list[int]) -> tuple[int, ...]:
    """Lowest total; then fewest visible cards; then a shared victory (« Fin de partie »)."""
    best = min(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    fewest = min(stacks[p] for p in tied)
    return tuple(p for p in tied if stacks[p] == fewest)


class Table:
    """The table as the rulebook describes it, kept in step with the engine."""

    def __init__(self, players: int, options: Options) -> None:
        self.players = players
        self.options = options
        self.limit = DISCARD_LIMIT[players]
        self.phase = Phase.DEAL
        self.round = 0
        self.grids: list[dict[Pos, tuple[Card, ...]]] = []
        self.draw: list[int] = []
        self.captain: list[int] = []
        self.discards: list[int] = []
        self.aside: list[int] = []
        self.card: int | None = None
        self.last_call: int | None = None
        self.last_discarded = False
        self.submitted: dict[int, DCPlayerAction] = {}
        self.gifts: dict[int, Card] = {}
        self.scores: list[tuple[int, ...]] = []

    def deck(self) -> list[int]:
        """The draw cards; Constraints takes out both 1s, 2s and 3s."""
        return [c for c in DRAW_CARDS if not (self.options.constraints and c <= 3)]

    # -- what a turn asks --------------------------------------------------------

    def call(self) -> int | None:
        """The turn's call: the card drawn, or for Repeat the previous call."""
        return self.last_call if self.card == REPEAT else self.card

    def gifting(self) -> bool:
        """Low blows: Max and Repeat make everyone give instead."""
        return self.options.low_blows and self.card in (MAX, REPEAT) and not self.gifts

    def called_places(self, player: int) -> list[Pos]:
        """Where the player's called cards top a stack (several only with received
        ducks); none if covered, or frozen under Constraints."""
        grid = self.grids[player]
        call = self.call()
        assert call is not None
        tops = {p: stack[-1][1] for p, stack in grid.items()}
        wanted = max(tops.values()) if call == MAX else call
        found = sorted(p for p, number in tops.items() if number == wanted)
        if self.options.constraints and wanted <= 3:
            return []
        return found

    def legal(self, player: int) -> set[DCPlayerAction]:
        """Cover a neighbour, Duck next to another stack, or « Coin » when covered; under
        Low blows, give one of the two lowest visible ducks or place the duck received."""
        grid = self.grids[player]
        if self.gifts:
            return {Place(player, q) for p in grid for q in sides(p) if q not in grid}
        if self.gifting():
            numbers = {p: stack[-1][1] for p, stack in grid.items()}
            return {
                Give(player, p)
                for p, n in numbers.items()
                if sum(1 for m in numbers.values() if m < n) < 2
            }
        origins = self.called_places(player)
        if not origins:
            return {Quack(player)}
        found: set[DCPlayerAction] = set()
        for origin in origins:
            named = origin if len(origins) > 1 else None
            found.update(Cover(player, q, named) for q in sides(origin) if q in grid)
            for p in grid:
                if p != origin:
                    found.update(Duck(player, q, named) for q in sides(p) if q not in grid)
        return found

    # -- steps -------------------------------------------------------------------

    def apply(self, action: DCAction) -> None:
        if isinstance(action, Deal):
            assert self.phase is Phase.DEAL
            self.grids = [
                {(i % 4, i // 4): ((p, card),) for i, card in enumerate(order)}
                for p, order in enumerate(action.grids)
            ]
            self.draw = list(action.draw_pile)
            self.aside = []
            if self.options.surprises:
                self.aside, self.draw = self.draw[:2], self.draw[2:]
            self.captain, self.discards = [], []
            self.last_call, self.last_discarded = None, False
            self.next_card()
        elif isinstance(action, DCReshuffle):
            assert self.phase is Phase.RESHUFFLE
            assert sorted(action.draw_pile) == sorted(self.captain)
            self.draw, self.captain = list(action.draw_pile), []
            self.next_card()
        else:
            assert self.phase is Phase.TURN and action.player not in self.submitted
            self.submitted[action.player] = action
            if len(self.submitted) == self.players:
                self.resolve()

    def next_card(self) -> None:
        """Draw; Repeat with nothing to repeat goes to the discard zone; an empty pile
        waits for a reshuffle."""
        while True:
            if not self.draw:
                self.phase, self.card = Phase.RESHUFFLE, None
                return
            card = self.draw.pop(0)
            nothing_to_repeat = self.last_call is None or self.last_discarded
            if card == REPEAT and nothing_to_repeat and not self.options.low_blows:
                self.discards.append(card)
                self.last_discarded = True
                if len(self.discards) >= self.limit:
                    self.end_round()
                    return
                continue
            self.phase, self.card = Phase.TURN, card
            return

    def resolve(self) -> None:
        """Move every stack, place the card, then end the round or draw."""
        call = self.call()
        if self.gifting():
            # Each top duck alone goes to the next seat; placing comes next.
            for player, action in sorted(self.submitted.items()):
                assert isinstance(action, Give)
                grid = self.grids[player]
                stack = grid.pop(action.at)
                if len(stack) > 1:
                    grid[action.at] = stack[:-1]
                self.gifts[(player + 1) % self.players] = stack[-1]
            self.submitted = {}
            return
        for player, action in sorted(self.submitted.items()):
            grid = self.grids[player]
            if isinstance(action, Place):
                grid[action.to] = (self.gifts[player],)
            elif isinstance(action, Cover | Duck):
                origins = self.called_places(player)
                origin = action.origin if action.origin is not None else origins[0]
                stack = grid.pop(origin)
                grid[action.to] = grid.get(action.to, ()) + stack
        self.gifts = {}
        everyone_quacked = all(isinstance(a, Quack) for a in self.submitted.values())
        assert self.card is not None
        (self.discards if everyone_quacked else self.captain).append(self.card)
        self.card, self.submitted = None, {}
        self.last_call, self.last_discarded = call, everyone_quacked
        if len(self.discards) >= self.limit or any(len(g) == 1 for g in self.grids):
            self.end_round()
        else:
            self.next_card()

    def end_round(self) -> None:
        last = self.round + 1 == ROUNDS
        self.scores.append(tuple(round_score(g, self.options, last) for g in self.grids))
        self.card = None
        if self.round + 1 == ROUNDS:
            self.phase = Phase.OVER
        else:
            self.phase, self.round = Phase.DEAL, self.round + 1


class Stats:
    """What runs of the machine reached, summed over all examples."""

    def __init__(self) -> None:
        self.games = 0
        self.rounds = 0
        self.single_pile = 0
        self.discard_limit = 0
        self.turns = 0
        self.reshuffles = 0
        self.max_turns = 0
        self.repeat_turns = 0
        self.repeats_discarded = 0
        self.gifts = 0
        self.max_discarded = 0


class DuckCoverGames(RuleBasedStateMachine):
    """Plays whole games; checks every step against the rules."""

    stats: ClassVar[Stats] = Stats()
    options: ClassVar[Options] = Options()
    """The options every game of this machine is played with."""

    def __init__(self) -> None:
        super().__init__()
        self.state: State = GAME.new_game(2, self.options)
        self.table = Table(2, self.options)
        self.ever_covered: set[Card] = set()
        self.stack_counts: list[int] = []

    # -- rules -------------------------------------------------------------------

    @initialize(players=st.integers(2, 7))
    def start(self, players: int) -> None:
        self.new_game(players)

    @precondition(lambda self: GAME.is_over(self.state))
    @rule(players=st.integers(2, 7))
    def another_game(self, players: int) -> None:
        self.new_game(players)

    @precondition(lambda self: GAME.to_move(self.state) == (CHANCE,))
    @rule(data=st.data())
    def shuffle(self, data: st.DataObject) -> None:
        piles = GAME.chance(self.state).piles
        outcome = [data.draw(st.permutations(pile)) for pile in piles]
        self.play(GAME.chance_action(self.state, outcome))

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(data=st.data(), turns=st.integers(1, MAX_TURNS_PER_STEP))
    def cover_first_turns(self, data: st.DataObject, turns: int) -> None:
        """Whole turns in which every player covers when a Cover exists."""
        for _ in range(turns):
            if self.state.phase is not Phase.TURN:
                return
            for player in GAME.to_move(self.state):
                legal = self.legal(player)
                covers: list[DCPlayerAction] = [a for a in legal if isinstance(a, Cover)]
                self.play(data.draw(st.sampled_from(covers or list(legal))))

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(data=st.data())
    def free_turn(self, data: st.DataObject) -> None:
        """One whole turn of any legal actions, arriving in any order."""
        for player in data.draw(st.permutations(GAME.to_move(self.state))):
            legal = self.legal(player)
            self.play(legal[data.draw(st.integers(0, len(legal) - 1))])

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(data=st.data())
    def one_action(self, data: st.DataObject) -> None:
        """One player's action; the turn may stay open."""
        player = data.draw(st.sampled_from(GAME.to_move(self.state)))
        self.play(data.draw(st.sampled_from(list(self.legal(player)))))

    # -- helpers -----------------------------------------------------------------

    def new_game(self, players: int) -> None:
        self.state = GAME.new_game(players, self.options)
        self.table = Table(players, self.options)
        assert GAME.to_move(self.state) == (CHANCE,)
        assert GAME.violations(self.state) == ()

    def legal(self, player: int) -> list[DCPlayerAction]:
        """The engine's legal actions, checked against the rulebook's."""
        legal = list(GAME.legal_actions(self.state, player))
        assert len(set(legal)) == len(legal), f"duplicates in {legal}"
        assert set(legal) == self.table.legal(player), (player, legal)
        return legal

    def play(self, action: DCAction) -> None:
        before = self.state
        after = GAME.apply(before, action)
        assert GAME.violations(after) == ()
        assert GAME.step_violations(before, action, after) == ()
        self.table.apply(action)
        grids = [grid_dict(after, p) for p in range(len(after.grids))]
        self.check_rules(before, action, after, grids)
        self.check_table(after, grids)
        self.count(before, action, after)
        self.state = after

    # -- checks ------------------------------------------------------------------

    def check_table(self, s: State, grids: list[dict[Pos, tuple[Card, ...]]]) -> None:
        """The engine agrees with the model of the table."""
        t = self.table
        assert s.phase is t.phase
        assert s.round == t.round
        assert grids == t.grids
        assert list(s.draw_pile) == t.draw
        assert list(s.captain_pile) == t.captain
        assert list(s.discard_zone) == t.discards
        assert list(s.set_aside) == t.aside
        assert s.gifts == tuple(written(t.gifts[p], p) for p in sorted(t.gifts))
        assert s.card == t.card
        if s.phase is Phase.TURN:
            assert s.call == t.call()
            assert GAME.to_move(s) == tuple(p for p in range(t.players) if p not in t.submitted)
        assert [tuple(r) for r in s.round_scores] == t.scores

    def check_rules(
        self, before: State, action: DCAction, s: State, grids: list[dict[Pos, tuple[Card, ...]]]
    ) -> None:
        """Checks drawn directly from the rulebook, on the engine's state alone."""
        n = s.players
        limit = DISCARD_LIMIT[n]
        options = self.options
        if isinstance(action, Deal):
            self.ever_covered = set()
            self.stack_counts = [12] * n
        handed_over = bool(s.gifts) and not before.gifts
        placed = bool(before.gifts) and not s.gifts
        if handed_over:
            # Low blows: the card just beneath each given duck shows again.
            assert isinstance(action, Give)
            gives = [action if p == action.player else a for p, a in enumerate(before.submitted)]
            for p, give in enumerate(gives):
                assert isinstance(give, Give)
                stack = grid_dict(before, p)[give.at]
                if len(stack) > 1:
                    self.ever_covered.discard(stack[-2])
        in_transit = [card_of(c, p) for p, c in enumerate(s.gifts)]
        all_cards = Counter(c for g in grids for stack in g.values() for c in stack)
        all_cards.update(in_transit)
        assert all_cards == Counter((p, c) for p in range(len(grids)) for c in DUCKS)
        for p, grid in enumerate(grids):
            if not options.low_blows:
                cards = sorted(c for stack in grid.values() for c in stack)
                assert cards == [(p, c) for c in DUCKS], f"player {p}: {cards}"
            assert all(len(stack) > 0 for stack in grid.values())
            # A covered card stays covered for the rest of the round.
            tops = {stack[-1] for stack in grid.values()}
            assert not tops & self.ever_covered, (p, tops & self.ever_covered)
            # Stacks only merge within a round (placing a received duck adds one).
            assert len(grid) <= self.stack_counts[p] + (1 if placed else 0)
            self.stack_counts[p] = len(grid)
        self.ever_covered |= {c for g in grids for stack in g.values() for c in stack[:-1]}
        if s.grids:
            in_play = () if s.card is None else (s.card,)
            held = sorted((*s.draw_pile, *s.captain_pile, *s.discard_zone, *in_play, *s.set_aside))
            deck = [c for c in DRAW_CARDS if not (options.constraints and c <= 3)]
            assert held == deck
            assert len(s.set_aside) == (2 if options.surprises else 0)
        assert len(s.discard_zone) <= limit
        single = any(len(g) == 1 for g in grids)
        ended = len(s.round_scores) > len(before.round_scores)
        if s.phase in (Phase.TURN, Phase.RESHUFFLE):
            # While received ducks wait to be placed, a giver may hold one stack.
            assert not single or bool(s.gifts)
            assert len(s.discard_zone) < limit
            assert not ended
        if ended:
            assert len(s.round_scores) == len(before.round_scores) + 1
            assert single or len(s.discard_zone) == limit
            last = len(s.round_scores) == ROUNDS
            assert s.round_scores[-1] == tuple(round_score(g, options, last) for g in grids)
            assert s.phase is (Phase.OVER if len(s.round_scores) == ROUNDS else Phase.DEAL)
        totals = [sum(r[p] for r in s.round_scores) for p in range(n)]
        assert GAME.scores(s) == tuple(totals)
        assert GAME.is_over(s) == (len(s.round_scores) == ROUNDS)
        if GAME.is_over(s):
            assert GAME.to_move(s) == ()
            assert GAME.winners(s) == expected_winners(totals, [len(g) for g in grids])
        else:
            assert GAME.winners(s) == ()

    def count(self, before: State, action: DCAction, after: State) -> None:
        stats = self.stats
        if isinstance(action, DCReshuffle):
            stats.reshuffles += 1
        if isinstance(action, Cover | Duck | Quack) and len(GAME.to_move(before)) == 1:
            stats.turns += 1
            stats.max_turns += before.call == MAX
            stats.repeat_turns += before.card == REPEAT
        repeats_before = 0 if isinstance(action, Deal) else before.discard_zone.count(REPEAT)
        if after.discard_zone.count(REPEAT) > repeats_before and before.card != REPEAT:
            stats.repeats_discarded += 1
        if after.gifts and not before.gifts:
            stats.gifts += 1
        if not isinstance(action, Deal) and after.discard_zone.count(
            MAX
        ) > before.discard_zone.count(MAX):
            stats.max_discarded += 1
        if len(after.round_scores) > len(before.round_scores):
            stats.rounds += 1
            if any(len(g.cells) == 1 for g in after.grids):
                stats.single_pile += 1
            else:
                stats.discard_limit += 1
        if GAME.is_over(after):
            stats.games += 1


@pytest.mark.clause(
    "dc.setup.grid",
    "dc.setup.draw-deck",
    "dc.cards.splashes",
    "dc.turn.draw",
    "dc.turn.simultaneous",
    "dc.move.cover",
    "dc.move.duck",
    "dc.move.duck-adjacent",
    "dc.move.stack",
    "dc.move.must-move",
    "dc.move.quack",
    "dc.turn.captain-pile",
    "dc.turn.discard",
    "dc.turn.order",
    "dc.special.max",
    "dc.special.repeat",
    "dc.special.repeat-first",
    "dc.special.repeat-after-discard",
    "dc.special.repeat-after-max",
    "dc.deck.reshuffle",
    "dc.end.single-pile",
    "dc.end.discard-limit",
    "dc.score.splashes",
    "dc.score.sign",
    "dc.round.new",
    "dc.game.three-rounds",
    "dc.game.winner",
    "dc.game.tiebreak",
)
def test_whole_games_follow_the_rules() -> None:
    """Runs the machine with the active profile's ``max_examples`` and proves it reached
    whole games: at least 60 round ends and 10 game ends under ``RULESPEC_PROFILE=ci``
    (8 and 1 under ``dev``, 1000 and 150 under ``deep``); at least one round ended on
    each of its two conditions under ``ci`` and ``deep``, and reshuffles, Max and
    Repeat turns happened."""
    DuckCoverGames.stats = stats = Stats()
    run_state_machine_as_test(
        DuckCoverGames, settings=settings(stateful_step_count=STEPS_PER_EXAMPLE)
    )
    profile = os.environ.get("RULESPEC_PROFILE", "dev")
    rounds, games = THRESHOLDS.get(profile, THRESHOLDS["dev"])
    summary = vars(stats)
    print(f"machine reached ({profile}): {summary}")
    assert stats.rounds >= rounds, summary
    assert stats.games >= games, summary
    if profile in ("ci", "deep"):
        assert stats.single_pile >= 1 and stats.discard_limit >= 1, summary
        assert stats.reshuffles >= 1 and stats.max_turns >= 1, summary
        assert stats.repeat_turns >= 1 and stats.repeats_discarded >= 1, summary


# -- the publisher's variants -----------------------------------------------------------

VARIANTS: dict[str, Options] = {
    "competition": Options(competition=True),
    "constraints": Options(constraints=True),
    "pressure": Options(pressure=True),
    "surprises": Options(surprises=True),
    "low_blows": Options(low_blows=True),
    "competition+pressure": Options(competition=True, pressure=True),
    "constraints+surprises": Options(constraints=True, surprises=True),
    "constraints+low_blows": Options(constraints=True, low_blows=True),
    "all": Options(
        competition=True, constraints=True, pressure=True, surprises=True, low_blows=True
    ),
}
"""Every option alone and a few combinations; each plays in a subclass of the machine."""


def variant_machine(options: Options) -> type[DuckCoverGames]:
    """A subclass of the machine that plays every game with ``options``."""

    class VariantGames(DuckCoverGames):
        pass

    VariantGames.options = options
    VariantGames.stats = Stats()
    return VariantGames


# Round ends (and for Low blows, gifts) that each variant's run must reach, per profile.
VARIANT_THRESHOLDS = {"dev": 0, "ci": 3, "deep": 50}


@pytest.mark.clause(
    "dc.variant.competition",
    "dc.variant.constraints.deck",
    "dc.variant.constraints.frozen",
    "dc.variant.constraints.max",
    "dc.variant.pressure",
    "dc.variant.surprises",
    "dc.variant.low-blows.trigger",
    "dc.variant.low-blows.gift",
    "dc.variant.low-blows.lowest",
    "dc.variant.low-blows.left",
    "dc.variant.low-blows.placement",
    "dc.variant.low-blows.ownership",
    "dc.variant.combinations",
)
@pytest.mark.parametrize("name", list(VARIANTS))
def test_whole_games_follow_each_variant(name: str) -> None:
    """The machine under each set of options, with a tenth of the profile's examples (at
    least 2 under ``dev``, 4 otherwise): the model of the table follows the variant at
    every step. Under ``ci`` each run
    reaches at least 3 round ends (50 under ``deep``) and, with Low blows, as many
    gifts."""
    options = VARIANTS[name]
    machine = variant_machine(options)
    stats = machine.stats
    examples = max(scaled(2, 4), settings().max_examples // 10)
    run_state_machine_as_test(
        machine,
        settings=settings(max_examples=examples, stateful_step_count=STEPS_PER_EXAMPLE),
    )
    profile = os.environ.get("RULESPEC_PROFILE", "dev")
    needed = VARIANT_THRESHOLDS.get(profile, VARIANT_THRESHOLDS["dev"])
    summary = vars(stats)
    print(f"machine [{name}] reached ({profile}): {summary}")
    assert stats.rounds >= needed, summary
    if options.low_blows:
        assert stats.gifts >= needed, summary
