"""How long a game can last, counted in player actions, for environments that must
declare a maximum length (PettingZoo's truncation, OpenSpiel's ``max_game_length``).

One *player action* is one action of one player: a Duck & Cover turn of four
players is four, a Duo turn of two plays and a Stop is three. Chance steps
are counted apart (:func:`max_chance_steps`).

Each game declares what this module needs (see :mod:`rulespec.core.declaration`):
the rules' bound, if any (Duo's rules bound a round, every card being played or
drawn at most once, so a match with a round limit has a bound), and the cap,
far above what random play takes, at which an environment truncates a game
whose rules set no limit (Duck & Cover, where a Duck may always go to a free
place; Canardage, whose moves and aims can go on while the action cards are
reshuffled). Random play ends them quickly, but an agent need not.

>>> import rulespec
>>> duo = rulespec.game("duo")
>>> rule_bound(duo, 2, duo.decode_options({"max_rounds": 50}))
10450
>>> rule_bound(rulespec.game("canardage"), 4) is None
True
>>> max_game_length(rulespec.game("canardage"), 4)
2000
"""

from __future__ import annotations

from typing import Any

import attrs

from rulespec.core.checks import integer
from rulespec.core.declaration import length_cap, load
from rulespec.core.errors import RecordError
from rulespec.core.game import Game

__all__ = [
    "capped_options",
    "default_cap",
    "max_chance_steps",
    "max_game_length",
    "rule_bound",
]

Options = Any


def _options(game: Game[Any, Any, Any, Any], players: int, options: Options | None) -> Any:
    """A new game's options as the game reads them (checking ``players`` and ``options``)."""
    return game.new_game(players, options).options


def rule_bound(
    game: Game[Any, Any, Any, Any], players: int, options: Options | None = None
) -> int | None:
    """The most player actions the rules allow in a game, or ``None`` when they set no
    limit (Duck & Cover, Canardage, Duo without ``max_rounds``): the game's declared
    ``rule_bound`` (for Duo, :func:`rulespec.duo.declaration.rule_bound`).

    Raises as :meth:`Game.new_game` does for a bad ``players`` or ``options``.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> rule_bound(duo, 2, duo.decode_options({"max_rounds": 1}))  # 3 × 76 − 14 − 5
    209
    >>> rule_bound(duo, 2) is None
    True
    """
    opts = _options(game, players, options)
    reference = game.declaration.rule_bound
    if reference is None:
        return None
    bound: int | None = load(reference)(game, integer(players, "players"), opts)
    return bound


def default_cap(game: Game[Any, Any, Any, Any], players: int) -> int:
    """The player actions after which an environment truncates a game whose rules set
    no limit: the game's declared ``simulation_cap``, times ``players`` for a cap
    counted per player (2000 turns of Duck & Cover, ``2000 × players`` actions; 2000
    actions of Canardage). For a game that declares none (Duo), the bound of a match
    with the round limit that simulations use (:meth:`Game.simulation_options`).

    >>> import rulespec
    >>> default_cap(rulespec.game("duck-and-cover"), 3)
    6000
    >>> default_cap(rulespec.game("duo"), 2)
    10450
    """
    n = integer(players, "players")
    declared = game.declaration
    if declared.simulation_cap is not None:
        return declared.simulation_cap * (n if declared.cap_per_player else 1)
    simulated = game.decode_options(game.simulation_options())
    bound = rule_bound(game, n, simulated)
    if bound is None:
        raise ValueError(f"no cap is known for {game.id}")
    return bound


def max_game_length(
    game: Game[Any, Any, Any, Any],
    players: int,
    options: Options | None = None,
    max_steps: int | None = None,
) -> int:
    """The most player actions an environment lets a game take: the rules' bound
    (:func:`rule_bound`), else the cap ``max_steps`` (by default :func:`default_cap`),
    the smaller of the two when both exist. An environment that declares this
    number must truncate the game once it has taken ``max_steps`` actions.

    >>> import rulespec
    >>> dc = rulespec.game("duck-and-cover")
    >>> max_game_length(dc, 2), max_game_length(dc, 2, max_steps=10)
    (4000, 10)
    """
    bound = rule_bound(game, players, options)
    if max_steps is not None:
        cap = integer(max_steps, "max_steps")
        if cap < 1:
            raise ValueError(f"max_steps must be at least 1, not {cap}")
        return cap if bound is None else min(bound, cap)
    return length_cap(game, integer(players, "players"), _options(game, players, options))


def max_chance_steps(
    game: Game[Any, Any, Any, Any],
    players: int,
    options: Options | None = None,
    max_steps: int | None = None,
) -> int:
    """The most chance steps a game of at most :func:`max_game_length` player actions
    holds, as the game's declared ``chance_bound`` counts them: a Duo deal per round;
    three Duck & Cover deals and a reshuffle at most per turn (the Captain pile takes a
    card from each turn played since the last shuffle); by default (Canardage) a first
    deal, then at most two chance steps (a Dispersion and a reshuffle) per action.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> max_chance_steps(duo, 2, duo.decode_options({"max_rounds": 50}))
    50
    """
    length = max_game_length(game, players, options, max_steps)
    reference = game.declaration.chance_bound
    if reference is None:
        return 1 + 2 * length
    opts = _options(game, players, options)
    bound: int = load(reference)(game, integer(players, "players"), opts, length)
    return bound


def capped_options(
    game: Game[Any, Any, Any, Any],
    players: int,
    options: Any = None,
    max_rounds: int | None = None,
) -> Any:
    """``options`` (the game's defaults when ``None``) with the round limit an
    environment plays under: ``max_rounds`` when given, else the options' own, else
    the one simulations use (:meth:`Game.simulation_options`). The simulations' other
    options (Duo's ``leader_wins``) come with it, unless the options set a round limit
    of their own. A game without a ``max_rounds`` option refuses ``max_rounds`` with
    :class:`ValueError`.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> capped_options(duo, 2).max_rounds, capped_options(duo, 2, max_rounds=3).max_rounds
    (50, 3)
    >>> capped_options(duo, 2).leader_wins, capped_options(duo, 2, max_rounds=3).leader_wins
    (True, True)
    >>> capped_options(duo, 2, duo.decode_options({"max_rounds": 3})).leader_wins
    False
    """
    if options is None:
        options = game.default_options()
    game.new_game(players, options)  # checks players and options
    data = dict(game.encode_options(options))
    own_limit = "max_rounds" in data
    if max_rounds is not None:
        rounds = integer(max_rounds, "max_rounds")
        if "max_rounds" not in attrs.fields_dict(type(options)):
            raise ValueError(f"{game.name} has no max_rounds option (max_steps caps any game)")
        data["max_rounds"] = rounds
    if not own_limit:
        for key, value in game.simulation_options().items():
            data.setdefault(key, value)
    try:
        return game.decode_options(data)
    except RecordError as exc:  # a max_rounds below 1
        raise ValueError(str(exc)) from None
