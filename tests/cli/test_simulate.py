"""``rulespec simulate``: statistics, JSON that does not depend on the worker count,
records, plots, progress on stderr only, and one-line errors."""

from __future__ import annotations

import json
import os
import statistics
import struct
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.tools.simulation import simulate, summarize
from tests.cli.helpers import COMMAND, call, child_environment, one_error_line, run

# Duck & Cover is played in three rounds (rulebook: "Fin de partie").
DC_ROUNDS = 3


def _seat_stats(results: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """Per-seat statistics computed here from the per-game results."""
    n = len(results)
    return [
        {
            "seat": seat,
            "mean_score": sum(r["scores"][seat] for r in results) / n,
            "wins": sum(1 for r in results if r["winners"] == [seat]),
            "shared_wins": sum(
                1 for r in results if seat in r["winners"] and len(r["winners"]) > 1
            ),
        }
        for seat in range(players)
    ]


DUO_JSON = ["simulate", "duo", "--players", "3", "--games", "25", "--seed", "7", "--json"]
DUO_JSON += ["--option", "", "--option", "turbo,exhausted=empty-draw"]


@pytest.fixture(scope="module")
def duo_json() -> str:
    """A two-set Duo simulation in one worker, as JSON text."""
    one = call(*DUO_JSON, "--workers", "1")
    assert one.status == 0, one.err
    return one.out


def _untimed(text: str) -> str:
    """The JSON document without its ``timing`` key, as text (the promise's scope)."""
    doc = json.loads(text)
    del doc["timing"]
    return json.dumps(doc, ensure_ascii=False, indent=1)


@pytest.mark.heavy
def test_json_is_byte_identical_at_one_and_two_workers(duo_json: str) -> None:
    two = run(*DUO_JSON, "--workers", "2")  # a process pool: the command in a process of its own
    assert two.status == 0, two.err
    assert _untimed(duo_json) == _untimed(two.out)
    assert json.loads(two.out)["timing"]["option_sets"][0]["seats"][0]["decisions"] > 0
    assert "worker" not in duo_json  # no worker count


def test_timing_gives_each_policy_its_time_per_decision(duo_json: str) -> None:
    doc = json.loads(duo_json)
    timing = doc["timing"]
    assert set(timing) == {"clock", "option_sets"}
    assert [s["label"] for s in timing["option_sets"]] == ["default", "turbo,exhausted=empty-draw"]
    for timed, played in zip(timing["option_sets"], doc["option_sets"], strict=True):
        seats = timed["seats"]
        assert [(s["seat"], s["policy"]) for s in seats] == [(p, "greedy") for p in range(3)]
        # Every step but the deals is a decision of the seat on turn.
        deals = sum(
            sum(r["events"].get(k, 0) for k in r["events"] if k.startswith("round:"))
            for r in played["results"]
        )
        steps = sum(r["steps"] for r in played["results"])
        assert sum(s["decisions"] for s in seats) == steps - deals
        for s in seats:
            assert 0 < s["seconds_per_decision"] < 0.01
            assert s["seconds_per_decision"] == pytest.approx(s["seconds"] / s["decisions"])


def test_the_text_report_ends_with_the_time_per_decision() -> None:
    done = call(
        "simulate",
        "canardage",
        "--players",
        "3",
        "--games",
        "2",
        "--policy",
        "search:3,random,random",
    )
    assert done.status == 0, done.err
    *_, head, first, second, third = done.out.rstrip("\n").splitlines()
    assert head.split() == ["seat", "policy", "decisions", "CPU", "per", "decision"]
    assert first.split()[:2] == ["0", "search:3"] and second.split()[:2] == ["1", "random"]
    assert first.endswith("µs") and third.endswith("µs")


def test_json_holds_the_settings_and_statistics_that_agree_with_every_game(
    duo_json: str,
) -> None:
    doc = json.loads(duo_json)
    assert {k: doc[k] for k in ("game", "players", "games", "seed", "policy")} == {
        "game": "duo",
        "players": 3,
        "games": 25,
        "seed": 7,
        "policy": "greedy",
    }
    labels = [s["label"] for s in doc["option_sets"]]
    assert labels == ["default", "turbo,exhausted=empty-draw"]
    assert doc["option_sets"][1]["options"]["turbo"] is True
    assert doc["option_sets"][1]["options"]["exhausted"] == "empty-draw"
    for entry in doc["option_sets"]:
        results = entry["results"]
        stats = entry["statistics"]
        assert [r["seed"] for r in results] == [f"7-{i}" for i in range(25)]
        assert stats["games"] == 25
        assert stats["seats"] == _seat_stats(results, 3)
        steps = sorted(r["steps"] for r in results)
        q1, median, q3 = statistics.quantiles(steps, n=4, method="inclusive")
        assert stats["steps"]["min"] == steps[0] and stats["steps"]["max"] == steps[-1]
        assert stats["steps"]["median"] == pytest.approx(median)
        assert (stats["steps"]["q1"], stats["steps"]["q3"]) == pytest.approx((q1, q3))
        ends: Counter[str] = Counter()
        for r in results:
            ends.update({k: v for k, v in r["events"].items() if k.startswith("round:")})
        assert {k: v for k, v in stats["ends"].items() if k.startswith("round:")} == dict(ends)
        rounds = sorted(
            sum(ends_of.values())
            for ends_of in (
                {k: v for k, v in r["events"].items() if k.startswith("round:")} for r in results
            )
        )
        assert stats["rounds"]["min"] == rounds[0] and stats["rounds"]["max"] == rounds[-1]


def test_text_statistics_and_records_that_replay_to_the_reported_scores(tmp_path: Path) -> None:
    args = ["simulate", "duck-and-cover", "--players", "2", "--games", "6", "--seed", "4"]
    text = call(*args, "--record", str(tmp_path / "games"))
    data = call(*args, "--json")
    assert text.status == 0 and data.status == 0
    doc = json.loads(data.out)
    (entry,) = doc["option_sets"]
    results = entry["results"]

    # The table: one row per seat with the mean score and wins the games give.
    for seat in _seat_stats(results, 2):
        row = f"{seat['seat']:>4}  {seat['mean_score']:>10.2f}  {seat['wins']:>4}"
        assert row in text.out
    rounds = sum(v for k, v in entry["statistics"]["ends"].items() if k.startswith("round:"))
    assert rounds == DC_ROUNDS * 6
    assert f"how rounds ended ({rounds} rounds)" in text.out
    steps = sorted(r["steps"] for r in results)
    (line,) = [row for row in text.out.splitlines() if row.split()[:1] == ["steps"]]
    low, _, median, _, high, mean = line.split()[1:]
    assert (int(low), int(high)) == (steps[0], steps[-1])
    assert float(median) == pytest.approx(statistics.median(steps), abs=0.05)
    assert float(mean) == pytest.approx(statistics.mean(steps), abs=0.05)
    assert "invariants: checked after every step, none broken" in text.out

    # Every game saved as a record that replays to the scores and winners reported.
    files = sorted((tmp_path / "games").iterdir())
    assert [f.name for f in files] == sorted(f"duck-and-cover-4-{i}.json" for i in range(6))
    dc = rulespec.game("duck-and-cover")
    for result in results:
        path = tmp_path / "games" / f"duck-and-cover-{result['seed']}.json"
        final = rulespec.Record.from_json(path.read_text(encoding="utf-8")).replay()
        assert dc.is_over(final)
        assert list(dc.scores(final)) == result["scores"]
        assert list(dc.winners(final)) == result["winners"]
        # The lowest total wins in Duck & Cover (rulebook: "Fin de partie").
        assert all(result["scores"][w] == min(result["scores"]) for w in result["winners"])
    checked = call("verify", str(files[0]))
    assert checked.status == 0 and "game over" in checked.out


def test_option_sets_are_compared_side_by_side() -> None:
    result = call(
        "simulate", "duo", "--players", "2", "--games", "8", "--option", "", "--option", "turbo"
    )
    assert result.status == 0
    assert "== options: default" in result.out and "== options: turbo" in result.out
    table = result.out.split("comparison of option sets")[1].splitlines()
    assert table[1].split() == ["default", "turbo"]
    assert [line.split(",")[0] for line in table[2:4]] == ["mean score"] * 2


def test_progress_goes_to_stderr_and_stdout_stays_json(tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        done = subprocess.run(
            [*COMMAND, "simulate", "duck-and-cover", "--players", "2", "--games", "5", "--json"],
            stdout=subprocess.PIPE,
            stderr=slave,
            stdin=subprocess.DEVNULL,
            timeout=60,
            env=child_environment(),
        )
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert done.returncode == 0
    assert json.loads(done.stdout)["games"] == 5  # nothing but the JSON on stdout
    err = seen.decode("utf-8", "replace")
    assert "simulate duck-and-cover" in err  # the bar's label, then the last line
    assert "5 games in" in err and "games/s" in err


@pytest.mark.heavy
def test_plot_writes_a_png_of_the_figure_size(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="--plot needs the plot extra (matplotlib)")
    target = tmp_path / "stats.png"
    result = call("simulate", "canardage", "--games", "10", "--plot", str(target))
    assert result.status == 0, result.err
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1200, 420)  # 12 x 4.2 inches at 100 dpi


def test_plot_without_matplotlib_is_refused_before_playing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    done = call("simulate", "duo", "--games", "3", "--plot", str(tmp_path / "p.png"))
    assert done.status == 2
    assert done.out == ""
    assert done.err == (
        "rulespec: error: --plot needs the plot extra: in a clone of rulespec, "
        "uv sync --extra plot (or pip install '.[plot]')\n"
    )
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "rulespec: error: --games must be at least 1"),
        (["--workers", "0"], "rulespec: error: --workers must be at least 1"),
        (["--policy", "smart"], "rulespec: error: duck-and-cover has no policy 'smart'"),
        (["--option", "colour=1"], "rulespec: error: --option 'colour=1': "),
        (["--players", "1"], "rulespec: error: Duck & Cover is for 2 to 7 players, not 1"),
        (["--plot", "stats.gif"], "rulespec: error: --plot stats.gif: name a .png"),
        (["--games", "x"], "rulespec simulate: error: argument --games: invalid int value"),
    ],
)
def test_bad_settings_are_one_line_errors(args: list[str], message: str) -> None:
    result = call("simulate", "duck-and-cover", *args)
    assert result.status == 2
    assert one_error_line(result).startswith(message)
    assert result.out == ""


