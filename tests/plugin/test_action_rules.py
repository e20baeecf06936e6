"""A rules module that writes no ``apply``: each action class is applied by the rule named
after it, its ``check_`` function first; a listing that offers an illegal action is
still refused, with its clause, in play and by ``rulespec check``."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from rulespec import IllegalAction
from rulespec.core.game import _GAMES, register
from rulespec.plugin.game import action_rules
from rulespec.testing.battery import check_game
from tests.plugin import tricks
from tests.plugin.test_subclassed_rules import rules_module
from tests.plugin.tricks import GAME, Deal, Play, Tricks

DEALT = GAME.apply(GAME.new_game(3), Deal((9, 1, 5, 2, 8, 3, 7, 6, 4)))


@attrs.frozen
class Lead(Play):
    """A play of a class derived from Play."""


def test_each_action_class_is_applied_by_its_rule() -> None:
    assert not hasattr(tricks, "apply")
    rules = action_rules(tricks, (Play, Deal))
    assert rules[Play] is tricks.play and rules[Deal] is not tricks.deal  # checked first
    assert GAME.apply(DEALT, Play(0, 2)) == tricks.play(DEALT, Play(0, 2))
    assert GAME.apply(DEALT, Lead(0, 2)).hands[0] == (7, 9)  # by the class it derives from
    with pytest.raises(TypeError, match="action must be a Tricks action"):
        GAME.apply(DEALT, (0, 2))
    with pytest.raises(IllegalAction) as info:
        GAME.apply(DEALT, Play(1, 1))
    assert info.value.clause == "tt.turn.play"
    with pytest.raises(IllegalAction) as info:  # a deal from outside is checked
        GAME.apply(GAME.new_game(3), Deal((1,) * 9))
    assert info.value.clause == "tt.setup.deal"


def test_a_rules_module_without_a_rule_for_an_action_class_is_refused_at_once() -> None:
    lacking = rules_module("lacking_tricks", "del deal")
    with pytest.raises(TypeError, match=r"nor deal\(state, action\) to apply a Deal$"):
        type("Lacking", (Tricks,), {"rules": lacking})
    with pytest.raises(TypeError, match=r"tricks writes no apply.* nor lead\(state, action\)"):
        action_rules(tricks, (Lead,))  # each class by its own name, not its base's


# A listing that offers a card no one holds, in two ways of writing the rules: the check
# inside the rule, or apart from it.
WRONG_LISTING = """
def legal_actions(state, player):
    if player != state.turn:
        return ()
    return listed(Play, (*state.hands[player], 99), player)
"""
SPLIT_CHECK = """
def check_play(state, action):
    if action.player != state.turn or action.card not in state.hands[action.player]:
        raise IllegalAction("tt.turn.play", "not in the hand")

def play(state, action):  # the change only: it takes whatever card it is given
    p, card = action.player, action.card
    held = state.hands[p] if card in state.hands[p] else (*state.hands[p], card)
    return tricks.play(evolve(state, hands=replaced(state.hands, p, held)), action)
"""


@pytest.fixture(params=["inline", "split"])
def misled(request: pytest.FixtureRequest) -> Iterator[Tricks]:
    """Tricks whose listing offers a card no one holds, registered for the test."""
    source = WRONG_LISTING + (SPLIT_CHECK if request.param == "split" else "")
    rules = rules_module(f"misled_{request.param}", source)
    game = type("Misled", (Tricks,), {"rules": rules, "id": "misled-tricks"})()
    register(game)
    try:
        yield game
    finally:
        _GAMES.pop(game.id, None)


def test_a_listed_action_that_is_illegal_is_still_refused(misled: Tricks) -> None:
    offered = misled.legal_actions(DEALT, 0)
    assert offered[-1] == Play(0, 99)
    with pytest.raises(IllegalAction) as info:
        misled.apply(DEALT, offered[-1])  # the very object the listing offered
    assert info.value.clause == "tt.turn.play"
    assert misled.apply(DEALT, offered[0]).hands[0] == (7, 9)


def test_the_check_reports_a_wrong_listing_with_its_clause(misled: Tricks) -> None:
    (found,) = check_game(misled, games=5, only=("invariants",))
    assert found.status == "failed" and "tt.turn.play" in found.reason
    (fine,) = check_game(GAME, games=5, only=("invariants",))
    assert fine.status == "ok"


@attrs.frozen
class Trump(Play):
    """A play with a rule of its own."""


@attrs.frozen
class HighTrump(Trump):
    """A trump of a class derived from Trump, which has no rule of its own."""


def test_an_action_of_a_derived_class_is_applied_by_its_nearest_base_rule() -> None:
    rules = rules_module(
        "trumping_tricks",
        """
        def check_trump(state, action):
            raise IllegalAction("tt.turn.play", "no trumps in this game")

        def trump(state, action):
            return state
        """,
    )
    game = type("Trumping", (Tricks,), {"rules": rules, "action_types": (Play, Deal, Trump)})()
    for action in (Trump(0, 2), HighTrump(0, 2)):
        with pytest.raises(IllegalAction, match="no trumps"):
            game.apply(DEALT, action)


@attrs.frozen
class Pass:
    """A player passes: an action class whose name is a Python keyword."""

    player: int


def test_an_action_class_named_by_a_keyword_has_its_rule_with_an_underscore() -> None:
    rules = rules_module("passing_tricks", "pass_ = lambda state, action: state")
    assert action_rules(rules, (Pass,))[Pass](DEALT, Pass(0)) is DEALT
    with pytest.raises(TypeError, match=r"nor pass_\(state, action\) to apply a Pass$"):
        action_rules(tricks, (Pass,))


@attrs.frozen
class CheckDeal:
    """An action class whose rule's name would be the check of Deal."""

    player: int


@attrs.frozen
class LegalActions:
    """An action class whose rule's name would be the module's listing."""

    player: int


@pytest.mark.parametrize(
    ("kind", "name"), [(CheckDeal, "check_deal"), (LegalActions, "legal_actions")]
)
def test_an_action_class_named_after_another_rule_is_refused(kind: type, name: str) -> None:
    with pytest.raises(TypeError, match=rf"^{kind.__name__}'s rule would be {name}\(\), "):
        action_rules(tricks, (Deal, kind))
