"""The engine's fast paths agree with the plain statement of the rules, on states
reached by play: the legal actions read from the placement table, the states built
without ``State.__init__``, the deal sampled without the chance step's checks, the
players to move read in the game object, the actor checked before the rule is asked
why it refuses."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulespec.core.errors import IllegalAction
from rulespec.duo import (
    Deal,
    Draw,
    Options,
    Phase,
    Play,
    PlayerAction,
    State,
    Stop,
    card_name,
    rules,
)
from rulespec.duo.rules import playable
from tests.duo.helpers import DUO, rulebook_fits
from tests.duo.strategies import Played, played


def states(match: Played) -> Iterator[State]:
    """Every state of ``match``, from the new game to the last one."""
    state = DUO.new_game(match.players, match.options)
    yield state
    for action in match.steps:
        state = DUO.apply(state, action)
        yield state


def rulebook_plays(hand: tuple[int, ...], top: int) -> list[int]:
    """The distinct cards of ``hand`` that the rulebook lets go on ``top``, in card order."""
    return [c for c in sorted(set(hand)) if rulebook_fits(card_name(c), card_name(top))]


@pytest.mark.clause("duo.turn.play", "duo.turn.one-pile", "duo.turn.draw", "duo.turn.stop")
@given(played())
def test_legal_actions_are_the_plays_the_rulebook_allows_then_draw_or_stop(match: Played) -> None:
    for state in states(match):
        for player in range(state.players):
            legal = DUO.legal_actions(state, player)
            if state.phase is not Phase.TURN or player != state.turn:
                assert len(legal) == 0
                continue
            hand, chosen = state.hands[player], state.turn_pile
            expected: list[PlayerAction] = []
            for pile in (0, 1) if chosen is None else (chosen,):
                top = state.piles[pile][-1]
                assert playable(hand, top) == rulebook_plays(hand, top)
                expected += [Play(player, c, pile) for c in rulebook_plays(hand, top)]
            expected.append(Draw(player) if chosen is None else Stop(player))
            assert legal == expected and list(legal) == expected
            assert legal.plays == len(expected) - 1


@given(played())
def test_every_state_of_a_match_is_the_state_its_class_builds(match: Played) -> None:
    for state in states(match):
        assert type(state) is State
        values = attrs.astuple(state, recurse=False, filter=lambda field, _: field.init)
        rebuilt = State(*values)
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert attrs.astuple(rebuilt, recurse=False) == attrs.astuple(state, recurse=False)


@given(played())
def test_the_game_object_names_the_players_to_move_as_the_rules_do(match: Played) -> None:
    for state in states(match):
        assert DUO.to_move(state) == rules.to_move(state)
        assert type(DUO.to_move(state)) is tuple


@pytest.mark.clause("duo.setup.players", "duo.turn.order")
@given(played(), st.sampled_from([True, False, 1.0, 0.0, "0", None]))
def test_only_the_whole_number_of_the_player_on_turn_acts(match: Played, seat: object) -> None:
    for state in states(match):
        if state.phase is not Phase.TURN:
            continue
        hand = state.hands[state.turn]
        for action in (Draw(seat), Stop(seat), Play(seat, hand[0], 0)):  # type: ignore[arg-type]
            with pytest.raises(IllegalAction) as info:
                DUO.apply(state, action)
            assert info.value.clause == "duo.setup.players"


@pytest.mark.clause("duo.setup.deal")
@given(played(), st.integers(0, 2**32))
def test_a_drawn_deal_deals_as_the_same_deal_checked_and_only_where_it_fits(
    match: Played, seed: int
) -> None:
    for state in states(match):
        if state.phase is not Phase.DEAL:
            continue
        drawn = DUO.sample_chance(state, random.Random(seed))
        assert isinstance(drawn, Deal)
        assert DUO.apply(state, drawn) == DUO.apply(state, Deal(drawn.order))
        other = Options(turbo=not state.options.turbo)
        for elsewhere in (DUO.new_game(state.players, other), DUO.apply(state, drawn)):
            with pytest.raises(IllegalAction) as info:
                DUO.apply(elsewhere, drawn)  # another deck, or no deal awaited
            assert info.value.clause == "duo.setup.deal"
        short = attrs.evolve(drawn, order=drawn.order[1:])
        with pytest.raises(IllegalAction, match="each once"):
            DUO.apply(state, short)
