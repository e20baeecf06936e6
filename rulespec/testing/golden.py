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

**Duo's action model.** One action places one card, or ends a turn:
``{"type": "play", "player": p, "card": "red-3-circle", "pile": 0}`` puts a
card of the hand on discard pile ``0`` or ``1`` (the first card of a turn
chooses the pile; the turn's later cards go on the same one), ``{"type":
"stop", "player": p}`` ends a turn after one or more cards, and ``{"type":
"draw", "player": p}`` takes the top card of the draw pile instead of
playing, which ends the turn. A player's count is the number of distinct
(pile, card) Plays (the four Turbo-jokers are one card: one Play per pile)
plus one for the Draw (before the turn's first card) or the Stop (after
it). Playing one's last card ends the round with no Stop. A deal's
``order`` is the whole shuffled deck: with ``n`` players card ``k`` of the
first ``7n`` goes to seat ``k mod n``, the next two start piles 0 and 1, and
the rest is the draw pile, next card first. Options not written are the
base game's: ``turbo`` (Turbo-DUO, 80 cards), ``first_player``,
``exhausted`` (``"last-draw"``: the round ends when the last card is drawn;
``"empty-draw"``: when a player draws from the empty pile) and
``max_rounds`` (a round limit, not a rule; a match stopped by it has no
winner).

**Canardage's action model.** A player's action is one action card played
with every choice it needs: ``{"type": "play", "player": p, "card": "pan",
"spaces": [2]}``, or ``{"type": "discard", "player": p, "card": "pan"}``
(without effect) when no card in hand can be played. Spaces are numbered from
the front: ``0`` is the head of the line, where the ducks walk to, and ``5``
the back, beside the duck deck. ``spaces`` holds one space for En joue, Pan,
Tireur d'élite, both Rectifier (where the target stands), Palme, Banzaï and
Planqué; ``[a, a + 1]`` for Double viseur (``[a]`` only when no two adjacent
spaces are free) and Canardage; ``[target, shot]`` for Tu louches; ``[duck,
cover]`` for À couvert; none for En avant marche, Dispersion and Canarchie,
whose ``"line"`` gives the new line, front first. Duck cards are colours
``0``–``5`` (seat ``p`` plays colour ``p``) and ``"water"``; a space holds
``[card]`` or ``[hidden, cover]``. One player's count at one step is the
number of distinct plays, each card in hand counted once: one per choice of
spaces, and for Canarchie one per distinct new order of the line's stacks
other than the current one (identical stacks are not told apart and a pair
moves as one stack, so up to 719); or, when nothing can be played, one
discard per distinct card in hand. A deal's ``ducks`` is the shuffled duck
deck, top first: its first six cards fill the line from the back (the first
on space 5, the sixth on space 0) and the rest is the deck; its ``actions``
is the shuffled action deck, top first: seat ``p`` receives cards ``3p`` to
``3p + 2`` and the rest is the draw pile. A ``reshuffle`` (the played cards,
after the play that finds the draw pile empty, before the draw) gives the new
draw pile, top first; a ``disperse`` (after Dispersion) gives the shuffled
duck deck, top first, laid like the deal's. The option ``action_deck`` counts
the copies of each card by id; cards it does not name count 0.

Regenerate the files after a deliberate change of the rules with
``python -m rulespec.testing.golden`` (or name the games:
``python -m rulespec.testing.golden duo``).
"""

from __future__ import annotations

import functools
import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.testing.adapter import Setup, capabilities, game_of

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


def _play_first(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    """A Play when there is one (turns of several cards, rounds won), else any legal
    action (Duo's Stop or Draw)."""
    legal = list(g.legal_actions(state, player))
    plays = [a for a in legal if type(a).__name__ == "Play"]
    return rng.choice(plays or legal)


def _draw_first(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    """A Draw while the draw pile holds cards (so it runs out), else as ``play-first``."""
    legal = list(g.legal_actions(state, player))
    draws = [a for a in legal if type(a).__name__ == "Draw"]
    if draws and getattr(state, "draw_pile", None):
        return draws[0]
    return _play_first(g, state, player, rng)


def _card_first(g: Game[Any, Any, Any, Any], state: Any, player: int, rng: random.Random) -> Any:
    """A card uniformly among those the legal actions play (or discard), then one of its
    actions uniformly (Canardage: Canarchie's hundreds of orders would drown the other
    cards)."""
    legal = list(g.legal_actions(state, player))
    cards = list(dict.fromkeys(getattr(a, "card", None) for a in legal))
    card = rng.choice(cards)
    return rng.choice([a for a in legal if getattr(a, "card", None) == card])


POLICIES: dict[str, Policy] = {
    "uniform": _uniform,
    "cover-first": _cover_first,
    "play-first": _play_first,
    "draw-first": _draw_first,
    "card-first": _card_first,
}

GAMES: dict[str, tuple[tuple[str, int, dict[str, Any], int, str, int | None], ...]] = {
    g.id: tuple(
        (gold.name, gold.players, dict(gold.options), gold.seed, gold.policy, gold.steps)
        for gold in g.declaration.golden
    )
    for g in rulespec.games()
    if g.declaration.golden
}
"""The golden games of each game, as its declaration lists them (``golden``): name,
players, options (as JSON), seed, policy, most steps (``None``: the whole game)."""


def counts(g: Game[Any, Any, Any, Any], state: Any, players: int) -> tuple[int, ...] | None:
    """Every seat's legal-action count in ``state`` (``None`` at a chance step)."""
    if g.to_move(state) == (CHANCE,):
        return None
    return tuple(len(g.legal_actions(state, p)) for p in range(players))


def generate(game: str | Game[Any, Any, Any, Any]) -> tuple[Golden, ...]:
    """The golden games of ``game``, played afresh from their seeds."""
    g = game_of(game)
    found = []
    for gold in g.declaration.golden:
        name, players, options, seed = gold.name, gold.players, gold.options, gold.seed
        policy, limit = gold.policy, gold.steps
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
    """Where the golden file of ``game`` lies (inside the installed package), as its
    declaration says (``golden_file``).

    Raises :class:`KeyError` for a game that declares none.
    """
    location = rulespec.game(game).declaration.golden_file
    if location is None:
        raise KeyError(f"{game} declares no golden file")
    package, _, inside = location.partition(":")
    return Path(str(resources.files(package).joinpath(*inside.split("/"))))


def load(game: str | Game[Any, Any, Any, Any]) -> tuple[Golden, ...]:
    """The golden games shipped for ``game`` (none when it has no file); the file is parsed
    again only when its text has changed."""
    g = game_of(game)
    if g.declaration.golden_file is None:
        return ()
    file = path(g.id)
    if not file.exists():
        return ()
    return _parsed(file.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=8)
def _parsed(text: str) -> tuple[Golden, ...]:
    """The golden games of a file's text (read once per text: they are immutable)."""
    return tuple(Golden.from_json(line) for line in text.splitlines() if line.strip())


class GoldenMismatch(AssertionError):
    """An engine whose counts, scores or winners differ from a golden game's."""


def check_golden(adapter: Any, game: str | Game[Any, Any, Any, Any]) -> int:
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
    names = list(sys.argv[1:] if argv is None else argv)
    for g in rulespec.games():
        if (names and g.id not in names) or not g.declaration.golden:
            continue
        file = path(g.id)
        file.write_text("".join(_lines(generate(g))), encoding="utf-8")
        print(f"{file}: {len(g.declaration.golden)} games, {file.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
