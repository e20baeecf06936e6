"""What each reading changes: paired games under the reading we chose and under another.

For every reading of a game that an option plays
(:func:`~rulespec.rulebook.readings.readings`), :func:`measure` plays the same games
twice: once under the project's readings (the game's simulation options, every
reading option at its default) and once with that reading's options on top. The two
games of a pair share their seed and their policies, and every decision, of a player
or of chance, is drawn from a random stream that depends only on the game's seed and
the step's position in the game (:func:`step_rng`): while the two games are in the
same state they make the same choices, so they part only where the reading makes a
difference.

A pair's *course* differs when its sequences of states differ at some step. The
states are compared with their ``options`` field set aside (:func:`same_state`):
that field holds the reading itself, and a state that differs only there is the same
position. A pair's *outcome* differs when the final scores, the winners or whether
the game was cut at its length cap differ.

>>> m = measure("duo", games=2, players=3, seed=1)
>>> [(e.declared, e.games) for e in m.effects]
[('duo.round.exhausted=empty-draw', 2), ('duo.game.round-limit=leader-wins', 2)]
>>> m.effects[1].course  # the leaders' win changes no position, only the outcome
0

``python -m rulespec.tools.reading_effects FILE [--games N]`` writes the figures of
every game to ``FILE`` (the data file the interpretation registers show).
"""

from __future__ import annotations

import _random
import hashlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.declaration import length_cap
from rulespec.core.game import Game, Policy, game, random_policy
from rulespec.core.record import Record
from rulespec.rulebook.readings import reading_options, readings
from rulespec.tools.simulation import player_count, seat_policies, wilson

__all__ = [
    "CHECK_GAMES",
    "FORMAT",
    "Course",
    "Effect",
    "Measure",
    "Pair",
    "Parting",
    "chosen_options",
    "effect_data",
    "measure",
    "measure_data",
    "pair_records",
    "parting",
    "play_course",
    "play_pairs",
    "same_state",
    "step_rng",
    "write_data",
]

FORMAT = "rulespec-reading-effects"
CHECK_GAMES = 20
"""How many first pairs the data file lists one by one, for a test to play again."""


def _key(seed: str) -> int:
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big") << 24


def step_rng(seed: str, step: int) -> random.Random:
    """The random stream of step ``step`` (from 0) of the game seeded ``seed``: a
    :class:`random.Random` seeded with a digest of ``seed`` plus ``step``.

    >>> step_rng("0-3", 5).random() == step_rng("0-3", 5).random()
    True
    >>> step_rng("0-3", 5).random() == step_rng("0-3", 6).random()
    False
    """
    return random.Random(_key(seed) + step)


