"""Which card goes on which: « Poser des cartes qui conviennent » and « Turbo-DUO ».

Every case is played through ``apply()`` on a built position; the last test
compares the engine with a matcher written here from the rulebook, over
every pair of cards.
"""

from __future__ import annotations

import pytest

from rulespec import IllegalAction
from rulespec.duo import Options, Play, State, Stop, fits
from tests.duo.helpers import ALL_NAMES, COLOURS, DUO, SHAPES, card, refused, rulebook_fits


def at(top: str, hand: list[str], *, turbo: bool = False) -> State:
    """Player 0 on turn, holding ``hand`` (plus a spare card), pile 0 topped by ``top``."""
    used = {top, *hand}
    other = next(n for n in ("blue-1-square", "blue-1-circle") if n not in used)
    return DUO.position(
        [[*hand, "green-4-cross"], ["yellow-4-cross"]],
        [[top], [other]],
        options=Options(turbo=turbo),
    )


def place(top: str, name: str, *, turbo: bool = False) -> State:
    return DUO.apply(at(top, [name], turbo=turbo), Play(0, card(name), 0))


# -- symbol on symbol ----------------------------------------------------------------


@pytest.mark.clause("duo.place.two-features")
@pytest.mark.parametrize(
    ("top", "name"),
    [
        ("red-3-circle", "red-3-cross"),  # colour + number
        ("red-3-circle", "red-1-circle"),  # colour + shape
        ("red-3-circle", "blue-3-circle"),  # number + shape
    ],
)
def test_two_shared_features_fit(top: str, name: str) -> None:
    assert place(top, name).piles[0] == (card(top), card(name))


@pytest.mark.clause("duo.place.two-features")
@pytest.mark.parametrize(
    ("top", "name"),
    [
        ("red-3-circle", "red-1-cross"),  # colour only
        ("red-3-circle", "blue-3-square"),  # number only
        ("red-3-circle", "green-2-circle"),  # shape only
        ("red-3-circle", "blue-1-square"),  # nothing
    ],
)
def test_one_shared_feature_is_not_enough(top: str, name: str) -> None:
    state = at(top, [name])
    with refused("duo.place.two-features"):
        DUO.apply(state, Play(0, card(name), 0))


@pytest.mark.clause("duo.place.two-features", "duo.turn.play", "duo.turn.stop")
def test_three_cards_one_after_another_on_the_left_pile() -> None:
    """The rulebook's example of a turn placing three cards on the left pile (its
    pictures are lost; here each card fits the one it covers, not the first)."""
    chain = ["blue-2-square", "red-2-square", "red-4-square"]
    state = at("blue-2-circle", chain)
    for name in chain:
        state = DUO.apply(state, Play(0, card(name), 0))
        assert state.piles[0][-1] == card(name)
        assert DUO.to_move(state) == (0,)
    # red-4-square would not have fitted on blue-2-circle at the start.
    with refused("duo.place.two-features"):
        DUO.apply(at("blue-2-circle", ["red-4-square"]), Play(0, card("red-4-square"), 0))
    assert state.piles[0] == tuple(card(n) for n in ["blue-2-circle", *chain])
    assert state.hands[0] == (card("green-4-cross"),)
    state = DUO.apply(state, Stop(0))
    assert DUO.to_move(state) == (1,)


# -- jokers ------------------------------------------------------------------------


@pytest.mark.clause("duo.place.on-joker")
def test_on_a_number_joker_colour_and_shape_are_free() -> None:
    """The rulebook's first joker example: a number joker on top asks only for its number."""
    for colour in COLOURS:
        for shape in SHAPES:
            assert place("joker-2", f"{colour}-2-{shape}").piles[0][-1] == card(
                f"{colour}-2-{shape}"
            )
    for other in (1, 3, 4):
        state = at("joker-2", [f"red-{other}-circle"])
        with refused("duo.place.on-joker"):
            DUO.apply(state, Play(0, card(f"red-{other}-circle"), 0))


