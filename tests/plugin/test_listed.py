"""Legal actions from :func:`rulespec.plugin.listed`: kept and shared when the actions
cannot change, lazy otherwise, always equal to the list of the same actions."""

from __future__ import annotations

import random
import types
from typing import Any

import attrs
import pytest

from rulespec.plugin import evolve, listed, replaced, without
from rulespec.plugin.game import compiled_evolve
from tests.plugin import tricks
from tests.plugin.tricks import GAME, Play, State


@attrs.define
class Note:
    """A mutable action class: its instances may not be shared."""

    player: int
    card: int


def test_frozen_actions_are_built_once_and_shared() -> None:
    first = listed(Play, (2, 5, 9), 1)
    again = listed(Play, (2, 5, 9), 1)
    assert again is first and first == [Play(1, 2), Play(1, 5), Play(1, 9)]
    assert listed(Play, (5,), 1)[0] is first[1]  # the same action object in another hand
    assert listed(Play, (2, 5, 9), 0) == [Play(0, 2), Play(0, 5), Play(0, 9)]
    long = tuple(range(1, 10))
    assert listed(Play, long, 1) is not listed(Play, long, 1) == [Play(1, c) for c in long]
    six = tuple(range(1, 7))
    assert listed(Play, six, 1) is listed(Play, six, 1) == [Play(1, c) for c in six]
    assert listed(Play, six, 1)[4] is listed(Play, long, 1)[4] is first[1]
    assert random.Random(3).choice(first) in first and first[1:] == (Play(1, 5), Play(1, 9))


def test_mutable_actions_a_list_or_an_unhashable_argument_are_made_afresh() -> None:
    notes = listed(Note, (2, 5), 1)
    assert notes == [Note(1, 2), Note(1, 5)] and notes[0] is not listed(Note, (2, 5), 1)[0]
    made: list[int] = []

    def play(player: int, card: int) -> Play:
        made.append(card)
        return Play(player, card)

    lazy = listed(play, [4, 7], 0)
    assert len(lazy) == 2 and made == [] and lazy[1] == Play(0, 7) and made == [7]
    shared: Any = listed(Play, (3,), [0])  # a list as the player: nothing to key on
    assert shared == [Play([0], 3)]  # type: ignore[arg-type]


def test_a_game_plays_the_same_with_kept_actions_and_fast_copies() -> None:
    state = GAME.start(4, seed=5)
    assert GAME.legal_actions(state, state.turn) is GAME.legal_actions(state, state.turn)
    while not GAME.is_over(state):
        (player,) = GAME.to_move(state)
        action = GAME.legal_actions(state, player)[-1]
        after = GAME.apply(state, action)
        assert type(after) is State and after.hands[player] == tuple(
            c for c in state.hands[player] if c != action.card
        )
        state = after
    assert sum(GAME.scores(state)) == 3 and evolve(state, turn=0) == attrs.evolve(state, turn=0)


def test_without_takes_one_copy_and_replaced_one_seat() -> None:
    assert without((2, 7, 2), 2) == (7, 2) and without((2,), 2) == ()
    assert replaced((1, 2, 3), 2, 9) == (1, 2, 9) and replaced((1, 2, 3), 0, 9) == (9, 2, 3)
    with pytest.raises(ValueError):
        without((1, 3), 2)
    with pytest.raises(IndexError):
        replaced((1, 2), 2, 9)  # no seat 2: never a longer tuple


def test_a_long_hand_makes_only_the_action_read_and_each_once() -> None:
    hand = tuple(range(1, 10))
    bids, again = listed(Play, hand, 2), listed(Play, hand, 2)
    assert bids[4] is again[4] is listed(Play, (5,), 2)[0] and bids[4] == Play(2, 5)
    assert list(bids) == [Play(2, c) for c in hand] and bids[7:] == [Play(2, 8), Play(2, 9)]
    assert listed(Play, hand, 3)[4] == Play(3, 5)  # another player, another action


