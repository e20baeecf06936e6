"""The games that installed distributions offer, found through their entry points.

A package offers a game under the ``rulespec.games`` entry-point group, the entry
point's name the game's id and its value the game object, as its ``pyproject.toml``
says::

    [project.entry-points."rulespec.games"]
    goofspiel = "goofspiel.game:GAME"

Importing ``rulespec`` installs this source in the core's registry
(:func:`rulespec.core.game.discover`), so :func:`rulespec.game` loads a game on first
use. Each game is checked as it loads (:func:`check_game`); a plug-in that cannot be
loaded is set aside as a :class:`PluginFailure`, and every other game works.

>>> import rulespec
>>> rulespec.game("duo").id in {e.name for e in entry_points()}
True
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Sequence
from importlib import metadata
from typing import Any

import attrs

from rulespec.core.declaration import Declaration
from rulespec.core.game import Discovery, Game, discover, games

__all__ = ["ENTRY_POINTS", "PluginFailure", "check_game", "entry_points", "plugin_failures"]

ENTRY_POINTS = "rulespec.games"
"""The entry-point group through which games are found."""
_OWN = "rulespec"
"""The distribution of the games shipped with rulespec, which no plug-in may replace."""
_ID = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*")
"""A game's id: lower-case words of letters and digits joined by ``-`` or ``_``."""


def check_game(game: Any) -> None:
    """Refuse a game whose declaration makes no sense, with a :class:`ValueError` (or a
    :class:`TypeError`) that says what is wrong: an id that is not lower-case words
    joined by ``-`` (``"no-thanks"``), no name, fewer than one player, more players at
    least than at most, or a :class:`~rulespec.core.declaration.Declaration` that its
    own checks refuse (an unknown language, a cap that is not positive, a prefix
    without its dot). Each game is checked when it is loaded or registered.

    >>> import rulespec
    >>> check_game(rulespec.game("duo"))
    >>> class Odd:
    ...     id, name, min_players, max_players = "odd", "Odd", 3, 2
    >>> check_game(Odd())
    Traceback (most recent call last):
      ...
    ValueError: game 'odd': min_players (3) is more than max_players (2)
    """
    game_id = getattr(game, "id", None)
    if not isinstance(game_id, str) or not _ID.fullmatch(game_id):
        raise ValueError(f"a game's id must be lower-case words joined by '-', not {game_id!r}")
    where = f"game {game_id!r}"
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}: name must be a non-empty string, not {name!r}")
    low, high = getattr(game, "min_players", None), getattr(game, "max_players", None)
    for label, count in (("min_players", low), ("max_players", high)):
        if type(count) is not int:
            raise TypeError(f"{where}: {label} must be an integer, not {count!r}")
    assert isinstance(low, int) and isinstance(high, int)
    if low < 1:
        raise ValueError(f"{where}: min_players is {low}; a game needs at least one player")
    if low > high:
        raise ValueError(f"{where}: min_players ({low}) is more than max_players ({high})")
    if not hasattr(game, "declaration"):
        return
    declared = game.declaration
    if not isinstance(declared, Declaration):
        raise TypeError(f"{where}: declaration must be a Declaration, not {declared!r}")
    try:
        attrs.validate(declared)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{where}: {exc}") from None


@attrs.frozen
class PluginFailure:
    """A game that an installed distribution offers but that could not be loaded: the
    distribution, the entry point (``name = value``) and the error, one line.

    >>> print(PluginFailure("rulespec-chess", "chess = 'chess.game:GAME'", "ImportError: x"))
    rulespec-chess: entry point chess = 'chess.game:GAME': ImportError: x
    """

    distribution: str
    entry_point: str
    error: str

    @property
    def game_id(self) -> str:
        """The id the entry point claims (its name)."""
        return self.entry_point.partition(" = ")[0]

    def __str__(self) -> str:
        return f"{self.distribution}: entry point {self.entry_point}: {self.error}"


_FAILURES: dict[tuple[str, str], PluginFailure] = {}
"""The entry points that offered no game, by name and distribution."""
_LOADED: dict[str, Game[Any, Any, Any, Any]] = {}
"""The games the entry points offered, loaded and checked, by id."""
_LOADING = threading.RLock()


