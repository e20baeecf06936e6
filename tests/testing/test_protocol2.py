"""Version 2 of the engine protocol, feature by feature: each is used by the reference engine
(through :class:`WireAdapter`) or by a small Python adapter, and each test breaks when the kit
mishandles it."""

from __future__ import annotations

import random
import re
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import settings

import rulespec
from rulespec.canardage import Card, Deal, Discard, Play
from rulespec.core.chance import CHANCE
from rulespec.testing import (
    Adapter,
    CheckResult,
    DivergenceError,
    InconclusiveError,
    Inexpressible,
    ReferenceAdapter,
    Refused,
    Setup,
    check,
    check_record,
)
from rulespec.testing.divergence import INCONCLUSIVE_SHARE
from rulespec.testing.kit import kit_for
from rulespec.testing.wire import ProtocolError, WireAdapter
from tests.cli.helpers import call, one_error_line
from tests.processes import write_scripts
from tests.profiles import SEEDED

SERVE = [sys.executable, "-m", "rulespec.testing.serve"]
CAN = rulespec.game("canardage")
DUO = rulespec.game("duo")
GAMES = ("duck-and-cover", "duo", "canardage")
SHORT = settings(SEEDED, max_examples=3)
"""A few games, the same every run."""
SEARCH = settings(SEEDED, max_examples=20)
"""Enough games to meet an engine's fault, the same every run."""
SHRINK = 300
"""Steps of shrinking: the checks below hold for any divergent game found."""

