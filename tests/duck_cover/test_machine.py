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
"""

from __future__ import annotations

import os
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
from rulespec.duck_cover import GAME, MAX, REPEAT, Cover, Deal, Duck, Phase, Quack, State
from rulespec.duck_cover import Action as DCAction
from rulespec.duck_cover import PlayerAction as DCPlayerAction
from rulespec.duck_cover import Reshuffle as DCReshuffle

Pos = tuple[int, int]

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


def grid_dict(state: State, player: int) -> dict[Pos, tuple[int, ...]]:
    """A player's grid as ``{position: stack bottom first}``."""
    return dict(state.grids[player].cells)


def round_score(grid: dict[Pos, tuple[int, ...]]) -> int:
    """Splashes on the visible cards; negative with a single stack (« Scoring »)."""
    total = sum(SPLASHES[stack[-1]] for stack in grid.values())
    return -total if len(grid) == 1 else total


def expected_winners(totals: list[int], stacks: list[int]) -> tuple[int, ...]:
    """Lowest total; then fewest visible cards; then a shared victory (« Fin de partie »)."""
    best = min(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    fewest = min(stacks[p] for p in tied)
    return tuple(p for p in tied if stacks[p] == fewest)


class Table:
    """The table as the rulebook describes it, kept in step with the engine."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.limit = DISCARD_LIMIT[players]
        self.phase = Phase.DEAL
        self.round = 0
        self.grids: list[dict[Pos, tuple[int, ...]]] = []
        self.draw: list[int] = []
        self.captain: list[int] = []
        self.discards: list[int] = []
        self.card: int | None = None
        self.last_call: int | None = None
        self.last_discarded = False
        self.submitted: dict[int, DCPlayerAction] = {}
        self.scores: list[tuple[int, ...]] = []

    # -- what a turn asks --------------------------------------------------------

    def call(self) -> int | None:
        """The turn's call: the card drawn, or for Repeat the previous call."""
        return self.last_call if self.card == REPEAT else self.card

    def called_place(self, player: int) -> Pos | None:
        """Where the player's called card tops a stack; ``None`` if it is covered."""
        grid = self.grids[player]
        call = self.call()
        assert call is not None
        wanted = max(s[-1] for s in grid.values()) if call == MAX else call
        for p, stack in grid.items():
            if stack[-1] == wanted:
                return p
        return None

    def legal(self, player: int) -> set[DCPlayerAction]:
        """Cover a neighbour, Duck next to another stack, or « Coin » when covered."""
        origin = self.called_place(player)
        if origin is None:
            return {Quack(player)}
        grid = self.grids[player]
        found: set[DCPlayerAction] = {Cover(player, q) for q in sides(origin) if q in grid}
        for p in grid:
            if p != origin:
                found.update(Duck(player, q) for q in sides(p) if q not in grid)
        return found

    # -- steps -------------------------------------------------------------------

    def apply(self, action: DCAction) -> None:
        if isinstance(action, Deal):
            assert self.phase is Phase.DEAL
            self.grids = [
                {(i % 4, i // 4): (card,) for i, card in enumerate(order)} for order in action.grids
            ]
            self.draw = list(action.draw_pile)
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
            if card == REPEAT and (self.last_call is None or self.last_discarded):
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
        for player, action in sorted(self.submitted.items()):
            if isinstance(action, Quack):
                continue
            origin = self.called_place(player)
            assert origin is not None
            grid = self.grids[player]
            stack = grid.pop(origin)
            grid[action.to] = grid.get(action.to, ()) + stack
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
        self.scores.append(tuple(round_score(g) for g in self.grids))
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


class DuckCoverGames(RuleBasedStateMachine):
    """Plays whole games; checks every step against the rules."""

    stats: ClassVar[Stats] = Stats()

    def __init__(self) -> None:
        super().__init__()
        self.state: State = GAME.new_game(2)
        self.table = Table(2)
        self.ever_covered: list[set[int]] = []
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
        self.state = GAME.new_game(players)
        self.table = Table(players)
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
        self.check_rules(before, action, after)
        self.check_table(after)
        self.count(before, action, after)
        self.state = after

    # -- checks ------------------------------------------------------------------

    def check_table(self, s: State) -> None:
        """The engine agrees with the model of the table."""
        t = self.table
        assert s.phase is t.phase
        assert s.round == t.round
        assert [dict(g.cells) for g in s.grids] == t.grids
        assert list(s.draw_pile) == t.draw
        assert list(s.captain_pile) == t.captain
        assert list(s.discard_zone) == t.discards
        assert s.card == t.card
        if s.phase is Phase.TURN:
            assert s.call == t.call()
            assert GAME.to_move(s) == tuple(p for p in range(t.players) if p not in t.submitted)
        assert [tuple(r) for r in s.round_scores] == t.scores

    def check_rules(self, before: State, action: DCAction, s: State) -> None:
        """Checks drawn directly from the rulebook, on the engine's state alone."""
        n = s.players
        limit = DISCARD_LIMIT[n]
        if isinstance(action, Deal):
            self.ever_covered = [set() for _ in range(n)]
            self.stack_counts = [12] * n
        grids = [grid_dict(s, p) for p in range(len(s.grids))]
        for p, grid in enumerate(grids):
            cards = sorted(c for stack in grid.values() for c in stack)
            assert cards == DUCKS, f"player {p}: {cards}"
            assert all(len(stack) > 0 for stack in grid.values())
            # A covered card stays covered for the rest of the round.
            tops = {stack[-1] for stack in grid.values()}
            assert not tops & self.ever_covered[p], (p, tops & self.ever_covered[p])
            self.ever_covered[p] |= {c for stack in grid.values() for c in stack[:-1]}
            # Stacks only merge within a round.
            assert len(grid) <= self.stack_counts[p]
            self.stack_counts[p] = len(grid)
        if s.grids:
            in_play = () if s.card is None else (s.card,)
            held = sorted((*s.draw_pile, *s.captain_pile, *s.discard_zone, *in_play))
            assert held == DRAW_CARDS
        assert len(s.discard_zone) <= limit
        single = any(len(g) == 1 for g in grids)
        ended = len(s.round_scores) > len(before.round_scores)
        if s.phase in (Phase.TURN, Phase.RESHUFFLE):
            assert not single and len(s.discard_zone) < limit
            assert not ended
        if ended:
            assert len(s.round_scores) == len(before.round_scores) + 1
            assert single or len(s.discard_zone) == limit
            assert s.round_scores[-1] == tuple(round_score(g) for g in grids)
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
