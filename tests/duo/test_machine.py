"""Whole matches of Duo, played by a Hypothesis state machine.

Hypothesis chooses the number of players, the options (Turbo-DUO, the
youngest player's seat, the reading of an exhausted draw pile), every deal
and every action. Uniformly chosen actions draw so often that rounds mostly
end on an exhausted draw pile and totals drift below zero, so the machine
also has a rule that plays several whole turns in which each player places
cards while one fits (whole matches then take a few dozen steps), and one
in which players draw, so that draw piles run out too.

After every single action the machine checks the published invariants
(``violations`` and ``step_violations``) and its own reading of the rules: a
small model of the table, written here from the rulebook with cards as
names (the deal one card at a time, the two starting cards, placing by
features, one pile per turn, Draw and Stop, both round ends, the scores,
the next starter, the target), which must agree with the engine at every
step, legal actions included.
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

from rulespec import CHANCE, IllegalAction
from rulespec.duo import Action, Deal, Draw, Options, Phase, Play, PlayerAction, State, Stop
from tests.duo.helpers import ALL_NAMES, DUO, card, rulebook_fits
from tests.duo.strategies import options

NAME = {card(n): n for n in ALL_NAMES}

# « FIN D'UNE MANCHE ET FIN DE LA PARTIE »: the score that wins the match.
TARGET = {2: 10, 3: 15, 4: 15, 5: 20, 6: 20}

MAX_TURNS_PER_STEP = 16
STEPS_PER_EXAMPLE = 50

# (round ends, match ends) that a run of the machine must reach, per profile.
THRESHOLDS = {"dev": (15, 2), "ci": (100, 15), "deep": (2000, 300)}


class Table:
    """The table as the rulebook describes it, kept in step with the engine."""

    def __init__(self, players: int, opts: Options) -> None:
        self.players = players
        self.opts = opts
        self.phase = Phase.DEAL
        self.round = 0
        self.starter = opts.first_player
        self.turn = opts.first_player
        self.turn_pile: int | None = None
        self.hands: list[list[str]] = []
        self.piles: list[list[str]] = []
        self.draw: list[str] = []
        self.scores: list[tuple[int, ...]] = []

    def deck(self) -> list[str]:
        """« CONTENU »: 64 symbol cards and 12 jokers, plus 4 Turbo-jokers in Turbo-DUO."""
        return [*ALL_NAMES[:-1], *(["turbo"] * 4 if self.opts.turbo else [])]

    @property
    def deck_sorted(self) -> list[str]:
        return sorted(self.deck())

    def legal(self) -> set[PlayerAction]:
        """Plays of fitting cards on the turn's pile (either pile before the first card),
        and Draw before the first card or Stop after it."""
        p = self.turn
        piles = (0, 1) if self.turn_pile is None else (self.turn_pile,)
        found: set[PlayerAction] = {
            Play(p, card(name), i)
            for i in piles
            for name in set(self.hands[p])
            if rulebook_fits(name, self.piles[i][-1])
        }
        found.add(Draw(p) if self.turn_pile is None else Stop(p))
        return found

    def apply(self, action: Action) -> None:
        if isinstance(action, Deal):
            assert self.phase is Phase.DEAL
            names = [NAME[c] for c in action.order]
            assert sorted(names) == sorted(self.deck())
            n = self.players
            self.hands = [[names[k] for k in range(7 * n) if k % n == p] for p in range(n)]
            self.piles = [[names[7 * n]], [names[7 * n + 1]]]
            self.draw = names[7 * n + 2 :]
            self.phase, self.turn, self.turn_pile = Phase.TURN, self.starter, None
            return
        assert self.phase is Phase.TURN and action.player == self.turn
        hand = self.hands[self.turn]
        if isinstance(action, Play):
            name = NAME[action.card]
            assert self.turn_pile in (None, action.pile)
            assert rulebook_fits(name, self.piles[action.pile][-1])
            hand.remove(name)
            self.piles[action.pile].append(name)
            self.turn_pile = action.pile
            if not hand:
                won = sum(len(h) for h in self.hands)
                self.end_round(tuple(won if q == self.turn else 0 for q in range(self.players)))
        elif isinstance(action, Stop):
            assert self.turn_pile is not None
            self.next_turn()
        else:
            assert self.turn_pile is None
            if not self.draw:
                assert self.opts.exhausted == "empty-draw"
                self.end_round(tuple(-len(h) for h in self.hands))
                return
            hand.append(self.draw.pop(0))
            if not self.draw and self.opts.exhausted == "last-draw":
                self.end_round(tuple(-len(h) for h in self.hands))
            else:
                self.next_turn()

    def next_turn(self) -> None:
        self.turn, self.turn_pile = (self.turn + 1) % self.players, None

    def end_round(self, scores: tuple[int, ...]) -> None:
        self.scores.append(scores)
        self.turn_pile = None
        if any(t >= TARGET[self.players] for t in self.totals()):
            self.phase = Phase.OVER
        else:
            self.phase = Phase.DEAL
            self.round += 1
            self.starter = (self.starter + 1) % self.players  # the left neighbour
            self.turn = self.starter

    def totals(self) -> list[int]:
        return [sum(s[p] for s in self.scores) for p in range(self.players)]


class Stats:
    """What runs of the machine reached, summed over all examples."""

    def __init__(self) -> None:
        self.matches = 0
        self.rounds = 0
        self.empty_hand = 0
        self.exhausted = 0
        self.empty_draw_ends = 0
        self.long_turns = 0
        self.turbo_plays = 0
        self.joker_plays = 0
        self.negative_totals = 0


class DuoMatches(RuleBasedStateMachine):
    """Plays whole matches; checks every step against the rules."""

    stats: ClassVar[Stats] = Stats()

    def __init__(self) -> None:
        super().__init__()
        self.state: State = DUO.new_game(2)
        self.table = Table(2, Options())
        self.cards_this_turn = 0

    # -- rules -------------------------------------------------------------------

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        self.new_match(data)

    @precondition(lambda self: DUO.is_over(self.state))
    @rule(data=st.data())
    def another_match(self, data: st.DataObject) -> None:
        self.new_match(data)

    @precondition(lambda self: DUO.to_move(self.state) == (CHANCE,))
    @rule(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        (pile,) = DUO.chance(self.state).piles
        order = data.draw(st.permutations(pile))
        self.play(DUO.chance_action(self.state, [order]))

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(data=st.data(), turns=st.integers(1, MAX_TURNS_PER_STEP))
    def playing_turns(self, data: st.DataObject, turns: int) -> None:
        """Whole turns in which the player places a card whenever one fits."""
        for _ in range(turns):
            player = self.state.turn
            while self.state.phase is Phase.TURN and self.state.turn == player:
                legal = self.legal()
                plays = [a for a in legal if isinstance(a, Play)]
                self.play(data.draw(st.sampled_from(plays)) if plays else legal[-1])
            if self.state.phase is not Phase.TURN:
                return

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(turns=st.integers(1, MAX_TURNS_PER_STEP))
    def drawing_turns(self, turns: int) -> None:
        """Whole turns in which the player draws (stopping first after a card)."""
        for _ in range(turns):
            if self.state.phase is not Phase.TURN:
                return
            self.play(self.legal()[-1])

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(data=st.data())
    def any_action(self, data: st.DataObject) -> None:
        """One legal action of the player on turn, any of them."""
        legal = self.legal()
        self.play(legal[data.draw(st.integers(0, len(legal) - 1))])

    @precondition(lambda self: self.state.phase is Phase.TURN)
    @rule(data=st.data())
    def out_of_turn(self, data: st.DataObject) -> None:
        """Another player's action is refused, and nothing changes."""
        n = self.state.players
        other = (self.state.turn + data.draw(st.integers(1, n - 1))) % n
        hand = self.state.hands[other]
        tries: list[PlayerAction] = [Draw(other), Stop(other), *(Play(other, c, 0) for c in hand)]
        attempt = data.draw(st.sampled_from(tries))
        before = self.state
        with pytest.raises(IllegalAction) as info:
            DUO.apply(before, attempt)
        assert info.value.clause == "duo.turn.order"
        assert self.state == before

    # -- helpers -----------------------------------------------------------------

    def new_match(self, data: st.DataObject) -> None:
        players = data.draw(st.sampled_from([2, 2, 3, 4, 5, 6]))
        opts = data.draw(options(players))
        self.state = DUO.new_game(players, opts)
        self.table = Table(players, opts)
        assert DUO.to_move(self.state) == (CHANCE,)
        assert DUO.violations(self.state) == ()

    def legal(self) -> list[PlayerAction]:
        """The engine's legal actions, checked against the rulebook's."""
        player = self.state.turn
        legal = list(DUO.legal_actions(self.state, player))
        assert len(set(legal)) == len(legal), f"duplicates in {legal}"
        assert set(legal) == self.table.legal(), (player, legal)
        assert isinstance(legal[-1], Draw | Stop)
        return legal

    def play(self, action: Action) -> None:
        before = self.state
        after = DUO.apply(before, action)
        assert DUO.violations(after) == ()
        assert DUO.step_violations(before, action, after) == ()
        self.table.apply(action)
        self.check_table(after)
        self.check_rules(before, action, after)
        self.count(before, action, after)
        self.state = after

    # -- checks ------------------------------------------------------------------

    def check_table(self, s: State) -> None:
        """The engine agrees with the model of the table."""
        t = self.table
        assert s.phase is t.phase and s.round == t.round and s.starter == t.starter
        if s.phase is not Phase.OVER:
            assert s.turn == t.turn and s.turn_pile == t.turn_pile
        assert [sorted(NAME[c] for c in h) for h in s.hands] == [sorted(h) for h in t.hands]
        assert [[NAME[c] for c in p] for p in s.piles] == t.piles
        assert [NAME[c] for c in s.draw_pile] == t.draw
        assert list(s.round_scores) == t.scores
        assert DUO.scores(s) == tuple(t.totals())

    def check_rules(self, before: State, action: Action, s: State) -> None:
        """Checks drawn directly from the rulebook, on the engine's state alone."""
        n = s.players
        if s.hands:
            held = [c for h in s.hands for c in h] + [c for p in s.piles for c in p]
            held += s.draw_pile
            assert sorted(NAME[c] for c in held) == self.table.deck_sorted
        if isinstance(action, Deal):
            self.cards_this_turn = 0
            assert [len(h) for h in s.hands] == [7] * n
            assert all(len(pile) == 1 for pile in s.piles)
        elif isinstance(action, Play):
            assert before.turn_pile in (None, action.pile)
            # Piles only grow by a Play: checking each new top keeps every pile legal.
            below, above = s.piles[action.pile][-2:]
            assert above == action.card and rulebook_fits(NAME[above], NAME[below])
            self.cards_this_turn += 1
        else:
            self.cards_this_turn = 0
        ended = len(s.round_scores) > len(before.round_scores)
        if ended:
            last = s.round_scores[-1]
            empty = [p for p, h in enumerate(s.hands) if not h]
            if empty:
                assert len(empty) == 1 and isinstance(action, Play)
                won = sum(len(h) for h in s.hands)
                assert last == tuple(won if p == empty[0] else 0 for p in range(n))
            else:
                assert isinstance(action, Draw) and not s.draw_pile
                assert last == tuple(-len(h) for h in s.hands)
        totals = [sum(r[p] for r in s.round_scores) for p in range(n)]
        reached = [p for p in range(n) if totals[p] >= TARGET[n]]
        assert len(reached) <= 1
        assert DUO.is_over(s) == bool(reached)
        assert DUO.winners(s) == tuple(reached)
        if DUO.is_over(s):
            assert DUO.to_move(s) == ()

    def count(self, before: State, action: Action, after: State) -> None:
        stats = self.stats
        if isinstance(action, Play):
            stats.turbo_plays += NAME[action.card] == "turbo"
            stats.joker_plays += NAME[action.card].startswith("joker")
            stats.long_turns += self.cards_this_turn == 3
        if len(after.round_scores) > len(before.round_scores):
            stats.rounds += 1
            if any(not h for h in after.hands):
                stats.empty_hand += 1
            else:
                stats.exhausted += 1
                stats.empty_draw_ends += not before.draw_pile
            stats.negative_totals += any(t < 0 for t in DUO.scores(after))
        if DUO.is_over(after):
            stats.matches += 1


