"""The entry points of every game refuse bad arguments at once, the same way.

A wrong type is a :class:`TypeError` naming the argument; a value of the right
type that the rules refuse is an :class:`IllegalAction` naming its clause.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from operator import eq, ne
from typing import Any

import attrs
import pytest

import rulespec
from rulespec import CHANCE, Game, IllegalAction

GAMES = [g.id for g in rulespec.games()]

SEATS = {game: rulespec.game(game).declaration.players_clause for game in GAMES}
"""The clause that refuses a seat or a player count the game does not have."""

PLAYERS_AT_CHANCE = {
    "duo": "duo.setup.deal",
    "duck-and-cover": "dc.turn.draw",
    "canardage": "can.chance.shuffles",
}
"""The clause that refuses a player's action while a chance step is pending (a game not
listed here skips the tests that need it)."""

CHANCE_NOT_PENDING = {
    "duo": {"Deal": "duo.setup.deal"},
    "duck-and-cover": {"Deal": "dc.round.new", "Reshuffle": "dc.deck.reshuffle"},
    "canardage": {
        "Deal": "can.chance.shuffles",
        "Reshuffle": "can.deck.reshuffle",
        "Disperse": "can.chance.shuffles",
    },
}
"""The clause that refuses each chance action when that very chance step is not pending."""


def cited(clauses: dict[str, Any]) -> list[Any]:
    """The games as parameters, each marked with the clauses ``clauses[game]`` names (a
    game that ``clauses`` does not list is skipped)."""
    found = []
    for game_id in GAMES:
        if game_id not in clauses:
            reason = f"the clauses of {game_id} that this test needs are not listed"
            found.append(pytest.param(game_id, marks=pytest.mark.skip(reason=reason)))
            continue
        value = clauses[game_id]
        ids = sorted(set(value.values())) if isinstance(value, dict) else [value]
        found.append(pytest.param(game_id, marks=pytest.mark.clause(*ids)))
    return found


class Seat(int):
    """An integer of another type, as NumPy's are."""


@attrs.frozen
class Sample:
    """States met in random games, one per kind of step, and one action of each kind."""

    game: Game[Any, Any, Any, Any]
    states: dict[str, Any]
    """By what the state waits for: ``"player"``, ``"over"``, or a chance action's class name."""
    actions: dict[str, Any]
    """By class name: a chance action applied, or a player action that was legal."""


def _chance_kinds(g: Game[Any, Any, Any, Any]) -> list[str]:
    """The class names of the game's chance steps."""
    return [t.__name__ for t in g.action_types if t not in g.player_action_types]


@cache
def sample(game_id: str) -> Sample:
    g = rulespec.game(game_id)
    kinds = set(_chance_kinds(g)) | {"player", "over"}
    players = max(g.min_players, min(4, g.max_players))
    states: dict[str, Any] = {}
    actions: dict[str, Any] = {}
    for seed in range(60):
        rng = random.Random(seed)
        state = g.new_game(players, g.decode_options(g.simulation_options()))
        while True:
            if g.is_over(state):
                states.setdefault("over", state)
                break
            actor = g.to_move(state)[0]
            if actor == CHANCE:
                action = g.sample_chance(state, rng)
                states.setdefault(type(action).__name__, state)
            else:
                action = rng.choice(g.legal_actions(state, actor))
                states.setdefault("player", state)
            actions.setdefault(type(action).__name__, action)
            state = g.apply(state, action)
        if kinds <= set(states):
            return Sample(g, states, actions)
    raise AssertionError(f"{game_id}: no random game reached {kinds - set(states)}")


def _at(game_id: str, waiting: str) -> tuple[Game[Any, Any, Any, Any], Any]:
    """The game, and its sample state that waits for ``waiting`` (see :class:`Sample`)."""
    s = sample(game_id)
    return s.game, s.states[waiting]


def other_game(game_id: str) -> Sample:
    return sample(next(g for g in GAMES if g != game_id))


