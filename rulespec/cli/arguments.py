"""The arguments several commands share, read into what they name: the game, the
number of players, a policy, a set of options and a pool of workers.

Each reader raises :class:`~rulespec.cli.errors.CommandError` with one line for an
argument it cannot use.
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeAlias

import attrs

from rulespec.cli.errors import CommandError
from rulespec.core.errors import IllegalAction, RecordError
from rulespec.core.game import Game, game
from rulespec.i18n import SITE_LANGUAGES
from rulespec.tools import simulation
from rulespec.tools.simulation import Policy

__all__ = [
    "Subcommands",
    "add_command",
    "add_language",
    "check_setup",
    "game_named",
    "option_set",
    "player_count",
    "policy_named",
    "seat_policies",
    "worker_pool",
]

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""Where ``rulespec``'s commands are added (each command module's ``add_parser`` takes it)."""

WIDTH = 79
"""The width to which a command's description is filled."""


def add_command(
    sub: Subcommands,
    name: str,
    run: Callable[[argparse.Namespace], int],
    summary: str,
    about: str,
    examples: str,
) -> argparse.ArgumentParser:
    """Add the command ``name`` to ``sub``, running ``run``, and return its parser.

    ``summary`` is its line in ``rulespec --help``; ``about``, its description, is filled
    to :data:`WIDTH` columns (a blank line parts paragraphs); ``examples`` holds a command
    line a line, a line indented further telling more of the one above it, and ends the
    command's ``--help`` as written.

    >>> sub = argparse.ArgumentParser(prog="rulespec").add_subparsers()
    >>> parser = add_command(sub, "hello", lambda args: 0, "greet", \'\'\'
    ...     Say hello to   the
    ...     world.\'\'\', "rulespec hello\\n    (then: rulespec bye)")
    >>> print(parser.format_help())
    usage: rulespec hello [-h]
    <BLANKLINE>
    Say hello to the world.
    <BLANKLINE>
    options:
      -h, --help  show this help message and exit
    <BLANKLINE>
    example:
      rulespec hello
        (then: rulespec bye)
    <BLANKLINE>
    """
    lines = textwrap.dedent(examples).strip("\n").splitlines()
    heading = "example:" if sum(not line.startswith(" ") for line in lines) == 1 else "examples:"
    paragraphs = textwrap.dedent(about).strip().split("\n\n")
    parser = sub.add_parser(
        name,
        help=summary,
        description="\n\n".join(textwrap.fill(" ".join(p.split()), WIDTH) for p in paragraphs),
        epilog="\n".join([heading, *("  " + line for line in lines)]),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(run=run)
    return parser


def add_language(parser: argparse.ArgumentParser, help: str) -> None:
    """Add ``--lang`` to ``parser``: one of :data:`~rulespec.i18n.SITE_LANGUAGES`, ``en``
    by default (``rules`` and ``play`` take the same option)."""
    parser.add_argument("--lang", default="en", choices=SITE_LANGUAGES, help=help)


def game_named(name: str) -> Game[Any, Any, Any, Any]:
    """The game whose id is ``name``.

    >>> game_named("duo").name
    'Duo'
    >>> game_named("chess")
    Traceback (most recent call last):
      ...
    rulespec.cli.errors.CommandError: unknown game 'chess' (known: canardage, duck-and-cover, duo)
    """
    try:
        return game(name)
    except KeyError as exc:
        raise CommandError(str(exc.args[0])) from None


def player_count(g: Game[Any, Any, Any, Any], players: int | None) -> int:
    """``players``, or 4 (within the game's range) when it is ``None``; a usage error when
    the game is not for that many.

    >>> duo = game_named("duo")
    >>> player_count(duo, None), player_count(duo, 6)
    (4, 6)
    >>> player_count(duo, 7)
    Traceback (most recent call last):
      ...
    rulespec.cli.errors.CommandError: Duo is for 2 to 6 players, not 7
    """
    try:
        return simulation.player_count(g, players)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def policy_named(g: Game[Any, Any, Any, Any], name: str | None) -> tuple[str, Policy]:
    """The policy ``name`` of ``g`` (its default when ``None``), or the search bot
    (``search``, ``search:PLAYOUTS``), with its name.

    >>> policy_named(game_named("duo"), None)[0]
    'greedy'
    >>> policy_named(game_named("duo"), "search:30")[0]
    'search:30'
    >>> policy_named(game_named("duo"), "clever")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    rulespec.cli.errors.CommandError: duo has no policy 'clever' (known: greedy, random, search...)
    """
    try:
        return simulation.policy_named(g, name)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def seat_policies(
    g: Game[Any, Any, Any, Any], spec: str | None, players: int
) -> tuple[str, Policy, tuple[str, ...]]:
    """``--policy``: one policy for every seat, or one per seat joined by commas; returns
    the label, the policy and each seat's policy name.

    >>> label, _, names = seat_policies(game_named("duo"), "search:9, greedy", 2)
    >>> label, names
    ('search:9,greedy', ('search:9', 'greedy'))
    >>> seat_policies(game_named("duo"), "random,greedy", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    rulespec.cli.errors.CommandError: --policy 'random,greedy' names 2 policies for 3 players: ...
    """
    try:
        return simulation.seat_policies(g, spec, players)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _items(spec: str) -> list[str]:
    """``spec`` split at the commas outside brackets: ``"a,b=[1,2]"`` → ``a``, ``b=[1,2]``."""
    items, depth, start = [], 0, 0
    for at, char in enumerate(spec):
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(spec[start:at])
            start = at + 1
    items.append(spec[start:])
    return items


def option_set(
    g: Game[Any, Any, Any, Any], spec: str | None, *, simulation: bool = True
) -> tuple[str, Any]:
    """Options from ``"a,b=3"`` (a name alone means ``true``), over the simulation
    defaults when ``simulation``, with their label (``spec``, or ``"default"``).

    Values are JSON, as ``rulespec games`` prints them; a list given for an option
    whose value is a sequence (Canardage's ``action_deck``) sets it in that order.

    >>> label, options = option_set(game_named("duo"), "turbo,first-player=2")
    >>> label, options.turbo, options.first_player, options.max_rounds
    ('turbo,first-player=2', True, 2, 50)
    """
    data: dict[str, Any] = dict(g.simulation_options()) if simulation else {}
    label = spec or "default"
    defaults = g.default_options()
    sequences: dict[str, tuple[Any, ...]] = {}
    for item in _items(spec or ""):
        item = item.strip()
        if not item:
            continue
        key, sep, text = item.partition("=")
        value: Any = True
        if sep:
            try:
                value = json.loads(text)
            except ValueError:
                value = text
        name = key.strip().replace("-", "_")
        if isinstance(value, list) and isinstance(getattr(defaults, name, None), tuple):
            sequences[name] = tuple(value)
            data.pop(name, None)
        else:
            data[name] = value
    try:
        options = g.decode_options(data)
        return label, attrs.evolve(options, **sequences) if sequences else options
    except (RecordError, ValueError, TypeError) as exc:
        raise CommandError(f"--option {label!r}: {exc}") from None


def check_setup(g: Game[Any, Any, Any, Any], players: int, options: Any, label: str) -> None:
    """A :class:`~rulespec.cli.errors.CommandError` when the rules refuse ``options``
    with ``players`` players (Duo's ``first_player`` 5 with 2 players)."""
    try:
        g.new_game(players, options)
    except IllegalAction as exc:
        raise CommandError(f"--option {label!r} with {players} players: {exc}") from None


def worker_pool(workers: int) -> Executor | None:
    """The executor of ``--workers N``: ``None`` for one worker, else a pool of ``N``
    fresh processes (shared by ``simulate`` and ``conform``)."""
    if workers == 1:
        return None
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # "spawn": workers start clean, whatever threads this process runs.
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
