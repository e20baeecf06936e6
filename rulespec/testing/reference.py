"""An adapter around rulespec's own engine: the model for yours, and a self-check."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.testing.adapter import Adapter, Setup

__all__ = ["ReferenceAdapter"]


class ReferenceAdapter(Adapter):
    """Drives rulespec's engine of the game through the adapter protocol.

    :func:`~rulespec.testing.check` finds no divergence with it; it is the
    template of a complete adapter.

    >>> from rulespec.testing import check
    >>> from hypothesis import settings
    >>> result = check(ReferenceAdapter(), "duck-and-cover", players=2, max_steps=40,
    ...                settings=settings(max_examples=3, derandomize=True))
    >>> result.games >= 3
    True
    """

    def start(self, setup: Setup) -> None:
        self.game = setup.game
        self.current = setup.game.new_game(setup.players, setup.options)

    def apply(self, action: Any) -> None:
        self.current = self.game.apply(self.current, action)  # IllegalAction is a ValueError

    def legal_actions(self, player: int) -> Sequence[Any]:
        return list(self.game.legal_actions(self.current, player))

    def to_move(self) -> tuple[int, ...]:
        return self.game.to_move(self.current)

    def state(self) -> Any:
        return self.current

    def view(self, player: int) -> Any:
        return self.game.view(self.current, player)

    def scores(self) -> tuple[int, ...]:
        return self.game.scores(self.current)

    def winners(self) -> tuple[int, ...]:
        return self.game.winners(self.current)

    def is_over(self) -> bool:
        return self.game.is_over(self.current)