NO_PAN_ENGINE = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    class NoPan(Engine):
        def answer(self, request):
            action = request.get("action") if isinstance(request, dict) else None
            if request.get("op") == "apply" and action.get("card") == "pan":
                return {"id": request["id"], "refused": {"reason": "unknown card"}}
            return super().answer(request)
    """
)
"""rulespec's engine with a rule bug: it refuses every Pan (``can.action.pan``). A script
goes on to serve it."""

# Served with ``--no-batch`` and ``--engine`` (its own chance, folded into the steps) as
# serve's options say.
NO_PAN = NO_PAN_ENGINE + textwrap.dedent(
    """
    own = "--engine" in sys.argv
    engine = NoPan(batch="--no-batch" not in sys.argv, chance="engine" if own else "kit", fold=own)
    sys.exit(serve(engine, sys.stdin, sys.stdout))
    """
)

# rulespec's engine that lists one legal action twice.
TWICE = textwrap.dedent(
    """
    import sys
    from rulespec.testing.serve import Engine, serve

    class Twice(Engine):
        def _legal_actions(self, request):
            found = super()._legal_actions(request)
            return found[:1] + found

    sys.exit(serve(Twice(batch="--no-batch" not in sys.argv), sys.stdin, sys.stdout))
    """
)

# rulespec's engine that says its process id on stderr, and stays after quit (``stay``) or
# never answers apply (``hang``); with ``--engine``, it draws its own chance.
STAYS = textwrap.dedent(
    """
    import os, sys, time
    from rulespec.testing.serve import Engine, serve

    mode = sys.argv[1]
    chance = "engine" if "--engine" in sys.argv else "kit"

    class Stays(Engine):
        def answer(self, request):
            if mode == "hang" and request.get("op") == "apply":
                time.sleep(60)
            return super().answer(request)

    print(f"pid {os.getpid()}", file=sys.stderr, flush=True)
    serve(Stays(chance=chance), sys.stdin, sys.stdout)
    if mode == "stay":
        time.sleep(60)
    """
)


@pytest.fixture(scope="module")
def scripts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    folder = tmp_path_factory.mktemp("engines")
    return write_scripts(folder, no_pan=NO_PAN, twice=TWICE, stays=STAYS)


def _diverge(adapter: Any, game: Any = CAN, **kwargs: Any) -> Any:
    """The divergence ``check`` reports (a fixed search, a short shrink)."""
    kwargs.setdefault("settings", SEARCH)
    kwargs.setdefault("shrink_steps", SHRINK)
    with pytest.raises(DivergenceError) as info:
        check(adapter, game, **kwargs)
    return info.value.divergence


def _conforms(adapter: Any, game: Any, **kwargs: Any) -> CheckResult:
    """What ``check`` finds of an engine that agrees (a short shrink, should it not)."""
    return check(adapter, game, shrink_steps=SHRINK, **kwargs)


class Counted(WireAdapter):
    """A wire adapter that counts the requests of each kind, and the chance outcomes the
    engine reports with ``start`` and with ``apply``."""

    def __init__(self, command: Sequence[str], game: str, **kwargs: Any) -> None:
        self.ops: Counter[str] = Counter()
        self.drawn: Counter[str] = Counter()
        super().__init__(command, game, **kwargs)

    def __enter__(self) -> Counted:
        return self

    def _exchange(self, op: str, fields: Mapping[str, Any], pending: Any = None) -> Any:
        self.ops[op] += 1
        return super()._exchange(op, fields, pending)

    def _outcomes(self, op: str, payload: Any, pending: Any) -> tuple[Any, ...]:
        drawn = super()._outcomes(op, payload, pending)
        self.drawn[op] += len(drawn)
        return drawn


# -- 1. the greeting ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "hellos"), [(["--protocol", "1"], 2), (["--protocol", "1", "--ignore-version"], 1)]
)
def test_an_engine_of_version_1_is_spoken_to_in_version_1(flags: list[str], hellos: int) -> None:
    with Counted([*SERVE, *flags], "canardage") as engine:
        assert engine.ops["hello"] == hellos
        assert engine.protocol == 1 and not engine.batching and engine.chance == "kit"
        result = _conforms(engine, "canardage", players=3, max_steps=20, settings=SHORT)
        assert result.games >= 3 and result.steps > 0 and result.chance == "kit"
        # One request at a time: no batch, and several a step.
        assert engine.ops["batch"] == 0
        assert engine.requests > 3 * result.steps


# -- 2. chance drawn by the engine -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_engine_drawn_chance_conforms_as_asked_folded_or_dealt_at_start(game: str) -> None:
    steps = {"duo": 30}.get(game, 60)
    for flags in ([], ["--fold"], ["--deal-at-start"]):
        with Counted([*SERVE, "--chance", "engine", *flags], game) as engine:
            assert engine.chance == "engine"
            result = _conforms(engine, game, max_steps=steps, settings=SHORT)
            assert result.chance == "engine" and result.steps > 0
            started = engine.ops["start"]
            assert started >= result.games >= 3
            if flags == ["--deal-at-start"]:
                # Every deal came with start: nothing to ask for it.
                assert engine.drawn["start"] == started
            elif flags == ["--fold"]:
                # Only the deals are asked for; the rest came with the steps.
                assert engine.ops["chance"] == started and engine.drawn["start"] == 0
                if game != "duo":  # duo's next chance step comes after more steps
                    assert engine.drawn["apply"] > 0
            else:
                assert engine.ops["chance"] >= started
                assert engine.drawn["start"] == engine.drawn["apply"] == 0


class DrawsItsOwn(ReferenceAdapter):
    """rulespec's engine drawing its own chance from the seed, folding every chance step
    after a player's step into it."""

    chance = "engine"

    def start(self, setup: Setup) -> None:
        super().start(setup)
        assert setup.seed is not None
        self.rng = random.Random(setup.seed)

    def drawn(self) -> Any:
        outcome = self.game.sample_chance(self.current, self.rng)
        self.current = self.game.apply(self.current, outcome)
        return outcome

    def report(self, outcome: Any) -> Any:
        """The outcome as the engine reports it."""
        return outcome

    def draw_chance(self) -> Any:
        return self.report(self.drawn())

    def apply(self, action: Any) -> tuple[Any, ...]:  # type: ignore[override]
        super().apply(action)
        found = []
        while self.game.to_move(self.current) == (CHANCE,):
            found.append(self.report(self.drawn()))
        return tuple(found)


class NoPan(DrawsItsOwn):
    def apply(self, action: Any) -> tuple[Any, ...]:  # type: ignore[override]
        if isinstance(action, Play) and action.card is Card.PAN:
            raise Refused("unknown card")
        return super().apply(action)


class IgnoresTheSeed(DrawsItsOwn):
    def start(self, setup: Setup) -> None:
        super().start(attrs.evolve(setup, seed=(setup.seed or 0) + 1))


