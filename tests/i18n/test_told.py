"""The turns told on the How to play pages: their facts against the engine, their prose
against their facts, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import rulespec
from rulespec.i18n import read_po
from rulespec.rulebook.facts import Told, Value, check_marks, check_told, denotes, marks, told_of

DOCS = Path(__file__).resolve().parents[2] / "docs"
GAMES = [g.id for g in rulespec.games() if told_of(g.id)]
STORIES = {t.name: t for g in GAMES for t in told_of(g)}
TOLD = [(g, t) for g in GAMES for t in told_of(g)]


def _page(game: str) -> str:
    return (DOCS / "games" / game / "how-to-play.rst").read_text(encoding="utf-8")


def _translations(language: str) -> dict[str, str]:
    path = DOCS / "locale" / language / "LC_MESSAGES" / "games.po"
    return {key[1]: text for key, text in read_po(path.read_text(encoding="utf-8")).items()}


def test_every_game_of_the_site_tells_a_turn() -> None:
    assert sorted(GAMES) == ["canardage", "duck-and-cover", "duo"]


@pytest.mark.parametrize(("game", "told"), TOLD, ids=[t.name for _, t in TOLD])
def test_the_engine_agrees_with_every_stated_fact(game: str, told: Told) -> None:
    assert check_told(game, told) == []
    assert told.facts.get("before") and told.facts.get("after")


@pytest.mark.parametrize(("game", "told"), TOLD, ids=[t.name for _, t in TOLD])
def test_a_changed_fact_is_caught(game: str, told: Told) -> None:
    for moment, stated in told.facts.items():
        for fact, value in stated.items():
            if isinstance(value, int):
                wrong: Value = value + 1
            elif isinstance(value, str):
                others = [p for p in told.players if p != value]
                wrong = others[0] if value in told.players else value + "?"
            else:
                wrong = (*value, value[0]) if value else (0,)
            changed = attrs.evolve(told, facts={**told.facts, moment: {**stated, fact: wrong}})
            problems = check_told(game, changed)
            assert any(f"{moment}: {fact} " in p for p in problems), (moment, fact, problems)


@pytest.mark.parametrize(("game", "told"), TOLD, ids=[t.name for _, t in TOLD])
def test_an_illegal_choice_is_caught(game: str, told: Told) -> None:
    g = rulespec.game(game)
    after = told.after(g)
    elsewhere = [a for s in g.to_move(after) if s >= 0 for a in g.legal_actions(after, s)]
    elsewhere += [a for t in told_of(game) if t is not told for a in t.actions]
    illegal = next((a for a in elsewhere if a not in g.legal_actions(told.before, a.player)), None)
    assert illegal is not None
    assert "not legal" in check_told(game, attrs.evolve(told, actions=(illegal,)))[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_page_marks_facts_of_each_of_its_turns(game: str) -> None:
    page = _page(game)
    named = {m.example for m in marks(page)}
    assert named == {t.name for t in told_of(game)}
    assert check_marks(page, "en", STORIES) == []


@pytest.mark.parametrize("language", ["fr", "es", "de"])
def test_each_translation_states_the_same_facts_in_its_words(language: str) -> None:
    translated = _translations(language)
    pages = " ".join(_page(g) for g in GAMES)
    seen = 0
    for english, text in translated.items():
        if ":fact:" not in english:
            continue
        assert " ".join(english.split()) in " ".join(pages.split()), english[:60]
        keys = sorted((m.example, m.moment, m.fact) for m in marks(english))
        assert sorted((m.example, m.moment, m.fact) for m in marks(text)) == keys, text[:80]
        assert check_marks(text, language, STORIES) == [], text[:80]
        seen += 1
    marked = [p for p in re.split(r"\n\s*\n", pages) if ":fact:" in p]
    assert seen >= len(marked) > 0


@pytest.mark.parametrize(
    ("shown", "value", "language", "states"),
    [
        ("sept", 7, "fr", True),
        ("siete", 7, "es", True),
        ("sieben", 7, "de", True),
        ("seven", 5, "en", False),
        ("7", 7, "de", True),
        ("+3", 3, "en", True),
        ("−4", -4, "fr", True),
        ("4", -4, "en", False),
        ("Ben", "Ben", "fr", True),
        ("Anna", "Ben", "en", False),
    ],
)
def test_words_state_a_value_only_when_they_say_it(
    shown: str, value: int | str, language: str, states: bool
) -> None:
    assert denotes(shown, value, language) is states


def test_changed_words_in_the_prose_are_caught() -> None:
    page = _page("duo")
    wrong = page.replace(
        ":fact:`seven <duo-turn.before.hand.Anna>`", ":fact:`five <duo-turn.before.hand.Anna>`"
    )
    assert wrong != page
    problems = check_marks(wrong, "en", STORIES)
    assert problems and all("hand.Anna is 7" in p for p in problems)
    unknown = page.replace("<duo-turn.before.hand.Anna>", "<duo-turn.before.hand.Zoe>", 1)
    assert any("no fact 'hand.Zoe'" in p for p in check_marks(unknown, "en", STORIES))
