"""Perft: the number of legal action sequences from a position, depth by depth.

Chess engines check their move generators against published *perft* counts; these
are the same for the three games, so that an engine in any language can compare
its own counts with rulespec's.

A *step* is one player's action, as :meth:`~rulespec.core.game.Game.apply` takes
them: at each node the first player that :meth:`~rulespec.core.game.Game.to_move`
names acts, so Duck & Cover's simultaneous choices are taken one by one, in seat
order. A line that reaches a chance step (a deal, a reshuffle) stops there and is
counted as a *chance leaf*; a line that reaches the end of the game stops there as
a *terminal leaf*. At each depth ``d`` (``0`` is the position itself):

- ``nodes``: the sequences of exactly ``d`` steps, leaves included;
- ``chance``: how many of them end at a chance step;
- ``terminal``: how many end with the game over.

Only the other nodes (a player to act) go on to depth ``d + 1``. The counts are of
sequences, not of distinct states: two orders of moves that reach the same state
count twice. Equal states are counted once and their counts reused
(memoised by state and remaining depth), which changes the speed, never the count.

>>> import rulespec
>>> duo = rulespec.game("duo")
>>> state = duo.position([["red-3-circle", "blue-1-square"], ["yellow-4-cross"]],
...                      [["red-3-cross"], ["green-2-square"]])
>>> [(c.nodes, c.chance, c.terminal) for c in perft(duo, state, 2)]
[(1, 0, 0), (2, 0, 0), (2, 0, 0)]
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.errors import IllegalAction, PositionError, RecordError
from rulespec.core.game import Game, games

__all__ = [
    "FORMAT",
    "Count",
    "Entry",
    "PerftError",
    "Suite",
    "divide",
    "load_suite",
    "perft",
    "position_from_json",
    "state_from_json",
    "suite_path",
]

FORMAT = "rulespec-perft"
"""The ``format`` of a suite file."""

_Row = tuple[int, int, int]
_Counts = tuple[_Row, ...]


class PerftError(ValueError):
    """A position, a suite or a depth that cannot be used, in one line."""


@attrs.frozen
class Count:
    """The sequences of ``depth`` steps: all of them (``nodes``), and how many end at
    a chance step (``chance``) or with the game over (``terminal``)."""

    depth: int
    nodes: int
    chance: int
    terminal: int

    def as_dict(self) -> dict[str, int]:
        """The count as JSON, as a suite file holds it."""
        return attrs.asdict(self)


def _counter(g: Game[Any, Any, Any, Any]) -> Callable[[Any, int], _Counts]:
    """A function of (state, remaining depth) to the rows of counts, memoised."""
    to_move, legal, apply = g.to_move, g.legal_actions, g.apply
    memo: dict[tuple[Any, int], _Counts] = {}

    def kind(state: Any) -> _Row:
        actors = to_move(state)
        if not actors:
            return (1, 0, 1)
        return (1, 1, 0) if actors[0] == CHANCE else (1, 0, 0)

    def count(state: Any, depth: int) -> _Counts:
        key = (state, depth)
        found = memo.get(key)
        if found is not None:
            return found
        actors = to_move(state)
        if not actors:
            result: _Counts = ((1, 0, 1),)
        elif actors[0] == CHANCE:
            result = ((1, 1, 0),)
        elif depth == 0:
            result = ((1, 0, 0),)
        elif depth == 1:
            nodes = chance = terminal = 0
            for action in legal(state, actors[0]):
                _, c, t = kind(apply(state, action))
                nodes += 1
                chance += c
                terminal += t
            result = ((1, 0, 0), (nodes, chance, terminal))
        else:
            sums = [[0, 0, 0] for _ in range(depth)]
            for action in legal(state, actors[0]):
                for row, (n, c, t) in zip(
                    sums, count(apply(state, action), depth - 1), strict=False
                ):
                    row[0] += n
                    row[1] += c
                    row[2] += t
            while sums and sums[-1][0] == 0:
                sums.pop()
            result = ((1, 0, 0), *((n, c, t) for n, c, t in sums))
        memo[key] = result
        return result

    return count


def _counts(rows: _Counts, depth: int) -> tuple[Count, ...]:
    padded = (*rows, *((0, 0, 0),) * (depth + 1 - len(rows)))
    return tuple(Count(d, *row) for d, row in enumerate(padded))


def _depth(depth: int) -> int:
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise PerftError(f"depth must be a whole number 0 or more, not {depth!r}")
    return depth


def perft(g: Game[Any, Any, Any, Any], state: Any, depth: int) -> tuple[Count, ...]:
    """The counts at depths ``0`` to ``depth`` from ``state`` (see the module's text).

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> counts = perft(dc, dc.start(2, seed=1), 2)
    >>> [c.nodes for c in counts], counts[2].chance, counts[2].terminal
    ([1, 16, 224], 0, 0)
    """
    g._check_state(state)
    depth = _depth(depth)
    return _counts(_counter(g)(state, depth), depth)


def divide(
    g: Game[Any, Any, Any, Any], state: Any, depth: int
) -> list[tuple[Any, tuple[Count, ...]]]:
    """Each first action with the counts below it, to depth ``depth`` from ``state``
    (the action's own node at depth 1), in the order of ``legal_actions``.

    The counts of the actions add up to :func:`perft`'s at each depth from 1, as in
    chess's *divide*: a wrong total leads to the first action whose count differs.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> state = dc.start(2, seed=1)
    >>> split = divide(dc, state, 2)
    >>> dc.encode_action(split[0][0]), split[0][1][2].nodes
    ({'type': 'cover', 'player': 0, 'to': [0, 2]}, 14)
    >>> sum(c[2].nodes for _, c in split) == perft(dc, state, 2)[2].nodes
    True
    """
    g._check_state(state)
    depth = _depth(depth)
    actors = g.to_move(state)
    if depth == 0 or not actors or actors[0] == CHANCE:
        return []
    count = _counter(g)
    return [
        (action, _counts(((0, 0, 0), *count(g.apply(state, action), depth - 1)), depth))
        for action in g.legal_actions(state, actors[0])
    ]


# -- positions as JSON -------------------------------------------------------------


def position_from_json(g: Game[Any, Any, Any, Any], data: Mapping[str, Any]) -> Any:
    """The state that ``g.position(**data)`` builds, from JSON values.

    ``data`` holds the builder's keyword arguments (``hands``, ``piles``, ``line``,
    ``grids``, ``card``, ...) as JSON: cards as the builder takes them (names, or
    numbers in Duck & Cover), ``options`` as the game's JSON options
    (:meth:`~rulespec.core.game.Game.decode_options`), ``submitted`` (Duck & Cover) as
    JSON actions or ``null``, and the keys of ``shelters`` (Canardage) as strings of
    digits, as JSON writes them.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = position_from_json(duo, {"hands": [["red-3-circle"], ["turbo"]],
    ...                                  "options": {"turbo": True}})
    >>> state.options.turbo, len(state.hands)
    (True, 2)
    >>> position_from_json(duo, {"hand": []})
    Traceback (most recent call last):
      ...
    rulespec.tools.perft.PerftError: position: unexpected keyword argument 'hand'
    """
    if not isinstance(data, Mapping):
        raise PerftError(f"position: expected a JSON object, not {type(data).__name__}")
    build = getattr(g, "position", None)
    if build is None:
        raise PerftError(f"{g.name} has no position builder")
    kwargs = dict(data)
    try:
        if "options" in kwargs:
            kwargs["options"] = g.decode_options(kwargs["options"])
        if kwargs.get("submitted") is not None:
            kwargs["submitted"] = [
                None if a is None else g.decode_action(a, f"submitted[{i}]")
                for i, a in enumerate(kwargs["submitted"])
            ]
        if isinstance(kwargs.get("shelters"), Mapping):
            kwargs["shelters"] = {int(k): v for k, v in kwargs["shelters"].items()}
        return build(**kwargs)
    except TypeError as exc:
        text = str(exc)
        raise PerftError(f"position: {text[text.find('unexpected') :] or text}") from None
    except (PositionError, RecordError, IllegalAction, ValueError) as exc:
        raise PerftError(f"position: {exc}") from None


def state_from_json(g: Game[Any, Any, Any, Any], data: Any) -> Any:
    """The state that ``data`` gives: a state as
    :meth:`~rulespec.core.game.Game.encode_state` writes it, ``{"state": ...}``,
    ``{"position": {...}}`` (see :func:`position_from_json`), or a game record (the
    state it ends in, from its ``start`` when it has one).

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> state = duo.start(2, seed=5)
    >>> state_from_json(duo, {"state": duo.encode_state(state)}) == state
    True
    """
    if not isinstance(data, Mapping):
        raise PerftError(f"expected a JSON object, not {type(data).__name__}")
    if "game" in data and data["game"] != g.id:
        raise PerftError(f"the position is of {data['game']!r}, not {g.id!r}")
    if "position" in data:
        return position_from_json(g, data["position"])
    if data.get("format") == "rulespec-record":
        from rulespec.core.record import Record, ReplayError

        try:
            return Record.from_json(json.dumps(data)).replay()
        except (RecordError, ReplayError) as exc:
            raise PerftError(f"record: {exc}") from None
    encoded = data.get("state", data)
    try:
        return g.decode_state(encoded)
    except (RecordError, IllegalAction, ValueError, TypeError) as exc:
        raise PerftError(f"state: {exc}") from None


# -- suites ----------------------------------------------------------------------


@attrs.frozen
class Entry:
    """One position of a suite: its ``name``, where it comes from, the encoded
    state and the counts expected at each depth from 0."""

    name: str
    source: str
    state: dict[str, Any]
    counts: tuple[Count, ...]

    @property
    def depth(self) -> int:
        """The deepest depth counted."""
        return self.counts[-1].depth

    @property
    def total(self) -> int:
        """The nodes of every depth together: the work of checking the entry."""
        return sum(c.nodes for c in self.counts)


@attrs.frozen
class Suite:
    """A game's perft suite, as its package ships it."""

    game: str
    entries: tuple[Entry, ...]

    def to_json(self) -> str:
        """The suite file's text: one position per block, counts one depth a line."""
        blocks = []
        for e in self.entries:
            counts = ",\n".join(f"    {json.dumps(c.as_dict())}" for c in e.counts)
            blocks.append(
                "  {\n"
                f'   "name": {json.dumps(e.name)},\n'
                f'   "source": {json.dumps(e.source, ensure_ascii=False)},\n'
                f'   "state": {json.dumps(e.state, ensure_ascii=False)},\n'
                f'   "counts": [\n{counts}\n   ]\n'
                "  }"
            )
        body = ",\n".join(blocks)
        return (
            f'{{\n "format": "{FORMAT}",\n "version": 1,\n "game": "{self.game}",\n'
            f' "positions": [\n{body}\n ]\n}}\n'
        )


def _package(game_id: str) -> str:
    """The package of ``game_id``'s rules, where its suite file stands."""
    from rulespec.core.game import game

    try:
        return type(game(game_id)).__module__.rpartition(".")[0]
    except KeyError:
        raise PerftError(f"no perft suite for {game_id!r}") from None


def suite_path(game_id: str) -> Path:
    """The suite file that the package of ``game_id`` ships.

    >>> suite_path("duck-and-cover").name
    'perft.json'
    """
    return Path(str(resources.files(_package(game_id)).joinpath("perft.json")))


def load_suite(game_id: str, path: Path | None = None) -> Suite:
    """The suite of ``game_id`` (from ``path``, else the one the package ships).

    >>> suite = load_suite("duo")
    >>> suite.game, len(suite.entries) >= 8
    ('duo', True)
    """
    file = suite_path(game_id) if path is None else path
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("game") != game_id:
            raise PerftError(f"{file}: not a perft suite of {game_id}")
        entries = tuple(
            Entry(
                p["name"],
                p["source"],
                p["state"],
                tuple(Count(**c) for c in p["counts"]),
            )
            for p in data["positions"]
        )
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise PerftError(f"{file}: {exc}") from None
    return Suite(game_id, entries)


# -- building the suites ----------------------------------------------------------

DEEPEST = 12
"""The deepest depth a suite counts."""
FURTHER = 500_000
"""A suite counts every position to depth 4 (or until every line has ended), and
deeper only while the next depth's nodes, estimated from the growth of the last
one, stay under this, and found stay under :data:`LIMIT`."""
LIMIT = 1_000_000
"""The most nodes at the deepest depth of a suite's position beyond depth 4."""


def _played_specs(game_id: str) -> tuple[tuple[int, int, int], ...]:
    """The positions of real play in ``game_id``'s suite, as its file names them:
    (players, seed, steps) of a uniformly random game, :meth:`rulespec.Record.play`
    with that seed; the position is the first state at or after that many steps where
    a player is to act. A game without a suite file has none yet."""
    try:
        suite = load_suite(game_id)
    except PerftError:
        return ()
    found = []
    for e in suite.entries:
        named = re.fullmatch(r"played-(\d+)p-seed(\d+)", e.name)
        step = re.search(r"from step (\d+)", e.source)
        if named and step:
            found.append((int(named[1]), int(named[2]), int(step[1])))
    return tuple(found)


def _played(g: Game[Any, Any, Any, Any], players: int, seed: int, steps: int) -> Any:
    from rulespec.core.record import Record

    for i, state in enumerate(Record.play(g, players, seed=seed).states()):
        actors = g.to_move(state)
        if i >= steps and actors and actors[0] != CHANCE:
            return state
    raise PerftError(f"the game of seed {seed} ends before step {steps}")


def _measured(g: Game[Any, Any, Any, Any], state: Any) -> tuple[Count, ...]:
    count = _counter(g)
    depth = 1
    kept: tuple[Count, ...] = ()
    while True:
        found = _counts(count(state, depth), depth)
        nodes = [c.nodes for c in found]
        if depth > 4 and nodes[-1] > LIMIT:
            return kept
        kept = found
        if depth >= DEEPEST or nodes[-1] == 0:
            return found
        if depth >= 4 and nodes[-1] * nodes[-1] > FURTHER * max(nodes[-2], 1):
            return found
        depth += 1


def build_suite(game_id: str) -> Suite:
    """The suite of ``game_id`` counted anew: the rulebook's worked examples (each
    ``before`` state where a player is to act, once) and the positions of
    :func:`_played_specs` (the real-play positions its file names), each counted to
    depth 4 or deeper (see :data:`FURTHER`)."""
    from rulespec.core.game import game
    from rulespec.rulebook.examples import examples_of

    g = game(game_id)
    found: list[tuple[str, str, Any]] = []
    for example in examples_of(game_id):
        actors = g.to_move(example.before)
        if actors and actors[0] != CHANCE and all(s != example.before for *_, s in found):
            source = f"worked example {example.name!r}: the position before its move"
            found.append((example.name, source, example.before))
    for players, seed, steps in _played_specs(game_id):
        source = (
            f"real play: Record.play({game_id!r}, {players} players, seed={seed}), "
            f"first player's turn from step {steps}"
        )
        found.append((f"played-{players}p-seed{seed}", source, _played(g, players, seed, steps)))
    entries = []
    for name, source, state in found:
        encoded = g.encode_state(state)
        entries.append(Entry(name, source, encoded, _measured(g, g.decode_state(encoded))))
    return Suite(game_id, tuple(entries))


# -- the reference page's tables ----------------------------------------------------


def _leaves(counts: tuple[Count, ...], field: str) -> str:
    found = [f"{c.depth}: {getattr(c, field)}" for c in counts if getattr(c, field)]
    return "; ".join(found) or "none"


def rst_tables(game_ids: tuple[str, ...] | None = None) -> str:
    """The reference page's section for each game's suite, as reStructuredText: a table
    of the positions (name, source, nodes per depth, chance and terminal leaves by
    depth) and each position's JSON, folded; by default, every game that ships a suite.

    >>> print(rst_tables(("duo",)).splitlines()[0])
    .. This file is written by ``python -m rulespec.tools.perft --rst``: do not edit it.
    """
    from html import escape

    from rulespec.core.game import game

    if game_ids is None:
        game_ids = tuple(g.id for g in games() if suite_path(g.id).is_file())
    lines = [
        ".. This file is written by ``python -m rulespec.tools.perft --rst``: do not edit it.",
        "",
    ]
    for game_id in game_ids:
        suite = load_suite(game_id)
        title = f"{game(game_id).name}: ``{game_id}``"
        total = sum(e.total for e in suite.entries)
        lines += [title, "-" * len(title), ""]
        lines += [
            f"{len(suite.entries)} positions, {total:,} nodes in all, in "
            f"``{_package(game_id).replace('.', '/')}/perft.json``.",
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 18 30 32 10 10",
            "",
            "   * - Position",
            "     - Source",
            "     - Nodes at depth 0, 1, 2, …",
            "     - Chance leaves (depth: count)",
            "     - Terminal leaves (depth: count)",
        ]
        for e in suite.entries:
            lines += [
                f"   * - ``{e.name}``",
                f"     - {e.source.replace('*', chr(92) + '*')}",
                f"     - {', '.join(str(c.nodes) for c in e.counts)}",
                f"     - {_leaves(e.counts, 'chance')}",
                f"     - {_leaves(e.counts, 'terminal')}",
            ]
        lines += [
            "",
            "The positions, as :meth:`~rulespec.core.game.Game.encode_state` writes them:",
            "",
        ]
        for e in suite.entries:
            text = escape(json.dumps(e.state, ensure_ascii=False))
            lines += [
                ".. raw:: html",
                "",
                f"   <details><summary><code>{escape(e.name)}</code></summary>"
                f'<pre style="white-space: pre-wrap">{text}</pre></details>',
                "",
            ]
    return "\n".join(lines).rstrip("\n") + "\n"


if __name__ == "__main__":  # pragma: no cover
    import sys

    if sys.argv[1:] != ["--rst"]:
        sys.exit("usage: python -m rulespec.tools.perft --rst > docs/reference/perft-suites.inc")
    sys.stdout.write(rst_tables())
