"""Pictures of Duo states: the piles' tops, the hands (backs where the viewer cannot see
them) and the scores."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, cast

import pytest

from rulespec.drawing import svg as s
from rulespec.duo import Options, Phase, State, parse_card, render
from rulespec.duo.actions import Draw
from rulespec.duo.cards import BASE_DECK, TURBO, card_name
from rulespec.i18n import SITE_LANGUAGES, translation
from rulespec.sphinxext.examples import find
from tests.duo.helpers import DUO

SVG = "{http://www.w3.org/2000/svg}"
HAND0 = ["red-3-triangle", "blue-1-circle", "joker-2"]
HAND1 = ["joker-green", "yellow-4-cross"]
PILES = [["red-3-cross"], ["green-2-square"]]


def table(**kwargs: Any) -> State:
    state: State = DUO.position([HAND0, HAND1], PILES, **kwargs)
    return state


def player_line(picture: str, player: int) -> str:
    (line,) = [x for x in picture.splitlines() if re.match(rf"[▶ ] Player {player}\b", x)]
    return line


def cls(element: ET.Element, name: str) -> bool:
    return name in element.get("class", "").split()


def cards(root: ET.Element, owner: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls(g, "card") and g.get("data-owner") == owner]


def test_labels_read_colour_number_and_shape() -> None:
    expected = {
        "red-3-triangle": "R3▲",
        "blue-1-circle": "B1●",
        "yellow-2-square": "Y2■",
        "green-4-cross": "G4✚",
        "joker-blue": "J:B",
        "joker-4": "J:4",
        "joker-circle": "J:●",
        "turbo": "T*",
    }
    assert {n: render.label(parse_card(n)) for n in expected} == expected


def test_every_card_has_its_own_label() -> None:
    labels = [render.label(c) for c in (*BASE_DECK, TURBO)]
    assert len(set(labels)) == 77


@pytest.mark.clause("duo.view.hidden", "duo.view.piles")
def test_a_views_text_shows_its_hand_the_pile_tops_and_backs_for_the_others() -> None:
    picture = render.text(DUO.view(table(), 1))
    assert "Pile 0: R3✚ (1 card)" in picture and "Pile 1: G2■ (1 card)" in picture
    assert player_line(picture, 1).endswith("2 cards: Y4✚ J:G")  # hands are sorted
    assert player_line(picture, 0).endswith("3 cards: ▒ ▒ ▒")
    assert not any(x in picture for x in ("R3▲", "B1●", "J:2"))


def test_the_full_states_text_shows_every_hand_and_the_player_on_turn() -> None:
    picture = render.text(table())
    assert picture.splitlines()[0] == "Duo · round 1 · Player 0 to play"
    assert player_line(picture, 0).startswith("▶ Player 0")
    assert sorted(player_line(picture, 0).split(": ")[1].split()) == ["B1●", "J:2", "R3▲"]
    assert sorted(player_line(picture, 1).split(": ")[1].split()) == ["J:G", "Y4✚"]


def test_text_says_which_pile_this_turn_plays_on() -> None:
    s = DUO.position(
        [HAND0, HAND1], [["red-3-cross", "red-3-circle"], ["green-2-square"]], turn_pile=0
    )
    picture = render.text(s)
    assert picture.splitlines()[0] == "Duo · round 1 · Player 0 to play (playing on pile 0)"
    assert "Pile 0: R3● (2 cards) ◀ this turn" in picture


@pytest.mark.clause("duo.score.out", "duo.game.target")
def test_text_of_a_won_match_names_the_winner_and_totals_the_rounds() -> None:
    # Two players play to 10; player 0 has 9 and plays their last card, winning one point
    # per card left in player 1's hand (2).
    s = DUO.position([["red-3-circle"], HAND1], PILES, round=1, round_scores=[[9, 0]], turn=0)
    s = DUO.apply(s, DUO.legal_actions(s, 0)[0])
    assert s.phase is Phase.OVER
    picture = render.text(s)
    assert picture.splitlines()[0] == "Duo · match over · won by Player 0"
    rows = [line.split() for line in picture.splitlines()[-4:]]
    assert rows == [
        ["Scores", "P0", "P1"],
        ["round", "1", "9", "0"],
        ["round", "2", "2", "0"],
        ["total", "11", "0"],
    ]


def test_text_of_long_hands_wraps_within_eighty_columns() -> None:
    names = [
        f"{c}-{n}-{s}"
        for c in ("blue", "yellow")
        for n in (1, 2, 3)
        for s in ("circle", "square", "triangle", "cross")
    ]
    s = DUO.position([names, HAND1], PILES)
    picture = render.text(s)
    assert all(len(line) <= 80 for line in picture.splitlines())
    assert "24 cards:" in picture
    assert sorted(re.findall(r"[BY][123][●■▲✚]", picture)) == sorted(
        render.label(parse_card(n)) for n in names
    )


def test_svg_draws_each_hand_card_with_its_name_and_its_symbols() -> None:
    root = ET.fromstring(render.svg(table()))
    mine = cards(root, "player-0")
    assert sorted(g.get("data-card", "") for g in mine) == sorted(HAND0)
    for g in mine:
        name = g.get("data-card", "")
        texts = [t.text for t in g.iter(f"{SVG}text") if cls(t, "name")]
        assert texts == [render.corner(parse_card(name))]
    (triangle,) = [g for g in mine if g.get("data-card") == "red-3-triangle"]
    symbols = [e for e in triangle.iter() if cls(e, "symbol")]
    assert len(symbols) == 3 and all(e.tag == f"{SVG}polygon" for e in symbols)
    (circle,) = [g for g in mine if g.get("data-card") == "blue-1-circle"]
    assert [e.tag for e in circle.iter() if cls(e, "symbol")] == [f"{SVG}circle"]


def test_svg_shows_the_pile_tops() -> None:
    s = DUO.position([HAND0, HAND1], [["red-3-cross", "red-3-circle"], ["green-2-square"]])
    root = ET.fromstring(render.svg(s))
    assert [g.get("data-card") for g in cards(root, "pile-0")] == ["red-3-circle"]
    assert [g.get("data-card") for g in cards(root, "pile-1")] == ["green-2-square"]


@pytest.mark.clause("duo.view.hidden")
def test_a_views_svg_shows_other_hands_as_backs() -> None:
    root = ET.fromstring(render.svg(DUO.view(table(), 1)))
    theirs = cards(root, "player-0")
    assert len(theirs) == 3
    assert all(cls(g, "back") and g.get("data-card") is None for g in theirs)
    assert sorted(g.get("data-card", "") for g in cards(root, "player-1")) == sorted(HAND1)
    titles = [t.text or "" for t in root.iter(f"{SVG}title")]
    assert not any(name in t for t in titles for name in HAND0)


def test_svg_of_a_turbo_joker_and_a_deal() -> None:
    s = DUO.position([[*HAND0, "turbo"], HAND1], PILES, options=Options(turbo=True))
    root = ET.fromstring(render.svg(s))
    assert "turbo" in [g.get("data-card") for g in cards(root, "player-0")]
    fresh = ET.fromstring(render.svg(DUO.new_game(3)))
    assert not [g for g in fresh.iter(f"{SVG}g") if cls(g, "card")]


def test_svg_size_sets_the_width() -> None:
    root = ET.fromstring(render.svg(table(), size=320))
    assert root.get("width") == "320"


def test_states_show_as_svg_in_notebooks() -> None:
    state = table()
    assert cast(Any, state)._repr_svg_() == render.svg(state)


@pytest.mark.parametrize("lang", ["fr", "es", "de"])
def test_a_translated_picture_names_every_card_in_its_language(lang: str) -> None:
    state = DUO.position(
        [[*HAND0, "turbo", "joker-cross"], HAND1], PILES, options=Options(turbo=True)
    )
    tr = translation(lang)
    for picture in (render.svg(state, tr=tr), render.svg(state, tr=tr, width=s.NARROW)):
        root = ET.fromstring(picture)
        shown = [g for g in root.iter(f"{SVG}g") if cls(g, "card") and g.get("data-card")]
        titles = {g.get("data-card"): g.find(f"{SVG}title").text for g in shown}  # type: ignore[union-attr]
        assert len(titles) == 9
        # No card id, the English the code writes, is a title; each title is the card's.
        ids = {card_name(c) for c in (*BASE_DECK, TURBO)}
        assert not set(titles.values()) & ids
        assert titles["blue-1-circle"] == render.hover(parse_card("blue-1-circle"), tr)
        assert len(set(titles.values())) == len(titles)
    words = {"fr": "1 rond bleu", "es": "1 círculo azul", "de": "blaue 1 mit Kreis"}
    assert render.hover(parse_card("blue-1-circle"), tr) == words[lang]


def test_an_english_picture_names_each_card_by_its_id() -> None:
    root = ET.fromstring(render.svg(table()))
    for g in cards(root, "player-0"):
        assert g.find(f"{SVG}title").text == g.get("data-card")  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", SITE_LANGUAGES)
def test_a_cards_colour_is_a_mark_the_key_names_in_the_readers_language(lang: str) -> None:
    tr = translation(lang)
    root = ET.fromstring(render.svg(table(), tr=tr))
    corners = [t.text or "" for t in root.iter(f"{SVG}text") if cls(t, "name")]
    assert corners and not any(re.search(r"[A-Za-z]", c) for c in corners)
    marks = {c[0] for c in corners if c[0] in render.COLOUR_MARKS}
    assert marks == {"♥", "≈", "♣", "☀"}  # red, blue, green and yellow cards
    assert len(set(render.COLOUR_MARKS)) == 4
    (key,) = [g for g in root.iter(f"{SVG}g") if cls(g, "key")]
    said = "".join(key.itertext())
    names = {"en": "red", "fr": "rouge", "es": "rojo", "de": "rot"}
    yellow = {"en": "yellow", "fr": "jaune", "es": "amarillo", "de": "gelb"}
    assert f"♥ {names[lang]}" in said and f"☀ {yellow[lang]}" in said


def test_the_after_picture_of_a_draw_rings_the_card_drawn() -> None:
    _, example = find("duo-draw")
    assert isinstance(example.action, Draw)
    before, after = render.marks(example.before, example.action)
    drawn = example.before.draw_pile[0]
    assert not before and after == {(f"player-{example.action.player}", drawn)}
    table = example.after if example.view is None else DUO.view(example.after, example.view)
    root = ET.fromstring(render.svg(table, marked=after))
    ringed = [g for g in root.iter(f"{SVG}g") if cls(g, "moved")]
    assert [g.get("data-card") for g in ringed] == [card_name(drawn)]
    assert len([r for r in root.iter(f"{SVG}rect") if cls(r, "moved")]) == 1
