"""Determinisation in every game: a sample shows the view it came from, breaks no
invariant, and the game plays on from it to the end.

Views are taken all along randomly played games (every player count, variants,
chance steps pending, turns half done); the number of games grows with the profile.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import rulespec
from rulespec import CHANCE
from tests.walks import random_step

GAMES = ("canardage", "duck-and-cover", "duo")
SCALE = {"dev": 1, "ci": 3, "deep": 12}.get(os.environ.get("RULESPEC_PROFILE", "dev"), 1)


def _options(game_id: str) -> list[Any]:
    """The options to play under: the rules as printed, and variants that change what
    is hidden."""
    g = rulespec.game(game_id)
    found = [g.default_options()]
    if game_id == "duck-and-cover":
        found += [
            g.decode_options({"low_blows": True}),
            g.decode_options({"constraints": True, "surprises": True}),
        ]
    if game_id == "duo":
        found += [
            g.decode_options({"turbo": True, "max_rounds": 2}),
            g.decode_options({"exhausted": "empty-draw", "first_player": 1, "max_rounds": 2}),
        ]
    if game_id == "canardage":
        found.append(g.decode_options({"action_deck": {"pan": 8, "en-joue": 8, "planque": 4}}))
    return found


def _states(game_id: str, seed: int) -> Iterator[tuple[Any, Any]]:
    """(options, state) pairs along random games of every player count."""
    g = rulespec.game(game_id)
    rng = random.Random(seed)
    for k, players in enumerate(range(g.min_players, g.max_players + 1)):
        options = _options(game_id)[(seed + k) % len(_options(game_id))]
        if game_id == "canardage" and options.deck_size < 4 * players:
            options = g.default_options()
        state = g.new_game(players, options)
        steps = 0
        while steps < 600:
            if rng.random() < 0.03 or g.is_over(state) or g.to_move(state) == (CHANCE,):
                yield options, state
            if g.is_over(state):
                break
            state = random_step(g, state, rng)
            steps += 1


def _play_out(g: Any, state: Any, rng: random.Random) -> Any:
    for _ in range(3000):
        if g.is_over(state):
            break
        state = random_step(g, state, rng)
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(SCALE))
def test_a_sample_shows_the_view_breaks_nothing_and_plays_on(game_id: str, seed: int) -> None:
    g = rulespec.game(game_id)
    rng = random.Random(1000 + seed)
    chance_seen = played_on = 0
    for options, state in _states(game_id, seed):
        chance_seen += g.to_move(state) == (CHANCE,)
        for player in range(state.players):
            seen = g.view(state, player)
            guess = g.sample_state(seen, rng, options)
            assert g.view(guess, player) == seen
            assert g.violations(guess) == ()
            assert guess.options == options
            if rng.random() < 0.02:
                _play_out(g, guess, rng)  # raises if a step from the sample is refused
                played_on += 1
    assert chance_seen > 0 and played_on > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_keeps_the_shown_and_changes_the_hidden(game_id: str) -> None:
    g = rulespec.game(game_id)
    state = g.start(g.min_players + 1, seed=11)
    seen = g.view(state, 0)
    rng = random.Random(3)
    guesses = {g.encode_state(g.sample_state(seen, rng))["draw_pile"].__repr__() for _ in range(20)}
    assert len(guesses) > 1  # the hidden order is drawn, not copied


@pytest.mark.parametrize("game_id", GAMES)
def test_refuses_arguments_of_the_wrong_type(game_id: str) -> None:
    g = rulespec.game(game_id)
    state = g.start(g.min_players, seed=2)
    seen = g.view(state, 0)
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        g.sample_state(seen, 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view must be"):
        g.sample_state(state, random.Random(1))
    with pytest.raises(TypeError, match="options must be"):
        g.sample_state(seen, random.Random(1), options={})
    other = next(x for x in GAMES if x != game_id)
    with pytest.raises(TypeError, match="view must be"):
        g.sample_state(
            rulespec.game(other).view(rulespec.game(other).start(3, seed=1), 0), random.Random(1)
        )


def _edits(game_id: str, seen: Any) -> list[Any]:
    """Views no state shows: one field edited by hand."""
    size = "draw_pile_size"
    edits = [
        attrs.evolve(seen, **{size: getattr(seen, size) + 1}),
        attrs.evolve(seen, round_scores=((1,) * seen.players,))
        if game_id != "canardage"
        else attrs.evolve(seen, shot=(5,) * seen.players),
        attrs.evolve(seen, player=seen.players),
    ]
    if game_id == "duck-and-cover":
        grid = seen.grids[0]
        first = attrs.evolve(grid.stacks[0], top=grid.stacks[1].top)
        edits.append(
            attrs.evolve(
                seen, grids=(attrs.evolve(grid, stacks=(first, *grid.stacks[1:])), *seen.grids[1:])
            )
        )
    else:
        edits.append(attrs.evolve(seen, hand=seen.hand * 2))
        edits.append(attrs.evolve(seen, hand=tuple(reversed(seen.hand))))
    return edits


@pytest.mark.parametrize("game_id", GAMES)
def test_refuses_a_view_no_state_shows(game_id: str) -> None:
    g = rulespec.game(game_id)
    seen = g.view(g.start(g.min_players, seed=7), 1)
    if game_id != "duck-and-cover":
        assert len(set(seen.hand)) > 1  # so that reversing the hand unsorts it
    for edited in _edits(game_id, seen):
        with pytest.raises(ValueError, match=r"no .* state shows this view"):
            g.sample_state(edited, random.Random(1))


@pytest.mark.parametrize("game_id", GAMES)
def test_refuses_a_view_of_other_options(game_id: str) -> None:
    g = rulespec.game(game_id)
    other = _options(game_id)[-1]
    seen = g.view(g.start(g.max_players if game_id != "canardage" else 4, seed=6, options=other), 0)
    with pytest.raises(ValueError, match=r"no .* state shows this view"):
        g.sample_state(seen, random.Random(1))
    assert g.view(g.sample_state(seen, random.Random(1), other), 0) == seen


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_is_checked_on_its_first_sample_only(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = rulespec.game(game_id)
    checked: list[object] = []
    original = type(g).violations

    def counted(self: Any, state: Any) -> Any:
        checked.append(state)
        return original(self, state)

    monkeypatch.setattr(type(g), "violations", counted)
    seen = g.view(g.start(g.min_players, seed=424242), 0)
    rng = random.Random(1)
    for _ in range(5):
        g.sample_state(seen, rng)
    assert len(checked) == 1
    edited = _edits(game_id, seen)[1]  # a refusal is never remembered as checked
    for _ in range(2):
        with pytest.raises(ValueError, match=r"no .* state shows this view"):
            g.sample_state(edited, rng)


@pytest.mark.parametrize("game_id", [g.id for g in rulespec.games()])
def test_a_forged_view_equal_to_a_sampled_one_is_still_refused(game_id: str) -> None:
    g = rulespec.game(game_id)
    genuine = g.view(g.start(g.min_players, seed=3), 0)
    g.sample_state(genuine, random.Random(0))  # trusted from now on
    name = next(
        f.name
        for f in attrs.fields(type(genuine))
        if type(getattr(genuine, f.name)) is int and f.name != "player"
    )
    forged = attrs.evolve(genuine, **{name: float(getattr(genuine, name))})
    assert forged == genuine
    with pytest.raises(ValueError, match=r"no .* state shows this view"):
        g.sample_state(forged, random.Random(0))
    assert g.view(g.sample_state(genuine, random.Random(1)), 0) == genuine
