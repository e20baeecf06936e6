"""The worked examples drawn on the rules pages hold: each move is legal where it is
shown, leads to the position drawn after it, and cites clauses that exist; every
clause about a move, a card or a score has an example."""

from __future__ import annotations

from typing import Any

import pytest

import rulespec
from rulespec.rulebook.clauses import clauses
from rulespec.rulebook.examples import Example, examples_of

GAMES = ("duck-and-cover", "duo", "canardage")

PICTURED = {
    "duck-and-cover": (
        "dc.move.",
        "dc.special.",
        "dc.score.",
        "dc.turn.captain-pile",
        "dc.turn.discard",
        "dc.deck.reshuffle",
        "dc.variant.low-blows.gift",
        "dc.variant.low-blows.placement",
    ),
    "duo": (
        "duo.place.",
        "duo.score.",
        "duo.turn.play",
        "duo.turn.one-pile",
        "duo.turn.stop",
        "duo.turn.draw",
        "duo.cards.jokers",
        "duo.cards.turbo",
    ),
    "canardage": ("can.action.", "can.cover.", "can.planque.", "can.shot.", "can.turn.discard"),
}
"""The clauses about a move, a card or a score, by id prefix: each must be shown by an
example.

- Duck & Cover: the moves (``dc.move.*``), the special cards (``dc.special.*``),
  the round score (``dc.score.*``), where the called card goes (the Captain
  pile, the discard zone), the reshuffle of the Captain pile, and the two
  moves of the Low blows variant (giving and placing a duck).
- Duo: the placing rules (``duo.place.*``), the round scores (``duo.score.*``),
  the moves of a turn (play, one pile, stop, draw) and the jokers and
  Turbo-jokers.
- Canardage: every action card (``can.action.*``), the cover pairs
  (``can.cover.*``), Planqué's protection (``can.planque.*``), shot ducks
  (``can.shot.*``) and the discard of an unplayable hand.
"""


def every_example() -> list[Any]:
    return [
        pytest.param(game, e, id=e.name, marks=[pytest.mark.clause(c) for c in e.clauses])
        for game in GAMES
        for e in examples_of(game)
    ]


@pytest.mark.parametrize(("game_id", "example"), every_example())
def test_the_move_shown_is_legal_and_leads_to_the_position_drawn_after(
    game_id: str, example: Example
) -> None:
    game = rulespec.game(game_id)
    movers = game.to_move(example.before)
    if rulespec.CHANCE not in movers:
        assert any(example.action in game.legal_actions(example.before, p) for p in movers), (
            f"{example.action!r} is not legal for {movers} in {example.name}"
        )
    else:  # a chance step: the one pending, with an outcome that apply accepts below
        assert movers == (rulespec.CHANCE,)
        assert not hasattr(example.action, "player"), f"{example.action!r} waits for chance"
    assert game.apply(example.before, example.action) == example.after
    assert game.violations(example.before) == ()
    assert game.violations(example.after) == ()


@pytest.mark.parametrize("game_id", GAMES)
def test_examples_cite_clauses_of_their_own_game(game_id: str) -> None:
    known = {c.id: c for c in clauses(game_id)}
    for example in examples_of(game_id):
        assert example.clauses, example.name
        for cid in example.clauses:
            assert cid in known, f"{example.name} cites {cid!r}, which {game_id} has not"
            assert known[cid].status == "implemented"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_clause_about_a_move_a_card_or_a_score_has_an_example(game_id: str) -> None:
    wanted = {
        c.id
        for c in clauses(game_id)
        if c.status == "implemented" and c.id.startswith(PICTURED[game_id])
    }
    shown = {cid for e in examples_of(game_id) for cid in e.clauses}
    assert sorted(wanted - shown) == []
