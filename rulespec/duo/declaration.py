"""What the shared layers need from Duo (see :mod:`rulespec.core.declaration`)."""

from __future__ import annotations

from typing import Any

from rulespec.core.declaration import Declaration
from rulespec.duo.encoding import CARDS as _CARDS
from rulespec.duo.rules import HAND_SIZE
from rulespec.plugin.declaration import GoldenGame, Mutation, Piece, Session

__all__ = ["DECLARATION", "chance_bound", "rule_bound"]


def rule_bound(game: Any, players: int, options: Any) -> int | None:
    """The most player actions of a match with a round limit (``None`` without one).

    A round deals 7 cards to each player and 2 to the piles, leaving ``D`` cards to
    draw from a deck of ``N``: at most ``D + 1`` Draws (the last from an empty pile,
    under the ``"empty-draw"`` reading), at most ``7 × players + D`` Plays (each card
    in a hand leaves it once) and as many Stops, so ``3N − 7 × players − 5`` actions
    a round.
    """
    if options.max_rounds is None:
        return None
    deck = len(game.chance(game.new_game(players, options)).piles[0])
    return int(options.max_rounds) * (3 * deck - HAND_SIZE * players - 5)


def chance_bound(game: Any, players: int, options: Any, length: int) -> int:
    """A deal per round: the round limit, else one per action at most."""
    return length if options.max_rounds is None else int(options.max_rounds)


DECLARATION = Declaration(
    prefix="duo.",
    catalogue="rulespec:_spec/duo.toml",
    rule_bound="rulespec.duo.declaration:rule_bound",
    chance_bound="rulespec.duo.declaration:chance_bound",
    card_label="rulespec.duo.cards:card_name",
    heuristic="rulespec.duo.heuristic",
    play_playouts=100,
    kit="rulespec.duo.kit",
    examples="rulespec.duo.examples",
    small="rulespec.duo.small",
    render="rulespec.duo.render",
    schema="rulespec.duo.schema",
    observation=(
        Piece("hand", "77", "how many copies of each card the viewer holds", lambda n: _CARDS),
        Piece(
            "pile 0 top",
            "77",
            "one-hot of the card on top of pile 0 (zeros before a deal)",
            lambda n: _CARDS,
        ),
        Piece("pile 1 top", "77", "the same for pile 1", lambda n: _CARDS),
        Piece(
            "turn pile",
            "2",
            "one-hot of the pile played on this turn (zeros before a card)",
            lambda n: 2,
        ),
        Piece("phase", "3", "one-hot: deal, turn, over", lambda n: 3),
        Piece(
            "counts",
            "4",
            "cards in pile 0, in pile 1, in the draw pile; the round (from 0)",
            lambda n: 4,
        ),
        Piece("target", "1", "the score that wins the match", lambda n: 1),
        Piece("finished rounds", "1", "how many rounds have been scored", lambda n: 1),
        Piece("seat", "players", "one-hot of the viewer's own seat number", lambda n: n),
        Piece("turn", "players", "one-hot of the relative seat of the player on turn", lambda n: n),
        Piece(
            "starter",
            "players",
            "one-hot of the relative seat of the round's starter",
            lambda n: n,
        ),
        Piece("hand sizes", "players", "each relative seat's number of cards", lambda n: n),
        Piece(
            "totals",
            "players",
            "each relative seat's total score over the finished rounds",
            lambda n: n,
        ),
        Piece(
            "last round",
            "players",
            "each relative seat's points in the last finished round (zeros before the first)",
            lambda n: n,
        ),
    ),
    golden=(
        GoldenGame("duo-2p-play-1", 2, {}, 1, "play-first"),
        GoldenGame("duo-3p-play-2", 3, {}, 2, "play-first"),
        GoldenGame("duo-4p-play-3", 4, {"first_player": 3}, 3, "play-first"),
        GoldenGame("duo-5p-play-4", 5, {}, 4, "play-first"),
        GoldenGame("duo-6p-play-5", 6, {"first_player": 2}, 5, "play-first"),
        GoldenGame("duo-2p-turbo-play-6", 2, {"turbo": True}, 6, "play-first"),
        GoldenGame("duo-4p-turbo-uniform-7", 4, {"turbo": True}, 7, "uniform", 300),
        GoldenGame("duo-3p-uniform-8", 3, {}, 8, "uniform", 300),
        GoldenGame("duo-2p-draw-9", 2, {}, 9, "draw-first", 200),
        GoldenGame("duo-3p-empty-draw-10", 3, {"exhausted": "empty-draw"}, 10, "draw-first", 200),
        GoldenGame(
            "duo-5p-turbo-empty-draw-11",
            5,
            {"turbo": True, "exhausted": "empty-draw"},
            11,
            "draw-first",
            200,
        ),
        GoldenGame("duo-2p-round-limit-12", 2, {"max_rounds": 2}, 12, "uniform"),
    ),
    golden_file="rulespec.testing:data/duo.golden.jsonl",
    sessions=(
        Session("game", 2, {"max_rounds": 1}, 0),
        Session("batch", 2, {"max_rounds": 1}, 0),
    ),
    mutation=Mutation(
        ("rulespec/duo/rules.py", "rulespec/duo/matching.py", "rulespec/duo/scoring.py"),
        (
            "tests/duo/test_placing.py",
            "tests/duo/test_turn.py",
            "tests/duo/test_round.py",
            "tests/duo/test_setup.py",
            "tests/duo/test_cards.py",
            "tests/duo/test_position.py",
            "tests/duo",
        ),
    ),
)
"""Duo's declaration."""
