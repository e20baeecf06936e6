"""How long a game can last, counted in player actions, for environments that must
declare a maximum length (PettingZoo's truncation, OpenSpiel's ``max_game_length``).

One *player action* is one action of one player: a Duck & Cover turn of four
players is four, a Duo turn of two plays and a Stop is three. Chance steps
are counted apart (:func:`max_chance_steps`).

Duo's rules bound a round (every card is played or drawn at most once), so a
match with a round limit (``max_rounds``) has a bound. Duck & Cover and
Canardage set no limit: a Duck may always go to a free place, and Canardage's
moves and aims can go on while the action cards are reshuffled. Random play
ends them quickly, but an agent need not; for them an environment truncates
the game at a cap, :func:`default_cap`, far above what random play takes.

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
from rulespec.core.errors import RecordError
from rulespec.core.game import Game

__all__ = [
    "capped_options",
    "default_cap",
    "max_chance_steps",
    "max_game_length",
    "rule_bound",
]

DUCK_AND_COVER_TURNS = 2000
"""Duck & Cover's cap, in turns (every player acts once a turn): random play takes
about 150 turns a round, never more than 650 a game in our measurements."""

CANARDAGE_ACTIONS = 2000
"""Canardage's cap, in player actions: random play with six players ends within
about 200."""

Options = Any


def _options(game: Game[Any, Any, Any, Any], players: int, options: Options | None) -> Any:
    """A new game's options as the game reads them (checking ``players`` and ``options``)."""
    return game.new_game(players, options).options


def rule_bound(
    game: Game[Any, Any, Any, Any], players: int, options: Options | None = None
) -> int | None:
    """The most player actions the rules allow in a game, or ``None`` when they set no
    limit (Duck & Cover, Canardage, Duo without ``max_rounds``).

    A Duo round deals 7 cards to each of ``players`` players and 2 to the piles,
    leaving ``D`` cards to draw from a deck of ``N``: at most ``D + 1`` Draws
    (the last from an empty pile, under the ``"empty-draw"`` reading), at most
    ``7 × players + D`` Plays (each card in a hand leaves it once) and as many
    Stops, so ``3N − 7 × players − 5`` actions a round.

    Raises as :meth:`Game.new_game` does for a bad ``players`` or ``options``.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> rule_bound(duo, 2, duo.decode_options({"max_rounds": 1}))  # 3 × 76 − 14 − 5
    209
    >>> rule_bound(duo, 2) is None
    True
    """
    opts = _options(game, players, options)
    if game.id != "duo" or opts.max_rounds is None:
        return None
    deck = len(game.chance(game.new_game(players, opts)).piles[0])
    per_round: int = 3 * deck - 7 * players - 5
    return int(opts.max_rounds) * per_round


def default_cap(game: Game[Any, Any, Any, Any], players: int) -> int:
    """The player actions after which an environment truncates a game whose rules set
    no limit: 2000 turns of Duck & Cover (``2000 × players`` actions), 2000 actions
    of Canardage. For Duo, the bound of a match with the round limit that
    simulations use (:meth:`Game.simulation_options`).

    >>> import rulespec
    >>> default_cap(rulespec.game("duck-and-cover"), 3)
    6000
    >>> default_cap(rulespec.game("duo"), 2)
    10450
    """
    n = integer(players, "players")
    if game.id == "duck-and-cover":
        return DUCK_AND_COVER_TURNS * n
    if game.id == "canardage":
        return CANARDAGE_ACTIONS
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
    return default_cap(game, players) if bound is None else bound


def max_chance_steps(
    game: Game[Any, Any, Any, Any],
    players: int,
    options: Options | None = None,
    max_steps: int | None = None,
) -> int:
    """The most chance steps a game of at most :func:`max_game_length` player actions
    holds: a Duo deal per round; three Duck & Cover deals and a reshuffle at most per
    turn (the Captain pile takes a card from each turn played since the last
    shuffle); Canardage's deal, then at most a Dispersion and a reshuffle per action.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> max_chance_steps(duo, 2, duo.decode_options({"max_rounds": 50}))
    50
    """
    length = max_game_length(game, players, options, max_steps)
    if game.id == "duo":
        opts = _options(game, players, options)
        if opts.max_rounds is not None:
            return int(opts.max_rounds)
        return length  # every round has at least one action
    if game.id == "duck-and-cover":
        return 3 + length // integer(players, "players")
    return 1 + 2 * length


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
