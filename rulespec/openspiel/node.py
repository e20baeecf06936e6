"""A game in progress as OpenSpiel sees it, in plain Python: the rules' state, the
cards drawn so far of a pending chance step, the moves played, and the record of
what each player has seen.

A :class:`Node` never changes: each move makes a new one, so a copied
OpenSpiel state shares its node (and its past) with the original. It is what
:class:`rulespec.openspiel.state.RulespecState` holds; it needs no OpenSpiel.

A *move* is what OpenSpiel counts in ``max_game_length``: one player's action
in Duo and Canardage, the joint action of a whole turn in Duck & Cover. Chance
draws are not moves. A game that reaches its cap (:attr:`Settings.cap`)
without ending is *truncated*: it is over, and nobody wins.

>>> import random, rulespec
>>> node = Node.first(Settings(rulespec.game("duo"), 2, rulespec.game("duo").default_options(), 9))
>>> node.to_move(), len(node.draws.outcomes())  # a deal, drawn card by card: 76 cards
((-1,), 76)
>>> rng = random.Random(1)
>>> while node.draws is not None:
...     node = node.after_chance(rng.choice(node.draws.outcomes())[0])
>>> node.to_move(), node.moves, node.record.steps  # one step: the whole deal
((0,), 0, 1)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

import rulespec
from rulespec.core.chance import CHANCE
from rulespec.core.game import Game
from rulespec.openspiel.draws import Draws
from rulespec.openspiel.history import Record, json_text, sampled_digest

__all__ = ["Node", "Settings", "restored"]

T = TypeVar("T")


@attrs.frozen
class Settings:
    """What every node of one OpenSpiel game shares."""

    game: Game[Any, Any, Any, Any]
    players: int
    options: Any
    cap: int
    """The moves after which a game still going is truncated."""
    simultaneous: bool = False
    """Whether the players to move act at once (one joint move), as in Duck & Cover."""


def _settled(settings: Settings, record: Record, moves: int, truncated: bool = False) -> Node:
    """The node at ``record``: chance steps with nothing left to chance applied at once,
    a chance step to draw started."""
    game = settings.game
    while not truncated and game.to_move(record.state) == (CHANCE,):
        draws = Draws.start(game.chance(record.state))
        if not draws.complete:
            return Node(settings, record, draws, moves)
        state = game.apply(record.state, game.chance_action(record.state, draws.ordering()))
        record = record.then(state, {})
    return Node(settings, record, None, moves, truncated)


@attrs.frozen(eq=False)
class Node:
    """One OpenSpiel state's content (see the module)."""

    settings: Settings
    record: Record
    """The steps so far; ``record.state`` is the rules' state now."""
    draws: Draws | None
    """The chance step being drawn, or ``None`` when no chance step is pending."""
    moves: int = 0
    truncated: bool = False
    _memo: dict[Any, Any] = attrs.field(factory=dict, init=False, repr=False)
    """What has been worked out about this node (it never changes): the players to
    move, each player's legal actions by id, observations, its text."""

    @classmethod
    def first(cls, settings: Settings) -> Node:
        """A new game: its first chance step waits for its first draw."""
        state = settings.game.new_game(settings.players, settings.options)
        return _settled(settings, Record.first(settings.game, state), 0)

    # -- sharing: a node never changes ---------------------------------------------------

    def __copy__(self) -> Node:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as rulespec JSON (OpenSpiel's ``serialize`` pickles a state's fields)."""
        return (restored, (self.to_json(),))

    # -- where the game stands ---------------------------------------------------------

    @property
    def state(self) -> Any:
        """The rules' state now (before the pending chance step, if any)."""
        return self.record.state

    @property
    def over(self) -> bool:
        """Whether the game has ended, by the rules or by truncation."""
        return not self.to_move()

    def to_move(self) -> tuple[int, ...]:
        """``(CHANCE,)`` while a chance step is drawn, else the players to move; ``()``
        once over."""
        movers: tuple[int, ...] | None = self._memo.get("to_move")
        if movers is None:
            game = self.settings.game
            if self.truncated or game.is_over(self.record.state):
                movers = ()
            elif self.draws is not None:
                movers = (CHANCE,)
            else:
                movers = game.to_move(self.record.state)
            self._memo["to_move"] = movers
        return movers

    def legal(self, player: int) -> tuple[int, ...]:
        """``player``'s legal action ids now, ascending (empty when not to move)."""
        key = ("legal", player)
        found: tuple[int, ...] | None = self._memo.get(key)
        if found is None:
            found = ()
            if self.draws is None and not self.truncated:
                found = self.settings.game.legal_action_ids(self.record.state, player)
            self._memo[key] = found
        return found

    def actions(self, player: int) -> dict[int, Any]:
        """``player``'s legal actions now, by id (in one pass: cheaper than one
        :meth:`action` per id when all are wanted)."""
        game, state = self.settings.game, self.record.state

        def by_id() -> dict[int, Any]:
            if not self.legal(player):
                return {}
            return {game.action_id(state, a): a for a in game.legal_actions(state, player)}

        return self.cached(("actions", player), by_id)

    def action(self, player: int, action_id: int) -> Any:
        """``player``'s action of id ``action_id`` now (:meth:`Game.action_from_id
        <rulespec.Game.action_from_id>`: :class:`~rulespec.IllegalAction` if not legal)."""
        known = self._memo.get(("actions", player))
        if known is not None and action_id in known:
            return known[action_id]
        game, state = self.settings.game, self.record.state
        return self.cached(
            ("action", player, action_id), lambda: game.action_from_id(state, player, action_id)
        )

    def cached(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, worked out once for this node under ``key`` (for what callers
        derive from it, such as an observation as an array)."""
        try:
            found: T = self._memo[key]
        except KeyError:
            found = self._memo[key] = make()
        return found

    def view(self, player: int) -> Any:
        """``player``'s view now (:meth:`Game.view <rulespec.Game.view>`)."""
        game, state = self.settings.game, self.record.state
        return self.cached(("view", player), lambda: game.view(state, player))

    def view_text(self, player: int) -> str:
        """``player``'s view now as canonical JSON (see
        :func:`~rulespec.openspiel.history.view_json`)."""
        game = self.settings.game
        return self.cached(("text", player), lambda: json_text(game.encode_view(self.view(player))))

    def information(self, player: int) -> str:
        """``player``'s information state string (see :mod:`rulespec.openspiel.history`)."""
        return self.record.information(player, self.view_text(player))

    def observation(self, player: int) -> tuple[float, ...]:
        """``player``'s observation now (:meth:`Game.observation <rulespec.Game.observation>`)."""
        key = ("observation", player)
        found: tuple[float, ...] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self.settings.game.observation(self.view(player))
        return found

    @property
    def chance_kind(self) -> str:
        """The kind of the pending chance step (``"deal"``, ``"reshuffle"``…)."""
        memo = self.record.memo
        if "kind" not in memo:
            memo["kind"] = self.settings.game.chance(self.record.state).kind
        kind: str = memo["kind"]
        return kind

    def returns(self) -> tuple[float, ...]:
        """Each player's return: 1 for a winner of a finished game, else 0 (and 0 to
        everyone before the end)."""
        won = (
            () if self.truncated or not self.over else self.settings.game.winners(self.record.state)
        )
        return tuple(1.0 if p in won else 0.0 for p in range(self.settings.players))

    # -- moving -----------------------------------------------------------------------

    def after_chance(self, outcome: int) -> Node:
        """The node after drawing card ``outcome`` (see :mod:`rulespec.openspiel.draws`)."""
        if self.draws is None or self.over:
            raise ValueError("no chance step is pending")
        draws = self.draws.draw(outcome)
        if not draws.complete:
            return attrs.evolve(self, draws=draws)
        game, state = self.settings.game, self.record.state
        after = game.apply(state, game.chance_action(state, draws.ordering()))
        return _settled(self.settings, self.record.then(after, {}), self.moves)

    def after_actions(self, ids: Mapping[int, int]) -> Node:
        """The node after one move: each acting player's action id, all read against the
        state before any of them is applied, then applied in seat order.

        Raises :class:`~rulespec.IllegalAction` for an id that is not legal.
        """
        if self.draws is not None or self.over:
            raise ValueError("no player is to move")
        game, state = self.settings.game, self.record.state
        actions = [self.action(p, ids[p]) for p in sorted(ids)]
        for action in actions:
            state = game.apply(state, action)
        moves = self.moves + 1
        truncated = moves >= self.settings.cap and not game.is_over(state)
        return _settled(self.settings, self.record.then(state, ids), moves, truncated)

    def resampled(self, player: int, rng: random.Random) -> Node:
        """A node that ``player`` cannot tell from this one: a state drawn from their view
        (:meth:`Game.sample_state <rulespec.Game.sample_state>`) with their own history
        kept; the other players' histories start at the sample."""
        game, settings = self.settings.game, self.settings
        # The node's own view object: sample_state trusts a view it has checked once.
        sample = game.sample_state(self.view(player), rng, settings.options)
        digests = {
            p: self.record.digest(p) if p == player else sampled_digest(game, sample, p)
            for p in range(settings.players)
        }
        lasts = {p: self.record.last_action(p) if p == player else None for p in digests}
        record = Record.restored(game, sample, digests, self.record.steps, lasts)
        return _settled(settings, record, self.moves, self.truncated)

    # -- as text ------------------------------------------------------------------------

    def to_json(self) -> str:
        """Everything needed to rebuild this node (:func:`restored`), as JSON text; the
        past enters only through each player's digest."""
        s, game = self.settings, self.settings.game
        data = {
            "game": game.id,
            "players": s.players,
            "options": game.encode_options(s.options),
            "cap": s.cap,
            "simultaneous": s.simultaneous,
            "state": game.encode_state(self.record.state),
            "placed": None if self.draws is None else [list(p) for p in self.draws.placed],
            "moves": self.moves,
            "truncated": self.truncated,
            "steps": self.record.steps,
            "digests": [self.record.digest(p) for p in range(s.players)],
            "last": [self.record.last_action(p) for p in range(s.players)],
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def __str__(self) -> str:
        """The rules' state as JSON, then the draws of a pending chance step and the moves."""
        text: str | None = self._memo.get("str")
        if text is None:
            memo, state = self.record.memo, self.record.state
            if "json" not in memo:
                memo["json"] = json.dumps(self.settings.game.encode_state(state), sort_keys=True)
            lines = [memo["json"]]
            if self.draws is not None:
                k = self.draws.current
                lines.append(
                    f"chance: {self.chance_kind}, pile {k}, "
                    f"{len(self.draws.placed[k])} of {len(self.draws.piles[k])} cards placed"
                )
            cut = ", truncated" if self.truncated else ""
            lines.append(f"moves: {self.moves} of at most {self.settings.cap}{cut}")
            text = self._memo["str"] = "\n".join(lines)
        return text


def restored(text: str) -> Node:
    """The node that :meth:`Node.to_json` wrote.

    >>> import rulespec
    >>> duo = rulespec.game("duo")
    >>> node = Node.first(Settings(duo, 3, duo.default_options(), 100)).after_chance(5)
    >>> again = restored(node.to_json())
    >>> str(again) == str(node), again.record.digest(1) == node.record.digest(1)
    (True, True)
    """
    data = json.loads(text)
    game = rulespec.game(data["game"])
    options = game.decode_options(data["options"])
    settings = Settings(game, data["players"], options, data["cap"], data["simultaneous"])
    state = game.decode_state(data["state"])
    digests = dict(enumerate(data["digests"]))
    lasts = dict(enumerate(data.get("last", ())))
    record = Record.restored(game, state, digests, data["steps"], lasts)
    draws = None
    if data["placed"] is not None:
        piles = game.chance(state).piles
        draws = Draws.resumed(piles, tuple(tuple(p) for p in data["placed"]))
    return Node(settings, record, draws, data["moves"], data["truncated"])
