"""``rulespec play``: a game typed on a pseudo-terminal, as a person plays it."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rulespec
from rulespec.cli.play import render_text
from tests.cli.helpers import Terminal, one_error_line, run

PROMPT = "Your move (1-"


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
        ["play", "duck-and-cover", "--players", "2", "--seed", "3", "--record", "game.json"],
        tmp_path,
    )
    blocks = [term.expect(PROMPT)]
    for bad, answer in [
        ("abc", "'abc' is not a number: type one from 1 to"),
        ("", "Type the number of a move, from 1 to"),
        ("0", "There is no move 0: type a number from 1 to"),
        ("999", "There is no move 999: type a number from 1 to"),
        ("2x", "'2x' is not a number"),
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
    shown = ", ".join(f"player {p}{' (you)' if p == 0 else ''} {s}" for p, s in enumerate(scores))
    assert f"Final scores: {shown}" in rest
    assert "Game record saved in game.json" in rest

    checked = run("verify", "game.json", "--json", cwd=tmp_path)
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
    checked = run("verify", "partial.json", "--json", cwd=tmp_path)
    assert checked.status == 0
    assert json.loads(checked.out)["over"] is False


def test_another_seat_and_a_chosen_move_number_then_q_stops(tmp_path: Path) -> None:
    term = Terminal(
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
        (["--bot", "clever"], "duck-and-cover has no policy 'clever' (known: random)"),
        (["--players", "9"], "Duck & Cover is for 2 to 7 players, not 9"),
        (["--record", "no/such/folder/g.json"], "no folder 'no/such/folder'"),
    ]:
        result = run("play", "duck-and-cover", *args, cwd=tmp_path)
        assert result.status == 2
        assert message in one_error_line(result)
        assert not list(tmp_path.iterdir())  # nothing played, nothing saved
