"""Every game's action ids and observations, checked along random games.

For states reached by random play of every player count (and a few options):
every legal action has an id below the space's size, the ids of distinct actions
are distinct, :meth:`action_from_id` inverts :meth:`action_id`, the ids and the
mask agree with :meth:`legal_actions`, and every observation has the documented
number of values. The number of games grows with ``RULESPEC_PROFILE``.
"""

from __future__ import annotations

import math
import os
import random
from typing import Any

import pytest

import rulespec
from rulespec.core.chance import CHANCE

Case = tuple[str, int, dict[str, Any]]

_GAME_IDS = [g.id for g in rulespec.games()]


def _cases() -> list[Case]:
    found: list[Case] = []
    for g in map(rulespec.game, _GAME_IDS):
        for n in range(g.min_players, g.max_players + 1):
            found.append((g.id, n, {}))
    extra: list[Case] = [
        ("duo", 2, {"turbo": True}),
        ("duo", 5, {"turbo": True, "exhausted": "empty-draw"}),
        ("duck-and-cover", 2, {"low_blows": True}),
        ("duck-and-cover", 4, {"low_blows": True, "constraints": True}),
        ("duck-and-cover", 7, {"low_blows": True, "surprises": True}),
        ("duck-and-cover", 3, {"constraints": True}),
    ]
    return found + extra


_PROFILE = os.environ.get("RULESPEC_PROFILE", "dev")
_GAMES_PER_CASE = {"ci": 2, "deep": 20}.get(_PROFILE, 1)
_STRIDE = {"ci": 2, "deep": 1}.get(_PROFILE, 8)
"""One state in ``_STRIDE`` is checked, at random."""
_STEPS = 300 if _PROFILE == "dev" else 600


def _kind(action: Any) -> str:
    """An action's class, and ``+origin`` for a move that names its origin."""
    return type(action).__name__ + ("+origin" if getattr(action, "origin", None) else "")


def _check_state(
    g: rulespec.Game[Any, Any, Any, Any], state: Any, size: int, shape: int, kinds: set[str]
) -> None:
    movers = g.to_move(state)
    for p in range(state.players):
        legal = list(g.legal_actions(state, p))
        kinds.update(map(_kind, legal))
        ids = [g.action_id(state, a) for a in legal]
        assert all(0 <= i < size for i in ids), (legal, ids, size)
        assert len(set(ids)) == len(ids), legal
        assert g.legal_action_ids(state, p) == tuple(sorted(ids))
        mask = g.legal_action_mask(state, p)
        assert len(mask) == size
        assert [i for i, ok in enumerate(mask) if ok] == sorted(ids)
        flags = getattr(g.encoding, "legal_action_flags", None)
        if flags is not None:  # the mask written without listing the ids
            assert bytes(flags(state, p)) == bytes(mask)
        for a, i in zip(legal, ids, strict=True):
            assert g.action_from_id(state, p, i) == a
        if p not in movers:
            assert not ids
        values = g.observation(g.view(state, p))
        assert len(values) == shape
        assert all(type(v) is float and math.isfinite(v) for v in values)


