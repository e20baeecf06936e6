"""The quick paths against the plain ones: the legal actions from bit masks against the rule
functions, card by card; the game's own chance sampling against the core's."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec import CHANCE, IllegalAction
from rulespec.canardage import Card, Discard, Play, State
from rulespec.canardage.cards import WATER
from rulespec.canardage.masks import spaces, survey
from rulespec.canardage.policy import random_card_policy
from rulespec.canardage.rules import (
    CLAUSES,
    arrangements,
    legal_actions,
    uses,
)
from rulespec.canardage.state import NO_SHELTER
from tests.canardage.helpers import GAME

SPACE_CARDS = [card for card in Card if card is not Card.CANARCHIE]
EVERY_CARD_CLAUSE = sorted(CLAUSES[card] for card in SPACE_CARDS)


def _plain(state: State, player: int, card: Card) -> tuple[tuple[int, ...], ...]:
    """The uses of ``card`` (not Canarchie) from its rule function."""
    return tuple(cast("Sequence[tuple[int, ...]]", uses(state, player, card)))


def _reachable(seed: int, players: int) -> list[State]:
    """Every state of one game played by the card-first random policy where a player acts."""
    rng = random.Random(seed)
    state = GAME.new_game(players)
    found = []
    while not GAME.is_over(state):
        if GAME.to_move(state) == (CHANCE,):
            state = GAME.apply(state, GAME.sample_chance(state, rng))
            continue
        found.append(state)
        state = GAME.apply(state, random_card_policy(GAME, state, state.turn, rng))
    return found


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
@pytest.mark.clause(*EVERY_CARD_CLAUSE)
def test_masks_give_every_card_s_uses_in_the_rules_order_on_reachable_tables(
    seed: int, players: int
) -> None:
    for state in _reachable(seed, players):
        for player in range(players):  # the player on turn and every other seat
            table = survey(state.line, state.targets, state.shelters, player)
            assert table is not None
            for card in SPACE_CARDS:
                assert spaces(card, table) == _plain(state, player, card), (card, player, state)


_STACK = st.one_of(
    st.tuples(st.integers(0, 5)),
    st.just((WATER,)),
    st.tuples(st.integers(0, 5), st.integers(0, 5)),
)


@st.composite
def _tables(draw: st.DrawFn) -> tuple[State, int]:
    """A table of any shape the masks hold: up to six stacks, pairs anywhere, targets on or
    beyond the line, Planqué cards on any spaces, any player (reachable or not)."""
    players = draw(st.integers(3, 6))
    line = tuple(draw(st.lists(_STACK, max_size=6)))
    targets = tuple(sorted(draw(st.sets(st.integers(0, 5)))))
    shelters = tuple(draw(st.lists(st.integers(-1, 5), min_size=players, max_size=players)))
    start = GAME.start(players, seed=draw(st.integers(0, 2**16)))
    state = attrs.evolve(start, line=line, targets=targets, shelters=shelters)
    return state, draw(st.integers(0, players - 1))


@given(_tables())
@pytest.mark.clause(*EVERY_CARD_CLAUSE)
def test_masks_agree_with_the_rule_functions_on_any_table(table: tuple[State, int]) -> None:
    state, player = table
    surveyed = survey(state.line, state.targets, state.shelters, player)
    assert surveyed is not None
    for card in SPACE_CARDS:
        assert spaces(card, surveyed) == _plain(state, player, card), card


@given(_tables())
@pytest.mark.clause(*EVERY_CARD_CLAUSE)
def test_a_table_read_again_gives_the_masks_of_its_copy(table: tuple[State, int]) -> None:
    state, player = table
    kept = survey(state.line, state.targets, state.shelters, player)  # read, then kept
    copy = tuple(tuple(list(stack)) for stack in state.line)
    shelters = tuple(list(state.shelters))
    assert survey(state.line, state.targets, state.shelters, player) == kept
    assert survey(copy, state.targets, shelters, player) == kept  # read afresh
    assert survey(state.line, state.targets, state.shelters, (player + 1) % 6) == survey(
        copy, state.targets, shelters, (player + 1) % 6
    )


@given(st.lists(_STACK, max_size=6))
@pytest.mark.clause("can.action.canarchie")
def test_canarchie_is_playable_exactly_when_the_line_has_another_order(
    stacks: list[tuple[int, ...]],
) -> None:
    orders = arrangements(tuple(stacks))
    assert bool(orders) == (len(list(orders)) > 0)
    assert bool(orders) == (len(set(stacks)) > 1)


def _plainly_legal(state: State, player: int) -> list[Play | Discard]:
    """The legal actions spelt out from the rule functions alone."""
    held = list(dict.fromkeys(state.hands[player]))
    plays: list[Play | Discard] = []
    for card in held:
        if card is Card.CANARCHIE:
            plays += [Play(player, card, (), line) for line in arrangements(state.line)]
        else:
            plays += [Play(player, card, s) for s in _plain(state, player, card)]
    return plays or [Discard(player, card) for card in sorted(held, key=list(Card).index)]


@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
@pytest.mark.clause("can.turn.play-one", "can.turn.discard")
def test_legal_actions_are_those_of_the_rule_functions(seed: int, players: int) -> None:
    for state in _reachable(seed, players)[::3]:
        legal = legal_actions(state, state.turn)
        assert list(legal) == _plainly_legal(state, state.turn)
        assert legal_actions(state, state.turn) is legal  # worked out once per state


@pytest.mark.clause("can.action.pan", "can.action.rectifier-droite")
def test_a_table_the_masks_cannot_hold_falls_back_on_the_rule_functions() -> None:
    state = _reachable(7, 4)[5]
    odd = attrs.evolve(state, targets=(3, 1), shelters=(NO_SHELTER, 9, NO_SHELTER, NO_SHELTER))
    assert survey(odd.line, odd.targets, odd.shelters, odd.turn) is None
    assert survey(odd.line * 2, state.targets, state.shelters, odd.turn) is None
    assert list(legal_actions(odd, odd.turn)) == _plainly_legal(odd, odd.turn)


@pytest.mark.clause("can.chance.shuffles", "can.turn.play-one")
def test_what_a_state_knows_is_legal_never_lets_another_kind_of_action_through() -> None:
    state = GAME.new_game(4)
    deal = GAME.sample_chance(state, random.Random(3))  # known legal here now
    with pytest.raises(IllegalAction, match="shuffle"):
        GAME.apply(state, Play(0, Card.PAN, (0,)))
    dealt = GAME.apply(state, deal)
    offered = legal_actions(dealt, dealt.turn)[0]  # known legal there now
    with pytest.raises(IllegalAction):
        GAME.apply(dealt, deal)
    with pytest.raises(IllegalAction):
        GAME.apply(state, offered)
