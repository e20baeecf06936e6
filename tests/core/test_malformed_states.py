"""Decoders refuse malformed states; invariant checks report, never raise."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec import RecordError
from rulespec.core.invariants import MALFORMED
from rulespec.duck_cover import Options as DuckAndCoverOptions
from rulespec.testing.strategies import played
from tests.mutations import mutated

SETUPS: list[tuple[str, Any]] = [
    ("duck-and-cover", None),
    ("duck-and-cover", DuckAndCoverOptions(low_blows=True, surprises=True)),
    ("duck-and-cover", DuckAndCoverOptions(constraints=True, pressure=True)),
    ("duo", None),
    ("canardage", None),
]


@pytest.mark.parametrize(("game_id", "options"), SETUPS)
@given(data=st.data())
def test_a_damaged_state_is_refused_or_checkable(
    game_id: str, options: Any, data: st.DataObject
) -> None:
    """Whatever the decoder accepts, every invariant can check: no check raises."""
    game = rulespec.game(game_id)
    state = data.draw(played(game, options=options, max_steps=120)).state
    encoded = json.loads(json.dumps(game.encode_state(state)))
    damaged = data.draw(mutated(encoded))
    try:
        decoded = game.decode_state(damaged)
    except RecordError:
        return
    found = game.violations(decoded)
    assert not [v for v in found if v.message.startswith(MALFORMED)], found


def _damaged(game_id: str, **changes: Any) -> Any:
    """A state of a started game with ``changes`` made directly, past the decoder."""
    return attrs.evolve(rulespec.game(game_id).start(3, seed=1), **changes)


@pytest.mark.parametrize(
    ("game_id", "changes", "invariant"),
    [
        ("duo", {"round_scores": ((3,),)}, "duo.inv.match-end"),
        ("duo", {"turn_pile": 1, "piles": ()}, "duo.inv.turn"),
        ("canardage", {"shot": (0,)}, "can.inv.ducks"),
        ("canardage", {"shelters": ()}, "can.inv.shelters"),
        ("canardage", {"turn": 9}, "can.inv.shelters"),
        ("duck-and-cover", {"grids": (None, None, None)}, "dc.inv.ducks-once"),
    ],
)
def test_a_check_that_raises_reports_its_invariant(
    game_id: str, changes: dict[str, Any], invariant: str
) -> None:
    game = rulespec.game(game_id)
    found = {v.invariant: v for v in game.violations(_damaged(game_id, **changes))}
    assert invariant in found
    assert found[invariant].message.startswith(MALFORMED)
    assert found[invariant].clauses == next(i.clauses for i in game.invariants if i.id == invariant)


@pytest.mark.parametrize(
    ("game_id", "changes"),
    [
        ("duo", {"hands": (), "piles": ()}),
        ("canardage", {"hands": (), "shot": ()}),
        ("duck-and-cover", {"grids": (), "submitted": ()}),
    ],
)
def test_a_step_to_a_malformed_state_is_reported_not_raised(
    game_id: str, changes: dict[str, Any]
) -> None:
    game = rulespec.game(game_id)
    before = game.start(3, seed=1)
    player = game.to_move(before)[0]
    action = game.legal_actions(before, player)[0]
    after = attrs.evolve(game.apply(before, action), **changes)
    found = game.step_violations(before, action, after)
    assert any(v.message.startswith(MALFORMED) for v in found)
