"""What a player may know: hidden hands, the draw pile, the piles' tops."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.duo import Phase, Play, State
from tests.duo.helpers import DUO, card, shuffle_hidden
from tests.duo.strategies import Played, played


def table(under: str = "red-3-circle") -> State:
    """Three hands, two piles; ``under`` lies beneath the red 2 circle on top of pile 0."""
    return DUO.position(
        [
            ["red-3-cross", "blue-1-circle"],
            ["red-3-triangle", "yellow-2-circle", "green-4-square"],
            ["blue-2-square"],
        ],
        [[under, "red-2-circle"], ["blue-1-square"]],
        turn=1,
        round=1,
        round_scores=[(3, 0, 0)],
    )


@pytest.mark.clause("duo.view.hidden", "duo.view.piles")
def test_a_view_shows_own_hand_sizes_tops_and_the_draw_pile_size() -> None:
    state = table()
    v = DUO.view(state, 0)
    assert v.hand == tuple(sorted([card("red-3-cross"), card("blue-1-circle")]))
    assert v.hand_sizes == (2, 3, 1)
    assert v.pile_tops == (card("red-2-circle"), card("blue-1-square"))
    assert v.pile_sizes == (2, 1)
    assert v.draw_pile_size == 76 - 6 - 3
    assert v.turn == 1 and v.turn_pile is None
    assert v.round_scores == ((3, 0, 0),) and v.target == 15
    assert DUO.view(state, 2).hand == (card("blue-2-square"),)


@pytest.mark.clause("duo.view.piles")
def test_the_chosen_pile_is_public() -> None:
    state = DUO.apply(table(), Play(1, card("yellow-2-circle"), 0))
    assert DUO.view(state, 0).turn_pile == 0
    assert DUO.view(state, 2).pile_tops[0] == card("yellow-2-circle")


def _shuffle_hidden(state: State, player: int, seed: int) -> State:
    """The same table for ``player``: the other hands and the draw pile reshuffled
    among themselves, every size kept."""
    return shuffle_hidden(state, player, random.Random(seed))


@pytest.mark.clause("duo.view.hidden")
@given(played(), st.integers(0, 5), st.integers())
def test_views_never_depend_on_hidden_cards(match: Played, seat: int, seed: int) -> None:
    state = match.state
    player = seat % state.players
    if not state.hands:
        return
    other = _shuffle_hidden(state, player, seed)
    assert DUO.view(other, player) == DUO.view(state, player)


@pytest.mark.clause("duo.view.piles")
def test_views_do_not_show_the_covered_cards_of_a_pile() -> None:
    state = table()
    # The same table with red-2-square instead of red-3-circle under the top card.
    other = table(under="red-2-square")
    assert other.piles != state.piles
    for player in range(3):
        assert DUO.view(other, player) == DUO.view(state, player)


@pytest.mark.clause("duo.view.hidden")
def test_a_view_changes_with_the_own_hand() -> None:
    state = table()
    swapped = attrs.evolve(
        state,
        hands=(
            tuple(sorted([card("red-3-cross"), state.draw_pile[0]])),
            *state.hands[1:],
        ),
        draw_pile=(card("blue-1-circle"), *state.draw_pile[1:]),
    )
    assert DUO.view(swapped, 0) != DUO.view(state, 0)
    assert DUO.view(swapped, 1) == DUO.view(state, 1)


def test_view_before_the_deal_and_of_an_unknown_player() -> None:
    state = DUO.new_game(3)
    v = DUO.view(state, 2)
    assert v.phase is Phase.DEAL and v.hand == () and v.hand_sizes == (0, 0, 0)
    assert v.pile_tops == () and v.draw_pile_size == 0
    with pytest.raises(ValueError):
        DUO.view(state, 3)
