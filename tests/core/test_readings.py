"""The alternatives of the catalogues' interpretations: each marked, the executable ones
naming real options of their game; the readings an engine declares, and the errors of
:func:`rulespec.reading_options`."""

from __future__ import annotations

import pytest

import rulespec
from rulespec import CatalogueError, ReadingError, reading_options, readings
from rulespec.rulebook.clauses import Alternative, catalogues, load_catalogue
from tests.core.test_clauses import HEAD, clause_toml

GAME_IDS = [cat.game for cat in catalogues()]


def _alternatives() -> list[tuple[str, str, int, Alternative]]:
    return [
        (cat.game, c.id, number, alt)
        for cat in catalogues()
        for c in cat
        if c.interpretation is not None
        for number, alt in enumerate(c.interpretation.alternatives, 1)
    ]


def test_every_interpretation_lists_its_alternatives_as_marked_tables() -> None:
    found = _alternatives()
    assert len(found) >= 95
    assert all(isinstance(alt.changes_play, bool) and alt.text for *_, alt in found)
    # some change no play, most do, a few are executable
    assert any(not alt.changes_play for *_, alt in found)
    assert sum(alt.executable for *_, alt in found) >= 8


@pytest.mark.parametrize(
    ("game_id", "clause_id", "name"),
    [(g, r.clause, r.name) for g in GAME_IDS for r in readings(g)],
)
def test_each_executable_alternative_names_real_options_that_change_the_game(
    game_id: str, clause_id: str, name: str
) -> None:
    g = rulespec.game(game_id)
    assert rulespec.clause(clause_id).game == game_id
    data = reading_options(g.id, clause_id, name)
    options = g.decode_options(data)  # a real option of the game, with a value it takes
    assert options != g.default_options()
    assert g.encode_options(options) == data  # written back as the catalogue gives it
    data["changed"] = True  # a copy: the catalogue's own stays as it was
    assert "changed" not in reading_options(g.id, clause_id, name)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_readings_list_every_executable_alternative_once(game_id: str) -> None:
    listed = readings(game_id)
    executable = [
        (cid, alt.name) for g, cid, _, alt in _alternatives() if g == game_id and alt.executable
    ]
    assert [(r.clause, r.name) for r in listed] == executable
    assert len({r.declared for r in listed}) == len(listed)
    for r in listed:
        assert r.declared == f"{r.clause}={r.name}"
        assert dict(r.option) == reading_options(game_id, r.clause, r.name)


def test_the_readings_of_canardage_are_those_its_options_play() -> None:
    assert [r.declared for r in readings("canardage")] == [
        "can.setup.action-deck=two-tireur-d-elite",
        "can.turn.draw=winner-draws",
        "can.action.en-joue=duck-space",
        "can.action.canarchie=unchanged-order",
        "can.action.palme-arriere=duck-neighbour",
        "can.action.palme-avant=duck-neighbour",
        "can.action.banzai=no-effect",
        "can.cover.forward=cover-first",
        "can.action.planque=own-duck",
        "can.planque.space=pan-spares-duck",
        "can.planque.space=no-shot",
    ]
    assert (
        rulespec.game("canardage")
        .decode_options(reading_options("canardage", "can.setup.action-deck", "two-tireur-d-elite"))
        .deck_size
        == 53
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("chess", "can.turn.draw", "x"), "no game 'chess' has a catalogue"),
        (("canardage", "can.turn.nothing", "x"), "can.turn.nothing: no clause of canardage"),
        (("canardage", "dc.move.cover", "x"), "dc.move.cover: no clause of canardage"),
        (("canardage", "can.action.pan", "x"), "can.action.pan: the clause registers no"),
        (
            ("canardage", "can.cover.forward", "cover-last"),
            "no reading 'cover-last' (known: cover-first",
        ),
        (("canardage", "can.cover.forward", "3"), "no reading '3'"),
        (("canardage", "can.setup.line", "1"), "reading 1 is not executable: it changes no play"),
        (
            ("canardage", "can.cover.forward", "2"),
            "reading 2 is not executable: no option plays it yet",
        ),
        (("duo", "duo.view.piles", "1"), "not executable: it changes no play"),
        (("duck-and-cover", "dc.special.max", "1"), "not executable: no option plays it yet"),
    ],
)
def test_a_reading_that_cannot_be_declared_is_refused_in_one_line(
    args: tuple[str, str, str], says: str
) -> None:
    with pytest.raises(ReadingError) as err:
        reading_options(*args)
    message = str(err.value)
    assert says in message and "\n" not in message
    assert isinstance(err.value, ValueError)


def test_an_executable_alternative_is_also_found_by_its_number() -> None:
    assert reading_options("canardage", "can.cover.forward", "1") == {"pair_order": "cover-first"}


def test_readings_of_an_unknown_game_are_refused() -> None:
    with pytest.raises(ReadingError, match="no game 'chess'"):
        readings("chess")


def _interpretation(alternatives: str) -> str:
    return HEAD + clause_toml(
        tail='[clause.interpretation]\nquestion = "q"\nreading = "r"\n'
        f"alternatives = [{alternatives}]\n"
    )


@pytest.mark.parametrize(
    ("alternatives", "place", "says"),
    [
        ('"a"', "alternatives[0]", "expected a table"),
        ('{ text = "a" }', "alternatives[0]", "missing changes_play"),
        ("{ changes_play = true }", "alternatives[0]", "missing text"),
        ('{ text = "a", changes_play = "yes" }', "alternatives[0].changes_play", "true or false"),
        ('{ text = "a", changes_play = true, why = "w" }', "alternatives[0]", "unknown key why"),
        (
            '{ text = "a", changes_play = true, option = { x = 1 } }',
            "alternatives[0]",
            "needs a name",
        ),
        ('{ text = "a", changes_play = true, name = "n" }', "alternatives[0].name", "only an"),
        (
            '{ text = "a", changes_play = false, name = "n", option = { x = 1 } }',
            "alternatives[0].option",
            "changes no play needs no option",
        ),
        (
            '{ text = "a", changes_play = true, name = "Cover First", option = { x = 1 } }',
            "alternatives[0].name",
            "not kebab-case",
        ),
        (
            '{ text = "a", changes_play = true, name = "n", option = 1 }',
            "alternatives[0].option",
            "table of options",
        ),
        (
            '{ text = "a", changes_play = true, name = "n", option = { x = 1 } }, '
            '{ text = "b", changes_play = true, name = "n", option = { x = 2 } }',
            "interpretation.alternatives",
            "'n' is used twice",
        ),
    ],
)
def test_a_malformed_alternative_is_refused_naming_its_place(
    alternatives: str, place: str, says: str
) -> None:
    with pytest.raises(CatalogueError) as err:
        load_catalogue(_interpretation(alternatives), "cat.toml")
    message = str(err.value)
    assert message.startswith("cat.toml: clause[0] (dc.move.cover).interpretation"), message
    assert place in message and says in message, message


def test_a_well_formed_alternative_loads_with_its_option() -> None:
    cat = load_catalogue(
        _interpretation(
            '{ text = "a", changes_play = false }, '
            '{ text = "b", changes_play = true, name = "b-side", option = { x = { y = [1] } } }'
        ),
        "cat.toml",
    )
    it = cat["dc.move.cover"].interpretation
    assert it is not None
    first, second = it.alternatives
    assert (first.executable, second.executable) == (False, True)
    assert it.alternative("b-side") is second
    assert second.options() == {"x": {"y": [1]}}
    with pytest.raises(TypeError):
        second.option["x"] = 2  # type: ignore[index]
    with pytest.raises(KeyError):
        it.alternative("c-side")
