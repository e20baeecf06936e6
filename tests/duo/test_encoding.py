"""Duo's action ids and observations, against the layout the reference page documents."""

from __future__ import annotations

import random

import attrs
import pytest

from rulespec.duo import Draw, Options, Phase, Play, State, Stop, View
from rulespec.duo.encoding import OBSERVATION_FIXED
from tests.duo.helpers import DUO, card, refused
from tests.duo.helpers import shuffle_hidden as _shuffle_hidden

TURBO = Options(turbo=True)

# The layout, written out from the documentation: slice name -> (start, length), 3 players.
_N = 3
_LAYOUT = {
    "hand": (0, 77),
    "top0": (77, 77),
    "top1": (154, 77),
    "turn_pile": (231, 2),
    "phase": (233, 3),
    "counts": (236, 4),
    "target": (240, 1),
    "finished": (241, 1),
    "seat": (242, _N),
    "turn": (242 + _N, _N),
    "starter": (242 + 2 * _N, _N),
    "hand_sizes": (242 + 3 * _N, _N),
    "totals": (242 + 4 * _N, _N),
    "last_round": (242 + 5 * _N, _N),
}


def _slice(values: tuple[float, ...], name: str) -> list[float]:
    start, length = _LAYOUT[name]
    return list(values[start : start + length])


def table() -> State:
    return DUO.position(
        [
            ["red-3-cross", "blue-1-circle"],
            ["red-2-square", "blue-1-triangle", "green-4-square"],
            ["blue-2-square"],
        ],
        [["red-3-circle", "red-2-circle"], ["blue-1-square"]],
        turn=1,
        round=2,
        round_scores=[(3, 0, 0), (0, 0, 4)],
    )


def test_the_space_is_two_piles_of_77_cards_then_stop_and_draw() -> None:
    for n in range(2, 7):
        assert DUO.action_space_size(n) == 156
    state = table()
    # red-2-square is 16 × 1 + 4 × 1 + 1; blue-1-triangle is 2.
    assert DUO.action_id(state, Play(1, card("red-2-square"), 0)) == 21
    assert DUO.action_id(state, Play(1, card("blue-1-triangle"), 1)) == 77 + 2
    assert DUO.action_id(state, Draw(1)) == 155
    assert DUO.legal_action_ids(state, 1) == (21, 79, 155)
    after = DUO.apply(state, Play(1, card("red-2-square"), 0))
    assert DUO.action_id(after, Stop(1)) == 154
    assert DUO.action_from_id(after, 1, 154) == Stop(1)
    assert DUO.action_from_id(state, 1, 79) == Play(1, card("blue-1-triangle"), 1)


def test_the_turbo_joker_is_card_76() -> None:
    state = DUO.position(
        [["turbo", "green-1-square"], ["blue-1-circle"]],
        [["red-3-circle"], ["joker-2"]],
        options=TURBO,
    )
    assert DUO.state_type is State and state.options.turbo
    assert DUO.legal_action_ids(state, 0) == (76, 153, 155)


def test_illegal_actions_are_refused_with_the_rules_clause() -> None:
    state = table()
    with refused("duo.turn.order"):
        DUO.action_id(state, Draw(0))
    with refused("duo.turn.order"):
        DUO.action_from_id(state, 0, 155)
    with refused("duo.turn.play"):
        DUO.action_id(state, Play(1, card("red-3-cross"), 0))
    with refused("duo.turn.stop"):
        DUO.action_from_id(state, 1, 154)
    with refused("duo.place.two-features"):
        DUO.action_from_id(state, 1, 77 + card("red-2-square"))
    after = DUO.apply(state, Play(1, card("red-2-square"), 0))
    with refused("duo.turn.one-pile"):
        DUO.action_from_id(after, 1, 77 + card("blue-1-triangle"))
    with refused("duo.turn.draw"):
        DUO.action_id(after, Draw(1))
    with refused("duo.turn.play"):
        DUO.action_from_id(state, 1, 156)
    with refused("duo.turn.play"):
        DUO.action_id(state, Play(1, True, 0))


