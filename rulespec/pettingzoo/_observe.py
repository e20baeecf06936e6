"""Observations as bounded NumPy arrays, written piece by piece.

Each seat has a buffer that the game's observation writer keeps up to date
(rewriting only what changed since the seat last looked), read through NumPy
without a copy. A game whose encoding offers an ``ObservationTable`` keeps one
buffer for all the seats instead, written once per state, from which each
seat's observation is gathered by one NumPy ``take`` (the table writes the numbers
already scaled, as below). The numbers are then scaled into the declared bounds: each is
divided by the larger of the absolute values of its least and most (so binary
parts stay 0 and 1, and a count of at most 80 becomes a fraction of 1). The
numbers whose bound is a saturation level are written at most it by the writer
(its ``saturate`` mode); without a writer they are clipped to it here. A writer
that takes a ``scale`` (a factor per number) writes the numbers already scaled,
so that an observation is a copy of its buffer.

A game whose encoding offers no writer is encoded through its views
(:meth:`Game.observation <rulespec.Game.observation>`); one that declares no
bounds gets the unbounded ``Box(-inf, inf)``.
"""

from __future__ import annotations

import inspect
import math
from array import array
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from rulespec.rl.episode import Episode

__all__ = ["Observer"]

_CHECKED = 16
"""Up to this many numbers that may pass their bounds are checked one by one; with
more, every number is clipped to its bounds."""

Floats = npt.NDArray[np.float32]