def test_an_option_holding_a_list_or_an_object_is_one_option(tmp_path: Path) -> None:
    # The publisher's Competition variant scores card numbers: splashes 1 to 12.
    competition = "splashes=[1,2,3,4,5,6,7,8,9,10,11,12]"
    result = call(
        "simulate", "duck-and-cover", "--players", "2", "--games", "2", "--json",
        "--option", competition, "--record", str(tmp_path),
    )  # fmt: skip
    assert result.status == 0, result.err
    (entry,) = json.loads(result.out)["option_sets"]
    assert entry["label"] == competition
    assert entry["options"] == {"splashes": list(range(1, 13))}
    record = rulespec.Record.from_json(
        (tmp_path / "duck-and-cover-0-0.json").read_text(encoding="utf-8")
    )
    assert record.options.splashes == tuple(range(1, 13))
    deck = call("simulate", "canardage", "--games", "1", "--json", "--option",
               'action_deck={"pan":30,"en-joue":30}')  # fmt: skip
    assert deck.status == 0, deck.err
    counts = json.loads(deck.out)["option_sets"][0]["options"]["action_deck"]
    assert {k: v for k, v in counts.items() if v} == {"pan": 30, "en-joue": 30}


@pytest.mark.parametrize(
    ("game", "end"), [("duck-and-cover", "lowest"), ("duo", "highest"), ("canardage", "highest")]
)
@pytest.mark.clause("dc.game.winner", "duo.score.out", "can.end.winner")
def test_the_summary_says_whether_the_lowest_or_the_highest_score_wins(game: str, end: str) -> None:
    result = call("simulate", game, "--games", "2", "--players", "3")
    assert result.status == 0, result.err
    assert result.out.splitlines()[2] == f"scores: the {end} score wins"