@attrs.frozen
class Course:
    """One game as played: its states (the first before any step), its steps and its end."""

    states: tuple[Any, ...]
    steps: tuple[Any, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    truncated: bool
    """Cut at the length cap (:func:`~rulespec.core.declaration.length_cap`)."""

    @property
    def outcome(self) -> tuple[Any, ...]:
        """What decides whether two games end alike: scores, winners and the cut."""
        return self.scores, self.winners, self.truncated


def play_course(
    g: Game[Any, Any, Any, Any],
    players: int,
    seed: str,
    options: Any,
    policy: Policy = random_policy,
) -> Course:
    """Play one game whose step ``k`` draws from :func:`step_rng` ``(seed, k)``, chance
    and players alike, stopping at the length cap as simulations do.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> options = duo.decode_options(duo.simulation_options())
    >>> a, b = (play_course(duo, 2, "7", options) for _ in range(2))
    >>> a.steps == b.steps and len(a.states) == len(a.steps) + 1
    True
    """
    state = g.new_game(players, options)
    cap = length_cap(g, players, state.options)
    whole_turns = g.declaration.simultaneous
    states: list[Any] = [state]
    steps: list[Any] = []
    acted, truncated = 0, False
    key, rng = _key(seed), random.Random()
    while not g.is_over(state):
        _random.Random.seed(rng, key + len(steps))  # as step_rng, without its Python layer
        actors = g.to_move(state)
        if actors[0] == CHANCE:
            action = g.sample_chance(state, rng)
        else:
            if acted >= cap and (not whole_turns or len(actors) == players):
                truncated = True
                break
            acted += 1
            action = policy(g, state, actors[0], rng)
        state = g.apply(state, action)
        steps.append(action)
        states.append(state)
    return Course(tuple(states), tuple(steps), g.scores(state), g.winners(state), truncated)


_COMPARED: dict[type, tuple[str, ...]] = {}
"""For each state class, the fields :func:`same_state` compares."""


def same_state(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same position: equal but for their ``options``.

    >>> import rulespec
    >>> can = rulespec.game("canardage")
    >>> other = can.decode_options({"pair_order": "cover-first"})
    >>> a, b = can.new_game(3), can.new_game(3, other)
    >>> a == b, same_state(a, b)
    (False, True)
    """
    if type(a) is not type(b):
        return False
    if not attrs.has(type(a)):
        return bool(a == b)
    names = _COMPARED.get(type(a))
    if names is None:
        fields = attrs.fields(type(a))
        names = _COMPARED[type(a)] = tuple(f.name for f in fields if f.eq and f.name != "options")
    return all(getattr(a, name) == getattr(b, name) for name in names)


def parting(a: Course, b: Course) -> int | None:
    """The first ``k`` whose states differ (``states[k]``: after ``k`` steps), or where one
    game goes on after the other stopped; ``None`` when the two courses are the same."""
    for k, (x, y) in enumerate(zip(a.states, b.states, strict=False)):
        if not same_state(x, y):
            return k
    if len(a.states) != len(b.states) or a.truncated != b.truncated:
        return min(len(a.states), len(b.states))
    return None


def chosen_options(g: Game[Any, Any, Any, Any]) -> dict[str, Any]:
    """The options of the project's readings, as JSON: the game's simulation options, with
    every option that plays a reading left at its default.

    >>> chosen_options(game("duo"))
    {'max_rounds': 50}
    """
    played = {key for r in readings(g.id) for key in r.option}
    return {k: v for k, v in g.simulation_options().items() if k not in played}


@attrs.frozen
class Parting:
    """A shortest pair that parts: its game number and seed, the first step whose states
    differ, and each side's number of steps."""

    game: int
    seed: str
    step: int
    lengths: tuple[int, int]
    """The steps of the game under the chosen reading, then under the other."""


@attrs.frozen
class Effect:
    """One reading over many pairs: how often the course and the outcome differ."""

    clause: str
    name: str
    options: dict[str, Any]
    """The reading's own options (JSON), set over :func:`chosen_options`."""
    games: int
    course: int
    """Pairs whose sequences of states differ."""
    outcome: int
    """Pairs whose scores, winners or cut differ."""
    shortest: Parting | None
    partings: tuple[int | None, ...] = attrs.field(repr=False)
    """Each pair's :func:`parting` step."""
    outcomes: tuple[bool, ...] = attrs.field(repr=False)
    """Whether each pair's outcome differs."""

    @property
    def declared(self) -> str:
        """``clause=name``."""
        return f"{self.clause}={self.name}"

    @property
    def course_interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the share of pairs whose course differs."""
        return wilson(self.course, self.games)

    @property
    def outcome_interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the share of pairs whose outcome differs."""
        return wilson(self.outcome, self.games)


@attrs.frozen
class Measure:
    """Every reading of one game, measured on the same pairs."""

    game: str
    players: int
    games: int
    seed: int
    policy: str
    options: dict[str, Any]
    """:func:`chosen_options`."""
    effects: tuple[Effect, ...]


Pair = tuple[int | None, bool, int, int]
"""One pair as :func:`measure` plays it: its :func:`parting` step, whether its outcome
differs, and the steps of the game under the chosen reading and under the other."""


def play_pairs(
    game_id: str,
    players: int,
    policy: str,
    base: dict[str, Any],
    extras: Sequence[dict[str, Any]],
    seeds: Sequence[str],
) -> list[list[Pair]]:
    """For each seed, one :data:`Pair` per reading (``base`` with each of ``extras`` on
    top) against ``base``: the work one task does, its arguments all picklable."""
    g = game(game_id)
    chooser = seat_policies(g, policy, players)[1]
    chosen = g.decode_options(base)
    others = [g.decode_options({**base, **extra}) for extra in extras]
    found = []
    for seed in seeds:
        ours = play_course(g, players, seed, chosen, chooser)
        row: list[Pair] = []
        for other in others:
            theirs = play_course(g, players, seed, other, chooser)
            differs = ours.outcome != theirs.outcome
            row.append((parting(ours, theirs), differs, len(ours.steps), len(theirs.steps)))
        found.append(row)
    return found


def measure(
    game_id: str,
    *,
    games: int = 1000,
    players: int | None = None,
    policy: str = "random",
    seed: int = 0,
    progress: Callable[[], None] | None = None,
    executor: Executor | None = None,
) -> Measure:
    """Play ``games`` pairs for every reading of ``game_id`` (pair ``i`` seeded
    ``f"{seed}-{i}"``, as in :func:`~rulespec.tools.simulation.simulate`): the game
    under the chosen readings is played once per seed and compared with each reading's.

    ``policy`` names one of the game's policies, or one per seat joined by commas;
    ``players`` defaults as in ``rulespec simulate``; ``progress`` is called after each
    seed. With an ``executor``, chunks of seeds run as its tasks; the figures are the
    same. Raises ``ValueError`` for ``games`` below 1, a policy or a number of players
    the game does not have, and ``KeyError`` for an unknown game.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    g = game(game_id)
    n = player_count(g, players)
    label = seat_policies(g, policy, n)[0]
    base = chosen_options(g)
    sides = [(r, reading_options(g.id, r.clause, r.name)) for r in readings(g.id)]
    extras = [extra for _, extra in sides]
    seeds = [f"{seed}-{i}" for i in range(games if sides else 0)]
    size = 8
    chunks = [seeds[at : at + size] for at in range(0, len(seeds), size)]
    rows: list[list[Pair]] = []
    if executor is None:
        done = (play_pairs(g.id, n, label, base, extras, chunk) for chunk in chunks)
    else:
        futures = [executor.submit(play_pairs, g.id, n, label, base, extras, c) for c in chunks]
        done = (future.result() for future in futures)
    for part in done:
        rows += part
        for _ in part:
            if progress is not None:
                progress()
    effects = []
    for j, (r, extra) in enumerate(sides):
        pairs = [row[j] for row in rows]
        parted = [(max(a, b), i) for i, (k, _, a, b) in enumerate(pairs) if k is not None]
        shortest = None
        if parted:
            i = min(parted)[1]
            step, _, a, b = pairs[i]
            assert step is not None
            shortest = Parting(i, seeds[i], step, (a, b))
        effects.append(
            Effect(
                r.clause,
                r.name,
                extra,
                games,
                sum(p[0] is not None for p in pairs),
                sum(p[1] for p in pairs),
                shortest,
                tuple(p[0] for p in pairs),
                tuple(p[1] for p in pairs),
            )
        )
    return Measure(g.id, n, games, seed, label, base, tuple(effects))


def pair_records(m: Measure, effect: Effect) -> tuple[Record, Record] | None:
    """The records of ``effect``'s shortest parting pair (chosen reading, then the other),
    or ``None`` when no pair parts.

    >>> m = measure("canardage", games=3, players=3)
    >>> ours, theirs = pair_records(m, m.effects[0])
    >>> ours.options == theirs.options
    False
    """
    if effect.shortest is None:
        return None
    g = game(m.game)
    chooser = seat_policies(g, m.policy, m.players)[1]
    made = []
    for extra in ({}, effect.options):
        options = g.decode_options({**m.options, **extra})
        course = play_course(g, m.players, effect.shortest.seed, options, chooser)
        made.append(Record(g.id, m.players, options, course.steps, truncated=course.truncated))
    return made[0], made[1]


def _share(count: int, games: int) -> dict[str, Any]:
    low, high = wilson(count, games)
    return {"games": count, "share": count / games, "low": low, "high": high}


def effect_data(effect: Effect, check: int = 0) -> dict[str, Any]:
    """``effect`` as JSON data; with ``check``, each of the first ``check`` pairs' parting
    step (or ``null``) and whether its outcome differs."""
    s = effect.shortest
    data: dict[str, Any] = {
        "reading": effect.declared,
        "clause": effect.clause,
        "name": effect.name,
        "options": effect.options,
        "games": effect.games,
        "course": _share(effect.course, effect.games),
        "outcome": _share(effect.outcome, effect.games),
        "shortest": None
        if s is None
        else {"game": s.game, "seed": s.seed, "step": s.step, "lengths": list(s.lengths)},
    }
    if check:
        data["check"] = {
            "games": min(check, effect.games),
            "partings": list(effect.partings[:check]),
            "outcomes": list(effect.outcomes[:check]),
        }
    return data


def measure_data(m: Measure, check: int = 0) -> dict[str, Any]:
    """``m`` as JSON data (see :func:`effect_data` for ``check``)."""
    return {
        "game": m.game,
        "players": m.players,
        "games": m.games,
        "seed": m.seed,
        "policy": m.policy,
        "options": m.options,
        "compared": "states, options set aside",
        "readings": [effect_data(e, check) for e in m.effects],
    }


def write_data(path: Path, games: int = 1000, seed: int = 0) -> dict[str, Any]:
    """Measure every game (random play, the default number of players) and write the
    figures to ``path`` as JSON, with the first :data:`CHECK_GAMES` pairs of each
    reading listed one by one; return the data."""
    from rulespec.rulebook.clauses import catalogues

    data = {
        "format": FORMAT,
        "version": 1,
        "command": f"python -m rulespec.tools.reading_effects {path.as_posix()} --games {games}",
        "games": {
            cat.game: measure_data(measure(cat.game, games=games, seed=seed), CHECK_GAMES)
            for cat in catalogues()
        },
    }
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return data


def _main(argv: Sequence[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m rulespec.tools.reading_effects",
        description="Write what each reading changes, for every game, to FILE (JSON).",
    )
    parser.add_argument("file", type=Path)
    parser.add_argument("--games", type=int, default=1000, help="pairs per reading")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    write_data(args.file, args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