class DealsACardShort(DrawsItsOwn):
    def report(self, outcome: Any) -> Any:
        if isinstance(outcome, Deal):
            return attrs.evolve(outcome, actions=outcome.actions[1:])
        return outcome


class ShufflesACardAway(DrawsItsOwn):
    """Reports every shuffle after the deal a card short (its pile reversed)."""

    def report(self, outcome: Any) -> Any:
        if isinstance(outcome, Deal):
            return outcome
        (field,) = attrs.fields(type(outcome))
        pile = getattr(outcome, field.name)
        return attrs.evolve(outcome, **{field.name: pile[:0:-1]})


class DrawsTooOften(DrawsItsOwn):
    """Reports a deal again after the first player's step, where the rules draw nothing."""

    def apply(self, action: Any) -> tuple[Any, ...]:  # type: ignore[override]
        found = super().apply(action)
        return found or (self.first,)

    def draw_chance(self) -> Any:
        self.first = super().draw_chance()
        return self.first


def test_the_python_adapter_drawing_its_own_chance_conforms() -> None:
    result = _conforms(DrawsItsOwn(), "canardage", max_steps=60, settings=SHORT)
    assert result.chance == "engine" and result.steps > 0


@pytest.mark.clause("can.setup.action-deck")
def test_a_deal_the_rules_refuse_is_a_chance_divergence_of_the_setup() -> None:
    found = _diverge(DealsACardShort(), players=3)
    assert found.kind == "chance" and found.step == 0
    assert found.clauses[0] in kit_for(CAN).setup_clauses(CAN, CAN.new_game(3))
    assert "can.setup.action-deck" in found.clauses
    assert isinstance(found.record.steps[-1], Deal) and len(found.record.steps) == 1
    assert found.record.chance_seed is not None


@pytest.mark.clause("can.deck.reshuffle", "can.action.dispersion")
def test_a_later_shuffle_the_rules_refuse_names_that_shuffle_s_clause() -> None:
    found = _diverge(ShufflesACardAway(), players=3, max_steps=60)
    assert found.kind == "chance" and found.step > 1
    assert found.clauses[0] in ("can.deck.reshuffle", "can.action.dispersion")
    assert not any(c.startswith("can.setup.") for c in found.clauses)
    assert "the rules do not allow" in found.summary


def test_an_outcome_where_the_rules_draw_none_is_a_chance_divergence() -> None:
    found = _diverge(DrawsTooOften(), players=3)
    assert found.kind == "chance" and found.step == 2
    assert "draws chance where the rules draw none" in found.summary
    assert isinstance(found.record.steps[1], Play) and isinstance(found.record.steps[2], Deal)


def test_a_divergence_of_an_engine_drawing_chance_keeps_its_outcomes_and_seed(
    scripts: dict[str, list[str]],
) -> None:
    with WireAdapter([*scripts["no_pan"], "--engine"], "canardage") as engine:
        found = _diverge(engine, players=3, max_steps=60)
    assert found.kind == "refused-legal"
    record = found.record
    seed = record.chance_seed
    assert seed is not None
    # Every chance step is the one the engine drew from that seed, not one the kit chose.
    rng, state, drawn = random.Random(seed), CAN.new_game(3, record.options), 0
    for step in record.steps:
        if CAN.to_move(state) == (CHANCE,):
            assert step == CAN.sample_chance(state, rng)
            drawn += 1
        state = CAN.apply(state, step)
    assert drawn >= 1 and isinstance(record.steps[0], Deal)
    record.replay()
    assert rulespec.Record.from_json(record.to_json()).chance_seed == seed
    # The game replays through a sound engine, drawing from the same seed...
    for flags in (["--fold"], ["--deal-at-start"]):
        with WireAdapter([*SERVE, "--chance", "engine", *flags], "canardage") as sound:
            assert check_record(sound, record).steps == len(record.steps)
    assert check_record(DrawsItsOwn(), record).steps == len(record.steps)
    # ...but not through one whose chance does not follow the seed.
    with pytest.raises(DivergenceError) as again:
        check_record(IgnoresTheSeed(), record)
    assert again.value.divergence.kind == "chance"
    assert "not repeatable" in again.value.divergence.summary
    assert again.value.divergence.step == 0


