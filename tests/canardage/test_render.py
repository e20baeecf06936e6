"""Pictures of Canardage states: the line with its targets, Planqué cards and hidden
ducks, and the players' hands (backs where the viewer cannot see them)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, cast

import pytest

from rulespec import Record
from rulespec.canardage import Card, Phase, State, render
from tests.canardage.helpers import GAME, at, play

SVG = "{http://www.w3.org/2000/svg}"
LINE = "0* W 1/2 2 W* 0"
"""Targets on spaces 0 and 4; the 1 hides under the 2 on space 2."""
OTHERS = [["canarchie", "dispersion", "banzai"], ["palme-avant", "palme-arriere", "tu-louches"]]
OTHER_NAMES = ("Canarchie", "Dispersion", "Banzaï", "Palme avant", "Palme arrière", "Tu louches")


def table() -> State:
    """LINE with player 2's Planqué card on space 3; player 0 to play."""
    return at(LINE, ["pan", "en-joue", "a-couvert"], others=OTHERS, shelters={2: 3})


# -- reading the text ------------------------------------------------------------------


def line_rows(picture: str) -> dict[str, list[str]]:
    """The line's table: row label → the six cells, found under the space numbers."""
    lines = picture.splitlines()
    (spaces,) = [line for line in lines if line.startswith("space ")]
    centres = [m.start() for m in re.finditer(r"\d", spaces)]
    assert len(centres) == 6
    rows: dict[str, list[str]] = {}
    for line in lines[lines.index(spaces) + 1 :]:
        if not line.strip():
            break
        label = line.split()[0]
        cells = [""] * 6
        for m in re.finditer(r"\S+(?: \S+)*", line[10:]):
            for i, c in enumerate(centres):
                if m.start() + 10 <= c < m.end() + 10:
                    cells[i] = m.group()
        rows[label] = cells
    return rows


def player_line(picture: str, player: int) -> str:
    """A player's line and its continuation lines."""
    lines = picture.splitlines()
    for i, line in enumerate(lines):
        if re.match(rf"[▶ ] Player {player}\b", line):
            out = [line]
            for x in lines[i + 1 :]:
                if not x.startswith("     "):
                    break
                out.append(x)
            return "\n".join(out)
    raise AssertionError(f"no player {player} in\n{picture}")


def hand_of(player: str) -> str:
    """The hand column of a player's lines (after their ducks lost)."""
    return re.split(r"\d of 5(?:, out)? +", player, maxsplit=1)[1]


# -- reading the SVG -------------------------------------------------------------------


def cls(element: ET.Element, name: str) -> bool:
    return name in element.get("class", "").split()


def groups(root: ET.Element, name: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls(g, name)]


