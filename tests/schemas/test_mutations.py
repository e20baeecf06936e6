"""Data the decoders refuse, the schemas refuse: valid encodings are mutated in the ways a
schema can speak of (another type, a number one beyond, a list one longer or shorter, a
key missing or one too many), and the schema and the decoder must agree on each mutant.

They agree both ways, so a schema is no stricter than its decoder either. What a schema
cannot say is left out of the mutations and listed in ``rulespec.schemas``' page: card
conservation (a deal holds each card once), reachability, ``1.0`` for ``1`` (JSON
Schema's numbers), duplicate keys (a parser's business), and the orders and places in
:func:`_inexpressible`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.record import Record
from rulespec.testing.strategies import Played
from tests.schemas.games import GAME_IDS, played
from tests.schemas.helpers import (
    Path,
    examples,
    mutated,
    paths,
    refuses,
    replacements,
    valid,
)
from tests.walks import random_step

Decoder = Callable[[Any], Any]


def _inexpressible(name: str, data: Any) -> bool:
    """Whether ``data`` is refused for what a schema cannot state: a Duck & Cover view's
    grid with two stacks at one place, Canardage's winners out of order."""
    try:
        if name == "duck-and-cover/view":
            places = [[json.dumps(s["position"]) for s in grid] for grid in data["grids"]]
            return any(len(set(p)) < len(p) for p in places)
        if name == "canardage/state":
            winners = data["winners"]
            return bool(winners != sorted(winners))
    except (KeyError, TypeError):
        pass
    return False


def _mutants(name: str, value: Any, path: Path) -> Iterator[tuple[str, Any]]:
    """``value`` with what lies at ``path`` replaced by each of its :func:`replacements`
    that the schema ``name`` can refuse, with the mistake each makes."""
    here = value
    for step in path:
        here = here[step]
    for what, new in replacements(here):
        mutant = mutated(value, path, new)
        if not _inexpressible(name, mutant):
            yield what, mutant


def _kind(decode: Decoder, chance: bool) -> Decoder:
    """``decode`` for one kind of step only: a player's action, or a chance outcome."""

    def check(data: Any) -> Any:
        action = decode(data)
        if hasattr(action, "player") == chance:
            raise ValueError("the other kind of step")
        return action

    return check


def _samples(game_id: str, game: Played) -> list[tuple[str, Any, Decoder]]:
    """Valid encodings of a played game, each with its schema and decoder."""
    g = rulespec.game(game_id)
    record = game.record
    found: list[tuple[str, Any, Decoder]] = [
        ("options", g.encode_options(record.options), g.decode_options),
        ("state", g.encode_state(game.state), g.decode_state),
        *(
            ("view", g.encode_view(g.view(game.state, p)), g.decode_view)
            for p in range(record.players)
        ),
        ("record", record.to_data(), Record.from_data),
    ]
    for state, step in zip(record.states(), record.steps, strict=False):
        chance = g.to_move(state) == (CHANCE,)
        found.append(
            (
                "chance" if chance else "action",
                g.encode_action(step),
                _kind(g.decode_action, chance),
            )
        )
    return found


def _disagreement(name: str, data: Any, decode: Decoder) -> str | None:
    schema_says, decoder_says = valid(name, data), not refuses(decode, data)
    if schema_says == decoder_says:
        return None
    who = "schema accepts, decoder refuses" if schema_says else "schema refuses, decoder accepts"
    return f"{name}: {who}: {json.dumps(data)[:400]}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_schema_and_decoder_agree_on_mutants(game_id: str) -> None:
    @settings(max_examples=examples(10))
    @given(played(game_id, max_steps=40), st.data())
    def check(game: Played, data: st.DataObject) -> None:
        samples = _samples(game_id, game)
        for _ in range(6):
            kind, value, decode = data.draw(st.sampled_from(samples), label="encoding")
            name = f"{game_id}/{kind}"
            assert _disagreement(name, value, decode) is None
            path = data.draw(st.sampled_from(list(paths(value))), label="place")
            for what, mutant in _mutants(name, value, path):
                assert _disagreement(name, mutant, decode) is None, (path, what)

    check()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_place_of_the_options_and_first_steps(game_id: str) -> None:
    """The options, the first steps and seat 0's view mutated at every place (the ends of
    each list), not a sample."""

    @settings(max_examples=examples(1, most=20))
    @given(played(game_id, min_steps=3, max_steps=3))
    def check(game: Played) -> None:
        samples = _samples(game_id, game)
        first_view = next(i for i, sample in enumerate(samples) if sample[0] == "view")
        for i, (kind, value, decode) in enumerate(samples):
            if kind in ("options", "action", "chance") or i == first_view:
                name = f"{game_id}/{kind}"
                for path in paths(value, ends=True):
                    for what, mutant in _mutants(name, value, path):
                        found = _disagreement(name, mutant, decode)
                        assert found is None, (path, what, found)

    check()


def _low_blows_states() -> list[Any]:
    """States of a seeded Low blows game: one with gifts pending, one with a grid holding
    another seat's duck."""
    dc = rulespec.game("duck-and-cover")
    rng = random.Random(4)
    state = dc.new_game(3, dc.decode_options({"low_blows": True, "surprises": True}))
    found: dict[str, Any] = {}
    while len(found) < 2:
        state = random_step(dc, state, rng)
        data = dc.encode_state(state)
        if any(data["gifts"]):
            found.setdefault("gifts", data)
        if any(c > 100 for grid in data["grids"] for _, stack in grid for c in stack):
            found.setdefault("grids", data)
    return list(found.values())


def test_low_blows_ducks_belong_to_another_seat() -> None:
    dc = rulespec.game("duck-and-cover")
    for data in _low_blows_states():
        assert _disagreement("duck-and-cover/state", data, dc.decode_state) is None
        # Without the variant, neither gifts nor another seat's ducks.
        without = {**data, "options": {}}
        assert not valid("duck-and-cover/state", without)
        assert refuses(dc.decode_state, without)
        foreign = 0
        for path in paths(data):
            if len(path) < 2 or path[0] not in ("gifts", "grids"):
                continue
            here = data
            for step in path:
                here = here[step]
            if type(here) is not int or here < 100:
                continue
            holder = int(path[1])
            # Another family's duck, the holder's own family written as foreign, a number
            # beyond 12, a seat beyond the seventh.
            foreign += 1
            for new in (here + 1, (holder + 1) * 100 + 5, here - here % 100 + 13, 805):
                mutant = mutated(data, path, new)
                assert _disagreement("duck-and-cover/state", mutant, dc.decode_state) is None
        assert foreign
