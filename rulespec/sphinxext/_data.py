"""What the pages show, read from the catalogue and the code (no Sphinx here)."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import attrs

from rulespec.i18n import SECTION_TITLES as SECTION_TITLES
from rulespec.rulebook.clauses import LANGUAGE_NAMES_EN as LANGUAGE_NAMES_EN
from rulespec.rulebook.clauses import Catalogue, Clause, catalogues
from rulespec.rulebook.implements import implementations, implemented_clauses
from rulespec.tools.trace import CodeRef, TestRef, implementations_of, test_citations

LANGUAGE_NAMES: dict[str, str] = {"fr": "Français", "es": "Español", "de": "Deutsch"}
"""Each language's name, in that language."""


STATUS_LABELS: dict[str, str] = {
    "implemented": "implemented",
    "not-formalized": "not formalized",
    "retired": "retired",
}


def section_title(section: str, overrides: dict[str, str] | None = None) -> str:
    """The heading of a catalogue section."""
    if overrides and section in overrides:
        return overrides[section]
    return SECTION_TITLES.get(section, section.replace("-", " ").replace("_", " ").capitalize())


@attrs.frozen
class SourceLine:
    """A line of a source file that a page links to."""

    path: str
    """The file's path as shown and as the page name: ``rulespec/duck_cover/rules.py``."""
    file: str
    """The file's absolute path."""
    line: int


@attrs.frozen
class TraceData:
    """For every clause id, the functions that implement it and the tests that cite it."""

    code: dict[str, tuple[CodeRef, ...]]
    tests: dict[str, tuple[TestRef, ...]] | None
    """``None`` when no tests folder is configured."""
    tests_dir: Path | None

    def code_line(self, ref: CodeRef) -> SourceLine:
        """Where ``ref`` stands, with its path relative to its top-level package's parent."""
        path = Path(ref.file)
        depth = ref.module.count(".") + (1 if path.name == "__init__.py" else 0)
        try:
            root = path.parents[depth]
            shown = path.relative_to(root).as_posix()
        except (IndexError, ValueError):
            shown = path.name
        return SourceLine(shown, str(path), ref.line)

    def test_line(self, ref: TestRef) -> SourceLine:
        """Where the test ``ref`` stands."""
        assert self.tests_dir is not None
        return SourceLine(ref.file, str(self.tests_dir.parent / ref.file), ref.line)

    def unknown_citations(self, known: set[str]) -> list[tuple[str, str, str, int]]:
        """``(clause id, who cites it, file, line)`` for every cited id not in ``known``."""
        found: list[tuple[str, str, str, int]] = []
        for cid in sorted(self.code.keys() - known):
            for ref in self.code[cid]:
                found.append((cid, f"function {ref.name}", ref.file, ref.line))
        if self.tests is not None and self.tests_dir is not None:
            for cid in sorted(self.tests.keys() - known):
                for t in self.tests[cid]:
                    found.append(
                        (cid, f"test {t.nodeid}", str(self.tests_dir.parent / t.file), t.line)
                    )
        return found

    def gaps(self, c: Clause) -> list[str]:
        """What the traceability rules find missing or wrong for ``c``."""
        problems: list[str] = []
        if c.status == "implemented":
            if not self.code.get(c.id):
                problems.append("no implementing function")
            if self.tests is not None and not self.tests.get(c.id):
                problems.append("no test")
        elif self.code.get(c.id):
            problems.append(f"{STATUS_LABELS[c.status]}, but code implements it")
        return problems


def _test_signature(tests_dir: Path) -> tuple[tuple[str, int, int], ...]:
    signature = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        stat = path.stat()
        signature.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(signature)


def _registry_signature() -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(
        (cid, tuple(id(f) for f in implementations(cid))) for cid in sorted(implemented_clauses())
    )


@lru_cache(maxsize=8)
def _cached(
    tests_dir: str | None,
    test_signature: tuple[tuple[str, int, int], ...],
    registry: tuple[tuple[str, tuple[int, ...]], ...],
) -> TraceData:
    folder = Path(tests_dir) if tests_dir is not None else None
    cited = test_citations(folder) if folder is not None else None
    return TraceData(implementations_of(), cited, folder)


def trace_data(tests_dir: str | None) -> TraceData:
    """The trace data, re-read only when the tests or the ``@implements`` registry change."""
    import rulespec  # noqa: F401  (every game registers its implementations)

    signature = _test_signature(Path(tests_dir)) if tests_dir is not None else ()
    return _cached(tests_dir, signature, _registry_signature())


