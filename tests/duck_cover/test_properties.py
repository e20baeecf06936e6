"""Properties of the Duck & Cover engine (DESIGN §5).

Purity, determinism across processes, arrival order, legality (every legal
action accepted, every other refused with a catalogued clause), the legal
action sequence, views that ignore hidden data, and JSON round trips, on
states reached by Hypothesis-driven play.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec import CHANCE, IllegalAction, Record
from rulespec.duck_cover import (
    DRAW_DECK,
    GAME,
    MAX,
    REPEAT,
    Cover,
    Deal,
    Duck,
    Grid,
    Phase,
    Quack,
    Reshuffle,
    State,
)
from rulespec.duck_cover import Action as DCAction
from rulespec.duck_cover import PlayerAction as DCPlayerAction
from tests.hash_seeds import other_hash_seed
from tests.processes import python

ROOT = Path(__file__).resolve().parents[2]

Pos = tuple[int, int]


class Played(NamedTuple):
    """A game played from its start: the actions taken and the state they lead to."""

    players: int
    actions: tuple[DCAction, ...]
    state: State


@functools.cache
def _index(size: int) -> st.SearchStrategy[int]:
    """An index into a sequence of ``size`` items (strategies built once, for speed)."""
    return st.integers(0, size - 1)


@functools.cache
def _order(pile: tuple[int, ...]) -> st.SearchStrategy[list[int]]:
    return st.permutations(pile)


@st.composite
def played(draw: st.DrawFn, max_steps: int = 300) -> Played:
    """A game played for up to ``max_steps`` steps with Hypothesis-chosen shuffles and
    actions, covering first or not; the turn left open has a Hypothesis-chosen set of
    players who have acted."""
    players = draw(st.integers(2, 7), label="players")
    cover_first = draw(st.booleans(), label="cover_first")
    steps = draw(st.integers(0, max_steps), label="steps")
    state = GAME.new_game(players)
    actions: list[DCAction] = []
    for taken in range(steps):
        if GAME.is_over(state):
            break
        actors = GAME.to_move(state)
        action: DCAction
        if actors == (CHANCE,):
            piles = GAME.chance(state).piles
            action = GAME.chance_action(state, [draw(_order(p)) for p in piles])
        else:
            # Arrival order never changes a resolved turn (a tested property), so only
            # the turn that the last steps leave open draws who acts.
            last = steps - taken <= len(actors)
            actor = actors[draw(_index(len(actors)))] if last else actors[0]
            legal = GAME.legal_actions(state, actor)
            covers = sum(1 for _ in itertools.takewhile(_is_cover, legal)) if cover_first else 0
            action = legal[draw(_index(covers or len(legal)))]
        state = GAME.apply(state, action)
        actions.append(action)
    return Played(players, tuple(actions), state)


def _is_cover(action: DCPlayerAction) -> bool:
    return isinstance(action, Cover)


def in_turn(p: Played) -> bool:
    return p.state.phase is Phase.TURN


def sides(p: Pos) -> tuple[Pos, ...]:
    c, r = p
    return ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1))


def places_around(state: State, player: int, margin: int = 2) -> list[Pos]:
    """Every place of the player's grid's bounding box, widened by ``margin``."""
    cols = [p[0] for p, _ in state.grids[player].cells]
    rows = [p[1] for p, _ in state.grids[player].cells]
    return [
        (c, r)
        for c in range(min(cols) - margin, max(cols) + margin + 1)
        for r in range(min(rows) - margin, max(rows) + margin + 1)
    ]


def candidates(state: State, player: int) -> list[DCPlayerAction]:
    """Quack, and Cover and Duck to every place near the player's grid."""
    around = places_around(state, player)
    return [Quack(player), *(Cover(player, q) for q in around), *(Duck(player, q) for q in around)]


def called_place(state: State, player: int) -> Pos | None:
    """Where the player's called card tops a stack (None if covered), from the rulebook."""
    grid = dict(state.grids[player].cells)
    call = state.call
    wanted = max(s[-1] for s in grid.values()) if call == MAX else call
    return next((p for p, s in grid.items() if s[-1] == wanted), None)


def expected_clauses(state: State, player: int) -> dict[DCPlayerAction, str | None]:
    """For each candidate action of ``player`` in a turn, the clause it breaks, read from
    the rulebook (None: legal)."""
    found: dict[DCPlayerAction, str | None] = {}
    grid = dict(state.grids[player].cells)
    origin = called_place(state, player)
    others = set(grid) - {origin}
    for action in candidates(state, player):
        clause: str | None
        if state.submitted[player] is not None:
            clause = "dc.turn.simultaneous"
        elif origin is None:
            clause = None if isinstance(action, Quack) else "dc.move.quack"
        elif isinstance(action, Quack):
            clause = "dc.move.must-move"
        elif isinstance(action, Cover):
            legal = action.to in sides(origin) and action.to in grid
            clause = None if legal else "dc.move.cover"
        elif not isinstance(action, Duck):
            continue
        elif action.to in grid:
            clause = "dc.move.duck"
        else:
            touches = any(q in others for q in sides(action.to))
            clause = None if touches else "dc.move.duck-adjacent"
        found[action] = clause
    return found


