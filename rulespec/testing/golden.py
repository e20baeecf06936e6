"""Golden records: seeded games with every player's legal-action count at every step.

In the spirit of chess perft files: an engine in any language replays each
game and compares its own counts, with no Python in the loop. The files
ship inside the package, one per game: ``rulespec/testing/data/<game
id>.golden.jsonl``.

**Format** (version 1). JSON Lines: one game per line, each an object::

    {"format": "rulespec-golden", "version": 1, "name": "dc-4p-cover-3",
     "record": { ...a rulespec record (format "rulespec-record", version 1)... },
     "legal": [null, [8, 8, 8, 8], [0, 8, 8, 8], ...],
     "over": true, "scores": [12, -3, 7, 20], "winners": [1]}

- ``record`` is a complete game record: the game id, the number of players,
  the options that differ from the published game, and every step (chance
  outcomes and player actions) in the order they were applied.
- ``legal[i]`` describes the state *before* ``record.steps[i]``: ``null`` at
  a chance step, otherwise one count per seat: the number of legal actions
  of that player, ``0`` for a player who is not to act.
- ``over``, ``scores`` and ``winners`` describe the state after the last step
  (a game may stop before its end).

**Duck & Cover's action model and coordinates.** A player's action names the
destination of the card the turn calls: ``{"type": "cover", "player": p,
"to": [column, row]}`` onto the adjacent stack there, ``{"type": "duck", ...}``
to an empty place, or ``{"type": "quack", "player": p}`` (« Coin ») when the
called card is covered. Places are ``[column, row]`` integers: columns grow
to the right, rows downward; a deal lays each family's permutation row by
row from ``[0, 0]`` to ``[3, 2]`` (``grids[p][i]`` lands at ``[i % 4, i //
4]``), and places are never renormalised (a duck left of the first column
stands at column ``-1``). A deal's ``draw_pile`` and a reshuffle's are
listed next card first; draw cards are ``1``–``12``, ``"max"`` and
``"repeat"``. In a turn every player acts once, in the order of the record;
the turn resolves after the last. So one player's count at one step is the
number of distinct Cover places plus Duck places, or 1 for « Coin ».

Regenerate the files after a deliberate change of the rules with
``python -m rulespec.testing.golden``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import Setup, capabilities
from rulespec.testing.check import game_of

__all__ = [
    "FORMAT",
    "GAMES",
    "VERSION",
    "Golden",
    "GoldenMismatch",
    "check_golden",
    "generate",
    "load",
    "path",
]

FORMAT = "rulespec-golden"
VERSION = 1


@attrs.frozen
class Golden:
    """One golden game."""

    name: str
    record: Record
    legal: tuple[tuple[int, ...] | None, ...]
    over: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_json(self) -> str:
        """The game as one line of its file."""
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "name": self.name,
                "record": self.record.to_data(),
                "legal": [None if c is None else list(c) for c in self.legal],
                "over": self.over,
                "scores": list(self.scores),
                "winners": list(self.winners),
            },
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, line: str) -> Golden:
        """A game from one line of a golden file."""
        data = json.loads(line)
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a {FORMAT} line of version {VERSION}")
        return cls(
            name=data["name"],
            record=Record.from_data(data["record"]),
            legal=tuple(None if c is None else tuple(c) for c in data["legal"]),
            over=data["over"],
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
        )


Policy = Callable[[Game[Any, Any, Any, Any], Any, int, random.Random], Any]


def _uniform(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    return rng.choice(g.legal_actions(state, player))


def _cover_first(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    """A Cover when there is one (rounds end sooner), else any legal action."""
    legal = list(g.legal_actions(state, player))
    covers = [a for a in legal if type(a).__name__ == "Cover"]
    return rng.choice(covers or legal)


POLICIES: dict[str, Policy] = {"uniform": _uniform, "cover-first": _cover_first}

GAMES: dict[str, tuple[tuple[str, int, dict[str, Any], int, str, int | None], ...]] = {
    "duck-and-cover": (
        # name, players, options (as JSON), seed, policy, most steps (None: whole game)
        ("dc-2p-uniform-1", 2, {}, 1, "uniform", None),
        ("dc-3p-cover-2", 3, {}, 2, "cover-first", None),
        ("dc-4p-cover-3", 4, {}, 3, "cover-first", None),
        ("dc-5p-cover-4", 5, {}, 4, "cover-first", None),
        ("dc-6p-cover-5", 6, {}, 5, "cover-first", None),
        ("dc-7p-cover-6", 7, {}, 6, "cover-first", None),
        ("dc-4p-uniform-7", 4, {}, 7, "uniform", 400),
        ("dc-7p-uniform-8", 7, {}, 8, "uniform", 400),
        ("dc-2p-competition-cover-9", 2, {"splashes": list(range(1, 13))}, 9, "cover-first", None),
        ("dc-5p-competition-uniform-10", 5, {"splashes": list(range(1, 13))}, 10, "uniform", 400),
    ),
}
"""The golden games of each game: how each is generated."""


def counts(g: Game[Any, Any, Any, Any], state: Any, players: int) -> tuple[int, ...] | None:
    """Every seat's legal-action count in ``state`` (``None`` at a chance step)."""
    if g.to_move(state) == (CHANCE,):
        return None
    return tuple(len(g.legal_actions(state, p)) for p in range(players))


