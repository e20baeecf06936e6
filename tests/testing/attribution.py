"""How often the kit names a mutant's clause first when the engine gives no state.

Every mutant of the independent engines is checked through a black-box
adapter (``start``, ``apply``, ``legal_actions``, ``to_move``, ``scores``,
``winners`` and ``is_over``: no state, no view) on derandomised games, and
the first clause of the report is compared with the clause the mutant
breaks. The engines are the three Python ones of ``tests/testing`` and, when
``node`` and ``examples/canardage-js/engine.js`` are there, the JavaScript
Canardage engine (spoken to through the engine protocol). From the
repository's root::

    uv run --frozen python -m tests.testing.attribution [--scores-only] \
        [games] [shrink steps] [engine ...]

where an engine is ``duck-and-cover``, ``duo``, ``canardage`` or
``canardage-js``. With ``--scores-only`` the adapters answer still less:
``to_move``, ``scores``, ``winners`` and ``is_over`` (no legal actions), so
every refusal and every result is all the kit sees. The deep profile's test
(``test_attribution.py``) asserts the rates of both modes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
from hypothesis import settings

import rulespec
from rulespec.testing import Adapter, DivergenceError, Refused, Setup, check
from rulespec.testing.budget import SHRINK_STEPS
from tests.testing import foreign_duck_cover
from tests.testing.canardage import foreign_canardage
from tests.testing.duo import foreign_duo

BLACK_BOX = ("legal_actions", "to_move", "scores", "winners", "is_over")
"""What a black-box adapter answers besides ``start`` and ``apply``."""
SCORES_ONLY = ("to_move", "scores", "winners", "is_over")
"""What a scores-only adapter answers besides ``start`` and ``apply``: no legal actions."""
MODES: dict[str, tuple[str, ...]] = {"black-box": BLACK_BOX, "scores-only": SCORES_ONLY}
"""Each mode of the measure: the answers its adapters give."""
NODE_ENGINE = Path(__file__).resolve().parents[2] / "examples" / "canardage-js" / "engine.js"


class BlackBox(Adapter):
    """An adapter that hides its engine's state and views: only the black-box answers."""

    def __init__(self, inner: Adapter) -> None:
        self.inner = inner

    def start(self, setup: Setup) -> None:
        self.inner.start(setup)

    def apply(self, action: Any) -> None:
        self.inner.apply(action)

    def legal_actions(self, player: int) -> Iterable[Any]:
        return self.inner.legal_actions(player)

    def to_move(self) -> Iterable[int]:
        return self.inner.to_move()

    def scores(self) -> Sequence[int]:
        return self.inner.scores()

    def winners(self) -> Iterable[int]:
        return self.inner.winners()

    def is_over(self) -> bool:
        return self.inner.is_over()


class ScoresOnly(BlackBox):
    """A black box that does not list legal actions either: the kit learns what the engine
    allows only from what it refuses."""

    legal_actions = Adapter.legal_actions


def hide(adapter: Adapter, mode: str) -> Adapter:
    """``adapter`` answering only what ``mode`` (a key of :data:`MODES`) lets it answer."""
    if mode == "black-box":
        return adapter
    if isinstance(adapter, BlackBox):
        return ScoresOnly(adapter.inner)
    adapter.declared_capabilities = frozenset(MODES[mode])
    return adapter