def test_a_python_divergence_keeps_the_seed_and_replays() -> None:
    found = _diverge(NoPan(), players=3, max_steps=60)
    assert found.kind == "refused-legal" and found.record.chance_seed is not None
    found.record.replay()
    with pytest.raises(DivergenceError) as again:
        check_record(NoPan(), found.record)
    assert again.value.divergence.kind == "refused-legal"
    assert again.value.divergence.step == found.step


# -- 3. parts of the state and of the views -----------------------------------------------------


def test_an_engine_keeping_parts_of_the_state_and_views_conforms() -> None:
    flags = [
        "canardage",
        "--state-parts",
        "turn,line,targets,hands",
        "--view-parts",
        "hand,targets",
    ]
    with WireAdapter([*SERVE, *flags], "canardage") as engine:
        assert engine.state_parts == frozenset({"turn", "line", "targets", "hands"})
        assert engine.view_parts == frozenset({"hand", "targets"})
        result = _conforms(engine, "canardage", players=3, max_steps=40, settings=SHORT)
    assert result.steps > 0


class StateParts(ReferenceAdapter):
    """rulespec's engine keeping the turn and the targets, and writing garbage besides."""

    state_parts = frozenset({"turn", "targets"})
    shift = 0

    def state(self) -> Any:
        data = self.game.encode_state(self.current)
        targets = [t + self.shift for t in data["targets"]]
        return {"turn": data["turn"], "targets": targets, "hands": "lost", "line": 7}


class TargetsOffByOne(StateParts):
    shift = 1


class ViewParts(ReferenceAdapter):
    """rulespec's engine keeping only each player's hand, one card short (without a state,
    every view is compared)."""

    state = Adapter.state
    view_parts = frozenset({"hand"})

    def view(self, player: int) -> Any:
        return {"hand": self.game.encode_view(self.game.view(self.current, player))["hand"][1:]}


def test_only_the_declared_parts_are_compared() -> None:
    result = _conforms(StateParts(), "canardage", players=3, max_steps=40, settings=SHORT)
    assert result.steps > 0


@pytest.mark.clause("can.targets.spaces")
def test_a_wrong_declared_part_of_the_state_is_named() -> None:
    found = _diverge(TargetsOffByOne(), players=3, max_steps=40)
    assert found.kind == "state"
    assert found.summary.split(" after ")[0] == "state differs in targets"
    assert found.expected.startswith("targets = ") and found.actual.startswith("targets = ")
    assert "can.targets.spaces" in found.clauses


def test_a_wrong_declared_part_of_a_view_is_named() -> None:
    found = _diverge(ViewParts(), players=3, max_steps=40)
    assert found.kind == "view" and "view differs in hand" in found.summary
    assert found.step == 0 and len(found.record.steps) == 1  # right after the deal
    assert "can.setup.hands" in found.clauses


# -- 4. actions an engine cannot express --------------------------------------------------------


def test_an_engine_that_cannot_express_the_commonest_card_is_inconclusive_and_lists_it() -> None:
    with WireAdapter([*SERVE, "--inexpressible", "card=pan"], "canardage") as engine:
        assert engine.batching
        # Long enough for a batch whose step is inexpressible to hold probes: the engine
        # takes them where the step left it, before the step.
        result = _conforms(
            engine, "canardage", players=3, max_steps=80, settings=SEARCH, strict=False
        )
        # Pan is a fifth of the deck, and each of its targets is offered in turn.
        assert result.unexpressed > INCONCLUSIVE_SHARE * result.offered
        assert result.inconclusive is not None and "legal plays offered" in result.inconclusive
        with pytest.raises(InconclusiveError):
            _conforms(engine, "canardage", players=3, max_steps=80, settings=SEARCH)
    assert result.inexpressible and result.steps > 0
    for line in result.inexpressible:
        assert '"card": "pan"' in line and line.endswith(
            'this engine\'s interface has no card "pan"'
        )


class NoDiscards(ReferenceAdapter):
    """rulespec's engine whose interface has no discard, legal or not."""

    def __init__(self) -> None:
        self.discards = 0

    def apply(self, action: Any) -> None:
        if isinstance(action, Discard):
            self.discards += 1
            raise Inexpressible("no discard button")
        super().apply(action)