def refused(clause: str, call: Callable[..., object], *args: Any, **kwargs: Any) -> IllegalAction:
    """``call(*args, **kwargs)`` raises IllegalAction citing ``clause``."""
    with pytest.raises(IllegalAction) as info:
        call(*args, **kwargs)
    assert info.value.clause == clause, str(info.value)
    assert rulespec.clause(clause).id == clause
    return info.value


def wrong_type(name: str, call: Callable[..., object], *args: Any, **kwargs: Any) -> None:
    """``call(*args, **kwargs)`` raises a TypeError naming argument ``name``."""
    with pytest.raises(TypeError) as info:
        call(*args, **kwargs)
    assert str(info.value).startswith(f"{name} must be "), str(info.value)


# -- wrong types -----------------------------------------------------------------------


def state_calls(g: Game[Any, Any, Any, Any], s: Sample) -> dict[str, Callable[[Any], object]]:
    """Every entry point that takes a state, with the state as its one free argument."""
    state = s.states["player"]
    action = next(iter(g.legal_actions(state, g.to_move(state)[0])))
    after = g.apply(state, action)
    return {
        "to_move": g.to_move,
        "legal_actions": lambda x: g.legal_actions(x, 0),
        "chance": g.chance,
        "chance_action": lambda x: g.chance_action(x, [[1, 2]]),
        "sample_chance": lambda x: g.sample_chance(x, random.Random(1)),
        "apply": lambda x: g.apply(x, action),
        "is_over": g.is_over,
        "scores": g.scores,
        "winners": g.winners,
        "view": lambda x: g.view(x, 0),
        "violations": g.violations,
        "rounds": g.rounds,
        "encode_state": g.encode_state,
        "events(before)": lambda x: g.events(x, action, after),
        "events(after)": lambda x: g.events(state, action, x),
        "step_violations(before)": lambda x: g.step_violations(x, action, after),
        "step_violations(after)": lambda x: g.step_violations(state, action, x),
    }


