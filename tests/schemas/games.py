"""Games played legally, under options that reach every part of each encoding."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

import rulespec
from rulespec.testing import strategies
from rulespec.testing.strategies import Played

GAME_IDS = ("duck-and-cover", "duo", "canardage")

OPTIONS: dict[str, tuple[dict[str, Any], ...]] = {
    "duck-and-cover": (
        {},
        {"competition": True},
        {"splashes": [1] * 12, "pressure": True},
        {"surprises": True, "low_blows": True, "constraints": True},
        {"low_blows": True},
    ),
    "duo": (
        {},
        {"turbo": True, "exhausted": "empty-draw"},
        {"first_player": 1, "max_rounds": 2},
    ),
    "canardage": (
        {},
        {"action_deck": {"canarchie": 10, "dispersion": 10, "pan": 10, "en-joue": 10}},
        {"action_deck": {"a-couvert": 8, "planque": 8, "tu-louches": 8, "pan": 8, "en-joue": 8}},
    ),
}
"""Options as JSON, so that variants' parts of a state (Surprises' cards set aside, Low
blows' gifts, Canardage's rare cards) show up in short games."""


def played(game_id: str, max_steps: int = 60, min_steps: int = 0) -> st.SearchStrategy[Played]:
    """A game of ``game_id`` played for ``min_steps`` to ``max_steps`` steps (fewer if it
    ends) under one of :data:`OPTIONS`."""
    g = rulespec.game(game_id)
    return st.sampled_from(OPTIONS[game_id]).flatmap(
        lambda data: strategies.played(
            g, options=g.decode_options(data), max_steps=max_steps, min_steps=min_steps
        )
    )
