"""The clause catalogue: its loader's validation and the shipped catalogues."""

from __future__ import annotations

import pytest

import rulespec
from rulespec import CatalogueError
from rulespec.rulebook.clauses import LANGUAGES, catalogues, load_catalogue

HEAD = """
[catalogue]
game = "duck-and-cover"
title = "Duck & Cover"
sections = ["turn", "end"]

[catalogue.sources.fr]
edition = "French rulebook"
"""


def clause_toml(
    cid: str = "dc.move.cover",
    *,
    section: str = "turn",
    status: str = "implemented",
    source: str = "rulebook",
    extra: str = "",
    fr: str = 'text = "Couvrir."\nlocator = "Tour de jeu"\n',
    languages: tuple[str, ...] = LANGUAGES,
    tail: str = "",
) -> str:
    """One ``[[clause]]`` table; ``extra`` goes among its keys, ``tail`` after its
    language tables."""
    texts = {
        "fr": fr,
        "es": 'text = "Cubrir."\nlocator = "Ronda de juego"\n',
        "de": 'text = "Abdecken."\nlocator = "Spielablauf"\n',
    }
    body = "".join(f"[clause.{lang}]\n{texts[lang]}" for lang in languages)
    return (
        "\n[[clause]]\n"
        f'id = "{cid}"\nsection = "{section}"\ntitle = "Cover"\nstatus = "{status}"\n'
        f'statement = "Cover a neighbour."\nsource = "{source}"\n'
        f"{extra}{body}{tail}"
    )


def test_a_small_catalogue_loads() -> None:
    cat = load_catalogue(HEAD + clause_toml() + clause_toml("dc.end.one", section="end"))
    assert cat.game == "duck-and-cover" and cat.sections == ("turn", "end")
    assert [c.id for c in cat] == ["dc.move.cover", "dc.end.one"]
    assert cat["dc.move.cover"].text("es").locator == "Ronda de juego"
    assert cat.sources == (("fr", "French rulebook"),)


def test_clauses_are_sorted_by_section_then_file_order() -> None:
    text = HEAD + clause_toml("dc.end.b", section="end") + clause_toml("dc.a") + clause_toml("dc.c")
    assert [c.id for c in load_catalogue(text)] == ["dc.a", "dc.c", "dc.end.b"]


@pytest.mark.parametrize(
    ("text", "place", "says"),
    [
        (
            HEAD + clause_toml(extra='colour = "red"\n'),
            "clause[0]",
            "unknown key colour",
        ),
        (
            HEAD.replace('title = "Duck', 'owner = "x"\ntitle = "Duck') + clause_toml(),
            "catalogue",
            "unknown key owner",
        ),
        (HEAD + "other = 1\n" + clause_toml(), "cat.toml", "unknown key other"),
        (
            HEAD + clause_toml(fr='text = "a"\nlocator = "b"\nnote = "c"\n'),
            "clause[0] (dc.move.cover).fr",
            "unknown key note",
        ),
        (HEAD + clause_toml() + clause_toml(), "clause[1]", "duplicate id 'dc.move.cover'"),
        (HEAD + clause_toml(languages=("fr", "es")), "clause[0]", "missing de"),
        (
            HEAD + clause_toml(fr='text = "Couvrir."\n'),
            "clause[0] (dc.move.cover).fr",
            "missing locator",
        ),
        (
            HEAD + clause_toml(fr='text = ""\nlocator = "x"\n'),
            "clause[0] (dc.move.cover).fr.text",
            "non-empty string",
        ),
        (HEAD + clause_toml(status="draft"), "clause[0] (dc.move.cover)", "status must be one of"),
        (
            HEAD + clause_toml(status="not-formalized"),
            "clause[0] (dc.move.cover)",
            "needs a reason",
        ),
        (HEAD + clause_toml("duo.play.match"), "clause[0] (duo.play.match)", "start with 'dc.'"),
        (HEAD + clause_toml(section="scoring"), "clause[0] (dc.move.cover)", "section 'scoring'"),
        (
            HEAD + clause_toml(source="hearsay"),
            "clause[0] (dc.move.cover)",
            "source must be one of",
        ),
        (
            HEAD.replace('edition = "French', 'file = "000.txt"\nedition = "French')
            + clause_toml(),
            "catalogue.sources.fr",
            "unknown key file",
        ),
        (
            HEAD.replace("sources.fr", "sources.it") + clause_toml(),
            "catalogue.sources.it",
            "unknown language",
        ),
        (
            HEAD + clause_toml(fr='text = "a"\nlocator = "b"\ntranslation = true\n'),
            "clause[0] (dc.move.cover).fr",
            "unknown key translation",
        ),
        (
            HEAD + clause_toml(source="reading", extra='source_note = "Ours."\n'),
            "clause[0] (dc.move.cover).fr.locator",
            "no edition states a reading clause",
        ),
        (
            HEAD + clause_toml(extra='note = ""\n'),
            "clause[0] (dc.move.cover).note",
            "non-empty string",
        ),
        (
            HEAD + clause_toml(tail='[clause.editions]\nfr = "a"\nreading = "b"\n'),
            "clause[0] (dc.move.cover).editions",
            "at least two editions",
        ),
        (
            HEAD
            + clause_toml(
                tail='[clause.interpretation]\nquestion = "q"\nreading = "r"\nalternatives = "a"\n'
            ),
            "clause[0] (dc.move.cover).interpretation.alternatives",
            "list of tables",
        ),
        (
            HEAD
            + clause_toml(
                tail='[clause.interpretation]\nquestion = "q"\nreading = "r"\n'
                'alternatives = []\nwhy = "w"\n'
            ),
            "clause[0] (dc.move.cover).interpretation",
            "unknown key why",
        ),
        (HEAD + "[[clause]\n", "cat.toml", ""),
        (HEAD, "cat.toml", "missing clause"),
    ],
)
def test_schema_departures_are_refused_naming_the_place(text: str, place: str, says: str) -> None:
    with pytest.raises(CatalogueError) as info:
        load_catalogue(text, "cat.toml")
    message = str(info.value)
    assert message.startswith("cat.toml"), message
    assert place in message and says in message, message


