"""What a game declares for the tools, beside the core's
:class:`~rulespec.core.declaration.Declaration`: the pieces of its observation, its
golden games, the protocol sessions its pages show and its sampled mutation test.

The core carries them in the declaration's fields without reading them; the layers
that read them (the encodings page and the environments, the conformance kit, the
mutation test) find their meaning here.

>>> import rulespec
>>> pieces = rulespec.game("duo").declaration.observation
>>> all(isinstance(p, Piece) for p in pieces), pieces[0].name
(True, 'hand')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rulespec.core.declaration import Declaration

__all__ = ["GoldenGame", "Mutation", "Piece", "Session", "observation_size"]


@attrs.frozen
class Piece:
    """One named slice of a game's observation, in the order of the vector.

    ``size`` gives the slice's length in a game of ``n`` players; ``length``
    says it for a reader (``"n × 12"``); ``meaning`` what the numbers hold.

    >>> Piece("seat", "n", "one-hot of the viewer's seat", lambda n: n).size(4)
    4
    """

    name: str
    length: str
    meaning: str
    size: Callable[[int], int]


@attrs.frozen
class GoldenGame:
    """How one golden game is generated (see :mod:`rulespec.testing.golden`)."""

    name: str
    players: int
    options: Mapping[str, Any]
    """The options as JSON data."""
    seed: int
    policy: str
    """A policy of :data:`rulespec.testing.golden.POLICIES`, by name."""
    steps: int | None = None
    """The most steps recorded; ``None`` for a whole game."""


@attrs.frozen
class Session:
    """A session of the engine protocol that the documentation shows (see
    :mod:`rulespec.testing.sessions`): ``kind`` is ``"game"`` for the whole-game
    session, or the name of the protocol feature it shows (``"batch"``,
    ``"engine-chance"``)."""

    kind: str
    players: int
    options: Mapping[str, Any]
    seed: int


@attrs.frozen
class Mutation:
    """A game's sampled mutation test: the modules to mutate and the tests that must
    kill the mutants, as paths from the project's root, the quickest tests first."""

    targets: tuple[str, ...]
    tests: tuple[str, ...]


def observation_size(declared: Declaration, players: int) -> int:
    """The length of the observation of a game of ``players`` players: the sizes of the
    declared :attr:`~rulespec.core.declaration.Declaration.observation` pieces, summed.

    >>> import rulespec
    >>> observation_size(rulespec.game("duo").declaration, 2)
    254
    """
    return sum(piece.size(players) for piece in declared.observation)
