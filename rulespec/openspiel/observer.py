"""What a player observes of an OpenSpiel state, in OpenSpiel's observer interface.

Two kinds, as OpenSpiel asks for them (``IIGObservationType``):

- the *observation* (``perfect_recall=False``, OpenSpiel's default): the
  player's view now, as a tensor (:meth:`Game.observation
  <rulespec.Game.observation>`, shaped as :meth:`Game.observation_shape
  <rulespec.Game.observation_shape>`, under the name ``"observation"``) and
  as canonical JSON text (:meth:`Game.encode_view <rulespec.Game.encode_view>`);
- the *information state* (``perfect_recall=True``): the player's whole
  history, as text only (:mod:`rulespec.openspiel.history`). A tensor of
  the whole history would have to hold every view up to the game's cap
  (two thousand Duck & Cover turns of 559 numbers or more), so the games do
  not offer one: learners use the observation tensor.

Both are the private view of one player with the public information
(``private_info=SINGLE_PLAYER``, ``public_info=True``); other kinds raise
:class:`ValueError`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyspiel

__all__ = ["HistoryObserver", "ViewObserver", "observer"]


def _array(values: tuple[float, ...]) -> Any:
    return np.fromiter(values, np.float32, len(values))


class ViewObserver:
    """The player's view now: ``tensor`` (float32) and ``dict["observation"]``."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        node = state.node
        array = node.cached(("array", player), lambda: _array(node.observation(player)))
        self.tensor[:] = array

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state`` as canonical JSON."""
        text: str = state.node.view_text(player)
        return text


class HistoryObserver:
    """The player's information state, as text (no tensor)."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: Any, player: int) -> None:
        """Nothing to write: there is no tensor."""

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s information state string."""
        text: str = state.node.information(player)
        return text


def observer(
    shape: tuple[int, ...], iig_obs_type: Any = None, params: Any = None
) -> ViewObserver | HistoryObserver:
    """The observer OpenSpiel asks for (see the module); ``params`` must be empty."""
    if params:
        raise ValueError(f"rulespec observers take no parameters, not {dict(params)}")
    if iig_obs_type is None:
        return ViewObserver(shape)
    if (
        not iig_obs_type.public_info
        or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError("rulespec games observe a player's own view: public and private info")
    return HistoryObserver() if iig_obs_type.perfect_recall else ViewObserver(shape)
