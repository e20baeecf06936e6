"""What a player does not see, declared on the state's fields, and the view and the
sampling it gives.

A plug-in marks each hidden field of its state class with field metadata:

- :func:`order_hidden`: a pile whose cards everyone may count but nobody may
  order (a face-down deck): the view holds them sorted, and a sample shuffles them;
- :func:`own_only`: one entry per player that only its player sees (a secret
  bid): the view keeps the viewer's own entry, shows another player's as
  ``None`` when it is ``None`` and as ``masked`` otherwise, and a sample draws
  each masked entry from ``draw(view, seat)``;
- :func:`own_hands`: one hand per player that only its player sees: the view
  shows another player's hand as as many ``masked`` cards, and a sample deals
  the cards ``unseen(view)`` names, shuffled, into those places.

:func:`view_class` makes the view class (the state's fields and ``player``), and
:class:`Hiding` turns a state into a view and a view into a sampled state.

>>> import attrs, random
>>> @attrs.frozen
... class Table:
...     players: int
...     deck: tuple[int, ...] = attrs.field(metadata=order_hidden())
...     bids: tuple[int | None, ...] = attrs.field(
...         metadata=own_only(0, lambda view, seat: view.hands[seat]))
...     hands: tuple[tuple[int, ...], ...]
>>> View = view_class(Table, "View")
>>> hiding = Hiding(Table, View)
>>> seen = hiding.view(Table(2, (3, 1, 2), (5, None), ((4, 6), (7,))), 1)
>>> seen.deck, seen.bids
((1, 2, 3), (0, None))
>>> sample = hiding.sample(seen, random.Random(1), None)
>>> sample.bids[0] in (4, 6), sorted(sample.deck), hiding.view(sample, 1) == seen
(True, [1, 2, 3], True)
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = [
    "HIDDEN",
    "Hiding",
    "OrderHidden",
    "OwnHands",
    "OwnOnly",
    "order_hidden",
    "own_hands",
    "own_only",
    "view_class",
]

HIDDEN = "rulespec.hidden"
"""The key of a field's metadata that says how the field is hidden."""


@attrs.frozen
class OrderHidden:
    """A pile seen as a whole but not in order (see :func:`order_hidden`)."""

    def seen(self, value: Any, player: int) -> Any:
        """The pile sorted."""
        return tuple(sorted(value))

    def drawn(self, view: Any, value: Any, rng: random.Random) -> Any:
        """The pile in a uniformly random order."""
        return tuple(rng.sample(value, len(value)))


@attrs.frozen
class OwnOnly:
    """One entry per player, seen by that player only (see :func:`own_only`)."""

    masked: Any
    draw: Callable[[Any, int], Sequence[Any]]

    def seen(self, value: Any, player: int) -> Any:
        """The viewer's entry; each other one ``None`` or :attr:`masked`."""
        masked = self.masked
        return tuple(v if p == player or v is None else masked for p, v in enumerate(value))

    def drawn(self, view: Any, value: Any, rng: random.Random) -> Any:
        """Each masked entry drawn uniformly from ``draw(view, seat)``."""
        found = []
        for p, v in enumerate(value):
            if p != view.player and v == self.masked and type(v) is type(self.masked):
                choices = self.draw(view, p)
                if not choices:
                    raise ValueError(f"nothing to draw for player {p}'s hidden {v!r}")
                v = rng.choice(choices)
            found.append(v)
        return tuple(found)


