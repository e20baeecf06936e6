"""A game's settings as OpenSpiel game parameters, and back.

OpenSpiel names a game by a string of flat parameters,
``python_rulespec_duo(max_rounds=50,players=2,turbo=False,…)``, read back
by :func:`pyspiel.load_game`. Every rulespec game has these parameters:

- ``players``: the player count (4 unless given);
- one parameter per field of the game's options (:meth:`Game.default_options
  <rulespec.Game.default_options>`), of the field's type: a flag, a whole
  number or a word. A field holding numbers (Duck & Cover's ``splashes``,
  Canardage's ``action_deck``) is written as the numbers separated by spaces,
  since the game string cannot hold a comma. Duo's ``max_rounds`` is the
  round limit simulations use (:meth:`Game.simulation_options
  <rulespec.Game.simulation_options>`, 50) unless given: an OpenSpiel game
  must have a bounded length; ``leader_wins`` is true unless given (a match
  stopped by the limit is won by the highest total), except for options
  given as an object or JSON data with a round limit of their own, which
  are taken as they are;
- ``max_game_length``: the moves after which a game is cut short (0, the
  default, for :func:`rulespec.rl.lengths.max_game_length`).

>>> import rulespec
>>> dc = rulespec.game("duck-and-cover")
>>> params = parameters(dc, 3, dc.decode_options({"low_blows": True}))
>>> params["players"], params["low_blows"], params["splashes"]
(3, True, '0 1 1 2 2 2 3 3 3 4 4 5')
>>> settings(dc, params)[1].low_blows
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.checks import integer, wrong_type
from rulespec.core.game import Game
from rulespec.rl.lengths import capped_options

__all__ = ["DEFAULT_PLAYERS", "parameters", "settings", "specification"]

DEFAULT_PLAYERS = 4
"""The player count of a game loaded without one (every game allows four)."""

Param = int | bool | str


def _as_param(name: str, value: object) -> Param:
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple) and all(type(v) is int for v in value):
        return " ".join(str(v) for v in value)
    raise TypeError(f"option {name} has no OpenSpiel form: {value!r}")


def _from_param(name: str, value: object, default: object) -> object:
    if isinstance(default, tuple):
        if not isinstance(value, str):
            raise ValueError(f"{name} must be whole numbers separated by spaces, not {value!r}")
        try:
            return tuple(int(word) for word in value.split())
        except ValueError:
            raise ValueError(
                f"{name} must be whole numbers separated by spaces, not {value!r}"
            ) from None
    if type(value) is not type(default):
        kind = type(default).__name__
        raise ValueError(f"{name} must be of type {kind}, not {value!r}")
    return value


def _options(game: Game[Any, Any, Any, Any], players: int, options: Any) -> Any:
    """``options`` (an options object, its JSON data or ``None``) with the round limit
    an OpenSpiel game plays under."""
    if isinstance(options, Mapping):
        options = game.decode_options(options)
    elif options is not None and not isinstance(options, game.options_type):
        raise wrong_type("options", options, f"{game.name} options or their JSON data")
    return capped_options(game, players, options)


def specification(game: Game[Any, Any, Any, Any]) -> dict[str, Param]:
    """The parameters of ``game`` with their defaults (OpenSpiel's
    ``parameter_specification``).

    >>> import rulespec
    >>> specification(rulespec.game("duo"))  # doctest: +NORMALIZE_WHITESPACE
    {'players': 4, 'turbo': False, 'first_player': 0, 'exhausted': 'last-draw',
     'max_rounds': 50, 'leader_wins': True, 'features': 4, 'jokers': True,
     'hand_size': 7, 'max_game_length': 0}
    """
    return parameters(game, DEFAULT_PLAYERS)


def parameters(
    game: Game[Any, Any, Any, Any], players: int, options: Any = None, max_game_length: int = 0
) -> dict[str, Param]:
    """The OpenSpiel parameters of a game of ``players`` players with ``options`` (the
    game's options, their JSON data, or ``None`` for the rules as printed).

    Raises as :meth:`Game.new_game <rulespec.Game.new_game>` does for a bad
    ``players`` or ``options``; :class:`ValueError` for a negative
    ``max_game_length``.
    """
    n = integer(players, "players")
    opts = _options(game, n, options)
    cap = integer(max_game_length, "max_game_length")
    if cap < 0:
        raise ValueError(f"max_game_length must be 0 (the default) or more, not {cap}")
    found: dict[str, Param] = {"players": n}
    for field in attrs.fields(type(opts)):
        found[field.name] = _as_param(field.name, getattr(opts, field.name))
    found["max_game_length"] = cap
    return found


def settings(game: Game[Any, Any, Any, Any], params: Mapping[str, Any]) -> tuple[int, Any, int]:
    """The player count, options and ``max_game_length`` parameter (0 for the
    default) that OpenSpiel ``params`` describe; missing ones take their defaults.

    Raises :class:`ValueError` for an unknown parameter or a value the game refuses
    (with the option's own message), as OpenSpiel expects of a game's constructor.
    """
    spec = specification(game)
    unknown = sorted(set(params) - set(spec))
    if unknown:
        raise ValueError(f"{game.name} has no parameter {unknown[0]!r} (known: {', '.join(spec)})")
    given = {**spec, **params}
    players = given["players"]
    if type(players) is not int:
        raise ValueError(f"players must be a whole number, not {players!r}")
    defaults = capped_options(game, game.min_players)
    values = {
        field.name: _from_param(field.name, given[field.name], getattr(defaults, field.name))
        for field in attrs.fields(type(defaults))
    }
    options = type(defaults)(**values)
    game.new_game(players, options)  # refuses a player count the rules do not allow
    cap = given["max_game_length"]
    if type(cap) is not int or cap < 0:
        raise ValueError(f"max_game_length must be 0 (the default) or more, not {cap!r}")
    return players, options, cap
