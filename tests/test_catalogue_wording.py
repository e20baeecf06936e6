"""Clause texts are written in the project's own words, and say what they are.

No text of a clause (its title, statement, notes, each language's text, its
interpretation and its edition notes) may share eight or more consecutive
words with any rulebook kept beside the repository (:data:`SEEDS`). Words are
compared after lowercasing; a word is a run of letters or digits (accented
letters included), and everything else separates words.

A clause's French, Spanish and German texts state the rule only: how the
engine applies it (actions, options, clause ids, views) belongs in the
clause's note, and a reading of an unclear point in its interpretation
entry, both of which say they are the project's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from rulespec.rulebook.clauses import Clause, catalogues

RUN = 8
"""The shortest run of shared consecutive words that counts as copying."""

SEEDS = Path(
    os.environ.get(
        "RULESPEC_RULEBOOKS", Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
    )
)
"""The folder of rulebook texts (``RULESPEC_RULEBOOKS`` names another)."""

_WORD = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    """The words of ``text``, lowercased: runs of letters or digits."""
    return _WORD.findall(text.lower())


def runs(sequence: list[str], size: int = RUN) -> Iterator[tuple[str, ...]]:
    """Every run of ``size`` consecutive words in ``sequence``."""
    for start in range(len(sequence) - size + 1):
        yield tuple(sequence[start : start + size])


def index(texts: Iterable[str], size: int = RUN) -> frozenset[tuple[str, ...]]:
    """Every run of ``size`` consecutive words found in ``texts``."""
    return frozenset(run for text in texts for run in runs(words(text), size))


def shared_runs(text: str, reference: frozenset[tuple[str, ...]], size: int = RUN) -> list[str]:
    """The runs of ``size`` words of ``text`` that also occur in ``reference``."""
    return [" ".join(run) for run in runs(words(text), size) if run in reference]


def clause_texts(clause: Clause) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of ``clause`` written by the project."""
    yield "title", clause.title
    yield "statement", clause.statement
    if clause.note is not None:
        yield "note", clause.note
    if clause.source_note is not None:
        yield "source_note", clause.source_note
    if clause.reason is not None:
        yield "reason", clause.reason
    for local in clause.texts:
        yield f"{local.language}.text", local.text
    if clause.interpretation is not None:
        yield "interpretation.question", clause.interpretation.question
        yield "interpretation.reading", clause.interpretation.reading
        for number, alternative in enumerate(clause.interpretation.alternatives):
            yield f"interpretation.alternatives[{number}]", alternative.text
    if clause.editions is not None:
        for language, note in clause.editions.says:
            yield f"editions.{language}", note
        yield "editions.reading", clause.editions.reading


def rulebook_files() -> list[Path]:
    """The rulebook texts, or a skip when the seeds folder is not there."""
    if not SEEDS.is_dir():
        pytest.skip(f"rulebook folder {SEEDS} is absent: cannot compare clause wording")
    files = sorted(SEEDS.glob("*.txt"))
    if not files:
        pytest.skip(f"no rulebook text (*.txt) in {SEEDS}")
    return files


@pytest.fixture(scope="module")
def rulebooks() -> frozenset[tuple[str, ...]]:
    return index(path.read_text(encoding="utf-8") for path in rulebook_files())


def test_no_clause_copies_a_rulebook(rulebooks: frozenset[tuple[str, ...]]) -> None:
    problems = [
        f"{clause.id} ({where}) shares {RUN} consecutive words with a rulebook: {run!r}"
        for cat in catalogues()
        for clause in cat
        for where, text in clause_texts(clause)
        for run in shared_runs(text, rulebooks)
    ]
    assert not problems, "\n".join(problems)


def test_every_clause_has_texts_to_check() -> None:
    found = [clause for cat in catalogues() for clause in cat]
    assert found
    for clause in found:
        assert {where for where, _ in clause_texts(clause)} >= {
            "statement",
            "fr.text",
            "es.text",
            "de.text",
        }


# A sentence of the French rulebook (section « Fin de partie »).
_COPIED = "À la fin de la troisième manche, les points de chaque joueur sont additionnés."


def test_checker_catches_a_copied_sentence(rulebooks: frozenset[tuple[str, ...]]) -> None:
    french = words((SEEDS / "000_8d67f61e18da1e53.txt").read_text(encoding="utf-8"))
    sentence = words(_COPIED)
    assert any(french[i : i + len(sentence)] == sentence for i in range(len(french)))
    assert shared_runs(_COPIED, rulebooks)
    # Copying it inside a longer text of our own is caught as well.
    assert shared_runs(f"Selon la règle : {_COPIED.lower()} Puis on compare.", rulebooks)


