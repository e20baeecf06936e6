"""Clause texts are written in the project's own words.

No text of a clause (its title, statement, notes, each language's text, its
interpretation and its edition notes) may share eight or more consecutive
words with any rulebook kept in ``shared/seeds/``. Words are compared after
lowercasing; a word is a run of letters or digits (accented letters
included), and everything else separates words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from rulespec.core.clauses import Clause, catalogues

RUN = 8
"""The shortest run of shared consecutive words that counts as copying."""

SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"

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
            yield f"interpretation.alternatives[{number}]", alternative
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