def _without_locators(text: str) -> str:
    return "\n".join(line for line in text.split("\n") if not line.startswith("locator = "))


def test_publisher_data_needs_a_source_note() -> None:
    text = _without_locators(HEAD + clause_toml(source="publisher-data"))
    with pytest.raises(CatalogueError, match=r"clause\[0\] \(dc.move.cover\): a publisher-data"):
        load_catalogue(text, "cat.toml")
    noted = text.replace(
        'source = "publisher-data"', 'source = "publisher-data"\nsource_note = "A web page."'
    )
    assert load_catalogue(noted).clauses[0].source_note == "A web page."


def test_the_kind_of_each_text_follows_the_catalogue_sources() -> None:
    c = load_catalogue(HEAD + clause_toml(extra='note = "An engine detail."\n')).clauses[0]
    fr, es = c.text("fr"), c.text("es")
    assert (fr.kind, fr.follows, fr.translation) == ("wording", "French rulebook", False)
    assert (es.kind, es.follows, es.translation) == ("translation", "French rulebook", True)
    assert fr.label == "Our wording in French, following French rulebook, at “Tour de jeu”"
    assert es.label == (
        "Our translation into Spanish (there is no Spanish edition), "
        "following French rulebook, at “Ronda de juego”"
    )
    assert c.note == "An engine detail."


def test_a_clause_no_edition_states_has_no_locator() -> None:
    text = _without_locators(
        HEAD + clause_toml(source="reading", extra='source_note = "Our reading."\n')
    )
    c = load_catalogue(text).clauses[0]
    assert all(local.locator is None for local in c.texts)
    assert (
        c.text("fr").label == "Our wording in French; no edition states this rule (see its source)"
    )
    assert c.text("de").label.startswith("Our translation into German; no edition states")


def test_not_formalized_with_a_reason_loads() -> None:
    text = HEAD + clause_toml(status="not-formalized", extra='reason = "No state changes."\n')
    c = load_catalogue(text).clauses[0]
    assert (c.status, c.reason) == ("not-formalized", "No state changes.")


# -- the shipped catalogues ----------------------------------------------------------------


def test_the_shipped_catalogue_loads() -> None:
    cat = rulespec.catalogue("duck-and-cover")
    assert cat.game == "duck-and-cover" and cat.title == "Duck & Cover"
    assert len(cat) > 20 and len(rulespec.clauses("duck-and-cover")) == len(cat)
    assert {lang for lang, _ in cat.sources} == set(LANGUAGES)
    assert "dc.move.cover" in cat and "dc.no.such" not in cat
    with pytest.raises(KeyError):
        rulespec.clause("dc.no.such")


def test_every_shipped_clause_is_complete() -> None:
    ids = [c.id for c in rulespec.clauses()]
    assert len(ids) == len(set(ids))
    prefixes = {"duck-and-cover": "dc.", "duo": "duo.", "canardage": "can."}
    for cat in catalogues():
        order = {s: k for k, s in enumerate(cat.sections)}
        assert [order[c.section] for c in cat] == sorted(order[c.section] for c in cat)
        for c in cat:
            assert c.game == cat.game and c.id.startswith(prefixes[cat.game]), c.id
            assert rulespec.clause(c.id) is c
            assert c.title and c.statement
            assert [t.language for t in c.texts] == list(LANGUAGES)
            for lang in LANGUAGES:
                local = c.text(lang)
                assert local.text.strip(), (c.id, lang)
                assert (local.locator is not None) == (c.source == "rulebook"), (c.id, lang)
            if c.status == "not-formalized":
                assert c.reason, c.id
            if c.source != "rulebook":
                assert c.source_note, c.id
