"""Duo's action space, the probes that explain a refused Draw or Stop, and the setup
clauses."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.duo import TURBO, Draw, Options, Phase, Play, State, Stop
from rulespec.duo.matching import fits
from rulespec.testing import kit_for
from rulespec.testing.kit import refusals
from tests.profiles import scaled
from tests.testing.seeded import seeded_states

DUO = rulespec.game("duo")
KIT = kit_for(DUO)


@pytest.fixture(scope="module")
def states() -> list[State]:
    """States of seeded matches, in the base game and in Turbo-DUO."""
    seeds = range(scaled(6, 40))
    options = (None, Options(turbo=True))
    return list(seeded_states(DUO, seeds, (2, 3, 4, 5, 6), options=options, steps=150, every=2))


def _refusal(state: State, action: Play | Draw | Stop) -> str:
    with pytest.raises(rulespec.IllegalAction) as info:
        DUO.apply(state, action)
    return info.value.clause


def test_the_space_holds_every_legal_action_once(states: list[State]) -> None:
    for state in states:
        p = state.turn
        space = KIT.action_space(DUO, state, p)
        assert len(space) == len(set(space)) == 2 * (TURBO + 1) + 2
        assert set(DUO.legal_actions(state, p)) <= set(space)


def test_the_refusals_cover_the_rules_that_forbid(states: list[State]) -> None:
    seen: set[str] = set()
    for state in states:
        seen.update(refusals(DUO, state, KIT.action_space(DUO, state, state.turn)))
    assert {
        "duo.turn.play",  # a card not in hand
        "duo.turn.one-pile",  # the other pile after a card
        "duo.turn.stop",  # Stop before any card
        "duo.turn.draw",  # Draw after a card
        "duo.place.two-features",
        "duo.place.joker",
        "duo.place.on-joker",
        "duo.place.no-joker-on-joker",
    } <= seen


def test_a_player_not_on_turn_gets_a_few_actions(states: list[State]) -> None:
    for state in states[::5]:
        other = (state.turn + 1) % state.players
        space = KIT.action_space(DUO, state, other)
        assert 0 < len(space) <= 3
        assert {_refusal(state, a) for a in space} == {"duo.turn.order"}


def test_each_action_has_one_encoding(states: list[State]) -> None:
    assert all(KIT.non_canonical(DUO, state, state.turn) == () for state in states[::10])


def test_the_probes_of_a_refused_draw_or_stop_are_the_refused_plays_of_the_hand(
    states: list[State],
) -> None:
    checked: dict[type, int] = {Draw: 0, Stop: 0}
    for state in states:
        p = state.turn
        legal = DUO.legal_actions(state, p)
        last = legal[-1]  # the Draw before any card, the Stop after one
        probes = KIT.refusal_probes(DUO, state, last)
        hand = set(state.hands[p])
        expected = {Play(p, c, pile) for c in hand for pile in (0, 1)} - set(legal)
        assert set(probes) == expected
        assert len(probes) == len(expected)
        for action in probes:
            _refusal(state, action)
        if state.turn_pile is not None:
            # A card that fits the other pile is the likeliest: offered first.
            top = state.piles[1 - state.turn_pile][-1]
            fitting = [a for a in probes if a.pile != state.turn_pile and fits(a.card, top)]
            assert probes[: len(fitting)] == fitting
            assert KIT.refusal_probes(DUO, state, Draw(p)) == ()  # refused: explains nothing
        checked[type(last)] += 1
        plays = [a for a in legal if type(a) is Play]
        if plays:
            assert KIT.refusal_probes(DUO, state, plays[0]) == ()
    assert min(checked.values()) > 10


def test_the_setup_clauses_are_in_the_catalogue(states: list[State]) -> None:
    catalogue = {c.id for c in rulespec.clauses("duo")}
    first = DUO.start(3, seed=1, options=Options(turbo=True))
    assert first.phase is Phase.TURN
    found = KIT.setup_clauses(DUO, first)
    assert {"duo.setup.deal", "duo.setup.piles", "duo.cards.turbo"} <= set(found) <= catalogue
    assert "duo.round.new" not in found
    later = next(s for s in states if s.round > 0)
    found = KIT.setup_clauses(DUO, later)
    assert {"duo.round.new", "duo.round.next-starter"} <= set(found) <= catalogue