def assert_refused(state: State, action: Any, clause: str | None = None) -> IllegalAction:
    """``action`` raises IllegalAction naming a catalogued clause (``clause`` if given)."""
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action)
    assert rulespec.clause(info.value.clause).id == info.value.clause
    if clause is not None:
        assert info.value.clause == clause, (action, str(info.value))
    assert info.value.reason and str(info.value).startswith(info.value.clause)
    return info.value


# -- purity --------------------------------------------------------------------------


@given(played(), st.data())
def test_apply_never_changes_its_arguments(p: Played, data: st.DataObject) -> None:
    state = p.state
    before = GAME.encode_state(state)
    twin = GAME.decode_state(json.loads(json.dumps(before)))
    assert twin == state and hash(twin) == hash(state)
    assert {state: 1}[twin] == 1
    if GAME.is_over(state):
        return
    actors = GAME.to_move(state)
    if actors == (CHANCE,):
        piles = GAME.chance(state).piles
        actions: list[DCAction] = [
            GAME.chance_action(state, [data.draw(st.permutations(x)) for x in piles])
        ]
    else:
        everything = [a for q in actors for a in GAME.legal_actions(state, q)]
        some = data.draw(st.lists(st.sampled_from(everything), min_size=1, max_size=10))
        actions = [*some, Quack(actors[0]), Duck(actors[0], (40, 40))]
    for action in actions:
        copy = attrs.evolve(action)
        try:
            after = GAME.apply(state, action)
        except IllegalAction:
            pass
        else:
            assert after != state
            hash(after)
        assert action == copy
        assert state == twin and hash(state) == hash(twin)
    assert GAME.encode_state(state) == before


# -- determinism -----------------------------------------------------------------------

_SCRIPT = """
import hashlib, json, rulespec
dc = rulespec.game("duck-and-cover")
out = []
for players in range(2, 8):
    rec = rulespec.Record.play(dc, players=players, seed=1000 + players)
    final = json.dumps(dc.encode_state(rec.replay()), sort_keys=True)
    out.append([rec.to_json(), hashlib.sha256(final.encode()).hexdigest()])
print(json.dumps(out))
"""


