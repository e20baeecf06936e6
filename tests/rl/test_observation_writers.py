"""The observation writers give the numbers of :meth:`Game.observation`, state after
state, whatever they rewrote; every number stays within the declared bounds but the
saturated ones."""

from __future__ import annotations

import random
from array import array
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.duck_cover.grid import Grid
from tests.rl.helpers import THOROUGH

GAMES = 6 if THOROUGH else 1
LOOK = 0.7 if THOROUGH else 0.25
"""The chance that a writer looks at a state (it skips the others, as agents do)."""

CASES = [
    pytest.param("duck-and-cover", 2, {}, id="duck-and-cover-2"),
    pytest.param("duck-and-cover", 5, {}, id="duck-and-cover-5"),
    pytest.param(
        "duck-and-cover",
        3,
        {"low_blows": True, "constraints": True, "surprises": True, "pressure": True},
        id="duck-and-cover-variants",
    ),
    pytest.param("duck-and-cover", 4, {"low_blows": True, "competition": True}, id="dc-lb"),
    pytest.param("duo", 2, {"max_rounds": 6}, id="duo-2"),
    pytest.param("duo", 5, {"max_rounds": 2, "turbo": True}, id="duo-turbo"),
    pytest.param("canardage", 3, {}, id="canardage-3"),
    pytest.param("canardage", 6, {}, id="canardage-6"),
    pytest.param(
        "canardage", 4, {"action_deck": {"pan": 10, "en-joue": 5, "canarchie": 4}}, id="can-deck"
    ),
]


def _step(g: Any, state: Any, rng: random.Random) -> Any:
    """``state`` after its next step: a chance step drawn, or a random legal action of
    the first player to move."""
    actor = g.to_move(state)[0]
    if actor == rulespec.CHANCE:
        return g.apply(state, g.sample_chance(state, rng))
    return g.apply(state, rng.choice(g.legal_actions(state, actor)))


@pytest.mark.parametrize(("game_id", "players", "settings"), CASES)
def test_the_writers_agree_with_the_observation_on_random_games(
    game_id: str, players: int, settings: dict[str, Any]
) -> None:
    g = rulespec.game(game_id)
    options = g.decode_options(settings)
    encoding: Any = g.encoding
    length = g.observation_shape(players, options)[0]
    buffers = [array("d", [7.0] * length) for _ in range(players)]  # not zeros: set at start
    writers = [encoding.ObservationWriter(buffers[p], p, players, options) for p in range(players)]
    low, high = encoding.observation_bounds(players, options)
    saturated = set(encoding.observation_saturated(players, options))
    assert len(low) == len(high) == length
    rng = random.Random(f"{game_id}{players}")
    checked = 0
    for _ in range(GAMES):
        state = g.new_game(players, options)
        while not g.is_over(state):
            for p in range(players):
                if rng.random() < LOOK:
                    writers[p].write(state)
                    expected = g.observation(g.view(state, p))
                    assert tuple(buffers[p]) == expected
                    checked += 1
                    for i, value in enumerate(expected):
                        assert i in saturated or low[i] <= value <= high[i], (i, value)
            state = _step(g, state, rng)
    assert checked > 20


@pytest.mark.parametrize("game_id", ["duck-and-cover", "duo", "canardage"])
def test_a_writer_follows_a_jump_to_an_unrelated_state(game_id: str) -> None:
    g = rulespec.game(game_id)
    encoding: Any = g.encoding
    length = g.observation_shape(3)[0]
    buffer = array("d", bytes(8 * length))
    writer = encoding.ObservationWriter(buffer, 1, 3)
    late = g.start(3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        late = _step(g, late, rng)
    for state in (late, g.start(3, seed=6), late):
        writer.write(state)
        assert tuple(buffer) == g.observation(g.view(state, 1))


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [
        ("canardage", {}),
        ("duck-and-cover", {}),
        ("duck-and-cover", {"low_blows": True}),
        ("duo", {"max_rounds": 2}),
        ("duo", {"max_rounds": 2, "turbo": True}),
    ],
)
def test_the_quick_legal_ids_are_the_ids_of_the_legal_actions(
    game_id: str, settings: dict[str, Any]
) -> None:
    # Canardage's Canarchie ids come from the pattern of equal stacks, Duck & Cover's
    # plain turns from the bits of its place masks, Duo's from its built actions: all
    # against each action's own id; and each id decoded unchecked is the action that
    # the checked decoding gives.
    g = rulespec.game(game_id)
    decode: Any = g.encoding.legal_action_from_id  # type: ignore[attr-defined]
    options = g.decode_options(settings)
    rng = random.Random(8)
    checked = 0
    for players in (3, 5) if THOROUGH else (3,):
        for _ in range(GAMES):
            state = g.new_game(players, options)
            while not g.is_over(state):
                for actor in g.to_move(state):
                    if actor == rulespec.CHANCE:
                        break
                    legal = g.legal_actions(state, actor)
                    slow = tuple(sorted(g.action_id(state, a) for a in legal))
                    ids = g.legal_action_ids(state, actor)
                    assert ids == slow
                    for i in ids:
                        assert decode(state, actor, i) == g.action_from_id(state, actor, i)
                    checked += 1
                state = _step(g, state, rng)
    assert checked > 50