def test_the_observation_follows_the_documented_layout() -> None:
    state = table()
    values = DUO.observation(DUO.view(state, 2))
    assert len(values) == OBSERVATION_FIXED + 6 * _N == sum(n for _, n in _LAYOUT.values())
    hand = _slice(values, "hand")
    assert hand[card("blue-2-square")] == 1.0 and sum(hand) == 1.0
    assert _slice(values, "top0").index(1.0) == card("red-2-circle")
    assert _slice(values, "top1").index(1.0) == card("blue-1-square")
    assert sum(_slice(values, "top0")) == sum(_slice(values, "top1")) == 1.0
    assert _slice(values, "turn_pile") == [0.0, 0.0]
    assert _slice(values, "phase") == [0.0, 1.0, 0.0]
    assert _slice(values, "counts") == [2.0, 1.0, 76.0 - 6 - 3, 2.0]
    assert _slice(values, "target") == [15.0]
    assert _slice(values, "finished") == [2.0]
    assert _slice(values, "seat") == [0.0, 0.0, 1.0]
    # Seats from the viewer (2): 2, 0, 1. Player 1 is on turn; round 2's starter is seat 2.
    assert _slice(values, "turn") == [0.0, 0.0, 1.0]
    assert _slice(values, "starter") == [1.0, 0.0, 0.0]
    assert _slice(values, "hand_sizes") == [1.0, 2.0, 3.0]
    assert _slice(values, "totals") == [4.0, 3.0, 0.0]
    assert _slice(values, "last_round") == [4.0, 0.0, 0.0]
    played = DUO.apply(state, Play(1, card("blue-1-triangle"), 1))
    assert _slice(DUO.observation(DUO.view(played, 2)), "turn_pile") == [0.0, 1.0]


def test_turbo_copies_are_counted() -> None:
    state = DUO.position(
        [["turbo", "turbo", "red-1-circle"], ["blue-1-circle"]],
        [["red-3-circle"], ["joker-2"]],
        options=TURBO,
    )
    assert DUO.observation(DUO.view(state, 0))[76] == 2.0


def test_before_the_first_deal_the_cards_are_all_zero() -> None:
    values = DUO.observation(DUO.view(DUO.new_game(2), 1))
    assert not any(values[: 3 * 77 + 2])
    assert values[233:236] == (1.0, 0.0, 0.0)


@pytest.mark.clause("duo.view.hidden")
def test_states_a_player_sees_alike_give_the_same_observation() -> None:
    rng = random.Random(11)
    for n in (2, 4, 6):
        state = DUO.start(n, seed=n)
        for _ in range(30):
            player = rng.randrange(n)
            other = _shuffle_hidden(state, player, rng)
            assert other != state
            assert DUO.observation(DUO.view(other, player)) == DUO.observation(
                DUO.view(state, player)
            )
            if DUO.is_over(state) or state.phase is Phase.DEAL:
                break
            (actor,) = DUO.to_move(state)
            state = DUO.apply(state, rng.choice(DUO.legal_actions(state, actor)))


def _changed(view: View) -> dict[str, View]:
    """One visible change per field of the view."""
    e = attrs.evolve
    return {
        "player": e(view, player=(view.player + 1) % view.players),
        "players": e(
            view,
            players=view.players + 1,
            hand_sizes=(*view.hand_sizes, 0),
            round_scores=tuple((*r, 0) for r in view.round_scores),
        ),
        "phase": e(view, phase=Phase.OVER),
        "round": e(view, round=view.round + 1),
        "starter": e(view, starter=(view.starter + 1) % view.players),
        "turn": e(view, turn=(view.turn + 1) % view.players),
        "turn_pile": e(view, turn_pile=1),
        "hand": e(view, hand=(*view.hand, card("green-4-cross"))),
        "hand_sizes": e(
            view, hand_sizes=(view.hand_sizes[0], view.hand_sizes[1] + 1, *view.hand_sizes[2:])
        ),
        "pile_tops": e(view, pile_tops=(view.pile_tops[0], card("green-4-cross"))),
        "pile_sizes": e(view, pile_sizes=(view.pile_sizes[0] + 1, view.pile_sizes[1])),
        "draw_pile_size": e(view, draw_pile_size=view.draw_pile_size - 1),
        "round_scores": e(view, round_scores=(*view.round_scores, (0, 2, 0))),
        "target": e(view, target=view.target + 5),
    }


def test_every_visible_field_changes_the_observation() -> None:
    view = DUO.view(table(), 0)
    changed = _changed(view)
    assert set(changed) == {f.name for f in attrs.fields(View)}
    before = DUO.observation(view)
    for name, other in changed.items():
        assert DUO.observation(other) != before, name