class Observer:
    """The scaled observations of every seat of ``episode``, and their bounds."""

    def __init__(self, episode: Episode) -> None:
        self.episode = episode
        g, n, options = episode.game, episode.players, episode.options
        self.length = length = math.prod(episode.observation_shape)
        encoding = g.encoding
        bounds = getattr(encoding, "observation_bounds", None)
        self._checked: tuple[tuple[int, float, float, float, float], ...] = ()
        scaling = False
        if bounds is None:
            low = np.full(length, -np.inf, dtype=np.float32)
            high = np.full(length, np.inf, dtype=np.float32)
            self._scale = np.ones(length, dtype=np.float32)
            self._clipped = False
        else:
            raw_low, raw_high = (np.asarray(b, dtype=np.float32) for b in bounds(n, options))
            scale = np.maximum(np.maximum(np.abs(raw_low), np.abs(raw_high)), 1.0)
            self._scale = (1.0 / scale).astype(np.float32)
            # The bounds scaled as the numbers are: multiplying by the same factor
            # keeps the order, so a number within its bounds stays within.
            low, high = raw_low * self._scale, raw_high * self._scale
            saturated = getattr(encoding, "observation_saturated", None)
            if saturated is None:  # any number may pass its bound: clip them all
                self._clipped = True
            elif any(hasattr(encoding, f"Observation{kind}") for kind in ("Writer", "Table")):
                self._clipped = False  # the writers saturate the numbers as they write them
            else:
                where = tuple(saturated(n, options))
                self._clipped = len(where) > _CHECKED
                if not self._clipped:  # a few: each checked, and clipped when past
                    self._checked = tuple(
                        (i, float(raw_low[i]), float(raw_high[i]), float(low[i]), float(high[i]))
                        for i in where
                    )
        self._flat = len(episode.observation_shape) == 1
        self._factors: Floats = self._scale
        """What the writers' numbers are multiplied by: :attr:`scale`, or ones when the
        writers write them scaled."""
        self.low: Floats = low
        """The least of each scaled number (float32)."""
        self.high: Floats = high
        """The most of each scaled number (float32)."""
        make = getattr(encoding, "ObservationWriter", None)
        make_table = getattr(encoding, "ObservationTable", None)
        self._buffers: list[array[float]] = []
        self._raw: list[Floats] = []
        self._writers: list[Any] = []
        self._table: Any = None
        self._orders: list[npt.NDArray[np.intp]] = []
        if make_table is not None:
            # The table writes each number already scaled, so a gather is all that is left.
            self._table = table = make_table(n, options, saturate=True, scale=self._scale.tolist())
            self._shared: Floats = np.frombuffer(table.buffer, dtype=np.float32)
            self._orders = [np.asarray(table.order(p), dtype=np.intp) for p in range(n)]
            self._every_order = np.concatenate(self._orders)
        elif make is not None:
            # A writer that takes the factors writes the numbers scaled: a copy is all
            # that is left (a float32 product either way, so the same numbers).
            scaling = "scale" in inspect.signature(make).parameters
            factors = {"scale": self._scale.tolist()} if scaling else {}
            for seat in range(n):
                buffer = array("f", bytes(4 * length))
                self._buffers.append(buffer)
                self._writers.append(make(buffer, seat, n, options, saturate=True, **factors))
                self._raw.append(np.frombuffer(buffer, dtype=np.float32))
            if scaling:
                self._factors = np.ones(length, dtype=np.float32)
        self._plain = bool(self._writers) and not self._checked and not self._clipped
        """Whether an observation is its writer's numbers times :attr:`scale`, with
        nothing to check."""
        self._copied = self._plain and scaling
        """Whether an observation is a copy of its writer's numbers (written scaled)."""

    def observe(self, seat: int) -> Floats:
        """``seat``'s observation of the episode's state now, scaled, as a new array
        shaped as the game's observation."""
        table = self._table
        if table is not None:
            table.write(self.episode.state, seat)
            # The indexes are in range: "wrap" spares NumPy the bounds check of "raise".
            values: Floats = self._shared.take(self._orders[seat], mode="wrap")
        elif self._copied:  # written scaled: nothing to multiply, check or clip
            self._writers[seat].write(self.episode.state)
            values = self._raw[seat].copy()
        elif self._plain:  # written, then scaled: nothing to check or clip
            self._writers[seat].write(self.episode.state)
            values = self._raw[seat] * self._scale
        else:
            values = np.empty(self.length, dtype=np.float32)
            self._scaled(seat, values)
        if self._flat:
            return values
        shaped: Floats = values.reshape(self.episode.observation_shape)
        return shaped

    def reader(self, seat: int) -> Callable[[], Floats]:
        """A call that gives what :meth:`observe` gives for ``seat``, each time the
        episode's state now (a new array), with the lookups done once here."""
        episode, shape = self.episode, self.episode.observation_shape
        table = self._table
        if table is not None:
            write_table, take, order = table.write, self._shared.take, self._orders[seat]

            def gather() -> Floats:
                write_table(episode.state, seat)
                return take(order, mode="wrap")

            read = gather
        elif self._copied:
            write, copy = self._writers[seat].write, self._raw[seat].copy

            def copied() -> Floats:
                write(episode.state)
                return copy()

            read = copied
        elif self._plain:
            write, raw, scale, multiply = (
                self._writers[seat].write,
                self._raw[seat],
                self._scale,
                np.multiply,
            )

            def scaled() -> Floats:
                write(episode.state)
                return multiply(raw, scale)

            read = scaled
        else:
            return partial(self.observe, seat)
        if self._flat:
            return read
        return lambda: read().reshape(shape)

    def copier(self, seat: int) -> tuple[Callable[[Any], None], Callable[[], Floats]] | None:
        """When an observation of ``seat`` is a copy of its writer's buffer (written
        scaled, flat, nothing to check or clip): the writer's ``write``, to give the state
        now, and the call that copies the buffer into a new array; else ``None``."""
        if not (self._copied and self._flat):
            return None
        return self._writers[seat].write, self._raw[seat].copy

    def gatherer(
        self, seat: int
    ) -> tuple[Callable[[Any, int], None], Callable[..., Floats], npt.NDArray[np.intp]] | None:
        """When the game's encoding offers a table (and the observation is flat): its
        ``write``, to give the state now and ``seat``, the shared numbers' ``take`` and
        where ``seat``'s numbers are in them (``take(order, mode="wrap")`` is the
        observation, a new array); else ``None``."""
        if self._table is None or not self._flat:
            return None
        return self._table.write, self._shared.take, self._orders[seat]

    def write(self, seat: int, out: Floats) -> None:
        """Write ``seat``'s observation now, scaled, into ``out`` (float32, flat, of the
        observation's length): what the vector environment fills its rows with."""
        table = self._table
        if table is not None:
            table.write(self.episode.state, seat)
            self._shared.take(self._orders[seat], out=out, mode="wrap")
        else:
            self._scaled(seat, out)

    @property
    def plain(self) -> bool:
        """Whether an observation is its writer's numbers times :attr:`scale`, nothing
        checked or clipped: what :meth:`sources` serves."""
        return self._plain

    @property
    def scale(self) -> Floats:
        """The factor of each number (float32): an observation is the numbers of
        :meth:`sources` times it (ones when the writers write them scaled)."""
        return self._factors

    def sources(self) -> tuple[tuple[Callable[[Any], None], memoryview], ...]:
        """For each seat (only when :attr:`plain`): its writer's ``write``, to give the
        state now, and the bytes of the buffer it writes (a view: no copy), the numbers
        as float32 values, which :attr:`scale` turns into the observation."""
        return tuple(
            (writer.write, memoryview(buffer).cast("B"))
            for writer, buffer in zip(self._writers, self._buffers, strict=True)
        )

    def write_every(self, out: Floats) -> bool:
        """Write every seat's observation now into ``out`` (flat, seat after seat) in one
        gather, when the game's encoding offers a table; whether it did."""
        table = self._table
        if table is None:
            return False
        table.write(self.episode.state)
        self._shared.take(self._every_order, out=out, mode="wrap")
        return True

    def _scaled(self, seat: int, out: Floats) -> None:
        """Bring ``seat``'s numbers up to date and write them scaled into ``out``."""
        if self._writers:
            self._writers[seat].write(self.episode.state)
            raw: Any = self._raw[seat]
            numbers: Any = self._buffers[seat]
        else:
            raw = numbers = np.fromiter(
                self.episode.observation(seat), dtype=np.float32, count=self.length
            )
        np.multiply(raw, self._factors, out=out)
        for i, least, most, scaled_least, scaled_most in self._checked:
            number = numbers[i]
            if number < least:
                out[i] = scaled_least
            elif number > most:
                out[i] = scaled_most
        if self._clipped:
            np.minimum(out, self.high, out=out)
            np.maximum(out, self.low, out=out)

    def state(self) -> Floats:
        """Every seat's observation, flattened and laid end to end in seat order."""
        table = self._table
        if table is not None:
            table.write(self.episode.state)
            values: Floats = self._shared.take(self._every_order, mode="wrap")
            return values
        return np.concatenate([self.observe(p).ravel() for p in range(self.episode.players)])
