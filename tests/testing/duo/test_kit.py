"""Duo's kit: steering reaches the rare cases, probes are illegal, the machine drives
an engine."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

import rulespec
from rulespec import IllegalAction
from rulespec.duo import BASE_DECK, JOKERS, TURBO, TURBO_DECK, Deal, Draw, Phase, Play, Stop
from rulespec.duo.kit import DEALS, DuoKit, DuoMachine, twist
from rulespec.testing import kit_for, strategies
from tests.profiles import SEEDED
from tests.testing.seeded import examples as _examples

DUO = rulespec.game("duo")
T = TypeVar("T")
QUICK = settings(SEEDED, max_examples=8, stateful_step_count=40)


def test_the_kit_is_found_for_duo() -> None:
    assert isinstance(kit_for(DUO), DuoKit)


@given(
    players=st.integers(2, 6),
    turbo=st.booleans(),
    how=st.sampled_from(DEALS),
    data=st.data(),
)
def test_a_steered_deal_is_a_deal_with_the_cards_where_it_says(
    players: int, turbo: bool, how: str, data: st.DataObject
) -> None:
    deck = TURBO_DECK if turbo else BASE_DECK
    order = data.draw(st.permutations(deck))
    starter = data.draw(st.integers(0, players - 1))
    dealt = twist(order, players, starter, how)
    assert sorted(dealt) == sorted(deck)
    left, right = dealt[7 * players], dealt[7 * players + 1]
    if how == "none":
        assert dealt == list(order)
    elif how == "joker-top":
        assert left in JOKERS
    elif how == "joker-duel":
        # Card k of the deal goes to seat k mod n: the starter's first and second cards.
        assert left in JOKERS and dealt[starter] in JOKERS
        assert dealt[starter + players] == TURBO or not turbo
    else:
        assert (right == TURBO) if turbo else (right in JOKERS)


def test_generated_games_reach_the_rare_cases() -> None:
    games = _examples(strategies.played(DUO, max_steps=400, min_steps=400), 40)
    seen: Counter[str] = Counter()
    for game in games:
        opts = game.record.options
        seen[f"reading {opts.exhausted}"] += 1
        seen["turbo" if opts.turbo else "base game"] += 1
        seen["over"] += DUO.is_over(game.state)
        states = list(game.record.states())
        for (before, after), step in zip(pairwise(states), game.record.steps, strict=True):
            if isinstance(step, Deal) and any(p[0] in JOKERS for p in after.piles):
                seen["a joker starts a pile"] += 1
            if isinstance(step, Deal) and any(p[0] == TURBO for p in after.piles):
                seen["a Turbo-joker starts a pile"] += 1
            if isinstance(step, Play):
                top = before.piles[step.pile][-1]
                if step.card in JOKERS and top not in JOKERS:
                    seen["a joker played"] += 1
                if step.card == TURBO and top in JOKERS:
                    seen["a Turbo-joker on a joker"] += 1
                if before.turn_pile is not None:
                    seen["a turn's second card"] += 1
                if not before.draw_pile:
                    seen["a card after the draw pile ran out"] += 1
            if len(after.round_scores) > len(before.round_scores):
                how = "won" if isinstance(step, Play) else f"drawn out ({opts.exhausted})"
                seen[f"a round {how}"] += 1
    for case in (
        "reading last-draw",
        "reading empty-draw",
        "turbo",
        "base game",
        "a joker starts a pile",
        "a Turbo-joker starts a pile",
        "a joker played",
        "a Turbo-joker on a joker",
        "a card after the draw pile ran out",
        "a round won",
        "a round drawn out (last-draw)",
        "a round drawn out (empty-draw)",
    ):
        assert seen[case] >= 3, (case, seen)
    assert seen["a turn's second card"] > seen["a round won"]  # turns of several cards
    assert seen["over"] >= 10  # whole matches, up to the target


@settings(max_examples=30)
@given(strategies.played(DUO, max_steps=150, min_steps=1), st.data())
def test_probes_are_refused_with_a_clause(played: strategies.Played, data: st.DataObject) -> None:
    state = played.state
    if state.phase is not Phase.TURN:
        return
    player = data.draw(st.integers(0, state.players - 1))
    probes = kit_for(DUO).illegal_actions(DUO, state, player)
    assert probes
    legal = set(DUO.legal_actions(state, player))
    for action in probes:
        assert action not in legal
        with pytest.raises(IllegalAction) as info:
            DUO.apply(state, action)
        assert info.value.clause.startswith("duo.")
    # The probes of the player on turn include the turn rules' own refusals.
    on_turn = kit_for(DUO).illegal_actions(DUO, state, state.turn)
    if state.turn_pile is None:
        assert Stop(state.turn) in on_turn
    else:
        assert Draw(state.turn) in on_turn


def test_the_machines_simplest_game_of_200_steps_is_small_enough() -> None:
    """Hypothesis' ``large_base_example`` health check passes at 200 steps: the simplest
    deal costs one choice, not one per card."""
    run_state_machine_as_test(
        DuoMachine,
        settings=settings(max_examples=2, stateful_step_count=200, derandomize=True, database=None),
    )
