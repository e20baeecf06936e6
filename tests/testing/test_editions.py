"""An engine of another edition: the cards it names that are not this edition's are said to
be so, in the verdict line of the protocol error."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import settings

from rulespec.testing import check
from rulespec.testing.wire import ProtocolError, WireAdapter
from tests.cli.helpers import call
from tests.profiles import SEEDED

# rulespec's engine, drawing its own chance, but with two cards of another edition in
# place of two of this one's (in what it deals and shuffles, or in its state with
# ``--state``); it takes this edition's names back when the kit applies them.
OTHER = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    OTHER = {"banzai": "peace-and-love", "dispersion": "walking-duck", "max": "peace-and-love"}
    BACK = {v: k for k, v in OTHER.items() if k != "max"}
    in_state = "--state" in sys.argv

    def other(cards):
        return [OTHER.get(c, c) if isinstance(c, str) else c for c in cards]

    class Other(Engine):
        def _draw(self):
            data = super()._draw()
            for key in ("actions", "draw_pile"):
                if key in data and not in_state:
                    data[key] = other(data[key])
            return data

        def _answer(self, op, request):
            answer = super()._answer(op, request)
            if in_state and op == "state":
                answer["value"]["hands"] = [other(h) for h in answer["value"]["hands"]]
            return answer

        def _apply(self, request):
            data = request.get("action")
            if isinstance(data, dict) and "draw_pile" in data:
                data = {**data, "draw_pile": [BACK.get(c, c) for c in data["draw_pile"]]}
            return super()._apply({**request, "action": data})

    own = "--state" not in sys.argv
    engine = Other(chance="engine" if own else "kit", fold=own, batch=False)
    sys.exit(serve(engine, sys.stdin, sys.stdout))
    """
)
FEW = settings(SEEDED, max_examples=5)


@pytest.fixture(scope="module")
def other(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    path = tmp_path_factory.mktemp("engines") / "other.py"
    path.write_text(OTHER, encoding="utf-8")
    return [sys.executable, str(path)]


@pytest.mark.clause("can.setup.action-deck")
def test_a_deal_of_another_edition_s_cards_says_so_naming_them(other: list[str]) -> None:
    with pytest.raises(ProtocolError) as info, WireAdapter(other, "canardage") as engine:
        check(engine, "canardage", players=3, settings=FEW)
    what = info.value.what
    assert what.startswith("cards of another edition: ")
    assert '"peace-and-love"' in what and '"walking-duck"' in what
    assert "Gigamic's French rulebook (2007 edition)" in what
    assert "value.actions[" in what  # the decoder's own words follow


@pytest.mark.clause("can.setup.hands")
def test_a_state_with_another_edition_s_cards_says_so(other: list[str]) -> None:
    with (
        pytest.raises(ProtocolError) as info,
        WireAdapter([*other, "--state"], "canardage") as engine,
    ):
        check(engine, "canardage", players=3, settings=FEW)
    assert info.value.what.startswith("cards of another edition: ")
    assert "(state)" in info.value.what


@pytest.mark.clause("dc.setup.draw-deck")
def test_a_duck_and_cover_deal_of_another_edition_exits_3_saying_so(
    other: list[str], tmp_path: Path
) -> None:
    args = ("--examples", "2", "--seed", "1")
    run = call("conform", "duck-and-cover", *args, "--", *other, cwd=tmp_path)
    assert run.status == 3
    said = "rulespec conform: the engine breaks the protocol: cards of another edition: "
    assert run.err.startswith(f'{said}"peace-and-love" (rulespec plays the cards of ')