def test_checker_accepts_seven_words(rulebooks: frozenset[tuple[str, ...]]) -> None:
    seven = " ".join(words(_COPIED)[:7])
    assert len(words(seven)) == RUN - 1
    assert shared_runs(seven, rulebooks) == []
    assert shared_runs(f"{seven} — tout le reste est à nous, mot pour mot", rulebooks) == []


def test_words_keep_accented_letters_and_digits() -> None:
    assert words("À la FIN : 4x3, «Coin» l'été!") == ["à", "la", "fin", "4x3", "coin", "l", "été"]


# -- the language texts state the rule only -----------------------------------------------

ENGINE_WORDS: dict[str, str] = {
    "a clause id": r"\b(?:dc|duo|can)\.[a-z]",
    "code in backquotes": r"`",
    "an option setting": r"\b[a-z_]+\s*=\s*\S",
    "the engine": r"(?i)\b(?:engine|moteur|motor)\b",
    "an option": r"(?i)\b(?:options?|opci[oó]n|opciones)\b",
    "an action": r"\b(?:actions?|acci[oó]n|acciones|Aktion|Aktionen)\b",
    "an engine's action name": r"\b(?:Play|Stop|Draw|Pass|Quack|Cover|Duck)\b",
    "a default": r"(?i)par défaut|por defecto|standardmäßig|\bVorgabe\b",
    "the record": (
        r"(?i)\b(?:historique|protokoll|simulations?|simulaci[oó]n|simulaciones)\b"
        r"|n’est noté|se anota ningún|wird vermerkt"
    ),
    "a player's view": (
        r"(?i)\b(?:la|chaque|les|sa) vues?\b"
        r"|(?<!\ba )\b(?:la|cada|las|su) vistas?\b"
        r"|\bSicht(?:en)?\b"
    ),
    "a missing picture": r"(?i)\b(?:image|imagen|bild)\b",
    "seat numbers": r"(?i)\b(?:places|asientos|Plätze)\b[^.]{0,60}num+[eé]r|\bmodulo\b|módulo",
}
"""What concerns the engine and so never belongs in a language's text of the rule."""

READING_WORDS: dict[str, str] = {
    "the project": r"(?i)\b(?:projet|proyecto|projekts?)\b",
    "a reading": r"(?i)\b(?:lecture|lectura|lesart|interprétation|interpretación|auslegung)\b",
    "an inference": r"(?i)\b(?:déduite?s?|deducid[oa]s?|erschlossen|abgeleitet)\b",
    "the rulebook itself": (
        r"\b(?:[Ll]a règle|[Ee]l reglamento|[Dd]ie (?:Spiel)?[Rr]egel)\b(?! de\b)"
    ),
    "published data": r"(?i)données publiées|datos publicados|veröffentlichte",
}
"""Marks of a reading or of a remark on the sources: they go to the notes."""


EXAMPLE = re.compile(r"Exemple de la règle|Ejemplo del reglamento|Beispiel (?:der|aus der) Regel")
"""How a text introduces the rulebook's own worked example, which states the rule."""


def rule_text_problems(text: str) -> list[str]:
    """What in ``text`` is not a statement of the rule."""
    text = EXAMPLE.sub("", text)
    return [
        f"{what} ({match.group(0)!r})"
        for words in (ENGINE_WORDS, READING_WORDS)
        for what, pattern in words.items()
        for match in [re.search(pattern, text)]
        if match is not None
    ]


ENGLISH_ENGINE_WORDS: dict[str, str] = {
    "a clause id": ENGINE_WORDS["a clause id"],
    "code in backquotes": ENGINE_WORDS["code in backquotes"],
    "an option setting": ENGINE_WORDS["an option setting"],
    "the engine": r"(?i)\bengine\b",
    "an option": r"(?i)\boptions?\b",
    "an action": r"\bactions?\b(?! (?:cards?|deck)\b)",
    "an engine's action name": r"\b(?:Play|Stop|Draw|Pass) action\b",
    "a default": r"(?i)\bdefault\b",
    "the record": r"(?i)\b(?:record(?:ed|s)?|simulations?)\b",
    "a player's view": r"(?i)\b(?:the|each|every|a player's) views?\b|\bViews\b",
    "a missing picture": r"(?i)\b(?:picture|image)\b",
    "seat numbers": r"(?i)\bseats? (?:are )?numbered|\bmod n\b|\bseat [0-9pn]\b",
    "a reading": r"(?i)\b(?:our reading|the project|inferred)\b",
    "the rulebook itself": r"\b[Tt]he (?:rulebook|rules)\b(?!'s example| say)",
}
"""The same, for the English statement."""


