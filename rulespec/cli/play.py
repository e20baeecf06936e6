"""``rulespec play GAME``: play in the terminal against the game's bots.

You see only your own view. Your legal moves are listed in the game's words
and you choose one by its number (Enter takes a move that is the only one;
``?`` or ``help`` explains the moves); anything else gets a one-line message
and the question again. Every move is said as it is made, with what it did
when the table shows it (a duck lost, the card you drew). When a round ends the
terminal says who ended it and why, shows every player's layout as it lies and
how each score was made, with the ids of the clauses that made it. The bots play
the search bot (:class:`~rulespec.tools.search.Search`) at a budget chosen for each
game (its declaration's ``play_playouts``) unless ``--policy`` names another.
The game record is saved at the end, and also when you stop (``q``), press
Ctrl-C or the input ends, so the game so far can be replayed or verified.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from rulespec.cli.arguments import (
    check_setup,
    game_named,
    option_set,
    player_count,
    seat_policies,
)
from rulespec.cli.errors import CommandError
from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.core.record import Record
from rulespec.tools import search

__all__ = [
    "Words",
    "add_parser",
    "describe",
    "opponents",
    "render_text",
    "run",
]


def opponents(g: Game[Any, Any, Any, Any]) -> str:
    """The policy the bots of ``rulespec play`` use unless ``--policy`` names one: the
    search bot at the budget the game declares (``play_playouts``), which answers
    within a second with the game's largest table.

    >>> import rulespec
    >>> opponents(rulespec.game("duo"))
    'search:100'
    """
    playouts = g.declaration.play_playouts
    return f"{search.NAME}:{search.DEFAULT_PLAYOUTS if playouts is None else playouts}"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand to ``sub``."""
    parser = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play GAME against the game's bots. You see your own view only; choose "
        "each move by its number (? explains the moves, q stops). The game record is saved "
        "at the end, or when you stop, for `rulespec verify`.",
        epilog="example: rulespec play duck-and-cover --players 3 --seed 7 --record game.json",
    )
    parser.add_argument("game", help="the game id, e.g. duck-and-cover")
    parser.add_argument(
        "--players", type=int, default=None, help="number of players, you included (default 4)"
    )
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    parser.add_argument(
        "--policy",
        "--bot",
        dest="bot",
        default=None,
        metavar="POLICY[,POLICY...]",
        help="how the bots play (default: the search bot, at a budget that answers within a "
        "second): one of the game's policies or search[:PLAYOUTS], for every bot, or one per "
        "seat joined by commas (your own seat's is not used)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals and the bots")
    parser.add_argument(
        "--option", default=None, metavar="NAME[=VALUE],...", help="options of the rules"
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="where to save the game (default: rulespec-GAME-SEED.json here)",
    )
    parser.set_defaults(run=run)


def _show(value: Any) -> str:
    if isinstance(value, list):
        if len(value) == 2 and all(type(v) is int for v in value):
            return f"({value[0]}, {value[1]})"
        if all(isinstance(v, str | int) for v in value):
            return " ".join(str(v) for v in value)
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def describe(g: Game[Any, Any, Any, Any], action: Any) -> str:
    """A player's action in words, from its JSON form: ``cover to (0, 1)``.

    >>> import rulespec
    >>> from rulespec.duck_cover import Cover
    >>> describe(rulespec.game("duck-and-cover"), Cover(player=0, to=(0, 1)))
    'cover to (0, 1)'
    """
    data = dict(g.encode_action(action))
    kind = str(data.pop("type", type(action).__name__)).replace("-", " ")
    data.pop("player", None)
    if not data:
        return kind
    return kind + " " + ", ".join(f"{k.replace('_', ' ')} {_show(v)}" for k, v in data.items())


def _render(g: Game[Any, Any, Any, Any]) -> Any:
    """The game's declared render module, or ``None``."""
    reference = g.declaration.render
    return None if reference is None else g.declaration.load(reference)


def render_text(g: Game[Any, Any, Any, Any]) -> Callable[[Any], str]:
    """The game's ``render.text`` (for a state or a view), or ``repr`` without one."""
    text: Callable[[Any], str] = getattr(_render(g), "text", repr)
    return text


@attrs.frozen
class Words:
    """How the terminal speaks of a game: the table, the moves, what they did, the help."""

    text: Callable[[Any], str]
    """The table (a state or a view) as text."""
    move: Callable[[Any, Any], str]
    """A move in words, given the table it is made on."""
    outcome: Callable[[Any, Any, Any], str | None]
    """What a move did, from the tables before and after it (``None``: nothing to say)."""
    help: str
    """What the moves mean, and how the table is written."""
    round_end: Callable[[Any, Any, int], str | None] = lambda _before, _after, _seat: None
    """What the table sees when a step ends a round, from the full states before and after
    it and the seat of the player at the terminal (``None``: no round ended)."""

    @classmethod
    def of(cls, g: Game[Any, Any, Any, Any]) -> Words:
        """The words of ``g``'s ``render`` module, or plain ones where it has none.

        >>> import rulespec
        >>> from rulespec.duck_cover import Cover
        >>> dc = rulespec.game("duck-and-cover")
        >>> words = Words.of(dc)
        >>> words.move(dc.start(2, seed=1), Cover(player=0, to=(1, 1)))
        'cover the 4 at column 1, row 1'
        """
        module = _render(g)
        return cls(
            text=render_text(g),
            move=getattr(module, "move", lambda _table, action: describe(g, action)),
            outcome=getattr(module, "outcome", lambda _before, _after, _action: None),
            help=getattr(module, "HELP", f"The moves are those of {g.name}'s rules."),
            round_end=getattr(module, "round_end", lambda _before, _after, _seat: None),
        )


