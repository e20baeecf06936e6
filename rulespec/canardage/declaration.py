"""What the shared layers need from Canardage (see :mod:`rulespec.core.declaration`)."""

from __future__ import annotations

from typing import Any

from rulespec.canardage.line import LENGTH
from rulespec.core.declaration import Declaration
from rulespec.plugin.declaration import GoldenGame, Mutation, Piece, Session

__all__ = ["DECLARATION"]

_HAND = 16
"""The kinds of action card."""

_RARE: dict[str, Any] = {
    "action_deck": {
        "en-joue": 8,
        "double-viseur": 3,
        "pan": 8,
        "tireur-d-elite": 2,
        "tu-louches": 3,
        "canardage": 3,
        "rectifier-gauche": 2,
        "rectifier-droite": 2,
        "en-avant-marche": 4,
        "palme-arriere": 2,
        "palme-avant": 2,
        "banzai": 2,
        "canarchie": 2,
        "dispersion": 2,
        "a-couvert": 4,
        "planque": 3,
    }
}
"""Canardage with more of the rare cards (52 in all)."""

_SHOOTERS: dict[str, Any] = {
    "action_deck": {
        "en-joue": 14,
        "double-viseur": 6,
        "pan": 14,
        "tireur-d-elite": 4,
        "tu-louches": 4,
        "canardage": 10,
    }
}
"""Canardage with aiming and shooting cards only: the last ducks may fall together."""

DECLARATION = Declaration(
    prefix="can.",
    catalogue="rulespec:_spec/canardage.toml",
    simulation_cap=2000,
    card_label="rulespec.canardage.cards:chance_card_name",
    heuristic="rulespec.canardage.heuristic",
    play_playouts=200,
    kit="rulespec.canardage.kit",
    examples="rulespec.canardage.examples",
    small="rulespec.canardage.small",
    render="rulespec.canardage.render",
    schema="rulespec.canardage.schema",
    observation=(
        Piece("seat", "n", "one-hot of the viewer's seat number", lambda n: n),
        Piece("phase", "5", "one-hot: deal, play, dispersion, reshuffle, over", lambda n: 5),
        Piece(
            "turn",
            "n",
            "one-hot of the relative seat on turn (zeros before the deal)",
            lambda n: n,
        ),
        Piece(
            "line",
            "6 × (3n + 3)",
            "per space from the front: 1 when it holds a card; its top card (n + 1); the "
            "duck hidden under it (n, zeros when none); 1 when targeted; whose Planqué "
            "card lies on it (n, zeros when none)",
            lambda n: LENGTH * (3 * n + 3),
        ),
        Piece("duck deck", "1", "how many cards it holds", lambda n: 1),
        Piece(
            "deck bottom",
            "(5n-1)(n+1)",
            "the cards seen going under the duck deck since its last shuffle, from the "
            "bottom card up, one slot each (zeros past the last); no deck holds more than "
            "``5n - 1``",
            lambda n: (5 * n - 1) * (n + 1),
        ),
        Piece(
            "hand",
            "16",
            "how many of each action card the viewer holds, in the rulebook's order",
            lambda n: _HAND,
        ),
        Piece("hand sizes", "n", "per relative seat", lambda n: n),
        Piece("draw pile", "1", "how many action cards it holds", lambda n: 1),
        Piece(
            "played",
            "16",
            "how many of each action card lie in the played pile",
            lambda n: _HAND,
        ),
        Piece("shot", "n", "per relative colour, how many of its ducks were shot", lambda n: n),
        Piece("winners", "n", "per relative seat, 1 for a winner", lambda n: n),
    ),
    golden=(
        GoldenGame("can-3p-card-1", 3, {}, 1, "card-first"),
        GoldenGame("can-4p-card-2", 4, {}, 2, "card-first"),
        GoldenGame("can-5p-card-3", 5, {}, 3, "card-first"),
        GoldenGame("can-6p-card-4", 6, {}, 4, "card-first"),
        GoldenGame("can-3p-card-5", 3, {}, 5, "card-first"),
        GoldenGame("can-4p-card-6", 4, {}, 6, "card-first"),
        GoldenGame("can-5p-rare-card-7", 5, _RARE, 7, "card-first"),
        GoldenGame("can-6p-rare-card-8", 6, _RARE, 8, "card-first"),
        GoldenGame("can-4p-uniform-9", 4, {}, 9, "uniform", 150),
        GoldenGame("can-3p-shooters-card-42", 3, _SHOOTERS, 42, "card-first"),
    ),
    golden_file="rulespec.testing:data/canardage.golden.jsonl",
    sessions=(Session("game", 3, {}, 0), Session("engine-chance", 3, {}, 7)),
    mutation=Mutation(
        (
            "rulespec/canardage/rules.py",
            "rulespec/canardage/line.py",
            "rulespec/canardage/scoring.py",
        ),
        (
            "tests/canardage/test_turn.py",
            "tests/canardage/test_defence.py",
            "tests/canardage/test_end.py",
            "tests/canardage/test_cards.py",
            "tests/canardage",
        ),
    ),
)
"""Canardage's declaration: its cap counts player actions (random play with six players
ends within about 200)."""
