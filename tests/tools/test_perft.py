"""Perft: the counts, the shipped suites, ``rulespec perft`` and its errors.

The suites are checked to the deepest depth of at most 10⁴ nodes under the ``dev``
profile, 10⁵ under ``ci``, and to their full depth under ``deep``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import rulespec
import rulespec.canardage
import rulespec.duo
from rulespec.cli import perft as perft_cli
from rulespec.cli.main import main
from rulespec.core.chance import CHANCE
from rulespec.tools.perft import (
    PerftError,
    divide,
    load_suite,
    perft,
    position_from_json,
    rst_tables,
    state_from_json,
)

GAMES = ("duck-and-cover", "duo", "canardage")
ROOT = Path(__file__).resolve().parents[2]
MAX_NODES = {"dev": 10_000, "ci": 100_000, "deep": None}[os.environ.get("RULESPEC_PROFILE", "dev")]


def brute(g: Any, state: Any, depth: int) -> list[tuple[int, int, int]]:
    """The counts of every depth, by walking every line: no memo."""
    rows = [[0, 0, 0] for _ in range(depth + 1)]

    def walk(s: Any, d: int) -> None:
        actors = g.to_move(s)
        rows[d][0] += 1
        if not actors:
            rows[d][2] += 1
        elif actors[0] == CHANCE:
            rows[d][1] += 1
        elif d < depth:
            for action in g.legal_actions(s, actors[0]):
                walk(g.apply(s, action), d + 1)

    walk(state, 0)
    return [(n, c, t) for n, c, t in rows]


class Broken:
    """A game whose ``legal_actions`` leaves out the last action in the states that
    ``drops`` picks: a move generator with a bug."""

    def __init__(self, g: Any, drops: Callable[[Any, Sequence[Any]], bool]) -> None:
        self._g = g
        self._drops = drops

    def __getattr__(self, name: str) -> Any:
        return getattr(self._g, name)

    def legal_actions(self, state: Any, player: int) -> list[Any]:
        actions = list(self._g.legal_actions(state, player))
        return actions[:-1] if len(actions) > 1 and self._drops(state, actions) else actions


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("game_id", GAMES)
def test_memoised_counts_equal_a_walk_of_every_line(game_id: str) -> None:
    g = rulespec.game(game_id)
    suite = load_suite(game_id)
    for entry in (suite.entries[0], suite.entries[-1]):
        state = g.decode_state(entry.state)
        depth = 3 if game_id != "duck-and-cover" else 2
        found = [(c.nodes, c.chance, c.terminal) for c in perft(g, state, depth)]
        assert found == brute(g, state, depth)


def test_chance_and_terminal_leaves_end_their_lines() -> None:
    duo = rulespec.game("duo")
    entry = next(e for e in load_suite("duo").entries if e.name == "duo-one-pile")
    state = duo.decode_state(entry.state)
    deep = next(c.depth for c in entry.counts if c.chance)
    counts = perft(duo, state, deep)
    assert counts[deep].chance > 0
    assert [(c.nodes, c.chance, c.terminal) for c in counts] == brute(duo, state, deep)
    over = duo.decode_state(load_suite("duo").entries[-1].state)
    assert perft(duo, over, 0)[0].nodes == 1
    played = rulespec.Record.play(duo, 2, seed=3)
    end = played.replay()
    assert duo.is_over(end)
    assert [(c.nodes, c.chance, c.terminal) for c in perft(duo, end, 2)] == [
        (1, 0, 1),
        (0, 0, 0),
        (0, 0, 0),
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_shipped_suites_hold_their_counts(game_id: str) -> None:
    g = rulespec.game(game_id)
    suite = load_suite(game_id)
    assert len(suite.entries) >= 8
    assert len({e.name for e in suite.entries}) == len(suite.entries)
    assert any(e.source.startswith("worked example") for e in suite.entries)
    assert any(e.source.startswith("real play") for e in suite.entries)
    for entry in suite.entries:
        assert [c.depth for c in entry.counts] == list(range(entry.depth + 1))
        assert entry.depth >= 4 or entry.counts[-1].nodes == 0, entry.name
        assert max(c.nodes for c in entry.counts) <= 10_000_000
        state = g.decode_state(entry.state)
        assert g.encode_state(state) == entry.state
        depth = entry.depth
        if MAX_NODES is not None:
            fits = [c.depth for c in entry.counts if c.nodes <= MAX_NODES]
            depth = next((d - 1 for d in range(entry.depth + 1) if d not in fits), depth)
        assert perft(g, state, depth) == entry.counts[: depth + 1], entry.name


def test_suite_command_passes_and_fails_on_a_broken_generator(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(["perft", "duo", "--suite", "--max-nodes", "2000"], capsys)
    assert status == 0
    assert out.splitlines()[-1].startswith("duo: 13 positions, 0 mismatched")
    duo = rulespec.game("duo")
    broken: Any = Broken(duo, lambda state, actions: state.turn == 1)
    monkeypatch.setattr(perft_cli, "game_named", lambda name: broken)
    status, out, _ = run(["perft", "duo", "--suite", "--max-nodes", "2000"], capsys)
    assert status == 1
    mismatch = next(line for line in out.splitlines() if line.startswith("MISMATCH"))
    name = mismatch.split()[1].rstrip(":")
    entry = next(e for e in load_suite("duo").entries if e.name == name)
    depth = int(mismatch.split("depth ")[1].split(":")[0])
    expected = entry.counts[depth]
    assert f"expected nodes {expected.nodes} chance {expected.chance}" in mismatch
    assert f"found nodes {perft(broken, duo.decode_state(entry.state), depth)[depth].nodes} " in (
        mismatch
    )
    assert "  position: {" in out


def test_divide_names_the_action_whose_count_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    dc = rulespec.game("duck-and-cover")
    state = dc.decode_state(load_suite("duck-and-cover").entries[-1].state)
    first = list(dc.legal_actions(state, dc.to_move(state)[0]))
    wrong = first[5]
    after = dc.apply(state, wrong)
    broken: Any = Broken(dc, lambda s, actions: s == after)
    assert perft(broken, state, 3)[3].nodes < perft(dc, state, 3)[3].nodes
    path = tmp_path / "state.json"
    path.write_text(json.dumps(dc.encode_state(state)), encoding="utf-8")
    argv = ["perft", "duck-and-cover", str(path), "--depth", "3", "--divide", "--json"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    right = json.loads(out)
    monkeypatch.setattr(perft_cli, "game_named", lambda name: broken)
    status, out, _ = run(argv, capsys)
    found = json.loads(out)
    differs = [a["action"] for a, b in zip(right["divide"], found["divide"], strict=True) if a != b]
    assert differs == [dc.encode_action(wrong)]
    assert sum(a["nodes"] for a in right["divide"]) == right["counts"][3]["nodes"]
    status, text, _ = run(argv[:-1], capsys)
    assert f"{json.dumps(dc.encode_action(wrong))}  {found['divide'][5]['nodes']}" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "chess", "x.json", "--depth", "1"], "unknown game 'chess'"),
        (["perft", "duo", "{path}", "--depth", "-1"], "--depth must be 0 or more, not -1"),
        (["perft", "duo", "{bad}", "--depth", "2"], "not valid JSON"),
        (["perft", "duo", "{kw}", "--depth", "2"], "unexpected keyword argument 'hand'"),
        (["perft", "duo", "{path}"], "--depth is needed"),
        (["perft", "duo", "{tmp}/missing.json", "--depth", "1"], "No such file"),
        (["perft", "duo", "--suite", "--max-nodes", "0"], "--max-nodes must be 1 or more"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    duo = rulespec.game("duo")
    files = {"path": tmp_path / "ok.json", "bad": tmp_path / "bad.json", "kw": tmp_path / "kw.json"}
    files["path"].write_text(json.dumps(duo.encode_state(duo.start(2, seed=1))), "utf-8")
    files["bad"].write_text('{"position": ', "utf-8")
    files["kw"].write_text('{"position": {"hand": []}}', "utf-8")
    names = {key: str(p) for key, p in files.items()} | {"tmp": str(tmp_path)}
    status, out, err = run([a.format(**names) for a in argv], capsys)
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and message in err, err


def test_positions_in_json_build_the_builders_states(tmp_path: Path) -> None:
    duo = rulespec.game("duo")
    hands = [["red-3-circle", "blue-1-square"], ["yellow-4-cross"]]
    piles = [["red-3-cross"], ["green-2-square"]]
    expected = rulespec.duo.position(hands, piles)
    assert position_from_json(duo, {"hands": hands, "piles": piles}) == expected
    can = rulespec.game("canardage")
    built = position_from_json(
        can, {"line": "0* W 1 2 W 0", "hands": [None, None, None], "shelters": {"1": 2}}
    )
    assert built == rulespec.canardage.position("0* W 1 2 W 0", [None, None, None], shelters={1: 2})
    dc = rulespec.game("duck-and-cover")
    data = {
        "grids": [None, None],
        "card": 5,
        "submitted": [{"type": "cover", "player": 0, "to": [0, 0]}, None],
        "options": {"low_blows": False},
    }
    state = position_from_json(dc, data)
    assert dc.to_move(state) == (1,)
    record = rulespec.Record.play(duo, 2, seed=8, steps=20)
    assert state_from_json(duo, json.loads(record.to_json())) == record.replay()
    with pytest.raises(PerftError, match="of 'duo', not 'canardage'"):
        state_from_json(can, {"game": "duo", "position": {}})
    with pytest.raises(PerftError, match="position: "):
        position_from_json(duo, {"hands": [["red-3-circle"], []]})


def test_divide_adds_up_to_perft() -> None:
    can = rulespec.game("canardage")
    state = can.decode_state(load_suite("canardage").entries[-1].state)
    total = perft(can, state, 4)
    split = divide(can, state, 4)
    for depth in range(1, 5):
        assert sum(c[depth].nodes for _, c in split) == total[depth].nodes
        assert sum(c[depth].chance for _, c in split) == total[depth].chance


def test_reference_tables_are_written_from_the_suites() -> None:
    committed = (ROOT / "docs" / "reference" / "perft-suites.inc").read_text("utf-8")
    assert committed == rst_tables(), "run: python -m rulespec.tools.perft --rst"