@pytest.mark.parametrize("game_id", GAMES)
def test_an_object_that_is_not_the_games_state_is_a_type_error(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    foreign = other_game(game_id).states["player"]
    view = g.view(s.states["player"], 0)
    for name, call in state_calls(g, s).items():
        arg = "after" if "(after)" in name else "before" if "(before)" in name else "state"
        for bad in (None, True, 1.5, "state", 3, object(), foreign, view):
            with pytest.raises(TypeError) as info:
                call(bad)
            message = str(info.value)
            assert message.startswith(f"{arg} must be a {g.name} state"), (name, message)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_player_that_is_not_an_integer_is_a_type_error(game_id: str) -> None:
    g, state = _at(game_id, "player")
    for bad in (None, True, False, 0.0, 1.5, "0", (0,), object()):
        wrong_type("player", g.legal_actions, state, bad)
        wrong_type("player", g.view, state, bad)


@pytest.mark.parametrize("game_id", GAMES)
def test_integers_of_other_types_are_players_too(game_id: str) -> None:
    g, state = _at(game_id, "player")
    actor = g.to_move(state)[0]
    assert g.legal_actions(state, Seat(actor)) == list(g.legal_actions(state, actor))
    assert g.view(state, Seat(actor)) == g.view(state, actor)
    assert g.new_game(Seat(4)) == g.new_game(4)
    assert type(g.new_game(Seat(4)).players) is int


@pytest.mark.parametrize("game_id", GAMES)
def test_numpy_integers_are_players_too(game_id: str) -> None:
    np = pytest.importorskip("numpy")
    g = sample(game_id).game
    state = g.start(np.int64(4), seed=np.int64(2))
    assert state == g.start(4, seed=2)
    actor = g.to_move(state)[0]
    assert g.legal_actions(state, np.int32(actor)) == g.legal_actions(state, actor)


@pytest.mark.parametrize("game_id", cited(SEATS))
def test_a_seat_out_of_the_game_is_illegal(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    clause = SEATS[game_id]
    for key in ("player", "over", "Deal"):
        state = s.states[key]
        for bad in (4, 7, -1, CHANCE, Seat(9)):
            error = refused(clause, g.legal_actions, state, bad)
            assert f"no player {int(bad)} in a game of 4" in error.reason
            refused(clause, g.view, state, bad)


@pytest.mark.parametrize("game_id", cited(SEATS))
def test_new_game_refuses_a_bad_player_count_or_options(game_id: str) -> None:
    g = sample(game_id).game
    for bad in (None, True, 4.0, "4", [4]):
        wrong_type("players", g.new_game, bad)
        wrong_type("players", g.start, bad, seed=1)
    for count in (g.min_players - 1, g.max_players + 1, -3):
        refused(SEATS[game_id], g.new_game, count)
    foreign = other_game(game_id).game.default_options()
    wrong_options: list[object] = [foreign, "turbo", {}, 1]
    for options in wrong_options:
        wrong_type("options", g.new_game, 4, options)
        wrong_type("options", g.start, 4, seed=1, options=options)
        wrong_type("options", g.encode_options, options)
    for seed in (1.5, "seed", True, b"x"):
        wrong_type("seed", g.start, 4, seed=seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_object_that_is_not_the_games_action_is_a_type_error(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    state = s.states["player"]
    after = g.apply(state, next(iter(g.legal_actions(state, g.to_move(state)[0]))))
    foreign = other_game(game_id).actions
    for bad in (None, 3, "draw", object(), *foreign.values()):
        with pytest.raises(TypeError, match=f"^action must be a {g.name} action"):
            g.apply(state, bad)
        wrong_type("action", g.encode_action, bad)
        wrong_type("action", g.events, state, bad, after)
        wrong_type("action", g.step_violations, state, bad, after)
    wrong_type("rng", g.sample_chance, s.states["Deal"], None)
    wrong_type("rng", g.sample_chance, s.states["Deal"], 7)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_chance_outcome_of_the_wrong_shape_is_refused(game_id: str) -> None:
    g, state = _at(game_id, "Deal")
    piles = g.chance(state).piles
    for bad in (None, 3, "abc", [None] * len(piles), [3] * len(piles)):
        wrong_type("outcome", g.chance_action, state, bad)
    with pytest.raises(IllegalAction) as info:
        g.chance_action(state, [*piles, piles[0]])
    assert "pile" in info.value.reason


# -- chance actions holding values of the wrong type -------------------------------------


def _swap_first(piles: tuple[Any, ...], change: Callable[[Any], Any]) -> tuple[Any, ...] | None:
    """``piles`` (a tuple of cards, or of tuples of cards) with the first card ``change``
    accepts changed; None when it accepts none."""
    for i, item in enumerate(piles):
        if type(item) is tuple:
            inner = _swap_first(item, change)
            if inner is not None:
                return (*piles[:i], inner, *piles[i + 1 :])
            continue
        new = change(item)
        if new is not None:
            return (*piles[:i], new, *piles[i + 1 :])
    return None


def _as_float(card: Any) -> Any:
    return float(card) if type(card) is int else None


def _as_bool(card: Any) -> Any:
    return bool(card) if type(card) is int and card in (0, 1) else None


def _as_text(card: Any) -> Any:
    return str(getattr(card, "value", card))


def _as_seat(card: Any) -> Any:
    return Seat(card) if type(card) is int else None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_chance_action_holding_cards_of_the_wrong_type_is_refused(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    tried = 0
    for kind in _chance_kinds(s.game):
        state = s.states[kind]
        good = g.sample_chance(state, random.Random(3))
        assert type(good).__name__ == kind
        g.apply(state, good)
        for field in attrs.fields(type(good)):
            if not field.init:  # a cache the engine fills, not part of the action
                continue
            for change in (_as_float, _as_bool, _as_text, _as_seat):
                new = _swap_first(getattr(good, field.name), change)
                if new is None:
                    continue
                bad = attrs.evolve(good, **{field.name: new})
                with pytest.raises(IllegalAction) as info:
                    g.apply(state, bad)
                assert rulespec.clause(info.value.clause).id == info.value.clause
                outcome = [list(pile) for pile in g.chance(state).piles]
                first = _swap_first(tuple(tuple(p) for p in outcome), change)
                if change is not _as_seat and first is not None:
                    with pytest.raises(IllegalAction):
                        g.chance_action(state, first)
                tried += 1
    assert tried >= 3


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_action_turns_integers_of_other_types_into_ints(game_id: str) -> None:
    g, state = _at(game_id, "Deal")
    outcome = g.chance(state).sample(random.Random(5))
    seats = [[Seat(c) if type(c) is int else c for c in pile] for pile in outcome]
    action = g.chance_action(state, seats)
    assert action == g.chance_action(state, outcome)
    assert g.encode_action(action) == g.encode_action(g.chance_action(state, outcome))
    assert g.apply(state, action) == g.apply(state, g.chance_action(state, outcome))


# -- every step waits for its own kind of action ---------------------------------------------


@pytest.mark.parametrize("game_id", cited(CHANCE_NOT_PENDING))
def test_a_chance_action_is_refused_unless_its_own_step_is_pending(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    clauses = CHANCE_NOT_PENDING[game_id]
    checked = 0
    for waiting, state in s.states.items():
        for kind, clause in clauses.items():
            if kind == waiting:
                continue
            refused(clause, g.apply, state, s.actions[kind])
            checked += 1
    assert checked == len(clauses) * (len(s.states) - 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_is_refused_while_players_must_move(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    state = s.states["player"]
    outcome = [list(p) for p in g.chance(s.states["Deal"]).piles]
    with pytest.raises(IllegalAction) as info:
        g.chance(state)
    assert rulespec.clause(info.value.clause).id == info.value.clause
    with pytest.raises(IllegalAction):
        g.chance_action(state, outcome)
    with pytest.raises(IllegalAction):
        g.sample_chance(state, random.Random(1))


@pytest.mark.parametrize("game_id", cited(PLAYERS_AT_CHANCE))
def test_a_players_action_is_refused_while_chance_is_pending(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    players = [a for name, a in s.actions.items() if name not in _chance_kinds(g)]
    assert players
    for kind in _chance_kinds(g):
        state = s.states[kind]
        assert g.to_move(state) == (CHANCE,)
        for action in players:
            refused(PLAYERS_AT_CHANCE[game_id], g.apply, state, action)
            assert len(g.legal_actions(state, action.player)) == 0


# -- the lazy legal-action sequences ---------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_actions_equal_the_list_and_the_tuple_of_their_actions(game_id: str) -> None:
    s = sample(game_id)
    g = s.game
    compared = 0
    for state in s.states.values():
        for player in range(4):
            legal = g.legal_actions(state, player)
            listed = list(legal)
            assert eq(legal, listed) and eq(listed, legal) and not ne(legal, listed)
            assert eq(legal, tuple(listed)) and eq(tuple(listed), legal)
            assert eq(legal, g.legal_actions(state, player))
            assert ne(legal, [*listed, listed[0] if listed else None])
            assert ne(legal, "".join("x" for _ in listed))
            if len(set(listed)) > 1:
                assert ne(legal, listed[::-1]) and ne(legal, tuple(listed[::-1]))
                assert ne(legal, listed[:-1])
                compared += 1
    assert compared >= 1


@pytest.mark.parametrize("game_id", GAMES)
def test_an_object_that_is_not_the_games_view_is_a_type_error(game_id: str) -> None:
    g, state = _at(game_id, "player")
    foreign = other_game(game_id)
    other_view = foreign.game.view(foreign.states["player"], 0)
    assert g.decode_view(g.encode_view(g.view(state, 0))) == g.view(state, 0)
    for bad in (None, True, "view", object(), state, other_view):
        with pytest.raises(TypeError) as info:
            g.encode_view(bad)
        assert str(info.value).startswith(f"view must be a {g.name} view"), str(info.value)
