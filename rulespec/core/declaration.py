"""What a game declares about itself, for the layers above the games.

The command line, the conformance kit, the Sphinx pages and the adapters to
other ecosystems know no game by name: each reads what it needs from the
:class:`Declaration` that a :class:`~rulespec.Game` carries as its
``declaration``. The parts of a game that only an upper layer uses (its kit,
its pictures, its heuristic...) are named by their module, as strings, and
imported when that layer first asks: importing a game never imports
Hypothesis.

A game is found through the ``rulespec.games`` entry points (see
:mod:`rulespec.discovery`), which check its declaration as they load it.

>>> import rulespec
>>> duo = rulespec.game("duo").declaration
>>> duo.prefix, duo.languages, duo.simultaneous
('duo.', ('fr', 'es', 'de'), False)
>>> duo.load(duo.card_label)(5)
'blue-2-square'
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import attrs

__all__ = ["Declaration", "length_cap", "load"]

LANGUAGES = ("fr", "es", "de")
"""The languages a catalogue may have besides English (as in
:data:`rulespec.rulebook.clauses.LANGUAGES`)."""


def _languages(instance: Declaration, attribute: Any, value: tuple[str, ...]) -> None:
    unknown = [lang for lang in value if lang not in LANGUAGES]
    if unknown or len(set(value)) != len(value):
        raise ValueError(f"languages must be distinct ones of {LANGUAGES}, not {value!r}")


def _reference(instance: Declaration, attribute: Any, value: str | None) -> None:
    if value is not None and (not isinstance(value, str) or not value.strip(": ")):
        raise ValueError(f"{attribute.name} must name a module ('package.module'), not {value!r}")


def _positive(instance: Declaration, attribute: Any, value: int | None) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise ValueError(f"{attribute.name} must be a positive integer or None, not {value!r}")


_PREFIX = re.compile(r"[a-z][a-z0-9_-]*\.")


def _prefix(instance: Declaration, attribute: Any, value: str) -> None:
    if not isinstance(value, str) or not _PREFIX.fullmatch(value):
        raise ValueError(f"prefix must be a lower-case word and a dot ('gs.'), not {value!r}")


def _catalogue(instance: Declaration, attribute: Any, value: str) -> None:
    if not isinstance(value, str) or not all(value.partition(":")[::2]):
        raise ValueError(f"catalogue must be 'package:path/inside.toml', not {value!r}")


@attrs.frozen(kw_only=True)
class Declaration:
    """Everything the shared layers need from a game, declared once.

    A *reference* is a string: ``"package.module"`` names a module,
    ``"package.module:name"`` a name in it; :meth:`load` imports it.
    """

    prefix: str = attrs.field(validator=_prefix)
    """The start of every clause id of the game (``"duo."``)."""
    catalogue: str = attrs.field(validator=_catalogue)
    """Where the clause catalogue lies: ``"package:path/inside.toml"``, read with
    :mod:`importlib.resources` (a plug-in ships its catalogue inside its package)."""
    languages: tuple[str, ...] = attrs.field(default=LANGUAGES, validator=_languages)
    """The languages the catalogue has besides English: none, or some of
    ``"fr"``, ``"es"``, ``"de"``."""
    simultaneous: bool = False
    """Whether several players may be to move at once (each then acts on their own;
    the turn resolves when the last has)."""
    simulation_cap: int | None = attrs.field(default=None, validator=_positive)
    """The player actions after which a simulation or an environment truncates a game
    whose rules set no limit; ``None`` when :attr:`rule_bound` bounds every game that
    :meth:`~rulespec.Game.simulation_options` allows."""
    cap_per_player: bool = False
    """Whether :attr:`simulation_cap` counts per player (turns of a game in which
    every player acts each turn)."""
    rule_bound: str | None = attrs.field(default=None, validator=_reference)
    """A reference to ``bound(game, players, options) -> int | None``: the most player
    actions the rules allow, ``None`` when they set no limit."""
    chance_bound: str | None = attrs.field(default=None, validator=_reference)
    """A reference to ``bound(game, players, options, length) -> int``: the most chance
    steps a game of at most ``length`` player actions holds; ``None``: ``1 + 2 ×
    length`` (a first deal, then at most two chance steps after each action)."""
    card_label: str | None = attrs.field(default=None, validator=_reference)
    """A reference to ``label(card) -> str``: a card of a chance pile by its name in
    the game's JSON (OpenSpiel's outcome strings); ``None``: ``str(card)``."""
    heuristic: str | None = attrs.field(default=None, validator=_reference)
    """The module of the search bot's hints (``standing``, ``HORIZON``), if any."""
    play_playouts: int | None = attrs.field(default=None, validator=_positive)
    """The playouts of a search-bot decision that answers within a second at the game's
    largest table: the bots ``rulespec play`` seats by default. ``None``: the search
    bot's default."""
    kit: str | None = attrs.field(default=None, validator=_reference)
    """The module of the game's conformance kit (it registers a
    :class:`~rulespec.testing.GameKit`), if any."""
    examples: str | None = attrs.field(default=None, validator=_reference)
    """The module whose ``examples()`` lists the worked examples, if any."""
    small: str | None = attrs.field(default=None, validator=_reference)
    """The module whose ``configs()`` lists the small configurations that ``rulespec
    explore`` walks whole (:class:`rulespec.tools.explore.Config`), the default first;
    ``None``: the game has none."""
    render: str | None = attrs.field(default=None, validator=_reference)
    """The module that draws states and views (``text``, ``svg``...), if any."""
    schema: str | None = attrs.field(default=None, validator=_reference)
    """The module that describes the game's JSON for :mod:`rulespec.schemas`, if any."""
    observation: tuple[Any, ...] = ()
    """The observation's layout: its slices in order (the encodings page's table), each
    a :class:`rulespec.plugin.declaration.Piece` (their total length:
    :func:`rulespec.plugin.declaration.observation_size`)."""
    golden: tuple[Any, ...] = ()
    """The golden games, each a :class:`rulespec.plugin.declaration.GoldenGame`."""
    golden_file: str | None = None
    """Where the golden games lie, ``"package:path"``; ``None``: none are shipped."""
    sessions: tuple[Any, ...] = ()
    """The protocol sessions the documentation shows, each a
    :class:`rulespec.plugin.declaration.Session`."""
    mutation: Any = None
    """The sampled mutation test of the game's project, if it has one (a
    :class:`rulespec.plugin.declaration.Mutation`)."""

    @property
    def players_clause(self) -> str:
        """The clause that refuses a seat or a player count the game does not have."""
        return f"{self.prefix}setup.players"

    def load(self, reference: str) -> Any:
        """What ``reference`` names (see :func:`load`)."""
        return load(reference)