@pytest.mark.clause(
    "duo.cards.symbols",
    "duo.cards.jokers",
    "duo.cards.turbo",
    "duo.setup.deal",
    "duo.setup.draw-pile",
    "duo.setup.piles",
    "duo.setup.first-player",
    "duo.turn.order",
    "duo.turn.play",
    "duo.turn.one-pile",
    "duo.turn.stop",
    "duo.turn.draw",
    "duo.place.two-features",
    "duo.place.on-joker",
    "duo.place.joker",
    "duo.place.no-joker-on-joker",
    "duo.place.turbo",
    "duo.round.out",
    "duo.round.exhausted",
    "duo.round.new",
    "duo.round.next-starter",
    "duo.score.out",
    "duo.score.exhausted",
    "duo.game.target",
)
def test_whole_matches_follow_the_rules() -> None:
    """Runs the machine with the active profile's ``max_examples`` and proves it reached
    whole matches: at least 100 round ends and 15 match ends under
    ``RULESPEC_PROFILE=ci`` (15 and 2 under ``dev``, 2000 and 300 under ``deep``); under
    ``ci`` and ``deep`` rounds ended both ways, including a draw from an empty pile, and
    jokers, Turbo-jokers, three-card turns and negative totals occurred."""
    DuoMatches.stats = stats = Stats()
    run_state_machine_as_test(DuoMatches, settings=settings(stateful_step_count=STEPS_PER_EXAMPLE))
    profile = os.environ.get("RULESPEC_PROFILE", "dev")
    rounds, matches = THRESHOLDS.get(profile, THRESHOLDS["dev"])
    summary = vars(stats)
    print(f"machine reached ({profile}): {summary}")
    assert stats.rounds >= rounds, summary
    assert stats.matches >= matches, summary
    if profile in ("ci", "deep"):
        assert stats.empty_hand >= 1 and stats.exhausted >= 1, summary
        assert stats.empty_draw_ends >= 1 and stats.negative_totals >= 1, summary
        assert stats.turbo_plays >= 1 and stats.joker_plays >= 1, summary
        assert stats.long_turns >= 1, summary
