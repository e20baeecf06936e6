"""The worked examples' captions: the facts they state agree with the engine, and every
language marks the same facts and states them in its own words."""

from __future__ import annotations

import html

import attrs
import pytest

import rulespec
from rulespec.i18n import translation
from rulespec.rulebook.examples import Example, examples_of
from rulespec.rulebook.facts import Value, check_caption, check_example, check_marks, marks, plain

LANGUAGES = ("en", "fr", "es", "de")
EXAMPLES = [(g.id, e) for g in rulespec.games() for e in examples_of(g.id)]
IDS = [e.name for _, e in EXAMPLES]

UNMARKED = {
    "duo-turbo": "tells what a Turbo-joker accepts and what may follow it, no number of the move",
    "can-cover-forward": "tells the order a pair goes under the duck deck, naming no one",
}
"""The captions that state no countable or nameable fact, and why."""


def _keys(text: str) -> list[tuple[str, str, str]]:
    return sorted((m.example, m.moment, m.fact) for m in marks(text))


def _changed(example: Example, value: Value) -> Value:
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        others = [p for p in example.names() if p != value]
        return others[0] if value in example.names() else value + "?"
    return (*value, value[0]) if value else (0,)


def test_the_examples_are_found() -> None:
    assert len(EXAMPLES) >= 40 and set(UNMARKED) <= set(IDS)


@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=IDS)
def test_the_engine_agrees_with_every_fact_a_caption_states(game: str, example: Example) -> None:
    assert check_example(game, example) == []
    assert set(example.facts) <= {"before", "after"}


@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=IDS)
def test_a_changed_fact_is_caught(game: str, example: Example) -> None:
    for moment, stated in example.facts.items():
        for fact, value in stated.items():
            wrong = _changed(example, value)
            facts = {**example.facts, moment: {**stated, fact: wrong}}
            problems = check_example(game, attrs.evolve(example, facts=facts))
            assert any(f"{moment}: {fact} " in p for p in problems), (moment, fact, problems)


@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=IDS)
def test_a_caption_marks_exactly_the_facts_it_gives(game: str, example: Example) -> None:
    marked = {(m.moment, m.fact) for m in marks(example.caption)}
    given = {(moment, fact) for moment, stated in example.facts.items() for fact in stated}
    assert marked == given
    assert {m.example for m in marks(example.caption)} <= {example.name}
    if example.name in UNMARKED:
        assert not marked, f"{example.name} marks facts: take it off UNMARKED"
    else:
        assert marked, f"{example.name} marks no fact (or say why in UNMARKED)"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "example"), EXAMPLES, ids=IDS)
def test_each_language_states_the_same_facts_in_its_words(
    language: str, game: str, example: Example
) -> None:
    tr = translation(language)
    text = tr(example.caption, context=game)
    if language != "en":
        assert tr.has(example.caption, game), f"no {language} caption for {example.name}"
    assert _keys(text) == _keys(example.caption)
    assert check_caption(game, example, text, language) == []
    assert ":fact:" not in plain(text) and "<" not in plain(text)


@pytest.mark.parametrize(
    ("language", "shown", "wrong"),
    [("en", "three", "four"), ("fr", "trois", "quatre"), ("es", "tres", "cuatro")],
)
def test_changed_words_in_a_caption_are_caught(language: str, shown: str, wrong: str) -> None:
    game, example = next((g, e) for g, e in EXAMPLES if e.name == "can-discard")
    text = translation(language)(example.caption, context=game)
    mark = f":fact:`{shown} <can-discard.before.hand.0>`"
    assert mark in text
    assert check_marks(text, language, {example.name: example}) == []
    changed = text.replace(mark, mark.replace(shown, wrong))
    problems = check_marks(changed, language, {example.name: example})
    assert problems == [f"can-discard.before.hand.0 is 3, the text says {wrong!r}"]
    elsewhere = attrs.evolve(example, caption=example.caption.replace("<can-discard.", "<can-pan."))
    assert any(
        "marks a fact of 'can-pan'" in p
        for p in check_caption(game, elsewhere, elsewhere.caption, "en")
    )


def test_the_site_shows_plain_words() -> None:
    from rulespec.sphinxext.examples import figure, find

    game, example = find("dc-score")
    for language in LANGUAGES:
        shown = figure(game, example, translation(language))
        assert ":fact:" not in shown and "dc-score.after" not in shown
    assert "Connie's 6 and 2 make +3;" in html.unescape(figure(game, example))
