"""The action ids and observations of committed games, frozen: a change of numbering fails.

``tests/data/encodings.golden.jsonl`` holds one seeded game per line: a record
(the record format of :doc:`/guides/records`) and, for each of its steps, ``null``
at a chance step, else ``[id, legal, observation]``: the id of the step's action,
the ids of every legal action of its player then, and a digest of that player's
observation. Replaying each record, every id, legal id set and observation must
come out the same, and every id must decode back to the recorded action.

The file is written once by ``python -m tests.core.test_encodings_golden`` (it
refuses to overwrite it); the ids are stable within a major version, so it is
never rewritten to make a test pass.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.core.chance import CHANCE

GOLDEN = Path(__file__).parent.parent / "data" / "encodings.golden.jsonl"

# (name, game, players, options, seed, steps)
GAMES: list[tuple[str, str, int, dict[str, Any], int, int]] = [
    ("duo-2p", "duo", 2, {}, 1, 120),
    ("duo-4p-turbo", "duo", 4, {"turbo": True}, 2, 120),
    ("duo-6p", "duo", 6, {"first_player": 3}, 3, 120),
    ("dc-2p", "duck-and-cover", 2, {}, 4, 120),
    ("dc-4p-low-blows", "duck-and-cover", 4, {"low_blows": True}, 5, 200),
    (
        "dc-7p-low-blows-constraints",
        "duck-and-cover",
        7,
        {"low_blows": True, "constraints": True},
        6,
        240,
    ),
    ("can-3p", "canardage", 3, {}, 7, 80),
    ("can-5p", "canardage", 5, {}, 8, 80),
    (
        "can-6p-canarchie",
        "canardage",
        6,
        {
            "action_deck": {
                "canarchie": 12,
                "a-couvert": 8,
                "tu-louches": 8,
                "pan": 16,
                "en-joue": 16,
            }
        },
        9,
        80,
    ),
]


def _digest(values: tuple[float, ...]) -> str:
    """A short, platform-independent digest of an observation."""
    return hashlib.sha256(json.dumps(values).encode()).hexdigest()[:16]


def _entries(g: rulespec.Game[Any, Any, Any, Any], record: rulespec.Record) -> list[Any]:
    entries: list[Any] = []
    for state, step in zip(record.states(), record.steps, strict=False):
        if g.to_move(state) == (CHANCE,):
            entries.append(None)
            continue
        p = step.player
        entries.append(
            [
                g.action_id(state, step),
                list(g.legal_action_ids(state, p)),
                _digest(g.observation(g.view(state, p))),
            ]
        )
    return entries


def _write() -> None:  # pragma: no cover - run by hand, once
    if GOLDEN.exists():
        raise SystemExit(f"{GOLDEN} exists: ids are frozen, it is never rewritten")
    lines = []
    for name, game_id, players, options, seed, steps in GAMES:
        g = rulespec.game(game_id)
        record = rulespec.Record.play(
            g, players, seed=seed, options=g.decode_options(options), steps=steps
        )
        line = {"name": name, "record": record.to_data(), "ids": _entries(g, record)}
        lines.append(json.dumps(line, separators=(",", ":"), ensure_ascii=False))
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _golden() -> list[dict[str, Any]]:
    if not GOLDEN.exists():  # pragma: no cover - only while writing it
        return []
    return [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("entry", _golden(), ids=lambda e: str(e["name"]))
def test_ids_and_observations_are_those_of_the_golden_file(entry: dict[str, Any]) -> None:
    record = rulespec.Record.from_data(entry["record"])
    g = rulespec.game(record.game)
    assert len(entry["ids"]) == len(record.steps)
    for k, (state, step, expected) in enumerate(
        zip(record.states(), record.steps, entry["ids"], strict=False)
    ):
        if expected is None:
            assert g.to_move(state) == (CHANCE,), k
            continue
        action_id, legal, digest = expected
        p = step.player
        assert g.action_id(state, step) == action_id, (k, step)
        assert g.action_from_id(state, p, action_id) == step, k
        assert list(g.legal_action_ids(state, p)) == legal, k
        assert _digest(g.observation(g.view(state, p))) == digest, k


def test_the_golden_file_covers_every_kind_of_action() -> None:
    kinds: dict[str, set[str]] = {}
    for entry in _golden():
        record = rulespec.Record.from_data(entry["record"])
        found = kinds.setdefault(record.game, set())
        for step in record.steps:
            name = type(step).__name__
            if getattr(step, "origin", None) is not None:
                name += "+origin"
            if name == "Play" and record.game == "canardage":
                name += ":" + step.card.value
            found.add(name)
    assert {"Play", "Stop", "Draw"} <= kinds["duo"]
    assert {"Cover", "Duck", "Quack", "Give", "Place", "Duck+origin"} <= kinds["duck-and-cover"]
    assert {"Play:canarchie", "Play:pan", "Play:en-joue"} <= kinds["canardage"]


if __name__ == "__main__":  # pragma: no cover
    _write()
    sys.exit(0)
