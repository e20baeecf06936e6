"""Built-in policies, simulation and the events that statistics count."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rulespec
from rulespec.duo import Draw, Options, Play, State, Stop, greedy_policy
from rulespec.tools.simulation import play, random_policy, simulate
from tests.duo.helpers import ALL_NAMES, DUO, card


def hand(cards: list[str]) -> State:
    return DUO.position(
        [cards, ["green-2-triangle"]],
        [["red-3-circle"], ["blue-1-square"]],
    )


def test_duo_offers_greedy_by_default_and_random() -> None:
    policies = DUO.policies()
    assert set(policies) == {"greedy", "random"}
    assert DUO.default_policy == "greedy"
    assert policies["greedy"] is greedy_policy and policies["random"] is random_policy


def test_games_without_their_own_policies_offer_random() -> None:
    dc = rulespec.game("duck-and-cover")
    assert dict(dc.policies()) == {"random": random_policy}
    assert dc.default_policy == "random"


@pytest.mark.clause("duo.turn.play", "duo.turn.stop", "duo.turn.draw")
def test_greedy_plays_while_a_card_fits_then_stops_or_draws() -> None:
    fits = ["red-3-cross", "blue-1-circle", "green-4-triangle"]
    state = hand(fits)
    chosen = {greedy_policy(DUO, state, 0, random.Random(seed)) for seed in range(40)}
    # Both plays are chosen, never the Draw.
    assert chosen == {Play(0, card("red-3-cross"), 0), Play(0, card("blue-1-circle"), 1)}
    after = DUO.apply(state, Play(0, card("red-3-cross"), 0))
    assert greedy_policy(DUO, after, 0, random.Random(0)) == Stop(0)
    assert greedy_policy(DUO, hand(["green-4-triangle"]), 0, random.Random(0)) == Draw(0)


def test_random_policy_also_draws_when_it_could_play() -> None:
    state = hand(["red-3-cross", "green-4-triangle"])
    chosen = {random_policy(DUO, state, 0, random.Random(seed)) for seed in range(40)}
    assert chosen == {Play(0, card("red-3-cross"), 0), Draw(0)}


@pytest.mark.clause("duo.game.target")
def test_greedy_matches_end_with_one_winner_at_the_target() -> None:
    for result in simulate(DUO, 3, 5, seed=2, policy=greedy_policy):
        (winner,) = result.winners
        assert result.scores[winner] >= 15
        assert all(s < 15 for p, s in enumerate(result.scores) if p != winner)
        events = dict(result.events)
        assert events["turn"] >= events["round:empty-hand"] >= 1
        assert "match:round-limit" not in events


@pytest.mark.clause("duo.game.round-limit")
def test_a_round_limit_stops_random_matches_and_says_so() -> None:
    result = play(DUO, 2, "cap", policy=random_policy, options=Options(max_rounds=2))
    events = Counter(dict(result.events))
    assert sum(v for k, v in events.items() if k.startswith("round:")) <= 2
    if not result.winners:
        assert events["match:round-limit"] == 1


@pytest.mark.clause("duo.game.round-limit")
def test_leader_wins_gives_a_stopped_match_to_its_highest_totals() -> None:
    plain, led = Options(max_rounds=2), Options(max_rounds=2, leader_wins=True)
    for seed in range(30):
        without = play(DUO, 3, f"lead-{seed}", policy=random_policy, options=plain)
        result = play(DUO, 3, f"lead-{seed}", policy=random_policy, options=led)
        assert result.scores == without.scores  # the option changes who wins, not the play
        events = dict(result.events)
        if not without.winners:  # stopped by the limit: the leaders win
            top = max(result.scores)
            assert result.winners == tuple(p for p, s in enumerate(result.scores) if s == top)
            assert events["match:round-limit"] == 1
        else:  # the target reached: its one winner, whatever the option
            assert result.winners == without.winners
            assert "match:round-limit" not in events
    assert DUO.decode_options(DUO.simulation_options()).leader_wins


def test_events_name_each_step() -> None:
    state = hand(["red-3-cross", "red-2-cross", "green-4-triangle"])
    a = Play(0, card("red-3-cross"), 0)
    s1 = DUO.apply(state, a)
    assert DUO.events(state, a, s1) == ("play",)
    s2 = DUO.apply(s1, Stop(0))
    assert DUO.events(s1, Stop(0), s2) == ("turn",)
    s3 = DUO.apply(s2, Draw(1))
    assert DUO.events(s2, Draw(1), s3) == ("draw", "turn")
    last = DUO.position([["red-3-cross"], ["green-2-triangle"]], [["red-3-circle"], ["joker-4"]])
    a = Play(0, card("red-3-cross"), 0)
    ended = DUO.apply(last, a)
    assert DUO.events(last, a, ended) == ("play", "turn", "round:empty-hand")
    capped = DUO.position(
        [["red-3-cross"], ["green-2-triangle"]],
        [["red-3-circle"], ["joker-4"]],
        options=Options(max_rounds=1),
    )
    stopped = DUO.apply(capped, a)
    assert DUO.events(capped, a, stopped) == (
        "play",
        "turn",
        "round:empty-hand",
        "match:round-limit",
    )


def test_an_exhausted_draw_pile_is_an_event() -> None:
    names = [n for n in ALL_NAMES[:-1] if n not in {"red-3-circle", "blue-1-square", "joker-1"}]
    state = DUO.position(
        [["green-4-triangle"], [n for n in names if n != "green-4-triangle"]],
        [["red-3-circle"], ["blue-1-square"]],
        draw_pile=["joker-1"],
    )
    after = DUO.apply(state, Draw(0))
    assert DUO.events(state, Draw(0), after) == ("draw", "turn", "round:exhausted-draw-pile")