def _sets(game: str, *options: str) -> list[tuple[str, Any, Any]]:
    g = rulespec.game(game)
    sets = []
    for name in options:
        chosen = g.decode_options({name: True} if name else {})
        results = list(simulate(g, 3, 3, seed=1, options=chosen))
        sets.append((name or "default", summarize(results), results))
    return sets


def test_a_single_way_to_end_is_said_in_words_not_drawn_as_one_bar() -> None:
    pytest.importorskip("matplotlib", reason="the plot needs matplotlib")
    from rulespec.cli.plot import figure

    sets = _sets("canardage", "")
    assert len(sets[0][1].ends) == 1  # every game ends with a winner here
    scores, ends, _ = figure("Canardage", sets, lowest_wins=False).axes
    assert not ends.patches and not ends.axison
    (said,) = [t.get_text() for t in ends.texts]
    (key,) = sets[0][1].ends
    assert f"100% of games: {key.partition(':')[2]}" in said
    assert scores.get_ylabel() == "mean score (highest wins)"


def test_several_option_sets_share_a_legend_below_the_panels_not_over_the_bars() -> None:
    pytest.importorskip("matplotlib", reason="the plot needs matplotlib")
    from rulespec.cli.plot import figure

    sets = _sets("duck-and-cover", "", "competition")
    fig = figure("Duck & Cover", sets, lowest_wins=True)
    scores, ends, lengths = fig.axes
    assert all(axes.get_legend() is None for axes in fig.axes)
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.get_texts()] == ["default", "competition"]
    fig.canvas.draw()
    box = legend.get_window_extent()
    for axes in fig.axes:
        assert box.y1 <= axes.get_window_extent().y0  # below every panel
    assert scores.get_ylabel() == "mean score (lowest wins)"
    assert len(ends.patches) == 2 * len(sets[0][1].ends) >= 4
    # Short panel titles under the figure's title: none overlaps another.
    from matplotlib.text import Text

    (heading,) = [t for t in fig.get_children() if isinstance(t, Text) and t.get_text()]
    assert heading.get_text() == "Duck & Cover"
    titles = [heading, scores.title, ends.title, lengths.title]
    extents = [t.get_window_extent() for t in titles]
    assert not any(a.overlaps(b) for i, a in enumerate(extents) for b in extents[i + 1 :])