def test_an_inexpressible_kind_of_action_is_never_a_divergence() -> None:
    engine = NoDiscards()
    result = _conforms(engine, "canardage", players=3, max_steps=60, settings=SEARCH)
    assert engine.discards > 0  # offered, legal or illegal, and none taken for a divergence
    assert result.inexpressible and len(result.inexpressible) <= 20
    assert all('"type": "discard"' in line for line in result.inexpressible)
    assert all(line.endswith(": no discard button") for line in result.inexpressible)


# -- 5. setups an engine declines ---------------------------------------------------------------


def test_a_declined_setup_is_left_out_and_listed() -> None:
    with Counted([*SERVE, "--unsupported", "players=3"], "duo") as engine:
        result = _conforms(engine, "duo", players=(2, 3), max_steps=20, settings=SHORT)
        assert result.games >= 3
        # Each declined setup was asked once, and not again.
        assert engine.ops["start"] == result.games + len(result.unsupported)
    assert result.unsupported
    assert all(s.startswith("3 players, options ") for s in result.unsupported)
    assert all(s.endswith(": this engine does not play 3 players") for s in result.unsupported)
    assert result.steps > 0


def test_an_engine_declining_every_setup_plays_no_game() -> None:
    with Counted([*SERVE, "--unsupported", "players=2"], "duo") as engine:
        result = _conforms(engine, "duo", players=2, max_steps=20, settings=SHORT)
    assert result.games == 0 and result.steps == 0
    assert engine.ops["start"] == len(result.unsupported)  # each setup asked once
    assert result.unsupported and all(s.startswith("2 players") for s in result.unsupported)


def test_conform_with_an_engine_declining_every_setup_exits_2() -> None:
    done = call(
        "conform", "duo", "--players", "2", "--examples", "2", "--seed", "1",
        "--", *SERVE, "--unsupported", "players=2",
    )  # fmt: skip
    assert done.status == 2
    assert one_error_line(done) == "rulespec conform: the engine declines every setup asked"
    assert "this engine does not play 2 players" in done.out


# -- 6. batches ---------------------------------------------------------------------------------


@pytest.mark.parametrize("flags", [[], ["--no-batch"]])
def test_a_batching_engine_is_asked_once_a_step(flags: list[str]) -> None:
    with Counted([*SERVE, *flags], "canardage") as engine:
        assert engine.batching == (not flags)
        result = _conforms(engine, "canardage", players=3, max_steps=60, settings=SHORT)
        games = engine.ops["start"]
        if flags:
            assert engine.ops["batch"] == 0
            assert engine.requests - engine.ops["hello"] - games > 5 * result.steps
        else:
            # A batch a step, one for the start of each game, and now and then a
            # non-canonical encoding offered on its own (an "apply"); nothing else.
            assert set(engine.ops) <= {"hello", "start", "batch", "apply"}
            asked = engine.ops["batch"] + engine.ops["apply"]
            assert result.steps <= asked <= result.steps * 1.1 + games


@pytest.mark.clause("can.action.pan")
def test_a_batching_engine_diverges_as_one_asked_a_query_at_a_time(
    scripts: dict[str, list[str]],
) -> None:
    reports = []
    for flags in ([], ["--no-batch"]):
        with WireAdapter([*scripts["no_pan"], *flags], "canardage") as engine:
            reports.append(_diverge(engine, players=3, max_steps=60, seed=7))
    assert reports[0] == reports[1]
    assert reports[0].kind == "refused-legal" and "can.action.pan" in reports[0].clauses


# -- 7. probes ----------------------------------------------------------------------------------


class CountsRefusals(ReferenceAdapter):
    """rulespec's engine, counting what it refuses by clause."""

    def __init__(self) -> None:
        self.refused: Counter[str] = Counter()

    def apply(self, action: Any) -> None:
        try:
            super().apply(action)
        except rulespec.IllegalAction as exc:
            self.refused[exc.clause] += 1
            raise


def test_the_probes_are_counted_by_the_clause_that_refuses_them() -> None:
    engine = CountsRefusals()
    result = _conforms(engine, "canardage", players=3, max_steps=40, settings=SHORT)
    # With its legal actions listed, every refusal was a probe, and every probe counted.
    assert result.probed == dict(engine.refused)
    assert sum(result.probed.values()) > 10
    catalogue = {c.id for c in rulespec.clauses("canardage")}
    assert set(result.probed) <= catalogue
    assert "can.turn.order" in result.probed