def statement_problems(text: str) -> list[str]:
    """What in the English ``text`` is not a statement of the rule."""
    text = re.sub(r"(?i)(?:the )?rulebooks?'s? (?:end-of-round )?example", "", text)
    return [
        f"{what} ({match.group(0)!r})"
        for what, pattern in ENGLISH_ENGINE_WORDS.items()
        for match in [re.search(pattern, text)]
        if match is not None
    ]


def test_statements_state_the_rule_only() -> None:
    problems = [
        f"{clause.id} (statement): {', '.join(found)}"
        for cat in catalogues()
        for clause in cat
        if (found := statement_problems(clause.statement))
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "text",
    [
        "In the engine Quack is an action the player submits.",
        "Option `competition` (the publisher's Competition variant): see dc.variant.x.",
        "A player's view shows only what the table shows.",
        "The rulebook shows three cards (the picture is lost).",
    ],
)
def test_the_statement_check_catches_engine_words(text: str) -> None:
    assert statement_problems(text)


def test_the_statement_check_accepts_rule_words() -> None:
    assert statement_problems("There are 52 action cards: 12 Pan (Shoot).") == []
    assert statement_problems("The rulebook's example: a shape joker goes on that shape.") == []


def test_language_texts_state_the_rule_only() -> None:
    problems = [
        f"{clause.id} ({local.language}.text): {', '.join(found)}"
        for cat in catalogues()
        for clause in cat
        for local in clause.texts
        if (found := rule_text_problems(local.text))
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "text",
    [
        "Dans le moteur, « Coin » est une action.",
        "l’option `turbo` les ajoute (voir duo.place.turbo).",
        'l’option exhausted = "empty-draw" choisit l’autre lecture',
        "La règle montre trois cartes (l’image manque).",
        "In der Engine ist das die Aktion Stop.",
        "El reparto es deducido; el reglamento no lo detalla.",
        "La vue d’un joueur montre ce que montre la table.",
        "Jede Sicht zeigt, welche Ente unter welcher liegt.",
    ],
)
def test_the_rule_only_check_catches_engine_words(text: str) -> None:
    assert rule_text_problems(text)


@pytest.mark.parametrize(
    "text",
    [
        "On mélange les cartes Action et chacun en reçoit trois.",
        "Die Aktionskarten werden gemischt und jeder erhält drei.",
        "chaque joueur place le canard reçu selon la règle de Plonger",
        "Un joueur dont la carte appelée est recouverte dit « Coin ».",
        "Exemple de la règle : un joker forme se pose sur une carte de cette forme.",
        "Todas las cartas de esa zona siguen a la vista hasta que acaba la ronda.",
    ],
)
def test_the_rule_only_check_accepts_rule_words(text: str) -> None:
    assert rule_text_problems(text) == []


def test_every_reading_has_its_interpretation_entry() -> None:
    missing = [
        clause.id
        for cat in catalogues()
        for clause in cat
        if clause.source == "reading" and clause.interpretation is None
    ]
    assert not missing, f"readings without an interpretation entry: {missing}"


LOCATOR_PROSE = re.compile(
    r"(?i)traduc|übersetz|translat|projet|proyecto|projekt|lecture|lectura|lesart|web|publi"
)
"""What a locator must not say: what the text is belongs to its kind, not its place."""


def test_texts_say_what_they_are() -> None:
    for cat in catalogues():
        for clause in cat:
            for local in clause.texts:
                where = (clause.id, local.language)
                edition = cat.edition(local.language)
                assert local.kind == ("wording" if edition else "translation"), where
                assert local.follows == (edition or cat.sources[0][1]), where
                assert local.label.startswith("Our "), where
                if clause.source == "rulebook":
                    assert local.locator and f"“{local.locator}”" in local.label, where
                    # A locator names a place in the edition, and nothing else.
                    assert not LOCATOR_PROSE.search(local.locator), where
                else:
                    assert local.locator is None and "no edition states" in local.label, where


# -- every source is in the repository ------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]

OUTSIDE = re.compile(r"FACTS|\.\./shared|shared/seeds|/work/|\b\d{3}_[0-9a-f]{16}\.txt\b")
"""Names of files outside the repository, which a reader of the project cannot open."""


def published_files() -> Iterator[Path]:
    """The files a reader of the project sees: the catalogue, the code, the docs, the README."""
    yield ROOT / "README.md"
    for folder in ("spec", "rulespec", "docs"):
        for path in sorted((ROOT / folder).rglob("*")):
            if "_build" in path.parts or "games" in path.relative_to(ROOT).parts[1:2]:
                continue  # built output and pages the docs build generates
            if path.suffix in {".toml", ".py", ".rst", ".md", ".txt", ".css", ".js", ".html"}:
                yield path


def test_no_file_outside_the_repository_is_named() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in published_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not found, "\n".join(found)
