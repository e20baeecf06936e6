"""Pictures of Duck & Cover states: the text and the SVG show what lies face up, and
only that."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any, cast

import pytest

from rulespec import Record
from rulespec.core.chance import CHANCE
from rulespec.duck_cover import MAX, REPEAT, Cover, Duck, Give, Options, Phase, State, render
from tests.duck_cover.helpers import DC, SPLASH, play

# Player 0: the 9 lies under the 5 and the 11 under the 10; holes at (1, 1) and (2, 2).
HOLES = """
 9/5     1  2  3
   4     .  6  7
   8 11/10  . 12
"""
HOLES_CELLS: dict[tuple[int, int], tuple[int, int]] = {
    (0, 0): (5, 1),
    (1, 0): (1, 0),
    (2, 0): (2, 0),
    (3, 0): (3, 0),
    (0, 1): (4, 0),
    (2, 1): (6, 0),
    (3, 1): (7, 0),
    (0, 2): (8, 0),
    (1, 2): (10, 1),
    (3, 2): (12, 0),
}
"""HOLES read by hand: place → (visible card, cards covered beneath)."""

# Player 1: ten cards under the 1, and the 2 beside it.
TALL = "3/4/5/6/7/8/9/10/11/12/1 2"
TALL_CELLS: dict[tuple[int, int], tuple[int, int]] = {(0, 0): (1, 10), (1, 0): (2, 0)}

IDENTITY = "1 2 3 4\n5 6 7 8\n9 10 11 12"
SVG = "{http://www.w3.org/2000/svg}"
SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def block(picture: str, player: int, you: bool = False) -> list[str]:
    """The lines of ``player``'s grid in the text, cut out of the band that holds it."""
    lines = picture.splitlines()
    head = f"Player {player}" + (" (you)" if you else "")
    for i, line in enumerate(lines):
        if re.search(rf"{re.escape(head)}(?!\d)", line):
            start = line.index(head)
            nxt = re.search(r"Player \d", line[start + len(head) :])
            end = start + len(head) + nxt.start() if nxt else None
            out = []
            for row in lines[i + 1 :]:
                if not row.strip():
                    break
                out.append(row[start:end])
            return out
    raise AssertionError(f"no {head!r} in\n{picture}")


def read_grid(rows: list[str]) -> dict[tuple[int, int], tuple[int, int, bool]]:
    """Parse a grid of the text: place → (visible card, covered depth, called)."""
    assert rows[0].startswith("col ")
    columns = [int(c) for c in rows[0].split()[1:]]
    cells: dict[tuple[int, int], tuple[int, int, bool]] = {}
    for row in rows[1:]:
        if not row.strip():
            continue  # a taller grid beside this one
        match = re.match(r"(?:row|\s*) +(-?\d+)(.*)", row)
        assert match is not None, row
        r = int(match.group(1))
        tokens = match.group(2).split()
        assert len(tokens) <= len(columns), row
        for c, token in zip(columns, tokens, strict=False):
            if token == "·":
                continue
            called = token.startswith(">")
            digits = re.fullmatch(r">?(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]*)", token)
            assert digits is not None, token
            depth = digits.group(2).translate(SUPERSCRIPTS)
            cells[(c, r)] = (int(digits.group(1)), int(depth or 0), called)
    return cells


def grids_of(root: ET.Element) -> dict[int, ET.Element]:
    return {int(g.get("data-player", "-1")): g for g in root.iter(f"{SVG}g") if cls(g, "grid")}


def cls(element: ET.Element, name: str) -> bool:
    return name in element.get("class", "").split()


def cards_of(grid: ET.Element) -> list[ET.Element]:
    return [g for g in grid.iter(f"{SVG}g") if cls(g, "card")]


