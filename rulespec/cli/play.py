"""``rulespec play GAME``: play in the terminal against the game's bots.

You see only your own view. Your legal moves are listed in the game's words
and you choose one by its number (Enter takes a move that is the only one;
``?`` or ``help`` explains the moves); anything else gets a one-line message
and the question again. Every move is said as it is made, with what it did
when the table shows it (a duck lost, the card you drew). When a round ends the
terminal says who ended it and why, shows every player's layout as it lies and
how each score was made, with the ids of the clauses that made it. The bots play
the search bot (:class:`~rulespec.tools.search.Search`) at a budget chosen for each
game (its declaration's ``play_playouts``) unless ``--policy`` names another; for
a game that cannot sample states from views (the search bot's need) they play
the game's default policy, and a ``--policy`` naming the search bot is refused
before the game starts. The game record is saved at the end, and also when you
stop (``q``), press Ctrl-C, the input ends or a bot fails, so the game so far can
be replayed or verified.
With ``--lang fr`` (or ``es``, ``de``) every word the terminal shows is in that
language: the cards as the edition in it names them, the rest from the
``play.po`` catalogues (messages in the ``play`` context, read by
:func:`rulespec.i18n.translation`).
"""

from __future__ import annotations

import argparse
import functools
import inspect
import json
import random
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from rulespec.cli.arguments import (
    Subcommands,
    add_command,
    add_language,
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
from rulespec.drawing.show import Words as Tr
from rulespec.drawing.show import english
from rulespec.i18n import translation
from rulespec.tools import search

__all__ = [
    "CONTEXT",
    "Words",
    "add_parser",
    "describe",
    "french_spacing",
    "opponents",
    "render_text",
    "run",
    "words_in",
]

CONTEXT = "play"
"""The context (``msgctxt``) of the terminal's own messages in the catalogues: where the
terminal says a thing otherwise than the site's pictures (``you``, not ``their view``)."""

LONGEST = 40
"""How many characters of a bad answer the terminal repeats."""


def words_in(lang: str) -> Tr:
    """The terminal's words in ``lang``: each English text, first in the ``play``
    context, then as the pictures of the site say it.

    >>> words_in("es")("Your legal moves:")
    'Tus jugadas posibles:'
    >>> words_in("en")("Your legal moves:")
    'Your legal moves:'
    """
    if lang == "en":
        return english
    found = translation(lang)
    if lang == "fr":
        return lambda text: french_spacing(found(text, context=CONTEXT))
    return lambda text: found(text, context=CONTEXT)


_BEFORE = re.compile(r" (?=[:;!?»])")


def french_spacing(text: str) -> str:
    """``text`` with a no-break space before ``: ; ! ? »`` and after ``«``, as French
    typography sets them (the site's texts have plain spaces there).

    >>> french_spacing("Pioche : 3 ; « Coin ! »").replace("\\u00a0", "_")
    'Pioche_: 3_; «_Coin_!_»'
    """
    return _BEFORE.sub("\u00a0", text).replace("« ", "«\u00a0")


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


def samples(g: Game[Any, Any, Any, Any]) -> bool:
    """Whether ``g`` samples states from views (:meth:`~rulespec.Game.sample_state`), as
    the search bot needs: tried once on a new game's view.

    >>> import rulespec
    >>> samples(rulespec.game("duo"))
    True
    """
    state = g.start(g.min_players, seed=0)
    try:
        g.sample_state(g.view(state, 0), random.Random(0))
    except NotImplementedError:
        return False
    except Exception:  # another refusal shows when the search plays, with the record kept
        return True
    return True


def _bots(g: Game[Any, Any, Any, Any], spec: str | None) -> str:
    """The ``--policy`` to play: the given one, refused when it seats the search bot at a
    game that cannot sample; or :func:`opponents`, else the game's default policy."""
    if spec is None:
        if samples(g):
            return opponents(g)
        print(
            f"rulespec: {g.name} does not sample states from views, which the search bot "
            f"needs: the bots play its policy {g.default_policy!r}",
            file=sys.stderr,
        )
        return g.default_policy
    names = [name.strip().partition(":")[0] for name in spec.split(",")]
    if search.NAME in names and not samples(g):
        policies = ", ".join(sorted(g.policies()))
        raise CommandError(
            f"--policy {spec}: the search bot needs states sampled from views, which "
            f"{g.name} does not offer (sample_state); choose among {policies}"
        )
    return spec


_SUMMARY = "play a game in the terminal against bots"
_ABOUT = """Play GAME against the game's bots. You see your own view only; choose each move
by its number (? explains the moves, q stops). The game record is saved at the end, or when
you stop, for `rulespec verify`."""
_EXAMPLES = "rulespec play duck-and-cover --players 3 --seed 7 --record game.json"


def add_parser(sub: Subcommands) -> None:
    """Add the ``play`` subcommand to ``sub``."""
    parser = add_command(sub, "play", run, _SUMMARY, _ABOUT, _EXAMPLES)
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
    add_language(
        parser,
        "the language of every word shown: en (the default), fr, es or de; cards keep the "
        "names the game's edition in that language prints",
    )


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
    """The game's declared render module, or the plain one of :mod:`rulespec.plugin.render`."""
    return g.declaration.load(g.declaration.render or "rulespec.plugin.render")


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
    def of(cls, g: Game[Any, Any, Any, Any], tr: Tr = english) -> Words:
        """The words of ``g``'s ``render`` module, or plain ones where it has none; ``tr``
        puts them in the reader's language (see :func:`words_in`).

        >>> import rulespec
        >>> from rulespec.duck_cover import Cover
        >>> dc = rulespec.game("duck-and-cover")
        >>> words = Words.of(dc)
        >>> words.move(dc.start(2, seed=1), Cover(player=0, to=(1, 1)))
        'cover the 4 at column 1, row 1'
        >>> Words.of(dc, words_in("fr")).move(dc.start(2, seed=1), Cover(player=0, to=(1, 1)))
        'couvrir le 4 en colonne 1, ligne 1'
        """
        module = _render(g)
        if module is None:
            return cls(
                text=repr,
                move=lambda _table, action: describe(g, action),
                outcome=lambda _before, _after, _action: None,
                help=tr("The moves are those of {game}'s rules.").format(game=g.name),
            )
        text = _in_words(getattr(module, "text", None), tr)
        move = _in_words(getattr(module, "move", None), tr)
        outcome = _in_words(getattr(module, "outcome", None), tr)
        round_end = _in_words(getattr(module, "round_end", None), tr)
        return cls(
            text=text or repr,
            move=move or (lambda _table, action: describe(g, action)),
            outcome=outcome or (lambda _before, _after, _action: None),
            help=(
                tr(module.HELP)
                if hasattr(module, "HELP")
                else tr("The moves are those of {game}'s rules.").format(game=g.name)
            ),
            round_end=round_end or (lambda _before, _after, _seat: None),
        )


def _in_words(render: Callable[..., Any] | None, tr: Tr) -> Callable[..., Any] | None:
    """``render`` writing in the words of ``tr`` when it takes them (a ``tr`` keyword, as
    the built-in games' render functions do); a plug-in's function that does not is
    called as it is, in its own words."""
    if render is None:
        return None
    try:
        takes_words = "tr" in inspect.signature(render).parameters
    except (TypeError, ValueError):
        takes_words = False
    if not takes_words:
        return render
    return functools.partial(render, tr=tr)


class _Stop(Exception):
    """The player stops the game: ``why`` says how."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _quoted(answer: str) -> str:
    """A bad answer as the terminal repeats it: its first characters, control ones escaped."""
    shown = answer if len(answer) <= LONGEST else answer[:LONGEST] + "…"
    return repr(shown)[1:-1]


def _choose(moves: Sequence[Any], said: Sequence[str], help: str, tr: Tr = english) -> Any:
    count = len(moves)
    print(tr("Your legal moves:"))
    for number, words in enumerate(said, 1):
        print(f"  {number:>3}. {words}")
    if count == 1:
        question = tr("Your move (one move: press Enter or type 1; ? help, q quit): ")
        again = tr("There is only this move: press Enter or type 1.")
    else:
        question = tr("Your move (1-{count}; ? help, q quit): ").format(count=count)
        again = tr("Type the number of a move, from 1 to {count}.").format(count=count)
    while True:
        try:
            answer = input(question).strip()
        except EOFError:
            print()
            raise _Stop(tr("the input ended before the game did")) from None
        if answer.lower() in ("q", "quit"):
            raise _Stop(tr("you stopped the game"))
        if answer.lower() in ("?", "h", "help"):
            print(help)
            print(tr("Type a move's number and Enter; q stops and saves the game."))
        elif not answer and count == 1:
            return moves[0]
        elif not answer:
            print(again)
        elif not (answer.isascii() and answer.isdigit()):
            print(
                tr("“{answer}” is not a number. {again} (? for help)").format(
                    answer=_quoted(answer), again=again
                )
            )
        elif len(answer) > len(str(count)) or not 1 <= int(answer) <= count:
            print(
                tr("There is no move {answer}. {again}").format(answer=_quoted(answer), again=again)
            )
        else:
            return moves[int(answer) - 1]


def _save(record: Record, path: Path) -> None:
    try:
        path.write_text(record.to_json() + "\n", encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"{path}: cannot save the game ({exc.strerror or exc})") from None


def _name(player: int, seat: int, tr: Tr = english) -> str:
    name = tr("Player {player}").format(player=player)
    return tr("{player} (you)").format(player=name) if player == seat else name


def run(args: argparse.Namespace) -> int:
    """Play one game; return 0 when it ends, 1 when it stops before."""
    g = game_named(args.game)
    players = player_count(g, args.players)
    if not 0 <= args.seat < players:
        raise CommandError(f"--seat must be from 0 to {players - 1}, not {args.seat}")
    _, bot, seat_names = seat_policies(g, _bots(g, args.bot), players)
    label, options = option_set(g, args.option, simulation=False)
    check_setup(g, players, options, label)
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    path = Path(args.record or f"rulespec-{g.id}-{seed}.json")
    if not path.parent.is_dir():
        raise CommandError(f"--record {path}: no folder {str(path.parent)!r}")
    tr = words_in(args.lang)
    words = Words.of(g, tr)
    rng = random.Random(seed)
    seat = args.seat
    state = g.new_game(players, options)
    record = Record(g.id, players, options)
    bots = {p: name for p, name in enumerate(seat_names) if p != seat}
    if len(set(bots.values())) == 1:
        who = tr("the bots play {policy}").format(policy=repr(next(iter(bots.values()))))
    else:
        each = [
            tr("{policy} ({player})").format(policy=repr(n), player=_name(p, -1, tr))
            for p, n in bots.items()
        ]
        who = tr("the bots play {policies}").format(policies=", ".join(each))
    print(
        tr("{game}, {players} players, seed {seed}: you are player {seat}; {bots}.").format(
            game=g.name, players=players, seed=seed, seat=seat, bots=who
        )
    )
    print(tr("At each of your moves type its number; ? explains the moves, q stops."))
    try:
        while not g.is_over(state):
            movers = g.to_move(state)
            seen = g.view(state, seat)
            if movers == (CHANCE,):
                print(f"[{tr(g.chance(state).kind)}]")
                action = g.sample_chance(state, rng)
                actor = None
            elif seat in movers:
                # You act first in a simultaneous turn: the bots' moves stay unseen.
                print()
                print(tr("=== your move ({player}) ===").format(player=_name(seat, -1, tr)))
                print(words.text(seen))
                moves = g.legal_actions(state, seat)
                action = _choose(moves, [words.move(seen, m) for m in moves], words.help, tr)
                actor = seat
            else:
                actor = movers[0]
                action = bot(g, state, actor, rng)
            before, state = state, g.apply(state, action)
            record = record.append(action)
            if actor is not None:
                said = tr("{player}: {move}")
                print(said.format(player=_name(actor, seat, tr), move=words.move(seen, action)))
                did = words.outcome(seen, g.view(state, seat), action)
                if did:
                    print(f"  → {did}")
            summary = words.round_end(before, state, seat)
            if summary:
                print()
                print(summary)
    except _Stop as stop:
        _save(record, path)
        saved = tr("{why}; the game so far is saved in {path}").format(why=stop.why, path=path)
        print(f"rulespec: {saved}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _save(record, path)
        saved = tr("interrupted; the game so far is saved in {path}").format(path=path)
        print(f"\nrulespec: {saved}", file=sys.stderr)
        return 130
    except Exception as exc:  # a bot's or a plug-in's failure: the record is kept
        _save(record, path)
        why = " ".join(str(exc).split()) or type(exc).__name__
        raise CommandError(f"{why}; the game so far is saved in {path}") from None
    _save(record, path)
    print()
    print(tr("=== the game is over ==="))
    print(words.text(g.view(state, seat)))
    scores = ", ".join(f"{_name(p, seat, tr)} {s}" for p, s in enumerate(g.scores(state)))
    print(tr("Final scores: {scores}").format(scores=scores))
    winners = g.winners(state)
    if not winners:
        print(tr("Nobody wins."))
    elif len(winners) == 1:
        print(tr("Winner: {player}").format(player=_name(winners[0], seat, tr)))
    else:
        names = ", ".join(_name(p, seat, tr) for p in winners)
        print(tr("Winners: {players}").format(players=names))
    print(tr("Game record saved in {path} (check it: rulespec verify {path})").format(path=path))
    return 0