def _distribution(entry: metadata.EntryPoint) -> str:
    dist = entry.dist
    return dist.name if dist is not None else "(unknown distribution)"


def _describe(entry: metadata.EntryPoint) -> str:
    return f"{entry.name} = {entry.value!r}"


@functools.cache
def _entry_points() -> dict[str, metadata.EntryPoint]:
    offers: dict[str, dict[str, metadata.EntryPoint]] = {}
    for ep in metadata.entry_points(group=ENTRY_POINTS):
        offers.setdefault(ep.name, {}).setdefault(_distribution(ep), ep)
    found: dict[str, metadata.EntryPoint] = {}
    for name, by_dist in offers.items():
        if len(by_dist) == 1:
            found[name] = next(iter(by_dist.values()))
            continue
        if _OWN in by_dist:
            found[name] = by_dist[_OWN]
        for dist, ep in by_dist.items():
            if dist == _OWN:
                continue
            by = " and ".join(sorted(d for d in by_dist if d != dist))
            _FAILURES.setdefault(
                (name, dist),
                PluginFailure(dist, _describe(ep), f"the id {name!r} is taken by {by}: refused"),
            )
    return found


def entry_points() -> tuple[metadata.EntryPoint, ...]:
    """The entry point of each game that installed distributions offer, by id (read
    once): an id that two distributions offer goes to rulespec's own, or to none, and
    the others are :func:`plugin_failures`."""
    found = _entry_points()
    return tuple(found[k] for k in sorted(found))


def _checked(entry: metadata.EntryPoint) -> Game[Any, Any, Any, Any]:
    """The game ``entry`` names, its declaration checked (exceptions propagate)."""
    found = entry.load()
    if isinstance(found, type) and issubclass(found, Game):
        found = found()
    if not isinstance(found, Game):
        raise TypeError(f"not a rulespec Game but {type(found).__name__}")
    if found.id != entry.name:
        raise ValueError(
            f"it names the game {found.id!r}: the entry point's name must be the game's id"
        )
    check_game(found)
    return found


def _load(entry: metadata.EntryPoint) -> Game[Any, Any, Any, Any] | None:
    """The game an entry point names, loaded once; ``None``, with the failure kept for
    :func:`plugin_failures`, when it cannot be loaded."""
    with _LOADING:
        key = entry.name, _distribution(entry)
        if entry.name in _LOADED or key in _FAILURES:
            return _LOADED.get(entry.name)
        try:
            found = _checked(entry)
        except (Exception, SystemExit) as exc:  # a plug-in's fault must not stop the others
            error = " ".join(str(exc).split()) or "(no message)"
            why = f"{type(exc).__name__}: {error}"
            _FAILURES[key] = PluginFailure(key[1], _describe(entry), why)
            return None
        _LOADED[entry.name] = found
        return found


@attrs.frozen
class _EntryPoints(Discovery):
    """The installed distributions' games, as a source of the core's registry."""

    def find(self, game_id: str | None) -> Sequence[Game[Any, Any, Any, Any]]:
        offered = _entry_points()
        if game_id is None:
            return [g for g in map(_load, offered.values()) if g is not None]
        found = _load(offered[game_id]) if game_id in offered else None
        if found is not None:
            return (found,)
        failed = next((f for (n, _), f in sorted(_FAILURES.items()) if n == game_id), None)
        if failed is not None:
            raise KeyError(f"game {game_id!r} failed to load: {failed}")
        return ()

    def check(self, instance: Game[Any, Any, Any, Any]) -> None:
        check_game(instance)


def plugin_failures() -> tuple[PluginFailure, ...]:
    """The games that installed distributions offer but that could not be loaded (an
    error at import, an entry point that is not a game, a declaration refused, an id
    taken from another distribution), by entry-point name; every other game works.

    >>> import rulespec
    >>> rulespec.plugin_failures()
    ()
    """
    games()
    return tuple(_FAILURES[k] for k in sorted(_FAILURES))


discover(_EntryPoints())
