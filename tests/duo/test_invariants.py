"""The published invariants: clean on reachable states, and each one catches the
fault it is written for."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given

import rulespec
from rulespec.duo import Action, Deal, Draw, Phase, Play, State, Stop
from tests.duo.helpers import DUO, card
from tests.duo.strategies import Played, played


def base() -> State:
    return DUO.position(
        [["red-3-cross", "red-2-cross", "blue-4-square"], ["green-2-triangle", "yellow-1-cross"]],
        [["red-3-circle"], ["blue-1-square"]],
    )


def broken(state: State) -> set[str]:
    return {v.invariant for v in DUO.violations(state)}


def broken_step(before: State, action: Action, after: State) -> set[str]:
    return {v.invariant for v in DUO.step_violations(before, action, after)}


def test_every_invariant_names_known_clauses() -> None:
    ids = [(i.id, i.clauses) for i in DUO.invariants]
    ids += [(i.id, i.clauses) for i in DUO.transition_invariants]
    assert len({name for name, _ in ids}) == len(ids) == 12
    for name, clauses in ids:
        assert name.startswith("duo.inv.")
        for cid in clauses:
            assert rulespec.clause(cid).game == "duo"


@given(played())
def test_reachable_states_break_no_invariant(match: Played) -> None:
    assert DUO.violations(match.state) == ()


@pytest.mark.clause("duo.setup.deal", "duo.cards.symbols")
def test_a_card_twice_or_missing_is_caught() -> None:
    s = base()
    twice = attrs.evolve(s, hands=((*s.hands[0], card("green-2-triangle")), s.hands[1]))
    assert "duo.inv.cards-once" in broken(twice)
    lost = attrs.evolve(s, draw_pile=s.draw_pile[1:])
    assert "duo.inv.cards-once" in broken(lost)
    assert broken(s) == set()


def test_an_unsorted_hand_is_caught() -> None:
    s = base()
    assert "duo.inv.hands-sorted" in broken(
        attrs.evolve(s, hands=(tuple(reversed(s.hands[0])), s.hands[1]))
    )


@pytest.mark.clause("duo.place.two-features")
def test_a_card_that_does_not_fit_its_pile_is_caught() -> None:
    s = base()
    misfit = card("blue-4-square")  # shares no feature with red-3-circle
    bad = attrs.evolve(
        s,
        hands=(tuple(c for c in s.hands[0] if c != misfit), s.hands[1]),
        piles=((*s.piles[0], misfit), s.piles[1]),
    )
    assert broken(bad) == {"duo.inv.piles"}


@pytest.mark.clause("duo.round.out", "duo.round.exhausted")
def test_a_round_that_should_have_ended_is_caught() -> None:
    s = base()
    out = attrs.evolve(s, hands=((), s.hands[1]), draw_pile=(*s.draw_pile, *s.hands[0]))
    assert "duo.inv.round-end" in broken(out)
    dry = attrs.evolve(s, hands=(s.hands[0] + s.draw_pile, s.hands[1]), draw_pile=())
    dry = attrs.evolve(dry, hands=(tuple(sorted(dry.hands[0])), dry.hands[1]))
    assert broken(dry) == {"duo.inv.round-end"}


@pytest.mark.clause("duo.score.out", "duo.game.target")
def test_wrong_scores_and_a_missed_match_end_are_caught() -> None:
    s = DUO.position(
        [["red-3-cross"], ["green-2-triangle", "yellow-1-cross"]],
        [["red-3-circle"], ["blue-1-square"]],
    )
    ended = DUO.apply(s, Play(0, card("red-3-cross"), 0))
    assert broken(ended) == set()
    assert "duo.inv.scores" in broken(attrs.evolve(ended, round_scores=((3, 0),)))
    assert "duo.inv.scores" in broken(attrs.evolve(ended, round_scores=()))
    over = attrs.evolve(s, round_scores=((12, 0),), round=1, starter=1)
    assert "duo.inv.match-end" in broken(over)
    early = attrs.evolve(ended, phase=Phase.OVER, round=0)
    assert "duo.inv.match-end" in broken(early)


@pytest.mark.clause("duo.round.next-starter", "duo.turn.order")
def test_a_wrong_starter_or_seat_is_caught() -> None:
    s = base()
    assert "duo.inv.turn" in broken(attrs.evolve(s, starter=1))
    assert "duo.inv.turn" in broken(attrs.evolve(s, turn=5))
    assert "duo.inv.turn" in broken(attrs.evolve(s, turn_pile=0))


@pytest.mark.clause("duo.turn.order")
def test_an_action_out_of_turn_is_caught() -> None:
    s = base()
    after = attrs.evolve(s, turn=0)
    assert "duo.inv.actor" in broken_step(s, Draw(1), after)
    assert "duo.inv.actor" in broken_step(s, Deal(()), after)


@pytest.mark.clause("duo.turn.one-pile")
def test_a_second_pile_in_one_turn_is_caught() -> None:
    s = DUO.apply(base(), Play(0, card("red-3-cross"), 0))
    fake = attrs.evolve(
        s,
        hands=(tuple(c for c in s.hands[0] if c != card("blue-4-square")), s.hands[1]),
        piles=(s.piles[0], (*s.piles[1], card("blue-4-square"))),
        turn_pile=1,
    )
    assert "duo.inv.one-pile" in broken_step(s, Play(0, card("blue-4-square"), 1), fake)


@pytest.mark.clause("duo.turn.play")
def test_a_play_that_does_not_move_the_card_is_caught() -> None:
    s = base()
    action = Play(0, card("red-3-cross"), 0)
    good = DUO.apply(s, action)
    assert broken_step(s, action, good) == set()
    kept = attrs.evolve(good, hands=s.hands, draw_pile=good.draw_pile[1:])
    assert "duo.inv.placement" in broken_step(s, action, kept)
    other = attrs.evolve(good, piles=(s.piles[0], (*s.piles[1], card("red-3-cross"))))
    assert "duo.inv.placement" in broken_step(s, action, other)


@pytest.mark.clause("duo.turn.draw", "duo.turn.stop")
def test_a_draw_or_stop_that_keeps_the_turn_is_caught() -> None:
    s = base()
    drawn = DUO.apply(s, Draw(0))
    assert broken_step(s, Draw(0), drawn) == set()
    assert "duo.inv.turn-passes" in broken_step(s, Draw(0), attrs.evolve(drawn, turn=0))
    skipped = attrs.evolve(drawn, draw_pile=drawn.draw_pile[1:])
    assert "duo.inv.turn-passes" in broken_step(s, Draw(0), skipped)
    assert "duo.inv.turn-passes" in broken_step(s, Stop(0), attrs.evolve(s, turn=1))


@pytest.mark.clause("duo.setup.deal", "duo.round.next-starter")
def test_a_short_deal_or_a_wrong_next_starter_is_caught() -> None:
    start = DUO.new_game(2)
    dealt = DUO.start(2, seed=3)
    short = attrs.evolve(dealt, hands=(dealt.hands[0][:6], dealt.hands[1]))
    assert "duo.inv.round-transition" in broken_step(start, Deal(()), short)
    s = DUO.position(
        [["red-3-cross"], ["green-2-triangle", "yellow-1-cross"]],
        [["red-3-circle"], ["blue-1-square"]],
    )
    action = Play(0, card("red-3-cross"), 0)
    ended = DUO.apply(s, action)
    assert broken_step(s, action, ended) == set()
    assert "duo.inv.round-transition" in broken_step(s, action, attrs.evolve(ended, starter=0))