class PanAnywhere(ReferenceAdapter):
    """rulespec's engine without a move list, taking a Pan at a space no one targets for a
    Pan that misses."""

    legal_actions = Adapter.legal_actions  # type: ignore[assignment]

    def apply(self, action: Any) -> None:
        try:
            super().apply(action)
        except rulespec.IllegalAction as exc:
            if not (isinstance(action, Play) and action.card is Card.PAN):
                raise
            if exc.clause != "can.action.pan":
                raise


class DiscardsNoPan(PanAnywhere):
    """The same engine, which refuses to discard a Pan: it believes the Pan playable."""

    def apply(self, action: Any) -> None:
        if isinstance(action, Discard) and action.card is Card.PAN:
            raise Refused("the Pan can be played")
        super().apply(action)


@pytest.mark.clause("can.action.pan")
def test_an_illegal_action_accepted_by_an_engine_without_a_move_list_is_found() -> None:
    found = _diverge(PanAnywhere(), players=3, max_steps=40)
    assert found.kind == "accepted-illegal"
    assert found.clauses[0] == "can.action.pan"
    assert found.action["card"] == "pan"
    assert found.step == len(found.record.steps)  # the probe is no step of the game


@pytest.mark.clause("can.action.pan", "can.turn.discard")
def test_a_refused_discard_is_explained_by_the_illegal_play_the_engine_takes() -> None:
    found = _diverge(DiscardsNoPan(), players=3, max_steps=60, probes=False)
    assert found.kind == "accepted-illegal"
    assert found.clauses[0] == "can.action.pan"
    assert found.action["type"] == "play" and found.action["card"] == "pan"
    assert "refuses a legal step" in found.summary and "discards Pan" in found.summary
    assert "the Pan can be played" in found.summary


# -- 8. the setup -------------------------------------------------------------------------------


class RotatesHands(ReferenceAdapter):
    """rulespec's engine that deals each player the next player's hand; no state, no view."""

    state = Adapter.state
    view = Adapter.view

    def apply(self, action: Any) -> None:
        super().apply(action)
        if isinstance(action, Deal):
            hands = self.current.hands
            self.current = attrs.evolve(self.current, hands=hands[1:] + hands[:1])


class BlindRotatesHands(RotatesHands):
    legal_actions = Adapter.legal_actions  # type: ignore[assignment]


@pytest.mark.clause("can.setup.hands")
@pytest.mark.parametrize("engine", [RotatesHands, BlindRotatesHands])
def test_a_deal_of_its_own_is_blamed_on_the_setup(engine: type[ReferenceAdapter]) -> None:
    found = _diverge(engine(), players=3, max_steps=30)
    setup = kit_for(CAN).setup_clauses(CAN, CAN.new_game(3))
    assert found.clauses[0] in setup and found.clauses[0].startswith("can.setup.")
    assert set(setup) <= set(found.clauses)  # before any player's step, every setup clause
    assert found.step == 1  # the first player's step, right after the deal


# -- 9. engines that remember earlier games -----------------------------------------------------


class MoodyEveryOtherGame(ReferenceAdapter):
    """rulespec's engine that refuses the third play of every other game."""

    def __init__(self) -> None:
        self.games = 0

    def start(self, setup: Setup) -> None:
        self.games += 1
        self.plays = 0
        super().start(setup)

    def apply(self, action: Any) -> None:
        if isinstance(action, Play) and self.games % 2 == 0:
            self.plays += 1
            if self.plays == 3:
                raise Refused("not today")
        super().apply(action)


def test_an_engine_answering_by_earlier_games_is_reported_as_nondeterministic() -> None:
    found = _diverge(MoodyEveryOtherGame(), players=3, max_steps=30)
    assert found.kind == "nondeterministic"
    assert "refused-legal" in found.summary
    other = found.other_record
    assert other is not None and other.game == "canardage"
    # The same game, played again, went past the divergent step.
    assert other.steps[: len(found.record.steps)] == found.record.steps
    assert found.record.replay() is not None


# -- 10. robustness -----------------------------------------------------------------------------


