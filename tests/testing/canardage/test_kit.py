"""Canardage's kit: steering that reaches the rare cards and edges, illegal probes that
rulespec refuses, and view bugs cited with the view clauses."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings

import rulespec
from rulespec.canardage.actions import Deal, Discard, Disperse, Play, Reshuffle
from rulespec.canardage.cards import WATER, Card
from rulespec.canardage.kit import (
    CANARCHIE_ORDERS,
    RARE,
    RARE_DECK,
    SHOOTERS,
    TRIAL_DECK,
    CanardageKit,
    planque_trial,
)
from rulespec.canardage.state import Options, Phase, State
from rulespec.core.chance import CHANCE
from rulespec.testing import ReferenceAdapter, kit_for, strategies
from rulespec.testing.kit import Step
from tests.testing.seeded import examples as _examples
from tests.testing.seeded import share as _share

CAN = rulespec.game("canardage")
KIT = kit_for(CAN)
T = TypeVar("T")


def test_the_kit_is_found_for_the_game() -> None:
    assert isinstance(KIT, CanardageKit)
    assert KIT.game_id == "canardage"


@pytest.fixture(scope="module")
def games() -> list[strategies.Played]:
    """Forty generated games, played once for every test of this module that reads them."""
    return _examples(strategies.played(CAN, min_steps=400, max_steps=400), 40)


def _states(played: strategies.Played) -> list[State]:
    return list(played.record.states())


def _played(card: Card) -> Callable[[strategies.Played], bool]:
    return lambda p: any(isinstance(s, Play) and s.card is card for s in p.record.steps)


def test_generated_games_are_legal_and_end(games: list[strategies.Played]) -> None:
    for played in games:
        assert played.record.replay() == played.state
        assert CAN.violations(played.state) == ()
    assert _share(games, lambda p: CAN.is_over(p.state)) > 0.9


@pytest.mark.parametrize("card", list(Card), ids=[c.value for c in Card])
def test_generated_games_play_every_card(games: list[strategies.Played], card: Card) -> None:
    """Canardage (one copy in 52, and it needs two adjacent targeted ducks) included."""
    assert _share(games, _played(card)) > 0.5


def test_generated_games_reach_the_edges(games: list[strategies.Played]) -> None:
    def pair(p: strategies.Played) -> bool:
        return any(len(stack) == 2 for s in _states(p) for stack in s.line)

    def out_but_playing(p: strategies.Played) -> bool:
        return any(s.phase is Phase.PLAY and 5 in s.shot for s in _states(p))

    def protected_target(p: strategies.Played) -> bool:
        return any(x in s.targets for s in _states(p) for x in s.shelters if x != -1)

    def pair_forward(p: strategies.Played) -> bool:
        steps = p.record.steps
        return any(
            isinstance(a, Play) and a.card is Card.EN_AVANT_MARCHE and len(b.line[0]) == 2
            for b, a in zip(_states(p), steps, strict=False)
        )

    assert _share(games, pair) > 0.5
    assert _share(games, out_but_playing) > 0.5
    assert _share(games, protected_target) > 0.3
    assert _share(games, pair_forward) > 0.1
    assert _share(games, lambda p: any(isinstance(s, Disperse) for s in p.record.steps)) > 0.5
    assert _share(games, lambda p: any(isinstance(s, Reshuffle) for s in p.record.steps)) > 0.5
    assert _share(games, lambda p: any(isinstance(s, Discard) for s in p.record.steps)) > 0.3


def test_deals_are_steered_to_rare_cards_and_one_colour() -> None:
    deals: list[Deal] = _examples(strategies.chance_actions(CAN, CAN.new_game(4)), 100)
    for deal in deals:
        CAN.apply(CAN.new_game(4), deal)

    def rare_hands(a: Deal) -> bool:
        return all(c in RARE for c in a.actions[:12]) and len(set(a.actions[:12])) == 12

    def one_colour_in_line(a: Deal) -> bool:
        top = a.ducks[:5]
        return top[0] != WATER and top.count(top[0]) == 5

    # Uniform shuffles almost never do either (twelve distinct rare cards on top: about
    # 4 in 10^8; five ducks of one colour on top of 25 cards: 4 in 53,130).
    assert _share(deals, rare_hands) > 0.1
    assert _share(deals, one_colour_in_line) > 0.1


def _shared_ends(style: str, games: int) -> float:
    """The share of ``games`` played in ``style`` (uniform shuffles) that end with several
    winners."""
    rng = random.Random(7)
    shared = 0
    for _ in range(games):
        state = CAN.new_game(rng.randint(3, 6), rng.choice((Options(), RARE_DECK)))
        while not CAN.is_over(state):
            if CAN.to_move(state) == (CHANCE,):
                piles = CAN.chance(state).piles
                orders = [rng.sample(list(pile), len(pile)) for pile in piles]
                state = CAN.apply(state, CAN.chance_action(state, orders))
            else:
                offered = KIT.player_actions(CAN, state, state.turn, style)
                state = CAN.apply(state, rng.choice(list(offered)))
        shared += len(state.winners) > 1
    return shared / games


def test_together_games_end_with_the_last_ducks_falling_together() -> None:
    """Uniform play ends so about one game in fifty; a search plays a hundred games."""
    assert _shared_ends("together", 60) > 0.1
    assert _shared_ends("any", 60) < 0.1


PLAYING = strategies.states(CAN, min_steps=1, max_steps=120).filter(
    lambda state: state.phase is Phase.PLAY
)
"""States of random games where a player is to play a card."""


@given(PLAYING)
@settings(max_examples=30, deadline=None)
def test_steered_plays_are_legal_and_canarchie_is_cut(state: State) -> None:
    legal = CAN.legal_actions(state, state.turn)
    for style in KIT.styles:
        offered = KIT.player_actions(CAN, state, state.turn, style)
        assert offered and all(a in legal for a in offered)
        orders = [a for a in offered if isinstance(a, Play) and a.card is Card.CANARCHIE]
        assert len(orders) <= CANARCHIE_ORDERS
    shots = [a for a in legal if isinstance(a, Play) and a.card in SHOOTERS]
    if shots:
        assert set(KIT.player_actions(CAN, state, state.turn, "shoot")) == set(shots)


@given(PLAYING)
@settings(max_examples=30, deadline=None)
def test_illegal_probes_are_refused(state: State) -> None:
    for player in range(state.players):
        probes = KIT.illegal_actions(CAN, state, player)
        assert probes
        for action in probes:
            with pytest.raises(rulespec.IllegalAction):
                CAN.apply(state, action)
    legal = CAN.legal_actions(state, state.turn)
    mine = KIT.illegal_actions(CAN, state, state.turn)
    if isinstance(legal[0], Play):  # a card can be played: discarding any is a probe
        for card in state.hands[state.turn]:
            assert Discard(state.turn, card) in mine
    other = (state.turn + 1) % state.players
    assert any(getattr(a, "player", None) == other for a in KIT.illegal_actions(CAN, state, other))


class LiftedEarly(ReferenceAdapter):
    """rulespec, except that a Planqué card joins the played cards as soon as its
    player's turn ends: a rebuilt draw pile must hold it while it lies on the line."""

    def apply(self, action: Any) -> None:
        if isinstance(action, Reshuffle):
            pile = list(action.draw_pile)
            if Card.PLANQUE not in pile:
                raise ValueError("the new draw pile misses a played Planqué card")
            pile.remove(Card.PLANQUE)
            action = Reshuffle(tuple(pile))
        super().apply(action)