class _Stop(Exception):
    """The player stops the game: ``why`` says how."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _choose(moves: Sequence[Any], said: Sequence[str], help: str) -> Any:
    count = len(moves)
    print("Your legal moves:")
    for number, words in enumerate(said, 1):
        print(f"  {number:>3}. {words}")
    if count == 1:
        question = f"Your move (Enter: {said[0]}; ? help, q quit): "
    else:
        question = f"Your move (1-{count}; ? help, q quit): "
    while True:
        try:
            answer = input(question).strip()
        except EOFError:
            print()
            raise _Stop("the input ended before the game did") from None
        if answer.lower() in ("q", "quit"):
            raise _Stop("you stopped the game")
        if answer.lower() in ("?", "h", "help"):
            print(help)
            print("Type a move's number and Enter; q stops and saves the game.")
        elif not answer and count == 1:
            return moves[0]
        elif not answer:
            print(f"Type the number of a move, from 1 to {count}.")
        elif not answer.isdigit():
            print(f"{answer!r} is not a number: type one from 1 to {count} (? for help).")
        elif not 1 <= int(answer) <= count:
            print(f"There is no move {answer}: type a number from 1 to {count}.")
        else:
            return moves[int(answer) - 1]


def _save(record: Record, path: Path) -> None:
    try:
        path.write_text(record.to_json() + "\n", encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"{path}: cannot save the game ({exc.strerror or exc})") from None


def _name(player: int, seat: int) -> str:
    return f"player {player}" + (" (you)" if player == seat else "")


def run(args: argparse.Namespace) -> int:
    """Play one game; return 0 when it ends, 1 when it stops before."""
    g = game_named(args.game)
    players = player_count(g, args.players)
    if not 0 <= args.seat < players:
        raise CommandError(f"--seat must be from 0 to {players - 1}, not {args.seat}")
    _, bot, seat_names = seat_policies(g, args.bot or opponents(g), players)
    label, options = option_set(g, args.option, simulation=False)
    check_setup(g, players, options, label)
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    path = Path(args.record or f"rulespec-{g.id}-{seed}.json")
    if not path.parent.is_dir():
        raise CommandError(f"--record {path}: no folder {str(path.parent)!r}")
    words = Words.of(g)
    rng = random.Random(seed)
    seat = args.seat
    state = g.new_game(players, options)
    record = Record(g.id, players, options)
    print(f"{g.name}, {players} players, seed {seed}: you are player {seat}; ", end="")
    bots = {p: name for p, name in enumerate(seat_names) if p != seat}
    if len(set(bots.values())) == 1:
        print(f"the bots play {next(iter(bots.values()))!r}.")
    else:
        print("the bots play " + ", ".join(f"{n!r} (player {p})" for p, n in bots.items()) + ".")
    print("At each of your moves type its number; ? explains the moves, q stops.")
    try:
        while not g.is_over(state):
            movers = g.to_move(state)
            seen = g.view(state, seat)
            if movers == (CHANCE,):
                print(f"[{g.chance(state).kind}]")
                action = g.sample_chance(state, rng)
                actor = None
            elif seat in movers:
                # You act first in a simultaneous turn: the bots' moves stay unseen.
                print()
                print(f"=== your move (player {seat}) ===")
                print(words.text(seen))
                moves = g.legal_actions(state, seat)
                action = _choose(moves, [words.move(seen, m) for m in moves], words.help)
                actor = seat
            else:
                actor = movers[0]
                action = bot(g, state, actor, rng)
            before, state = state, g.apply(state, action)
            record = record.append(action)
            if actor is not None:
                print(f"{_name(actor, seat)}: {words.move(seen, action)}")
                did = words.outcome(seen, g.view(state, seat), action)
                if did:
                    print(f"  → {did}")
            summary = words.round_end(before, state, seat)
            if summary:
                print()
                print(summary)
    except _Stop as stop:
        _save(record, path)
        print(f"rulespec: {stop.why}; the game so far is saved in {path}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _save(record, path)
        print(f"\nrulespec: interrupted; the game so far is saved in {path}", file=sys.stderr)
        return 130
    _save(record, path)
    print()
    print("=== the game is over ===")
    print(words.text(g.view(state, seat)))
    scores = ", ".join(f"{_name(p, seat)} {s}" for p, s in enumerate(g.scores(state)))
    print(f"Final scores: {scores}")
    winners = g.winners(state)
    names = ", ".join(_name(p, seat) for p in winners) or "nobody"
    print(f"Winner{'s' if len(winners) > 1 else ''}: {names}")
    print(f"Game record saved in {path} (check it: rulespec verify {path})")
    return 0