def _records_in_subprocess(hash_seed: str) -> list[list[str]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    result: list[list[str]] = json.loads(python(_SCRIPT, env=env))
    return result


def test_a_seed_gives_the_same_record_whatever_the_hash_seed() -> None:
    there = _records_in_subprocess(other_hash_seed())
    assert len(there) == 6
    for players, (text, digest) in zip(range(2, 8), there, strict=True):
        rec = Record.from_json(text)
        assert rec.players == players
        assert GAME.is_over(rec.replay())
        here = Record.play(GAME, players=players, seed=1000 + players)
        assert here.to_json() == text
        final = json.dumps(GAME.encode_state(here.replay()), sort_keys=True)
        assert hashlib.sha256(final.encode()).hexdigest() == digest


# -- arrival order ----------------------------------------------------------------------


@pytest.mark.clause("dc.turn.simultaneous")
@given(played().filter(in_turn), st.data())
def test_arrival_order_never_changes_the_result(p: Played, data: st.DataObject) -> None:
    state = p.state
    actors = GAME.to_move(state)
    chosen = {q: data.draw(st.sampled_from(list(GAME.legal_actions(state, q)))) for q in actors}
    orders: list[Sequence[int]]
    if len(actors) <= 4:
        orders = list(itertools.permutations(actors))
    else:
        orders = [actors, actors[::-1]]
        orders += data.draw(st.lists(st.permutations(actors), min_size=1, max_size=6))
    results = []
    for order in orders:
        s = state
        for q in order:
            s = GAME.apply(s, chosen[q])
        results.append(s)
    assert all(r == results[0] for r in results)
    encoded = [json.dumps(GAME.encode_state(r), sort_keys=True) for r in results]
    assert len(set(encoded)) == 1


# -- legality ---------------------------------------------------------------------------


@pytest.mark.clause(
    "dc.move.cover",
    "dc.move.duck",
    "dc.move.duck-adjacent",
    "dc.move.must-move",
    "dc.move.quack",
    "dc.special.max",
    "dc.turn.simultaneous",
    "dc.setup.players",
)
@given(played().filter(in_turn))
def test_legal_actions_are_accepted_and_every_other_is_refused(p: Played) -> None:
    state = p.state
    before = GAME.encode_state(state)
    actors = GAME.to_move(state)
    for player in range(state.players):
        legal = list(GAME.legal_actions(state, player))
        if player not in actors:
            assert legal == []
        expected = expected_clauses(state, player)
        for action, clause in expected.items():
            if clause is None:
                assert action in legal
                after = GAME.apply(state, action)
                if len(actors) > 1:
                    assert after.submitted[player] == action
            else:
                assert action not in legal
                assert_refused(state, action, clause)
        # Every legal action is one of the candidates.
        assert set(legal) <= set(expected)
    # Players who are not in the game.
    assert_refused(state, Quack(state.players), "dc.setup.players")
    assert_refused(state, Cover(-1, (0, 0)), "dc.setup.players")
    # Refusals leave the state as it was.
    assert GAME.encode_state(state) == before


@pytest.mark.clause("dc.round.new", "dc.deck.reshuffle", "dc.turn.draw", "dc.game.three-rounds")
@given(played())
def test_actions_out_of_their_step_are_refused(p: Played) -> None:
    state = p.state
    before = GAME.encode_state(state)
    deal = Deal(tuple(tuple(range(1, 13)) for _ in range(p.players)), DRAW_DECK)
    if state.phase is not Phase.DEAL:
        assert_refused(state, deal, "dc.round.new")
    if state.phase is not Phase.RESHUFFLE:
        assert_refused(state, Reshuffle(DRAW_DECK), "dc.deck.reshuffle")
    if state.phase is not Phase.TURN:
        clause = "dc.game.three-rounds" if GAME.is_over(state) else "dc.turn.draw"
        for player in range(p.players):
            assert len(GAME.legal_actions(state, player)) == 0
            assert_refused(state, Quack(player), clause)
            assert_refused(state, Cover(player, (0, 0)), clause)
            assert_refused(state, Duck(player, (0, -1)), clause)
    assert GAME.encode_state(state) == before


def to_next_chance_step(state: State) -> State:
    """Play on (each player's first legal action) until the game waits for chance."""
    while GAME.to_move(state) not in ((CHANCE,), ()):
        for player in GAME.to_move(state):
            state = GAME.apply(state, GAME.legal_actions(state, player)[0])
    return state


@pytest.mark.clause("dc.setup.grid", "dc.setup.draw-deck", "dc.deck.reshuffle", "dc.turn.draw")
@given(played())
def test_malformed_shuffles_are_refused(p: Played) -> None:
    state = to_next_chance_step(p.state)
    if GAME.is_over(state):
        return
    n = p.players
    family = tuple(range(1, 13))
    if state.phase is Phase.DEAL:
        assert_refused(state, Deal((family,) * (n - 1), DRAW_DECK), "dc.setup.grid")
        bad_grid = (tuple([1, 1, *range(3, 13)]), *((family,) * (n - 1)))
        assert_refused(state, Deal(bad_grid, DRAW_DECK), "dc.setup.grid")
        assert_refused(state, Deal((family,) * n, DRAW_DECK[:-1]), "dc.setup.draw-deck")
        assert_refused(state, Deal((family,) * n, (*DRAW_DECK[:-1], 5)), "dc.setup.draw-deck")
    else:
        pile = tuple(state.captain_pile)
        assert_refused(state, Reshuffle(pile[:-1]), "dc.deck.reshuffle")
        assert_refused(state, Reshuffle((*pile, REPEAT)), "dc.deck.reshuffle")
        assert_refused(state, Quack(0), "dc.turn.draw")


# -- the legal-action sequence ----------------------------------------------------------


def _key(action: DCPlayerAction) -> tuple[int, Pos]:
    if isinstance(action, Cover | Duck):
        return (0 if isinstance(action, Cover) else 1, action.to)
    return (0, (0, 0))


@pytest.mark.clause("dc.move.cover", "dc.move.duck", "dc.move.quack")
@given(played().filter(in_turn), st.data())
def test_legal_action_sequence_is_consistent(p: Played, data: st.DataObject) -> None:
    state = p.state
    for player in range(state.players):
        seq = GAME.legal_actions(state, player)
        items = list(seq)
        n = len(items)
        assert len(seq) == n
        assert [seq[i] for i in range(n)] == items
        assert [seq[-i] for i in range(1, n + 1)] == items[::-1]
        for bad in (n, -n - 1):
            with pytest.raises(IndexError):
                seq[bad]
        assert all(a in seq for a in items)
        assert len(set(items)) == n
        # Covers sorted by position, then Ducks sorted by position.
        assert items == sorted(items, key=_key)
        kinds = [type(a) for a in items]
        assert kinds in ([], [Quack]) or Quack not in kinds
        for other in candidates(state, player):
            assert (other in seq) == (other in items)
        strangers: list[object] = [None, (0, 0), "quack", Quack(player + 1)]
        assert not any(x in seq for x in strangers)
        start = data.draw(st.integers(-n - 2, n + 2))
        stop = data.draw(st.integers(-n - 2, n + 2))
        step = data.draw(st.sampled_from([1, 2, 3, -1, -2]))
        assert list(seq[start:stop:step]) == items[start:stop:step]
        assert list(seq[:]) == items
        if items:
            assert seq.count(items[0]) == 1
            k = data.draw(st.integers(0, n - 1))
            assert seq.index(items[k]) == k


# -- views ------------------------------------------------------------------------------


def _shuffle_covered(grid: Grid, order: list[int]) -> Grid:
    """``grid`` with its covered cards dealt again in ``order``, keeping every top card
    and every stack's depth."""
    stacks = {}
    cards = iter(order)
    for pos, stack in grid.cells:
        stacks[pos] = [*(next(cards) for _ in stack[:-1]), stack[-1]]
    return Grid.from_stacks(stacks)


def covered_cards(grid: Grid) -> list[int]:
    return [c for _, stack in grid.cells for c in stack[:-1]]


@pytest.mark.clause("dc.view.hidden", "dc.deck.no-peeking", "dc.view.simultaneous")
@given(played(), st.data())
def test_views_do_not_depend_on_hidden_data(p: Played, data: st.DataObject) -> None:
    state = p.state
    changes: dict[str, Any] = {}
    if state.draw_pile:
        changes["draw_pile"] = tuple(data.draw(st.permutations(state.draw_pile)))
    if len(state.captain_pile) > 1:
        below = data.draw(st.permutations(state.captain_pile[:-1]))
        changes["captain_pile"] = (*below, state.captain_pile[-1])
    if state.grids:
        changes["grids"] = tuple(
            _shuffle_covered(g, data.draw(st.permutations(covered_cards(g)))) for g in state.grids
        )
    hidden = attrs.evolve(state, **changes)
    assert GAME.violations(hidden) == ()
    for viewer in range(state.players):
        assert GAME.view(hidden, viewer) == GAME.view(state, viewer)
    if state.phase is not Phase.TURN:
        return
    # Another player's submitted action, replaced by another legal one.
    for actor, action in enumerate(state.submitted):
        if action is None:
            continue
        open_turn = list(state.submitted)
        open_turn[actor] = None
        reopened = attrs.evolve(state, submitted=tuple(open_turn))
        other = data.draw(st.sampled_from(list(GAME.legal_actions(reopened, actor))))
        swapped = GAME.apply(reopened, other)
        assert swapped.submitted[actor] == other
        for viewer in range(state.players):
            if viewer != actor:
                assert GAME.view(swapped, viewer) == GAME.view(state, viewer)
            else:
                assert GAME.view(swapped, viewer).own_action == other
        assert GAME.view(state, actor).own_action == action


@pytest.mark.clause("dc.view.hidden")
@given(played())
def test_views_show_what_the_table_shows(p: Played) -> None:
    state = p.state
    for viewer in range(state.players):
        v = GAME.view(state, viewer)
        assert v.player == viewer and v.players == state.players
        assert [[(s.position, s.top, s.covered) for s in g.stacks] for g in v.grids] == [
            [(pos, stack[-1], len(stack) - 1) for pos, stack in g.cells] for g in state.grids
        ]
        assert v.draw_pile_size == len(state.draw_pile)
        assert v.captain_pile_size == len(state.captain_pile)
        assert v.captain_pile_top == (state.captain_pile[-1] if state.captain_pile else None)
        assert v.discard_zone == state.discard_zone
        assert v.discards_left == 11 - state.players - len(state.discard_zone)
        assert v.round_scores == state.round_scores
        assert v.acted == tuple(a is not None for a in state.submitted)


# -- JSON -------------------------------------------------------------------------------


@given(played())
def test_json_round_trips_and_replay(p: Played) -> None:
    state = p.state
    text = json.dumps(GAME.encode_state(state))
    assert GAME.decode_state(json.loads(text)) == state
    for action in p.actions:
        data = json.loads(json.dumps(GAME.encode_action(action)))
        assert GAME.decode_action(data) == action
    record = Record(GAME.id, p.players, GAME.default_options(), p.actions)
    again = Record.from_json(record.to_json())
    assert again == record
    assert Record.from_json(record.to_json(indent=2)) == record
    assert again.replay() == state
    states = list(again.states())
    assert len(states) == len(p.actions) + 1 and states[-1] == state