def fingerprint(tests_dir: str | None) -> str:
    """A digest of everything the pages show: the catalogues and the trace data."""
    data = trace_data(tests_dir)
    digest = hashlib.sha256()
    for cat in catalogues():
        digest.update(repr(cat).encode())
    for cid in sorted(data.code):
        digest.update(repr((cid, data.code[cid])).encode())
    for cid in sorted(data.tests or {}):
        digest.update(repr((cid, (data.tests or {})[cid])).encode())
    return digest.hexdigest()


def catalogue_of(game: str) -> Catalogue | None:
    """The catalogue of ``game``, or ``None``."""
    for cat in catalogues():
        if cat.game == game:
            return cat
    return None


def edition_of(cat: Catalogue, language: str) -> str | None:
    """The edition of ``cat``'s game in ``language``, as the catalogue names it."""
    for lang, edition in cat.sources:
        if lang == language:
            return edition
    return None


@attrs.frozen
class Survivor:
    """A mutant that outlived the tests once: where, what, and what became of it."""

    where: str
    """``path:line:column``."""
    kind: str
    before: str
    after: str
    status: str
    """``equivalent``, ``killed by an added test`` or ``survived``."""
    why: str | None
    test: str | None


@attrs.frozen
class MutationScore:
    """A game's line in a mutation results file (see :mod:`rulespec.testing.mutation`)."""

    total: int
    killed: int
    timeouts: int
    equivalent: int
    score: float
    score_without_equivalents: float
    score_before_added_tests: float
    seed: int
    survivors: tuple[Survivor, ...]


def mutation_scores(path: Path) -> dict[str, MutationScore]:
    """Each suite's score in the mutation results file ``path``, by suite (game id).

    Raises:
        ValueError: the file is not a results file, or an entry lacks a field.
    """
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != "rulespec-mutation":
            raise ValueError("not a rulespec-mutation file")
        scores: dict[str, MutationScore] = {}
        for suite, entry in data["suites"].items():
            survivors = tuple(
                Survivor(
                    where=f"{s['path']}:{s['line']}:{s['column']}",
                    kind=s["kind"],
                    before=s["before"],
                    after=s["after"],
                    status=s["status"],
                    why=s.get("why"),
                    test=s.get("test"),
                )
                for s in entry["survivors"]
            )
            scores[suite] = MutationScore(
                total=entry["total"],
                killed=entry["killed"],
                timeouts=entry["timeouts"],
                equivalent=entry["equivalent"],
                score=entry["score"],
                score_without_equivalents=entry["score_without_equivalents"],
                score_before_added_tests=entry["before_added_tests"]["score"],
                seed=entry["seed"],
                survivors=survivors,
            )
    except (OSError, KeyError, TypeError, AttributeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: {type(error).__name__}: {error}") from None
    return scores


@attrs.frozen
class ReadingFigures:
    """What one reading changes over paired games, from a readings data file (see
    :mod:`rulespec.tools.reading_effects`): shares with their 95 % Wilson intervals."""

    games: int
    players: int
    course: tuple[float, float, float]
    """The share of pairs whose course differs, then its interval's ends."""
    outcome: tuple[float, float, float]
    """The share of pairs whose outcome differs, then its interval's ends."""


def reading_figures(path: Path) -> dict[str, ReadingFigures]:
    """The figures of the readings data file ``path``, by declared reading
    (``clause=name``) of every game.

    Raises:
        ValueError: the file is not a readings data file, or an entry lacks a field.
    """
    import json

    from rulespec.tools.reading_effects import FORMAT

    def share(entry: dict[str, float]) -> tuple[float, float, float]:
        return float(entry["share"]), float(entry["low"]), float(entry["high"])

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file")
        figures: dict[str, ReadingFigures] = {}
        for measured in data["games"].values():
            if measured["policy"] != "random":
                raise ValueError(f"{measured['game']}: measured with {measured['policy']!r}")
            for r in measured["readings"]:
                figures[r["reading"]] = ReadingFigures(
                    r["games"], measured["players"], share(r["course"]), share(r["outcome"])
                )
    except (OSError, KeyError, TypeError, AttributeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: {type(error).__name__}: {error}") from None
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
    return figures
