"""An engine that takes the non-canonical encodings the kit offers at probed states: a protocol
note, never a divergence, whether it keeps the encoding in its state (a Duck & Cover move naming
its origin) or folds the chance it draws into its answer (a Canardage pair written descending)."""

from __future__ import annotations

import sys
import textwrap
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.canardage import Reshuffle
from rulespec.testing import check, check_record
from rulespec.testing.driver import Driver
from rulespec.testing.wire import WireAdapter
from tests.profiles import SEEDED

# rulespec's engine that takes the non-canonical encodings: a Duck & Cover move naming the
# origin it needs not name (kept so in its submitted moves), a two-space Double viseur or
# Canardage written descending. ``--engine``: it draws its own chance and folds it into apply.
LENIENT = textwrap.dedent(
    """
    import sys
    import attrs
    from rulespec.testing.serve import Engine, serve

    class Lenient(Engine):
        def _apply(self, request):
            data, g = request.get("action"), self.game
            if g is None or not isinstance(data, dict):
                return super()._apply(request)
            if g.id == "duck-and-cover" and "origin" in data:
                plain = {k: v for k, v in data.items() if k != "origin"}
                answer = super()._apply({**request, "action": plain})
                p, submitted = data["player"], self.state.submitted
                if "value" in answer and submitted and submitted[p] is not None:
                    kept = list(submitted)
                    kept[p] = g.decode_action(data)
                    self.state = attrs.evolve(self.state, submitted=tuple(kept))
                return answer
            pair = data.get("card") in ("double-viseur", "canardage")
            if g.id == "canardage" and pair and len(data.get("spaces", ())) == 2:
                data = {**data, "spaces": sorted(data["spaces"])}
            return super()._apply({**request, "action": data})

    own = "--engine" in sys.argv
    sys.exit(serve(Lenient(chance="engine" if own else "kit", fold=own), sys.stdin, sys.stdout))
    """
)


@pytest.fixture(scope="module")
def lenient(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("engines") / "lenient.py"
    path.write_text(LENIENT, encoding="utf-8")
    return [sys.executable, str(path)]


@pytest.fixture
def engine(lenient: list[str], request: pytest.FixtureRequest) -> Iterator[WireAdapter]:
    game, *flags = request.param
    with WireAdapter([*lenient, *flags], game) as adapter:
        yield adapter


@pytest.mark.clause("dc.turn.simultaneous")
@pytest.mark.parametrize("engine", [("duck-and-cover",)], indirect=True)
def test_a_move_kept_with_its_origin_is_the_move_it_encodes(engine: WireAdapter) -> None:
    result = check(engine, "duck-and-cover", settings=settings(SEEDED, max_examples=8))
    assert result.notes and all('"origin"' in note for note in result.notes)


@pytest.mark.clause("can.deck.reshuffle")
@pytest.mark.parametrize("engine", [("canardage", "--engine")], indirect=True)
def test_a_descending_pair_with_folded_chance_follows_the_outcomes(engine: WireAdapter) -> None:
    result = check(engine, "canardage", settings=settings(SEEDED, max_examples=60))
    assert result.chance == "engine"
    assert result.notes and all("non-canonical" in note for note in result.notes)


@pytest.mark.clause("can.deck.reshuffle")
@pytest.mark.parametrize("engine", [("canardage", "--engine")], indirect=True)
def test_a_game_with_a_folded_reshuffle_replays_as_it_was_played(engine: WireAdapter) -> None:
    """The record of a game where the engine took a descending pair and folded the chance it
    drew into its answer holds those outcomes: its replay draws them again."""
    g = rulespec.game("canardage")
    # Only pairs, four a player: the draw pile runs out every few turns.
    pairs = g.decode_options({"action_deck": {"double-viseur": 6, "canardage": 6}})
    replayed = Counter[str]()

    @given(st.data())
    @settings(SEEDED, max_examples=30, deadline=None)
    def play(data: st.DataObject) -> None:
        driver = Driver(g, engine, data.draw)
        driver.start(3, pairs, data.draw(st.integers(0, 2**32 - 1)))
        while not g.is_over(driver.state) and len(driver.steps) < 300 and not driver.stuck:
            driver.advance()
        if driver.tally.notes:
            record = driver.record()
            assert check_record(engine, record).steps == len(record.steps)
            replayed["games"] += 1
            replayed["reshuffles"] += sum(type(s) is Reshuffle for s in record.steps)

    play()
    assert replayed["games"] and replayed["reshuffles"]