class NodeCanardage(Adapter):
    """The JavaScript Canardage engine, run by ``node``, through the engine protocol
    (one JSON request and one JSON answer per line); black-box answers only."""

    def __init__(self, engine: Path, mutant: str) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node is not installed")
        self.game = rulespec.game("canardage")
        self.process = subprocess.Popen(
            [node, str(engine), "--mutant", mutant],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.id = 0

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.id += 1
        self.process.stdin.write(json.dumps({"id": self.id, "op": op, **fields}) + "\n")
        self.process.stdin.flush()
        reply: dict[str, Any] = json.loads(self.process.stdout.readline())
        return reply

    def value(self, op: str, **fields: Any) -> Any:
        reply = self.request(op, **fields)
        if "value" not in reply:
            raise RuntimeError(f"{op}: {reply}")
        return reply["value"]

    def close(self) -> None:
        self.request("quit")
        self.process.wait(timeout=5)

    def start(self, setup: Setup) -> None:
        options = self.game.encode_options(setup.options)
        self.value("start", game="canardage", players=setup.players, options=options)

    def apply(self, action: Any) -> None:
        reply = self.request("apply", action=self.game.encode_action(action))
        if "refused" in reply:
            refused = reply["refused"]
            raise Refused(refused.get("reason", ""), refused.get("clause"))

    def legal_actions(self, player: int) -> Iterable[Any]:
        return [self.game.decode_action(a) for a in self.value("legal_actions", player=player)]

    def to_move(self) -> Iterable[int]:
        return tuple(self.value("to_move"))

    def scores(self) -> Sequence[int]:
        return tuple(self.value("scores"))

    def winners(self) -> Iterable[int]:
        return tuple(self.value("winners"))

    def is_over(self) -> bool:
        return bool(self.value("is_over"))


@attrs.frozen
class Mutant:
    """One mutant of an engine: its name, the clause it breaks, and a black-box adapter."""

    name: str
    breaks: str
    adapter: Callable[[], Adapter]


def _python(mutants: Sequence[type[Any]], adapter: Callable[[type[Any]], Adapter]) -> list[Mutant]:
    return [
        Mutant(m.__name__, m.BREAKS, lambda m=m: BlackBox(adapter(m)))  # type: ignore[misc]
        for m in mutants
    ]


def node_mutants(engine: Path = NODE_ENGINE) -> list[Mutant]:
    """The JavaScript engine's mutants (none when ``node`` or the engine is missing)."""
    node = shutil.which("node")
    if node is None or not engine.exists():
        return []
    listed = subprocess.run(
        [node, str(engine), "--list-mutants"], capture_output=True, text=True, check=True
    ).stdout
    rows = [line.split("\t") for line in listed.splitlines() if line.strip()]
    return [
        Mutant(name, breaks, lambda name=name: NodeCanardage(engine, name))  # type: ignore[misc]
        for name, breaks, *_ in rows
    ]


ENGINES: dict[str, tuple[str, Callable[[], list[Mutant]]]] = {
    "duck-and-cover": (
        "duck-and-cover",
        lambda: _python(foreign_duck_cover.MUTANTS, foreign_duck_cover.ForeignAdapter),
    ),
    "duo": ("duo", lambda: _python(foreign_duo.MUTANTS, foreign_duo.ForeignDuoAdapter)),
    "canardage": (
        "canardage",
        lambda: _python(foreign_canardage.MUTANTS, foreign_canardage.ForeignAdapter),
    ),
    "canardage-js": ("canardage", node_mutants),
}
"""Each engine: the game it plays and its mutants."""


@attrs.frozen
class Outcome:
    """One mutant's result: the clauses the report named, in order (empty: not caught)."""

    engine: str
    mutant: str
    breaks: str
    clauses: tuple[str, ...]
    kind: str
    seconds: float

    @property
    def first(self) -> bool:
        """Whether the report named the mutant's clause first."""
        return bool(self.clauses) and self.clauses[0] == self.breaks


def attribute(
    engine: str,
    mutant: Mutant,
    *,
    games: int = 100,
    shrink_steps: int = SHRINK_STEPS,
    mode: str = "black-box",
) -> Outcome:
    """Check ``mutant`` of ``engine`` through its black-box adapter, answering only what
    ``mode`` lets it answer."""
    game, _ = ENGINES[engine]
    search = settings(max_examples=games, derandomize=True, database=None)
    adapter = hide(mutant.adapter(), mode)
    start = time.perf_counter()
    try:
        check(adapter, game, settings=search, shrink_steps=shrink_steps)
    except DivergenceError as exc:
        clauses, kind = exc.divergence.clauses, exc.divergence.kind
    else:
        clauses, kind = (), "none"
    finally:
        if isinstance(adapter, NodeCanardage):
            adapter.close()
    seconds = time.perf_counter() - start
    return Outcome(engine, mutant.name, mutant.breaks, clauses, kind, seconds)


def measure(
    engine: str, *, games: int = 100, shrink_steps: int = SHRINK_STEPS, mode: str = "black-box"
) -> list[Outcome]:
    """Every mutant of ``engine``, in ``mode``."""
    _, mutants = ENGINES[engine]
    return [
        attribute(engine, m, games=games, shrink_steps=shrink_steps, mode=mode) for m in mutants()
    ]


def main(argv: Sequence[str]) -> None:
    """Print one line per mutant and the rate per engine."""
    mode = "scores-only" if "--scores-only" in argv else "black-box"
    argv = [a for a in argv if a != "--scores-only"]
    games = int(argv[0]) if argv else 100
    shrink = int(argv[1]) if len(argv) > 1 else SHRINK_STEPS
    for engine in list(argv[2:]) or list(ENGINES):
        outcomes = []
        for m in ENGINES[engine][1]():
            o = attribute(engine, m, games=games, shrink_steps=shrink, mode=mode)
            outcomes.append(o)
            mark = "first" if o.first else ("named" if o.breaks in o.clauses else "MISSED")
            print(
                f"{engine:14} {o.mutant:30} {mark:6} {o.kind:16} {o.seconds:5.1f}s "
                f"{o.breaks} <- {', '.join(o.clauses[:4])}",
                flush=True,
            )
        if outcomes:
            first = sum(o.first for o in outcomes)
            print(f"{engine}: first for {first}/{len(outcomes)} = {first / len(outcomes):.0%}")


if __name__ == "__main__":
    main(sys.argv[1:])
