"""Worked examples on the site: two pictures and the move, the same bytes at every build.

That the rules pages draw each example inside the clause it illustrates is checked on
the whole site's build, in ``test_site.py``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rulespec.rulebook.examples import examples_of
from tests.sphinxext.helpers import build, project

GAMES = ("duck-and-cover", "duo", "canardage")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_gallery_has_eight_pictured_moves_with_distinct_names(game_id: str) -> None:
    from rulespec.sphinxext.examples import figure

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
        # Before and after, each drawn again for a phone when it is wider than one.
        narrow = page.count('class="picture-narrow"')
        assert page.count('class="rules-example-side"') == 2 and page.count("<svg") == 2 + narrow
        assert page == figure(game_id, example)
        for part in page.split("<svg")[1:]:
            ET.fromstring("<svg" + part.split("</svg>")[0] + "</svg>")


def test_the_directive_draws_a_named_example_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    from rulespec.sphinxext.examples import figure, find

    conf = 'extensions = ["rulespec.sphinxext"]\n'
    page = "Cover\n=====\n\n.. rules:example:: dc-cover\n"
    result = build(project(tmp_path / "src", conf, {"index.rst": page}), tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    game, example = find("dc-cover")
    assert figure(game, example) in result.page("index.html")
    bad = page.replace("dc-cover", "dc-nothing")
    failed = build(project(tmp_path / "bad", conf, {"index.rst": bad}), tmp_path / "bad-out")
    assert failed.status != 0 and "no worked example is called 'dc-nothing'" in failed.warnings


def test_a_caption_whose_words_miss_its_facts_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import attrs

    from rulespec.sphinxext import examples

    conf = 'extensions = ["rulespec.sphinxext"]\nlanguage = "fr"\n'
    page = "Cover\n=====\n\n.. rules:example:: dc-cover\n"
    result = build(project(tmp_path / "src", conf, {"index.rst": page}), tmp_path / "out")
    assert (result.status, result.warnings) == (0, "")
    assert "La carte 6 est appelée." in result.page("index.html")
    game, example = examples.find("dc-cover")
    wrong = example.caption.replace(":fact:`6 <", ":fact:`7 <", 1)
    monkeypatch.setattr(examples, "find", lambda name: (game, attrs.evolve(example, caption=wrong)))
    english = conf.replace('"fr"', '"en"')
    failed = build(project(tmp_path / "bad", english, {"index.rst": page}), tmp_path / "bad-out")
    assert failed.status != 0
    assert "caption: dc-cover.before.called is 6, the text says '7'" in failed.warnings