@pytest.mark.parametrize("flags", [[], ["--no-batch"]])
def test_the_same_legal_action_twice_is_a_protocol_error(
    scripts: dict[str, list[str]], flags: list[str]
) -> None:
    with WireAdapter([*scripts["twice"], *flags], "duo") as engine:
        with pytest.raises(ProtocolError) as err:
            _conforms(engine, "duo", players=2, max_steps=20, settings=SHORT)
        assert "the same action twice in one list" in err.value.what
        assert engine.error is err.value


def _launched(script: list[str], mode: str) -> list[str]:
    """``script`` started by a shell that waits for it: the engine's process is the shell, the
    script its child (which reads the shell's standard input)."""
    inner = " ".join(f"'{part}'" for part in [*script, mode])
    return ["sh", "-c", f"exec 3<&0; {inner} <&3 3<&- & wait"]


def _child(engine: WireAdapter) -> int:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for line in engine.stderr():
            if line.startswith("pid "):
                return int(line.split()[1])
        time.sleep(0.05)
    raise AssertionError("the engine never said its pid")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting for its parent does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _gone(pid: int) -> bool:
    """Whether process ``pid`` ends within a few seconds."""
    deadline = time.monotonic() + 5
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_closing_ends_the_engine_s_children_too(scripts: dict[str, list[str]]) -> None:
    engine = WireAdapter(_launched(scripts["stays"], "stay"), "duo")
    engine.timeout = 1.0
    child = _child(engine)
    assert child != engine._process.proc.pid and _alive(child)
    assert engine.close() is None  # it stayed after quit: ended
    assert _gone(child)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_an_engine_s_children_are_ended_after_a_timeout(scripts: dict[str, list[str]]) -> None:
    engine = WireAdapter(_launched(scripts["stays"], "hang"), "duo")
    engine.timeout = 1.0
    child = _child(engine)
    engine.start(Setup(DUO, 2, DUO.default_options()))
    with pytest.raises(ProtocolError) as err:
        engine.apply(DUO.sample_chance(DUO.new_game(2), random.Random(1)))
    assert "no answer to request 3 (apply) within 1 s" in err.value.what
    assert _gone(child)
    engine.close()
    assert _gone(child)


def test_a_protocol_error_of_an_engine_drawing_chance_keeps_the_seed(
    scripts: dict[str, list[str]],
) -> None:
    with WireAdapter([*scripts["stays"], "hang", "--engine"], "duo") as engine:
        engine.timeout = 1.0
        engine.start(Setup(DUO, 2, DUO.default_options(), seed=12))
        deal = engine.draw_chance()
        state = DUO.apply(DUO.new_game(2), deal)
        record = engine.record()
        assert record is not None and record.chance_seed == 12
        action = DUO.legal_actions(state, DUO.to_move(state)[0])[0]
        with pytest.raises(ProtocolError) as err:
            engine.apply(action)
    # The game it broke in, which --replay plays again from the same seed.
    assert err.value.record is not None
    assert err.value.record.steps == (deal, action) and err.value.record.chance_seed == 12


class TakesDescendingPairs(ReferenceAdapter):
    """Takes a two-space Double viseur or Canardage whichever way its spaces are written."""

    def apply(self, action: Any) -> Any:
        pair = (Card.DOUBLE_VISEUR, Card.CANARDAGE)
        if isinstance(action, Play) and action.card in pair and len(action.spaces) == 2:
            action = Play(action.player, action.card, tuple(sorted(action.spaces)))
        return super().apply(action)


def test_an_engine_taking_a_non_canonical_encoding_gets_a_note_not_a_divergence() -> None:
    search = settings(SEEDED, max_examples=60)
    strict = check(ReferenceAdapter(), "canardage", settings=search)
    lenient = check(TakesDescendingPairs(), "canardage", settings=search)
    assert strict.notes == ()
    assert lenient.notes and all("non-canonical" in note for note in lenient.notes)
    for note in lenient.notes:
        taken, meant = re.findall(r'"spaces": \[(\d), (\d)\]', note)[:2]
        assert int(taken[0]) == int(taken[1]) + 1  # the pair written descending …
        assert meant == (taken[1], taken[0])  # … for the canonical ascending play
