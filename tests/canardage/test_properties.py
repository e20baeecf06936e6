"""Properties of the engine (DESIGN §5): purity, determinism, legality, views, JSON, replay."""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec import CHANCE, IllegalAction
from rulespec.canardage import Card, Discard, Play, State
from rulespec.canardage.policy import random_card_policy
from tests.canardage.helpers import GAME
from tests.hash_seeds import other_hash_seed
from tests.processes import python

KNOWN = {c.id for c in rulespec.clauses("canardage")}


def _game(seed: int, players: int) -> Iterator[tuple[State, Any]]:
    """(state, action taken) along one game played by the card-first random policy."""
    rng = random.Random(seed)
    state = GAME.new_game(players)
    while not GAME.is_over(state):
        if GAME.to_move(state) == (CHANCE,):
            action = GAME.sample_chance(state, rng)
        else:
            action = random_card_policy(GAME, state, state.turn, rng)
        yield state, action
        state = GAME.apply(state, action)


def _candidates(state: State, rng: random.Random) -> Iterator[Any]:
    """Actions of every shape, legal or not."""
    n = state.players
    for _ in range(12):
        card = rng.choice(list(Card))
        size = rng.choice((0, 1, 1, 2))
        spaces = tuple(rng.randint(-1, 6) for _ in range(size))
        yield Play(rng.randrange(n), card, spaces)
        yield Play(state.turn, rng.choice(state.hands[state.turn]), spaces)
    yield Discard(state.turn, rng.choice(state.hands[state.turn]))
    yield Play(state.turn, Card.CANARCHIE, (), tuple(reversed(state.line)))
    yield Play(state.turn, Card.CANARCHIE, (), state.line[1:])


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
@pytest.mark.clause("can.turn.play-one", "can.turn.discard")
def test_every_legal_action_is_accepted_every_other_refused_with_a_clause(
    seed: int, players: int
) -> None:
    rng = random.Random(seed)
    for state, _ in _game(seed, players):
        if GAME.to_move(state) == (CHANCE,):
            continue
        legal = GAME.legal_actions(state, state.turn)
        assert len(legal) > 0
        for other in range(players):
            if other != state.turn:
                assert len(GAME.legal_actions(state, other)) == 0
        listed = list(legal) if len(legal) < 60 else [legal[rng.randrange(len(legal))]]
        for action in listed:
            assert action in legal
            GAME.apply(state, action)
        for action in _candidates(state, rng):
            if action in legal:
                GAME.apply(state, action)
                continue
            with pytest.raises(IllegalAction) as err:
                GAME.apply(state, action)
            assert err.value.clause in KNOWN


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_apply_never_changes_its_argument_and_json_round_trips(seed: int, players: int) -> None:
    for state, action in _game(seed, players):
        frozen = json.dumps(GAME.encode_state(state))
        GAME.apply(state, action)
        assert json.dumps(GAME.encode_state(state)) == frozen
        assert GAME.decode_state(json.loads(frozen)) == state
        assert GAME.decode_action(json.loads(json.dumps(GAME.encode_action(action)))) == action


def _perturbed(state: State, player: int, rng: random.Random) -> State:
    """``state`` with hidden data changed: other hands traded with the draw pile, the draw
    pile reordered, the unseen part of the duck deck reordered."""
    import attrs

    pile = list(state.draw_pile)
    hands = list(state.hands)
    for p in range(state.players):
        if p != player and pile:
            hand = list(hands[p])
            k = rng.randrange(len(pile))
            if hand:
                hand[0], pile[k] = pile[k], hand[0]
            hands[p] = tuple(sorted(hand, key=list(Card).index))
    rng.shuffle(pile)
    unseen = list(state.deck[: len(state.deck) - state.seen])
    rng.shuffle(unseen)
    deck = (*unseen, *state.deck[len(state.deck) - state.seen :])
    return attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(pile), deck=deck)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
@pytest.mark.clause("can.view.hidden", "can.view.deck-bottom")
def test_views_never_depend_on_hidden_data(seed: int, players: int) -> None:
    rng = random.Random(seed)
    changed = 0
    for state, _ in _game(seed, players):
        player = rng.randrange(players)
        other = _perturbed(state, player, rng)
        changed += other != state
        assert GAME.view(other, player) == GAME.view(state, player)
    assert changed > 0


_BYTECODE = ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")


def test_a_seed_gives_the_same_record_whatever_the_hash_seed() -> None:
    code = (
        "import rulespec, hashlib;"
        "g = rulespec.game('canardage');"
        "r = rulespec.Record.play(g, 5, seed=3);"
        "print(hashlib.sha256(r.to_json().encode()).hexdigest(), len(r.steps))"
    )
    there = python(
        code,
        env={
            "PYTHONHASHSEED": other_hash_seed(),
            "PATH": "",
            # where and whether bytecode is written holds in the child too
            **{k: v for k, v in os.environ.items() if k in _BYTECODE},
        },
    )
    here = rulespec.Record.play(GAME, 5, seed=3)
    assert there == f"{hashlib.sha256(here.to_json().encode()).hexdigest()} {len(here.steps)}\n"


def test_replaying_a_record_gives_the_same_states() -> None:
    record = rulespec.Record.play(GAME, 6, seed=5)
    states = list(record.states())
    again = list(rulespec.Record.from_json(record.to_json()).states())
    assert states == again
    assert GAME.is_over(states[-1])
