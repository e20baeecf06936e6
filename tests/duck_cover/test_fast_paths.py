"""The engine's fast paths agree with the plain statement of the rules.

Every step of a game runs the fast paths: a move that updates a grid and its
place masks together, legal moves decoded from masks (and kept action objects),
a check that accepts at once the action just taken from the legal moves, turn
lookups made when the card is drawn, chance actions made from the game's own
piles. Each is compared here, on states reached
by Hypothesis-driven play, with the plain path it stands for.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec import CHANCE, IllegalAction
from rulespec.duck_cover import GAME, Cover, Duck, Grid, Phase, Quack, Reshuffle, State, rules
from rulespec.duck_cover.grid import PlaceMasks, Position, neighbours
from tests.duck_cover.test_properties import (
    Played,
    called_place,
    expected_clauses,
    in_turn,
    played,
)


def plain_moves(grid: Grid, index: int) -> tuple[list[Position], list[Position]]:
    """Where the stack ``grid.cells[index]`` may go, from the positions alone: (Cover
    targets, Duck places), sorted."""
    places = dict(grid.cells)
    here = grid.cells[index][0]
    covers = sorted(q for q in neighbours(here) if q in places)
    ducks = {q for p in places if p != here for q in neighbours(p) if q not in places}
    return covers, sorted(ducks - {here})


def same_masks(grid: Grid) -> None:
    """The grid's masks describe its cells as masks made afresh do."""
    kept, fresh = grid.masks(), PlaceMasks.around(grid.cells)
    assert list(kept.places(kept.stacks)) == [p for p, _ in grid.cells]
    assert [list(kept.places(bit)) for bit in kept.cells] == [[p] for p, _ in grid.cells]
    assert kept.tops == fresh.tops == tuple(stack[-1] for _, stack in grid.cells)


@given(played().filter(in_turn), st.data())
def test_a_move_updates_the_grid_and_its_masks_as_the_plain_move_does(
    p: Played, data: st.DataObject
) -> None:
    state = p.state
    for player, grid in enumerate(state.grids):
        same_masks(grid)
        index = rules.called_stack(state, player)
        if index < 0:
            continue
        covers, ducks = plain_moves(grid, index)
        masks = grid.masks()
        here, stacks = masks.cells[index], masks.stacks
        assert rules.reachable(masks, index) == (
            masks.beside(here) & stacks,
            masks.beside(stacks & ~here) & ~stacks,
        )
        to = data.draw(st.sampled_from(covers + ducks))
        moved = grid.moved(index, to)
        plain = Grid(grid.cells).moved(index, to)  # no masks: placed by bisection
        assert plain._masks_ is None
        assert moved == plain == Grid.from_stacks(dict(plain.cells))
        same_masks(moved)


@given(played().filter(in_turn), st.data())
def test_legal_moves_are_the_plain_moves_in_order(p: Played, data: st.DataObject) -> None:
    state = p.state
    for player in GAME.to_move(state):
        legal = GAME.legal_actions(state, player)
        index = rules.called_stack(state, player)
        if index < 0:
            assert list(legal) == [Quack(player)]
            continue
        covers, ducks = plain_moves(state.grids[player], index)
        expected = [Cover(player, q) for q in covers] + [Duck(player, q) for q in ducks]
        assert list(legal) == expected
        i = data.draw(st.integers(0, len(expected) - 1))
        assert legal[i] == expected[i] and legal[i - len(expected)] == expected[i]
        assert GAME.legal_actions(state, player) is legal  # kept for the turn


@given(played().filter(in_turn), st.data())
def test_an_action_taken_from_the_legal_moves_is_judged_as_any_equal_action(
    p: Played, data: st.DataObject
) -> None:
    state = p.state
    player = data.draw(st.sampled_from(GAME.to_move(state)))
    legal = GAME.legal_actions(state, player)
    taken = legal[data.draw(st.integers(0, len(legal) - 1))]
    fresh = type(taken)(**{k: getattr(taken, k) for k in ("player", "to") if hasattr(taken, k)})
    assert fresh == taken and fresh is not taken
    for action, clause in expected_clauses(state, player).items():
        if clause is not None:  # taking an action does not open the door to others
            with pytest.raises(IllegalAction, match=clause):
                GAME.apply(state, action)
    after = GAME.apply(state, taken)
    assert after == GAME.apply(state, fresh)
    if after.phase is Phase.TURN and after.round == state.round and not after.submitted[player]:
        # The turn resolved: the action taken is judged afresh in the next turn.
        clause = expected_clauses(after, player).get(taken, "dc.move.cover")
        if clause is None:
            assert GAME.apply(after, taken) == GAME.apply(after, fresh)
        else:
            with pytest.raises(IllegalAction):
                GAME.apply(after, taken)
    elif after.phase is Phase.TURN and after.submitted[player] is not None:
        with pytest.raises(IllegalAction, match=r"^dc\.turn\.simultaneous"):
            GAME.apply(after, taken)


@given(played())
def test_the_turn_made_at_the_draw_is_the_turn_found_later(p: Played) -> None:
    state = p.state
    if state.phase is not Phase.TURN:
        assert GAME.to_move(state) in ((-1,), ())
        return
    fresh = GAME.decode_state(GAME.encode_state(state))  # no kept lookups
    kept = fresh._kept_
    assert kept is None and fresh == state
    assert rules.called_stacks(fresh) == rules.called_stacks(state)
    made, found = state._kept_, fresh._kept_
    assert made.call == found.call == state.call
    for player, grid in enumerate(state.grids):  # as the rulebook reads the call
        index = rules.called_stack(state, player)
        assert (grid.cells[index][0] if index >= 0 else None) == called_place(state, player)
    waiting = tuple(player for player, a in enumerate(state.submitted) if a is None)
    assert GAME.to_move(state) == GAME.to_move(fresh) == waiting


def test_kept_actions_are_made_afresh_once_the_table_is_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rules, "_KEPT", 0)
    monkeypatch.setattr(rules, "_COVERS", tuple({} for _ in range(7)))
    monkeypatch.setattr(rules, "_DUCKS", tuple({} for _ in range(7)))
    state: State = GAME.start(3, seed=4)
    for player in GAME.to_move(state):
        legal = GAME.legal_actions(state, player)
        assert [legal[i] for i in range(len(legal))] == list(legal)
    assert not any(rules._COVERS) and not any(rules._DUCKS)


def test_a_sampled_chance_action_is_checked_on_any_other_state() -> None:
    rng = random.Random(3)
    state = GAME.new_game(2)
    deal = GAME.sample_chance(state, rng)
    state = GAME.apply(state, deal)
    while state.phase is not Phase.RESHUFFLE:  # two players use up the deck in a round
        assert not GAME.is_over(state)
        for actor in GAME.to_move(state):
            if actor == CHANCE:
                state = GAME.apply(state, GAME.sample_chance(state, rng))
            else:
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state, actor)))
    other = GAME.new_game(3)
    with pytest.raises(IllegalAction, match=r"^dc\.setup\.grid"):
        GAME.apply(other, deal)  # two grids for three players
    reshuffle = GAME.sample_chance(state, rng)
    assert isinstance(reshuffle, Reshuffle)
    with pytest.raises(IllegalAction, match=r"^dc\.deck\.reshuffle"):
        GAME.apply(GAME.apply(state, reshuffle), reshuffle)  # no longer awaited