def numbers_in(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text") if cls(t, "number")]


def all_texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def place(card: ET.Element) -> tuple[int, int]:
    c, r = card.get("data-position", "").split(",")
    return int(c), int(r)


def holes_state(card: int = 10, **kwargs: object) -> State:
    state: State = DC.position([HOLES, TALL], card=card, **kwargs)  # type: ignore[arg-type]
    return state


# -- text ------------------------------------------------------------------------------


def test_text_shows_each_visible_card_in_its_place_with_its_covered_depth() -> None:
    picture = render.text(holes_state())
    p0 = read_grid(block(picture, 0))
    p1 = read_grid(block(picture, 1))
    assert {k: v[:2] for k, v in p0.items()} == HOLES_CELLS
    assert {k: v[:2] for k, v in p1.items()} == TALL_CELLS
    assert "¹⁰" in "".join(block(picture, 1))  # a two-digit depth


@pytest.mark.clause("dc.view.hidden")
def test_text_hides_covered_cards_in_states_and_views() -> None:
    state = holes_state()
    for picture in (render.text(state), render.text(DC.view(state, 1))):
        grid0 = " ".join(block(picture, 0)[1:])
        assert not re.search(r"(?<!\d)(9|11)(?!\d)", grid0)  # the covered 9 and 11
        grid1 = " ".join(block(picture, 1, you="(you)" in picture)[1:])
        for covered in range(3, 13):
            assert not re.search(rf"(?<![\d-]){covered}(?!\d)", grid1), covered


def test_text_marks_the_called_card_and_nothing_where_it_is_covered() -> None:
    picture = render.text(holes_state(card=10))
    p0 = read_grid(block(picture, 0))
    p1 = read_grid(block(picture, 1))
    assert [k for k, v in p0.items() if v[2]] == [(1, 2)]
    assert not any(v[2] for v in p1.values())  # player 1's 10 is covered: « Coin »


@pytest.mark.clause("dc.special.max")
def test_text_marks_each_players_highest_visible_card_under_max() -> None:
    picture = render.text(holes_state(card=MAX))
    assert "card in play: Max (each player moves their highest visible card)" in picture
    p0 = read_grid(block(picture, 0))
    p1 = read_grid(block(picture, 1))
    assert [k for k, v in p0.items() if v[2]] == [(3, 2)]  # the 12
    assert [k for k, v in p1.items() if v[2]] == [(1, 0)]  # the 2 beats the 1


@pytest.mark.clause("dc.special.repeat")
def test_text_says_what_a_repeat_calls() -> None:
    picture = render.text(holes_state(card=REPEAT, previous=7))
    assert "card in play: Repeat (calls 7 again: the last call repeats)" in picture
    assert [k for k, v in read_grid(block(picture, 0)).items() if v[2]] == [(3, 1)]


def test_text_shows_the_piles_the_discard_zone_and_hides_the_captain_pile_below_its_top() -> None:
    state = holes_state(card=10, captain_pile=(3, 7), discard_zone=(MAX,))
    first, piles = render.text(state).splitlines()[:2]
    assert first == "Duck & Cover · round 1 of 3 · card in play: 10"
    # 26 draw cards − the 10 in play − two on the Captain pile − one discard; 11 − 2 players.
    assert piles == "Draw pile 22 · Captain pile 2, top 7 · discards 1/9: Max"


@pytest.mark.clause("dc.view.simultaneous")
def test_only_the_full_state_and_the_actor_see_a_submitted_action() -> None:
    state = holes_state(card=10, submitted=[Duck(0, (2, 2)), None])
    assert "Acted: Player 0: Duck (2, 2)" in render.text(state)
    assert "Acted: Player 0 (you): Duck (2, 2)" in render.text(DC.view(state, 0))
    other = render.text(DC.view(state, 1))
    assert "Acted: Player 0\n" in other and "Duck (" not in other and "(2, 2)" not in other


def test_text_of_three_grids_fits_eighty_columns_side_by_side_and_a_fourth_wraps() -> None:
    covered = "1/2 3 4 5\n6 7 8 9\n10 11 12"
    picture = render.text(DC.position([covered] * 4, card=1))
    assert all(len(line) <= 80 for line in picture.splitlines())
    heads = [line for line in picture.splitlines() if line.startswith("Player ")]
    assert len(heads) == 2 and all(f"Player {p}" in heads[0] for p in range(3))
    assert heads[1].strip() == "Player 3"


def test_grids_side_by_side_share_their_rows_and_cell_widths() -> None:
    # Player 1 has a row above row 0 and a covered card; player 0 has neither.
    state = DC.position([IDENTITY, "1/2 . . .\n3 4 5 6\n7 8 9 10\n11 12"], card=5)
    lines = block(render.text(state), 0)
    others = block(render.text(state), 1)
    assert [line.split()[0] for line in lines[:2]] == ["col", "row"]
    assert lines[1].split()[:2] == others[1].split()[:2] == ["row", "0"]
    assert len(lines) == len(others)  # the same rows: row 3 is empty in player 0's grid
    # The columns stand at the same offsets in both grids.
    assert lines[0].index(" 0") == others[0].index(" 0")
    assert (
        lines[0][lines[0].index(" 0") :].split() == others[0][others[0].index(" 0") :].split()[:4]
    )
    assert lines[0].index(" 3") == others[0].index(" 3")


def test_grids_too_wide_for_one_band_wrap_and_stay_readable() -> None:
    wide = "1 2 3 4 5 6 7 8 9 10 11 12"  # one row of twelve
    picture = render.text(DC.position([wide] * 4, card=1))
    assert all(len(line) <= 80 for line in picture.splitlines())
    for p in range(4):
        cells = read_grid(block(picture, p))
        assert cells == {(c, 0): (c + 1, 0, c == 0) for c in range(12)}


@pytest.mark.clause("dc.game.winner", "dc.score.sign")
def test_text_of_a_finished_game_names_the_lowest_total_and_shows_the_scores() -> None:
    # Third round; player 0's 2 covers their other stack: a single stack ends the game.
    state = DC.position(
        ["1/3/4/5/6/7/8/9/10/11/12 2", IDENTITY],
        card=2,
        round=2,
        round_scores=[[5, 0], [5, 0]],
    )
    state = play(state, Cover(0, (0, 0)), Cover(1, (0, 0)))
    assert state.phase is Phase.OVER
    picture = render.text(state)
    assert picture.splitlines()[0] == "Duck & Cover · game over · won by Player 0"
    # Player 0: a single stack topped by the 2 (1 splash) scores −1; player 1's eleven
    # visible cards 2–12 score 30 splashes.
    rows = [line.split() for line in picture.splitlines()[-5:]]
    assert rows == [
        ["Scores", "P0", "P1", "(lowest", "total", "wins)"],
        ["round", "1", "5", "0"],
        ["round", "2", "5", "0"],
        ["round", "3", "-1", "30"],
        ["total", "9", "30"],
    ]


def test_text_during_a_round_shows_the_splashes_each_grid_shows_now() -> None:
    # Player 0 shows 1–12 (30 splashes); player 1 the 12 (5) and the 2 (1).
    state = DC.position(
        [IDENTITY, "1/3/4/5/6/7/8/9/10/11/12 2"], card=5, round=1, round_scores=[[4, 7]]
    )
    rows = [line.split() for line in render.text(state).splitlines() if line.strip()][-4:]
    assert rows[:3] == [["round", "1", "4", "7"], ["showing", "30", "6"], ["total", "4", "7"]]
    assert rows[3][0] == "(showing:"


def test_text_before_the_deal_has_no_grids() -> None:
    picture = render.text(DC.new_game(3))
    assert "waiting for the deal" in picture and "Player" not in picture


# -- SVG -------------------------------------------------------------------------------


def test_svg_draws_one_card_per_stack_with_its_number_place_and_depth() -> None:
    root = ET.fromstring(render.svg(holes_state()))
    grids = grids_of(root)
    assert sorted(grids) == [0, 1]
    for p, expected in ((0, HOLES_CELLS), (1, TALL_CELLS)):
        cards = cards_of(grids[p])
        assert len(cards) == len(expected)
        got = {place(c): (int(numbers_in(c)[0]), int(c.get("data-covered", "-1"))) for c in cards}
        assert got == expected
        assert all(len(numbers_in(c)) == 1 for c in cards)


def test_svg_draws_one_edge_per_covered_card_and_never_its_number() -> None:
    state = holes_state()
    for picture in (render.svg(state), render.svg(DC.view(state, 0))):
        grids = grids_of(ET.fromstring(picture))
        for p, covered_cards in ((0, {"9", "11"}), (1, {str(c) for c in range(3, 13)})):
            edges = [r for r in grids[p].iter(f"{SVG}rect") if cls(r, "covered")]
            assert len(edges) == len(covered_cards)
            assert not covered_cards & set(all_texts(grids[p]))


def test_svg_marks_empty_places_between_stacks() -> None:
    grids = grids_of(ET.fromstring(render.svg(holes_state())))
    empty = [r.get("data-position", "") for r in grids[0].iter(f"{SVG}rect") if cls(r, "empty")]
    assert sorted(empty) == ["1,1", "2,2"]
    assert not [r for r in grids[1].iter(f"{SVG}rect") if cls(r, "empty")]


@pytest.mark.clause("dc.cards.splashes")
def test_svg_draws_one_drop_per_splash_from_the_games_table() -> None:
    grids = grids_of(ET.fromstring(render.svg(holes_state())))
    for card in cards_of(grids[0]):
        n = int(numbers_in(card)[0])
        drops = [c for c in card.iter(f"{SVG}circle") if cls(c, "splash")]
        assert len(drops) == SPLASH[n], n
    table = (1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0)
    state = DC.position([HOLES, TALL], card=10, options=Options(splashes=table))
    for card in cards_of(grids_of(ET.fromstring(render.svg(state)))[0]):
        n = int(numbers_in(card)[0])
        assert len([c for c in card.iter(f"{SVG}circle") if cls(c, "splash")]) == table[n - 1]


@pytest.mark.clause("dc.special.max")
def test_svg_marks_the_called_cards() -> None:
    for card, expected in ((10, {(0, (1, 2))}), (MAX, {(0, (3, 2)), (1, (1, 0))})):
        grids = grids_of(ET.fromstring(render.svg(holes_state(card=card))))
        called = {(p, place(c)) for p, g in grids.items() for c in cards_of(g) if cls(c, "called")}
        assert called == expected


def test_svg_labels_each_grid_and_the_viewer() -> None:
    state = holes_state()
    grids = grids_of(ET.fromstring(render.svg(DC.view(state, 1))))
    assert "Player 0" in all_texts(grids[0])
    assert "Player 1 (you)" in all_texts(grids[1])


@pytest.mark.clause("dc.view.simultaneous")
def test_svg_shows_who_acted_but_not_how() -> None:
    state = holes_state(card=10, submitted=[Duck(0, (2, 2)), None])
    root = ET.fromstring(render.svg(DC.view(state, 1)))
    assert "Player 0 ✓ acted" in all_texts(grids_of(root)[0])
    assert not any("Duck (" in t or "(2, 2)" in t for t in all_texts(root))


def test_svg_size_sets_the_width_and_keeps_the_ratio() -> None:
    root = ET.fromstring(render.svg(holes_state(), size=300))
    _, _, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert float(root.get("width", "0")) == 300
    assert float(root.get("height", "0")) == pytest.approx(300 * h / w, abs=0.01)


def test_svg_of_every_state_of_a_seeded_game_matches_its_grids() -> None:
    """An independent count: visible tops and covered cards read from the state's stacks."""
    states = list(Record.play(DC, 3, seed=5, steps=119).states())
    assert len(states) == 120
    for state in states:
        root = ET.fromstring(render.svg(state))
        grids = grids_of(root)
        for p, grid in enumerate(state.grids):
            tops = sorted(str(stack[-1]) for _, stack in grid.cells)
            assert sorted(numbers_in(grids[p])) == tops
            edges = [r for r in grids[p].iter(f"{SVG}rect") if cls(r, "covered")]
            assert len(edges) == sum(len(stack) - 1 for _, stack in grid.cells)


def test_svg_before_the_deal_is_valid_and_empty() -> None:
    root = ET.fromstring(render.svg(DC.new_game(2)))
    assert grids_of(root) == {} and root.tag == f"{SVG}svg"


def test_states_show_as_svg_in_notebooks() -> None:
    state = holes_state()
    assert cast(Any, state)._repr_svg_() == render.svg(state)


@pytest.mark.clause("dc.variant.low-blows.left")
def test_text_names_the_ducks_given_by_their_number_and_giver() -> None:
    state = DC.new_game(3, Options(low_blows=True))
    rng = random.Random(4)
    while not (state.phase is Phase.TURN and state.gifting):
        movers = DC.to_move(state)
        if movers == (CHANCE,):
            state = DC.apply(state, DC.sample_chance(state, rng))
        else:
            state = DC.apply(state, DC.legal_actions(state, movers[0])[0])
    gives = [DC.legal_actions(state, p)[0] for p in range(3)]
    assert all(isinstance(give, Give) for give in gives)
    taken = [DC.view(state, p).grids[p] for p in range(3)]
    state = play(state, *gives)
    line = next(x for x in render.text(state).splitlines() if x.startswith("Ducks to place"))
    for p, give in enumerate(gives):
        assert isinstance(give, Give)
        top = {st.position: st.top for st in taken[p].stacks}[give.at]
        receiver = (p + 1) % 3
        assert f"Player {receiver} the {top % 100} of player {p}" in line
    place = DC.legal_actions(state, 1)[0]
    assert render.move(state, place).startswith(f"place the {state.gifts[1] % 100} received at ")