def load(reference: str) -> Any:
    """The module ``"package.module"`` or the name ``"package.module:name"``, imported.

    >>> load("rulespec.core.declaration:load") is load
    True
    """
    module, _, name = reference.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


def length_cap(game: Any, players: int, options: Any) -> int:
    """The most player actions a game of ``game`` that rulespec plays itself (a
    simulation, :meth:`~rulespec.Record.play`, an environment) may take, whatever its
    ``options``: the rules' bound when they set one (``rule_bound``), else the declared
    :attr:`~Declaration.simulation_cap`, else the rules' bound under the game's
    simulation options. A game cut at this cap ends there, and says so.

    >>> import rulespec
    >>> dc, duo = rulespec.game("duck-and-cover"), rulespec.game("duo")
    >>> length_cap(dc, 3, dc.default_options()), length_cap(duo, 2, duo.default_options())
    (6000, 10450)
    """
    declared: Declaration = game.declaration
    if declared.rule_bound is not None:
        bound: int | None = load(declared.rule_bound)(game, players, options)
        if bound is not None:
            return bound
    if declared.simulation_cap is not None:
        return declared.simulation_cap * (players if declared.cap_per_player else 1)
    simulated = game.decode_options(game.simulation_options())
    if declared.rule_bound is not None:
        bound = load(declared.rule_bound)(game, players, simulated)
        if bound is not None:
            return bound
    raise ValueError(f"{game.id} declares neither a simulation cap nor a bound of its rules")
