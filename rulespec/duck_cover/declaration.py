"""What the shared layers need from Duck & Cover (see :mod:`rulespec.core.declaration`)."""

from __future__ import annotations

from typing import Any

from rulespec.core.declaration import Declaration
from rulespec.plugin.declaration import GoldenGame, Mutation, Piece, Session

__all__ = ["DECLARATION", "chance_bound"]

_COMPETITION = {"splashes": list(range(1, 13))}


def chance_bound(game: Any, players: int, options: Any, length: int) -> int:
    """Three deals, and a reshuffle at most per turn (the Captain pile takes a card from
    each turn played since the last shuffle)."""
    return 3 + length // players


DECLARATION = Declaration(
    prefix="dc.",
    catalogue="rulespec:_spec/duck-and-cover.toml",
    simultaneous=True,
    simulation_cap=2000,
    cap_per_player=True,
    chance_bound="rulespec.duck_cover.declaration:chance_bound",
    card_label="rulespec.duck_cover.cards:draw_card_name",
    heuristic="rulespec.duck_cover.heuristic",
    play_playouts=100,
    kit="rulespec.duck_cover.kit",
    examples="rulespec.duck_cover.examples",
    small="rulespec.duck_cover.small",
    render="rulespec.duck_cover.render",
    schema="rulespec.duck_cover.schema",
    observation=(
        Piece("seat", "n", "one-hot of the viewer's seat number", lambda n: n),
        Piece("phase", "4", "one-hot: deal, reshuffle, turn, over", lambda n: 4),
        Piece("round", "1", "the round, from 0", lambda n: 1),
        Piece("card", "14", "the card in play (zeros when none)", lambda n: 14),
        Piece("call", "13", "what the turn calls (zeros when none: a gift turn)", lambda n: 13),
        Piece("previous", "13", "the previous call (zeros when none)", lambda n: 13),
        Piece(
            "previous discarded",
            "1",
            "1 when the previous card went to the discard zone",
            lambda n: 1,
        ),
        Piece(
            "piles",
            "4",
            "draw pile size; Captain pile size; discards left before the round ends; draw "
            "cards set aside (*Surprises*)",
            lambda n: 4,
        ),
        Piece(
            "Captain pile top",
            "14",
            "the Captain pile's top card (zeros when empty)",
            lambda n: 14,
        ),
        Piece(
            "discard zone",
            "14",
            "how many of each draw card lie in the discard zone",
            lambda n: 14,
        ),
        Piece(
            "acted",
            "n",
            "per relative seat, 1 when that player has acted this turn",
            lambda n: n,
        ),
        Piece(
            "own action",
            "10",
            "one-hot of its kind: Quack, Cover, Duck, Give, Place (zeros when none); 1 when "
            "it names an origin; its destination (``to``, or ``at`` for a Give) and its "
            "origin as positions (zeros when none)",
            lambda n: 10,
        ),
        Piece(
            "gifts",
            "n × (12 + n)",
            "per relative seat, the duck they received (*Low blows*): its number one-hot, "
            "then its family as a relative seat one-hot (zeros when none)",
            lambda n: n * (12 + n),
        ),
        Piece(
            "scores",
            "3n + 1",
            "the three rounds' scores, round by round, per relative seat (zeros for rounds "
            "not played); how many rounds are scored",
            lambda n: 3 * n + 1,
        ),
        Piece(
            "grids",
            "n × 12 × (16 + n)",
            "per relative seat, per stack ``k`` (zeros past the last): 1; its column and "
            "row; its visible card's number one-hot (12); its family as a relative seat "
            "one-hot (n); how many cards it covers",
            lambda n: n * 12 * (16 + n),
        ),
    ),
    golden=(
        # name, players, options (as JSON), seed, policy, most steps (None: whole game)
        GoldenGame("dc-2p-uniform-1", 2, {}, 1, "uniform"),
        GoldenGame("dc-3p-cover-2", 3, {}, 2, "cover-first"),
        GoldenGame("dc-4p-cover-3", 4, {}, 3, "cover-first"),
        GoldenGame("dc-5p-cover-4", 5, {}, 4, "cover-first"),
        GoldenGame("dc-6p-cover-5", 6, {}, 5, "cover-first"),
        GoldenGame("dc-7p-cover-6", 7, {}, 6, "cover-first"),
        GoldenGame("dc-4p-uniform-7", 4, {}, 7, "uniform", 400),
        GoldenGame("dc-7p-uniform-8", 7, {}, 8, "uniform", 400),
        GoldenGame("dc-2p-competition-cover-9", 2, _COMPETITION, 9, "cover-first"),
        GoldenGame("dc-5p-competition-uniform-10", 5, _COMPETITION, 10, "uniform", 400),
    ),
    golden_file="rulespec.testing:data/duck-and-cover.golden.jsonl",
    sessions=(Session("game", 2, {}, 0),),
    mutation=Mutation(
        (
            "rulespec/duck_cover/rules.py",
            "rulespec/duck_cover/grid.py",
            "rulespec/duck_cover/scoring.py",
            "rulespec/duck_cover/variants.py",
        ),
        (
            "tests/duck_cover/test_turn.py",
            "tests/duck_cover/test_special_cards.py",
            "tests/duck_cover/test_round_end.py",
            "tests/duck_cover/test_scoring.py",
            "tests/duck_cover/test_position.py",
            "tests/duck_cover/test_examples.py",
            "tests/duck_cover/test_variants.py",
            "tests/duck_cover",
        ),
    ),
)
"""Duck & Cover's declaration: its cap counts turns (2000 turns, every player acting
once a turn; random play takes about 150 turns a round, never more than 650 a game in
our measurements)."""
