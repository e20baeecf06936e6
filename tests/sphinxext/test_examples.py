"""Worked examples on the site: two pictures and the move, the same bytes at every build."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulespec.core.examples import examples_of
from rulespec.sphinxext.examples import figure, find
from tests.sphinxext.helpers import blocks, build, project

GAMES = ("duck-and-cover", "duo", "canardage")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_gallery_has_eight_pictured_moves_with_distinct_names(game_id: str) -> None:
    found = examples_of(game_id)
    assert len(found) >= 8
    names = [e.name for e in found]
    assert len(set(names)) == len(names)
    assert len({e.name for g in GAMES for e in examples_of(g)}) == sum(
        len(examples_of(g)) for g in GAMES
    )
    for example in found:
        assert example.before != example.after, example.name
        page = figure(game_id, example)
        assert page.count("<svg") == 2 and page == figure(game_id, example)
        for part in page.split("<svg")[1:]:
            ET.fromstring("<svg" + part.split("</svg>")[0] + "</svg>")


def test_the_directive_draws_a_named_example_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    conf = 'extensions = ["rulespec.sphinxext"]\n'
    page = "Cover\n=====\n\n.. rules:example:: dc-cover\n"
    result = build(project(tmp_path / "src", conf, {"index.rst": page}), tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    game, example = find("dc-cover")
    assert figure(game, example) in result.page("index.html")
    bad = page.replace("dc-cover", "dc-nothing")
    failed = build(project(tmp_path / "bad", conf, {"index.rst": bad}), tmp_path / "bad-out")
    assert failed.status != 0 and "no worked example is called 'dc-nothing'" in failed.warnings


def test_rules_pages_draw_each_example_inside_the_first_clause_it_cites(tmp_path: Path) -> None:
    conf = 'extensions = ["rulespec.sphinxext"]\nrules_game_pages = "games"\n'
    index = "Games\n=====\n\n.. toctree::\n   :glob:\n\n   games/*/index\n"
    result = build(project(tmp_path / "src", conf, {"index.rst": index}), tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    for game in GAMES:
        page = result.page(f"games/{game}/rules.html")
        by_clause = {}
        for inner in blocks(page).values():
            cited = re.search(r'class="[^"]*rules-clause-id[^"]*"[^>]*>(?:<[^>]+>)*([^<]+)<', inner)
            assert cited is not None
            by_clause[cited.group(1)] = inner
        for example in examples_of(game):
            first, *others = example.clauses
            assert figure(game, example) in page
            assert f'<figure class="rules-example" id="example-{example.name}">' in by_clause[first]
            for cid in others:
                assert f'href="#example-{example.name}"' in by_clause[cid], (example.name, cid)
        assert page.count('class="rules-example"') == len(examples_of(game))