def _far_reaching_states() -> list[tuple[str, Any]]:
    """States with numbers past their saturation: a Duo match in its 130th round with
    totals of 180 and -210; a Duck & Cover grid with a stack 40 columns and 30 rows
    from the others."""
    duo = rulespec.game("duo")
    long_match = attrs.evolve(duo.start(2, seed=1), round=130, round_scores=((60, -70),) * 3)
    dc = rulespec.game("duck-and-cover")
    dealt = dc.start(2, seed=1)
    cells = list(dealt.grids[0].cells)
    _, stack = cells.pop()
    wide = Grid(tuple(sorted([*cells, ((40, 30), stack)])))
    return [
        ("duo", long_match),
        ("duck-and-cover", attrs.evolve(dealt, grids=(wide, dealt.grids[1]))),
    ]


@pytest.mark.parametrize(("game_id", "state"), _far_reaching_states(), ids=["duo", "dc"])
def test_a_saturating_writer_writes_each_number_at_most_its_bound(game_id: str, state: Any) -> None:
    g = rulespec.game(game_id)
    encoding: Any = g.encoding
    low, high = encoding.observation_bounds(2)
    saturated = set(encoding.observation_saturated(2))
    expected = g.observation(g.view(state, 0))
    assert any(not low[i] <= expected[i] <= high[i] for i in saturated)  # the case is real
    plain, bounded = (array("d", bytes(8 * len(expected))) for _ in range(2))
    encoding.ObservationWriter(plain, 0, 2).write(state)
    encoding.ObservationWriter(bounded, 0, 2, saturate=True).write(state)
    assert tuple(plain) == expected
    assert tuple(bounded) == tuple(
        min(max(v, low[i]), high[i]) if i in saturated else v for i, v in enumerate(expected)
    )


def _scaled(g: Any, state: Any, seat: int, players: int, options: Any) -> Any:
    """``seat``'s observation of ``state`` as the environments promise it: the view's
    numbers scaled by their bounds, saturated numbers clipped."""
    import numpy as np

    raw = np.array(g.observation(g.view(state, seat)), dtype=np.float32)
    bounds = g.encoding.observation_bounds(players, options)
    low, high = (np.array(b, dtype=np.float32) for b in bounds)
    scale = np.float32(1) / np.maximum(np.maximum(abs(low), abs(high)), np.float32(1))
    return np.clip(raw * scale, low * scale, high * scale)


@pytest.mark.parametrize(("game_id", "players", "settings"), CASES)
def test_every_seat_s_environment_observation_is_its_view_scaled(
    game_id: str, players: int, settings: dict[str, Any]
) -> None:
    # Every seat looks at some states, whoever is to act: Duck & Cover's table is
    # written once per state and gathered for each seat, its own chosen action included.
    np = pytest.importorskip("numpy")
    from rulespec.pettingzoo._observe import Observer
    from rulespec.rl.episode import Episode

    g = rulespec.game(game_id)
    options = g.decode_options(settings)
    episode = Episode(g, players, options)
    observer = Observer(episode)
    rng = random.Random(f"env{game_id}{players}")
    checked = 0
    for _ in range(GAMES):
        state = g.new_game(players, options)
        while not g.is_over(state):
            episode.state = state
            for p in range(players):
                if rng.random() < LOOK:
                    seen = observer.observe(p).ravel()
                    assert np.array_equal(seen, _scaled(g, state, p, players, options))
                    assert observer.low.min() >= -1 and observer.high.max() <= 1
                    checked += 1
            state = _step(g, state, rng)
    assert checked > 20
