"""Output on terminals that cannot show every character, and ``--version``."""

from __future__ import annotations

import pytest

import rulespec
from rulespec.cli.console import ERRORS
from tests.cli.helpers import call, run

ASCII = {"PYTHONIOENCODING": "ascii"}


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("rules", "duck-and-cover", "--lang", "fr"), "<< Coin"),
        (("rules", "canardage", "--lang", "de"), "Spieler"),
        (("rules", "duo", "--lang", "es"), "jugador"),
        (("games",), "action_deck"),
    ],
)
def test_an_ascii_terminal_gets_plain_text_not_a_traceback(
    args: tuple[str, ...], expected: str
) -> None:
    # Streams that encode ASCII only, as PYTHONIOENCODING=ascii makes them (which the
    # error line below checks in a process of its own).
    result = call(*args, encoding="ascii")
    assert result.status == 0, result.err
    assert "Traceback" not in result.err
    assert result.out.isascii()
    assert expected in result.out


def test_accents_degrade_to_their_letters() -> None:
    plain = "Préparation « Coin ! » — Spaß".encode("ascii", errors=ERRORS).decode("ascii")
    assert plain == "Preparation << Coin ! >> -- Spass"


def test_an_error_line_degrades_too(tmp_path: object) -> None:
    result = run("verify", "/nowhere/é.json", env=ASCII)
    assert result.status != 0
    assert "Traceback" not in result.err
    assert "/nowhere/e.json" in result.err


def test_version_is_the_package_version() -> None:
    result = call("--version")
    assert result.status == 0
    assert result.out.strip() == f"rulespec {rulespec.__version__}"