def generate(game: str | Game[Any, Any, Any, Any]) -> tuple[Golden, ...]:
    """The golden games of ``game``, played afresh from their seeds."""
    g = game_of(game)
    found = []
    for name, players, options, seed, policy, limit in GAMES.get(g.id, ()):
        rng = random.Random(seed)
        opts = g.decode_options(options)
        state = g.new_game(players, opts)
        steps: list[Any] = []
        legal: list[tuple[int, ...] | None] = []
        while not g.is_over(state) and (limit is None or len(steps) < limit):
            legal.append(counts(g, state, players))
            actor = g.to_move(state)[0]
            if actor == CHANCE:
                action = g.sample_chance(state, rng)
            else:
                action = POLICIES[policy](g, state, actor, rng)
            state = g.apply(state, action)
            steps.append(action)
        found.append(
            Golden(
                name,
                Record(g.id, players, opts, tuple(steps)),
                tuple(legal),
                g.is_over(state),
                tuple(g.scores(state)),
                tuple(g.winners(state)),
            )
        )
    return tuple(found)


def path(game: str) -> Path:
    """Where the golden file of ``game`` lies (inside the installed package)."""
    return Path(str(resources.files("rulespec.testing") / "data" / f"{game}.golden.jsonl"))


def load(game: str | Game[Any, Any, Any, Any]) -> tuple[Golden, ...]:
    """The golden games shipped for ``game`` (none when it has no file)."""
    g = game_of(game)
    file = path(g.id)
    if not file.exists():
        return ()
    lines = file.read_text(encoding="utf-8").splitlines()
    return tuple(Golden.from_json(line) for line in lines if line.strip())


class GoldenMismatch(AssertionError):
    """An engine whose counts, scores or winners differ from a golden game's."""


def check_golden(adapter: Any, game: str | Game[Any, Any, Any, Any] = "duck-and-cover") -> int:
    """Replay every golden game of ``game`` through ``adapter`` and compare.

    Compares each player's legal-action count at every step (when the
    adapter lists legal actions) and the scores, winners and end of game
    after the last step (those the adapter answers). Returns the number of
    games checked; raises :class:`GoldenMismatch` at the first difference.
    """
    g = game_of(game)
    caps = capabilities(adapter)
    checked = 0
    for gold in load(g):
        rec = gold.record
        adapter.start(Setup(g, rec.players, rec.options))
        for i, step in enumerate(rec.steps):
            expected = gold.legal[i]
            if expected is not None and "legal_actions" in caps:
                for p, n in enumerate(expected):
                    if n == 0:
                        continue
                    got = len(list(adapter.legal_actions(p)))
                    if got != n:
                        raise GoldenMismatch(
                            f"{gold.name}, before step {i}: player {p} has {got} legal "
                            f"actions, not {n}"
                        )
            try:
                adapter.apply(step)
            except ValueError as exc:
                raise GoldenMismatch(
                    f"{gold.name}: step {i} ({g.encode_action(step)}) refused: {exc}"
                ) from None
        for what, expected_value in (
            ("scores", gold.scores),
            ("winners", gold.winners),
            ("is_over", gold.over),
        ):
            if what in caps:
                got_value = getattr(adapter, what)()
                if what != "is_over":
                    got_value = tuple(got_value)
                if got_value != expected_value:
                    raise GoldenMismatch(
                        f"{gold.name}: {what} after the last step {got_value}, not {expected_value}"
                    )
        checked += 1
    return checked


def _lines(goldens: Sequence[Golden]) -> Iterator[str]:
    for gold in goldens:
        yield gold.to_json() + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write the golden file of each game (or of the games named) into the package."""
    import rulespec

    names = list(sys.argv[1:] if argv is None else argv)
    for g in rulespec.games():
        if (names and g.id not in names) or g.id not in GAMES:
            continue
        file = path(g.id)
        file.write_text("".join(_lines(generate(g))), encoding="utf-8")
        print(f"{file}: {len(GAMES[g.id])} games, {file.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
