"""``rulespec play``: a game typed on a pseudo-terminal, as a person plays it.

Two games are played by the command in a process of its own on a real pseudo-terminal;
the others by the command in this process (:class:`Console`), which shows the same text.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.cli.arguments import seat_policies
from rulespec.cli.play import Words, opponents, render_text
from rulespec.duck_cover import MAX, REPEAT, Quack, position
from rulespec.rulebook.clauses import catalogues
from rulespec.tools.search import Search
from tests.cli.helpers import Console, Terminal, call, one_error_line

PROMPT = "Your move ("
ONE_MOVE = "Your move (one move: press Enter or type 1; ? help, q quit): "


@pytest.fixture(autouse=True)
def _no_console_left_open() -> Iterator[None]:
    yield
    Console.close_all()


def _human_turns(record: rulespec.Record, seat: int) -> Iterator[tuple[Any, Any]]:
    """(state, step) for each step the human took: the first step whenever they must act."""
    g = rulespec.game(record.game)
    state = g.new_game(record.players, record.options)
    for step in record.steps:
        if seat in g.to_move(state):
            yield state, step
        state = g.apply(state, step)


def test_a_whole_game_typed_on_a_terminal_with_bad_input_saves_a_record_that_verifies(
    tmp_path: Path,
) -> None:
    term = Terminal(
        [
            *("play", "duck-and-cover", "--players", "2", "--seed", "3"),
            *("--bot", "random", "--record", "game.json"),
        ],
        tmp_path,
    )
    blocks = [term.expect(PROMPT)]
    for bad, answer in [
        ("abc", "“abc” is not a number. Type the number of a move, from 1 to"),
        ("", "Type the number of a move, from 1 to"),
        ("0", "There is no move 0. Type the number of a move, from 1 to"),
        ("999", "There is no move 999. Type the number of a move, from 1 to"),
        ("2x", "“2x” is not a number"),
    ]:
        term.send(bad)
        reply = term.expect(PROMPT)
        assert answer in reply
        assert "Your legal moves" not in reply  # asked again, not a new turn
    term.send("1")
    while (block := term.prompt(PROMPT)) is not None:
        blocks.append(block)
        term.send("1")
    status, rest = term.finish()
    blocks.append(rest)
    assert status == 0, rest

    record = rulespec.Record.from_json((tmp_path / "game.json").read_text(encoding="utf-8"))
    dc = rulespec.game("duck-and-cover")
    final = record.replay()
    assert dc.is_over(final)
    turns = list(_human_turns(record, 0))
    assert len(turns) == len(blocks) - 1  # one prompt per decision of player 0
    text = render_text(dc)
    for (state, step), block in zip(turns, blocks, strict=False):
        # "1" is the first legal move, and the screen showed player 0's view, not the state.
        assert step == dc.legal_actions(state, 0)[0]
        assert text(dc.view(state, 0)) in block
        moves = dc.legal_actions(state, 0)
        listed = re.findall(r"^ +(\d+)\. ", block.split("Your legal moves:")[1], re.M)
        assert [int(n) for n in listed] == list(range(1, len(moves) + 1))
    scores = dc.scores(final)
    shown = ", ".join(f"Player {p}{' (you)' if p == 0 else ''} {s}" for p, s in enumerate(scores))
    assert f"Final scores: {shown}" in rest
    assert "Game record saved in game.json" in rest

    checked = call("verify", "game.json", "--json", cwd=tmp_path)
    assert checked.status == 0
    verdict = json.loads(checked.out)
    assert verdict["legal"] and verdict["over"]
    assert verdict["scores"] == list(scores)


def test_the_end_of_input_saves_the_game_so_far_and_exits_non_zero(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "duo", "--players", "3", "--seed", "5", "--record", "partial.json"], tmp_path
    )
    for _ in range(2):
        term.expect(PROMPT)
        term.send("1")
    term.expect(PROMPT)
    term.send_eof()
    status, rest = term.finish()
    assert status == 1
    assert "the input ended before the game did; the game so far is saved in partial.json" in rest
    record = rulespec.Record.from_json((tmp_path / "partial.json").read_text(encoding="utf-8"))
    duo = rulespec.game("duo")
    turns = list(_human_turns(record, 0))
    assert len(turns) == 2
    assert all(step == duo.legal_actions(state, 0)[0] for state, step in turns)
    checked = call("verify", "partial.json", "--json", cwd=tmp_path)
    assert checked.status == 0
    assert json.loads(checked.out)["over"] is False


def test_another_seat_and_a_chosen_move_number_then_q_stops(tmp_path: Path) -> None:
    term = Console(
        ["play", "canardage", "--players", "3", "--seat", "1", "--seed", "2", "--bot", "random"],
        tmp_path,
    )
    first = term.expect(PROMPT)
    count = int(re.findall(r"^ +(\d+)\. ", first, re.M)[-1])
    term.send(str(count))  # the last move listed
    term.expect(PROMPT)
    term.send("q")
    status, rest = term.finish()
    assert status == 1
    assert "you stopped the game; the game so far is saved in rulespec-canardage-2.json" in rest
    record = rulespec.Record.from_json(
        (tmp_path / "rulespec-canardage-2.json").read_text(encoding="utf-8")
    )
    can = rulespec.game("canardage")
    ((state, step),) = list(_human_turns(record, 1))
    moves = can.legal_actions(state, 1)
    assert len(moves) == count
    assert step == moves[count - 1]
    assert render_text(can)(can.view(state, 1)) in first


def test_bad_settings_are_one_line_errors(tmp_path: Path) -> None:
    for args, message in [
        (["--players", "2", "--seat", "2"], "--seat must be from 0 to 1, not 2"),
        (
            ["--bot", "clever"],
            "duck-and-cover has no policy 'clever' (known: random, search[:PLAYOUTS])",
        ),
        (["--players", "9"], "Duck & Cover is for 2 to 7 players, not 9"),
        (["--record", "no/such/folder/g.json"], "no folder 'no/such/folder'"),
    ]:
        result = call("play", "duck-and-cover", *args, cwd=tmp_path)
        assert result.status == 2
        assert message in one_error_line(result)
        assert not list(tmp_path.iterdir())  # nothing played, nothing saved


def _first_card(seed: int, players: int) -> int | None:
    """The first card in play of ``rulespec play duck-and-cover --seed SEED``: the deal is
    the first draw from the seeded generator."""
    dc = rulespec.game("duck-and-cover")
    state = dc.new_game(players)
    state = dc.apply(state, dc.sample_chance(state, random.Random(seed)))
    card: int | None = state.card
    return card


def _whole_game(term: Terminal, answer: str = "1") -> tuple[list[str], str]:
    """Answer every prompt with ``answer`` until the game ends: the blocks and the rest."""
    blocks = []
    while (block := term.prompt(PROMPT)) is not None:
        blocks.append(block)
        term.send(answer)
    status, rest = term.finish()
    assert status == 0, rest
    return blocks, rest


@pytest.mark.parametrize("card", [MAX, REPEAT])
def test_duck_and_cover_labels_the_grids_names_covered_cards_and_explains_max_and_repeat(
    tmp_path: Path, card: int
) -> None:
    seed = next(s for s in range(1000) if _first_card(s, 3) == MAX)
    if card == REPEAT:  # a Repeat first is discarded: find one second, after a number
        seed = next(s for s in range(5000) if _repeat_second(s))
    term = Console(["play", "duck-and-cover", "--players", "3", "--seed", str(seed)], tmp_path)
    first = term.expect(PROMPT)
    grids = [line for line in first.splitlines() if line.startswith("col ")]
    assert len(grids) == 1 and grids[0].count("col ") == 3  # three grids side by side
    rows = [line for line in first.splitlines() if re.match(r"(row|   ) +\d ", line)]
    assert [line.split()[:2] for line in rows][:1] == [["row", "0"]]
    # Every grid has the same cells: each "col" header stands at the same offsets.
    heads = [m.start() for m in re.finditer("col ", grids[0])]
    assert heads[1] - heads[0] == heads[2] - heads[1]
    assert "(lowest total wins)" in first and re.search(r"^showing +\d+ +\d+ +\d+$", first, re.M)
    covers = re.findall(r"cover the (\d+) at column (-?\d+), row (-?\d+)$", first, re.M)
    assert covers
    own = [line[: heads[1]] for line in first.split("Player 0 (you)")[1].splitlines()[2:5]]
    for number, column, row in covers:
        # The named card is the one on player 0's grid at that place (the deal's 4 × 3).
        cells = own[int(row)][7:].split()
        assert cells[int(column)].lstrip(">").rstrip("⁰¹²³⁴⁵⁶⁷⁸⁹") == number
    if card == MAX:
        assert "card in play: Max (each player moves their highest visible card)" in first
    else:
        term.send("1")
        second = term.expect(PROMPT)
        assert re.search(r"card in play: Repeat \(calls \d+ again: the last call repeats\)", second)
    term.send("q")
    assert term.finish()[0] == 1


def _repeat_second(seed: int) -> bool:
    dc = rulespec.game("duck-and-cover")
    state = dc.new_game(3)
    state = dc.apply(state, dc.sample_chance(state, random.Random(seed)))
    return state.card not in (MAX, REPEAT) and state.draw_pile[:1] == (REPEAT,)


def _ask(term: Terminal) -> str:
    """Everything up to the end of the next question."""
    return term.expect(PROMPT) + term.expect("quit): ")


def test_duo_names_cards_as_the_hand_does_shows_the_card_drawn_and_takes_enter_for_one_move(
    tmp_path: Path,
) -> None:
    term = Console(["play", "duo", "--players", "2", "--seed", "4"], tmp_path)
    first = _ask(term)
    assert "Key: colours B blue, R red, Y yellow, G green" in first
    assert "shapes ● circle, ■ square, ▲ triangle, ✚ cross" in first
    hand = re.search(r"Player 0 \(you\) +\d+ cards: (.*)", first)
    assert hand is not None
    played = re.findall(r"\d+\. play (\S+) on pile [01]$", first, re.M)
    assert played and set(played) <= set(hand.group(1).split())
    moves = re.findall(r"^ +(\d+)\. (.*)$", first, re.M)
    assert moves[-1][1] == "draw a card (the turn ends)"
    term.send(moves[-1][0])
    after = _ask(term)
    drawn = re.search(r"^Player 0 \(you\): draw a card .*\n  → the card drawn: (\S+)$", after, re.M)
    assert drawn is not None, after
    now = re.search(r"Player 0 \(you\) +\d+ cards: (.*)", after)
    assert now is not None and drawn.group(1) in now.group(1).split()
    seen = [first, after]
    while not seen[-1].endswith(ONE_MOVE):
        assert len(seen) < 40, seen[-1]
        term.send("1")
        seen.append(_ask(term))
    assert not any("(1-1;" in question for question in seen)
    term.send("")  # Enter takes the only move
    assert "Player 0 (you): end the turn" in term.expect(PROMPT)
    term.send("q")
    assert term.finish()[0] == 1


def test_canardage_says_what_each_card_did_with_the_hands_card_names(tmp_path: Path) -> None:
    term = Console(
        ["play", "canardage", "--players", "3", "--seed", "3", "--bot", "random-card"], tmp_path
    )
    blocks, rest = _whole_game(term)
    transcript = "".join(blocks) + rest
    assert "ducks lost   hand" in transcript
    for block in blocks:
        hand = re.search(r"▶ Player 0 \(you\) +\d of 5(?:, none left)? +(.*(?:\n {30,}.*)*)", block)
        assert hand is not None
        names = re.split(r" · | ·\n +", hand.group(1))
        for line in re.findall(r"^ +\d+\. (.*)$", block, re.M):
            card = line.split(":")[0].removeprefix("discard ").split(" (")[0]
            assert card in names, (card, names)
    said = re.findall(r"^(?: +\d+\. |Player \d(?: \(you\))?: )(.*)$", transcript, re.M)
    assert said
    dangling = [line for line in said if re.search(r"(\bspaces?|,|:|\bon|\bat)\s*$", line)]
    assert not dangling
    lost = re.findall(r"^  → player (\d) loses a duck \((\d) of 5 lost\)", transcript, re.M)
    assert lost
    # The counts run up one by one for each player.
    for p in {p for p, _ in lost}:
        counts = [int(n) for q, n in lost if q == p]
        assert counts == list(range(1, len(counts) + 1))
    assert re.search(r"^Player \d( \(you\))?: Pan: shoot at space \d \(", transcript, re.M)


@pytest.mark.parametrize("game", ["duck-and-cover", "duo", "canardage"])
def test_a_question_mark_or_help_explains_the_moves_and_asks_again(
    tmp_path: Path, game: str
) -> None:
    term = Console(["play", game, "--players", "3", "--seed", "1"], tmp_path)
    question = _ask(term).splitlines()[-1]
    assert question.startswith("Your move (") and "? help, q quit" in question
    help_text = Words.of(rulespec.game(game)).help
    for ask in ("?", "help"):
        term.send(ask)
        reply = _ask(term)
        assert help_text.splitlines()[0] in reply and help_text.splitlines()[-1] in reply
        assert "Type a move's number and Enter" in reply
        assert "Your legal moves" not in reply  # the same question, not a new turn
        assert reply.splitlines()[-1] == question
    term.send("q")
    assert term.finish()[0] == 1


# -- the end of a round, the notation, the default bots ------------------------------------

CLAUSE_ID = re.compile(r"\b(?:dc|duo|can)\.[a-z][a-z0-9.-]*[a-z0-9]")


def _round_ends(record: rulespec.Record) -> list[Any]:
    """The state just after each step that ended a round (for Canardage, the game)."""
    g = rulespec.game(record.game)
    state, ends = g.new_game(record.players, record.options), []
    for step in record.steps:
        before, state = state, g.apply(state, step)
        scored = getattr(state, "round_scores", None)
        ended = len(scored) > len(before.round_scores) if scored is not None else g.is_over(state)
        if ended:
            ends.append(state)
    return ends


def _known_ids() -> set[str]:
    return {clause.id for cat in catalogues() for clause in cat}


def _recorded_game(tmp_path: Path, game: str, seed: int, bot: str) -> tuple[str, rulespec.Record]:
    """A whole game of three players against ``bot``, every prompt answered ``1``: all
    the terminal showed, and the record it saved."""
    args = ["play", game, "--players", "3", "--seed", str(seed), "--bot", bot]
    blocks, rest = _whole_game(Console([*args, "--record", "game.json"], tmp_path))
    record = rulespec.Record.from_json((tmp_path / "game.json").read_text(encoding="utf-8"))
    return "".join(blocks) + rest, record


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "−")


def test_each_duck_and_cover_round_ends_with_who_ended_it_the_grids_and_each_score_with_its_clauses(
    tmp_path: Path,
) -> None:
    transcript, record = _recorded_game(tmp_path, "duck-and-cover", 11, "random")
    ends = _round_ends(record)
    assert len(ends) == 3
    parts = transcript.split("=== Round ")[1:]
    assert [p.split(" is over ===")[0] for p in parts] == ["1 of 3", "2 of 3", "3 of 3"]
    for number, (part, state) in enumerate(zip(parts, ends, strict=True)):
        summary = part.split("\n[")[0].split("\n=== ")[0]
        single = [p for p, grid in enumerate(state.grids) if len(grid.cells) == 1]
        if single:
            assert "(dc.end.single-pile)" in summary
            assert f"Player {single[0]}" in summary.splitlines()[1]
        else:
            assert "(dc.end.discard-limit)" in summary
            assert f"the zone is full, {len(state.discard_zone)} of" in summary
        for p, score in enumerate(state.round_scores[number]):
            line = re.search(
                rf"^  Player {p}(?: \(you\))? +visible ([\d ]+):.*→ (\S+)$", summary, re.M
            )
            assert line is not None, summary
            tops = sorted(int(n) for n in line.group(1).split())
            assert tops == sorted(stack[-1] % 100 for _, stack in state.grids[p].cells)
            assert line.group(2) == _signed(score)
        assert summary.count("(dc.score.splashes, dc.score.sign)") == 3
        # Every grid is drawn: one heading per player above the scores.
        layout = summary.split("Round scores:")[0]
        assert all(f"Player {p}" in layout for p in range(3))
        assert set(CLAUSE_ID.findall(summary)) <= _known_ids()


def test_a_duo_round_end_names_its_winner_or_the_empty_draw_pile_and_scores_with_clauses(
    tmp_path: Path,
) -> None:
    term = Console(
        ["play", "duo", "--players", "3", "--seed", "2", "--bot", "random", "--record", "d.json"],
        tmp_path,
    )
    seen = ""
    while "=== Round 2 is over ===" not in seen:
        seen += term.expect(PROMPT)
        term.send("1")
    term.send("q")
    assert term.finish()[0] == 1
    record = rulespec.Record.from_json((tmp_path / "d.json").read_text(encoding="utf-8"))
    for number, state in enumerate(_round_ends(record)[:2]):
        summary = seen.split(f"=== Round {number + 1} is over ===")[1].split("\n[")[0]
        out = [p for p, hand in enumerate(state.hands) if not hand]
        clause = "duo.score.out" if out else "duo.score.exhausted"
        assert ("(duo.round.out)" if out else "(duo.round.exhausted)") in summary.splitlines()[1]
        for p, score in enumerate(state.round_scores[number]):
            cards = len(state.hands[p])
            assert re.search(rf"^  Player {p}\b.* {cards} cards?: ", summary, re.M), summary
            assert re.search(
                rf"^  Player {p}\b[^\n]* {re.escape(_signed(score))}: .*\({clause}\)$",
                summary,
                re.M,
            ), summary
        assert "(duo.game.target)" in summary
        assert set(CLAUSE_ID.findall(summary)) <= _known_ids()


def test_the_end_of_a_canardage_game_names_the_last_shot_and_each_players_living_ducks(
    tmp_path: Path,
) -> None:
    transcript, record = _recorded_game(tmp_path, "canardage", 5, "random-card")
    assert transcript.count("=== How the game ended ===") == 1
    summary = transcript.split("=== How the game ended ===")[1].split("=== the game is over")[0]
    (final,) = _round_ends(record)
    can = rulespec.game("canardage")
    for p in range(3):
        living = 5 - final.shot[p]
        clause = "can.end.winner" if p in can.winners(final) else "can.end.out"
        assert re.search(
            rf"^  Player {p}\b.* {living} \(\d of 5 shot\): .*\({clause}\)$", summary, re.M
        )
    assert set(CLAUSE_ID.findall(summary)) <= _known_ids()


@pytest.mark.parametrize(
    ("game", "marks"),
    [
        ("duck-and-cover", ["7²", ">7", "·", "col", "row", "showing", "Quack"]),
        ("duo", ["R3▲", "J:G", "T*", "▒", "▶", "◀"]),
        ("canardage", ["⊕", "hidden", "planqué P2", "duck P2", "▶", "▒"]),
    ],
)
def test_a_question_mark_explains_how_the_board_is_written(
    tmp_path: Path, game: str, marks: list[str]
) -> None:
    term = Console(["play", game, "--players", "3", "--seed", "1", "--bot", "random"], tmp_path)
    _ask(term)
    term.send("?")
    reply = _ask(term)
    for mark in marks:
        line = next((line for line in reply.splitlines() if mark in line), None)
        assert line is not None, mark
        assert len(line.split(mark, 1)[1].strip()) > 3, line  # the mark is followed by its meaning
    term.send("q")
    assert term.finish()[0] == 1


def test_duck_and_cover_speaks_of_quack_as_the_docs_do() -> None:
    dc = rulespec.game("duck-and-cover")
    state = position(["1 2 3 4\n5 6/7 8\n9 10 11 12"] * 2, card=6)
    said = Words.of(dc).move(state, Quack(0))
    assert "Quack" in said and "Coin" not in said
    assert "Coin" not in Words.of(dc).help


@pytest.mark.parametrize("game", ["duck-and-cover", "duo", "canardage"])
def test_the_bots_play_the_search_bot_by_default_and_answer_within_a_second(
    tmp_path: Path, game: str
) -> None:
    g = rulespec.game(game)
    term = Console(["play", game, "--players", str(g.max_players), "--seed", "1"], tmp_path)
    first = term.expect(PROMPT)
    playouts = g.declaration.play_playouts
    assert playouts is not None
    assert f"the bots play 'search:{playouts}'" in first
    term.send("q")
    assert term.finish()[0] == 1
    _, bot, _ = seat_policies(g, opponents(g), g.max_players)
    assert bot == Search(playouts=playouts)
    # Decisions from a game under way at the largest table, timed as the terminal waits.
    rng = random.Random(4)
    state, times = g.new_game(g.max_players), list[float]()
    while len(times) < 4 and not g.is_over(state):
        movers = g.to_move(state)
        if movers == (rulespec.CHANCE,):
            state = g.apply(state, g.sample_chance(state, rng))
            continue
        player = movers[0]
        if len(g.legal_actions(state, player)) > 1:
            start = time.perf_counter()
            action = bot(g, state, player, rng)
            times.append(time.perf_counter() - start)
        else:
            action = g.legal_actions(state, player)[0]
        state = g.apply(state, action)
    assert len(times) == 4
    assert sorted(times)[len(times) // 2] < 1.0, times
