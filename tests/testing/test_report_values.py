"""The values a report shows: each as the protocol's JSON writes it, and none too long to read."""

from __future__ import annotations

import json
import sys
import textwrap
from typing import Any

import attrs
import pytest
from hypothesis import settings

import rulespec
from rulespec.canardage import WATER
from rulespec.duck_cover import MAX
from rulespec.testing import DivergenceError, ReferenceAdapter, check
from rulespec.testing.divergence import SHOWN, shown
from rulespec.testing.wire import ProtocolError, WireAdapter
from tests.profiles import SEEDED

CAN = rulespec.game("canardage")
DC = rulespec.game("duck-and-cover")
FEW = settings(SEEDED, max_examples=5)


def _diverge(adapter: Any, game: str, **kwargs: Any) -> Any:
    with pytest.raises(DivergenceError) as info:
        check(adapter, game, settings=FEW, shrink_steps=50, **kwargs)
    return info.value.divergence


class WaterAhead(ReferenceAdapter):
    """Its state shows water at the head of the line."""

    def state(self) -> Any:
        state = super().state()
        return attrs.evolve(state, line=((WATER,), *state.line[1:]))

    view = None  # type: ignore[assignment]


class MaxInPlay(ReferenceAdapter):
    """Its state shows Max as the card in play."""

    def state(self) -> Any:
        return attrs.evolve(super().state(), card=MAX)

    view = None  # type: ignore[assignment]


class OneMoreUnderTheCaptain(ReferenceAdapter):
    """Its views count one card more in the Captain pile."""

    state = None  # type: ignore[assignment]

    def view(self, player: int) -> Any:
        view = super().view(player)
        return attrs.evolve(view, captain_pile_size=view.captain_pile_size + 1)


@pytest.mark.clause("can.setup.line")
def test_water_in_a_state_difference_is_written_water() -> None:
    found = _diverge(WaterAhead(), "canardage", players=3)
    assert found.kind == "state"
    assert found.actual.startswith('line = [["water"]')
    assert f"[{WATER}]" not in found.actual
    line = json.loads(found.expected.removeprefix("line = "))
    assert all(card == "water" or type(card) is int for stack in line for card in stack)


@pytest.mark.clause("dc.turn.draw")
def test_max_in_a_state_difference_is_written_max() -> None:
    found = _diverge(MaxInPlay(), "duck-and-cover", players=2)
    assert found.kind == "state"
    assert found.actual == 'card = "max"'


def test_a_part_of_a_view_made_of_two_keys_is_written_with_both() -> None:
    found = _diverge(OneMoreUnderTheCaptain(), "duck-and-cover", players=2)
    assert found.kind == "view"
    expected = json.loads(found.expected.removeprefix("captain_pile = "))
    actual = json.loads(found.actual.removeprefix("captain_pile = "))
    assert set(expected) == {"captain_pile_top", "captain_pile_size"}
    assert actual["captain_pile_size"] == expected["captain_pile_size"] + 1


def test_a_long_value_is_cut_with_its_size() -> None:
    assert SHOWN == 500
    cut = shown("é" * 30_000)
    assert cut.endswith(" … (60,000 bytes)")
    assert len(cut.encode("utf-8")) <= SHOWN + len(" … (60,000 bytes)".encode())
    assert shown("x" * SHOWN) == "x" * SHOWN


# rulespec's engine with one answer of three megabytes: an unknown key in its greeting
# (``key``), a string for the players of its state (``state``), or the reason it refuses
# every Pan with (``reason``).
HUGE = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    mode, big = sys.argv[1], "y" * 3_000_000

    class Huge(Engine):
        def answer(self, request):
            answer, op = super().answer(request), request.get("op")
            if mode == "key" and op == "hello":
                answer[big] = 1
            if mode == "state" and op == "state":
                answer["value"]["players"] = big
            action = request.get("action") or {}
            if mode == "reason" and op == "apply" and action.get("card") == "pan":
                answer = {"id": request["id"], "refused": {"reason": big}}
            return answer

    sys.exit(serve(Huge(batch=False), sys.stdin, sys.stdout))
    """
)


@pytest.fixture(scope="module")
def huge(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("engines") / "huge.py"
    path.write_text(HUGE, encoding="utf-8")
    return [sys.executable, str(path)]


@pytest.mark.parametrize("mode", ["key", "state"])
def test_a_protocol_error_quotes_a_huge_answer_cut(huge: list[str], mode: str) -> None:
    with pytest.raises(ProtocolError) as info, WireAdapter([*huge, mode], "canardage") as engine:
        check(engine, "canardage", settings=FEW)
    error = info.value
    assert "yyyy" in error.what and error.what.endswith(" bytes)")
    assert len(error.what.encode()) < 2 * SHOWN
    assert len(str(error).encode()) < 4 * SHOWN


@pytest.mark.clause("can.action.pan")
def test_a_huge_refusal_is_cut_in_the_report(huge: list[str]) -> None:
    with WireAdapter([*huge, "reason"], "canardage") as engine:
        found = _diverge(engine, "canardage", players=3)
    assert found.kind == "refused-legal"
    assert found.actual.startswith("refuses it: yyyy")
    assert found.actual.endswith(" … (3,000,000 bytes)")
    assert len(found.report().encode()) < 20 * SHOWN
