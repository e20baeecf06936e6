"""Duck & Cover's action space, its non-canonical moves, the probes that explain a
refused « Coin », and the setup clauses."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.duck_cover import Cover, Duck, Options, Phase, Quack, State
from rulespec.duck_cover.cards import number_of
from rulespec.duck_cover.grid import neighbours
from rulespec.duck_cover.rules import called_stack
from rulespec.testing import kit_for
from rulespec.testing.kit import refusals
from tests.profiles import scaled
from tests.testing.seeded import seeded_states

DC = rulespec.game("duck-and-cover")
KIT = kit_for(DC)
LOW_BLOWS = Options(low_blows=True)


@pytest.fixture(scope="module")
def states() -> list[State]:
    """States of seeded games, in the published game and under *Low blows*."""
    seeds = range(scaled(6, 40))
    players = (2, 3, 4, 5, 6, 7)
    return list(seeded_states(DC, seeds, players, options=(None, LOW_BLOWS), steps=150, every=2))


def _refusal(state: State, action: object) -> str:
    with pytest.raises(rulespec.IllegalAction) as info:
        DC.apply(state, action)
    return info.value.clause


def _movers(state: State) -> tuple[int, ...]:
    return DC.to_move(state)


def test_the_space_holds_every_legal_action_once(states: list[State]) -> None:
    for state in states:
        for p in _movers(state):
            space = KIT.action_space(DC, state, p)
            assert set(DC.legal_actions(state, p)) <= set(space)
            # Every place around every stack, diagonals included, for both moves.
            for at in state.grids[p].positions():
                c, r = at
                assert Duck(p, (c + 1, r + 1)) in space and Cover(p, (c - 1, r - 1)) in space


def test_the_refusals_cover_the_rules_that_forbid(states: list[State]) -> None:
    seen: set[str] = set()
    for state in states:
        for p in _movers(state):
            seen.update(refusals(DC, state, KIT.action_space(DC, state, p)))
    assert {
        "dc.move.quack",  # a move of a covered card
        "dc.move.must-move",  # « Coin » with a visible card
        "dc.move.cover",  # a Cover not beside the card, or onto an empty place
        "dc.move.duck",  # a Duck onto a stack, or where the card stands
        "dc.move.duck-adjacent",  # a Duck beside no other stack
        "dc.variant.low-blows.trigger",  # a move when a duck is to be given
        "dc.variant.low-blows.gift",  # giving a duck that is not among the lowest
        "dc.variant.low-blows.placement",  # placing a received duck on a stack
        "dc.variant.low-blows.ownership",  # a move without its origin when two may move
    } <= seen


def test_a_player_who_has_acted_gets_a_few_actions(states: list[State]) -> None:
    checked = 0
    for state in states:
        acted = [p for p in range(state.players) if state.submitted[p] is not None]
        for p in acted:
            space = KIT.action_space(DC, state, p)
            assert 0 < len(space) <= 3
            assert {_refusal(state, a) for a in space} == {"dc.turn.simultaneous"}
            checked += 1
    assert checked > 10


def test_non_canonical_moves_name_the_origin_and_are_refused(states: list[State]) -> None:
    found = 0
    for state in states:
        for p in _movers(state):
            space = set(KIT.action_space(DC, state, p))
            legal = DC.legal_actions(state, p)
            for action in KIT.non_canonical(DC, state, p):
                assert isinstance(action, Cover | Duck)
                grid = state.grids[p]
                assert action.origin == grid.cells[called_stack(state, p)][0]
                assert type(action)(p, action.to) in legal
                assert action not in space
                assert _refusal(state, action) == "dc.variant.low-blows.ownership"
                found += 1
    assert found > 20


def test_the_probes_of_a_refused_quack_are_the_moves_of_the_covered_card(
    states: list[State],
) -> None:
    checked = 0
    for state in states:
        for p in _movers(state):
            legal = DC.legal_actions(state, p)
            if Quack(p) not in legal:
                assert KIT.refusal_probes(DC, state, Quack(p)) == ()
                continue
            probes = KIT.refusal_probes(DC, state, Quack(p))
            assert probes
            assert all(type(a) in (Cover, Duck) and a.player == p for a in probes)
            assert {_refusal(state, a) for a in probes} == {"dc.move.quack"}
            # The likeliest first: onto a stack beside the covered called card (under Low
            # blows the player may have given away their card of that number).
            grid = state.grids[p]
            call = state.call
            held = [q for q, stack in grid.cells if any(number_of(c) == call for c in stack)]
            if not held:
                continue
            at = held[0]
            beside = set(neighbours(at)) & set(grid.positions())
            covers = [a.to for a in probes[: len(beside)]]
            assert set(covers) == beside
            assert all(type(a) is Cover for a in probes[: len(beside)])
            checked += 1
    assert checked > 10


def test_the_setup_clauses_are_in_the_catalogue() -> None:
    catalogue = {c.id for c in rulespec.clauses("duck-and-cover")}
    first = DC.start(4, seed=2, options=Options(surprises=True))
    assert first.phase is Phase.TURN
    found = KIT.setup_clauses(DC, first)
    assert {"dc.setup.grid", "dc.setup.draw-deck", "dc.variant.surprises"} <= set(found)
    assert set(found) <= catalogue
    games = seeded_states(DC, range(1), (2,), steps=2000)
    later = next(s for s in games if s.round > 0)
    assert KIT.setup_clauses(DC, later)[0] == "dc.round.new"