@attrs.frozen(weakref_slot=False)
class Seat:
    """A private field takes its ``__init__`` name; a cache is reset, as attrs resets it."""

    player: int
    _cards: tuple[int, ...]
    _memo: Any = attrs.field(init=False, default=None, eq=False, repr=False)


@pytest.mark.parametrize(
    "changes", [{}, {"player": 3}, {"cards": (4,)}, {"cards": (), "player": 0}]
)
def test_evolve_copies_any_fields_as_attrs_evolve_and_refuses_an_unknown_one(
    changes: dict[str, Any],
) -> None:
    seat = Seat(1, (2, 5))
    object.__setattr__(seat, "_memo", "filled")
    copy, expected = evolve(seat, **changes), attrs.evolve(seat, **changes)
    assert type(copy) is Seat and copy is not seat and copy._memo is None
    assert attrs.astuple(copy, recurse=False) == attrs.astuple(expected, recurse=False)
    with pytest.raises(TypeError, match="'memo'"):
        evolve(seat, memo=1, **changes)
    with pytest.raises(TypeError, match="'_cards'"):
        evolve(seat, _cards=(), **changes)


def test_the_rules_copy_their_states_with_an_evolve_compiled_for_the_state_class() -> None:
    compiled: Any = vars(tricks)["evolve"]
    assert compiled is not evolve and compiled.__wrapped__ is evolve
    state = GAME.start(3, seed=2)
    for changes in ({}, {"turn": 2}, {"hands": ((), (), ()), "points": (1, 0, 0)}):
        copy = compiled(state, **changes)
        assert type(copy) is State and copy is not state
        assert copy == attrs.evolve(state, **changes)
    assert compiled(Seat(1, (2,)), cards=(3,)) == Seat(1, (3,))  # another class: as evolve
    with pytest.raises(TypeError, match="'memo'"):
        compiled(state, turn=1, memo=2)  # no field of the state: refused as evolve does
    with pytest.raises(TypeError, match="positional"):
        compiled(state, 2)


def test_only_the_general_evolve_of_a_module_is_compiled_and_for_a_class_it_can_fill() -> None:
    def own(instance: Any, **changes: Any) -> Any:
        return attrs.evolve(instance, **changes)

    @attrs.frozen
    class Checked:
        n: int = attrs.field(validator=attrs.validators.gt(0))

    rules: Any = types.ModuleType("rules")
    rules.evolve, rules.copy = own, evolve
    compiled_evolve(rules, Seat)
    assert rules.evolve is own and rules.copy is not evolve
    assert rules.copy(Seat(1, ()), player=4) == Seat(4, ())
    again = rules.copy
    compiled_evolve(rules, State)  # already compiled for Seat: kept
    assert rules.copy is again
    plain: Any = types.ModuleType("plain")
    plain.evolve = evolve
    compiled_evolve(plain, Checked)
    assert plain.evolve is evolve
    with pytest.raises(ValueError):
        plain.evolve(Checked(1), n=0)


def test_the_actions_kept_stay_within_the_bound_whatever_the_first_arguments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rulespec.plugin import game

    monkeypatch.setattr(game, "_KEPT_MAX", 40)
    monkeypatch.setattr(game, "_ACTIONS", {})
    monkeypatch.setattr(game, "_KEPT", {})
    long = tuple(range(1, 10))
    for first in range(60):  # a new first argument each time, as a round number would be
        assert list(listed(Play, long, first)) == [Play(first, c) for c in long]
        assert listed(Play, (1, 2, 3), first) == [Play(first, c) for c in (1, 2, 3)]
        assert sum(map(len, game._ACTIONS.values())) <= 40
    again = listed(Play, (1, 2, 3), 59)
    assert again is listed(Play, (1, 2, 3), 59) and again[1] is listed(Play, (2,), 59)[0]