@pytest.mark.parametrize(("game_id", "players", "options"), _cases())
def test_ids_cover_every_legal_action_of_random_games(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    g = rulespec.game(game_id)
    opts = g.decode_options({**g.simulation_options(), **options})
    size = g.action_space_size(players, opts)
    shape = math.prod(g.observation_shape(players, opts))
    rng = random.Random(f"{game_id}-{players}-{options}")
    kinds: set[str] = set()
    for _ in range(_GAMES_PER_CASE):
        state = g.new_game(players, opts)
        for _ in range(_STEPS):
            if g.is_over(state):
                break
            movers = g.to_move(state)
            if movers == (CHANCE,):
                state = g.apply(state, g.sample_chance(state, rng))
                continue
            if rng.randrange(_STRIDE) == 0:
                _check_state(g, state, size, shape, kinds)
            actor = rng.choice(movers)
            state = g.apply(state, rng.choice(g.legal_actions(state, actor)))
        _check_state(g, state, size, shape, kinds)
    if options.get("low_blows"):
        assert {"Give", "Place", "Cover+origin", "Duck+origin"} <= kinds, kinds


@pytest.mark.parametrize("game_id", _GAME_IDS)
def test_sizes_and_shapes_depend_on_players_and_options_only(game_id: str) -> None:
    g = rulespec.game(game_id)
    for n in (g.min_players, g.max_players):
        assert g.action_space_size(n) == g.action_space_size(n, g.default_options())
        assert g.observation_shape(n) == g.observation_shape(n, g.default_options())
        state = g.start(n, seed=1)
        assert len(g.legal_action_mask(state, 0)) == g.action_space_size(n)


@pytest.mark.parametrize("game_id", _GAME_IDS)
def test_bad_arguments_are_refused_by_type_and_by_rule(game_id: str) -> None:
    g = rulespec.game(game_id)
    state = g.start(g.min_players, seed=2)
    p = g.to_move(state)[0]
    size = g.action_space_size(g.min_players)
    for bad in (True, 2.0, "2", None):
        with pytest.raises(TypeError, match="players"):
            g.action_space_size(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="players"):
            g.observation_shape(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="action_id"):
            g.action_from_id(state, p, bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="player"):
            g.action_from_id(state, bad, 0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="player"):
            g.legal_action_ids(state, bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="player"):
            g.legal_action_mask(state, bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state"):
        g.action_from_id(None, 0, 0)
    with pytest.raises(TypeError, match="state"):
        g.legal_action_ids("state", 0)
    with pytest.raises(TypeError, match="state"):
        g.action_id(None, g.legal_actions(state, p)[0])
    with pytest.raises(TypeError, match="view"):
        g.observation(state)
    with pytest.raises(TypeError, match="options"):
        g.action_space_size(g.min_players, {})
    with pytest.raises(TypeError, match="options"):
        g.observation_shape(g.min_players, {})
    with pytest.raises(TypeError, match="action"):
        g.action_id(state, "stop")
    chance = g.sample_chance(g.new_game(g.min_players), random.Random(0))
    with pytest.raises(TypeError, match=r"action must be .* player action"):
        g.action_id(state, chance)
    for wrong_count in (g.min_players - 1, g.max_players + 1):
        with pytest.raises(rulespec.IllegalAction, match=r"\.setup\.players"):
            g.action_space_size(wrong_count)
        with pytest.raises(rulespec.IllegalAction, match=r"\.setup\.players"):
            g.observation_shape(wrong_count)
    with pytest.raises(rulespec.IllegalAction, match=r"\.setup\.players"):
        g.action_from_id(state, g.min_players, 0)
    with pytest.raises(rulespec.IllegalAction, match=r"\.setup\.players"):
        g.legal_action_ids(state, -1)
    for outside in (-1, size, size + 1000):
        with pytest.raises(rulespec.IllegalAction, match=f"action id {outside} is outside"):
            g.action_from_id(state, p, outside)


@pytest.mark.parametrize("game_id", _GAME_IDS)
def test_numpy_integers_are_integers(game_id: str) -> None:
    np = pytest.importorskip("numpy")
    g = rulespec.game(game_id)
    state = g.start(g.min_players, seed=3)
    p = g.to_move(state)[0]
    i = g.legal_action_ids(state, p)[0]
    assert g.action_space_size(np.int64(g.min_players)) == g.action_space_size(g.min_players)
    assert g.action_from_id(state, np.int32(p), np.int64(i)) == g.action_from_id(state, p, i)
    assert g.legal_action_ids(state, np.int64(p)) == g.legal_action_ids(state, p)
    assert g.observation_shape(np.int8(g.min_players)) == g.observation_shape(g.min_players)


@pytest.mark.parametrize("game_id", _GAME_IDS)
def test_an_id_of_no_legal_action_is_refused_with_the_rules_clause(game_id: str) -> None:
    g = rulespec.game(game_id)
    state = g.start(g.min_players, seed=4)
    p = g.to_move(state)[0]
    legal = set(g.legal_action_ids(state, p))
    size = g.action_space_size(g.min_players)
    illegal = [i for i in range(size) if i not in legal]
    assert illegal
    for i in illegal[:: max(1, len(illegal) // 50)]:
        with pytest.raises(rulespec.IllegalAction) as caught:
            g.action_from_id(state, p, i)
        assert caught.value.clause.split(".")[0] in {"dc", "duo", "can"}
    idle = [q for q in range(g.min_players) if q not in g.to_move(state)]
    for q in idle:
        assert g.legal_action_ids(state, q) == ()
        assert not any(g.legal_action_mask(state, q))
        with pytest.raises(rulespec.IllegalAction):
            g.action_from_id(state, q, sorted(legal)[0])