@pytest.mark.clause("duo.place.on-joker")
def test_on_colour_and_shape_jokers() -> None:
    assert place("joker-yellow", "yellow-4-triangle").piles[0][-1] == card("yellow-4-triangle")
    assert place("joker-cross", "blue-1-cross").piles[0][-1] == card("blue-1-cross")
    with refused("duo.place.on-joker"):
        DUO.apply(at("joker-yellow", ["red-4-triangle"]), Play(0, card("red-4-triangle"), 0))
    with refused("duo.place.on-joker"):
        DUO.apply(at("joker-cross", ["blue-1-circle"]), Play(0, card("blue-1-circle"), 0))


@pytest.mark.clause("duo.place.joker")
def test_a_shape_joker_goes_on_a_card_of_its_shape() -> None:
    """The rulebook's second joker example: the joker's feature is the shape."""
    assert place("red-3-triangle", "joker-triangle").piles[0][-1] == card("joker-triangle")
    for shape in ("circle", "square", "cross"):
        state = at(f"red-3-{shape}", ["joker-triangle"])
        with refused("duo.place.joker"):
            DUO.apply(state, Play(0, card("joker-triangle"), 0))


@pytest.mark.clause("duo.place.joker")
def test_colour_and_number_jokers_need_their_feature_on_top() -> None:
    assert place("green-1-square", "joker-green").piles[0][-1] == card("joker-green")
    assert place("green-1-square", "joker-1").piles[0][-1] == card("joker-1")
    for name in ("joker-red", "joker-2"):
        with refused("duo.place.joker"):
            DUO.apply(at("green-1-square", [name]), Play(0, card(name), 0))


@pytest.mark.clause("duo.place.no-joker-on-joker")
@pytest.mark.parametrize(
    ("top", "name"), [("joker-red", "joker-blue"), ("joker-2", "joker-red"), ("joker-2", "joker-3")]
)
def test_no_joker_on_a_joker(top: str, name: str) -> None:
    with refused("duo.place.no-joker-on-joker"):
        DUO.apply(at(top, [name]), Play(0, card(name), 0))


# -- Turbo-jokers --------------------------------------------------------------------


@pytest.mark.clause("duo.place.turbo")
@pytest.mark.parametrize("top", ["red-3-circle", "joker-green", "joker-4", "joker-cross", "turbo"])
def test_a_turbo_joker_goes_on_anything(top: str) -> None:
    state = place(top, "turbo", turbo=True)
    assert state.piles[0] == (card(top), card("turbo"))


@pytest.mark.clause("duo.place.turbo")
@pytest.mark.parametrize("name", ["red-3-circle", "joker-green", "joker-4", "joker-cross"])
def test_anything_goes_on_a_turbo_joker(name: str) -> None:
    state = place("turbo", name, turbo=True)
    assert state.piles[0] == (card("turbo"), card(name))


# -- every pair ------------------------------------------------------------------------


@pytest.mark.clause(
    "duo.place.two-features",
    "duo.place.on-joker",
    "duo.place.joker",
    "duo.place.no-joker-on-joker",
    "duo.place.turbo",
)
def test_every_pair_of_cards_agrees_with_the_rulebook() -> None:
    accepted = 0
    for top in ALL_NAMES:
        for name in ALL_NAMES:
            expected = rulebook_fits(name, top)
            assert fits(card(name), card(top)) == expected, (name, top)
            accepted += expected
    # Counted by hand: a symbol card takes 9 other symbol cards (3 per pair of
    # features) and, formally, itself; 3 jokers; the Turbo-joker. A joker takes
    # 16 symbol cards and the Turbo-joker. The Turbo-joker takes all 77.
    assert accepted == 64 * (9 + 1 + 3 + 1) + 12 * (16 + 1) + 77


@pytest.mark.clause("duo.turn.play")
def test_a_card_not_in_hand_is_refused() -> None:
    state = at("red-3-circle", ["red-3-cross"])
    with refused("duo.turn.play"):
        DUO.apply(state, Play(0, card("red-3-square"), 0))
    with pytest.raises(IllegalAction):
        DUO.apply(state, Play(0, 999, 0))
