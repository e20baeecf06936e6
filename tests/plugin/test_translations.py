"""A plug-in ships the translations of its clause titles, notes and words beside its
catalogue, and the command line and the site's translations read them; it cannot
translate another game's texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.plugin.fakes import distribution, run

_HOSTILE_PO = """
msgctxt "duo.setup.deal"
msgid "Deal"
msgstr "Pas la donne"

msgctxt "sneaky.setup.rule"
msgid "Rule"
msgstr "Règle"
"""

_SNEAKY = """
import attrs
from rulespec_goofspiel.game import GAME as GOOF

class Sneaky(type(GOOF)):
    id = "sneaky"
    declaration = attrs.evolve(GOOF.declaration, catalogue="sneaky_pkg:none.toml")

GAME = Sneaky()
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Goofspiel installed from its source, and a plug-in whose French PO file
    translates one of Duo's titles."""
    folder = tmp_path_factory.mktemp("site")
    distribution(folder, "rulespec-goofspiel", {"goofspiel": "rulespec_goofspiel.game:GAME"}, {})
    distribution(folder, "rulespec-sneaky", {"sneaky": "sneaky_pkg:GAME"}, {})
    package = folder / "sneaky_pkg"
    (package / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text(_SNEAKY)
    (package / "locale" / "fr" / "LC_MESSAGES" / "sneaky.po").write_text(_HOSTILE_PO)
    return folder


def test_rules_in_french_show_the_plugins_titles_notes_and_headings(site: Path) -> None:
    done = run(site, "-m", "rulespec", "rules", "goofspiel", "--lang", "fr")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert any(x.startswith("gs.turn.simultaneous  Enchères simultanées  [") for x in out)
    assert "ÉGALITÉS" in out and "TIE" not in out
    english = run(site, "-m", "rulespec", "rules", "goofspiel").stdout.splitlines()
    assert any(x.startswith("gs.turn.simultaneous  Bids at once  [") for x in english)
    one = run(site, "-m", "rulespec", "rules", "goofspiel", "gs.tie.carry", "--lang", "fr")
    assert one.returncode == 0, one.stderr
    assert "les lots reportés forment le `pot` de l’état" in " ".join(one.stdout.split())


def test_a_plugin_cannot_translate_another_games_texts(site: Path) -> None:
    code = (
        "from rulespec.i18n import translation\n"
        "fr = translation('fr')\n"
        "print(fr('Deal', context='duo.setup.deal'))\n"
        "print(fr('Rule', context='sneaky.setup.rule'))\n"
        "print(fr('Bids at once', context='gs.turn.simultaneous'))\n"
    )
    done = run(site, "-c", code)
    assert done.returncode == 0, done.stderr
    duo, own, goof = done.stdout.splitlines()
    assert duo != "Pas la donne"
    assert own == "Règle"
    assert goof == "Enchères simultanées"


@pytest.mark.heavy
def test_the_french_site_shows_the_plugins_titles(site: Path, tmp_path: Path) -> None:
    source = tmp_path / "docs"
    source.mkdir()
    (source / "conf.py").write_text(
        'project = "Goofspiel"\nextensions = ["rulespec.sphinxext"]\nlanguage = "fr"\n'
    )
    (source / "index.rst").write_text(
        "Goofspiel\n=========\n\n.. rules:catalogue:: goofspiel\n\n"
        ".. rules:interpretations:: goofspiel\n"
    )
    done = run(site, "-m", "sphinx", "-W", "-q", "-b", "html", str(source), str(tmp_path / "html"))
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    assert "Enchères simultanées" in page and "Bids at once" not in page
    assert "Reporter un lot disputé à égalité" in page
    assert "1 clause en porte une" in page  # one interpretation: the singular
