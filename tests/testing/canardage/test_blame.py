"""The clause to blame comes first for Canardage bugs that show away from their cause.

Each case is a mutant of the independent engine (or of rulespec's own engine drawing
its own chance) whose report used to name its clause late, or not at all: a duck deck
with a water card too few, a shuffle where the rules draw none, a Planqué card that
joins the played cards while it still lies on the line, a pair parted by En avant
marche seen through a state without the duck deck, and a Pan refused at water on a
Planqué space.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.canardage import Discard, Reshuffle
from rulespec.testing import Adapter, DivergenceError, check
from tests.profiles import scaled
from tests.testing.attribution import BlackBox, ScoresOnly
from tests.testing.canardage import foreign_canardage
from tests.testing.canardage.foreign_canardage import HIDE, ForeignAdapter, Table
from tests.testing.test_protocol2 import DrawsItsOwn

CANARDAGE = rulespec.game("canardage")
SEARCH = settings(max_examples=100, derandomize=True, database=None)
SHRINK_STEPS = scaled(500, 5_000)


def _clauses(adapter: Adapter, shrink_steps: int = SHRINK_STEPS) -> tuple[str, ...]:
    with pytest.raises(DivergenceError) as info:
        check(adapter, "canardage", settings=SEARCH, shrink_steps=shrink_steps)
    return info.value.divergence.clauses


class FourWaterCards(Table):
    """Deals a duck deck with four water cards instead of five."""

    BREAKS = "can.setup.duck-deck"
    WATER_CARDS = 4


class ReshufflesAfterADiscard(DrawsItsOwn):
    """rulespec's engine drawing its own chance, and rebuilding the draw pile after every
    discard (the played cards as they lie), where the rules draw nothing."""

    def apply(self, action: Any) -> tuple[Any, ...]:  # type: ignore[override]
        found = super().apply(action)
        if isinstance(action, Discard) and not found:
            return (Reshuffle(self.current.played),)
        return found


class PlanquePlayedAtOnce(Table):
    """A Planqué card joins the played cards as soon as it is laid (it still protects its
    space until its player's next turn): a reshuffle meanwhile puts it in the draw pile."""

    BREAKS = "can.action.planque"

    def play(self, p: int, card: str, spaces: tuple[int, ...], order: Any = ()) -> None:
        played = len(self.discards)
        super().play(p, card, spaces, order)
        if card == HIDE:
            self.discards.insert(played, HIDE)

    def draw_and_pass(self) -> None:
        kept = len(self.discards)
        lifted = len(self.hideouts)
        super().draw_and_pass()
        if len(self.hideouts) < lifted:
            del self.discards[kept:]


class NoDeckInState(ForeignAdapter):
    """The independent engine's adapter giving every part of its state but the duck deck
    (and what was seen going under it), as JSON; no view."""

    view = Adapter.view

    state_parts = frozenset(
        {"players", "options", "phase", "turn", "line", "targets", "shelters"}
        | {"hands", "draw_pile", "played", "shot", "winners"}
    )

    def state(self) -> Any:
        data = CANARDAGE.encode_state(super().state())
        return {k: v for k, v in data.items() if k in self.state_parts}


class WaterUnderPlanqueSafe(Table):
    """A Planqué card keeps Pan off its space even when water lies there (the rules let
    Pan fire at a targeted water card, protected or not: no duck is shot)."""

    BREAKS = "can.planque.space"

    def bang_choices(self) -> list[tuple[int, ...]]:
        return [s for s in super().bang_choices() if not self.protected(s[0])]


def _seen(engine: type[Table], hide: str) -> Adapter:
    """The engine's adapter as ``hide`` says: showing its ``state``, behind a
    ``black-box`` (who moves alone), or showing its ``scores-only``."""
    adapter = ForeignAdapter(engine)
    if hide == "state":
        return adapter
    return BlackBox(adapter) if hide == "black-box" else ScoresOnly(adapter)


@pytest.mark.clause("can.setup.duck-deck")
@pytest.mark.parametrize("hide", ["state", "black-box", "scores-only"])
def test_a_wrong_water_count_names_the_duck_deck_first(hide: str) -> None:
    adapter = _seen(FourWaterCards, hide)
    # Through a black box, a game shrunk to the deal alone cannot tell a deck of four
    # water cards from a wrong first player (only who moves is seen): the duck deck is
    # named first once the game goes on long enough to show it, as a short shrink leaves.
    clauses = _clauses(adapter, 500 if hide == "black-box" else SHRINK_STEPS)
    assert clauses[0] == "can.setup.duck-deck", clauses


@pytest.mark.clause("can.deck.reshuffle")
def test_a_shuffle_where_the_rules_draw_none_names_the_shuffle_first() -> None:
    clauses = _clauses(ReshufflesAfterADiscard())
    assert clauses[0] == "can.deck.reshuffle", clauses
    assert "can.turn.discard" in clauses


@pytest.mark.clause("can.action.planque", "can.deck.reshuffle")
@pytest.mark.parametrize("hide", ["state", "black-box", "scores-only"])
def test_a_planque_card_shuffled_from_the_line_names_planque_then_the_reshuffle(
    hide: str,
) -> None:
    adapter = _seen(PlanquePlayedAtOnce, hide)
    clauses = _clauses(adapter)
    assert clauses[0] == "can.action.planque", clauses


@pytest.mark.clause("can.cover.forward")
def test_a_pair_parted_by_en_avant_marche_is_found_without_the_duck_deck() -> None:
    clauses = _clauses(NoDeckInState(foreign_canardage.PairForwardCoverFirst))
    assert clauses[0] == "can.cover.forward", clauses


@pytest.mark.clause("can.planque.space")
@pytest.mark.parametrize("hide", ["state", "black-box", "scores-only"])
def test_a_pan_refused_on_a_planque_space_names_the_protection(hide: str) -> None:
    adapter = _seen(WaterUnderPlanqueSafe, hide)
    clauses = _clauses(adapter)
    assert clauses[0] == "can.planque.space", clauses
    assert "can.action.pan" in clauses
