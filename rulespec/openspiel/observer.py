"""What a player observes of an OpenSpiel state, in OpenSpiel's observer interface.

Two kinds, as OpenSpiel asks for them (``IIGObservationType``):

- the *observation* (``perfect_recall=False``, OpenSpiel's default): the
  player's view now, as a tensor (:meth:`Game.observation
  <rulespec.Game.observation>`, shaped as :meth:`Game.observation_shape
  <rulespec.Game.observation_shape>`, under the name ``"observation"``) and
  as canonical JSON text (:meth:`Game.encode_view <rulespec.Game.encode_view>`);
- the *information state* (``perfect_recall=True``): the player's whole
  history as text (:mod:`rulespec.openspiel.history`), and as a tensor of
  fixed size: the observation now (``"observation"``), then the id of the
  player's latest own action one-hot (``"last_action"``, as long as
  ``num_distinct_actions``; all zeros before they have acted). A tensor of
  the whole history would have to hold every view up to the game's cap (two
  thousand Duck & Cover turns of hundreds of numbers each), so the tensor keeps what the
  player knows now and what they last did: it depends only on the player's
  information (equal information states, equal tensors), but two histories
  that end alike give the same tensor. OpenSpiel's learners
  (``rl_environment``, NFSP, Deep CFR) read it.

>>> import numpy as np
>>> from rulespec import openspiel as ros
>>> game = ros.load("duo", 2, {"max_rounds": 1})
>>> game.information_state_tensor_shape(), game.observation_tensor_shape()
([410], [254])
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.apply_action(state.legal_actions()[0])
>>> tensor = np.asarray(state.information_state_tensor(0))
>>> int(tensor[254:].argmax()) == state.history()[-1], float(tensor[254:].sum())
(True, 1.0)

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
    """The player's information state: text, and ``tensor`` (float32) with
    ``dict["observation"]`` and ``dict["last_action"]`` (see the module)."""

    def __init__(self, shape: tuple[int, ...], actions: int) -> None:
        size = math.prod(shape)
        self.size = size
        self.tensor = np.zeros(size + actions, np.float32)
        self.dict = {
            "observation": self.tensor[:size].reshape(shape),
            "last_action": self.tensor[size:],
        }

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s information state tensor of ``state`` into :attr:`tensor`."""
        node = state.node
        self.tensor[: self.size] = node.cached(
            ("array", player), lambda: _array(node.observation(player))
        )
        self.tensor[self.size :] = 0.0
        last = node.record.last_action(player)
        if last is not None:
            self.tensor[self.size + last] = 1.0

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s information state string."""
        text: str = state.node.information(player)
        return text


def observer(
    shape: tuple[int, ...], actions: int, iig_obs_type: Any = None, params: Any = None
) -> ViewObserver | HistoryObserver:
    """The observer OpenSpiel asks for (see the module) in a game of observations of
    ``shape`` and ``actions`` distinct action ids; ``params`` must be empty."""
    if params:
        raise ValueError(f"rulespec observers take no parameters, not {dict(params)}")
    if iig_obs_type is None:
        return ViewObserver(shape)
    if (
        not iig_obs_type.public_info
        or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError("rulespec games observe a player's own view: public and private info")
    return HistoryObserver(shape, actions) if iig_obs_type.perfect_recall else ViewObserver(shape)
