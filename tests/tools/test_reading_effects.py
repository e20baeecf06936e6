"""What each reading changes: paired games that never part under the same reading, part
where a reading changes play, records of the parting pair that replay, and the
committed data file that the interpretation registers show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.core.record import Record
from rulespec.rulebook.clauses import catalogues
from rulespec.rulebook.readings import Reading
from rulespec.tools import reading_effects
from rulespec.tools.reading_effects import (
    CHECK_GAMES,
    FORMAT,
    chosen_options,
    measure,
    pair_records,
    parting,
    play_course,
    same_state,
)
from rulespec.tools.simulation import wilson
from rulespec.tools.verifier import verify
from tests.profiles import scaled

DATA = Path(__file__).resolve().parents[2] / "docs" / "_data" / "readings.json"


def _only(monkeypatch: pytest.MonkeyPatch, game: str, clause: str, option: dict[str, Any]) -> None:
    """Make ``game``'s one reading a fake one of ``clause`` that plays ``option``."""
    fake = Reading(clause, "same", option)
    monkeypatch.setattr(reading_effects, "readings", lambda g: (fake,) if g == game else ())
    monkeypatch.setattr(reading_effects, "reading_options", lambda g, c, n: dict(option))


@pytest.mark.parametrize(
    ("game", "clause", "option"),
    [
        ("canardage", "can.cover.forward", {"pair_order": "hidden-first"}),
        ("duo", "duo.round.exhausted", {"exhausted": "last-draw"}),
    ],
)
def test_a_reading_paired_with_the_chosen_one_never_differs(
    monkeypatch: pytest.MonkeyPatch, game: str, clause: str, option: dict[str, Any]
) -> None:
    _only(monkeypatch, game, clause, option)
    m = measure(game, games=scaled(4, 12), players=3)
    (effect,) = m.effects
    assert (effect.course, effect.outcome, effect.shortest) == (0, 0, None)
    assert effect.partings == (None,) * m.games
    assert effect.course_interval[0] == 0.0 < effect.course_interval[1]


def test_two_games_with_one_seed_make_the_same_choices_until_they_part() -> None:
    can = rulespec.game("canardage")
    ours = can.decode_options({})
    theirs = can.decode_options({"pair_order": "cover-first"})
    for seed in ("1-0", "1-1"):
        a, b = play_course(can, 4, seed, ours), play_course(can, 4, seed, theirs)
        step = parting(a, b)
        end = len(a.steps) if step is None else step - 1
        assert a.steps[:end] == b.steps[:end]
        assert all(same_state(x, y) for x, y in zip(a.states[:end], b.states[:end], strict=True))
    assert play_course(can, 4, "1-0", ours) == play_course(can, 4, "1-0", ours)


def test_states_that_differ_only_by_their_options_are_the_same_position() -> None:
    duo = rulespec.game("duo")
    a = duo.new_game(3, duo.decode_options({"max_rounds": 50}))
    b = duo.new_game(3, duo.decode_options({"max_rounds": 50, "leader_wins": True}))
    assert a != b and same_state(a, b)
    dealt = duo.apply(a, duo.sample_chance(a, reading_effects.step_rng("x", 0)))
    assert not same_state(a, dealt)


def test_the_leaders_win_changes_outcomes_but_never_a_position() -> None:
    # Were the options compared, every pair would part at its first state.
    m = measure("duo", games=scaled(6, 12), players=4)
    effect = next(e for e in m.effects if e.declared == "duo.game.round-limit=leader-wins")
    assert effect.course == 0 and effect.shortest is None
    assert effect.outcome > 0
    assert m.options == {"max_rounds": 50}


def _parts_at(ours: Record, theirs: Record, step: int) -> None:
    """Both records are legal and finished, and their states are the same position
    until ``states[step]``, where they differ."""
    for record in (ours, theirs):
        verdict = verify(record.to_json())
        assert verdict.legal and (verdict.over or verdict.truncated)
    a, b = list(ours.states()), list(theirs.states())
    assert all(same_state(x, y) for x, y in zip(a[:step], b[:step], strict=True))
    assert step >= len(a) or step >= len(b) or not same_state(a[step], b[step])


@pytest.mark.parametrize(
    ("game", "declared"),
    [("canardage", "can.cover.forward=cover-first"), ("duo", "duo.round.exhausted=empty-draw")],
)
def test_a_reading_that_changes_play_parts_games_and_its_records_show_where(
    game: str, declared: str
) -> None:
    m = measure(game, games=scaled(8, 16), players=3, seed=2)
    effect = next(e for e in m.effects if e.declared == declared)
    assert effect.course > 0 and effect.shortest is not None
    assert effect.outcome <= effect.course  # under these options, pairs that never part end alike
    s = effect.shortest
    assert effect.partings[s.game] == s.step
    made = pair_records(m, effect)
    assert made is not None
    ours, theirs = made
    assert (len(ours.steps), len(theirs.steps)) == s.lengths
    assert game_options(ours) == m.options and game_options(theirs) != m.options
    _parts_at(ours, theirs, s.step)


def game_options(record: Record) -> dict[str, Any]:
    """The options of ``record`` as JSON, every default left out."""
    encoded: dict[str, Any] = rulespec.game(record.game).encode_options(record.options)
    return encoded


# -- the data file ---------------------------------------------------------------------


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def test_the_data_file_covers_every_reading_of_every_game_with_its_figures() -> None:
    data = _data()
    assert (data["format"], data["version"]) == (FORMAT, 1)
    assert sorted(data["games"]) == sorted(cat.game for cat in catalogues())
    for game_id, m in data["games"].items():
        g = rulespec.game(game_id)
        assert (m["game"], m["policy"], m["options"]) == (game_id, "random", chosen_options(g))
        assert [r["reading"] for r in m["readings"]] == [
            r.declared for r in rulespec.readings(game_id)
        ]
        for r in m["readings"]:
            n = r["games"]
            assert n == m["games"] >= 1000
            for what in ("course", "outcome"):
                count = r[what]["games"]
                assert r[what]["share"] == count / n
                assert (r[what]["low"], r[what]["high"]) == pytest.approx(wilson(count, n))
            assert (r["shortest"] is None) == (r["course"]["games"] == 0)
            assert r["check"]["games"] == CHECK_GAMES


def test_the_data_file_was_made_by_the_current_rules() -> None:
    """The first pairs of every reading, and its shortest parting pair, played again."""
    first = scaled(3, 10)
    for game_id, m in _data()["games"].items():
        g = rulespec.game(game_id)
        chosen = g.decode_options(m["options"])
        for r in m["readings"]:
            other = g.decode_options({**m["options"], **r["options"]})
            check, shortest = r["check"], r["shortest"]
            seeds: list[tuple[str, int | None]] = [(f"{m['seed']}-{i}", i) for i in range(first)]
            if shortest is not None:
                seeds.append((shortest["seed"], None))
            for seed, i in seeds:
                ours = play_course(g, m["players"], seed, chosen)
                theirs = play_course(g, m["players"], seed, other)
                step = parting(ours, theirs)
                if i is None:
                    assert [step, len(ours.steps), len(theirs.steps)] == [
                        shortest["step"],
                        *shortest["lengths"],
                    ], (r["reading"], seed)
                else:
                    differs = ours.outcome != theirs.outcome
                    assert (step, differs) == (check["partings"][i], check["outcomes"][i]), (
                        r["reading"],
                        seed,
                    )