def _offered_again(adapter: ReferenceAdapter, space: int | None = None) -> tuple[str, ...]:
    """The clauses the kit names when the engine offers a second Planqué card on the
    space that holds one (or on ``space``), ``adapter`` playing the trial game."""
    steps, _ = planque_trial()
    state = CAN.new_game(3, TRIAL_DECK)
    for action in steps[:5]:
        before, state = state, CAN.apply(state, action)
    laid = next(s for s in state.shelters if s >= 0)
    extra = [Play(state.turn, Card.PLANQUE, (laid if space is None else space,))]
    step = Step(before, steps[4], state)
    return KIT.confirm(CAN, adapter, step, extra, ("can.action.planque",))


@pytest.mark.clause("can.action.planque")
@pytest.mark.clause("can.planque.space")
def test_a_second_planque_names_the_protection_when_the_first_stays_off_the_played_cards() -> None:
    # Through a black box a second Planqué card on a protected space looks the same
    # whether the first left the line too early or protects nothing; the trial game
    # rebuilds the draw pile while the first lies on the line, which tells them apart.
    assert _offered_again(ReferenceAdapter()) == ("can.planque.space", "can.action.planque")
    assert _offered_again(LiftedEarly()) == ("can.action.planque",)


def test_the_planque_trial_runs_only_for_a_planque_on_a_protected_space() -> None:
    steps, played = planque_trial()
    assert Card.PLANQUE not in played and isinstance(steps[0], Deal)
    state = CAN.new_game(3, TRIAL_DECK)
    for action in steps:
        state = CAN.apply(state, action)
    assert state.phase is Phase.RESHUFFLE and any(s >= 0 for s in state.shelters)
    laid = next(s for s in state.shelters if s >= 0)
    assert _offered_again(ReferenceAdapter(), space=(laid + 1) % 6) == ("can.action.planque",)
