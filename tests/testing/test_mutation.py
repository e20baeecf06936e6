"""The mutation tester: which mutants it makes, how it samples them, how it runs them."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from rulespec.testing.mutation import mutants_of, order_tests, run, sample, sound
from rulespec.testing.mutation.__main__ import GAMES
from rulespec.testing.mutation.report import merge_results, read_notes, suite_result
from rulespec.testing.mutation.runner import _Copy

SOURCE = textwrap.dedent(
    '''\
    """A module."""

    from typing import TYPE_CHECKING

    if TYPE_CHECKING:
        LIMIT = 9

    __all__ = ["score"]


    def score(cards: list[int], bonus: int = 3) -> int:
        """The score."""
        total = 0
        for card in cards:
            if card < 5 and not card == 2:
                total += card * 2
            elif card in (7, 8) or card >= 10:
                total -= 1
        flag = True
        message = f"{total + 1}"
        return total | 1 if flag else total  # pragma: no mutate
    '''
)


def _changes(source: str) -> dict[str, tuple[str, str]]:
    return {f"{m.line}:{m.kind}:{m.token}": (m.before, m.after) for m in mutants_of(source, "m.py")}


def test_each_kind_changes_one_token_of_the_line() -> None:
    found = _changes(SOURCE)
    assert found["15:comparison:<="][1] == "if card < 5 and not card == 2:".replace("<", "<=")
    assert found["15:comparison:!="][1] == "if card < 5 and not card != 2:"
    assert found["15:boolean:or"][1] == "if card < 5 or not card == 2:"
    assert found["15:boolean:not"][1] == "if card < 5 and (card == 2):"
    assert found["15:constant:6"][1] == "if card < 6 and not card == 2:"
    assert found["16:arithmetic:-="][1] == "total -= card * 2"
    assert found["16:arithmetic://"][1] == "total += card // 2"
    assert found["17:comparison:not in"][1] == "elif card in (7, 8) or card >= 10:".replace(
        " in", " not in", 1
    )
    assert found["17:comparison:>"][1] == "elif card in (7, 8) or card > 10:"
    assert found["19:constant:False"][1] == "flag = False"
    assert found["19:statement:pass"][1] == "pass"
    assert found["11:constant:4"][1].startswith("def score(cards: list[int], bonus: int = 4)")


def test_docstrings_annotations_typing_blocks_fstrings_and_pragmas_are_left_alone() -> None:
    found = _changes(SOURCE)
    lines = {int(key.split(":")[0]) for key in found}
    # The docstrings (1, 12), the import (3), TYPE_CHECKING's body (6), __all__ (8)
    # and the line marked ``pragma: no mutate`` (21).
    assert lines.isdisjoint({1, 3, 6, 8, 12, 21})
    # Inside an f-string nothing changes; its statement may go.
    assert [k for k in found if k.startswith("20:")] == ["20:statement:pass"]
    # The annotations of ``score`` give no mutant: only its default does.
    assert [k for k in found if k.startswith("11:")] == ["11:constant:4"]


def test_every_mutant_parses_to_the_intended_tree() -> None:
    source = "x = (a +\n     b)\nif a:\n    pass\nelif b:\n    y = 1\n"
    for m in mutants_of(source, "m.py", checked=False):
        assert sound(m, source) == (m.kind != "statement" or m.before != "elif b:")
    assert all(sound(m, source) for m in mutants_of(source, "m.py"))
    multi = {m.token: m.apply(source) for m in mutants_of(source, "m.py")}
    assert multi["-"].startswith("x = (a -\n     b)")


def test_a_sample_depends_on_its_seed_only_and_keeps_file_order() -> None:
    pool = mutants_of(SOURCE, "m.py")
    first = sample(pool, 5, seed=1)
    assert first == sample(list(reversed(pool)), 5, seed=1)
    assert len(first) == 5 and len(set(first)) == 5
    assert first == sorted(first, key=lambda m: m.start)
    assert {m.id for m in first} != {m.id for m in sample(pool, 5, seed=2)}
    assert sample(pool, len(pool) + 10, seed=1) == sorted(pool, key=lambda m: m.start)


def test_a_sample_passes_over_unsound_mutants() -> None:
    source = "if a:\n    pass\nelif b:\n    y = 1\n"
    pool = mutants_of(source, "m.py", checked=False)
    drawn = sample(pool, len(pool), seed=1, sources={"m.py": source})
    assert len(drawn) == len(pool) - 1
    assert all(sound(m, source) for m in drawn)


def test_tests_run_unit_files_first_and_whole_game_searches_last() -> None:
    root = Path(__file__).resolve().parents[2]
    for targets, tests in GAMES.values():
        ordered = order_tests(root, tests)
        assert all((root / t).is_file() for t in [*targets, *ordered])
        assert ordered[0] == tests[0]
        assert ordered[-2:] == [f"{tests[-1]}/test_properties.py", f"{tests[-1]}/test_machine.py"]
        assert len(ordered) == len(set(ordered))


def _project(folder: Path) -> Path:
    (folder / "tests").mkdir(parents=True)
    (folder / "calc.py").write_text(
        "def double(n):\n    return n * 2\n\n\n"
        "def untested(n):\n    return n + 1\n\n\n"
        "def countdown(n):\n    while n > 0:\n        n -= 1\n    return n\n",
        encoding="utf-8",
    )
    (folder / "tests" / "test_calc.py").write_text(
        "from calc import countdown, double\n\n\n"
        "def test_double():\n    assert double(3) == 6\n\n\n"
        "def test_countdown():\n    assert countdown(2) == 0\n",
        encoding="utf-8",
    )
    return folder


@pytest.mark.heavy
def test_the_runner_tells_killed_from_surviving_mutants(tmp_path: Path) -> None:
    root = _project(tmp_path / "project")
    source = (root / "calc.py").read_text(encoding="utf-8")
    pool = {m.id: m for m in mutants_of(source, "calc.py")}
    chosen = [pool["calc.py:2:14:arithmetic://"], pool["calc.py:6:14:arithmetic:-"]]
    result = run(root, chosen, ["tests"], seed=1)
    assert [(o.status, o.killed_by, o.killed) for o in result.outcomes] == [
        ("killed", "tests/test_calc.py::test_double", True),
        ("survived", None, False),
    ]
    # The project itself is never changed.
    assert (root / "calc.py").read_text(encoding="utf-8") == source

    notes = tmp_path / "notes.toml"
    notes.write_text(
        '[[mutant]]\nid = "calc.py:6:14:arithmetic:-"\nverdict = "equivalent"\nwhy = "unused"\n'
        '[[mutant]]\nid = "calc.py:2:14:arithmetic://"\nverdict = "killed-by-added-test"\n'
        'why = "halves"\n',
        encoding="utf-8",
    )
    entry = suite_result(
        result, read_notes(notes), seed=1, sample=3, population=9, targets=["calc.py"], command="x"
    )
    assert (entry["killed"], entry["timeouts"], entry["equivalent"]) == (1, 0, 1)
    assert (entry["score"], entry["score_without_equivalents"]) == (50.0, 100.0)
    assert entry["before_added_tests"]["score"] == 0.0
    assert [(s["status"], s.get("test")) for s in entry["survivors"]] == [
        ("killed by an added test", "tests/test_calc.py::test_double"),
        ("equivalent", None),
    ]
    out = tmp_path / "results.json"
    merge_results(out, "b", entry)
    merge_results(out, "a", {"total": 0})
    assert list(json.loads(out.read_text(encoding="utf-8"))["suites"]) == ["a", "b"]


def test_a_test_process_past_its_time_is_stopped(tmp_path: Path) -> None:
    root = _project(tmp_path / "project")
    (root / "tests" / "test_slow.py").write_text(
        "import time\n\n\ndef test_slow():\n    time.sleep(60)\n", encoding="utf-8"
    )
    copy = _Copy(root, tmp_path / "work", seed=1, profile=None)
    status, _, seconds = copy.test(["tests/test_slow.py"], timeout=1.0)
    assert status is None and seconds < 30


@pytest.mark.heavy
def test_the_runner_refuses_a_project_whose_tests_fail(tmp_path: Path) -> None:
    root = _project(tmp_path / "project")
    (root / "tests" / "test_broken.py").write_text("def test_no():\n    assert False\n")
    with pytest.raises(RuntimeError, match="fail on the unchanged project"):
        run(root, [], ["tests"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[mutant]]\nid = "a"\nverdict = "fine"\nwhy = "b"\n', "verdict 'fine'"),
        ('[[mutant]]\nid = "a"\nverdict = "equivalent"\n', "needs exactly id, verdict and why"),
        ('[[mutant]]\nid = "a"\nverdict = "equivalent"\nwhy = "b"\n' * 2, "a has a note already"),
    ],
)
def test_malformed_notes_are_refused_with_the_entry(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "notes.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        read_notes(path)
