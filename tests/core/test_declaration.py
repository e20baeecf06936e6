"""Every game declares itself, and is found through the ``rulespec.games`` entry points."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

import rulespec
from rulespec.core.declaration import Declaration, load
from rulespec.plugin.declaration import observation_size
from rulespec.rulebook.clauses import CatalogueError, catalogue_path, load_catalogue

GAMES = [g.id for g in rulespec.games()]


def test_every_game_is_an_installed_entry_point() -> None:
    found = {ep.name: ep.value for ep in metadata.entry_points(group="rulespec.games")}
    assert set(GAMES) <= set(found)
    for game_id in GAMES:
        assert load(found[game_id]) is rulespec.game(game_id)


def test_importing_rulespec_imports_no_game_until_one_is_asked_for() -> None:
    code = (
        "import sys, rulespec\n"
        "assert not [m for m in sys.modules if m.endswith('.game') and 'core' not in m]\n"
        "rulespec.game('duo')\n"
        "assert 'rulespec.duo.game' in sys.modules\n"
        "assert 'rulespec.canardage.game' not in sys.modules\n"
        "assert rulespec.canardage.GAME is rulespec.game('canardage')\n"
        "assert 'hypothesis' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("game_id", GAMES)
def test_the_declared_observation_layout_is_the_observation(game_id: str) -> None:
    g = rulespec.game(game_id)
    declared = g.declaration
    assert isinstance(declared, Declaration)
    assert len({p.name for p in declared.observation}) == len(declared.observation)
    for n in range(g.min_players, g.max_players + 1):
        assert (observation_size(declared, n),) == g.observation_shape(n)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_declared_reference_loads(game_id: str) -> None:
    declared = rulespec.game(game_id).declaration
    for name in ("rule_bound", "chance_bound", "card_label", "heuristic", "examples", "render"):
        reference = getattr(declared, name)
        if reference is not None:
            assert load(reference) is not None
    assert catalogue_path(declared.catalogue).is_file()
    assert rulespec.catalogue(game_id).languages == declared.languages
    assert all(c.id.startswith(declared.prefix) for c in rulespec.clauses(game_id))


def test_the_simultaneous_game_is_the_one_whose_players_act_at_once() -> None:
    dc = rulespec.game("duck-and-cover")
    assert [g.id for g in rulespec.games() if g.declaration.simultaneous] == [dc.id]
    assert len(dc.to_move(dc.start(3, seed=1))) == 3


_HEAD = """
[catalogue]
game = "plug"
title = "Plug"
sections = ["setup"]
[catalogue.sources]
"""

_CLAUSE = """
[[clause]]
id = "plug.setup.deal"
section = "setup"
title = "Deal"
status = "implemented"
statement = "Each player gets a card."
source = "reading"
source_note = "Our own game."
"""


def test_a_catalogue_may_be_english_only_or_have_some_languages() -> None:
    english = load_catalogue(_HEAD + _CLAUSE, prefix="plug.", languages=())
    assert english.languages == () and english.clauses[0].texts == ()
    french = _HEAD + _CLAUSE + '[clause.fr]\ntext = "Chacun reçoit une carte."\n'
    cat = load_catalogue(french, prefix="plug.", languages=("fr",))
    assert cat.clauses[0].text("fr").kind == "translation"
    with pytest.raises(KeyError):
        cat.clauses[0].text("de")
    with pytest.raises(CatalogueError, match="unknown key fr"):
        load_catalogue(french, prefix="plug.", languages=())
    with pytest.raises(CatalogueError, match="missing fr"):
        load_catalogue(_HEAD + _CLAUSE, prefix="plug.", languages=("fr",))
    with pytest.raises(CatalogueError, match=r"start with 'other\.'"):
        load_catalogue(_HEAD + _CLAUSE, prefix="other.", languages=())


def test_a_declaration_refuses_an_unknown_language() -> None:
    with pytest.raises(ValueError, match="languages"):
        Declaration(prefix="x.", catalogue="x:x.toml", languages=("it",))
