"""A shuffle refused either way names the cards: the ones the engine's pile misses and the
ones it has in excess."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import settings

import rulespec
from rulespec.canardage import Card, Reshuffle
from rulespec.core.chance import CHANCE
from rulespec.testing import DivergenceError, ReferenceAdapter, Refused, Setup, check
from tests.profiles import SEEDED

CAN = rulespec.game("canardage")
SEARCH = settings(SEEDED, max_examples=20)


def _swapped(pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """``pile`` with its first Pan a Banzaï (as it is when it holds no Pan)."""
    if Card.PAN not in pile:
        return pile
    at = pile.index(Card.PAN)
    return (*pile[:at], Card.BANZAI, *pile[at + 1 :])


def _diverge(adapter: Any) -> Any:
    with pytest.raises(DivergenceError) as info:
        check(adapter, CAN, players=3, settings=SEARCH, shrink_steps=100)
    return info.value.divergence


class BelievesABanzai(ReferenceAdapter):
    """Takes chance from the kit, and believes one Pan of the played cards a Banzaï: it
    refuses every reshuffle but one with that Banzaï for a Pan. No state, no views."""

    state = None  # type: ignore[assignment]
    view = None  # type: ignore[assignment]

    def apply(self, action: Any) -> None:
        if isinstance(action, Reshuffle):
            played = self.current.played
            if Counter(action.draw_pile) != Counter(_swapped(played)):
                raise Refused("not the played cards")
            action = Reshuffle(played)
        super().apply(action)


class ShufflesABanzai(ReferenceAdapter):
    """Draws its own chance, and reports every reshuffle with a Banzaï for one Pan."""

    chance = "engine"

    def start(self, setup: Setup) -> None:
        super().start(setup)
        self.rng = random.Random(setup.seed)

    def draw_chance(self) -> Any:
        outcome = self.game.sample_chance(self.current, self.rng)
        self.current = self.game.apply(self.current, outcome)
        if isinstance(outcome, Reshuffle):
            return Reshuffle(_swapped(outcome.draw_pile))
        return outcome

    def apply(self, action: Any) -> tuple[Any, ...]:  # type: ignore[override]
        super().apply(action)
        found = []
        while self.game.to_move(self.current) == (CHANCE,):
            found.append(self.draw_chance())
        return tuple(found)


@pytest.mark.clause("can.deck.reshuffle")
@pytest.mark.parametrize(
    ("engine", "kind"),
    [
        # The engine refuses the kit's reshuffle, holding other cards.
        (BelievesABanzai, "refused-legal"),
        # The engine draws a reshuffle of its own that the rules refuse.
        (ShufflesABanzai, "chance"),
    ],
)
def test_a_reshuffle_the_engine_and_the_rules_disagree_on_names_the_cards(
    engine: type[ReferenceAdapter], kind: str
) -> None:
    found = _diverge(engine())
    assert found.kind == kind
    assert isinstance(found.record.steps[-1], Reshuffle)
    assert 'draw_pile: missing "pan"; extra "banzai"' in found.summary
