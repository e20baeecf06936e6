"""A turn: « LE JEU » (play one or more cards on one pile, or draw)."""

from __future__ import annotations

import pytest

from rulespec.core.errors import IllegalAction
from rulespec.duo import Draw, Options, Play, State, Stop
from tests.duo.helpers import DUO, card, refused


def three_players(turn: int = 0) -> State:
    """Player ``turn`` to act; pile 0 topped by red-3-circle, pile 1 by blue-1-square."""
    return DUO.position(
        [
            ["red-3-cross", "red-2-cross", "blue-1-circle", "green-4-triangle"],
            ["red-3-triangle", "yellow-2-circle"],
            ["blue-2-square", "green-1-circle", "yellow-4-cross"],
        ],
        [["red-3-circle"], ["blue-1-square"]],
        turn=turn,
        draw_pile=None,
    )


@pytest.mark.clause("duo.turn.order")
def test_turn_passes_clockwise_to_the_next_seat() -> None:
    state = three_players()
    seen = []
    for _ in range(4):
        seen.append(DUO.to_move(state))
        state = DUO.apply(state, Draw(DUO.to_move(state)[0]))
    assert seen == [(0,), (1,), (2,), (0,)]


@pytest.mark.clause("duo.turn.order")
def test_only_the_player_on_turn_acts() -> None:
    state = three_players(turn=1)
    for player in (0, 2):
        assert len(DUO.legal_actions(state, player)) == 0
        for action in (Draw(player), Play(player, card("red-3-cross"), 0)):
            with refused("duo.turn.order"):
                DUO.apply(state, action)
    with refused("duo.setup.players"):
        DUO.apply(state, Draw(3))


@pytest.mark.clause("duo.turn.play", "duo.turn.stop")
def test_play_several_cards_then_stop() -> None:
    state = three_players()
    state = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    assert DUO.to_move(state) == (0,) and state.turn_pile == 0
    state = DUO.apply(state, Play(0, card("red-2-cross"), 0))
    assert state.piles[0][-2:] == (card("red-3-cross"), card("red-2-cross"))
    assert state.hands[0] == tuple(sorted([card("blue-1-circle"), card("green-4-triangle")]))
    # Nothing else fits: Stop is the only action left.
    assert list(DUO.legal_actions(state, 0)) == [Stop(0)]
    state = DUO.apply(state, Stop(0))
    assert DUO.to_move(state) == (1,) and state.turn_pile is None


@pytest.mark.clause("duo.turn.stop")
def test_stop_whenever_even_with_a_card_that_fits() -> None:
    state = DUO.apply(three_players(), Play(0, card("red-3-cross"), 0))
    assert Play(0, card("red-2-cross"), 0) in DUO.legal_actions(state, 0)
    state = DUO.apply(state, Stop(0))
    assert DUO.to_move(state) == (1,)
    assert card("red-2-cross") in state.hands[0]


@pytest.mark.clause("duo.turn.stop")
def test_no_stop_before_a_card() -> None:
    state = three_players()
    assert Stop(0) not in DUO.legal_actions(state, 0)
    with refused("duo.turn.stop"):
        DUO.apply(state, Stop(0))


@pytest.mark.clause("duo.turn.one-pile")
def test_every_card_of_a_turn_goes_on_the_same_pile() -> None:
    state = DUO.apply(three_players(), Play(0, card("red-3-cross"), 0))
    # blue-1-circle fits pile 1 (blue-1-square), but the turn is on pile 0.
    assert DUO.apply(three_players(), Play(0, card("blue-1-circle"), 1)).piles[1][-1] == card(
        "blue-1-circle"
    )
    with refused("duo.turn.one-pile"):
        DUO.apply(state, Play(0, card("blue-1-circle"), 1))
    assert all(a.pile == 0 for a in DUO.legal_actions(state, 0) if isinstance(a, Play))


@pytest.mark.clause("duo.turn.draw")
def test_draw_takes_the_top_card_and_ends_the_turn() -> None:
    state = three_players()
    top = state.draw_pile[0]
    after = DUO.apply(state, Draw(0))
    assert top in after.hands[0] and len(after.hands[0]) == 5
    assert after.draw_pile == state.draw_pile[1:]
    assert DUO.to_move(after) == (1,)
    assert after.piles == state.piles


@pytest.mark.clause("duo.turn.draw")
def test_draw_is_allowed_when_a_card_would_fit() -> None:
    state = three_players()
    legal = DUO.legal_actions(state, 0)
    assert Play(0, card("red-3-cross"), 0) in legal and Draw(0) in legal
    assert DUO.to_move(DUO.apply(state, Draw(0))) == (1,)


