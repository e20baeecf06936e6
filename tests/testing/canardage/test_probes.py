"""Canardage's action space, its non-canonical encodings, the probes that explain a
refused discard, and the setup clauses."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.canardage import Card, Discard, Phase, Play, State
from rulespec.canardage.cards import WATER
from rulespec.canardage.kit import RARE_DECK
from rulespec.canardage.rules import legal_actions
from rulespec.testing import kit_for
from rulespec.testing.kit import refusals
from tests.profiles import scaled
from tests.testing.seeded import seeded_states

CAN = rulespec.game("canardage")
KIT = kit_for(CAN)


@pytest.fixture(scope="module")
def states() -> list[State]:
    """States of seeded games, with the published deck and one rich in rare cards."""
    seeds = range(scaled(6, 40))
    return list(
        seeded_states(CAN, seeds, (3, 4, 5, 6), options=(None, RARE_DECK), steps=150, every=2)
    )


def _refusal(state: State, action: Play | Discard) -> str:
    with pytest.raises(rulespec.IllegalAction) as info:
        CAN.apply(state, action)
    return info.value.clause


def test_the_space_holds_every_legal_action_once(states: list[State]) -> None:
    for state in states:
        p = state.turn
        space = KIT.action_space(CAN, state, p)
        legal = legal_actions(state, p)
        for card in legal.cards():
            if card is not Card.CANARCHIE:  # a few of its orders only
                assert set(legal.uses(card)) <= set(space)
        orders = [a for a in space if isinstance(a, Play) and a.card is Card.CANARCHIE]
        assert state.line in [a.line for a in orders]  # the current order: refused
        if any(isinstance(a, Play) for a in legal.uses(Card.CANARCHIE)):
            assert any(a in legal for a in orders)
        # Every card, held or not, on every choice of spaces, and every discard: 96 plays
        # besides Canarchie's and 16 discards, whatever the state.
        assert {a.card for a in space if isinstance(a, Discard)} == set(Card)
        assert len(space) - len(orders) == 112


def test_the_refusals_cover_the_rules_that_forbid(states: list[State]) -> None:
    seen: set[str] = set()
    for state in states:
        seen.update(refusals(CAN, state, KIT.action_space(CAN, state, state.turn)))
    assert {
        "can.turn.play-one",  # a card not in hand
        "can.turn.discard",  # a playable card discarded
        "can.targets.spaces",  # a second target on a space
        "can.planque.space",  # a shot at a protected duck
        "can.cover.pair",  # a hidden duck moved
        "can.action.canarchie",  # the line kept in its order
        "can.action.tireur-d-elite",
        "can.action.tu-louches",
        "can.action.canardage",
        "can.action.planque",
        "can.action.banzai",
        "can.action.pan",
        "can.action.double-viseur",
        "can.action.rectifier-gauche",
        "can.action.rectifier-droite",
        "can.action.palme-arriere",
        "can.action.palme-avant",
        "can.action.a-couvert",
    } <= seen


@pytest.mark.clause(
    "can.action.tireur-d-elite",
    "can.action.tu-louches",
    "can.action.planque",
    "can.action.banzai",
)
def test_the_space_tries_water_and_the_first_duck(states: list[State]) -> None:
    """Shots at water, Planqué on water and Banzaï on the first space are in the space,
    refused with the card's clause."""
    tried = 0
    for state in states:
        p = state.turn
        space = set(KIT.action_space(CAN, state, p))
        hand = state.hands[p]
        first = Play(p, Card.BANZAI, (0,))
        assert first in space
        if Card.BANZAI in hand:
            # Where a pair stands first, the pair's own rule may refuse before Banzaï's.
            assert _refusal(state, first) in {"can.action.banzai", "can.cover.pair"}
        for s, stack in enumerate(state.line):
            if stack[-1] != WATER:
                continue
            aimed = [Play(p, Card.TIREUR_D_ELITE, (s,)), Play(p, Card.PLANQUE, (s,))]
            aimed += [Play(p, Card.TU_LOUCHES, (t, s)) for t in (s - 1, s + 1) if 0 <= t < 6]
            for action in aimed:
                assert action in space
                if action.card in hand:
                    assert _refusal(state, action) == f"can.action.{action.card.value}"
                    tried += 1
    assert tried > 10


def test_a_player_not_on_turn_gets_a_few_actions(states: list[State]) -> None:
    for state in states[::5]:
        other = (state.turn + 1) % state.players
        space = KIT.action_space(CAN, state, other)
        assert 0 < len(space) <= 6
        assert {_refusal(state, a) for a in space} == {"can.turn.order"}


def test_non_canonical_encodings_are_pairs_descending_and_refused(states: list[State]) -> None:
    found = 0
    for state in states:
        p = state.turn
        space = set(KIT.action_space(CAN, state, p))
        legal = CAN.legal_actions(state, p)
        for action in KIT.non_canonical(CAN, state, p):
            assert action.card in (Card.DOUBLE_VISEUR, Card.CANARDAGE)
            a, b = action.spaces
            assert a == b + 1 and Play(p, action.card, (b, a)) in legal
            assert action not in space
            assert _refusal(state, action) == f"can.action.{action.card.value}"
            found += 1
    assert found > 5


def test_the_probes_of_a_refused_discard_are_the_plays_of_the_hand(states: list[State]) -> None:
    checked = 0
    for state in states:
        p = state.turn
        legal = CAN.legal_actions(state, p)
        if isinstance(legal[0], Play):
            # A discard that the rules refuse, or a play, explains nothing.
            assert KIT.refusal_probes(CAN, state, Discard(p, state.hands[p][0])) == ()
            assert KIT.refusal_probes(CAN, state, legal[0]) == ()
            continue
        for discard in legal:
            probes = KIT.refusal_probes(CAN, state, discard)
            plays = [a for a in KIT.action_space(CAN, state, p) if isinstance(a, Play)]
            hand = set(state.hands[p])
            # Every play of every card in hand, the discarded card's first.
            assert set(probes) == {a for a in plays if a.card in hand}
            own = [a.card is discard.card for a in probes]
            assert own == sorted(own, reverse=True)
            clauses = [_refusal(state, a) for a in probes if a.card is discard.card]
            special = {"can.planque.space", "can.cover.pair", "can.targets.spaces"}
            flags = [c in special for c in clauses]
            assert flags == sorted(flags, reverse=True)  # the other rules' refusals first
            checked += 1
    assert checked > 10


def test_the_setup_clauses_are_in_the_catalogue() -> None:
    state = CAN.start(4, seed=1)
    assert state.phase is Phase.PLAY
    found = KIT.setup_clauses(CAN, state)
    assert {"can.setup.line", "can.setup.hands", "can.turn.first-player"} <= set(found)
    assert set(found) <= {c.id for c in rulespec.clauses("canardage")}
