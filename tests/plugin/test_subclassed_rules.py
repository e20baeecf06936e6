"""A subclass of a game that swaps its rules plays by its own rules, in every method made
for the parent's; and a chance action one game drew is trusted by that game's rules only."""

from __future__ import annotations

import functools
import random
import textwrap
import types
from collections.abc import Sequence
from typing import Any

import pytest

from rulespec import IllegalAction
from rulespec.core.chance import Chance
from rulespec.core.game import Game
from tests.plugin import tricks
from tests.plugin.tricks import GAME, Deal, Play, Tricks

DEALT = GAME.apply(GAME.new_game(3), Deal((9, 1, 5, 2, 8, 3, 7, 6, 4)))


def rules_module(name: str, source: str) -> types.ModuleType:
    """Tricks' rules with the functions of ``source`` (whose own namespace is the new
    module's, as a rules module written in a file of its own)."""
    module = types.ModuleType(name)
    module.__dict__.update({k: v for k, v in vars(tricks).items() if not k.startswith("__")})
    module.tricks = tricks  # type: ignore[attr-defined]
    exec(textwrap.dedent(source), module.__dict__)
    return module


BROKEN = rules_module(
    "broken_tricks",
    """
    def to_move(state):
        return (2,)

    def legal_actions(state, player):
        return (Play(player, 99),)

    def is_over(state):
        return True

    def apply(state, action):
        return state
    """,
)


class BrokenTricks(Tricks):
    """Tricks whose rules are broken in every method."""

    rules = BROKEN


class Plain(Game[Any, Any, Any, Any]):
    """Tricks as a plain :class:`Game`, with the core's methods only."""

    id, name, min_players, max_players = "plain-tricks", "Plain", 2, 4
    state_type, options_type = tricks.State, tricks.Options
    action_types, player_action_types = (Play, Deal), (Play,)
    declaration = Tricks.declaration
    rules = tricks

    def chance(self, state: Any) -> Chance:
        return tricks.chance(state)

    def chance_action(self, state: Any, outcome: Sequence[Sequence[Any]]) -> Any:
        return Deal(tuple(outcome[0]))


class BrokenPlain(Plain):
    """The plain game with the broken rules."""

    rules = BROKEN


@pytest.mark.parametrize("broken", [BrokenTricks(), BrokenPlain()], ids=["plug-in", "plain"])
def test_a_subclass_swapping_its_rules_plays_by_them(broken: Game[Any, Any, Any, Any]) -> None:
    assert GAME.to_move(DEALT) == (0,) and broken.to_move(DEALT) == (2,)
    assert broken.legal_actions(DEALT, 0) == (Play(0, 99),)
    assert not GAME.is_over(DEALT) and broken.is_over(DEALT)
    play = GAME.legal_actions(DEALT, 0)[0]
    assert GAME.apply(DEALT, play) != DEALT and broken.apply(DEALT, play) is DEALT
    with pytest.raises(TypeError):  # the checks of the state are still made
        broken.to_move(object())


def test_a_method_the_subclass_writes_is_kept_and_inherited() -> None:
    class Own(Tricks):
        rules = BROKEN

        def apply(self, state: Any, action: Any) -> Any:
            return "own"

    class Below(Own):
        rules = tricks

    def seven_too(self: Any, state: Any) -> tuple[int, ...]:
        return (*Tricks.to_move(self, state), 7)

    wrapper: Any = functools.update_wrapper(seven_too, Tricks.to_move)

    class Wrapped(Tricks):
        to_move = wrapper

    class WrappedBroken(Wrapped):
        rules = BROKEN

    for game in (Own(), Below()):
        assert game.apply(DEALT, Play(0, 9)) == "own"
    assert Own().to_move(DEALT) == (2,) and Below().to_move(DEALT) == (0,)
    assert WrappedBroken().to_move(DEALT) == (0, 7) and WrappedBroken().is_over(DEALT)


def test_a_subclass_setting_nothing_the_methods_are_made_from_keeps_them() -> None:
    class Renamed(Tricks):
        name = "Renamed Tricks"

    assert Renamed.apply is Tricks.apply and Renamed.to_move is Tricks.to_move


STRICT = rules_module(
    "strict_tricks",
    """
    ASKED = []

    def check_deal(state, action):
        ASKED.append(action)
        tricks.check_deal(state, action)
    """,
)


class Variant(Tricks):
    """Tricks by rules of its own, sharing Tricks' classes: its deals are checked by a
    function that notes each one it is asked about."""

    rules = STRICT


def test_a_game_sharing_the_state_class_does_not_trust_another_games_draw() -> None:
    variant, asked = Variant(), STRICT.ASKED
    fresh = GAME.new_game(3)
    theirs = GAME.sample_chance(fresh, random.Random(3))
    variant.apply(fresh, theirs)
    assert asked == [theirs]  # drawn by Tricks, checked by the variant
    own = variant.sample_chance(fresh, random.Random(3))
    assert variant.apply(fresh, own) == GAME.apply(fresh, theirs)
    assert asked == [theirs]  # its own draw from that very state: not checked again
    variant.apply(fresh, Deal(own.order))
    variant.apply(GAME.new_game(3), own)
    assert asked == [theirs, Deal(own.order), own]  # an equal deal, another state: checked


LOOSE = rules_module(
    "loose_tricks",
    """
    import attrs

    from rulespec.plugin import drawn

    @attrs.define
    class LooseDeal:
        order: tuple[int, ...]

    ASKED = []

    def apply(state, action):
        if type(action) is not LooseDeal:
            return tricks.play(state, action)
        ASKED.append(drawn(state, action))
        deal = Deal(action.order)
        if not ASKED[-1]:
            tricks.check_deal(state, deal)
        return tricks.deal(state, deal)
    """,
)


class Loose(Tricks):
    """Tricks whose chance action may be changed after it is drawn."""

    rules = LOOSE
    action_types = (Play, LOOSE.LooseDeal)


def test_a_mutable_chance_action_is_never_trusted() -> None:
    loose = Loose()
    fresh = loose.new_game(3)
    deal = loose.sample_chance(fresh, random.Random(4))
    assert loose.apply(fresh, deal).turn == 0 and LOOSE.ASKED == [False]
    deal.order = (1,) * 9
    with pytest.raises(IllegalAction) as info:
        loose.apply(fresh, deal)
    assert info.value.clause == "tt.setup.deal"