def spaces_of(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-space", "-1")): g for g in groups(root, "space")}


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


# -- text ------------------------------------------------------------------------------


@pytest.mark.clause("can.view.hidden-duck")
def test_text_shows_the_line_front_first_with_targets_shelters_and_hidden_ducks() -> None:
    for picture in (render.text(table()), render.text(GAME.view(table(), 1))):
        rows = line_rows(picture)
        assert rows["card"] == ["duck P0", "water", "duck P2", "duck P2", "water", "duck P0"]
        assert rows["target"] == ["⊕", "", "", "", "⊕", ""]
        assert rows["hidden"] == ["", "", "duck P1", "", "", ""]
        assert rows["planqué"] == ["", "", "", "P2", "", ""]


def test_text_leaves_out_empty_rows() -> None:
    rows = line_rows(render.text(at("0 W 1 2 W 0", ["pan", "pan", "pan"])))
    assert sorted(rows) == ["card", "target"]
    assert rows["target"] == [""] * 6


@pytest.mark.clause("can.view.hidden")
def test_a_views_text_shows_its_own_hand_and_backs_for_the_others() -> None:
    picture = render.text(GAME.view(table(), 0))
    assert player_line(picture, 0).endswith("  En joue · Pan · À couvert")
    assert "Player 0 (you)" in picture
    for p in (1, 2):
        assert player_line(picture, p).endswith("  ▒ ▒ ▒")
    assert not any(name in picture for name in OTHER_NAMES)


def test_the_full_states_text_shows_every_hand_in_the_canonical_order() -> None:
    picture = render.text(table())
    assert player_line(picture, 1).endswith("  Banzaï · Canarchie · Dispersion")
    assert player_line(picture, 2).endswith("  Tu louches · Palme arrière · Palme avant")


def test_text_wraps_long_hands_between_cards_within_eighty_columns() -> None:
    hand = ["rectifier-gauche", "rectifier-droite", "en-avant-marche"]
    picture = render.text(at("0 W 1 2 W 0", hand))
    assert all(len(line) <= 80 for line in picture.splitlines())
    names = re.split(r" · | ·\n\s+", hand_of(player_line(picture, 0)))
    assert names == ["Rectifier le tir à gauche", "Rectifier le tir à droite", "En avant marche"]


def test_text_heads_the_players_columns_with_ducks_lost_and_hand() -> None:
    lines = render.text(table()).splitlines()
    head = next(i for i, line in enumerate(lines) if "ducks lost" in line)
    assert lines[head].split() == ["ducks", "lost", "hand"]
    row = lines[head + 1]
    assert row.startswith("▶ Player 0 ")
    assert row.index("0 of 5") == lines[head].index("ducks lost")
    assert row.index("En joue") == lines[head].index("hand")


def test_text_shows_the_player_on_turn_the_shot_ducks_and_the_piles() -> None:
    s = at(LINE, ["pan"] * 3, turn=1, shot=[2, 0, 1], played=["pan", "en-joue"], seen=2)
    picture = render.text(s)
    assert picture.splitlines()[0] == "Canardage · Player 1 to play"
    assert player_line(picture, 1).startswith("▶ Player 1 ")
    assert player_line(picture, 0).startswith("  Player 0 ")
    assert "  2 of 5  " in player_line(picture, 0) and "  1 of 5  " in player_line(picture, 2)
    # 15 ducks − 3 shot + 5 water = 17 cards, 7 of them in the line; the bottom two seen.
    assert f"Duck deck 10 (known bottom: {' '.join(render._duck(c) for c in s.deck[-2:])})" in (
        picture.replace("\n", " ")
    )
    assert "played 2 (last: En joue)" in picture


@pytest.mark.clause("can.end.winner", "can.end.out")
def test_text_of_a_finished_game_names_the_winner_and_the_players_with_no_duck() -> None:
    # Player 0 is out but still plays; their Pan shoots player 1's last duck.
    s = at("1* W W W W 2", ["pan", "pan", "pan"], shot=[5, 4, 0])
    over = play(s, Card.PAN, 0)
    assert over.phase is Phase.OVER
    picture = render.text(over)
    assert picture.splitlines()[0] == "Canardage · game over · won by Player 2"
    assert "  5 of 5, none left  " in player_line(picture, 0)
    assert "  5 of 5, none left  " in player_line(picture, 1)
    assert ", out" not in picture
    assert "▶" not in picture


def test_text_before_the_deal_lists_the_players_only() -> None:
    picture = render.text(GAME.new_game(4))
    assert picture.splitlines()[0] == "Canardage · waiting for the deal"
    assert "space" not in picture and "Player 3" in picture


# -- SVG -------------------------------------------------------------------------------


def test_svg_draws_six_spaces_each_card_labelled_with_its_colour() -> None:
    root = ET.fromstring(render.svg(table()))
    spaces = spaces_of(root)
    assert sorted(spaces) == [0, 1, 2, 3, 4, 5]
    assert len(groups(root, "card")) == 7  # six spaces and the hidden duck
    tops = []
    for i in range(6):
        shown = [g for g in groups(spaces[i], "card") if not cls(g, "hidden")]
        assert len(shown) == 1
        tops.append(shown[0].get("data-colour"))
        labels = [t.text for t in shown[0].iter(f"{SVG}text") if cls(t, "colour")]
        colour = tops[-1]
        assert labels == (["water"] if colour == "water" else [f"P{colour}"])
    assert tops == ["0", "water", "2", "2", "water", "0"]


@pytest.mark.clause("can.view.hidden-duck")
def test_svg_draws_the_hidden_duck_under_its_cover_in_views_too() -> None:
    for picture in (render.svg(table()), render.svg(GAME.view(table(), 0))):
        root = ET.fromstring(picture)
        hidden = [(int(sp), g) for sp, s in spaces_of(root).items() for g in groups(s, "hidden")]
        assert [(sp, g.get("data-colour")) for sp, g in hidden] == [(2, "1")]
        assert "P1" in texts(hidden[0][1])


def test_svg_puts_target_and_planque_markers_on_their_spaces() -> None:
    root = ET.fromstring(render.svg(table()))
    spaces = spaces_of(root)
    targets = {i for i, sp in spaces.items() for _ in groups(sp, "target")}
    assert targets == {0, 4}
    assert [g.get("data-space") for g in groups(root, "target")] == ["0", "4"]
    planque = [(i, g.get("data-player")) for i, sp in spaces.items() for g in groups(sp, "planque")]
    assert planque == [(3, "2")]
    assert len(groups(root, "planque")) == 1


@pytest.mark.clause("can.action.rectifier-gauche")
def test_svg_shows_a_target_where_rectifier_a_gauche_moves_it() -> None:
    # « Rectifier le tir à gauche » moves the target one space towards the front.
    s = play(at("0 W 1* 2 W 0", ["rectifier-gauche", "pan", "pan"]), Card.RECTIFIER_GAUCHE, 2)
    root = ET.fromstring(render.svg(s))
    assert [g.get("data-space") for g in groups(root, "target")] == ["1"]


@pytest.mark.clause("can.action.a-couvert", "can.line.close-up")
def test_svg_shows_the_pair_that_a_couvert_makes() -> None:
    # Player 0's duck on space 0 slides under player 1's duck on space 1; the line closes up.
    s = play(at("0 1 W 2 W 0", ["a-couvert", "pan", "pan"]), Card.A_COUVERT, 0, 1)
    root = ET.fromstring(render.svg(s))
    front = spaces_of(root)[0]
    assert [g.get("data-colour") for g in groups(front, "hidden")] == ["0"]
    cover = [g for g in groups(front, "card") if not cls(g, "hidden")]
    assert [g.get("data-colour") for g in cover] == ["1"]
    assert [g.get("data-colour") for g in groups(spaces_of(root)[1], "card")] == ["water"]


@pytest.mark.clause("can.action.planque")
def test_svg_shows_a_planque_card_just_played_on_its_space() -> None:
    s = play(at("0 W 1 2 W 0", ["planque", "pan", "pan"]), Card.PLANQUE, 2)
    root = ET.fromstring(render.svg(s))
    marks = groups(root, "planque")
    assert [(g.get("data-space"), g.get("data-player")) for g in marks] == [("2", "0")]
    assert "Planqué" in texts(marks[0]) and "P0" in texts(marks[0])


@pytest.mark.clause("can.view.hidden")
def test_a_views_svg_shows_other_hands_as_backs() -> None:
    root = ET.fromstring(render.svg(GAME.view(table(), 0)))
    cards = groups(root, "action-card")
    own = [g.get("data-card") for g in cards if g.get("data-player") == "0"]
    assert own == ["en-joue", "pan", "a-couvert"]
    for p in ("1", "2"):
        theirs = [g for g in cards if g.get("data-player") == p]
        assert len(theirs) == 3 and all(
            cls(g, "back") and g.get("data-card") is None for g in theirs
        )
    assert not any(name in t for t in texts(root) for name in OTHER_NAMES)
    full = ET.fromstring(render.svg(table()))
    assert len([g for g in groups(full, "action-card") if not cls(g, "back")]) == 9


def test_svg_shows_shot_ducks_per_player() -> None:
    root = ET.fromstring(render.svg(at(LINE, ["pan"] * 3, shot=[2, 0, 1])))
    rows = {g.get("data-player"): g for g in groups(root, "player")}
    assert [len(groups(rows[p], "shot")) for p in ("0", "1", "2")] == [2, 0, 1]
    alive = [[c for c in rows[p].iter(f"{SVG}circle") if cls(c, "alive")] for p in ("0", "1", "2")]
    assert [len(a) for a in alive] == [3, 5, 4]


def test_svg_of_every_state_of_a_seeded_game_matches_its_line() -> None:
    states = list(Record.play(GAME, 4, seed=3).states())
    for state in states:
        root = ET.fromstring(render.svg(state))
        if state.line:
            spaces = spaces_of(root)
            for i, stack in enumerate(state.line):
                cards = groups(spaces[i], "card")
                assert len(cards) == len(stack)
                shown = next(g for g in cards if not cls(g, "hidden")).get("data-colour")
                assert shown == ("water" if stack[-1] == 6 else str(stack[-1]))
            empty = [r for r in root.iter(f"{SVG}rect") if cls(r, "empty")]
            assert len(empty) == 6 - len(state.line)
            assert sorted(int(g.get("data-space", "-1")) for g in groups(root, "target")) == list(
                state.targets
            )
    assert len(states) > 10 and GAME.is_over(states[-1])


def test_svg_size_sets_the_width() -> None:
    root = ET.fromstring(render.svg(table(), size=500))
    assert root.get("width") == "500"


def test_states_show_as_svg_in_notebooks() -> None:
    state = table()
    assert cast(Any, state)._repr_svg_() == render.svg(state)


# -- the line alone ----------------------------------------------------------------------


def test_line_svg_draws_the_line_of_the_state_and_nothing_else() -> None:
    root = ET.fromstring(render.line_svg(table()))
    spaces = spaces_of(root)
    assert sorted(spaces) == list(range(6))
    shown = [
        next(g for g in groups(spaces[i], "card") if not cls(g, "hidden")).get("data-colour")
        for i in range(6)
    ]
    assert shown == ["0", "water", "2", "2", "water", "0"]
    assert [g.get("data-colour") for g in groups(spaces[2], "hidden")] == ["1"]
    assert [g.get("data-space") for g in groups(root, "target")] == ["0", "4"]
    assert [(g.get("data-space"), g.get("data-player")) for g in groups(root, "planque")] == [
        ("3", "2")
    ]
    assert groups(root, "player") == [] and groups(root, "action-card") == []
    assert texts(groups(root, "duck-deck")[0])[-1] == str(len(table().deck))


def test_line_svg_fits_a_phone_column_with_readable_words_in_the_readers_language() -> None:
    from rulespec.drawing.svg import smallest_text
    from rulespec.i18n import translation

    picture = render.line_svg(table(), tr=translation("fr"))
    root = ET.fromstring(picture)
    # Shown at 10 px, its smallest words keep the picture within a 320 px column.
    assert float(root.get("width", "0")) * 10 / (smallest_text(picture) or 1) <= 320
    assert "pile de départ" in texts(root) and "duck deck" not in picture
    assert render.line_svg(table(), size=200).count('width="200"') == 1