@attrs.frozen
class OwnHands:
    """One hand per player, seen by that player only (see :func:`own_hands`)."""

    masked: Any
    unseen: Callable[[Any], Sequence[Any]]

    def seen(self, value: Any, player: int) -> Any:
        """The viewer's hand; each other one as many :attr:`masked` cards."""
        masked = self.masked
        return tuple(h if p == player else (masked,) * len(h) for p, h in enumerate(value))

    def drawn(self, view: Any, value: Any, rng: random.Random) -> Any:
        """The cards ``unseen(view)`` names, shuffled and dealt into the other hands, each
        sorted when the cards sort."""
        cards = list(self.unseen(view))
        wanted = sum(len(h) for p, h in enumerate(value) if p != view.player)
        if len(cards) != wanted:
            raise ValueError(f"{wanted} cards are hidden in hands, but {len(cards)} are unseen")
        rng.shuffle(cards)
        found = []
        for p, hand in enumerate(value):
            if p != view.player:
                dealt, cards = cards[: len(hand)], cards[len(hand) :]
                try:
                    hand = tuple(sorted(dealt))
                except TypeError:
                    hand = tuple(dealt)
            found.append(hand)
        return tuple(found)


def order_hidden() -> dict[str, Any]:
    """Field metadata: the order of this pile is hidden from every player.

    >>> order_hidden()[HIDDEN]
    OrderHidden()
    """
    return {HIDDEN: OrderHidden()}


def own_only(masked: Any, draw: Callable[[Any, int], Sequence[Any]]) -> dict[str, Any]:
    """Field metadata: each player sees only their own entry of this per-player tuple;
    another player's shows as ``masked`` (``None`` stays ``None``), and a sample draws it
    uniformly from ``draw(view, seat)``."""
    return {HIDDEN: OwnOnly(masked, draw)}


def own_hands(masked: Any, unseen: Callable[[Any], Sequence[Any]]) -> dict[str, Any]:
    """Field metadata: each player sees only their own hand in this per-player tuple of
    hands; another's shows as ``len(hand)`` copies of ``masked``, and a sample deals
    the cards ``unseen(view)`` gives (every card the viewer cannot see) into them."""
    return {HIDDEN: OwnHands(masked, unseen)}


def view_class(state_type: type[Any], name: str) -> type[Any]:
    """A frozen attrs class named ``name``, in the module of ``state_type``: ``player``
    (the viewer's seat) then every field of ``state_type``, of the same types.

    Its instances are what :meth:`Hiding.view` returns; the class belongs in the module
    of the state under ``name`` (so that it can be pickled)."""
    hints = typing.get_type_hints(state_type)
    fields: dict[str, Any] = {"player": attrs.field(type=int)}
    for f in attrs.fields(state_type):
        if f.init:
            fields[f.name] = attrs.field(type=hints.get(f.name, Any))
    bases = tuple(b for b in state_type.__mro__[1:] if b is not object and not attrs.has(b))
    made: type[Any] = attrs.make_class(
        name, fields, bases=bases[:1] or (object,), frozen=True, weakref_slot=False
    )
    made.__module__ = state_type.__module__
    made.__doc__ = f"What one player may know of a {state_type.__name__}: its view."
    return made


class Hiding:
    """The view of a state class's hidden fields, and its reverse: a state drawn at
    random among those that show a view."""

    def __init__(self, state_type: type[Any], view_type: type[Any]) -> None:
        fields = [f for f in attrs.fields(state_type) if f.init]
        self.state_type = state_type
        self.view_type = view_type
        self.plan: tuple[tuple[str, Any], ...] = tuple(
            (f.name, f.metadata.get(HIDDEN)) for f in fields
        )

    def view(self, state: Any, player: int) -> Any:
        """What ``player`` may know of ``state``: its fields, the hidden ones masked."""
        return self.view_type(
            player,
            *(
                getattr(state, name) if how is None else how.seen(getattr(state, name), player)
                for name, how in self.plan
            ),
        )

    def sample(self, view: Any, rng: random.Random, options: Any) -> Any:
        """A state that shows ``view``, each hidden field drawn (``options`` unused: the
        view holds them when the state does)."""
        return self.state_type(
            *(
                getattr(view, name) if how is None else how.drawn(view, getattr(view, name), rng)
                for name, how in self.plan
            )
        )
