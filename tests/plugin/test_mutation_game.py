"""The mutation tool's ``--game`` at a game that declares no suite: one line that names
the declaration's ``mutation=`` field, never a list of choices that leaves it out."""

from __future__ import annotations

from pathlib import Path

from tests.plugin.fakes import distribution, run


def test_a_game_without_a_declared_suite_is_refused_naming_the_field(tmp_path: Path) -> None:
    distribution(tmp_path, "rulespec-goofspiel", {"goofspiel": "rulespec_goofspiel.game:GAME"}, {})
    done = run(tmp_path, "-m", "rulespec.testing.mutation", "--game", "goofspiel", "--list")
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "python -m rulespec.testing.mutation: error: --game goofspiel: its declaration "
        "names no suite; declare one with mutation=Mutation(targets=(...), tests=(...)), "
        "or give --target and --tests"
    )
    unknown = run(tmp_path, "-m", "rulespec.testing.mutation", "--game", "chess", "--list")
    assert unknown.returncode == 2
    assert unknown.stderr.splitlines()[-1].startswith(
        "python -m rulespec.testing.mutation: error: --game chess: unknown game 'chess' "
        "(known: canardage, duck-and-cover, duo, goofspiel)"
    )


def test_a_declared_suite_is_listed_by_game(tmp_path: Path) -> None:
    done = run(
        tmp_path, "-m", "rulespec.testing.mutation", "--game", "duo", "--list", "--sample", "2",
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("2 of ")