@pytest.mark.clause("duo.turn.draw")
def test_no_draw_after_a_card_this_turn() -> None:
    state = DUO.apply(three_players(), Play(0, card("red-3-cross"), 0))
    assert Draw(0) not in DUO.legal_actions(state, 0)
    with refused("duo.turn.draw"):
        DUO.apply(state, Draw(0))


@pytest.mark.clause("duo.turn.draw")
def test_the_drawn_card_waits_for_the_next_turn() -> None:
    # Player 1 holds nothing that fits; the first draw card, red-3-square, would fit pile 0.
    state = DUO.position(
        [["blue-4-cross"], ["green-2-triangle"]],
        [["red-3-circle"], ["yellow-1-square"]],
        draw_pile=None,
        turn=1,
    )
    draw = list(state.draw_pile)
    draw.remove(card("red-3-square"))
    state = DUO.position(
        [["blue-4-cross"], ["green-2-triangle"]],
        [["red-3-circle"], ["yellow-1-square"]],
        draw_pile=[card("red-3-square"), *draw],
        turn=1,
    )
    assert list(DUO.legal_actions(state, 1)) == [Draw(1)]
    state = DUO.apply(state, Draw(1))
    assert DUO.to_move(state) == (0,)
    with refused("duo.turn.order"):
        DUO.apply(state, Play(1, card("red-3-square"), 0))


@pytest.mark.clause("duo.turn.play", "duo.turn.draw", "duo.turn.stop")
def test_legal_actions_list_plays_by_pile_and_card_then_draw_or_stop() -> None:
    state = three_players()
    legal = list(DUO.legal_actions(state, 0))
    # Written out by hand: on red-3-circle, red-3-cross (colour + number);
    # on blue-1-square, blue-1-circle (colour + number).
    assert legal == [
        Play(0, card("red-3-cross"), 0),
        Play(0, card("blue-1-circle"), 1),
        Draw(0),
    ]
    moves = DUO.legal_actions(state, 0)
    assert len(moves) == 3 and moves[-1] == Draw(0) and moves[0] == legal[0]
    assert moves[0:2] == legal[0:2]
    with pytest.raises(IndexError):
        moves[3]


@pytest.mark.clause("duo.place.turbo", "duo.turn.play")
def test_two_turbo_jokers_give_one_play_per_pile() -> None:
    state = DUO.position(
        [["turbo", "turbo", "blue-4-cross"], ["green-2-triangle"]],
        [["red-3-circle"], ["yellow-1-square"]],
        options=Options(turbo=True),
    )
    legal = list(DUO.legal_actions(state, 0))
    assert legal == [Play(0, card("turbo"), 0), Play(0, card("turbo"), 1), Draw(0)]
    after = DUO.apply(state, legal[0])
    assert after.hands[0] == (card("blue-4-cross"), card("turbo"))


def test_actions_of_another_game_are_refused() -> None:
    with pytest.raises(TypeError, match="action must be a Duo action"):
        DUO.apply(three_players(), "draw")  # type: ignore[arg-type]


@pytest.mark.clause("duo.turn.play")
def test_a_card_that_is_not_in_the_hand_is_refused_by_its_name() -> None:
    # red-3-triangle is in player 1's hand, and it would fit on red-3-circle.
    with pytest.raises(IllegalAction) as info:
        DUO.apply(three_players(), Play(0, card("red-3-triangle"), 0))
    assert info.value.clause == "duo.turn.play"
    assert str(info.value).endswith(": red-3-triangle is not in your hand")
    # The card numbered 0 (in player 0's hand) is a card too.
    assert card("blue-1-circle") == 0
    with pytest.raises(IllegalAction, match=": blue-1-circle is not in your hand"):
        DUO.apply(three_players(turn=1), Play(1, card("blue-1-circle"), 1))
    with pytest.raises(IllegalAction, match=r"99 \(not a card\) is not in your hand"):
        DUO.apply(three_players(), Play(0, 99, 0))


@pytest.mark.clause("duo.turn.order", "duo.turn.play")
def test_legal_actions_hold_exactly_the_actions_they_list() -> None:
    state = three_players()
    legal = DUO.legal_actions(state, 0)
    listed = list(legal)
    cards = {c for hand in state.hands for c in hand}
    for player in range(3):
        for pile in (0, 1):
            for c in cards:
                action = Play(player, c, pile)
                assert (action in legal) == (action in listed), action
        assert (Draw(player) in legal) == (player == 0)
    # Another seat's play of a card that player 0 may play is not player 0's action.
    assert Play(0, card("red-3-cross"), 0) in legal
    assert Play(1, card("red-3-cross"), 0) not in legal
